"""A club night's own row: the date and place, its link, the numbers given to its tables."""

from __future__ import annotations

from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from players.models import Club
from scorebook.tables.models import new_token


class Evening(models.Model):
    """A club night: several tables played on one date.

    Its link (``token``) shows the night to anyone who has it, read-only; filing, moving and
    removing tables are the club's organisers' (an evening made before clubs existed has no
    club, and keeps its tables as they are).
    """

    club = models.ForeignKey(
        Club, null=True, blank=True, on_delete=models.PROTECT, related_name="nights"
    )
    name = models.CharField(_("name"), max_length=100)
    date = models.DateField(_("date"), default=timezone.localdate)
    place = models.CharField(_("place"), max_length=100, blank=True)
    token = models.CharField(max_length=40, unique=True, default=new_token)
    created_at = models.DateTimeField(auto_now_add=True)
    # The last number given to a table of the night (read locked, see clubs.next_number):
    # a number is never given twice, even after its table left the night.
    tables_numbered = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["-date", "name"]

    def __str__(self) -> str:
        return f"{self.name} ({self.date})"
