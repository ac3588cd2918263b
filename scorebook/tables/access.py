"""Who may see and who may write a table.

Every table has two unguessable links: the edit link and the read-only link. The edit link,
or being the table's owner or a member (a signed-in user who opened its edit link), allows
writing; anyone else gets 403 for every write. The browser that created or opened a table
through its edit link remembers it in the session.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.db.models import F, Q
from django.http import Http404, HttpRequest

from players.roles import ORGANISER, role_of
from scorebook.tables.models import Table
from scorebook.tables.services import Author, NightClosed
from scorebook.web.zone import use_zone

REMEMBERED = "tables"
CREATED = "created"  # the edit links of the tables this browser started


def get_table(request: HttpRequest, token: str) -> tuple[Table, bool]:
    """The table behind a link, and whether this request may change it. A table of a club
    night shows its times (its revisions, its links' history) in the club's zone."""
    table = (
        Table.objects.filter(Q(edit_token=token) | Q(view_token=token))
        .annotate(club_zone=F("evening__club__time_zone"))
        .first()
    )
    if table is None:
        raise Http404("no such table")
    use_zone(table.club_zone)  # type: ignore[attr-defined]
    if table.demo and not (settings.DEBUG or settings.LOCAL):
        return table, False  # a demo table on a server: read-only (site/demo.py)
    if table.evening_id is not None and night_closed(table):
        return table, False  # a closed night: read-only until an organiser reopens it
    if token == table.edit_token:
        return table, True
    user = request.user
    if user.is_authenticated and (
        table.owner_id == user.pk or table.members.filter(pk=user.pk).exists()
    ):
        return table, True
    return table, False


def night_closed(table: Table) -> bool:
    """Whether the table's night is closed (read once per request)."""
    night = table.evening
    return night is not None and night.closed_at is not None


def require_edit(request: HttpRequest, token: str) -> Table:
    """The table behind a link that allows writing; 403 for a read-only one (saying so when
    its night is closed)."""
    table, can_edit = get_table(request, token)
    if not can_edit:
        if night_closed(table) and token == table.edit_token:
            raise NightClosed(table)
        raise PermissionDenied("read-only link")
    return table


def remember(request: HttpRequest, table: Table, *, created: bool = False) -> None:
    """Keep the table in this browser's list, and in the signed-in user's. A table this
    browser ``created`` is also kept as its own: until its user signs in and claims it, only
    this browser may replace its links (any holder of the edit link may score)."""
    tokens = [t for t in request.session.get(REMEMBERED, []) if t != table.edit_token]
    request.session[REMEMBERED] = [table.edit_token, *tokens][:100]
    if created:
        own = [t for t in request.session.get(CREATED, []) if t != table.edit_token]
        request.session[CREATED] = [table.edit_token, *own][:100]
    user = request.user
    if user.is_authenticated and table.owner_id != user.pk:
        table.members.add(user)


def created_here(request: HttpRequest, table: Table) -> bool:
    """Whether this browser started the table (before any account claimed it)."""
    return table.edit_token in request.session.get(CREATED, [])


def author(request: HttpRequest) -> Author:
    device = request.session.get("device")
    if not device:
        device = request.session["device"] = secrets.token_hex(2)
    return Author.of(request.user, device)  # type: ignore[arg-type]


def organises(request: HttpRequest, table: Table) -> bool:
    """Whether the request comes from the table's organiser: an organiser of the club whose
    night the table is in, or, for a table outside a club, its owner. He may change a deal
    the other side confirmed (giving a reason) and a club table's confirmation."""
    user = request.user
    if not user.is_authenticated:
        return False
    night = table.evening
    if night is not None and night.club_id is not None:
        return role_of(user, night.club) == ORGANISER
    return table.owner_id == user.pk


def may_set_confirmation(request: HttpRequest, table: Table, can_edit: bool) -> bool:
    """A club table's confirmation is its organisers' to set; a table of one's own is its
    scorers'."""
    night = table.evening
    if night is not None and night.club_id is not None:
        return organises(request, table)
    return can_edit
