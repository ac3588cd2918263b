"""Who may see and who may write a table.

Every table has two unguessable links: the edit link and the read-only link. The edit link,
or being the table's owner or a member (a signed-in user who opened its edit link), allows
writing; anyone else gets 403 for every write. The browser that created or opened a table
through its edit link remembers it in the session.
"""

from __future__ import annotations

import secrets

from django.db.models import Q
from django.http import Http404, HttpRequest

from scorebook.models import Seat, Table
from scorebook.services import Author

REMEMBERED = "tables"


def get_table(request: HttpRequest, token: str, *, seats: bool = False) -> tuple[Table, bool]:
    """The table behind a link, and whether this request may change it; with ``seats``, its
    seats and their players come in the same query (for ``services.players_of``)."""
    table = _with_seats(token) if seats else None
    if table is None:
        table = Table.objects.filter(Q(edit_token=token) | Q(view_token=token)).first()
    if table is None:
        raise Http404("no such table")
    if token == table.edit_token:
        return table, True
    user = request.user
    if user.is_authenticated and (
        table.owner_id == user.pk or table.members.filter(pk=user.pk).exists()
    ):
        return table, True
    return table, False


def _with_seats(token: str) -> Table | None:
    """The table behind a link read through its seats, one query for both: the seats are
    then the table's prefetched ones, as ``prefetch_related("seats__player")`` would leave
    them without its second query. None if the link or the seats are not found."""
    rows = list(
        Seat.objects.select_related("table", "player")
        .filter(Q(table__edit_token=token) | Q(table__view_token=token))
        .order_by("pk")
    )
    if not rows:
        return None
    table = rows[0].table
    for seat in rows:
        seat.table = table
    prefetched = table.seats.all()
    prefetched._result_cache = rows  # what prefetch_related_objects() stores
    prefetched._prefetch_done = True
    table._prefetched_objects_cache = {"seats": prefetched}
    return table


def remember(request: HttpRequest, table: Table) -> None:
    """Keep the table in this browser's list, and in the signed-in user's."""
    tokens = [t for t in request.session.get(REMEMBERED, []) if t != table.edit_token]
    request.session[REMEMBERED] = [table.edit_token, *tokens][:100]
    user = request.user
    if user.is_authenticated and table.owner_id != user.pk:
        table.members.add(user)


def author(request: HttpRequest) -> Author:
    device = request.session.get("device")
    if not device:
        device = request.session["device"] = secrets.token_hex(2)
    return Author.of(request.user, device)  # type: ignore[arg-type]
