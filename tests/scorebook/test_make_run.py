"""What `make run` serves: the site as a visitor sees it (DEBUG off: the styled error pages, in
the visitor's language, static files still served), and demo tables in the visitor's language.
"""

from __future__ import annotations

import io
import os
import re
import secrets
import subprocess
from pathlib import Path

import pytest
from django.core.management import call_command
from django.urls import reverse

from players.models import Club
from scorebook.tables.models import Table
from tests.scorebook.test_production_settings import manage

ROOT = Path(__file__).resolve().parents[2]


def run_commands() -> list[str]:
    """The commands `make run` would run, as make prints them (nothing is run)."""
    result = subprocess.run(
        ["make", "-n", "run"], cwd=ROOT, capture_output=True, text=True, timeout=60, check=True,
        env={k: v for k, v in os.environ.items() if k not in {"DEBUG", "MAKEFLAGS"}},
    )  # fmt: skip
    return result.stdout.splitlines()


def test_make_run_serves_with_debug_off_on_this_machine_alone():
    server = [line for line in run_commands() if "manage.py runserver" in line]

    assert len(server) == 1
    assert "DEBUG=0" in server[0] and "LOCAL=1" in server[0] and "SECRET_KEY=" in server[0]
    assert "127.0.0.1:8000" in server[0]


# Run in a process of its own, the settings read from the environment as `make run` sets it.
SCRIPT = """
from django.test import Client
client = Client(HTTP_HOST="127.0.0.1:8000")
for lang in ("en", "ru"):
    page = client.get("/no-such-page/", HTTP_ACCEPT_LANGUAGE=lang)
    print("404", lang, page.status_code, page.content.decode().replace("\\n", " "))
    css = page.content.decode().split('href="')[1:]
css = [part.split('"')[0] for part in css if ".css" in part.split('"')[0]]
for url in css:
    response = client.get(url)
    print("static", url, response.status_code, response["Content-Type"])
from django.conf import settings
print("settings", settings.DEBUG, settings.SECURE_SSL_REDIRECT, settings.SESSION_COOKIE_SECURE)
"""


def local_server(**env: str) -> subprocess.CompletedProcess[str]:
    return manage("shell", "-v", "0", "-c", SCRIPT, **env)


def test_the_local_server_answers_a_missing_page_with_the_styled_404_and_serves_its_styles():
    result = local_server(LOCAL="1", DEBUG="0", SECRET_KEY=secrets.token_urlsafe(50))

    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    pages = {line.split()[1]: line for line in lines if line.startswith("404 ")}
    assert set(pages) == {"en", "ru"}
    for lang, words in (("en", "Not found"), ("ru", "Не найдено")):
        page = pages[lang]
        assert page.split()[2] == "404"
        assert words in page and "css/site.css" in page
        assert "Technical" not in page and "DEBUG = True" not in page  # not Django's debug page
    static = [line.split() for line in lines if line.startswith("static ")]
    assert static and all(status == "200" and kind.startswith("text/css")
                          for _word, _url, status, kind, *_ in static)  # fmt: skip
    # plain HTTP on localhost: no redirect to HTTPS, no cookies the browser would not send back
    assert "settings False False False" in lines


@pytest.mark.django_db
def test_the_demo_tables_are_loaded_once_however_often_make_run_runs():
    call_command("seed_demo", stdout=io.StringIO())
    first = sorted(Table.objects.values_list("title", flat=True))
    call_command("seed_demo", stdout=io.StringIO())

    assert sorted(Table.objects.values_list("title", flat=True)) == first
    assert len(first) == len(set(first)) >= 4


RUSSIAN_NAME = re.compile(r"[А-ЯЁ][а-яё]+")


@pytest.mark.django_db
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_new_browser_is_offered_demo_tables_in_its_language(client, lang):
    call_command("seed_demo", stdout=io.StringIO())

    home = client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    links = re.findall(r'<li><a href="(/t/[^"]+/)">', home.split("how-it-works")[0])

    assert len(links) >= 2
    for link in links:
        page = client.get(link, HTTP_ACCEPT_LANGUAGE=lang).content.decode()
        table = Table.objects.get(view_token=link.split("/")[2])
        names = [seat.player.name for seat in table.seats.all() if seat.player]
        assert table.title in page and all(name in page for name in names)
        if lang == "ru":  # Russian titles and names on a Russian page
            assert RUSSIAN_NAME.search(table.title)
            assert all(RUSSIAN_NAME.fullmatch(name) for name in names)
            assert "Demo" not in table.title
        else:
            assert not RUSSIAN_NAME.search(table.title + " ".join(names))


@pytest.mark.django_db
def test_the_demo_club_is_a_russian_club_in_its_own_words(settings):
    settings.LOCAL = True  # the demo club is made on a laptop only
    call_command("seed_demo", stdout=io.StringIO())
    call_command("seed_demo", stdout=io.StringIO())

    club = Club.objects.get()  # once, however often `make run` runs
    assert club.language == "ru" and club.variant == "russian"
    words = [club.name, club.city]
    words += [p.name for p in club.roster.all()]
    words += [night.name for night in club.nights.all()]
    words += [season.name for season in club.seasons.all()]
    assert len(words) > 10
    for text in words:  # no English word among the Russian ones
        assert not re.search(r"[A-Za-z]", text), text
