"""``manage.py prune_prints [--every SECONDS]``: remove the print queue's old jobs, tasks and
PDF files (older than two days), once, or again and again (``make run`` starts it beside the
print worker with ``--every 3600``; the deployment runs it from a systemd timer)."""

from __future__ import annotations

import logging
import time
from argparse import ArgumentParser, ArgumentTypeError
from typing import Any

from django.core.management.base import BaseCommand
from django.db import close_old_connections

from scorebook.printing import queue

logger = logging.getLogger(__name__)


def positive(value: str) -> float:
    number = float(value)
    if not number > 0:
        raise ArgumentTypeError("must be a number of seconds above 0")
    return number


class Command(BaseCommand):
    help = (
        "Remove the print queue's jobs, tasks and PDF files older than --keep-hours; with "
        "--every, again every that many seconds until stopped."
    )

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument(
            "--every",
            type=positive,
            default=None,
            metavar="SECONDS",
            help="prune again every SECONDS seconds, until stopped (default: once)",
        )
        parser.add_argument(
            "--keep-hours",
            type=positive,
            default=queue.KEEP_SECONDS / 3600,
            help="keep what is younger than this (default: %(default)g)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        every: float | None = options["every"]
        keep = options["keep_hours"] * 3600
        try:
            while True:
                try:
                    pruned = queue.prune(keep_seconds=keep)
                except Exception:
                    if every is None:
                        raise
                    # The database restarting, say: the next round tries again.
                    logger.exception("Pruning the print queue failed")
                else:
                    removed = pruned.jobs + pruned.tasks + pruned.files
                    if options["verbosity"] >= 2 or (removed and options["verbosity"] >= 1):
                        self.stdout.write(
                            f"Pruned {pruned.jobs} print jobs, {pruned.tasks} tasks, "
                            f"{pruned.files} PDF files."
                        )
                if every is None:
                    return
                close_old_connections()
                time.sleep(every)
        except KeyboardInterrupt:  # Ctrl+C, or `make run` stopping
            return
