"""The table screen as its templates read it: the whole page, or only what a save changed.

Built from what the table's services computed (the scored state, the seats' names, the undone
deals) and from who is looking; nothing here reads the database or calls back into a service.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from scorebook.display.delta import delta_pad
from scorebook.display.inputs import Saved, Screen, State, TableRow
from scorebook.display.pad import Pad, build_pad
from scorebook.display.variants import OPPOSITE, SEAT_NAMES, shape, variant_name


@dataclass(frozen=True)
class Viewer:
    """Who looks at the table: whether he may write, and what his page links to."""

    can_edit: bool
    can_rotate: bool = False  # may replace the table's links
    edit_url: str = ""
    view_url: str = ""


def seat_names(record: Any, players: Any = None) -> dict[str, str]:
    """Each seat's player as the pages name him (``players``, else the record's), the dummy's
    seat as "dummy": the correction's dealer choice reads "W · dummy", as the sheet does."""
    players = record.players if players is None else players
    return {s: players.get(s) or _("dummy") for s in record.preset.seats}


def dummy_partner(record: Any, names: dict[str, str]) -> str:
    """Who deals for the dummy: its partner, opposite (three-handed whist); "" without one."""
    return names[OPPOSITE[record.dummy]] if record.dummy else ""


def _names(
    table: TableRow,
    viewer: Viewer,
    state: State,
    players: dict[str, str | None],
    form: Any,
    fresh_form_key: str,
) -> dict[str, Any]:
    """What the whole page and the answer to a save share: the next deal's form and names."""
    names = seat_names(state.record, players)
    dummy = state.record.dummy
    next_dealer = state.next_dealer
    return {
        "table": table,
        "can_edit": viewer.can_edit,
        "state": state,
        "shape": shape(state.record),
        "form": form,
        "variant_name": variant_name(table.variant),
        "seat_names": names,
        "dummy_partner": dummy_partner(state.record, names),
        "seat_labels": SEAT_NAMES,
        "next_dealer_name": names.get(next_dealer or "", ""),
        # The dummy's deal is dealt by its partner, opposite (three-handed whist).
        "dummy_dealer": (
            names.get(OPPOSITE[next_dealer], "") if next_dealer and next_dealer == dummy else ""
        ),
        "next_number": state.next_number,
        "undo_nonce": uuid.uuid4().hex,
        "fresh_form_key": fresh_form_key,
    }


def table_view(
    table: TableRow,
    viewer: Viewer,
    screen: Screen,
    form: Any,
    fresh_form_key: str = "",
    **extra: Any,
) -> dict[str, Any]:
    """The whole table screen: the pad, the deal log, the next deal's form."""
    state = screen.state
    return {
        **_names(table, viewer, state, screen.players, form, fresh_form_key),
        "pad": build_pad(state.record, state.sheet, table.right_side),
        "log": list(zip(state.deals, state.sheet.deals, strict=True)),
        "last_number": state.deals[-1].number if state.deals else 0,
        "was": screen.was,
        "edit_url": viewer.edit_url,
        "view_url": viewer.view_url,
        "undone_deals": screen.undone,
        "can_rotate": viewer.can_rotate,
        **extra,
    }


def delta_view(
    table: TableRow,
    viewer: Viewer,
    saved: Saved,
    players: dict[str, str | None],
    form: Any,
    fresh_form_key: str = "",
    **extra: Any,
) -> dict[str, Any]:
    """Only what a save changed, as out-of-band parts (see display/delta.py)."""
    return {
        **_names(table, viewer, saved.state, players, form, fresh_form_key),
        "oob": True,
        "pad": delta_pad(saved, players, table.right_side),
        "log": [(saved.deal, saved.result)],
        "last_number": saved.deal.number,
        "undone_deals": saved.undone or [],
        **extra,
    }


@dataclass(frozen=True)
class Preview:
    """What the deal in the form would write if it were saved (table.html#preview): its rows
    above and below the line, the rule under a game it closes, its line in the log, and who
    wins what (``won``); or, for a deal not complete or refused, only ``message`` and the
    field it is about."""

    number: int = 0
    pad: Pad | None = None
    log: list[tuple[Any, Any]] | None = None
    won: str = ""
    message: str = ""
    field: str = ""


def preview_view(
    table: TableRow, saved: Saved, players: dict[str, str | None], won: str = ""
) -> dict[str, Any]:
    """The preview of an unsaved deal, laid out as the answer to its save lays it out
    (display/delta.py): the same rows, the same line, in the same words."""
    record = saved.record
    return {
        "shape": shape(record),
        "seat_names": seat_names(record, players),
        "preview": Preview(
            number=saved.deal.number,
            pad=delta_pad(saved, players, table.right_side),
            log=[(saved.deal, saved.result)],
            won=won,
        ),
    }


def preview_message(number: int, message: str, field: str = "") -> dict[str, Any]:
    """The preview's answer when there is nothing to show: what to tap first, or why not."""
    return {"preview": Preview(number=number, message=message, field=field)}
