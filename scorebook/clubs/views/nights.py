"""A club night: every table at a glance, live, with the night's standings.

The night's link shows it to anyone who has it (a projector, the players' phones), read-only.
Its club's organisers start tables from the roster, file a table by its edit link, move a
table from another night of the club, or take one out; each of these is kept in the club's
history. An evening made before clubs existed has no organisers: it stays as it was.

The room's screen has a link of its own (``display_token``): every table and the night's
standings on one screen, in the club's language, with nothing of the organiser's on it. Its
link opens that screen and its poll, and nothing else; the night's link never opens it.
"""

from __future__ import annotations

import time
from typing import Any

from django import forms
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.formats import date_format
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_http_methods, require_POST, require_safe
from django_ratelimit.decorators import ratelimit

from players.models import Player
from scorebook import derived
from scorebook.clubs import clock, drive, prizes, room, seating, standings
from scorebook.clubs import services as clubs
from scorebook.clubs.forms import DriveHandsForm
from scorebook.display.drives import preset_choices
from scorebook.display.text import with_names
from scorebook.display.variants import variant_name
from scorebook.printing.pdf import qr_data_uri
from scorebook.printing.queue import site_url
from scorebook.rules import PRESETS
from scorebook.rules.presets import DEFAULT_DRIVE, DRIVE_PRESETS
from scorebook.tables.models import Evening, Table
from scorebook.tables.views.tables import table_form
from scorebook.web.limits import TABLE_RATE
from scorebook.web.zone import use_zone

POLL_SECONDS = 3
# The room's screen: at most this many tables at once; a larger night pages through them,
# a page every SCREEN_TURN_SECONDS, the standings staying in view. Each variant's standings
# show its first SCREEN_TOP players (fewer when three or more variants share the column).
SCREEN_PAGE = 12
SCREEN_TURN_SECONDS = 10
SCREEN_TOP = 10
SCREEN_LINES = 24  # standings rows the column holds (with their headings) at the least size


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
        "ranked": [(variant_name(v), s) for v, s in standings.with_surprises(night, ranked)],
        "poll_seconds": POLL_SECONDS,
        "night_version": version,
        "variant_name": variant_name,
    }
    if drive.in_drive(night):
        context["drive"] = drive.view(night)
    if drive.in_drive(night) or seating.in_rounds(night):
        context["timed"] = True  # the organiser may set the round clock
        context["clock_minutes"] = clock.minutes_of(night)
    if seating.in_rounds(night):
        plan = seating.rounds_view(night)
        context["rounds"] = plan
        context["round_standings"] = seating.round_standings(plan) if plan else []
        context["pairs_event"] = bool(plan) and plan["format"] == seating.PAIRS
    if night.closed_at is not None and night.club is not None:
        context["prizes"] = prizes.night_prizes(night, ranked, context.get("round_standings"))
    if role == clubs.ORGANISER:
        assert night.club is not None
        context["seated_twice"] = seated_twice(glance, seating.round_of_tables(night))
        context["variants"] = [(key, variant_name(key)) for key in PRESETS]
        context["other_nights"] = night.club.nights.exclude(pk=night.pk).order_by("-date")[:30]
        context.setdefault("form", FileTableForm(night))
    context.update(extra)
    return context


def seated_twice(
    glance: list[standings.TableAtGlance], rounds: dict[int, int] | None = None
) -> list[SafeString]:
    """A warning for each player seated at more than one table of the night (he may have
    moved on from a finished table: it is said, not refused). Within a club a name is one
    person. A night in rounds (``rounds``: each round's table by id) seats everyone at a new
    table every round: only two tables of the same round are said."""
    tables: dict[tuple[int, str], list[str]] = {}
    for row in glance:
        label = row.table.title or _("Table %(n)s") % {"n": row.table.number}
        moment = (rounds or {}).get(row.table.pk, 0)  # 0: a table outside the rounds
        for _seat, name, _amount in row.seats:
            tables.setdefault((moment, name), []).append(label)
    return [
        with_names(
            _("%(name)s is seated at more than one table of this night: %(tables)s."),
            name=name,
            tables=labels,
        )
        for (_moment, name), labels in tables.items()
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


def _screen_night(token: str) -> Evening:
    return get_object_or_404(Evening.objects.select_related("club"), display_token=token)


def screen_layout(count: int) -> tuple[int, int]:
    """Columns and rows of the tables' grid for ``count`` tables on one page."""
    shown = min(count, SCREEN_PAGE)
    for columns, rows in ((1, 1), (2, 1), (2, 2), (3, 2), (3, 3), (4, 3)):
        if shown <= columns * rows:
            return columns, rows
    return 4, 3


def screen_context(night: Evening) -> dict[str, Any]:
    """What the room's screen shows: no role is read, the same for everyone with its link."""
    version = derived.night_version(night.pk)  # before what it names, as on the night page
    glance, ranked = standings.night_view(night)
    top = SCREEN_TOP if len(ranked) <= 2 else max(3, SCREEN_LINES // len(ranked) - 2)
    columns, rows = screen_layout(len(glance))
    # The lines the standings' column holds: its heading, each variant's, rows, "and 4 more".
    lines = 2 + sum(
        min(len(s.ladder.standings), top) + (len(ranked) > 1) + (len(s.ladder.standings) > top)
        for _v, s in ranked
    )
    # A night in rounds or a whist drive shows its round and its own standings instead.
    rounds = room.rounds_screen(night, glance) or room.drive_screen(night)
    if rounds is not None:
        columns, rows = screen_layout(rounds["cards"])
        # a heading of two lines; a pair's line takes two (a partner a line)
        shown = sum(len(row.get("members", ())) or 1 for row in rounds["standings"])
        lines = 3 + shown + (rounds["more"] > 0)
    closed: list[dict[str, Any]] | None = None  # a closed night: its prizes, in the tables' place
    if night.closed_at is not None and night.club is not None:
        closed = prizes.night_prizes(night, ranked)
    return {
        "closed": closed,
        "evening": night,
        "club": night.club,
        "glance": glance,
        "rounds": rounds,
        "server_now": f"{time.time():.3f}",
        "ranked": [
            (variant_name(v), s, s.rows()[:top], max(0, len(s.ladder.standings) - top))
            for v, s in ranked
        ],
        "columns": columns,
        "rows": rows,
        "page_size": SCREEN_PAGE,
        "paged": (rounds["cards"] if rounds else len(glance)) > SCREEN_PAGE,
        "confirming": any(row.awaiting for row in glance),  # a line more on the cards
        "turn_seconds": SCREEN_TURN_SECONDS,
        "standings_lines": max(lines, 10),
        "poll_seconds": POLL_SECONDS,
        "night_version": version,
    }


def _in_the_clubs_language(night: Evening, request: HttpRequest, template: str) -> HttpResponse:
    """The screen speaks its club's language whatever the browser driving the projector asks
    (the room is the club's); a night without a club, the request's."""
    language = night.club.language if night.club else translation.get_language()
    with translation.override(language):
        response = render(request, template, screen_context(night))
    response["Content-Language"] = language
    response["X-Server-Time"] = f"{time.time():.3f}"
    return response


@require_safe
def night_screen(request: HttpRequest, token: str) -> HttpResponse:
    """The room's screen: every table and the night's standings, without scrolling."""
    night = _screen_night(token)
    derived.remember_screen_link(token, night.pk)
    return _in_the_clubs_language(night, request, "clubs/screen.html")


@require_safe
def night_screen_glance(request: HttpRequest, token: str) -> HttpResponse:
    """The screen's poll: 204 while nothing it shows changed, from the cache alone."""
    seen = request.GET.get("v", "")
    if seen and derived.polled_screen_version(token) == seen:
        unchanged = HttpResponse(status=204)
        unchanged["X-Server-Time"] = f"{time.time():.3f}"  # the round clock's correction
        return unchanged
    night = _screen_night(token)
    derived.remember_screen_link(token, night.pk)
    return _in_the_clubs_language(night, request, "clubs/screen.html#live")


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


@require_http_methods(["GET", "POST"])
def remove_table(request: HttpRequest, token: str, pk: int) -> HttpResponse:
    """Take a table out of the night, once the organiser said so on the page that asks."""
    night = _night(token)
    _organiser(request, night)
    table = get_object_or_404(Table, pk=pk, evening=night)
    if request.method == "GET" or not request.POST.get("sure"):
        context = {"evening": night, "club": night.club, "table": table}
        return render(request, "clubs/night_remove.html", context)
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
    stake = (
        {"stake": club.stake, "stake_currency": club.stake_currency, "stake_coin": club.stake_coin}
        if club.stake is not None
        else None
    )
    return table_form(request, variant, night=night, usual=usual, usual_stake=stake, start=start)


@require_http_methods(["GET", "POST"])
def close_night(request: HttpRequest, token: str) -> HttpResponse:
    """Close the night, once the organiser has seen its final standings and prizes: its
    tables become read-only."""
    night = _night(token)
    _organiser(request, night)
    assert night.club is not None
    error = ""
    if request.method == "POST" and request.POST.get("sure"):
        try:
            clubs.close_night(
                night,
                author=request.user,  # type: ignore[arg-type]
                unconfirmed=bool(request.POST.get("unconfirmed")),
            )
        except clubs.ClubError as refusal:
            error = refusal.message
        else:
            messages.success(request, _("The night is closed: its tables are read-only."))
            return redirect("evening", token=night.token)
    elif request.method == "POST":
        error = _("Tick the box to confirm, then close the night.")
    _glance, ranked = standings.night_view(night)
    plan = seating.rounds_view(night)  # a night in rounds: its prizes come from its standings
    rows = seating.round_standings(plan) if plan else []
    context = {
        "evening": night,
        "club": night.club,
        "ranked": [(variant_name(v), st) for v, st in ranked],
        "prizes": prizes.night_prizes(night, ranked, rows),
        "round_standings": rows,
        "pairs_event": bool(plan) and plan["format"] == seating.PAIRS,
        "waiting": clubs.awaiting_confirmation(night),
        "error": error,
    }
    return render(request, "clubs/night_close.html", context, status=422 if error else 200)


@require_POST
def reopen_night(request: HttpRequest, token: str) -> HttpResponse:
    """Open a closed night again, for the reason the organiser gives."""
    night = _night(token)
    _organiser(request, night)
    try:
        clubs.reopen_night(
            night,
            author=request.user,  # type: ignore[arg-type]
            reason=str(request.POST.get("reason", "")),
        )
    except clubs.ClubError as refusal:  # the page again, the refusal at the reason's field
        night.refresh_from_db()
        context = night_context(
            request,
            night,
            reopen_error=refusal.message,
            reopen_typed=str(request.POST.get("reason", ""))[:200],
        )
        return render(request, "clubs/evening.html", context, status=422)
    messages.success(request, _("The night is open again: its tables can be scored."))
    return redirect("evening", token=night.token)


# ---------------------------------------------------------------------------------------------
# Starting the night: the players present, the seating, every table at once


@require_http_methods(["GET", "POST"])
def night_present(request: HttpRequest, token: str) -> HttpResponse:
    """The organiser ticks who came (the regulars first) and adds guests by name."""
    night = _night(token)
    _organiser(request, night)
    assert night.club is not None
    if request.method == "POST":
        ids = [int(v) for v in request.POST.getlist("present") if v.isdigit()]
        try:
            if request.POST.get("next") == "guest" or request.POST.get("guest", "").strip():
                # the ticks made so far are kept with the guest (one form, one save)
                seating.set_present(night, ids, author=request.user)  # type: ignore[arg-type]
                if not request.POST.get("guest", "").strip():
                    raise clubs.ClubError(_("Type the guest's name."), "guest")
                guest = seating.add_guest(night, request.POST["guest"], author=request.user)  # type: ignore[arg-type]
                messages.success(request, with_names(_("%(name)s is present."), name=guest.name))
            elif request.POST.get("next") == "last":  # tick those of the last night too
                last = seating.last_nights_players(night)
                seating.set_present(night, ids + last, author=request.user)  # type: ignore[arg-type]
                if last:
                    messages.success(
                        request,
                        ngettext(
                            "%(n)s player of the last night ticked: untick who did not come.",
                            "%(n)s players of the last night ticked: untick who did not come.",
                            len(last),
                        )
                        % {"n": len(last)},
                    )
                else:
                    messages.info(request, _("The club has no earlier night with players."))
            else:
                seating.set_present(night, ids, author=request.user)  # type: ignore[arg-type]
                if request.POST.get("next") == "seating":
                    return redirect("night_seating", token=night.token)
                messages.success(request, _("The players present are saved."))
        except clubs.ClubError as refusal:
            messages.error(request, refusal.message)
        return redirect("night_present", token=night.token)
    present = set(night.present.values_list("pk", flat=True))
    players = seating.roster_for_night(night.club)
    context = {
        "evening": night,
        "club": night.club,
        "players": players,
        "present": present,
        "count": seating.count_line(len(present), night.club.variant),
        "counts": seating.count_lines(len(players), night.club.variant),
    }
    return render(request, "clubs/night_present.html", context)


@require_http_methods(["GET", "POST"])
def night_seating(request: HttpRequest, token: str) -> HttpResponse:
    """Draw the seats for the players present, swap any two, then start every table."""
    night = _night(token)
    _organiser(request, night)
    assert night.club is not None
    pairing_error: clubs.ClubError | None = None
    draw_error: clubs.ClubError | None = None
    if request.method == "POST" and request.POST.get("action") == "pairs":
        try:
            seating.draw_paired_seating(
                night,
                request.POST.get("variant") or night.club.variant,
                _posted_partners(request, night),
            )
        except clubs.ClubError as refusal:
            pairing_error = refusal  # the page again, the organiser's choices kept
        else:
            return redirect("night_seating", token=night.token)
    elif request.method == "POST":
        action = request.POST.get("action", "")
        try:
            if action == "draw" and request.POST.get("format") in (
                drive.DRIVE,
                seating.INDIVIDUAL,
                seating.PAIRS,
            ):
                _draw_in_rounds(request, night)
            elif action == "draw":
                variant = request.POST.get("variant") or night.club.variant
                seating.draw_seating(night, variant)
                return redirect(reverse("night_seating", args=[night.token]) + "#plan")
            elif action == "round":
                tables = seating.start_round(night, author=request.user)  # type: ignore[arg-type]
                night.refresh_from_db(fields=["seating"])  # start_round wrote its own copy
                messages.success(
                    request,
                    _("Round %(n)s started: %(tables)s tables.")
                    % {"n": night.seating["current"], "tables": len(tables)},
                )
                return redirect("night_cards", token=night.token)
            elif action in ("late", "leave"):
                _late_or_leave(request, night, action)
            elif action == "swap":
                seating.swap_seats(
                    night, request.POST.get("first", ""), request.POST.get("second", "")
                )
            elif action == "start":
                tables = seating.start_all(night, author=request.user)  # type: ignore[arg-type]
                messages.success(
                    request,
                    _("%(n)s tables started: show each table its card.") % {"n": len(tables)},
                )
                return redirect("night_cards", token=night.token)
        except clubs.ClubError as refusal:
            night.refresh_from_db()  # as the database kept it: the refused draw left nothing
            if action != "draw" or drive.in_drive(night) or seating.in_rounds(night):
                messages.error(request, refusal.message)
                return redirect("night_seating", token=night.token)
            draw_error = refusal  # the draw form again, the refusal at its field, as typed
        if draw_error is None:
            return redirect("night_seating", token=night.token)
    if drive.in_drive(night):
        return render(request, "clubs/night_drive.html", _drive_context(request, night))
    if seating.in_rounds(night):
        plan = seating.rounds_view(night)
        context = {
            "evening": night,
            "club": night.club,
            "plan": plan,
            "present": night.present.count(),
            "variants": _partnership_variants(),
            "late_choices": _late_choices(night, plan),
        }
        return render(request, "clubs/night_rounds.html", context)
    drawn = seating.seating_view(night)
    present = night.present.count()
    context = {
        "evening": night,
        "club": night.club,
        "drawn": drawn,
        "present": present,
        "formats": seating.format_lines(present, drawn["variant"] if drawn else night.club.variant),
        "chosen_format": (draw_error and str(request.POST.get("format", "")))
        or ("drive" if night.drive_preset else "free"),
        "variants": [(key, variant_name(key)) for key in PRESETS],
        "partnership_variants": _partnership_variants(),
        "default_deals": seating.DEFAULT_DEALS,
        "drive_presets": preset_choices(),
        "drive_preset": DRIVE_PRESETS.get(night.drive_preset or DEFAULT_DRIVE),
        "places": [place for table in drawn["tables"] for _s, place, _p in table]
        + [place for place, _p in drawn["sit_out"]]
        if drawn
        else [],
        "pairing": _pairing(request, night, pairing_error),
        "draw": _draw_form(request, draw_error),
    }
    status = 422 if pairing_error or draw_error else 200
    return render(request, "clubs/night_seating.html", context, status=status)


def _draw_form(request: HttpRequest, error: clubs.ClubError | None) -> dict[str, Any]:
    """The draw form as the organiser sent it, with the refusal at its field (nothing sent: the
    form as the page first shows it)."""
    if error is None:
        return {}
    posted = {name: str(request.POST.get(name, "")).strip()[:12] for name in DRAW_FIELDS}
    return {**posted, "error": error.message, "field": error.field}


DRAW_FIELDS = ("format", "drive_preset", "rounds", "deals", "minutes", "hands", "variant")


def _posted_partners(request: HttpRequest, night: Evening) -> dict[int, int | None]:
    """Each player present's partner as the pairing form sent it (``partner-<id>``)."""
    choices: dict[int, int | None] = {}
    for pid in night.present.values_list("pk", flat=True):
        value = str(request.POST.get(f"partner-{pid}", "")).strip()
        choices[pid] = int(value) if value.isdigit() and len(value) < 12 else None
    return choices


def _field_player(field: str | None) -> int | None:
    """The player whose partner a refusal names (its field ``partner-<id>``)."""
    number = (field or "").removeprefix("partner-")
    return int(number) if field and field.startswith("partner-") and number.isdigit() else None


def _pairing(request: HttpRequest, night: Evening, error: clubs.ClubError | None) -> dict[str, Any]:
    """The pairing form: the players present, each with his partner (the posted choice after a
    refusal, else the drawn seating's pairs), and the refusal's message."""
    present = sorted(night.present.all(), key=lambda p: p.name.casefold())
    if error is not None:
        chosen = _posted_partners(request, night)
    else:
        chosen = {}
        for a, b in (night.seating or {}).get("pairs") or []:
            chosen[a], chosen[b] = b, a
    return {
        "players": [(p, chosen.get(p.pk)) for p in present],
        "error": error.message if error else "",
        "invalid": _field_player(error.field if error else None),
        "variant": (night.seating or {}).get("variant") or night.club.variant,  # type: ignore[union-attr]
        "pairs": seating.pairs_view(night),
        "open": error is not None or bool((night.seating or {}).get("pairs")),
    }


def _late_or_leave(request: HttpRequest, night: Evening, action: str) -> None:
    """A late arrival (from the roster, or a guest by name) or a player who leaves: the rounds
    not started yet are planned again (docs/clubs.md, *Late arrivals and leavers*)."""
    author = request.user
    if drive.in_drive(night):
        _drive_late_or_leave(request, night, action)
        return
    before = seating.pairs_made(night)
    waiting = set(night.seating.get("waiting", []))
    if action == "late":
        player = seating.late_arrival(
            night,
            author=author,  # type: ignore[arg-type]
            player=_posted_id(request, "player") if not request.POST.get("guest") else None,
            guest=str(request.POST.get("guest", "")),
        )
        night.refresh_from_db()
        waits = player.pk in night.seating.get("waiting", [])
        text = (
            _("Waiting for a partner: %(name)s (the next late arrival makes the pair).")
            if waits
            else _("%(name)s plays from the next round: the rounds left are planned again.")
        )
    else:
        player = seating.player_leaves(
            night,
            _posted_id(request, "player") or 0,
            author=author,  # type: ignore[arg-type]
        )
        text = _("%(name)s has left: the rounds left are planned again.")
    messages.success(request, with_names(text, name=player.name))
    waiting.add(player.pk)  # the arrival's own wait is said above
    _said_pairs(request, night, before, waiting)


def _said_pairs(
    request: HttpRequest, night: Evening, before: list[list[int]], waiting: set[int]
) -> None:
    """At a pairs event, after a late arrival or a leaver: the pair this made, by its number,
    or the partner left waiting for the next late arrival."""
    night.refresh_from_db(fields=["seating"])
    after = seating.pairs_made(night)
    alone = [pk for pk in night.seating.get("waiting", []) if pk not in waiting]
    named = {pk for pair in after[len(before) :] for pk in pair} | set(alone)
    names = dict(Player.objects.filter(pk__in=named).values_list("pk", "name"))
    for number, (first, second) in enumerate(after[len(before) :], start=len(before) + 1):
        messages.info(
            request,
            with_names(
                _("New pair %(n)s: %(first)s and %(second)s, from the next round."),
                n=str(number),
                first=names.get(first, ""),
                second=names.get(second, ""),
            ),
        )
    for pk in alone:
        messages.info(
            request,
            with_names(
                _("Waiting for a partner: %(name)s (the next late arrival makes the pair)."),
                name=names.get(pk, ""),
            ),
        )


def _drive_late_or_leave(request: HttpRequest, night: Evening, action: str) -> None:
    """At a whist drive: a late arrival waits for a seat, a leaver's seat goes to the first
    player waiting, both after the round in play (docs/clubs.md)."""
    author = request.user
    if action == "late":
        player = drive.late_arrival(
            night,
            author=author,  # type: ignore[arg-type]
            player=_posted_id(request, "player") if not request.POST.get("guest") else None,
            guest=str(request.POST.get("guest", "")),
        )
        text = _(
            "%(name)s waits for a seat: after this round, a leaver's, or a new table once four "
            "are waiting."
        )
    else:
        player = drive.player_leaves(
            night,
            _posted_id(request, "player") or 0,
            author=author,  # type: ignore[arg-type]
        )
        text = _("%(name)s leaves after this round: the first player waiting takes the seat.")
    messages.success(request, with_names(text, name=player.name))


def _posted_id(request: HttpRequest, name: str) -> int | None:
    """A player's id from the form (any number of digits a database id may have)."""
    value = str(request.POST.get(name, "")).strip()
    return int(value) if value.isdigit() and len(value) < 12 else None


def _late_choices(night: Evening, plan: dict[str, Any] | None) -> list[Player]:
    """The club's players who may arrive late: on the roster, not playing now."""
    assert night.club is not None
    playing = {p.pk for p in (plan or {}).get("playing", [])}
    return [p for p in seating.roster_for_night(night.club) if p.pk not in playing]


@transaction.atomic
def _draw_in_rounds(request: HttpRequest, night: Evening) -> None:
    """Draw a drive or a tournament in rounds with its round clock (the minutes are checked
    before anything is drawn: a refusal keeps the night as it was)."""
    assert night.club is not None
    minutes = clock.parse_minutes(request.POST.get("minutes"))
    if request.POST.get("format") == drive.DRIVE:
        drive.draw_drive(
            night,
            preset=request.POST.get("drive_preset") or night.drive_preset or DEFAULT_DRIVE,
            hands=_posted_count(request, "hands"),
            rounds=_posted_count(request, "rounds"),
        )
    else:
        deals = _posted_count(request, "deals")
        seating.draw_rounds(
            night,
            request.POST.get("variant") or night.club.variant,
            rounds=_posted_count(request, "rounds"),
            deals=seating.DEFAULT_DEALS if deals is None else deals,
            kind=str(request.POST["format"]),
        )
    clock.set_clock(night, minutes, restart=True, author=request.user)  # type: ignore[arg-type]
    night.refresh_from_db(fields=["seating"])


@require_POST
def night_clock(request: HttpRequest, token: str) -> HttpResponse:
    """The organiser sets the minutes a round (or no clock) from the night page, and may have
    the round in play count from now."""
    night = _night(token)
    _organiser(request, night)
    try:
        minutes = clock.parse_minutes(request.POST.get("minutes"))
        clock.set_clock(
            night,
            minutes,
            restart=bool(request.POST.get("restart")),
            author=request.user,  # type: ignore[arg-type]
        )
    except clubs.ClubError as refusal:
        messages.error(request, refusal.message)
    else:
        if minutes is None:
            messages.success(request, _("No round clock: the room's screen shows none."))
        else:
            messages.success(
                request,
                ngettext(
                    "The round clock is set: %(n)s minute a round.",
                    "The round clock is set: %(n)s minutes a round.",
                    minutes,
                )
                % {"n": minutes},
            )
    return redirect("evening", token=night.token)


def _posted_count(request: HttpRequest, name: str) -> int | None:
    """A count typed in the draw's form: None when left empty (the default then), 0 when it is
    no count at all ("-2", "x", "1000"): out of every range, so the draw refuses it at its
    field instead of putting the default in its place unsaid."""
    value = str(request.POST.get(name, "")).strip()
    if not value:
        return None
    return int(value) if value.isdigit() and len(value) < 4 else 0


def _partnership_variants() -> list[tuple[str, Any]]:
    return [(k, variant_name(k)) for k, p in PRESETS.items() if p.sides == ("NS", "EW")]


@require_http_methods(["GET", "POST"])
def night_route(request: HttpRequest, token: str) -> HttpResponse:
    """A player's phone at a night in rounds: he picks his name once (remembered on the
    phone), then sees where he sits in each round and with whom: his route card."""
    night = _night(token)
    view = seating.rounds_view(night)
    if view is None:
        raise Http404("this night is not played in rounds")
    key = f"night-player-{night.pk}"
    if request.method == "POST":
        chosen = str(request.POST.get("player", ""))
        known = {str(player.pk) for _n, player in view["numbers"] if player is not None}
        if chosen in known:
            request.session[key] = int(chosen)
        else:  # "not me": the phone forgets the name
            request.session.pop(key, None)
        return redirect("night_route", token=night.token)
    me = next(
        (p for _n, p in view["numbers"] if p is not None and p.pk == request.session.get(key)),
        None,
    )
    context = {
        "evening": night,
        "club": night.club,
        "plan": view,
        "me": me,
        "pickable": [player for _n, player in view["numbers"]],
        "card": seating.route(view, me) if me is not None else None,
    }
    return render(request, "clubs/night_route.html", context)


def _drive_context(request: HttpRequest, night: Evening) -> dict[str, Any]:
    """The drive for its organiser: the round in play, each table's link and code, the
    standings."""
    shown = drive.view(night)
    base = site_url() or request.build_absolute_uri("/")
    links = {
        row.number: base.rstrip("/") + reverse("drive_table", args=[night.token, row.link])
        for row in shown["tables"]
    }
    return {
        "evening": night,
        "club": night.club,
        "drive": shown,
        "late_choices": _late_choices(night, shown),
        "links": links,
        "codes": {number: qr_data_uri(url) for number, url in links.items()},
    }


@require_http_methods(["GET", "POST"])
def drive_table(request: HttpRequest, token: str, link: str) -> HttpResponse:
    """A drive table's page, through its own link (its card's code): the round's players by
    seat and one row of taps a hand, N-S's tricks (E-W took the rest)."""
    night = _night(token)
    if not drive.in_drive(night):
        raise Http404("no drive tonight")
    number = drive.table_of(night, link)
    if number is None:
        raise Http404("no such drive table")
    error = ""
    preset = drive.preset_of(night)
    message = drive.tricks_message(preset.tricks)
    if request.method == "POST":
        posted = DriveHandsForm(preset, drive.round_trumps(night), request.POST, message=message)
        try:
            if not posted.is_valid():
                raise clubs.ClubError(posted.first_error(), "tricks")
            drive.enter(night, number, posted.tricks())
        except clubs.ClubError as refusal:
            error = refusal.message
        else:
            messages.success(request, _("Saved."))
            return redirect("drive_table", token=night.token, link=link)
    shown = drive.view(night)
    row = next((t for t in shown["tables"] if t.number == number), None)
    form = None
    if row is not None:
        initial = {f"hand_{n}": t for n, t in enumerate(row.entered, start=1) if t is not None}
        form = DriveHandsForm(preset, row.trumps, initial=initial, message=message)
        if error:  # what was tapped stays, with the message
            form = DriveHandsForm(preset, row.trumps, request.POST, message=message)
            form.is_valid()
    context = {"evening": night, "club": night.club, "drive": shown, "row": row, "error": error,
               "form": form}  # fmt: skip
    return render(request, "clubs/drive_table.html", context, status=422 if error else 200)
