"""The round clock of a night in rounds or a whist drive (docs/clubs.md, *The round clock*).

The organiser may give each round some minutes; the room's screen then shows the time left
of the round in play, counted from when that round was started, and "time's up" once it is
over (play goes on: the clock only tells the room). It is kept in the night's seating, beside
the rounds it times::

    seating["clock"] = {"minutes": 30 or None, "round": 3, "started": "2026-11-20T19:04:00+00:00"}

``round`` and ``started`` are written whenever a round starts (a round of a tournament when
the organiser starts it, a drive's round when the one before is complete), with or without
minutes, so a clock set in the middle of a round still counts from the round's start.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scorebook.clubs import services as clubs
from scorebook.tables.models import Evening

KEY = "clock"
MOST_MINUTES = 180


def mark_round(seating: dict[str, Any], number: int, now: datetime.datetime | None = None) -> None:
    """Round ``number`` starts now: the clock counts from here (its minutes are kept)."""
    clock = dict(seating.get(KEY) or {})
    clock.update(round=number, started=(now or timezone.now()).isoformat())
    clock.setdefault("minutes", None)
    seating[KEY] = clock


def round_in_play(seating: dict[str, Any] | None) -> int:
    """The round being played (0: none yet, or every round over)."""
    if not seating:
        return 0
    if seating.get("format") == "drive":
        played = len(seating.get("results", []))
        return played + 1 if played < int(seating.get("rounds", 0)) else 0
    if seating.get("format") in ("individual", "pairs"):
        return int(seating.get("current", 0))
    return 0


def parse_minutes(value: Any) -> int | None:
    """The minutes typed in the form: empty is no clock; else a whole number from 1 to 180,
    or a refusal naming the field."""
    text = str(value or "").strip()
    if not text:
        return None
    if not text.isdigit() or not 1 <= int(text) <= MOST_MINUTES:
        raise clubs.ClubError(
            _("Minutes a round: a whole number from 1 to %(most)s, or empty for no clock.")
            % {"most": MOST_MINUTES},
            "minutes",
        )
    return int(text)


@transaction.atomic
def set_clock(
    night: Evening,
    minutes: int | None,
    *,
    restart: bool = False,
    author: AbstractBaseUser | None = None,
) -> dict[str, Any]:
    """Give the night's rounds ``minutes`` each (None: no clock). With ``restart`` the round in
    play counts from now (a drive drawn long before its first hand, a round held up)."""
    night = Evening.objects.select_for_update(of=("self",)).get(pk=night.pk)
    clubs.still_open(night)
    seating = night.seating
    if not seating or seating.get("format") not in ("drive", "individual", "pairs"):
        raise clubs.ClubError(
            _("The round clock is for a night in rounds or a whist drive."), "minutes"
        )
    clock = dict(seating.get(KEY) or {})
    clock["minutes"] = minutes
    seating[KEY] = clock
    playing = round_in_play(seating)
    if playing and (restart or clock.get("round") != playing):
        mark_round(seating, playing)
    clubs.keep_seating(night, seating)
    return seating


@dataclass(frozen=True)
class Clock:
    """The clock of the round in play, as the screen shows it at ``now``."""

    minutes: int
    round: int
    ends: datetime.datetime
    now: datetime.datetime

    @property
    def left(self) -> int:
        """Whole seconds left (0 or less: time's up)."""
        return int((self.ends - self.now).total_seconds() // 1)

    @property
    def ends_epoch(self) -> str:
        """When the round's time is up, in seconds since 1970 (the screen's countdown)."""
        return f"{self.ends.timestamp():.3f}"

    @property
    def up(self) -> bool:
        return self.left <= 0

    @property
    def minutes_left(self) -> int:
        """The minutes left, rounded up (1 in the last minute)."""
        return max(0, -(-self.left // 60))


def clock_of(night: Evening, now: datetime.datetime | None = None) -> Clock | None:
    """The clock of the round in play; None when the organiser set none, no round is in play,
    or the round in play was started without the clock knowing when."""
    seating = night.seating or {}
    clock = seating.get(KEY) or {}
    playing = round_in_play(seating)
    minutes = clock.get("minutes")
    if not minutes or not playing or clock.get("round") != playing:
        return None
    try:
        started = datetime.datetime.fromisoformat(str(clock["started"]))
    except (KeyError, ValueError):
        return None
    ends = started + datetime.timedelta(minutes=int(minutes))
    return Clock(int(minutes), playing, ends, now or timezone.now())


def minutes_of(night: Evening) -> int | None:
    """The minutes a round the organiser set (None: no clock)."""
    minutes = ((night.seating or {}).get(KEY) or {}).get("minutes")
    return int(minutes) if minutes else None
