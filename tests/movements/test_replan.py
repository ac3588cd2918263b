"""A new plan for the rounds left after a late arrival or a leaver (scorebook.movements.replan).

The repeated partnerships are counted here from the rounds returned, and the fewest possible
found by brute force over every relabelling of the shipped plan and every choice of its rounds.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations, permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorebook.movements import MovementError, individual, pairs
from scorebook.movements.replan import (
    Seated,
    individual_rounds,
    pairs_rounds,
    replan_individual,
    replan_pairs,
)


def partner_couples(rounds):
    for r in rounds:
        for n, e, s, w in r.games:
            yield frozenset((n, s))
            yield frozenset((e, w))


def meetings(rounds):
    for r in rounds:
        for ns, ew in r.games:
            yield frozenset((ns, ew))


def repeats(before, after, couples):
    seen = Counter(couples(before))
    return sum(seen[c] for c in couples(after))


@st.composite
def history(draw, low=4, high=12):
    """Some rounds of a tournament already played by ``ids``, then the players now present:
    some of them left, some arrived."""
    v = draw(st.integers(low, high))
    ids = list(range(10, 10 + v))
    played_rounds = draw(st.integers(1, min(3, v - 1 - v % 2)))
    order = draw(st.permutations(ids))
    plan = individual(v, rounds=played_rounds)
    played = [
        Seated(
            tuple(tuple(order[x - 1] for x in g) for g in r.games),
            tuple(order[x - 1] for x in r.sit_out),
        )
        for r in plan.rounds
    ]
    gone = draw(st.lists(st.sampled_from(ids), unique=True, max_size=2))
    arrived = list(range(100, 100 + draw(st.integers(0, 2))))
    present = [p for p in ids if p not in gone] + arrived
    if len(present) < 4:
        present += list(range(200, 204 - len(present)))
    return played, present


@settings(max_examples=60, deadline=None)
@given(history(), st.integers(0, 2**31 - 1), st.data())
def test_every_present_player_is_seated_or_sits_out_once_in_each_new_round(case, seed, data):
    played, present = case
    rounds = data.draw(st.integers(1, individual_rounds(len(present))))
    new = replan_individual(played, present, rounds, seed)
    assert len(new) == rounds
    for r in new:
        everyone = [p for g in r.games for p in g] + list(r.sit_out)
        assert sorted(everyone) == sorted(present)
        assert len(r.sit_out) == len(present) % 4


@settings(max_examples=60, deadline=None)
@given(history(), st.integers(0, 2**31 - 1))
def test_a_player_who_left_is_never_seated_again(case, seed):
    played, present = case
    before = {p for r in played for g in r.games for p in g} | {
        p for r in played for p in r.sit_out
    }
    gone = before - set(present)
    new = replan_individual(played, present, 1, seed)
    assert not gone & ({p for r in new for g in r.games for p in g} | set(new[0].sit_out))


@settings(max_examples=40, deadline=None)
@given(history(), st.integers(0, 2**31 - 1))
def test_the_same_history_and_seed_give_the_same_rounds(case, seed):
    played, present = case
    rounds = min(3, individual_rounds(len(present)))
    assert replan_individual(played, present, rounds, seed) == replan_individual(
        played, list(reversed(present)), rounds, seed
    )


@settings(max_examples=40, deadline=None)
@given(history(), st.integers(0, 2**31 - 1))
def test_no_two_players_partner_twice_in_the_new_rounds(case, seed):
    played, present = case
    rounds = individual_rounds(len(present))
    new = replan_individual(played, present, rounds, seed)
    assert max(Counter(partner_couples(new)).values()) == 1


def brute_force_fewest(played, present, rounds):
    """The fewest repeated partnerships over every relabelling of the shipped plan for the
    new number and every choice of ``rounds`` of its rounds."""
    plan = individual(len(present))
    seen = Counter(partner_couples(played))
    fewest = None
    for order in permutations(present):
        per_round = sorted(
            sum(
                seen[frozenset((order[n - 1], order[s - 1]))]
                + seen[frozenset((order[e - 1], order[w - 1]))]
                for n, e, s, w in r.games
            )
            for r in plan.rounds
        )
        total = sum(per_round[:rounds])
        fewest = total if fewest is None else min(fewest, total)
    return fewest


@settings(max_examples=40, deadline=None)
@given(history(low=4, high=7), st.integers(0, 2**31 - 1), st.data())
def test_partners_meet_again_only_when_no_plan_avoids_it(case, seed, data):
    played, present = case
    if len(present) > 7:
        present = present[:7]
    # the most rounds, or one fewer: where only the right relabelling avoids repeats
    rounds = individual_rounds(len(present)) - data.draw(st.integers(0, 1))
    new = replan_individual(played, present, rounds, seed)
    assert repeats(played, new, partner_couples) == brute_force_fewest(played, present, rounds)


def test_a_tenth_player_after_one_round_of_nine_partners_nobody_twice():
    """The club's usual case: nine players, one round, a tenth arrives: the next rounds of the
    plan for ten repeat no partnership of round 1."""
    ids = list(range(1, 10))
    played = [
        Seated(tuple(tuple(g) for g in r.games), r.sit_out) for r in individual(9, rounds=1).rounds
    ]
    # the plan for ten has 9 rounds; 8 are wanted: only the relabelling that puts round 1's
    # four partnerships into the one round left out avoids every repeat
    new = replan_individual(played, ids + [10], 8, seed=7)
    assert repeats(played, new, partner_couples) == 0
    assert 10 in {p for r in new for g in r.games for p in g}


def test_sit_outs_go_first_to_those_who_have_not_sat_out():
    """Nine players, round 1 with one out; then one leaves: eight play every round, and with
    nine again (one arrived instead) the one who sat out does not sit out the next round."""
    played = [Seated(((1, 2, 3, 4), (5, 6, 7, 8)), (9,))]
    new = replan_individual(played, [1, 2, 3, 4, 5, 6, 7, 8, 9], 1, seed=3)
    assert new[0].sit_out != (9,)


@settings(max_examples=30, deadline=None)
@given(st.integers(3, 6), st.integers(0, 2**31 - 1), st.data())
def test_pairs_meet_again_only_when_no_round_robin_avoids_it(count, seed, data):
    plan = pairs(count, rounds=1)
    played = [Seated(tuple(r.games), r.sit_out) for r in plan.rounds]
    gone = data.draw(st.lists(st.integers(1, count), unique=True, max_size=1))
    left = [p for p in range(1, count + 1) if p not in gone] + [50]
    rounds = pairs_rounds(len(left)) - data.draw(st.integers(0, 1))
    new = replan_pairs(played, left, rounds, seed)
    for r in new:
        assert sorted([p for g in r.games for p in g] + list(r.sit_out)) == sorted(left)
    met = repeats(played, new, meetings)
    # brute force: every relabelling of the round robin for the pairs left
    whole = pairs(len(left))
    seen = Counter(meetings(played))
    fewest = min(
        sum(
            sorted(
                sum(seen[frozenset((o[a - 1], o[b - 1]))] for a, b in r.games) for r in whole.rounds
            )[:rounds]
        )
        for o in permutations(left)
    )
    assert met == fewest


def test_a_number_without_a_plan_is_refused():
    with pytest.raises(MovementError):
        replan_individual([], [1, 2, 3], 1, seed=0)
    with pytest.raises(MovementError):
        replan_individual([], [1, 2, 3, 4], 4, seed=0)  # the plan for 4 has 3 rounds


def test_every_couple_of_a_small_history_is_counted():
    """Guards the brute force itself: a history in which every couple of 5 partnered makes
    any new round repeat."""
    played = [Seated(((a, 9, b, 8),), ()) for a, b in combinations(range(1, 6), 2)]
    new = replan_individual(played, [1, 2, 3, 4, 5], 1, seed=0)
    assert repeats(played, new, partner_couples) == 2
