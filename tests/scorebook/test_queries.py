"""The number of SQL queries of a screen does not grow with the number of deals."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scorebook.tables import services
from tests.scorebook.conftest import PLAYERS, SEATS, deal_form, edit_form, russian_deal

pytestmark = pytest.mark.django_db

CEILING = 20


def imported_table(deals: int, owner=None):
    """A Russian table of ``deals`` imported deals, nobody a member yet."""
    record = {
        "format": "whist-record/1",
        "variant": "russian",
        "players": PLAYERS,
        "deals": [russian_deal(SEATS[i % 4], 6 + i % 5, i % 6) for i in range(deals)],
    }
    table = services.import_record(record, owner=owner)
    table.members.set([])
    return table


def count(client, method: str, url: str, data=None, **headers) -> int:
    with CaptureQueriesContext(connection) as queries:
        response = getattr(client, method)(url, data or {}, **headers)
    assert response.status_code in (200, 204, 302), response.status_code
    return len(queries)


@pytest.fixture
def scorer(client):
    """A browser that has opened a table and saved a deal: its session holds all it will hold."""
    table = imported_table(1)
    client.get(reverse("table", args=[table.edit_token]))
    client.post(reverse("deal_add", args=[table.edit_token]), deal_form(table))
    return client


@pytest.fixture
def small():
    return imported_table(5)


@pytest.fixture
def large():
    return imported_table(60)


def table_page_queries(client, table, **headers) -> int:
    return count(client, "get", reverse("table", args=[table.edit_token]), **headers)


def test_the_table_page_costs_the_same_for_5_and_60_deals(client, small, large):
    table_page_queries(client, small)  # the session is created once
    queries = table_page_queries(client, small)

    assert table_page_queries(client, large) == queries
    assert queries <= CEILING


def test_the_read_only_page_costs_the_same_for_5_and_60_deals(client, small, large):
    def queries(table):
        return count(client, "get", reverse("table", args=[table.view_token]))

    assert queries(large) == queries(small) <= CEILING


def test_the_htmx_fragment_costs_the_same_for_5_and_60_deals(client, small, large):
    table_page_queries(client, small)
    queries = table_page_queries(client, small, HTTP_HX_REQUEST="true")

    assert table_page_queries(client, large, HTTP_HX_REQUEST="true") == queries <= CEILING


def test_the_polled_sheet_costs_the_same_for_5_and_60_deals(client, small, large):
    def queries(table, v):
        return count(client, "get", reverse("table_sheet", args=[table.view_token]), {"v": v})

    assert queries(large, 0) == queries(small, 0) <= CEILING
    assert queries(large, large.version) == queries(small, small.version) <= 3


def test_the_signed_in_owner_pays_the_same_for_5_and_60_deals(client, owner):
    small, large = imported_table(5, owner), imported_table(60, owner)
    client.force_login(owner)
    table_page_queries(client, small)

    assert table_page_queries(client, large) == table_page_queries(client, small) <= CEILING


@pytest.mark.parametrize("htmx", [False, True])
def test_saving_a_deal_costs_the_same_for_5_and_60_deals(scorer, small, large, htmx):
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}

    def save(table) -> int:
        url = reverse("deal_add", args=[table.edit_token])
        return count(scorer, "post", url, deal_form(table), **headers)

    queries = save(small)

    assert save(large) == queries
    assert queries <= CEILING


def test_correcting_a_deal_costs_the_same_for_5_and_60_deals(scorer, small, large):
    def correct(table) -> int:
        url = reverse("deal_edit", args=[table.edit_token, 3])
        return count(scorer, "post", url, edit_form(table, 3, tricks=7))

    assert correct(large) == correct(small) <= CEILING


def test_undo_costs_the_same_for_5_and_60_deals(scorer, small, large):
    def undo(table, number) -> int:
        url = reverse("deal_undo", args=[table.edit_token])
        return count(scorer, "post", url, {"number": number})

    assert undo(large, 60) == undo(small, 5) <= CEILING


def test_the_home_page_costs_the_same_for_1_and_8_tables(client, owner):
    client.force_login(owner)
    imported_table(3, owner)
    few = count(client, "get", reverse("home"))
    for _ in range(7):
        imported_table(3, owner)

    assert count(client, "get", reverse("home")) == few <= CEILING


def test_the_correction_form_costs_the_same_for_5_and_60_deals(scorer, small, large):
    def opened(table) -> int:
        return count(scorer, "get", reverse("deal_edit", args=[table.edit_token, 3]))

    assert opened(large) == opened(small) <= CEILING


def test_the_record_download_costs_the_same_for_5_and_60_deals(client, small, large):
    def downloaded(table) -> int:
        return count(client, "get", reverse("record_download", args=[table.view_token]))

    assert downloaded(large) == downloaded(small) <= CEILING


def test_voiding_a_deal_costs_the_same_for_5_and_60_deals(scorer, small, large):
    def voided(table, number) -> int:
        url = reverse("deal_void", args=[table.edit_token, number])
        queries = count(scorer, "post", url, {"kind": "misdeal", "version": 1, "nonce": "n"})
        assert table.deals.get(number=number, removed=False).data.get("void") == "misdeal"
        return queries

    assert voided(large, 60) == voided(small, 5) <= CEILING


def test_the_printed_sheet_costs_the_same_for_5_and_60_deals(client, small, large):
    def printed(table) -> int:
        return count(client, "get", reverse("table_pdf", args=[table.view_token]))

    assert printed(large) == printed(small) <= CEILING
