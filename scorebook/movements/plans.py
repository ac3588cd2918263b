"""Seating plans: rounds of games, and the checks every plan passes before it is returned.

A *game* is one table of one round: four players in the seats N, E, S, W (``individual``) or
two pairs, one sitting N-S and one E-W (``pairs``). Players and pairs are numbered from 1.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations

Seats = tuple[int, int, int, int]  # N, E, S, W: N-S are partners, E-W are partners


class MovementError(ValueError):
    """Input that no plan or drive can be made from; ``str(error)`` is one line saying why."""


class PlanCheckError(AssertionError):
    """A plan that breaks its own rules: a bug in the movements package, never bad input."""


@dataclass(frozen=True)
class Span:
    """The fewest and the most of something over every player, pair or couple of players."""

    min: int
    max: int

    @classmethod
    def of(cls, values: Iterable[int]) -> Span:
        listed = list(values)
        return cls(min(listed, default=0), max(listed, default=0))

    def to_dict(self) -> dict[str, int]:
        return {"min": self.min, "max": self.max}


@dataclass(frozen=True)
class Round:
    """One round: its games in table order (table 1 first) and who sits out, ascending."""

    number: int
    games: tuple[Seats, ...]
    sit_out: tuple[int, ...]


@dataclass(frozen=True)
class IndividualPlan:
    """An ``individual`` plan (whist tournament): partners change every round."""

    players: int
    rounds: tuple[Round, ...]
    partners: Span
    opponents: Span
    sit_outs: Span


@dataclass(frozen=True)
class PairsRound:
    """One round of a ``pairs`` plan: games as (N-S pair, E-W pair), and the pair sitting out."""

    number: int
    games: tuple[tuple[int, int], ...]
    sit_out: tuple[int, ...]


@dataclass(frozen=True)
class PairsPlan:
    """A ``pairs`` plan: a round robin of fixed partnerships."""

    pairs: int
    rounds: tuple[PairsRound, ...]
    meetings: Span
    ns_turns: Span
    sit_outs: Span


def numbered(rounds: Sequence[tuple[Sequence[Seats], Iterable[int]]]) -> tuple[Round, ...]:
    """Rounds numbered from 1, each round's sit-outs in ascending order."""
    return tuple(
        Round(number, tuple(games), tuple(sorted(out)))
        for number, (games, out) in enumerate(rounds, start=1)
    )


def partner_counts(rounds: Iterable[Round]) -> Counter[tuple[int, int]]:
    """How many games each couple of players (smaller number first) are partners in."""
    counts: Counter[tuple[int, int]] = Counter()
    for round_ in rounds:
        for n, e, s, w in round_.games:
            counts[_couple(n, s)] += 1
            counts[_couple(e, w)] += 1
    return counts


def opponent_counts(rounds: Iterable[Round]) -> Counter[tuple[int, int]]:
    """How many games each couple of players (smaller number first) are opponents in."""
    counts: Counter[tuple[int, int]] = Counter()
    for round_ in rounds:
        for n, e, s, w in round_.games:
            for a, b in ((n, e), (n, w), (s, e), (s, w)):
                counts[_couple(a, b)] += 1
    return counts


def _couple(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)


def span_over_couples(counts: Counter[tuple[int, int]], people: int) -> Span:
    """The span of ``counts`` over all couples of ``people`` (a couple never seen counts 0)."""
    return Span.of(counts[couple] for couple in combinations(range(1, people + 1), 2))


def sit_out_span(sit_outs: Iterable[Iterable[int]], people: int) -> Span:
    """The fewest and the most rounds anyone of ``people`` sits out."""
    counts = Counter(number for out in sit_outs for number in out)
    return Span.of(counts[number] for number in range(1, people + 1))


def check(condition: bool, message: str) -> None:
    """Raise :class:`PlanCheckError` with ``message`` unless ``condition`` holds."""
    if not condition:
        raise PlanCheckError(message)


def check_sit_outs_spread(sit_outs: Sequence[Iterable[int]], people: int, per_round: int) -> None:
    """After every prefix of r rounds, everyone has sat out floor or ceil of r*k/people times."""
    counts = Counter[int]()
    for r, out in enumerate(sit_outs, start=1):
        counts.update(out)
        low, high = (r * per_round) // people, -(-(r * per_round) // people)
        span = Span.of(counts[number] for number in range(1, people + 1))
        check(
            low <= span.min and span.max <= high,
            f"after round {r} sit-outs run from {span.min} to {span.max}, not {low} to {high}",
        )


def check_round_shape(round_: Round, people: int, games: int, out: int) -> None:
    """``games`` games and ``out`` sit-outs (ascending) that seat everyone exactly once."""
    seated = [player for game in round_.games for player in game]
    check(len(round_.games) == games, f"round {round_.number} has {len(round_.games)} games")
    check(list(round_.sit_out) == sorted(round_.sit_out), f"round {round_.number}: unsorted")
    check(len(round_.sit_out) == out, f"round {round_.number} has {len(round_.sit_out)} out")
    everyone = sorted(seated + list(round_.sit_out))
    check(everyone == list(range(1, people + 1)), f"round {round_.number} seats a player twice")
