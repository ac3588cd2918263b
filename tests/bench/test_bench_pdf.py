"""Printed sheets, end to end from the database: the table's rows in, PDF bytes out.

Targets (issue 9): a three-rubber table's sheet in at most 250 ms (median), an evening of
twelve tables in at most 2 s (median), and a 2,000-deal sheet in at most 4 times a 500-deal
one: a ratio, timed in the same run (each long sheet between two short ones), in processor
time, so that the machine's load cancels out. The first two are times on the clock and move
with the load of the machine: each figure is printed with the load average beside it, pass
or fail, even when pytest captures the output.
"""

from __future__ import annotations

import os
import statistics
import time

import pytest

from scorebook.printing import pdf
from scorebook.rules import parse_record, score
from scorebook.tables import services
from scorebook.tables.models import Evening
from tests.scorebook.records import long_record

SHEET_RUNS = 7
EVENING_RUNS = 3
SHEET_TARGET = 0.25
EVENING_TARGET = 2.0
LONG_RUNS = 5  # rounds: the ratio moves by ±0.3 from one round to the next on a busy machine
LONG_RATIO = 4.0

pytestmark = pytest.mark.django_db


def timed(render) -> float:
    started = time.perf_counter()
    body = render()
    elapsed = time.perf_counter() - started
    assert body.startswith(b"%PDF")
    return elapsed


def timings(runs: int, render) -> list[float]:
    render()  # the first sheet loads the fonts and the templates
    return [timed(render) for _ in range(runs)]


def load() -> str:
    return "load average " + " ".join(f"{x:.2f}" for x in os.getloadavg())


@pytest.fixture
def report(capsys):
    """Print a figure whether or not pytest captures the output."""

    def write(line: str) -> None:
        with capsys.disabled():
            print(f"\n{line}; {load()}", flush=True)

    return write


def test_a_three_rubber_sheet_prints_in_at_most_250_ms(report):
    record = long_record()
    sheet = score(parse_record(record))
    assert len(sheet.rubbers) == 3 and len(record["deals"]) == 40
    table = services.import_record(record)

    times = timings(
        SHEET_RUNS,
        lambda: pdf.table_pdf(table, lang="en", paper="a4", base_url="http://bench.example/"),
    )
    median = statistics.median(times)
    report(
        f"three-rubber sheet (40 deals, A4): median {median * 1000:.0f} ms "
        f"(min {min(times) * 1000:.0f}, max {max(times) * 1000:.0f}, {SHEET_RUNS} runs; "
        f"target ≤ {SHEET_TARGET * 1000:.0f} ms)"
    )
    assert median <= SHEET_TARGET


def test_an_evening_of_twelve_tables_prints_in_at_most_2_s(report):
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
    report(
        f"evening of 12 tables (40 deals each, A4): median {median:.2f} s "
        f"(min {min(times):.2f}, max {max(times):.2f}, {EVENING_RUNS} runs; "
        f"target ≤ {EVENING_TARGET:.1f} s)"
    )
    assert median <= EVENING_TARGET


def test_a_2000_deal_sheet_takes_at_most_4_times_a_500_deal_one(report):
    tables = {deals: services.import_record(long_record(deals=deals)) for deals in (500, 2000)}

    def measure(deals: int) -> tuple[float, float]:
        """The wall and the processor time of one sheet, in seconds."""
        wall, cpu = time.perf_counter(), time.process_time()
        body = pdf.table_pdf(tables[deals], lang="en", paper="a4", base_url="http://b.example/")
        assert body.startswith(b"%PDF")
        return time.perf_counter() - wall, time.process_time() - cpu

    measure(500)  # fonts, templates
    # 500, 2000, 500, ..., 2000, 500: each long sheet against the mean of the short ones just
    # before and after it, so that a change of the machine's load hits both alike.
    short = [measure(500)]
    long = []
    for _ in range(LONG_RUNS):
        long.append(measure(2000))
        short.append(measure(500))

    def ratio(clock: int) -> float:
        return statistics.median(
            sheet[clock] / ((before[clock] + after[clock]) / 2)
            for sheet, before, after in zip(long, short[:-1], short[1:], strict=True)
        )

    wall_ratio, cpu_ratio = ratio(0), ratio(1)
    report(
        f"long sheets (A4), median of {LONG_RUNS} rounds: "
        f"500 deals {statistics.median(t[0] for t in short):.2f} s, "
        f"2,000 deals {statistics.median(t[0] for t in long):.2f} s, ratio {wall_ratio:.2f} "
        f"(processor time: ratio {cpu_ratio:.2f}; target ≤ {LONG_RATIO})"
    )
    # Processor time: a sheet renders in one thread, and the other processes of a busy machine
    # move its wall time by more than the margin between linear (4) and the target.
    assert cpu_ratio <= LONG_RATIO
