"""The cast of the table-screen tests: owner, member, outsider, and a Russian table they share.

``owner`` started the table signed in, ``member`` joined it through its edit link, ``outsider``
is signed in but has nothing to do with it. Anonymous visitors are the plain ``client``.
"""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django import forms
from django.urls import reverse

from scorebook.tables import services
from scorebook.tables.forms import TableForm
from scorebook.tables.models import Deal, Revision, Seat, Table

PLAYERS = {"N": "Anna", "E": "Boris", "S": "Vera", "W": "Gleb"}
SEATS = ("N", "E", "S", "W")

# The first deal of each variant as the entry form posts it (North deals).
FIRST_DEAL = {
    "russian": {"trump": "H", "tricks": 8, "honours": 3},
    "english-short": {"trump": "H", "tricks": 8, "honours": 2},
    "english-long": {"trump": "H", "tricks": 8, "honours": 2},
    "special-suit": {"special_suit": "S", "trump": "S", "tricks": 8, "honours": 3},
    "anfilada": {"trump": "D", "tricks": 8, "honours": 3},
    "eralash": {"tricks": 8, "honours": 2},
    "prussian": {"trump": "C", "tricks": 8, "honours_N": 2, "honours_S": 1},
    "hussar": {
        "trump": "H",
        **{"tricks_N": 5, "tricks_E": 3, "tricks_S": 3, "tricks_W": 2},
        **{"honours_N": 2, "honours_E": 1, "honours_S": 1, "honours_W": 1},
    },
    "flying-duck": {"trump": "S", "tricks": 8},
    "progulochny": {
        "contract_side": "NS",
        "contract_game": "trump",
        "contract_trump": "H",
        "tricks": 8,
        "honours": 3,
    },
}


def russian_deal(dealer: str, ns_tricks: int = 8, ns_honours: int = 3, trump: str = "H") -> dict:
    """A Russian deal as written down (docs/record-format.md)."""
    return {
        "dealer": dealer,
        "trump": trump,
        "tricks": {"NS": ns_tricks, "EW": 13 - ns_tricks},
        "honours": {"NS": ns_honours, "EW": 5 - ns_honours},
    }


def add_deals(table: Table, *ns_tricks: int) -> None:
    """Record Russian deals through the service, dealers in rotation from the next one."""
    for tricks in ns_tricks:
        state = services.table_state(table)
        deal = russian_deal(state.next_dealer or "N", tricks)
        services.add_deal(
            table, deal, number=state.next_number, author=services.Author(label="test")
        )


def deal_form(table: Table, **fields: Any) -> dict[str, Any]:
    """What the entry form of a Russian table posts for the next deal (8 tricks, 3 honours)."""
    state = services.table_state(table)
    data: dict[str, Any] = {
        "number": state.next_number,
        "nonce": uuid.uuid4().hex,
        "dealer": state.next_dealer or "N",
        "trump": "H",
        "tricks": 8,
        "honours": 3,
    }
    data.update(fields)
    return {k: v for k, v in data.items() if v is not None}


def edit_form(table: Table, number: int, **fields: Any) -> dict[str, Any]:
    """What the correction form of a Russian deal posts: the stored deal with ``fields`` changed."""
    deal = table.deals.get(number=number, removed=False)
    data: dict[str, Any] = {
        "number": number,
        "version": deal.version,
        "nonce": uuid.uuid4().hex,
        "dealer": deal.data.get("dealer", ""),
        "trump": deal.data.get("trump", ""),
        "tricks": deal.data["tricks"]["NS"],
        "honours": deal.data["honours"]["NS"],
    }
    data.update(fields)
    return {k: v for k, v in data.items() if v is not None}


def snapshot(table: Table) -> tuple[Any, ...]:
    """Everything a refused write must leave alone."""
    table.refresh_from_db()
    return (
        Deal.objects.filter(table=table).count(),
        Deal.objects.filter(table=table, removed=False).count(),
        Revision.objects.filter(deal__table=table).count(),
        table.version,
        [d.data for d in Deal.objects.filter(table=table).order_by("pk")],
    )


def new_table_form(variant: str, **fields: Any) -> dict[str, Any]:
    """What a browser posts from the new-table screen: every initial value, players named."""
    form = TableForm(variant)
    data: dict[str, Any] = {}
    for name, field in form.fields.items():
        value = form.get_initial_for_field(field, name)
        if isinstance(field, forms.BooleanField):
            if value:
                data[name] = "on"
        elif value is not None:
            data[name] = value
    for seat in form.preset.seats:
        data[f"player_{seat}"] = PLAYERS[seat]
    data.update(fields)
    return {k: v for k, v in data.items() if v is not None}


def table_url(table: Table, *, edit: bool = True) -> str:
    return reverse("table", args=[table.edit_token if edit else table.view_token])


@pytest.fixture
def owner(django_user_model):
    return django_user_model.objects.create_user("olga", password="a-long-secret-1")


@pytest.fixture
def member(django_user_model):
    return django_user_model.objects.create_user("misha", password="a-long-secret-2")


@pytest.fixture
def outsider(django_user_model):
    return django_user_model.objects.create_user("oskar", password="a-long-secret-3")


@pytest.fixture
def table(owner, member):
    """A Russian table started by ``owner`` and joined by ``member``; North deals first."""
    table = services.create_table(
        variant="russian", players=PLAYERS, owner=owner, first_dealer="N", title="Friday"
    )
    table.members.add(member)
    return table


@pytest.fixture
def table_with_deals(table):
    """The same table after three deals: North-South 9, 5 and 8 tricks."""
    add_deals(table, 9, 5, 8)
    table.refresh_from_db()
    return table


def write_seats_backwards(table):
    """The table's seats written again from West to North: the database's own order is then
    the pad's order reversed (PostgreSQL returns rows in no promised order at all)."""
    seats = list(table.seats.order_by("pk"))
    Seat.objects.filter(table=table).delete()
    Seat.objects.bulk_create(
        Seat(table=table, seat=s.seat, player=s.player) for s in reversed(seats)
    )
