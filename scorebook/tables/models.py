"""What the table wrote down: tables, seats, deals and every revision of a deal, and the night
a table was played in (a club's night, or an evening from before clubs).

Scores are never stored: ``tables/services.py`` builds a record (docs/record-format.md) from these
rows and the rules engine computes the sheet from it.
"""

from __future__ import annotations

import secrets
from typing import Any

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from players.models import CONFIRMATION_CHOICES, Club, Player
from scorebook.rules import PRESETS

VARIANT_CHOICES = [(key, key) for key in PRESETS]
SEAT_CHOICES = [("N", "N"), ("E", "E"), ("S", "S"), ("W", "W")]


def new_token() -> str:
    """An unguessable URL-safe token that never starts with '-' (a command line reads that
    as an option)."""
    while True:
        token = secrets.token_urlsafe(18)
        if not token.startswith("-"):
            return token


class Evening(models.Model):
    """A club night: several tables played on one date.

    Its link (``token``) shows the night to anyone who has it, read-only; filing, moving and
    removing tables are the club's organisers' (an evening made before clubs existed has no
    club, and keeps its tables as they are). The room's screen has a link of its own
    (``display_token``): it opens that screen and nothing else, so the projector never shows
    what the night's link shows a signed-in organiser.
    """

    club = models.ForeignKey(
        Club, null=True, blank=True, on_delete=models.PROTECT, related_name="nights"
    )
    name = models.CharField(_("name"), max_length=100)
    date = models.DateField(_("date"), default=timezone.localdate)
    place = models.CharField(_("place"), max_length=100, blank=True)
    token = models.CharField(max_length=40, unique=True, default=new_token)
    display_token = models.CharField(max_length=40, unique=True, default=new_token)
    created_at = models.DateTimeField(auto_now_add=True)
    # The last number given to a table of the night (read locked, see clubs.next_number):
    # a number is never given twice, even after its table left the night.
    tables_numbered = models.PositiveIntegerField(default=0)
    # When the organiser closed the night (None: open). A closed night's tables are read-only
    # until an organiser reopens it, giving a reason (the club's history keeps both).
    closed_at = models.DateTimeField(null=True, blank=True)
    # The players the organiser ticked as present, and the seating drawn for them before the
    # tables were started (docs/clubs.md): {"seed": …, "tables": [{"N": player id, …}, …],
    # "sit_out": [player ids]}.
    present = models.ManyToManyField(Player, blank=True, related_name="nights_present")
    seating = models.JSONField(null=True, blank=True)
    # The whist drive preset the night was opened for (scorebook.rules.presets.DRIVE_PRESETS),
    # which its seating page then offers first; empty: the format is chosen at the seating.
    drive_preset = models.CharField(max_length=40, blank=True, default="")

    class Meta:
        ordering = ["-date", "name"]

    def __str__(self) -> str:
        return f"{self.name} ({self.date})"


class Table(models.Model):
    """One seating playing one variant: possibly several rubbers, optionally in an evening."""

    variant = models.CharField(_("variant"), max_length=20, choices=VARIANT_CHOICES)
    options = models.JSONField(_("options"), default=dict, blank=True)
    dummy = models.CharField(_("dummy"), max_length=1, choices=SEAT_CHOICES, blank=True)
    right_side = models.CharField(
        _("side on the right"),
        max_length=2,
        blank=True,
        help_text=_("Which side's column is on the right."),
    )
    evening = models.ForeignKey(
        Evening, null=True, blank=True, on_delete=models.SET_NULL, related_name="tables"
    )
    title = models.CharField(_("title"), max_length=100, blank=True)
    # Its number in its night (None outside a night): "Table 3" on the night page, T3 in the
    # night's PDF. Two tables of one night never share one.
    number = models.PositiveIntegerField(null=True, blank=True)
    place = models.CharField(_("place"), max_length=100, blank=True)
    played_on = models.DateField(_("date"), default=timezone.localdate)
    first_dealer = models.CharField(
        _("first dealer"), max_length=1, choices=SEAT_CHOICES, blank=True
    )
    # The stake (docs/at-the-table.md, "Playing for a stake"): what a point is worth, its
    # currency and the smallest coin the payments are rounded to. No stake: no money shown.
    stake = models.DecimalField(
        _("stake per point"), max_digits=12, decimal_places=4, null=True, blank=True
    )
    stake_currency = models.CharField(_("currency"), max_length=10, blank=True)
    stake_coin = models.DecimalField(
        _("smallest coin"), max_digits=12, decimal_places=4, null=True, blank=True
    )
    cut = models.JSONField(_("cut for partners"), null=True, blank=True)
    edit_token = models.CharField(max_length=40, unique=True, default=new_token)
    view_token = models.CharField(max_length=40, unique=True, default=new_token)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="owned_tables",
    )
    members = models.ManyToManyField(
        settings.AUTH_USER_MODEL, blank=True, related_name="joined_tables"
    )
    # Bumped by every change: read-only views poll it, writes check it.
    version = models.PositiveIntegerField(default=0)
    # A demo table (manage.py seed_demo): offered on a new browser's home page, read-only on a
    # server (a visitor scores a private copy), never filed into a club night.
    demo = models.BooleanField(default=False, editable=False)
    # Confirmation by the other side (docs/at-the-table.md): off, or the side that does not
    # keep the record (``keeper``, a side of the variant; empty: the first) confirms every
    # deal or every rubber, and a confirmed deal is locked.
    confirmation = models.CharField(
        _("confirmation by the other side"),
        max_length=6,
        choices=CONFIRMATION_CHOICES,
        default="off",
    )
    keeper = models.CharField(_("keeps the record"), max_length=2, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated_at"]
        constraints = [
            models.UniqueConstraint(fields=["evening", "number"], name="table_number_unique")
        ]

    def __str__(self) -> str:
        return self.title or f"{self.variant} #{self.pk}"


class Seat(models.Model):
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    seat = models.CharField(max_length=1, choices=SEAT_CHOICES)
    player = models.ForeignKey(Player, null=True, blank=True, on_delete=models.PROTECT)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["table", "seat"], name="seat_unique")]


class Deal(models.Model):
    """A deal as written down: ``data`` holds the deal object of docs/record-format.md.

    Nothing is ever deleted: an undone deal is kept with ``removed`` set, and every change is
    a :class:`Revision`.
    """

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="deals")
    number = models.PositiveIntegerField()
    data = models.JSONField()
    removed = models.BooleanField(default=False)
    version = models.PositiveIntegerField(default=1)
    # Confirmed by the other side (Table.confirmation): locked until that side reopens it or
    # an organiser changes it, giving a reason.
    confirmed = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["number", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["table", "number"],
                condition=models.Q(removed=False),
                name="live_deal_number_unique",
            )
        ]

    def __str__(self) -> str:
        return f"deal {self.number} of table {self.table_id}"


class Revision(models.Model):
    """One change to a deal: who, when, what it was before and after."""

    class Action(models.TextChoices):
        CREATED = "created", _("recorded")
        EDITED = "edited", _("corrected")
        VOIDED = "voided", _("marked void")
        UNDONE = "undone", _("undone")
        RESTORED = "restored", _("restored")
        IMPORTED = "imported", _("imported")
        CONFIRMED = "confirmed", _("confirmed")
        REOPENED = "reopened", _("reopened")

    deal = models.ForeignKey(Deal, on_delete=models.CASCADE, related_name="revisions")
    action = models.CharField(max_length=10, choices=Action.choices)
    data = models.JSONField()
    previous = models.JSONField(null=True, blank=True)
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    author_label = models.CharField(max_length=60, blank=True)
    # Why an organiser changed a deal the other side had confirmed; the seat that confirmed
    # or reopened a deal.
    reason = models.CharField(max_length=200, blank=True)
    seat = models.CharField(max_length=1, blank=True)
    nonce = models.CharField(max_length=40, blank=True, db_index=True)
    # The table's version this change made (Table.version after it): which change a page a
    # few versions behind missed. Empty on revisions written before it was kept.
    table_version = models.PositiveIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["created_at", "pk"]

    def changed_fields(self) -> list[str]:
        """The deal fields this revision changed."""
        before: dict[str, Any] = self.previous or {}
        keys = sorted(set(before) | set(self.data))
        return [k for k in keys if before.get(k) != self.data.get(k)]


class TableEvent(models.Model):
    """A change to who can reach a table (a link replaced), kept like a deal's revision."""

    class Action(models.TextChoices):
        EDIT_LINK = "edit-link", _("edit link replaced")
        VIEW_LINK = "view-link", _("read-only link replaced")

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="events")
    action = models.CharField(max_length=20, choices=Action.choices)
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    author_label = models.CharField(max_length=60, blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["created_at", "pk"]
