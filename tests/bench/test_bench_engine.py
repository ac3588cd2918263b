"""Engine throughput, end to end: JSON text in, score output JSON text out (docs/record-format.md).

Targets: at least 50,000 deals per second in one process (foundation); the engine's time at
most 2x a bare ``json.loads`` + ``json.dumps`` of the same record, measured in the same run;
``score --json`` end to end (a new process, file in, standard output out) at least 60,000 deals
per second on 50,000 deals (issue 9). Run with ``make bench``; every figure is printed.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import time
from pathlib import Path

import pytest

from scorebook.rules import score_json
from scorebook.rules.presets import PRESETS

DEALS = 50_000
TARGET_PER_SECOND = 50_000
END_TO_END_PER_SECOND = 60_000
JSON_RATIO = 2.0
ROOT = Path(__file__).resolve().parents[2]
SEATS = ("N", "E", "S", "W")


def _record(variant: str, n: int, seed: int = 7) -> str:
    """A long record of plausible deals: every trick and every honour falls to a seat at random."""
    rng = random.Random(seed)

    def share(count: int, between: int) -> list[int]:
        shares = [0] * between
        for _ in range(count):
            shares[rng.randrange(between)] += 1
        return shares

    preset = PRESETS[variant]
    seats, sides = preset.seats, preset.sides
    deals = []
    for i in range(n):
        dealer = seats[i % len(seats)]
        deal: dict[str, object] = {"dealer": dealer}
        if variant == "hussar":
            deal["tricks"] = dict(zip(seats, share(13, 4), strict=True))
            deal["honours"] = dict(zip(seats, share(5, 4), strict=True))
        else:
            deal["tricks"] = dict(zip(sides, share(13, 2), strict=True))
        if preset.trump:
            deal["trump"] = rng.choice("SHDC")
        if variant == "special-suit":
            deal["special_suit"] = "S"
        if variant == "progulochny":
            game = rng.choice(["trump", "grand", "null"])
            side = "NS" if dealer in "NS" else "EW"
            deal["contract"] = {
                "side": side,
                "game": game,
                **({"trump": "H"} if game == "trump" else {}),
            }
            deal["doubling"] = rng.choice(["none", "contra"])
            if game == "trump":
                deal["honours"] = dict(zip(sides, share(5, 2), strict=True))
        elif variant == "prussian":  # the two played hands hold about half of the honours
            deal["honours"] = dict(zip(sides, share(4, 4)[:2], strict=True))
        elif variant != "hussar":
            size = {"AKQJ": 4, "AKQJ10": 5, "aces": 4, "none": 0}[preset.defaults["honourSet"]]
            if size:
                deal["honours"] = dict(zip(sides, share(size, 2), strict=True))
        if rng.random() < 0.05:
            seat = rng.choice(seats)
            deal["revokes"] = [{"seat": seat, "penalty": "add"}]
        deals.append(deal)
    players = {s: f"Player {s}" for s in seats}
    return json.dumps(
        {"format": "whist-record/1", "variant": variant, "players": players, "deals": deals}
    )


@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_engine_scores_at_least_50000_deals_per_second(variant):
    text = _record(variant, DEALS)
    best = float("inf")
    for _ in range(5):  # best of five: the machine is shared
        started = time.perf_counter()
        out = score_json(text)
        best = min(best, time.perf_counter() - started)
    rate = DEALS / best
    print(
        f"\n{variant:14} {rate:10,.0f} deals/s  "
        f"({DEALS} deals in {best * 1000:.0f} ms, {len(out):,} bytes out)"
    )
    assert rate >= TARGET_PER_SECOND


def _best_of(runs: int, work) -> float:
    best = float("inf")
    for _ in range(runs):
        started = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - started)
    return best


@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_the_engine_takes_at_most_twice_a_bare_json_round_trip(variant):
    # Both measured here, alternately, so that a busy machine slows both alike; the best of
    # nine each, as the best of five still moved the bare figure by a fifth from run to run
    text = _record(variant, DEALS)
    bare = engine = float("inf")
    for _ in range(9):
        bare = min(bare, _best_of(1, lambda: json.dumps(json.loads(text))))
        engine = min(engine, _best_of(1, lambda: score_json(text)))
    ratio = engine / bare
    print(
        f"\n{variant:14} engine {engine * 1000:6.0f} ms, bare loads+dumps {bare * 1000:5.0f} ms:"
        f" x{ratio:.2f} (goal <= x{JSON_RATIO})"
    )
    assert ratio <= JSON_RATIO


@pytest.mark.parametrize("command", ["python -m scorebook.rules", "manage.py"])
def test_score_json_end_to_end_writes_60000_deals_a_second(command, tmp_path):
    # A new process per run, as a user or another program calls it: start-up included
    path = tmp_path / "russian.json"
    path.write_text(_record("russian", DEALS))
    if command == "manage.py":
        argv = [sys.executable, str(ROOT / "manage.py"), "score", str(path), "--json"]
    else:
        argv = [sys.executable, "-m", "scorebook.rules", "score", str(path), "--json"]
    out = subprocess.run(argv, cwd=ROOT, capture_output=True, check=True).stdout
    assert json.loads(out)["format"] == "whist-score/1"
    best = _best_of(3, lambda: subprocess.run(argv, cwd=ROOT, capture_output=True, check=True))
    rate = DEALS / best
    print(f"\n{command:26} {rate:10,.0f} deals/s end to end ({best * 1000:.0f} ms)")
    if command == "python -m scorebook.rules":  # the goal is for the engine's own command
        assert rate >= END_TO_END_PER_SECOND
