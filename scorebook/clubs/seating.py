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
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from players.models import Club, Player, name_key, normal_name, roster_order
from scorebook import derived, movements
from scorebook.clubs import clock, standings
from scorebook.clubs import services as clubs
from scorebook.movements import IndividualPlan, MovementError, Round, individual, pairs, replan
from scorebook.movements.pairs import MAX_PAIRS, MIN_PAIRS
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


def draw_seed(seed: int | None = None) -> int:
    """The number of a draw: the one given (a draw replayed, a test), else a new one; the
    night keeps it, so that its draw can be shown again and checked."""
    return secrets.randbelow(2**31) if seed is None else seed


def shuffled(player_ids: list[int], seed: int) -> list[int]:
    """The players in the order the draw numbered ``seed`` puts them (the cut for the whole
    room): every draw of a night (its tables, its rounds, its drive) shuffles through here."""
    order = sorted(player_ids)
    random.Random(seed).shuffle(order)
    return order


def draw(player_ids: list[int], variant: str, seed: int) -> Drawn:
    """Shuffle the players present with ``seed`` and seat them table by table."""
    seats = PRESETS[variant].seats
    partnership = len(seats) == 4 and PRESETS[variant].sides == ("NS", "EW")
    order = shuffled(player_ids, seed)
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
    players = Player.objects.filter(club=club, merged_into=None, archived=False).annotate(
        played=Count("seat", filter=Q(seat__table__evening__club=club))
    )
    return sorted(players, key=lambda p: (-p.played, roster_order(p.name)))  # as the roster


def last_nights_players(night: Evening) -> list[int]:
    """Who came to the club's last night before this one: those ticked present there, or,
    for a night run without the list, those seated at its tables (archived players aside)."""
    earlier = (
        Evening.objects.filter(club=night.club)
        .exclude(pk=night.pk)
        .filter(Q(date__lt=night.date) | Q(date=night.date, pk__lt=night.pk))
        .order_by("-date", "-pk")
        .first()
    )
    if earlier is None:
        return []
    live = Player.objects.filter(club=night.club, merged_into=None, archived=False)
    ticked = list(live.filter(nights_present=earlier).values_list("pk", flat=True))
    if ticked:
        return ticked
    return list(live.filter(seat__table__evening=earlier).distinct().values_list("pk", flat=True))


def format_lines(present: int, variant: str) -> dict[str, str]:
    """What ``present`` players make in each format of the draw form, said beside the format
    before anything is drawn: one draw's tables (count_line), a tournament's tables a round and
    sit-outs, a pairs event's pairs, a drive's tables, or why the format cannot be played."""
    games, out = present // 4, present % 4
    if movements.MIN_PLAYERS <= present <= movements.MAX_PLAYERS:
        individual_line = ngettext(
            "%(present)s present: %(tables)s table a round, %(out)s sit out each round",
            "%(present)s present: %(tables)s tables a round, %(out)s sit out each round",
            games,
        ) % {"present": present, "tables": games, "out": out}
    else:
        individual_line = _(
            "%(present)s present: an individual tournament takes %(fewest)s to %(most)s players"
        ) % {"present": present, "fewest": movements.MIN_PLAYERS, "most": movements.MAX_PLAYERS}
    if present % 2 or not 2 * MIN_PAIRS <= present <= 2 * MAX_PAIRS:
        pairs_line = _(
            "%(present)s present: a pairs event takes an even number, %(fewest)s to %(most)s"
        ) % {"present": present, "fewest": 2 * MIN_PAIRS, "most": 2 * MAX_PAIRS}
    else:
        count = present // 2
        pairs_line = ngettext(
            "%(present)s present: %(pairs)s pairs, %(tables)s table a round",
            "%(present)s present: %(pairs)s pairs, %(tables)s tables a round",
            count // 2,
        ) % {"present": present, "pairs": count, "tables": count // 2}
        if count % 2:
            pairs_line += _(", one pair sits out each round")
    if present and not out:
        drive_line = ngettext(
            "%(present)s present: %(tables)s table", "%(present)s present: %(tables)s tables", games
        ) % {"present": present, "tables": games}
    else:
        drive_line = _("%(present)s present: a whist drive needs a multiple of four players") % {
            "present": present
        }
    return {
        "free": count_line(present, variant),
        INDIVIDUAL: individual_line,
        PAIRS: pairs_line,
        "drive": drive_line,
    }


def count_lines(most: int, variant: str) -> list[str]:
    """:func:`count_line` for 0 to ``most`` present: the page's count follows the ticks."""
    return [count_line(n, variant) for n in range(most + 1)]


@transaction.atomic
def set_present(night: Evening, ids: list[int], *, author: AbstractBaseUser) -> list[Player]:
    """The players of the club ticked as present (any other id is ignored)."""
    club = night.club
    assert club is not None
    clubs.still_open(night)
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
    clubs.still_open(night)
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


def not_under_way(night: Evening, field: str = "seating") -> None:
    """A new draw only before the night's drawn tables, rounds or drive are under way: once
    they are, a draw would start a second set of tables beside them (or forget a drive's
    results), so it is refused."""
    seating = night.seating or {}
    if seating.get("started") or seating.get("current") or seating.get("results"):
        raise clubs.ClubError(
            _(
                "This night's draw is under way already (its tables are started): a new draw "
                "would seat everyone a second time. Start a table by hand for anyone left out."
            ),
            field,
        )


@transaction.atomic
def draw_seating(night: Evening, variant: str, *, seed: int | None = None) -> dict[str, Any]:
    """Draw the seats for the players present and keep the draw with the night."""
    Evening.objects.select_for_update(of=("self",)).filter(pk=night.pk).exists()  # one at once
    night.refresh_from_db(fields=["seating", "closed_at"])
    clubs.still_open(night)
    not_under_way(night)
    if variant not in PRESETS:
        raise clubs.ClubError(_("Choose a variant."), "variant")
    ids = list(night.present.values_list("pk", flat=True))
    if len(ids) < len(PRESETS[variant].seats):
        raise clubs.ClubError(
            _("Tick at least %(n)s players present to seat a table.")
            % {"n": len(PRESETS[variant].seats)},
            "present",
        )
    seed = draw_seed(seed)
    night.seating = draw(ids, variant, seed).to_json(seed, variant)
    clubs.keep_seating(night)
    return night.seating


@transaction.atomic
def swap_seats(night: Evening, first: str, second: str) -> dict[str, Any]:
    """Swap two places of the drawn seating: "2:E" is table 2's East, "out:1" the second
    player sitting out."""
    clubs.still_open(night)
    seating = night.seating
    if not seating or seating.get("started"):
        raise clubs.ClubError(_("Draw the seats first."), "first")
    places = {first, second}
    holders = {place: _holder(seating, place) for place in places}
    if None in holders.values() or len(places) != 2:
        raise clubs.ClubError(_("Choose two different seats to swap."), "first")
    _put(seating, first, holders[second])
    _put(seating, second, holders[first])
    clubs.keep_seating(night, seating)
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
    night = Evening.objects.select_for_update(of=("self",)).select_related("club").get(pk=night.pk)
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
    clubs.keep_seating(night, seating)
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


# ---------------------------------------------------------------------------------------------
# Fixed partnerships paired by hand: the organiser says who plays with whom, the draw seats the
# pairs (their tables, and which pair sits N–S, at random by the kept seed) and draws the others
# as the plain draw does.


def partnership_variant(variant: str) -> bool:
    preset = PRESETS.get(variant)
    return preset is not None and len(preset.seats) == 4 and preset.sides == ("NS", "EW")


def draw_pairs(
    player_ids: list[int], pairs: list[tuple[int, int]], variant: str, seed: int
) -> Drawn:
    """Seat fixed ``pairs`` partners (N–S or E–W, their tables drawn) and the others drawn as
    :func:`draw` does. Who sits out is drawn among the unpaired first; a pair sits out whole
    only when too few are unpaired."""
    rng = random.Random(seed)
    paired = sorted(tuple(sorted(pair)) for pair in pairs)
    in_pairs = {pid for pair in paired for pid in pair}
    singles = sorted(pid for pid in player_ids if pid not in in_pairs)
    rng.shuffle(paired)
    rng.shuffle(singles)
    shape = draw(list(player_ids), variant, 0)  # how many tables, how many sit out
    out_count = len(shape.sit_out)
    sit_out = singles[len(singles) - out_count :] if out_count else []
    singles = singles[: len(singles) - len(sit_out)]
    while len(sit_out) < out_count and paired:  # too few unpaired: a whole pair sits out
        sit_out += list(paired.pop())
    units: list[list[int]] = [list(pair) for pair in paired]
    units += [singles[i : i + 2] for i in range(0, len(singles) - 1, 2)]
    rng.shuffle(units)
    if len(singles) % 2:  # a three-handed table's lone player, partnered by the dummy
        units.append([singles[-1]])
    tables: list[dict[str, int]] = []
    for index in range(0, len(units), 2):
        sides = units[index : index + 2]
        if len(sides) == 2 and len(sides[1]) == 2 and rng.random() < 0.5:
            sides.reverse()  # which pair sits N–S
        seats: dict[str, int] = {}
        for (first, second), side in zip(((0, 2), (1, 3)), sides, strict=False):
            people = list(side)
            rng.shuffle(people)
            seats["NESW"[first]] = people[0]
            if len(people) == 2:
                seats["NESW"[second]] = people[1]
        tables.append(seats)
    return Drawn(tables, sit_out)


def check_pairs(choices: dict[int, int | None], names: dict[int, str]) -> list[tuple[int, int]]:
    """The pairs the organiser chose, a partner for each player present (None: no partner),
    checked: each player in one pair at most, never his own partner. A choice made on one side
    only (Vera chose Gleb, Gleb chose nobody) is the pair. Refused with a message naming the
    player, and the field of the choice at fault."""
    partner_of: dict[int, int] = {}
    for player, partner in choices.items():
        if partner is None:
            continue
        field = f"partner-{player}"
        if partner not in names:
            raise clubs.ClubError(
                _("Choose %(name)s's partner among the players present.")
                % {"name": names.get(player, "?")},
                field,
            )
        if partner == player:
            raise clubs.ClubError(
                _("%(name)s cannot be his own partner.") % {"name": names[player]}, field
            )
        for one, other in ((player, partner), (partner, player)):
            taken = partner_of.get(one)
            if taken is not None and taken != other:
                raise clubs.ClubError(
                    _("%(name)s is already paired with %(partner)s.")
                    % {"name": names[one], "partner": names[taken]},
                    field,
                )
        partner_of[player], partner_of[partner] = partner, player
    return sorted({tuple(sorted(pair)) for pair in partner_of.items()})  # type: ignore[misc]


@transaction.atomic
def draw_paired_seating(
    night: Evening,
    variant: str,
    choices: dict[int, int | None],
    *,
    seed: int | None = None,
) -> dict[str, Any]:
    """Seat the pairs the organiser made (``choices``: each player present's partner or None)
    and draw the others; the pairs are kept with the draw."""
    clubs.still_open(night)
    if (night.seating or {}).get("started"):  # its tables exist: a new draw would start more
        raise clubs.ClubError(_("The tables of this night's draw are started already."), "pairs")
    if not partnership_variant(variant):
        raise clubs.ClubError(_("Fixed partnerships are for a partnership variant."), "variant")
    present = list(night.present.all())
    names = {p.pk: p.name for p in present}
    choices = {pid: choices.get(pid) for pid in names}
    pairs = check_pairs(choices, names)
    if len(names) < 4:
        raise clubs.ClubError(
            _("Tick at least %(n)s players present to seat a table.") % {"n": 4}, "present"
        )
    if not pairs:
        raise clubs.ClubError(_("Pair at least two players, or draw the seats."), "pairs")
    seed = draw_seed(seed)
    drawn = draw_pairs(list(names), pairs, variant, seed)
    night.seating = {**drawn.to_json(seed, variant), "pairs": [list(p) for p in pairs]}
    clubs.keep_seating(night)
    return night.seating


def pairs_view(night: Evening) -> list[dict[str, Any]]:
    """The fixed pairs of the drawn seating, each with where its two players sit now (a swap
    may have parted them): [{"players": (a, b), "status": "together", "table": 3,
    "side": "NS"}, …]; a status "apart" once a swap parted them, "out" when they sit out."""
    seating = night.seating or {}
    pairs = seating.get("pairs") or []
    if not pairs or "tables" not in seating:
        return []
    where: dict[int, tuple[int | None, str]] = {}
    for n, table in enumerate(seating["tables"], start=1):
        for seat, pid in table.items():
            where[pid] = (n, seat)
    for pid in seating.get("sit_out", []):
        where[pid] = (None, "")
    players = {p.pk: p for p in Player.objects.filter(pk__in=[i for p in pairs for i in p])}
    rows = []
    for a, b in pairs:
        (table_a, seat_a), (table_b, seat_b) = where.get(a, (None, "")), where.get(b, (None, ""))
        together = table_a == table_b and seat_b == PARTNER.get(seat_a)
        side = "".join(sorted((seat_a, seat_b), key="NESW".index)) if together else ""
        status = "together" if together else "out" if table_a is table_b is None else "apart"
        rows.append({"players": (players.get(a), players.get(b)), "status": status,
                     "table": table_a if together else None, "side": side})  # fmt: skip
    return rows


# ---------------------------------------------------------------------------------------------
# A night in rounds: an individual tournament (docs/movements.md), partners changing every round

INDIVIDUAL = "individual"
PAIRS = "pairs"  # fixed partnerships meeting each other in turn (a round robin)
DEFAULT_DEALS = 8  # a round's deals at each table: about half an hour


def round_plan(players: int, rounds: int | None) -> IndividualPlan:
    """The whist tournament for ``players`` (its first ``rounds``), or a refusal saying why."""
    if movements.MIN_PLAYERS <= players <= movements.MAX_PLAYERS and rounds is not None:
        most = replan.individual_rounds(players)
        if not 1 <= rounds <= most:
            raise clubs.ClubError(
                _(
                    "The plan for %(n)s players has %(most)s rounds: choose 1 to %(most)s, or "
                    "leave Rounds empty to play them all."
                )
                % {"n": players, "most": most},
                "rounds",
            )
    try:
        return individual(players, rounds=rounds)
    except MovementError as error:
        raise no_tournament(players, error, "rounds") from error


def no_tournament(players: int, error: MovementError, field: str) -> clubs.ClubError:
    """The refusal of an individual tournament for ``players``, in the user's language when the
    reason is the number of players (the package's own line otherwise)."""
    if not movements.MIN_PLAYERS <= players <= movements.MAX_PLAYERS:
        message = _("No individual tournament for %(n)s players: it takes %(fewest)s to %(most)s.")
        message %= {"n": players, "fewest": movements.MIN_PLAYERS, "most": movements.MAX_PLAYERS}
    else:
        message = _("No individual tournament for %(n)s players: %(why)s") % {
            "n": players,
            "why": str(error),
        }
    return clubs.ClubError(message, field)


def pairs_plan(players: int, rounds: int | None) -> IndividualPlan:
    """A pairs event as the rounds of players: pair k is players 2k − 1 and 2k, sitting N–S
    or E–W as the round robin says (its sit-out pair's two players sit out)."""
    if players % 2:
        raise clubs.ClubError(
            _("A pairs event needs an even number of players (%(n)s present).") % {"n": players},
            "format",
        )
    if not 2 * MIN_PAIRS <= players <= 2 * MAX_PAIRS:
        raise clubs.ClubError(
            _("A pairs event takes %(fewest)s to %(most)s players (%(n)s present).")
            % {"n": players, "fewest": 2 * MIN_PAIRS, "most": 2 * MAX_PAIRS},
            "format",
        )
    most = replan.pairs_rounds(players // 2)
    if rounds is not None and not 1 <= rounds <= most:
        raise clubs.ClubError(
            _(
                "The round robin of %(pairs)s pairs has %(most)s rounds: choose 1 to %(most)s, "
                "or leave Rounds empty to play them all."
            )
            % {"pairs": players // 2, "most": most},
            "rounds",
        )
    try:
        plan = pairs(players // 2, rounds=rounds)
    except MovementError as error:
        raise clubs.ClubError(
            _("No pairs event for %(n)s players: %(why)s") % {"n": players, "why": str(error)},
            "rounds",
        ) from error
    as_players = tuple(
        Round(
            r.number,
            tuple((2 * a - 1, 2 * b - 1, 2 * a, 2 * b) for a, b in r.games),
            tuple(n for pair in r.sit_out for n in (2 * pair - 1, 2 * pair)),
        )
        for r in plan.rounds
    )
    return IndividualPlan(players, as_players, plan.meetings, plan.meetings, plan.sit_outs)


@transaction.atomic
def draw_rounds(
    night: Evening,
    variant: str,
    *,
    rounds: int | None,
    deals: int,
    seed: int | None = None,
    kind: str = INDIVIDUAL,
) -> dict[str, Any]:
    """Draw the players present onto the plan's numbers (kept with the night): the night is
    then played in rounds, each round's tables started at once. In a pairs event, the players
    drawn 1 and 2, 3 and 4, … are partners all night."""
    clubs.still_open(night)
    not_under_way(night, "format")
    if variant not in PRESETS or PRESETS[variant].sides != ("NS", "EW"):
        raise clubs.ClubError(_("A tournament is played in a partnership variant."), "variant")
    if not 1 <= deals <= 99:
        raise clubs.ClubError(_("Deals a round: from 1 to 99."), "deals")
    ids = sorted(night.present.values_list("pk", flat=True))
    plan = pairs_plan(len(ids), rounds) if kind == PAIRS else round_plan(len(ids), rounds)
    seed = draw_seed(seed)
    ids = shuffled(ids, seed)
    night.seating = {
        "format": PAIRS if kind == PAIRS else INDIVIDUAL,
        "seed": seed,
        "variant": variant,
        "numbers": ids,  # player number n is ids[n - 1]
        "rounds": len(plan.rounds),
        "deals": deals,
        "current": 0,
        "round_tables": {},
    }
    clubs.keep_seating(night)
    return night.seating


def playing_tables(night: Evening) -> list[int] | None:
    """The ids of the tables of the round in play, for a night in rounds (None: every table
    of the night plays, as at a night of one draw)."""
    seating = night.seating or {}
    if not seating.get("current"):
        return None
    return list(seating.get("round_tables", {}).get(str(seating["current"]), []))


def round_of_tables(night: Evening) -> dict[int, int]:
    """The round of each table a night in rounds started, by table id (empty for any other
    night)."""
    if not in_rounds(night):
        return {}
    started: dict[str, list[int]] = night.seating.get("round_tables", {})
    return {pk: int(number) for number, pks in started.items() for pk in pks}


def in_rounds(night: Evening) -> bool:
    return bool(night.seating) and night.seating.get("format") in (INDIVIDUAL, PAIRS)


def _schedule(seating: dict[str, Any]) -> list[tuple[int, list[list[int]], list[int]]]:
    """Every round of the night by player ids: (number, games N E S W, who sits out). The
    plan's numbers put onto the players drawn, or, once a late arrival or a leaver has
    changed the plan, the rounds kept with the night."""
    if "schedule" in seating:
        return [
            (number, [list(g) for g in r["games"]], list(r["sit_out"]))
            for number, r in enumerate(seating["schedule"], start=1)
        ]
    numbers: list[int] = seating["numbers"]
    return [
        (
            r.number,
            [[numbers[n - 1] for n in game] for game in r.games],
            [numbers[n - 1] for n in r.sit_out],
        )
        for r in _plan_of(seating).rounds
    ]


def _plan_of(seating: dict[str, Any]) -> IndividualPlan:
    if seating.get("format") == PAIRS:
        return pairs_plan(len(seating["numbers"]), seating["rounds"])
    return round_plan(len(seating["numbers"]), seating["rounds"])


@dataclass(frozen=True)
class RoundTable:
    """A table of a round: its number in the round, the night's table once started, the
    players by seat, and how many deals it has played of the round's."""

    number: int
    table: Table | None
    seats: list[tuple[str, Player | None]]
    played: int
    done: bool


@dataclass(frozen=True)
class RoundView:
    number: int
    tables: list[RoundTable]
    sit_out: list[Player | None]

    @property
    def done(self) -> bool:
        return bool(self.tables) and all(t.done for t in self.tables)

    @property
    def playing(self) -> int:
        return sum(1 for t in self.tables if not t.done)


def rounds_view(night: Evening) -> dict[str, Any] | None:
    """Every round of a night in rounds, with the players' names and each started table's
    progress, for the organiser's page, the night page and the players' phones."""
    if not in_rounds(night):
        return None
    seating = night.seating
    schedule = _schedule(seating)
    numbers: list[int] = seating["numbers"]
    seated = {pid for _n, games, out in schedule for pid in [*out, *(p for g in games for p in g)]}
    players = {p.pk: p for p in Player.objects.filter(pk__in=set(numbers) | seated)}
    who = {n: players.get(pid) for n, pid in enumerate(numbers, start=1)}
    started: dict[str, list[int]] = seating.get("round_tables", {})
    table_ids = [pk for pks in started.values() for pk in pks]
    tables = {t.pk: t for t in Table.objects.filter(pk__in=table_ids)}
    played = dict(
        Table.objects.filter(pk__in=table_ids)
        .annotate(n=Count("deals", filter=Q(deals__removed=False)))
        .values_list("pk", "n")
    )
    deals = int(seating["deals"])
    views = []
    for number, games, out in schedule:
        pks = started.get(str(number), [])
        rows = []
        for index, game in enumerate(games):
            table = tables.get(pks[index]) if index < len(pks) else None
            count = played.get(table.pk, 0) if table is not None else 0
            seats = [(seat, players.get(pid)) for seat, pid in zip("NESW", game, strict=True)]
            rows.append(
                RoundTable(index + 1, table, seats, count, table is not None and count >= deals)
            )
        views.append(RoundView(number, rows, [players.get(pid) for pid in out]))
    current = int(seating.get("current", 0))
    return {
        "format": seating.get("format"),
        "variant": seating["variant"],
        "seed": seating["seed"],
        "deals": deals,
        "numbers": [(n, who[n]) for n in who],
        "rounds": views,
        "current": current,
        "current_round": views[current - 1] if current else None,
        "next_round": views[current] if current < len(views) else None,
        "playing": [players[pid] for pid in _playing(seating) if pid in players],
        "waiting": [players[pid] for pid in seating.get("waiting", []) if pid in players],
        "gone": [players[pid] for pid in seating.get("gone", []) if pid in players],
    }


@transaction.atomic
def start_round(night: Evening, *, author: AbstractBaseUser) -> list[Table]:
    """Start the next round's tables at once; the round before must be complete at every
    table (its deals played)."""
    club = night.club
    assert club is not None
    night = Evening.objects.select_for_update(of=("self",)).select_related("club").get(pk=night.pk)
    if not in_rounds(night):
        raise clubs.ClubError(_("Draw the players onto the plan first."), "seating")
    view = rounds_view(night)
    assert view is not None
    current = view["current_round"]
    if current is not None and not current.done:
        raise clubs.ClubError(
            ngettext(
                "Round %(n)s is not over: %(playing)s table is still playing.",
                "Round %(n)s is not over: %(playing)s tables are still playing.",
                current.playing,
            )
            % {"n": current.number, "playing": current.playing},
            "seating",
        )
    upcoming = view["next_round"]
    if upcoming is None:
        raise clubs.ClubError(_("Every round has been played."), "seating")
    seating = night.seating
    variant = seating["variant"]
    options = club.options if variant == club.variant else {}
    started = []
    with translation.override(club.language):
        for row in upcoming.tables:
            players = {seat: player.name for seat, player in row.seats if player is not None}
            title = _("Round %(round)s, table %(table)s") % {
                "round": upcoming.number,
                "table": row.number,
            }
            started.append(
                clubs.start_table(
                    night,
                    author=author,
                    variant=variant,
                    players=players,
                    options=options,
                    title=title,
                )  # fmt: skip
            )
    seating["round_tables"][str(upcoming.number)] = [t.pk for t in started]
    seating["current"] = upcoming.number
    clock.mark_round(seating, upcoming.number)  # the round clock counts from now
    clubs.keep_seating(night, seating)
    return started


def route(view: dict[str, Any], player: Player) -> list[dict[str, Any]]:
    """A player's route card: in each round his table and seat, his partner and opponents,
    or that he sits out."""
    card = []
    gone = any(p.pk == player.pk for p in view.get("gone", []))
    for plan_round in view["rounds"]:
        out = any(p is not None and p.pk == player.pk for p in plan_round.sit_out)
        # not seated and not sitting out: not yet arrived, or gone (a late arrival, a leaver)
        line: dict[str, Any] = {"round": plan_round.number, "sits_out": out, "absent": not out}
        for row in plan_round.tables:
            seats = dict(row.seats)
            for seat, who in row.seats:
                if who is not None and who.pk == player.pk:
                    partner = seats[PARTNER[seat]]
                    others = [seats[s] for s in "NESW" if s not in (seat, PARTNER[seat])]
                    line = {"round": plan_round.number, "sits_out": False, "absent": False,
                            "table": row.number,
                            "seat": seat, "partner": partner, "opponents": others,
                            "started": row.table}  # fmt: skip
        card.append(line)
    if gone:  # the rounds after his last one: he went home (not "not playing")
        played = [i for i, line in enumerate(card) if not line["absent"]]
        for line in card[played[-1] + 1 if played else 0 :]:
            line["gone"] = True
    return card


PARTNER = {"N": "S", "S": "N", "E": "W", "W": "E"}


def round_standings(view: dict[str, Any]) -> list[dict[str, Any]]:
    """The night's players by their average result per round played (the sum beside it),
    from the started tables' settlements (each table's outcome as the night page reads it,
    from the derived state's cache: a poll that re-renders the page scores no table again)."""
    started = [row.table for r in view["rounds"] for row in r.tables if row.table is not None]
    scored = standings.outcomes(started)
    # a pairs event's line is a partnership's (its two players have the same results): keyed
    # by the two players, so a partner who joins a late arrival after a leaver starts a new line
    by_pair = view.get("format") == PAIRS
    totals: dict[Any, list[float]] = {}
    names: dict[Any, str] = {}
    members: dict[Any, list[str]] = {}  # each line's players' names (a pair's two)
    for r in view["rounds"]:
        for row in r.tables:
            if row.table is None or row.table.pk not in scored:
                continue
            result = scored[row.table.pk].result
            if not result.played:
                continue
            seats = dict(row.seats)
            for seat, who in row.seats:
                if who is None:
                    continue
                key: Any = who.pk
                name, people = who.name, [who.name]
                if by_pair:
                    mate = seats.get(PARTNER[seat])
                    if seat in "SW" and mate is not None:
                        continue  # the pair's line is counted once, from N or E
                    if mate is not None:
                        first, second = sorted((who, mate), key=lambda p: p.pk)
                        key, name = (first.pk, second.pk), f"{first.name} & {second.name}"
                        people = [first.name, second.name]
                names[key], members[key] = name, people
                totals.setdefault(key, []).append(float(result.settlement.get(seat, 0)))
    rows = [
        {
            "name": names[key],
            "members": members[key],
            "players": key if isinstance(key, tuple) else (key,),
            "rounds": len(v),
            "total": sum(v),
            "average": sum(v) / len(v),
        }
        for key, v in totals.items()
    ]
    rows.sort(key=lambda row: (-row["average"], row["name"]))
    for index, row in enumerate(rows):  # equal averages share a place: 1, 2, 2, 4
        same = index and rows[index - 1]["average"] == row["average"]
        row["rank"] = rows[index - 1]["rank"] if same else index + 1
    return rows


# ---------------------------------------------------------------------------------------------
# A late arrival, a player who leaves (docs/clubs.md, *Late arrivals and leavers*): a new plan
# for the new number from the next round to start, keeping who already partnered whom apart.


def _playing(seating: dict[str, Any]) -> list[int]:
    """The players in the event now: drawn or arrived, not gone (in a pairs event, those in a
    pair and those waiting for a partner)."""
    gone = set(seating.get("gone", []))
    return [pid for pid in seating["numbers"] if pid not in gone]


def pairs_made(night: Evening) -> list[list[int]]:
    """A pairs event's partnerships so far, pair 1 first (a withdrawn pair stays in the list,
    so a pair's number never changes); empty for any other night."""
    if not in_rounds(night) or night.seating.get("format") != PAIRS:
        return []
    return _pairs_of(night.seating)


def _pairs_of(seating: dict[str, Any]) -> list[list[int]]:
    """A pairs event's partnerships, in the order they were made: drawn 1 and 2, 3 and 4, …,
    then those made during the night (a withdrawn pair stays in the list)."""
    if "pairs" in seating:
        return [list(pair) for pair in seating["pairs"]]
    numbers = seating["numbers"]
    return [[numbers[i], numbers[i + 1]] for i in range(0, len(numbers) - 1, 2)]


@transaction.atomic
def late_arrival(
    night: Evening, *, author: AbstractBaseUser, player: int | None = None, guest: str = ""
) -> Player:
    """A player of the roster (by id) or a guest (by name) joins the night in rounds from the
    next round to start: the rounds left are planned again for the new number."""
    night = Evening.objects.select_for_update(of=("self",)).select_related("club").get(pk=night.pk)
    club = night.club
    assert club is not None
    clubs.still_open(night)
    if not in_rounds(night):
        raise clubs.ClubError(_("Draw the players onto the plan first."), "seating")
    if guest.strip():
        arrived = add_guest(night, guest, author=author)
    else:
        found = Player.objects.filter(club=club, merged_into=None, pk=player or 0).first()
        if found is None:
            raise clubs.ClubError(_("Choose the player who arrived."), "player")
        arrived = found
    seating = _materialised(night.seating)
    if arrived.pk in _playing(seating):
        raise clubs.ClubError(
            _("%(name)s is already playing tonight.") % {"name": arrived.name}, "player"
        )
    night.present.add(arrived)
    seating["gone"] = [pid for pid in seating.get("gone", []) if pid != arrived.pk]
    if arrived.pk not in seating["numbers"]:
        seating["numbers"].append(arrived.pk)
    if seating.get("format") == PAIRS:
        waiting = [pid for pid in seating.get("waiting", []) if pid != arrived.pk]
        if not waiting:  # he waits for a partner: the plan does not change yet
            seating["waiting"] = [arrived.pk]
            for later in seating["schedule"][int(seating.get("current", 0)) :]:
                later["sit_out"].append(arrived.pk)
            clubs.keep_seating(night, seating)
            return arrived
        seating["pairs"] = [*_pairs_of(seating), [waiting[0], arrived.pk]]
        seating["waiting"] = waiting[1:]
    _replan_night(night, seating)
    return arrived


@transaction.atomic
def player_leaves(night: Evening, player: int, *, author: AbstractBaseUser) -> Player:
    """A player goes home: from the next round to start he is seated no more, and the rounds
    left are planned again for the new number. In a pairs event his pair withdraws and his
    partner waits for a late arrival to play with."""
    night = Evening.objects.select_for_update(of=("self",)).select_related("club").get(pk=night.pk)
    clubs.still_open(night)
    if not in_rounds(night):
        raise clubs.ClubError(_("Draw the players onto the plan first."), "seating")
    seating = _materialised(night.seating)
    if player not in _playing(seating):
        raise clubs.ClubError(_("Choose a player who is playing tonight."), "player")
    leaver = Player.objects.get(pk=player)
    seating["gone"] = [*seating.get("gone", []), player]
    if seating.get("format") == PAIRS:
        waiting = [pid for pid in seating.get("waiting", []) if pid != player]
        if len(waiting) == len(seating.get("waiting", [])):  # he was in a pair: it withdraws
            pair = next(p for p in reversed(_pairs_of(seating)) if player in p)
            partner = pair[0] if pair[1] == player else pair[1]
            if partner not in seating["gone"]:
                waiting.append(partner)
            seating["withdrawn"] = [*seating.get("withdrawn", []), pair]
        if len(waiting) >= 2:  # two waiting partners make a pair
            seating["pairs"] = [*_pairs_of(seating), waiting[:2]]
            waiting = waiting[2:]
        seating["waiting"] = waiting
    _replan_night(night, seating)
    clubs.log_left(night, leaver, author)
    return leaver


def _materialised(seating: dict[str, Any]) -> dict[str, Any]:
    """The night's rounds (and a pairs event's partnerships) kept as they are, before a change
    of players changes the numbers they were drawn from."""
    if seating.get("format") == PAIRS:
        seating["pairs"] = _pairs_of(seating)
    if "schedule" not in seating:
        seating["schedule"] = [
            {"games": games, "sit_out": out} for _n, games, out in _schedule(seating)
        ]
    return seating


def _replan_night(night: Evening, seating: dict[str, Any]) -> None:
    """The rounds not started yet, planned again for the players (pairs) in the event now,
    as many as were left (at most the new plan's whole); refused, with nothing saved, when
    the new number makes no plan."""
    schedule = _schedule(seating)
    current = int(seating.get("current", 0))
    left = int(seating["rounds"]) - current
    if left <= 0:
        raise clubs.ClubError(_("Every round has been played."), "player")
    played = schedule[:current]
    history = [
        replan.Seated(tuple(tuple(g) for g in games), tuple(out)) for _n, games, out in played
    ]
    seed = int(seating["seed"])
    if seating.get("format") == PAIRS:
        new = _replan_pairs(seating, history, left, seed)
    else:
        playing = _playing(seating)
        if len(playing) < movements.MIN_PLAYERS:
            message = _(
                "An individual tournament needs at least %(fewest)s players: %(n)s would be left."
            )
            message %= {"fewest": movements.MIN_PLAYERS, "n": len(playing)}
            raise clubs.ClubError(message, "player")
        try:
            rounds = min(left, replan.individual_rounds(len(playing)))
            new = [
                ([list(g) for g in r.games], list(r.sit_out))
                for r in replan.replan_individual(history, playing, rounds, seed)
            ]
        except MovementError as error:
            raise no_tournament(len(playing), error, "player") from error
    seating["schedule"] = [{"games": games, "sit_out": out} for _n, games, out in played] + [
        {"games": games, "sit_out": out} for games, out in new
    ]
    seating["rounds"] = len(seating["schedule"])
    clubs.keep_seating(night, seating)


def _replan_pairs(
    seating: dict[str, Any], history: list[replan.Seated], left: int, seed: int
) -> list[tuple[list[list[int]], list[int]]]:
    """The rounds left of a pairs event: a new round robin of the pairs in play, pairs that
    met already kept apart as far as it can; a player waiting for a partner sits out."""
    withdrawn = [sorted(p) for p in seating.get("withdrawn", [])]
    pairs_now = [p for p in _pairs_of(seating) if sorted(p) not in withdrawn]
    key = {frozenset(p): index for index, p in enumerate(_pairs_of(seating), start=1)}
    met = []
    for r in history:
        games = []
        for n, e, s, w in r.games:
            ns, ew = key.get(frozenset((n, s))), key.get(frozenset((e, w)))
            if ns is not None and ew is not None:
                games.append((ns, ew))
        met.append(replan.Seated(tuple(games), ()))
    keys = [key[frozenset(p)] for p in pairs_now]
    waiting = list(seating.get("waiting", []))
    if len(keys) < 2:
        raise clubs.ClubError(
            _("A pairs event needs at least 2 pairs: %(n)s would be left.") % {"n": len(keys)},
            "player",
        )
    try:
        rounds = min(left, replan.pairs_rounds(len(keys)))
        new = replan.replan_pairs(met, keys, rounds, seed)
    except MovementError as error:
        raise clubs.ClubError(
            _("No pairs event for %(n)s pairs: %(why)s") % {"n": len(keys), "why": str(error)},
            "player",
        ) from error
    by_key = {key[frozenset(p)]: p for p in pairs_now}
    return [
        (
            [[by_key[a][0], by_key[b][0], by_key[a][1], by_key[b][1]] for a, b in r.games],
            [pid for pair in r.sit_out for pid in by_key[pair]] + waiting,
        )
        for r in new
    ]
