"""Printed PDFs: cached by everything they show, and the long ones made off the request path.

A PDF is kept in the ``pdfs`` cache under a key that names everything it is made from: every
column of the table's row (its ``version`` is bumped by every deal saved, corrected, voided,
undone or restored; the other columns change with its title, date, night or links), of its
night's and its club's rows, the player in each seat and his name (a rename or a merge), and
the language, the paper, the site's address (the ``SITE_URL`` setting, printed with the QR
code: never the request's Host header, which anyone may set) and the code, templates,
stylesheet, fonts and translations that draw it. Any change gives a new key, so
nothing stale is ever served; the old keys expire. An evening's key names all of that for each
of its tables, in the order they print. The key is read before the PDF is made from the
database, so a PDF is never older than the state its key names.

An evening's PDF, and the PDF of a table longer than :data:`QUEUE_DEALS` deals, is made by the
task :func:`make_pdf`. With ``PDF_WORKER=1`` the task waits in a queue kept in the database
(django-tasks-db) until ``manage.py db_worker`` makes it, and the request answers at once
(:class:`Pending`); the page it shows asks again until the PDF is ready. Without a worker (the
default, and the tests) the same task runs inside the request. The worker hands the PDF back
through the task's result in the database, so this works even when the web processes and the
worker share no cache (the default cache is in each process's memory). A PDF asked for again
while its task still waits for the worker (a table moved on meanwhile, so its key is new) waits
for that task rather than queueing another: one waiting task per PDF, however busy the night.
"""

from __future__ import annotations

import base64
import binascii
import datetime
import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.core.cache import BaseCache, caches
from django.db import models
from django.utils import timezone
from django_tasks import TaskResult, TaskResultStatus, task
from django_tasks_db import DatabaseBackend
from django_tasks_db.models import DBTaskResult

from scorebook import derived
from scorebook.clubs.models import Evening
from scorebook.printing import pdf
from scorebook.tables.models import Seat, Table

logger = logging.getLogger(__name__)

CACHE_ALIAS = "pdfs"
# How long a PDF is kept: the evening's sheets are printed that night, and looked at again in
# the days after. Every change makes a new key anyway.
CACHE_SECONDS = 2 * 24 * 3600
# A table with more deals than this is printed by the queue too: its PDF takes about half a
# second, and grows with every deal (measured: 1.0 s for 200 deals, 10 s for 2,000).
QUEUE_DEALS = 100
# How long the key of a PDF being made names its task, so that every request for the same
# PDF waits for the one task instead of queueing another.
JOB_SECONDS = 3600
# A task still running this long after it started is taken for lost (its worker was killed)
# and a new one is queued.
LOST_SECONDS = 600
# A poller is handed the PDF its task made, even if the table changed meanwhile (a busy night
# changes every few seconds), for this long after the task finished; after that, a page
# reloaded from its address asks for the current state.
GRACE_SECONDS = 120

KINDS = ("table", "evening")


def pdf_cache() -> BaseCache:
    return caches[CACHE_ALIAS] if CACHE_ALIAS in settings.CACHES else caches["default"]


# ---------------------------------------------------------------------------------------------
# Keys


def _row(instance: models.Model | None) -> tuple[Any, ...]:
    """Every stored column of a row, as read."""
    if instance is None:
        return ()
    return tuple(getattr(instance, f.attname) for f in instance._meta.concrete_fields)


def _seats(tables: Iterable[Table]) -> dict[int, list[tuple[str, int | None, str | None]]]:
    """Seat, player id and player name of every seat of ``tables``, by table id (one query)."""
    seats: dict[int, list[tuple[str, int | None, str | None]]] = {t.pk: [] for t in tables}
    rows = (
        Seat.objects.filter(table_id__in=list(seats))
        .order_by("table_id", "seat")
        .values_list("table_id", "seat", "player_id", "player__name")
    )
    for table_id, seat, player_id, name in rows:
        seats[table_id].append((seat, player_id, name))
    return seats


def _key(kind: str, pk: int, parts: list[Any]) -> str:
    return derived.pdf_key(kind, pk, parts)


def site_url() -> str:
    """The site's address printed with the QR codes: the ``SITE_URL`` setting, never a
    request's Host header (which anyone may set: ``127.0.0.1:1``, ``:2``, ``:3`` would each be
    another PDF to make). Empty: the sheets carry no QR code."""
    return str(getattr(settings, "SITE_URL", "") or "")


def table_key(table: Table, *, lang: str, paper: str) -> str:
    """The key of the table's PDF as it is now (reads its night, club and seats: two
    queries). The night read here is the one the sheet prints."""
    night = table.evening if table.evening_id is not None else None
    club = night.club if night is not None and night.club_id is not None else None
    rows = [_row(table), _row(night), _row(club), _seats([table])[table.pk]]
    return _key("table", table.pk, [lang, paper, site_url(), *rows])


def evening_key(evening: Evening, tables: list[Table], *, lang: str, paper: str) -> str:
    """The key of the evening's PDF, ``tables`` being its tables in the order they print."""
    club = evening.club if evening.club_id is not None else None
    seats = _seats(tables)
    rows = [(_row(t), seats[t.pk]) for t in tables]
    return _key("evening", evening.pk, [lang, paper, site_url(), _row(evening), _row(club), rows])


# ---------------------------------------------------------------------------------------------
# Making a PDF


@dataclass(frozen=True)
class Printable:
    """One PDF asked for: a table's or an evening's, in a language, on a paper (the site's
    address for the QR codes is the ``SITE_URL`` setting, the same for every request)."""

    kind: str
    pk: int
    lang: str
    paper: str

    def args(self) -> list[Any]:
        return [self.kind, self.pk, self.lang, self.paper]


def make(printable: Printable) -> tuple[str, bytes]:
    """The key and the PDF of ``printable`` as the database has it now: from the cache, or
    made and cached (raises DoesNotExist for a table or evening that is gone)."""
    kind = printable.kind
    options = {"lang": printable.lang, "paper": printable.paper}
    render: Callable[[], bytes]
    if kind == "table":
        table = Table.objects.select_related("evening__club").get(pk=printable.pk)
        key = table_key(table, **options)
        render = lambda: pdf.table_pdf(table, **options, base_url=site_url())  # noqa: E731
    elif kind == "evening":
        evening = Evening.objects.select_related("club").get(pk=printable.pk)
        tables = pdf.evening_tables(evening)
        key = evening_key(evening, tables, **options)
        render = lambda: pdf.evening_pdf(evening, **options, base_url=site_url())  # noqa: E731
    else:
        raise ValueError(f"no such printable: {kind!r}")
    store = pdf_cache()
    body = store.get(key)
    if not isinstance(body, bytes):
        body = render()
        store.set(key, body, CACHE_SECONDS)
    return key, body


@task()
def make_pdf(kind: str, pk: int, lang: str, paper: str) -> dict[str, str]:
    """The queue's task: make (or find) the PDF, and hand it back in the task's result (the
    web process may share no cache with the worker)."""
    key, body = make(Printable(kind, pk, lang, paper))
    return {"key": key, "pdf": base64.b64encode(body).decode("ascii")}


# ---------------------------------------------------------------------------------------------
# Asking for a PDF from a request


@dataclass(frozen=True)
class Pending:
    """The PDF is being made by the queue: ask again with ``job``."""

    job: str
    started: bool  # a worker has taken it
    waited: float  # seconds since it was queued


@dataclass(frozen=True)
class Failed:
    """The task that was to make the PDF failed (logged, with its traceback)."""

    job: str


def _job_key(key: str) -> str:
    return f"job:{key}"


def _result(job: str) -> TaskResult[Any] | None:
    """The task result ``job`` names, or None (unknown, pruned, malformed, or a backend that
    keeps no results)."""
    try:
        return make_pdf.get_result(job)
    except Exception:  # noqa: BLE001 - whatever the backend raises, the id names nothing
        return None


def _body(result: TaskResult[Any]) -> tuple[str, bytes] | None:
    """The key and PDF a successful task handed back, kept in this process's cache too."""
    value = result.return_value
    if not isinstance(value, dict):
        return None
    try:
        key, body = str(value["key"]), base64.b64decode(value["pdf"], validate=True)
    except (KeyError, TypeError, ValueError, binascii.Error):
        return None
    pdf_cache().add(key, body, CACHE_SECONDS)  # the task may have cached it already
    return key, body


def _waiting(printable: Printable) -> TaskResult[Any] | None:
    """A task for the same PDF (kind, table or evening, language, paper) that no
    worker has started yet. It will make the PDF from the database as it is when it starts,
    no older than what this request read, so the asker waits for it instead of queueing
    another: however often a busy night's sheets are asked for while the worker is behind,
    the queue holds at most one waiting task per PDF, and the wait stays bounded."""
    backend = make_pdf.get_backend()
    if not isinstance(backend, DatabaseBackend):
        return None
    waiting = (
        DBTaskResult.objects.ready()
        .filter(backend_name=backend.alias, task_path=make_pdf.module_path)
        .order_by("enqueued_at")
    )
    wanted = printable.args()
    for row in waiting[:100]:
        args = row.args_kwargs.get("args") if isinstance(row.args_kwargs, dict) else None
        if args == wanted:
            return row.task_result  # the row just read: no second query
    return None


def _seconds_since(moment: datetime.datetime | None) -> float:
    return (timezone.now() - moment).total_seconds() if moment is not None else 0.0


def _lost(result: TaskResult[Any]) -> bool:
    return (
        result.status == TaskResultStatus.RUNNING
        and _seconds_since(result.started_at) > LOST_SECONDS
    )


def _pending(result: TaskResult[Any]) -> Pending:
    return Pending(
        job=str(result.id),
        started=result.status == TaskResultStatus.RUNNING,
        waited=_seconds_since(result.enqueued_at),
    )


def fetch(
    printable: Printable,
    key: str,
    *,
    job: str = "",
    render: Callable[[], bytes] | None = None,
) -> bytes | Pending | Failed:
    """The PDF ``printable`` names, ``key`` being its key as the request read it: from the
    cache; else from the task ``job`` the asker was told to wait for; else made now by
    ``render`` if one is given (a short table); else by a task (waiting in the queue, or
    already run in this request when there is no worker). A failure is logged with its
    traceback (a task's by django-tasks) and answered with :class:`Failed`."""
    store = pdf_cache()
    body = store.get(key)
    if isinstance(body, bytes):
        return body
    if render is not None:
        try:
            body = render()
        except Exception:
            logger.exception("PDF %s could not be made", printable.args())
            return Failed("")
        store.set(key, body, CACHE_SECONDS)
        return body

    if job:
        result = _result(job)
        if result is not None and list(result.args) == printable.args():
            if result.status == TaskResultStatus.SUCCESSFUL:
                made = _body(result)
                # Its own PDF, or one that is newer than what the asker was waiting for.
                fresh = _seconds_since(result.finished_at) <= GRACE_SECONDS
                if made is not None and (made[0] == key or fresh):
                    return made[1]
            elif result.status == TaskResultStatus.FAILED:
                store.delete(_job_key(key))
                return Failed(str(result.id))
            elif not _lost(result):
                return _pending(result)

    known = store.get(_job_key(key))
    if isinstance(known, str):
        result = _result(known)
        if result is not None and result.status == TaskResultStatus.SUCCESSFUL:
            made = _body(result)
            if made is not None:
                return made[1]
        elif result is not None and result.status != TaskResultStatus.FAILED:
            if not _lost(result):
                return _pending(result)
        store.delete(_job_key(key))

    result = _waiting(printable) or make_pdf.enqueue(*printable.args())
    if result.status == TaskResultStatus.SUCCESSFUL:  # no worker: it ran in this request
        made = _body(result)
        if made is not None:
            return made[1]
    if result.is_finished:  # failed, or handed back nothing readable
        if result.status == TaskResultStatus.SUCCESSFUL:
            logger.error("PDF task %s handed back no PDF", result.id)
        return Failed(str(result.id))
    store.set(_job_key(key), str(result.id), JOB_SECONDS)
    return _pending(result)
