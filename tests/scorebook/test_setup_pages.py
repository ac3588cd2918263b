"""The setup pages (new table, choosing the variant): what a player reads there.

The option keys of the record format (``pointsPerOddTrick``, ``revoke.amount`` ...) are the
form's field names and nothing else: no tooltip, label or message shows them. A variant
without partnerships (each plays for himself) speaks of players, never of sides or pairs.
"""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from scorebook.rules import PRESETS
from scorebook.tables.models import Seat, Table
from tests.scorebook.conftest import new_table_form

pytestmark = pytest.mark.django_db

LANGS = ["en", "ru"]
# Any attribute that names a form field: the only place an option's key may appear.
FIELD_ATTRIBUTE = re.compile(r'\s(?:name|id|for|aria-describedby)="[^"]*"')
# Words for sides and pairs, in either language (пара/пары/пар..., and what a pair "did":
# держала, взяла), and the words for two sides (both, neither, обеих).
PAIR_WORDS = re.compile(
    r"(?i)\b(?:sides?|pairs?|partners?|partnerships?|neither|both)\b"
    r"|\bпар(?:а|ы|у|е|ой|ам|ами|ах)?\b|\bсторон\w*|\bобеих\b|\bпартн[её]р\w*"
    r"|\bдержала\b|\bвзяла\b"
)


def setup_form(html: str) -> str:
    """The new-table form of a page (the language switch is a form of its own)."""
    start = html.index('class="table-form"')
    return html[start : html.index("</form>", start)]


def visible_text(html: str) -> str:
    """The form's text and every attribute value but the field names."""
    return FIELD_ATTRIBUTE.sub(" ", html)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_no_option_key_shows_on_the_setup_page(client, variant, lang):
    response = client.get(reverse("new_table", args=[variant]), HTTP_ACCEPT_LANGUAGE=lang)
    page = visible_text(setup_form(response.content.decode()))

    assert not re.search(r'\stitle="', page)  # no tooltips at all on the form
    for key in PRESETS[variant].defaults:
        # camelCase and dotted keys are never words; "book" is ("Book: tricks before ...")
        if key != key.lower() or "." in key:
            assert key not in page, key
        assert not re.search(rf">\s*{re.escape(key)}\s*<", page), key


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(
    "variant", sorted(key for key, preset in PRESETS.items() if not preset.partnerships)
)
def test_a_variant_without_partnerships_speaks_of_players(client, variant, lang):
    response = client.get(reverse("new_table", args=[variant]), HTTP_ACCEPT_LANGUAGE=lang)
    form = setup_form(response.content.decode())
    text = re.sub(r"<[^>]+>", " ", form)

    assert PAIR_WORDS.findall(text) == []
    player = {"en": "the player who", "ru": "игрок, который"}[lang]
    assert player in text  # honours are scored by the player who held them


@pytest.mark.parametrize("lang", LANGS)
def test_a_partnership_variant_still_speaks_of_sides(client, lang):
    response = client.get(reverse("new_table", args=["russian"]), HTTP_ACCEPT_LANGUAGE=lang)
    text = re.sub(r"<[^>]+>", " ", setup_form(response.content.decode()))

    side = {"en": "Honours scored by the side that", "ru": "Онеры записывает пара, которая"}
    assert side[lang] in text


def test_which_variants_have_no_partnerships_is_the_presets_data():
    assert {key for key, preset in PRESETS.items() if not preset.partnerships} == {
        "hussar",
        "prussian",
    }


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", ["add the penalty to the claimants", "deduct the penalty from the revokers",
                "transfer the penalty", "take 3 tricks"]),
        ("ru", ["+штраф пострадавшим", "−штраф виновным", "штраф от виновных пострадавшим",
                "забрать 3 взятки"]),
    ],
)  # fmt: skip
def test_the_usual_revoke_penalty_names_the_penalty_field_not_a_fixed_3(client, lang, words):
    # The revoke points are a field of the same form: a choice that said "add 3" would be
    # wrong as soon as they are changed. Only "take 3 tricks" moves 3 whatever the points.
    response = client.get(reverse("new_table", args=["russian"]), HTTP_ACCEPT_LANGUAGE=lang)
    form = setup_form(response.content.decode())
    labels = re.findall(
        r'name="opt_revoke.default" value="[^"]*"[^>]*>\s*(?:<[^>]+>\s*)*([^<]+?)\s*<', form
    )

    assert labels == words


def test_a_variant_that_takes_only_one_revoke_penalty_offers_only_it(client):
    response = client.get(reverse("new_table", args=["hussar"]), HTTP_ACCEPT_LANGUAGE="en")
    form = setup_form(response.content.decode())
    offered = re.findall(r'<input type="radio" name="opt_revoke.default" value="([^"]*)"', form)

    assert offered == ["add"]


@pytest.mark.parametrize(
    ("variant", "field", "value", "message"),
    [
        ("russian", "opt_book", "2",
         {"en": "greater than or equal to 6", "ru": "больше либо равно 6"}),
        ("hussar", "opt_book", "13",  # Hussar's book is per player: 0 to 12
         {"en": "less than or equal to 12", "ru": "меньше либо равно 12"}),
        ("russian", "opt_gameTarget", "0",
         {"en": "greater than or equal to 1", "ru": "больше либо равно 1"}),
        ("russian", "opt_honourValues", "3:2, 9:9", {"en": "from 1 to 5", "ru": "от 1 до 5"}),
    ],
)  # fmt: skip
@pytest.mark.parametrize("lang", LANGS)
def test_an_option_out_of_range_is_told_at_its_field_in_the_pages_language(
    client, variant, field, value, message, lang
):
    data = new_table_form(variant, **{field: value})

    response = client.post(reverse("new_table", args=[variant]), data, HTTP_ACCEPT_LANGUAGE=lang)

    page = response.content.decode()
    assert response.status_code == 422
    errors = re.findall(r'class="field-error" role="alert">([^<]*)<', page)
    assert len(errors) == 1 and message[lang] in errors[0]
    assert "options." not in page
    row = re.search(rf'<div class="field-row option">(?:(?!</div>).)*id_{re.escape(field)}'
                    r'(?:(?!</div>).)*</div>', page, re.S)  # fmt: skip
    assert row is not None and message[lang] in row.group(0)  # beside its option


def test_the_engines_verdict_on_an_option_lands_at_the_option_without_its_key(client, monkeypatch):
    from scorebook.rules import RecordError
    from scorebook.tables import services

    def refuse(**kwargs):
        raise RecordError("must be a whole number from 1 to 1000, got 0",
                          field="options.gameTarget")  # fmt: skip

    monkeypatch.setattr(services, "create_table", refuse)

    response = client.post(
        reverse("new_table", args=["russian"]), new_table_form("russian"), HTTP_ACCEPT_LANGUAGE="en"
    )

    page = response.content.decode()
    assert response.status_code == 422
    assert "gameTarget" not in visible_text(page)
    row = re.search(r'<div class="field-row option">(?:(?!</div>).)*id_opt_gameTarget'
                    r'(?:(?!</div>).)*</div>', page, re.S)  # fmt: skip
    assert row is not None and "Must be a whole number from 1 to 1000, got 0." in row.group(0)


def test_an_option_takes_the_range_of_its_variant(client):
    # Hussar's book is each player's: 2 is refused for Russian whist, taken for Hussar whist
    response = client.post(reverse("new_table", args=["hussar"]),
                           new_table_form("hussar", opt_book="2"))  # fmt: skip

    assert response.status_code == 302


def page_errors(response) -> list[str]:
    """Every error message the page shows, in order."""
    return re.findall(r'class="field-error" role="alert">([^<]*)<', response.content.decode())


LONG_NAME = {
    "en": "Ensure this value has at most 60 characters (it has 61).",
    "ru": "Убедитесь, что это значение содержит не более 60 символов (сейчас 61).",
}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("variant", ["english-short", "russian", "prussian"])
def test_a_name_too_long_is_told_once_at_its_seat(client, variant, lang):
    data = new_table_form(variant, player_N="x" * 61)  # the browser's maxlength bypassed

    response = client.post(reverse("new_table", args=[variant]), data, HTTP_ACCEPT_LANGUAGE=lang)

    assert response.status_code == 422
    assert response.context["form"].errors == {"player_N": [LONG_NAME[lang]]}
    assert page_errors(response) == [LONG_NAME[lang]]


CONTROL = {
    "en": "Must not contain control characters.",
    "ru": "Не должно содержать управляющих символов.",
}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("variant", ["english-short", "russian", "hussar"])
def test_a_control_character_in_a_name_is_told_at_its_seat(client, variant, lang):
    data = new_table_form(variant, player_E="a\x07b")

    response = client.post(reverse("new_table", args=[variant]), data, HTTP_ACCEPT_LANGUAGE=lang)

    assert response.status_code == 422
    assert response.context["form"].errors == {"player_E": [CONTROL[lang]]}
    assert page_errors(response) == [CONTROL[lang]]  # nothing above the form


def test_the_engines_verdict_on_a_name_lands_at_its_seat(client, monkeypatch):
    from scorebook.rules import RecordError
    from scorebook.tables import services

    def refuse(**kwargs):
        raise RecordError("must not contain control characters", field="players.W",
                          code="control")  # fmt: skip

    monkeypatch.setattr(services, "create_table", refuse)

    response = client.post(
        reverse("new_table", args=["russian"]), new_table_form("russian"), HTTP_ACCEPT_LANGUAGE="ru"
    )

    assert response.status_code == 422
    assert response.context["form"].errors == {"player_W": [CONTROL["ru"]]}


INVISIBLE = {
    "en": "Must not contain invisible formatting characters (such as direction marks); "
    "found {char}.",
    "ru": "Не должно содержать невидимых символов форматирования (например, знаков направления "
    "текста); найден {char}.",
}
# A right-to-left override, an isolate, a direction mark, a zero-width space, a BOM
BIDI_AND_INVISIBLE = ["\u202eAnna", "\u2066Anna\u2069", "Anna\u200f", "An\u200bna", "\ufeffAnna"]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", BIDI_AND_INVISIBLE)
def test_a_name_with_direction_or_invisible_characters_is_refused_at_its_seat(client, name, lang):
    data = new_table_form("english-short", player_N=name)

    response = client.post(reverse("new_table", args=["english-short"]), data,
                           HTTP_ACCEPT_LANGUAGE=lang)  # fmt: skip

    assert response.status_code == 422
    char = next(c for c in name if not c.isalpha())
    message = INVISIBLE[lang].format(char=f"U+{ord(char):04X}")
    assert response.context["form"].errors == {"player_N": [message]}
    assert not Table.objects.exists()


def test_the_joiners_some_scripts_spell_with_are_kept_in_a_name(client):
    persian = "\u0646\u0627\u0647\u06cc\u062f\u200c\u0647"  # with a zero-width non-joiner
    data = new_table_form("russian", player_N=persian, player_E="Boris\u200d")

    response = client.post(reverse("new_table", args=["russian"]), data)

    assert response.status_code == 302
    assert Seat.objects.get(seat="N").player.name == persian


DUMMY_NAMED = {
    "en": "West is the dummy: leave the name empty or choose another dummy seat.",
    "ru": "Запад — болван: оставьте имя пустым или выберите болваном другое место.",
}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("variant", sorted(k for k, p in PRESETS.items() if p.dummy_allowed))
def test_a_name_typed_for_the_dummys_seat_is_told_not_dropped(client, variant, lang):
    data = new_table_form(variant, dummy="W")  # West's name still typed in

    response = client.post(reverse("new_table", args=[variant]), data, HTTP_ACCEPT_LANGUAGE=lang)

    assert response.status_code == 422
    assert response.context["form"].errors == {"player_W": [DUMMY_NAMED[lang]]}
    assert not Table.objects.exists()


@pytest.mark.parametrize(("north", "south"), [("Анна", "АННА"), ("Straße", "STRASSE")])
def test_one_name_in_two_seats_whatever_its_case_is_told_by_the_form(client, north, south):
    form = new_table_form("russian", player_N=north, player_S=south)

    response = client.post(reverse("new_table", args=["russian"]), form)

    assert response.status_code == 422
    assert "Each seat needs a different player." in response.content.decode()
    assert not Table.objects.exists()
