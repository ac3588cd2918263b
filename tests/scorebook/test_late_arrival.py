"""A night in rounds with a late arrival or a player who leaves: from the next round to start,
the rounds left are planned again for the new number, keeping apart who already partnered;
the rounds played stay as they were; only the organiser makes the change."""

from __future__ import annotations

import datetime
from collections import Counter

import pytest
from django.urls import reverse

from players.models import Player
from scorebook.clubs import seating
from scorebook.clubs import services as clubs
from scorebook.tables.models import Table
from tests.scorebook.conftest import add_deals

pytestmark = pytest.mark.django_db

NAMES = ["Anna", "Boris", "Vera", "Gleb", "Dina", "Egor", "Fedor", "Galya", "Ilya"]


@pytest.fixture
def club(owner, member):
    club = clubs.create_club(user=owner, name="Moika", variant="russian", language="en")
    clubs.give_role(club, member.username, clubs.MEMBER, author=owner)
    clubs.answer_invitation(club, member, accept=True)
    return club


@pytest.fixture
def night(club, owner):
    night = clubs.open_night(club, name="Fri", date=datetime.date(2026, 11, 20), author=owner)
    players = [clubs.add_player(club, name, author=owner) for name in NAMES]
    seating.set_present(night, [p.pk for p in players], author=owner)
    return night


def play_round(night):
    night.refresh_from_db()
    for table in Table.objects.filter(
        pk__in=night.seating["round_tables"][str(night.seating["current"])]
    ):
        add_deals(table, 9, 5)


def seated(view, number):
    r = view["rounds"][number - 1]
    return [p.pk for row in r.tables for _seat, p in row.seats]


def partnerships(view, upto=None):
    for r in view["rounds"][:upto]:
        for row in r.tables:
            seats = dict(row.seats)
            yield frozenset((seats["N"].pk, seats["S"].pk))
            yield frozenset((seats["E"].pk, seats["W"].pk))


def started_seats(night, number):
    night.refresh_from_db()
    pks = night.seating["round_tables"][str(number)]
    return {pk: dict(Table.objects.get(pk=pk).seats.values_list("seat", "player_id")) for pk in pks}


def test_a_tenth_player_after_round_one_plays_from_round_two_and_partners_nobody_twice(
    night, owner
):
    seating.draw_rounds(night, "russian", rounds=6, deals=1, seed=5)
    seating.start_round(night, author=owner)
    round_one = started_seats(night, 1)
    play_round(night)
    kira = clubs.add_player(night.club, "Kira", author=owner)
    seating.late_arrival(night, author=owner, player=kira.pk)
    night.refresh_from_db()
    view = seating.rounds_view(night)
    assert len(view["rounds"]) == 6  # the night keeps its length
    assert sorted(seated(view, 1)) == sorted(
        pid for seats in round_one.values() for pid in seats.values()
    )  # round 1 as it was played
    for number in range(2, 7):
        r = view["rounds"][number - 1]
        everyone = seated(view, number) + [p.pk for p in r.sit_out]
        assert sorted(everyone) == sorted([*night.present.values_list("pk", flat=True)])
        assert len(r.tables) == 2 and len(r.sit_out) == 2
    assert max(Counter(partnerships(view)).values()) == 1
    assert kira in night.present.all()
    tables = seating.start_round(night, author=owner)
    assert len(tables) == 2


def test_a_player_who_leaves_is_seated_no_more_and_the_rounds_played_stay(night, owner):
    seating.draw_rounds(night, "russian", rounds=5, deals=1, seed=8)
    for _ in range(2):
        seating.start_round(night, author=owner)
        play_round(night)
    before = seating.rounds_view(night)
    leaver = before["rounds"][0].tables[0].seats[0][1]
    seating.player_leaves(night, leaver.pk, author=owner)
    night.refresh_from_db()
    view = seating.rounds_view(night)
    assert [seated(view, n) for n in (1, 2)] == [seated(before, n) for n in (1, 2)]
    for number in range(3, 6):
        r = view["rounds"][number - 1]
        assert leaver.pk not in seated(view, number) + [p.pk for p in r.sit_out]
        assert len(seated(view, number)) == 8 and len(r.sit_out) == 0
    assert leaver not in view["playing"] and leaver in view["gone"]
    assert max(Counter(partnerships(view)).values()) == 1
    card = seating.route(view, leaver)
    assert card[0]["absent"] is False and card[2]["absent"] is True


def test_a_change_during_a_round_counts_from_the_next_round(night, owner):
    seating.draw_rounds(night, "russian", rounds=4, deals=1, seed=3)
    seating.start_round(night, author=owner)
    playing_now = started_seats(night, 1)
    seating.late_arrival(night, author=owner, guest="Late Lena")
    night.refresh_from_db()
    view = seating.rounds_view(night)
    lena = Player.objects.get(name="Late Lena")
    assert started_seats(night, 1) == playing_now
    assert lena.pk not in seated(view, 1)
    assert lena.pk in seated(view, 2) + [p.pk for p in view["rounds"][1].sit_out]
    assert lena.guest and lena in night.present.all()
    card = seating.route(view, lena)
    assert card[0]["absent"] is True and card[0]["sits_out"] is False


def test_a_change_that_leaves_too_few_players_is_refused_and_nothing_is_saved(club, owner):
    night = clubs.open_night(club, name="Small", date=datetime.date(2026, 11, 21), author=owner)
    players = [clubs.add_player(club, name, author=owner) for name in NAMES[:4]]
    seating.set_present(night, [p.pk for p in players], author=owner)
    seating.draw_rounds(night, "russian", rounds=None, deals=1, seed=1)
    night.refresh_from_db()
    kept = dict(night.seating)
    with pytest.raises(clubs.ClubError, match="at least 4 players: 3 would be left"):
        seating.player_leaves(night, players[0].pk, author=owner)
    night.refresh_from_db()
    assert night.seating == kept


def test_a_player_already_playing_cannot_arrive_again(night, owner):
    seating.draw_rounds(night, "russian", rounds=3, deals=1, seed=1)
    anna = Player.objects.get(name="Anna")
    with pytest.raises(clubs.ClubError, match="already playing"):
        seating.late_arrival(night, author=owner, player=anna.pk)
    with pytest.raises(clubs.ClubError, match="Choose the player"):
        seating.late_arrival(night, author=owner, player=None)


def test_no_change_once_every_round_has_been_played(night, owner):
    seating.draw_rounds(night, "russian", rounds=1, deals=1, seed=1)
    seating.start_round(night, author=owner)
    play_round(night)
    with pytest.raises(clubs.ClubError, match="Every round has been played"):
        seating.late_arrival(night, author=owner, guest="Too Late")


def test_a_late_arrival_is_ranked_by_his_average_over_the_rounds_he_played(night, owner):
    seating.draw_rounds(night, "russian", rounds=3, deals=1, seed=2)
    seating.start_round(night, author=owner)
    play_round(night)
    seating.late_arrival(night, author=owner, guest="Kira")
    for _ in range(2):
        seating.start_round(night, author=owner)
        play_round(night)
    night.refresh_from_db()
    view = seating.rounds_view(night)
    rows = {row["name"]: row for row in seating.round_standings(view)}
    kira_rounds = sum(1 for n in (2, 3) if Player.objects.get(name="Kira").pk in seated(view, n))
    assert rows["Kira"]["rounds"] == kira_rounds
    assert rows["Kira"]["average"] == rows["Kira"]["total"] / kira_rounds
    assert max(row["rounds"] for row in rows.values()) == 3


def test_in_a_pairs_event_a_leaver_withdraws_his_pair_and_his_partner_waits(night, owner):
    club = night.club
    kira = clubs.add_player(club, "Kira", author=owner)
    night.present.add(kira)
    seating.draw_rounds(night, "russian", rounds=4, deals=1, seed=4, kind=seating.PAIRS)
    seating.start_round(night, author=owner)
    play_round(night)
    night.refresh_from_db()
    numbers = night.seating["numbers"]
    leaver, partner = numbers[0], numbers[1]
    seating.player_leaves(night, leaver, author=owner)
    night.refresh_from_db()
    view = seating.rounds_view(night)
    assert [p.pk for p in view["waiting"]] == [partner]
    for number in (2, 3, 4):
        r = view["rounds"][number - 1]
        assert len(r.tables) == 2  # four pairs left
        assert partner in [p.pk for p in r.sit_out] and leaver not in seated(view, number)
    # a late arrival makes a pair with the partner left behind
    lena = seating.late_arrival(night, author=owner, guest="Lena")
    night.refresh_from_db()
    view = seating.rounds_view(night)
    assert view["waiting"] == []
    r = view["rounds"][1]
    assert len(r.tables) == 2 and len(r.sit_out) == 2  # five pairs: one sits out
    seats_of = {p.pk: (row, seat) for row in r.tables for seat, p in row.seats}
    if partner in seats_of:
        row, seat = seats_of[partner]
        mate = dict(row.seats)[seating.PARTNER[seat]]
        assert mate.pk == lena.pk
    # the pairs that met in round 1 meet no more in the rounds left where avoidable
    met = Counter()
    for r in view["rounds"]:
        for row in r.tables:
            s = {seat: p.pk for seat, p in row.seats}
            met[frozenset((frozenset((s["N"], s["S"])), frozenset((s["E"], s["W"]))))] += 1
    assert max(met.values()) == 1


def test_a_single_late_arrival_at_a_pairs_event_waits_for_a_partner(night, owner):
    kira = clubs.add_player(night.club, "Kira", author=owner)
    night.present.add(kira)
    seating.draw_rounds(night, "russian", rounds=3, deals=1, seed=4, kind=seating.PAIRS)
    night.refresh_from_db()
    kept = night.seating["numbers"][:]
    seating.late_arrival(night, author=owner, guest="Lena")
    night.refresh_from_db()
    view = seating.rounds_view(night)
    assert [p.name for p in view["waiting"]] == ["Lena"]
    assert all(len(r.tables) == 2 for r in view["rounds"])  # still five pairs
    assert night.seating["numbers"][: len(kept)] == kept
    seating.late_arrival(night, author=owner, guest="Mila")
    night.refresh_from_db()
    view = seating.rounds_view(night)
    assert view["waiting"] == [] and all(len(r.tables) == 3 for r in view["rounds"])


# ---------------------------------------------------------------------------------------------
# The organiser's page


def test_the_organiser_adds_a_late_player_and_marks_a_leaver_from_the_rounds_page(
    client, night, owner
):
    seating.draw_rounds(night, "russian", rounds=4, deals=1, seed=6)
    client.force_login(owner)
    url = reverse("night_seating", args=[night.token])
    page = client.get(url).content.decode()
    assert "Add a late player" in page and "A player leaves" in page
    answer = client.post(url, {"action": "late", "guest": "Lena"}, follow=True)
    assert "plays from the next round" in answer.content.decode()
    lena = Player.objects.get(name="Lena")
    answer = client.post(url, {"action": "leave", "player": str(lena.pk)}, follow=True)
    assert "has left" in answer.content.decode()
    night.refresh_from_db()
    assert lena.pk in night.seating["gone"]
    answer = client.post(url, {"action": "leave", "player": "x"}, follow=True)
    assert "Choose a player who is playing tonight" in answer.content.decode()


def test_the_route_page_shows_the_new_seating(client, night, owner):
    seating.draw_rounds(night, "russian", rounds=3, deals=1, seed=6)
    lena = seating.late_arrival(night, author=owner, guest="Lena")
    url = reverse("night_route", args=[night.token])
    client.post(url, {"player": str(lena.pk)})
    page = client.get(url).content.decode()
    assert "Lena" in page and ("partner" in page or "you sit out" in page)


@pytest.mark.parametrize("who", ["member", "public", "stranger"])
def test_only_the_organiser_changes_who_plays(client, night, owner, member, outsider, who):
    seating.draw_rounds(night, "russian", rounds=3, deals=1, seed=6)
    night.refresh_from_db()
    kept = night.seating
    user = {"member": member, "public": None, "stranger": outsider}[who]
    if user is not None:
        client.force_login(user)
    url = reverse("night_seating", args=[night.token])
    anna = Player.objects.get(name="Anna")
    assert client.post(url, {"action": "late", "guest": "Intruder"}).status_code == 403
    assert client.post(url, {"action": "leave", "player": anna.pk}).status_code == 403
    night.refresh_from_db()
    assert night.seating == kept and not Player.objects.filter(name="Intruder").exists()


def test_the_display_link_or_a_wrong_link_changes_nothing(client, night, owner):
    seating.draw_rounds(night, "russian", rounds=3, deals=1, seed=6)
    night.refresh_from_db()
    kept = night.seating
    client.force_login(owner)
    for token in (night.display_token, "no-such-night"):
        url = reverse("night_seating", args=[token])
        assert client.post(url, {"action": "late", "guest": "Intruder"}).status_code == 404
    night.refresh_from_db()
    assert night.seating == kept
