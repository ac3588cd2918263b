"""special-suit (docs/rules.md, Whist with a special suit: the options specialSuit.*)."""

import pytest

from .helpers import check, deal, record, rv, score

SP = "special-suit"


def sd(ns, ew, hon, trump, special=None, **extra):
    d = deal(ns, ew, hon, trump=trump, **extra)
    if special is not None:
        d["special_suit"] = special
    return d


@pytest.mark.parametrize(
    "deals, options, below, above, games",
    [
        # trump = special suit: 2 odd x 2 x 2 = 8 below; 3 honours 2 x 2 = 4 above
        ([sd(8, 5, (3, 2), "S", "S")], None, {"NS": 8, "EW": 0}, {"NS": 4, "EW": 0}, []),
        # trump is not the special suit: plain russian, 4 and 2
        ([sd(8, 5, (3, 2), "H", "S")], None, {"NS": 4, "EW": 0}, {"NS": 2, "EW": 0}, []),
        # small slam doubled: 6 x 4 = 24 below; honours 4 + slam 10 x 2 = 24 above
        (
            [sd(12, 1, (3, 2), "S", "S")],
            None,
            {"NS": 24, "EW": 0},
            {"NS": 24, "EW": 0},
            [("NS", "treble", 0)],
        ),
        # grand slam doubled: 7 x 4 = 28; honours 6 x 2 + slam 20 x 2 = 52
        (
            [sd(13, 0, (5, 0), "S", "S")],
            None,
            {"NS": 28, "EW": 0},
            {"NS": 52, "EW": 0},
            [("NS", "treble", 0)],
        ),
        # the revoke penalty is not doubled: 3 + 1 odd x 4 = 7; honours 4
        (
            [sd(7, 6, (3, 2), "S", "S", revokes=[rv("E", "add")])],
            None,
            {"NS": 7, "EW": 0},
            {"NS": 4, "EW": 0},
            [],
        ),
        # doublePenalties: 6 + 4 = 10 -> game at love
        (
            [sd(7, 6, (3, 2), "S", "S", revokes=[rv("E", "add")])],
            {"specialSuit.doublePenalties": True},
            {"NS": 10, "EW": 0},
            {"NS": 4, "EW": 0},
            [("NS", "treble", 0)],
        ),
        # doublePenalties on a deal whose trump is not special: multiplier 1 -> 3 + 2
        (
            [sd(7, 6, (3, 2), "H", "S", revokes=[rv("E", "add")])],
            {"specialSuit.doublePenalties": True},
            {"NS": 5, "EW": 0},
            {"NS": 2, "EW": 0},
            [],
        ),
        # the cap is not doubled: EW revokes, 6 odd x 4 = 24 -> 9; NS +3; EW's honours 2 x 2;
        # no slam for the revoker
        (
            [sd(1, 12, (2, 3), "S", "S", revokes=[rv("E", "add")])],
            None,
            {"NS": 3, "EW": 9},
            {"NS": 0, "EW": 4},
            [],
        ),
        # special suit repeated (equal) on a later deal of the same game: 4 + 4, 4 + 4
        (
            [sd(7, 6, (3, 2), "S", "S"), sd(7, 6, (3, 2), "S", "S")],
            None,
            {"NS": 8, "EW": 0},
            {"NS": 8, "EW": 0},
            [],
        ),
    ],
    ids=[
        "special-trump",
        "other-trump",
        "small-slam",
        "grand-slam",
        "revoke-not-doubled",
        "double-penalties",
        "double-penalties-plain-deal",
        "cap",
        "repeated-special",
    ],
)
def test_special_suit_doubles_tricks_honours_and_slam_of_a_special_deal(
    deals, options, below, above, games
):
    out = score(record(SP, deals, options))
    check(out, {"below": below, "above": above, "games": games})


def test_special_suit_is_drawn_anew_for_each_game():
    # perGame: game 1 special S (5 odd x 4 = 20: game); game 2 special C, so a spade deal
    # scores plainly: 2 below, 2 above.
    deals = [sd(11, 2, (3, 2), "S", "S"), sd(7, 6, (3, 2), "S", "C")]
    out = score(record(SP, deals))
    check(
        out,
        {
            "games": [("NS", "treble", 0)],
            "scores": [{"NS": 20, "EW": 0}],
            "below": {"NS": 22, "EW": 0},
            "above": {"NS": 6, "EW": 0},
        },
    )


def test_special_suit_drawn_per_rubber_keeps_the_suit_into_the_next_game():
    # perRubber: the rubber's suit S still doubles deal 2 (game 2): 4 below, 4 above.
    deals = [sd(11, 2, (3, 2), "S", "S"), sd(7, 6, (3, 2), "S")]
    out = score(record(SP, deals, {"specialSuit.drawn": "perRubber"}))
    check(
        out,
        {"games": [("NS", "treble", 0)], "below": {"NS": 24, "EW": 0}, "above": {"NS": 8, "EW": 0}},
    )


def test_special_suit_game_target_and_rubber_bonus_are_not_doubled():
    # Two doubled deals of 16 and 12 below: one game each (target stays 10), rubber 20 plain.
    # below 16 + 12 = 28; above honours 4 + 4 + rubber 20 = 28.
    deals = [sd(10, 3, (3, 2), "D", "D"), sd(9, 4, (3, 2), "C", "C")]
    out = score(record(SP, deals))
    check(
        out,
        {
            "games": [("NS", "treble", 0)] * 2,
            "below": {"NS": 28, "EW": 0},
            "above": {"NS": 28, "EW": 0},
            "ns_net": 56,
        },
    )


def test_special_suit_reproduces_the_seeds_numbers_on_a_one_point_scale():
    # V3: with pointsPerOddTrick 1 and gameTarget 5, "3 honours worth 2 -> 4, each trick
    # counts 2": 2 odd tricks x 1 x 2 = 4 below, honours 2 x 2 = 4 above.
    options = {"pointsPerOddTrick": 1, "gameTarget": 5}
    out = score(record(SP, [sd(8, 5, (3, 2), "S", "S")], options))
    check(out, {"below": {"NS": 4, "EW": 0}, "above": {"NS": 4, "EW": 0}, "games": []})
