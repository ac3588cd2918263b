"""A whist drive night: the players present (a multiple of four) drawn onto the drive's
numbers; each table enters its hands through its own link, one tap a hand; when every table is
done the movements module seats the next round and ranks the players by their tricks."""

from __future__ import annotations

import datetime

import pytest
from django.test import Client
from django.urls import reverse

from players.models import Player
from scorebook.clubs import drive, room, seating
from scorebook.clubs import services as clubs
from scorebook.movements import progressive

pytestmark = pytest.mark.django_db

NAMES = ["Anna", "Boris", "Vera", "Gleb", "Dina", "Egor", "Fedor", "Galya", "Ilya"]


@pytest.fixture
def night(owner):
    club = clubs.create_club(user=owner, name="Moika", variant="russian", language="en")
    night = clubs.open_night(club, name="Fri", date=datetime.date(2026, 11, 20), author=owner)
    players = [clubs.add_player(club, name, author=owner) for name in NAMES]
    seating.set_present(night, [p.pk for p in players[:8]], author=owner)
    return night


def enter(client, night, table, tricks):
    link = night.seating["links"][table - 1]
    data = {f"hand_{i}": str(t) for i, t in enumerate(tricks, start=1)}
    return client.post(reverse("drive_table", args=[night.token, link]), data)


def play_drive_round(client, night, *tables):
    """Each table's N-S tricks of the round entered through its link, table 1 first."""
    for number, tricks in enumerate(tables, start=1):
        night.refresh_from_db()
        enter(client, night, number, tricks)
    night.refresh_from_db()


def test_a_drive_moves_the_winners_up_as_the_movements_module_says(client, night, owner):
    drive.draw_drive(night, hands=4, rounds=2, seed=3)
    night.refresh_from_db()
    results = [[7, 6, 8, 5], [4, 5, 4, 5]]

    first = enter(Client(), night, 1, results[0])  # the phone at table 1, through its link
    night.refresh_from_db()
    assert first.status_code == 302 and night.seating["results"] == []  # table 2 still playing
    enter(Client(), night, 2, results[1])
    night.refresh_from_db()

    expected = progressive(8, [results], hands=4, trumps="HCDS")
    shown = drive.view(night)
    numbers = night.seating["numbers"]
    assert night.seating["results"] == [results] and shown["round"] == 2
    for table, seats in zip(shown["tables"], expected.next, strict=True):
        assert [p.pk for _seat, p in table.seats] == [numbers[n - 1] for n in seats]
    assert [s["score"] for s in shown["standings"]] == [s.score for s in expected.standings]
    assert shown["tables"][0].trumps == ["H", "C", "D", "S"]  # round 2: the order again


def test_the_drive_ends_after_its_rounds(client, night, owner):
    drive.draw_drive(night, hands=1, rounds=1, seed=3)
    play_drive_round(client, night, [7], [3])
    assert drive.view(night)["over"]
    late = enter(client, night, 1, [9])
    assert late.status_code == 422 and "The drive is over" in late.content.decode()


def test_a_drive_needs_a_multiple_of_four_and_says_what_to_do(night, owner):
    seating.set_present(night, list(night.club.roster.values_list("pk", flat=True)), author=owner)
    wanted = r"multiple of four players.*\(9 present\).*individual tournament"
    with pytest.raises(clubs.ClubError, match=wanted):
        drive.draw_drive(night, hands=4, rounds=3)


def test_bad_tricks_are_refused_and_change_nothing(client, night, owner):
    drive.draw_drive(night, hands=2, rounds=2, seed=3)
    night.refresh_from_db()
    link = night.seating["links"][0]
    answer = client.post(reverse("drive_table", args=[night.token, link]),
                         {"hand_1": "14", "hand_2": "7"})  # fmt: skip
    night.refresh_from_db()
    assert answer.status_code == 422 and "from 0 to 13" in answer.content.decode()
    assert night.seating["entries"] == {}
    assert client.get(reverse("drive_table", args=[night.token, "nope"])).status_code == 404


def test_the_organiser_starts_a_drive_from_the_seating_page(client, night, owner):
    client.force_login(owner)
    url = reverse("night_seating", args=[night.token])
    client.post(url, {"action": "draw", "format": "drive", "hands": "4", "rounds": "3"})
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "Вист-драйв" in page and "Круг 1 из 3" in page
    night.refresh_from_db()
    assert all(link in page for link in night.seating["links"])


def test_a_drive_of_nine_is_refused_for_its_number_alone(client, night, owner):
    seating.set_present(night, list(night.club.roster.values_list("pk", flat=True)), author=owner)
    client.force_login(owner)
    url = reverse("night_seating", args=[night.token])

    answer = client.post(url, {"action": "draw", "format": "drive", "hands": "4", "rounds": "2"})

    page = answer.content.decode()
    assert answer.status_code == 422
    assert 'id="format-error">A whist drive needs a multiple of four players (9 present)' in page
    assert "hands" not in page.split('id="format-error">')[1].split("</p>")[0]
    assert 'value="drive" checked' in page  # the organiser's choice kept


@pytest.mark.parametrize("typed", ["14", "0"])
def test_hands_a_round_out_of_range_are_refused_at_their_field(client, night, owner, typed):
    client.force_login(owner)
    url = reverse("night_seating", args=[night.token])

    answer = client.post(url, {"action": "draw", "format": "drive", "hands": typed})

    night.refresh_from_db()
    assert answer.status_code == 422 and night.seating is None
    assert 'id="hands-error">Hands a round: from 1 to 13.</span>' in answer.content.decode()


def test_a_drive_nights_page_does_not_say_it_has_no_tables(client, night, owner):
    drive.draw_drive(night, hands=1, rounds=1, seed=3)

    page = client.get(reverse("evening", args=[night.token])).content.decode()

    assert "No table yet." not in page and "Score cards and prize list (PDF, A4)" in page


def test_a_closed_drives_prizes_are_tricks_not_winnings(client, night, owner):
    drive.draw_drive(night, hands=1, rounds=1, seed=3)
    play_drive_round(client, night, [9], [3])
    clubs.close_night(night, author=owner)

    page = client.get(reverse("evening", args=[night.token])).content.decode()
    prizes = page[
        page.index('class="prizes"') : page.index("</section>", page.index('class="prizes"'))
    ]

    best = drive.prize_list(night)["first"][0]
    assert '<p class="hint">Tricks</p>' in prizes
    assert f"<bdi>{best[1].name}</bdi> · {best[2]}</li>" in prizes and "+" not in prizes


def test_the_screen_of_a_finished_drive_keeps_its_last_rounds_tables(client, night, owner):
    drive.draw_drive(night, hands=2, rounds=1, seed=3)
    play_drive_round(client, night, [9, 8], [3, 4])

    shown = room.drive_screen(night)

    expected = progressive(8, [[[9, 8], [3, 4]]], hands=2, trumps="HCDS").rounds[-1]
    numbers = night.seating["numbers"]
    assert shown["over"] and [g.phase for g in shown["groups"]] == ["over"]
    for card, game in zip(shown["groups"][0].cards, expected, strict=True):
        names = [Player.objects.get(pk=numbers[n - 1]).name for n in game.seats]
        ns, ew = sum(game.ns), sum(game.ew)
        assert card.seats == list(zip("NESW", names, [ns, ew, ns, ew], strict=True))
        assert card.hands == list(zip(game.trumps, game.ns, strict=True))
