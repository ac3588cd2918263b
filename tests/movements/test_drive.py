"""``progressive``: the whist drive's movement, trumps, winners, scores and standings."""

from __future__ import annotations

from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorebook.movements import MovementError, drive_document, dumps, progressive
from scorebook.movements.drive import first_seating, next_seating, winners

# MOVEMENTS.md's example: one round of 8 players. At table 1 each side took 26 tricks and E-W
# took the last hand 8 to 5, so E-W won; at table 2 E-W won 34 to 18.
EXAMPLE = [[[7, 6, 8, 5], [4, 5, 4, 5]]]
EXAMPLE_TEXT = """\
{
  "format": "whist-drive/1",
  "players": 8,
  "hands": 4,
  "rounds": [
    {"round": 1, "games": [{"table": 1, "N": 1, "E": 2, "S": 3, "W": 4, \
"trumps": ["H", "C", "D", "S"], "tricks": {"NS": [7, 6, 8, 5], "EW": [6, 7, 5, 8]}, \
"winners": "EW"}, {"table": 2, "N": 5, "E": 6, "S": 7, "W": 8, \
"trumps": ["H", "C", "D", "S"], "tricks": {"NS": [4, 5, 4, 5], "EW": [9, 8, 9, 8]}, \
"winners": "EW"}]}
  ],
  "next": [
    {"table": 1, "N": 1, "E": 3, "S": 6, "W": 8},
    {"table": 2, "N": 5, "E": 7, "S": 2, "W": 4}
  ],
  "standings": [
    {"rank": 1, "player": 6, "score": 34, "hands": 4},
    {"rank": 1, "player": 8, "score": 34, "hands": 4},
    {"rank": 3, "player": 1, "score": 26, "hands": 4},
    {"rank": 3, "player": 2, "score": 26, "hands": 4},
    {"rank": 3, "player": 3, "score": 26, "hands": 4},
    {"rank": 3, "player": 4, "score": 26, "hands": 4},
    {"rank": 7, "player": 5, "score": 18, "hands": 4},
    {"rank": 7, "player": 7, "score": 18, "hands": 4}
  ]
}"""


def test_the_example_of_the_specification_byte_for_byte():
    assert dumps(drive_document(progressive(8, EXAMPLE))) == EXAMPLE_TEXT


def test_the_example_s_lines_as_the_specification_writes_them():
    text = dumps(drive_document(progressive(8, EXAMPLE)))
    for piece in (
        '"format": "whist-drive/1"',
        '"players": 8',
        '"hands": 4',
        '{"round": 1, "games": [{"table": 1, "N": 1, "E": 2, "S": 3, "W": 4,',
        '"trumps": ["H", "C", "D", "S"], "tricks": {"NS": [7, 6, 8, 5], "EW": [6, 7, 5, 8]},',
        '"winners": "EW"}',
        '{"table": 1, "N": 1, "E": 3, "S": 6, "W": 8}',
        '{"rank": 1, "player": 6, "score": 34, "hands": 4}',
    ):
        assert piece in text


@pytest.mark.parametrize(
    ("ns", "expected"),
    [
        ([7, 6, 8, 5], "EW"),  # 26 all: E-W took the last hand
        ([6, 7, 5, 8], "NS"),  # 26 all: N-S took the last hand
        ([13, 13, 0, 0], "EW"),  # 26 all, the last hand 13 to 0 for E-W
        ([7, 7, 7, 6], "NS"),  # 27 to 25, though E-W took the last hand
        ([6], "EW"),
        ([7], "NS"),
        ([13, 0, 0], "EW"),
    ],
)
def test_more_tricks_win_and_a_tie_goes_to_the_last_hand(ns, expected):
    assert winners(ns) == expected


def test_winners_move_up_and_losers_stay_stayers_north_and_east():
    seating = first_seating(12)
    assert seating == [(1, 2, 3, 4), (5, 6, 7, 8), (9, 10, 11, 12)]
    # table 1: N-S win, table 2: E-W win, table 3: N-S win
    assert next_seating(seating, ["NS", "EW", "NS"]) == [
        (2, 4, 9, 11),  # E-W of table 1 stayed; N-S of table 3 came round to table 1
        (5, 7, 1, 3),  # N-S of table 2 stayed; N-S of table 1 arrived (N before S)
        (10, 12, 6, 8),  # E-W of table 3 stayed; E-W of table 2 arrived (E before W)
    ]


def test_with_one_table_the_winners_come_back_to_south_and_west():
    assert next_seating([(1, 2, 3, 4)], ["NS"]) == [(2, 4, 1, 3)]
    assert next_seating([(1, 2, 3, 4)], ["EW"]) == [(1, 3, 2, 4)]


def test_the_trumps_run_on_over_the_whole_drive():
    drive = progressive(4, [[[7, 7, 7]], [[6, 6, 6]]], hands=3, trumps="HN")
    assert [game.trumps for (game,) in drive.rounds] == [("H", "N", "H"), ("N", "H", "N")]
    drive = progressive(4, [[[7] * 4]] * 3)
    assert [game.trumps for (game,) in drive.rounds] == [("H", "C", "D", "S")] * 3


def test_a_file_of_zero_rounds_gives_round_1_and_everyone_at_zero():
    doc = drive_document(progressive(8, []))
    assert doc["rounds"] == []
    assert doc["next"] == [
        {"table": 1, "N": 1, "E": 2, "S": 3, "W": 4},
        {"table": 2, "N": 5, "E": 6, "S": 7, "W": 8},
    ]
    assert doc["standings"] == [
        {"rank": 1, "player": p, "score": 0, "hands": 0} for p in range(1, 9)
    ]
    assert '"rounds": [],' in dumps(doc)


@st.composite
def drives(draw):
    players = 4 * draw(st.integers(1, 12))
    hands = draw(st.integers(1, 13))
    played = draw(st.integers(0, 5))
    tricks = st.lists(st.integers(0, 13), min_size=hands, max_size=hands)
    results = draw(
        st.lists(
            st.lists(tricks, min_size=players // 4, max_size=players // 4),
            min_size=played,
            max_size=played,
        )
    )
    trumps = draw(st.text(alphabet="HCDSN", min_size=1, max_size=6))
    return players, hands, trumps, results


@settings(max_examples=150, deadline=None)
@given(drives())
def test_every_drive_keeps_the_rules(drive_input):
    players, hands, trumps, results = drive_input
    drive = progressive(players, results, hands=hands, trumps=trumps)
    doc = drive_document(drive)
    seatings = [[(g["N"], g["E"], g["S"], g["W"]) for g in r["games"]] for r in doc["rounds"]]
    seatings.append([(s["N"], s["E"], s["S"], s["W"]) for s in doc["next"]])
    score = dict.fromkeys(range(1, players + 1), 0)
    for number, r in enumerate(doc["rounds"]):
        for t, g in enumerate(r["games"]):
            assert g["table"] == t + 1
            assert g["tricks"]["NS"] == results[number][t]
            assert [a + b for a, b in zip(g["tricks"]["NS"], g["tricks"]["EW"], strict=True)] == [
                13
            ] * hands
            first = number * hands
            assert g["trumps"] == [trumps[(first + i) % len(trumps)] for i in range(hands)]
            n, e, s, w = seatings[number][t]
            for player, side in ((n, "NS"), (s, "NS"), (e, "EW"), (w, "EW")):
                score[player] += sum(g["tricks"][side])
            _assert_moved(seatings, number, t, g["winners"])
    for seating in seatings:
        assert sorted(p for table in seating for p in table) == list(range(1, players + 1))
    for before, after in pairwise(seatings):
        assert not _partners(before) & _partners(after)  # everyone changes partner
    _assert_standings(doc["standings"], score, len(results) * hands)


def _partners(seating):
    return {frozenset(c) for n, e, s, w in seating for c in ((n, s), (e, w))}


def _assert_moved(seatings, number, t, won):
    n, e, s, w = seatings[number][t]
    stayed, moved = ((e, w), (n, s)) if won == "NS" else ((n, s), (e, w))
    here = seatings[number + 1][t]
    up = seatings[number + 1][(t + 1) % len(seatings[number])]
    assert here[:2] == stayed and up[2:] == moved


def _assert_standings(standings, score, hands):
    assert [line["player"] for line in standings] == sorted(score, key=lambda p: (-score[p], p))
    for line in standings:
        assert line["score"] == score[line["player"]] and line["hands"] == hands
        assert line["rank"] == 1 + sum(1 for v in score.values() if v > line["score"])


@pytest.mark.parametrize(
    ("players", "hands", "trumps", "message"),
    [
        (6, 4, "HCDS", "a multiple of 4 players, not 6"),
        (0, 4, "HCDS", "a multiple of 4 players, not 0"),
        (-4, 4, "HCDS", "a multiple of 4 players, not -4"),
        (404, 4, "HCDS", "at most 400 players, not 404"),
        (8, 0, "HCDS", "1 to 13 hands, not 0"),
        (8, 14, "HCDS", "1 to 13 hands, not 14"),
        (8, 4, "", "trumps must be letters among H, C, D, S and N, not ''"),
        (8, 4, "hcds", "not 'hcds'"),
        (8, 4, "HCX", "not 'HCX'"),
    ],
)
def test_numbers_that_make_no_drive_are_refused(players, hands, trumps, message):
    with pytest.raises(MovementError, match=message):
        progressive(players, [], hands=hands, trumps=trumps)


@pytest.mark.parametrize(
    ("results", "message"),
    [
        ({"rounds": []}, "the results' rounds must be a list"),
        ([[[7, 7, 7, 7]]], "round 1: 2 tables expected"),
        ([[[7, 7, 7, 7], [7, 7, 7, 7]], [[7, 7, 7, 7]]], "round 2: 2 tables expected"),
        ([[[7, 7, 7, 7], [7, 7, 7]]], r"round 1, table 2: 4 hands expected"),
        ([[[7, 7, 7, 7], 7]], r"round 1, table 2: 4 hands expected"),
        ([[[7, 7, 7, 14], [7, 7, 7, 7]]], "round 1, table 1, hand 4: .* not 14"),
        ([[[7, 7, 7, 7], [7, -1, 7, 7]]], "round 1, table 2, hand 2: .* not -1"),
        ([[[7, 7, 7, 7], [7, 7, True, 7]]], "round 1, table 2, hand 3: .* not true"),
        ([[[7.0, 7, 7, 7], [7, 7, 7, 7]]], "round 1, table 1, hand 1: .* not 7.0"),
        ([[[7, "7", 7, 7], [7, 7, 7, 7]]], "round 1, table 1, hand 2: .* not '7'"),
        ([[[7, 7, 7, None], [7, 7, 7, 7]]], "round 1, table 1, hand 4: .* not null"),
    ],
)
def test_results_that_do_not_fit_are_refused_naming_round_table_and_hand(results, message):
    with pytest.raises(MovementError, match=message):
        progressive(8, results)
