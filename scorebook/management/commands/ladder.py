"""``manage.py ladder RECORD.json ... --kind total|average|rating``: a season's ladder.

Options are checked here rather than by argparse, so that a bad value ends, like a bad record,
in one ``CommandError`` line instead of a usage screen; what argparse itself refuses (an
unknown option, an option without its value) ends the same way.
"""

from __future__ import annotations

import json
from argparse import ArgumentParser
from typing import Any

from django.core.management.base import CommandError

from players.ladder import KINDS, Ladder, LadderError, ladder_document, standings
from scorebook.clubs.results import LadderInputError, input_name, load_ladder_records
from scorebook.management.oneline import OneLineCommand

COLUMNS = ("rank", "player", "value", "sessions", "partners", "qualified")


class Command(OneLineCommand):
    help = (
        "Rank the players of a season's record files: total, average or rating "
        "(--json prints the whist-ladder/1 document)."
    )
    requires_system_checks: list[str] = []  # reads files only: no model, no database

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument(
            "records",
            nargs="*",
            metavar="RECORD.json",
            help="record files; - reads one record from standard input",
        )
        parser.add_argument("--kind", metavar="{total,average,rating}", help="the ladder's kind")
        parser.add_argument(
            "--best", metavar="N", help="average: the mean of each player's N best sessions"
        )
        parser.add_argument(
            "--min-sessions", metavar="K", default=1, help="sessions to qualify (default 1)"
        )
        parser.add_argument(
            "--min-partners", metavar="P", default=0, help="partners to qualify (default 0)"
        )
        parser.add_argument("--json", action="store_true", help="print the whist-ladder/1 JSON")

    def handle(self, *args: Any, **options: Any) -> None:
        kind = options["kind"]
        if kind is None:
            raise CommandError(f"--kind is required: {', '.join(KINDS)}")
        if kind not in KINDS:
            raise CommandError(f"--kind must be one of {', '.join(KINDS)}, got {kind!r}")
        best = None if options["best"] is None else _number("--best", options["best"], 1)
        min_sessions = _number("--min-sessions", options["min_sessions"], 0)
        min_partners = _number("--min-partners", options["min_partners"], 0)
        if best is not None and kind != "average":
            raise CommandError(f"--best applies to --kind average only, not {kind}")
        paths = list(options["records"])
        if not paths:
            raise CommandError("give at least one record file")
        try:
            tables = load_ladder_records(paths)
            ladder = standings(
                tables,
                kind=kind,
                best=best,
                min_sessions=min_sessions,
                min_partners=min_partners,
            )
        except LadderInputError as exc:
            raise CommandError(str(exc)) from None
        except LadderError as exc:
            raise CommandError(f"{input_name(paths[exc.index])}: {exc.message}") from None
        if options["json"]:
            self.stdout.write(json.dumps(ladder_document(ladder), ensure_ascii=False, indent=2))
        else:
            self.stdout.write(render(ladder), ending="")


def _number(option: str, value: object, minimum: int) -> int:
    """The whole number given to ``option``, at least ``minimum``, or a one-line CommandError."""
    try:
        number = int(str(value).strip())
    except ValueError:
        number = None
    if number is None or number < minimum:
        raise CommandError(f"{option} must be a whole number of at least {minimum}, got {value!r}")
    return number


def render(ladder: Ladder) -> str:
    """The ladder as an aligned text table, one player a line."""
    rows = [
        (
            "-" if line.rank is None else str(line.rank),
            str(line.player),
            _figure(line.value),
            str(line.sessions),
            str(line.partners),
            "yes" if line.qualified else "no",
        )
        for line in ladder.standings
    ]
    widths = [max(len(cell) for cell in column) for column in zip(COLUMNS, *rows, strict=False)]
    lines = [f"{ladder.kind} ladder, {ladder.variant}, {_count(ladder.sessions)}", ""]
    for row in (COLUMNS, *rows):
        cells = [
            cell.ljust(width) if index in (1, 5) else cell.rjust(width)
            for index, (cell, width) in enumerate(zip(row, widths, strict=True))
        ]
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines) + "\n"


def _figure(value: float) -> str:
    """A value as people read it: whole numbers without decimals, anything else to two."""
    return str(int(value)) if value == int(value) else f"{value:.2f}"


def _count(sessions: int) -> str:
    return "1 session" if sessions == 1 else f"{sessions} sessions"
