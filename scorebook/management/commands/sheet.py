"""``manage.py sheet RECORD.json -o out.pdf [--lang ru|en] [--paper a4|a5] [--url URL]``.

Prints a record file (``-`` reads standard input) as the PDF score sheet the site prints for a
table; ``--url`` adds a QR code of that address. ``-o -`` writes the PDF to standard output.
"""

from __future__ import annotations

import json
import sys
from argparse import ArgumentParser
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from scorebook.management.record_input import read_record_bytes
from scorebook.printing.pdf import LANGUAGES, PAPERS, record_pdf
from scorebook.rules import RecordError


class Command(BaseCommand):
    help = "Print a whist record (docs/record-format.md) as a PDF score sheet."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("record", help="path of the record file, or - for standard input")
        parser.add_argument(
            "-o", "--output", required=True, help="path of the PDF to write, or - for stdout"
        )
        parser.add_argument("--lang", choices=LANGUAGES, default=settings.LANGUAGE_CODE)
        parser.add_argument("--paper", choices=tuple(PAPERS), default="a4")
        parser.add_argument("--url", default="", help="address for a QR code on the sheet")

    def handle(self, *args: Any, **options: Any) -> None:
        text = read_record_bytes(options["record"])
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as exc:
            raise CommandError(str(RecordError(f"not valid JSON: {exc}"))) from None
        try:
            body = record_pdf(
                data, lang=options["lang"], paper=options["paper"], url=options["url"]
            )
        except RecordError as exc:
            raise CommandError(str(exc)) from None
        out = options["output"]
        if out == "-":
            sys.stdout.buffer.write(body)
            sys.stdout.buffer.flush()
            return
        try:
            with open(out, "wb") as handle:
                handle.write(body)
        except OSError as exc:
            raise CommandError(f"cannot write {out}: {exc.strerror}") from None
