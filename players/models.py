"""Players, clubs, who runs them, their seasons and the history of every change to them.

This app never imports scorebook: tables and deals point at players, not the other way round,
and every standing is computed from the deals by ``players.ladder`` (fed by scorebook).
"""

from __future__ import annotations

import functools
import secrets
import zoneinfo
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import IntegrityError, models, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from players.names import name_key as name_key  # the callers import it with the models

LADDER_KINDS = [
    ("total", _("total")),
    ("average", _("average")),
    ("rating", _("rating (strength from the rubbers won)")),
]
LANGUAGES = [("en", "English"), ("ru", "Русский")]

# A club's clock (docs/clubs.md): an IANA time zone. A club whose creator's browser said none
# (no JavaScript) keeps Moscow time when it speaks Russian, else the server's zone.
RUSSIAN_ZONE = "Europe/Moscow"
# Offered first on the club page's form (any other IANA name may be typed): Russia's zones
# from west to east, then the zones of the clubs' neighbours and the world's usual ones.
COMMON_ZONES = [
    "Europe/Kaliningrad", "Europe/Moscow", "Europe/Samara", "Asia/Yekaterinburg", "Asia/Omsk",
    "Asia/Novosibirsk", "Asia/Krasnoyarsk", "Asia/Irkutsk", "Asia/Yakutsk", "Asia/Vladivostok",
    "Asia/Magadan", "Asia/Kamchatka", "Europe/Minsk", "Europe/Kyiv", "Asia/Almaty",
    "Asia/Tbilisi", "Europe/Riga", "Europe/Berlin", "Europe/London", "America/New_York", "UTC",
]  # fmt: skip


@functools.cache
def time_zones() -> frozenset[str]:
    """Every IANA zone name this server knows (read once: it scans the zone files)."""
    return frozenset(zoneinfo.available_timezones())


def is_time_zone(name: str) -> bool:
    return name in time_zones()


def validate_time_zone(name: str) -> None:
    if not is_time_zone(name):
        raise ValidationError(
            _("“%(name)s” is not a time zone: write one as Europe/Moscow or Asia/Vladivostok."),
            code="invalid",
            params={"name": name},
        )


def default_time_zone(language: str = "") -> str:
    """The zone of a club whose creator's browser told none: Moscow for a Russian-speaking
    club, else the server's (settings.TIME_ZONE)."""
    if language == "ru":
        return RUSSIAN_ZONE
    return settings.TIME_ZONE if is_time_zone(settings.TIME_ZONE) else "UTC"


def new_token() -> str:
    """An unguessable URL-safe token that never starts with '-' (a command line reads that
    as an option)."""
    while True:
        token = secrets.token_urlsafe(18)
        if not token.startswith("-"):
            return token


def normal_name(name: str) -> str:
    """A name as the roster keeps it: inner runs of white space folded to one space."""
    return " ".join(name.split())


def roster_order(name: str) -> tuple[str, str]:
    """Where a name comes in a roster as people read it: letter case aside, and ё with е as
    Russian dictionaries have it (code points put "Ёлкина" before "Анна" and "ёлка" after
    "Яков")."""
    return normal_name(name).casefold().replace("ё", "е"), name


# Confirmation by the other side of a table's deals (scorebook.tables: docs/at-the-table.md).
CONFIRMATION_CHOICES = [
    ("off", _("off")),
    ("deal", _("every deal")),
    ("rubber", _("every rubber")),
]


class Club(models.Model):
    """A club: its roster, its nights and its seasons. Run by one or more organisers."""

    name = models.CharField(_("name of the club"), max_length=100)
    city = models.CharField(_("city"), max_length=100, blank=True)
    variant = models.CharField(_("usual variant"), max_length=20, default="russian")
    options = models.JSONField(_("usual options"), default=dict, blank=True)
    # The stake the club's nights' new tables start with (each table may change it).
    stake = models.DecimalField(
        _("stake per point"), max_digits=12, decimal_places=4, null=True, blank=True
    )
    stake_currency = models.CharField(_("currency"), max_length=10, blank=True)
    stake_coin = models.DecimalField(
        _("smallest coin"), max_digits=12, decimal_places=4, null=True, blank=True
    )
    language = models.CharField(_("language"), max_length=2, choices=LANGUAGES, default="ru")
    # Confirmation by the other side at the club's night tables: a table started in one of its
    # nights takes it.
    confirmation = models.CharField(
        _("confirmation by the other side"),
        max_length=6,
        choices=CONFIRMATION_CHOICES,
        default="off",
    )
    # A prize for the last place of a night too (the booby prize), beside the first three.
    booby_prize = models.BooleanField(_("booby prize for the last place"), default=False)
    # Whether a guest may win a night's prize (else the prizes go to the roster's players).
    guest_prizes = models.BooleanField(_("guests win prizes"), default=False)
    # How many rated rubbers a player's rating takes before it is no longer provisional (in
    # the scope shown: all the club's nights of a variant, or a season).
    provisional_rubbers = models.PositiveSmallIntegerField(
        _("rubbers before a rating is settled"), default=20
    )
    # Every time of day the club's pages show (its history, a deal's revisions) is in it.
    time_zone = models.CharField(
        _("time zone"),
        max_length=64,
        default=default_time_zone,
        validators=[validate_time_zone],
        help_text=_("Times of day on the club's pages are shown in it (e.g. Europe/Moscow)."),
    )
    # The read-only public link: nights, seasons and standings, never the roster.
    token = models.CharField(max_length=40, unique=True, default=new_token)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("club")
        verbose_name_plural = _("clubs")

    def __str__(self) -> str:
        return self.name


class ClubRole(models.Model):
    """An account's place in a club: organiser (manages it) or member (sees the roster)."""

    class Role(models.TextChoices):
        ORGANISER = "organiser", _("organiser")
        MEMBER = "member", _("member")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="roles")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="club_roles"
    )
    role = models.CharField(max_length=10, choices=Role.choices, default=Role.MEMBER)
    # A role given is an invitation until the account accepts it: nobody is put into a club
    # he did not ask for (the club's name would show on his home page).
    accepted = models.BooleanField(default=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["club", "user"], name="club_role_unique")]


class Player(models.Model):
    """A person who sits at tables: on one club's roster, or (``club`` empty) at tables
    outside any club. May be linked to a user account.

    A player merged into another keeps his row, with ``merged_into`` set: every seat moves
    to the entry he was merged into, and the roster no longer lists him.
    """

    name = models.CharField(_("name"), max_length=60)
    # name_key(name), kept by save(): rosters are matched and kept unique by it, so that two
    # names that look the same are one (players.names); a longer key is kept as its digest.
    key = models.CharField(max_length=180, editable=False)
    club = models.ForeignKey(
        Club, null=True, blank=True, on_delete=models.PROTECT, related_name="roster"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="players",
        verbose_name=_("user account"),
    )
    merged_into = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="merged"
    )
    # A visitor added at a night (docs/clubs.md): marked as a guest until the organiser makes
    # him a roster player; seasons leave guests out unless they include them.
    guest = models.BooleanField(_("guest"), default=False)
    # Gone from the club: out of the pickers and suggestions; his history and ladders stay.
    archived = models.BooleanField(_("archived"), default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("player")
        verbose_name_plural = _("players")
        constraints = [
            # The same name in two clubs is two people; within a club, one (any case).
            models.UniqueConstraint(
                fields=["club", "key"],
                condition=Q(merged_into__isnull=True),
                name="player_key_unique_in_club",
            ),
            models.UniqueConstraint(
                fields=["key"],
                condition=Q(club__isnull=True, merged_into__isnull=True),
                name="player_key_unique_outside_clubs",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def save(self, *args: Any, **kwargs: Any) -> None:
        self.key = name_key(self.name)
        if kwargs.get("update_fields") is not None and "name" in kwargs["update_fields"]:
            kwargs["update_fields"] = {*kwargs["update_fields"], "key"}
        super().save(*args, **kwargs)

    @classmethod
    def named(cls, name: str, club: Club | None = None) -> Player:
        """The active player of that name (whatever its letter case, or a name that looks the
        same: players.names) in ``club``, created if new. An archived player is found too, and
        stays archived (docs/clubs.md)."""
        name = normal_name(name)
        player = cls.objects.filter(club=club, merged_into=None, key=name_key(name)).first()
        return player or cls.objects.create(name=name, club=club)


class AccountName(models.Model):
    """A user name's key (players.names), one account a key: sign-up refuses a name that
    looks the same as another account's ("dеmo" with a Cyrillic е next to "demo") by one
    query, and the database refuses two accounts with one key. Kept by keep_account_key()
    whenever an account is saved with its name."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, primary_key=True,
        related_name="name_key",
    )  # fmt: skip
    key = models.CharField(max_length=180, unique=True)


def keep_account_key(user: Any) -> bool:
    """Keep ``user``'s key; False when another account has it (a name that looks the same,
    made where nothing checked it, as the admin's forms): that account then has no key row,
    and sign-up refuses the name all the same (it also checks the names themselves)."""
    key = name_key(user.get_username())
    try:
        with transaction.atomic():
            AccountName.objects.update_or_create(user=user, defaults={"key": key})
    except IntegrityError:
        AccountName.objects.filter(user=user).delete()
        return False
    return True


class Season(models.Model):
    """A club's date range with a ladder: how players are ranked, and who qualifies."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="seasons")
    name = models.CharField(_("name of the season"), max_length=100)
    starts_on = models.DateField(_("first day"))
    ends_on = models.DateField(_("last day"))
    variant = models.CharField(_("variant"), max_length=20)
    kind = models.CharField(_("ladder kind"), max_length=10, choices=LADDER_KINDS, default="total")
    best = models.PositiveSmallIntegerField(
        _("best N sessions"),
        null=True,
        blank=True,
        help_text=_("Average only: count each player's best N sessions."),
    )
    min_sessions = models.PositiveSmallIntegerField(_("sessions to qualify"), default=1)
    min_partners = models.PositiveSmallIntegerField(_("partners to qualify"), default=0)
    confirmed_only = models.BooleanField(
        _("only confirmed tables"),
        default=False,
        help_text=_(
            "Count only the tables whose every deal the other side confirmed (tables that "
            "ask for confirmation)."
        ),
    )
    # A guest (Player.guest) is ranked with everyone, then left out of the season's standings
    # unless the season includes guests (docs/clubs.md).
    include_guests = models.BooleanField(
        _("include guests"),
        default=False,
        help_text=_("Rank the guests in the season's standings too."),
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-starts_on", "name"]
        constraints = [
            models.CheckConstraint(
                condition=Q(ends_on__gte=models.F("starts_on")), name="season_dates_in_order"
            )
        ]

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        if self.starts_on and self.ends_on and self.ends_on < self.starts_on:
            raise ValidationError({"ends_on": _("The last day comes before the first.")})
        if self.best is not None and self.kind != "average":
            raise ValidationError({"best": _("Best N applies to the average ladder only.")})
        if self.best == 0:
            raise ValidationError({"best": _("Best N must be at least 1.")})


class ClubLog(models.Model):
    """One change to a club, kept for good: who, when, what (the club's history)."""

    class Action(models.TextChoices):
        CREATED = "created", _("club created")
        ROLE = "role", _("account given a role")
        PLAYER_ADDED = "player-added", _("player added")
        PLAYER_RENAMED = "player-renamed", _("player renamed")
        PLAYERS_MERGED = "players-merged", _("players merged")
        NIGHT_OPENED = "night-opened", _("night opened")
        TABLE_FILED = "table-filed", _("table filed into a night")
        TABLE_MOVED = "table-moved", _("table moved to another night")
        TABLE_REMOVED = "table-removed", _("table removed from a night")
        SEASON_SAVED = "season-saved", _("season saved")
        SEASON_REMOVED = "season-removed", _("season removed")
        NIGHT_EDITED = "night-edited", _("night corrected")
        LINK_REPLACED = "link-replaced", _("public link replaced")
        NIGHT_CLOSED = "night-closed", _("night closed")
        NIGHT_REOPENED = "night-reopened", _("night reopened")
        CLUB_EDITED = "club-edited", _("club settings changed")
        GUEST_ADDED = "guest-added", _("guest added")
        PLAYER_ARCHIVED = "player-archived", _("player archived")
        PLAYER_UNARCHIVED = "player-unarchived", _("player back from the archive")
        GUEST_JOINED = "guest-joined", _("guest made a roster player")
        PLAYER_ERASED = "player-erased", _("player's personal data erased")
        ZONE_CHANGED = "zone-changed", _("time zone changed")
        PLAYER_LEFT = "player-left", _("player left a night")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="log")
    action = models.CharField(max_length=20, choices=Action.choices)
    detail = models.JSONField(default=dict, blank=True)
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-created_at", "-pk"]
