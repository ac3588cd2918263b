"""``manage.py export_record TABLE``: print a table's record (JSON, docs/record-format.md)."""

from __future__ import annotations

import json
import re
from argparse import ArgumentParser
from typing import Any

from django.core.management.base import BaseCommand, CommandError
from django.db.models import Q

from scorebook.tables import services
from scorebook.tables.models import Table

TOKEN = re.compile(r"[0-9A-Za-z_-]{1,40}")  # a link's token (new_token), or a number


class Command(BaseCommand):
    help = "Print a table's record (docs/record-format.md): give its number, token or URL."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("table", help="table number, a token, or the table's URL")

    def handle(self, *args: Any, **options: Any) -> None:
        key = options["table"].rstrip("/").rsplit("/", 1)[-1]
        # A link's token or a table's number, nothing else reaches the database: the shell
        # hands bytes that are not UTF-8 over as lone surrogates, which no query can carry.
        table = None
        if TOKEN.fullmatch(key):
            query = Q(edit_token=key) | Q(view_token=key)
            if key.isdigit() and len(key) <= 18:  # a number a database's key can be
                query |= Q(pk=int(key))
            table = Table.objects.filter(query).first()
        if table is None:
            raise CommandError(f"no table {ascii(options['table'])}")
        record = services.export_record(table)
        self.stdout.write(json.dumps(record, ensure_ascii=False, indent=2))
