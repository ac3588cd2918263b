"""A player's page on a long club (scorebook/clubs/standings.py, "A player's page"): kept
whole, the club's rating made in parts, and never showing a state that has changed.

The page is kept under a key naming every table of its scope, and the rating in parts each
kept under a key naming every table up to it (scorebook/derived.py). Here every change a page
can show (a deal saved, corrected or undone at his table or at another one, a rename, a merge,
a night renamed or redated, a table taken out of its night) is made after the page was kept:
the next page shows it, and is what a page made from nothing shows.
"""

from __future__ import annotations

import datetime
import re
from array import array

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from players.ladder import rating_history
from players.models import Player, Season
from scorebook import derived
from scorebook.clubs import services as clubs
from scorebook.clubs import standings
from scorebook.clubs.views import clubs as club_views
from scorebook.tables import services
from scorebook.tables.models import Table
from tests.scorebook.conftest import SEATS, russian_deal

pytestmark = pytest.mark.django_db

FIRST_NIGHT = datetime.date(2026, 9, 4)
CAST = ["Anna", "Boris", "Vera", "Gleb", "Dina", "Egor", "Zoya", "Ivan"]
NIGHTS = 6
# North-South win two games to one: a finished rubber at every table, so the rating moves.
TRICKS = (9, 9, 4, 4, 4, 9, 9)
AUTHOR = services.Author(label="test")


def record(players: dict[str, str], flip: bool) -> dict:
    deals = [russian_deal(SEATS[i % 4], 13 - won if flip else won) for i, won in enumerate(TRICKS)]
    return {"format": "whist-record/1", "variant": "russian", "players": players, "deals": deals}


@pytest.fixture
def club(owner):
    """Six weekly nights of two tables each; the cast sits in another order every night, so
    that everyone's rating depends on everyone's tables. Anna plays every night."""
    club = clubs.create_club(user=owner, name="Long club", variant="russian", language="en")
    for n in range(NIGHTS):
        night = clubs.open_night(club, name=f"Night {n + 1}", date=night_date(n + 1), author=owner)
        order = CAST[:1] + CAST[1 + n % 7 :] + CAST[1 : 1 + n % 7]  # Anna first, the rest turn
        for t in range(2):
            players = dict(zip(SEATS, order[4 * t : 4 * t + 4], strict=True))
            table = services.import_record(record(players, flip=(n + t) % 3 == 0))
            clubs.file_table(night, table, author=owner)
    club.seasons.create(
        name="Autumn",
        starts_on=night_date(3),
        ends_on=datetime.date(2026, 12, 31),
        variant="russian",
        kind="rating",
    )
    return club


@pytest.fixture
def small_parts(monkeypatch):
    """Parts of two tables (a night), so that six nights make several parts."""
    monkeypatch.setattr(standings, "RATING_PART", 2)


def player(club, name: str) -> Player:
    return club.roster.get(name=name)


def tables_of(club, name: str) -> list[Table]:
    return list(
        standings.club_tables(club).filter(seats__player__name=name).select_related("evening")
    )


def save(table: Table) -> None:
    """One more deal (the eighth: West deals it), North-South taking nine tricks."""
    services.add_deal(table, russian_deal("W", 9), number=8, author=AUTHOR)


def in_one_go(club, season: Season | None = None) -> dict:
    """The rating as the page made it before it was kept in parts: every table, in one go."""
    every = standings._tables(standings.club_tables(club, variant="russian", season=season))
    return rating_history([result for _t, _o, result in standings.results(every)])


# ---------------------------------------------------------------------------------------------
# The rating in parts


@pytest.mark.usefixtures("small_parts")
@pytest.mark.parametrize("in_season", [False, True], ids=["all nights", "one season"])
def test_the_rating_in_parts_is_the_rating_in_one_go_to_the_last_bit(club, in_season):
    season = club.seasons.get() if in_season else None
    rating = standings.ClubRating(club, "russian", season)
    assert len(rating.parts) >= 3
    expected = in_one_go(club, season)

    for name in CAST:
        pk = player(club, name).pk
        assert standings.player_stats(player(club, name), "russian", season).rating == (
            expected.get(pk, [])
        )
    cache.clear()  # each part made again, from the first
    history = standings.ClubRating(club, "russian", season).history(player(club, "Anna").pk)
    assert standings.history_of(history) == expected[player(club, "Anna").pk]


def test_parts_end_with_a_date_and_the_last_date_is_a_part_of_its_own(monkeypatch):
    monkeypatch.setattr(standings, "RATING_PART", 3)
    rows = [(pk, "c", 1, 1, day) for pk, day in enumerate("aabbbccdde")]
    assert [[row[-1] for row in part] for part in standings.rating_parts(rows)] == [
        ["a", "a", "b", "b", "b"],
        ["c", "c", "d", "d"],
        ["e"],
    ]
    assert standings.rating_parts([]) == []


@pytest.mark.usefixtures("small_parts")
def test_a_deal_saved_tonight_rates_tonights_tables_only(club, monkeypatch):
    anna = player(club, "Anna")
    standings.player_stats(anna, "russian")  # every part kept
    rated = []
    original = standings.rating_points_from
    original_figures = standings._figures

    def counting(tables, ratings):
        tables = list(tables)
        rated.append({t.date for t in tables})
        return original(tables, ratings)

    monkeypatch.setattr(standings, "rating_points_from", counting)
    figures = []
    monkeypatch.setattr(standings, "_figures", lambda *a: figures.append(a) or original_figures(*a))
    last_night = club.nights.get(name=f"Night {NIGHTS}")
    tonight = last_night.tables.exclude(seats__player__name="Anna").get()
    save(tonight)

    stats = standings.player_stats(anna, "russian")

    assert rated == [{tonight.evening.date}]  # tonight's part alone, rated again
    assert figures == []  # her own figures as they were kept: none of her tables changed
    assert stats.rating == in_one_go(club)[anna.pk]
    save(tables_of(club, "Anna")[-1])
    assert standings.player_stats(anna, "russian").tables == stats.tables
    assert len(figures) == 1  # one of hers changed: read again


# ---------------------------------------------------------------------------------------------
# Every change the page shows


def correct(table: Table) -> None:
    """Deal 1 corrected: the other side took its tricks."""
    table.refresh_from_db()
    deal = table.deals.get(number=1, removed=False)
    ns = deal.data["tricks"]["NS"]
    data = {**deal.data, "tricks": {"NS": 13 - ns, "EW": ns}}
    services.change_deal(table, 1, data, version=deal.version, author=AUTHOR)


def undo(table: Table) -> None:
    services.undo_last(table, number=7, author=AUTHOR)


# Each night Anna sits North; her partner (South) is Vera on the first night, then Gleb,
# Dina, Egor... The season starts with the third night (Dina's).
CHANGES = {
    # a deal saved at her last table, a deal corrected at her first of the season
    "deal saved": lambda club, owner: save(tables_of(club, "Anna")[-1]),
    "deal corrected": lambda club, owner: correct(tables_of(club, "Anna")[2]),
    # at a table she never sat at: its players' ratings, then her opponents' and her own
    "deal undone elsewhere": lambda club, owner: undo(
        [t for t in tables_of(club, "Ivan") if t not in tables_of(club, "Anna")][-1]
    ),
    "partner renamed": lambda club, owner: clubs.rename_player(
        player(club, "Dina"), "Dinara", author=owner
    ),
    "partner merged": lambda club, owner: clubs.merge_players(
        player(club, "Dina"), clubs.add_player(club, "Dinah", author=owner), author=owner
    ),
    "night renamed": lambda club, owner: clubs.edit_night(
        club.nights.get(name="Night 3"), name="The long one", date=night_date(3), author=owner
    ),
    "night redated": lambda club, owner: clubs.edit_night(
        club.nights.get(name="Night 3"),
        name="Night 3",
        date=night_date(4) + datetime.timedelta(days=1),  # after Night 4: the rating reorders
        author=owner,
    ),
    "table taken out": lambda club, owner: clubs.remove_table(
        club.nights.get(name="Night 3"), tables_of(club, "Anna")[2], author=owner
    ),
}


def night_date(n: int) -> datetime.date:
    return FIRST_NIGHT + datetime.timedelta(days=7 * (n - 1))


@pytest.mark.usefixtures("small_parts")
@pytest.mark.parametrize("in_season", [False, True], ids=["all nights", "one season"])
@pytest.mark.parametrize("change", list(CHANGES))
def test_the_kept_page_shows_every_change(client, club, owner, change, in_season):
    anna = player(club, "Anna")
    url = reverse("club_player", args=[club.token, anna.pk])
    if in_season:
        url += f"?season={club.seasons.get().pk}"

    def page() -> str:
        """What the page shows: the rest holds a new CSRF token each time, and pygal names
        each chart it draws anew."""
        response = client.get(url)
        assert response.status_code == 200
        main = response.content.decode().split("<main", 1)[1].split("</main>", 1)[0]
        return re.sub(r"chart-[0-9a-f-]{36}", "chart", main)

    before = page()
    assert page() == before  # kept, and the same
    CHANGES[change](club, owner)
    after = page()
    cache.clear()
    fresh = page()  # made from nothing

    assert after == fresh
    assert after != before


def test_a_rename_of_the_player_himself_shows_at_once(client, club, owner):
    anna = player(club, "Anna")
    url = reverse("club_player", args=[club.token, anna.pk])
    assert "<bdi>Anna</bdi>" in client.get(url).content.decode()
    clubs.rename_player(anna, "Anastasia", author=owner)
    page = client.get(url).content.decode()
    assert "<bdi>Anastasia</bdi>" in page and "<bdi>Anna</bdi>" not in page


# ---------------------------------------------------------------------------------------------
# Keys


def test_a_rating_key_names_every_table_up_to_its_part_and_nothing_after():
    rows = [[(1, "t1", 3, 10, "2026-09-04"), (2, "t2", 3, 10, "2026-09-04")],
            [(3, "t3", 5, 11, "2026-09-11")]]  # fmt: skip
    keys = derived.rating_keys(1, "russian", rows)
    assert len(set(keys)) == 2
    for index in range(5):  # each item of the first part's first row: id, creation, version...
        changed = list(rows[0][0])
        changed[index] = "other"
        other = derived.rating_keys(1, "russian", [[tuple(changed), rows[0][1]], rows[1]])
        assert other[0] != keys[0] and other[1] != keys[1]
    later = derived.rating_keys(1, "russian", [rows[0], [(3, "t3", 6, 11, "2026-09-11")]])
    assert later[0] == keys[0] and later[1] != keys[1]
    assert derived.rating_keys(2, "russian", rows) != keys  # another club
    assert derived.rating_keys(1, "english-short", rows) != keys  # another variant
    assert derived.rating_keys(1, "russian", [rows[0] + rows[1]])[0] != keys[1]  # another cut


def test_his_figures_key_names_his_tables_and_him():
    rows = [(1, "t1", 3), (2, "t2", 5)]
    key = derived.figures_key(7, rows)
    assert derived.figures_key(8, rows) != key
    for index in range(3):  # each item of a row: id, creation, version
        changed = list(rows[0])
        changed[index] = "other"
        assert derived.figures_key(7, [tuple(changed), rows[1]]) != key
    assert derived.figures_key(7, rows[:1]) != key  # a table fewer
    assert derived.figures_key(7, rows[::-1]) != key  # in another order


def test_the_chart_key_names_every_point_of_the_history():
    days, values = array("l", [1, 2]), array("d", [1.5, 2.5])
    key = derived.history_key(days, values)
    assert derived.history_key(array("l", [1, 3]), values) != key
    assert derived.history_key(days, array("d", [1.5, 2.5000000001])) != key
    assert derived.history_key(days[:1], values[:1]) != key


def test_every_player_page_key_and_slot_names_the_release(settings):
    def keys() -> list[str]:
        return [
            *derived.rating_keys(1, "russian", [[(1, "t1", 3, 10, "2026-09-04")]]),
            derived.figures_key(7, [(1, "t1", 3)]),
            derived.rating_slot(1, "russian", "all", 0),
            derived.rating_history_slot(1, "russian", "all", 0),
            derived.rating_prefix_slot(1, "russian", "all", 7),
            derived.player_slot(1, "russian", "all", 7),
            derived.chart_slot(1, "russian", "all", 7, "en"),
        ]

    try:
        settings.RELEASE = "2026.11.1"
        derived.release.cache_clear()
        old = keys()
        settings.RELEASE = "2026.11.2"
        derived.release.cache_clear()
        new = keys()
    finally:
        derived.release.cache_clear()
    assert all(a != b for a, b in zip(old, new, strict=True))


def test_a_slot_holding_another_state_is_never_used(club):
    anna = player(club, "Anna")
    stats = standings.player_stats(anna, "russian")
    slot = derived.player_slot(club.pk, "russian", "all", anna.pk)
    key, kept = cache.get(slot)
    kept.net = 123456.0  # figures made under another key
    cache.set(slot, ("another key", kept))
    assert standings.player_stats(anna, "russian").net == stats.net
    cache.set(slot, (key, kept))
    assert standings.player_stats(anna, "russian").net == 123456.0  # (the same key: used)


# ---------------------------------------------------------------------------------------------
# What a page reads


def test_a_kept_page_reads_no_deal_and_one_row_a_table(client, club):
    """The public link's page, kept: the club, the player, the variants he played, the club
    again (his entry's), one stamp a table of the club (no model, no deal), the stamps of his
    own tables again (what his figures are kept under) and the club's seasons."""
    anna = player(club, "Anna")
    url = reverse("club_player", args=[club.token, anna.pk])
    client.get(url)

    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200

    sql = [q["sql"] for q in queries.captured_queries]
    assert len(sql) == 7, "\n".join(sql)
    assert not any("scorebook_deal" in s for s in sql)
    # the stamps: read with their creation as text, named stamp_created (CAST on SQLite, ::text
    # on PostgreSQL)
    assert sum("scorebook_table" in s and "stamp_created" in s for s in sql) == 2


@pytest.mark.usefixtures("small_parts")
def test_after_a_deal_saved_the_page_reads_that_tables_deals_only(client, club):
    anna = player(club, "Anna")
    url = reverse("club_player", args=[club.token, anna.pk])
    client.get(url)
    tonight = club.nights.get(name=f"Night {NIGHTS}").tables.exclude(seats__player__name="Anna")
    tonight = tonight.get()
    save(tonight)

    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200

    deals = [q["sql"] for q in queries.captured_queries if "scorebook_deal" in q["sql"]]
    assert len(deals) == 1 and f"IN ({tonight.pk})" in deals[0], deals
    assert len(queries) <= 20


# ---------------------------------------------------------------------------------------------
# Strangers


def test_a_stranger_looping_player_pages_is_held_back_and_a_member_is_not(client, club, owner):
    """The public link's computing pages are limited per address for whoever is not signed in
    (a script looping over them would take the scorers' time), in the visitor's language."""
    from scorebook.web.limits import STRANGER_PAGE_RATE

    url = reverse("club_player", args=[club.token, player(club, "Anna").pk])
    allowed = int(STRANGER_PAGE_RATE.split("/")[0])
    answers = {client.get(url).status_code for _ in range(allowed)}

    refused = client.get(url, HTTP_ACCEPT_LANGUAGE="ru")
    club_page = client.get(reverse("club", args=[club.token]))  # the club page is not limited
    other = client.get(url, REMOTE_ADDR="10.0.0.9")
    client.force_login(owner)
    member = client.get(url)

    assert answers == {200}
    assert refused.status_code == 429 and "Слишком много страниц" in refused.content.decode()
    assert club_page.status_code == 200
    assert other.status_code == 200 and member.status_code == 200


def test_the_page_lists_his_last_nights_and_every_night_when_asked(client, club, monkeypatch):
    """Hundreds of nights are a long scroll and a slow page: his last ones are listed (here 4
    of 6), the link shows them all."""
    monkeypatch.setattr(club_views, "PLAYER_NIGHTS", 4)
    anna = player(club, "Anna")
    url = reverse("club_player", args=[club.token, anna.pk])
    page = client.get(url).content.decode()
    listed = re.findall(r"<bdi>Night (\d+)</bdi>", page)
    assert listed == ["3", "4", "5", "6"]
    assert "His last 4 nights of 6." in page and "nights=all" in page
    everything = client.get(url, {"variant": "russian", "nights": "all"}).content.decode()
    assert re.findall(r"<bdi>Night (\d+)</bdi>", everything) == ["1", "2", "3", "4", "5", "6"]
    assert "Show every night" not in everything
