"""The §7 configuration keys on the russian and english presets (the variant-specific keys are
tested in each variant's file; invalid keys and values in test_validation.py)."""

import pytest

from .helpers import check, deal, record, score

RU = "russian"
ES = "english-short"
H22 = (2, 2)


@pytest.mark.parametrize(
    "options, deals, below, above",
    [
        # book 7: 9 tricks = 2 odd x 2
        ({"book": 7}, [deal(9, 4, (3, 2))], 4, 2),
        # book 12: 13 tricks = 1 odd x 2; grand slam still 20 (13 tricks in play)
        ({"book": 12}, [deal(13, 0, (3, 2))], 2, 22),
        ({"pointsPerOddTrick": 1}, [deal(9, 4, (3, 2))], 3, 2),
        # four-honour set: 3 of 4 -> 2, 4 of 4 -> 4
        ({"honourSet": "AKQJ"}, [deal(7, 6, (3, 1))], 2, 2),
        ({"honourSet": "AKQJ"}, [deal(7, 6, (4, 0))], 2, 4),
        # honours off: no honours field
        ({"honourSet": "none"}, [deal(7, 6)], 2, 0),
        ({"honourValues": {"3": 1, "4": 3, "5": 5}}, [deal(7, 6, (3, 2))], 2, 1),
        ({"honourValues": {"3": 1, "4": 3, "5": 5}}, [deal(7, 6, (5, 0))], 2, 5),
        # §8a.15: the map is replaced whole: no value for 5 honours any more
        ({"honourValues": {"3": 2, "4": 4}}, [deal(7, 6, (5, 0))], 2, 0),
        # honoursBy captured: the record's numbers are then the captured ones; same arithmetic
        ({"honoursBy": "captured"}, [deal(9, 4, (3, 2))], 6, 2),
        ({"smallSlam": 5}, [deal(12, 1, (3, 2))], 12, 2 + 5),
        ({"grandSlam": 15}, [deal(13, 0, (3, 2))], 14, 2 + 15),
        # gameBonus 5 per game won; two games, rubber 20: 2 + 2 + 5 + 5 + 20
        ({"gameBonus": 5}, [deal(11, 2, (3, 2))] * 2, 20, 34),
        ({"rubberBonus": 30}, [deal(11, 2, (3, 2))] * 2, 20, 34),
    ],
    ids=[
        "book-7",
        "book-12",
        "one-point-per-trick",
        "AKQJ-3",
        "AKQJ-4",
        "honours-off",
        "honour-values-3",
        "honour-values-5",
        "honour-values-replaced",
        "honours-captured",
        "small-slam",
        "grand-slam",
        "game-bonus",
        "rubber-bonus",
    ],
)
def test_russian_option(options, deals, below, above):
    out = score(record(RU, deals, options))
    check(out, {"below": {"NS": below, "EW": 0}, "above": {"NS": above, "EW": 0}})


@pytest.mark.parametrize(
    "first, label",
    [
        ([], "treble"),
        ([deal(5, 8, (2, 3))], "double"),  # EW 4 < 6 (half of 12)
        ([deal(4, 9, (2, 3))], "single"),  # EW 6 >= 6
    ],
)
def test_russian_game_target_option_and_generic_label(first, label):
    # gameTarget 12: 10 is no game; 10 + 2 = 12 is.
    out = score(record(RU, first + [deal(11, 2, (3, 2)), deal(7, 6, (3, 2))], {"gameTarget": 12}))
    check(out, {"games": [("NS", label, 0)], "won_by": {len(first) + 1: None}})
    assert out["games"][0]["score"]["NS"] == 12


@pytest.mark.parametrize(
    "options, deals, below, games",
    [
        # target 7: 5 is no game, 5 + 2 = 7 is
        ({"gameTarget": 7}, [deal(11, 2, H22), deal(8, 5, H22)], 7, [("NS", "treble", 3)]),
        ({"pointsPerOddTrick": 2}, [deal(8, 5, H22)], 4, []),
        ({"book": 7}, [deal(9, 4, H22)], 2, []),
        # honour values {3: 1}: NS's 3 honours -> 1 (EW 1 trick)
        ({"honourValues": {"3": 1, "4": 2}}, [deal(7, 6, (3, 1))], 2, []),
        ({"honourSet": "none"}, [deal(9, 4)], 3, []),
    ],
    ids=["game-target-7", "two-points-per-trick", "book-7", "honour-values", "honours-off"],
)
def test_english_short_option(options, deals, below, games):
    out = score(record(ES, deals, options))
    check(out, {"games": games})
    assert out["totals"]["below"]["NS"] == below


def test_english_short_rubber_bonus_option():
    # two trebles + rubber 3 = 9 game points
    out = score(record(ES, [deal(11, 2, H22)] * 2, {"rubberBonus": 3}))
    check(out, {"above": {"NS": 9, "EW": 0}, "ns_net": 9})
