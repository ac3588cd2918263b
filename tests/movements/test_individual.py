"""``individual`` plans: a whist tournament for every v from 4 to 64, and every prefix of it.

The facts are counted here from the whist-movement/1 document, independently of the
package's own checks.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorebook.movements import MovementError, individual, individual_document

PLAYERS = range(4, 65)  # every number of players has its plan
WHIST = [v for v in PLAYERS if v % 4 in (0, 1)]
OTHERS = [v for v in PLAYERS if v % 4 in (2, 3)]


def full_rounds(v):
    return v if v % 2 else v - 1


def document(v, rounds=None):
    return individual_document(individual(v, rounds))


def counts(doc):
    """Partners and opponents of every couple, sit-outs of every player, from a document."""
    partners, opponents, out = Counter(), Counter(), Counter()
    for r in doc["rounds"]:
        for g in r["games"]:
            n, e, s, w = g["N"], g["E"], g["S"], g["W"]
            partners.update((frozenset((n, s)), frozenset((e, w))))
            opponents.update(frozenset(c) for c in ((n, e), (n, w), (s, e), (s, w)))
        out.update(r["sit_out"])
    return partners, opponents, out


def couples(v):
    return [frozenset(c) for c in combinations(range(1, v + 1), 2)]


def assert_seats(doc, v):
    """Every round: ⌊v/4⌋ tables numbered from 1, v mod 4 out in ascending order, everyone once."""
    for number, r in enumerate(doc["rounds"], start=1):
        assert r["round"] == number
        assert [g["table"] for g in r["games"]] == list(range(1, v // 4 + 1))
        assert all(list(g) == ["table", "N", "E", "S", "W"] for g in r["games"])
        assert r["sit_out"] == sorted(r["sit_out"]) and len(r["sit_out"]) == v % 4
        seated = [g[seat] for g in r["games"] for seat in "NESW"] + r["sit_out"]
        assert sorted(seated) == list(range(1, v + 1))


def assert_rules(doc, v):
    """Partners at most once, opponents at most twice, sit-outs spread, spans as reported."""
    partners, opponents, out = counts(doc)
    r = len(doc["rounds"])
    assert max(partners.values()) <= 1
    assert max(opponents.values()) <= 2
    low, high = r * (v % 4) // v, -(-r * (v % 4) // v)
    assert all(low <= out[p] <= high for p in range(1, v + 1))
    every = couples(v)
    assert doc["partners"] == {
        "min": min(partners[c] for c in every),
        "max": max(partners[c] for c in every),
    }
    assert doc["opponents"] == {
        "min": min(opponents[c] for c in every),
        "max": max(opponents[c] for c in every),
    }
    sat = [out[p] for p in range(1, v + 1)]
    assert doc["sit_outs"] == {"min": min(sat), "max": max(sat)}


@pytest.mark.parametrize("v", PLAYERS)
def test_every_round_seats_every_player_once(v):
    doc = document(v)
    assert doc["format"] == "whist-movement/1" and doc["kind"] == "individual"
    assert doc["players"] == v and len(doc["rounds"]) == full_rounds(v)
    assert_seats(doc, v)
    assert_rules(doc, v)


@pytest.mark.parametrize("v", WHIST)
def test_a_whist_tournament_makes_partners_once_and_opponents_twice(v):
    doc = document(v)
    partners, opponents, out = counts(doc)
    assert all(partners[c] == 1 and opponents[c] == 2 for c in couples(v))
    assert all(out[p] == v % 4 for p in range(1, v + 1))  # once each for 4n + 1, else never
    assert doc["partners"] == {"min": 1, "max": 1}
    assert doc["opponents"] == {"min": 2, "max": 2}
    assert doc["sit_outs"] == {"min": v % 4, "max": v % 4}


@pytest.mark.parametrize("v", OTHERS)
def test_other_numbers_partner_at_most_once_and_oppose_once_or_twice(v):
    doc = document(v)
    assert doc["partners"]["max"] == 1
    assert doc["opponents"] == {"min": 1, "max": 2}  # as even as can be: the mean is below 2
    r = full_rounds(v)
    assert doc["sit_outs"] == {"min": r * (v % 4) // v, "max": -(-r * (v % 4) // v)}


@pytest.mark.parametrize("v", PLAYERS)
def test_every_prefix_is_the_start_of_the_plan_and_keeps_the_rules(v):
    whole = document(v)
    for r in range(1, full_rounds(v) + 1):
        doc = document(v, r)
        assert doc["rounds"] == whole["rounds"][:r]
        assert_rules(doc, v)


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_any_prefix_of_any_plan_keeps_the_rules(data):
    v = data.draw(st.sampled_from(PLAYERS), label="players")
    r = data.draw(st.integers(1, full_rounds(v)), label="rounds")
    doc = document(v, r)
    assert len(doc["rounds"]) == r
    assert_seats(doc, v)
    assert_rules(doc, v)
    if v % 4 == 1:  # nobody sits out twice
        assert counts(doc)[2].most_common(1)[0][1] == 1


@given(st.integers().filter(lambda v: v not in PLAYERS))
def test_any_other_number_of_players_is_refused(v):
    with pytest.raises(MovementError, match=f"4 to 64 players, not {v}"):
        individual(v)


@pytest.mark.parametrize("v", [4, 9, 10, 64])
def test_rounds_outside_the_plan_are_refused(v):
    for r in (0, -1, full_rounds(v) + 1):
        with pytest.raises(MovementError, match=f"has {full_rounds(v)} rounds: ask for 1 to"):
            individual(v, r)


def test_the_same_plan_every_time():
    assert document(13) == document(13)
    assert individual(30, 5).rounds == individual(30).rounds[:5]
