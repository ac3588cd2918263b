"""Evenings: create one, file tables into it with their edit links, print its sheets."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scorebook.models import Evening
from tests.scorebook.conftest import PLAYERS

pytestmark = pytest.mark.django_db


def test_creating_an_evening_leads_to_its_page(client):
    response = client.post(
        reverse("new_evening"), {"name": "Friday club", "date": "2026-11-20", "place": "Moika 12"}
    )

    evening = Evening.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("evening", args=[evening.token])
    page = client.get(response["Location"]).content.decode()
    assert "Friday club" in page and "Moika 12" in page and "No table yet." in page


def test_an_evening_without_a_name_is_refused_at_the_field(client):
    response = client.post(reverse("new_evening"), {"name": "", "date": "2026-11-20"})

    assert response.status_code == 422
    assert 'class="field-error"' in response.content.decode()
    assert not Evening.objects.exists()


def test_a_table_is_filed_into_the_evening_by_its_edit_link(client, table_with_deals):
    evening = Evening.objects.create(name="Friday club")
    link = "http://testserver" + reverse("table", args=[table_with_deals.edit_token])

    response = client.post(reverse("evening", args=[evening.token]), {"link": link})

    assert response.status_code == 302
    table_with_deals.refresh_from_db()
    assert table_with_deals.evening == evening
    page = client.get(reverse("evening", args=[evening.token])).content.decode()
    assert reverse("table", args=[table_with_deals.view_token]) in page  # read-only: it is shown
    assert table_with_deals.edit_token not in page
    assert ", ".join(PLAYERS.values()) in page
    assert reverse("evening_pdf", args=[evening.token]) in page


def test_the_read_only_link_cannot_file_a_table(client, table_with_deals):
    evening = Evening.objects.create(name="Friday club")
    link = reverse("table", args=[table_with_deals.view_token])

    response = client.post(reverse("evening", args=[evening.token]), {"link": link})

    assert response.status_code == 422
    assert "read-only link" in response.content.decode()
    table_with_deals.refresh_from_db()
    assert table_with_deals.evening is None


def test_an_unknown_link_is_refused_and_an_unknown_evening_is_404(client):
    evening = Evening.objects.create(name="Friday club")

    response = client.post(reverse("evening", args=[evening.token]), {"link": "nope"})

    assert response.status_code == 422
    assert "No table has this link." in response.content.decode()
    assert client.get(reverse("evening", args=["missing"])).status_code == 404


def test_the_evening_pdf_prints_its_tables(client, table_with_deals):
    evening = Evening.objects.create(name="Friday club")
    table_with_deals.evening = evening
    table_with_deals.save()

    response = client.get(reverse("evening_pdf", args=[evening.token]))

    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert response.content.startswith(b"%PDF")
