"""The engine's verdicts said in the interface's language."""

from __future__ import annotations

import pytest
from django.utils import translation

from scorebook.engine_messages import describe
from scorebook.rules import RecordError, score_record
from tests.scorebook.conftest import PLAYERS


def hussar_error() -> RecordError:
    record = {
        "format": "whist-record/1",
        "variant": "hussar",
        "players": PLAYERS,
        "deals": [
            {
                "tricks": {"N": 3, "E": 3, "S": 3, "W": 3},
                "honours": {"N": 5, "E": 0, "S": 0, "W": 0},
            }
        ],
    }
    with pytest.raises(RecordError) as caught:
        score_record(record)
    return caught.value


def test_a_coded_verdict_is_translated_with_its_values():
    error = hussar_error()
    assert error.code == "sum" and error.field == "tricks"
    with translation.override("ru"):
        assert describe(error) == "в сумме должно быть 13, а не 12"
    with translation.override("en"):
        assert describe(error) == "must add up to 13, not 12"


def test_a_verdict_without_a_translation_keeps_the_engines_words():
    error = RecordError("something unusual", deal=3, field="note", code="no-such-code")
    with translation.override("ru"):
        assert describe(error) == "something unusual"


def test_seats_in_a_verdict_use_the_interface_letters():
    error = RecordError("x", deal=1, field="contract", code="declarer", params={"side": "NS"})
    with translation.override("ru"):
        assert describe(error) == "заказывает пара сдатчика (СЮ)"
