"""``manage.py movement individual|pairs|progressive``: seating plans and whist drives.

::

    movement individual --players V [--rounds R] [--json]
    movement pairs --pairs P [--rounds R] [--json]
    movement progressive --players V [--hands H] [--trumps HCDS] --results FILE [--json]

A thin command over :mod:`scorebook.movements`: options are checked here rather than by
argparse, so that anything wrong ends in one ``CommandError`` line (exit status 1) instead of
a usage screen; what argparse itself refuses (an unknown option, an option without its value)
ends the same way.
"""

from __future__ import annotations

import json
import sys
from argparse import ArgumentParser
from typing import Any

from django.core.management.base import CommandError

from scorebook import movements
from scorebook.management.oneline import OneLineCommand

KINDS = ("individual", "pairs", "progressive")
OPTIONS = {  # the options each kind takes, and which of them it needs
    "individual": ({"players", "rounds"}, {"players"}),
    "pairs": ({"pairs", "rounds"}, {"pairs"}),
    "progressive": ({"players", "hands", "trumps", "results"}, {"players", "results"}),
}


class Command(OneLineCommand):
    help = (
        "Seating plans for nights in rounds (individual, pairs) and whist drives from their "
        "results (progressive); --json prints the whist-movement/1 or whist-drive/1 document."
    )
    requires_system_checks: list[str] = []  # no model, no database

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("kind", nargs="?", metavar="{individual,pairs,progressive}")
        parser.add_argument("--players", metavar="V", help="the number of players")
        parser.add_argument("--pairs", metavar="P", help="pairs: the number of pairs")
        parser.add_argument("--rounds", metavar="R", help="only the plan's first R rounds")
        parser.add_argument("--hands", metavar="H", help="progressive: hands a round (4)")
        parser.add_argument("--trumps", metavar="HCDS", help="progressive: the trump order")
        parser.add_argument("--results", metavar="FILE", help="progressive: the tricks (JSON)")
        parser.add_argument("--json", action="store_true", help="print the JSON document")

    def handle(self, *args: Any, **options: Any) -> None:
        kind = options["kind"]
        if kind not in KINDS:
            got = "nothing" if kind is None else repr(kind)
            raise CommandError(f"say individual, pairs or progressive, not {got}")
        _check_options(kind, options)
        try:
            document, text = _run(kind, options)
        except movements.MovementError as exc:
            raise CommandError(str(exc)) from None
        self.stdout.write(movements.dumps(document) if options["json"] else text, ending="\n")


def _check_options(kind: str, options: dict[str, Any]) -> None:
    allowed, needed = OPTIONS[kind]
    for name in ("players", "pairs", "rounds", "hands", "trumps", "results"):
        given = options[name] is not None
        if given and name not in allowed:
            raise CommandError(f"{kind} takes no --{name}")
        if not given and name in needed:
            raise CommandError(f"{kind} needs --{name}")


def _run(kind: str, options: dict[str, Any]) -> tuple[dict[str, Any], str]:
    rounds = None if options["rounds"] is None else _number("--rounds", options["rounds"])
    if kind == "individual":
        plan = movements.individual(_number("--players", options["players"]), rounds)
        return movements.individual_document(plan), movements.individual_text(plan).rstrip()
    if kind == "pairs":
        pairs_plan = movements.pairs(_number("--pairs", options["pairs"]), rounds)
        return movements.pairs_document(pairs_plan), movements.pairs_text(pairs_plan).rstrip()
    hands = 4 if options["hands"] is None else _number("--hands", options["hands"])
    trumps = "HCDS" if options["trumps"] is None else options["trumps"]
    players = _number("--players", options["players"])
    movements.check_drive_options(players, hands, trumps)
    results = _rounds(options["results"])
    try:
        drive = movements.progressive(players, results, hands=hands, trumps=trumps)
    except movements.MovementError as exc:
        raise CommandError(f"{options['results']}: {exc}") from None
    return movements.drive_document(drive), movements.drive_text(drive).rstrip()


def _number(option: str, value: str) -> int:
    """The whole number given to ``option``, or a one-line CommandError."""
    text = value.strip()
    if not text.lstrip("-").isdigit() or not text.isascii():
        raise CommandError(f"{option} must be a whole number, not {value!r}")
    return int(text)


def _rounds(path: str) -> object:
    """The ``rounds`` of the results file at ``path`` (- for standard input)."""
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as file:
                text = file.read()
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise CommandError(f"{path}: cannot read the results file: {reason}") from None
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise CommandError(f"{path}: not JSON: {exc}") from None
    if not isinstance(data, dict) or "rounds" not in data:
        raise CommandError(f'{path}: the results file must be an object with a "rounds" list')
    return data["rounds"]
