"""A club's screens: its page, roster, seasons and standings, and its players' pages.

A club is reached by its public link (``/c/<token>/``): whoever has it reads the nights, the
seasons and the standings. The roster is for members (an account with a role in the club, or
linked to a roster entry); every write is for organisers. Anyone else gets 404 or 403.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import translation
from django.utils.http import content_disposition_header
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_POST, require_safe
from django_ratelimit.decorators import ratelimit

from players.models import CONFIRMATION_CHOICES, Club, Player, Season, roster_order
from scorebook.clubs import export, standings, statistics
from scorebook.clubs import services as clubs
from scorebook.clubs.forms import (
    ClubForm,
    ClubTimeZoneForm,
    MergeForm,
    NewNightForm,
    NightForm,
    PlayerListForm,
    PlayerNameForm,
    RoleForm,
    SeasonForm,
)
from scorebook.display.text import with_names
from scorebook.display.variants import variant_name
from scorebook.printing import pdf
from scorebook.printing.options import answers_bad_print_options, pdf_response, print_options
from scorebook.rules import PRESETS
from scorebook.tables.models import Evening, Seat, Table
from scorebook.text import show_visible
from scorebook.web.limits import stranger_page_rate
from scorebook.web.zone import use_zone

# ---------------------------------------------------------------------------------------------
# Access


def get_club(request: HttpRequest, token: str) -> tuple[Club, str | None]:
    """The club behind a public link, and the visitor's role in it; the page shows its times
    in the club's zone."""
    club = get_object_or_404(Club, token=token)
    use_zone(club.time_zone)
    return club, clubs.role_of(request.user, club)


def require_organiser(request: HttpRequest, club: Club) -> None:
    if clubs.role_of(request.user, club) != clubs.ORGANISER:
        raise PermissionDenied("organisers only")


def _apply(form: forms.Form, call: Any) -> Any:
    """Run a club service; its refusal becomes the form's error at the named field."""
    try:
        return call()
    except clubs.ClubError as error:
        field = error.field if error.field in form.fields else None
        form.add_error(field, error.message)
        if field is not None:  # an invisible character refused cannot be seen to be deleted
            show_visible(form, field)
        return None


# ---------------------------------------------------------------------------------------------
# Views


@login_required
@require_http_methods(["GET", "POST"])
def new_club(request: HttpRequest) -> HttpResponse:
    # The club speaks the language its organiser reads, unless he chooses another.
    form = ClubForm(request.POST or None, initial={"language": translation.get_language()})
    if request.method == "POST" and form.is_valid():
        club = clubs.create_club(user=request.user, **form.cleaned_data)  # type: ignore[arg-type]
        return redirect("club", token=club.token)
    status = 422 if request.method == "POST" else 200
    return render(request, "clubs/club_new.html", {"form": form}, status=status)


@require_http_methods(["GET", "POST"])
def edit_club(request: HttpRequest, token: str) -> HttpResponse:
    """The club's settings, the organisers': its name, city, usual variant, language, and
    the stake its nights' new tables start with."""
    club, _role = get_club(request, token)
    require_organiser(request, club)
    form = ClubForm(request.POST or None, instance=club)
    if request.method == "POST" and form.is_valid():
        fields = {key: form.cleaned_data[key] for key in clubs.CLUB_FIELDS}
        club.refresh_from_db()  # the form wrote its values on the instance: the service compares
        clubs.edit_club(club, author=request.user, **fields)  # type: ignore[arg-type]
        messages.success(request, _("Saved."))
        return redirect("club", token=club.token)
    status = 422 if request.method == "POST" else 200
    context = {"club": club, "form": form, "title": _("Club settings")}
    return render(request, "clubs/club_form.html", context, status=status)


@require_safe
def club_page(request: HttpRequest, token: str) -> HttpResponse:
    club, role = get_club(request, token)
    season = standings.current_season(club)
    context = {
        "club": club,
        "role": role,
        "variant_name": variant_name(club.variant),
        "nights": club.nights.order_by("-date", "-pk")[:50],
        "seasons": club.seasons.all(),
        "season": season,
        "standings": standings.season_standings(season) if season else None,
        "log": club.log.select_related("author")[:20] if role == clubs.ORGANISER else [],
        "night_form": NewNightForm(),
        "role_form": RoleForm(),
        "roles": clubs.accepted_roles(club) if role == clubs.ORGANISER else [],
        "confirmation_choices": CONFIRMATION_CHOICES,
        "zone_form": ClubTimeZoneForm(instance=club, prefix="zone"),
    }
    return render(request, "clubs/club.html", context)


@require_POST
def club_time_zone(request: HttpRequest, token: str) -> HttpResponse:
    """The organiser sets the club's clock; a name that is no zone comes back on its own page,
    the message at the field, with what was typed."""
    club, _role = get_club(request, token)
    require_organiser(request, club)
    zone = club.time_zone
    form = ClubTimeZoneForm(request.POST, instance=club, prefix="zone")
    if form.is_valid():
        club.time_zone = zone  # the service saves it, and says in the history from which
        clubs.set_time_zone(club, form.cleaned_data["time_zone"], author=request.user)  # type: ignore[arg-type]
        messages.success(request, _("Saved."))
        return redirect("club", token=club.token)
    context = {"club": club, "form": form, "title": _("Time zone"), "button": _("Save"),
               "datalist": form.zones}  # fmt: skip
    return render(request, "clubs/club_form.html", context, status=422)


@require_POST
def club_confirmation(request: HttpRequest, token: str) -> HttpResponse:
    """The confirmation the tables started in the club's nights ask for, and whether its
    nights give a booby prize."""
    club, _role = get_club(request, token)
    require_organiser(request, club)
    mode = str(request.POST.get("confirmation", ""))
    if mode not in dict(CONFIRMATION_CHOICES):
        messages.error(request, _("Choose off, every deal or every rubber."))
    else:
        club.confirmation = mode
        club.booby_prize = bool(request.POST.get("booby_prize"))
        club.guest_prizes = bool(request.POST.get("guest_prizes"))
        club.save(update_fields=["confirmation", "booby_prize", "guest_prizes"])
        messages.success(request, _("The club's settings are saved."))
    return redirect("club", token=club.token)


@require_POST
def club_ratings(request: HttpRequest, token: str) -> HttpResponse:
    """How many rated rubbers a rating takes before it is no longer provisional."""
    club, _role = get_club(request, token)
    require_organiser(request, club)
    value = str(request.POST.get("provisional_rubbers", "")).strip()
    if not value.isdigit() or not 0 <= int(value) <= 1000:
        messages.error(request, _("Give a whole number of rubbers, from 0 to 1000."))
    else:
        club.provisional_rubbers = int(value)
        club.save(update_fields=["provisional_rubbers"])
        messages.success(request, _("The club's settings are saved."))
    return redirect("club", token=club.token)


@require_http_methods(["GET", "POST"])
def new_night(request: HttpRequest, token: str) -> HttpResponse:
    """Open a club night; a refused form comes back on its own page, with what was typed."""
    club, _role = get_club(request, token)
    require_organiser(request, club)
    form = NewNightForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        author = request.user
        night = _apply(form, lambda: clubs.open_night(club, author=author, **form.cleaned_data))  # type: ignore[arg-type]
        if night is not None:
            return redirect("evening", token=night.token)
    status = 422 if request.method == "POST" else 200
    context = {"club": club, "form": form, "title": _("Open a club night")}
    return render(request, "clubs/club_form.html", context, status=status)


@require_POST
def new_public_link(request: HttpRequest, token: str) -> HttpResponse:
    """An organiser replaces the club's public link (shared too widely): the old one stops."""
    club, _role = get_club(request, token)
    require_organiser(request, club)
    clubs.new_public_link(club, author=request.user)  # type: ignore[arg-type]
    messages.success(request, _("The club has a new public link: the old one no longer opens."))
    return redirect("club", token=club.token)


@require_POST
def take_back_role(request: HttpRequest, token: str, pk: int) -> HttpResponse:
    """An organiser takes a role back (the last organiser's is refused, with the reason)."""
    club, _role = get_club(request, token)
    require_organiser(request, club)
    try:
        entry = clubs.take_back_role(club, pk, author=request.user)  # type: ignore[arg-type]
    except clubs.ClubError as error:
        messages.error(request, error.message)
    else:
        if entry is None:
            raise Http404("no such role")
        messages.success(
            request, with_names(_("%(user)s no longer has a role."), user=entry.user.get_username())
        )
    return redirect("club", token=club.token)


@require_http_methods(["GET", "POST"])
def edit_night(request: HttpRequest, token: str, pk: int) -> HttpResponse:
    """Correct a night's name, date or place (its tables follow its date)."""
    club, _role = get_club(request, token)
    require_organiser(request, club)
    night = get_object_or_404(Evening, pk=pk, club=club)
    initial = {"name": night.name, "date": night.date, "place": night.place}
    form = NightForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        author = request.user
        if _apply(form, lambda: clubs.edit_night(night, author=author, **form.cleaned_data)):  # type: ignore[arg-type]
            messages.success(request, _("Saved."))
            return redirect("evening", token=night.token)
    status = 422 if request.method == "POST" else 200
    context = {"club": club, "form": form, "title": _("Correct the night")}
    return render(request, "clubs/club_form.html", context, status=status)


@require_POST
def give_role(request: HttpRequest, token: str) -> HttpResponse:
    club, _role = get_club(request, token)
    require_organiser(request, club)
    form = RoleForm(request.POST)
    if form.is_valid() and _apply(
        form,
        lambda: (
            clubs.give_role(
                club, form.cleaned_data["username"], form.cleaned_data["role"], author=request.user
            )
            or True
        ),  # no account of that name: answered as if there were one
    ):
        messages.success(
            request,
            _(
                "If an account has this user name, it is invited: the role is its once it "
                "accepts, on its home page."
            ),
        )
        return redirect("club", token=club.token)
    # A refused form comes back on its own page, the message at its field, with what was typed
    # (on the club page it would be a bare "This field is required." above a closed form).
    context = {"club": club, "form": form, "title": _("Organisers and members"),
               "button": _("Give the role")}  # fmt: skip
    return render(request, "clubs/club_form.html", context, status=422)


def _number(value: Any) -> int:
    """A posted id; anything else is no such entry."""
    if not isinstance(value, str) or not value.isascii() or not value.isdigit():
        raise Http404("no such player")
    return int(value)


# The roster's one-button changes of an entry: the action posted -> the service, and what the
# message says once it is done.
ROSTER_CHANGES: dict[str, Any] = {
    "archive": lambda player, user: (
        clubs.archive_player(player, author=user),
        _("%(name)s is in the archive: offered nowhere, his results kept."),
    ),
    "unarchive": lambda player, user: (
        clubs.archive_player(player, archived=False, author=user),
        _("%(name)s is back on the roster."),
    ),
    "member": lambda player, user: (
        clubs.make_roster_player(player, author=user),
        _("%(name)s is a roster player now, no longer a guest."),
    ),
}


def _said_added(
    request: HttpRequest, added: list[Player], skipped: list[str], repeated: list[str]
) -> None:
    """How many a list added, and which names it skipped (on the roster already, or named
    twice in the list)."""
    if added:
        messages.success(
            request,
            ngettext(
                "%(count)s player added to the roster.",
                "%(count)s players added to the roster.",
                len(added),
            )
            % {"count": len(added)},
        )
    if skipped:
        messages.info(
            request,
            with_names(_("Already on the roster, not added again: %(names)s."), names=skipped),
        )
    if repeated:
        messages.info(
            request,
            with_names(_("Named twice in the list, added once: %(names)s."), names=repeated),
        )


@require_http_methods(["GET", "POST"])
def roster(request: HttpRequest, token: str) -> HttpResponse:
    club, role = get_club(request, token)
    if role is None:
        raise PermissionDenied("the roster is for the club's members")
    add_form, merge_form = PlayerNameForm(prefix="add"), MergeForm(club, prefix="merge")
    list_form = PlayerListForm(prefix="list")
    status = 200
    if request.method == "POST":
        require_organiser(request, club)
        action = request.POST.get("action")
        done = None
        if action == "add":
            add_form = PlayerNameForm(request.POST, prefix="add")
            if add_form.is_valid():
                name = add_form.cleaned_data["name"]
                done = _apply(add_form, lambda: clubs.add_player(club, name, author=request.user))
        elif action == "add_many":
            list_form = PlayerListForm(request.POST, prefix="list")
            if list_form.is_valid():
                text = list_form.cleaned_data["names"]
                done = _apply(list_form, lambda: clubs.add_players(club, text, author=request.user))
                if done is not None:
                    _said_added(request, *done)
                    return redirect("roster", token=club.token)
        elif action == "merge":
            merge_form = MergeForm(club, request.POST, prefix="merge")
            if merge_form.is_valid():
                data = merge_form.cleaned_data
                done = _apply(
                    merge_form,
                    lambda: clubs.merge_players(
                        data["source"], data["target"], author=request.user
                    ),
                )
        elif action in ROSTER_CHANGES:
            player = get_object_or_404(
                Player, pk=_number(request.POST.get("player")), club=club, merged_into=None
            )
            done, said = ROSTER_CHANGES[action](player, request.user)
            messages.success(request, with_names(said, name=done.name))
            return redirect("roster", token=club.token)
        if done is not None:
            if action == "merge":
                messages.success(
                    request,
                    with_names(
                        _("%(source)s is now %(target)s: every table and result moved."),
                        source=merge_form.cleaned_data["source"].name,
                        target=done.name,
                    ),
                )
            else:
                messages.success(
                    request, with_names(_("Added to the roster: %(name)s."), name=done.name)
                )
            return redirect("roster", token=club.token)
        status = 422
    players = sorted(club.roster.filter(merged_into=None), key=lambda p: roster_order(p.name))
    merged = club.roster.exclude(merged_into=None).select_related("merged_into")
    context = {
        "club": club,
        "role": role,
        "players": [p for p in players if not p.archived],
        "archived": [p for p in players if p.archived],
        "merged": merged,
        "add_form": add_form,
        "merge_form": merge_form,
        "list_form": list_form,
    }
    return render(request, "clubs/roster.html", context, status=status)


@require_http_methods(["GET", "POST"])
def player_rename(request: HttpRequest, token: str, pk: int) -> HttpResponse:
    club, _role = get_club(request, token)
    require_organiser(request, club)
    player = get_object_or_404(Player, pk=pk, club=club, merged_into=None)
    form = PlayerNameForm(request.POST or None, initial={"name": player.name})
    if request.method == "POST" and form.is_valid():
        name = form.cleaned_data["name"]
        if _apply(form, lambda: clubs.rename_player(player, name, author=request.user)):
            messages.success(request, _("Saved."))
            return redirect("roster", token=club.token)
    status = 422 if request.method == "POST" else 200
    context = {"club": club, "player": player, "form": form}
    return render(request, "clubs/player_rename.html", context, status=status)


@require_http_methods(["GET", "POST"])
def player_erase(request: HttpRequest, token: str, pk: int) -> HttpResponse:
    """Erase a player's personal data, once the organiser ticks the box: his name becomes
    "Player 17" everywhere, his scores stay."""
    club, _role = get_club(request, token)
    require_organiser(request, club)
    player = get_object_or_404(Player, pk=pk, club=club, merged_into=None)
    if request.method == "POST":
        if request.POST.get("confirm"):  # one tap too many must not forget a player
            erased = clubs.erase_player(player, author=request.user)  # type: ignore[arg-type]
            messages.success(
                request, with_names(_("Erased: the player is “%(name)s” now."), name=erased.name)
            )
            return redirect("roster", token=club.token)
        messages.error(request, _("Tick the box to confirm, then erase."))
    status = 422 if request.method == "POST" else 200
    context = {"club": club, "player": player}
    return render(request, "clubs/player_erase.html", context, status=status)


def _file_stem(club: Club, season: Season) -> str:
    """A download's name that says what it is, each season's its own: the club's and the
    season's names in any script (ladder-moika-12-осень-2026-3), then the season's id."""
    words = slugify(f"{club.name} {season.name}", allow_unicode=True)[:60].strip("-_")
    return f"ladder-{words or club.pk}-{season.pk}"


def _season(club: Club, pk: int) -> Season:
    return get_object_or_404(Season, pk=pk, club=club)


@require_http_methods(["GET", "POST"])
def new_season(request: HttpRequest, token: str, pk: int | None = None) -> HttpResponse:
    """A new season, or (``pk``) a correction of one."""
    club, _role = get_club(request, token)
    require_organiser(request, club)
    instance = _season(club, pk) if pk is not None else None
    form = SeasonForm(request.POST or None, instance=instance, initial={"variant": club.variant})
    if request.method == "POST" and form.is_valid():
        season = form.save(commit=False)
        season.club = club
        if _apply(form, lambda: clubs.save_season(season, author=request.user)):  # type: ignore[arg-type]
            return redirect("season", token=club.token, pk=season.pk)
    status = 422 if request.method == "POST" else 200
    context = {"club": club, "form": form, "season": instance}
    return render(request, "clubs/season_new.html", context, status=status)


@require_POST
def delete_season(request: HttpRequest, token: str, pk: int) -> HttpResponse:
    """Remove a season: only its settings go; every night and deal stays."""
    club, _role = get_club(request, token)
    require_organiser(request, club)
    season = _season(club, pk)
    if not request.POST.get("confirm"):  # one tap too many must not remove a season
        messages.error(request, _("Tick the box to confirm, then remove the season."))
        return redirect("edit_season", token=club.token, pk=season.pk)
    clubs.delete_season(season, author=request.user)  # type: ignore[arg-type]
    messages.success(request, with_names(_("The season “%(name)s” was removed."), name=season.name))
    return redirect("club", token=club.token)


def season_context(club: Club, season: Season) -> dict[str, Any]:
    return {
        "club": club,
        "season": season,
        "variant_name": variant_name(season.variant),
        # Prussian and Hussar have no partners: their qualification asks none (docs/ladders.md)
        "partnerships": PRESETS[season.variant].partnerships,
        "pair_rubbers": statistics.PAIR_RUBBERS,
        "standings": standings.season_standings(season),
    }


@ratelimit(key="ip", rate=stranger_page_rate, block=True)
@require_safe
def season_page(request: HttpRequest, token: str, pk: int) -> HttpResponse:
    club, role = get_club(request, token)
    context = season_context(club, _season(club, pk))
    return render(request, "clubs/season.html", {**context, "role": role})


@require_safe
def season_csv(request: HttpRequest, token: str, pk: int) -> HttpResponse:
    club, _role = get_club(request, token)
    season = _season(club, pk)
    table = standings.season_standings(season)
    body = export.ladder_csv(table.rows(), club.language)  # the club's, as its PDFs
    response = HttpResponse(body, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = content_disposition_header(
        True, f"{_file_stem(club, season)}.csv"
    )
    return response


@ratelimit(key="ip", rate=stranger_page_rate, block=True)
@require_safe
def season_records(request: HttpRequest, token: str, pk: int) -> HttpResponse:
    """The records of every table the season counts, in one zip: ``manage.py ladder`` makes
    the season's ladder from them (README.txt inside says how), and it is a backup."""
    club, _role = get_club(request, token)
    season = _season(club, pk)
    tables = standings.club_tables(club, season=season).select_related("evening")
    body = export.season_records(season, list(tables.prefetch_related("seats__player")))
    response = HttpResponse(body, content_type="application/zip")
    response["Content-Disposition"] = content_disposition_header(
        True, f"{_file_stem(club, season)}-records.zip"
    )
    return response


@require_safe
@answers_bad_print_options
def season_pdf(request: HttpRequest, token: str, pk: int) -> HttpResponse:
    club, _role = get_club(request, token)
    season = _season(club, pk)
    lang, paper = print_options(request, default_lang=club.language)
    with translation.override(lang):
        context = season_context(club, season)
        context["charts"] = standings.season_charts(season, context["standings"])
    body = pdf.season_pdf(context, lang=lang, paper=paper)
    return pdf_response(body, f"{_file_stem(club, season)}-{paper}.pdf")


@ratelimit(key="ip", rate=stranger_page_rate, block=True)
@require_safe
def player_page(request: HttpRequest, token: str, pk: int) -> HttpResponse:
    club, role = get_club(request, token)
    player = get_object_or_404(Player, pk=pk, club=club)
    # The variants he played at the club's nights (none: he never played one).
    played = set(
        Seat.objects.filter(player=player, table__evening__club=club).values_list(
            "table__variant", flat=True
        )
    )
    if role is None:
        # The public link shows the players of the club's nights, never the roster itself:
        # no entry that has not played a night, and no trace of a merge.
        if player.merged_into_id or not played:
            raise Http404("no such player")
    if player.merged_into_id:
        return redirect("club_player", token=club.token, pk=player.merged_into_id)
    season = None
    if request.GET.get("season", "").isdigit():
        season = club.seasons.filter(pk=int(request.GET["season"])).first()
    # One variant at a time (its points are its own unit): the season's, else the one asked
    # for among those he played at the club's nights, else the club's usual one. The others
    # he played are offered beside it, so that no table of his is out of sight.
    asked = request.GET.get("variant", "")
    if season:
        variant = season.variant
    elif asked in played:
        variant = asked
    else:
        variant = club.variant if club.variant in played or not played else min(played)
    stats = standings.player_stats(player, variant, season)
    context = {
        "club": club,
        "role": role,
        "player": player,
        "season": season,
        "seasons": club.seasons.all(),
        "variant": variant,
        "variant_name": variant_name(variant),
        "other_variants": sorted(
            ((v, variant_name(v)) for v in played if v != variant), key=lambda pair: pair[1]
        ),
        "stats": stats,
        "chart": standings.rating_chart_of(stats),
        "rating": standings.rating_now(stats.points, club.provisional_rubbers),
    }
    # Ten years of a club are hundreds of nights: the page lists his last ones unless asked for
    # all (a phone's scroll, and the page's time, stay those of a season).
    nights = standings.nights_with_surprises(stats)
    every = request.GET.get("nights") == "all"
    context["nights"] = nights if every else nights[-PLAYER_NIGHTS:]
    context["nights_hidden"] = 0 if every else max(0, len(nights) - PLAYER_NIGHTS)
    context["nights_count"] = len(nights)
    return render(request, "clubs/player.html", context)


PLAYER_NIGHTS = 30  # the nights a player's page lists unless all are asked for


@ratelimit(key="ip", rate=stranger_page_rate, block=True)
@require_safe
def club_records(request: HttpRequest, token: str) -> HttpResponse:
    """The club's records in one variant (the club's usual one, or the one asked for among
    those played at its nights), worked out from the deals."""
    club, role = get_club(request, token)
    played = set(
        Table.objects.filter(evening__club=club).values_list("variant", flat=True).distinct()
    )
    asked = request.GET.get("variant", "")
    if asked in played:
        variant = asked
    else:
        variant = club.variant if club.variant in played or not played else min(played)
    context = {
        "club": club,
        "role": role,
        "variant": variant,
        "variant_name": variant_name(variant),
        "other_variants": sorted(
            ((v, variant_name(v)) for v in played if v != variant), key=lambda pair: pair[1]
        ),
        "records": standings.club_records(club, variant),
        "bidding": variant == "progulochny",
    }
    return render(request, "clubs/records.html", context)


@require_safe
def ratings_explained(request: HttpRequest) -> HttpResponse:
    """The "?" page: what the rating, the skill estimate, its range, a provisional rating and
    the rubbers expected mean, with a worked example."""
    example = standings.explained_example()
    provisional = 20
    token = request.GET.get("club", "")
    if token:  # from a club's page: its number of rubbers
        club = Club.objects.filter(token=token).only("provisional_rubbers").first()
        provisional = club.provisional_rubbers if club else provisional
    return render(request, "clubs/ratings_explained.html", {**example, "provisional": provisional})


@require_POST
def answer_invitation(request: HttpRequest, token: str) -> HttpResponse:
    """The invited account accepts or declines a role in the club; any other account (the
    organiser too), or one whose invitation was answered or taken back, is refused."""
    club = get_object_or_404(Club, token=token)
    if not request.user.is_authenticated:
        raise PermissionDenied("sign in to answer an invitation")
    accept = request.POST.get("answer") == "accept"
    if not clubs.answer_invitation(club, request.user, accept=accept):  # type: ignore[arg-type]
        raise PermissionDenied("no invitation of this club to answer")
    if accept:
        return redirect("club", token=club.token)
    return redirect("home")
