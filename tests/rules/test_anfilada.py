"""anfilada (docs/rules.md, Anfilada; decision: the carry entry is informational)."""

import pytest

from .helpers import check, deal, record, score

AN = "anfilada"


def test_anfilada_carries_the_winners_excess_into_the_next_game():
    # Seed case: 8 + 4 = 12 -> game 1, 2 carried; deal 3: 2 + 2 = 4 (no game yet with the
    # carry, none without); deal 4: 4 + 6 = 10 -> game 2 (without the carry it would be 8).
    # Below written once: 8 + 4 + 2 + 6 = 20; above NS rubber 20, EW 4 x 2 honours = 8.
    deals = [deal(10, 3, (2, 3)), deal(8, 5, (2, 3)), deal(7, 6, (2, 3)), deal(9, 4, (2, 3))]
    out = score(record(AN, deals))
    check(
        out,
        {
            "games": [("NS", "treble", 0), ("NS", "treble", 0)],
            "scores": [{"NS": 12, "EW": 0}, {"NS": 10, "EW": 0}],
            "won_by": {2: "NS", 3: None, 4: "NS"},
            "below": {"NS": 20, "EW": 0},
            "above": {"NS": 20, "EW": 8},
            "ns_net": 32,
        },
    )


def test_anfilada_carry_entry_is_not_counted_in_the_totals():
    # An1's deals 1-2 and a carry of 2: totals.below stays 8 + 4 = 12.
    out = score(record(AN, [deal(10, 3, (3, 2)), deal(8, 5, (2, 3))]))
    check(out, {"below": {"NS": 12, "EW": 0}, "above": {"NS": 2, "EW": 2}})


@pytest.mark.parametrize(
    "third, games, below, above",
    [
        # carry capped at 9 (8 + 14 = 22, excess 12): NS 1 odd trick -> 11: game 2, rubber
        (deal(7, 6, (3, 2)), 2, {"NS": 24, "EW": 0}, {"NS": 46, "EW": 0}),
        # with the cap NS stays at 9 when EW takes the deal: no second game
        (deal(6, 7, (2, 3)), 1, {"NS": 22, "EW": 2}, {"NS": 24, "EW": 2}),
    ],
    ids=["nine-plus-two", "stays-at-nine"],
)
def test_anfilada_carry_is_capped_one_below_the_target(third, games, below, above):
    # §8a.8. Deal 2: 13 tricks -> 14 below and grand slam 20 above (plus honours 2).
    out = score(record(AN, [deal(10, 3, (3, 2)), deal(13, 0, (3, 2)), third]))
    check(out, {"below": below, "above": above})
    assert len(out["games"]) == games
    if games == 2:
        assert out["games"][1]["score"] == {"NS": 11, "EW": 0}


@pytest.mark.parametrize(
    "second, label",
    [
        (deal(9, 4, (2, 3)), "double"),  # 8 + 6 = 14 -> NS carries 4 (< 5): double
        (deal(10, 3, (2, 3)), "single"),  # 8 + 8 = 16 -> NS carries 6 (>= 5): single
    ],
)
def test_anfilada_game_label_counts_the_losers_carried_points(second, label):
    # V4 / §8a.10: EW wins game 2 at once (11 tricks = 10) while NS has only its carry.
    deals = [deal(10, 3, (2, 3)), second, deal(2, 11, (2, 3))]
    out = score(record(AN, deals))
    check(
        out,
        {
            "games": [("NS", "treble", 0), ("EW", label, 0)],
            "rubbers": [(False, None, {"NS": 1, "EW": 1})],
        },
    )


@pytest.mark.parametrize(
    "options, games",
    [
        # default: the excess of the deciding game (12 - 10 = 2) is discarded: rubber 2 starts
        # at 0 and deal 3's 8 is no game
        (None, 2),
        # carryAcrossRubbers: 2 + 8 = 10 wins game 3, in rubber 2
        ({"anfilada.carryAcrossRubbers": True}, 3),
    ],
    ids=["discarded", "carried-across"],
)
def test_anfilada_excess_at_the_end_of_a_rubber(options, games):
    # deal 1: 10 (game 1); deal 2: 12 tricks -> 12 below + slam 10 (game 2, rubber 20);
    # deal 3: 10 tricks -> 8. below 30; above honours 6 + slam 10 + rubber 20 = 36.
    deals = [deal(11, 2, (3, 2)), deal(12, 1, (3, 2)), deal(10, 3, (3, 2))]
    out = score(record(AN, deals, options))
    check(out, {"below": {"NS": 30, "EW": 0}, "above": {"NS": 36, "EW": 0}})
    assert len(out["games"]) == games
    assert [r["finished"] for r in out["rubbers"]] == [True, False]
    if games == 3:
        assert out["games"][2]["rubber"] == 2
        assert out["games"][2]["score"] == {"NS": 10, "EW": 0}


def test_anfilada_carry_cap_follows_the_game_target_option():
    # gameTarget 12: 10 is no game; 10 + 14 = 24 wins game 1, excess 12 capped at 11; EW's
    # deal leaves NS at 11 (no game); NS +2 -> 13 wins game 2.
    deals = [deal(11, 2, (3, 2)), deal(13, 0, (3, 2)), deal(6, 7, (2, 3)), deal(7, 6, (3, 2))]
    out = score(record(AN, deals, {"gameTarget": 12}))
    check(
        out,
        {
            "won_by": {1: None, 2: "NS", 3: None, 4: "NS"},
            "scores": [{"NS": 24, "EW": 0}, {"NS": 13, "EW": 2}],
        },
    )
