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
default, and the tests) the same task runs inside the request. The task puts the finished PDF
in Django's file storage (``default_storage``: MEDIA_ROOT on this machine's disk, or object
storage shared by several hosts) at :func:`pdf_path` of its key, and hands back only its key
and path, so this works even when the web processes and the worker share no cache (the default
cache is in each process's memory), and the task rows stay a few hundred bytes each.

One task per PDF at any moment, held by the database: a task is queued together with its
:class:`~scorebook.printing.models.PrintJob`, whose ``key`` (the PDF's key) is unique, so two
requests at the same moment, on any process or server, cannot both queue one: the second
insert is refused, and that request waits for the first one's task. A PDF asked for again while
its task still waits for the worker (a table moved on meanwhile, so its key is new) waits for
that task rather than queueing another (the job's ``waiting`` place, unique too): one waiting
task per PDF, however busy the night.
"""

from __future__ import annotations

import datetime
import hashlib
import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.core.cache import BaseCache, caches
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.db import IntegrityError, models, transaction
from django.db.models import Q
from django.utils import timezone
from django_tasks import TaskContext, TaskResult, TaskResultStatus, task
from django_tasks_db.models import DBTaskResult

from scorebook import derived
from scorebook.printing import pdf
from scorebook.printing.models import PrintJob
from scorebook.tables.models import Evening, Seat, Table

logger = logging.getLogger(__name__)

CACHE_ALIAS = "pdfs"
# How long a PDF is kept: the evening's sheets are printed that night, and looked at again in
# the days after. Every change makes a new key anyway.
CACHE_SECONDS = 2 * 24 * 3600
# How long the print queue keeps its jobs, its tasks' rows and the PDF files it made, before
# ``manage.py prune_prints`` removes them: as long as the cache keeps a PDF.
KEEP_SECONDS = CACHE_SECONDS
# A table with more deals than this is printed by the queue too: its PDF takes about half a
# second, and grows with every deal (measured: 1.0 s for 200 deals, 10 s for 2,000).
QUEUE_DEALS = 100
# A task still running this long after it started is taken for lost (its worker was killed)
# and a new one is queued.
LOST_SECONDS = 600
# A poller is handed the PDF its task made, even if the table changed meanwhile (a busy night
# changes every few seconds), for this long after the task finished; after that, a page
# reloaded from its address asks for the current state.
GRACE_SECONDS = 120

KINDS = ("table", "evening")
# The folder of the file storage where the print queue keeps the PDFs it made.
PRINTS_DIR = "prints"


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
# Where a finished PDF is kept: this process's cache, and the file storage every process shares


def pdf_path(key: str) -> str:
    """Where the file storage keeps the PDF of ``key`` (a digest of it: the key names the rows
    it was made from)."""
    return f"{PRINTS_DIR}/{hashlib.blake2b(key.encode(), digest_size=20).hexdigest()}.pdf"


def _whole(body: bytes) -> bool:
    """A PDF written to the end (a file still being written on a local disk is not)."""
    return body.startswith(b"%PDF-") and body.rstrip().endswith(b"%%EOF")


def cached(key: str) -> bytes | None:
    body = pdf_cache().get(key)
    return body if isinstance(body, bytes) else None


def stored(key: str) -> bytes | None:
    """The PDF of ``key`` from the file storage (then kept in this process's cache), or None."""
    try:
        with default_storage.open(pdf_path(key), "rb") as file:
            body = file.read()
    except FileNotFoundError:  # not made yet, or pruned
        return None
    except Exception:  # the storage failed: the PDF is made again rather than not at all
        logger.warning("PDF %s could not be read from the storage", key, exc_info=True)
        return None
    if not _whole(body):
        return None
    pdf_cache().add(key, body, CACHE_SECONDS)
    return body


def keep(key: str, body: bytes) -> None:
    """Cache the PDF of ``key`` and put it in the file storage, once (a PDF made twice at once
    is the same PDF: the second copy is dropped)."""
    pdf_cache().set(key, body, CACHE_SECONDS)
    path = pdf_path(key)
    if default_storage.exists(path):
        return
    saved = default_storage.save(path, ContentFile(body))
    if saved != path:  # written meanwhile by another process, and kept under another name
        default_storage.delete(saved)


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

    def name(self) -> str:
        """Which PDF, whatever the state it shows: its print job's waiting place."""
        return f"{self.kind}:{self.pk}:{self.lang}:{self.paper}"


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
    body = cached(key) or stored(key)
    if body is None:
        body = render()
        keep(key, body)
    return key, body


@task(takes_context=True)
def make_pdf(context: TaskContext, kind: str, pk: int, lang: str, paper: str) -> dict[str, str]:
    """The queue's task: make (or find) the PDF and put it in the file storage, where every web
    process finds it (they may share no cache with the worker); hand back only its key and
    path. Started, it frees its job's waiting place: a state newer than the one it reads now
    is a task of its own."""
    PrintJob.objects.filter(task_id=str(context.task_result.id)).update(waiting=None)
    key, _body = make(Printable(kind, pk, lang, paper))
    return {"key": key, "path": pdf_path(key)}


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


def _result(job: str) -> TaskResult[Any] | None:
    """The task result ``job`` names, or None (unknown, pruned, malformed, or a backend that
    keeps no results)."""
    if not job:
        return None
    try:
        return make_pdf.get_result(job)
    except Exception:  # noqa: BLE001 - whatever the backend raises, the id names nothing
        return None


def _body(result: TaskResult[Any]) -> tuple[str, bytes] | None:
    """The key and PDF a successful task made, read from the storage; None when it handed
    back something else, or its file is gone (pruned)."""
    value = result.return_value
    if not isinstance(value, dict) or not isinstance(value.get("key"), str):
        return None
    key = value["key"]
    if value.get("path") != pdf_path(key):
        return None
    body = cached(key) or stored(key)
    return None if body is None else (key, body)


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


def _awaited(printable: Printable, key: str, job: str) -> bytes | Pending | Failed | None:
    """What the task ``job``, which the asker was told to wait for, has come to: its PDF (even
    if the table moved on meanwhile, for :data:`GRACE_SECONDS` after it finished), the wait
    going on, or its failure; None when it names no task of this PDF, or a lost one."""
    result = _result(job)
    if result is None or list(result.args) != printable.args():
        return None
    if result.status == TaskResultStatus.SUCCESSFUL:
        made = _body(result)
        # Its own PDF, or one that is newer than what the asker was waiting for.
        fresh = _seconds_since(result.finished_at) <= GRACE_SECONDS
        if made is not None and (made[0] == key or fresh):
            return made[1]
        return None
    if result.status == TaskResultStatus.FAILED:
        return Failed(str(result.id))
    return None if _lost(result) else _pending(result)


def _joined(job: PrintJob, key: str) -> bytes | Pending | None:
    """What the job found for this PDF has come to, if this request may wait for it: its
    PDF, or the wait. None when it is over for this request (its task failed, was lost or
    pruned, or, for a job found by its waiting place, was started on an older state than
    ``key``): the job's row is then let go, so that a new one can be made in its place."""
    result = _result(job.task_id)
    status = result.status if result is not None else None
    if job.key == key:
        if status == TaskResultStatus.SUCCESSFUL:
            assert result is not None
            made = _body(result)
            if made is not None:
                return made[1]
        elif result is not None and status != TaskResultStatus.FAILED and not _lost(result):
            return _pending(result)
        PrintJob.objects.filter(pk=job.pk).delete()
        return None
    if status == TaskResultStatus.READY:  # not started: it will read a state no older than ours
        assert result is not None
        return _pending(result)
    # Started (or gone) on an older state: its place is free for this state's own task.
    PrintJob.objects.filter(pk=job.pk, waiting=job.waiting).update(waiting=None)
    return None


def _jobs(key: str, name: str) -> list[PrintJob]:
    """The jobs a request for this PDF may wait for: its key's own first, then the one waiting
    for the PDF ``name`` (one query; at most one of each, the database sees to that)."""
    found = PrintJob.objects.filter(Q(key=key) | Q(waiting=name))
    return sorted(found, key=lambda job: job.key != key)


def _queued(printable: Printable, key: str) -> bytes | Pending | Failed:
    """The one task of this PDF: found, or queued by this request. The database holds one job
    per key and one waiting job per PDF (unique columns): two requests at the same moment
    cannot both queue one, whatever process or server they come through; the one whose insert
    fails waits for the other's task."""
    backend = make_pdf.get_backend()
    if not backend.supports_get_result:  # no queue (no worker): the task runs here, now
        return _ran(make_pdf.enqueue(*printable.args()))
    name = printable.name()
    for _attempt in range(5):
        found = _jobs(key, name)
        if found:
            outcome = _joined(found[0], key)
            if outcome is not None:
                return outcome
            continue
        try:
            with transaction.atomic():
                job = PrintJob.objects.create(key=key, waiting=name)
                result = make_pdf.enqueue(*printable.args())  # one commit with its job
                job.task_id = str(result.id)
                job.save(update_fields=["task_id"])
        except IntegrityError:
            continue  # another request queued it first: wait for that task
        return _pending(result)
    logger.error("PDF %s: no print job could be found or queued", printable.args())
    return Failed("")


def _ran(result: TaskResult[Any]) -> bytes | Failed:
    """A task that ran in this request (no worker): its PDF, or its failure."""
    if result.status == TaskResultStatus.SUCCESSFUL:
        made = _body(result)
        if made is not None:
            return made[1]
        logger.error("PDF task %s handed back no PDF", result.id)
    return Failed(str(result.id))


def fetch(
    printable: Printable,
    key: str,
    *,
    job: str = "",
    render: Callable[[], bytes] | None = None,
) -> bytes | Pending | Failed:
    """The PDF ``printable`` names, ``key`` being its key as the request read it: from the
    cache; else made now by ``render`` if one is given (a short table: cached, not stored);
    else from the file storage; else from the task ``job`` the asker was told to wait for;
    else from this PDF's one task, queued by this request if there is none (or run in it when
    there is no worker). A failure is logged with its traceback (a task's by django-tasks) and
    answered with :class:`Failed`."""
    body = cached(key)
    if body is not None:
        return body
    if render is not None:
        try:
            body = render()
        except Exception:
            logger.exception("PDF %s could not be made", printable.args())
            return Failed("")
        pdf_cache().set(key, body, CACHE_SECONDS)
        return body
    body = stored(key)  # made by a task, in this process or another, maybe on another host
    if body is not None:
        return body
    if job:
        awaited = _awaited(printable, key, job)
        if awaited is not None:
            return awaited
    return _queued(printable, key)


# ---------------------------------------------------------------------------------------------
# Pruning


@dataclass(frozen=True)
class Pruned:
    jobs: int
    tasks: int
    files: int


def prune(*, keep_seconds: float = KEEP_SECONDS) -> Pruned:
    """Remove the print jobs, the print tasks' rows and the PDF files older than
    ``keep_seconds``: run on a schedule by ``manage.py prune_prints`` (``make run`` starts it
    beside the worker; the deployment's timer in docs/deploy.md). Anything newer is kept: a
    PDF asked for again after it was pruned is made again, and a page still waiting for a
    pruned task queues another."""
    cutoff = timezone.now() - datetime.timedelta(seconds=keep_seconds)
    jobs, _ = PrintJob.objects.filter(created_at__lt=cutoff).delete()
    tasks, _ = DBTaskResult.objects.filter(
        task_path=make_pdf.module_path, enqueued_at__lt=cutoff
    ).delete()
    files = 0
    try:
        _folders, names = default_storage.listdir(PRINTS_DIR)
    except FileNotFoundError:  # nothing was ever stored
        names = []
    for name in names:
        path = f"{PRINTS_DIR}/{name}"
        try:
            if default_storage.get_modified_time(path) >= cutoff:
                continue
            default_storage.delete(path)
        except FileNotFoundError:  # removed meanwhile
            continue
        files += 1
    return Pruned(jobs=jobs, tasks=tasks, files=files)
