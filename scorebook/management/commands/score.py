"""``manage.py score RECORD.json [--json]``: score a record file (``-`` reads standard input)."""

from __future__ import annotations

from argparse import ArgumentParser
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from scorebook.management.record_input import read_record_bytes
from scorebook.rules import RecordError, load_record, score, score_json
from scorebook.rules.text import render


class Command(BaseCommand):
    requires_system_checks: list[str] = []  # reads a file only: no model, no database
    help = "Score a whist record: print the score sheet, or the score output (--json)."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("record", help="path of the record file, or - for standard input")
        parser.add_argument("--json", action="store_true", help="print the score output")
        parser.add_argument(
            "--indent", type=int, default=None, help="indent the JSON output (compact by default)"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        text = read_record_bytes(options["record"])
        try:
            if options["json"] or options["indent"] is not None:
                # Compact by default: an indented dump falls back to Python's slow encoder.
                self.stdout.write(score_json(text, indent=options["indent"]))
                return
            record = load_record(text)
            sheet = score(record)
        except RecordError as exc:
            raise CommandError(str(exc)) from None
        self.stdout.write(render(record, sheet), ending="")
