from __future__ import annotations

from django.conf import settings
from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import get_language
from django.views.decorators.http import require_safe

from players.models import Club
from scorebook.display.variants import variant_name
from scorebook.site import demo
from scorebook.tables.access import REMEMBERED
from scorebook.tables.models import Table


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
            "players": [s.player.name for s in t.seats.all() if s.player],
        }
        for t in tables
    ]
    demos = []
    if not rows:  # a new browser: show it what the app does, on the demo tables of its language
        demos = demo.demo_tables(get_language() or "")
    my_clubs = []
    if request.user.is_authenticated:
        mine = Q(roles__user=request.user) | Q(roster__user=request.user)
        my_clubs = list(Club.objects.filter(mine).distinct().order_by("name"))
    # On a laptop (DEBUG, or `make run`) the demo tables open for scoring; on a server, read-only.
    demo_edit = settings.DEBUG or settings.LOCAL
    context = {"tables": rows, "my_clubs": my_clubs, "demos": demos, "demo_edit": demo_edit}
    return render(request, "site/home.html", context)
