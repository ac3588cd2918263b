"""What "nothing changed" costs: a table's poll and a night overview's poll, each answered
from the shared cache (scorebook/derived.py) against the same poll made to read the database
as it did before, measured in one run and printed as a ratio (target: at most 40 %).

Run with ``make bench``; every figure and the load average are printed on every run.
"""

from __future__ import annotations

import datetime
import os
import statistics
import time

import pytest
from django.core.cache import cache
from django.test.utils import _TestState
from django.urls import reverse

from scorebook import derived
from scorebook.clubs import services as clubs

RUNS = 400
TARGET = 0.40
PLAYERS = {"N": "Anna", "E": "Boris", "S": "Vera", "W": "Gleb"}
pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_template_instrumentation():
    """Time requests as a server serves them (no signals per template render)."""
    state = getattr(_TestState, "saved_data", None)
    if state is not None:
        from django.template.base import Template

        Template._render = state.template_render
    yield


def _median_us(request, forget=None) -> float:
    request()
    times = []
    for _ in range(RUNS):
        if forget is not None:
            forget()
        start = time.perf_counter()
        request()
        times.append((time.perf_counter() - start) * 1e6)
    return statistics.median(times)


def test_an_unchanged_poll_costs_a_fraction_of_one_that_reads_the_database(
    client, django_user_model
):
    organiser = django_user_model.objects.create_user("olga", password="pw")
    club = clubs.create_club(user=organiser, name="Club", variant="russian", language="en")
    night = clubs.open_night(club, name="N", date=datetime.date(2026, 11, 20), author=organiser)
    tables = [
        clubs.start_table(night, author=organiser, variant="russian", players=dict(
            {seat: f"{name}{i}" for seat, name in PLAYERS.items()}), first_dealer="N")
        for i in range(10)
    ]  # fmt: skip
    table = tables[0]
    poll = reverse("table_sheet", args=[table.view_token]) + f"?v={table.version}"
    version = derived.night_version(night.pk)
    glance = reverse("evening_glance", args=[night.token]) + f"?v={version}"
    client.get(reverse("evening", args=[night.token]))

    def table_poll() -> None:
        assert client.get(poll).status_code == 204

    def night_poll() -> None:
        assert client.get(glance).status_code in (200, 204)

    figures = {
        "table poll, from the cache": _median_us(table_poll),
        "table poll, reading the table": _median_us(
            table_poll, lambda: cache.delete(f"version:{table.pk}")
        ),
        "night overview poll, from the cache (204)": _median_us(night_poll),
        "night overview poll, rendered": _median_us(
            night_poll, lambda: cache.delete(f"night:{night.pk}")
        ),
    }
    for name, value in figures.items():
        print(f"{name}: median {value:.0f} µs over {RUNS}")
    table_ratio = figures["table poll, from the cache"] / figures["table poll, reading the table"]
    night_ratio = (
        figures["night overview poll, from the cache (204)"]
        / figures["night overview poll, rendered"]
    )
    print(f"unchanged table poll: x{table_ratio:.2f} of one reading the table")
    print(f"unchanged night poll: x{night_ratio:.3f} of one rendering the overview")
    print("load average " + ", ".join(f"{x:.2f}" for x in os.getloadavg()))
    assert table_ratio <= TARGET
    assert night_ratio <= TARGET
