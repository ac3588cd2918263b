"""Free text a user types (a table's title and place, a deal's note, a club's, a night's and a
season's name) refuses the invisible formatting characters the engine refuses in a record:
the form names the field and nothing is saved. The joiners stay."""

from __future__ import annotations

import datetime
import html
import re

import pytest
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation

from players.models import Club, Season
from scorebook.clubs import services as clubs
from scorebook.printing import pdf
from scorebook.tables import services
from scorebook.tables.models import Deal, Evening, Table
from tests.scorebook.conftest import PLAYERS, deal_form, new_table_form, table_url

pytestmark = pytest.mark.django_db

OVERRIDE = "\u202e"  # RIGHT-TO-LEFT OVERRIDE: the rest of the line reads backwards
PERSIAN = "\u0646\u0627\u0647\u06cc\u062f\u200c\u0647"  # spelt with a zero-width non-joiner
FAMILY = "\U0001f468\u200d\U0001f469\u200d\U0001f467"  # an emoji sequence: zero-width joiners
SEASON = {"starts_on": "2026-09-01", "ends_on": "2026-12-31", "variant": "russian",
          "kind": "total", "min_sessions": 1, "min_partners": 0}  # fmt: skip


@pytest.fixture
def club(owner):
    return clubs.create_club(user=owner, name="Moika 12", variant="russian", language="ru")


@pytest.fixture
def night(club, owner):
    return clubs.open_night(club, name="Friday", date=datetime.date(2026, 11, 20), author=owner)


def refused(response, label):
    """The page refuses the form, its message naming the field by ``label``."""
    page = html.unescape(response.content.decode())
    assert response.status_code == 422
    assert f"{label}: must not contain invisible formatting characters" in page
    assert "U+202E" in page
    return page


# ---------------------------------------------------------------------------------------------
# Each free-text field


@pytest.mark.parametrize(("field", "label"), [("title", "Title"), ("place", "Place")])
def test_a_new_table_refuses_an_override_in_its_title_or_place(client, field, label):
    data = new_table_form("russian", **{field: f"Fri{OVERRIDE}day"})

    response = client.post(reverse("new_table", args=["russian"]), data)

    refused(response, label)
    assert not Table.objects.exists()


@pytest.mark.parametrize(("field", "label"), [("title", "Title"), ("place", "Place")])
def test_a_night_table_refuses_an_override_in_its_title_or_place(client, night, owner, field,
                                                                 label):  # fmt: skip
    client.force_login(owner)
    data = new_table_form("russian", **{field: f"{OVERRIDE}Table one"})

    response = client.post(reverse("night_table", args=[night.token, "russian"]), data)

    refused(response, label)
    assert not Table.objects.exists()


def test_a_deal_refuses_an_override_in_its_note(client):
    table = services.create_table(variant="russian", players=PLAYERS, first_dealer="N")

    response = client.post(reverse("deal_add", args=[table.edit_token]),
                           deal_form(table, note=f"N{OVERRIDE} revoked"))  # fmt: skip

    refused(response, "Note")
    assert not Deal.objects.exists()


def test_a_correction_refuses_an_override_in_its_note(client, table_with_deals):
    table = table_with_deals
    before = Deal.objects.get(table=table, number=1, removed=False)
    data = {**deal_form(table, note=f"{OVERRIDE}x"), "number": 1, "version": before.version}

    response = client.post(reverse("deal_edit", args=[table.edit_token, 1]), data)

    refused(response, "Note")
    after = Deal.objects.get(pk=before.pk)
    assert (after.version, after.data) == (before.version, before.data)


@pytest.mark.parametrize(("field", "label"), [("name", "Name of the club"), ("city", "City")])
def test_a_new_club_refuses_an_override_in_its_name_or_city(client, owner, field, label):
    client.force_login(owner)
    data = {"name": "Nevsky", "city": "", "variant": "russian", "language": "en"}

    response = client.post(reverse("new_club"), {**data, field: f"Nev{OVERRIDE}sky"})

    refused(response, label)
    assert not Club.objects.exists()


@pytest.mark.parametrize(("field", "label"), [("name", "Name of the night"), ("place", "Place")])
def test_a_new_night_refuses_an_override_in_its_name_or_place(client, club, owner, field, label):
    client.force_login(owner)
    data = {"name": "Friday", "date": "2026-11-20", "place": ""}

    response = client.post(reverse("new_night", args=[club.token]),
                           {**data, field: f"{OVERRIDE}Friday"})  # fmt: skip

    refused(response, label)
    assert not Evening.objects.exists()


@pytest.mark.parametrize(("field", "label"), [("name", "Name of the night"), ("place", "Place")])
def test_a_night_corrected_with_an_override_is_kept_as_it_was(client, club, night, owner, field,
                                                              label):  # fmt: skip
    client.force_login(owner)
    data = {"name": "Friday", "date": "2026-11-20", "place": "Moika", field: f"{OVERRIDE}x"}

    response = client.post(reverse("edit_night", args=[club.token, night.pk]), data)

    refused(response, label)
    night.refresh_from_db()
    assert (night.name, night.place) == ("Friday", "")


def test_a_new_season_refuses_an_override_in_its_name(client, club, owner):
    client.force_login(owner)

    response = client.post(reverse("new_season", args=[club.token]),
                           {**SEASON, "name": f"Autumn{OVERRIDE} 2026"})  # fmt: skip

    refused(response, "Name of the season")
    assert not Season.objects.exists()


def test_a_season_renamed_with_an_override_keeps_its_name(client, club, owner):
    season = Season.objects.create(
        club=club, name="Autumn", starts_on=datetime.date(2026, 9, 1),
        ends_on=datetime.date(2026, 12, 31), variant="russian",
    )  # fmt: skip
    client.force_login(owner)

    response = client.post(reverse("edit_season", args=[club.token, season.pk]),
                           {**SEASON, "name": f"{OVERRIDE}Autumn"})  # fmt: skip

    refused(response, "Name of the season")
    season.refresh_from_db()
    assert season.name == "Autumn"


@pytest.mark.parametrize(
    "char", ["\u200b", "\ufeff", "\u2066", "\u200e", "\u00ad", "\u061c"],
    ids=["zero-width space", "BOM", "isolate", "direction mark", "soft hyphen", "Arabic mark"],
)  # fmt: skip
def test_every_invisible_formatting_character_is_refused_not_only_the_override(client, owner,
                                                                               char):  # fmt: skip
    client.force_login(owner)

    data = {"name": f"Nev{char}sky", "variant": "russian", "language": "en"}

    response = client.post(reverse("new_club"), data)

    assert response.status_code == 422
    assert f"U+{ord(char):04X}" in response.content.decode()
    assert not Club.objects.exists()


def test_the_russian_form_names_the_field_in_russian(client, owner):
    client.force_login(owner)

    response = client.post(reverse("new_club"),
                           {"name": f"{OVERRIDE}Мойка", "variant": "russian", "language": "ru"},
                           HTTP_ACCEPT_LANGUAGE="ru")  # fmt: skip

    page = html.unescape(response.content.decode())
    assert response.status_code == 422
    assert "Название клуба: не должно содержать невидимых символов форматирования" in page
    assert not Club.objects.exists()


# ---------------------------------------------------------------------------------------------
# The joiners stay


def test_the_joiners_stay_in_every_free_text_field(client, owner):
    client.force_login(owner)

    client.post(reverse("new_club"), {"name": f"{PERSIAN} club", "city": FAMILY,
                                      "variant": "russian", "language": "en"})  # fmt: skip
    club = Club.objects.get()
    client.post(reverse("new_night", args=[club.token]),
                {"name": f"{FAMILY} night", "date": "2026-11-20", "place": PERSIAN})  # fmt: skip
    night = Evening.objects.get()
    client.post(reverse("new_season", args=[club.token]), {**SEASON, "name": PERSIAN})
    client.post(reverse("night_table", args=[night.token, "russian"]),
                new_table_form("russian", title=PERSIAN, place=FAMILY))  # fmt: skip
    table = Table.objects.get()
    client.post(reverse("deal_add", args=[table.edit_token]), deal_form(table, note=FAMILY))

    assert (club.name, club.city) == (f"{PERSIAN} club", FAMILY)
    assert (night.name, night.place) == (f"{FAMILY} night", PERSIAN)
    assert Season.objects.get().name == PERSIAN
    assert (table.title, table.place) == (PERSIAN, FAMILY)
    assert Deal.objects.get().data["note"] == FAMILY


# ---------------------------------------------------------------------------------------------
# Names isolated where they are shown


def test_a_clubs_name_is_isolated_on_its_page_and_its_nights(client, club, night, owner):
    Club.objects.filter(pk=club.pk).update(name="\u05de\u05d5\u05e2\u05d3\u05d5\u05df <12>")
    client.force_login(owner)

    club_page = client.get(reverse("club", args=[club.token])).content.decode()
    night_page = client.get(reverse("evening", args=[night.token])).content.decode()

    isolated = "<bdi>\u05de\u05d5\u05e2\u05d3\u05d5\u05df &lt;12&gt;</bdi>"  # and still escaped
    assert f"<h1>{isolated}</h1>" in club_page
    assert f"← {isolated}</a>" in night_page
    assert "<bdi>Friday</bdi>" in club_page and "<bdi>Friday</bdi>" in night_page


def test_a_removed_seasons_message_isolates_its_name(client, club, owner):
    season = Season.objects.create(
        club=club, name="Autumn <b>", starts_on=datetime.date(2026, 9, 1),
        ends_on=datetime.date(2026, 12, 31), variant="russian",
    )  # fmt: skip
    client.force_login(owner)

    response = client.post(reverse("delete_season", args=[club.token, season.pk]),
                           {"confirm": "on"}, follow=True, HTTP_ACCEPT_LANGUAGE="en")  # fmt: skip

    assert "The season “<bdi>Autumn &lt;b&gt;</bdi>” was removed." in response.content.decode()


@pytest.mark.parametrize(("lang", "joined"), [("en", " &amp; "), ("ru", " и ")])
def test_each_name_of_a_pair_is_isolated_above_its_column_on_screen_and_paper(client, lang, joined):
    # Two right-to-left names around an English "&" swapped their seats' order
    north, south = "\u0633\u0627\u0631\u0629", "\u05d0\u05d1\u05d9 <3>"
    client.post(reverse("new_table", args=["russian"]),
                new_table_form("russian", player_N=north, player_S=south))  # fmt: skip
    table = Table.objects.get()
    client.post(reverse("deal_add", args=[table.edit_token]), deal_form(table))

    page = client.get(table_url(table), HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    pair = f"<bdi>{north}</bdi>{joined}<bdi>\u05d0\u05d1\u05d9 &lt;3&gt;</bdi>"
    assert f"<small>{pair}</small>" in page
    with translation.override(lang):
        printed = pdf.table_sheet(table)
        sheet = render_to_string("printing/print/sheets.html", {"sheets": [printed]})
    assert f'<span class="names">{pair}</span>' in sheet


@pytest.mark.parametrize(("field", "shown"), [("player_W", "Gleb"), ("title", "Friday night")])
def test_a_refused_invisible_character_is_named_and_gone_from_the_field_shown_again(
    client, field, shown
):
    # It cannot be seen, so it cannot be deleted ("Ан\u202eна" showed as "Анан"): the field
    # comes back without it, and the message says which it was.
    typed = shown[:2] + "\u202e" + shown[2:]
    response = client.post(reverse("new_table", args=["russian"]),
                           new_table_form("russian", **{field: typed}))  # fmt: skip

    assert response.status_code == 422
    page = html.unescape(response.content.decode())
    assert "U+202E" in page
    assert re.search(rf'<input[^>]*name="{field}"[^>]*value="{shown}"', page)
    assert "\u202e" not in page
    assert not Table.objects.exists()
