"""``pairs`` plans: a round robin of fixed partnerships.

For ``p`` pairs, 2 <= p <= 32::

    plan = pairs(6)               # 5 rounds of 3 games
    plan = pairs(7, rounds=2)     # the first two of 7 rounds (one pair sits out each round)

Every two pairs meet in exactly one game. The rounds are the circle method's (for an odd
number, a phantom pair whose opponent sits out). The seats are then chosen so that every pair
sits N-S in one and E-W in the other of its 1st and 2nd games, of its 3rd and 4th, and so on:
after any number ``r`` of its games it has sat N-S floor(r/2) or ceil(r/2) times, in the whole
plan and in every prefix of it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache
from itertools import combinations

from .plans import MovementError, PairsPlan, PairsRound, Span, check, sit_out_span

MIN_PAIRS, MAX_PAIRS = 2, 32
Match = tuple[int, int]  # two pairs, the smaller number first


def pairs(count: int, rounds: int | None = None) -> PairsPlan:
    """The round robin of ``count`` pairs (its first ``rounds`` rounds), checked."""
    if isinstance(count, bool) or not MIN_PAIRS <= count <= MAX_PAIRS:
        raise MovementError(f"a pairs plan needs {MIN_PAIRS} to {MAX_PAIRS} pairs, not {count}")
    plan = _whole(count)
    total = len(plan)
    if rounds is None:
        rounds = total
    if isinstance(rounds, bool) or not 1 <= rounds <= total:
        raise MovementError(
            f"the plan for {count} pairs has {total} rounds: ask for 1 to {total}, not {rounds}"
        )
    chosen = plan[:rounds]
    check_pairs(count, chosen)
    meetings, north = _meetings(chosen), _ns_turns(chosen)
    return PairsPlan(
        pairs=count,
        rounds=chosen,
        meetings=Span.of(meetings[couple] for couple in _couples(count)),
        ns_turns=Span.of(north[pair] for pair in range(1, count + 1)),
        sit_outs=sit_out_span((r.sit_out for r in chosen), count),
    )


def circle(count: int) -> list[list[Match]]:
    """The circle method: rounds of matches; with an odd ``count`` the phantom pair
    ``count + 1`` plays the pair that sits out."""
    teams = count + count % 2
    rounds = []
    for r in range(teams - 1):
        matches = [(r + 1, teams)]
        for k in range(1, teams // 2):
            a, b = (r + k) % (teams - 1) + 1, (r - k) % (teams - 1) + 1
            matches.append((min(a, b), max(a, b)))
        rounds.append(matches)
    return rounds


def orientation(count: int, rounds: Sequence[Sequence[Match]]) -> dict[tuple[int, int], bool]:
    """For every (round, match) index, whether the smaller pair sits N-S, such that each pair
    sits N-S once in its games 1 and 2, once in 3 and 4, and so on; or MovementError.

    Each such couple of games is one parity equation between two unknowns: with union-find
    over the unknowns, a contradiction shows as a cycle of odd parity.
    """
    games: dict[int, list[tuple[int, int]]] = {}
    for r, matches in enumerate(rounds):
        for m, match in enumerate(matches):
            if match[1] <= count:  # not the phantom's
                for pair in match:
                    games.setdefault(pair, []).append((r, m))
    parent: dict[tuple[int, int], tuple[tuple[int, int], bool]] = {}

    def find(x: tuple[int, int]) -> tuple[tuple[int, int], bool]:
        parity = False
        while x in parent:
            x, step = parent[x]
            parity ^= step
        return x, parity

    for pair, played in games.items():
        for first, second in zip(played[::2], played[1::2], strict=False):
            low1 = rounds[first[0]][first[1]][0] == pair
            low2 = rounds[second[0]][second[1]][0] == pair
            (root1, p1), (root2, p2) = find(first), find(second)
            wanted = not (low1 ^ low2)  # x1 ^ x2 must equal 1 ^ low1 ^ low2
            if root1 == root2:
                if p1 ^ p2 != wanted:
                    raise MovementError(f"no balanced seating for {count} pairs")
                continue
            parent[root1] = (root2, p1 ^ p2 ^ wanted)
    return {(r, m): find((r, m))[1] for r, ms in enumerate(rounds) for m in range(len(ms))}


@cache
def _whole(count: int) -> tuple[PairsRound, ...]:
    rounds = circle(count)
    ns_low = orientation(count, rounds)
    plan = []
    for r, matches in enumerate(rounds):
        games, out = [], []
        for m, (low, high) in enumerate(matches):
            if high > count:
                out.append(low)
            else:
                games.append((low, high) if ns_low[(r, m)] else (high, low))
        plan.append(PairsRound(r + 1, tuple(games), tuple(out)))
    return tuple(plan)


def check_pairs(count: int, plan: Sequence[PairsRound]) -> None:
    """Every rule of a pairs plan (or a prefix of one); PlanCheckError if one fails."""
    full = len(plan) == count - 1 + count % 2
    for round_ in plan:
        seated = sorted([p for game in round_.games for p in game] + list(round_.sit_out))
        check(seated == list(range(1, count + 1)), f"round {round_.number} seats a pair twice")
        check(len(round_.sit_out) == count % 2, f"round {round_.number}: sit-outs")
    meetings = _meetings(plan)
    low = 1 if full else 0
    check(all(low <= meetings[c] <= 1 for c in _couples(count)), f"{count}: meetings")
    check(max(Counter(p for r in plan for p in r.sit_out).values(), default=0) <= 1, "sit-outs")
    played: Counter[int] = Counter()
    north: Counter[int] = Counter()
    for round_ in plan:  # after every round, each pair N-S in floor or ceil of half its games
        for ns, ew in round_.games:
            played.update((ns, ew))
            north[ns] += 1
            for pair in (ns, ew):
                games = played[pair]
                check(games // 2 <= north[pair] <= -(-games // 2), f"{count}: N-S of {pair}")


def _couples(count: int) -> list[tuple[int, int]]:
    return list(combinations(range(1, count + 1), 2))


def _meetings(plan: Sequence[PairsRound]) -> Counter[tuple[int, int]]:
    return Counter((min(game), max(game)) for r in plan for game in r.games)


def _ns_turns(plan: Sequence[PairsRound]) -> Counter[int]:
    return Counter(game[0] for r in plan for game in r.games)
