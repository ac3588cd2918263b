"""A night's prizes, wherever they are shown (the close page, the night page once closed, the
room's screen, the printed results): a whist drive's from the drive's own standings (its
tricks), any other night's from each variant's standings, as the club gives them (the first
three places, shared when equal; the booby prize when the club gives one; guests only when the
club lets them win)."""

from __future__ import annotations

from typing import Any

from scorebook.clubs import drive, standings
from scorebook.clubs import services as clubs
from scorebook.tables.models import Evening


def night_prizes(
    night: Evening, ranked: list[tuple[str, Any]] | None = None
) -> list[dict[str, Any]]:
    """Each list of the night's prizes: ``{"variant", "first", "booby"}`` (``ranked``: the
    night's standings by variant when the caller has them already)."""
    club = night.club
    if club is None:
        return []
    if drive.in_drive(night):
        given = drive.prize_list(night)
        return [{"variant": "", "first": given["first"], "booby": given["booby"]}]
    if ranked is None:
        _glance, ranked = standings.night_view(night)
    return clubs.prizes_by_variant(ranked, booby=club.booby_prize, guests=club.guest_prizes)
