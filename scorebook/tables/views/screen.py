"""The table screen for one request: who is looking, the next deal's form, then the display
layer's view of it. Shared by the table's pages and the answers to its writes."""

from __future__ import annotations

import uuid
from typing import Any

from django.http import HttpRequest
from django.urls import reverse
from django.utils.translation import get_language

from players.models import CONFIRMATION_CHOICES
from scorebook import derived
from scorebook.display.table import Viewer, delta_view, table_view
from scorebook.tables import services
from scorebook.tables.access import may_set_confirmation
from scorebook.tables.forms import DealForm
from scorebook.tables.models import Table


def _viewer(request: HttpRequest, table: Table, can_edit: bool) -> Viewer:
    """Who looks: the table's owner, or whoever holds the edit link of a table without an
    owner, may replace its links."""
    match = request.resolver_match
    by_link = match is not None and match.kwargs.get("token") == table.edit_token
    owner = table.owner_id == request.user.pk if table.owner_id is not None else by_link
    return Viewer(
        can_edit=can_edit,
        can_rotate=can_edit and owner,
        edit_url=request.build_absolute_uri(reverse("table", args=[table.edit_token])),
        view_url=request.build_absolute_uri(reverse("table", args=[table.view_token])),
    )


def _fresh_form(
    table: Table, state: services.TableState, players: dict[str, str | None]
) -> tuple[DealForm, str]:
    form = DealForm(
        state.record,
        initial={"number": state.next_number, "dealer": state.next_dealer or ""},
        asks_special=state.asks_special,
        fixed_dealer=state.fixed_dealer,
    )
    # The parts of a fresh form that never change from deal to deal are cached under this
    # (_deal_fields.html): the table, the names in the seats and the language.
    return form, derived.form_key(table, players, get_language())


def table_context(
    request: HttpRequest,
    table: Table,
    can_edit: bool,
    state: services.TableState | None = None,
    form: DealForm | None = None,
    **extra: Any,
) -> dict[str, Any]:
    """The whole table screen (scored once, unless ``state`` is given)."""
    screen = services.table_screen(table, state)
    key = ""
    if can_edit and form is None:
        form, key = _fresh_form(table, screen.state, screen.players)
    viewer = _viewer(request, table, can_edit)
    extra.setdefault("table_round", round_at(table, len(screen.state.deals)))
    extra.setdefault("confirmation", services.confirmation(table, screen.state))
    extra.setdefault("confirm_nonce", uuid.uuid4().hex)
    extra.setdefault("sets_confirmation", may_set_confirmation(request, table, can_edit))
    extra.setdefault("confirmation_choices", CONFIRMATION_CHOICES)
    return table_view(table, viewer, screen, form, key, **extra)


def delta_context(
    request: HttpRequest,
    table: Table,
    can_edit: bool,
    saved: services.Saved,
    players: dict[str, str | None],
    **extra: Any,
) -> dict[str, Any]:
    """Only what a save changed (display/delta.py), with the next deal's form."""
    form, key = _fresh_form(table, saved.state, players) if can_edit else (None, "")
    extra.setdefault("table_round", round_at(table))  # a save's state holds its deal alone
    return delta_view(table, Viewer(can_edit), saved, players, form, key, **extra)


def round_at(table: Table, played: int | None = None) -> dict[str, Any] | None:
    """A table of a night in rounds (docs/clubs.md): its round, the deals the round has at each
    table, how many it has played (``played``, or counted here: its live deals), and whether
    its round is over here, which the deal form says (nothing stops the table from playing
    on). None for any other table."""
    if table.evening_id is None:
        return None
    # Only a night in rounds keeps its rounds' tables (clubs.seating.draw_rounds; any other
    # draw replaces the whole seating): that a round lists this table is the whole test.
    seating = (table.evening.seating if table.evening else None) or {}
    for number, pks in seating.get("round_tables", {}).items():
        if table.pk in pks:
            deals = int(seating["deals"])
            if played is None:
                played = table.deals.filter(removed=False).count()
            return {
                "number": int(number),
                "deals": deals,
                "played": played,
                "over": played >= deals,
                "last": int(number) >= int(seating["rounds"]),
                "night": table.evening.token,
            }
    return None
