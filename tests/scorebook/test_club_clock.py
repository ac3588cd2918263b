"""The club's clock (issue 29): every time of day a club's pages show is in the club's zone.

A revision made at 12:00 UTC is 22:00 in Vladivostok (UTC+10, no summer time), on the deal's
history and in the club's history; a club's zone comes from its creator's browser, or from its
language when the browser says none, and its organiser may change it to any IANA name.
"""

from __future__ import annotations

import datetime
import re

import pytest
from django.urls import reverse
from django.utils import timezone

from players.models import Club, ClubLog
from scorebook.clubs import services as clubs
from scorebook.tables.models import Revision
from tests.scorebook.conftest import add_deals

pytestmark = pytest.mark.django_db

NOON_UTC = datetime.datetime(2026, 11, 20, 12, 0, tzinfo=datetime.UTC)


@pytest.fixture
def club(owner):
    return clubs.create_club(
        user=owner, name="Okean", variant="russian", language="en", time_zone="Asia/Vladivostok"
    )


@pytest.fixture
def night_table(club, owner):
    night = clubs.open_night(club, name="Friday", date=datetime.date(2026, 11, 20), author=owner)
    players = {"N": "Anna", "E": "Boris", "S": "Vera", "W": "Gleb"}
    table = clubs.start_table(
        night, author=owner, variant="russian", players=players, first_dealer="N"
    )
    add_deals(table, 8)
    Revision.objects.filter(deal__table=table).update(created_at=NOON_UTC)
    return table


def test_a_revision_at_noon_utc_shows_as_22_00_in_vladivostok_on_the_deal_history(
    client, night_table
):
    response = client.get(reverse("deal_edit", args=[night_table.edit_token, 1]))

    page = response.content.decode()
    history = page.split("History of this deal", 1)[1]
    assert "20 November 2026, 22:00" in history
    assert "12:00" not in history
    assert "Times in Asia/Vladivostok" in history


def test_a_table_outside_any_club_keeps_the_servers_clock(client, table):
    add_deals(table, 8)
    Revision.objects.filter(deal__table=table).update(created_at=NOON_UTC)

    page = client.get(reverse("deal_edit", args=[table.edit_token, 1])).content.decode()

    assert "20 November 2026, 12:00" in page


def test_the_club_log_shows_its_times_in_the_clubs_zone(client, owner, club):
    ClubLog.objects.filter(club=club).update(created_at=NOON_UTC)
    client.force_login(owner)

    page = client.get(reverse("club", args=[club.token])).content.decode()

    history = page.split("club-log", 1)[1]
    assert re.search(r"20 November 2026 22:00 \+10 · club created", history)
    assert "Times in Asia/Vladivostok" in page


def test_the_zone_does_not_outlive_the_request(client, night_table):
    client.get(reverse("deal_edit", args=[night_table.edit_token, 1]))

    assert timezone.get_current_timezone_name() == "UTC"


def test_the_new_club_form_stores_the_zone_the_browser_posted(client, owner):
    client.force_login(owner)
    form = {"name": "Okean", "city": "", "variant": "russian", "language": "ru"}

    client.post(reverse("new_club"), {**form, "time_zone": "Asia/Vladivostok"})

    assert Club.objects.get(name="Okean").time_zone == "Asia/Vladivostok"


@pytest.mark.parametrize(
    ("language", "posted", "zone"),
    [
        ("ru", "", "Europe/Moscow"),  # no script: a Russian-speaking club keeps Moscow time
        ("en", "", "UTC"),  # ... any other the server's (settings.TIME_ZONE)
        ("ru", "Mars/Olympus", "Europe/Moscow"),  # a zone the server does not know
    ],
)
def test_without_the_browsers_zone_a_new_club_takes_its_languages(
    client, owner, language, posted, zone
):
    client.force_login(owner)
    form = {"name": "Okean", "city": "", "variant": "russian", "language": language}

    response = client.post(reverse("new_club"), {**form, "time_zone": posted})

    assert response.status_code == 302
    assert Club.objects.get(name="Okean").time_zone == zone


def test_the_new_club_form_loads_the_script_that_reads_the_browsers_zone(client, owner):
    client.force_login(owner)

    page = client.get(reverse("new_club")).content.decode()

    assert "js/club-zone.js" in page
    field = re.search(r"<input[^>]*name=\"time_zone\"[^>]*>", page)
    assert field is not None
    assert 'type="hidden"' in field.group(0) and "data-browser-zone" in field.group(0)
    assert "value=" not in field.group(0)  # empty until the script fills it


def test_the_organiser_changes_the_clubs_zone_and_the_history_says_so(client, owner, club):
    client.force_login(owner)

    response = client.post(
        reverse("club_time_zone", args=[club.token]), {"zone-time_zone": "Europe/Moscow"}
    )

    assert response.status_code == 302
    club.refresh_from_db()
    assert club.time_zone == "Europe/Moscow"
    line = club.log.get(action=ClubLog.Action.ZONE_CHANGED)
    assert line.detail == {"old": "Asia/Vladivostok", "new": "Europe/Moscow"}


def test_a_zone_that_does_not_exist_is_refused_at_its_field(client, owner, club):
    client.force_login(owner)

    response = client.post(
        reverse("club_time_zone", args=[club.token]), {"zone-time_zone": "Mars/Olympus"}
    )

    assert response.status_code == 422
    page = response.content.decode()
    assert "Time zone" in page
    row = page.split('for="id_zone-time_zone"', 1)[1].split("</div>", 1)[0]
    assert "“Mars/Olympus” is not a time zone" in row
    club.refresh_from_db()
    assert club.time_zone == "Asia/Vladivostok"
    assert not club.log.filter(action=ClubLog.Action.ZONE_CHANGED).exists()


def test_only_an_organiser_sets_the_zone(client, member, club):
    client.force_login(member)

    response = client.post(
        reverse("club_time_zone", args=[club.token]), {"zone-time_zone": "Europe/Moscow"}
    )

    assert response.status_code == 403
    club.refresh_from_db()
    assert club.time_zone == "Asia/Vladivostok"


def test_russian_labels_of_the_clock(client, owner, club):
    club.language = "ru"
    club.save()
    client.force_login(owner)
    client.cookies["django_language"] = "ru"

    page = client.get(reverse("club", args=[club.token]), HTTP_ACCEPT_LANGUAGE="ru").content
    text = page.decode()

    assert "Часовой пояс" in text
    assert "Время — Asia/Vladivostok" in text


def test_a_new_nights_date_is_today_on_the_clubs_clock(client, owner, club, monkeypatch):
    # 20 November, 15:30 UTC: already 21 November in Vladivostok (UTC+10).
    moment = datetime.datetime(2026, 11, 20, 15, 30, tzinfo=datetime.UTC)
    monkeypatch.setattr(timezone, "now", lambda: moment)
    client.force_login(owner)

    page = client.get(reverse("club", args=[club.token])).content.decode()

    assert re.search(r'name="date" value="2026-11-21"', page)
