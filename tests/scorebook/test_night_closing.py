"""Closing a club night: the organiser sees the final standings and prizes, then every table
of the night is read-only (one write guard with the tables' other locks) until an organiser
reopens it with a reason, which the club's history keeps with what changed afterwards."""

from __future__ import annotations

import datetime
import io
import uuid

import pytest
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from players.models import ClubLog
from scorebook.clubs import services as clubs
from scorebook.clubs import standings
from scorebook.printing import pdf
from scorebook.tables import services
from tests.scorebook.conftest import PLAYERS, add_deals, deal_form, snapshot

pytestmark = pytest.mark.django_db

OTHERS = {"N": "Dina", "E": "Egor", "S": "Fedor", "W": "Galya"}


@pytest.fixture
def club(owner, member):
    club = clubs.create_club(user=owner, name="Moika", variant="russian", language="en")
    clubs.give_role(club, member.username, clubs.MEMBER, author=owner)
    clubs.answer_invitation(club, member, accept=True)
    return club


@pytest.fixture
def night(club, owner):
    return clubs.open_night(club, name="Fri", date=datetime.date(2026, 11, 20), author=owner)


def seat(night, owner, players=PLAYERS, **extra):
    return clubs.start_table(
        night, author=owner, variant="russian", players=players, first_dealer="N", **extra
    )


def close(client, night, **fields):
    return client.post(reverse("close_night", args=[night.token]), {"sure": "1", **fields})


def test_closing_shows_the_final_standings_and_prizes_first(client, night, owner):
    table = seat(night, owner)
    add_deals(table, 9, 9)
    client.force_login(owner)

    page = client.get(reverse("close_night", args=[night.token])).content.decode()
    unticked = client.post(reverse("close_night", args=[night.token]))

    assert "Final standings" in page and "Prizes" in page and "Place 1" in page
    assert unticked.status_code == 422 and "Tick the box to confirm" in unticked.content.decode()
    night.refresh_from_db()
    assert night.closed_at is None


def test_a_closed_nights_tables_are_read_only(client, night, owner):
    table = seat(night, owner)
    add_deals(table, 9)
    client.force_login(owner)
    close(client, night)
    before = snapshot(table)
    scorer = Client()  # the phone at the table, with the edit link

    page = scorer.get(reverse("table", args=[table.edit_token])).content.decode()
    save = scorer.post(reverse("deal_add", args=[table.edit_token]), deal_form(table))
    undo = scorer.post(
        reverse("deal_undo", args=[table.edit_token]), {"number": 1, "nonce": uuid.uuid4().hex}
    )

    assert "is closed: this sheet is read-only" in page and 'id="deal-form"' not in page
    assert save.status_code == 403 and undo.status_code == 403
    assert "This night is closed" in save.content.decode()
    assert reverse("table", args=[table.view_token]) in save.content.decode()  # the sheet
    assert snapshot(table) == before


def test_the_write_guard_refuses_a_write_that_raced_the_closing(night, owner):
    table = seat(night, owner)
    page_state = services.table_state(table)  # the page was opened before the night closed
    clubs.close_night(night, author=owner)
    with pytest.raises(services.NightClosed):
        services.add_deal(
            table,
            {"dealer": "N", "trump": "H", "tricks": {"NS": 8, "EW": 5},
             "honours": {"NS": 3, "EW": 2}},
            number=page_state.next_number, author=services.Author(label="t"),
        )  # fmt: skip
    assert table.deals.count() == 0


def test_deals_waiting_for_confirmation_stop_the_closing_unless_the_organiser_says(
    client, night, owner
):
    table = seat(night, owner)
    services.set_confirmation(table, "deal", "NS")
    add_deals(table, 9)
    client.force_login(owner)

    refused = close(client, night)
    night.refresh_from_db()
    assert refused.status_code == 422 and night.closed_at is None
    assert "1 deal of this night still waits for the other side" in refused.content.decode()

    close(client, night, unconfirmed="1")
    night.refresh_from_db()
    assert night.closed_at is not None
    entry = ClubLog.objects.get(action=ClubLog.Action.NIGHT_CLOSED)
    assert entry.detail["unconfirmed"] == 1


def test_reopening_needs_a_reason_and_the_history_keeps_what_changed(client, night, owner):
    table = seat(night, owner)
    add_deals(table, 9)
    client.force_login(owner)
    close(client, night)
    url = reverse("reopen_night", args=[night.token])

    refused = client.post(url, {"reason": "  "})
    night.refresh_from_db()
    assert night.closed_at is not None
    assert refused.status_code == 422  # said at the reason's field, on the night's page
    assert 'aria-describedby="reopen-error"' in refused.content.decode()
    assert '<p class="field-error" role="alert" id="reopen-error">' in refused.content.decode()

    client.post(url, {"reason": "Table 1 forgot a deal"})
    add_deals(table, 5)
    close(client, night)

    reopened = ClubLog.objects.get(action=ClubLog.Action.NIGHT_REOPENED)
    closed_again = ClubLog.objects.filter(action=ClubLog.Action.NIGHT_CLOSED).latest("pk")
    assert reopened.detail["reason"] == "Table 1 forgot a deal"
    assert closed_again.detail["changed"] == [
        {"table": table.title, "deal": 2, "action": "created"}
    ]


def test_only_an_organiser_closes_or_reopens(client, night, owner, member):
    seat(night, owner)
    for who in (None, member):
        client.logout()
        if who is not None:
            client.force_login(who)
        assert close(client, night).status_code == 403
        assert client.get(reverse("close_night", args=[night.token])).status_code == 403
    clubs.close_night(night, author=owner)
    client.force_login(member)
    assert (
        client.post(reverse("reopen_night", args=[night.token]), {"reason": "x"}).status_code == 403
    )
    night.refresh_from_db()
    assert night.closed_at is not None


def test_a_closed_night_takes_no_table_in_and_lets_none_out(night, owner):
    table = seat(night, owner)
    outside = services.create_table(variant="russian", players=OTHERS, owner=owner)
    clubs.close_night(night, author=owner)
    with pytest.raises(clubs.ClubError):
        clubs.remove_table(night, table, author=owner)
    with pytest.raises(clubs.ClubError):
        clubs.file_table(night, outside, author=owner)
    with pytest.raises(clubs.ClubError):
        seat(night, owner, OTHERS)


def test_removing_a_table_asks_first_and_a_table_filed_back_keeps_its_number(client, night, owner):
    seat(night, owner)
    fourth = [seat(night, owner, {s: f"{n}{i}" for s, n in OTHERS.items()}) for i in range(3)][-1]
    assert fourth.number == 4
    client.force_login(owner)
    url = reverse("evening_remove", args=[night.token, fourth.pk])

    asked = client.get(url).content.decode()
    client.post(url)  # without saying so: nothing happens
    fourth.refresh_from_db()
    assert "Take it out" in asked and fourth.evening_id == night.pk

    client.post(url, {"sure": "1"})
    fourth.refresh_from_db()
    assert fourth.evening_id is None
    clubs.file_table(night, fourth, author=owner)
    fourth.refresh_from_db()
    assert fourth.number == 4 and fourth.title.endswith("4")


@pytest.mark.parametrize(
    "values, places",
    [
        ([("a", 10), ("b", 5), ("c", 5), ("d", 1)], [1, 2, 2, 4]),
        ([("a", 3), ("b", 3), ("c", 3), ("d", 0)], [1, 1, 1, 4]),
        ([("a", -1), ("b", 2)], [1, 2]),
    ],
)
def test_equal_results_share_a_prize_place(values, places):
    assert [place for place, _who, _value in clubs.prize_places(values)] == places


def test_the_booby_prize_goes_to_the_last_place_when_the_club_gives_one():
    values = [("a", 10), ("b", 5), ("c", 4), ("d", 1), ("e", -3), ("f", -3)]
    first, booby = clubs.prizes(values, booby=True)
    assert [who for _p, who, _v in first] == ["a", "b", "c"]
    assert [who for _p, who, _v in booby] == ["e", "f"]
    assert clubs.prizes(values, booby=False)[1] == []


def test_guests_win_prizes_only_when_the_club_says_so(client, club, night, owner):
    from players.models import Player

    table = seat(night, owner)
    add_deals(table, 9, 9)  # North-South win: Anna and Vera share the first place
    Player.objects.filter(name="Anna").update(guest=True)
    clubs.close_night(night, author=owner)
    url = reverse("evening", args=[night.token])

    def prize_text():
        page = client.get(url).content.decode()
        return page[
            page.index('class="prizes"') : page.index("</section>", page.index('class="prizes"'))
        ]

    without = prize_text()
    club.guest_prizes = True
    club.save()
    with_guests = prize_text()

    assert "Anna" not in without and "Place 1</strong> · <bdi>Vera" in without
    assert "Anna" in with_guests


def test_the_club_page_history_names_the_night_the_reason_and_what_changed(client, night, owner):
    """The history's lines of closing and reopening say which night, why it was reopened and
    which deals changed before it was closed again (the trial found bare "night reopened")."""
    table = seat(night, owner)
    add_deals(table, 9)
    client.force_login(owner)
    close(client, night)
    client.post(reverse("reopen_night", args=[night.token]), {"reason": "Table 1 forgot a deal"})
    add_deals(table, 5)
    close(client, night)
    page = client.get(reverse("club", args=[night.club.token])).content.decode()
    history = page[page.index("History") :]
    assert "Table 1 forgot a deal" in history
    assert f"{night.name}</bdi>: changed since it was reopened:" in history
    assert "deal 2 recorded" in history


def test_the_printed_night_of_a_closed_night_says_so_and_gives_the_prizes(night, owner):
    """The night's PDF, once the night is closed: the closing page says when (at the club's
    clock) and that these are the final results, and lists the prizes the close page gave."""

    def text(body: bytes) -> str:
        return " ".join(page.extract_text() for page in PdfReader(io.BytesIO(body)).pages)

    night.club.time_zone = "Asia/Vladivostok"
    night.club.save(update_fields=["time_zone"])
    add_deals(seat(night, owner), 9)
    open_text = text(pdf.evening_pdf(night, lang="en", paper="a4"))
    assert "prizes" not in open_text.lower() and "final results" not in open_text
    clubs.close_night(night, author=owner)
    night.refresh_from_db()
    body = pdf.evening_pdf(night, lang="en", paper="a4")
    closed_text = " ".join(text(body).split())
    first_page = PdfReader(io.BytesIO(body)).pages[0].extract_text()
    assert "final results" in first_page  # a closed night opens with its results
    assert len(PdfReader(io.BytesIO(body)).pages) == 2  # then its table, no blank page
    assert "final results" in closed_text and "prizes" in closed_text.lower()
    local = night.closed_at.astimezone(datetime.timezone(datetime.timedelta(hours=10)))
    assert local.strftime("%H:%M") in closed_text
    ranked = clubs.prizes_by_variant(standings.night_view(night)[1], booby=night.club.booby_prize)
    assert ranked[0]["first"] and all(name in closed_text for _p, name, _v in ranked[0]["first"])
