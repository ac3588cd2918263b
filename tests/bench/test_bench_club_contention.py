"""A scorer's save while strangers loop the players' pages of the ten-year club, on gunicorn.

The club of ``test_bench_club.py`` (``seed_club``: 60 players, ten years of weekly nights of ten
tables, ~183,000 deals) is made in a SQLite file and served by gunicorn as docs/deploy.md runs
it (``-w 2`` sync workers, ``--preload``; ``LOCAL=1 DEBUG=0``; each worker's local-memory
cache). A scorer saves deals on a table of the last night, as the page's htmx form does (its
CSRF token and session, one connection a request), one save every ``PAUSE`` s. Two anonymous
clients, each a process of its own, loop over the 60 players' pages (all nights) as fast as
they are answered: stopped (``SIGSTOP``) for one round of ``SAVES`` saves, let go
(``SIGCONT``) for the next, and so on, ``ROUNDS`` times each, in one run, so that both medians
meet the same machine. Target: the median save with the strangers at most 1.5 times the
median without them.

Every save is a new deal on the last night: each makes every player's page stale (the club's
rating moved), so the strangers' pages are the first after a save, not kept ones. The figures
are printed with the load average (the machine is shared)::

    .venv/bin/pytest tests/bench/test_bench_club_contention.py -q -p no:randomly -o addopts='' -s
"""

from __future__ import annotations

import json
import os
import re
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import urlencode

import pytest

from tests.load.server import Gunicorn, ServerSpec

REPO = Path(__file__).resolve().parents[2]
SERVER = "sync:2"  # docs/deploy.md
SAVES = 8  # saves a round
ROUNDS = 5  # rounds without the strangers, and as many with them, alternately
PAUSE = 0.5  # s between a save's answer and the next: two saves a second, a busy club night
SETTLE = 0.5  # s after the strangers are stopped or let go, before the round's first save
RATIO_TARGET = 1.5
SEATS = ("N", "E", "S", "W")
CSRF_INPUT = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
NUMBER_INPUT = re.compile(r'name="number" value="(\d+)"')

# A stranger: GETs the pages given, one after another, round and round, as fast as answered;
# on SIGTERM prints how many pages it read and their median time (ms), as JSON.
STRANGER = r"""
import http.client, json, signal, statistics, sys, time
port, paths = int(sys.argv[1]), sys.argv[2:]
times, errors = [], 0
def stop(*_):
    print(json.dumps({"pages": len(times), "errors": errors,
                      "median_ms": statistics.median(times) if times else None}), flush=True)
    sys.exit(0)
signal.signal(signal.SIGTERM, stop)
i = 0
while True:
    started = time.perf_counter()
    try:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
        conn.request("GET", paths[i % len(paths)], headers={"Connection": "close"})
        response = conn.getresponse()
        response.read()
        conn.close()
        if response.status == 200:
            times.append((time.perf_counter() - started) * 1000)
        else:
            errors += 1
    except OSError:
        errors += 1
        time.sleep(0.1)
    i += 1
"""

# Run in the club's database by the harness: what the scorer and the strangers ask for.
WHAT = r"""
import json
import django
django.setup()
from django.urls import reverse
from players.models import Club
from scorebook.tables.models import Table
club = Club.objects.get(name="Bench club")
table = Table.objects.filter(evening__club=club).order_by("-evening__date", "-pk").first()
players = club.roster.filter(merged_into=None).order_by("pk")
print(json.dumps({
    "edit": table.edit_token,
    "pages": [reverse("club_player", args=[club.token, p.pk]) for p in players],
}))
"""


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} CPUs"


@pytest.fixture
def report(capsys):
    def write(line: str) -> None:
        with capsys.disabled():
            print(f"\n{line}  [{load()}]", flush=True)

    return write


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """The club in a SQLite file, gunicorn serving it: (port, edit token, players' pages)."""
    tmp = tmp_path_factory.mktemp("club")
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "scorebook.settings",
        "DATABASE_URL": f"sqlite:///{tmp / 'club.sqlite3'}",
        "LOCAL": "1",
        "DEBUG": "0",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "PYTHONPATH": str(REPO),
    }
    env.pop("CACHE_URL", None)

    def manage(*args: str) -> str:
        done = subprocess.run(
            [sys.executable, "manage.py", *args], cwd=REPO, env=env, capture_output=True, text=True
        )
        assert done.returncode == 0, done.stderr[-3000:]
        return done.stdout

    started = time.perf_counter()
    manage("migrate", "--noinput", "-v0")
    manage("seed_club")  # the defaults: the club of test_bench_club.py
    seeded = time.perf_counter() - started
    done = subprocess.run(
        [sys.executable, "-c", WHAT], cwd=REPO, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr[-3000:]
    what = json.loads(done.stdout)
    server = Gunicorn(ServerSpec.parse(SERVER), free_port(), env, tmp)
    server.start()
    try:
        yield server.port, what["edit"], what["pages"], seeded
    finally:
        server.stop()


def request(port: int, method: str, path: str, headers=None, body: bytes = b""):
    """One request on its own connection: (status, headers, body, ms)."""
    import http.client

    started = time.perf_counter()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    conn.request(method, path, body=body, headers={"Connection": "close", **(headers or {})})
    response = conn.getresponse()
    payload = response.read()
    conn.close()
    return response.status, response.getheaders(), payload, (time.perf_counter() - started) * 1000


class Scorer:
    """The scorer's phone on the table's edit link: its session, CSRF token, next deal."""

    def __init__(self, port: int, edit: str) -> None:
        self.port, self.edit = port, edit
        status, headers, page, _ms = request(port, "GET", f"/t/{edit}/")
        assert status == 200, page[:300]
        text = page.decode()
        self.token = CSRF_INPUT.search(text).group(1)
        self.number = int(NUMBER_INPUT.search(text).group(1))
        cookies = [v.split(";", 1)[0] for k, v in headers if k.lower() == "set-cookie"]
        self.headers = {
            "HX-Request": "true",
            "Content-Type": "application/x-www-form-urlencoded",
            "Cookie": "; ".join(cookies),
        }

    def save(self) -> float:
        """The next deal, as the page's htmx form posts it: the answer's time in ms."""
        form = {
            "csrfmiddlewaretoken": self.token,
            "number": self.number,
            "dealer": SEATS[(self.number - 1) % 4],  # seed_club's tables: North deals first
            "trump": "SHDC"[self.number % 4],
            "tricks": 6 + self.number % 4,
            "honours": self.number % 6,
            "nonce": uuid.uuid4().hex,
        }
        body = urlencode(form).encode()
        status, _headers, answer, ms = request(
            self.port, "POST", f"/t/{self.edit}/deals/", self.headers, body
        )
        assert status == 200, answer[:500]
        self.number += 1
        return ms


def test_a_save_while_strangers_loop_the_players_pages(served, report):
    port, edit, pages, seeded = served
    # Both workers warm, as a server that has been up a while is: each has scored the club
    # (its own local cache) and kept every player's page once. Two requests at once go to the
    # two idle workers, one each.
    started = time.perf_counter()
    with ThreadPoolExecutor(2) as pool:
        for path in pages:
            answers = list(pool.map(lambda path: request(port, "GET", path), [path, path]))
            assert [status for status, *_rest in answers] == [200, 200]
    warmed = time.perf_counter() - started
    scorer = Scorer(port, edit)
    for _ in range(3):  # the table's running score kept by both workers
        scorer.save()

    strangers = [
        subprocess.Popen(
            [sys.executable, "-c", STRANGER, str(port), *pages[k::2]],
            stdout=subprocess.PIPE,
            text=True,
        )
        for k in range(2)
    ]
    alone: list[float] = []
    crowded: list[float] = []
    try:
        for stranger in strangers:
            os.kill(stranger.pid, signal.SIGSTOP)
        for _ in range(ROUNDS):
            for looping, times in ((False, alone), (True, crowded)):
                for stranger in strangers:
                    os.kill(stranger.pid, signal.SIGCONT if looping else signal.SIGSTOP)
                time.sleep(SETTLE)
                for _ in range(SAVES):
                    times.append(scorer.save())
                    time.sleep(PAUSE)
    finally:
        results = []
        for stranger in strangers:
            os.kill(stranger.pid, signal.SIGCONT)
            stranger.terminate()
            out, _err = stranger.communicate(timeout=60)
            results.append(json.loads(out.strip().splitlines()[-1]) if out.strip() else {})
    without, with_ = statistics.median(alone), statistics.median(crowded)
    ratio = with_ / without
    served_pages = sum(r.get("pages", 0) for r in results)
    page_ms = [r["median_ms"] for r in results if r.get("median_ms")]
    report(
        f"save on the ten-year club's last night ({SERVER}, local-memory cache): median "
        f"{without:.1f} ms alone (min {min(alone):.1f}, max {max(alone):.1f}), {with_:.1f} ms "
        f"with two strangers looping players' pages (min {min(crowded):.1f}, max "
        f"{max(crowded):.1f}): {ratio:.2f}x, {ratio / RATIO_TARGET:.0%} of the "
        f"{RATIO_TARGET:.1f}x target; {len(alone)} saves each, alternating rounds of {SAVES}; "
        f"the strangers read {served_pages} pages (median "
        f"{', '.join(f'{m:.0f}' for m in page_ms)} ms, "
        f"{sum(r.get('errors', 0) for r in results)} errors); club made in {seeded:.0f} s, "
        f"workers warmed in {warmed:.0f} s"
    )
    assert ratio <= RATIO_TARGET
