from __future__ import annotations

from django.db.models import Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import get_language
from django.views.decorators.http import require_POST, require_safe
from django_ratelimit.decorators import ratelimit

from players.models import Club
from scorebook.clubs import services as club_services
from scorebook.display.variants import variant_name
from scorebook.site import demo
from scorebook.tables import services
from scorebook.tables.access import REMEMBERED, remember
from scorebook.tables.models import Table
from scorebook.web.limits import TABLE_RATE


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    tokens = request.session.get(REMEMBERED, [])
    query = Q(edit_token__in=tokens)
    if request.user.is_authenticated:
        query |= Q(owner=request.user) | Q(members=request.user)
    tables = (
        Table.objects.filter(query)
        .distinct()
        .select_related("evening__club")
        .prefetch_related("seats__player")
        .order_by("-updated_at")[:50]
    )
    rows = [
        {
            "table": t,
            "variant": variant_name(t.variant),
            "players": [name for name in services.players_of(t).values() if name],
        }
        for t in tables
    ]
    demos = []
    if not rows:  # a new browser: show it what the app does, on the demo tables of its language
        demos = demo.demo_tables(get_language() or "")
    my_clubs = []
    if request.user.is_authenticated:
        mine = Q(roles__user=request.user, roles__accepted=True) | Q(roster__user=request.user)
        my_clubs = list(Club.objects.filter(mine).distinct().order_by("name"))
    # On a laptop (DEBUG, or `make run`) the demo tables open for scoring; on a server, read-only.
    demo_edit = demo.editable_here()
    context = {
        "tables": rows,
        "my_clubs": my_clubs,
        "invitations": club_services.invitations(request.user),
        "demos": demos,
        "demo_edit": demo_edit,
    }
    return render(request, "site/home.html", context)


@ratelimit(key="ip", rate=TABLE_RATE, method="POST", block=True)
@require_POST
def demo_copy(request: HttpRequest, token: str) -> HttpResponse:
    """A demo table copied for the visitor, who scores the copy (the demo stays as it is)."""
    table = Table.objects.filter(Q(edit_token=token) | Q(view_token=token), demo=True).first()
    if table is None:
        raise Http404("no such demo table")
    owner = request.user if request.user.is_authenticated else None
    copy = demo.private_copy(table, owner=owner)
    remember(request, copy, created=True)
    return redirect("table", token=copy.edit_token)
