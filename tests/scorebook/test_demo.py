"""Demo tables are the ones seed_demo made: offered on a new browser's home page, read-only
on a server (a visitor scores his own copy), never filed into a club night; the demo
organiser signs in only on a laptop."""

from __future__ import annotations

import datetime
import io

import pytest
from django.contrib.auth import authenticate
from django.urls import reverse

from players.models import Player
from scorebook.clubs import services as clubs
from scorebook.site import demo
from scorebook.tables import services
from scorebook.tables.models import Table
from tests.scorebook.conftest import PLAYERS, deal_form

pytestmark = pytest.mark.django_db


@pytest.fixture
def on_a_server(settings):
    settings.DEBUG = False
    settings.LOCAL = False


@pytest.fixture
def demos(settings):
    settings.LOCAL = False  # the tables only, as on a server
    demo.seed(io.StringIO())
    return list(Table.objects.filter(demo=True).order_by("pk"))


def test_a_strangers_demo_titled_table_is_not_offered(client, demos, on_a_server):
    services.create_table(variant="russian", players=PLAYERS, title="Demo: scam")

    page = client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="en").content.decode()

    offered = [t for t in demos if t.view_token in page]
    assert offered and all(t.demo for t in offered)
    assert "scam" not in page


def test_on_a_server_a_demo_tables_edit_link_writes_nothing(client, demos, on_a_server):
    table = demos[0]
    before = table.deals.count()
    answer = client.post(reverse("deal_add", args=[table.edit_token]), deal_form(table))
    assert answer.status_code == 403
    assert table.deals.count() == before


def test_a_visitor_scores_a_private_copy_of_a_demo_table(client, demos, on_a_server):
    table = demos[0]
    page = client.get(reverse("table", args=[table.view_token])).content.decode()
    assert reverse("demo_copy", args=[table.view_token]) in page

    answer = client.post(reverse("demo_copy", args=[table.view_token]))

    copy = Table.objects.exclude(pk__in=[t.pk for t in demos]).get()
    assert answer.status_code == 302 and answer["Location"] == reverse(
        "table", args=[copy.edit_token]
    )
    assert not copy.demo
    assert copy.deals.count() == table.deals.count()
    assert not copy.title.startswith(("Demo: ", "Демо: "))
    saved = client.post(reverse("deal_add", args=[copy.edit_token]), deal_form(copy))
    assert saved.status_code == 302


def test_only_a_demo_table_is_copied(client, on_a_server):
    table = services.create_table(variant="russian", players=PLAYERS, title="Demo: scam")
    assert client.post(reverse("demo_copy", args=[table.view_token])).status_code == 404


def test_a_demo_table_cannot_join_a_club_night(demos, django_user_model):
    user = django_user_model.objects.create_user("olga", password="pw")
    club = clubs.create_club(user=user, name="C", variant="russian", language="en")
    night = clubs.open_night(club, name="N", date=datetime.date(2026, 11, 20), author=user)
    with pytest.raises(clubs.ClubError) as refused:
        clubs.file_table(night, demos[0], author=user)
    assert refused.value.field == "link"
    assert not Player.objects.filter(club=club).exists()  # nobody pulled onto the roster


@pytest.mark.parametrize("local", [True, False])
def test_the_demo_organiser_signs_in_only_on_a_laptop(settings, django_user_model, local):
    username, password = demo.DEMO_ORGANISER
    django_user_model.objects.create_user(username, password=password)
    settings.LOCAL = local
    assert (authenticate(username=username, password=password) is not None) is local
