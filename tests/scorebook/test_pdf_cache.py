"""Printed PDFs are cached by everything they show, and a club night's is made off the request.

A second request for the same PDF is not rendered again; a change of anything the sheet shows
(a deal saved, corrected, voided or undone, a player renamed or merged, the night edited, a
table removed, a new read-only link) or of the language or the paper gives a fresh PDF. With
the database queue (``PDF_WORKER=1``) an evening's PDF answers at once with a page that
refreshes until the worker has made it; the tests run that worker in-process. The request
and the task name the PDF by what it shows and SITE_URL, never the request's Host; the
database holds one task per PDF (a unique key); the worker puts the PDF in the file storage
(here a directory of each test's own), and old jobs, tasks and files are pruned.
"""

from __future__ import annotations

import ast
import datetime
import html
import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.cache import caches
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.core.management import call_command
from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils import timezone
from django_tasks_db.management.commands import db_worker
from django_tasks_db.models import DBTaskResult

from scorebook.clubs import services as clubs
from scorebook.printing import pdf
from scorebook.printing import queue as printing
from scorebook.printing.models import PrintJob
from scorebook.tables import services
from scorebook.tables.models import Evening
from tests.scorebook.conftest import add_deals
from tests.scorebook.records import long_record
from tests.scorebook.test_pdf import squeeze, text_of

DATABASE_QUEUE = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
TABLE_1 = {"N": "Anna", "E": "Boris", "S": "Vera", "W": "Gleb"}
TABLE_2 = {"N": "Anya", "E": "Egor", "S": "Zoya", "W": "Ivan"}
ROOT = Path(__file__).resolve().parents[2]
REFRESH = re.compile(r'<meta http-equiv="refresh" content="\d+; url=([^"]+)">')


@pytest.fixture(autouse=True)
def empty_pdf_cache(settings, tmp_path):
    """No PDF cached, and an empty file storage of the test's own."""
    settings.MEDIA_ROOT = str(tmp_path / "media")
    caches[printing.CACHE_ALIAS].clear()
    yield
    caches[printing.CACHE_ALIAS].clear()


@pytest.fixture
def renders(monkeypatch):
    """The names of the PDFs rendered (``table_pdf`` / ``evening_pdf``), in order."""
    made: list[str] = []

    def spying(name):
        original = getattr(pdf, name)

        def spy(*args, **kwargs):
            made.append(name)
            return original(*args, **kwargs)

        return spy

    for name in ("table_pdf", "evening_pdf"):
        monkeypatch.setattr(pdf, name, spying(name))
    return made


@pytest.fixture
def queue(settings):
    """PDF_WORKER=1: the tasks wait in the database for a worker."""
    settings.TASKS = DATABASE_QUEUE


@pytest.fixture
def club(owner):
    return clubs.create_club(user=owner, name="Moika 12", variant="russian", language="en")


@pytest.fixture
def night(club, owner):
    night = clubs.open_night(club, name="Friday", date=datetime.date(2026, 11, 20), author=owner)
    for players in (TABLE_1, TABLE_2):
        table = clubs.start_table(night, author=owner, variant="russian", players=players,
                                  first_dealer="N")  # fmt: skip
        add_deals(table, 9, 5, 8)
    return night


def table_pdf(client, table, **query):
    return client.get(reverse("table_pdf", args=[table.view_token]), query)


def evening_pdf(client, evening, **query):
    return client.get(reverse("evening_pdf", args=[evening.token]), query)


def is_pdf(response) -> bool:
    return response.status_code == 200 and response["Content-Type"] == "application/pdf"


def waiting_url(response) -> str:
    """Where the "preparing" page asks again (its meta refresh, the same as its link)."""
    assert response.status_code == 202
    found = REFRESH.search(response.content.decode())
    assert found, "the page must refresh by itself, without JavaScript"
    url = html.unescape(found.group(1))
    assert f'href="{found.group(1)}"' in response.content.decode()
    return url


def run_worker(monkeypatch=None) -> None:
    """``manage.py db_worker --batch``, in this process: every waiting task, then stop. Inside a
    test's transaction the worker must not close the connection between tasks."""
    if monkeypatch is not None:
        monkeypatch.setattr(db_worker, "close_old_connections", lambda: None)
    db_worker.Worker(
        queue_names=["default"],
        interval=0,
        batch=True,
        backend_name="default",
        startup_delay=False,
        max_tasks=None,
        worker_id="test-worker",
        excluded_queue_names=[],
    ).run()


# ---------------------------------------------------------------------------------------------
# A table's PDF


@pytest.mark.django_db
def test_a_table_pdf_asked_twice_is_rendered_once(client, table_with_deals, renders):
    first = table_pdf(client, table_with_deals)
    second = table_pdf(client, table_with_deals)

    assert is_pdf(first) and is_pdf(second)
    assert second.content == first.content
    assert renders == ["table_pdf"]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("before", "after"),
    [({"lang": "en"}, {"lang": "ru"}), ({"paper": "a4"}, {"paper": "a5"})],
    ids=["language", "paper"],
)
def test_another_language_or_paper_is_another_pdf(client, table_with_deals, renders, before, after):
    first = table_pdf(client, table_with_deals, **before)
    other = table_pdf(client, table_with_deals, **after)
    again = table_pdf(client, table_with_deals, **before)

    assert is_pdf(first) and is_pdf(other)
    assert other.content != first.content
    assert again.content == first.content
    assert renders == ["table_pdf", "table_pdf"]


@pytest.mark.django_db
def test_every_change_of_the_deals_gives_a_fresh_pdf(client, table_with_deals, renders):
    table = table_with_deals
    author = services.Author(label="test")
    seen = [table_pdf(client, table).content]

    def fresh() -> str:
        body = table_pdf(client, table).content
        assert body not in seen
        seen.append(body)
        return squeeze(text_of(body))

    add_deals(table, 7)
    fresh()
    deal = table.deals.get(number=2, removed=False)
    services.change_deal(table, 2, {**deal.data, "note": "checked twice"}, version=deal.version,
                         author=author)  # fmt: skip
    assert "checked twice" in fresh()
    deal = table.deals.get(number=3, removed=False)
    services.void_deal(table, 3, "misdeal", version=deal.version, author=author)
    fresh()
    services.undo_last(table, number=4, author=author)
    fresh()

    assert renders == ["table_pdf"] * 5
    assert table_pdf(client, table).content == seen[-1]
    assert len(renders) == 5


@pytest.mark.django_db
def test_a_renamed_or_merged_player_is_printed_at_once(client, club, night, owner, renders):
    first, second = night.tables.order_by("created_at", "pk")
    assert "anna" in squeeze(text_of(table_pdf(client, first).content))

    clubs.rename_player(club.roster.get(name="Anna"), "Anna Karenina", author=owner)
    assert "anna karenina" in squeeze(text_of(table_pdf(client, first).content))

    assert "anya" in squeeze(text_of(table_pdf(client, second).content))
    anya, anna = club.roster.get(name="Anya"), club.roster.get(name="Anna Karenina")
    clubs.merge_players(anya, anna, author=owner)
    merged = squeeze(text_of(table_pdf(client, second).content))

    assert "anya" not in merged and "anna karenina" in merged
    assert renders == ["table_pdf"] * 4


@pytest.mark.django_db
def test_a_new_read_only_link_reprints_the_qr_code(client, table_with_deals, renders):
    table = table_with_deals
    old = table.view_token
    assert old in text_of(client.get(reverse("table_pdf", args=[table.edit_token])).content)

    services.rotate_link(table, "view", author=services.Author(label="test"))
    table.refresh_from_db()
    text = text_of(client.get(reverse("table_pdf", args=[table.edit_token])).content)

    assert table.view_token in text and old not in text
    assert renders == ["table_pdf", "table_pdf"]


@pytest.mark.django_db
def test_a_short_table_is_made_at_once_even_with_a_worker(client, table_with_deals, queue):
    assert is_pdf(table_pdf(client, table_with_deals))
    assert not DBTaskResult.objects.exists()


@pytest.mark.django_db
def test_a_long_table_goes_through_the_queue(client, queue, monkeypatch, renders):
    table = services.import_record(long_record(deals=12))
    monkeypatch.setattr(printing, "QUEUE_DEALS", 10)

    url = waiting_url(table_pdf(client, table))
    assert renders == [] and DBTaskResult.objects.count() == 1
    run_worker(monkeypatch)
    caches[printing.CACHE_ALIAS].clear()  # the worker is another process: no shared cache
    response = client.get(url)

    assert is_pdf(response) and renders == ["table_pdf"]
    assert is_pdf(table_pdf(client, table)) and renders == ["table_pdf"]


# ---------------------------------------------------------------------------------------------
# An evening's PDF


@pytest.mark.django_db
def test_an_evening_pdf_asked_twice_is_rendered_once(client, night, renders):
    first = evening_pdf(client, night)
    second = evening_pdf(client, night)

    assert is_pdf(first) and second.content == first.content
    assert renders == ["evening_pdf"]


@pytest.mark.django_db
def test_an_evening_pdf_follows_its_tables_its_players_and_the_night(
    client, club, night, owner, renders
):
    first, second = night.tables.order_by("created_at", "pk")
    seen = [evening_pdf(client, night).content]

    def fresh() -> str:
        body = evening_pdf(client, night).content
        assert body not in seen
        seen.append(body)
        return squeeze(text_of(body))

    add_deals(second, 6)
    fresh()
    clubs.edit_night(night, name="Friday the 13th", date=night.date, author=owner)
    assert "friday the 13th" in fresh()
    clubs.rename_player(club.roster.get(name="Boris"), "Boris G.", author=owner)
    assert "boris g." in fresh()
    clubs.remove_table(night, second, author=owner)
    assert "anya" not in fresh()

    assert renders == ["evening_pdf"] * 5
    assert evening_pdf(client, night, lang="ru").content not in seen
    assert evening_pdf(client, night, paper="a5").content not in seen
    assert len(renders) == 7


@pytest.mark.django_db(transaction=True)
def test_an_evening_pdf_waits_for_the_worker_and_never_holds_the_request(
    client, night, queue, renders
):
    first = evening_pdf(client, night, lang="en")
    url = waiting_url(first)
    again = evening_pdf(client, night, lang="en")  # another browser, the same sheets

    assert renders == []  # nothing rendered in the requests
    assert "Preparing the PDF" in first.content.decode()
    assert first["Cache-Control"] == "no-store"
    assert waiting_url(again) == url and DBTaskResult.objects.count() == 1
    assert reverse("evening", args=[night.token]) in first.content.decode()

    run_worker()  # the real worker: its own transactions, no patching
    caches[printing.CACHE_ALIAS].clear()  # the worker is another process: no shared cache
    ready = client.get(url)

    assert is_pdf(ready) and renders == ["evening_pdf"]
    assert "friday" in squeeze(text_of(ready.content))
    assert evening_pdf(client, night, lang="en").content == ready.content
    assert renders == ["evening_pdf"] and DBTaskResult.objects.count() == 1


@pytest.mark.django_db
def test_a_poller_gets_the_pdf_it_waited_for_though_a_table_moved_on(
    client, night, queue, monkeypatch, renders
):
    url = waiting_url(evening_pdf(client, night))
    run_worker(monkeypatch)
    caches[printing.CACHE_ALIAS].clear()
    add_deals(night.tables.order_by("pk").first(), 7)  # a busy night: a deal every few seconds

    assert is_pdf(client.get(url))  # what was asked for, not a new wait
    monkeypatch.setattr(printing, "GRACE_SECONDS", -1)  # much later: the link is old
    later = client.get(url)

    assert waiting_url(later) != url and DBTaskResult.objects.count() == 2
    assert renders == ["evening_pdf"]


@pytest.mark.django_db
def test_a_pdf_asked_again_while_its_task_waits_joins_that_task(
    client, night, queue, monkeypatch, renders
):
    url = waiting_url(evening_pdf(client, night))
    add_deals(night.tables.order_by("pk").first(), 7)  # the key changes: a deal was saved
    again = evening_pdf(client, night)  # someone else asks, before the worker has started

    assert waiting_url(again) == url and DBTaskResult.objects.count() == 1
    run_worker(monkeypatch)
    caches[printing.CACHE_ALIAS].clear()
    ready = client.get(url)

    assert is_pdf(ready) and renders == ["evening_pdf"]
    # Made when the worker started it, so it is the current state's PDF: no new task, no render.
    assert evening_pdf(client, night).content == ready.content
    assert renders == ["evening_pdf"] and DBTaskResult.objects.count() == 1


@pytest.mark.django_db
@pytest.mark.parametrize("status", ["RUNNING", "SUCCESSFUL"])
def test_a_task_already_started_is_not_joined_by_a_newer_state(client, night, queue, status):
    url = waiting_url(evening_pdf(client, night))
    DBTaskResult.objects.update(status=status, started_at=timezone.now())
    add_deals(night.tables.order_by("pk").first(), 7)

    assert waiting_url(evening_pdf(client, night)) != url
    assert DBTaskResult.objects.filter(status="READY").count() == 1


@pytest.mark.django_db
def test_each_language_and_evening_waits_for_its_own_task(client, night, queue):
    other = Evening.objects.create(name="Saturday")
    table = services.import_record(long_record())
    table.evening = other
    table.save(update_fields=["evening"])

    urls = {
        waiting_url(evening_pdf(client, night, lang="en")),
        waiting_url(evening_pdf(client, night, lang="ru")),
        waiting_url(evening_pdf(client, other, lang="en")),
        waiting_url(evening_pdf(client, night, lang="en")),
    }

    assert len(urls) == 3 and DBTaskResult.objects.count() == 3


@pytest.mark.django_db
def test_a_pdf_long_in_the_queue_says_the_worker_may_be_down(client, night, queue):
    url = waiting_url(evening_pdf(client, night))
    assert "may not be running" not in client.get(url).content.decode()

    DBTaskResult.objects.update(enqueued_at=timezone.now() - datetime.timedelta(minutes=5))
    page = client.get(url).content.decode()

    assert "may not be running" in page and DBTaskResult.objects.count() == 1


@pytest.mark.django_db
def test_a_task_lost_with_its_worker_is_queued_again(client, night, queue):
    url = waiting_url(evening_pdf(client, night))
    long_ago = timezone.now() - datetime.timedelta(hours=1)
    DBTaskResult.objects.update(status="RUNNING", started_at=long_ago)

    assert waiting_url(client.get(url)) != url
    assert DBTaskResult.objects.filter(status="READY").count() == 1


@pytest.mark.django_db
def test_a_failed_pdf_is_a_page_that_offers_to_try_again(client, night, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("secret detail")

    monkeypatch.setattr(pdf, "evening_pdf", broken)
    response = evening_pdf(client, night)
    page = response.content.decode()

    assert response.status_code == 503
    assert "could not be made" in page and "Try again" in page
    assert "secret detail" not in page and "Traceback" not in page
    monkeypatch.undo()
    assert is_pdf(evening_pdf(client, night))


@pytest.mark.django_db
def test_a_short_table_that_cannot_be_printed_is_a_page_not_an_error(
    client, table_with_deals, monkeypatch
):
    def broken(*args, **kwargs):
        raise RuntimeError("secret detail")

    monkeypatch.setattr(pdf, "table_pdf", broken)
    response = table_pdf(client, table_with_deals)
    page = response.content.decode()

    assert response.status_code == 503 and "could not be made" in page
    assert "secret detail" not in page
    assert reverse("table", args=[table_with_deals.view_token]) in page


@pytest.mark.django_db
def test_a_task_the_worker_failed_ends_the_wait(client, night, queue):
    url = waiting_url(evening_pdf(client, night))
    DBTaskResult.objects.update(status="FAILED", finished_at=timezone.now())

    response = client.get(url)

    assert response.status_code == 503 and "could not be made" in response.content.decode()
    assert waiting_url(evening_pdf(client, night)) != url  # trying again queues a new task


@pytest.mark.django_db
@pytest.mark.parametrize("job", ["nonsense", "00000000-0000-0000-0000-000000000000", "x" * 500])
def test_a_job_that_names_no_task_is_ignored(client, night, renders, job):
    assert is_pdf(evening_pdf(client, night, job=job))
    assert renders == ["evening_pdf"]


@pytest.mark.django_db
def test_a_job_of_another_evening_never_hands_out_its_pdf(client, night, queue, monkeypatch):
    other = Evening.objects.create(name="Secret night")
    table = services.import_record(long_record())
    table.evening = other
    table.save(update_fields=["evening"])
    their_job = waiting_url(evening_pdf(client, other)).split("job=")[1]
    run_worker(monkeypatch)

    response = evening_pdf(client, night, job=their_job)

    assert response.status_code == 202
    assert waiting_url(response).split("job=")[1] != their_job


# ---------------------------------------------------------------------------------------------
# The site's address: SITE_URL, never the request's Host header


@pytest.mark.django_db
def test_the_host_header_makes_no_other_pdf_and_queues_no_other_task(
    client, night, queue, settings, renders, monkeypatch
):
    settings.ALLOWED_HOSTS = ["127.0.0.1", "testserver"]
    hosts = ["127.0.0.1:1", "127.0.0.1:2", "127.0.0.1:3", "testserver"]

    url = reverse("evening_pdf", args=[night.token])

    urls = {waiting_url(client.get(url, HTTP_HOST=host)) for host in hosts}

    assert len(urls) == 1 and DBTaskResult.objects.count() == 1
    run_worker(monkeypatch)  # inside the test's transaction: the connection stays open
    caches[printing.CACHE_ALIAS].clear()
    (waited,) = urls
    bodies = {client.get(waited, HTTP_HOST=host).content for host in hosts}
    assert len(bodies) == 1 and is_pdf(client.get(waited)) and renders == ["evening_pdf"]
    assert DBTaskResult.objects.count() == 1


@pytest.mark.django_db
def test_a_short_table_is_one_pdf_whatever_the_host(client, table_with_deals, settings, renders):
    settings.ALLOWED_HOSTS = ["127.0.0.1", "testserver"]
    url = reverse("table_pdf", args=[table_with_deals.view_token])

    bodies = {client.get(url, HTTP_HOST=f"127.0.0.1:{port}").content for port in (1, 2, 3)}

    assert len(bodies) == 1 and renders == ["table_pdf"]


@pytest.mark.django_db
def test_the_printed_link_is_at_site_url_and_follows_it(client, table_with_deals, settings):
    table = table_with_deals
    settings.ALLOWED_HOSTS = ["evil.example", "testserver"]
    settings.SITE_URL = "https://whist.example.org/club"
    path = reverse("table", args=[table.view_token])
    url = reverse("table_pdf", args=[table.view_token])

    first = squeeze(text_of(client.get(url, HTTP_HOST="evil.example").content))
    assert squeeze(f"https://whist.example.org/club{path}") in first
    assert "evil.example" not in first

    key = printing.table_key(table, lang="en", paper="a4")
    settings.SITE_URL = "https://scores.example.net"
    assert printing.table_key(table, lang="en", paper="a4") != key
    moved = squeeze(text_of(table_pdf(client, table).content))
    assert squeeze(f"https://scores.example.net{path}") in moved


@pytest.mark.django_db
def test_without_site_url_the_sheet_has_no_link_rather_than_the_hosts(
    client, table_with_deals, settings
):
    settings.ALLOWED_HOSTS = ["evil.example", "testserver"]
    settings.SITE_URL = ""
    table = table_with_deals

    url = reverse("table_pdf", args=[table.view_token])

    text = text_of(client.get(url, HTTP_HOST="evil.example").content)

    assert "evil.example" not in text and table.view_token not in text


# ---------------------------------------------------------------------------------------------
# One task per PDF at any moment: the database's unique keys, not a scan in Python


@pytest.mark.django_db
def test_the_database_refuses_a_second_job_for_one_pdf():
    PrintJob.objects.create(key="pdf:r:evening:1:a", waiting="evening:1:en:a4", task_id="t1")
    PrintJob.objects.create(key="pdf:r:evening:1:b", waiting=None, task_id="t2")
    PrintJob.objects.create(key="pdf:r:evening:1:c", waiting=None, task_id="t3")  # many: none

    for key, waiting in [("pdf:r:evening:1:a", None), ("pdf:r:evening:1:d", "evening:1:en:a4")]:
        with pytest.raises(IntegrityError), transaction.atomic():
            PrintJob.objects.create(key=key, waiting=waiting, task_id="t4")


@pytest.mark.django_db
def test_a_request_that_read_no_job_a_moment_too_early_joins_the_one_queued_meanwhile(
    client, night, queue, monkeypatch
):
    """Two requests at the same moment: both find no job; the other one inserts its job and
    queues its task first; this one's insert is refused by the unique key, and it waits for
    the other's task instead of queueing a second."""
    jobs = printing._jobs
    raced: list[str] = []

    def too_early(key, name):
        if not raced:  # the other request, in between this one's read and its insert
            other = PrintJob.objects.create(key=key, waiting=name, task_id="")
            other.task_id = str(printing.make_pdf.enqueue("evening", night.pk, "en", "a4").id)
            other.save()
            raced.append(other.task_id)
            return []
        return jobs(key, name)

    monkeypatch.setattr(printing, "_jobs", too_early)
    url = waiting_url(evening_pdf(client, night, lang="en", paper="a4"))

    assert url.endswith(f"job={raced[0]}")
    assert PrintJob.objects.count() == 1 and DBTaskResult.objects.count() == 1


RACE = r"""
import sys, threading, django
django.setup()
from django.core.management import call_command
from django.db import connection
from django.test import Client
from django.urls import reverse
call_command("migrate", verbosity=0)
from scorebook.tables.models import Evening
from scorebook.printing import queue
from scorebook.printing.models import PrintJob
from scorebook.tables import services
from django_tasks_db.models import DBTaskResult
from tests.scorebook.records import long_record

night = Evening.objects.create(name="Friday")
table = services.import_record(long_record(deals=12))
table.evening = night
table.save(update_fields=["evening"])

COUNT = 6
read = threading.Barrier(COUNT, timeout=60)  # every request has found no job before any inserts
seen = threading.local()
jobs = queue._jobs

def racing(key, name):
    found = jobs(key, name)
    if not getattr(seen, "done", False):
        seen.done = True
        read.wait()
    return found

queue._jobs = racing
answers = []

def request(port):
    try:
        response = Client().get(reverse("evening_pdf", args=[night.token]), {"lang": "en"},
                                HTTP_HOST=f"127.0.0.1:{port}")
        text = response.content.decode()
        answers.append((response.status_code, text.split("job=")[1].split('"')[0]))
    except Exception as error:
        answers.append(("error", repr(error)))
    finally:
        connection.close()

threads = [threading.Thread(target=request, args=(port,)) for port in range(1, COUNT + 1)]
for t in threads: t.start()
for t in threads: t.join()
print(PrintJob.objects.count(), DBTaskResult.objects.count(), sorted(set(answers)))
"""


def test_requests_at_the_same_moment_through_other_hosts_queue_one_task(tmp_path):
    """Six requests through six Host ports, each on its own connection to a real database
    file, all past their "is there a job?" read before any of them inserts one: one job, one
    task, and every request waits for it."""
    env = {
        **{k: v for k, v in os.environ.items() if k not in {"DEBUG", "SITE_URL", "LOCAL"}},
        "DJANGO_SETTINGS_MODULE": "scorebook.settings",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'race.sqlite3'}",
        "PDF_WORKER": "1",
        "MEDIA_ROOT": str(tmp_path / "media"),
    }
    result = subprocess.run(
        [sys.executable, "-c", RACE], cwd=ROOT, env=env, capture_output=True, text=True,
        timeout=300, check=False,
    )  # fmt: skip

    assert result.returncode == 0, result.stderr
    jobs, tasks, answers = result.stdout.strip().split(maxsplit=2)
    assert (jobs, tasks) == ("1", "1")
    (answer,) = ast.literal_eval(answers)  # the same answer for all six: wait for that task
    assert answer[0] == 202, answers


@pytest.mark.parametrize(
    ("hosts", "warned"), [("*", True), ("whist.example.org", False)], ids=["any", "named"]
)
def test_the_deploy_check_says_when_sheets_would_print_no_qr_code(hosts, warned):
    from tests.scorebook.test_production_settings import manage

    result = manage("check", "--deploy", SECRET_KEY="k" * 50, DEBUG="0", ALLOWED_HOSTS=hosts)

    assert ("printing.W001" in result.stdout + result.stderr) is warned


# ---------------------------------------------------------------------------------------------
# Finished PDFs in the file storage, not in the task's row


@pytest.mark.django_db
def test_the_task_hands_back_only_where_the_pdf_is_and_every_process_reads_it_there(
    client, night, queue, monkeypatch, renders
):
    url = waiting_url(evening_pdf(client, night))
    run_worker(monkeypatch)
    row = DBTaskResult.objects.get()
    key = row.return_value["key"]

    assert row.return_value == {"key": key, "path": printing.pdf_path(key)}
    assert key.startswith("pdf:") and len(json.dumps(row.return_value)) < 300
    with default_storage.open(printing.pdf_path(key), "rb") as file:
        stored = file.read()
    assert stored.startswith(b"%PDF-")

    caches[printing.CACHE_ALIAS].clear()  # another web process: no cache shared with the worker
    assert client.get(url).content == stored
    caches[printing.CACHE_ALIAS].clear()  # and one that was never told which task to wait for
    assert evening_pdf(client, night).content == stored
    assert renders == ["evening_pdf"] and DBTaskResult.objects.count() == 1


@pytest.mark.django_db
def test_a_pdf_gone_from_the_storage_is_made_again_and_a_half_written_one_is_not_served(
    client, night, queue, monkeypatch, renders
):
    url = waiting_url(evening_pdf(client, night))
    run_worker(monkeypatch)
    path = DBTaskResult.objects.get().return_value["path"]
    with default_storage.open(path, "rb") as file:
        whole = file.read()

    default_storage.delete(path)
    default_storage.save(path, ContentFile(whole[: len(whole) // 2]))  # still being written
    caches[printing.CACHE_ALIAS].clear()
    assert waiting_url(client.get(url)) != url  # not the half, and not an error: made again

    default_storage.delete(path)  # pruned
    caches[printing.CACHE_ALIAS].clear()
    again = waiting_url(evening_pdf(client, night))
    assert again != url and DBTaskResult.objects.filter(status="READY").count() == 1
    run_worker(monkeypatch)
    caches[printing.CACHE_ALIAS].clear()
    assert is_pdf(client.get(again)) and renders == ["evening_pdf", "evening_pdf"]


@pytest.mark.django_db
def test_the_queue_needs_no_disk_of_its_own(client, night, queue, monkeypatch, settings, renders):
    """A storage with no local path (as object storage is), configured like any other."""
    settings.STORAGES = {
        **settings.STORAGES,
        "default": {"BACKEND": "django.core.files.storage.InMemoryStorage"},
    }
    url = waiting_url(evening_pdf(client, night))
    run_worker(monkeypatch)
    caches[printing.CACHE_ALIAS].clear()

    assert is_pdf(client.get(url)) and renders == ["evening_pdf"]
    path = DBTaskResult.objects.get().return_value["path"]
    assert default_storage.exists(path)
    assert not (Path(settings.MEDIA_ROOT) / path).exists()


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({}, "django.core.files.storage.FileSystemStorage {}"),
        ({"FILE_STORAGE": "django.core.files.storage.InMemoryStorage",
          "FILE_STORAGE_OPTIONS": '{"location": "prints"}'},
         "django.core.files.storage.InMemoryStorage {'location': 'prints'}"),
    ],
)  # fmt: skip
def test_the_file_storage_is_chosen_by_the_environment(env, expected):
    from tests.scorebook.test_production_settings import manage

    result = manage(
        "shell", "-v", "0", "-c",
        "from django.conf import settings as s; d = s.STORAGES['default'];"
        "print(d['BACKEND'], d['OPTIONS'])",
        **env,
    )  # fmt: skip

    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == expected


# ---------------------------------------------------------------------------------------------
# Old jobs, tasks and files pruned on a schedule


def age(path: str, days: float) -> None:
    """Make the stored file ``path`` look ``days`` old."""
    moment = (timezone.now() - datetime.timedelta(days=days)).timestamp()
    os.utime(default_storage.path(path), (moment, moment))


@pytest.mark.django_db
def test_pruning_removes_old_jobs_tasks_and_files_and_keeps_fresh_ones(
    client, night, queue, monkeypatch, renders
):
    other = Evening.objects.create(name="Last month")
    table = services.import_record(long_record())
    table.evening = other
    table.save(update_fields=["evening"])
    for evening in (other, night):
        waiting_url(evening_pdf(client, evening))
        run_worker(monkeypatch)
    old_task, fresh_task = DBTaskResult.objects.order_by("enqueued_at")
    old_path, fresh_path = (t.return_value["path"] for t in (old_task, fresh_task))
    long_ago = timezone.now() - datetime.timedelta(days=3)
    DBTaskResult.objects.filter(pk=old_task.pk).update(enqueued_at=long_ago)
    PrintJob.objects.filter(task_id=str(old_task.pk)).update(created_at=long_ago)
    age(old_path, 3)
    age(fresh_path, 1)  # younger than two days: kept
    not_ours = DBTaskResult.objects.create(
        args_kwargs={"args": [], "kwargs": {}}, task_path="elsewhere.task",
        backend_name="default", run_after=long_ago,
    )  # fmt: skip
    DBTaskResult.objects.filter(pk=not_ours.pk).update(enqueued_at=long_ago)

    out = io.StringIO()
    call_command("prune_prints", stdout=out)

    assert out.getvalue().strip() == "Pruned 1 print jobs, 1 tasks, 1 PDF files."
    assert set(DBTaskResult.objects.values_list("pk", flat=True)) == {fresh_task.pk, not_ours.pk}
    assert list(PrintJob.objects.values_list("task_id", flat=True)) == [str(fresh_task.pk)]
    assert not default_storage.exists(old_path) and default_storage.exists(fresh_path)
    caches[printing.CACHE_ALIAS].clear()
    assert is_pdf(evening_pdf(client, night)) and renders == ["evening_pdf", "evening_pdf"]
    assert waiting_url(evening_pdf(client, other))  # pruned: made again when asked again


def test_pruning_goes_on_every_so_often_and_outlives_a_failed_round(monkeypatch):
    from scorebook.printing.management.commands import prune_prints

    rounds: list[str] = []

    def pruning(*, keep_seconds):
        rounds.append("pruned")
        if len(rounds) == 2:
            raise RuntimeError("the database restarted")
        return printing.Pruned(jobs=0, tasks=0, files=0)

    def sleeping(seconds):
        assert seconds == 5
        if len(rounds) == 3:
            raise KeyboardInterrupt  # stopped with the server

    monkeypatch.setattr(printing, "prune", pruning)
    monkeypatch.setattr(prune_prints.time, "sleep", sleeping)
    monkeypatch.setattr(prune_prints, "close_old_connections", lambda: None)

    call_command("prune_prints", "--every", "5", stdout=io.StringIO())

    assert rounds == ["pruned"] * 3


def test_make_run_starts_the_pruning_beside_the_worker_and_stops_it_with_the_server():
    from tests.scorebook.test_make_run import run_commands

    script = "\n".join(run_commands())
    pruner = [line for line in script.splitlines() if "manage.py prune_prints --" in line]

    assert len(pruner) == 1 and "--every 3600" in pruner[0] and "& pruner=$!" in pruner[0]
    assert "kill $worker $pruner" in script
