"""hussar (docs/rules.md, Hussar whist; decisions: slams as russian, rubber 20, book 3)."""

import pytest

from .helpers import check, hdeal, record, rv, score

HU = "hussar"
NONE5 = (2, 2, 1, 0)  # nobody holds 3 honours


def z(**kw):
    return {"N": 0, "E": 0, "S": 0, "W": 0, **kw}


@pytest.mark.parametrize(
    "tricks, hon, below, above",
    [
        # book 3 per player: N 5 tricks = 2 over x 2 = 4; N holds 3 honours -> 2
        ((5, 3, 3, 2), (3, 1, 1, 0), z(N=4), z(N=2)),
        ((4, 4, 3, 2), NONE5, z(N=2, E=2), z()),
        ((4, 3, 3, 3), (4, 1, 0, 0), z(N=2), z(N=4)),
        ((4, 3, 3, 3), (5, 0, 0, 0), z(N=2), z(N=6)),
        ((4, 3, 3, 3), (1, 1, 3, 0), z(N=2), z(S=2)),
    ],
)
def test_hussar_scores_tricks_beyond_three_and_honours_per_player(tricks, hon, below, above):
    out = score(record(HU, [hdeal(tricks, hon)]))
    check(out, {"below": below, "above": above, "games": []})


def test_hussar_exact_tie_for_the_lead_at_ten_is_no_game():
    # N 6 + 4 = 10 and E 6 + 4 = 10: tie, play on. Deal 3: N 14, E 12: N wins; highest loser
    # E 12 (>= 5) -> single.
    deals = [hdeal((6, 6, 1, 0), NONE5), hdeal((5, 5, 2, 1), NONE5), hdeal((5, 4, 2, 2), NONE5)]
    out = score(record(HU, deals))
    check(
        out,
        {
            "games": [("N", "single", 0)],
            "scores": [z(N=14, E=12)],
            "won_by": {2: None, 3: "N"},
            "below": z(N=14, E=12),
        },
    )


def test_hussar_highest_of_several_players_over_ten_wins_and_all_scores_reset():
    # N 6 + 6 = 12, E 6 + 4 = 10: N wins (E 10 -> single); all below reset, so deal 3's
    # E +2 does not give E a game.
    deals = [hdeal((6, 6, 1, 0), NONE5), hdeal((6, 5, 1, 1), NONE5), hdeal((3, 4, 3, 3), NONE5)]
    out = score(record(HU, deals))
    check(out, {"games": [("N", "single", 0)], "scores": [z(N=12, E=10)], "below": z(N=12, E=12)})


def test_hussar_rubber_and_pairwise_settlement():
    # N wins two games (9 tricks = 12 each): below 24, rubber 20: total 44, others 0.
    # net_i = 4 x total_i - 44.
    out = score(record(HU, [hdeal((9, 2, 1, 1), NONE5)] * 2))
    check(
        out,
        {
            "games": [("N", "treble", 0)] * 2,
            "rubbers": [(True, "N", z(N=2))],
            "total": z(N=44),
            "sides": {"N": 132, "E": -44, "S": -44, "W": -44},
            "players": {"N": 132, "E": -44, "S": -44, "W": -44},
        },
    )


def test_hussar_rubber_goes_to_the_first_player_with_two_games():
    # Games N, E, S, N: N's second game ends the rubber. Totals N 24 + 20, E 12, S 12, W 0
    # (sum 68): N 176 - 68 = 108, E and S 48 - 68 = -20, W -68.
    deals = [
        hdeal((9, 2, 1, 1), NONE5),
        hdeal((2, 9, 1, 1), NONE5),
        hdeal((1, 1, 9, 2), NONE5),
        hdeal((9, 2, 1, 1), NONE5),
    ]
    out = score(record(HU, deals))
    check(
        out,
        {
            "games": [
                ("N", "treble", 0),
                ("E", "treble", 0),
                ("S", "treble", 0),
                ("N", "treble", 0),
            ],
            "rubbers": [(True, "N", {"N": 2, "E": 1, "S": 1, "W": 0})],
            "total": {"N": 44, "E": 12, "S": 12, "W": 0},
            "sides": {"N": 108, "E": -20, "S": -20, "W": -68},
        },
    )


@pytest.mark.parametrize(
    "options, tricks, hon, below, above",
    [
        # book 6: only N's 7th trick counts
        ({"book": 6}, (7, 3, 2, 1), NONE5, z(N=2), z()),
        ({"book": 0}, (4, 3, 3, 3), NONE5, z(N=8, E=6, S=6, W=6), z()),
        # honours off: no honours field, nothing above
        ({"honourSet": "none"}, (5, 3, 3, 2), None, z(N=4), z()),
        # slams as in traditional (russian) whist: 13 tricks = 20 below (game), honours 6
        # and the grand slam 20 above; 12 tricks = 18 below and the small slam 10
        (None, (13, 0, 0, 0), (5, 0, 0, 0), z(N=20), z(N=26)),
        (None, (12, 1, 0, 0), (5, 0, 0, 0), z(N=18), z(N=16)),
        ({"smallSlam": 0, "grandSlam": 0}, (13, 0, 0, 0), (5, 0, 0, 0), z(N=20), z(N=6)),
        ({"pointsPerOddTrick": 1}, (5, 3, 3, 2), NONE5, z(N=2), z()),
    ],
    ids=["book-6", "book-0", "honours-off", "grand-slam", "small-slam", "slams-off", "one-point"],
)
def test_hussar_options(options, tricks, hon, below, above):
    out = score(record(HU, [hdeal(tricks, hon)], options))
    check(out, {"below": below, "above": above})


def test_hussar_rubber_bonus_option():
    out = score(record(HU, [hdeal((9, 2, 1, 1), NONE5)] * 2, {"rubberBonus": 30}))
    check(out, {"total": z(N=54), "sides": {"N": 162, "E": -54, "S": -54, "W": -54}})


def test_hussar_revoke_adds_three_to_each_other_player_and_caps_the_revoker():
    # E revokes: N, S, W +3; E's 8 tricks = 10 -> capped at 9. Totals 3/9/3/3 (sum 18).
    out = score(record(HU, [hdeal((2, 8, 2, 1), NONE5, revokes=[rv("E")])]))
    check(
        out,
        {
            "below": z(N=3, E=9, S=3, W=3),
            "games": [],
            "sides": {"N": -6, "E": 18, "S": -6, "W": -6},
        },
    )


def test_hussar_revoke_points_can_win_a_game_for_another_player():
    # N 8; E revokes: N 8 + 3 + 2 = 13 -> game; S 3, W 3, E 0: highest loser 3 -> double.
    deals = [hdeal((7, 2, 2, 2), NONE5), hdeal((4, 3, 3, 3), NONE5, revokes=[rv("E", "add")])]
    out = score(record(HU, deals))
    check(
        out,
        {"games": [("N", "double", 0)], "scores": [z(N=13, S=3, W=3)], "below": z(N=13, S=3, W=3)},
    )
