"""Every change to a club: its accounts, its roster, its nights and seasons.

Each write runs in a transaction and leaves a :class:`ClubLog` line, so the club's history
says who filed, moved or removed a table, who renamed or merged a player, and when. The views
check who may call these (organisers); the functions check what may be done.
"""

from __future__ import annotations

import datetime
from decimal import Decimal
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction
from django.db.models import Q, QuerySet
from django.utils import timezone, translation
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from players.models import (
    Club,
    ClubLog,
    ClubRole,
    Player,
    Season,
    default_time_zone,
    is_time_zone,
    name_key,
    new_token,
    normal_name,
)
from players.roles import MEMBER, ORGANISER, role_of  # noqa: F401 - also clubs.role_of, …
from scorebook import derived
from scorebook.display.messages import describe, sentence
from scorebook.display.variants import variant_name
from scorebook.rules import RecordError
from scorebook.rules.record import player_name
from scorebook.tables import services
from scorebook.tables.models import Deal, Evening, Revision, Seat, Table


class ClubError(services.Refused):
    """A club change that cannot be made; ``field`` names the form field at fault."""


def log_left(night: Evening, player: Player, author: AbstractBaseUser) -> None:
    """The club's history keeps that ``player`` left ``night`` (a night in rounds or a drive)
    before its end: from then on the night was played without him."""
    if night.club is not None:
        _log(night.club, ClubLog.Action.PLAYER_LEFT, author, player=player.pk, name=player.name,
             night=night.pk, night_left=night.name)  # fmt: skip


def _log(club: Club, action: str, author: AbstractBaseUser | None, **detail: Any) -> None:
    ClubLog.objects.create(club=club, action=action, author=author, detail=detail)


@transaction.atomic
def create_club(
    *, user: AbstractBaseUser, name: str, city: str = "", variant: str, language: str,
    confirmation: str = "off",
    time_zone: str = "",
    stake: Decimal | None = None, stake_currency: str = "", stake_coin: Decimal | None = None,
) -> Club:  # fmt: skip
    """A new club, ``user`` its first organiser. Without a known ``time_zone`` it takes the
    default for its language (players.models.default_time_zone)."""
    club = Club.objects.create(
        name=name, city=city, variant=variant, language=language, confirmation=confirmation,
        time_zone=time_zone if is_time_zone(time_zone) else default_time_zone(language),
        stake=stake, stake_currency=stake_currency, stake_coin=stake_coin,
    )  # fmt: skip
    ClubRole.objects.create(club=club, user=user, role=ORGANISER)
    _log(club, ClubLog.Action.CREATED, user, name=name)
    return club


CLUB_FIELDS = ("name", "city", "variant", "language", "stake", "stake_currency", "stake_coin")


@transaction.atomic
def edit_club(club: Club, *, author: AbstractBaseUser, **fields: Any) -> Club:
    """Change the club's settings (its name, city, usual variant, language, and the stake its
    nights' new tables start with); the tables already played keep theirs."""
    club = Club.objects.select_for_update().get(pk=club.pk)
    changed = [key for key in CLUB_FIELDS if key in fields and getattr(club, key) != fields[key]]
    for key in changed:
        setattr(club, key, fields[key])
    if changed:
        club.save(update_fields=changed)
        _log(club, ClubLog.Action.CLUB_EDITED, author, name=club.name)
    return club


@transaction.atomic
def give_role(club: Club, username: str, role: str, *, author: AbstractBaseUser) -> ClubRole | None:
    """Invite an account to be an organiser or a member of the club, or change the role of one
    who has accepted. The answer is the same whether or not the user name exists (None when
    it does not): no form tells who has an account. A club always keeps an organiser."""
    user = get_user_model().objects.filter(username=username).first()
    if user is None:
        return None
    entry = ClubRole.objects.select_for_update().filter(club=club, user=user).first()
    if entry is None:
        entry = ClubRole.objects.create(club=club, user=user, role=role, accepted=False)
    else:
        if entry.accepted and entry.role == ORGANISER and role != ORGANISER:
            _keep_an_organiser(club, entry)
        entry.role = role
        entry.save(update_fields=["role"])
    _log(club, ClubLog.Action.ROLE, author, username=username, role=role)
    return entry


def _keep_an_organiser(club: Club, leaving: ClubRole) -> None:
    """Refuse to leave the club without an organiser (no screen could give the role back)."""
    others = ClubRole.objects.filter(club=club, role=ORGANISER, accepted=True).exclude(
        pk=leaving.pk
    )
    if not others.exists():
        raise ClubError(
            _("The club must keep at least one organiser: make someone else organiser first."),
            "role",
        )


@transaction.atomic
def new_public_link(club: Club, *, author: AbstractBaseUser) -> Club:
    """Replace the club's public link: the old one stops opening anything at once."""
    club.token = new_token()
    club.save(update_fields=["token"])
    _log(club, ClubLog.Action.LINK_REPLACED, author)
    return club


@transaction.atomic
def set_time_zone(club: Club, time_zone: str, *, author: AbstractBaseUser) -> Club:
    """Set the club's clock (an IANA zone, checked by the form): the history says from which."""
    old = club.time_zone
    if time_zone != old:
        club.time_zone = time_zone
        club.save(update_fields=["time_zone"])
        _log(club, ClubLog.Action.ZONE_CHANGED, author, old=old, new=time_zone)
    return club


@transaction.atomic
def take_back_role(club: Club, pk: int, *, author: AbstractBaseUser) -> ClubRole | None:
    """Take a role back from the account that accepted it (None: no such role of the club).
    The last organiser keeps his: a club always has one."""
    entry = (
        ClubRole.objects.select_for_update()
        .select_related("user")
        .filter(club=club, pk=pk, accepted=True)
        .first()
    )
    if entry is None:
        return None
    if entry.role == ORGANISER:
        _keep_an_organiser(club, entry)
    entry.delete()
    _log(club, ClubLog.Action.ROLE, author, username=entry.user.get_username(), role=entry.role,
         taken_back=True)  # fmt: skip
    return entry


def accepted_roles(club: Club) -> list[ClubRole]:
    """The club's organisers and members by account, as they accepted (an invitation not yet
    answered is not listed: the list would tell which user names have an account)."""
    roles = ClubRole.objects.filter(club=club, accepted=True).select_related("user")
    return sorted(roles, key=lambda r: (r.role != ORGANISER, r.user.get_username().casefold()))


@transaction.atomic
def answer_invitation(club: Club, user: AbstractBaseUser, *, accept: bool) -> bool:
    """The invited account accepts the role (the club is then his) or declines it. False, and
    nothing changed, when the account has no invitation of the club standing: it was never
    invited (another account, the organiser), or it answered already, or the role it
    accepted was taken back."""
    entry = ClubRole.objects.select_for_update().filter(club=club, user=user, accepted=False)
    entry = entry.first()
    if entry is None:
        return False
    if accept:
        entry.accepted = True
        entry.save(update_fields=["accepted"])
    else:
        entry.delete()
    return True


def invitations(user: Any) -> list[ClubRole]:
    """The roles offered to the account and not yet answered."""
    if user is None or not user.is_authenticated:
        return []
    return list(
        ClubRole.objects.filter(user=user, accepted=False).select_related("club").order_by("pk")
    )


def _free_name(club: Club, name: str, but: Player | None = None) -> str:
    name = normal_name(name)
    if not name:
        raise ClubError(_("Type the player's name."), "name")
    try:  # the roster's names are the tables' names: the engine's check of a name
        player_name(name, "name")
    except RecordError as error:
        raise ClubError(sentence(describe(error)), "name") from None
    # One key, one person: letter case aside, and a name that looks the same ("Aнна" with a
    # Latin A, a zero-width joiner, a stress mark) is the same name (players.names).
    taken = Player.objects.filter(club=club, merged_into=None, key=name_key(name))
    if but is not None:
        taken = taken.exclude(pk=but.pk)
    other = taken.values_list("name", "archived").first()
    if other is not None and other[1]:  # the one place he can be found: the archive
        raise ClubError(
            _(
                "This name looks the same as “%(name)s”, in the roster's archive: bring him "
                "back from there."
            )
            % {"name": other[0]},
            "name",
        )
    if other is not None:  # named as the roster has it, to be found there
        raise ClubError(
            _("This name looks the same as “%(name)s”, already in the roster.")
            % {"name": other[0]},
            "name",
        )
    return name


@transaction.atomic
def add_player(club: Club, name: str, *, author: AbstractBaseUser) -> Player:
    player = Player.objects.create(club=club, name=_free_name(club, name))
    _log(club, ClubLog.Action.PLAYER_ADDED, author, player=player.pk, name=player.name)
    return player


MANY_NAMES = 200  # names in one paste: a club's whole list, not a book


@transaction.atomic
def add_players(
    club: Club, names: str, *, author: AbstractBaseUser
) -> tuple[list[Player], list[str], list[str]]:
    """Players from a list, one name a line (pasted from the club's old list): the players
    added, the names skipped because the roster already has them (so a list pasted twice adds
    nobody twice), and those skipped because the list names them a second time. A name refused
    for any other reason refuses the whole list, naming its line, and nothing is added."""
    lines = [(number, normal_name(line)) for number, line in enumerate(names.splitlines(), 1)]
    lines = [(number, name) for number, name in lines if name]
    if not lines:
        raise ClubError(_("Type the players' names, one a line."), "names")
    if len(lines) > MANY_NAMES:
        raise ClubError(
            _("At most %(n)s names at a time: paste the rest next.") % {"n": MANY_NAMES}, "names"
        )
    added: list[Player] = []
    skipped: list[str] = []
    repeated: list[str] = []
    seen: set[str] = set()
    for number, name in lines:
        key = name_key(name)
        if key in seen:
            repeated.append(name)
            continue
        if Player.objects.filter(club=club, merged_into=None, key=key, archived=False).exists():
            skipped.append(name)
            continue
        try:
            free = _free_name(club, name)
        except ClubError as error:
            raise ClubError(
                _("Line %(number)s: %(message)s") % {"number": number, "message": error.message},
                "names",
            ) from None
        seen.add(key)
        player = Player.objects.create(club=club, name=free)
        _log(club, ClubLog.Action.PLAYER_ADDED, author, player=player.pk, name=player.name)
        added.append(player)
    return added, skipped, repeated


@transaction.atomic
def add_guest(club: Club, name: str, *, author: AbstractBaseUser) -> Player:
    """A visitor of one night, seated under his name: on the roster as a guest (tagged, left
    out of the seasons that do not include guests) until an organiser makes him a roster
    player. A name the roster already has is refused, as :func:`add_player` refuses it."""
    player = Player.objects.create(club=club, name=_free_name(club, name), guest=True)
    _log(club, ClubLog.Action.GUEST_ADDED, author, player=player.pk, name=player.name)
    return player


def _roster_entry(player: Player) -> Club:
    """The club of a live roster entry (not merged into another), else a refusal."""
    if player.club is None or player.merged_into_id is not None:
        raise ClubError(_("This player is not on the club's roster."), None)
    return player.club


@transaction.atomic
def archive_player(player: Player, *, archived: bool = True, author: AbstractBaseUser) -> Player:
    """The player left the club (``archived``), or came back. An archived player is offered
    nowhere (the roster's pickers, the new table's names) and listed apart on the roster; his
    tables, his page and every ladder he played in stay as they are, and his name seated at a
    table is still him."""
    club = _roster_entry(player)
    if player.archived != archived:
        player.archived = archived
        player.save(update_fields=["archived"])
        action = ClubLog.Action.PLAYER_ARCHIVED if archived else ClubLog.Action.PLAYER_UNARCHIVED
        _log(club, action, author, player=player.pk, name=player.name)
    return player


@transaction.atomic
def make_roster_player(player: Player, *, author: AbstractBaseUser) -> Player:
    """A guest becomes a roster player: no longer tagged, and ranked in every season."""
    club = _roster_entry(player)
    if player.guest:
        player.guest = False
        player.save(update_fields=["guest"])
        _log(club, ClubLog.Action.GUEST_JOINED, author, player=player.pk, name=player.name)
    return player


def erased_name(club: Club, number: int) -> str:
    """The name an erased player goes by, in the club's words ("Игрок 17")."""
    with translation.override(club.language):
        return _("Player %(n)s") % {"n": number}


# The names a history line keeps, by the field that names whose they are.
_LOGGED_NAMES = {"player": ("name", "old", "new"), "source": ("source_name",),
                 "target": ("target_name",)}  # fmt: skip


@transaction.atomic
def erase_player(player: Player, *, author: AbstractBaseUser) -> Player:
    """Forget who the player was: his name becomes "Player 17" (a number no other entry of the
    club goes by), he is no longer a guest nor linked to an account, and he is archived (no
    picker offers "Player 17"). Every seat stays his, so every score and ladder stays as it
    was. The entries merged into him go by the same name, and every line of the club's history
    that named him or them names "Player 17" instead; the erasure's own line names no one
    else. Every table he sat at shows the new name at once (derived.shown_changed)."""
    club = _roster_entry(player)
    Player.objects.select_for_update().get(pk=player.pk)  # one erasure of him at a time
    player.refresh_from_db()
    erased = ClubLog.objects.filter(club=club, action=ClubLog.Action.PLAYER_ERASED)
    if erased.filter(detail__player=player.pk).exists():
        name = player.name  # erased before (then someone was merged into him): his number stays
    else:
        taken = set(
            Player.objects.filter(club=club, merged_into=None).values_list("key", flat=True)
        )
        number = erased.count() + 1
        while name_key(erased_name(club, number)) in taken:
            number += 1
        name = erased_name(club, number)
    entries = [player.pk, *Player.objects.filter(merged_into=player).values_list("pk", flat=True)]
    player.name, player.guest, player.user, player.archived = name, False, None, True
    player.save(update_fields=["name", "guest", "user", "archived"])
    Player.objects.filter(merged_into=player).update(name=name, key=name_key(name), user=None)
    naming = Q()
    for whose in _LOGGED_NAMES:
        naming |= Q(**{f"detail__{whose}__in": entries})
    for line in ClubLog.objects.select_for_update().filter(naming, club=club):
        detail = dict(line.detail)
        for whose, fields in _LOGGED_NAMES.items():
            if detail.get(whose) in entries:
                detail.update({field: name for field in fields if field in detail})
        if detail != line.detail:
            line.detail = detail
            line.save(update_fields=["detail"])
    derived.shown_changed(Table.objects.filter(seats__player=player))
    _log(club, ClubLog.Action.PLAYER_ERASED, author, player=player.pk, name=name)
    return player


@transaction.atomic
def rename_player(player: Player, name: str, *, author: AbstractBaseUser) -> Player:
    club = player.club
    assert club is not None
    new = _free_name(club, name, but=player)
    old, player.name = player.name, new
    player.save(update_fields=["name"])
    derived.shown_changed(Table.objects.filter(seats__player=player))
    _log(club, ClubLog.Action.PLAYER_RENAMED, author, player=player.pk, old=old, new=new)
    return player


@transaction.atomic
def merge_players(source: Player, target: Player, *, author: AbstractBaseUser) -> Player:
    """``source`` and ``target`` are one person: every seat of ``source`` (and of the entries
    merged into it earlier) moves to ``target``; ``source`` leaves the roster but is kept."""
    club = target.club
    if source.pk == target.pk:
        raise ClubError(_("Choose two different players."), "source")
    if club is None or source.club_id != club.pk or source.merged_into_id or target.merged_into_id:
        raise ClubError(_("Both players must be on this club's roster."), "source")
    together = (
        Seat.objects.filter(player=source)
        .filter(table__in=Seat.objects.filter(player=target).values("table"))
        .values_list("table_id", flat=True)
        .first()
    )
    if together is not None:
        table = Table.objects.select_related("evening").get(pk=together)
        where = table.title or _("a table")
        if table.evening is not None:
            where = f"{where}, {table.evening.name} ({date_format(table.evening.date, 'j E Y')})"
        raise ClubError(
            _("%(a)s and %(b)s sat at the same table (%(table)s): they are two people.")
            % {"a": source.name, "b": target.name, "table": where},
            "source",
        )
    derived.shown_changed(Table.objects.filter(seats__player=source))
    seats = Seat.objects.filter(player=source).update(player=target)
    Player.objects.filter(merged_into=source).update(merged_into=target)
    source.merged_into = target
    source.save(update_fields=["merged_into"])
    if target.user_id is None and source.user_id is not None:
        target.user_id = source.user_id
        target.save(update_fields=["user"])
    _log(
        club,
        ClubLog.Action.PLAYERS_MERGED,
        author,
        source=source.pk,
        source_name=source.name,
        target=target.pk,
        target_name=target.name,
        seats=seats,
    )
    return target


def _same_name(rows: QuerySet[Any], field: str, name: str) -> str | None:
    """The ``field`` of the first of ``rows`` that goes by ``name``, as it was written, else
    None. Letter case and spaces aside: compared here, as SQLite ignores the case of ASCII
    letters only."""
    wanted = name.strip().casefold()
    for other in rows.values_list(field, flat=True):
        if other.strip().casefold() == wanted:
            return str(other)
    return None


def _check_night_name(
    club: Club, name: str, date: datetime.date, but: Evening | None = None
) -> None:
    """A night's name is its own among the club's nights of its date, whatever its letter
    case: two alike would be two entries alike in "Move to" and on the club page."""
    others = club.nights.filter(date=date).exclude(pk=but.pk if but else None)
    if (other := _same_name(others, "name", name)) is not None:  # named as the club wrote it
        raise ClubError(
            _("The club already has a night called “%(name)s” on that date.") % {"name": other},
            "name",
        )


@transaction.atomic
def open_night(
    club: Club,
    *,
    name: str,
    date: datetime.date,
    place: str = "",
    author: AbstractBaseUser,
    drive_preset: str = "",
) -> Evening:
    """A new night of the club; ``drive_preset``: a whist drive's preset the night is opened
    for (its seating page offers that drive first), empty when decided at the seating."""
    _check_night_name(club, name, date)
    night = Evening.objects.create(
        club=club, name=name, date=date, place=place, drive_preset=drive_preset
    )
    _log(club, ClubLog.Action.NIGHT_OPENED, author, night=night.pk, name=name, date=str(date))
    return night


def _seat_on_roster(table: Table, club: Club) -> None:
    """Seat the table's players from the club's roster (by name), for a table started
    elsewhere: the club's standings only know its own roster."""
    for seat in table.seats.select_related("player"):
        if seat.player is not None and seat.player.club_id != club.pk:
            seat.player = Player.named(seat.player.name, club)
            seat.save(update_fields=["player"])


def table_name(club: Club, number: int | None) -> str:
    """The name of a night's table by its number, in the club's words."""
    with translation.override(club.language):
        return _("Table %(n)s") % {"n": number}


def is_number_name(club: Club, title: str) -> bool:
    """Whether ``title`` is the name of a table number in the club's words ("Стол 3"): the name
    a night gave the table, which it does not keep at another night, whichever number it was
    (a table taken out of its night keeps that name, but no longer its number)."""
    with translation.override(club.language):
        head, _n, tail = str(_("Table %(n)s")).casefold().partition("%(n)s")
    title = title.strip().casefold()  # as _title_taken compares titles
    number = title[len(head) : len(title) - len(tail)] if len(title) > len(head + tail) else ""
    return title.startswith(head) and title.endswith(tail) and number.isascii() and number.isdigit()


def _next_number(night: Evening) -> int:
    """The next number of the night's tables. The night's row is read locked, so that two
    organisers adding tables at once wait for each other (the unique constraint on the night
    and number is the last word); a number is never given twice, even after its table left."""
    locked = Evening.objects.select_for_update().get(pk=night.pk)
    locked.tables_numbered += 1
    locked.save(update_fields=["tables_numbered"])
    return locked.tables_numbered


def _number_again(night: Evening, table: Table) -> int | None:
    """The number ``table`` had in ``night`` before it was taken out, when no other table of
    the night has it since: a table filed back is "Table 4" again, as printed."""
    removed = (
        ClubLog.objects.filter(
            club_id=night.club_id,
            action=ClubLog.Action.TABLE_REMOVED,
            detail__table=table.pk,
            detail__night=night.pk,
        )
        .order_by("-pk")
        .first()
    )
    number = removed.detail.get("number") if removed is not None else None
    if not isinstance(number, int) or night.tables.filter(number=number).exists():
        return None
    return number


def _title_taken(night: Evening, title: str, but: Table | None = None) -> bool:
    """Whether another table of the night goes by ``title``, whatever its letter case."""
    others = Table.objects.filter(evening=night).exclude(pk=but.pk if but is not None else None)
    return _same_name(others, "title", title) is not None


@transaction.atomic
def file_table(night: Evening, table: Table, *, author: AbstractBaseUser) -> Table:
    """Put a table into a club night, or move it there from another night. It takes the night's
    next number, and the name of that number unless it has a name of its own that no other
    table of the night goes by (the name of a number, "Table 3", is not its own)."""
    club = night.club
    assert club is not None
    still_open(night)
    table = Table.objects.select_for_update().get(pk=table.pk)
    before = table.evening
    if before is not None and before.closed_at is not None:
        raise ClubError(night_closed_refusal(), "link")
    if before is not None and before.pk == night.pk:
        raise ClubError(_("This table is already in this night."), "link")
    if before is not None and before.club_id != club.pk:
        raise ClubError(_("This table belongs to another club's night."), "link")
    if table.demo:
        raise ClubError(
            _("A demo table cannot join a club night: start a table of your own."), "link"
        )
    _seat_on_roster(table, club)
    old_title = table.title
    number = _number_again(night, table) or _next_number(night)
    numbered = is_number_name(club, table.title)
    if not table.title.strip() or numbered or _title_taken(night, table.title, but=table):
        table.title = table_name(club, number)
    table.evening = night
    table.number = number
    table.played_on = night.date
    table.save(update_fields=["evening", "number", "title", "played_on", "updated_at"])
    table.version += derived.shown_changed(Table.objects.filter(pk=table.pk))
    derived.night_changed(before.pk if before is not None else None)
    where = {"table": table.pk, "title": table.title, "night": night.pk, "night_name": night.name}
    if before is None:
        _log(club, ClubLog.Action.TABLE_FILED, author, **where)
    else:
        _log(club, ClubLog.Action.TABLE_MOVED, author, **where, previous=before.pk,
             previous_name=before.name, old_title=old_title)  # fmt: skip
    return table


@transaction.atomic
def start_table(
    night: Evening, *, author: AbstractBaseUser, keep_options: bool = False, **table: Any
) -> Table:
    """Start a table in a club night, seated from the roster (new names join it); with
    ``keep_options``, the table's options become the club's usual ones for its variant."""
    club = night.club
    assert club is not None
    still_open(night)
    title = table.pop("title", "").strip()
    if title and _title_taken(night, title):
        raise ClubError(
            _("Another table of this night is called “%(title)s”.") % {"title": title}, "title"
        )
    number = _next_number(night)
    own = table_name(club, number)
    if title and is_number_name(club, title) and title.casefold() != own.casefold():
        # the night would give that name to the table of that number too
        raise ClubError(
            _(
                "“%(title)s” is the name of a table number: leave the title empty (this table "
                "will be “%(own)s”), or give it a name of its own."
            )
            % {"title": title, "own": own},
            "title",
        )
    created = services.create_table(
        evening=night, owner=author, number=number, title=title or own, **table
    )
    derived.night_changed(night.pk)
    if keep_options and created.variant == club.variant:
        club.options = dict(created.options)
        club.save(update_fields=["options"])
    _log(club, ClubLog.Action.TABLE_FILED, author, table=created.pk, title=created.title,
         night=night.pk, night_name=night.name)  # fmt: skip
    return created


@transaction.atomic
def remove_table(night: Evening, table: Table, *, author: AbstractBaseUser) -> Table:
    """Take a table out of its night: it is kept, with its deals, outside any night."""
    club = night.club
    assert club is not None
    still_open(night)
    table = Table.objects.select_for_update().get(pk=table.pk)
    if table.evening_id != night.pk:
        raise ClubError(_("This table is not in this night."), "table")
    number = table.number
    table.evening = None
    table.number = None
    table.save(update_fields=["evening", "number", "updated_at"])
    table.version += derived.shown_changed(Table.objects.filter(pk=table.pk))
    derived.night_changed(night.pk)
    # its number is kept in the history: filed back into the night, the table takes it again
    _log(club, ClubLog.Action.TABLE_REMOVED, author, table=table.pk, title=table.title,
         night=night.pk, night_name=night.name, number=number)  # fmt: skip
    return table


@transaction.atomic
def edit_night(
    night: Evening, *, name: str, date: datetime.date, place: str = "", author: AbstractBaseUser
) -> Evening:
    """Correct a night; its tables are dated by it."""
    club = night.club
    assert club is not None
    _check_night_name(club, name, date, but=night)
    before = {"name": night.name, "date": str(night.date), "place": night.place}
    night.name, night.date, night.place = name, date, place
    night.save(update_fields=["name", "date", "place"])
    night.tables.update(played_on=date)
    derived.shown_changed(night.tables.all())
    derived.night_changed(night.pk)
    after = {"name": name, "date": str(date), "place": place}
    _log(club, ClubLog.Action.NIGHT_EDITED, author, night=night.pk, name=name, before=before,
         after=after)  # fmt: skip
    return night


@transaction.atomic
def delete_season(season: Season, *, author: AbstractBaseUser) -> None:
    """Remove a season's settings; the nights and their deals are untouched."""
    _log(season.club, ClubLog.Action.SEASON_REMOVED, author, season=season.pk, name=season.name)
    season.delete()


@transaction.atomic
def save_season(season: Season, *, author: AbstractBaseUser) -> Season:
    """Save a new or corrected season. Its name is its own in the club, whatever its letter
    case: two seasons alike would be two lines alike on the club page and a player's page."""
    season.full_clean()
    others = season.club.seasons.exclude(pk=season.pk)
    if (other := _same_name(others, "name", season.name)) is not None:  # as the club wrote it
        raise ClubError(
            _("The club already has a season called “%(name)s”.") % {"name": other}, "name"
        )
    season.save()
    _log(season.club, ClubLog.Action.SEASON_SAVED, author, season=season.pk, name=season.name)
    return season


# ---------------------------------------------------------------------------------------------
# Closing a night


def night_closed_refusal() -> str:
    return _("This night is closed: its tables are read-only. An organiser can reopen it.")


def still_open(night: Evening) -> None:
    """A closed night takes no table in and lets none out (read locked with the change)."""
    if Evening.objects.select_for_update().filter(pk=night.pk, closed_at__isnull=False).exists():
        raise ClubError(night_closed_refusal(), "link")


def awaiting_confirmation(night: Evening) -> int:
    """The deals of the night's tables that wait for the other side's confirmation."""
    return (
        Deal.objects.filter(table__evening=night, removed=False, confirmed=False)
        .exclude(table__confirmation="off")
        .count()
    )


@transaction.atomic
def close_night(night: Evening, *, author: AbstractBaseUser, unconfirmed: bool = False) -> Evening:
    """Close the night: every table of it becomes read-only (the write guard of
    tables.services reads it). Deals still waiting for the other side's confirmation stop it,
    unless the organiser says to close all the same (``unconfirmed``)."""
    club = night.club
    assert club is not None
    night = Evening.objects.select_for_update().get(pk=night.pk)
    if night.closed_at is not None:
        return night
    waiting = awaiting_confirmation(night)
    if waiting and not unconfirmed:
        raise ClubError(
            ngettext(
                "%(n)s deal of this night still waits for the other side's confirmation: "
                "have it confirmed, or tick the box to close the night all the same.",
                "%(n)s deals of this night still wait for the other side's confirmation: "
                "have them confirmed, or tick the box to close the night all the same.",
                waiting,
            )
            % {"n": waiting},
            "unconfirmed",
        )
    night.closed_at = timezone.now()
    night.save(update_fields=["closed_at"])
    changed = _changed_since_reopened(club, night)
    derived.shown_changed(night.tables.all())
    derived.night_changed(night.pk)
    _log(club, ClubLog.Action.NIGHT_CLOSED, author, night=night.pk, night_name=night.name,
         unconfirmed=waiting, changed=changed)  # fmt: skip
    return night


def _changed_since_reopened(club: Club, night: Evening) -> list[dict[str, Any]] | None:
    """What was changed at the night's tables since it was last reopened (None if it never
    was): each table's deals recorded, corrected, voided, undone or restored, for the history."""
    reopened = (
        ClubLog.objects.filter(
            club=club, action=ClubLog.Action.NIGHT_REOPENED, detail__night=night.pk
        )
        .order_by("-pk")
        .first()
    )
    if reopened is None:
        return None
    rows = (
        Revision.objects.filter(deal__table__evening=night, created_at__gt=reopened.created_at)
        .exclude(action__in=(Revision.Action.CONFIRMED, Revision.Action.REOPENED))
        .order_by("pk")
        .values_list("deal__table__title", "deal__number", "action")
    )
    return [{"table": title, "deal": number, "action": action} for title, number, action in rows]


@transaction.atomic
def reopen_night(night: Evening, *, author: AbstractBaseUser, reason: str) -> Evening:
    """Open a closed night again, for a reason the club's history keeps (what is changed
    until it is closed again is written there when it closes)."""
    club = night.club
    assert club is not None
    reason = " ".join(reason.split())[:200]
    if not reason:
        raise ClubError(_("Say why the night is reopened: the club's history keeps it."), "reason")
    night = Evening.objects.select_for_update().get(pk=night.pk)
    if night.closed_at is None:
        return night
    night.closed_at = None
    night.save(update_fields=["closed_at"])
    derived.shown_changed(night.tables.all())
    derived.night_changed(night.pk)
    _log(club, ClubLog.Action.NIGHT_REOPENED, author, night=night.pk, night_name=night.name,
         reason=reason)  # fmt: skip
    return night


def prize_places(values: list[tuple[Any, float]]) -> list[tuple[int, Any, float]]:
    """Places of a night's results, best first: equal results share a place and the next
    place is skipped (1, 2, 2, 4), as clubs give prizes."""
    ordered = sorted(values, key=lambda item: -item[1])
    places = []
    for index, (who, value) in enumerate(ordered):
        place = places[-1][0] if places and places[-1][2] == value else index + 1
        places.append((place, who, value))
    return places


def prizes(
    values: list[tuple[Any, float]], *, booby: bool
) -> tuple[list[tuple[int, Any, float]], list[tuple[int, Any, float]]]:
    """The prize winners of one variant's standings: the first three places (more players
    when they share one), and with ``booby`` the last place, when it is not among them."""
    places = prize_places(values)
    first = [p for p in places if p[0] <= 3]
    last: list[tuple[int, Any, float]] = []
    if booby and places and places[-1][0] > 3:
        last = [p for p in places if p[0] == places[-1][0]]
    return first, last


def guests_among(ids: set[int]) -> set[int]:
    """Which of the players ``ids`` are guests (who win a prize only when the club says so)."""
    return set(Player.objects.filter(pk__in=ids, guest=True).values_list("pk", flat=True))


def prizes_by_variant(
    ranked: list[tuple[str, Any]], *, booby: bool, guests: bool = False
) -> list[dict[str, Any]]:
    """Each variant's prize winners of a night (``ranked``: each variant and its standings,
    as clubs.standings.night_view gives them): the first three places (shared when equal),
    and the booby prize when the club gives one; guests only when the club lets them win
    (else the places are counted among the roster's players). The close page, the room's
    screen and the night's printed results give the same prizes from here."""
    ids = {row["player"] for _variant, table in ranked for row in table.rows()}
    visiting = set() if guests else guests_among(ids)
    lists = []
    for variant, table in ranked:
        rows = [row for row in table.rows() if row["player"] not in visiting]
        values = [(row["name"], float(row["value"])) for row in rows]
        first, last = prizes(values, booby=booby)
        lists.append({"variant": variant_name(variant), "first": first, "booby": last})
    return lists


def keep_seating(night: Evening, seating: dict[str, Any] | None = None) -> dict[str, Any]:
    """Save the night's seating (``seating`` when given: its draw, its rounds, its drive, its
    round clock) and tell the pages that show it (the night page, the room's screen, the
    players' routes) that it changed: every write of a seating goes through here, so none is
    saved unseen."""
    if seating is not None:
        night.seating = seating
    night.save(update_fields=["seating"])
    derived.night_changed(night.pk)
    return night.seating
