"""``manage.py seed_club``: a big made-up club, for benchmarks and for looking at long ladders.

An organiser account, a roster, one night a week over several years with a few tables each,
30 to 40 random valid deals a table, and one season (total ladder) a year. The rows are
written with ``bulk_create``, not through the per-deal services: each table's record is still
validated and scored once by the engine before anything is saved, and every deal gets its
``imported`` revision, as :func:`scorebook.tables.services.import_record` would leave them.

The same ``--seed`` (and the same other options) makes the same club: roster, seatings and
deals. Running it again with the name of an existing club changes nothing.
"""

from __future__ import annotations

import datetime
import random
import time
from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction

from players.models import Club, Player, Season, name_key
from scorebook.clubs import services as clubs
from scorebook.rules import PRESETS, RecordError, parse_record, score
from scorebook.rules.checks import checked_text
from scorebook.rules.gcpause import paused_gc
from scorebook.tables import services
from scorebook.tables.models import Deal, Evening, Revision, Seat, Table

VARIANT = "russian"
SEATS = ("N", "E", "S", "W")
TRUMPS = "SHDC"
ORGANISER = "bench-organiser"
BATCH = 2000  # rows an INSERT
CHUNK = 20_000  # deals generated, then written, at a time
FIRST_NAMES = (
    "Anna", "Boris", "Vera", "Gleb", "Daria", "Egor", "Zoya", "Ivan", "Kira", "Lev",
    "Maria", "Nikita", "Olga", "Pavel", "Raisa", "Semyon", "Tamara", "Ulyana", "Fyodor",
    "Yulia",
)  # fmt: skip
SURNAMES = (
    "Ivanov", "Petrov", "Sidorov", "Smirnov", "Kuznetsov", "Popov", "Vasiliev", "Sokolov",
    "Mikhailov", "Novikov", "Fedorov", "Morozov", "Volkov", "Alekseev", "Lebedev", "Semenov",
    "Egorov", "Pavlov", "Kozlov", "Stepanov",
)  # fmt: skip


@dataclass(frozen=True)
class Seeded:
    """What :func:`seed_club` made."""

    club: Club
    players: int
    nights: int
    tables: int
    deals: int
    seasons: int
    seconds: float


def roster_names(count: int, rng: random.Random) -> list[str]:
    """``count`` distinct names (distinct in any case), in a random order."""
    names = [f"{first} {last}" for last in SURNAMES for first in FIRST_NAMES]
    rng.shuffle(names)
    if count > len(names):
        names += [f"Player {i}" for i in range(1, count - len(names) + 1)]
    return names[:count]


def weekly_nights(first_year: int, years: int) -> list[datetime.date]:
    """Every Friday of the years ``first_year`` .. ``first_year + years - 1``."""
    day = datetime.date(first_year, 1, 1)
    day += datetime.timedelta(days=(4 - day.weekday()) % 7)
    end = datetime.date(first_year + years - 1, 12, 31)
    dates = []
    while day <= end:
        dates.append(day)
        day += datetime.timedelta(days=7)
    return dates


def random_deals(count: int, rng: random.Random) -> list[dict[str, Any]]:
    """``count`` Russian deals: dealers in rotation from North, everything else at random."""
    deals = []
    for i in range(count):
        ns_tricks = rng.randint(0, 13)
        ns_honours = rng.randint(0, 5)
        deals.append(
            {
                "dealer": SEATS[i % 4],
                "trump": rng.choice(TRUMPS),
                "tricks": {"NS": ns_tricks, "EW": 13 - ns_tricks},
                "honours": {"NS": ns_honours, "EW": 5 - ns_honours},
            }
        )
    return deals


def validate(players: dict[str, str], deals: list[dict[str, Any]], options: dict[str, Any]) -> None:
    """Parse and score the table's whole record with the engine (raises RecordError)."""
    record: dict[str, Any] = {
        "format": services.FORMAT,
        "variant": VARIANT,
        "players": players,
        "deals": deals,
    }
    if options:
        record["options"] = options
    score(parse_record(record))


def seed_club(
    *,
    name: str = "Bench club",
    players: int = 60,
    years: int = 10,
    tables: int = 10,
    deals_min: int = 30,
    deals_max: int = 40,
    seed: int = 1,
    first_year: int = 2016,
) -> Seeded | None:
    """Make the club (see the module's docstring); None, and nothing made, if a club of that
    name exists already."""
    try:  # the club's name is checked as the club's form checks it: text, no control character
        checked_text(name, 100, "--name")
    except RecordError as error:
        raise ValueError(str(error)) from None
    if players < 4:
        raise ValueError("a table needs four players")
    if not 0 < deals_min <= deals_max:
        raise ValueError("deals: 0 < min <= max")
    if years < 1 or tables < 1:
        raise ValueError("at least one year and one table a night")
    started = time.perf_counter()
    rng = random.Random(seed)
    with transaction.atomic(), paused_gc():
        if Club.objects.filter(name=name).exists():
            return None
        user, created = get_user_model().objects.get_or_create(username=ORGANISER)
        if created:
            user.set_unusable_password()
            user.save(update_fields=["password"])
        club = clubs.create_club(user=user, name=name, variant=VARIANT, language="ru")
        options = dict(club.options)
        label = user.get_username()
        roster = Player.objects.bulk_create(
            Player(club=club, name=n, key=name_key(n)) for n in roster_names(players, rng)
        )
        Season.objects.bulk_create(
            Season(
                club=club,
                name=str(year),
                starts_on=datetime.date(year, 1, 1),
                ends_on=datetime.date(year, 12, 31),
                variant=VARIANT,
                kind="total",
            )
            for year in range(first_year, first_year + years)
        )
        dates = weekly_nights(first_year, years)
        nights = Evening.objects.bulk_create(
            Evening(club=club, name=f"Night {i}", date=date, tables_numbered=tables)
            for i, date in enumerate(dates, start=1)
        )
        made_tables = made_deals = 0
        # Some nights at a time: bounded memory, and few round trips.
        step = max(1, CHUNK * 2 // (tables * (deals_min + deals_max)))
        for start in range(0, len(nights), step):
            table_rows, seatings, deal_lists = [], [], []
            for night in nights[start : start + step]:
                # The whole night sits at once: nobody plays two tables of one night
                # (when the roster is big enough).
                if players >= 4 * tables:
                    drawn = rng.sample(roster, 4 * tables)
                else:
                    drawn = [p for _ in range(tables) for p in rng.sample(roster, 4)]
                for k in range(tables):
                    seated = dict(zip(SEATS, drawn[4 * k : 4 * k + 4], strict=True))
                    deals = random_deals(rng.randint(deals_min, deals_max), rng)
                    try:
                        validate({s: p.name for s, p in seated.items()}, deals, options)
                    except RecordError as error:  # a bug here, never the engine's
                        raise RuntimeError(f"generated an invalid table: {error}") from error
                    table_rows.append(
                        Table(
                            variant=VARIANT,
                            options=options,
                            evening=night,
                            title=f"Table {k + 1}",
                            number=k + 1,
                            played_on=night.date,
                            first_dealer="N",
                            owner=user,
                            version=len(deals),
                        )
                    )
                    seatings.append(seated)
                    deal_lists.append(deals)
            Table.objects.bulk_create(table_rows, batch_size=BATCH)
            assert all(t.pk is not None for t in table_rows), "the database returns no ids"
            Seat.objects.bulk_create(
                (
                    Seat(table_id=table.pk, seat=seat, player_id=player.pk)
                    for table, seated in zip(table_rows, seatings, strict=True)
                    for seat, player in seated.items()
                ),
                batch_size=BATCH,
            )
            deal_rows = Deal.objects.bulk_create(
                (
                    Deal(table_id=table.pk, number=number, data=data)
                    for table, deals in zip(table_rows, deal_lists, strict=True)
                    for number, data in enumerate(deals, start=1)
                ),
                batch_size=BATCH,
            )
            Revision.objects.bulk_create(
                (
                    Revision(
                        deal_id=deal.pk,
                        action=Revision.Action.IMPORTED,
                        data=deal.data,
                        previous=None,
                        author_id=user.pk,
                        author_label=label,
                        nonce="",
                    )
                    for deal in deal_rows
                ),
                batch_size=BATCH,
            )
            made_tables += len(table_rows)
            made_deals += len(deal_rows)
    return Seeded(
        club=club,
        players=len(roster),
        nights=len(nights),
        tables=made_tables,
        deals=made_deals,
        seasons=years,
        seconds=time.perf_counter() - started,
    )


class Command(BaseCommand):
    help = "Generate a big club of random valid Russian-whist tables (benchmarks)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--name", default="Bench club", help="the club's name")
        parser.add_argument("--players", type=int, default=60, help="roster size")
        parser.add_argument("--years", type=int, default=10, help="one season a year")
        parser.add_argument("--first-year", type=int, default=2016, help="the first season")
        parser.add_argument("--tables", type=int, default=10, help="tables a night")
        parser.add_argument("--deals-min", type=int, default=30, help="fewest deals a table")
        parser.add_argument("--deals-max", type=int, default=40, help="most deals a table")
        parser.add_argument("--seed", type=int, default=1, help="random seed")

    def handle(self, *args: Any, **options: Any) -> None:
        assert VARIANT in PRESETS
        try:
            made = seed_club(
                name=options["name"],
                players=options["players"],
                years=options["years"],
                first_year=options["first_year"],
                tables=options["tables"],
                deals_min=options["deals_min"],
                deals_max=options["deals_max"],
                seed=options["seed"],
            )
        except ValueError as error:
            raise CommandError(str(error)) from error
        if made is None:
            self.stdout.write(f"A club named {options['name']!r} exists already: nothing made.")
            return
        self.stdout.write(
            f"Club {made.club.name!r} (/c/{made.club.token}/): {made.players} players, "
            f"{made.nights} nights, {made.tables} tables, {made.deals} deals, "
            f"{made.seasons} seasons; organiser {ORGANISER!r} (no password). "
            f"{made.seconds:.1f} s."
        )
