"""A whist drive with late arrivals and a leaver: the changes wait for the round in play to
end; a late arrival waits (sits out) until four make a new last table or a leaver's seat is
free; a leaver needs someone waiting to take his seat; the hands already played score as
they did for everyone who played them."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from players.models import ClubLog, Player
from scorebook.clubs import drive, seating
from scorebook.clubs import services as clubs
from scorebook.movements import progressive

pytestmark = pytest.mark.django_db

NAMES = ["Anna", "Boris", "Vera", "Gleb", "Dina", "Egor", "Fedor", "Galya"]
ROUND_ONE = [[7, 6, 8, 5], [4, 5, 4, 5]]
ROUND_TWO = [[9, 9, 2, 3], [6, 7, 6, 7]]


@pytest.fixture
def night(owner):
    club = clubs.create_club(user=owner, name="Moika", variant="russian", language="en")
    night = clubs.open_night(club, name="Fri", date=datetime.date(2026, 11, 20), author=owner)
    players = [clubs.add_player(club, name, author=owner) for name in NAMES]
    seating.set_present(night, [p.pk for p in players], author=owner)
    drive.draw_drive(night, hands=4, rounds=4, seed=3)
    night.refresh_from_db()
    return night


def play(night, results):
    for table, tricks in enumerate(results, start=1):
        night.refresh_from_db()
        drive.enter(night, table, tricks)
    night.refresh_from_db()


def scores(night):
    return {row["player"].name: row["score"] for row in drive.view(night)["standings"]}


def test_a_late_arrival_waits_and_four_waiting_make_a_new_last_table(night, owner):
    play(night, ROUND_ONE)
    before = scores(night)
    arrived = [drive.late_arrival(night, author=owner, guest=n) for n in ("Kira", "Lena", "Mila")]
    night.refresh_from_db()
    shown = drive.view(night)
    assert [p.name for p in shown["waiting"]] == ["Kira", "Lena", "Mila"]
    assert len(shown["tables"]) == 2  # three waiting make no table
    arrived.append(drive.late_arrival(night, author=owner, guest="Nina"))
    night.refresh_from_db()
    assert len(drive.view(night)["tables"]) == 2  # not before the round in play ends
    play(night, ROUND_TWO)
    shown = drive.view(night)
    assert len(shown["tables"]) == 3 and shown["waiting"] == []
    assert [p.pk for _s, p in shown["tables"][2].seats] == [p.pk for p in arrived]
    # everyone who played rounds 1 and 2 keeps exactly the engine's score for them
    engine = progressive(8, [ROUND_ONE, ROUND_TWO], hands=4, trumps="HCDS")
    numbers = night.seating["earlier"][0]["numbers"]
    names = dict(Player.objects.filter(pk__in=numbers).values_list("pk", "name"))
    after = scores(night)
    for s in engine.standings:
        assert after[names[numbers[s.player - 1]]] == s.score
    assert all(after[n] == 0 for n in ("Kira", "Lena", "Mila", "Nina"))
    assert before != after
    # the new table enters its hands through its own link, and the round goes on
    play(night, [*ROUND_ONE, [7, 7, 7, 7]])
    assert drive.view(night)["round"] == 4
    assert scores(night)["Kira"] == 28


def test_a_leaver_hands_his_seat_to_the_first_player_waiting(night, owner):
    anna = Player.objects.get(name="Anna")
    with pytest.raises(clubs.ClubError, match="add the player who takes Anna's seat first"):
        drive.player_leaves(night, anna.pk, author=owner)
    assert not ClubLog.objects.filter(action=ClubLog.Action.PLAYER_LEFT).exists()  # refused
    kira = drive.late_arrival(night, author=owner, guest="Kira")
    drive.player_leaves(night, anna.pk, author=owner)
    night.refresh_from_db()
    left = ClubLog.objects.get(action=ClubLog.Action.PLAYER_LEFT)
    assert left.detail["name"] == "Anna" and left.detail["night"] == night.pk
    seats_next = [p.pk for row in drive.view(night)["tables"] for _s, p in row.seats]
    assert anna.pk in seats_next  # she plays out the round in play
    play(night, ROUND_ONE)
    shown = drive.view(night)
    seated = [p.pk for row in shown["tables"] for _s, p in row.seats]
    assert anna.pk not in seated and kira.pk in seated
    engine = progressive(8, [ROUND_ONE], hands=4, trumps="HCDS")
    number = night.seating["earlier"][0]["numbers"].index(anna.pk) + 1
    anna_score = next(s.score for s in engine.standings if s.player == number)
    rows = {row["player"].pk: row for row in shown["standings"]}
    assert rows[anna.pk]["score"] == anna_score and rows[anna.pk]["hands"] == 4
    assert rows[kira.pk]["hands"] == 0
    # the substitute takes the leaver's seat in the seating the drive had reached
    expected = [night.seating["earlier"][0]["numbers"][n - 1] for s in engine.next for n in s]
    assert seated == [kira.pk if pid == anna.pk else pid for pid in expected]


def test_the_trumps_carry_on_over_a_change(night, owner):
    drive.draw_drive(night, hands=3, rounds=4, seed=3)  # three hands: the suits turn round
    for n in ("Kira", "Lena", "Mila", "Nina"):
        drive.late_arrival(night, author=owner, guest=n)
    play(night, [[7, 7, 7], [7, 7, 7]])  # round 1: hearts, clubs, diamonds
    shown = drive.view(night)
    assert len(shown["tables"]) == 3 and drive.state(night).players == 12
    assert shown["tables"][2].trumps == ["S", "H", "C"]  # hands 4 to 6 of the drive
    play(night, [[7, 7, 7], [7, 7, 7], [6, 6, 6]])
    assert drive.state(night).rounds[0][0].trumps == ("S", "H", "C")
    assert drive.view(night)["tables"][0].trumps == ["D", "S", "H"]


def test_nobody_joins_or_leaves_an_ended_drive(night, owner):
    night.seating["rounds"] = 1
    night.save()
    play(night, ROUND_ONE)
    with pytest.raises(clubs.ClubError, match="The drive is over"):
        drive.late_arrival(night, author=owner, guest="Kira")


@pytest.mark.parametrize("who", ["member", "public", "stranger"])
def test_only_the_organiser_changes_who_plays_the_drive(client, night, member, outsider, who):
    user = {"member": member, "public": None, "stranger": outsider}[who]
    if user is not None:
        client.force_login(user)
    url = reverse("night_seating", args=[night.token])
    assert client.post(url, {"action": "late", "guest": "Intruder"}).status_code == 403
    night.refresh_from_db()
    assert "waiting" not in night.seating


def test_the_organiser_adds_a_late_player_to_the_drive_from_its_page(client, night, owner):
    client.force_login(owner)
    url = reverse("night_seating", args=[night.token])
    assert "Add a late player" in client.get(url).content.decode()
    answer = client.post(url, {"action": "late", "guest": "Kira"}, follow=True)
    assert "waits for a seat" in answer.content.decode()
    anna = Player.objects.get(name="Anna")
    answer = client.post(url, {"action": "leave", "player": str(anna.pk)}, follow=True)
    assert "leaves after this round" in answer.content.decode()
    assert "Leaving after this round" in answer.content.decode()


def test_the_score_cards_follow_the_drive_across_a_change_of_players(night, owner):
    """A substitute's card is blank for the rounds before his seat (the change waits for the
    round in play to end) and shows his seat from the round he takes it; the leaver's card keeps
    his rounds, and every card's running total is that player's score in the standings."""
    anna = Player.objects.get(name="Anna")
    play(night, ROUND_ONE)
    drive.late_arrival(night, author=owner, guest="Kira")
    drive.player_leaves(night, anna.pk, author=owner)
    play(night, ROUND_TWO)  # Kira takes Anna's seat from round 3
    cards = {card.player.name: card for card in drive.score_cards(night)}
    assert set(cards) == {*NAMES, "Kira"}
    assert [r.table for r in cards["Kira"].rounds[:2]] == [None, None]
    third = cards["Kira"].rounds[2]
    assert third.table is not None and third.tricks is None  # seated, in play
    assert [r.table is not None for r in cards["Anna"].rounds] == [True, True, False, False]
    for name, card in cards.items():
        totals = [r.running for r in card.rounds if r.running is not None]
        assert (totals[-1] if totals else 0) == scores(night)[name], name
    assert [r.number for r in cards["Kira"].rounds] == [1, 2, 3, 4]
    assert [trump for trump, _tricks in third.hands] == ["H", "C", "D", "S"]
