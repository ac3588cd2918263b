"""Each variant's own moments on the deal form: what it asks, and what it does not."""

from __future__ import annotations

import uuid

import pytest
from django.urls import reverse

from scorebook import services
from scorebook.rules import PRESETS
from tests.scorebook.conftest import PLAYERS

pytestmark = pytest.mark.django_db


def post_deal(client, table, **fields):
    data = {"number": 1, "nonce": uuid.uuid4().hex, "dealer": "N", **fields}
    return client.post(reverse("deal_add", args=[table.edit_token]), data)


def test_a_flying_duck_deal_needs_no_trump_suit(client):
    table = services.create_table(variant="flying-duck", players=PLAYERS, first_dealer="N")

    page = client.get(reverse("table", args=[table.edit_token])).content.decode()
    response = post_deal(client, table, tricks=8)

    assert "optional" in page
    assert response.status_code == 302
    assert "trump" not in table.deals.get().data


def test_every_other_trump_variant_still_asks_for_the_trump():
    asking = {k for k, p in PRESETS.items() if p.trump and p.trump_required}

    assert asking == {k for k, p in PRESETS.items() if p.trump} - {"flying-duck"}


def test_progulochny_declarers_follow_from_the_dealer(client):
    table = services.create_table(variant="progulochny", players=PLAYERS, first_dealer="E")

    page = client.get(reverse("table", args=[table.edit_token])).content.decode()
    response = client.post(
        reverse("deal_add", args=[table.edit_token]),
        {"number": 1, "nonce": uuid.uuid4().hex, "dealer": "E", "contract_game": "grand",
         "tricks": 5},
    )  # fmt: skip

    assert 'name="contract_side"' not in page  # no choice of the pair that may not declare
    assert "Declarers: <strong>EW</strong>" in page
    assert "Null at most 6" in page and 'class="first-six"' in page
    assert response.status_code == 302
    assert table.deals.get().data["contract"] == {"side": "EW", "game": "grand"}
