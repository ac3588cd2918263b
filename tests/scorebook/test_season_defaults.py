"""A new season's sessions to qualify (issue 29): the web form gives an average ladder 3 when
its field is left empty, any other kind 1; the model and ``manage.py ladder`` keep 1."""

from __future__ import annotations

import json
import re
from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse

from players.models import Season
from scorebook.clubs import services as clubs
from tests.scorebook.test_ladder_command import RUBBER

pytestmark = pytest.mark.django_db

FORM = {"name": "Autumn", "starts_on": "2026-09-01", "ends_on": "2026-12-31",
        "variant": "russian", "min_partners": 0}  # fmt: skip


@pytest.fixture
def club(owner, client):
    client.force_login(owner)
    return clubs.create_club(user=owner, name="Okean", variant="russian", language="en")


@pytest.mark.parametrize(("kind", "sessions"), [("average", 3), ("total", 1), ("rating", 1)])
def test_left_empty_the_sessions_to_qualify_follow_the_kind(client, club, kind, sessions):
    response = client.post(
        reverse("new_season", args=[club.token]), {**FORM, "kind": kind, "min_sessions": ""}
    )

    assert response.status_code == 302
    assert Season.objects.get(club=club).min_sessions == sessions


def test_a_form_sent_without_the_field_follows_the_kind_too(client, club):
    client.post(reverse("new_season", args=[club.token]), {**FORM, "kind": "average"})

    assert Season.objects.get(club=club).min_sessions == 3


@pytest.mark.parametrize("typed", ["1", "5"])
def test_a_number_typed_is_kept_for_an_average_season(client, club, typed):
    client.post(
        reverse("new_season", args=[club.token]), {**FORM, "kind": "average", "min_sessions": typed}
    )

    assert Season.objects.get(club=club).min_sessions == int(typed)


def test_the_new_season_form_leaves_the_field_empty_and_says_why(client, club):
    page = client.get(reverse("new_season", args=[club.token])).content.decode()

    field = re.search(r"<input[^>]*name=\"min_sessions\"[^>]*>", page)
    assert field is not None and "value=" not in field.group(0)
    assert "Left empty: 3 for the average ladder, 1 for the others." in page


def test_a_seasons_settings_show_what_it_keeps(client, club):
    season = Season.objects.create(club=club, name="Winter", starts_on="2026-01-01",
                                   ends_on="2026-02-01", variant="russian", kind="average",
                                   min_sessions=2)  # fmt: skip

    page = client.get(reverse("edit_season", args=[club.token, season.pk])).content.decode()

    assert re.search(r"<input[^>]*name=\"min_sessions\"[^>]*value=\"2\"", page)


def test_the_model_and_the_ladder_command_keep_one_session(tmp_path):
    assert Season(kind="average").min_sessions == 1
    path = tmp_path / "week1.json"
    record = {"format": "whist-record/1", "variant": "russian",
              "players": {"N": "Anna", "E": "Boris", "S": "Vera", "W": "Gleb"},
              "deals": RUBBER, "meta": {"date": "2026-10-02"}}  # fmt: skip
    path.write_text(json.dumps(record), encoding="utf-8")
    out = StringIO()

    call_command("ladder", str(path), kind="average", stdout=out)

    lines = out.getvalue().splitlines()
    assert lines[0] == "average ladder, russian, 1 session"
    assert all(line.rstrip().endswith("yes") for line in lines[3:])  # one session qualifies
