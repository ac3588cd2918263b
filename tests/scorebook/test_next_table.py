"""The next table of the same players: offered on the table page, started with their names,
the options and, in three-handed whist, the dummy passed on (the rules' rotation)."""

from __future__ import annotations

import html
import re

import pytest
from django.urls import reverse

from scorebook.tables import services
from scorebook.tables.models import Table
from tests.scorebook.conftest import add_deals, new_table_form

pytestmark = pytest.mark.django_db

THREE = {"N": "Anna", "E": "Boris", "S": "Vera", "W": None}


def next_link(client, table: Table, token: str | None = None) -> tuple[str, str]:
    """The next-table link of the table's page: its address and its words."""
    page = client.get(reverse("table", args=[token or table.edit_token])).content.decode()
    found = re.search(r'<p class="next-table"><a class="button" href="([^"]+)">(.*?)</a>', page)
    assert found, "no next-table link"
    return html.unescape(found.group(1)), re.sub(r"<[^>]+>", "", found.group(2))


def form_values(client, url: str) -> dict[str, str]:
    """What the new-table form shows: each text input's value and each select's choice."""
    page = client.get(url).content.decode()
    values = {
        name: html.unescape(value)
        for name, value in re.findall(r'<input type="text" name="([^"]+)" value="([^"]*)"', page)
    }
    for name, body in re.findall(r'<select name="([^"]+)"[^>]*>(.*?)</select>', page, re.S):
        chosen = re.search(r'<option value="([^"]*)"[^>]*selected', body)
        values[name] = chosen.group(1) if chosen else ""
    for name in re.findall(r'<input type="radio" name="([^"]+)" value="[^"]*"[^>]*checked', page):
        values[name] = re.search(
            rf'<input type="radio" name="{re.escape(name)}" value="([^"]*)"[^>]*checked', page
        ).group(1)
    return values


def start(client, url: str) -> Table:
    """Start the table the form offers, as a browser posts it unchanged."""
    values = form_values(client, url)
    response = client.post(url.split("?")[0], values)
    assert response.status_code == 302, response.content.decode()[-2000:]
    return Table.objects.get(edit_token=response.url.strip("/").split("/")[-1])


def defender(table: Table) -> str:
    seating = services.players_of(table)
    opposite = {"N": "S", "S": "N", "E": "W", "W": "E"}
    return seating[opposite[table.dummy]] or ""


def test_three_handed_the_next_table_passes_the_dummy_on(client):
    table = services.create_table(variant="russian", players=THREE, dummy="W")
    assert defender(table) == "Boris"

    url, words = next_link(client, table)
    following = start(client, url)

    assert words == "Next table: Vera plays the dummy"
    assert defender(following) == "Vera"
    # the dummy moved one seat on (W to N); Anna, who sat there, took the seat it left
    assert following.dummy == "N"
    assert services.players_of(following) == {"N": None, "E": "Boris", "S": "Vera", "W": "Anna"}
    assert following.first_dealer == "N"  # the dummy deals first, its partner for it


def test_three_tables_on_each_player_has_played_the_dummy_once(client):
    table = services.create_table(variant="english-short", players=THREE, dummy="W")
    played = [defender(table)]
    for _ in range(2):
        url, _words = next_link(client, table)
        table = start(client, url)
        played.append(defender(table))

    assert sorted(played) == ["Anna", "Boris", "Vera"]


def test_four_players_keep_their_seats_and_the_deal_goes_on_round(client):
    form = new_table_form("russian", **{"opt_honourValues": "3:3, 4:6, 5:9", "place": "Kitchen"})
    client.post(reverse("new_table", args=["russian"]), form)
    table = Table.objects.get()
    add_deals(table, 8, 7, 9)  # dealt by N, E, S: W deals next

    url, words = next_link(client, table, table.view_token)  # any phone at the table
    following = start(client, url)

    assert words == "Next table with these players"
    assert services.players_of(following) == services.players_of(table)
    assert following.first_dealer == "W"
    assert following.options == table.options and following.place == "Kitchen"
    assert following.pk != table.pk and not following.deals.exists()


def test_the_link_reads_in_russian(client):
    table = services.create_table(variant="russian", players=THREE, dummy="W")

    page = client.get(reverse("table", args=[table.edit_token]), HTTP_ACCEPT_LANGUAGE="ru")

    assert "Следующий стол: с болваном играет" in page.content.decode()


def test_an_unknown_or_other_variants_table_starts_a_plain_form(client):
    table = services.create_table(variant="russian", players=THREE, dummy="W")

    for url in (
        reverse("new_table", args=["english-short"]) + f"?after={table.edit_token}",
        reverse("new_table", args=["russian"]) + "?after=no-such-table",
    ):
        response = client.get(url)
        assert response.status_code == 200
        assert "Boris" not in response.content.decode()
