"""Confirmation by the other side: the side that does not keep the record confirms the deals
(every deal, or every rubber), a confirmed deal is locked, and it changes once that side
reopens it or by an organiser who gives a reason (kept in the history)."""

from __future__ import annotations

import datetime
import uuid

import pytest
from django.test import Client
from django.urls import reverse

from scorebook.clubs import services as clubs
from scorebook.tables import services
from scorebook.tables.models import Deal, Revision
from tests.scorebook.conftest import (
    PLAYERS,
    add_deals,
    deal_form,
    edit_form,
    snapshot,
    table_url,
)

pytestmark = pytest.mark.django_db


def confirming(table, mode="deal", keeper="NS"):
    services.set_confirmation(table, mode, keeper)
    table.refresh_from_db()
    return table


def confirm(client, table, seat, upto=None, nonce=None):
    if upto is None:
        upto = table.deals.filter(removed=False).count()
    return client.post(
        reverse("deal_confirm", args=[table.edit_token]),
        {"seat": seat, "upto": upto, "nonce": nonce or uuid.uuid4().hex},
    )


def page(client, table, **headers):
    return client.get(table_url(table), **headers).content.decode()


def test_with_confirmation_off_nothing_asks_for_it(client, table):
    add_deals(table, 9)
    html = page(client, table)
    assert 'class="confirm' not in html and "not confirmed yet" not in html
    assert confirm(client, table, "E").status_code == 302
    assert not table.deals.get().confirmed


def test_a_saved_deal_waits_for_the_other_side_and_one_tap_locks_it(client, table):
    confirming(table)
    client.post(reverse("deal_add", args=[table.edit_token]), deal_form(table))
    html = page(client, table)
    assert "Deal 1 awaits confirmation by EW." in html
    assert "not confirmed yet" in html and "Confirm: I am <bdi>Boris</bdi> (E)" in html
    assert "Confirm: I am <bdi>Anna</bdi>" not in html  # the keeper's side does not confirm

    answer = confirm(client, table, "E")

    deal = table.deals.get()
    assert answer.status_code == 302 and deal.confirmed
    revision = deal.revisions.get(action=Revision.Action.CONFIRMED)
    assert revision.seat == "E"
    html = page(client, table)
    assert "Every deal is confirmed by EW." in html and "not confirmed yet" not in html


def test_the_keepers_side_cannot_confirm(client, table):
    confirming(table)
    add_deals(table, 9)
    before = snapshot(table)
    answer = client.post(
        reverse("deal_confirm", args=[table.edit_token]),
        {"seat": "S", "upto": 1, "nonce": uuid.uuid4().hex},
        follow=True,
    )
    assert "Only a player of the other side confirms" in answer.content.decode()
    assert snapshot(table) == before and not table.deals.get().confirmed


def test_a_double_tap_confirms_once(client, table):
    confirming(table)
    add_deals(table, 9, 5)
    nonce = uuid.uuid4().hex
    confirm(client, table, "W", nonce=nonce)
    version = snapshot(table)
    confirm(client, table, "W", nonce=nonce)
    assert snapshot(table) == version
    assert Revision.objects.filter(action=Revision.Action.CONFIRMED).count() == 2


def test_a_confirmed_deal_is_locked_for_the_scorer(client, table):
    confirming(table)
    add_deals(table, 9, 5)
    confirm(client, table, "E")
    before = snapshot(table)

    corrected = client.post(
        reverse("deal_edit", args=[table.edit_token, 1]), edit_form(table, 1, tricks=10)
    )
    voided = client.post(
        reverse("deal_void", args=[table.edit_token, 1]),
        {"kind": "misdeal", "version": 1, "nonce": uuid.uuid4().hex},
        follow=True,
    )
    undone = client.post(
        reverse("deal_undo", args=[table.edit_token]),
        {"number": 2, "nonce": uuid.uuid4().hex},
        follow=True,
    )

    assert corrected.status_code == 409
    assert "was confirmed by the other side, so it was not changed" in corrected.content.decode()
    assert "was confirmed by the other side" in voided.content.decode()
    assert "was confirmed by the other side" in undone.content.decode()
    assert snapshot(table) == before


def test_reopened_by_the_other_side_the_scorer_corrects_and_they_confirm_again(client, table):
    confirming(table)
    add_deals(table, 9)
    confirm(client, table, "E")

    client.post(
        reverse("deal_reopen", args=[table.edit_token, 1]),
        {"seat": "W", "nonce": uuid.uuid4().hex},
    )
    corrected = client.post(
        reverse("deal_edit", args=[table.edit_token, 1]), edit_form(table, 1, tricks=10)
    )

    deal = table.deals.get()
    assert corrected.status_code == 302
    assert deal.data["tricks"]["NS"] == 10 and not deal.confirmed
    assert "Deal 1 awaits confirmation by EW." in page(client, table)
    assert deal.revisions.get(action=Revision.Action.REOPENED).seat == "W"


def test_the_scorers_side_cannot_reopen(client, table):
    confirming(table)
    add_deals(table, 9)
    confirm(client, table, "E")
    before = snapshot(table)
    client.post(reverse("deal_reopen", args=[table.edit_token, 1]), {"seat": "N", "nonce": "x1"})
    assert snapshot(table) == before and table.deals.get().confirmed


def test_the_organiser_changes_a_confirmed_deal_giving_a_reason(client, table, owner, member):
    confirming(table)
    add_deals(table, 9)
    confirm(client, table, "E")
    client.force_login(member)  # a scorer of the table, not its organiser
    refused = client.post(
        reverse("deal_edit", args=[table.edit_token, 1]),
        {**edit_form(table, 1, tricks=10), "reason": "I say so"},
    )
    assert refused.status_code == 409 and table.deals.get().data["tricks"]["NS"] == 9

    client.force_login(owner)
    editing = client.get(reverse("deal_edit", args=[table.edit_token, 1])).content.decode()
    assert "Why the organiser changes a confirmed deal" in editing
    without = client.post(
        reverse("deal_edit", args=[table.edit_token, 1]), edit_form(table, 1, tricks=10)
    )
    assert without.status_code == 409
    changed = client.post(
        reverse("deal_edit", args=[table.edit_token, 1]),
        {**edit_form(table, 1, tricks=10), "reason": "Boris miscounted the tricks"},
    )

    deal = table.deals.get()
    assert changed.status_code == 302 and deal.data["tricks"]["NS"] == 10 and deal.confirmed
    edit = deal.revisions.get(action=Revision.Action.EDITED)
    assert edit.reason == "Boris miscounted the tricks"
    history = client.get(reverse("deal_edit", args=[table.edit_token, 1])).content.decode()
    assert "Boris miscounted the tricks" in history


def test_every_rubber_asks_once_the_rubber_is_over(client, table):
    confirming(table, "rubber")
    add_deals(table, 9)
    assert "confirm the deals of this rubber when it ends" in page(client, table)
    while not services.table_state(table).sheet.rubbers[0].finished:
        add_deals(table, 9)
    played = table.deals.count()
    html = page(client, table)
    assert f"Deals 1–{played} await confirmation by EW." in html

    confirm(client, table, "W")  # one tap for the whole rubber

    assert table.deals.filter(confirmed=True).count() == played
    add_deals(table, 9)
    assert not table.deals.get(number=played + 1).confirmed
    assert "confirm the deals of this rubber when it ends" in page(client, table)


def test_a_read_only_link_sees_what_waits_but_cannot_confirm(client, table):
    confirming(table)
    add_deals(table, 9)
    html = client.get(table_url(table, edit=False)).content.decode()
    assert "Deal 1 awaits confirmation by EW." in html and "Confirm: I am" not in html
    answer = client.post(reverse("deal_confirm", args=[table.view_token]), {"seat": "E", "upto": 1})
    assert answer.status_code == 403 and not table.deals.get().confirmed


def test_in_russian_the_wait_is_said_in_russian(client, table):
    confirming(table)
    add_deals(table, 9)
    html = page(client, table, HTTP_ACCEPT_LANGUAGE="ru")
    assert "Сдача 1 ждёт подтверждения ВЗ." in html
    assert "не подтверждена" in html and "Подтверждаю: я <bdi>Boris</bdi> (В)" in html


def test_each_for_himself_every_other_player_may_confirm(client):
    table = services.create_table(variant="hussar", players=PLAYERS, first_dealer="N")
    confirming(table, "deal", "N")
    confirmation = services.confirmation(table, services.table_state(table))
    assert confirmation.seats == ["E", "S", "W"]


def test_a_club_tables_confirmation_is_its_organisers(client, owner, member):
    club = clubs.create_club(user=owner, name="Moika", variant="russian", language="en")
    clubs.give_role(club, member.username, clubs.MEMBER, author=owner)
    clubs.answer_invitation(club, member, accept=True)
    night = clubs.open_night(club, name="Fri", date=datetime.date(2026, 11, 20), author=owner)
    table = clubs.start_table(
        night, author=owner, variant="russian", players=PLAYERS, first_dealer="N"
    )
    confirming(table)
    url = reverse("table_confirmation", args=[table.edit_token])

    client.force_login(member)  # holds the edit link's rights, not the club's
    assert 'id="confirmation-settings"' not in page(client, table)
    assert client.post(url, {"confirmation": "off", "keeper": "NS"}).status_code == 403
    table.refresh_from_db()
    assert table.confirmation == "deal"

    client.force_login(owner)
    client.post(url, {"confirmation": "off", "keeper": "NS"})
    table.refresh_from_db()
    assert table.confirmation == "off"


def test_a_table_of_ones_own_is_switched_by_its_scorers(client, table):
    url = reverse("table_confirmation", args=[table.edit_token])
    client.post(url, {"confirmation": "rubber", "keeper": "EW"})
    table.refresh_from_db()
    assert (table.confirmation, table.keeper) == ("rubber", "EW")
    refused = client.post(url, {"confirmation": "sometimes", "keeper": "EW"}, follow=True)
    assert "Choose off, every deal or every rubber." in refused.content.decode()
    table.refresh_from_db()
    assert table.confirmation == "rubber"
    assert (
        Client()
        .post(reverse("table_confirmation", args=[table.view_token]), {"confirmation": "off"})
        .status_code
        == 403
    )


def test_undoing_a_confirmed_deal_needs_the_organisers_reason_and_restores_unconfirmed(
    client, table, owner
):
    confirming(table)
    add_deals(table, 9)
    confirm(client, table, "E")
    client.force_login(owner)
    client.post(
        reverse("deal_undo", args=[table.edit_token]),
        {"number": 1, "nonce": uuid.uuid4().hex, "reason": "played with a short deck"},
    )
    deal = Deal.objects.get(table=table)
    assert deal.removed and not deal.confirmed
    assert deal.revisions.get(action=Revision.Action.UNDONE).reason == "played with a short deck"


def test_a_club_night_asks_its_tables_for_the_clubs_confirmation(client, owner, member):
    club = clubs.create_club(user=owner, name="Moika", variant="russian", language="en")
    clubs.give_role(club, member.username, clubs.MEMBER, author=owner)
    clubs.answer_invitation(club, member, accept=True)
    url = reverse("club_confirmation", args=[club.token])
    client.force_login(member)
    assert client.post(url, {"confirmation": "deal"}).status_code == 403
    client.force_login(owner)
    club_page = client.get(reverse("club", args=[club.token])).content.decode()
    assert 'id="club-confirmation"' in club_page
    client.post(url, {"confirmation": "rubber"})
    club.refresh_from_db()  # as the next request reads it
    night = clubs.open_night(club, name="Fri", date=datetime.date(2026, 11, 20), author=owner)

    table = clubs.start_table(
        night, author=owner, variant="russian", players=PLAYERS, first_dealer="N"
    )

    club.refresh_from_db()
    assert club.confirmation == "rubber" and table.confirmation == "rubber"


@pytest.mark.parametrize("lang, words", [("en", "not confirmed yet"), ("ru", "не подтверждена")])
def test_the_printed_sheet_marks_the_deals_not_confirmed_yet(table, lang, words):
    from scorebook.printing import pdf
    from tests.scorebook.test_pdf import squeeze, text_of

    confirming(table)
    add_deals(table, 9, 5)
    services.confirm_deals(table, upto=1, seat="E", author=services.Author(label="t"))
    table.refresh_from_db()

    text = squeeze(text_of(pdf.table_pdf(table, lang=lang, paper="a4")))

    assert text.count(squeeze(words)) == 1  # deal 2 only


def test_the_nights_screen_says_which_tables_wait_for_confirmation(client, owner):
    club = clubs.create_club(
        user=owner, name="Moika", variant="russian", language="en", confirmation="deal"
    )
    night = clubs.open_night(club, name="Fri", date=datetime.date(2026, 11, 20), author=owner)
    waiting = clubs.start_table(
        night, author=owner, variant="russian", players=PLAYERS, first_dealer="N"
    )
    add_deals(waiting, 9, 5)
    html = client.get(reverse("evening", args=[night.token])).content.decode()
    assert "2 deals not confirmed yet by the other side" in html
    services.confirm_deals(waiting, upto=2, seat="W", author=services.Author(label="t"))
    html = client.get(reverse("evening", args=[night.token])).content.decode()
    assert "not confirmed yet by the other side" not in html


def test_a_season_may_count_only_the_tables_the_other_side_confirmed(owner):
    from players.models import Season
    from scorebook.clubs import standings

    club = clubs.create_club(
        user=owner, name="Moika", variant="russian", language="en", confirmation="deal"
    )
    night = clubs.open_night(club, name="Fri", date=datetime.date(2026, 11, 20), author=owner)
    players = [PLAYERS, {"N": "Dina", "E": "Egor", "S": "Fedor", "W": "Galya"}]
    confirmed, open_ = (
        clubs.start_table(night, author=owner, variant="russian", players=p, first_dealer="N")
        for p in players
    )
    add_deals(confirmed, 9, 9)
    add_deals(open_, 9, 9)
    services.confirm_deals(confirmed, upto=2, seat="E", author=services.Author(label="t"))
    season = Season.objects.create(
        club=club, name="Autumn", variant="russian", starts_on=datetime.date(2026, 9, 1),
        ends_on=datetime.date(2026, 12, 31),
    )  # fmt: skip

    everyone = {row["name"] for row in standings.season_standings(season).rows()}
    season.confirmed_only = True
    season.save()
    counted = {row["name"] for row in standings.season_standings(season).rows()}

    assert everyone == set(PLAYERS.values()) | set(players[1].values())
    assert counted == set(PLAYERS.values())


def test_the_other_phone_sees_the_confirmation_at_its_next_poll(client, table):
    confirming(table)
    add_deals(table, 9)
    table.refresh_from_db()
    seen = table.version
    sheet = reverse("table_sheet", args=[table.edit_token])
    confirm(Client(), table, "E")  # from the other side's own phone (the edit link)

    answer = client.get(sheet, {"v": seen}).content.decode()

    assert '<div id="confirm" class="confirm" hx-swap-oob="true">' in answer
    assert "Every deal is confirmed by EW." in answer
