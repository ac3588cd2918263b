"""Who played with and against whom, and the club's records: sums over ladder tables.

Django-free, like :mod:`scorebook.clubs.results`: every function reads
:class:`~players.ladder.TableResult` values (players already bound to the seats) in ladder
order, and adds them up. :mod:`scorebook.clubs.standings` reads the tables, keeps what these
give under :mod:`scorebook.derived`'s keys, and names the players.

A *rubber* here is a finished rubber of a played table (``rubber_winners``), the same the
rating rates; a table's *net* is the player's settlement there, rubbers finished or not.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from dataclasses import dataclass

from players.ladder import PlayerKey, TableResult

PAIR_RUBBERS = 10  # rubbers together a pair needs to be among the season's best partnerships
PAIRS_SHOWN = 10  # the season's best partnerships listed (a big club has hundreds of pairs)


@dataclass
class Tally:
    """Rubbers played together (or against), how many of them his side won, and his net
    result at those tables."""

    rubbers: int = 0
    won: int = 0
    net: float = 0
    tables: int = 0

    def add(self, rubbers: int, won: int, net: float) -> None:
        self.rubbers += rubbers
        self.won += won
        self.net += net
        self.tables += 1

    @property
    def share(self) -> float | None:
        """The share of the rubbers won (None without a rubber)."""
        return self.won / self.rubbers if self.rubbers else None


def side_of(table: TableResult, player: PlayerKey) -> str | None:
    return next((side for side, team in table.teams.items() if player in team), None)


def with_and_against(
    player: PlayerKey, tables: Iterable[TableResult]
) -> tuple[dict[PlayerKey, Tally], dict[PlayerKey, Tally]]:
    """His partners and his opponents, each with the rubbers they played together (against
    each other), those his side won and his net result at those tables. Partners only in the
    partnership variants; an opponent is anyone on another side of his table (in Prussian and
    Hussar, everyone else at it)."""
    partners: dict[PlayerKey, Tally] = {}
    opponents: dict[PlayerKey, Tally] = {}
    for table in tables:
        side = side_of(table, player) if table.played else None
        if side is None:
            continue
        rubbers = len(table.rubber_winners)
        won = table.rubber_winners.count(side)
        net = table.settlement.get(player, 0)
        for other_side, team in table.teams.items():
            for other in team:
                if other == player:
                    continue
                if other_side != side:
                    opponents.setdefault(other, Tally()).add(rubbers, won, net)
                elif table.partnership:
                    partners.setdefault(other, Tally()).add(rubbers, won, net)
    return partners, opponents


def partnerships(tables: Iterable[TableResult]) -> dict[tuple[PlayerKey, PlayerKey], Tally]:
    """Every pair that shared a side of two players (the partnership variants), keyed by the
    two players in sorted order: their rubbers together, those they won, and the net result
    each of them had at those tables (partners settle alike; the mean of the two, should a
    record ever split them)."""
    pairs: dict[tuple[PlayerKey, PlayerKey], Tally] = {}
    for table in tables:
        if not (table.played and table.partnership):
            continue
        rubbers = len(table.rubber_winners)
        for side, team in table.teams.items():
            if len(team) != 2:
                continue
            a, b = sorted(team, key=repr)
            net = (table.settlement.get(a, 0) + table.settlement.get(b, 0)) / 2
            pairs.setdefault((a, b), Tally()).add(rubbers, table.rubber_winners.count(side), net)
    return pairs


def best_partnerships(
    pairs: dict[tuple[PlayerKey, PlayerKey], Tally], least: int | None = None
) -> list[tuple[tuple[PlayerKey, PlayerKey], Tally]]:
    """The pairs with at least ``least`` rubbers together (:data:`PAIR_RUBBERS`), by the
    share of them won, then by net result, then by more rubbers."""
    least = PAIR_RUBBERS if least is None else least
    kept = [(pair, t) for pair, t in pairs.items() if t.rubbers >= least]
    return sorted(kept, key=lambda pt: (-(pt[1].won / pt[1].rubbers), -pt[1].net, -pt[1].rubbers))


NEAREST_SHOWN = 3  # pairs named while none has PAIR_RUBBERS rubbers together


def nearest_partnerships(
    pairs: dict[tuple[PlayerKey, PlayerKey], Tally], shown: int = NEAREST_SHOWN
) -> tuple[tuple[tuple[PlayerKey, PlayerKey], Tally], ...]:
    """While no pair has enough rubbers together: the pairs with the most finished rubbers
    together so far, then by the share won and the net result (at most ``shown``)."""
    played = [(pair, t) for pair, t in pairs.items() if t.rubbers > 0]
    played.sort(key=lambda pt: (-pt[1].rubbers, -(pt[1].won / pt[1].rubbers), -pt[1].net))
    return tuple(played[:shown])


@dataclass(frozen=True)
class Run:
    """A player's longest run of rubbers won one after another: its length, and the dates of
    its first and last rubber."""

    player: PlayerKey
    length: int
    first: datetime.date
    last: datetime.date


def winning_runs(tables: Iterable[TableResult]) -> dict[PlayerKey, Run]:
    """Each player's longest run of consecutive rubbers won (his rubbers in ladder order, and
    at each table in the order played; a rubber lost ends a run). Players who never won a
    rubber are left out; of two runs as long, the first stands."""
    current: dict[PlayerKey, tuple[int, datetime.date]] = {}
    best: dict[PlayerKey, Run] = {}
    for table in tables:
        if not table.played:
            continue
        for winner in table.rubber_winners:
            for side, team in table.teams.items():
                for player in team:
                    if side != winner:
                        current.pop(player, None)
                        continue
                    length, first = current.get(player, (0, table.date))
                    current[player] = (length + 1, first)
                    if player not in best or best[player].length < length + 1:
                        best[player] = Run(player, length + 1, first, table.date)
    return best
