"""russian (docs/rules.md, Russian whist, and its common ground: games, rubbers, settlement)."""

import pytest

from .helpers import check, deal, entries, record, rv, score, scored

RU = "russian"
ZERO = {"NS": 0, "EW": 0}


@pytest.mark.parametrize(
    "d, below, above",
    [
        # 3 odd tricks x 2 below; NS holds 3 of A K Q J 10 -> 2 above
        (deal(9, 4, (3, 2)), {"NS": 6, "EW": 0}, {"NS": 2, "EW": 0}),
        # 1 odd trick x 2; 4 honours -> 4
        (deal(7, 6, (4, 1)), {"NS": 2, "EW": 0}, {"NS": 4, "EW": 0}),
        # EW 1 odd trick; all 5 honours -> 6
        (deal(6, 7, (0, 5)), {"NS": 0, "EW": 2}, {"NS": 0, "EW": 6}),
        # honours go to the side that held them, whoever took the tricks (G6 "held")
        (deal(4, 9, (3, 2)), {"NS": 0, "EW": 6}, {"NS": 2, "EW": 0}),
        # the book (6 tricks) scores nothing
        (deal(6, 7, (2, 3)), {"NS": 0, "EW": 2}, {"NS": 0, "EW": 2}),
    ],
    ids=["tricks-and-3-honours", "4-honours", "5-honours", "honours-held", "book"],
)
def test_russian_writes_tricks_below_at_two_and_honours_above(d, below, above):
    out = score(record(RU, [d]))
    total = {s: below[s] + above[s] for s in below}
    check(
        out,
        {
            "below": below,
            "above": above,
            "total": total,
            "games": [],
            "ns_net": total["NS"] - total["EW"],
        },
    )


def test_russian_entries_are_tricks_below_then_honours_above():
    out = score(record(RU, [deal(9, 4, (3, 2))]))
    assert entries(out, 1) == [("NS", "below", 6, "tricks"), ("NS", "above", 2, "honours")]
    assert out["deals"][0]["game_won_by"] is None


def test_russian_honours_never_count_towards_the_game():
    # G6: NS 8 below; deal 2 NS holds all 5 honours (6 above) but EW takes 7 tricks: NS stays
    # at 8 below, no game.
    out = score(record(RU, [deal(10, 3, (2, 3)), deal(6, 7, (5, 0))]))
    check(out, {"below": {"NS": 8, "EW": 2}, "above": {"NS": 6, "EW": 2}, "games": []})


@pytest.mark.parametrize(
    "d, below, above, item_points",
    [
        # small slam: 12 tricks = 6 odd x 2 = 12 below, + 10 above, plus 3 honours 2
        (deal(12, 1, (3, 2)), {"NS": 12, "EW": 0}, {"NS": 12, "EW": 0}, 10),
        # grand slam: 7 odd x 2 = 14 below, + 20 above; EW's 3 honours 2
        (deal(13, 0, (2, 3)), {"NS": 14, "EW": 0}, {"NS": 20, "EW": 2}, 20),
    ],
    ids=["small-slam", "grand-slam"],
)
def test_russian_slams_are_written_above_in_addition_to_tricks(d, below, above, item_points):
    # G7; each deal also wins the game (>= 10) at love: treble.
    out = score(record(RU, [d]))
    check(out, {"below": below, "above": above, "games": [("NS", "treble", 0)]})
    assert ("NS", "above", item_points, "slam") in scored(out, 1)


@pytest.mark.parametrize(
    "first, label",
    [
        ([], "treble"),  # EW 0
        ([deal(5, 8, (2, 3))], "double"),  # EW 4 (1-4 double)
        ([deal(4, 9, (2, 3))], "single"),  # EW 6 (>= 5 single)
        ([deal(3, 10, (2, 3))], "single"),  # EW 8
        # EW 5: N revokes (default add: EW +3 below) and EW takes 7 tricks (+2) -> 5: single
        ([deal(6, 7, (2, 3), revokes=[rv("N")])], "single"),
    ],
    ids=["losers-0", "losers-4", "losers-6", "losers-8", "losers-5"],
)
def test_russian_game_label_follows_the_losers_below_score(first, label):
    # G3: 0 treble, 1-4 double, >= 5 single; nothing is added for a game (G4): 0 points.
    out = score(record(RU, first + [deal(11, 2, (3, 2))]))
    check(out, {"games": [("NS", label, 0)]})


def test_russian_excess_over_ten_stays_in_the_total_but_not_in_the_next_game():
    # G9: 8 + 6 = 14 wins game 1; the next game starts at 0, so deal 3's 2 makes NS 2 only.
    # totals.below = 8 + 6 + 2 = 16; above 3 x 2 honours = 6.
    out = score(record(RU, [deal(10, 3, (3, 2)), deal(9, 4, (3, 2)), deal(7, 6, (3, 2))]))
    check(
        out,
        {
            "games": [("NS", "treble", 0)],
            "scores": [{"NS": 14, "EW": 0}],
            "below": {"NS": 16, "EW": 0},
            "above": {"NS": 6, "EW": 0},
            "won_by": {1: None, 2: "NS", 3: None},
        },
    )


def test_russian_rubber_two_nil_adds_twenty_and_settles_the_difference():
    # 10 + 10 below, honours 2 + 2 and rubber 20 above: NS 44, EW 0 -> 44.
    out = score(record(RU, [deal(11, 2, (3, 2)), deal(11, 2, (3, 2))]))
    check(
        out,
        {
            "games": [("NS", "treble", 0), ("NS", "treble", 0)],
            "rubbers": [(True, "NS", {"NS": 2, "EW": 0})],
            "below": {"NS": 20, "EW": 0},
            "above": {"NS": 24, "EW": 0},
            "total": {"NS": 44, "EW": 0},
            "ns_net": 44,
        },
    )
    assert ("NS", "above", 20, "rubber-bonus") in scored(out, 2)


def test_russian_three_game_rubber():
    # NS 10 (+2), EW 10 (+2), NS 10 (+2, rubber 20): NS 20 + 24 = 44, EW 10 + 2 = 12 -> 32.
    deals = [deal(11, 2, (3, 2)), deal(2, 11, (2, 3)), deal(11, 2, (3, 2))]
    out = score(record(RU, deals))
    check(
        out,
        {
            "games": [("NS", "treble", 0), ("EW", "treble", 0), ("NS", "treble", 0)],
            "rubbers": [(True, "NS", {"NS": 2, "EW": 1})],
            "below": {"NS": 20, "EW": 10},
            "above": {"NS": 24, "EW": 2},
            "total": {"NS": 44, "EW": 12},
            "ns_net": 32,
        },
    )


def test_russian_game_belongs_to_the_side_reaching_ten_even_with_a_lower_total():
    # [BEL]: EW 2 below + 12 above (two 5-honour deals) = 14; NS reaches 10 below (game,
    # EW at 2: double) with a total of 10. Unfinished rubber, no bonus: NS pays 4.
    out = score(record(RU, [deal(6, 7, (0, 5)), deal(11, 2, (0, 5))]))
    check(
        out,
        {
            "games": [("NS", "double", 0)],
            "rubbers": [(False, None, {"NS": 1, "EW": 0})],
            "total": {"NS": 10, "EW": 14},
            "ns_net": -4,
        },
    )


def test_russian_deal_after_a_finished_rubber_starts_rubber_two():
    # §8: three 10-point deals: rubber 1 2-0 (bonus 20), game 3 in rubber 2 (unfinished).
    out = score(record(RU, [deal(11, 2, (3, 2))] * 3))
    check(
        out,
        {
            "games": [("NS", "treble", 0)] * 3,
            "game_rubbers": [1, 1, 2],
            "rubbers": [(True, "NS", {"NS": 2, "EW": 0}), (False, None, {"NS": 1, "EW": 0})],
            "below": {"NS": 30, "EW": 0},
            "above": {"NS": 26, "EW": 0},
            "ns_net": 56,
        },
    )


def test_russian_record_of_void_deals_begins_no_rubber():
    # §8a.3: a void deal scores nothing and begins nothing.
    out = score(record(RU, [{"dealer": "N", "void": "misdeal"}, {"dealer": "E", "void": "redeal"}]))
    check(
        out, {"games": [], "rubbers": [], "below": ZERO, "above": ZERO, "total": ZERO, "ns_net": 0}
    )
    assert entries(out, 1) == [] and entries(out, 2) == []
    assert out["deals"][0]["game_won_by"] is None


def test_russian_void_deal_after_a_finished_rubber_begins_no_new_rubber():
    deals = [deal(11, 2, (3, 2)), deal(11, 2, (3, 2)), {"void": "misdeal"}]
    out = score(record(RU, deals))
    check(out, {"rubbers": [(True, "NS", {"NS": 2, "EW": 0})], "ns_net": 44})


@pytest.mark.parametrize(
    "dealers, voids",
    [
        ("NESWN", {}),  # clockwise, across the end of game 1 (deal 1)
        ("WNESW", {}),  # the first deal may be dealt by any seat
        ("NESWN", {1: "misdeal"}),  # misdeal: the deal passes to the next seat
        ("NNESW", {1: "redeal"}),  # redeal: the same dealer deals again
        ("SSWNE", {1: "redeal"}),
    ],
)
def test_russian_dealer_rotation_continues_across_games_and_void_deals(dealers, voids):
    # §8a.2. Deal 1 (or 2 after a void) wins game 1; the other deals are 1 odd trick each.
    scored_deals = [deal(11, 2, (3, 2))] + [deal(7, 6, (3, 2))] * 4
    deals, it = [], iter(scored_deals)
    for i, seat in enumerate(dealers, 1):
        d = {"void": voids[i]} if i in voids else dict(next(it))
        d["dealer"] = seat
        deals.append(d)
    out = score(record(RU, deals))
    n_scored = len(dealers) - len(voids)
    assert len(out["games"]) == 1
    assert out["totals"]["below"]["NS"] == 10 + 2 * (n_scored - 1)
