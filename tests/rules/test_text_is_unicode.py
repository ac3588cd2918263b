"""Text from any way in is valid Unicode: no lone surrogate, no noncharacter is ever stored."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorebook.rules import RecordError
from scorebook.rules.checks import NOT_TEXT, checked_text

NOT_TEXT_POINTS = st.sampled_from(
    ["\ud800", "\udfff", "\ufdd0", "\ufdef", "\ufffe", "\uffff", "\U0001fffe", "\U0010ffff"]
)


@given(before=st.text(max_size=20), bad=NOT_TEXT_POINTS, after=st.text(max_size=20))
def test_a_surrogate_or_a_noncharacter_anywhere_is_refused_naming_it(before, bad, after):
    with pytest.raises(RecordError) as refused:
        checked_text(before + bad + after, 200, "note", 3, lines=True)
    assert refused.value.field == "note" and refused.value.deal == 3
    # the first thing wrong is said: a control character before it, or this
    assert refused.value.code in {"unicode", "control", "invisible"}
    if refused.value.code == "unicode":
        assert refused.value.params["char"].startswith("U+")


@given(st.text(alphabet=st.characters(blacklist_categories=("Cs", "Cc", "Cf")), max_size=60))
def test_text_without_them_is_never_refused_as_not_unicode(text):
    try:
        checked_text(text, 200, "note")
    except RecordError as error:
        assert error.code != "unicode" or NOT_TEXT.search(text)


def test_e_and_short_i_stay_text():
    assert checked_text("Анна́ й и", 60, "players.N") == "Анна́ й и"
