"""Who may write: the edit link, the owner and members; anyone else gets 403, nothing changes.

Every write endpoint is tried with the read-only link by an anonymous visitor and by a signed-in
outsider; the owner and a member may use the read-only link; an unknown link is not found. A
demo table on a server is read-only for every visitor, whatever link he holds (the club's
writes, roles and invitations are in test_clubs.py).
"""

from __future__ import annotations

import datetime
import io
import json
from collections.abc import Callable
from typing import Any

import pytest
from django.urls import reverse

from players.models import ClubLog, Player
from scorebook.clubs import services as clubs
from scorebook.site import demo
from scorebook.tables import services
from scorebook.tables.models import Deal, Table, TableEvent
from tests.scorebook.conftest import deal_form, edit_form, snapshot, table_url

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


# ---------------------------------------------------------------------------------------------
# Demo tables: read-only on a server for every visitor, whatever link he holds; a visitor
# scores a private copy; nobody files one into a club night


@pytest.fixture
def demo_table(settings):
    """A demo table as seed_demo makes it, on a server (neither DEBUG nor LOCAL)."""
    settings.DEBUG = False
    settings.LOCAL = False
    demo.seed(io.StringIO())
    return Table.objects.filter(demo=True, variant="russian").order_by("pk").first()


def demo_state(table: Table) -> tuple[Any, ...]:
    """The demo table and everything written about it: deals, revisions, links, events."""
    return (*snapshot(table), table.edit_token, table.view_token, table.title,
            table.evening_id, TableEvent.objects.filter(table=table).count())  # fmt: skip


def restore(table: Table, token: str) -> tuple[str, dict[str, Any]]:
    return reverse("deal_restore", args=[token]), {"number": table.deals.count()}


def new_edit_link(table: Table, token: str) -> tuple[str, dict[str, Any]]:
    return reverse("rotate_link", args=[token]), {"which": "edit"}


def new_view_link(table: Table, token: str) -> tuple[str, dict[str, Any]]:
    return reverse("rotate_link", args=[token]), {"which": "view"}


DEMO_WRITES = {**WRITES, "restore": restore, "new edit link": new_edit_link,
               "new read-only link": new_view_link}  # fmt: skip
VISITORS = ["anonymous, read-only link", "anonymous, edit link", "outsider, edit link",
            "club organiser, edit link"]  # fmt: skip


@pytest.fixture(params=VISITORS)
def visitor(request, client, outsider, owner):
    """A visitor of a demo table, and the link he holds ("edit" or "view")."""
    who, link = request.param.split(", ")
    if who == "outsider":
        client.force_login(outsider)
    elif who == "club organiser":
        clubs.create_club(user=owner, name="Moika 12", variant="russian", language="en")
        client.force_login(owner)
    return client, "view" if link == "read-only link" else "edit"


@pytest.mark.parametrize("write", DEMO_WRITES)
def test_on_a_server_a_demo_table_refuses_every_write(visitor, demo_table, write):
    client, link = visitor
    table = demo_table
    token = table.edit_token if link == "edit" else table.view_token
    url, data = DEMO_WRITES[write](table, token)
    before = demo_state(table)

    response = client.post(url, data)

    assert response.status_code == 403
    assert demo_state(table) == before


def test_opening_a_demo_tables_edit_link_makes_no_member(client, outsider, demo_table):
    client.force_login(outsider)

    page = client.get(reverse("table", args=[demo_table.edit_token])).content.decode()

    assert 'id="deal-form"' not in page
    assert not demo_table.members.exists()


def test_a_visitor_gets_a_private_copy_of_a_demo_table_to_score(visitor, demo_table):
    client, link = visitor
    table = demo_table
    before = demo_state(table)

    response = client.post(
        reverse("demo_copy", args=[table.edit_token if link == "edit" else table.view_token])
    )

    copy = Table.objects.filter(demo=False).get()
    assert response.status_code == 302 and response["Location"] == table_url(copy)
    assert client.post(reverse("deal_add", args=[copy.edit_token]),
                       deal_form(copy)).status_code == 302  # fmt: skip
    assert demo_state(table) == before


@pytest.mark.parametrize("local", [False, True])
def test_nobody_files_a_demo_table_into_a_club_night(client, owner, demo_table, settings, local):
    """Not the organiser of the club, not even on a laptop, where a demo table takes deals."""
    settings.LOCAL = local
    club = clubs.create_club(user=owner, name="Moika 12", variant="russian", language="en")
    night = clubs.open_night(club, name="Friday", date=datetime.date(2026, 11, 20), author=owner)
    client.force_login(owner)
    before = (demo_state(demo_table), Player.objects.count(), ClubLog.objects.count())

    response = client.post(reverse("evening_file", args=[night.token]),
                           {"link": reverse("table", args=[demo_table.edit_token])})  # fmt: skip

    assert response.status_code == 422
    assert "A demo table cannot join a club night" in response.content.decode()
    assert (demo_state(demo_table), Player.objects.count(), ClubLog.objects.count()) == before
    assert not night.tables.exists()


def test_an_imported_record_never_becomes_a_demo_table(client, demo_table):
    """The import makes a table of the visitor's own: a demo's title does not make it one,
    and a record cannot say it is one."""
    demos = set(Table.objects.filter(demo=True).values_list("pk", flat=True))
    record = services.export_record(demo_table)
    upload = io.BytesIO(json.dumps(record).encode())
    upload.name = "demo.json"

    imported = client.post(reverse("import_record"), {"record": upload})

    assert imported.status_code == 302
    assert set(Table.objects.filter(demo=True).values_list("pk", flat=True)) == demos
    before = Table.objects.count()
    claimed = io.BytesIO(json.dumps({**record, "demo": True}).encode())
    claimed.name = "demo.json"
    assert client.post(reverse("import_record"), {"record": claimed}).status_code == 422
    assert Table.objects.count() == before
