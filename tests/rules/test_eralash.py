"""eralash (docs/rules.md, Eralash: eralash.acesPerPlayer, honourValues, slams)."""

import pytest

from .helpers import check, deal, record, rv, score, scored

ER = "eralash"


@pytest.mark.parametrize(
    "aces, above",
    [
        ((3, 1), {"NS": 2, "EW": 0}),  # 3 aces -> 2
        ((1, 3), {"NS": 0, "EW": 2}),  # held by the side that did not take the tricks
        ((2, 2), {"NS": 0, "EW": 0}),  # split 2-2 -> nothing
        ((4, 0), {"NS": 4, "EW": 0}),  # 4 aces -> 4
        ((0, 4), {"NS": 0, "EW": 4}),
    ],
)
def test_eralash_aces_are_the_honours(aces, above):
    # NS 7 tricks: 1 odd x 2 = 2 below.
    out = score(record(ER, [deal(7, 6, aces)]))
    check(out, {"below": {"NS": 2, "EW": 0}, "above": above, "games": []})


def test_eralash_game_is_twenty_six_and_grand_slam_is_four():
    # 13 tricks: 7 odd x 2 = 14 below (< 26: no game), slam 4 above.
    out = score(record(ER, [deal(13, 0, (2, 2))]))
    check(out, {"below": {"NS": 14, "EW": 0}, "above": {"NS": 4, "EW": 0}, "games": []})
    assert ("NS", "above", 4, "slam") in scored(out, 1)


def test_eralash_has_no_small_slam_by_default():
    out = score(record(ER, [deal(12, 1, (2, 2))]))
    check(out, {"below": {"NS": 12, "EW": 0}, "above": {"NS": 0, "EW": 0}})


@pytest.mark.parametrize(
    "first, label, ew_below",
    [
        (deal(1, 12, (2, 2)), "double", 12),  # EW 12 < 13 (half of 26): double
        (deal(0, 13, (2, 2)), "single", 14),  # EW 14 >= 13: single
    ],
)
def test_eralash_game_label_uses_half_of_twenty_six(first, label, ew_below):
    # NS 14 + 12 = 26: game.
    out = score(record(ER, [first, deal(13, 0, (2, 2)), deal(12, 1, (2, 2))]))
    check(out, {"games": [("NS", label, 0)], "scores": [{"NS": 26, "EW": ew_below}]})


@pytest.mark.parametrize(
    "options, d, above",
    [
        ({"grandSlam": 6}, deal(13, 0, (2, 2)), 6),
        ({"grandSlam": 8}, deal(13, 0, (2, 2)), 8),
        ({"smallSlam": 2}, deal(12, 1, (2, 2)), 2),
        # agreed ace values replace the map: 3 aces -> 3
        ({"honourValues": {"3": 3, "4": 6}}, deal(7, 6, (3, 1)), 3),
        ({"honourValues": {"3": 3, "4": 6}}, deal(7, 6, (4, 0)), 6),
    ],
    ids=["grand-6", "grand-8", "small-2", "aces3-agreed", "aces4-agreed"],
)
def test_eralash_agreed_values(options, d, above):
    out = score(record(ER, [d], options))
    assert out["totals"]["above"] == {"NS": above, "EW": 0}


@pytest.mark.parametrize(
    "first, label",
    [
        (deal(1, 12, (2, 2)), "double"),  # EW 6 < 6.5
        (deal(0, 13, (2, 2)), "single"),  # EW 7 >= 6.5
    ],
)
def test_eralash_thirteen_point_game_option(first, label):
    # V5 option (b): 1 point per odd trick, game 13: NS 7 + 6 = 13 -> game.
    options = {"pointsPerOddTrick": 1, "gameTarget": 13}
    out = score(record(ER, [first, deal(13, 0, (2, 2)), deal(12, 1, (2, 2))], options))
    check(out, {"games": [("NS", label, 0)]})
    assert out["games"][0]["score"]["NS"] == 13
    assert out["deals"][1]["game_won_by"] is None


@pytest.mark.parametrize(
    "aces, above",
    [
        ({"N": 3, "E": 1, "S": 0, "W": 0}, {"NS": 2, "EW": 0}),
        ({"N": 0, "E": 0, "S": 3, "W": 1}, {"NS": 2, "EW": 0}),
        ({"N": 0, "E": 4, "S": 0, "W": 0}, {"NS": 0, "EW": 4}),
        # the side holds 3 (or 4) aces but no single player holds 3: nothing
        ({"N": 2, "E": 1, "S": 1, "W": 0}, {"NS": 0, "EW": 0}),
        ({"N": 2, "E": 0, "S": 2, "W": 0}, {"NS": 0, "EW": 0}),
        ({"N": 1, "E": 1, "S": 1, "W": 1}, {"NS": 0, "EW": 0}),
    ],
)
def test_eralash_aces_per_player_option(aces, above):
    d = {"tricks": {"NS": 7, "EW": 6}, "honours": aces}
    out = score(record(ER, [d], {"eralash.acesPerPlayer": True}))
    check(out, {"below": {"NS": 2, "EW": 0}, "above": above})


def test_eralash_without_honours():
    out = score(record(ER, [deal(7, 6)], {"honourSet": "none"}))
    check(out, {"below": {"NS": 2, "EW": 0}, "above": {"NS": 0, "EW": 0}})


def test_eralash_revoking_side_stays_below_twenty_six_and_loses_the_slam():
    # NS 14 (+ slam 4); deal 2 NS revokes with 12 tricks: EW +3; NS 14 + 12 -> capped 25.
    deals = [deal(13, 0, (2, 2)), deal(12, 1, (2, 2), revokes=[rv("N", "add")])]
    out = score(record(ER, deals, {"smallSlam": 2}))
    check(out, {"below": {"NS": 25, "EW": 3}, "above": {"NS": 4, "EW": 0}, "games": []})
