"""The room's screen (issue 29): a night's projector view by a display link of its own.

It shows every table and the night's standings, and nothing of the organiser's, whoever opens
it; its link opens that screen and its poll, and nothing else; the night's link never opens it.
Its poll answers 204 while nothing changed, as the night page's does. The browser test
(tests/browser/test_room_screen.py) checks that it fits a screen without scrolling.
"""

from __future__ import annotations

import datetime
import re

import pytest
from django.db import connection
from django.test import TestCase
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scorebook.clubs import services as clubs
from scorebook.clubs.views.nights import SCREEN_PAGE, screen_layout
from scorebook.tables import services
from scorebook.tables.models import Evening
from tests.scorebook.conftest import russian_deal

pytestmark = pytest.mark.django_db

capture_on_commit_callbacks = TestCase.captureOnCommitCallbacks  # a write's publishing, run
NIGHT_DATE = datetime.date(2026, 11, 20)
NAMES = ("Anna", "Boris", "Vera", "Gleb")


@pytest.fixture
def organiser(owner):
    return owner


@pytest.fixture
def club(organiser, member):
    club = clubs.create_club(user=organiser, name="Moika 12", variant="russian", language="en")
    clubs.give_role(club, member.username, clubs.MEMBER, author=organiser)
    clubs.answer_invitation(club, member, accept=True)
    return club


@pytest.fixture
def night(club, organiser):
    return clubs.open_night(club, name="Friday", date=NIGHT_DATE, author=organiser)


def seat(night, organiser, n):
    players = {s: f"{name}{n}" for s, name in zip("NESW", NAMES, strict=True)}
    return clubs.start_table(night, author=organiser, variant="russian", players=players,
                             first_dealer="N")  # fmt: skip


def play(table, *ns_tricks):
    for tricks in ns_tricks:
        state = services.table_state(table)
        services.add_deal(
            table,
            russian_deal(state.next_dealer or "N", tricks),
            number=state.next_number,
            author=services.Author(label="test"),
        )


@pytest.fixture
def tables(night, organiser):
    found = [seat(night, organiser, n) for n in range(1, 4)]
    play(found[0], 9, 9)
    play(found[1], 4)
    return found


def screen_url(night) -> str:
    return reverse("night_screen", args=[night.display_token])


def test_every_night_has_a_screen_link_of_its_own(night, club, organiser):
    other = clubs.open_night(club, name="Saturday", date=NIGHT_DATE, author=organiser)

    assert night.display_token and night.display_token != night.token
    assert len({night.display_token, other.display_token, night.token, other.token}) == 4
    assert screen_url(night) == f"/e/{night.display_token}/screen/"


def test_the_screen_shows_every_table_and_the_standings(client, night, tables):
    page = client.get(screen_url(night))

    assert page.status_code == 200
    text = page.content.decode()
    for table in tables:
        assert f"<bdi>{table.title}</bdi>" in text
        for n in ("Anna", "Boris", "Vera", "Gleb"):
            assert f"{n}{table.number}" in text
    assert "Standings of the night" in text and 'class="screen-ranks"' in text
    assert "rubber 1" in text and "Russian whist" in text
    assert "+" in text and "\u2212" in text  # the running settlement, signed


@pytest.mark.parametrize("signed_in", ["organiser", "member", None])
def test_the_screen_has_no_control_and_no_link_whoever_opens_it(
    client, night, tables, signed_in, organiser, member
):
    clubs.start_table(night, author=organiser, variant="russian",
                      players={"N": "Anna1", "E": "X", "S": "Y", "W": "Z"})  # fmt: skip
    if signed_in:
        client.force_login(organiser if signed_in == "organiser" else member)

    text = client.get(screen_url(night)).content.decode()

    assert "<form" not in text and "csrfmiddlewaretoken" not in text
    assert "Take out of the night" not in text and "Move to" not in text
    assert "more than one table" not in text  # the organiser's warning stays on his page
    assert "<a " not in text  # no link at all: no table's, no night's
    assert night.token not in text
    for table in night.tables.all():
        assert table.edit_token not in text and table.view_token not in text
    assert "site-header" not in text and "language-switch" not in text and "night-link" not in text
    assert 'id="fullscreen"' in text


def test_the_nights_link_does_not_open_the_screen_nor_the_screen_link_the_night(
    client, night, organiser, tables
):
    client.force_login(organiser)
    table = tables[0]

    night_link = night.token
    screen_link = night.display_token
    assert client.get(reverse("night_screen", args=[night_link])).status_code == 404
    assert client.get(reverse("night_screen_glance", args=[night_link])).status_code == 404
    for name in ("evening", "evening_glance", "evening_pdf"):
        assert client.get(reverse(name, args=[screen_link])).status_code == 404
    assert client.post(reverse("evening_file", args=[screen_link]),
                       {"link": table.edit_token}).status_code == 404  # fmt: skip
    for name in ("evening_remove", "evening_move"):
        response = client.post(reverse(name, args=[screen_link, table.pk]))
        assert response.status_code == 404
    assert client.get(reverse("night_table", args=[screen_link, "russian"])).status_code == 404
    assert client.get(reverse("table", args=[screen_link])).status_code == 404


def test_a_stranger_without_the_link_gets_404(client, night, tables):
    assert client.get(reverse("night_screen", args=["not-the-link"])).status_code == 404
    assert client.get(reverse("night_screen_glance", args=["not-the-link"])).status_code == 404


def test_the_organisers_night_page_offers_the_screen_and_nobody_elses(
    client, night, organiser, member, outsider
):
    link = f'href="{screen_url(night)}"'
    client.force_login(organiser)
    assert link in client.get(reverse("evening", args=[night.token])).content.decode()

    for who in (member, outsider, None):
        client.logout()
        if who:
            client.force_login(who)
        page = client.get(reverse("evening", args=[night.token])).content.decode()
        assert night.display_token not in page and "Room's screen" not in page


def screen_version(client, night) -> str:
    text = client.get(screen_url(night)).content.decode()
    found = re.search(r'/screen/glance/\?v=([0-9a-f]+)"', text)
    assert found, "the screen polls with its version"
    return found.group(1)


def test_the_poll_answers_204_until_a_deal_is_saved_then_the_new_state(client, night, tables):
    version = screen_version(client, night)
    poll = reverse("night_screen_glance", args=[night.display_token]) + f"?v={version}"
    with CaptureQueriesContext(connection) as queries:
        assert client.get(poll).status_code == 204
    assert len(queries) == 0  # the cache alone says it: no database, no session

    with capture_on_commit_callbacks(execute=True):
        play(tables[2], 9)

    answer = client.get(poll)
    assert answer.status_code == 200
    text = answer.content.decode()
    assert 'id="screen-live"' in text and "<html" not in text  # the live part only
    third = text.split(f"<bdi>{tables[2].title}</bdi>")[1].split("</article>")[0]
    assert "1 deal" in third and "+" in third
    fresh = re.search(r'/screen/glance/\?v=([0-9a-f]+)"', text).group(1)
    assert fresh != version


def test_the_nights_poll_version_does_not_answer_for_the_screens_link(client, night, tables):
    """Each link's poll knows its own link only: the night's version given to the screen's
    poll under the night's link is a 404, not a 204."""
    html = client.get(reverse("evening", args=[night.token])).content.decode()
    version = re.search(r'/glance/\?v=([0-9a-f]+)"', html).group(1)

    poll = reverse("night_screen_glance", args=[night.token]) + f"?v={version}"
    assert client.get(poll).status_code == 404
    poll = reverse("evening_glance", args=[night.display_token]) + f"?v={version}"
    client.get(screen_url(night))
    assert client.get(poll).status_code == 404


def test_the_screen_speaks_the_clubs_language_whatever_the_browser_asks(
    client, night, tables, club
):
    club.language = "ru"
    club.save()

    page = client.get(screen_url(night), HTTP_ACCEPT_LANGUAGE="en")

    text = page.content.decode()
    assert '<html lang="ru">' in text and "Итоги вечера" in text and "Русский вист" in text
    assert page["Content-Language"] == "ru"
    poll = client.get(reverse("night_screen_glance", args=[night.display_token]),
                      HTTP_ACCEPT_LANGUAGE="en")  # fmt: skip
    assert "Итоги вечера" in poll.content.decode()
    # ...and the night page still speaks the visitor's
    other = client.get(reverse("evening", args=[night.token]), HTTP_ACCEPT_LANGUAGE="en")
    assert "Standings of the night" in other.content.decode()


def test_a_large_night_pages_through_its_tables(client, night, organiser):
    for n in range(1, SCREEN_PAGE + 4):
        seat(night, organiser, n)

    text = client.get(screen_url(night)).content.decode()

    cards = re.findall(r'<article class="screen-table"( hidden)?>', text)
    assert len(cards) == SCREEN_PAGE + 3
    assert [bool(h) for h in cards] == [False] * SCREEN_PAGE + [True] * 3  # page 1 first
    assert 'data-page-size="12"' in text and "--columns: 4; --rows: 3" in text


@pytest.mark.parametrize(
    ("count", "grid"),
    [(0, (1, 1)), (1, (1, 1)), (2, (2, 1)), (4, (2, 2)), (5, (3, 2)), (9, (3, 3)),
     (10, (4, 3)), (12, (4, 3)), (30, (4, 3))],
)  # fmt: skip
def test_the_grid_fits_the_tables(count, grid):
    assert screen_layout(count) == grid


def test_a_night_before_clubs_shows_its_screen_in_the_visitors_language(client):
    old = Evening.objects.create(name="Old evening")

    page = client.get(reverse("night_screen", args=[old.display_token]))

    assert page.status_code == 200 and "No table yet." in page.content.decode()


def test_the_screens_link_is_masked_in_the_logs(night):
    from scorebook.site.logs import mask

    line = f"GET {screen_url(night)}glance/?v=ab12 HTTP/1.1"

    assert night.display_token not in mask(line)


def test_a_closed_night_shows_its_prizes_on_the_screen_in_place_of_the_tables(
    client, night, tables, organiser
):
    """The room follows the night to its end: once closed, the screen says so and shows the
    prizes the organiser's close page gave (the first places of the variant), the standings
    beside them; the poll sees the change."""
    before = client.get(screen_url(night)).content.decode()
    assert "The night is closed" not in before
    with capture_on_commit_callbacks(execute=True):
        clubs.close_night(night, author=organiser)
    text = client.get(screen_url(night)).content.decode()
    assert "The night is closed: the prizes" in text
    prizes = text[
        text.index('class="screen-closed"') : text.index(
            "</section>", text.index('class="screen-closed"')
        )
    ]
    assert "Place 1" in prizes and prizes.count("<li") >= 3
    assert 'class="screen-table"' not in text  # the tables' cards gave way to the prizes
    assert "Standings of the night" in text
