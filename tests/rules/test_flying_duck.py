"""flying-duck (docs/rules.md, Flying Duck): the russian base with honours off by default."""

import pytest

from .helpers import check, deal, record, score

FD = "flying-duck"


def test_flying_duck_scores_tricks_as_russian_without_honours():
    out = score(record(FD, [deal(9, 4)]))
    check(out, {"below": {"NS": 6, "EW": 0}, "above": {"NS": 0, "EW": 0}, "games": []})


def test_flying_duck_game_ten_and_rubber_twenty():
    out = score(record(FD, [deal(11, 2), deal(11, 2)]))
    check(
        out,
        {
            "games": [("NS", "treble", 0)] * 2,
            "rubbers": [(True, "NS", {"NS": 2, "EW": 0})],
            "below": {"NS": 20, "EW": 0},
            "above": {"NS": 20, "EW": 0},
            "ns_net": 40,
        },
    )


def test_flying_duck_honours_of_the_turned_suit_option():
    out = score(record(FD, [deal(9, 4, (2, 3))], {"honourSet": "AKQJ10"}))
    check(out, {"below": {"NS": 6, "EW": 0}, "above": {"NS": 0, "EW": 2}})


def test_flying_duck_named_trumps_are_only_logged():
    named = ["S", "D", "D", "C", "H", "S"]
    out = score(record(FD, [deal(9, 4, trumps_named=named)]))
    check(out, {"below": {"NS": 6, "EW": 0}, "above": {"NS": 0, "EW": 0}})


@pytest.mark.parametrize("tricks, below, slam", [((12, 1), 12, 10), ((13, 0), 14, 20)])
def test_flying_duck_slams_as_russian(tricks, below, slam):
    out = score(record(FD, [deal(*tricks)]))
    check(out, {"below": {"NS": below, "EW": 0}, "above": {"NS": slam, "EW": 0}})
