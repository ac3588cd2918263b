"""A whist drive night (docs/clubs.md, *A whist drive*): the players present, a multiple of
four, drawn onto the drive's numbers; each round every table plays its hands, one tap a hand
(N-S's tricks; E-W took the rest), and the movements module (scorebook.movements.progressive,
the drive's one engine) seats the next round from the results (winners move up, losers stay,
partners change) and ranks the players by their tricks.

A drive is played by a preset (scorebook.rules.presets.DRIVE_PRESETS), as a table by its
variant's: its hands a round, the trumps in turn, its rounds, the tricks of a hand; the table's
form is built from it (scorebook.clubs.forms.DriveHandsForm). The night keeps the numbers it was
drawn with, so a drive already drawn plays on as it began.

A drive hand is not a record of any variant (docs/record-format.md): its results are kept with
the night, table by table, and never enter a season's ladder.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext as _

from players.models import Player
from scorebook.clubs import clock
from scorebook.clubs import seating as night_seating
from scorebook.clubs import services as clubs
from scorebook.movements import Drive, MovementError, check_drive_options, progressive
from scorebook.movements.drive import TRICKS
from scorebook.rules.presets import (
    DEFAULT_DRIVE,
    DRIVE_PRESETS,
    TRICKS_BY_SIDE,
    WINNERS_MOVE,
    DrivePreset,
)
from scorebook.tables.models import Evening, new_token

DRIVE = "drive"


def check_preset(preset: DrivePreset) -> None:
    """A drive preset the engine plays: scored by tricks, the winners moving, 13-trick hands
    (what docs/movements.md pins); anything else is a mistake in the presets' table."""
    if preset.score != TRICKS_BY_SIDE or preset.moves != WINNERS_MOVE or preset.tricks != TRICKS:
        raise ValueError(f"drive preset {preset.key!r}: no engine plays it")


def preset_of(night: Evening) -> DrivePreset:
    """The night's drive preset, with the numbers the drive was drawn with (they win over the
    preset's, which may have changed since)."""
    seating = night.seating
    base = DRIVE_PRESETS.get(seating.get("preset", DEFAULT_DRIVE), DRIVE_PRESETS[DEFAULT_DRIVE])
    return dataclasses.replace(
        base, hands=seating["hands"], trumps=seating["trumps"], rounds=seating["rounds"]
    )


def round_trumps(night: Evening) -> list[str]:
    """The trumps of the round in play (or of the one after the last, once the drive is
    over), hand by hand."""
    return list(preset_of(night).round_trumps(len(night.seating["results"])))


def in_drive(night: Evening) -> bool:
    return bool(night.seating) and night.seating.get("format") == DRIVE


@transaction.atomic
def draw_drive(
    night: Evening,
    *,
    preset: str = DEFAULT_DRIVE,
    hands: int | None = None,
    rounds: int | None = None,
    seed: int | None = None,
) -> dict[str, Any]:
    """Draw the players present onto the drive's numbers, to play ``preset`` (its hands a round
    and rounds unless ``hands`` or ``rounds`` say otherwise); each table gets a link of its own
    (its card's QR code) through which its hands are entered, round after round."""
    clubs.still_open(night)
    night_seating.not_under_way(night, "format")
    if preset not in DRIVE_PRESETS:
        raise clubs.ClubError(_("Choose one of the whist drives offered."), "preset")
    chosen = DRIVE_PRESETS[preset]
    check_preset(chosen)
    hands = chosen.hands if hands is None else hands
    rounds = chosen.rounds if rounds is None else rounds
    ids = sorted(night.present.values_list("pk", flat=True))
    if not 1 <= hands <= 13:
        raise clubs.ClubError(_("Hands a round: from 1 to 13."), "hands")
    if not 1 <= rounds <= 30:
        raise clubs.ClubError(_("Rounds of a drive: from 1 to 30."), "rounds")
    try:
        check_drive_options(len(ids), hands, chosen.trumps)
    except MovementError as error:
        raise clubs.ClubError(
            _(
                "A whist drive needs a multiple of four players (%(n)s present): tick or add "
                "players, or play an individual tournament."
            )
            % {"n": len(ids)},
            "format",
        ) from error
    seed = night_seating.draw_seed(seed)
    ids = night_seating.shuffled(ids, seed)
    night.seating = {
        "format": DRIVE,
        "preset": preset,
        "seed": seed,
        "numbers": ids,
        "hands": hands,
        "rounds": rounds,
        "trumps": chosen.trumps,
        "results": [],  # the rounds played: each table's N-S tricks, hand by hand
        "entries": {},  # the round in play: table number -> N-S tricks entered so far
        "links": [new_token() for _table in range(len(ids) // 4)],
    }
    clubs.keep_seating(night)
    return night.seating


def state(night: Evening) -> Drive:
    return _segment_state(night.seating)


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
    trumps = round_trumps(night)
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
    last = []  # the drive over: its last round's tables, with their tricks
    if over and drive.rounds:
        for game in drive.rounds[-1]:
            seats = [(seat, who[n]) for seat, n in zip("NESW", game.seats, strict=True)]
            last.append(DriveTable(game.table, "", seats, list(game.trumps), list(game.ns)))
    return {
        "round": played + 1,
        "last": last,
        "rounds": seating["rounds"],
        "hands": hands,
        "over": over,
        "tables": [] if over else tables,
        "standings": _standings(seating, drive, who),
        "played": played,
        "waiting": [p for p in _people(seating.get("waiting", [])) if p is not None],
        "leaving": [p for p in _people(seating.get("leaving", [])) if p is not None],
        "gone": [p for p in _people(seating.get("gone", [])) if p is not None],
        "playing": [who[n] for n in who if who[n] is not None]
        + [p for p in _people(seating.get("waiting", [])) if p is not None],
        "preset": preset_of(night),
    }


def tricks_message(most: int) -> str:
    return _("N-S tricks of each hand: from 0 to %(n)s.") % {"n": most}


def table_of(night: Evening, link: str) -> int | None:
    """The number of the drive table behind a link."""
    links = (night.seating or {}).get("links", [])
    return links.index(link) + 1 if link in links else None


@transaction.atomic
def enter(night: Evening, table: int, tricks: list[int | None]) -> dict[str, Any]:
    """The N-S tricks of the round's hands at ``table`` (None: not played yet); once every
    table has all its hands, the round is over and the next is seated."""
    night = Evening.objects.select_for_update().get(pk=night.pk)
    clubs.still_open(night)
    seating = night.seating
    if len(seating["results"]) >= seating["rounds"]:
        raise clubs.ClubError(_("The drive is over."), "tricks")
    most = preset_of(night).tricks
    if len(tricks) != seating["hands"] or any(t is not None and not 0 <= t <= most for t in tricks):
        raise clubs.ClubError(tricks_message(most), "tricks")
    seating["entries"][str(table)] = tricks
    tables = len(seating["numbers"]) // 4
    rows = [seating["entries"].get(str(t)) for t in range(1, tables + 1)]
    if all(row is not None and None not in row for row in rows):
        seating["results"].append(rows)
        seating["entries"] = {}
        _apply_changes(seating)
        clock.mark_round(seating, len(seating["results"]) + 1)  # the next round starts now
    clubs.keep_seating(night, seating)
    return seating


# ---------------------------------------------------------------------------------------------
# A late arrival, a player who leaves (docs/clubs.md, *Late arrivals and leavers*): a drive
# needs four at every table, so the changes wait for the round in play to end. A late arrival
# waits (sits out, shown) until four are waiting: they then make a new table, the last (lowest)
# one. A player who leaves hands his seat to the first player waiting. Whenever the players
# change, the drive goes on as a new part: its round 1 is the seating the drive had reached
# (with the substitutes and the new table), and each part is scored by the drive engine, so
# the hands already played score as they did for everyone who played them.


def _segment_state(seating: dict[str, Any]) -> Drive:
    """The drive engine for the current part of the drive (the whole drive when nobody has
    arrived late or left), its trumps carrying on over the whole drive."""
    start = int(seating.get("segment_from", 0))
    return _part(seating, seating["numbers"], start, len(seating["results"]))


def _part(seating: dict[str, Any], numbers: list[int], start: int, end: int) -> Drive:
    trumps = seating["trumps"]
    turn = (start * int(seating["hands"])) % len(trumps)
    return progressive(
        len(numbers),
        seating["results"][start:end],
        hands=seating["hands"],
        trumps=trumps[turn:] + trumps[:turn],
    )


def _people(ids: list[int]) -> list[Player | None]:
    players = {p.pk: p for p in Player.objects.filter(pk__in=ids)}
    return [players.get(pid) for pid in ids]


def _standings(
    seating: dict[str, Any], drive: Drive, who: dict[int, Player | None]
) -> list[dict[str, Any]]:
    """Each player's tricks over the hands he played, over every part of the drive; equal
    scores share a rank (1, 2, 2, 4), listed in the order the players were drawn or joined."""
    earlier = seating.get("earlier", [])
    if not earlier:  # the drive engine's standings as they are
        return [
            {"rank": s.rank, "player": who[s.player], "score": s.score, "hands": s.hands}
            for s in drive.standings
        ]
    totals: dict[int, list[int]] = {}
    parts = [(p["numbers"], p["from"], p["to"]) for p in earlier]
    parts.append((seating["numbers"], int(seating.get("segment_from", 0)), len(seating["results"])))
    for numbers, start, end in parts:
        for s in _part(seating, numbers, start, end).standings:
            line = totals.setdefault(numbers[s.player - 1], [0, 0])
            line[0] += s.score
            line[1] += s.hands
    players = {p.pk: p for p in Player.objects.filter(pk__in=totals)}
    order = list(totals)  # first seen first: the drawn order, then the late arrivals
    order.sort(key=lambda pid: -totals[pid][0])
    rows = []
    for index, pid in enumerate(order):
        same = index and totals[order[index - 1]][0] == totals[pid][0]
        rank = rows[-1]["rank"] if same else index + 1
        rows.append(
            {
                "rank": rank,
                "player": players.get(pid),
                "score": totals[pid][0],
                "hands": totals[pid][1],
            }  # fmt: skip
        )
    return rows


def _apply_changes(seating: dict[str, Any]) -> None:
    """At the end of a round: the leavers' seats to the first players waiting, then a new
    last table for every four still waiting; the drive goes on as a new part if anyone
    changed."""
    if len(seating["results"]) >= seating["rounds"]:
        return
    leaving = list(seating.get("leaving", []))
    waiting = list(seating.get("waiting", []))
    if not leaving and len(waiting) < 4:
        return
    numbers = seating["numbers"]
    order = [numbers[n - 1] for seats in _segment_state(seating).next for n in seats]
    replaced = []
    for leaver in leaving:
        if waiting:  # else he plays on until someone takes his seat
            order[order.index(leaver)] = waiting.pop(0)
            replaced.append(leaver)
    if not replaced and len(waiting) < 4:
        return
    while len(waiting) >= 4:
        order += waiting[:4]
        waiting = waiting[4:]
        seating["links"].append(new_token())
    seating["earlier"] = [
        *seating.get("earlier", []),
        {"numbers": numbers, "from": int(seating.get("segment_from", 0)),
         "to": len(seating["results"])},
    ]  # fmt: skip
    seating["numbers"] = order
    seating["segment_from"] = len(seating["results"])
    seating["gone"] = [*seating.get("gone", []), *replaced]
    seating["leaving"] = [pid for pid in leaving if pid not in replaced]
    seating["waiting"] = waiting


@transaction.atomic
def late_arrival(
    night: Evening, *, author: AbstractBaseUser, player: int | None = None, guest: str = ""
) -> Player:
    """A player of the roster (by id) or a guest (by name) arrives at a drive: he waits for
    a seat (a leaver's, or a new table once four are waiting), from the next round."""
    night = Evening.objects.select_for_update(of=("self",)).select_related("club").get(pk=night.pk)
    club = night.club
    assert club is not None
    clubs.still_open(night)
    if not in_drive(night):
        raise clubs.ClubError(_("Draw the players onto the plan first."), "seating")
    seating = night.seating
    if len(seating["results"]) >= seating["rounds"]:
        raise clubs.ClubError(_("The drive is over."), "player")
    if guest.strip():
        arrived = night_seating.add_guest(night, guest, author=author)
    else:
        found = Player.objects.filter(club=club, merged_into=None, pk=player or 0).first()
        if found is None:
            raise clubs.ClubError(_("Choose the player who arrived."), "player")
        arrived = found
    playing = set(seating["numbers"]) | set(seating.get("waiting", []))
    if arrived.pk in playing - set(seating.get("leaving", [])):
        raise clubs.ClubError(
            _("%(name)s is already playing tonight.") % {"name": arrived.name}, "player"
        )
    night.present.add(arrived)
    seating["gone"] = [pid for pid in seating.get("gone", []) if pid != arrived.pk]
    if arrived.pk in seating.get("leaving", []):  # he stays after all
        seating["leaving"].remove(arrived.pk)
    else:
        seating["waiting"] = [*seating.get("waiting", []), arrived.pk]
    clubs.keep_seating(night, seating)
    return arrived


@transaction.atomic
def player_leaves(night: Evening, player: int, *, author: AbstractBaseUser) -> Player:
    """A player leaves the drive: after the round in play his seat goes to the first player
    waiting; refused when nobody waits to take it (a drive needs four at every table)."""
    night = Evening.objects.select_for_update(of=("self",)).select_related("club").get(pk=night.pk)
    clubs.still_open(night)
    if not in_drive(night):
        raise clubs.ClubError(_("Draw the players onto the plan first."), "seating")
    seating = night.seating
    if len(seating["results"]) >= seating["rounds"]:
        raise clubs.ClubError(_("The drive is over."), "player")
    leaver = Player.objects.filter(pk=player).first()
    waiting = list(seating.get("waiting", []))
    leaving = list(seating.get("leaving", []))
    if leaver is not None and leaver.pk in waiting:  # never seated: he simply goes
        waiting.remove(leaver.pk)
        seating["waiting"] = waiting
        seating["gone"] = [*seating.get("gone", []), leaver.pk]
    elif leaver is None or leaver.pk not in seating["numbers"] or leaver.pk in leaving:
        raise clubs.ClubError(_("Choose a player who is playing tonight."), "player")
    elif len(waiting) <= len(leaving):
        raise clubs.ClubError(
            _(
                "A whist drive needs four at every table: add the player who takes "
                "%(name)s's seat first (a late arrival, or a guest)."
            )
            % {"name": leaver.name},
            "player",
        )
    else:
        seating["leaving"] = [*leaving, leaver.pk]
    clubs.keep_seating(night, seating)
    clubs.log_left(night, leaver, author)
    return leaver


# ---------------------------------------------------------------------------------------------
# Printed: each player's score card and the prize list (docs/clubs.md, *Score cards*)


@dataclass(frozen=True)
class CardRound:
    """One round on a player's score card: where he sat and with whom (None and "" until the
    round is seated), each hand's trump (known from the start: the plan prints them) and his
    side's tricks (None: not played yet), the round's tricks and his running total once the
    round is over."""

    number: int
    table: int | None
    seat: str
    partner: Player | None
    hands: list[tuple[str, int | None]]
    tricks: int | None
    running: int | None


@dataclass(frozen=True)
class ScoreCard:
    number: int  # the player's number in the drive
    player: Player | None
    rounds: list[CardRound]


PARTNER = {0: 2, 1: 3, 2: 0, 3: 1}  # N-S and E-W sit opposite: index of the partner's seat


def score_cards(night: Evening) -> list[ScoreCard]:
    """Every player's score card, by name: the rounds played filled in, the round in play with
    its seats and any hands entered, the rounds to come with their trumps only. A drive whose
    players changed (late arrivals, leavers) is read part by part, as its standings are."""
    seating = night.seating
    preset = preset_of(night)
    parts = [(p["numbers"], p["from"], p["to"]) for p in seating.get("earlier", [])]
    parts.append((seating["numbers"], int(seating.get("segment_from", 0)), len(seating["results"])))
    everyone = list(dict.fromkeys(pid for numbers, _from, _to in parts for pid in numbers))
    players = {p.pk: p for p in Player.objects.filter(pk__in=everyone)}
    # Each round's tables: the players' ids by seat (N, E, S, W), N-S's and E-W's tricks.
    tables: dict[int, list[tuple[list[int], list[int | None], list[int | None]]]] = {}
    for numbers, start, end in parts:
        for index, games in enumerate(_part(seating, numbers, start, end).rounds, start=start):
            tables[index] = [
                ([numbers[n - 1] for n in game.seats], list(game.ns), list(game.ew))
                for game in games
            ]
    played = len(seating["results"])
    if played < seating["rounds"]:  # the round in play: its seats, the hands entered so far
        numbers = seating["numbers"]
        tables[played] = []
        for t, seats in enumerate(_segment_state(seating).next, start=1):
            ns = seating["entries"].get(str(t)) or [None] * preset.hands
            ew = [None if x is None else preset.tricks - x for x in ns]
            tables[played].append(([numbers[n - 1] for n in seats], ns, ew))
    rows: dict[int, list[CardRound]] = {pid: [] for pid in everyone}
    running = dict.fromkeys(everyone, 0)
    for index in range(seating["rounds"]):
        trumps = preset.round_trumps(index)
        seen = set()
        done = index < played
        for t, (seats, ns, ew) in enumerate(tables.get(index, []), start=1):
            for i, pid in enumerate(seats):
                taken = ns if i in (0, 2) else ew
                total = sum(x or 0 for x in taken) if done else None
                if done:
                    running[pid] += total or 0
                rows[pid].append(
                    CardRound(
                        index + 1,
                        t,
                        "NESW"[i],
                        players.get(seats[PARTNER[i]]),
                        list(zip(trumps, taken, strict=True)),
                        total,
                        running[pid] if done else None,
                    )
                )
                seen.add(pid)
        for pid in everyone:
            if pid not in seen:
                blank = [(trump, None) for trump in trumps]
                rows[pid].append(CardRound(index + 1, None, "", None, blank, None, None))
    cards = [ScoreCard(n, players.get(pid), rows[pid]) for n, pid in enumerate(everyone, start=1)]
    return sorted(cards, key=lambda c: (c.player.name.casefold() if c.player else "", c.number))


def prize_list(night: Evening) -> dict[str, Any]:
    """The drive's prizes from its standings (places shared on equal tricks: 1, 2, 2, 4), as
    the club gives them (the first three places, the booby prize when it gives one, guests
    only when they may win), and the standings themselves."""
    shown = view(night)
    club = night.club
    booby = bool(club and club.booby_prize)
    guests = bool(club is None or club.guest_prizes)
    values = [
        (s["player"], float(s["score"]))
        for s in shown["standings"]
        if s["player"] is not None and (guests or not s["player"].guest)
    ]
    first, last = clubs.prizes(values, booby=booby) if shown["played"] else ([], [])
    return {
        "played": shown["played"],
        "rounds": shown["rounds"],
        "over": shown["over"],
        "standings": shown["standings"] if shown["played"] else [],
        "first": [(place, player, int(score)) for place, player, score in first],
        "booby": [(place, player, int(score)) for place, player, score in last],
    }
