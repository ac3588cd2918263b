"""Bad input: every invalid deal or table gets a message at its field, nothing is saved, no 500.

Each case posts the entry form of a fresh table of its variant, changed to be wrong in one
way, and expects the message in a ``<p class="field-error">`` placed in the group of the field:
right after the last input of that group, before any other input.
"""

from __future__ import annotations

import html
import re
import uuid
from typing import Any

import pytest
from django.urls import reverse

from players.models import Player
from scorebook.rules import PRESETS
from scorebook.tables import services
from scorebook.tables.models import Table
from tests.scorebook.conftest import FIRST_DEAL, PLAYERS, new_table_form, russian_deal, snapshot

pytestmark = pytest.mark.django_db

INVALID_CHOICE = "Select a valid choice."
ERROR = re.compile(r'<p class="field-error"[^>]*>(.*?)</p>', re.S)


def error_at(page: str, anchor: str, message: str) -> None:
    """The page shows ``message`` as a field error right after the input named ``anchor``."""
    errors = [(m.start(), html.unescape(m.group(1))) for m in ERROR.finditer(page)]
    found = [at for at, text in errors if message in text]
    assert found, f"no field error with {message!r}; errors: {[t for _, t in errors]}"
    at = found[0]
    start = page.rfind(f'name="{anchor}"', 0, at)
    assert start != -1, f"the error {message!r} comes before the field {anchor!r}"
    between = page[start + len(f'name="{anchor}"') : at]
    assert 'name="' not in between, f"the error {message!r} is not in the group of {anchor!r}"


def make_table(variant: str, dummy: str = "", deals: int = 0) -> Table:
    players = {s: (None if s == dummy else PLAYERS[s]) for s in PRESETS[variant].seats}
    table = services.create_table(variant=variant, players=players, dummy=dummy, first_dealer="N")
    for _ in range(deals):  # Russian deals only
        state = services.table_state(table)
        services.add_deal(
            table,
            russian_deal(state.next_dealer),
            number=state.next_number,
            author=services.Author(label="test"),
        )
    return table


def entry_form(table: Table, changes: dict[str, Any]) -> dict[str, Any]:
    state = services.table_state(table)
    data: dict[str, Any] = {
        "number": state.next_number,
        "nonce": uuid.uuid4().hex,
        "dealer": state.next_dealer,
        **FIRST_DEAL[table.variant],
    }
    data.update(changes)
    return {k: v for k, v in data.items() if v is not None}


# (id, variant, table set-up, form changes, status, field anchor, message)
CASES: list[tuple[str, str, dict[str, Any], dict[str, Any], int, str, str]] = [
    ("missing tricks", "russian", {}, {"tricks": None}, 422, "tricks", "Tap the number of tricks"),
    ("14 tricks", "russian", {}, {"tricks": "14"}, 422, "tricks", INVALID_CHOICE),
    ("-1 tricks", "russian", {}, {"tricks": "-1"}, 422, "tricks", INVALID_CHOICE),
    ("tricks x", "russian", {}, {"tricks": "x"}, 422, "tricks", INVALID_CHOICE),
    (
        "honours called but none tapped",
        "english-long",
        {},
        {"called": "NS", "honours": None},
        422,
        "honours",
        "Tap the honours of the side that called",
    ),
    ("6 honours of 5", "russian", {}, {"honours": "6"}, 422, "honours", INVALID_CHOICE),
    ("missing trump", "russian", {}, {"trump": None}, 422, "trump", "Choose the trump suit"),
    ("trump X", "russian", {}, {"trump": "X"}, 422, "trump", INVALID_CHOICE),
    ("5 honours of 4", "english-short", {}, {"honours": "5"}, 422, "honours", INVALID_CHOICE),
    (
        "special suit missing at the start of a game",
        "special-suit",
        {},
        {"special_suit": None},
        422,
        "special_suit",
        "A new game begins: choose its special suit",
    ),
    (
        "grand-null without first six",
        "progulochny",
        {},
        {"contract_game": "grand-null", "contract_trump": None, "honours": None},
        422,
        "first_six",
        "Tap the declarers' tricks among the first six",
    ),
    (
        "grand-null first six beyond the tricks",
        "progulochny",
        {},
        {
            "contract_game": "grand-null",
            "contract_trump": None,
            "honours": None,
            "first_six": 6,
            "tricks": 2,
        },
        422,
        "first_six",
        "Anna & Vera (NS) took 6 of the first six but 2 tricks in all",
    ),
    (
        "trump game without trump suit",
        "progulochny",
        {},
        {"contract_trump": None},
        422,
        "contract_trump",  # under the trump row it is about, not under contra/recontra
        "Choose the trump suit of the trump game",
    ),
    (
        "no game declared",
        "progulochny",
        {},
        {"contract_game": None},
        422,
        "contract_game",
        "Choose the game declared",
    ),
    (
        "declarers not the dealer's side",
        "progulochny",
        {},
        {"contract_side": "EW"},
        422,
        "dealer",  # under the declarers, who follow from the dealer
        "The declaring side must be the dealer's side (Anna & Vera (NS))",
    ),
    (
        "honours claimed in a Null",
        "progulochny",
        {},
        {"contract_game": "null", "contract_trump": None, "tricks": 5},
        422,
        "honours",
        "Honours count only in a trump game: tap “none claimed”.",
    ),
    (
        "hussar tricks not summing to 13",
        "hussar",
        {},
        {"tricks_W": 4},
        422,
        "tricks_W",
        "Must add up to 13",
    ),
    (
        "hussar tricks of one player missing",
        "hussar",
        {},
        {"tricks_E": None},
        422,
        "tricks_W",
        "Tap the tricks of every player",
    ),
    (
        "hussar honours beyond the set",
        "hussar",
        {},
        {"honours_N": 3, "honours_E": 3},
        422,
        "honours_W",
        "The players hold 5 honours in all",
    ),
    (
        "hussar penalty other than add",
        "hussar",
        {},
        {"revoke1_seat": "E", "revoke1_penalty": "deduct"},
        422,
        "revoke2_penalty",
        INVALID_CHOICE,
    ),
    (
        "prussian honours over 4",
        "prussian",
        {},
        {"honours_N": 3, "honours_S": 2},
        422,
        "honours_S",
        "The two played hands hold at most 4 honours",
    ),
    (
        "called at 8 when not at 8",
        "english-long",
        {},
        {"called": "NS", "honours": 3},
        422,
        "called",
        "Only a side standing at 8 may call honours",
    ),
    (
        "revoke by the dummy",
        "russian",
        {"dummy": "W"},
        {"revoke1_seat": "W"},
        422,
        "revoke2_penalty",
        INVALID_CHOICE,
    ),
    (
        "tricks penalty on a side with fewer than 3 tricks",
        "russian",
        {},
        {"tricks": 2, "revoke1_seat": "N", "revoke1_penalty": "tricks"},
        422,
        "revoke2_penalty",
        "needs the revoking side to hold 3 tricks (NS has 2)",
    ),
    (
        "unknown penalty",
        "russian",
        {},
        {"revoke1_seat": "N", "revoke1_penalty": "flogging"},
        422,
        "revoke2_penalty",
        INVALID_CHOICE,
    ),
    (
        "dealer out of rotation",
        "russian",
        {"deals": 3},
        {"dealer": "N"},
        422,
        "dealer",
        "Gleb (W) deals this deal in rotation, not Anna (N)",  # the players, not letters only
    ),
    ("dealer not a seat", "russian", {}, {"dealer": "Q"}, 422, "dealer", INVALID_CHOICE),
    ("void with garbage", "russian", {}, {"void": "maybe"}, 422, "void", INVALID_CHOICE),
    (
        "special suit changed in the middle of a game",
        "special-suit",
        {"second": True},
        {"special_suit": "H"},
        422,
        "special_suit",
        "The special suit of this game is S, not H",
    ),
    ("called garbage", "english-long", {}, {"called": "XX"}, 422, "called", INVALID_CHOICE),
    (
        "contract side garbage",
        "progulochny",
        {},
        {"contract_side": "NE"},
        422,
        "dealer",
        INVALID_CHOICE,
    ),
    ("first six 7", "progulochny", {}, {"first_six": "7"}, 422, "first_six", INVALID_CHOICE),
    ("non-integer number", "russian", {}, {"number": "x"}, 422, "nonce", "number"),
    ("missing number", "russian", {}, {"number": None}, 422, "nonce", "number"),
    ("note too long", "russian", {}, {"note": "n" * 201}, 422, "note", "200 characters"),
    ("exchanged garbage", "prussian", {}, {"exchanged": "Q"}, 422, "exchanged", INVALID_CHOICE),
    ("stale number", "russian", {"deals": 2}, {"number": 1}, 409, "", "changed from another"),
]


@pytest.mark.parametrize(
    ("variant", "setup", "changes", "status", "anchor", "message"),
    [pytest.param(*case[1:], id=case[0]) for case in CASES],
)
def test_a_bad_deal_is_refused_at_its_field(
    client, variant, setup, changes, status, anchor, message
):
    table = make_table(variant, setup.get("dummy", ""), setup.get("deals", 0))
    if setup.get("second"):  # the game is under way with spades special
        client.post(reverse("deal_add", args=[table.edit_token]), entry_form(table, {}))
    before = snapshot(table)
    form = entry_form(table, changes)

    full = client.post(reverse("deal_add", args=[table.edit_token]), form)
    htmx = client.post(reverse("deal_add", args=[table.edit_token]), form, HTTP_HX_REQUEST="true")

    assert full.status_code == htmx.status_code == status
    assert "<html" in full.content.decode()
    assert "<html" not in htmx.content.decode()
    if status == 409:
        assert message in full.content.decode()
    else:
        error_at(full.content.decode(), anchor, message)
        error_at(htmx.content.decode(), anchor, message)
    assert snapshot(table) == before


def test_the_cases_cover_the_variants():
    assert len(CASES) >= 20
    assert {case[1] for case in CASES} >= {
        "russian",
        "english-short",
        "english-long",
        "special-suit",
        "prussian",
        "hussar",
        "progulochny",
    }


def test_a_bad_correction_is_refused_at_its_field(client):
    table = make_table("russian", deals=2)
    deal = table.deals.get(number=2)
    before = snapshot(table)
    form = {"number": 2, "version": deal.version, "dealer": "E", "trump": "H", "tricks": "14"}

    response = client.post(reverse("deal_edit", args=[table.edit_token, 2]), form)

    assert response.status_code == 422
    error_at(response.content.decode(), "tricks", INVALID_CHOICE)
    assert snapshot(table) == before


# ---------------------------------------------------------------------------------------------
# A new table


@pytest.mark.parametrize(
    ("variant", "changes", "anchor", "message"),
    [
        pytest.param(
            "russian",
            {"player_N": ""},
            "player_N",
            "Enter the player's name.",
            id="russian player_N=",
        ),
        pytest.param(
            "russian",
            {"player_E": "   "},
            "player_E",
            "Enter the player's name.",
            id="russian player_E=blank",
        ),
        pytest.param(
            "prussian",
            {"player_S": ""},
            "player_S",
            "Enter the player's name.",
            id="prussian player_S=",
        ),
        pytest.param(
            "russian",
            {"player_S": "anna"},
            "csrfmiddlewaretoken",
            "Each seat needs a different",
            id="russian player_S=anna",
        ),
        pytest.param(
            "russian",
            {"opt_gameTarget": "-1"},
            "opt_gameTarget",
            "greater than or equal to 1",
            id="russian opt_gameTarget=-1",
        ),
        pytest.param(
            "russian",
            {"opt_gameTarget": "ten"},
            "opt_gameTarget",
            "Enter a whole number",
            id="russian opt_gameTarget=ten",
        ),
        pytest.param(
            "russian",
            {"opt_gameTarget": "0"},
            "opt_gameTarget",  # at the option, by its label: never the option's key
            "greater than or equal to 1",
            id="russian opt_gameTarget=0",
        ),
        pytest.param(
            "russian",
            {"opt_book": "13"},
            "opt_book",
            "less than or equal to 12",
            id="russian opt_book=13",
        ),
        pytest.param(
            "russian",
            {"opt_honourValues": "3-2"},
            "opt_honourValues",
            "honours:points pairs",
            id="russian opt_honourValues=3-2",
        ),
        pytest.param(
            "russian",
            {"opt_honourValues": "3:x"},
            "opt_honourValues",
            "honours:points pairs",
            id="russian opt_honourValues=3:x",
        ),
        pytest.param(
            "russian",
            {"opt_honourValues": "9:2"},
            "opt_honourValues",
            "Honours held go from 1 to 5",
            id="russian opt_honourValues=9:2",
        ),
        pytest.param(
            "russian",
            {"opt_honourSet": "aces"},
            "opt_honourSet",
            INVALID_CHOICE,  # Eralash's set is not offered for Russian whist
            id="russian opt_honourSet=aces",
        ),
        pytest.param(
            "russian",
            {"opt_honourSet": "spades"},
            "opt_honourSet",
            INVALID_CHOICE,
            id="russian opt_honourSet=spades",
        ),
        pytest.param(
            "russian",
            {"opt_honoursBy": "stolen"},
            "opt_honoursBy",
            INVALID_CHOICE,
            id="russian opt_honoursBy=stolen",
        ),
        pytest.param("russian", {"dummy": "X"}, "dummy", INVALID_CHOICE, id="russian dummy=X"),
        pytest.param(
            "russian",
            {"first_dealer": "X"},
            "first_dealer",
            INVALID_CHOICE,
            id="russian first_dealer=X",
        ),
        pytest.param(
            "russian",
            {"right_side": "NE"},
            "right_side",
            INVALID_CHOICE,
            id="russian right_side=NE",
        ),
        pytest.param("russian", {"cut_N": "1Z"}, "cut_W", INVALID_CHOICE, id="russian cut_N=1Z"),
        pytest.param(
            "russian",
            {"title": "t" * 101},
            "title",
            "at most 100 characters",
            id="russian title=t * 101",
        ),
        pytest.param(
            "russian",
            {"player_W": "w" * 61},
            "player_W",
            "at most 60 characters",
            id="russian player_W=w * 61",
        ),
        pytest.param(
            "progulochny",
            {"opt_failPremium": "nothing"},
            "opt_failPremium",
            INVALID_CHOICE,
            id="progulochny opt_failPremium=nothing",
        ),
    ],
)
def test_a_bad_new_table_is_refused_with_messages(client, variant, changes, anchor, message):
    response = client.post(reverse("new_table", args=[variant]), new_table_form(variant, **changes))

    assert response.status_code == 422
    error_at(response.content.decode(), anchor, message)
    assert not Table.objects.exists()
    assert not Player.objects.exists()


@pytest.mark.parametrize("variant", ["russian", "eralash", "prussian"])
def test_the_honour_sets_offered_are_those_of_the_variant(client, variant):
    page = client.get(reverse("new_table", args=[variant])).content.decode()

    select = page.split('name="opt_honourSet"', 1)[1].split("</select>", 1)[0]
    offered = set(re.findall(r'<option value="([^"]*)"', select))
    assert offered == set(PRESETS[variant].honour_sets)


def test_a_new_table_with_nothing_at_all_asks_for_every_player(client):
    response = client.post(reverse("new_table", args=["hussar"]), {})

    assert response.status_code == 422
    page = response.content.decode()
    for seat in "NESW":  # the same message four times: each right after its own field
        start = page.index(f'name="player_{seat}"')
        following = page[start + 1 :]
        next_field = following.find('name="')
        assert "Enter the player&#x27;s name." in following[:next_field], seat
    assert not Table.objects.exists()


@pytest.mark.parametrize("number", ["0", "-3"])
def test_a_deal_number_below_1_is_a_damaged_form_not_another_devices_save(client, number):
    # Deal numbers start at 1: no other device ever saved a deal 0 (found by a new user).
    table = make_table("russian", deals=1)
    before = snapshot(table)

    page = client.post(
        reverse("deal_add", args=[table.edit_token]), entry_form(table, {"number": number})
    )

    assert page.status_code == 422
    text = html.unescape(page.content.decode())
    assert "The form was damaged (number)" in text
    assert "another device" not in text
    assert snapshot(table) == before
