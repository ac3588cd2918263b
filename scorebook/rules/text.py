"""A score sheet as plain text, for the terminal (``manage.py score``)."""

from __future__ import annotations

from .model import Deal, Record
from .sheet import ABOVE, BELOW, NOT_SCORED, DealScore, Sheet

SUIT_SIGNS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣", None: "–"}
ITEM_SHORT = {
    "tricks": "tr",
    "honours": "hon",
    "slam": "slam",
    "revoke": "rev",
    "contract": "con",
    "overtricks": "over",
    "doubling": "dbl",
    "penalty": "pen",
    "game-bonus": "game",
    "rubber-bonus": "rubber",
    "carry": "carry",
}


def _side_names(record: Record) -> dict[str, str]:
    names = {}
    for side in record.sides:
        seats = [s for s in record.preset.seats if record.side_of(s) == side]
        people = [f"{record.players[s]} ({s})" for s in seats if record.players.get(s)]
        names[side] = " & ".join(people) or side
    return names


def _cell(score: DealScore, side: str, line: str) -> str:
    parts = []
    for e in score.entries:
        if e.side != side or e.line != line:
            continue
        if e.item == NOT_SCORED:
            parts.append(f"({e.points})")
        else:
            parts.append(f"{e.points:+d} {ITEM_SHORT.get(e.item, e.item)}".lstrip("+"))
    return ", ".join(parts)


def _facts(record: Record, deal: Deal) -> str:
    if deal.void is not None:
        return f"void: {deal.void}"
    bits = []
    if deal.contract is not None:
        c = deal.contract
        game = SUIT_SIGNS[c.trump] if c.game == "trump" else c.game
        dbl = {2: " contra", 4: " recontra"}.get(deal.multiplier, "")
        bits.append(f"{c.side} {game}{dbl}")
    elif record.preset.trump:
        bits.append(SUIT_SIGNS[deal.trump])
    if deal.tricks is not None:
        bits.append("-".join(str(deal.tricks[s]) for s in record.sides))
    if deal.honours is not None:
        bits.append("hon " + "-".join(str(v) for v in deal.honours.values()))
    if deal.revokes:
        bits.append("revoke " + ",".join(r.seat for r in deal.revokes))
    if deal.called:
        bits.append(f"{deal.called} calls")
    return " ".join(bits)


def _row(cells: list[str], widths: list[int]) -> str:
    """A line of the deal table: the number right-aligned, a ``|`` before each side's pair."""
    number, dealer, facts, *entries = (
        cell.rjust(width) if index == 0 else cell.ljust(width)
        for index, (cell, width) in enumerate(zip(cells, widths, strict=True))
    )
    pairs = (" ".join(entries[i : i + 2]) for i in range(0, len(entries), 2))
    return " | ".join([f"{number} {dealer} {facts}", *pairs])


def _game_points(points: int) -> str:
    return "1 game point" if points == 1 else f"{points} game points"


def render(record: Record, sheet: Sheet) -> str:
    """The sheet as text: every deal's entries per side, game rules, rubbers, settlement."""
    sides = record.sides
    names = _side_names(record)
    lines = [f"{record.variant} — " + " vs ".join(f"{s}: {names[s]}" for s in sides), ""]
    header = [
        "#",
        "dealer",
        "deal",
        *(f"{side} {line}" for side in sides for line in (BELOW, ABOVE)),
    ]
    rows = [
        [str(deal.number), deal.dealer or "", _facts(record, deal)]
        + [_cell(score, side, line) for side in sides for line in (BELOW, ABOVE)]
        for deal, score in zip(record.deals, sheet.deals, strict=True)
    ]
    # Each column as wide as its widest cell, header included: nothing is cut, nothing shifts.
    widths = [max(len(cell) for cell in column) for column in zip(header, *rows, strict=True)]
    ruler = "-" * len(_row(header, widths))
    lines += [_row(header, widths).rstrip(), ruler]
    games = {g.deal: g for g in sheet.games}
    for deal, score, row in zip(record.deals, sheet.deals, rows, strict=True):
        lines.append(_row(row, widths).rstrip())
        game = games.get(deal.number)
        if game is not None:
            score_text = "–".join(str(game.score[s]) for s in sides)
            points = f", {_game_points(game.game_points)}" if game.game_points else ""
            lines.append(
                f"{'=' * 8} game {game.number} to {game.winner} "
                f"({score_text}, {game.label}{points}) {'=' * 8}"
            )
        if score.rubber_won_by is not None:
            lines.append(f"{'*' * 8} rubber {score.rubber} to {score.rubber_won_by} {'*' * 8}")
    lines.append("")
    for rubber in sheet.rubbers:
        won = "–".join(str(rubber.games_won[s]) for s in sides)
        state = f"won by {rubber.winner}" if rubber.finished else "unfinished"
        lines.append(f"Rubber {rubber.number}: {state} (games {won})")
    lines.append("")
    lines.append(f"{'':12}" + "".join(f"{s:>8}" for s in sides))
    for label, values in (("below", sheet.below), ("above", sheet.above), ("total", sheet.total)):
        lines.append(f"{label:12}" + "".join(f"{values[s]:>8}" for s in sides))
    lines.append(f"{'settlement':12}" + "".join(f"{sheet.settlement_sides[s]:>+8}" for s in sides))
    lines.append("")
    lines.append(
        "Players: "
        + ", ".join(
            f"{record.players[seat]} ({seat}) {amount:+g}"
            for seat, amount in sheet.settlement_players.items()
        )
    )
    return "\n".join(lines) + "\n"
