"""Players, and later clubs, memberships and ladders. This app never imports scorebook."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _


class Player(models.Model):
    """A person who sits at tables; may later be linked to a user account."""

    name = models.CharField(_("name"), max_length=60)
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="player",
        verbose_name=_("user account"),
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("player")
        verbose_name_plural = _("players")
        constraints = [
            models.UniqueConstraint(Lower("name"), name="player_name_unique_ci"),
        ]

    def __str__(self) -> str:
        return self.name

    @classmethod
    def named(cls, name: str) -> Player:
        """The player of that name (case-insensitive), created if new."""
        name = " ".join(name.split())
        player = cls.objects.filter(name__iexact=name).first()
        return player or cls.objects.create(name=name)
