"""The figures of ``make load ARGS='--json FILE'`` runs as a Markdown table (docs/load.md).

    .venv/bin/python -m tests.load.report FILE [FILE ...]

One line a run: when, the server, tables, req/s and p50/p95/p99 (ms) of saves, changed and
unchanged polls, pages and PDFs, the p95 the goal is checked on, errors, the load average
before the run, the CPU that other programs used meanwhile, the server's CPU a request, and
whether the agreement check passed (docs/load.md).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from tests.load.run import CORE, KINDS

COLUMNS = (
    ("save", "save"),
    ("poll 200 (changed)", "changed poll"),
    ("poll 204 (unchanged)", "unchanged poll"),
    ("page", "page"),
    ("pdf", "pdf"),
)


def _ms(value: float) -> str:
    if value >= 10_000:
        return f"{value / 1000:.0f} s"
    if value >= 1000:
        return f"{value / 1000:.1f} s"
    return f"{value:.0f}"


def cell(row: dict[str, Any] | None) -> str:
    if not row:
        return "–"
    return " / ".join(_ms(row[q]) for q in ("p50", "p95", "p99"))


def line(run: dict[str, Any]) -> str:
    rows = run["rows"]
    core = rows.get(CORE, {})
    errors = sum(r["errors"] for k, r in rows.items() if k in KINDS)
    kinds = sorted({k for k, r in rows.items() if k in KINDS for k in r["error_kinds"]})
    pdfs = "none" if not run["pdf_every"] else f"{run['pdf_burst']}/{run['pdf_every']:g} s"
    if run["pdf_every"] and run.get("worker_nice") not in (None, 10):
        pdfs += f", worker nice {run['worker_nice']}"
    if run["pdf_every"] and run.get("worker_priority") not in (None, "idle"):
        pdfs += f", worker {run['worker_priority']}"
    if run["pdf_every"] and run.get("worker_quota"):
        pdfs += f", worker at most {run['worker_quota']} %"
    cpu = run.get("cpu_percent", {})
    server_ms = cpu.get("server_ms_per_request")
    verdict = "pass" if run.get("pass") else "FAIL"
    agreement = run.get("agreement")
    if agreement is None:
        agrees = "–"  # a run from before the check
    elif agreement["pass"]:
        agrees = "yes"
    else:
        agrees = "**NO**"
    return (
        "| "
        + " | ".join(
            [
                run.get("date", "?"),
                run["server"]
                + (f", cache {run['cache']}" if run.get("cache", "locmem") != "locmem" else ""),
                str(run["tables"]),
                pdfs,
                f"{core.get('rps', 0):.1f}",
                *(cell(rows.get(key)) for key, _title in COLUMNS),
                f"**{core.get('p95', float('nan')):.0f}** ({verdict})",
                str(errors) + (f" ({', '.join(kinds)})" if kinds else ""),
                run["loadavg"]["before"],
                f"{cpu.get('others', float('nan')):.0f} %"
                + (" (disturbed)" if run.get("disturbed") else ""),
                f"{server_ms:.1f}" if server_ms else "–",
                agrees,
            ]
        )
        + " |"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("files", nargs="+", type=Path)
    args = parser.parse_args(argv)
    titles = [
        "when",
        "server",
        "tables",
        "PDFs",
        "req/s",
        *(f"{title} p50/p95/p99" for _key, title in COLUMNS),
        "p95 all but PDFs",
        "errors",
        "load avg before",
        "others' CPU",
        "server CPU ms/req",
        "answers agree with the database",
    ]
    print("| " + " | ".join(titles) + " |")
    print("|" + "---|" * len(titles))
    for path in args.files:
        for text in path.read_text().splitlines():
            if text.strip():
                run = json.loads(text)
                if "rows" in run and "lost" not in run:
                    print(line(run))


if __name__ == "__main__":
    main()
