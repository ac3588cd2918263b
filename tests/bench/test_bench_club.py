"""A big club, end to end: ten years of weekly nights, ten tables a night, 30-40 deals each.

The club (60 players, ~520 nights, ~5,200 tables, ~180,000 deals) is generated once for the
module by ``seed_club`` in the test database, inside a transaction rolled back at the end.
Targets:

- a season's standings page (one year, ~520 tables), warm (its ladder cached): median of the
  server time at most 100 ms;
- saving a deal on the season's last table (POST of the entry form) and then loading the
  standings page, whose ladder that deal changed: median at most 150 ms;
- every season recomputed from the deals, cache empty: at most 20 s;
- the club's page, warm: median at most 100 ms;
- a player's page over all nights (the heaviest: ten years of his tables, and a rating that
  every table of the club moves), warm: median at most 100 ms; cold, the first request after
  a deal was saved tonight (at another table, and at his): at most 1 s each. Printed with no
  target: the first request after a deal of the first season was corrected, which rates every
  rubber since again (the rating's own maths, players/ladder.py, takes about a second for ten
  years), and with nothing kept at all (a restart with local caches, or a new release), which
  scores every table again.

A scorer's save while strangers loop players' pages is measured on gunicorn in
``test_bench_club_contention.py``.

The generation time is printed, with no target. Every figure is printed with the load
average (the machine is shared), on every run, captured output or not::

    .venv/bin/pytest tests/bench/test_bench_club.py -q -p no:randomly -o addopts='' -s
"""

from __future__ import annotations

import os
import statistics
import time
import uuid

import pytest
from django.core.cache import cache, caches
from django.db import transaction
from django.template.base import Template
from django.test.utils import _TestState
from django.urls import reverse

from players.models import Player, Season
from scorebook.clubs import standings
from scorebook.management.commands.seed_club import seed_club
from scorebook.tables import services
from scorebook.tables.models import Seat, Table

PLAYERS = 60
YEARS = 10
TABLES = 10
DEALS_MIN, DEALS_MAX = 30, 40
PAGE_RUNS = 15
SAVE_RUNS = 10
WARM_TARGET_MS = 100.0
SAVE_TARGET_MS = 150.0
RECOMPUTE_TARGET_S = 20.0
COLD_TARGET_MS = 1000.0
COLD_RUNS = 5

pytestmark = pytest.mark.django_db


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} CPUs"


def cache_setting() -> str:
    """The cache backend and its size: a season's outcomes (one entry a table) must fit."""
    backend = caches["default"]
    return f"{type(backend).__name__}, max {getattr(backend, '_max_entries', '?')} entries"


@pytest.fixture
def report(capsys):
    """Print a figure even when pytest captures the output (``make bench`` runs ``-q``)."""

    def write(line: str) -> None:
        with capsys.disabled():
            print(f"\n{line}  [{load()}]", flush=True)

    return write


@pytest.fixture
def uninstrumented_templates(monkeypatch):
    """Render templates as the server does, without the test client's per-template signal."""
    saved = getattr(_TestState, "saved_data", None)
    if saved is not None:
        monkeypatch.setattr(Template, "_render", saved.template_render)


@pytest.fixture(scope="module")
def big_club(django_db_setup, django_db_blocker):
    """The club, made once for the module and rolled back after its last test."""
    with django_db_blocker.unblock(), transaction.atomic():
        made = seed_club(
            name="Bench club",
            players=PLAYERS,
            years=YEARS,
            tables=TABLES,
            deals_min=DEALS_MIN,
            deals_max=DEALS_MAX,
            seed=1,
        )
        assert made is not None
        yield made
        transaction.set_rollback(True)


@pytest.fixture
def last_season(big_club):
    return Season.objects.filter(club=big_club.club).order_by("-starts_on").first()


def timed(call) -> float:
    started = time.perf_counter()
    call()
    return time.perf_counter() - started


def test_generating_the_club(big_club, report):
    made = big_club
    assert made.players == PLAYERS and made.seasons == YEARS
    assert made.nights >= 52 * YEARS and made.tables == made.nights * TABLES
    assert DEALS_MIN * made.tables <= made.deals <= DEALS_MAX * made.tables
    report(
        f"generate the club: {made.seconds:.1f} s for {made.nights} nights, {made.tables} "
        f"tables, {made.deals:,} deals ({made.deals / made.seconds:,.0f} deals/s, with their "
        "revisions)"
    )


@pytest.mark.usefixtures("uninstrumented_templates")
def test_a_warm_season_standings_page(client, big_club, last_season, report):
    url = reverse("season", args=[big_club.club.token, last_season.pk])
    cold = timed(lambda: client.get(url))  # fills the cache: outcomes and the ladder
    times = []
    for _ in range(PAGE_RUNS):
        started = time.perf_counter()
        response = client.get(url)
        times.append((time.perf_counter() - started) * 1000)
        assert response.status_code == 200
    median = statistics.median(times)
    tables = standings.club_tables(last_season.club, season=last_season).count()
    report(
        f"season standings page ({tables} tables), warm: median {median:.1f} ms "
        f"(min {min(times):.1f}, max {max(times):.1f}, {PAGE_RUNS} runs), "
        f"{median / WARM_TARGET_MS:.0%} of the {WARM_TARGET_MS:.0f} ms target; "
        f"the cold first request {cold * 1000:.0f} ms ({cold * 1000 / median:.0f}x warm)"
    )
    assert median <= WARM_TARGET_MS


@pytest.mark.usefixtures("uninstrumented_templates")
def test_saving_a_deal_then_loading_the_standings(client, big_club, last_season, report):
    table = (
        Table.objects.filter(evening__club=big_club.club, evening__date__lte=last_season.ends_on)
        .order_by("-evening__date", "-pk")
        .first()
    )
    page = reverse("season", args=[big_club.club.token, last_season.pk])
    add = reverse("deal_add", args=[table.edit_token])
    undo = reverse("deal_undo", args=[table.edit_token])
    client.get(reverse("table", args=[table.edit_token]))  # the browser's session exists
    client.get(page)  # the cache holds every other table's outcome
    state = services.table_state(table)
    number = state.next_number
    form = {"number": number, "dealer": state.next_dealer, "trump": "H", "tricks": 8,
            "honours": 3}  # fmt: skip

    saves, pages, times = [], [], []
    for _ in range(SAVE_RUNS + 1):  # the first round warms up
        data = {**form, "nonce": uuid.uuid4().hex}
        started = time.perf_counter()
        saved = client.post(add, data)
        middle = time.perf_counter()
        shown = client.get(page)
        done = time.perf_counter()
        assert saved.status_code == 302, saved.content[:500]
        assert shown.status_code == 200
        saves.append((middle - started) * 1000)
        pages.append((done - middle) * 1000)
        times.append((done - started) * 1000)
        assert client.post(undo, {"number": number}).status_code == 302  # untimed
    saves, pages, times = saves[1:], pages[1:], times[1:]
    median = statistics.median(times)
    report(
        f"save a deal ({number - 1} on the table) then the season standings: median "
        f"{median:.1f} ms (save {statistics.median(saves):.1f} + standings "
        f"{statistics.median(pages):.1f}; min {min(times):.1f}, max {max(times):.1f}, "
        f"{SAVE_RUNS} rounds), {median / SAVE_TARGET_MS:.0%} of the "
        f"{SAVE_TARGET_MS:.0f} ms target; cache {cache_setting()}"
    )
    assert services.table_state(table).next_number == number
    assert median <= SAVE_TARGET_MS, f"cache {cache_setting()}"


def test_recomputing_every_season_from_the_deals(big_club, report):
    seasons = list(Season.objects.filter(club=big_club.club).order_by("starts_on"))
    cache.clear()
    per_season = []
    started = time.perf_counter()
    for season in seasons:
        per_season.append(timed(lambda season=season: standings.season_standings(season)))
    elapsed = time.perf_counter() - started
    report(
        f"recompute {len(seasons)} seasons ({big_club.tables} tables, {big_club.deals:,} "
        f"deals) from the deals, cache empty: {elapsed:.1f} s "
        f"({big_club.deals / elapsed:,.0f} deals/s; a season {min(per_season):.2f} to "
        f"{max(per_season):.2f} s), {elapsed / RECOMPUTE_TARGET_S:.0%} of the "
        f"{RECOMPUTE_TARGET_S:.0f} s target"
    )
    assert elapsed <= RECOMPUTE_TARGET_S


def median_ms(times: list[float]) -> str:
    return f"median {statistics.median(times):.1f} ms (min {min(times):.1f}, max {max(times):.1f})"


@pytest.mark.usefixtures("uninstrumented_templates")
def test_a_warm_club_page(client, big_club, report):
    url = reverse("club", args=[big_club.club.token])
    cold = timed(lambda: client.get(url))
    times = []
    for _ in range(PAGE_RUNS):
        started = time.perf_counter()
        response = client.get(url)
        times.append((time.perf_counter() - started) * 1000)
        assert response.status_code == 200
    median = statistics.median(times)
    report(
        f"club page, warm: {median_ms(times)}, {PAGE_RUNS} runs, {median / WARM_TARGET_MS:.0%} "
        f"of the {WARM_TARGET_MS:.0f} ms target; the cold first request {cold * 1000:.0f} ms"
    )
    assert median <= WARM_TARGET_MS


@pytest.mark.usefixtures("uninstrumented_templates")
def test_a_players_page_warm_and_cold(client, big_club, report):
    """His page over all nights, the first player seated at tonight's last table."""
    club = big_club.club
    tonight = list(Table.objects.filter(evening__club=club).order_by("-evening__date", "-pk")[:2])
    his, other = tonight  # two tables of the last night: his, and one he is not at
    player = Player.objects.get(seat__table=his, seat__seat="N")
    assert not Seat.objects.filter(table=other, player=player).exists()
    first = Table.objects.filter(evening__club=club).order_by("evening__date", "pk").first()
    url = reverse("club_player", args=[club.token, player.pk])
    author = services.Author(label="bench")

    def get() -> float:
        started = time.perf_counter()
        response = client.get(url)
        elapsed = (time.perf_counter() - started) * 1000
        assert response.status_code == 200
        return elapsed

    cache.clear()
    nothing_kept = get()  # every table scored, every part of the rating made
    warm = [get() for _ in range(PAGE_RUNS)]

    def after(change, undo) -> list[float]:
        """The page's first request after ``change``, ``COLD_RUNS`` times (each undone)."""
        times = []
        for _ in range(COLD_RUNS):
            change()
            times.append(get())
            undo()
        return times

    def save(table: Table):
        def change() -> None:
            table.refresh_from_db()
            state = services.table_state(table)
            deal = {"dealer": state.next_dealer, "trump": "H",
                    "tricks": {"NS": 8, "EW": 5}, "honours": {"NS": 3, "EW": 2}}  # fmt: skip
            services.add_deal(table, deal, number=state.next_number, author=author)

        def undo() -> None:
            table.refresh_from_db()
            number = services.table_state(table).next_number - 1
            services.undo_last(table, number=number, author=author)

        return change, undo

    def correction():
        deal = first.deals.get(number=1, removed=False)
        tricks = deal.data["tricks"]

        def correct(ns: int):
            def change() -> None:
                first.refresh_from_db()
                version = first.deals.get(number=1, removed=False).version
                data = {**deal.data, "tricks": {"NS": ns, "EW": 13 - ns}}
                services.change_deal(first, 1, data, version=version, author=author)

            return change

        return correct(tricks["EW"]), correct(tricks["NS"])

    elsewhere = after(*save(other))
    at_his = after(*save(his))
    corrected = after(*correction())
    median = statistics.median(warm)
    cold = max(statistics.median(t) for t in (elsewhere, at_his))
    stats = standings.player_stats(player, club.variant)
    report(
        f"player's page, all nights ({stats.tables} tables of his, "
        f"{standings.club_tables(club).count()} in the club, {len(stats.rating)} rating "
        f"points), warm: {median_ms(warm)}, {PAGE_RUNS} runs, {median / WARM_TARGET_MS:.0%} of "
        f"the {WARM_TARGET_MS:.0f} ms target"
    )
    report(
        f"player's page, cold: after a deal saved tonight at another table {median_ms(elsewhere)}; "
        f"at his table {median_ms(at_his)} ({COLD_RUNS} runs each), {cold / COLD_TARGET_MS:.0%} "
        f"of the {COLD_TARGET_MS:.0f} ms target. No target: after a deal of the first season "
        f"corrected (every rubber since rated again) {median_ms(corrected)}; with nothing kept "
        f"(every table scored again) {nothing_kept:.0f} ms; cache {cache_setting()}"
    )
    assert median <= WARM_TARGET_MS
    assert cold <= COLD_TARGET_MS
