"""A nonce names one request (its table, action and deal): a double tap is saved once, and a
nonce sent with any other request is refused with a message, nothing changed."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scorebook.tables import services
from scorebook.tables.models import Deal, Revision
from tests.scorebook.conftest import deal_form, russian_deal, snapshot

pytestmark = pytest.mark.django_db

GUEST = services.Author(label="guest")
REUSED = "This form was already sent for another change"


def test_deal_two_posted_with_deal_ones_nonce_is_refused_not_acknowledged(client, table):
    client.post(reverse("deal_add", args=[table.edit_token]), deal_form(table, nonce="n1"))
    before = snapshot(table)

    answer = client.post(
        reverse("deal_add", args=[table.edit_token]),
        deal_form(table, number=2, dealer="E", nonce="n1"),
        follow=True,
    )

    page = answer.content.decode()
    assert REUSED in page and "Deal 2 saved." not in page
    assert snapshot(table) == before
    assert not Deal.objects.filter(table=table, number=2).exists()


def test_an_undo_with_a_saves_nonce_is_refused_and_undoes_nothing(client, table):
    client.post(reverse("deal_add", args=[table.edit_token]), deal_form(table, nonce="n1"))

    answer = client.post(
        reverse("deal_undo", args=[table.edit_token]), {"number": 1, "nonce": "n1"}, follow=True
    )

    page = answer.content.decode()
    assert REUSED in page and "Deal 1 undone." not in page
    assert Deal.objects.get(table=table, number=1).removed is False


def test_the_same_request_twice_is_saved_once_and_acknowledged(table):
    first = services.add_deal(table, russian_deal("N"), number=1, author=GUEST, nonce="tap")
    again = services.add_deal(table, russian_deal("N"), number=1, author=GUEST, nonce="tap")
    assert first.pk == again.pk
    assert Revision.objects.filter(nonce="tap").count() == 1


@pytest.mark.parametrize(
    ("call", "action"),
    [
        ("restore", lambda t, n: services.restore_deal(t, number=2, author=GUEST, nonce=n)),
        (
            "void",
            lambda t, n: services.void_deal(t, 1, "misdeal", version=1, author=GUEST, nonce=n),
        ),
        ("undo", lambda t, n: services.undo_last(t, number=1, author=GUEST, nonce=n)),
    ],
)
def test_every_write_refuses_a_nonce_another_write_used(table, call, action):
    services.add_deal(table, russian_deal("N"), number=1, author=GUEST, nonce="used")
    before = snapshot(table)
    with pytest.raises(services.ReusedNonce):
        action(table, "used")
    assert snapshot(table) == before


@pytest.mark.parametrize("url", ["deal_undo", "deal_restore", "deal_void"])
def test_an_overlong_nonce_is_refused_before_the_database(client, table, url):
    client.post(reverse("deal_add", args=[table.edit_token]), deal_form(table))
    args = [table.edit_token] if url != "deal_void" else [table.edit_token, 1]
    answer = client.post(
        reverse(url, args=args),
        {"number": 1, "nonce": "x" * 41, "version": 1, "kind": "misdeal"},
        follow=True,
    )
    assert answer.status_code == 200
    assert REUSED in answer.content.decode()
