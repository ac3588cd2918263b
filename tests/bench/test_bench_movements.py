"""``manage.py movement individual``: the time of the command for every plan of 4 to 64 players.

Each figure is the best of three runs of the whole command in a new process (Python and
Django start-up, building the plan from its design, checking it, writing the document), as a
person or another program calls it. Goal: each within 2 s on this machine; the figures are
printed, not asserted, as a shared machine cannot promise a time. Beside it, the time of the
plan alone in this process: the plan's checks and its document (the plan built from its
design once, on the first call). Run with ``make bench``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

from scorebook.movements import dumps, individual, individual_document

ROOT = Path(__file__).resolve().parents[2]
GOAL = 2.0
RUNS = 3


def _best_of(runs: int, work) -> float:
    best = float("inf")
    for _ in range(runs):
        started = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - started)
    return best


def test_the_movement_command_for_every_individual_plan():
    print(f"\nload average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"{'players':>7}  {'rounds':>6}  {'command':>9}  {'plan alone':>10}")
    slowest = 0.0
    for v in range(4, 65):
        argv = [sys.executable, "manage.py", "movement", "individual", "--players", str(v)]
        argv.append("--json")

        def command(argv=argv, v=v):
            out = subprocess.run(argv, cwd=ROOT, capture_output=True, check=True).stdout
            assert json.loads(out)["players"] == v

        elapsed = _best_of(RUNS, command)
        alone = _best_of(RUNS, lambda v=v: dumps(individual_document(individual(v))))
        slowest = max(slowest, elapsed)
        rounds = v if v % 2 else v - 1
        mark = "" if elapsed <= GOAL else "  over the goal"
        print(f"{v:7}  {rounds:6}  {elapsed * 1000:6.0f} ms  {alone * 1000:7.1f} ms{mark}")
    print(f"slowest command: {slowest * 1000:.0f} ms (goal: each within {GOAL:.0f} s)")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
