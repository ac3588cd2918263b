"""A season's records in one file (issue 29): the zip the season page offers holds a record of
every table the season counts, and ``manage.py ladder`` makes the season page's ladder of it."""

from __future__ import annotations

import datetime
import io
import json
import zipfile
from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse

from scorebook.clubs import services as clubs
from scorebook.clubs import standings
from scorebook.tables import services
from tests.scorebook.conftest import SEATS, russian_deal

pytestmark = pytest.mark.django_db

CAST = ["Anna", "Boris", "Vera", "Gleb", "Dina", "Egor", "Zoya", "Ivan"]
# North-South win two games to one: a finished rubber; the other, East-West win 2-0.
NS_WIN = (9, 9, 4, 4, 4, 9, 9)
EW_WIN = (4, 3, 5, 4)


def record(players, tricks, variant="russian"):
    deals = [russian_deal(SEATS[i % 4], won) for i, won in enumerate(tricks)]
    return {"format": "whist-record/1", "variant": variant, "players": players, "deals": deals}


@pytest.fixture
def club(owner):
    """Three nights (two on one date: one session), two tables a night in other seatings, a
    night outside the season and a table of another variant, which the season leaves out."""
    club = clubs.create_club(user=owner, name="Okean", variant="russian", language="ru")
    dates = [datetime.date(2026, 10, 2), datetime.date(2026, 10, 9), datetime.date(2026, 10, 9),
             datetime.date(2027, 3, 1)]  # fmt: skip
    for n, date in enumerate(dates):
        night = clubs.open_night(club, name=f"Night {n + 1}", date=date, author=owner)
        order = CAST[n:] + CAST[:n]
        for t in range(2):
            players = dict(zip(SEATS, order[4 * t : 4 * t + 4], strict=True))
            tricks = NS_WIN if (n + t) % 2 else EW_WIN
            clubs.file_table(night, services.import_record(record(players, tricks)), author=owner)
        if n == 0:
            players = dict(zip(SEATS, CAST[:4], strict=True))
            other = services.import_record(record(players, (), variant="english-short"))
            clubs.file_table(night, other, author=owner)
    clubs.rename_player(club.roster.get(name="Anna"), "Anna K.", author=owner)
    return club


def autumn(club, **settings):
    return club.seasons.create(name="Autumn", starts_on=datetime.date(2026, 9, 1),
                               ends_on=datetime.date(2026, 12, 31), variant="russian",
                               **settings)  # fmt: skip


def download(client, club, season):
    response = client.get(reverse("season_records", args=[club.token, season.pk]))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/zip"
    assert "records.zip" in response["Content-Disposition"]
    return zipfile.ZipFile(io.BytesIO(response.content))


def ladder_of(folder, season):
    paths = sorted(str(p) for p in folder.glob("*.json"))  # what the shell makes of *.json
    options = {"kind": season.kind, "min_sessions": season.min_sessions,
               "min_partners": season.min_partners}  # fmt: skip
    if season.best is not None:
        options["best"] = season.best
    out = StringIO()
    call_command("ladder", *paths, json=True, stdout=out, **options)
    return json.loads(out.getvalue())


@pytest.mark.parametrize(
    "settings_",
    [
        {"kind": "total", "min_sessions": 2},
        {"kind": "average", "best": 1, "min_sessions": 1, "min_partners": 2},
        {"kind": "rating"},  # the rubbers replayed in the season's order
    ],
)
def test_the_records_make_the_season_pages_ladder(client, club, tmp_path, settings_):
    season = autumn(club, **settings_)

    archive = download(client, club, season)
    archive.extractall(tmp_path)
    document = ladder_of(tmp_path, season)

    shown = standings.season_standings(season)
    assert document["sessions"] == shown.ladder.sessions == 2
    fields = ("rank", "sessions", "partners", "qualified")
    assert [(r["player"], *(r[f] for f in fields)) for r in document["standings"]] == [
        (r["name"], *(r[f] for f in fields)) for r in shown.rows()
    ]
    assert [r["value"] for r in document["standings"]] == pytest.approx(
        [r["value"] for r in shown.rows()]
    )
    assert "Anna K." in [r["player"] for r in document["standings"]]


def test_the_zip_holds_the_counted_tables_in_the_ladders_order_and_says_the_command(client, club):
    season = autumn(club, kind="average", best=2, min_sessions=3)

    archive = download(client, club, season)

    names = sorted(n for n in archive.namelist() if n.endswith(".json"))
    assert len(names) == 6  # three nights of two tables: not the English one, not March's
    assert [n[:14] for n in names] == [
        "001-2026-10-02", "002-2026-10-02", "003-2026-10-09", "004-2026-10-09",
        "005-2026-10-09", "006-2026-10-09",
    ]  # fmt: skip
    first = json.loads(archive.read(names[0]))
    assert first["format"] == "whist-record/1" and first["meta"]["date"] == "2026-10-02"
    readme = archive.read("README.txt").decode()
    assert (
        "python manage.py ladder *.json --kind average --best 2 --min-sessions 3 "
        "--min-partners 0" in readme
    )
    assert "whist-record/1" in readme


def test_the_season_page_links_its_records(client, club):
    season = autumn(club)

    for lang, label in (("en", "Download the season's records"), ("ru", "Скачать записи сезона")):
        page = client.get(
            reverse("season", args=[club.token, season.pk]), HTTP_ACCEPT_LANGUAGE=lang
        ).content.decode()
        assert reverse("season_records", args=[club.token, season.pk]) in page
        assert label in page.replace("&#x27;", "'")


def test_the_records_need_the_clubs_link(client, club):
    season = autumn(club)

    response = client.get(reverse("season_records", args=["not-the-link", season.pk]))

    assert response.status_code == 404
