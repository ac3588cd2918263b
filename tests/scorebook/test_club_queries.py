"""The number of SQL queries of a club screen does not grow with the club's nights, tables,
seasons or players.

Each screen is read twice in a small club and twice in a large one: once with nothing cached
(the first reader after a deal was saved scores the tables) and once more (the scores and the
ladder come from the cache). Both must cost the same in both clubs, under ``CEILING``: a loop
over nights, tables, seats or players that starts querying per item fails here.
"""

from __future__ import annotations

import datetime

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from players.models import Season
from scorebook.clubs import services as clubs
from scorebook.tables import services
from tests.scorebook.conftest import SEATS, russian_deal

pytestmark = pytest.mark.django_db

CEILING = 20

FIRST_NIGHT = datetime.date(2026, 10, 2)
SEASON = (datetime.date(2026, 9, 1), datetime.date(2026, 12, 31))
# Enough names for six tables of four strangers; a season of more tables seats them again.
NAMES = [f"{first} {last}" for last in ("Petrov", "Orlova", "Sokol") for first in "ABCDEFGH"]
# North-South win two games to one: a finished rubber, so that the rating ladder moves.
TRICKS = (9, 9, 4, 4, 4, 9, 9)


def record(variant: str, players: dict[str, str], flip: bool) -> dict:
    """A finished rubber of ``variant``; with ``flip``, East-West win it."""
    deals = []
    for i, won in enumerate(TRICKS):
        ns = 13 - won if flip else won
        if variant == "russian":
            deals.append(russian_deal(SEATS[i % 4], ns))
        else:  # English whist: two honours each
            tricks, honours = {"NS": ns, "EW": 13 - ns}, {"NS": 2, "EW": 2}
            deals.append(
                {"dealer": SEATS[i % 4], "trump": "H", "tricks": tricks, "honours": honours}
            )
    return {"format": "whist-record/1", "variant": variant, "players": players, "deals": deals}


def build_club(
    organiser,
    name: str,
    *,
    nights: int,
    tables: int,
    seasons: int = 1,
    anna: bool = False,
    english: bool = False,
    kind: str = "total",
):
    """A club of ``nights`` nights of ``tables`` tables each (a finished rubber at every
    table), plus one night with no table, and ``seasons`` seasons: the one of every night
    (of ``kind``) and earlier ones. With ``anna``, Anna sits North at every table; with
    ``english``, the last table of each night plays English whist."""
    club = clubs.create_club(user=organiser, name=name, variant="russian", language="en")
    k = 0
    for n in range(nights):
        date = FIRST_NIGHT + datetime.timedelta(days=7 * n)
        night = clubs.open_night(club, name=f"Night {n + 1}", date=date, author=organiser)
        for t in range(tables):
            players = {seat: NAMES[(4 * k + i) % len(NAMES)] for i, seat in enumerate(SEATS)}
            if anna:
                players["N"] = "Anna"
            variant = "english-short" if english and t == tables - 1 else "russian"
            table = services.import_record(record(variant, players, flip=k % 2 == 1))
            clubs.file_table(night, table, author=organiser)
            k += 1
    before = FIRST_NIGHT - datetime.timedelta(days=7)
    clubs.open_night(club, name="The week before", date=before, author=organiser)
    club.seasons.create(
        name="Autumn", starts_on=SEASON[0], ends_on=SEASON[1], variant="russian", kind=kind
    )
    for year in range(2025, 2025 - seasons + 1, -1):
        spring = (datetime.date(year, 3, 1), datetime.date(year, 5, 31))
        club.seasons.create(
            name=f"Spring {year}", starts_on=spring[0], ends_on=spring[1], variant="russian"
        )
    return club


def count(client, url: str, **headers) -> int:
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url, **headers)
    assert response.status_code == 200, response.status_code
    return len(queries)


def costs(client, url: str, **headers) -> tuple[int, int]:
    """The queries of a first read (nothing cached) and of the next one (scores cached)."""
    cache.clear()
    first = count(client, url, **headers)
    return first, count(client, url, **headers)


def same_cost(client, small_url: str, large_url: str, **headers) -> tuple[int, int]:
    costs(client, small_url, **headers)  # whatever a first request of the browser sets up
    small = costs(client, small_url, **headers)
    large = costs(client, large_url, **headers)
    assert large == small, f"small club {small}, large club {large} (cold, warm)"
    assert max(small) <= CEILING, small
    return small


@pytest.fixture(params=["public link", "organiser"])
def visitor(request, client, owner):
    """The anonymous holder of the club's public link, or its signed-in organiser (who also
    gets the history, the forms and, on a night, every table's move and remove buttons)."""
    if request.param == "organiser":
        client.force_login(owner)
    return client


def season_of(club) -> Season:
    return club.seasons.get(name="Autumn")


# ---------------------------------------------------------------------------------------------
# The club page


def test_the_club_page_costs_the_same_for_1_and_5_nights_and_1_and_3_seasons(visitor, owner):
    small = build_club(owner, "Small", nights=1, tables=1, seasons=1)
    large = build_club(owner, "Large", nights=5, tables=2, seasons=3)

    same_cost(visitor, reverse("club", args=[small.token]), reverse("club", args=[large.token]))
    page = visitor.get(reverse("club", args=[large.token])).content.decode()
    assert "Night 5" in page and "Spring 2024" in page and NAMES[0] in page


# ---------------------------------------------------------------------------------------------
# The night screen and its live glance


@pytest.mark.parametrize("view", ["evening", "evening_glance"])
def test_the_night_screen_costs_the_same_for_1_and_6_tables(visitor, owner, view):
    small = build_club(owner, "Small", nights=1, tables=1)
    large = build_club(owner, "Large", nights=1, tables=6, english=True)

    def url(club):
        return reverse(view, args=[club.nights.get(name="Night 1").token])

    headers = {"HTTP_HX_REQUEST": "true"} if view == "evening_glance" else {}
    same_cost(visitor, url(small), url(large), **headers)
    page = visitor.get(url(large), **headers).content.decode()
    assert all(name in page for name in NAMES)  # six tables of four


# ---------------------------------------------------------------------------------------------
# A season's standings: the page, the CSV and the PDF


@pytest.mark.parametrize("kind", ["total", "average", "rating"])
@pytest.mark.parametrize("view", ["season", "season_csv"])
def test_the_season_standings_cost_the_same_for_1_and_5_nights_and_4_and_24_players(
    client, owner, view, kind
):
    small = build_club(owner, "Small", nights=1, tables=1, kind=kind)
    large = build_club(owner, "Large", nights=5, tables=3, kind=kind)

    def url(club):
        return reverse(view, args=[club.token, season_of(club).pk])

    same_cost(client, url(small), url(large))
    page = client.get(url(large)).content.decode()
    assert all(name in page for name in NAMES)


def test_the_season_pdf_costs_the_same_for_1_and_5_nights_and_4_and_24_players(client, owner):
    small = build_club(owner, "Small", nights=1, tables=1, kind="rating")
    large = build_club(owner, "Large", nights=5, tables=3, kind="rating")

    def url(club):
        return reverse("season_pdf", args=[club.token, season_of(club).pk])

    same_cost(client, url(small), url(large))


# ---------------------------------------------------------------------------------------------
# The roster and a player's page


def test_the_roster_costs_the_same_for_1_and_8_tables_played(client, owner):
    small = build_club(owner, "Small", nights=1, tables=1)
    large = build_club(owner, "Large", nights=4, tables=2)
    for club, merges in ((small, 1), (large, 3)):
        for n in range(merges):
            twin = clubs.add_player(club, f"Twin {n}", author=owner)
            clubs.merge_players(twin, club.roster.get(name=NAMES[n]), author=owner)
    client.force_login(owner)

    same_cost(client, reverse("roster", args=[small.token]), reverse("roster", args=[large.token]))
    page = client.get(reverse("roster", args=[large.token])).content.decode()
    assert all(name in page for name in NAMES) and "Twin 2" in page


@pytest.mark.parametrize("in_season", [False, True], ids=["all nights", "one season"])
def test_a_players_page_costs_the_same_for_1_and_8_tables_played(visitor, owner, in_season):
    small = build_club(owner, "Small", nights=1, tables=1, anna=True, seasons=3)
    large = build_club(owner, "Large", nights=4, tables=2, anna=True, seasons=3)

    def url(club):
        anna = club.roster.get(name="Anna")
        query = f"?season={season_of(club).pk}" if in_season else ""
        return reverse("club_player", args=[club.token, anna.pk]) + query

    same_cost(visitor, url(small), url(large))
    page = visitor.get(url(large)).content.decode()
    assert "<dd>8</dd>" in page and "Night 4" in page  # eight tables, four nights
