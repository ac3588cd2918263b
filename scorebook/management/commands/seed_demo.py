"""``manage.py seed_demo``: a few demo tables to look at; running it again changes nothing."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from scorebook import services
from scorebook.models import Table

DEMO_TITLE = "Demo: "
PLAYERS = {"N": "Anna", "E": "Boris", "S": "Vera", "W": "Gleb"}


def _russian_deals() -> list[dict[str, Any]]:
    rows = [
        ("N", "H", 9, 3),
        ("E", "S", 5, 1),
        ("S", "D", 8, 3),
        ("W", "C", 10, 2),
        ("N", "S", 7, 5),
        ("E", "H", 6, 2),
        ("S", "C", 8, 4),
    ]
    return [
        {
            "dealer": d,
            "trump": t,
            "tricks": {"NS": ns, "EW": 13 - ns},
            "honours": {"NS": h, "EW": 5 - h},
        }
        for d, t, ns, h in rows
    ]


def _english_deals() -> list[dict[str, Any]]:
    rows = [("N", "H", 9, 3), ("E", "S", 8, 2), ("S", "D", 6, 3), ("W", "C", 7, 2)]
    return [
        {
            "dealer": d,
            "trump": t,
            "tricks": {"NS": ns, "EW": 13 - ns},
            "honours": {"NS": h, "EW": 4 - h},
        }
        for d, t, ns, h in rows
    ]


DEMOS = [
    ("Russian whist, Friday", "russian", PLAYERS, _russian_deals),
    (
        "Short whist",
        "english-short",
        {"N": "Arthur", "E": "Beatrice", "S": "Charles", "W": "Dorothy"},
        _english_deals,
    ),
]


class Command(BaseCommand):
    help = "Create the demo tables (idempotent)."

    def handle(self, *args: Any, **options: Any) -> None:
        for title, variant, players, deals in DEMOS:
            full_title = DEMO_TITLE + title
            if Table.objects.filter(title=full_title).exists():
                continue
            record = {
                "format": "whist-record/1",
                "variant": variant,
                "players": players,
                "deals": deals(),
                "meta": {"title": full_title},
            }
            table = services.import_record(record, author=services.Author(label="demo"))
            self.stdout.write(f"demo table: /t/{table.edit_token}/ ({variant})")
