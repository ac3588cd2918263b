"""What the display layer reads of the table the services hand it, as protocols: the layer sits
below the features, so it names the shapes it needs rather than importing them
(``scorebook.tables.services``: TableState, Saved, TableScreen; ``tables.models``: Table,
Deal). The templates read the same objects (a state's ``needed``, a deal's ``data``)."""

from __future__ import annotations

from typing import Any, Protocol

from scorebook.rules import Record
from scorebook.rules.sheet import DealScore, GameResult, Sheet


class TableRow(Protocol):
    variant: str
    right_side: str


class State(Protocol):
    """A table's scored state (services.TableState)."""

    record: Record
    sheet: Sheet
    deals: list[Any]  # the live deals (tables.models.Deal: number, data)
    next_number: int
    next_dealer: str | None


class Saved(Protocol):
    """A deal just saved, with the table after it (services.Saved)."""

    deal: Any  # the deal saved (tables.models.Deal)
    written: Any  # the deal as the engine read it (scorebook.rules.deal.Deal)
    result: DealScore
    game: GameResult | None
    sheet: Sheet
    record: Record
    undone: list[Any] | None

    @property
    def state(self) -> State: ...


class Screen(Protocol):
    """The whole table screen's input (services.TableScreen)."""

    state: State
    players: dict[str, str | None]
    was: dict[int, Any]
    undone: list[Any]
