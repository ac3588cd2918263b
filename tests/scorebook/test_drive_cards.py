"""A whist drive's printed score cards (one a player) and its prize list: what they print, in
which language, for a drive not yet begun, and who may download them (anyone with the night's
link, as its sheets)."""

from __future__ import annotations

import datetime

import pytest
from django.test import Client
from django.urls import reverse

from scorebook.clubs import drive, seating
from scorebook.clubs import services as clubs
from scorebook.movements import progressive
from scorebook.printing import pdf
from tests.scorebook.test_pdf import page_sizes, pages_text, squeeze

pytestmark = pytest.mark.django_db

NAMES = ["Anna", "Boris", "Vera", "Gleb", "Dina", "Egor", "Fedor", "Galya"]
# Round 1: table 1's N-S take 28 tricks of 52, table 2's 30: scores 30, 30 | 28, 28 | 24, 24 |
# 22, 22, so two players share each place (1, 1, 3, 3, 5, 5, 7, 7).
ROUND_1 = [[7, 7, 7, 7], [8, 8, 7, 7]]


@pytest.fixture
def club(owner, member):
    club = clubs.create_club(user=owner, name="Moika", variant="russian", language="en")
    clubs.give_role(club, member.username, clubs.MEMBER, author=owner)
    clubs.answer_invitation(club, member, accept=True)
    club.booby_prize = True
    club.save()
    return club


@pytest.fixture
def night(club, owner):
    night = clubs.open_night(club, name="Fri", date=datetime.date(2026, 11, 20), author=owner)
    players = [clubs.add_player(club, name, author=owner) for name in NAMES]
    seating.set_present(night, [p.pk for p in players], author=owner)
    drive.draw_drive(night, hands=4, rounds=3, seed=5)
    night.refresh_from_db()
    return night


def play(night, *rounds):
    for tables in rounds:
        for number, tricks in enumerate(tables, start=1):
            drive.enter(night, number, tricks)
            night.refresh_from_db()


def name_of(night, number: int) -> str:
    return night.present.get(pk=night.seating["numbers"][number - 1]).name


def card_of(pages: list[str], number: int, name: str) -> str:
    """The text of one player's card (English): from its head ("3 Vera Score card") to the
    next card's."""
    text = "\n".join(pages)
    start = text.index(f"{number} {name} Score card")
    end = text.find(" Score card", start + len(name) + 15)
    end = text.rfind("\n", start, end) if end > 0 else len(text)
    return squeeze(text[start:end])


def test_each_player_has_a_card_with_his_rounds_and_running_total(night):
    play(night, ROUND_1, [[9, 2, 7, 7], [6, 6, 6, 7]])
    body = pdf.drive_cards_pdf(night, lang="en", paper="a4")
    pages = pages_text(body)
    text = squeeze("\n".join(pages))
    assert text.count("score card") == len(NAMES)
    assert page_sizes(body) == {(595, 842)} and len(pages) <= 4  # several cards to a page

    played = progressive(8, night.seating["results"], hands=4, trumps="HCDS")
    first = name_of(night, 1)  # round 1: table 1, North, partner number 3 (South)
    card = card_of(pages, 1, first)
    running = 0
    for game_round in played.rounds:
        game = next(g for g in game_round if 1 in g.seats)
        seat = game.seats.index(1)
        mine = game.ns if seat in (0, 2) else game.ew
        running += sum(mine)
        partner = name_of(night, game.seats[(seat + 2) % 4]).casefold()
        hands = " ".join(f"{sign} {t}" for sign, t in zip("♥♣♦♠", mine, strict=True))
        assert f"{game.table} {'nesw'[seat]} {partner} {hands} {sum(mine)} {running}" in card
    assert running == next(s.score for s in played.standings if s.player == 1)
    # round 3 is in play: its seats are known, its hands not yet; the trumps start again
    seats = next(t for t in played.next if 1 in t)
    seat = seats.index(1)
    partner = name_of(night, seats[(seat + 2) % 4]).casefold()
    table = played.next.index(seats) + 1
    assert card.endswith(f"3 {table} {'nesw'[seat]} {partner} ♥ ♣ ♦ ♠")


def test_the_prize_list_shares_places_and_gives_the_booby_prize(night):
    play(night, ROUND_1)
    pages = pages_text(pdf.drive_cards_pdf(night, lang="en", paper="a4"))
    prizes = squeeze(pages[-1])
    first = sorted([name_of(night, 5), name_of(night, 7)])  # table 2's N-S: 30 tricks each
    third = sorted([name_of(night, 1), name_of(night, 3)])  # table 1's N-S: 28
    last = sorted([name_of(night, 6), name_of(night, 8)])  # table 2's E-W: 22
    for place, names, tricks in (("place 1", first, 30), ("place 3", third, 28)):
        for name in names:
            assert f"{place} · {name.casefold()} · {tricks} tricks" in prizes
    for name in last:
        assert f"booby prize · {name.casefold()} · 22 tricks" in prizes
    assert "place 2" not in prizes and "place 4" not in prizes  # 1, 1, 3: places shared
    assert "after 1 of 3 rounds: not final yet" in prizes


def test_no_booby_prize_when_the_club_gives_none(night, club):
    club.booby_prize = False
    club.save()
    play(night, ROUND_1)
    night.refresh_from_db()
    prizes = squeeze(pages_text(pdf.drive_cards_pdf(night, lang="en", paper="a4"))[-1])
    assert "booby" not in prizes and "place 1" in prizes


def test_a_drive_with_no_hands_yet_prints_blank_cards_with_the_first_seats(night):
    pages = pages_text(pdf.drive_cards_pdf(night, lang="en", paper="a4"))
    text = squeeze("\n".join(pages))
    assert text.count("score card") == len(NAMES)
    card = card_of(pages, 2, name_of(night, 2))  # round 1: table 1, East, partner number 4
    assert f"1 1 e {name_of(night, 4).casefold()} ♥ ♣ ♦ ♠" in card
    assert "2 ♥ ♣ ♦ ♠" in card and "3 ♥ ♣ ♦ ♠" in card  # rounds to come: trumps, no seats
    prizes = squeeze(pages[-1])
    assert "no hand has been played yet" in prizes and "place 1" not in prizes


def test_the_cards_print_in_russian(night):
    play(night, ROUND_1)
    text = squeeze("\n".join(pages_text(pdf.drive_cards_pdf(night, lang="ru", paper="a4"))))
    assert text.count("карточка игрока") == len(NAMES)
    assert "итого с начала" in text and "утешительный приз" in text and "1 место" in text
    assert "score card" not in text


@pytest.mark.parametrize("who", ["organiser", "member", "public", "stranger"])
def test_anyone_with_the_nights_link_downloads_the_cards(client, night, owner, member,
                                                         outsider, who):  # fmt: skip
    user = {"organiser": owner, "member": member, "public": None, "stranger": outsider}[who]
    if user is not None:
        client.force_login(user)
    answer = client.get(reverse("drive_cards_pdf", args=[night.token]), {"lang": "ru"})
    assert answer.status_code == 200 and answer["Content-Type"] == "application/pdf"
    assert "карточка игрока" in squeeze("\n".join(pages_text(answer.content)))


def test_the_cards_are_in_the_readers_language(night):
    answer = Client().get(reverse("drive_cards_pdf", args=[night.token]), HTTP_ACCEPT_LANGUAGE="ru")
    assert "карточка игрока" in squeeze("\n".join(pages_text(answer.content)))


def test_the_display_link_an_unknown_link_or_a_night_without_a_drive_are_404(
    client, club, night, owner
):
    assert client.get(reverse("drive_cards_pdf", args=[night.display_token])).status_code == 404
    assert client.get(reverse("drive_cards_pdf", args=["nope"])).status_code == 404
    plain = clubs.open_night(club, name="Sat", date=datetime.date(2026, 11, 21), author=owner)
    assert client.get(reverse("drive_cards_pdf", args=[plain.token])).status_code == 404
    assert (
        client.get(reverse("drive_cards_pdf", args=[night.token]), {"paper": "a3"}).status_code
        == 400
    )


def test_the_drive_pages_link_to_the_cards(client, club, night, owner):
    url = reverse("drive_cards_pdf", args=[night.token])
    assert url in Client().get(reverse("evening", args=[night.token])).content.decode()
    client.force_login(owner)
    assert url in client.get(reverse("night_seating", args=[night.token])).content.decode()
    plain = clubs.open_night(club, name="Sat", date=datetime.date(2026, 11, 21), author=owner)
    page = client.get(reverse("evening", args=[plain.token])).content.decode()
    assert "drive.pdf" not in page
