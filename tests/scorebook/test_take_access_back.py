"""Taking access back (new links) and undoing an undo (restoring a deal)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from scorebook.tables import services
from scorebook.tables.models import Revision, Table, TableEvent
from tests.scorebook.conftest import add_deals, new_table_form, snapshot, table_url

pytestmark = pytest.mark.django_db


def rotate(client, table, which, *, edit=True):
    token = table.edit_token if edit else table.view_token
    return client.post(reverse("rotate_link", args=[token]), {"which": which})


def test_a_new_edit_link_shuts_the_old_one_and_the_members_out(client, owner, member, table):
    old_edit = table.edit_token
    client.force_login(owner)

    response = rotate(client, table, "edit")

    table.refresh_from_db()
    assert table.edit_token != old_edit
    assert response.url == reverse("table", args=[table.edit_token])
    assert client.get(reverse("table", args=[old_edit])).status_code == 404
    assert not table.members.exists()
    member_client = client.__class__()
    member_client.force_login(member)
    assert (
        member_client.post(reverse("deal_undo", args=[table.view_token]), {"number": 1}).status_code
        == 403
    )
    event = TableEvent.objects.get(table=table)
    assert (event.action, event.author) == (TableEvent.Action.EDIT_LINK, owner)


def test_a_new_read_only_link_shuts_the_old_one(client, owner, table):
    old_view = table.view_token
    client.force_login(owner)

    rotate(client, table, "view")

    table.refresh_from_db()
    assert table.view_token != old_view
    assert client.get(reverse("table", args=[old_view])).status_code == 404
    assert client.get(table_url(table, edit=False)).status_code == 200


@pytest.mark.parametrize("who", ["member", "outsider with the edit link", "read-only link"])
def test_only_the_owner_replaces_the_links_of_his_table(client, table, member, who):
    before = (table.edit_token, table.view_token)
    if who == "member":
        client.force_login(member)

    response = rotate(client, table, "edit", edit=who != "read-only link")

    assert response.status_code == 403
    table.refresh_from_db()
    assert (table.edit_token, table.view_token) == before
    assert not TableEvent.objects.exists()


def test_a_table_without_an_owner_lets_the_browser_that_started_it_replace_the_links(client):
    client.post(reverse("new_table", args=["russian"]), new_table_form("russian"))
    table = Table.objects.get()
    old = table.edit_token

    assert rotate(client, table, "view", edit=False).status_code == 403
    assert rotate(client, table, "edit").status_code == 302
    table.refresh_from_db()
    assert table.edit_token != old
    table.refresh_from_db()
    assert rotate(client, table, "view").status_code == 302  # still its own, by the new link


def test_another_holder_of_the_edit_link_cannot_take_an_ownerless_table(client, django_user_model):
    creator = Client()
    creator.post(reverse("new_table", args=["russian"]), new_table_form("russian"))
    table = Table.objects.get()
    client.get(reverse("table", args=[table.edit_token]))  # opened through the creator's link

    assert rotate(client, table, "edit").status_code == 403
    client.force_login(django_user_model.objects.create_user("taker", password="pw"))
    table.refresh_from_db()
    assert table.owner_id is None  # signing in made him a member, not the owner
    assert rotate(client, table, "edit").status_code == 403
    assert rotate(creator, table, "view").status_code == 302


def test_an_undone_deal_is_listed_and_comes_back_with_a_revision(client, table_with_deals):
    table = table_with_deals
    client.post(reverse("deal_undo", args=[table.edit_token]), {"number": 3})
    page = client.get(table_url(table)).content.decode()

    response = client.post(reverse("deal_restore", args=[table.edit_token]), {"number": 3})

    assert "Undone deals" in page and "Restore deal 3" in page
    assert response.status_code == 302
    assert table.deals.filter(removed=False).count() == 3
    assert Revision.objects.filter(deal__table=table, action="restored").count() == 1
    assert "Restore deal" not in client.get(table_url(table)).content.decode()


def test_a_deal_recorded_in_its_place_keeps_the_undone_one_out(client, table_with_deals):
    table = table_with_deals
    services.undo_last(table, number=3, author=services.Author(label="t"))
    add_deals(table, 6)
    before = snapshot(table)

    response = client.post(reverse("deal_restore", args=[table.edit_token]), {"number": 3},
                           follow=True)  # fmt: skip

    assert "cannot come back" in response.content.decode()
    assert snapshot(table) == before


def test_the_read_only_link_cannot_restore(client, table_with_deals):
    table = table_with_deals
    services.undo_last(table, number=3, author=services.Author(label="t"))

    response = client.post(reverse("deal_restore", args=[table.view_token]), {"number": 3})

    assert response.status_code == 403
    assert Table.objects.get(pk=table.pk).deals.filter(removed=False).count() == 2


def test_the_owner_sees_when_and_by_whom_the_links_were_replaced(client, owner, table):
    client.force_login(owner)
    rotate(client, table, "view")
    table.refresh_from_db()

    page = client.get(table_url(table)).content.decode()

    history = page.split('<ul class="link-history">')[1].split("</ul>")[0]
    assert "read-only link replaced" in history and "olga" in history
