"""``pairs`` plans: a round robin of fixed pairs, N-S turns balanced in every prefix."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorebook.movements import MovementError, pairs, pairs_document

COUNTS = range(2, 33)


def full_rounds(p):
    return p - 1 if p % 2 == 0 else p


def document(p, rounds=None):
    return pairs_document(pairs(p, rounds))


def assert_round_robin_rules(doc, p):
    """Shape, meetings at most once, sit-outs at most once, N-S turns balanced at every step,
    and the reported spans, all counted from the document."""
    meetings, north, played, out = Counter(), Counter(), Counter(), Counter()
    for number, r in enumerate(doc["rounds"], start=1):
        assert r["round"] == number
        assert [g["table"] for g in r["games"]] == list(range(1, p // 2 + 1))
        assert r["sit_out"] == sorted(r["sit_out"]) and len(r["sit_out"]) == p % 2
        seated = [g[side] for g in r["games"] for side in ("NS", "EW")] + r["sit_out"]
        assert sorted(seated) == list(range(1, p + 1))
        for g in r["games"]:
            meetings[frozenset((g["NS"], g["EW"]))] += 1
            north[g["NS"]] += 1
            played.update((g["NS"], g["EW"]))
        out.update(r["sit_out"])
        for pair in range(1, p + 1):  # after each round: floor or ceil of half its games
            assert played[pair] // 2 <= north[pair] <= -(-played[pair] // 2)
    every = [frozenset(c) for c in combinations(range(1, p + 1), 2)]
    assert max(meetings.values()) == 1 and max(out.values(), default=0) <= 1
    assert doc["meetings"] == {
        "min": min(meetings[c] for c in every),
        "max": max(meetings[c] for c in every),
    }
    turns = [north[pair] for pair in range(1, p + 1)]
    assert doc["ns_turns"] == {"min": min(turns), "max": max(turns)}
    outs = [out[pair] for pair in range(1, p + 1)]
    assert doc["sit_outs"] == {"min": min(outs), "max": max(outs)}


@pytest.mark.parametrize("p", COUNTS)
def test_every_two_pairs_meet_exactly_once(p):
    doc = document(p)
    assert doc["format"] == "whist-movement/1" and doc["kind"] == "pairs" and doc["pairs"] == p
    assert len(doc["rounds"]) == full_rounds(p)
    assert doc["meetings"] == {"min": 1, "max": 1}
    assert doc["sit_outs"] == {"min": p % 2, "max": p % 2}
    assert doc["ns_turns"] == {"min": (p - 1) // 2, "max": p // 2}
    assert_round_robin_rules(doc, p)


@pytest.mark.parametrize("p", COUNTS)
def test_every_prefix_is_the_start_of_the_plan_and_keeps_the_rules(p):
    whole = document(p)
    for r in range(1, full_rounds(p) + 1):
        doc = document(p, r)
        assert doc["rounds"] == whole["rounds"][:r]
        assert_round_robin_rules(doc, p)


@settings(max_examples=100, deadline=None)
@given(st.data())
def test_any_prefix_of_any_round_robin_keeps_the_rules(data):
    p = data.draw(st.sampled_from(COUNTS), label="pairs")
    r = data.draw(st.integers(1, full_rounds(p)), label="rounds")
    assert_round_robin_rules(document(p, r), p)


@given(st.integers().filter(lambda p: p not in COUNTS))
def test_any_other_number_of_pairs_is_refused(p):
    with pytest.raises(MovementError, match=f"2 to 32 pairs, not {p}"):
        pairs(p)


@pytest.mark.parametrize(("p", "r"), [(6, 0), (6, 6), (7, 8), (2, 2)])
def test_rounds_outside_the_plan_are_refused(p, r):
    with pytest.raises(MovementError, match="rounds: ask for 1 to"):
        pairs(p, r)
