"""A night's prizes, wherever they are shown (the close page, the night page once closed, the
room's screen, the printed results): a whist drive's from the drive's own standings (its
tricks), any other night's from each variant's standings, as the club gives them (the first
three places, shared when equal; the booby prize when the club gives one; guests only when the
club lets them win)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from scorebook.clubs import drive, seating, standings
from scorebook.clubs import services as clubs
from scorebook.tables.models import Evening


def night_prizes(
    night: Evening,
    ranked: list[tuple[str, Any]] | None = None,
    rounds: list[dict[str, Any]] | None = None,
) -> list[dict[str, Any]]:
    """Each list of the night's prizes: ``{"variant", "first", "booby"}`` (``ranked``: the
    night's standings by variant, ``rounds``: a night in rounds' own standings, when the
    caller has them already)."""
    club = night.club
    if club is None:
        return []
    if drive.in_drive(night):
        given = drive.prize_list(night)  # tricks, not money: shown as counted, unsigned
        first, booby = given["first"], given["booby"]
        return [{"variant": "", "by": _("tricks"), "plain": True, "first": first, "booby": booby}]
    if seating.in_rounds(night):
        return [tournament_prizes(night, rounds)]
    if ranked is None:
        _glance, ranked = standings.night_view(night)
    return clubs.prizes_by_variant(ranked, booby=club.booby_prize, guests=club.guest_prizes)


def tournament_prizes(night: Evening, rows: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The prizes of a night in rounds, from the tournament's own standings: by the average
    result per round played (shown to one decimal), as the night page, the room's screen and
    the printed results rank it, not by the sum (a player who sat out a round is neither
    helped nor harmed). A pair of a pairs event is a guest line only when both are guests."""
    club = night.club
    assert club is not None
    if rows is None:
        rows = seating.round_standings(seating.rounds_view(night))
    if not club.guest_prizes:
        guests = clubs.guests_among({pk for row in rows for pk in row["players"]})
        rows = [row for row in rows if not set(row["players"]) <= guests]
    first, last = clubs.prizes(
        [(row["name"], row["average"]) for row in rows], booby=club.booby_prize
    )
    return {
        "variant": "",
        "by": _("average a round"),
        "first": [(place, name, round(value, 1)) for place, name, value in first],
        "booby": [(place, name, round(value, 1)) for place, name, value in last],
    }
