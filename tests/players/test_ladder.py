"""Club ladders (players.ladder): the three kinds, qualification, ordering, and their properties."""

from __future__ import annotations

import ast
import dataclasses
import subprocess
import sys
from collections import defaultdict
from datetime import date
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from openskill.models import PlackettLuce

from players.ladder import (
    Ladder,
    LadderError,
    Standing,
    TableResult,
    ladder_document,
    partners,
    rated_matches,
    rating_history,
    rating_history_from,
    session_results,
    standings,
)

LADDER = Path(__file__).resolve().parents[2] / "players" / "ladder.py"
D1, D2, D3, D4 = date(2024, 3, 1), date(2024, 3, 8), date(2024, 3, 15), date(2024, 3, 22)


def four(day, north, south, east, west, ns, winners=(), variant="russian"):
    """A partnership table where North-South won ``ns`` each and East-West paid it."""
    return TableResult(
        date=day,
        variant=variant,
        teams={"NS": (north, south), "EW": (east, west)},
        settlement={north: ns, south: ns, east: -ns, west: -ns},
        rubber_winners=tuple(winners),
        partnership=True,
    )


def three_handed(day, north, south, defender, ns, winners=()):
    """Three-handed play, West the dummy: East defends alone and carries his side double."""
    return TableResult(
        date=day,
        variant="russian",
        teams={"NS": (north, south), "EW": (defender,)},
        settlement={north: ns, south: ns, defender: -2 * ns},
        rubber_winners=tuple(winners),
        partnership=True,
    )


def prussian(day, north, south, amount, winners=()):
    return TableResult(
        date=day,
        variant="prussian",
        teams={"N": (north,), "S": (south,)},
        settlement={north: amount, south: -amount},
        rubber_winners=tuple(winners),
        partnership=False,
    )


def hussar(day, amounts, winners=()):
    """``amounts``: seat -> (player, settlement)."""
    return TableResult(
        date=day,
        variant="hussar",
        teams={seat: (player,) for seat, (player, _) in amounts.items()},
        settlement={player: amount for player, amount in amounts.values()},
        rubber_winners=tuple(winners),
        partnership=False,
    )


# Anna: +10 -4 +6   Vera: +10 +4 -6   Gleb: -10 +4 +6   Boris: -10 -4 -6
SEASON = [
    four(D1, "Anna", "Vera", "Boris", "Gleb", 10),
    four(D2, "Anna", "Boris", "Vera", "Gleb", -4),
    four(D3, "Anna", "Gleb", "Boris", "Vera", 6),
]


def lines(ladder):
    return [(s.rank, s.player, s.value, s.sessions, s.partners, s.qualified) for s in ladder]


@pytest.mark.parametrize(
    ("kind", "best", "expected"),
    [
        ("total", None, [("Anna", 12), ("Vera", 8), ("Gleb", 0), ("Boris", -20)]),
        ("average", None, [("Anna", 4), ("Vera", 8 / 3), ("Gleb", 0), ("Boris", -20 / 3)]),
        ("average", 2, [("Anna", 8), ("Vera", 7), ("Gleb", 5), ("Boris", -5)]),
        ("average", 1, [("Anna", 10), ("Vera", 10), ("Gleb", 6), ("Boris", -4)]),
        ("average", 3, [("Anna", 4), ("Vera", 8 / 3), ("Gleb", 0), ("Boris", -20 / 3)]),
        ("average", 9, [("Anna", 4), ("Vera", 8 / 3), ("Gleb", 0), ("Boris", -20 / 3)]),
    ],
)
def test_each_kind_gives_each_player_his_value(kind, best, expected):
    ladder = standings(SEASON, kind=kind, best=best)
    assert [(s.player, s.value) for s in ladder.standings] == [
        (player, pytest.approx(value, abs=1e-12)) for player, value in expected
    ]


def test_the_ladder_knows_its_kind_variant_and_number_of_sessions():
    ladder = standings(SEASON + [four(D1, "Zoe", "Yuri", "Xenia", "Wanda", 1)], kind="total")
    assert (ladder.kind, ladder.variant, ladder.sessions) == ("total", "russian", 3)


@pytest.mark.parametrize(("kind", "best"), [("total", None), ("average", 2), ("rating", None)])
def test_a_table_where_no_deal_scored_is_no_session(kind, best):
    # The table was started and its players seated, but no deal scored: it settles nothing,
    # finishes no rubber, and must not count as a session of result 0 (nor as a partnership).
    unplayed = dataclasses.replace(four(D4, "Anna", "Zoe", "Vera", "Gleb", 0), played=False)

    ladder = standings([*SEASON, unplayed], kind=kind, best=best)

    assert ladder == standings(SEASON, kind=kind, best=best)
    assert session_results([unplayed]) == {} and partners([unplayed]) == {}
    assert rating_history([unplayed]) == {} and rated_matches([unplayed]) == []


def test_a_ladder_of_unplayed_tables_only_keeps_its_variant_and_no_session():
    unplayed = dataclasses.replace(four(D1, "Anna", "Zoe", "Vera", "Gleb", 0), played=False)
    assert standings([unplayed], kind="total") == Ladder("total", "russian", 0, ())


def test_no_tables_make_an_empty_ladder_without_a_variant():
    assert standings([], kind="rating") == Ladder("rating", None, 0, ())


def test_a_session_result_adds_every_table_of_the_date():
    tables = [
        four(D1, "Anna", "Vera", "Boris", "Gleb", 10),
        four(D1, "Anna", "Boris", "Vera", "Gleb", 3),
        four(D2, "Anna", "Vera", "Boris", "Gleb", -2),
    ]
    assert session_results(tables)["Anna"] == {D1: 13, D2: -2}
    assert session_results(tables)["Gleb"] == {D1: -13, D2: 2}
    average = {s.player: s.value for s in standings(tables, kind="average").standings}
    assert average["Anna"] == 5.5  # (13 - 2) / 2 sessions, not / 3 tables


def test_partners_are_counted_by_table_and_standings_count_distinct_ones():
    tables = SEASON + [four(D4, "Anna", "Vera", "Boris", "Gleb", 1)]
    assert partners(tables)["Anna"] == {"Vera": 2, "Boris": 1, "Gleb": 1}
    ladder = standings(tables, kind="total")
    assert {s.player: s.partners for s in ladder.standings}["Anna"] == 3


@pytest.mark.parametrize(
    ("tables", "expected"),
    [
        (
            [three_handed(D1, "Anna", "Vera", "Boris", 5)],
            {"Anna": {"Vera": 1}, "Vera": {"Anna": 1}, "Boris": {}},
        ),
        ([prussian(D1, "Anna", "Boris", 7)], {"Anna": {}, "Boris": {}}),
        (
            [hussar(D1, {"N": ("A", 3), "E": ("B", -1), "S": ("C", -1), "W": ("D", -1)})],
            {"A": {}, "B": {}, "C": {}, "D": {}},
        ),
    ],
    ids=["three-handed defender", "prussian", "hussar"],
)
def test_who_has_no_partner(tables, expected):
    assert partners(tables) == expected


@pytest.mark.parametrize(
    ("tables", "options", "expected"),
    [
        pytest.param(
            SEASON + [four(D1, "Zoe", "Yuri", "Xenia", "Wanda", 50)],
            {"min_sessions": 2},
            [
                (1, "Anna", 12, 3, 3, True),
                (2, "Vera", 8, 3, 3, True),
                (3, "Gleb", 0, 3, 3, True),
                (4, "Boris", -20, 3, 3, True),
                (None, "Yuri", 50, 1, 1, False),
                (None, "Zoe", 50, 1, 1, False),
                (None, "Wanda", -50, 1, 1, False),
                (None, "Xenia", -50, 1, 1, False),
            ],
            id="too few sessions: after the qualified, without a rank",
        ),
        pytest.param(
            SEASON + [four(D1, "Zoe", "Yuri", "Xenia", "Wanda", 50)],
            {"min_sessions": 1},
            [
                (1, "Yuri", 50, 1, 1, True),
                (1, "Zoe", 50, 1, 1, True),
                (3, "Anna", 12, 3, 3, True),
                (4, "Vera", 8, 3, 3, True),
                (5, "Gleb", 0, 3, 3, True),
                (6, "Boris", -20, 3, 3, True),
                (7, "Wanda", -50, 1, 1, True),
                (7, "Xenia", -50, 1, 1, True),
            ],
            id="one session is enough by default",
        ),
        pytest.param(
            [
                four(D1, "Anna", "Vera", "Boris", "Gleb", 10),
                four(D2, "Anna", "Vera", "Boris", "Gleb", 10),
                four(D3, "Anna", "Boris", "Zoe", "Yuri", 1),
            ],
            {"min_partners": 2},
            [
                (1, "Anna", 21, 3, 2, True),
                (2, "Boris", -19, 3, 2, True),
                (None, "Vera", 20, 2, 1, False),
                (None, "Yuri", -1, 1, 1, False),
                (None, "Zoe", -1, 1, 1, False),
                (None, "Gleb", -20, 2, 1, False),
            ],
            id="too few partners",
        ),
        pytest.param(
            [three_handed(D1, "Anna", "Vera", "Boris", 5)],
            {"min_partners": 1},
            [
                (1, "Anna", 5, 1, 1, True),
                (1, "Vera", 5, 1, 1, True),
                (None, "Boris", -10, 1, 0, False),
            ],
            id="a three-handed defender has no partner to count",
        ),
        pytest.param(
            [prussian(D1, "Anna", "Boris", 7), prussian(D2, "Boris", "Anna", 2)],
            {"min_partners": 3},
            [(1, "Anna", 5, 2, 0, True), (2, "Boris", -5, 2, 0, True)],
            id="prussian: min_partners does not apply",
        ),
        pytest.param(
            [hussar(D1, {"N": ("A", 3), "E": ("B", -1), "S": ("C", -1), "W": ("D", -1)})],
            {"min_partners": 1},
            [
                (1, "A", 3, 1, 0, True),
                (2, "B", -1, 1, 0, True),
                (2, "C", -1, 1, 0, True),
                (2, "D", -1, 1, 0, True),
            ],
            id="hussar: min_partners does not apply",
        ),
        pytest.param(
            SEASON,
            {"min_sessions": 0, "min_partners": 0},
            [
                (1, "Anna", 12, 3, 3, True),
                (2, "Vera", 8, 3, 3, True),
                (3, "Gleb", 0, 3, 3, True),
                (4, "Boris", -20, 3, 3, True),
            ],
            id="no requirement",
        ),
    ],
)
def test_qualification_ranks_and_order(tables, options, expected):
    assert lines(standings(tables, kind="total", **options).standings) == expected


@pytest.mark.parametrize(
    ("tables", "expected"),
    [
        pytest.param(
            [
                four(D1, "Anna", "Vera", "Boris", "Gleb", 10),
                four(D2, "Anna", "Boris", "Vera", "Gleb", -10),
            ],
            [("Vera", 1), ("Anna", 2), ("Gleb", 2), ("Boris", 4)],
            id="equal values share a rank: 1, 2, 2, 4",
        ),
        pytest.param(
            [
                four(D1, "Anna", "Vera", "Boris", "Gleb", 0),
                four(D2, "Zoe", "Yuri", "Boris", "Gleb", 0),
                four(D3, "Zoe", "Yuri", "Boris", "Gleb", 0),
            ],
            [("Boris", 1), ("Gleb", 1), ("Yuri", 1), ("Zoe", 1), ("Anna", 1), ("Vera", 1)],
            id="at equal value, more sessions first, then the name",
        ),
        pytest.param(
            [four(D1, "anna", "Émile", "Anna", "Zoe", 0)],
            [("Anna", 1), ("Zoe", 1), ("anna", 1), ("Émile", 1)],
            id="names in code-point order",
        ),
        pytest.param(
            [
                four(D1, "Anna", "Vera", "Boris", "Gleb", 0.1),
                four(D2, "Anna", "Vera", "Boris", "Gleb", 0.2),
                four(D1, "Zoe", "Yuri", "Xenia", "Wanda", 0.3),
            ],
            [("Anna", 1), ("Vera", 1), ("Yuri", 1), ("Zoe", 1)],
            id="0.1 + 0.2 ties with 0.3",
        ),
    ],
)
def test_ties_and_ordering(tables, expected):
    ladder = standings(tables, kind="total")
    assert [(s.player, s.rank) for s in ladder.standings][: len(expected)] == expected


def test_a_higher_value_beats_more_sessions():
    tables = [
        four(D1, "Anna", "Vera", "Boris", "Gleb", 1),
        four(D2, "Anna", "Vera", "Boris", "Gleb", 1),
        four(D1, "Zoe", "Yuri", "Xenia", "Wanda", 5),
    ]
    ladder = standings(tables, kind="average")
    assert [s.player for s in ladder.standings[:4]] == ["Yuri", "Zoe", "Anna", "Vera"]


def test_equal_averages_of_decimal_amounts_share_a_rank():
    tables = [  # (0.1 + 0.2 + 0) / 3 and (0.3 + 0 + 0) / 3 differ in floating point
        four(D1, "Anna", "Vera", "Boris", "Gleb", 0.1),
        four(D2, "Anna", "Vera", "Boris", "Gleb", 0.2),
        four(D3, "Anna", "Vera", "Boris", "Gleb", 0),
        four(D1, "Zoe", "Yuri", "Xenia", "Wanda", 0.3),
        four(D2, "Zoe", "Yuri", "Xenia", "Wanda", 0),
        four(D3, "Zoe", "Yuri", "Xenia", "Wanda", 0),
    ]
    ranks = {s.player: s.rank for s in standings(tables, kind="average").standings}
    assert ranks["Anna"] == ranks["Zoe"] == 1


@pytest.mark.parametrize("kind", ["total", "average", "rating"])
def test_a_table_of_another_variant_is_refused_naming_it(kind):
    tables = SEASON[:2] + [prussian(D3, "Anna", "Boris", 1)] + SEASON[2:]
    with pytest.raises(LadderError) as caught:
        standings(tables, kind=kind)
    assert caught.value.index == 2
    assert str(caught.value) == "table 3: variant 'prussian', but the ladder is 'russian'"


@pytest.mark.parametrize(
    ("table", "message"),
    [
        (
            TableResult(D1, "russian", {"NS": ("A", "B"), "EW": ("A", "C")}, {}, (), True),
            "a player sits on two sides or twice on one side",
        ),
        (
            TableResult(D1, "russian", {"NS": ("A", "B"), "EW": ("C", "D")}, {"A": 1}, (), True),
            "the settlement does not name exactly the seated players",
        ),
        (
            TableResult(
                D1, "prussian", {"N": ("A",), "S": ("B",)}, {"A": 1, "B": -1}, ("NS",), False
            ),
            "rubber winner 'NS' is not a side of the table",
        ),
        (
            TableResult(
                D1, "prussian", {"N": ("A",), "S": ("B",)}, {"A": float("nan"), "B": 0}, (), False
            ),
            "the settlement of 'A' is not a finite number: nan",
        ),
    ],
)
def test_a_table_that_does_not_add_up_is_refused(table, message):
    with pytest.raises(LadderError, match=f"^table 1: {message}$"):
        standings([table], kind="total")


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"kind": "median"}, "kind must be one of total, average, rating"),
        ({"kind": "total", "best": 2}, "best applies to the average kind only"),
        ({"kind": "average", "best": 0}, "best must be at least 1"),
        ({"kind": "total", "min_sessions": -1}, "min_sessions must be 0 or more"),
        ({"kind": "total", "min_partners": -1}, "min_partners must be 0 or more"),
    ],
)
def test_bad_options_are_refused(options, message):
    with pytest.raises(ValueError, match=message):
        standings(SEASON, **options)


# ---------------------------------------------------------------------------------------------
# Rating


def test_the_rating_is_openskill_plackett_luce_over_every_finished_rubber():
    tables = [
        four(D2, "Anna", "Boris", "Vera", "Gleb", -3, winners=["EW"]),
        four(D1, "Anna", "Vera", "Boris", "Gleb", 8, winners=["NS", "NS"]),
    ]
    model = PlackettLuce()
    anna, vera, boris, gleb = (model.rating() for _ in range(4))
    for _ in range(2):  # D1 first: two rubbers to Anna and Vera
        [anna, vera], [boris, gleb] = model.rate([[anna, vera], [boris, gleb]], ranks=[1, 2])
    [anna, boris], [vera, gleb] = model.rate([[anna, boris], [vera, gleb]], ranks=[2, 1])
    expected = {
        "Anna": anna.ordinal(),
        "Vera": vera.ordinal(),
        "Boris": boris.ordinal(),
        "Gleb": gleb.ordinal(),
    }

    ladder = standings(tables, kind="rating")
    assert {s.player: s.value for s in ladder.standings} == pytest.approx(expected, abs=1e-9)
    assert [s.player for s in ladder.standings] == sorted(expected, key=lambda p: -expected[p])
    assert [d for d, _ in rating_history(tables)["Anna"]] == [D1, D1, D2]


def test_rubbers_are_rated_by_date_then_in_the_order_given_then_in_record_order():
    tables = [
        four(D2, "A", "B", "C", "D", 1, winners=["NS"], variant="english-short"),
        four(D1, "E", "F", "G", "H", 1, winners=["EW", "NS"], variant="english-short"),
        four(D1, "I", "J", "K", "L", 1, winners=["NS"], variant="english-short"),
    ]
    assert rated_matches(tables) == [
        (D1, [("E", "F"), ("G", "H")], [2, 1]),
        (D1, [("E", "F"), ("G", "H")], [1, 2]),
        (D1, [("I", "J"), ("K", "L")], [1, 2]),
        (D2, [("A", "B"), ("C", "D")], [1, 2]),
    ]


def test_the_winner_ranks_first_and_every_other_team_second():
    table = hussar(D1, {"N": ("A", -1), "E": ("B", 3), "S": ("C", -1), "W": ("D", -1)}, ["E"])
    assert rated_matches([table]) == [(D1, [("A",), ("B",), ("C",), ("D",)], [2, 1, 2, 2])]
    three = three_handed(D1, "Anna", "Vera", "Boris", -5, winners=["EW"])
    assert rated_matches([three]) == [(D1, [("Anna", "Vera"), ("Boris",)], [2, 1])]


def test_a_table_without_a_finished_rubber_leaves_the_ratings_at_the_start():
    ladder = standings([four(D1, "Anna", "Vera", "Boris", "Gleb", 12)], kind="rating")
    assert [(s.rank, s.value) for s in ladder.standings] == [(1, pytest.approx(0, abs=1e-9))] * 4
    assert rating_history([four(D1, "Anna", "Vera", "Boris", "Gleb", 12)])["Anna"] == []


def test_partners_sharing_every_rubber_share_a_rating_and_a_rank():
    ladder = standings(
        [four(D1, "Anna", "Vera", "Boris", "Gleb", 1, winners=["NS", "EW", "NS"])], kind="rating"
    )
    assert [s.rank for s in ladder.standings] == [1, 1, 3, 3]


def test_equal_ratings_reached_along_different_float_paths_share_a_rank():
    # Two hussar tables telling the same story with the players seated differently: West, East
    # and then North win at the first; the same players win at the second from North, South, East.
    first = hussar(D1, {"N": ("A", 0), "E": ("B", 0), "S": ("C", 0), "W": ("D", 0)}, "WEN")
    second = hussar(D1, {"N": ("d", 0), "E": ("a", 0), "S": ("b", 0), "W": ("c", 0)}, "NSE")
    ladder = standings([first, second], kind="rating")
    value = {s.player: s.value for s in ladder.standings}
    rank = {s.player: s.rank for s in ladder.standings}
    assert value["D"] != value["d"]  # by a few units in the last place
    assert value["D"] == pytest.approx(value["d"], abs=1e-12)
    assert rank["D"] == rank["d"] and rank["A"] == rank["a"] and rank["C"] == rank["c"]


# ---------------------------------------------------------------------------------------------
# The JSON document


def test_the_document_is_whist_ladder_1():
    ladder = standings(SEASON, kind="average", best=2, min_sessions=4)
    assert ladder_document(ladder, name=str.upper) == {
        "format": "whist-ladder/1",
        "kind": "average",
        "variant": "russian",
        "sessions": 3,
        "standings": [
            {
                "rank": None,
                "player": "ANNA",
                "value": 8.0,
                "sessions": 3,
                "partners": 3,
                "qualified": False,
            },
            {
                "rank": None,
                "player": "VERA",
                "value": 7.0,
                "sessions": 3,
                "partners": 3,
                "qualified": False,
            },
            {
                "rank": None,
                "player": "GLEB",
                "value": 5.0,
                "sessions": 3,
                "partners": 3,
                "qualified": False,
            },
            {
                "rank": None,
                "player": "BORIS",
                "value": -5.0,
                "sessions": 3,
                "partners": 3,
                "qualified": False,
            },
        ],
    }


def test_players_can_be_any_key_and_are_ordered_by_the_name_given():
    names = {1: "Zoe", 2: "Anna", 3: "Yuri", 4: "Boris"}
    ladder = standings([four(D1, 1, 2, 3, 4, 0)], kind="total", name=names.__getitem__)
    assert [s.player for s in ladder.standings] == [2, 4, 3, 1]
    assert isinstance(ladder.standings[0], Standing)


# ---------------------------------------------------------------------------------------------
# Properties

CAST = ("Anna", "Boris", "Vera", "Gleb", "Denis", "Ilya")
amounts = st.integers(-200, 200).map(lambda n: n / 2)  # the engine's amounts: whole or halves


@st.composite
def tables(draw, dates=(D1, D2, D3, D4)):
    seated = draw(st.permutations(CAST))[:4]
    return four(
        draw(st.sampled_from(dates)),
        *seated,
        draw(amounts),
        winners=draw(st.lists(st.sampled_from(["NS", "EW"]), max_size=3)),
    )


seasons = st.lists(tables(), min_size=1, max_size=12)


@settings(max_examples=200, deadline=None)
@given(seasons)
def test_the_total_is_the_sum_of_every_settlement(season):
    expected = defaultdict(float)
    for table in season:
        for player, amount in table.settlement.items():
            expected[player] += amount
    ladder = standings(season, kind="total")
    assert {s.player: s.value for s in ladder.standings} == pytest.approx(dict(expected))


@settings(max_examples=200, deadline=None)
@given(seasons, st.randoms(use_true_random=False), st.sampled_from(["total", "average"]))
def test_total_and_average_do_not_depend_on_the_order_of_the_tables(season, random, kind):
    shuffled = list(season)
    random.shuffle(shuffled)
    options = {"best": 2} if kind == "average" else {}
    assert standings(shuffled, kind=kind, **options) == standings(season, kind=kind, **options)


@settings(max_examples=200, deadline=None)
@given(st.lists(tables(dates=(D2,)), min_size=1, max_size=8))
def test_a_season_of_one_session_gives_the_same_total_and_average(season):
    total = standings(season, kind="total")
    average = standings(season, kind="average")
    assert total.sessions == average.sessions == 1
    assert lines(total.standings) == lines(average.standings)


@settings(max_examples=100, deadline=None)
@given(seasons, st.randoms(use_true_random=False))
def test_the_rating_depends_on_the_order_of_tables_within_a_date_only(season, random):
    by_date = defaultdict(list)
    for table in season:
        by_date[table.date].append(table)
    interleaved = []  # the dates mixed at random, each date's tables still in their order
    while by_date:
        day = random.choice(sorted(by_date))
        interleaved.append(by_date[day].pop(0))
        if not by_date[day]:
            del by_date[day]
    assert standings(interleaved, kind="rating") == standings(season, kind="rating")


@settings(max_examples=200, deadline=None)
@given(seasons, st.integers(0, 12))
def test_a_rating_cut_in_two_at_any_table_is_the_same_to_the_last_bit(season, cut):
    """The player's page rates a long history in parts (scorebook.clubs.standings), each
    carried on from the ratings the one before it left: the same floats as in one go."""
    ordered = sorted(season, key=lambda table: table.date)  # as the tables come, by date
    earlier, later = ordered[:cut], ordered[cut:]
    whole = rating_history(ordered)

    first, ratings = rating_history_from(earlier, {})
    kept = dict(ratings)
    second, after = rating_history_from(later, ratings)

    assert ratings == kept  # not changed
    joined = {p: first.get(p, []) + second.get(p, []) for p in {*first, *second}}
    assert joined == whole
    last = {p: h[-1][1] for p, h in whole.items() if h}
    model = PlackettLuce()
    assert {
        p: model.rating(mu=mu, sigma=sigma).ordinal() for p, (mu, sigma) in after.items()
    } == last


# ---------------------------------------------------------------------------------------------
# The architecture


def test_the_ladder_module_imports_the_standard_library_and_openskill_only():
    tree = ast.parse(LADDER.read_text(), filename=str(LADDER))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            assert not node.level, "ladder.py makes no relative import"
            names = [node.module or ""]
        else:
            continue
        for name in names:
            top = name.split(".")[0]
            assert top in sys.stdlib_module_names or top in ("__future__", "openskill"), name


def test_computing_a_ladder_loads_no_django_and_no_scorebook():
    code = (
        "import sys, datetime as d;"
        "from players.ladder import TableResult, standings, ladder_document;"
        "t = TableResult(d.date(2024, 3, 1), 'russian', {'NS': ('A', 'B'), 'EW': ('C', 'D')},"
        " {'A': 1, 'B': 1, 'C': -1, 'D': -1}, ('NS',), True);"
        "[ladder_document(standings([t], kind=k)) for k in ('total', 'average', 'rating')];"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('django', 'scorebook')];"
        "print(bad); sys.exit(1 if bad else 0)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=LADDER.parents[1],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
