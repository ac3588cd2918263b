"""Rubbers expected against rubbers won (players/ladder.py): OpenSkill's win prediction per
rubber, from the ratings before it, summed by night. Views on the rating, which ranks as
before."""

from __future__ import annotations

import datetime

from hypothesis import given
from hypothesis import strategies as st

from players.ladder import (
    TableResult,
    night_surprises,
    rating_history,
    rating_points_from,
    win_expectations,
)

D1, D2 = datetime.date(2026, 9, 4), datetime.date(2026, 9, 11)
rating = st.tuples(st.floats(0, 50), st.floats(0.5, 10))


@given(st.lists(rating, min_size=2, max_size=2), st.lists(rating, min_size=2, max_size=2))
def test_the_two_pairs_expectations_of_a_rubber_add_up_to_one(ns, ew):
    chances = win_expectations([ns, ew])
    assert abs(sum(chances) - 1) < 1e-9 and all(0 <= c <= 1 for c in chances)


@given(st.lists(rating, min_size=4, max_size=4))
def test_hussars_four_expectations_add_up_to_one(players):
    chances = win_expectations([[p] for p in players])
    assert len(chances) == 4 and abs(sum(chances) - 1) < 1e-9


def table(date, ns, ew, winners, variant="russian"):
    return TableResult(
        date=date,
        variant=variant,
        teams={"NS": ns, "EW": ew},
        settlement=dict.fromkeys(ns + ew, 0),
        rubber_winners=tuple(winners),
        partnership=True,
    )


def test_the_weaker_pair_winning_is_a_positive_surprise_for_them():
    # Night 1: Anna and Boris beat Vera and Gleb three times: the stronger pair.
    first = table(D1, ("Anna", "Boris"), ("Vera", "Gleb"), ["NS", "NS", "NS"])
    # Night 2: the weaker pair wins.
    second = table(D2, ("Anna", "Boris"), ("Vera", "Gleb"), ["EW"])
    points, _after = rating_points_from([first, second], {})
    vera = {n.date: n for n in night_surprises(points["Vera"])}
    anna = {n.date: n for n in night_surprises(points["Anna"])}
    assert vera[D2].won == 1 and vera[D2].expected < 0.5 and vera[D2].surprise > 0.5
    assert anna[D2].won == 0 and anna[D2].surprise < -0.5
    assert abs(vera[D2].expected + anna[D2].expected - 1) < 1e-9
    # The first rubber of all was between equal pairs: half a rubber expected each.
    assert points["Anna"][0].expected == 0.5 and points["Anna"][0].won


@given(st.lists(st.sampled_from(["NS", "EW"]), min_size=1, max_size=12))
def test_the_points_are_the_history_and_each_rubbers_two_expectations_add_up_to_one(winners):
    tables = [table(D1, ("Anna", "Boris"), ("Vera", "Gleb"), winners[:3]),
              table(D2, ("Anna", "Vera"), ("Boris", "Gleb"), winners[3:])]  # fmt: skip
    points, _after = rating_points_from(tables, {})
    history = rating_history(tables)
    for player, line in points.items():
        assert [(p.date, p.ordinal) for p in line] == history[player]  # the same floats
        assert all(abs(p.ordinal - (p.mu - 3 * p.sigma)) < 1e-9 for p in line)
    for i in range(len(winners)):
        anna, gleb = points["Anna"][i], points["Gleb"][i]  # never partners
        assert abs(anna.expected + gleb.expected - 1) < 1e-9
        assert anna.won != gleb.won
    nights = night_surprises(points["Anna"])
    assert sum(n.rubbers for n in nights) == len(winners)
    assert abs(sum(n.surprise for n in nights)) <= len(winners)
