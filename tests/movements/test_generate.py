"""The generator's searches (``scorebook.movements.generate``), on numbers small enough to run
in a test: what they return is what the shipped designs rely on."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from scorebook.movements.generate import (
    INFINITY,
    Group,
    Matching,
    infinity_base_round,
    numbered,
    starter,
    three_out_search,
)
from scorebook.movements.individual import Designs, build, check_individual, opponent_counts


def opponent_differences(group, tables):
    return Counter(
        group.diff(x, y)
        for n, e, s, w in tables
        for x, y in ((n, e), (n, w), (s, e), (s, w))
        if INFINITY not in (x, y)
    )


@pytest.mark.parametrize("v", [15, 19, 23, 31])
def test_a_plan_with_three_out_is_found_and_keeps_the_rules(v):
    moduli, base = three_out_search(v, seed=v)
    assert moduli == (v,) and len(base) == (v - 3) // 4
    assert sorted(x for table in base for x in table) == list(range(3, v))  # 0, 1, 2 out
    plan = numbered(build(v, Designs({}, {}, {}, {}, {v: (moduli, tuple(base))})))
    check_individual(v, plan)  # partners at most once, opponents at most twice, sit-outs spread
    assert min(opponent_counts(plan)[c] for c in opponent_counts(plan)) >= 1
    assert len(opponent_counts(plan)) == v * (v - 1) // 2  # every two players oppose at least once


@pytest.mark.parametrize("seed", range(12))
def test_a_matching_with_slack_falls_short_by_at_most_the_slack(seed):
    """Twice each difference but for one (a starter on 16 of Z_19's players, 0, 1 and 2 out,
    leaves one class out of 9 and its tables give 16 opponent couples, two short of 18)."""
    group, rng = Group((19,)), random.Random(seed)
    tables = None
    for _ in range(200):  # a starter may have no matching: the next is tried
        skipped = rng.choice(group.classes)
        pairs = starter(group, range(3, 19), [k for k in group.classes if k != skipped], rng)
        if pairs is not None:
            need = {k: 2 for k in group.classes}
            tables = Matching(group, pairs, need, slack=1).search(100_000)
            if tables is not None:
                break
    assert tables is not None
    given = opponent_differences(group, tables)
    assert all(1 <= given[k] <= 2 for k in group.classes)


def test_a_matching_without_slack_meets_the_need_exactly():
    group = Group((11,))
    tables = infinity_base_round(group, seed=3)  # Wh(12): every difference twice an opponent's
    assert opponent_differences(group, tables) == {k: 2 for k in group.classes}
    plan = numbered(build(12, Designs({12: ((11,), tuple(tables))}, {}, {}, {}, {})))
    check_individual(12, plan)
