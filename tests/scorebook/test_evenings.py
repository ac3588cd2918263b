"""Club nights: an organiser opens one, files tables into it by their edit links, prints it.

The finer points of clubs (who may do what, moving and removing tables, standings) are in
``test_clubs.py``; these are the night's own screens.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from scorebook.clubs import services as clubs
from scorebook.tables.models import Evening
from tests.scorebook.conftest import PLAYERS

pytestmark = pytest.mark.django_db


@pytest.fixture
def club(owner):
    return clubs.create_club(user=owner, name="Moika 12", variant="russian", language="en")


@pytest.fixture
def evening(club, owner):
    return clubs.open_night(club, name="Friday club", date="2026-11-20", author=owner)


@pytest.fixture
def organiser_client(client, owner):
    client.force_login(owner)
    return client


def test_opening_a_night_leads_to_its_page(organiser_client, club):
    response = organiser_client.post(
        reverse("new_night", args=[club.token]),
        {"name": "Friday club", "date": "2026-11-20", "place": "Moika 12"},
    )

    evening = Evening.objects.get()
    assert evening.club == club
    assert response.status_code == 302
    assert response["Location"] == reverse("evening", args=[evening.token])
    page = organiser_client.get(response["Location"]).content.decode()
    assert "Friday club" in page and "Moika 12" in page and "No table yet." in page


def test_a_night_without_a_name_is_refused_and_says_so(organiser_client, club):
    response = organiser_client.post(
        reverse("new_night", args=[club.token]), {"name": "", "date": "2026-11-20"}, follow=True
    )

    assert "This field is required." in response.content.decode()
    assert not Evening.objects.exists()


def test_a_table_is_filed_into_the_night_by_its_edit_link(
    organiser_client, evening, table_with_deals
):
    link = "http://testserver" + reverse("table", args=[table_with_deals.edit_token])

    response = organiser_client.post(reverse("evening_file", args=[evening.token]), {"link": link})

    assert response.status_code == 302
    table_with_deals.refresh_from_db()
    assert table_with_deals.evening == evening
    page = organiser_client.get(reverse("evening", args=[evening.token])).content.decode()
    assert reverse("table", args=[table_with_deals.view_token]) in page  # read-only: it is shown
    assert table_with_deals.edit_token not in page
    assert all(name in page for name in PLAYERS.values())
    assert reverse("evening_pdf", args=[evening.token]) in page


def test_the_read_only_link_cannot_file_a_table(organiser_client, evening, table_with_deals):
    link = reverse("table", args=[table_with_deals.view_token])

    response = organiser_client.post(reverse("evening_file", args=[evening.token]), {"link": link})

    assert response.status_code == 422
    assert "read-only link" in response.content.decode()
    table_with_deals.refresh_from_db()
    assert table_with_deals.evening is None


def test_an_unknown_link_is_refused_and_an_unknown_night_is_404(organiser_client, evening):
    url = reverse("evening_file", args=[evening.token])

    response = organiser_client.post(url, {"link": "nope"})

    assert response.status_code == 422
    assert "No table has this link." in response.content.decode()
    assert organiser_client.get(reverse("evening", args=["missing"])).status_code == 404


def test_an_evening_from_before_clubs_is_shown_and_nobody_can_file_into_it(
    organiser_client, table_with_deals
):
    old = Evening.objects.create(name="Old evening")

    page = organiser_client.get(reverse("evening", args=[old.token])).content.decode()
    response = organiser_client.post(
        reverse("evening_file", args=[old.token]), {"link": table_with_deals.edit_token}
    )

    assert "belongs to no club" in page
    assert response.status_code == 403


def test_the_evening_pdf_prints_its_tables_the_club_and_the_ranks(
    client, evening, table_with_deals
):
    table_with_deals.evening = evening
    table_with_deals.save()

    response = client.get(reverse("evening_pdf", args=[evening.token]))

    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert response.content.startswith(b"%PDF")
