"""Server time of every table screen at 10 and at 500 deals, measured in one run.

Issue 9 asks for a time-ratio benchmark for every screen whose cost could grow with the table.
Two kinds of screen:

- *flat*: what a phone asks for during play (a save's answer, a poll, the correction form's
  own deal) must cost about the same at deal 500 as at deal 10: at most 1.5x;
- *whole sheet*: what shows or recomputes the whole table (the page, the read-only page, a
  correction, an undo, the record download) grows with it, but no faster than the deals:
  at most the ratio of the deal counts (50x), i.e. linear, never quadratic.

Each figure is the median of repeated requests through the whole Django stack (test client,
template instrumentation off). Run with ``make bench``; every figure and the load average are
printed on every run.
"""

from __future__ import annotations

import os
import statistics
import time
import uuid

import pytest
from django.template.base import Template
from django.test.utils import _TestState
from django.urls import reverse

from scorebook.tables import services

SIZES = (10, 500)
RUNS = 15
FLAT = 1.5
LINEAR = SIZES[1] / SIZES[0]
PLAYERS = {"N": "Anna", "E": "Boris", "S": "Vera", "W": "Gleb"}
SEATS = ("N", "E", "S", "W")


def _deal(i: int) -> dict[str, object]:
    ns = 6 + i % 5
    return {
        "dealer": SEATS[i % 4],
        "trump": "SHDC"[i % 4],
        "tricks": {"NS": ns, "EW": 13 - ns},
        "honours": {"NS": i % 6, "EW": 5 - i % 6},
    }


def _table(deals: int):
    record = {
        "format": "whist-record/1",
        "variant": "russian",
        "players": PLAYERS,
        "deals": [_deal(i) for i in range(deals)],
    }
    return services.import_record(record)


def _median_ms(request, runs: int = RUNS) -> float:
    request()  # warm: caches filled as a live table has them
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        request()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def _screens(client, table):
    """Each screen as a callable that makes one request and checks its answer."""
    edit, view = table.edit_token, table.view_token
    last = table.deals.filter(removed=False).count()

    def get(url, status=200, **headers):
        def request():
            response = client.get(url, **headers)
            assert response.status_code == status, (url, response.status_code)

        return request

    def correct_last():  # the last deal, tricks flipped back and forth: nothing after it
        deal = table.deals.get(number=last, removed=False)
        ns = deal.data["tricks"]["NS"]
        data = {
            "number": last,
            "version": deal.version,
            "nonce": uuid.uuid4().hex,
            "dealer": deal.data["dealer"],
            "trump": deal.data["trump"],
            "tricks": 7 if ns != 7 else 8,
            "honours": deal.data["honours"]["NS"],
        }
        response = client.post(reverse("deal_edit", args=[edit, last]), data)
        assert response.status_code == 302, response.content[:300]

    def undo_and_restore():
        assert client.post(reverse("deal_undo", args=[edit]), {"number": last}).status_code == 302
        restored = client.post(reverse("deal_restore", args=[edit]), {"number": last})
        assert restored.status_code == 302

    table.refresh_from_db()
    return {
        "flat": {
            "unchanged poll (204)": get(
                reverse("table_sheet", args=[view]) + f"?v={table.version}", status=204
            ),
        },
        "whole sheet": {
            "table page (scorer)": get(reverse("table", args=[edit])),
            "read-only page": get(reverse("table", args=[view])),
            "whole polled sheet": get(reverse("table_sheet", args=[view]) + "?v=0"),
            "correction form": get(reverse("deal_edit", args=[edit, last])),
            "record download": get(reverse("record_download", args=[view])),
            "correct the last deal": correct_last,
            "undo + restore": undo_and_restore,
        },
    }


@pytest.fixture
def uninstrumented_templates(monkeypatch):
    saved = getattr(_TestState, "saved_data", None)
    if saved is not None:
        monkeypatch.setattr(Template, "_render", saved.template_render)


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("uninstrumented_templates")
def test_every_table_screen_at_500_deals_against_10(client):
    tables = {n: _table(n) for n in SIZES}
    client.get(reverse("table", args=[tables[SIZES[0]].edit_token]))  # the session exists
    figures: dict[str, dict[str, dict[int, float]]] = {}
    for n, table in tables.items():
        for kind, screens in _screens(client, table).items():
            for name, request in screens.items():
                runs = RUNS * 4 if kind == "flat" else RUNS  # a few ms each: more of them
                figures.setdefault(kind, {}).setdefault(name, {})[n] = _median_ms(request, runs)
    failures = []
    print(f"\n{'screen':28} {SIZES[0]:>5} deals {SIZES[1]:>5} deals   ratio  goal")
    for kind, screens in figures.items():
        goal = FLAT if kind == "flat" else LINEAR
        for name, ms in screens.items():
            ratio = ms[SIZES[1]] / ms[SIZES[0]]
            print(
                f"{name:28} {ms[SIZES[0]]:8.1f} ms {ms[SIZES[1]]:8.1f} ms  x{ratio:5.2f}  "
                f"<= x{goal:g}"
            )
            if ratio > goal:
                failures.append(f"{name}: x{ratio:.2f} > x{goal:g}")
    print("load average " + ", ".join(f"{x:.2f}" for x in os.getloadavg()))
    assert not failures, failures
