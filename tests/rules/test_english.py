"""english-short and english-long (docs/rules.md, English short whist, English long whist)."""

import pytest

from .helpers import check, deal, entries, not_scored, record, score, scored

ES = "english-short"
EL = "english-long"
H22 = (2, 2)  # honours divided: nobody scores


# ---------------------------------------------------------------- english-short: points


@pytest.mark.parametrize(
    "deals, exp",
    [
        # 9 tricks = 3 odd tricks at 1 point, below; honours 2-2 nothing; no game yet.
        ([deal(9, 4, H22)], {"below": {"NS": 3, "EW": 0}, "above": {"NS": 0, "EW": 0}}),
        # EW 7 tricks = 1; NS holds 3 honours = 2 (held, not captured); both below.
        ([deal(6, 7, (3, 1))], {"below": {"NS": 2, "EW": 1}}),
        # NS 7 tricks = 1; EW holds all 4 honours = 4.
        ([deal(7, 6, (0, 4))], {"below": {"NS": 1, "EW": 4}}),
        # NS took only its book (6): nothing for NS; EW's 7 tricks = 1.
        ([deal(6, 7, H22)], {"below": {"NS": 0, "EW": 1}}),
    ],
    ids=["odd-tricks", "three-honours-two", "four-honours-four", "book-scores-nothing"],
)
def test_english_short_scores_odd_tricks_and_honours_below(deals, exp):
    out = score(record(ES, deals))
    # the points below only decide games: total = game points = 0 while no game is won
    check(out, {**exp, "total": {"NS": 0, "EW": 0}, "games": [], "ns_net": 0})


def test_english_short_game_can_be_won_by_honours_alone():
    # G12: deal 1 NS 7 tricks -> 1. Deal 2: EW 7 tricks -> EW 1 (tricks first), then NS's
    # 4 honours -> NS 1+4 = 5: game to NS; EW at 1 -> double = 2 game points.
    out = score(record(ES, [deal(7, 6, H22), deal(6, 7, (4, 0))]))
    check(
        out,
        {
            "games": [("NS", "double", 2)],
            "scores": [{"NS": 5, "EW": 1}],
            "below": {"NS": 5, "EW": 1},
            "above": {"NS": 2, "EW": 0},
            "won_by": {1: None, 2: "NS"},
        },
    )
    below = [e for e in scored(out, 2) if e[1] == "below"]
    assert below == [("EW", "below", 1, "tricks"), ("NS", "below", 4, "honours")]
    assert ("NS", "above", 2, "game-bonus") in scored(out, 2)


def test_english_short_side_at_four_cannot_score_honours():
    # Law 4: NS at 4 (10 tricks). Deal 2: EW 8 tricks -> 2; NS's 4 honours barred (NS stood
    # at 4 at the start of the deal). No game.
    out = score(record(ES, [deal(10, 3, H22), deal(5, 8, (4, 0))]))
    check(out, {"below": {"NS": 4, "EW": 2}, "games": []})
    assert not [e for e in scored(out, 2) if e[0] == "NS"]


def test_english_short_side_reaching_four_during_the_deal_still_scores_honours():
    # NS at 2. Deal 2: 2 odd tricks -> 4, then 3 honours -> 6 (only the score at the START
    # of the deal bars honours): game to NS, EW 0 -> treble 3.
    out = score(record(ES, [deal(8, 5, H22), deal(8, 5, (3, 1))]))
    check(
        out,
        {
            "games": [("NS", "treble", 3)],
            "scores": [{"NS": 6, "EW": 0}],
            "below": {"NS": 6, "EW": 0},
            "above": {"NS": 3, "EW": 0},
        },
    )


def test_english_short_opponents_of_a_side_at_four_still_score_honours():
    # NS at 4; deal 2: EW 7 tricks -> 1 and EW's 3 honours -> 2 (EW started at 0).
    out = score(record(ES, [deal(10, 3, H22), deal(6, 7, (1, 3))]))
    check(out, {"below": {"NS": 4, "EW": 3}, "games": []})


def test_english_short_game_stops_scoring_mid_deal():
    # G11: NS at 4; deal 2: NS 7 tricks -> 5 = game (EW at 0: treble). EW's 3 honours come
    # later in the order and are written as not-scored (2 points as they would have been).
    out = score(record(ES, [deal(10, 3, H22), deal(7, 6, (1, 3))]))
    check(
        out,
        {
            "games": [("NS", "treble", 3)],
            "below": {"NS": 5, "EW": 0},
            "above": {"NS": 3, "EW": 0},
            "won_by": {2: "NS"},
        },
    )
    assert [e for e in scored(out, 2) if e[1] == "below"] == [("NS", "below", 1, "tricks")]
    assert [e[2] for e in not_scored(out, 2)] == [2]


def test_english_short_tricks_win_before_the_opponents_honours_count():
    # NS at 3; deal 2: NS 2 odd tricks -> 5 = game before EW's 4 honours are reached.
    # EW stays at 0 -> treble (with the honours counted first EW would be at 4: single).
    out = score(record(ES, [deal(9, 4, H22), deal(8, 5, (0, 4))]))
    check(out, {"games": [("NS", "treble", 3)], "below": {"NS": 5, "EW": 0}})
    assert [e[2] for e in not_scored(out, 2)] == [4]


def test_english_short_excess_beyond_five_is_lost_for_the_next_game():
    # NS at 4 makes 5 odd tricks -> 9: game (treble), the next game starts at 0 - 0; deal 3
    # NS 1 odd trick -> 1, no second game. All points written stay in totals.below.
    out = score(record(ES, [deal(10, 3, H22), deal(11, 2, H22), deal(7, 6, H22)]))
    check(
        out,
        {
            "games": [("NS", "treble", 3)],
            "scores": [{"NS": 9, "EW": 0}],
            "below": {"NS": 10, "EW": 0},
            "above": {"NS": 3, "EW": 0},
            "rubbers": [(False, None, {"NS": 1, "EW": 0})],
        },
    )


@pytest.mark.parametrize(
    "first, label, points",
    [
        (deal(6, 7, H22), "double", 2),  # losers at 1
        (deal(5, 8, H22), "double", 2),  # losers at 2
        (deal(4, 9, H22), "single", 1),  # losers at 3
        (deal(3, 10, H22), "single", 1),  # losers at 4
        (deal(6, 7, (4, 0)), "double", 2),  # losers at 1: NS's 4 honours made NS 4 only
    ],
    ids=["losers-1", "losers-2", "losers-3", "losers-4", "losers-1-winners-honours"],
)
def test_english_short_game_value_follows_the_losers_score(first, label, points):
    # §3.1: losers 0 treble / 1-2 double / 3-4 single. NS then makes 11 tricks (5 odd).
    out = score(record(ES, [first, deal(11, 2, H22)]))
    check(
        out,
        {
            "games": [("NS", label, points)],
            "above": {"NS": points, "EW": 0},
            "total": {"NS": points, "EW": 0},
        },
    )


def test_english_short_makes_no_slam_score():
    # §3.1 step 5: 13 tricks = 7 odd tricks below, nothing for a slam; game treble.
    out = score(record(ES, [deal(13, 0, H22)]))
    check(
        out,
        {
            "below": {"NS": 7, "EW": 0},
            "games": [("NS", "treble", 3)],
            "scores": [{"NS": 7, "EW": 0}],
        },
    )
    assert {e[3] for e in scored(out, 1)} == {"tricks", "game-bonus"}


def test_english_short_three_game_rubber_deducts_the_losers_game():
    # G13 / §3.1 step 7: NS treble (3), EW treble (3), NS treble (3) and the rubber (2):
    # NS 3+3+2 = 8 game points, EW 3; rubber value 8 - 3 = 5 to NS.
    out = score(record(ES, [deal(11, 2, H22), deal(2, 11, H22), deal(11, 2, H22)]))
    check(
        out,
        {
            "games": [("NS", "treble", 3), ("EW", "treble", 3), ("NS", "treble", 3)],
            "rubbers": [(True, "NS", {"NS": 2, "EW": 1})],
            "below": {"NS": 10, "EW": 5},
            "above": {"NS": 8, "EW": 3},
            "total": {"NS": 8, "EW": 3},
            "ns_net": 5,
        },
    )
    assert ("NS", "above", 2, "rubber-bonus") in scored(out, 3)


def test_english_short_bumper_rubber_is_worth_eight():
    # Two trebles and the rubber: 3 + 3 + 2 = 8, the "bumper".
    out = score(record(ES, [deal(11, 2, H22), deal(12, 1, H22)]))
    check(
        out,
        {
            "games": [("NS", "treble", 3), ("NS", "treble", 3)],
            "rubbers": [(True, "NS", {"NS": 2, "EW": 0})],
            "above": {"NS": 8, "EW": 0},
            "ns_net": 8,
        },
    )


def test_english_short_deal_after_a_finished_rubber_starts_a_new_rubber():
    # §8: rubber 1 NS 2-0 (3+3+2); deal 3 wins game 3 (numbered across the record) in rubber
    # 2, which is unfinished: its game counts (3) but no rubber bonus. NS 11, EW 0.
    out = score(record(ES, [deal(11, 2, H22), deal(11, 2, H22), deal(11, 2, H22)]))
    check(
        out,
        {
            "games": [("NS", "treble", 3)] * 3,
            "game_rubbers": [1, 1, 2],
            "rubbers": [(True, "NS", {"NS": 2, "EW": 0}), (False, None, {"NS": 1, "EW": 0})],
            "above": {"NS": 11, "EW": 0},
            "ns_net": 11,
        },
    )


def test_english_short_unfinished_rubber_counts_completed_games_only():
    # §5: one game each, no rubber bonus: NS treble 3, EW double 2 (NS at 1 when EW won:
    # deal 3 NS 7 tricks -> 1, deal 4 EW 11 tricks). Net 3 - 2 = 1.
    out = score(record(ES, [deal(11, 2, H22), deal(7, 6, H22), deal(2, 11, H22)]))
    check(
        out,
        {
            "games": [("NS", "treble", 3), ("EW", "double", 2)],
            "rubbers": [(False, None, {"NS": 1, "EW": 1})],
            "above": {"NS": 3, "EW": 2},
            "below": {"NS": 6, "EW": 5},
            "ns_net": 1,
        },
    )


def test_english_game_points_are_one_game_bonus_entry_above():
    # §8a.12: the game's value is one "above" entry "game-bonus" for the winner.
    out = score(record(ES, [deal(11, 2, H22)]))
    assert entries(out, 1) == [("NS", "below", 5, "tricks"), ("NS", "above", 3, "game-bonus")]


# ---------------------------------------------------------------- english-long


@pytest.mark.parametrize(
    "options, first, label, points",
    [
        # target 10: NS 7 + 3 = 10 with EW at 0: fewer than 5 -> double (no treble by default)
        (None, None, "double", 2),
        # trebleInLong: losers at 0 -> treble
        ({"trebleInLong": True}, None, "treble", 3),
        # EW at 4 (< 5) -> double, also with trebleInLong (4 is not love)
        ({"trebleInLong": True}, deal(3, 10, H22), "double", 2),
        # EW at 5 -> single
        (None, deal(2, 11, H22), "single", 1),
    ],
    ids=["love-double", "love-treble-option", "losers-4-double", "losers-5-single"],
)
def test_english_long_game_is_ten_and_value_follows_losers(options, first, label, points):
    deals = ([first] if first else []) + [deal(13, 0, H22), deal(9, 4, H22)]
    out = score(record(EL, deals, options))
    check(out, {"games": [("NS", label, points)], "above": {"NS": points, "EW": 0}})
    assert out["games"][0]["score"]["NS"] == 10


def test_english_long_side_at_nine_cannot_score_honours():
    # NS 7 + 2 = 9. Deal 3: EW 1 trick; NS's 3 honours barred at 9 (no game).
    out = score(record(EL, [deal(13, 0, H22), deal(8, 5, H22), deal(6, 7, (3, 1))]))
    check(out, {"below": {"NS": 9, "EW": 1}, "games": []})


def test_english_long_side_at_eight_scores_honours_only_by_calling():
    # NS 7 + 1 = 8, no call in deal 3: NS's 4 honours are not scored, EW 1 trick.
    out = score(record(EL, [deal(13, 0, H22), deal(7, 6, H22), deal(6, 7, (4, 0))]))
    check(out, {"below": {"NS": 8, "EW": 1}, "games": []})


@pytest.mark.parametrize(
    "hon, points",
    [((3, 1), 2), ((4, 0), 4)],
    ids=["three-honours", "four-honours"],
)
def test_english_long_successful_call_at_eight_wins_the_game_before_play(hon, points):
    # §8a.6: EW at 5, NS at 7 + 1 = 8. Deal 4: NS calls and holds 3 (4) honours -> +2 (+4)
    # -> 10 (12): game before play, no tricks needed; EW at 5 -> single.
    deals = [deal(2, 11, H22), deal(13, 0, H22), deal(7, 6, H22), deal(hon=hon, called="NS")]
    out = score(record(EL, deals))
    check(
        out,
        {
            "games": [("NS", "single", 1)],
            "scores": [{"NS": 8 + points, "EW": 5}],
            "below": {"NS": 8 + points, "EW": 5},
            "won_by": {4: "NS"},
        },
    )
    assert ("NS", "below", points, "honours") in scored(out, 4)


def test_english_long_tricks_after_a_successful_call_are_not_scored():
    # Decision: the tricks of a deal won by a call are written as not-scored (EW's 8 tricks
    # would have been 2); EW stays at 0 -> double.
    deals = [deal(13, 0, H22), deal(7, 6, H22), deal(5, 8, (3, 1), called="NS")]
    out = score(record(EL, deals))
    check(out, {"games": [("NS", "double", 2)], "below": {"NS": 10, "EW": 0}})
    assert not_scored(out, 3)
    assert 2 in [e[2] for e in not_scored(out, 3)]


@pytest.mark.parametrize(
    "last, exp_below",
    [
        # failed call (NS holds 2): deal played as usual, NS 7 tricks -> 9, no game
        (deal(7, 6, (2, 2), called="NS"), {"NS": 9, "EW": 0}),
        # failed call with NS holding 1: EW's 7 tricks -> 1 and EW's 3 honours -> 2 (EW at 0)
        (deal(6, 7, (1, 3), called="NS"), {"NS": 8, "EW": 3}),
    ],
    ids=["caller-tricks", "opponents-honours"],
)
def test_english_long_failed_call_scores_the_deal_as_usual(last, exp_below):
    out = score(record(EL, [deal(13, 0, H22), deal(7, 6, H22), last]))
    check(out, {"below": exp_below, "games": []})


def test_english_long_rubber_adds_two_game_points():
    # Two games at love: double 2 each (no treble by default), rubber 2: 2 + 2 + 2 = 6.
    deals = [deal(13, 0, H22), deal(9, 4, H22), deal(13, 0, H22), deal(9, 4, H22)]
    out = score(record(EL, deals))
    check(
        out,
        {
            "games": [("NS", "double", 2), ("NS", "double", 2)],
            "rubbers": [(True, "NS", {"NS": 2, "EW": 0})],
            "above": {"NS": 6, "EW": 0},
            "total": {"NS": 6, "EW": 0},
            "ns_net": 6,
        },
    )
