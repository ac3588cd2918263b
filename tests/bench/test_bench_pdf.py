"""Printed sheets, end to end from the database: the table's rows in, PDF bytes out.

Targets (issue: printable score sheets): a three-rubber table's sheet in at most 500 ms
(median), an evening of twelve tables in at most 5 s. Run with ``make bench``; the figures
are printed.
"""

from __future__ import annotations

import statistics
import time

import pytest

from scorebook import pdf, services
from scorebook.models import Evening
from scorebook.rules import parse_record, score
from tests.scorebook.records import long_record

SHEET_RUNS = 7
EVENING_RUNS = 3
SHEET_TARGET = 0.5
EVENING_TARGET = 5.0

pytestmark = pytest.mark.django_db


def timings(runs: int, render) -> list[float]:
    render()  # the first sheet loads the fonts and the templates
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        body = render()
        times.append(time.perf_counter() - started)
        assert body.startswith(b"%PDF")
    return times


def test_a_three_rubber_sheet_prints_in_at_most_500_ms():
    record = long_record()
    sheet = score(parse_record(record))
    assert len(sheet.rubbers) == 3 and len(record["deals"]) == 40
    table = services.import_record(record)

    times = timings(
        SHEET_RUNS,
        lambda: pdf.table_pdf(table, lang="en", paper="a4", base_url="http://bench.example/"),
    )
    median = statistics.median(times)
    print(
        f"\nthree-rubber sheet (40 deals, A4): median {median * 1000:.0f} ms "
        f"(min {min(times) * 1000:.0f}, max {max(times) * 1000:.0f}, {SHEET_RUNS} runs)"
    )
    assert median <= SHEET_TARGET


def test_an_evening_of_twelve_tables_prints_in_at_most_5_s():
    evening = Evening.objects.create(name="Bench night", place="Club")
    for seed in range(12):
        players = {seat: f"Player {seed}{seat}" for seat in "NESW"}
        table = services.import_record(long_record(players, seed=seed))
        table.evening = evening
        table.save(update_fields=["evening"])

    times = timings(
        EVENING_RUNS,
        lambda: pdf.evening_pdf(evening, lang="ru", paper="a4", base_url="http://bench.example/"),
    )
    median = statistics.median(times)
    print(
        f"\nevening of 12 tables (40 deals each, A4): median {median:.2f} s "
        f"(min {min(times):.2f}, max {max(times):.2f}, {EVENING_RUNS} runs)"
    )
    assert median <= EVENING_TARGET
