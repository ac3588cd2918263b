"""``make load``: a club night against gunicorn + a throwaway PostgreSQL, on 127.0.0.1.

    .venv/bin/python -m tests.load.run [--tables 36] [--duration 60] [--server sync:2] ...
    .venv/bin/python -m tests.load.run --mode kill      # kill -9 mid-run, then exactly-once

Starts PostgreSQL in a temp dir, migrates, and for each ``--server`` (``sync:N`` or
``gthread:N:THREADS``) starts gunicorn; for each ``--tables`` count makes that many new tables
of a club (``--per-night`` to a night, ``--start-deals`` deals each) and runs the mix of
:mod:`tests.load.client` for ``--duration`` s, then prints req/s, p50/p95/p99 and errors per
request kind, and checks that every answer agreed with the database. ``--servers N`` starts N
gunicorn instances (each a ``--server``, on a port of its own) sharing a throwaway Redis
(``CACHE_URL``) and the database, the client spreading the requests over them. Everything it
started is stopped and deleted at the end, on failure and on Ctrl-C too. See docs/load.md.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import resource
import secrets
import signal
import subprocess
import sys
import time
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any, TextIO

from tests.load import club
from tests.load.client import Mix, Run, Sample, ServerSheet, final_sheets
from tests.load.pgcluster import Cluster, free_port
from tests.load.redisserver import RedisServer
from tests.load.server import (
    REPO,
    Gunicorn,
    PrintWorker,
    ServerSpec,
    loadavg,
    machine_cpu,
    tracebacks,
    tree_cpu,
)

P95_GOAL_MS = 100.0  # the goal for saves, polls and pages, without PDFs
P95_GOAL_PDF_MS = 150.0  # the same with evening PDFs asked for during the run
# Two sync workers: on this 2-core machine, the least CPU a request and the lowest p95 of the
# setups compared (sync:2/3/4, gthread:2:4/2:8/3:4; docs/load.md, Figures).
DEFAULT_SERVER = "sync:2"
TASK_LINE = re.compile(r"Task id=\S+ path=\S+ state=\w+$")
CORE = "all but pdf"  # the row the goal is checked on: saves, polls and pages together
DISTURBED_AT = 20.0  # % of one core used by other programs: such a run is not comparable
KINDS = ("save", "poll", "page", "pdf", "pdf wait")  # what a request can be (errors)


def percentile(sorted_values: list[float], q: float) -> float:
    """Nearest-rank percentile of already sorted values."""
    if not sorted_values:
        return float("nan")
    rank = max(1, min(len(sorted_values), round(q / 100 * len(sorted_values) + 0.5)))
    return sorted_values[rank - 1]


def summarise(samples: list[Sample], seconds: float) -> dict[str, dict[str, Any]]:
    groups: dict[str, list[Sample]] = {}
    for s in samples:
        groups.setdefault(s.kind, []).append(s)
        if s.kind == "poll" and s.ok:
            groups.setdefault(
                "poll 200 (changed)" if s.outcome == "200" else "poll 204 (unchanged)", []
            ).append(s)
        if not s.kind.startswith("pdf"):
            groups.setdefault(CORE, []).append(s)
    order = [
        "save",
        "poll",
        "poll 200 (changed)",
        "poll 204 (unchanged)",
        "page",
        "pdf",
        "pdf wait",
        CORE,
    ]
    rows = {}
    for kind in order:
        group = groups.get(kind, [])
        if not group:
            continue
        times = sorted(s.latency for s in group)
        errors = Counter(s.outcome for s in group if not s.ok)
        rows[kind] = {
            "n": len(group),
            "rps": len(group) / seconds,
            "p50": percentile(times, 50),
            "p95": percentile(times, 95),
            "p99": percentile(times, 99),
            "max": times[-1],
            "errors": sum(errors.values()),
            "error_kinds": dict(errors),
        }
    return rows


def print_rows(rows: dict[str, dict[str, Any]]) -> None:
    print(
        f"  {'kind':<21}{'n':>7}{'req/s':>8}{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}"
        f"{'max ms':>9}  errors"
    )
    for kind, r in rows.items():
        errors = str(r["errors"])
        if r["error_kinds"]:
            errors += " (" + ", ".join(f"{k}: {v}" for k, v in r["error_kinds"].items()) + ")"
        print(
            f"  {kind:<21}{r['n']:>7}{r['rps']:>8.1f}{r['p50']:>9.1f}{r['p95']:>9.1f}"
            f"{r['p99']:>9.1f}{r['max']:>9.0f}  {errors}"
        )


def timeline(samples: list[Sample], duration: float, step: float = 10.0) -> None:
    print(f"  timeline ({CORE}, by scheduled time):", end="")
    t = 0.0
    parts = []
    while t < duration:
        window = sorted(
            s.latency
            for s in samples
            if not s.kind.startswith("pdf") and t <= s.scheduled < t + step
        )
        if window:
            parts.append(f"{t:.0f}s p95 {percentile(window, 95):.0f}")
        t += step
    print(" " + " | ".join(parts))


def report_log(log: Path, start: int, file: TextIO = sys.stdout) -> None:
    """What a server wrote to its log since ``start``: every distinct traceback in full (a
    server error), and the last of the other lines."""
    try:
        text = log.read_bytes()[start:].decode(errors="replace")
    except OSError:
        return
    found, others = tracebacks(text)
    # The print worker logs each task's start and end: counted, not listed.
    tasks = [line for line in others if TASK_LINE.match(line)]
    others = [line for line in others if not TASK_LINE.match(line)]
    if tasks:
        done = Counter(line.rsplit("=", 1)[-1] for line in tasks)
        print(f"  {log.name}: tasks " + ", ".join(f"{k} {v}" for k, v in done.items()), file=file)
    for count, header, trace in found:
        print(f"  {log.name}: {count} × {header or 'traceback'}", file=file)
        for line in trace.splitlines():
            print(f"    {line}", file=file)
    if others:
        print(f"  {log.name}: {len(others)} other lines; the last ones:", file=file)
        for line in others[-8:]:
            print(f"    {line[:160]}", file=file)


def per_server(
    samples: list[Sample], gunicorns: list[Gunicorn], down: list[tuple[int, float, float]]
) -> dict[str, dict[str, Any]]:
    """Per instance: requests answered, answered after passing over an instance that refused
    (it was down), and failures, split between those on the wire to an instance while it was
    killed (``errors_by_kill``) and the others (``errors_elsewhere``)."""
    names = {g.port: g.name for g in gunicorns}
    found: dict[str, dict[str, Any]] = {
        g.name: {
            "port": g.port,
            "answered": 0,
            "failed_over_to": 0,
            "errors_by_kill": 0,
            "errors_elsewhere": 0,
            "error_kinds": Counter[str](),
        }
        for g in gunicorns
    }
    for s in samples:
        if s.summary:  # a PDF's whole wait: its requests are counted one by one
            continue
        entry = found.get(names.get(s.server, ""))
        if entry is None:  # not sent to any instance
            continue
        answered = not s.outcome.startswith("err:")
        if answered:
            entry["answered"] += 1
            if s.failed_over:
                entry["failed_over_to"] += 1
        if s.ok:
            continue
        start, end = s.scheduled, s.scheduled + s.latency / 1000
        killed = any(port == s.server and start <= back and at <= end for port, at, back in down)
        entry["errors_by_kill" if killed else "errors_elsewhere"] += 1
        entry["error_kinds"][f"{s.kind} {s.outcome}"] += 1
    for entry in found.values():
        entry["error_kinds"] = dict(entry["error_kinds"])
    return found


def print_servers(by_server: dict[str, dict[str, Any]], gunicorns: list[Gunicorn]) -> None:
    print("  per instance (the whole run, warm-up included):")
    for g in gunicorns:
        e = by_server[g.name]
        kinds = ", ".join(f"{k}: {v}" for k, v in sorted(e["error_kinds"].items()))
        print(
            f"    {g.name} :{g.port}: {e['answered']} answered ({e['failed_over_to']} of them "
            f"after another instance refused the connection); errors on the wire when it was "
            f"killed {e['errors_by_kill']}, other errors {e['errors_elsewhere']}"
            + (f" ({kinds})" if kinds else "")
        )


def check_agreement(
    args: argparse.Namespace, run: Run, made: list[club.LoadTable], gunicorns: list[Gunicorn]
) -> dict[str, Any]:
    """Did every answer agree with the database? During the run: no answer showed a version
    of a table that the database does not have at the end; no poll was answered "nothing
    changed" after a newer version had been seen in an answer received before it was sent
    (with one cache per process the design allows that for ``derived.POLL_TTL`` s, with a
    shared cache never); no poll was answered with an older version than it asked with.
    After the run (with one cache per process, ``POLL_TTL`` s after), through each instance
    directly: the whole sheet is the same on every instance, shows the database's version and
    lists its live deals; a poll at that version is answered 204, and a poll one version
    behind 200 with that version."""

    from scorebook.derived import POLL_TTL

    ports = [g.port for g in gunicorns]
    names = {g.port: g.name for g in gunicorns}
    shared = args.cache in ("redis", "db")
    allowed = 0.0 if shared else float(POLL_TTL)
    if not shared:  # a process may answer from what it remembered for POLL_TTL s: let it go
        time.sleep(allowed + 0.5)
    db = club.tables_now([t.pk for t in made])
    versions = {pk: version for pk, (version, _numbers) in db.items()}
    sheets: dict[int, dict[int, ServerSheet]] = asyncio.run(
        final_sheets(made, ports, versions, timeout=args.timeout)
    )
    seen = run.seen
    problems: list[str] = []
    ahead = 0
    for pk, (version, _numbers) in db.items():
        highest = seen.highest(pk)
        if highest is not None and highest > version:
            ahead += 1
            problems.append(f"table {pk}: an answer showed version {highest}, database {version}")
    late = [s for s in seen.stale if s[4] > allowed]
    for pk, port, asked, newest, lag in late[:10]:
        problems.append(
            f"table {pk}: {names.get(port, port)} answered 204 to v={asked} {lag:.2f} s after "
            f"v={newest} had been seen"
        )
    for pk, port, asked, shown in seen.went_back[:10]:
        problems.append(f"table {pk}: {names.get(port, port)} answered v={shown} to v={asked}")
    differ = wrong = stale_poll = 0
    for pk, (version, numbers) in db.items():
        answers = sheets.get(pk, {})
        if len({a.digest for a in answers.values()}) != 1:
            differ += 1
            problems.append(f"table {pk}: the servers' sheets differ")
        for port, a in answers.items():
            where = f"table {pk} on {names[port]}"
            if a.status != "200" or a.version != version or a.numbers != numbers:
                wrong += 1
                problems.append(
                    f"{where}: sheet {a.status}, version {a.version} (database {version}), "
                    f"{len(a.numbers)} deals (database {len(numbers)})"
                )
            if a.unchanged != "204" or (
                version > 0 and (a.behind != "200" or a.behind_version != version)
            ):
                stale_poll += 1
                problems.append(
                    f"{where}: poll at v={version} answered {a.unchanged}, at v={version - 1} "
                    f"answered {a.behind} showing v={a.behind_version}"
                )
    ok = not problems
    tables = len(db)
    lags = [s[4] for s in seen.stale]
    kind = (
        f"shared ({args.cache}): none allowed"
        if shared
        else f"one per process: allowed within POLL_TTL = {allowed:g} s"
    )
    print(f"  agreement with the database ({tables} tables × {len(ports)} instance(s)):")
    print(
        f"    during the run: {seen.answers} answers showed a version; tables with a version "
        f"beyond the database's: {ahead}; polls answered 204 after a newer version had been "
        f"seen: {len(seen.stale)}"
        + (f" (longest {max(lags):.2f} s after)" if lags else "")
        + f", beyond what the cache allows ({kind}): {len(late)}; polls answered with an "
        f"older version than asked: {len(seen.went_back)}"
    )
    print(
        f"    after the run, each table through each instance: sheets differing between "
        f"instances {differ}; sheets not the database's (version, deals) {wrong}; polls at "
        f"the database's version not 204, or one behind not 200 with it: {stale_poll}"
    )
    for line in problems[:20]:
        print(f"      {line}")
    print("  AGREEMENT: " + ("PASS" if ok else "FAIL"))
    return {
        "pass": ok,
        "tables": tables,
        "instances": len(ports),
        "answers": seen.answers,
        "ahead": ahead,
        "stale_204": len(seen.stale),
        "stale_204_longest_s": max(lags) if lags else 0.0,
        "stale_204_beyond_allowed": len(late),
        "went_back": len(seen.went_back),
        "sheets_differ": differ,
        "sheets_wrong": wrong,
        "polls_wrong": stale_poll,
    }


def cpu_now(
    gunicorns: list[Gunicorn],
    cluster: Cluster,
    worker: PrintWorker | None,
    redis: RedisServer | None,
) -> dict[str, float]:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    postmaster = cluster.postmaster_pid()
    redis_pid = redis.pid() if redis is not None else None
    return {
        "gunicorn": sum(g.cpu_seconds() for g in gunicorns),
        **({"print worker": worker.cpu_seconds()} if worker is not None else {}),
        "postgres": tree_cpu(postmaster) if postmaster else 0.0,
        **({"redis": tree_cpu(redis_pid)} if redis_pid else {}),
        "client": usage.ru_utime + usage.ru_stime,
        "machine": machine_cpu(),
    }


def label(args: argparse.Namespace, spec: ServerSpec) -> str:
    """``sync:2``, or ``2×sync:1`` for two instances of it."""
    return f"{args.servers}×{spec}" if args.servers > 1 else str(spec)


def run_once(
    args: argparse.Namespace,
    spec: ServerSpec,
    tables: int,
    gunicorns: list[Gunicorn],
    cluster: Cluster,
    step: int,
    worker: PrintWorker | None,
    redis: RedisServer | None,
) -> dict[str, Any]:
    kill = args.mode == "kill"
    ports = [g.port for g in gunicorns]
    print(
        f"\n== {label(args, spec)}, {tables} tables ({tables * (1 + args.watchers)} phones), "
        f"{args.duration:.0f} s" + (f", {args.kills} kills" if kill else "") + " =="
    )
    started = time.monotonic()
    made = club.seed(
        tables, start_deals=args.start_deals, per_night=args.per_night, seed=args.seed + step
    )
    print(
        f"  {len(made)} tables in {len({t.evening for t in made})} nights, "
        f"{args.start_deals} deals each ({time.monotonic() - started:.1f} s)"
    )
    mix = Mix(
        tables=made,
        ports=ports,
        fail_timeout=args.fail_timeout,
        duration=args.duration,
        save_every=args.save_every,
        poll_every=args.poll_every,
        watchers=args.watchers,
        scorer_polls=args.scorer_polls,
        page_every=0 if kill else args.page_every,
        pdf_every=0 if kill else args.pdf_every,
        pdf_burst=args.pdf_burst,
        max_inflight=args.max_inflight,
        timeout=args.timeout,
        seed=args.seed + step,
    )
    loads: dict[str, str] = {"before": loadavg()}
    kills: list[float] = []
    # (the port killed, when, when it answered again): s from the start of the run
    down: list[tuple[int, float, float]] = []

    async def midpoint(run: Run) -> None:
        await run.sleep_until(run.mix.duration / 2)
        loads["middle"] = loadavg()

    async def kill_loop(run: Run) -> None:
        # Kills spread over the run; after each restart the phones get at least --up-between
        # seconds of a working server, and keep sending until then even past --duration.
        # With several instances, one at a time (in turn) while the others keep serving.
        for k in range(args.kills):
            await run.sleep_until(run.mix.duration * (k + 1) / (args.kills + 1))
            victim = gunicorns[k % len(gunicorns)]
            at = run.now()
            await asyncio.to_thread(victim.kill9)
            await asyncio.sleep(args.down)
            await asyncio.to_thread(victim.start)
            kills.append(at)
            down.append((victim.port, at, run.now()))
            which = f" of {victim.name} (:{victim.port})" if len(gunicorns) > 1 else ""
            print(f"  kill -9{which} at {at:.1f} s, answering again after {run.now() - at:.1f} s")
            run.stop_at = max(run.stop_at, run.now() + args.up_between)
            await run.sleep_until(run.now() + args.up_between)
        loads["middle"] = loadavg()

    outages: list[tuple[float, float]] = []

    async def redis_outage(run: Run) -> None:
        # --redis-outage S: Redis killed (-9) mid-run, an empty one back S seconds later.
        assert redis is not None
        await run.sleep_until(run.mix.duration / 2)
        at = run.now()
        await asyncio.to_thread(redis.kill9)
        await asyncio.sleep(args.redis_outage)
        await asyncio.to_thread(redis.start)
        outages.append((at, run.now()))
        print(f"  redis-server kill -9 at {at:.1f} s, an empty one answering at {run.now():.1f} s")

    async def during(run: Run) -> None:
        jobs = [kill_loop(run) if kill else midpoint(run)]
        if args.redis_outage:
            jobs.append(redis_outage(run))
        await asyncio.gather(*jobs)

    run = Run(mix)
    logs = [g.log for g in gunicorns] + ([worker.log] if worker is not None else [])
    log_starts = {log: log.stat().st_size if log.exists() else 0 for log in logs}
    cpu_before = cpu_now(gunicorns, cluster, worker, redis)
    wall = time.monotonic()
    asyncio.run(run.run(during))
    wall = time.monotonic() - wall
    loads["end"] = loadavg()
    cpu_after = cpu_now(gunicorns, cluster, worker, redis)
    stop = run.stop_at  # --duration, or later when restarts after kills took long
    measured = [s for s in run.samples if args.warmup <= s.scheduled < stop]
    seconds = stop - args.warmup
    rows = summarise(measured, seconds)
    print(
        f"  load average before {loads['before']}, mid-run {loads.get('middle', '?')}, "
        f"end {loads['end']}; requests that waited for one of the {args.max_inflight} "
        f"in-flight slots: {run.waited_for_slot}; changed polls answered with the whole "
        f"sheet: {run.whole_sheets}"
    )
    used = {k: cpu_after[k] - cpu_before[k] for k in cpu_after}
    # What else ran on the machine meanwhile: every core's busy time minus the harness's.
    used["others"] = max(0.0, used.pop("machine") - sum(used.values()))
    cpu = {k: v / wall * 100 for k, v in used.items()}
    # Every answer the server gave during the CPU window: the samples, and the pages the
    # phones opened before the measured run.
    answered = run.opened + sum(
        1 for s in run.samples if s.outcome[:1] in "12345" and not s.summary
    )
    if kill:  # a killed server's CPU is gone with it (and so counts as the others')
        cpu.pop("gunicorn")
        cpu.pop("others")
    elif answered:
        server = (
            used["gunicorn"]
            + used["postgres"]
            + used.get("print worker", 0.0)
            + used.get("redis", 0.0)
        )
        server_ms = server / answered * 1000
        cpu["server ms/request"] = server_ms
    per_request = cpu.pop("server ms/request", None)
    print(
        "  CPU (% of one core; 2 cores = 200 %): "
        + ", ".join(f"{k} {v:.0f} %" for k, v in cpu.items())
        + (f"; server {per_request:.1f} ms a request" if per_request else "")
    )
    if per_request:
        cpu["server_ms_per_request"] = per_request
    page = run.htmx
    print(
        f"  the page: the form posts with HX-Target {page.form_target}; #{page.poll_element} "
        f"polls every {page.poll_every or '?'} s (this run: every {args.poll_every:g} s)"
    )
    print(f"  measured: scheduled from {args.warmup:.0f} s to {stop:.0f} s")
    print_rows(rows)
    by_server = per_server(run.samples, gunicorns, down)
    if len(gunicorns) > 1:
        print_servers(by_server, gunicorns)
    if redis is not None:
        info = redis.info()
        db0 = info.get("db0")
        keys = db0.get("keys", "?") if isinstance(db0, dict) else 0
        if info:
            print(
                f"  redis: {info.get('total_commands_processed', '?')} commands since it "
                f"started, {keys} keys, {info.get('used_memory_human', '?')} used"
            )
    for log, start in log_starts.items():
        report_log(log, start)
    timeline(run.samples, stop)
    agreement = check_agreement(args, run, made, gunicorns)
    result: dict[str, Any] = {
        "code": args.code,
        "date": time.strftime("%Y-%m-%d %H:%M"),
        "server": label(args, spec),
        "servers": len(gunicorns),
        "tables": tables,
        "duration": args.duration,
        "save_every": args.save_every,
        "poll_every": args.poll_every,
        "watchers": args.watchers,
        "scorer_polls": args.scorer_polls,
        "page_every": mix.page_every,
        "pdf_every": mix.pdf_every,
        "pdf_burst": args.pdf_burst,
        "conn_max_age": args.conn_max_age,
        "print_worker": worker is not None,
        "worker_nice": args.worker_nice if worker is not None else None,
        "worker_quota": args.worker_quota if worker is not None else None,
        "worker_priority": worker.priority if worker is not None else None,
        "worker_applied": worker.applied if worker is not None else None,
        "page_poll_every": page.poll_every,
        "form_target": page.form_target,
        "cache": args.cache,
        "start_deals": args.start_deals,
        "loadavg": loads,
        "cpu_percent": cpu,
        "rows": rows,
        "refused": dict(run.refused),
        "whole_sheets": run.whole_sheets,
        "by_server": by_server,
        "agreement": agreement,
        "redis_outage": outages,
    }
    if kill:
        first = {t.pk: t.next_number for t in made}
        check = club.check_exactly_once(run.acked.deals, first)
        once = (
            check.lost == check.duplicated == check.wrong == check.unacknowledged == 0
            and run.acked.unresolved == 0
            and not run.refused
            and len(kills) == args.kills
        )
        print(
            f"  kills: {len(kills)}; deals acknowledged: {check.acknowledged}; lost: "
            f"{check.lost}; duplicated: {check.duplicated}; other data: {check.wrong}; saved "
            f"but never acknowledged: {check.unacknowledged}; given up: "
            f"{run.acked.unresolved}; re-posts (same nonce): {run.acked.retries}; longest "
            f"wait for an acknowledgement: {run.acked.longest_wait:.1f} s"
        )
        print(
            f"  acknowledged only on a re-post, saved by an earlier attempt whose answer the "
            f"kill cut off (answered from the nonce): {check.replayed}"
        )
        for line in (check.details or [])[:20]:
            print(f"    {line}")
        print("  EXACTLY ONCE: " + ("PASS" if once else "FAIL"))
        # Several instances: the others served while one was down. Every request either was
        # answered (after passing over the dead one if it refused) or was on the wire to the
        # instance that died; none failed on a live one, none found every instance down.
        served = True
        if len(gunicorns) > 1:
            live_errors = sum(v["errors_elsewhere"] for v in by_server.values())
            served = live_errors == 0
            print(
                "  THE OTHERS KEPT SERVING: "
                + ("PASS" if served else f"FAIL ({live_errors} errors not caused by a kill)")
            )
            result["served"] = served
        ok = once and served and agreement["pass"]
        result.update(
            kills=len(kills),
            acknowledged=check.acknowledged,
            lost=check.lost,
            duplicated=check.duplicated,
            wrong=check.wrong,
            unacknowledged=check.unacknowledged,
            replayed=check.replayed,
            retries=run.acked.retries,
            unresolved=run.acked.unresolved,
            exactly_once=once,
        )
    else:
        core = rows.get(CORE, {})
        errors = sum(r["errors"] for k, r in rows.items() if k in KINDS)
        goal = p95_goal(args)
        ok = bool(core) and core["p95"] <= goal and errors == 0 and not run.refused
        result["goal_p95"] = goal
        print(
            f"  goal p95 ≤ {goal:.0f} ms (saves, polls and pages) and no errors: "
            + ("PASS" if ok else "FAIL")
        )
        ok = ok and agreement["pass"]
        others = cpu.get("others", 0.0)
        if others >= DISTURBED_AT:
            result["disturbed"] = True
            print(
                f"  disturbed: other programs used {others:.0f} % of a core during the run "
                f"(≥ {DISTURBED_AT:.0f} %): it measures the machine as much as the code; "
                "run it again on a quieter machine before comparing it (docs/load.md)"
            )
    result["pass"] = ok
    return result


def p95_goal(args: argparse.Namespace) -> float:
    """The issue's goals: 100 ms without PDFs, 150 ms with evening PDFs, unless given."""
    if args.p95_goal is not None:
        return float(args.p95_goal)
    with_pdfs = args.mode == "load" and args.pdf_every > 0 and args.pdf_burst > 0
    return P95_GOAL_PDF_MS if with_pdfs else P95_GOAL_MS


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(
        prog="make load", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument(
        "--mode",
        choices=("load", "kill"),
        default="load",
        help="load: measure; kill: kill -9 the server mid-run, check exactly-once",
    )
    p.add_argument(
        "--tables",
        default="",
        help="tables of the night; a comma-separated list runs each in turn "
        "(default 36; 30 with --mode kill)",
    )
    p.add_argument(
        "--duration", type=float, default=60.0, help="seconds of load per run (default 60)"
    )
    p.add_argument(
        "--warmup",
        type=float,
        default=5.0,
        help="the first seconds are sent but not measured (default 5)",
    )
    p.add_argument(
        "--server",
        default=DEFAULT_SERVER,
        help="gunicorn: sync:WORKERS or gthread:WORKERS:THREADS; a comma-separated "
        f"list runs each in turn (default {DEFAULT_SERVER}, measured best on 2 cores: "
        "docs/load.md)",
    )
    p.add_argument("--workers", type=int, help="worker count (replaces the one of --server)")
    p.add_argument(
        "--servers",
        type=int,
        default=1,
        help="gunicorn instances, each a --server on a port of its own, sharing the database "
        "and (by default when more than one) a throwaway Redis; the client spreads the "
        "requests over them round-robin (default 1)",
    )
    p.add_argument(
        "--fail-timeout",
        type=float,
        default=2.0,
        help="s the client leaves out an instance that refused a connection (nginx's "
        "fail_timeout with max_fails=1; default 2)",
    )
    p.add_argument(
        "--save-every",
        type=float,
        help="s between a scorer's deals (default 4; 2 with --mode kill, for more deals)",
    )
    p.add_argument("--poll-every", type=float, default=3.0, help="s between a phone's polls")
    p.add_argument("--watchers", type=int, default=3, help="read-only phones per table")
    p.add_argument(
        "--scorer-polls",
        action="store_true",
        help="the scorer's page polls its sheet too (as the page does)",
    )
    p.add_argument(
        "--pdf-every",
        type=float,
        default=10.0,
        help="s between bursts of evening PDFs; 0: none (default 10)",
    )
    p.add_argument("--pdf-burst", type=int, default=3, help="evening PDFs per burst")
    p.add_argument(
        "--page-every",
        type=float,
        default=30.0,
        help="s between openings of each table's read-only page; 0: none (default 30)",
    )
    p.add_argument(
        "--pdf-worker",
        choices=("auto", "on", "off"),
        default="auto",
        help="run manage.py db_worker with PDF_WORKER=1 (auto: when the code has one, PDFs "
        "are on and the mode is load)",
    )
    p.add_argument(
        "--worker-nice",
        type=int,
        default=10,
        help="nice of the print worker (default 10, as in docs/deploy.md's systemd unit)",
    )
    p.add_argument(
        "--worker-priority",
        choices=PrintWorker.PRIORITIES,
        default="idle",
        help="how the print worker is kept behind the web: idle (an idle cpu cgroup, as "
        "systemd's CPUWeight=idle; autogroup when not root), autogroup (nice for its "
        "session), nice (plain nice: next to nothing against gunicorn)",
    )
    p.add_argument(
        "--worker-quota",
        type=int,
        default=0,
        help="at most this %% of one CPU for the print worker (systemd's CPUQuota=; with "
        "--worker-priority idle; default 0: no cap, as docs/deploy.md's unit)",
    )
    p.add_argument("--per-night", type=int, default=12, help="tables per club night")
    p.add_argument("--start-deals", type=int, default=20, help="deals per table at the start")
    p.add_argument("--max-inflight", type=int, default=256)
    p.add_argument("--timeout", type=float, default=30.0, help="s per request")
    p.add_argument("--conn-max-age", type=int, default=60, help="gunicorn's CONN_MAX_AGE")
    p.add_argument(
        "--cache",
        choices=("locmem", "db", "redis"),
        help="Django's cache: per worker (locmem), shared in the database (db), or shared "
        "in a throwaway redis-server (redis; CACHE_URL=redis://...). Default: locmem with "
        "one instance, redis with several",
    )
    p.add_argument(
        "--durable",
        action="store_true",
        help="PostgreSQL with fsync and synchronous commits (default: off)",
    )
    p.add_argument("--kills", type=int, default=4, help="kill -9 of gunicorn (--mode kill)")
    p.add_argument("--down", type=float, default=1.0, help="s the server stays down a kill")
    p.add_argument(
        "--up-between", type=float, default=5.0, help="s of a working server after a restart"
    )
    p.add_argument(
        "--port",
        type=int,
        default=8499,
        help="gunicorn's port (or a free one); several instances: this one and the next",
    )
    p.add_argument("--pg-port", type=int, default=5499)
    p.add_argument("--redis-port", type=int, default=6499)
    p.add_argument(
        "--redis-outage",
        type=float,
        default=0.0,
        help="kill -9 the Redis server mid-run and start an empty one this many s later "
        "(with --cache redis; default 0: no outage)",
    )
    p.add_argument(
        "--p95-goal",
        type=float,
        help=f"ms, p95 of saves, polls and pages (default {P95_GOAL_MS:.0f}; "
        f"{P95_GOAL_PDF_MS:.0f} with evening PDFs)",
    )
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json", type=Path, help="append each run's figures to this file")
    args = p.parse_args(argv)
    if not args.tables:
        args.tables = "30" if args.mode == "kill" else "36"
    if args.save_every is None:
        args.save_every = 2.0 if args.mode == "kill" else 4.0
    args.table_counts = [int(n) for n in str(args.tables).split(",") if n.strip()]
    args.specs = [ServerSpec.parse(s) for s in args.server.split(",") if s.strip()]
    if args.workers:
        args.specs = [replace(s, workers=args.workers) for s in args.specs]
    if args.warmup >= args.duration:
        p.error("--warmup must be shorter than --duration")
    if args.servers < 1:
        p.error("--servers must be 1 or more")
    if args.cache is None:
        args.cache = "redis" if args.servers > 1 else "locmem"
    if args.redis_outage and args.cache != "redis":
        p.error("--redis-outage needs the Redis cache (--cache redis, or --servers 2 or more)")
    return args


def code_version() -> str:
    """The commit measured, ``-dirty`` when the working tree has changes (git describe)."""
    try:
        found = subprocess.run(
            ["git", "describe", "--always", "--dirty"],
            cwd=REPO,
            capture_output=True,
            text=True,
            timeout=30,
        )
    except (OSError, subprocess.SubprocessError):
        return "?"
    return found.stdout.strip() or "?"


def _close_connections() -> None:
    if "django.apps" not in sys.modules:
        return
    from django.apps import apps
    from django.db import connections

    if not apps.ready:  # Django was not set up yet
        return

    connections.close_all()


def _terminate(signum: int, _frame: Any) -> None:
    raise KeyboardInterrupt(f"signal {signum}")


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    # Ctrl-C, kill and a closed terminal all stop everything and delete the temp dir. SIGINT
    # is set explicitly: a shell starting the harness in the background leaves it ignored.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, _terminate)
    signal.signal(signal.SIGHUP, _terminate)
    args.code = code_version()
    print(
        f"code {args.code}; load average before anything starts: {loadavg()} "
        f"({os.cpu_count()} cores)"
    )
    cluster = Cluster(durable=args.durable, port=args.pg_port)
    redis: RedisServer | None = None
    gunicorns: list[Gunicorn] = []
    worker: PrintWorker | None = None
    results = []
    failed = False
    try:
        cluster.start()
        print(
            f"PostgreSQL on 127.0.0.1:{cluster.port} in {cluster.dir}"
            + (" (durable)" if args.durable else " (fsync off)")
        )
        if args.cache == "redis":
            redis = RedisServer(port=args.redis_port)
            redis.start()
            print(f"redis-server on 127.0.0.1:{redis.port} in {redis.dir} (no persistence)")
        env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "LANG": "C.UTF-8",
            "DJANGO_SETTINGS_MODULE": "tests.load.settings",
            "LOAD_STATIC_ROOT": str(cluster.dir / "static"),
            "DATABASE_URL": cluster.url,
            "DEBUG": "0",
            "HTTPS": "0",
            "SECRET_KEY": secrets.token_urlsafe(50),
            "ALLOWED_HOSTS": "127.0.0.1,localhost",
            "CONN_MAX_AGE": str(args.conn_max_age),
            "CACHE_URL": redis.url if redis is not None else "db" if args.cache == "db" else "",
            "PYTHONUNBUFFERED": "1",
        }
        club.setup(env)
        from django.core.management import call_command

        started = time.monotonic()
        call_command("migrate", verbosity=0, interactive=False)
        if args.cache == "db":
            call_command("createcachetable", verbosity=0)
        migrated = time.monotonic() - started
        call_command("collectstatic", verbosity=0, interactive=False)
        print(
            f"migrated ({migrated:.1f} s), static files collected "
            f"({time.monotonic() - started - migrated:.1f} s)"
        )
        use_worker = args.pdf_worker == "on" or (
            args.pdf_worker == "auto"
            and args.mode == "load"
            and args.pdf_every > 0
            and PrintWorker.available(env)
        )
        if use_worker:
            env["PDF_WORKER"] = "1"
            worker = PrintWorker(
                env,
                cluster.dir,
                nice=args.worker_nice,
                priority=args.worker_priority,
                quota=args.worker_quota,
            )
            worker.start()
            print(f"print worker: manage.py db_worker (PDF_WORKER=1, {worker.applied})")
        else:
            print("no print worker: PDFs are made in the request")
        for spec in args.specs:
            for i in range(args.servers):
                # each port chosen once the one before is taken, so that no two collide
                name = f"gunicorn-{i + 1}" if args.servers > 1 else "gunicorn"
                gunicorns.append(Gunicorn(spec, free_port(args.port + i), env, cluster.dir, name))
                gunicorns[-1].start()
            where = ", ".join(f"127.0.0.1:{g.port}" for g in gunicorns)
            balanced = " (the client balancing round-robin)" if len(gunicorns) > 1 else ""
            print(
                f"gunicorn {label(args, spec)} on {where}{balanced} "
                f"(CONN_MAX_AGE={args.conn_max_age}, cache {args.cache})"
            )
            for step, tables in enumerate(args.table_counts):
                result = run_once(
                    args, spec, tables, gunicorns, cluster, step + 100 * len(results), worker, redis
                )
                results.append(result)
                failed |= not result["pass"]
                if args.json:
                    with args.json.open("a") as out:
                        out.write(json.dumps(result) + "\n")
                time.sleep(2)  # let the last answers and the load settle
            while gunicorns:
                gunicorns.pop().stop()
    except KeyboardInterrupt:
        print("\ninterrupted: stopping gunicorn, Redis and PostgreSQL")
        failed = True
    except RuntimeError as error:
        print(f"error: {error}", file=sys.stderr)
        for g in gunicorns:
            report_log(g.log, 0, file=sys.stderr)
        failed = True
    finally:
        # A second Ctrl-C (or a kill) must not skip the cleaning up.
        for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
            signal.signal(signum, signal.SIG_IGN)
        steps = [
            *(g.stop for g in gunicorns),
            worker.stop if worker is not None else None,
            _close_connections,
            redis.stop if redis is not None else None,
            cluster.stop,
        ]
        for step in steps:  # each one, whatever the one before did
            if step is None:
                continue
            try:
                step()
            except Exception as error:  # noqa: BLE001 (report it, go on cleaning up)
                print(f"warning: cleaning up: {error!r}", file=sys.stderr)
                failed = True
        signal.signal(signal.SIGINT, signal.default_int_handler)
    if len(results) > 1:
        print("\nsummary (saves, polls and pages; p95 in ms):")
        for r in results:
            core = r["rows"].get(CORE, {})
            errors = sum(v["errors"] for k, v in r["rows"].items() if k in KINDS)
            print(
                f"  {r['server']:<14}{r['tables']:>5} tables  {core.get('rps', 0):7.1f} req/s"
                f"  p95 {core.get('p95', float('nan')):7.1f}  errors {errors}  "
                + ("PASS" if r["pass"] else "FAIL")
            )
    print(f"load average at the end: {loadavg()}")
    return 1 if failed else 0


if __name__ == "__main__":
    os.chdir(REPO)
    sys.exit(main())
