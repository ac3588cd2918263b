"""``manage.py export_record TABLE``: print a table's record (JSON, docs/record-format.md)."""

from __future__ import annotations

import json
from argparse import ArgumentParser
from typing import Any

from django.core.management.base import BaseCommand, CommandError
from django.db.models import Q

from scorebook.tables import services
from scorebook.tables.models import Table


class Command(BaseCommand):
    help = "Print a table's record (docs/record-format.md): give its number, token or URL."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("table", help="table number, a token, or the table's URL")

    def handle(self, *args: Any, **options: Any) -> None:
        key = options["table"].rstrip("/").rsplit("/", 1)[-1]
        query = Q(edit_token=key) | Q(view_token=key)
        if key.isdigit():
            query |= Q(pk=int(key))
        table = Table.objects.filter(query).first()
        if table is None:
            raise CommandError(f"no table {options['table']!r}")
        record = services.export_record(table)
        self.stdout.write(json.dumps(record, ensure_ascii=False, indent=2))
