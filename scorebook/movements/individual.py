"""``individual`` plans: whist tournaments, partners changing every round.

For ``v`` players, 4 <= v <= 64::

    plan = individual(12)              # the whole plan: 11 rounds of 3 games
    plan = individual(9, rounds=3)     # its first three rounds

The plans are built from the designs in :mod:`scorebook.movements.designs` (written by
``python -m scorebook.movements.generate``) and checked before they are returned:

- ``v`` = 4n or 4n + 1: a whist tournament Wh(v): every two players partners in exactly one
  game and opponents in exactly two; ``v - 1`` rounds, or ``v`` rounds in which each player
  sits out once;
- any other ``v``: ``v`` rounds (odd ``v``) or ``v - 1`` (even), ``v mod 4`` players out each
  round; partners at most once, opponents at most twice;
- in every plan and every prefix of it, after ``r`` rounds everyone has sat out
  floor(r*k/v) or ceil(r*k/v) times (k = v mod 4).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from itertools import combinations

from . import designs
from .plans import (
    IndividualPlan,
    MovementError,
    Round,
    Seats,
    check,
    check_round_shape,
    check_sit_outs_spread,
    numbered,
    opponent_counts,
    partner_counts,
    sit_out_span,
    span_over_couples,
)

MIN_PLAYERS, MAX_PLAYERS = 4, 64
INFINITY = -1  # the fixed player of a design for 4n players: player number 4n
RawRound = tuple[list[Seats], list[int]]  # the games, and who sits out


@dataclass(frozen=True)
class Designs:
    """The data plans are built from (see :mod:`scorebook.movements.designs`)."""

    whist: dict[int, tuple[tuple[int, ...], tuple[Seats, ...]]]
    removed: dict[int, tuple[int, ...]]
    added: dict[int, tuple[tuple[int, int], ...]]
    direct: dict[int, tuple[tuple[Seats, ...], ...]]
    three_out: dict[int, tuple[tuple[int, ...], tuple[Seats, ...]]]


SHIPPED = Designs(designs.WHIST, designs.REMOVED, designs.ADDED, designs.DIRECT, designs.THREE_OUT)


def individual(players: int, rounds: int | None = None) -> IndividualPlan:
    """The plan for ``players`` (its first ``rounds`` rounds), checked; MovementError if the
    numbers are out of range."""
    if isinstance(players, bool) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise MovementError(
            f"an individual plan needs {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}"
        )
    total = full_rounds(players)
    if rounds is None:
        rounds = total
    if isinstance(rounds, bool) or not 1 <= rounds <= total:
        raise MovementError(
            f"the plan for {players} players has {total} rounds: ask for 1 to {total}, not {rounds}"
        )
    plan = numbered(_shipped_plan(players)[:rounds])
    check_individual(players, plan)
    return IndividualPlan(
        players=players,
        rounds=plan,
        partners=span_over_couples(partner_counts(plan), players),
        opponents=span_over_couples(opponent_counts(plan), players),
        sit_outs=sit_out_span((r.sit_out for r in plan), players),
    )


def full_rounds(players: int) -> int:
    """The number of rounds of the whole plan: ``v`` for odd ``v``, ``v - 1`` for even."""
    return players if players % 2 else players - 1


def check_individual(players: int, plan: tuple[Round, ...]) -> None:
    """Every rule of an individual plan (or a prefix of one); PlanCheckError if one fails."""
    games, out = players // 4, players % 4
    for round_ in plan:
        check_round_shape(round_, players, games, out)
    partners, opponents = partner_counts(plan), opponent_counts(plan)
    check(max(partners.values(), default=0) <= 1, f"{players}: partners more than once")
    check(max(opponents.values(), default=0) <= 2, f"{players}: opponents more than twice")
    check_sit_outs_spread([r.sit_out for r in plan], players, out)
    if len(plan) == full_rounds(players) and out <= 1:  # the whole of a whist tournament
        for couple in combinations(range(1, players + 1), 2):
            check(partners[couple] == 1, f"{players}: {couple} partners {partners[couple]}")
            check(opponents[couple] == 2, f"{players}: {couple} opponents {opponents[couple]}")


@cache
def _shipped_plan(players: int) -> tuple[RawRound, ...]:
    return tuple(build(players, SHIPPED))


def build(players: int, data: Designs) -> list[RawRound]:
    """The whole plan for ``players``, unchecked, from ``data``."""
    if players in data.whist:
        return cyclic(players, *data.whist[players])
    if players in data.direct:
        return [(list(games), _absent(games, players)) for games in data.direct[players]]
    if players in data.three_out:
        rounds = cyclic(players, *data.three_out[players])
        return [rounds[index] for index in every_third(players)]
    if players in data.removed:
        return without_last(build(players + 1, data), data.removed[players])
    check(players in data.added, f"no design for {players} players")
    return with_one_more(build(players - 1, data), data.added[players])


def group_add(moduli: tuple[int, ...], a: int, b: int) -> int:
    """a + b in Z_m1 x Z_m2 x ..., elements numbered in mixed radix (first modulus lowest)."""
    total, scale = 0, 1
    for modulus in moduli:
        a, x = divmod(a, modulus)
        b, y = divmod(b, modulus)
        total += (x + y) % modulus * scale
        scale *= modulus
    return total


def cyclic(players: int, moduli: tuple[int, ...], base: tuple[Seats, ...]) -> list[RawRound]:
    """Round g is the base round plus g; element x is player x + 1, ∞ is player ``players``."""
    order = 1
    for modulus in moduli:
        order *= modulus

    def seat(x: int, g: int) -> int:
        return players if x == INFINITY else group_add(moduli, x, g) + 1

    rounds: list[RawRound] = []
    for g in range(order):
        games = [(seat(n, g), seat(e, g), seat(s, g), seat(w, g)) for n, e, s, w in base]
        rounds.append((games, _absent(games, players)))
    return rounds


def every_third(v: int) -> tuple[int, ...]:
    """Rounds j = 0, 3, 6, ... modulo ``v`` (when 3 divides ``v``, each pass starts one later):
    if round j's three sit-outs are {j, j + 1, j + 2}, they run through the players in turn, and
    everyone sits out once before anyone sits out twice."""
    return tuple((3 * t) % v + ((3 * t) // v if v % 3 == 0 else 0) for t in range(v))


def without_last(rounds: list[RawRound], order: tuple[int, ...]) -> list[RawRound]:
    """The plan without its last player, rounds in ``order`` (0-based): in each round the
    three others at his table sit out."""
    gone = 4 * len(rounds[0][0]) + len(rounds[0][1])
    plan: list[RawRound] = []
    for index in order:
        games, out = rounds[index]
        kept = [game for game in games if gone not in game]
        table = next(game for game in games if gone in game)
        plan.append((kept, out + [player for player in table if player != gone]))
    return plan


def with_one_more(rounds: list[RawRound], moves: tuple[tuple[int, int], ...]) -> list[RawRound]:
    """The plan with one more player, who takes ``q``'s seat in round ``g`` for every
    ``(g, q)`` of ``moves`` (0-based g; q = 0: he sits out instead)."""
    new = 4 * len(rounds[0][0]) + len(rounds[0][1]) + 1
    plan: list[RawRound] = []
    for index, replaced in moves:
        games, out = rounds[index]
        if not replaced:
            plan.append((list(games), out + [new]))
            continue
        swap = {replaced: new}
        seated = [
            (swap.get(n, n), swap.get(e, e), swap.get(s, s), swap.get(w, w)) for n, e, s, w in games
        ]
        plan.append((seated, out + [replaced]))
    return plan


def _absent(games: Iterable[Seats], players: int) -> list[int]:
    seated = {player for game in games for player in game}
    return [player for player in range(1, players + 1) if player not in seated]
