"""Derived state (scorebook/derived.py): every key changes with every input it depends on, a
rename or a new release is never hidden by a cache, and an unchanged poll costs nothing."""

from __future__ import annotations

import datetime
import re

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import TestCase
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from players.models import Player, Season
from scorebook import derived
from scorebook.clubs import services as clubs
from scorebook.clubs import standings
from scorebook.tables import services
from scorebook.tables.models import Table
from tests.scorebook.conftest import deal_form, russian_deal

pytestmark = pytest.mark.django_db

# What a write publishes after its commit (the tests run inside one transaction that never
# commits): run it as the commit would.
capture_on_commit_callbacks = TestCase.captureOnCommitCallbacks

FORM = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "deal-form"}
NIGHT_DATE = datetime.date(2026, 11, 20)
PLAYERS = {"N": "Anna", "E": "Boris", "S": "Vera", "W": "Gleb"}


@pytest.fixture
def organiser(django_user_model):
    return django_user_model.objects.create_user("olga", password="pw")


@pytest.fixture
def club(organiser):
    return clubs.create_club(user=organiser, name="Thursday", variant="russian", language="en")


@pytest.fixture
def night(club, organiser):
    return clubs.open_night(club, name="Night 1", date=NIGHT_DATE, author=organiser)


def club_table(night, organiser, players=PLAYERS) -> Table:
    return clubs.start_table(
        night, author=organiser, variant="russian", players=dict(players), first_dealer="N"
    )


def save_as_the_page(client, table: Table) -> str:
    table.refresh_from_db()
    with capture_on_commit_callbacks(execute=True):  # as the request's commit runs them
        response = client.post(
            reverse("deal_add", args=[table.edit_token]), deal_form(table), **FORM
        )
    assert response.status_code == 200, response.content
    return response.content.decode()


# ---------------------------------------------------------------------------------------------
# What a user sees


def test_a_rename_through_the_club_is_seen_by_the_next_saves(client, night, organiser):
    table = club_table(night, organiser)
    save_as_the_page(client, table)  # the running score is kept, with "Anna" in its record

    anna = Player.objects.get(club=night.club, name="Anna")
    clubs.rename_player(anna, "Anastasia", author=organiser)

    author = services.Author(label="t")
    for number, dealer in ((2, "E"), (3, "S")):  # save after save: never the stale record
        table.refresh_from_db()
        with capture_on_commit_callbacks(execute=True):
            _deal, saved = services.record_deal(
                table, russian_deal(dealer), number=number,
                author=author,
            )  # fmt: skip
        assert saved is not None
        assert saved.record.players["N"] == "Anastasia"
    assert "Anastasia" in save_as_the_page(client, table)


def test_a_merge_is_seen_by_the_table_and_its_poll(client, night, organiser):
    table = club_table(night, organiser)
    services.add_deal(table, russian_deal("N"), number=1, author=services.Author(label="t"))
    table.refresh_from_db()
    seen = table.version
    poll = reverse("table_sheet", args=[table.view_token]) + f"?v={seen}"
    assert client.get(poll).status_code == 204

    boris = Player.objects.get(club=night.club, name="Boris")
    other = clubs.add_player(night.club, "Borya", author=organiser)
    with capture_on_commit_callbacks(execute=True):
        clubs.merge_players(boris, other, author=organiser)

    answer = client.get(poll)
    assert answer.status_code == 200  # the watchers' pages are brought up to date
    assert "Borya" in answer.content.decode()


def test_a_ladder_of_tied_players_follows_a_rename(night, organiser):
    season = Season.objects.create(
        club=night.club,
        name="Autumn",
        starts_on=datetime.date(2026, 9, 1),
        ends_on=datetime.date(2026, 12, 31),
        variant="russian",
    )
    table = club_table(night, organiser)
    # North-South win: partners tie, and each pair is listed by name
    services.add_deal(table, russian_deal("N", 9), number=1, author=services.Author(label="t"))

    def order() -> list[str]:
        return [row["name"] for row in standings.season_standings(season).rows()]

    assert order()[:2] == ["Anna", "Vera"]
    clubs.rename_player(Player.objects.get(name="Anna"), "Zoya", author=organiser)
    assert order()[:2] == ["Vera", "Zoya"]


def test_filing_and_removing_a_table_moves_its_version(night, organiser):
    table = club_table(night, organiser)
    before = Table.objects.get(pk=table.pk).version
    removed = clubs.remove_table(night, table, author=organiser)
    assert Table.objects.get(pk=table.pk).version == removed.version == before + 1
    filed = clubs.file_table(night, removed, author=organiser)
    assert Table.objects.get(pk=table.pk).version == filed.version == before + 2


# ---------------------------------------------------------------------------------------------
# Each key changes with each of its inputs


def test_a_table_stamp_names_the_table_its_creation_and_its_version(night, organiser):
    table = club_table(night, organiser)
    stamp = derived.table_stamp(table)
    other = club_table(night, organiser)
    assert derived.table_stamp(other) != stamp

    reborn = Table.objects.get(pk=table.pk)
    reborn.created_at += datetime.timedelta(seconds=1)  # a restored database reusing an id
    assert derived.table_stamp(reborn) != stamp
    assert derived.table_stamp(table, table.version + 1) != stamp


@pytest.mark.parametrize(
    "change",
    ["version", "language", "names", "part"],
)
def test_a_sheet_key_changes_with_each_input(night, organiser, change):
    table = club_table(night, organiser)
    inputs = {"version": 3, "language": "en", "players": dict(PLAYERS), "part": "whole"}
    key = derived.sheet_key(table, **inputs)
    changed = {
        "version": {"version": 4},
        "language": {"language": "ru"},
        "names": {"players": {**PLAYERS, "N": "Anastasia"}},
        "part": {"part": "change"},
    }[change]
    assert derived.sheet_key(table, **{**inputs, **changed}) != key


def test_the_form_key_changes_with_the_names_and_the_language_not_the_version(night, organiser):
    table = club_table(night, organiser)
    key = derived.form_key(table, PLAYERS, "en")
    assert derived.form_key(table, {**PLAYERS, "E": "Bob"}, "en") != key
    assert derived.form_key(table, PLAYERS, "ru") != key
    table.version += 1
    assert derived.form_key(table, PLAYERS, "en") == key  # kept from deal to deal


def test_every_key_names_the_release(night, organiser, settings):
    table = club_table(night, organiser)

    def keys() -> list[str]:
        return [
            derived.progress_key(table, 1, 1),
            derived.appended_key(table, 1),
            derived.sheet_key(table, 1, "en", PLAYERS, "whole"),
            derived.form_key(table, PLAYERS, "en"),
            derived.outcome_key(table),
            derived.season_key(1, ["a"], ["total"]),
            derived.pdf_key("table", table.pk, ["en"]),
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


def test_without_a_named_release_the_code_on_disk_names_it(settings):
    settings.RELEASE = ""
    derived.release.cache_clear()
    try:
        assert re.fullmatch(r"[0-9a-f]{16}", derived.release())
    finally:
        derived.release.cache_clear()


# ---------------------------------------------------------------------------------------------
# Polls


def test_an_unchanged_poll_reads_neither_the_database_nor_the_session(client, night, organiser):
    table = club_table(night, organiser)
    poll = reverse("table_sheet", args=[table.view_token]) + f"?v={table.version}"
    client.get(reverse("table", args=[table.edit_token]))  # a session exists (in the database)
    assert client.get(poll).status_code == 204  # read once from the database, then kept

    with CaptureQueriesContext(connection) as queries:
        assert client.get(poll).status_code == 204
    assert len(queries) == 0


def test_a_save_is_seen_by_the_next_poll_at_once(client, night, organiser):
    table = club_table(night, organiser)
    poll = reverse("table_sheet", args=[table.view_token]) + f"?v={table.version}"
    assert client.get(poll).status_code == 204
    save_as_the_page(client, table)
    answer = client.get(poll)
    assert answer.status_code == 200
    assert "Anna" in answer.content.decode()


def test_a_replaced_link_no_longer_answers_a_poll(client, night, organiser):
    table = club_table(night, organiser)
    old = table.view_token
    poll = reverse("table_sheet", args=[old]) + f"?v={table.version}"
    assert client.get(poll).status_code == 204
    with capture_on_commit_callbacks(execute=True):
        services.rotate_link(table, "view", author=services.Author(label="t"))
    assert client.get(poll).status_code == 404


def test_two_processes_sharing_the_cache_agree_after_a_write(client, night, organiser):
    """Each process reads the cache through its own connection (Django's caches are one per
    thread); a write published by one is what the other's poll compares."""
    import threading

    table = club_table(night, organiser)
    seen: dict[str, int | None] = {}

    def other_process(name: str) -> None:
        seen[name] = derived.polled_version(table.view_token)

    derived.remember_version(table.view_token, table)
    with capture_on_commit_callbacks(execute=True):
        services.add_deal(table, russian_deal("N"), number=1, author=services.Author(label="t"))
    for name in ("a", "b"):
        thread = threading.Thread(target=other_process, args=(name,))
        thread.start()
        thread.join()
    assert seen == {"a": table.version + 1, "b": table.version + 1}
    assert cache.get(f"version:{table.pk}") == Table.objects.get(pk=table.pk).version


def glance_version(client, night) -> str:
    html = client.get(reverse("evening", args=[night.token])).content.decode()
    found = re.search(r'/glance/\?v=([0-9a-f]*)"', html)
    assert found and found.group(1), "the overview polls with its version"
    return found.group(1)


def test_an_unchanged_night_overview_answers_204_without_a_query(client, night, organiser):
    club_table(night, organiser)
    version = glance_version(client, night)
    poll = reverse("evening_glance", args=[night.token]) + f"?v={version}"
    with CaptureQueriesContext(connection) as queries:
        assert client.get(poll).status_code == 204
    assert len(queries) == 0


@pytest.mark.parametrize("write", ["deal", "rename", "remove", "start", "edit"])
def test_every_write_a_night_shows_changes_its_overview(client, night, organiser, write):
    table = club_table(night, organiser)
    version = glance_version(client, night)
    poll = reverse("evening_glance", args=[night.token]) + f"?v={version}"
    client.get(poll)
    with capture_on_commit_callbacks(execute=True):
        if write == "deal":
            author = services.Author(label="t")
            services.add_deal(table, russian_deal("N"), number=1, author=author)
        elif write == "rename":
            anna = Player.objects.get(club=night.club, name="Anna")
            clubs.rename_player(anna, "Anastasia", author=organiser)
        elif write == "remove":
            clubs.remove_table(night, table, author=organiser)
        elif write == "start":
            club_table(night, organiser, {"N": "Ira", "E": "Kim", "S": "Lev", "W": "Max"})
        else:
            clubs.edit_night(night, name="Night one", date=NIGHT_DATE, author=organiser)
    answer = client.get(poll)
    assert answer.status_code == 200
    assert re.search(r"\?v=([0-9a-f]+)", answer.content.decode()).group(1) != version
