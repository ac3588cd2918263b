"""``manage.py seed_demo``: the demo tables and, on a laptop, the demo club (site/demo.py);
running it again changes nothing."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from scorebook.site import demo


class Command(BaseCommand):
    help = "Create the demo tables, and on a laptop (DEBUG or LOCAL) a demo club (idempotent)."

    def handle(self, *args: Any, **options: Any) -> None:
        demo.seed(self.stdout)
