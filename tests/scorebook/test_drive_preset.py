"""A whist drive is a preset (scorebook.rules.presets.DRIVE_PRESETS), as a variant is: its hands
a round, its trumps in turn, its rounds and its tricks are data, and the table's form is built
from them (scorebook.clubs.forms.DriveHandsForm). These tests change the data and watch the
form, the draw and the night's opening follow it."""

from __future__ import annotations

import datetime
import re

import pytest
from django.test import Client
from django.urls import reverse

from scorebook.clubs import drive, seating
from scorebook.clubs import services as clubs
from scorebook.clubs.forms import DriveHandsForm
from scorebook.movements import progressive
from scorebook.movements.drive import TRICKS
from scorebook.rules.presets import DEFAULT_DRIVE, DRIVE_PRESETS, DrivePreset
from scorebook.tables.models import Evening

pytestmark = pytest.mark.django_db

NAMES = ["Anna", "Boris", "Vera", "Gleb", "Dina", "Egor", "Fedor", "Galya"]


@pytest.fixture
def club(owner):
    return clubs.create_club(user=owner, name="Moika", variant="russian", language="en")


@pytest.fixture
def night(club, owner):
    night = clubs.open_night(club, name="Fri", date=datetime.date(2026, 11, 20), author=owner)
    players = [clubs.add_player(club, name, author=owner) for name in NAMES]
    seating.set_present(night, [p.pk for p in players], author=owner)
    return night


@pytest.fixture
def odd_preset(monkeypatch):
    """A drive of three hands a round whose trumps run spades, diamonds, no trump, clubs,
    hearts: nothing in it is the usual drive's."""
    preset = DrivePreset("odd", hands=3, trumps="SDNCH", rounds=2)
    monkeypatch.setattr(drive, "DRIVE_PRESETS", {**DRIVE_PRESETS, "odd": preset})
    return preset


def table_page(night, table: int) -> str:
    night.refresh_from_db()
    link = night.seating["links"][table - 1]
    return Client().get(reverse("drive_table", args=[night.token, link])).content.decode()


def hands_shown(page: str) -> list[tuple[str, str]]:
    """Each hand's field and the trump its legend names, in the order of the page."""
    form = page[page.index('class="deal-form drive-form"') :]
    legends = re.findall(r"<legend>(.*?)</legend>", form, re.S)
    names = re.findall(r'name="(hand_\d+)" value="0"', form)
    trumps = [
        (re.search(r'aria-label="([^"]+)"', legend) or re.search(r"no trump", legend))
        for legend in legends
    ]
    return [(name, t[1] if t.re.groups else t[0]) for name, t in zip(names, trumps, strict=True)]


def test_the_usual_drive_plays_what_the_movements_pin():
    usual = DRIVE_PRESETS[DEFAULT_DRIVE]
    assert (usual.hands, usual.trumps, usual.tricks) == (4, "HCDS", TRICKS)
    for preset in DRIVE_PRESETS.values():
        drive.check_preset(preset)  # every preset offered is one the engine plays


def test_the_table_form_follows_the_presets_hands_and_trumps(night, odd_preset):
    drive.draw_drive(night, preset="odd", seed=3)
    night.refresh_from_db()
    assert (night.seating["hands"], night.seating["trumps"]) == (3, "SDNCH")
    assert night.seating["rounds"] == 2  # the preset's rounds, none posted
    assert hands_shown(table_page(night, 1)) == [
        ("hand_1", "spades"), ("hand_2", "diamonds"), ("hand_3", "no trump")
    ]  # fmt: skip

    for table in (1, 2):  # round 1 played: the trumps go on where they stopped
        link = night.seating["links"][table - 1]
        Client().post(reverse("drive_table", args=[night.token, link]),
                      {"hand_1": "7", "hand_2": "6", "hand_3": "8"})  # fmt: skip
    assert hands_shown(table_page(night, 1)) == [
        ("hand_1", "clubs"), ("hand_2", "hearts"), ("hand_3", "spades")
    ]  # fmt: skip
    night.refresh_from_db()
    expected = progressive(8, night.seating["results"], hands=3, trumps="SDNCH")
    assert [s["score"] for s in drive.view(night)["standings"]] == [
        s.score for s in expected.standings
    ]


def test_a_preset_of_fewer_tricks_is_one_no_engine_plays(night, monkeypatch):
    short = DrivePreset("short", hands=4, trumps="HCDS", rounds=2, tricks=10)
    monkeypatch.setattr(drive, "DRIVE_PRESETS", {"short": short})
    with pytest.raises(ValueError, match="no engine plays it"):
        drive.draw_drive(night, preset="short")


def test_an_unknown_preset_is_refused_naming_it(night):
    with pytest.raises(clubs.ClubError, match="whist drives offered") as refused:
        drive.draw_drive(night, preset="bridge")
    assert refused.value.field == "preset"
    night.refresh_from_db()
    assert not night.seating


def test_a_drive_drawn_keeps_its_numbers_when_the_preset_changes(night, monkeypatch):
    drive.draw_drive(night, seed=3)
    changed = DrivePreset(DEFAULT_DRIVE, hands=2, trumps="SS", rounds=9)
    monkeypatch.setattr(drive, "DRIVE_PRESETS", {DEFAULT_DRIVE: changed})
    assert [name for name, _trump in hands_shown(table_page(night, 1))] == [
        "hand_1", "hand_2", "hand_3", "hand_4"
    ]  # fmt: skip


def test_a_night_opened_as_a_drive_offers_that_drive_first(client, club, owner):
    client.force_login(owner)
    opened = {"name": "Drive", "date": "2026-11-27", "drive_preset": "drive-no-trumps"}
    answer = client.post(reverse("new_night", args=[club.token]), opened)
    night = Evening.objects.get(name="Drive")
    assert answer.status_code == 302 and night.drive_preset == "drive-no-trumps"
    players = [clubs.add_player(club, name, author=owner) for name in NAMES]
    seating.set_present(night, [p.pk for p in players], author=owner)

    page = client.get(reverse("night_seating", args=[night.token])).content.decode()
    assert re.search(r'value="drive" checked', page)
    assert re.search(r'<option value="drive-no-trumps" selected>', page)
    client.post(reverse("night_seating", args=[night.token]),
                {"action": "draw", "format": "drive", "hands": "", "rounds": ""})  # fmt: skip
    night.refresh_from_db()
    chosen = DRIVE_PRESETS["drive-no-trumps"]
    assert night.seating["preset"] == "drive-no-trumps"
    assert (night.seating["hands"], night.seating["trumps"]) == (chosen.hands, chosen.trumps)


def test_the_new_night_form_offers_the_drives_in_russian(client, club, owner):
    client.force_login(owner)
    page = client.get(reverse("club", args=[club.token]), HTTP_ACCEPT_LANGUAGE="ru")
    text = page.content.decode()
    assert "Вист-драйв: 4 раздачи за круг, козыри по очереди ♥ ♣ ♦ ♠, 6 кругов" in text


def test_a_night_opened_with_an_unknown_drive_is_refused_naming_the_field(client, club, owner):
    client.force_login(owner)
    opened = {"name": "Drive", "date": "2026-11-27", "drive_preset": "bridge"}
    answer = client.post(reverse("new_night", args=[club.token]), opened)
    assert answer.status_code == 422 and not Evening.objects.filter(name="Drive").exists()
    assert 'id="id_drive_preset"' in answer.content.decode()
    assert "Select a valid choice" in answer.content.decode()


def test_a_night_not_opened_as_a_drive_offers_one_draw_first(client, night, owner):
    client.force_login(owner)
    page = client.get(reverse("night_seating", args=[night.token])).content.decode()
    assert re.search(r'value="free" checked', page)
    assert not re.search(r'value="drive" checked', page)


def test_the_form_asks_for_the_tricks_of_the_presets_hand():
    ten = DrivePreset("ten", hands=2, trumps="HS", rounds=1, tricks=10)
    form = DriveHandsForm(ten, ["H", "S"], message="from 0 to 10")
    assert [n for n, _trump, _field in form.hands] == [1, 2]
    assert [value for value, _label in form.fields["hand_1"].choices] == [str(t) for t in range(11)]
    refused = DriveHandsForm(ten, ["H", "S"], {"hand_1": "11"}, message="from 0 to 10")
    assert not refused.is_valid() and refused.first_error() == "from 0 to 10"
    taken = DriveHandsForm(ten, ["H", "S"], {"hand_1": "10"}, message="from 0 to 10")
    assert taken.is_valid() and taken.tricks() == [10, None]
