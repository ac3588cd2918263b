"""Several servers share one cache (CACHE_URL=redis://…, Django's own Redis backend): what one
writes, every other reads; the rate limits count every server's requests together.

Each thread below reaches Redis through a connection of its own (Django keeps one cache
connection per thread), as each server process does. Needs Debian's redis-server
(`make system-deps` installs it).
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.core.cache import cache
from django.test import RequestFactory, TestCase
from django.urls import reverse
from django_ratelimit.core import is_ratelimited

from scorebook import derived
from scorebook.tables import services
from tests.scorebook.conftest import PLAYERS, deal_form, russian_deal

pytestmark = pytest.mark.django_db


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def redis_url() -> Iterator[str]:
    server = shutil.which("redis-server")
    assert server, "redis-server not found: install the Debian package redis-server"
    port = _free_port()
    process = subprocess.Popen(
        [server, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL,
    )
    try:
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.1).close()
                break
            except OSError:
                time.sleep(0.05)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        process.terminate()
        process.wait(10)


@pytest.fixture
def shared(settings, redis_url):
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": redis_url,
        },
        "pdfs": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": redis_url,
            "KEY_PREFIX": "pdf",
        },
    }
    cache.clear()
    yield
    cache.clear()


def in_another_server(work: Callable[[], Any]) -> Any:
    """``work`` run in a thread of its own: its own connection to the cache."""
    answer: list[Any] = []
    thread = threading.Thread(target=lambda: answer.append(work()))
    thread.start()
    thread.join()
    return answer[0]


def test_a_version_published_by_one_server_is_what_every_other_compares(shared):
    table = services.import_record(
        {"format": "whist-record/1", "variant": "russian", "players": PLAYERS, "deals": []}
    )
    in_another_server(lambda: derived.remember_version(table.view_token, table))
    assert in_another_server(lambda: derived.polled_version(table.view_token)) == table.version

    with TestCase.captureOnCommitCallbacks(execute=True):
        services.add_deal(table, russian_deal("N"), number=1, author=services.Author(label="t"))
    table.refresh_from_db()
    seen = [in_another_server(lambda: derived.polled_version(table.view_token)) for _ in "ab"]
    assert seen == [table.version, table.version]


def test_the_running_score_one_server_kept_is_found_by_another(shared):
    table = services.import_record(
        {
            "format": "whist-record/1",
            "variant": "russian",
            "players": PLAYERS,
            "deals": [russian_deal("N")],
        }
    )
    services.table_state(table)  # this server scores it and keeps the result
    found = in_another_server(lambda: services.kept_progress(table, 1))  # the cache alone
    assert found is not None and found.count == 1


def test_the_sign_in_limit_counts_every_servers_attempts_together(shared):
    from scorebook.web import limits

    allowed = int(limits.LOGIN_RATE.split("/")[0])
    request = RequestFactory().post("/accounts/login/", REMOTE_ADDR="203.0.113.9")

    def attempt() -> bool:
        return is_ratelimited(
            request, group="login", key="ip", rate=limits.LOGIN_RATE, method="POST", increment=True
        )

    first = [in_another_server(attempt) for _ in range(allowed // 2)]
    second = [in_another_server(attempt) for _ in range(allowed - allowed // 2)]
    assert not any(first + second)
    assert in_another_server(attempt)  # one more, on either server: refused


def test_with_redis_down_every_answer_still_comes_from_the_database(client, settings):
    """Everything in the cache is derived: an outage costs speed, never an answer."""
    settings.CACHES = {
        "default": {
            "BACKEND": "scorebook.cache.ForgivingRedisCache",
            "LOCATION": f"redis://127.0.0.1:{_free_port()}/0",  # nothing listens there
            "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5},
        },
    }
    table = services.import_record(
        {"format": "whist-record/1", "variant": "russian", "players": PLAYERS, "deals": []}
    )
    page = client.get(reverse("table", args=[table.edit_token]))
    saved = client.post(reverse("deal_add", args=[table.edit_token]), deal_form(table))
    poll = client.get(reverse("table_sheet", args=[table.view_token]) + "?v=0")
    signed = client.post(reverse("login"), {"username": "x", "password": "y"})

    assert (page.status_code, saved.status_code, poll.status_code) == (200, 302, 200)
    assert table.deals.count() == 1
    assert signed.status_code == 200  # the sign-in form again, not an error
