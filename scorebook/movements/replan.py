"""A new plan for the rounds left, when a player arrives late or leaves between rounds.

The rounds already played stay as they were. The rounds left are seated from the shipped plan
for the new number (``individual`` for players, ``pairs`` for fixed partnerships), its
numbers put onto the people present so that, in this order of importance:

1. as few as possible of the couples who already **partnered** each other (in a pairs event:
   of the pairs that already **met**) do so again;
2. as few as possible of the couples who already **opposed** each other do so again;
3. those who have sat out more so far sit out less from now on.

Among the rounds of the new plan, the ones that repeat least are played (in the plan's
order). The search is exhaustive up to 7 people (7! relabellings) and otherwise a hill climb
from a few starts drawn with the night's seed: the same history, people and seed always give
the same rounds::

    rounds = replan_individual(played, players=[3, 8, 11, ...], rounds=4, seed=1234)
    rounds = replan_pairs(played, pairs=[1, 2, 5, 7], rounds=3, seed=1234)

``played`` is the rounds played, each a :class:`Seated` of the people's own ids (players N,
E, S, W; pairs N-S, E-W). A person who is not in the new list (he left) is simply never
seated again. MovementError when the new number has no plan or too few rounds.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import permutations

from .individual import full_rounds, individual
from .pairs import pairs
from .plans import MovementError

PARTNERED = 1_000_000  # the cost of partnering (meeting, for pairs) again: first of all
OPPOSED = 1_000  # the cost of opposing again: second
# the cost of sitting out again is the number of rounds already sat out: third
EXHAUSTIVE_UP_TO = 7  # people: every relabelling is tried
STARTS = 4  # seeded starts of the hill climb above that
BUDGET = 40_000  # swaps tried over all starts, at most (a few seconds for 64 players)

INDIVIDUAL_COUPLES = (((0, 2), (1, 3)), ((0, 1), (0, 3), (2, 1), (2, 3)))  # partners, opponents
PAIRS_COUPLES = (((0, 1),), ())  # the two pairs that meet; no opponents of their own


@dataclass(frozen=True)
class Seated:
    """One round by the people's own ids: its games (table 1 first) and who sits out."""

    games: tuple[tuple[int, ...], ...]
    sit_out: tuple[int, ...]


def individual_rounds(players: int) -> int:
    """The most rounds a new individual plan for ``players`` can give."""
    individual(players, rounds=1)  # MovementError for a number without a plan
    return full_rounds(players)


def pairs_rounds(count: int) -> int:
    """The most rounds a new round robin of ``count`` pairs can give."""
    return len(pairs(count).rounds)


def replan_individual(
    played: Sequence[Seated], players: Sequence[int], rounds: int, seed: int
) -> tuple[Seated, ...]:
    """The next ``rounds`` rounds of an individual tournament for ``players`` (ids)."""
    plan = individual(len(players), rounds=None)
    shape = [([tuple(g) for g in r.games], list(r.sit_out)) for r in plan.rounds]
    return _replan(played, players, rounds, seed, shape, INDIVIDUAL_COUPLES)


def replan_pairs(
    played: Sequence[Seated], pairs_left: Sequence[int], rounds: int, seed: int
) -> tuple[Seated, ...]:
    """The next ``rounds`` rounds of a round robin of the pairs ``pairs_left`` (ids), each
    game (N-S pair, E-W pair)."""
    plan = pairs(len(pairs_left), rounds=None)
    shape = [([tuple(g) for g in r.games], list(r.sit_out)) for r in plan.rounds]
    return _replan(played, pairs_left, rounds, seed, shape, PAIRS_COUPLES)


Shape = list[tuple[list[tuple[int, ...]], list[int]]]  # plan numbers from 1
Couples = tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]


def _replan(
    played: Sequence[Seated],
    people: Sequence[int],
    rounds: int,
    seed: int,
    shape: Shape,
    couples: Couples,
) -> tuple[Seated, ...]:
    if len(set(people)) != len(people):
        raise MovementError("a person is listed twice")
    if not 1 <= rounds <= len(shape):
        raise MovementError(
            f"the plan for {len(people)} has {len(shape)} rounds: ask for 1 to {len(shape)}, "
            f"not {rounds}"
        )
    ids = sorted(people)
    cost = _Costs(played, ids, couples)
    n = len(ids)
    best: tuple[int, list[int]] | None = None
    if n <= EXHAUSTIVE_UP_TO:
        for order in permutations(range(n)):
            sigma = list(order)
            value = cost.objective(shape, sigma, rounds)
            if best is None or value < best[0]:
                best = (value, sigma)
    else:
        best = _climb(cost, shape, rounds, random.Random(seed), n)
    assert best is not None
    sigma = best[1]
    chosen = _choose(cost.round_costs(shape, sigma), rounds)
    result = []
    for index in chosen:
        games, out = shape[index]
        result.append(
            Seated(
                tuple(tuple(ids[sigma[number - 1]] for number in game) for game in games),
                tuple(sorted(ids[sigma[number - 1]] for number in out)),
            )
        )
    return tuple(result)


def _choose(costs: list[int], rounds: int) -> list[int]:
    """The ``rounds`` cheapest rounds (the earlier on a tie), in the plan's order."""
    ranked = sorted(range(len(costs)), key=lambda index: (costs[index], index))
    return sorted(ranked[:rounds])


class _Costs:
    """What seating people together costs, from the rounds played (by index into ``ids``)."""

    def __init__(self, played: Sequence[Seated], ids: list[int], couples: Couples) -> None:
        index = {pid: i for i, pid in enumerate(ids)}
        n = len(ids)
        self.again = [[0] * n for _ in range(n)]  # partnering (meeting) again
        self.opposed = [[0] * n for _ in range(n)]  # opposing again
        self.out = [0] * n  # rounds sat out so far
        partners, opponents = couples
        for round_ in played:
            for game in round_.games:
                for matrix, spots, weight in (
                    (self.again, partners, PARTNERED),
                    (self.opposed, opponents, OPPOSED),
                ):
                    for p, q in spots:
                        a, b = index.get(game[p]), index.get(game[q])
                        if a is not None and b is not None:
                            matrix[a][b] += weight
                            matrix[b][a] += weight
            for pid in round_.sit_out:
                if pid in index:
                    self.out[index[pid]] += 1
        self.partners, self.opponents = partners, opponents

    def game(self, game: tuple[int, ...], sigma: list[int]) -> int:
        total = 0
        for p, q in self.partners:
            total += self.again[sigma[game[p] - 1]][sigma[game[q] - 1]]
        for p, q in self.opponents:
            total += self.opposed[sigma[game[p] - 1]][sigma[game[q] - 1]]
        return total

    def round_costs(self, shape: Shape, sigma: list[int]) -> list[int]:
        return [
            sum(self.game(g, sigma) for g in games) + sum(self.out[sigma[x - 1]] for x in out)
            for games, out in shape
        ]

    def objective(self, shape: Shape, sigma: list[int], rounds: int) -> int:
        return sum(sorted(self.round_costs(shape, sigma))[:rounds])


def _after_swap(
    cost: _Costs,
    shape: Shape,
    where: list[dict[int, int]],
    parts: list[list[int]],
    sigma: list[int],
    swapped: tuple[int, int],
) -> list[list[int]]:
    """Each round's game costs (and its sit-outs' last) once two numbers are swapped: only
    the games of those two are counted again."""
    changed = []
    for r, (games, out) in enumerate(shape):
        new = list(parts[r])
        for g in {where[r][swapped[0]], where[r][swapped[1]]}:
            if g >= 0:
                new[g] = cost.game(games[g], sigma)
            else:
                new[-1] = sum(cost.out[sigma[z - 1]] for z in out)
        changed.append(new)
    return changed


def _climb(
    cost: _Costs, shape: Shape, rounds: int, rng: random.Random, n: int
) -> tuple[int, list[int]]:
    """Hill climbs over swaps of two people's numbers, from seeded starts; the best found."""
    where = [{x: g for g, game in enumerate(games) for x in game} for games, _ in shape]
    for r, (_games, out) in enumerate(shape):
        where[r].update({x: -1 for x in out})  # -1: sits out
    best: tuple[int, list[int]] | None = None
    budget = BUDGET
    for _start in range(STARTS):
        sigma = list(range(n))
        rng.shuffle(sigma)
        parts = [
            [cost.game(g, sigma) for g in games] + [sum(cost.out[sigma[x - 1]] for x in out)]
            for games, out in shape
        ]
        value = sum(sorted(sum(p) for p in parts)[:rounds])
        improved = True
        while improved and budget > 0:
            improved = False
            for x in range(1, n + 1):
                for y in range(x + 1, n + 1):
                    if budget <= 0:
                        break
                    budget -= 1
                    sigma[x - 1], sigma[y - 1] = sigma[y - 1], sigma[x - 1]
                    changed = _after_swap(cost, shape, where, parts, sigma, (x, y))
                    trial = sum(sorted(sum(p) for p in changed)[:rounds])
                    if trial < value:
                        value, parts, improved = trial, changed, True
                    else:
                        sigma[x - 1], sigma[y - 1] = sigma[y - 1], sigma[x - 1]
        if best is None or value < best[0]:
            best = (value, list(sigma))
    assert best is not None
    return best
