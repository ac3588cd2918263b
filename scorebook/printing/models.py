"""The print queue's own rows: one job per PDF being made, held unique by the database."""

from __future__ import annotations

from django.db import models
from django.utils import timezone


class PrintJob(models.Model):
    """The one task that makes one PDF (``scorebook/printing/queue.py``).

    ``key`` is the PDF's key (``derived.pdf_key``: everything it shows) as its first asker read
    it, and is unique: two requests for the same PDF at the same moment cannot both queue a
    task, whichever process, server or database connection they come through; the second one's
    insert fails and it waits for the first one's task. ``waiting`` names the PDF whatever its
    state (kind, id, language, paper) while its task has not been started by a worker, and is
    unique too: a PDF asked for again after a deal was saved (a new key) joins the task still
    waiting, which makes it from the database as it is when it starts. The task empties it when
    it starts, so that a later state queues a task of its own.
    """

    key = models.CharField(max_length=200, unique=True)
    waiting = models.CharField(max_length=100, unique=True, null=True, default=None)
    task_id = models.CharField(max_length=64)
    created_at = models.DateTimeField(default=timezone.now, db_index=True)

    def __str__(self) -> str:
        return f"{self.key} ({self.task_id})"
