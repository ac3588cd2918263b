"""Where a request's time goes: cProfile of the club night's request kinds, in one process,
through the Django test client (the whole middleware and template stack; no gunicorn).

    .venv/bin/python -m tests.load.profile_requests [--deals 30] [--requests 40] [--top 12]

A night of 12 tables of ``--deals`` deals in a SQLite file in a temp dir (``DEBUG=0``); then
``--requests`` times each of: the scorer's save (posted as the page's htmx form posts it), the
first watcher's poll after a change (one version behind, as a watcher polling every few
seconds is: answered with that deal's changes), a second watcher's (from the cache), a poll
from a page that saw none of the deals (the whole sheet), a poll with nothing new (204), and
twice the night's PDF after a change (made in the request). For each: the median time (without
the profiler), the queries, the own time grouped by where the code lives, and the functions
with the most cumulative and own time. SQLite, not PostgreSQL: the queries cost less here.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import random
import re
import secrets
import shutil
import statistics
import tempfile
import time
import uuid
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

AREAS = (
    ("engine (scorebook/rules)", "/scorebook/rules/"),
    ("scorebook (views, services, pad, tags)", "/scorebook/"),
    ("templates (django.template)", "/django/template/"),
    ("i18n (gettext)", "gettext"),
    ("i18n (django translation)", "/django/utils/translation/"),
    ("ORM (django.db)", "/django/db/"),
    ("database driver", "sqlite3"),
    ("forms", "/django/forms/"),
    ("weasyprint / PDF", "weasyprint"),
    ("other django", "/django/"),
    ("other libraries (fontTools, pydyf, tinycss2, html5lib, ...)", "site-packages/"),
    ("other", ""),
)


def area_of(filename: str) -> str:
    for name, marker in AREAS:
        if marker in filename:
            return name
    return "other"


def report(
    title: str, profile: cProfile.Profile, times: list[float], top: int, queries: int
) -> None:
    stats = pstats.Stats(profile)
    total = sum(v[2] for v in stats.stats.values())  # type: ignore[attr-defined]
    by_area: dict[str, float] = {}
    for (filename, _line, _name), (_cc, _nc, tt, _ct, _callers) in stats.stats.items():  # type: ignore[attr-defined]
        key = "builtins (C functions)" if filename == "~" else area_of(filename)
        by_area[key] = by_area.get(key, 0.0) + tt
    median = statistics.median(times) * 1000
    print(f"\n=== {title}: median {median:.1f} ms over {len(times)}, {queries} queries ===")
    print("  own time by area (profiled, so slower than real):")
    for name, tt in sorted(by_area.items(), key=lambda kv: -kv[1]):
        if tt / total >= 0.01:
            print(f"    {tt / total * 100:5.1f} %  {name}")
    print(f"  top {top} by cumulative time (project and Django functions):")
    rows = []
    for (filename, line, name), (_cc, nc, _tt, ct, _callers) in stats.stats.items():  # type: ignore[attr-defined]
        if "/scorebook/" in filename or "/players/" in filename or "template" in filename:
            short = filename.split("/site-packages/")[-1].split("/work/main/")[-1]
            rows.append((ct, nc, f"{short}:{line}({name})"))
    for ct, nc, where in sorted(rows, reverse=True)[:top]:
        print(f"    {ct / total * 100:5.1f} %  {nc:>8} calls  {where}")
    print(f"  top {top} by own time:")
    own = []
    for (filename, line, name), (_cc, nc, tt, _ct, _callers) in stats.stats.items():  # type: ignore[attr-defined]
        short = filename.split("/site-packages/")[-1].split("/work/main/")[-1]
        own.append((tt, nc, f"{short}:{line}({name})"))
    for tt, nc, where in sorted(own, reverse=True)[:top]:
        print(f"    {tt / total * 100:5.1f} %  {nc:>8} calls  {where}")


def _count(executed: list[str], execute: Any, sql: str, *args: Any) -> Any:
    executed.append(sql)
    return execute(sql, *args)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=30)
    parser.add_argument("--requests", type=int, default=40)
    parser.add_argument("--top", type=int, default=12)
    parser.add_argument(
        "--dump",
        type=Path,
        help="also write each kind's profile to DIR/<n>.prof (for pstats or snakeviz)",
    )
    args = parser.parse_args()

    tmp = Path(tempfile.mkdtemp(prefix="scorebook-profile."))
    try:
        os.environ.update(
            DJANGO_SETTINGS_MODULE="tests.load.settings",
            LOAD_STATIC_ROOT=str(tmp / "static"),
            DATABASE_URL=f"sqlite:///{tmp / 'db.sqlite3'}",
            DEBUG="0",
            HTTPS="0",
            SECRET_KEY=secrets.token_urlsafe(50),
            ALLOWED_HOSTS="testserver",
        )
        import django

        django.setup()
        from django.core.management import call_command
        from django.db import connection
        from django.test import Client

        from scorebook.tables.models import Table
        from tests.load import club
        from tests.load.client import PageHtmx

        call_command("migrate", verbosity=0, interactive=False)
        call_command("collectstatic", verbosity=0, interactive=False)
        # A night of 12 tables; a scorer at each (the saves go round them, so each stays
        # near --deals deals), a watcher polling the first one, and the night's PDF.
        tables = club.seed(12, start_deals=args.deals, per_night=12, seed=1)
        table = tables[0]
        scorers = []
        for t in tables:
            phone = Client()
            page = phone.get(f"/t/{t.edit}/")
            csrf = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', page.content)
            assert page.status_code == 200 and csrf is not None
            scorers.append([t, phone, csrf.group(1).decode(), t.next_number])
        htmx = PageHtmx.read(page.content)  # what the page's htmx sends
        form_headers = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": htmx.form_target}
        poll_headers = {
            "HTTP_HX_REQUEST": "true",
            "HTTP_HX_TARGET": htmx.poll_target,
            "HTTP_HX_TRIGGER": htmx.poll_element,
        }
        rng = random.Random(1)
        watcher = Client()
        turn = [0]
        version = [0]

        def save_at(i: int) -> None:
            scorer = scorers[i]
            t, phone, csrf, number = scorer
            data = {
                "csrfmiddlewaretoken": csrf,
                **club.form_deal(number, rng),
                "nonce": uuid.uuid4().hex,
            }
            r = phone.post(f"/t/{t.edit}/deals/", data, **form_headers)
            assert r.status_code == 200, r.status_code
            scorer[3] = number + 1

        def save() -> None:
            turn[0] += 1
            save_at(turn[0] % len(scorers))

        def poll() -> None:
            r = watcher.get(f"/t/{table.view}/sheet/?v={version[0]}", **poll_headers)
            assert r.status_code in (200, 204), r.status_code
            if m := re.search(rb'data-version="(\d+)"', r.content):
                version[0] = int(m.group(1))

        def behind() -> int:
            return int(Table.objects.values_list("version", flat=True).get(pk=table.pk))

        def first_watcher() -> None:  # a change, then the first poll that sees it
            # The watcher was up to date: one version behind now (a club night's usual poll,
            # answered with that deal's changes).
            version[0] = behind()
            save_at(0)

        def second_watcher() -> None:  # a change, seen by one watcher already
            first_watcher()
            seen = version[0]
            poll()
            version[0] = seen

        def far_behind() -> None:  # a change, and a page that saw none of the deals
            save_at(0)
            version[0] = 0

        def evening_pdf() -> None:
            r = watcher.get(f"/e/{table.evening}/sheets.pdf")
            assert r.status_code == 200

        Kind = tuple[str, Callable[[], None], Callable[[], None] | None, int]
        kinds: list[Kind] = [
            (
                f"save (htmx, HX-Target {htmx.form_target}), ~{args.deals} deals",
                save,
                None,
                args.requests,
            ),
            (
                f"poll after a change, first watcher, ~{args.deals} deals",
                poll,
                first_watcher,
                args.requests,
            ),
            ("poll after a change, a second watcher", poll, second_watcher, args.requests),
            (
                f"poll after a change, a page far behind (the whole sheet), ~{args.deals} deals",
                poll,
                far_behind,
                args.requests,
            ),
            ("poll, nothing new (204)", poll, None, args.requests),
            (
                f"evening PDF (in the request), 12 tables of ~{args.deals} deals",
                evening_pdf,
                lambda: save_at(0),
                2,
            ),
        ]
        for title, request, prepare, count in kinds:
            for _ in range(2):  # warm: templates compiled, caches filled
                if prepare:
                    prepare()
                request()
            times = []
            for _ in range(count):  # timed without the profiler, which slows Python down
                if prepare:
                    prepare()
                start = time.perf_counter()
                request()
                times.append(time.perf_counter() - start)
            executed: list[str] = []
            if prepare:
                prepare()
            with connection.execute_wrapper(partial(_count, executed)):
                request()
            profile = cProfile.Profile()
            for _ in range(count):
                if prepare:
                    prepare()
                profile.enable()
                request()
                profile.disable()
            report(title, profile, times, args.top, len(executed))
            if args.dump:
                args.dump.mkdir(parents=True, exist_ok=True)
                name = args.dump / f"{kinds.index((title, request, prepare, count)) + 1}.prof"
                profile.dump_stats(name)
                print(f"  profile written to {name}")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
