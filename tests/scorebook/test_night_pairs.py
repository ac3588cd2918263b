"""Fixed partnerships paired by hand (issue 29): the organiser says who plays with whom, the
app seats each pair as partners (their tables and sides drawn by the kept seed), draws the
others as the plain draw does, keeps the pairs with the seating and shows them; a bad pairing
is refused naming the player, nothing saved, the choices kept on the page."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from players.models import Player
from scorebook.clubs import seating
from scorebook.clubs import services as clubs
from scorebook.tables.models import Evening, Table

pytestmark = pytest.mark.django_db

NAMES = ["Anna", "Boris", "Vera", "Gleb", "Dina", "Egor", "Fedor", "Galya", "Ilya", "Kira",
         "Lev", "Mila", "Nina", "Oleg", "Pavel", "Rita", "Sasha", "Tanya", "Uma", "Yan",
         "Zoya", "Zakhar"]  # fmt: skip
PARTNER = {"N": "S", "S": "N", "E": "W", "W": "E"}


def partners_in(tables: list[dict[str, int]]) -> set[frozenset[int]]:
    return {frozenset((t[s], t[PARTNER[s]])) for t in tables for s in t if PARTNER[s] in t}


@pytest.mark.parametrize("present", [22, 21, 23, 8, 7, 11])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_pair_sits_together_and_everyone_is_seated_once(present, seed):
    ids = list(range(100, 100 + present))
    pairs = [(100, 101), (102, 103), (104, 105)]
    drawn = seating.draw_pairs(ids, pairs, "russian", seed)
    seated = [pid for table in drawn.tables for pid in table.values()]
    assert sorted(seated + drawn.sit_out) == ids
    plain = seating.draw(ids, "russian", seed)
    assert len(drawn.tables) == len(plain.tables) and len(drawn.sit_out) == len(plain.sit_out)
    assert {frozenset(p) for p in pairs} <= partners_in(drawn.tables)
    assert not set(drawn.sit_out) & {pid for p in pairs for pid in p}  # the unpaired sit out


def test_when_everyone_is_paired_a_whole_pair_sits_out():
    ids = list(range(22))
    pairs = [(2 * i, 2 * i + 1) for i in range(11)]
    drawn = seating.draw_pairs(ids, pairs, "russian", 9)
    assert len(drawn.tables) == 5 and frozenset(drawn.sit_out) in {frozenset(p) for p in pairs}
    assert partners_in(drawn.tables) == {frozenset(p) for p in pairs} - {frozenset(drawn.sit_out)}


def test_the_seed_keeps_the_draw_and_tables_and_sides_are_drawn():
    ids = list(range(16))
    pairs = [(0, 1), (2, 3), (4, 5), (6, 7)]
    once = seating.draw_pairs(ids, pairs, "russian", 5)
    assert once == seating.draw_pairs(ids[::-1], pairs[::-1], "russian", 5)
    where = set()
    for seed in range(40):
        for n, table in enumerate(seating.draw_pairs(ids, pairs, "russian", seed).tables):
            if {table["N"], table["S"]} == {0, 1}:
                where.add((n, "NS"))
            if {table["E"], table["W"]} == {0, 1}:
                where.add((n, "EW"))
    assert {side for _n, side in where} == {"NS", "EW"} and len({n for n, _s in where}) > 1


NAMED = {1: "Vera", 2: "Gleb", 3: "Anna", 4: "Boris"}


def test_a_choice_on_one_side_is_the_pair():
    assert seating.check_pairs({1: 2, 2: None, 3: 4, 4: 3}, NAMED) == [(1, 2), (3, 4)]


@pytest.mark.parametrize(
    "choices, message, field",
    [
        ({1: 2, 3: 2}, "Gleb is already paired with Vera.", "partner-3"),
        ({1: 2, 2: 3}, "Gleb is already paired with Vera.", "partner-2"),
        ({1: 1}, "Vera cannot be his own partner.", "partner-1"),
        ({1: 99}, "Choose Vera's partner among the players present.", "partner-1"),
    ],
)
def test_a_bad_pairing_is_refused_naming_the_player(choices, message, field):
    with pytest.raises(clubs.ClubError) as refused:
        seating.check_pairs(choices, NAMED)
    assert refused.value.message == message and refused.value.field == field


@pytest.fixture
def night(owner, member):
    club = clubs.create_club(user=owner, name="Moika", variant="russian", language="en")
    clubs.give_role(club, member.username, clubs.MEMBER, author=owner)
    clubs.answer_invitation(club, member, accept=True)
    for name in NAMES:
        clubs.add_player(club, name, author=owner)
    night = clubs.open_night(club, name="Fri", date=datetime.date(2026, 11, 20), author=owner)
    seating.set_present(night, list(Player.objects.values_list("pk", flat=True)), author=owner)
    return night


def pk(name: str) -> int:
    return Player.objects.get(name=name).pk


def test_the_organiser_pairs_by_hand_and_starts_the_pairs_as_partners(client, night, owner):
    client.force_login(owner)
    url = reverse("night_seating", args=[night.token])
    answer = client.post(url, {"action": "pairs", "variant": "russian",
                               f"partner-{pk('Vera')}": pk("Gleb"),
                               f"partner-{pk('Anna')}": pk("Boris"),
                               f"partner-{pk('Boris')}": pk("Anna")})  # fmt: skip
    assert answer.status_code == 302
    night.refresh_from_db()
    pairs = {frozenset(p) for p in night.seating["pairs"]}
    assert pairs == {frozenset((pk("Vera"), pk("Gleb"))), frozenset((pk("Anna"), pk("Boris")))}
    page = client.get(url).content.decode()
    assert "Fixed pairs" in page and "Vera</bdi> &amp; <bdi>Gleb" in page
    # The pairing form shows the pairs made, to draw them again.
    assert f'<option value="{pk("Gleb")}" selected>Gleb</option>' in page

    client.post(url, {"action": "start"})
    for a, b in (("Vera", "Gleb"), ("Anna", "Boris")):
        table = Table.objects.get(evening=night, seats__player__name=a)
        seats = {s.player.name: s.seat for s in table.seats.all() if s.player}
        assert PARTNER[seats[a]] == seats[b]
    assert Table.objects.filter(evening=night).count() == 5


def test_a_refused_pairing_saves_nothing_and_keeps_the_choices(client, night, owner):
    client.force_login(owner)
    url = reverse("night_seating", args=[night.token])
    client.post(url, {"action": "draw", "variant": "russian"})
    night.refresh_from_db()
    before = night.seating
    answer = client.post(url, {"action": "pairs", "variant": "russian",
                               f"partner-{pk('Vera')}": pk("Gleb"),
                               f"partner-{pk('Anna')}": pk("Gleb")})  # fmt: skip
    page = answer.content.decode()
    assert answer.status_code == 422 and "Gleb is already paired with Anna." in page
    assert f'<option value="{pk("Gleb")}" selected>Gleb</option>' in page  # kept
    assert 'aria-invalid="true"' in page
    night.refresh_from_db()
    assert night.seating == before


def test_pairs_need_a_partnership_variant(night, owner):
    with pytest.raises(clubs.ClubError) as refused:
        seating.draw_paired_seating(night, "prussian", {pk("Vera"): pk("Gleb")})
    assert refused.value.field == "variant"
    night.refresh_from_db()
    assert night.seating is None


def test_a_swap_that_parts_a_pair_is_shown(night, owner):
    seating.draw_paired_seating(night, "russian", {pk("Vera"): pk("Gleb")}, seed=4)
    night.refresh_from_db()
    [row] = seating.pairs_view(night)
    assert row["status"] == "together"
    table = night.seating["tables"][row["table"] - 1]
    vera = next(seat for seat, p in table.items() if p == pk("Vera"))
    other = "2" if row["table"] == 1 else "1"
    seating.swap_seats(night, f"{row['table']}:{vera}", f"{other}:N")
    assert seating.pairs_view(Evening.objects.get(pk=night.pk))[0]["status"] == "apart"


def test_pairs_are_not_drawn_again_once_the_tables_are_started(night, owner):
    seating.draw_paired_seating(night, "russian", {pk("Vera"): pk("Gleb")}, seed=4)
    seating.start_all(night, author=owner)
    night.refresh_from_db()
    with pytest.raises(clubs.ClubError):
        seating.draw_paired_seating(night, "russian", {pk("Anna"): pk("Boris")}, seed=5)
    assert Evening.objects.get(pk=night.pk).seating["started"]
    assert Table.objects.filter(evening=night).count() == 5


@pytest.mark.parametrize("who", ["member", "public", "stranger", "display"])
def test_only_the_organiser_pairs_the_players(client, night, owner, member, outsider, who):
    user = {"member": member, "public": None, "stranger": outsider, "display": owner}[who]
    if user is not None:
        client.force_login(user)
    token = night.display_token if who == "display" else night.token  # the room screen's link
    answer = client.post(reverse("night_seating", args=[token]),
                         {"action": "pairs", f"partner-{pk('Vera')}": pk("Gleb")})  # fmt: skip
    assert answer.status_code == (404 if who == "display" else 403)
    night.refresh_from_db()
    assert night.seating is None
