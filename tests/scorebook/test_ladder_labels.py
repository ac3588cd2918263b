"""The words of the season's page, its printed ladder and a player's page (issue 29): nothing a
whist player could read two ways. «Парт.» read as «партии» (games) where it meant partners;
"Sess." beside "nights played"; «Онеров за сдачу 3,37» and «Выиграно робберов 1 / 4»."""

from __future__ import annotations

import datetime
import re

import pytest
from django.urls import reverse

from scorebook.clubs import services as clubs
from scorebook.tables import services
from tests.scorebook.conftest import SEATS, russian_deal
from tests.scorebook.test_pdf import squeeze, text_of

pytestmark = pytest.mark.django_db

# North-South win two games to one: one finished rubber.
TRICKS = (9, 9, 4, 4, 4, 9, 9)


@pytest.fixture
def club(owner):
    club = clubs.create_club(user=owner, name="Okean", variant="russian", language="ru")
    night = clubs.open_night(club, name="Friday", date=datetime.date(2026, 10, 2), author=owner)
    deals = [russian_deal(SEATS[i % 4], won) for i, won in enumerate(TRICKS)]
    players = {"N": "Anna", "E": "Boris", "S": "Vera", "W": "Gleb"}
    table = services.import_record(
        {"format": "whist-record/1", "variant": "russian", "players": players, "deals": deals}
    )
    clubs.file_table(night, table, author=owner)
    club.seasons.create(name="Autumn", starts_on=datetime.date(2026, 9, 1),
                        ends_on=datetime.date(2026, 12, 31), variant="russian")  # fmt: skip
    return club


def header(page: str) -> str:
    return page.split('<table class="standings">', 1)[1].split("</thead>", 1)[0]


@pytest.mark.parametrize(
    ("lang", "full", "abbreviated"),
    [
        ("ru", ["Вечера", "Партнёры", "сыгран 1 вечер"], ["Парт.", "Веч."]),
        ("en", ["Sessions", "Partners", "1 session played"], ["Sess.", "Part.", "night"]),
    ],
)
def test_the_season_page_writes_its_columns_in_full(client, club, lang, full, abbreviated):
    season = club.seasons.get()

    page = client.get(
        reverse("season", args=[club.token, season.pk]), HTTP_ACCEPT_LANGUAGE=lang
    ).content.decode()

    columns = header(page)
    summary = page.split('<p class="hint">', 1)[1].split("</p>", 1)[0]
    for word in full[:2]:  # in full, soft hyphens aside (where a narrow column may break it)
        assert f">{word}</th>" in columns.replace("\u00ad", "")
    assert full[2] in summary
    for word in abbreviated:
        assert word not in columns + summary


def test_the_club_page_ladder_says_partners_in_full_in_russian(client, club):
    page = client.get(reverse("club", args=[club.token]), HTTP_ACCEPT_LANGUAGE="ru")

    columns = header(page.content.decode()).replace("\u00ad", "")
    assert ">Партнёры</th>" in columns and "Парт." not in columns


@pytest.mark.parametrize(
    ("lang", "rubbers", "honours"),
    [
        ("ru", r"<dt>Робберы</dt><dd>выиграно 1 из 1</dd>",
         r"<dt>Онеры</dt><dd>в среднем \d+,\d\d за сдачу у пары игрока</dd>"),
        ("en", r"<dt>Rubbers</dt><dd>won 1 of 1</dd>",
         r"<dt>Honours</dt><dd>on average \d+\.\d\d a deal, held by his side</dd>"),
    ],
)  # fmt: skip
def test_the_player_page_says_what_its_rubbers_and_honours_mean(
    client, club, lang, rubbers, honours
):
    anna = club.roster.get(name="Anna")

    page = client.get(
        reverse("club_player", args=[club.token, anna.pk]), HTTP_ACCEPT_LANGUAGE=lang
    ).content.decode()

    assert re.search(rubbers, page)
    assert re.search(honours, page)
    for old in ("Выиграно робберов", "Онеров за сдачу", "Rubbers won", "Honours held per deal"):
        assert old not in page


def test_the_printed_ladder_counts_sessions_played(client, club):
    season = club.seasons.get()

    body = client.get(reverse("season_pdf", args=[club.token, season.pk]), {"lang": "ru"})

    text = squeeze(text_of(body.content))
    assert "сыграно вечеров" in text
    english = client.get(reverse("season_pdf", args=[club.token, season.pk]), {"lang": "en"})
    assert "sessions played" in squeeze(text_of(english.content))
