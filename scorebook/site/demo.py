"""The demo: a few tables in each language and, on a laptop, a demo club to look at
(``manage.py seed_demo``; seeding again changes nothing), and the demo tables a new browser's
home page offers."""

from __future__ import annotations

import datetime
import random
from typing import Any, TextIO

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend

from players.models import Club, Season
from scorebook.clubs import services as clubs
from scorebook.tables import services
from scorebook.tables.models import Table

DEMO_TITLE = "Demo: "
# Each language's demo tables, known by their titles' first words: a new browser's home page
# offers those of its language (site/home.py), so that a Russian visitor opens a
# table of Russian names and titles.
DEMO_TITLES = {"en": DEMO_TITLE, "ru": "Демо: "}
PLAYERS = {"N": "Anna", "E": "Boris", "S": "Vera", "W": "Gleb"}


def _russian_deals() -> list[dict[str, Any]]:
    rows = [
        ("N", "H", 9, 3),
        ("E", "S", 5, 1),
        ("S", "D", 8, 3),
        ("W", "C", 10, 2),
        ("N", "S", 7, 5),
        ("E", "H", 6, 2),
        ("S", "C", 8, 4),
    ]
    return [
        {
            "dealer": d,
            "trump": t,
            "tricks": {"NS": ns, "EW": 13 - ns},
            "honours": {"NS": h, "EW": 5 - h},
        }
        for d, t, ns, h in rows
    ]


def _english_deals() -> list[dict[str, Any]]:
    rows = [("N", "H", 9, 3), ("E", "S", 8, 2), ("S", "D", 6, 3), ("W", "C", 7, 2)]
    return [
        {
            "dealer": d,
            "trump": t,
            "tricks": {"NS": ns, "EW": 13 - ns},
            "honours": {"NS": h, "EW": 4 - h},
        }
        for d, t, ns, h in rows
    ]


# language -> (title after the language's DEMO_TITLES prefix, variant, players, deals)
DEMOS = {
    "en": [
        ("Russian whist, Friday", "russian", PLAYERS, _russian_deals),
        (
            "Short whist",
            "english-short",
            {"N": "Arthur", "E": "Beatrice", "S": "Charles", "W": "Dorothy"},
            _english_deals,
        ),
    ],
    "ru": [
        (
            "русский вист, пятница",
            "russian",
            {"N": "Анна", "E": "Борис", "S": "Вера", "W": "Глеб"},
            _russian_deals,
        ),
        (
            "короткий английский вист",
            "english-short",
            {"N": "Аркадий", "E": "Белла", "S": "Семён", "W": "Дарья"},
            _english_deals,
        ),
    ],
}


# The demo club is a Russian club (St Petersburg, Russian whist, Russian its language): its
# roster, nights and season speak Russian, as its members would write them.
DEMO_CLUB = "Демо-клуб"
OLD_DEMO_CLUBS = ("Demo club",)  # loaded by an earlier `make run`: not made twice
# Only made on a laptop (DEBUG, or LOCAL under `make run`), never on a server.
DEMO_ORGANISER = ("demo", "demo-whist")
ROSTER = ["Анна", "Борис", "Вера", "Глеб", "Дина", "Егор", "Зоя", "Иван"]


def _random_deals(rng: random.Random, count: int) -> list[dict[str, Any]]:
    deals = []
    for number in range(count):
        ns = rng.choice([4, 5, 6, 7, 7, 8, 8, 9, 10])
        honours = rng.randint(0, 5)
        deals.append(
            {
                "dealer": "NESW"[number % 4],
                "trump": rng.choice("SHDC"),
                "tricks": {"NS": ns, "EW": 13 - ns},
                "honours": {"NS": honours, "EW": 5 - honours},
            }
        )
    return deals


def seed_club(stdout: Any) -> None:
    """A club with an organiser, three weekly nights of two Russian tables, and a season of
    the year's total and one of its rating."""
    if Club.objects.filter(name__in=(DEMO_CLUB, *OLD_DEMO_CLUBS)).exists():
        return
    username, password = DEMO_ORGANISER
    user = get_user_model().objects.filter(username=username).first()
    if user is None:
        user = get_user_model().objects.create_user(username, password=password)
    club = clubs.create_club(user=user, name=DEMO_CLUB, city="Санкт-Петербург",
                             variant="russian", language="ru")  # fmt: skip
    rng = random.Random(7)
    today = datetime.date.today()
    last_friday = today - datetime.timedelta(days=(today.weekday() - 4) % 7 or 7)
    for week in (2, 1, 0):
        date = last_friday - datetime.timedelta(weeks=week)
        night = clubs.open_night(club, name=f"Пятница {date:%d.%m}", date=date, author=user)
        players = rng.sample(ROSTER, 8)
        for seats in (players[:4], players[4:]):
            table = clubs.start_table(
                night, author=user, variant="russian", players=dict(zip("NESW", seats, strict=True))
            )
            for number, deal in enumerate(_random_deals(rng, rng.randint(8, 14)), start=1):
                services.add_deal(table, deal, number=number, author=services.Author(user=user))
    Season.objects.create(club=club, name=f"Сезон {today.year}", variant="russian",
                          starts_on=today.replace(month=1, day=1),
                          ends_on=today.replace(month=12, day=31), kind="total")  # fmt: skip
    # and its rating: who is strong, who is provisional, who beat what was expected
    Season.objects.create(club=club, name=f"Рейтинг {today.year}", variant="russian",
                          starts_on=today.replace(month=1, day=1),
                          ends_on=today.replace(month=12, day=31), kind="rating")  # fmt: skip
    stdout.write(f"demo club: /c/{club.token}/ (organiser: {username} / {password})")


def seed(stdout: TextIO) -> None:
    """Create the demo tables, and on a laptop (LOCAL) the demo club (idempotent). Its
    organiser's account, known to anyone who read this code, signs in only there
    (:class:`LocalDemoBackend`)."""
    if settings.LOCAL:
        seed_club(stdout)
    for language, demos in DEMOS.items():
        for title, variant, players, deals in demos:
            _seed_table(stdout, DEMO_TITLES[language] + title, variant, players, deals())


def _seed_table(
    stdout: TextIO,
    full_title: str,
    variant: str,
    players: dict[str, str],
    deals: list[dict[str, Any]],
) -> None:
    if Table.objects.filter(title=full_title, demo=True).exists():
        return
    record = {
        "format": "whist-record/1",
        "variant": variant,
        "players": players,
        "deals": deals,
        "meta": {"title": full_title},
    }
    table = services.import_record(record, author=services.Author(label="demo"))
    Table.objects.filter(pk=table.pk).update(demo=True)
    stdout.write(f"demo table: /t/{table.edit_token}/ ({full_title})")


def demo_tables(language: str) -> list[Table]:
    """The demo tables a new browser is offered: those of its language (those in English when
    the demos were loaded before they spoke Russian)."""
    prefix = DEMO_TITLES.get(language.split("-")[0], DEMO_TITLE)
    tables = Table.objects.filter(demo=True).order_by("pk")
    demos = list(tables.filter(title__startswith=prefix)[:5])
    if not demos and prefix != DEMO_TITLE:
        demos = list(tables.filter(title__startswith=DEMO_TITLE)[:5])
    return demos


def editable_here() -> bool:
    """Demo tables take deals on a laptop (``make run``); on a server they are read-only, and
    a visitor scores a copy of his own (:func:`private_copy`)."""
    return bool(settings.DEBUG or settings.LOCAL)


def private_copy(table: Table, owner: Any = None) -> Table:
    """A table of the visitor's own with the demo table's players, options and deals."""
    record = services.export_record(table)
    meta = dict(record.get("meta") or {})
    meta["title"] = str(meta.get("title", "")).split(": ", 1)[-1]
    return services.import_record({**record, "meta": meta}, owner=owner)


class LocalDemoBackend(ModelBackend):
    """Django's own sign-in, except the demo organiser's account away from a laptop: its
    password is in the code, so on a server it never signs in."""

    def user_can_authenticate(self, user: Any) -> bool:
        if not settings.LOCAL and getattr(user, "username", None) == DEMO_ORGANISER[0]:
            return False
        return super().user_can_authenticate(user)
