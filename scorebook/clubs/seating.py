"""Starting a club night in one step: the players present, a seating drawn for them, every
table started at once (docs/clubs.md, *Starting a night*).

The draw is the cut of a real table done for the whole room: the players present are shuffled
(by a seed kept with the night, so the draw can be shown again and checked) and seated table
by table, N E S W. Who is left over sits out; three left over at a partnership variant make a
three-handed table with a dummy, as a club would rather than send three people home. The
organiser may swap any two seats before starting.
"""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction
from django.db.models import Count, Q
from django.utils.translation import gettext as _

from players.models import Club, Player, name_key, normal_name
from scorebook import derived
from scorebook.clubs import services as clubs
from scorebook.rules import PRESETS
from scorebook.tables.models import Evening, Table

THREE_HANDED_DUMMY = "W"  # the seat a three-handed table's dummy takes


@dataclass(frozen=True)
class Drawn:
    """A seating: each table's seats (seat -> player id) and who sits out."""

    tables: list[dict[str, int]]
    sit_out: list[int]

    def to_json(self, seed: int, variant: str) -> dict[str, Any]:
        return {"seed": seed, "variant": variant, "tables": self.tables, "sit_out": self.sit_out}


def draw(player_ids: list[int], variant: str, seed: int) -> Drawn:
    """Shuffle the players present with ``seed`` and seat them table by table."""
    seats = PRESETS[variant].seats
    partnership = len(seats) == 4 and PRESETS[variant].sides == ("NS", "EW")
    order = sorted(player_ids)
    random.Random(seed).shuffle(order)
    size = len(seats)
    full, left = divmod(len(order), size)
    tables = [dict(zip(seats, order[i * size : (i + 1) * size], strict=True)) for i in range(full)]
    rest = order[full * size :]
    if partnership and left == 3:  # three-handed, with the dummy
        live = [s for s in seats if s != THREE_HANDED_DUMMY]
        tables.append(dict(zip(live, rest, strict=True)))
        rest = []
    return Drawn(tables, rest)


def count_line(present: int, variant: str) -> str:
    """ "22 present: 5 tables, 2 sit out" for the organiser, before the draw."""
    drawn = draw(list(range(present)), variant, 0)
    tables, out = len(drawn.tables), len(drawn.sit_out)
    text = _("%(present)s present: %(tables)s tables, %(out)s sit out")
    if tables == 1:
        text = _("%(present)s present: %(tables)s table, %(out)s sit out")
    line = text % {"present": present, "tables": tables, "out": out}
    if any(len(seats) == 3 for seats in drawn.tables):
        line += " " + _("(one three-handed, with a dummy)")
    return line


# ---------------------------------------------------------------------------------------------
# The players present


def roster_for_night(club: Club) -> list[Player]:
    """The club's players to tick, the regulars first (most tables played at the club's
    nights), then by name; archived and merged entries left out."""
    players = (
        Player.objects.filter(club=club, merged_into=None, archived=False)
        .annotate(played=Count("seat", filter=Q(seat__table__evening__club=club)))
        .order_by("-played", "name")
    )
    return list(players)


@transaction.atomic
def set_present(night: Evening, ids: list[int], *, author: AbstractBaseUser) -> list[Player]:
    """The players of the club ticked as present (any other id is ignored)."""
    club = night.club
    assert club is not None
    clubs._still_open(night)
    players = list(Player.objects.filter(club=club, merged_into=None, pk__in=ids))
    night.present.set(players)
    derived.night_changed(night.pk)
    return players


@transaction.atomic
def add_guest(night: Evening, name: str, *, author: AbstractBaseUser) -> Player:
    """A visitor by name, present tonight: a guest of the club (docs/clubs.md), or the roster's
    player of that name when there is one (a name is one person in a club)."""
    club = night.club
    assert club is not None
    clubs._still_open(night)
    name = normal_name(name)
    if not name:
        raise clubs.ClubError(_("Type the guest's name."), "guest")
    player = Player.objects.filter(club=club, merged_into=None, key=name_key(name)).first()
    if player is None:
        player = clubs.add_guest(club, name, author=author)
    night.present.add(player)
    derived.night_changed(night.pk)
    return player


# ---------------------------------------------------------------------------------------------
# The seating


@transaction.atomic
def draw_seating(night: Evening, variant: str, *, seed: int | None = None) -> dict[str, Any]:
    """Draw the seats for the players present and keep the draw with the night."""
    clubs._still_open(night)
    if variant not in PRESETS:
        raise clubs.ClubError(_("Choose a variant."), "variant")
    ids = list(night.present.values_list("pk", flat=True))
    if len(ids) < len(PRESETS[variant].seats):
        raise clubs.ClubError(
            _("Tick at least %(n)s players present to seat a table.")
            % {"n": len(PRESETS[variant].seats)},
            "present",
        )
    seed = secrets.randbelow(2**31) if seed is None else seed
    night.seating = draw(ids, variant, seed).to_json(seed, variant)
    night.save(update_fields=["seating"])
    return night.seating


@transaction.atomic
def swap_seats(night: Evening, first: str, second: str) -> dict[str, Any]:
    """Swap two places of the drawn seating: "2:E" is table 2's East, "out:1" the second
    player sitting out."""
    clubs._still_open(night)
    seating = night.seating
    if not seating or seating.get("started"):
        raise clubs.ClubError(_("Draw the seats first."), "first")
    places = {first, second}
    holders = {place: _holder(seating, place) for place in places}
    if None in holders.values() or len(places) != 2:
        raise clubs.ClubError(_("Choose two different seats to swap."), "first")
    _put(seating, first, holders[second])
    _put(seating, second, holders[first])
    night.seating = seating
    night.save(update_fields=["seating"])
    return seating


def _holder(seating: dict[str, Any], place: str) -> int | None:
    where, _colon, seat = place.partition(":")
    try:
        if where == "out":
            return int(seating["sit_out"][int(seat)])
        return int(seating["tables"][int(where) - 1][seat])
    except (KeyError, IndexError, ValueError, TypeError):
        return None


def _put(seating: dict[str, Any], place: str, player: int | None) -> None:
    where, _colon, seat = place.partition(":")
    if where == "out":
        seating["sit_out"][int(seat)] = player
    else:
        seating["tables"][int(where) - 1][seat] = player


@transaction.atomic
def start_all(night: Evening, *, author: AbstractBaseUser) -> list[Table]:
    """Start every table of the drawn seating at once, in the night, numbered in order."""
    club = night.club
    assert club is not None
    night = Evening.objects.select_for_update().select_related("club").get(pk=night.pk)
    seating = night.seating
    if not seating or seating.get("started"):
        raise clubs.ClubError(_("Draw the seats first."), "seating")
    variant = seating["variant"]
    ids = {pid for table in seating["tables"] for pid in table.values()}
    names = dict(Player.objects.filter(club=club, pk__in=ids).values_list("pk", "name"))
    options = club.options if variant == club.variant else {}
    started = []
    for seats in seating["tables"]:
        players = {seat: names[pid] for seat, pid in seats.items()}
        dummy = ""
        if len(seats) == 3 and len(PRESETS[variant].seats) == 4:
            dummy = THREE_HANDED_DUMMY
        table = clubs.start_table(
            night, author=author, variant=variant, players=players, options=options, dummy=dummy
        )
        started.append(table)
    seating["started"] = [t.pk for t in started]
    night.seating = seating
    night.save(update_fields=["seating"])
    return started


def seating_view(night: Evening) -> dict[str, Any] | None:
    """The drawn seating with the players' names, for the organiser's page."""
    seating = night.seating
    if not seating:
        return None
    ids = {pid for table in seating["tables"] for pid in table.values()} | set(seating["sit_out"])
    players = {p.pk: p for p in Player.objects.filter(pk__in=ids)}
    seats = PRESETS[seating["variant"]].seats
    tables = [
        [(seat, f"{n}:{seat}", players.get(table.get(seat))) for seat in seats if seat in table]
        for n, table in enumerate(seating["tables"], start=1)
    ]
    out = [(f"out:{i}", players.get(pid)) for i, pid in enumerate(seating["sit_out"])]
    return {
        "variant": seating["variant"],
        "seed": seating["seed"],
        "tables": tables,
        "sit_out": out,
        "started": bool(seating.get("started")),
    }
