"""Revoke penalties (docs/rules.md, Revokes) in the partnership presets.

Hussar and Progulochny revokes are in their own files.
"""

import pytest

from .helpers import check, deal, entries, not_scored, record, rv, score

RU = "russian"
ES = "english-short"
EL = "english-long"
H22 = (2, 2)


# ---------------------------------------------------------------- russian


@pytest.mark.parametrize(
    "deals, options, below, above",
    [
        # add (default): NS +3 below, then 2 odd tricks = 4 -> 7; NS honours 2 above
        (
            [deal(8, 5, (3, 2), revokes=[rv("E", "add")])],
            None,
            {"NS": 7, "EW": 0},
            {"NS": 2, "EW": 0},
        ),
        ([deal(8, 5, (3, 2), revokes=[rv("E")])], None, {"NS": 7, "EW": 0}, {"NS": 2, "EW": 0}),
        # deduct: EW 4 -> 1; NS 4
        (
            [deal(5, 8, (2, 3)), deal(8, 5, (3, 2), revokes=[rv("E", "deduct")])],
            None,
            {"NS": 4, "EW": 1},
            {"NS": 2, "EW": 2},
        ),
        # deduct floors at 0: EW 2 -> 0 (only 2 taken off the total)
        (
            [deal(6, 7, (2, 3)), deal(8, 5, (3, 2), revokes=[rv("E", "deduct")])],
            None,
            {"NS": 4, "EW": 0},
            {"NS": 2, "EW": 2},
        ),
        # deduct from a side at 0 takes nothing
        (
            [deal(8, 5, (3, 2), revokes=[rv("W", "deduct")])],
            None,
            {"NS": 4, "EW": 0},
            {"NS": 2, "EW": 0},
        ),
        # transfer = deduct then add: EW 4 -> 1, NS 3 + 4 = 7
        (
            [deal(5, 8, (2, 3)), deal(8, 5, (3, 2), revokes=[rv("E", "transfer")])],
            None,
            {"NS": 7, "EW": 1},
            {"NS": 2, "EW": 2},
        ),
        # transfer with the floor: EW 2 -> 0, NS still +3
        (
            [deal(6, 7, (2, 3)), deal(8, 5, (3, 2), revokes=[rv("E", "transfer")])],
            None,
            {"NS": 7, "EW": 0},
            {"NS": 2, "EW": 2},
        ),
        # tricks: 5-8 becomes 8-5: NS 2 odd = 4; EW's tricks are gone
        (
            [deal(5, 8, (3, 2), revokes=[rv("E", "tricks")])],
            None,
            {"NS": 4, "EW": 0},
            {"NS": 2, "EW": 0},
        ),
        # several revokes: a penalty per revoke: 3 + 3 + 2
        (
            [deal(7, 6, (3, 2), revokes=[rv("E", "add"), rv("W", "add")])],
            None,
            {"NS": 8, "EW": 0},
            {"NS": 2, "EW": 0},
        ),
        # revoke.amount 6: add 6, then 2
        (
            [deal(7, 6, (3, 2), revokes=[rv("E")])],
            {"revoke.amount": 6},
            {"NS": 8, "EW": 0},
            {"NS": 2, "EW": 0},
        ),
        # revoke.amount 6 with deduct: EW 6 -> 0
        (
            [deal(4, 9, (2, 3)), deal(7, 6, (3, 2), revokes=[rv("E", "deduct")])],
            {"revoke.amount": 6},
            {"NS": 2, "EW": 0},
            {"NS": 2, "EW": 2},
        ),
        # the tricks penalty moves 3 tricks whatever revoke.amount says (decision): 5-8 -> 8-5
        (
            [deal(5, 8, (3, 2), revokes=[rv("E", "tricks")])],
            {"revoke.amount": 6},
            {"NS": 4, "EW": 0},
            {"NS": 2, "EW": 0},
        ),
        # revoke.default deduct applies to a revoke without its own penalty: EW 4 -> 1
        (
            [deal(5, 8, (2, 3)), deal(8, 5, (3, 2), revokes=[rv("E")])],
            {"revoke.default": "deduct"},
            {"NS": 4, "EW": 1},
            {"NS": 2, "EW": 2},
        ),
        # ... and a revoke naming its penalty overrides the default: add 3
        (
            [deal(5, 8, (2, 3)), deal(8, 5, (3, 2), revokes=[rv("E", "add")])],
            {"revoke.default": "deduct"},
            {"NS": 7, "EW": 4},
            {"NS": 2, "EW": 2},
        ),
    ],
    ids=[
        "add",
        "default-add",
        "deduct",
        "deduct-floor",
        "deduct-at-zero",
        "transfer",
        "transfer-floor",
        "tricks",
        "per-revoke",
        "amount-6",
        "amount-6-deduct",
        "amount-6-tricks-still-3",
        "default-deduct",
        "named-overrides-default",
    ],
)
def test_russian_revoke_penalty(deals, options, below, above):
    out = score(record(RU, deals, options))
    check(out, {"below": below, "above": above, "games": []})


def test_russian_revoke_is_scored_before_tricks_and_honours():
    # G11 order: revoke, tricks, honours.
    out = score(record(RU, [deal(8, 5, (3, 2), revokes=[rv("E", "add")])]))
    assert entries(out, 1) == [
        ("NS", "below", 3, "revoke"),
        ("NS", "below", 4, "tricks"),
        ("NS", "above", 2, "honours"),
    ]


def test_russian_tricks_gained_by_a_revoke_make_no_slam():
    # G7/§8: NS 10 tricks in play + 3 by the penalty = 13 -> 7 odd = 14 below (game), but the
    # slam is judged on the 10 tricks won in play: no slam, only the honours above.
    out = score(record(RU, [deal(10, 3, (3, 2), revokes=[rv("E", "tricks")])]))
    check(
        out,
        {"below": {"NS": 14, "EW": 0}, "above": {"NS": 2, "EW": 0}, "games": [("NS", "treble", 0)]},
    )


def test_russian_revoking_side_scores_no_slam_and_stays_at_nine():
    # NS revokes and takes 12 tricks: EW +3; NS 12 below capped at 9; no slam; honours kept.
    out = score(record(RU, [deal(12, 1, (3, 2), revokes=[rv("N", "add")])]))
    check(out, {"below": {"NS": 9, "EW": 3}, "above": {"NS": 2, "EW": 0}, "games": []})


def test_russian_tricks_penalty_against_a_slam_making_revoker():
    # NS revokes with 12 tricks in play; EW take 3: 9-4 -> NS 3 odd = 6; no slam (revoker).
    out = score(record(RU, [deal(12, 1, (3, 2), revokes=[rv("N", "tricks")])]))
    check(out, {"below": {"NS": 6, "EW": 0}, "above": {"NS": 2, "EW": 0}, "games": []})


def test_russian_claimants_slam_still_counts():
    # EW revokes (add): NS 3 + 12 = 15 -> game; NS's 12 tricks won in play: slam 10.
    out = score(record(RU, [deal(12, 1, (3, 2), revokes=[rv("E", "add")])]))
    check(
        out,
        {
            "below": {"NS": 15, "EW": 0},
            "above": {"NS": 12, "EW": 0},
            "games": [("NS", "treble", 0)],
        },
    )


def test_russian_revoking_side_cannot_reach_the_game_on_that_deal():
    # NS at 8 revokes and makes 9 tricks: 8 + 6 = 14 capped at 9 (1 written); EW +3.
    # Deal 3: NS +2 -> 11, game; EW at 3 -> double.
    deals = [deal(10, 3, (3, 2)), deal(9, 4, (3, 2), revokes=[rv("N", "add")]), deal(7, 6, (3, 2))]
    out = score(record(RU, deals))
    check(
        out,
        {
            "games": [("NS", "double", 0)],
            "scores": [{"NS": 11, "EW": 3}],
            "below": {"NS": 11, "EW": 3},
            "above": {"NS": 6, "EW": 0},
            "won_by": {2: None, 3: "NS"},
        },
    )


def test_russian_revoke_points_can_win_the_game_for_the_claimants():
    # NS at 8, EW revokes: NS 8 + 3 = 11 -> NS wins the game on that deal; EW's 7 tricks and
    # honours are still written (Russian scoring has no mid-deal stop).
    deals = [deal(10, 3, (3, 2)), deal(6, 7, (2, 3), revokes=[rv("E", "add")])]
    out = score(record(RU, deals))
    check(out, {"below": {"NS": 11, "EW": 2}, "above": {"NS": 2, "EW": 2}, "won_by": {2: "NS"}})
    assert [g["winner"] for g in out["games"]] == ["NS"]


BOTH_AT_EIGHT = [deal(10, 3, (3, 2), dealer="N"), deal(3, 10, (2, 3), dealer="E")]
BOTH_REVOKE = deal(9, 4, (3, 2), revokes=[rv("N", "add"), rv("E", "add")], dealer="S")


def test_russian_both_sides_revoking_neither_can_win_that_deal():
    # §4: NS 8 + 3 + 6 and EW 8 + 3 are both capped at 9. Deal 4 (NS +2 -> 11) wins the game
    # with EW at 9: single.
    out = score(record(RU, BOTH_AT_EIGHT + [BOTH_REVOKE, deal(7, 6, (3, 2), dealer="W")]))
    check(
        out,
        {
            "games": [("NS", "single", 0)],
            "scores": [{"NS": 11, "EW": 9}],
            "below": {"NS": 11, "EW": 9},
            "above": {"NS": 6, "EW": 2},
            "won_by": {3: None, 4: "NS"},
        },
    )


def test_russian_both_revoke_redeal_scores_nothing_and_same_dealer_deals_again():
    # Decision / §8a.18: the both-revoke deal writes nothing; S deals again; NS 8 + 2 = 10
    # wins with EW at 8: single.
    deals = BOTH_AT_EIGHT + [BOTH_REVOKE, deal(7, 6, (3, 2), dealer="S")]
    out = score(record(RU, deals, {"bothRevoke": "redeal"}))
    assert entries(out, 3) == []
    check(
        out,
        {
            "games": [("NS", "single", 0)],
            "scores": [{"NS": 10, "EW": 8}],
            "below": {"NS": 10, "EW": 8},
            "above": {"NS": 4, "EW": 2},
        },
    )


def test_russian_both_revoke_redeal_as_first_deal_begins_nothing():
    first = deal(9, 4, (3, 2), revokes=[rv("N"), rv("E")], dealer="N")
    out = score(record(RU, [first], {"bothRevoke": "redeal"}))
    check(out, {"rubbers": [], "games": [], "total": {"NS": 0, "EW": 0}})


# ---------------------------------------------------------------- english


@pytest.mark.parametrize(
    "deals, below",
    [
        # deduct: EW 3 -> 0; NS 2 odd tricks
        ([deal(4, 9, H22), deal(8, 5, H22, revokes=[rv("E", "deduct")])], {"NS": 2, "EW": 0}),
        # deduct floors at 0: EW 1 -> 0
        ([deal(6, 7, H22), deal(8, 5, H22, revokes=[rv("E", "deduct")])], {"NS": 2, "EW": 0}),
        # tricks: 7-6 becomes 10-3: NS 4
        ([deal(7, 6, H22, revokes=[rv("E", "tricks")])], {"NS": 4, "EW": 0}),
        # revoker capped at 4: NS 2 + 4 odd tricks = 6 -> 4; EW +3
        ([deal(8, 5, H22), deal(10, 3, H22, revokes=[rv("N", "add")])], {"NS": 4, "EW": 3}),
        # the revoker still scores honours within the cap: 3 + 4 = 7 -> 4; EW +3
        ([deal(9, 4, (4, 0), revokes=[rv("S")])], {"NS": 4, "EW": 3}),
    ],
    ids=["deduct", "deduct-floor", "tricks", "revoker-cap", "revoker-honours-cap"],
)
def test_english_short_revoke_penalty(deals, below):
    out = score(record(ES, deals))
    check(out, {"below": below, "games": []})


def test_english_short_transfer_is_deduct_then_add():
    # §8a.15: EW 3 -> 0, NS +3, then 2 odd tricks -> 5: game with EW at 0 -> treble.
    out = score(record(ES, [deal(4, 9, H22), deal(8, 5, H22, revokes=[rv("E", "transfer")])]))
    check(out, {"below": {"NS": 5, "EW": 0}, "games": [("NS", "treble", 3)]})


def test_english_short_revoke_points_win_the_game_before_the_revokers_tricks():
    # NS at 3, EW revokes (add): 3 + 3 = 6 = game; EW's 2 odd tricks and 4 honours are
    # not scored; EW at 0 -> treble.
    out = score(record(ES, [deal(9, 4, H22), deal(5, 8, (0, 4), revokes=[rv("E")])]))
    check(out, {"below": {"NS": 6, "EW": 0}, "games": [("NS", "treble", 3)]})
    assert [e[2] for e in not_scored(out, 2)] == [2, 4]


def test_english_short_second_revoke_wins_and_the_claimants_own_tricks_are_not_scored():
    # Two revokes by EW: 3, then 6 = game; NS's own odd trick (1) comes later: not scored.
    out = score(record(ES, [deal(7, 6, H22, revokes=[rv("E"), rv("W")])]))
    check(out, {"below": {"NS": 6, "EW": 0}, "games": [("NS", "treble", 3)]})
    assert [e[2] for e in not_scored(out, 1)] == [1]


def test_english_short_both_sides_revoking_neither_can_win_that_deal():
    # NS 4, EW 4; both revoke: each +3 and NS's 3 odd tricks, all capped at 4. Deal 4: NS 5
    # with EW at 4 -> single.
    deals = [
        deal(10, 3, H22),
        deal(3, 10, H22),
        deal(9, 4, H22, revokes=[rv("N"), rv("E")]),
        deal(7, 6, H22),
    ]
    out = score(record(ES, deals))
    check(
        out,
        {"games": [("NS", "single", 1)], "below": {"NS": 5, "EW": 4}, "won_by": {3: None, 4: "NS"}},
    )


def test_english_long_revoking_side_must_remain_at_nine():
    # NS 6 revokes and makes 4 odd tricks: 10 -> 9; EW +3. Deal 3: NS 10, EW 3 -> double.
    deals = [deal(12, 1, H22), deal(10, 3, H22, revokes=[rv("N")]), deal(7, 6, H22)]
    out = score(record(EL, deals))
    check(
        out,
        {
            "games": [("NS", "double", 2)],
            "below": {"NS": 10, "EW": 3},
            "won_by": {2: None, 3: "NS"},
        },
    )
