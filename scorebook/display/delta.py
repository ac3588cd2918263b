"""What a save changed on the sheet, laid out like the pad: the new deal's rows, the game it
closed, the totals after it. The answer to a save (and to a watcher one version behind; two
behind gets two of them, in turn) carries only this, as htmx out-of-band swaps, so its cost
does not grow with the table."""

from __future__ import annotations

from scorebook.display.inputs import Saved
from scorebook.display.pad import (
    Pad,
    PadEntry,
    PadGame,
    PadRow,
    carry_row,
    column_order,
    deal_rows,
    multiplied_items,
    revoke_marks,
    sheet_pad,
)


def delta_pad(saved: Saved, players: dict[str, str | None], right_side: str = "") -> Pad:
    """The pad of one saved deal, with the whole table's totals after it; ``players`` are
    the table's seats now (names may have changed since the running score was kept)."""
    record = saved.record
    sheet = saved.sheet
    result = saved.result
    columns = column_order(record.sides, right_side)
    above: list[PadRow] = []
    games: list[PadGame] = []
    if result.void is not None:
        marks = revoke_marks(saved.written)
        games.append(
            PadGame(
                rubber=result.rubber,
                rows=[PadRow(result.number, [[] for _ in columns], void=result.void, marks=marks)],
            )
        )
    else:
        carried: list[tuple[PadEntry, str]] = []
        below_row, above_row = deal_rows(
            result,
            saved.written,
            columns,
            carried,
            multiplied_items(record.rules),
            record.rules.honours_are_aces,
        )
        game = PadGame(rubber=result.rubber, rows=[below_row])
        if saved.game is not None:
            game.result = saved.game
            game.score = [saved.game.score[s] for s in columns]
        games.append(game)
        if any(above_row.cells):
            above.append(above_row)
        if carried:
            carry = carry_row(result.number, carried, columns)
            games.append(PadGame(rubber=result.rubber, rows=[carry]))
    return sheet_pad(record, sheet, columns, above, games, players)
