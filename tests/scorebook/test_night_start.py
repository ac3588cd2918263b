"""Starting a club night in one step: the organiser ticks the players present (guests added by
name), draws the seats, swaps two, starts every table at once and shows each table its card
(a QR code of its edit link)."""

from __future__ import annotations

import datetime
import io

import pytest
from django.test import TestCase
from django.urls import reverse
from pypdf import PdfReader

from players.models import Player, roster_order
from scorebook import derived
from scorebook.clubs import seating
from scorebook.clubs import services as clubs
from scorebook.tables.models import Table

pytestmark = pytest.mark.django_db

NAMES = [f"Player {chr(65 + i)}" for i in range(22)]


@pytest.fixture
def club(owner, member):
    club = clubs.create_club(user=owner, name="Moika", variant="russian", language="en")
    clubs.give_role(club, member.username, clubs.MEMBER, author=owner)
    clubs.answer_invitation(club, member, accept=True)
    for name in NAMES[:20]:
        clubs.add_player(club, name, author=owner)
    return club


@pytest.fixture
def night(club, owner):
    return clubs.open_night(club, name="Fri", date=datetime.date(2026, 11, 20), author=owner)


def ids(club, names):
    return list(Player.objects.filter(club=club, name__in=names).values_list("pk", flat=True))


@pytest.mark.parametrize(
    "present, variant, tables, out, three_handed",
    [
        (22, "russian", 5, 2, False),
        (23, "russian", 6, 0, True),  # three left over: a three-handed table with the dummy
        (8, "russian", 2, 0, False),
        (5, "prussian", 2, 1, False),
        (9, "hussar", 2, 1, False),
    ],
)
def test_the_draw_seats_everyone_it_can(present, variant, tables, out, three_handed):
    drawn = seating.draw(list(range(100, 100 + present)), variant, seed=7)
    seated = [pid for table in drawn.tables for pid in table.values()]
    assert len(drawn.tables) == tables and len(drawn.sit_out) == out
    assert sorted(seated + drawn.sit_out) == list(range(100, 100 + present))  # each once
    assert any(len(t) == 3 for t in drawn.tables) == three_handed


def test_the_draw_is_kept_by_its_seed_and_another_seed_draws_otherwise():
    players = list(range(40))
    assert seating.draw(players, "russian", 3) == seating.draw(players[::-1], "russian", 3)
    assert seating.draw(players, "russian", 3) != seating.draw(players, "russian", 4)


def test_the_count_says_tables_and_sit_outs():
    assert seating.count_line(22, "russian") == "22 present: 5 tables, 2 sit out"
    assert seating.count_line(4, "russian") == "4 present: 1 table, 0 sit out"
    assert seating.count_line(7, "russian") == (
        "7 present: 2 tables, 0 sit out (one three-handed, with a dummy)"
    )


def test_the_organiser_starts_a_whole_night_in_one_go(client, club, night, owner):
    client.force_login(owner)
    present_url = reverse("night_present", args=[night.token])
    client.post(present_url, {"guest": "Visitor One"})
    client.post(present_url, {"guest": "Visitor Two"})
    guests = ids(club, ["Visitor One", "Visitor Two"])
    chosen = ids(club, NAMES[:20]) + guests
    page = client.post(present_url, {"present": [str(i) for i in chosen], "next": "seating"})
    assert page.status_code == 302 and page["Location"].endswith("/seating/")
    assert "22 present: 5 tables, 2 sit out" in client.get(present_url).content.decode()

    seating_url = reverse("night_seating", args=[night.token])
    client.post(seating_url, {"action": "draw", "variant": "russian"})
    night.refresh_from_db()
    before = night.seating["tables"][0]["N"], night.seating["tables"][1]["E"]
    client.post(seating_url, {"action": "swap", "first": "1:N", "second": "2:E"})
    night.refresh_from_db()
    assert (night.seating["tables"][1]["E"], night.seating["tables"][0]["N"]) == before
    started = client.post(seating_url, {"action": "start"})

    tables = list(Table.objects.filter(evening=night).order_by("number"))
    assert started["Location"].endswith("/cards/")
    assert [t.number for t in tables] == [1, 2, 3, 4, 5]
    seated = {s.player_id for t in tables for s in t.seats.all()}
    assert len(seated) == 20 and seated <= set(chosen)
    assert Player.objects.filter(pk__in=guests, guest=True).count() == 2
    assert client.post(seating_url, {"action": "start"}).status_code == 302  # not twice
    assert Table.objects.filter(evening=night).count() == 5

    cards = client.get(reverse("night_cards", args=[night.token])).content.decode()
    assert all(t.edit_token in cards for t in tables) and "data:image/png;base64" in cards
    pdf = client.get(reverse("night_cards_pdf", args=[night.token]))
    assert pdf["Content-Type"] == "application/pdf"
    pages = PdfReader(io.BytesIO(pdf.content)).pages
    text = "".join(page.extract_text() for page in pages)
    assert "Table 5" in text and "Scan to score this table" in text


def test_a_guest_by_a_roster_name_is_the_roster_player(club, night, owner):
    player = seating.add_guest(night, "player a", author=owner)
    assert player.name == "Player A" and not player.guest
    assert list(night.present.all()) == [player]


def test_the_roster_to_tick_has_the_regulars_first_and_no_archived(club, night, owner):
    clubs.start_table(night, author=owner, variant="russian", first_dealer="N",
                      players=dict(zip("NESW", NAMES[16:20], strict=True)))  # fmt: skip
    Player.objects.filter(name="Player A").update(archived=True)
    order = [p.name for p in seating.roster_for_night(club)]
    assert order[:4] == sorted(NAMES[16:20]) and "Player A" not in order


@pytest.mark.parametrize("who", ["member", "public", "stranger"])
def test_only_an_organiser_starts_the_night_or_sees_the_cards(client, club, night, owner,
                                                               member, outsider, who):  # fmt: skip
    seating.set_present(night, ids(club, NAMES[:8]), author=owner)
    seating.draw_seating(night, "russian", seed=1)
    clubs.start_table(night, author=owner, variant="russian", first_dealer="N",
                      players=dict(zip("NESW", NAMES[:4], strict=True)))  # fmt: skip
    user = {"member": member, "public": None, "stranger": outsider}[who]
    if user is not None:
        client.force_login(user)
    urls = [
        (reverse("night_present", args=[night.token]), {"guest": "Intruder"}),
        (reverse("night_seating", args=[night.token]), {"action": "start"}),
    ]
    for url, data in urls:
        assert client.get(url).status_code == 403
        assert client.post(url, data).status_code == 403
    for name in ("night_cards", "night_cards_pdf"):
        answer = client.get(reverse(name, args=[night.token]))
        assert answer.status_code == 403 and b"/t/" not in answer.content
    assert Table.objects.filter(evening=night).count() == 1
    assert not Player.objects.filter(name="Intruder").exists()


def test_a_closed_night_takes_no_seating(club, night, owner):
    clubs.close_night(night, author=owner)
    with pytest.raises(clubs.ClubError):
        seating.set_present(night, ids(club, NAMES[:4]), author=owner)
    with pytest.raises(clubs.ClubError):
        seating.add_guest(night, "Late", author=owner)


def test_the_page_to_tick_is_in_russian_for_a_russian_organiser(client, club, night, owner):
    client.force_login(owner)
    page = client.get(reverse("night_present", args=[night.token]), HTTP_ACCEPT_LANGUAGE="ru")
    assert "Кто пришёл" in page.content.decode() and "Найти игрока" in page.content.decode()


def test_the_printed_cards_speak_the_language_asked(club, night, owner):
    import io

    from scorebook.printing import pdf

    clubs.start_table(night, author=owner, variant="russian", first_dealer="N",
                      players=dict(zip("NESW", NAMES[:4], strict=True)))  # fmt: skip
    body = pdf.night_cards_pdf(night, lang="ru", paper="a5", base_url="https://w.example")
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(body)).pages)
    assert "Русский вист" in text and "Сканируйте" in text and "Russian whist" not in text


def test_a_guest_added_at_the_night_is_in_the_clubs_history(club, night, owner):
    from players.models import ClubLog

    guest = seating.add_guest(night, "Visitor", author=owner)
    entry = ClubLog.objects.filter(action=ClubLog.Action.GUEST_ADDED).get()
    assert guest.guest and entry.detail["name"] == "Visitor"


def test_a_new_draw_is_refused_once_the_drawn_tables_are_started(client, club, night, owner):
    """Drawing again after *Start all tables* would let a second *Start all* seat everyone at
    a second set of tables: refused, the draw and the tables kept as they were."""
    seating.set_present(night, ids(club, NAMES[:8]), author=owner)
    seating.draw_seating(night, "russian", seed=1)
    seating.start_all(night, author=owner)
    night.refresh_from_db()
    before = night.seating
    with pytest.raises(clubs.ClubError, match="under way already"):
        seating.draw_seating(night, "russian", seed=2)
    client.force_login(owner)
    url = reverse("night_seating", args=[night.token])
    answer = client.post(url, {"action": "draw", "format": "tables", "variant": "russian"})
    assert answer.status_code in (200, 302, 422)
    night.refresh_from_db()
    assert night.seating == before
    client.post(url, {"action": "start"})
    assert Table.objects.filter(evening=night).count() == 2


def test_the_last_nights_players_are_ticked_in_one_tap(client, club, night, owner):
    """*Tick the last night's players* adds those ticked at the club's night before this one
    (never a later night's, never an archived player) to those ticked already."""
    earlier = clubs.open_night(club, name="Thu", date=datetime.date(2026, 11, 13), author=owner)
    later = clubs.open_night(club, name="Sat", date=datetime.date(2026, 11, 27), author=owner)
    seating.set_present(earlier, ids(club, NAMES[:6]), author=owner)
    seating.set_present(later, ids(club, NAMES[10:14]), author=owner)  # after: not it
    seating.set_present(night, ids(club, NAMES[19:20]), author=owner)
    Player.objects.filter(name=NAMES[5]).update(archived=True)
    client.force_login(owner)
    kept = ids(club, NAMES[19:20])  # ticked on the page (the form sends its ticks)
    answer = client.post(
        reverse("night_present", args=[night.token]), {"next": "last", "present": kept}
    )
    assert answer.status_code == 302
    ticked = set(night.present.values_list("name", flat=True))
    assert ticked == {*NAMES[:5], NAMES[19]}


def test_a_night_run_without_the_list_gives_its_seated_players(club, night, owner):
    """The last night had no list of players present: its tables' players stand for it."""
    earlier = clubs.open_night(club, name="Thu", date=datetime.date(2026, 11, 13), author=owner)
    clubs.start_table(earlier, author=owner, variant="russian", first_dealer="N",
                      players=dict(zip("NESW", NAMES[4:8], strict=True)))  # fmt: skip
    assert set(seating.last_nights_players(night)) == set(ids(club, NAMES[4:8]))


def test_the_count_follows_every_number_the_page_can_tick(club, night, owner):
    lines = seating.count_lines(22, "russian")
    assert len(lines) == 23 and lines[22] == seating.count_line(22, "russian")
    assert lines[0].startswith("0 present")


def test_the_players_to_tick_are_in_the_rosters_order_after_the_regulars(club, night, owner):
    for name in ("Пётр Гусев", "Полина Егорова", "Павел Ёжиков"):
        clubs.add_player(club, name, author=owner)
    names = [p.name for p in seating.roster_for_night(club) if p.name[0] == "П"]
    assert names == sorted(names, key=roster_order)


def test_every_change_of_the_seating_is_seen_by_the_nights_pages(club, night, owner):
    """A draw, a swap, a start: each saves the seating through one place that gives the night
    a new version, so the night page and the room's screen show it at their next poll."""
    seating.set_present(night, ids(club, NAMES[:8]), author=owner)
    steps = [
        lambda: seating.draw_seating(night, "russian", seed=1),
        lambda: seating.swap_seats(night, "1:N", "2:E"),
        lambda: seating.start_all(night, author=owner),
    ]
    for step in steps:
        before = derived.night_version(night.pk)
        with TestCase.captureOnCommitCallbacks(execute=True):
            step()
        assert derived.night_version(night.pk) != before


def test_a_guest_added_keeps_the_ticks_made_and_not_saved_yet(client, club, night, owner):
    """The trial: two players unticked, then a guest added: the two came back ticked. The
    guest and the ticks are one form now, saved together."""
    seating.set_present(night, ids(club, NAMES[:6]), author=owner)
    client.force_login(owner)
    ticked = ids(club, NAMES[:4])  # Player E and F unticked on the page
    client.post(
        reverse("night_present", args=[night.token]),
        {"next": "guest", "guest": "Visitor", "present": ticked},
    )
    assert set(night.present.values_list("name", flat=True)) == {*NAMES[:4], "Visitor"}
    answer = client.post(
        reverse("night_present", args=[night.token]), {"next": "guest", "guest": " "}, follow=True
    )
    assert (
        "Type the guest&#x27;s name." in answer.content.decode()
        or "Type the guest" in answer.content.decode()
    )
