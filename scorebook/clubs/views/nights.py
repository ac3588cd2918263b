"""A club night: every table at a glance, live, with the night's standings.

The night's link shows it to anyone who has it (a projector, the players' phones), read-only.
Its club's organisers start tables from the roster, file a table by its edit link, move a
table from another night of the club, or take one out; each of these is kept in the club's
history. An evening made before clubs existed has no organisers: it stays as it was.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.formats import date_format
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_POST, require_safe
from django_ratelimit.decorators import ratelimit

from scorebook import derived
from scorebook.clubs import services as clubs
from scorebook.clubs import standings
from scorebook.display.text import with_names
from scorebook.display.variants import variant_name
from scorebook.rules import PRESETS
from scorebook.tables.models import Evening, Table
from scorebook.tables.views.tables import table_form
from scorebook.web.limits import TABLE_RATE
from scorebook.web.zone import use_zone

POLL_SECONDS = 3


class FileTableForm(forms.Form):
    """A table to file into the night, by its edit link (the link proves the right to it)."""

    link = forms.CharField(
        label=gettext_lazy("Edit link of the table"),
        max_length=300,
        required=False,
        widget=forms.TextInput(attrs={"autocomplete": "off", "placeholder": "https://…/t/…/"}),
    )

    def __init__(self, night: Evening, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.night = night

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        link = (data.get("link") or "").strip()
        if not link:
            self.add_error("link", _("Paste the table's edit link."))
            return data
        token = link.rstrip("/").rsplit("/", 1)[-1]
        table = Table.objects.filter(edit_token=token).first()
        if table is None:
            if Table.objects.filter(view_token=token).exists():
                self.add_error(
                    "link", _("That is the read-only link: paste the table's edit link.")
                )
            else:
                self.add_error("link", _("No table has this link."))
            return data
        data["found"] = table
        return data


def _night(token: str) -> Evening:
    """The night behind its link; the page shows its times in its club's zone."""
    night = get_object_or_404(Evening.objects.select_related("club"), token=token)
    use_zone(night.club.time_zone if night.club else None)
    return night


def _role(request: HttpRequest, night: Evening) -> str | None:
    return clubs.role_of(request.user, night.club) if night.club else None


def _organiser(request: HttpRequest, night: Evening) -> None:
    if _role(request, night) != clubs.ORGANISER:
        raise PermissionDenied("organisers only")


def night_context(request: HttpRequest, night: Evening, **extra: Any) -> dict[str, Any]:
    # The version before what it names: a write in between makes the next poll render again.
    version = derived.night_version(night.pk)
    glance, ranked = standings.night_view(night)
    role = _role(request, night)
    context = {
        "evening": night,
        "club": night.club,
        "role": role,
        "glance": glance,
        "ranked": [(variant_name(v), s) for v, s in ranked],
        "poll_seconds": POLL_SECONDS,
        "night_version": version,
        "variant_name": variant_name,
    }
    if role == clubs.ORGANISER:
        assert night.club is not None
        context["seated_twice"] = seated_twice(glance)
        context["variants"] = [(key, variant_name(key)) for key in PRESETS]
        context["other_nights"] = night.club.nights.exclude(pk=night.pk).order_by("-date")[:30]
        context.setdefault("form", FileTableForm(night))
    context.update(extra)
    return context


def seated_twice(glance: list[standings.TableAtGlance]) -> list[SafeString]:
    """A warning for each player seated at more than one table of the night (he may have
    moved on from a finished table: it is said, not refused). Within a club a name is one
    person."""
    tables: dict[str, list[str]] = {}
    for row in glance:
        label = row.table.title or _("Table %(n)s") % {"n": row.table.number}
        for _seat, name, _amount in row.seats:
            tables.setdefault(name, []).append(label)
    return [
        with_names(
            _("%(name)s is seated at more than one table of this night: %(tables)s."),
            name=name,
            tables=labels,
        )
        for name, labels in tables.items()
        if len(labels) > 1
    ]


@require_safe
def evening_page(request: HttpRequest, token: str) -> HttpResponse:
    night = _night(token)
    derived.remember_night_link(token, night.pk)
    return render(request, "clubs/evening.html", night_context(request, night))


@require_safe
def evening_glance(request: HttpRequest, token: str) -> HttpResponse:
    """The live part of the night, for polling: 204 while nothing it shows changed, said by
    the cache alone (no database, no session)."""
    seen = request.GET.get("v", "")
    if seen and derived.polled_night_version(token) == seen:
        return HttpResponse(status=204)
    night = _night(token)
    derived.remember_night_link(token, night.pk)
    return render(request, "clubs/evening.html#glance", night_context(request, night))


@require_POST
def file_table(request: HttpRequest, token: str) -> HttpResponse:
    night = _night(token)
    _organiser(request, night)
    form = FileTableForm(night, request.POST)
    if form.is_valid():
        before = form.cleaned_data["found"].evening  # a pasted link may take it from another
        try:
            table = clubs.file_table(night, form.cleaned_data["found"], author=request.user)  # type: ignore[arg-type]
        except clubs.ClubError as error:
            form.add_error("link", error.message)
        else:
            if before is None:
                message = _("“%(title)s” is in this night now: table %(number)s.")
                names = {}
            else:  # the organiser is told that it left the other night
                message = _(
                    "“%(title)s” moved here from the night “%(night)s” (%(date)s): it is now "
                    "table %(number)s."
                )
                names = {"night": before.name, "date": date_format(before.date, "j E Y")}
            messages.success(
                request, with_names(message, title=table.title, number=table.number, **names)
            )
            return redirect("evening", token=night.token)
    context = night_context(request, night, form=form)
    return render(request, "clubs/evening.html", context, status=422)


@require_POST
def remove_table(request: HttpRequest, token: str, pk: int) -> HttpResponse:
    night = _night(token)
    _organiser(request, night)
    table = get_object_or_404(Table, pk=pk, evening=night)
    clubs.remove_table(night, table, author=request.user)  # type: ignore[arg-type]
    messages.success(request, _("The table was taken out of this night."))
    return redirect("evening", token=night.token)


@require_POST
def move_table(request: HttpRequest, token: str, pk: int) -> HttpResponse:
    """Move one of this night's tables to another night of the same club."""
    night = _night(token)
    _organiser(request, night)
    table = get_object_or_404(Table, pk=pk, evening=night)
    chosen = request.POST.get("night", "")
    target = None
    if chosen.isdigit():
        target = Evening.objects.filter(club=night.club, pk=int(chosen)).exclude(pk=night.pk)
        target = target.first()
    if target is None:
        messages.error(request, _("Choose another night of this club."))
        return redirect("evening", token=night.token)
    clubs.file_table(target, table, author=request.user)  # type: ignore[arg-type]
    messages.success(
        request, with_names(_("The table was moved to “%(night)s”."), night=target.name)
    )
    return redirect("evening", token=night.token)


@ratelimit(key="ip", rate=TABLE_RATE, method="POST", block=True)
@require_http_methods(["GET", "POST"])
def night_table(request: HttpRequest, token: str, variant: str) -> HttpResponse:
    """Start a table in a club night: the club's organisers only; the roster is offered for
    the seats and the club's usual options come first."""
    night = _night(token)
    club = night.club
    if club is None or clubs.role_of(request.user, club) != clubs.ORGANISER:
        raise PermissionDenied("organisers only")

    def start(fields: dict[str, Any], keep_options: bool) -> Table:
        return clubs.start_table(
            night,
            author=request.user,  # type: ignore[arg-type]
            keep_options=keep_options,
            **fields,
        )

    usual = club.options if variant == club.variant else None
    return table_form(request, variant, night=night, usual=usual, start=start)
