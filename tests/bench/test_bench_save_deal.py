"""Server time of saving a deal on a table of 60 deals, through the whole Django stack.

Target: a median of at most 30 ms per save (POST through the test client, the redirect not
followed), both without JavaScript (302) and with htmx (200 and the new ``#live`` fragment,
which is what a phone waits for). Each save is undone again, untimed, so every save meets 60
deals. The test run's template instrumentation (a signal and a context copy per template
rendered, for ``response.context``) is switched off: it is not server time. Not part of the
default run::

    .venv/bin/pytest tests/bench/test_bench_save_deal.py -q -p no:randomly -o addopts='' -s
"""

from __future__ import annotations

import statistics
import time
import uuid

import pytest
from django.template.base import Template
from django.test.utils import _TestState
from django.urls import reverse

from scorebook import services

DEALS = 60
SAVES = 60
WARM_UP = 5
TARGET_MS = 30.0
PLAYERS = {"N": "Anna", "E": "Boris", "S": "Vera", "W": "Gleb"}
SEATS = ("N", "E", "S", "W")


def _deal(i: int) -> dict[str, object]:
    ns = 6 + i % 5
    honours = i % 6
    return {
        "dealer": SEATS[i % 4],
        "trump": "SHDC"[i % 4],
        "tricks": {"NS": ns, "EW": 13 - ns},
        "honours": {"NS": honours, "EW": 5 - honours},
    }


@pytest.fixture
def uninstrumented_templates(monkeypatch):
    """Render templates as the server does, without the test client's per-template signal."""
    saved = getattr(_TestState, "saved_data", None)
    if saved is not None:
        monkeypatch.setattr(Template, "_render", saved.template_render)


@pytest.mark.django_db
@pytest.mark.usefixtures("uninstrumented_templates")
@pytest.mark.parametrize("htmx", [False, True], ids=["full page", "htmx"])
def test_saving_a_deal_on_a_table_of_60_deals(client, htmx):
    record = {
        "format": "whist-record/1",
        "variant": "russian",
        "players": PLAYERS,
        "deals": [_deal(i) for i in range(DEALS)],
    }
    table = services.import_record(record)
    add = reverse("deal_add", args=[table.edit_token])
    undo = reverse("deal_undo", args=[table.edit_token])
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    client.get(reverse("table", args=[table.edit_token]))  # the browser's session exists
    form = {"number": DEALS + 1, "dealer": "N", "trump": "H", "tricks": 8, "honours": 3}

    times = []
    for i in range(WARM_UP + SAVES):
        data = {**form, "nonce": uuid.uuid4().hex}
        start = time.perf_counter()
        response = client.post(add, data, **headers)
        elapsed = time.perf_counter() - start
        assert response.status_code == (200 if htmx else 302), response.content[:500]
        assert client.post(undo, {"number": DEALS + 1}).status_code == 302
        if i >= WARM_UP:
            times.append(elapsed * 1000)

    median = statistics.median(times)
    print(
        f"\nsave a deal on {DEALS} deals ({'htmx' if htmx else 'full page'}): "
        f"median {median:.1f} ms, min {min(times):.1f} ms, max {max(times):.1f} ms "
        f"over {SAVES} saves"
    )
    assert services.table_state(table).next_number == DEALS + 1
    assert median <= TARGET_MS
