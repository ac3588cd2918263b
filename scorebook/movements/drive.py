"""``progressive``: a whist drive, its rounds seated by the results of the round before.

::

    drive = progressive(8, results=[[[7, 6, 8, 5], [4, 5, 4, 5]]], hands=4, trumps="HCDS")

``results`` holds, round by round and table by table, the tricks of N-S in each hand (E-W
took the rest of 13). The rules (docs/movements.md):

- round 1 seats players 4t-3, 4t-2, 4t-1, 4t at table t as N, E, S, W;
- the trump of the drive's h-th hand (counting from 1 over the whole drive) is
  ``trumps[(h - 1) % len(trumps)]``; ``N`` is a no-trump hand;
- at each table the pair with more tricks over the round wins; on a tie, the pair that took
  the round's last hand (7 tricks or more);
- the winners move to the next table (the last table's to table 1), the losers stay; the two
  who stayed sit N and E, the two who arrived S and W, in each case the one who sat earlier in
  the order N, E, S, W first;
- a player's score is the sum, over the hands he played, of his side's tricks; equal scores
  share a rank (1, 2, 2, 4) and are listed by player number.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .plans import MovementError, Seats

MAX_PLAYERS = 400  # a hundred tables: more than any hall holds
TRICKS = 13
TRUMPS = "HCDSN"


@dataclass(frozen=True)
class DriveGame:
    """One table of one round: seats, the round's trumps, N-S's and E-W's tricks, winners."""

    table: int
    seats: Seats
    trumps: tuple[str, ...]
    ns: tuple[int, ...]
    ew: tuple[int, ...]
    winners: str  # "NS" or "EW"


@dataclass(frozen=True)
class Standing:
    rank: int
    player: int
    score: int
    hands: int


@dataclass(frozen=True)
class Drive:
    """A whist drive so far: its rounds, the next round's seating and the standings."""

    players: int
    hands: int
    rounds: tuple[tuple[DriveGame, ...], ...]
    next: tuple[Seats, ...]
    standings: tuple[Standing, ...]


def check_drive_options(players: int, hands: int, trumps: str) -> None:
    """MovementError unless the numbers make a drive."""
    if isinstance(players, bool) or players < 4 or players % 4:
        raise MovementError(f"a whist drive needs a multiple of 4 players, not {players}")
    if players > MAX_PLAYERS:
        raise MovementError(f"a whist drive takes at most {MAX_PLAYERS} players, not {players}")
    if isinstance(hands, bool) or not 1 <= hands <= TRICKS:
        raise MovementError(f"a round has 1 to 13 hands, not {hands}")
    if not trumps or any(suit not in TRUMPS for suit in trumps):
        raise MovementError(f"trumps must be letters among H, C, D, S and N, not {trumps!r}")


def progressive(players: int, results: object, *, hands: int = 4, trumps: str = "HCDS") -> Drive:
    """The drive of ``players`` from ``results`` (a list of rounds, as in the results file's
    ``rounds``); MovementError naming the round, table and hand of anything wrong."""
    check_drive_options(players, hands, trumps)
    tricks = checked_results(results, players // 4, hands)
    seating = first_seating(players)
    rounds = []
    score = dict.fromkeys(range(1, players + 1), 0)
    for index, tables in enumerate(tricks):
        suits = tuple(trumps[(index * hands + i) % len(trumps)] for i in range(hands))
        games = tuple(
            _game(t, seats, suits, ns)
            for t, (seats, ns) in enumerate(zip(seating, tables, strict=True), start=1)
        )
        for game in games:
            n, e, s, w = game.seats
            for player, taken in ((n, game.ns), (s, game.ns), (e, game.ew), (w, game.ew)):
                score[player] += sum(taken)
        rounds.append(games)
        seating = next_seating(seating, [game.winners for game in games])
    return Drive(
        players, hands, tuple(rounds), tuple(seating), standings(score, len(rounds) * hands)
    )


def checked_results(results: object, tables: int, hands: int) -> list[list[list[int]]]:
    """``results`` as lists of tricks, or MovementError saying what does not fit."""
    if not isinstance(results, list):
        raise MovementError("the results' rounds must be a list (one list of tables a round)")
    for r, round_ in enumerate(results, start=1):
        if not isinstance(round_, list) or len(round_) != tables:
            raise MovementError(f"round {r}: {tables} tables expected, each a list of hands")
        for t, table in enumerate(round_, start=1):
            if not isinstance(table, list) or len(table) != hands:
                raise MovementError(f"round {r}, table {t}: {hands} hands expected")
            for h, taken in enumerate(table, start=1):
                if type(taken) is not int or not 0 <= taken <= TRICKS:
                    raise MovementError(
                        f"round {r}, table {t}, hand {h}: N-S tricks must be a whole number "
                        f"from 0 to 13, not {_shown(taken)}"
                    )
    return results


def _shown(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return "null" if value is None else repr(value)


def first_seating(players: int) -> list[Seats]:
    """Round 1: players 4t-3, 4t-2, 4t-1, 4t at table t as N, E, S, W."""
    return [(4 * t + 1, 4 * t + 2, 4 * t + 3, 4 * t + 4) for t in range(players // 4)]


def winners(ns: Sequence[int]) -> str:
    """``"NS"`` or ``"EW"``: more tricks over the round; on a tie, the round's last hand."""
    ns_total, ew_total = sum(ns), TRICKS * len(ns) - sum(ns)
    if ns_total != ew_total:
        return "NS" if ns_total > ew_total else "EW"
    return "NS" if ns[-1] * 2 > TRICKS else "EW"


def _game(table: int, seats: Seats, suits: tuple[str, ...], ns: list[int]) -> DriveGame:
    return DriveGame(table, seats, suits, tuple(ns), tuple(TRICKS - x for x in ns), winners(ns))


def next_seating(seating: Sequence[Seats], won: Sequence[str]) -> list[Seats]:
    """The movement: winners one table up (the last to table 1), losers stay; stayers take N
    and E, arrivals S and W, each couple in the order in which it sat (N, E, S, W)."""
    moving = [
        (n, s) if side == "NS" else (e, w) for (n, e, s, w), side in zip(seating, won, strict=True)
    ]
    staying = [
        (e, w) if side == "NS" else (n, s) for (n, e, s, w), side in zip(seating, won, strict=True)
    ]
    return [
        (staying[t][0], staying[t][1], moving[t - 1][0], moving[t - 1][1])
        for t in range(len(seating))
    ]


def standings(score: dict[int, int], hands: int) -> tuple[Standing, ...]:
    """Higher score first; equal scores share a rank and are listed by player number."""
    order = sorted(score, key=lambda player: (-score[player], player))
    lines: list[Standing] = []
    for position, player in enumerate(order):
        tied = bool(lines) and lines[-1].score == score[player]
        rank = lines[-1].rank if tied else position + 1
        lines.append(Standing(rank, player, score[player], hands))
    return tuple(lines)
