"""The generator's searches (``scorebook.movements.generate``), on numbers small enough to run
in a test: what they return is what the shipped designs rely on."""

from __future__ import annotations

import random
import shutil
from collections import Counter

import pytest

from scorebook.movements.generate import (
    INFINITY,
    Group,
    Matching,
    c_base_round,
    infinity_base_round,
    numbered,
    starter,
    three_out_search,
)
from scorebook.movements.individual import Designs, build, check_individual, opponent_counts

needs_a_c_compiler = pytest.mark.skipif(
    not (shutil.which("cc") or shutil.which("gcc")), reason="no C compiler (cc or gcc)"
)


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


@needs_a_c_compiler
@pytest.mark.parametrize("v", [8, 12, 24, 32])
def test_the_search_in_c_finds_a_whist_tournament_and_finds_it_again(v):
    """cyclic_search.c (the search behind the 60-player design), on numbers it answers at once:
    a base round on Z_(v-1) plus ∞ that makes a whist tournament, the same on a second run."""
    tables = c_base_round(v, seed=5, nodes=100_000, starters=2_000)
    assert len(tables) == v // 4 and (INFINITY, 0) in [(n, s) for n, _e, s, _w in tables]
    assert sorted(x for table in tables for x in table) == [INFINITY, *range(v - 1)]
    plan = numbered(build(v, Designs({v: ((v - 1,), tuple(tables))}, {}, {}, {}, {})))
    check_individual(v, plan)  # partners exactly once, opponents exactly twice
    assert c_base_round(v, seed=5, nodes=100_000, starters=2_000) == tables


@needs_a_c_compiler
def test_the_search_in_c_says_when_it_finds_nothing():
    with pytest.raises(RuntimeError, match="no base round for 23 . 1 players in 1 starters"):
        c_base_round(24, seed=5, nodes=1, starters=1)
