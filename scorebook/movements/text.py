"""Plans and drives as readable text: a table per round."""

from __future__ import annotations

from collections.abc import Sequence

from .drive import Drive, DriveGame
from .plans import IndividualPlan, PairsPlan, Span

Rows = list[tuple[str, ...]]
SUITS = {"H": "hearts", "C": "clubs", "D": "diamonds", "S": "spades", "N": "no trumps"}


def aligned(rows: Sequence[Sequence[str]], indent: str = "  ") -> list[str]:
    """Rows of cells as right-aligned columns."""
    widths = [max(len(cell) for cell in column) for column in zip(*rows, strict=True)]
    return [
        (indent + "  ".join(cell.rjust(width) for cell, width in zip(row, widths, strict=True)))
        for row in rows
    ]


def _span(name: str, span: Span) -> str:
    return f"{name} {span.min}" if span.min == span.max else f"{name} {span.min} to {span.max}"


def _rounds(count: int) -> str:
    return "1 round" if count == 1 else f"{count} rounds"


def individual_text(plan: IndividualPlan) -> str:
    """An individual plan: a summary, then each round's tables and sit-outs."""
    lines = [
        f"Individual tournament: {plan.players} players, {_rounds(len(plan.rounds))}",
        ", ".join(
            (
                _span("Partners", plan.partners),
                _span("opponents", plan.opponents),
                _span("sit-outs", plan.sit_outs),
            )
        )
        + " (any two players; any player)",
    ]
    for r in plan.rounds:
        rows: Rows = [("table", "N", "E", "S", "W")]
        rows += [(str(t), *map(str, seats)) for t, seats in enumerate(r.games, start=1)]
        lines += ["", f"Round {r.number}", *aligned(rows)]
        if r.sit_out:
            lines.append("  sits out: " + ", ".join(map(str, r.sit_out)))
    return "\n".join(lines) + "\n"


def pairs_text(plan: PairsPlan) -> str:
    """A pairs plan: a summary, then each round's tables and the pair sitting out."""
    lines = [
        f"Pairs round robin: {plan.pairs} pairs, {_rounds(len(plan.rounds))}",
        ", ".join(
            (
                _span("Meetings", plan.meetings),
                _span("N-S turns", plan.ns_turns),
                _span("sit-outs", plan.sit_outs),
            )
        ),
    ]
    for r in plan.rounds:
        rows: Rows = [("table", "N-S", "E-W")]
        rows += [(str(t), str(ns), str(ew)) for t, (ns, ew) in enumerate(r.games, start=1)]
        lines += ["", f"Round {r.number}", *aligned(rows)]
        if r.sit_out:
            lines.append("  sits out: pair " + ", ".join(map(str, r.sit_out)))
    return "\n".join(lines) + "\n"


def drive_text(drive: Drive) -> str:
    """A whist drive: each round's tables and tricks, the next seating, the standings."""
    lines = [
        f"Whist drive: {drive.players} players, {drive.hands} hands a round, "
        f"{_rounds(len(drive.rounds))} played"
    ]
    for number, games in enumerate(drive.rounds, start=1):
        trumps = ", ".join(SUITS[suit] for suit in games[0].trumps)
        lines += ["", f"Round {number} (trumps: {trumps})", *aligned(_drive_rows(games))]
    rows: Rows = [("table", "N", "E", "S", "W")]
    rows += [(str(t), *map(str, seats)) for t, seats in enumerate(drive.next, start=1)]
    lines += ["", f"Round {len(drive.rounds) + 1} seating", *aligned(rows)]
    rows = [("rank", "player", "score", "hands")]
    rows += [(str(s.rank), str(s.player), str(s.score), str(s.hands)) for s in drive.standings]
    lines += ["", "Standings", *aligned(rows)]
    return "\n".join(lines) + "\n"


def _drive_rows(games: Sequence[DriveGame]) -> Rows:
    rows: Rows = [("table", "N", "E", "S", "W", "N-S tricks", "E-W tricks", "winners")]
    for game in games:
        rows.append(
            (
                str(game.table),
                *map(str, game.seats),
                f"{' '.join(map(str, game.ns))} = {sum(game.ns)}",
                f"{' '.join(map(str, game.ew))} = {sum(game.ew)}",
                "N-S" if game.winners == "NS" else "E-W",
            )
        )
    return rows
