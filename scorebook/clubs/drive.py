"""A whist drive night (docs/clubs.md, *A whist drive*): the players present, a multiple of
four, drawn onto the drive's numbers; each round every table plays its hands, one tap a hand
(N-S's tricks; E-W took the rest), and the movements module (scorebook.movements.progressive,
the drive's one engine) seats the next round from the results (winners move up, losers stay,
partners change) and ranks the players by their tricks.

A drive hand is not a record of any variant (docs/record-format.md): its results are kept with
the night, table by table, and never enter a season's ladder.
"""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from players.models import Player
from scorebook import derived
from scorebook.clubs import clock
from scorebook.clubs import services as clubs
from scorebook.movements import Drive, MovementError, check_drive_options, progressive
from scorebook.tables.models import Evening, new_token

DRIVE = "drive"
DEFAULT_HANDS = 4
DEFAULT_ROUNDS = 6
SUIT_ORDER = "HCDS"  # hearts, clubs, diamonds, spades: the drive's usual order of trumps


def in_drive(night: Evening) -> bool:
    return bool(night.seating) and night.seating.get("format") == DRIVE


@transaction.atomic
def draw_drive(
    night: Evening, *, hands: int, rounds: int, seed: int | None = None
) -> dict[str, Any]:
    """Draw the players present onto the drive's numbers; each table gets a link of its own
    (its card's QR code) through which its hands are entered, round after round."""
    clubs._still_open(night)
    ids = sorted(night.present.values_list("pk", flat=True))
    try:
        check_drive_options(len(ids), hands, SUIT_ORDER)
    except MovementError as error:
        raise clubs.ClubError(
            _(
                "A whist drive needs a multiple of four players and 1 to 13 hands a round "
                "(%(n)s present): tick or add players, or play an individual tournament."
            )
            % {"n": len(ids)},
            "format",
        ) from error
    if not 1 <= rounds <= 30:
        raise clubs.ClubError(_("Rounds of a drive: from 1 to 30."), "rounds")
    seed = secrets.randbelow(2**31) if seed is None else seed
    random.Random(seed).shuffle(ids)
    night.seating = {
        "format": DRIVE,
        "seed": seed,
        "numbers": ids,
        "hands": hands,
        "rounds": rounds,
        "trumps": SUIT_ORDER,
        "results": [],  # the rounds played: each table's N-S tricks, hand by hand
        "entries": {},  # the round in play: table number -> N-S tricks entered so far
        "links": [new_token() for _table in range(len(ids) // 4)],
    }
    night.save(update_fields=["seating"])
    return night.seating


def state(night: Evening) -> Drive:
    seating = night.seating
    return progressive(
        len(seating["numbers"]),
        seating["results"],
        hands=seating["hands"],
        trumps=seating["trumps"],
    )


@dataclass(frozen=True)
class DriveTable:
    """A table of the round in play: its number and link, its players by seat, the round's
    trumps and what has been entered."""

    number: int
    link: str
    seats: list[tuple[str, Player | None]]
    trumps: list[str]
    entered: list[int | None]

    @property
    def done(self) -> bool:
        return all(tricks is not None for tricks in self.entered)

    @property
    def count(self) -> int:
        """The hands entered so far."""
        return sum(1 for tricks in self.entered if tricks is not None)


def view(night: Evening) -> dict[str, Any]:
    """The drive as its pages show it: the round in play, each table, the standings."""
    seating = night.seating
    drive = state(night)
    numbers: list[int] = seating["numbers"]
    players = {p.pk: p for p in Player.objects.filter(pk__in=numbers)}
    who = {n: players.get(pid) for n, pid in enumerate(numbers, start=1)}
    played = len(seating["results"])
    hands = seating["hands"]
    trumps = [
        seating["trumps"][(played * hands + i) % len(seating["trumps"])] for i in range(hands)
    ]
    tables = []
    for index, seats in enumerate(drive.next, start=1):
        entered = seating["entries"].get(str(index)) or [None] * hands
        tables.append(
            DriveTable(
                index,
                seating["links"][index - 1],
                [(seat, who[n]) for seat, n in zip("NESW", seats, strict=True)],
                trumps,
                entered,
            )
        )
    over = played >= seating["rounds"]
    return {
        "round": played + 1,
        "rounds": seating["rounds"],
        "hands": hands,
        "over": over,
        "tables": [] if over else tables,
        "standings": [
            {"rank": s.rank, "player": who[s.player], "score": s.score, "hands": s.hands}
            for s in drive.standings
        ],
        "played": played,
    }


def table_of(night: Evening, link: str) -> int | None:
    """The number of the drive table behind a link."""
    links = (night.seating or {}).get("links", [])
    return links.index(link) + 1 if link in links else None


@transaction.atomic
def enter(night: Evening, table: int, tricks: list[int | None]) -> dict[str, Any]:
    """The N-S tricks of the round's hands at ``table`` (None: not played yet); once every
    table has all its hands, the round is over and the next is seated."""
    night = Evening.objects.select_for_update().get(pk=night.pk)
    clubs._still_open(night)
    seating = night.seating
    if len(seating["results"]) >= seating["rounds"]:
        raise clubs.ClubError(_("The drive is over."), "tricks")
    if len(tricks) != seating["hands"] or any(t is not None and not 0 <= t <= 13 for t in tricks):
        raise clubs.ClubError(_("N-S tricks of each hand: from 0 to 13."), "tricks")
    seating["entries"][str(table)] = tricks
    tables = len(seating["numbers"]) // 4
    rows = [seating["entries"].get(str(t)) for t in range(1, tables + 1)]
    if all(row is not None and None not in row for row in rows):
        seating["results"].append(rows)
        seating["entries"] = {}
        clock.mark_round(seating, len(seating["results"]) + 1)  # the next round starts now
    night.seating = seating
    night.save(update_fields=["seating"])
    derived.night_changed(night.pk)  # the night page and the room's screen show the entries
    return seating
