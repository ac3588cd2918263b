"""Who may write: the edit link, the owner and members; anyone else gets 403, nothing changes.

Every write endpoint is tried with the read-only link by an anonymous visitor and by a signed-in
outsider; the owner and a member may use the read-only link; an unknown link is not found.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.urls import reverse

from scorebook.tables.models import Deal, Table
from tests.scorebook.conftest import deal_form, edit_form, snapshot

pytestmark = pytest.mark.django_db


def add(table: Table, token: str) -> tuple[str, dict[str, Any]]:
    return reverse("deal_add", args=[token]), deal_form(table, tricks=10)


def edit(table: Table, token: str) -> tuple[str, dict[str, Any]]:
    return reverse("deal_edit", args=[token, 2]), edit_form(table, 2, tricks=10)


def void(table: Table, token: str) -> tuple[str, dict[str, Any]]:
    version = Deal.objects.get(table=table, number=2).version
    return reverse("deal_void", args=[token, 2]), {"kind": "misdeal", "version": version}


def undo(table: Table, token: str) -> tuple[str, dict[str, Any]]:
    return reverse("deal_undo", args=[token]), {"number": 3}


WRITES: dict[str, Callable[[Table, str], tuple[str, dict[str, Any]]]] = {
    "add": add,
    "edit": edit,
    "void": void,
    "undo": undo,
}


@pytest.fixture(params=["anonymous", "outsider"])
def stranger(request, client, outsider):
    """A client holding only the read-only link: anonymous, or signed in but not at the table."""
    if request.param == "outsider":
        client.force_login(outsider)
    return client


@pytest.fixture(params=["owner", "member"])
def player(request, client, owner, member):
    """A signed-in client who belongs to the table."""
    client.force_login(owner if request.param == "owner" else member)
    return client


@pytest.mark.parametrize("write", WRITES)
@pytest.mark.parametrize("htmx", [False, True])
def test_the_read_only_link_refuses_every_write(stranger, table_with_deals, write, htmx):
    table = table_with_deals
    url, data = WRITES[write](table, table.view_token)
    before = snapshot(table)
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}

    response = stranger.post(url, data, **headers)

    assert response.status_code == 403
    assert snapshot(table) == before


@pytest.mark.parametrize("write", WRITES)
def test_the_edit_link_allows_every_write_without_an_account(client, table_with_deals, write):
    table = table_with_deals
    url, data = WRITES[write](table, table.edit_token)
    before = snapshot(table)

    response = client.post(url, data)

    assert response.status_code == 302
    assert snapshot(table)[3] == before[3] + 1  # the table's version moved on


@pytest.mark.parametrize("write", WRITES)
def test_an_outsider_with_the_edit_link_may_write(client, outsider, table_with_deals, write):
    table = table_with_deals
    client.force_login(outsider)
    url, data = WRITES[write](table, table.edit_token)

    assert client.post(url, data).status_code == 302


@pytest.mark.parametrize("write", WRITES)
def test_owner_and_member_may_write_through_the_read_only_link(player, table_with_deals, write):
    table = table_with_deals
    url, data = WRITES[write](table, table.view_token)
    before = snapshot(table)

    response = player.post(url, data)

    assert response.status_code == 302
    assert snapshot(table)[3] == before[3] + 1


def test_the_owner_sees_the_entry_form_behind_the_read_only_link(client, owner, table):
    client.force_login(owner)

    page = client.get(reverse("table", args=[table.view_token])).content.decode()

    assert 'id="deal-form"' in page
    assert "<strong>read-only</strong>" not in page


def test_an_outsider_sees_the_read_only_page(client, outsider, table):
    client.force_login(outsider)

    page = client.get(reverse("table", args=[table.view_token])).content.decode()

    assert 'id="deal-form"' not in page
    assert "read-only" in page
    assert table.edit_token not in page


def test_the_read_only_link_cannot_open_the_correction_page(stranger, table_with_deals):
    table = table_with_deals

    response = stranger.get(reverse("deal_edit", args=[table.view_token, 2]))

    assert response.status_code == 403


def test_the_read_only_link_does_not_make_a_member(client, outsider, table):
    client.force_login(outsider)

    client.get(reverse("table", args=[table.view_token]))

    assert not table.members.filter(pk=outsider.pk).exists()


def test_the_edit_link_makes_a_signed_in_visitor_a_member(client, outsider, table):
    client.force_login(outsider)

    client.get(reverse("table", args=[table.edit_token]))

    assert table.members.filter(pk=outsider.pk).exists()


@pytest.mark.parametrize(
    ("name", "args"),
    [
        ("table", []),
        ("table_sheet", []),
        ("record_download", []),
        ("deal_add", []),
        ("deal_edit", [1]),
        ("deal_void", [1]),
        ("deal_undo", []),
    ],
)
def test_an_unknown_link_is_not_found(client, owner, table_with_deals, name, args):
    client.force_login(owner)
    url = reverse(name, args=["x" * 24, *args])

    get = client.get(url)
    post = client.post(url, {"number": 1, "version": 1, "kind": "misdeal"})

    assert get.status_code in (404, 405)
    assert post.status_code in (404, 405)
    assert 404 in (get.status_code, post.status_code)


def test_writes_need_a_post(client, table_with_deals):
    table = table_with_deals

    assert client.get(reverse("deal_add", args=[table.edit_token])).status_code == 405
    assert client.get(reverse("deal_undo", args=[table.edit_token])).status_code == 405
    assert client.get(reverse("deal_void", args=[table.edit_token, 2])).status_code == 405
