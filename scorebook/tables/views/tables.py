"""Screens of a table: start one, show it (edit or read-only), poll its sheet, records in/out."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any
from urllib.parse import urlencode

from django.contrib import messages
from django.core.cache import cache
from django.core.exceptions import PermissionDenied
from django.db.models import Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe
from django_ratelimit.decorators import ratelimit

from players.models import Player
from players.roles import ORGANISER, role_of
from scorebook import derived
from scorebook.display.messages import locate, unreadable
from scorebook.display.variants import VARIANTS, variant_name
from scorebook.rules import PRESETS, RecordError
from scorebook.tables import services
from scorebook.tables.access import REMEMBERED, author, created_here, get_table, remember
from scorebook.tables.forms import TableForm, option_initial
from scorebook.tables.models import Evening, Seat, Table
from scorebook.tables.views.screen import delta_context, table_context
from scorebook.web.limits import IMPORT_RATE, TABLE_RATE


@require_safe
def choose_variant(request: HttpRequest) -> HttpResponse:
    variants = [(key, name, text) for key, (name, text) in VARIANTS.items()]
    return render(request, "tables/new_variant.html", {"variants": variants})


@ratelimit(key="ip", rate=TABLE_RATE, method="POST", block=True)
@require_http_methods(["GET", "POST"])
def new_table(request: HttpRequest, variant: str) -> HttpResponse:
    """Start a table of one's own."""
    return table_form(request, variant)


StartTable = Callable[[dict[str, Any], bool], Table]


def table_form(
    request: HttpRequest,
    variant: str,
    *,
    night: Evening | None = None,
    usual: dict[str, Any] | None = None,
    usual_stake: dict[str, Any] | None = None,
    start: StartTable | None = None,
) -> HttpResponse:
    """The new table's form, and the table it starts: one's own, or (``start``, given by the
    clubs' view of a night) a night's, which ``start(fields, keep_options)`` files there and
    may refuse (services.Refused, at the field it names); ``usual``: the options to offer
    first; ``usual_stake``: the club's stake, to start with."""
    if variant not in PRESETS:
        raise Http404("no such variant")
    initial: dict[str, Any] = option_initial(usual) if usual is not None else {}
    initial.update(usual_stake or {})
    if request.method == "GET" and (after := _table_after(request, variant)) is not None:
        initial = {**initial, **after}
    form = TableForm(variant, request.POST if request.method == "POST" else None, initial=initial)
    if request.method == "POST" and form.is_valid():
        table_fields: dict[str, Any] = {
            "variant": variant,
            "players": form.players,
            "options": form.options,
            "dummy": form.cleaned_data.get("dummy") or "",
            "first_dealer": form.cleaned_data.get("first_dealer") or "",
            "right_side": form.cleaned_data.get("right_side") or "",
            "title": form.cleaned_data.get("title") or "",
            "place": form.cleaned_data.get("place") or "",
            "cut": form.cut,
            **form.stake,
        }
        try:
            if start is not None:
                table = start(table_fields, request.POST.get("keep_options") == "on")
            else:
                owner = request.user if request.user.is_authenticated else None
                table = services.create_table(owner=owner, **table_fields)  # type: ignore[arg-type]
        except RecordError as error:
            form.add_record_error(error)  # in the user's language, at the option it names
        except services.Refused as error:
            form.add_error(error.field, error.message)
        else:
            remember(request, table, created=True)
            return redirect("table", token=table.edit_token)
    status = 422 if request.method == "POST" else 200
    context = {
        "form": form,
        "variant": variant,
        "variant_name": variant_name(variant),
        "night": night,
        "known_players": known_players(request, night),
    }
    return render(request, "tables/new_table.html", context, status=status)


def _table_after(request: HttpRequest, variant: str) -> dict[str, Any] | None:
    """The form's values for the next table of the players of the table ``?after=`` names by
    either of its links (services.next_table): None without one, or for another variant."""
    token = request.GET.get("after", "")
    table = Table.objects.filter(Q(edit_token=token) | Q(view_token=token), variant=variant)
    found = table.first() if token else None
    if found is None:
        return None
    following = services.next_table(found, services.table_state(found).next_dealer)
    return {
        **{f"player_{seat}": name or "" for seat, name in following.players.items()},
        **option_initial(following.options),
        "dummy": following.dummy,
        "first_dealer": following.first_dealer,
        "right_side": following.right_side,
        "place": following.place,
        **following.stake,
    }


def known_players(request: HttpRequest, night: Evening | None) -> list[str]:
    """The names to offer for the seats: the club's roster for a club night, otherwise only
    the players of this browser's or this account's own tables (never anyone else's). An
    archived player is offered in neither (his name typed still seats him)."""
    if night is not None:
        roster = Player.objects.filter(club=night.club, merged_into=None, archived=False)
        return list(roster.order_by("name").values_list("name", flat=True)[:500])
    own = Q(edit_token__in=request.session.get(REMEMBERED, []))
    if request.user.is_authenticated:
        own |= Q(owner=request.user) | Q(members=request.user)
    seats = Seat.objects.filter(
        table__in=Table.objects.filter(own), player__isnull=False, player__archived=False
    )
    names = seats.values_list("player__name", flat=True).distinct()
    return sorted(set(names[:500]))


@require_safe
def table_page(request: HttpRequest, token: str) -> HttpResponse:
    table, can_edit = get_table(request, token)
    if can_edit and token == table.edit_token:
        remember(request, table)
    context = table_context(request, table, can_edit)
    if request.htmx:  # type: ignore[attr-defined]
        return render(request, "tables/_live.html", context)
    if url := _next_table_url(request, table, token):
        following = services.next_table(table, context["state"].next_dealer)
        context["next_table"] = {"url": url, "defender": following.defender}
    return render(request, "tables/table.html", context)


def _next_table_url(request: HttpRequest, table: Table, token: str) -> str:
    """Where the next table of the same players starts: in the table's club night, for the
    club's organisers only (others get no link), otherwise as any new table."""
    night = table.evening
    query = "?" + urlencode({"after": token})
    if night is None or night.club_id is None:
        return reverse("new_table", args=[table.variant]) + query
    if role_of(request.user, night.club) != ORGANISER:
        return ""
    return reverse("night_table", args=[night.token, table.variant]) + query


# How many versions behind a page may be and still get only the changes: each one's answer,
# in turn (a page further behind gets the whole sheet). A phone polls every 2 s and a deal
# takes a minute, so this many is a page that was asleep or a server that fell behind: the
# changes are then still a fraction of the whole sheet, and each is rendered once a version.
DELTA_VERSIONS = 6


@require_safe
def table_sheet(request: HttpRequest, token: str) -> HttpResponse:
    """The sheet alone, for polling: 204 while the table has not changed; to a page a few
    deals behind, only those deals' changes, one answer a deal; otherwise the whole sheet.
    What a read-only page gets is rendered once per version and language (each deal's
    changes once) and served to every watcher from the cache."""
    seen = request.GET.get("v", "")
    if seen and str(derived.polled_version(token)) == seen:
        return HttpResponse(status=204)  # nothing changed: no database, no session read
    table, can_edit = get_table(request, token)
    if seen == str(table.version):
        derived.remember_version(token, table)
        return HttpResponse(status=204)
    shared = not can_edit  # an editor's sheet holds his own forms (CSRF token, nonces)
    players = services.players_of(table)
    language = get_language()
    behind = next((n for n in range(1, DELTA_VERSIONS + 1) if seen == str(table.version - n)), 0)
    if table.confirmation != "off":  # the deals waiting for the other side: the whole sheet
        behind = 0
    if behind:
        # the changes that made each version the page has not seen, oldest first
        versions = range(table.version - behind + 1, table.version + 1)
        keys = [derived.sheet_key(table, v, language, players, "change") for v in versions]
        found = cache.get_many(keys) if shared else {}
        if len(found) < behind:
            saves = services.kept_saves(table, behind, players)
            if saves is not None:
                for key, saved in zip(keys, saves, strict=True):
                    if key not in found:
                        found[key] = _change(request, table, can_edit, saved, players)
                if shared:
                    cache.set_many(found, derived.TTL)
        if len(found) == behind:
            response = HttpResponse("".join(found[key] for key in keys))
            response["HX-Reswap"] = "none"  # out-of-band parts only
            return response
    key = derived.sheet_key(table, table.version, language, players, "whole")
    if shared and (html := cache.get(key)) is not None:
        return HttpResponse(html)
    context = table_context(request, table, can_edit, sheet_only=True)  # with #confirm
    response = render(request, "tables/table.html#sheet", context)
    if shared and response.status_code == 200:
        cache.set(key, response.content, derived.TTL)
    return response


def _change(
    request: HttpRequest,
    table: Table,
    can_edit: bool,
    saved: services.Saved,
    players: dict[str, str | None],
) -> str:
    """What one deal changed, as the page one version behind gets it: the table as that save
    left it (its version), whenever it is rendered, so that every watcher gets the same."""
    then = copy.copy(table)
    then.version = saved.version
    return render_to_string(
        "tables/_delta.html", delta_context(request, then, can_edit, saved, players), request
    )


@require_safe
def record_download(request: HttpRequest, token: str) -> HttpResponse:
    table, _can_edit = get_table(request, token)
    body = json.dumps(services.export_record(table), ensure_ascii=False, indent=2)
    response = HttpResponse(body + "\n", content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="whist-table-{table.pk}.json"'
    return response


@ratelimit(key="ip", rate=IMPORT_RATE, method="POST", block=True)
@require_http_methods(["GET", "POST"])
def import_record(request: HttpRequest) -> HttpResponse:
    error = ""
    if request.method == "POST":
        upload = request.FILES.get("record")
        if upload is None:
            error = _("Choose a record file to upload.")
        elif upload.size and upload.size > services.MAX_RECORD_BYTES:
            error = _("The file is too large for a record.")
        else:
            raw = upload.read()
            try:
                data = json.loads(raw)
                table = services.import_record(
                    data,
                    owner=request.user if request.user.is_authenticated else None,  # type: ignore[arg-type]
                    author=author(request),
                )
            except RecordError as exc:  # before ValueError: it is one
                error = locate(exc)
            except (ValueError, UnicodeDecodeError, RecursionError) as exc:
                # RecursionError: JSON nested deeper than Python's stack
                error = unreadable(exc, raw)
            else:
                remember(request, table, created=True)
                messages.success(request, _("The record was imported."))
                return redirect("table", token=table.edit_token)
    status = 422 if error else 200
    return render(request, "tables/import.html", {"error": error}, status=status)


@require_POST
def rotate_link(request: HttpRequest, token: str) -> HttpResponse:
    """Replace the edit or the read-only link. The table's owner may; a table started without
    an account has no owner, and then the browser that started it may (through its edit
    link), not anyone else who holds that link."""
    table, _can_edit = get_table(request, token)
    owner = table.owner_id is not None and table.owner_id == request.user.pk
    creator = table.owner_id is None and token == table.edit_token and created_here(request, table)
    if not owner and not creator:
        raise PermissionDenied("only the table's owner replaces its links")
    which = request.POST.get("which", "")
    if which not in ("edit", "view"):
        messages.error(request, _("Choose the link to replace."))
        return redirect("table", token=token)
    table = services.rotate_link(table, which, author=author(request))
    remember(request, table, created=creator)
    messages.success(
        request,
        _("The edit link was replaced: the old one no longer opens the table.")
        if which == "edit"
        else _("The read-only link was replaced: the old one no longer opens the table."),
    )
    return redirect("table", token=table.edit_token)
