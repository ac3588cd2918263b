"""``manage.py import_record FILE``: create a table from a record; prints its URL."""

from __future__ import annotations

import json
from argparse import ArgumentParser
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.urls import reverse

from scorebook.management.record_input import read_record_bytes
from scorebook.rules import RecordError
from scorebook.tables import services


class Command(BaseCommand):
    help = "Create a table from a record file (- reads standard input); print its URL."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("record", help="path of the record file, or - for standard input")
        parser.add_argument(
            "--base-url",
            default=None,
            help="the site's address, printed before the table's path (default: the SITE_URL "
            "setting, which follows ALLOWED_HOSTS in production)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        text = read_record_bytes(options["record"], limit=services.MAX_RECORD_BYTES)
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as exc:
            raise CommandError(f"not valid JSON: {exc}") from None
        try:
            table = services.import_record(data, author=services.Author(label="import_record"))
        except RecordError as exc:
            raise CommandError(str(exc)) from None
        base = settings.SITE_URL if options["base_url"] is None else options["base_url"]
        base = base.rstrip("/")
        self.stdout.write(base + reverse("table", args=[table.edit_token]))
