"""Recording deals and putting mistakes right: add, correct, void, undo, and two phones at once."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from scorebook.tables import services
from scorebook.tables.models import Deal, Revision
from tests.scorebook.conftest import (
    PLAYERS,
    add_deals,
    deal_form,
    edit_form,
    russian_deal,
    snapshot,
    table_url,
)

pytestmark = pytest.mark.django_db

CONFLICT = "was changed from another device a moment ago, so your entry was not saved"


def add_url(table):
    return reverse("deal_add", args=[table.edit_token])


def edit_url(table, number):
    return reverse("deal_edit", args=[table.edit_token, number])


def void_url(table, number):
    return reverse("deal_void", args=[table.edit_token, number])


def undo_url(table):
    return reverse("deal_undo", args=[table.edit_token])


# ---------------------------------------------------------------------------------------------
# Recording the next deal


def test_saving_a_deal_without_javascript_redirects_to_the_sheet(client, table):
    response = client.post(add_url(table), deal_form(table, tricks=9, honours=4))

    assert response.status_code == 302
    assert response["Location"] == table_url(table)
    deal = Deal.objects.get(table=table)
    assert deal.number == 1
    assert deal.data == {
        "dealer": "N",
        "trump": "H",
        "tricks": {"NS": 9, "EW": 4},
        "honours": {"NS": 4, "EW": 1},
    }
    revision = deal.revisions.get()
    assert revision.action == "created"
    assert re.fullmatch(r"[0-9a-f]{4}", revision.author_label)  # the device, shown as a phone
    table.refresh_from_db()
    assert table.version == 1


def test_saving_a_deal_with_htmx_swaps_in_the_new_sheet(client, table):
    response = client.post(add_url(table), deal_form(table), HTTP_HX_REQUEST="true")

    assert response.status_code == 200
    page = response.content.decode()
    assert page.lstrip().startswith('<div id="live">')
    assert "<html" not in page
    assert "Deal 1 saved." in page
    assert '<li value="1">' in page
    assert "Deal 2" in page  # a fresh form for the next deal
    assert "<bdi>Boris</bdi> (E) deals" in page
    assert "NS needs 6" in page


def test_the_next_deal_knows_its_dealer(client, table_with_deals):
    page = client.get(table_url(table_with_deals)).content.decode()

    assert "Deal 4" in page
    assert "<bdi>Gleb</bdi> (W) deals" in page
    assert '<option value="W" selected>' in page
    assert 'name="number" value="4"' in page


def test_a_signed_in_scorer_is_named_in_the_revision(client, table, member):
    client.force_login(member)

    client.post(add_url(table), deal_form(table))

    revision = Revision.objects.get()
    assert revision.author == member
    assert revision.author_label == "misha"


def test_a_note_is_kept_with_the_deal(client, table):
    client.post(add_url(table), deal_form(table, note="  Boris was late  "))

    assert Deal.objects.get().data["note"] == "Boris was late"


def test_a_deals_note_is_shown_in_the_deal_list_escaped(client, table):
    client.post(add_url(table), deal_form(table, note="Boris <b>late</b>"))

    page = client.get(table_url(table)).content.decode()

    log = page.split('id="deal-log"')[1].split("</ol>")[0]
    assert '<q class="note"><bdi>Boris &lt;b&gt;late&lt;/b&gt;</bdi></q>' in log


def test_a_revoke_is_written_down(client, table):
    form = deal_form(table, revoke1_seat="E", revoke1_penalty="transfer")

    assert client.post(add_url(table), form).status_code == 302

    assert Deal.objects.get().data["revokes"] == [{"seat": "E", "penalty": "transfer"}]


def test_a_misdeal_passes_the_deal_to_the_next_seat(client, table):
    form = deal_form(table, void="misdeal", tricks=None, honours=None, trump=None)

    assert client.post(add_url(table), form).status_code == 302

    assert Deal.objects.get().data == {"dealer": "N", "void": "misdeal"}
    assert services.table_state(table).next_dealer == "E"


def test_a_redeal_keeps_the_dealer(client, table):
    client.post(add_url(table), deal_form(table, void="redeal", tricks=None, honours=None))

    assert services.table_state(table).next_dealer == "N"


def test_special_suit_asks_for_the_suit_at_the_start_of_each_game(client):
    table = services.create_table(
        variant="special-suit",
        players={"N": "Anna", "E": "Boris", "S": "Vera", "W": "Gleb"},
        first_dealer="N",
    )

    page = client.get(table_url(table)).content.decode()

    assert "Special suit of this game" in page


# ---------------------------------------------------------------------------------------------
# Correcting a deal


def test_the_correction_page_shows_the_deal_and_its_history(client, table_with_deals):
    table = table_with_deals
    client.post(edit_url(table, 2), edit_form(table, 2, tricks=6))

    response = client.get(edit_url(table, 2))

    assert response.status_code == 200
    page = response.content.decode()
    assert "Correct deal 2" in page
    assert '<input type="radio" name="tricks" value="6"' in page
    assert "checked" in page.split('name="tricks" value="6"', 1)[1][:40]
    assert "History of this deal" in page
    assert page.count("<strong>recorded</strong>") == 1
    assert page.count("<strong>corrected</strong>") == 1
    assert "changed: tricks" in page
    assert reverse("deal_void", args=[table.edit_token, 2]) in page


def test_a_correction_is_saved_with_a_revision(client, table_with_deals):
    table = table_with_deals
    before = table.version

    response = client.post(edit_url(table, 2), edit_form(table, 2, tricks=7, honours=1))

    assert response.status_code == 302
    assert response["Location"] == table_url(table)
    deal = Deal.objects.get(table=table, number=2)
    assert deal.data["tricks"] == {"NS": 7, "EW": 6}
    assert deal.data["honours"] == {"NS": 1, "EW": 4}
    assert deal.version == 2
    revision = deal.revisions.get(action="edited")
    assert revision.previous["tricks"] == {"NS": 5, "EW": 8}
    assert revision.changed_fields() == ["honours", "tricks"]
    table.refresh_from_db()
    assert table.version == before + 1
    page = client.get(table_url(table)).content.decode()
    assert "Deal 2 corrected." in page
    assert 'class="edited"' in page


def test_a_deal_that_does_not_exist_cannot_be_corrected(client, table_with_deals):
    assert client.get(edit_url(table_with_deals, 9)).status_code == 404


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "Deal 3 was undone, so it can no longer be corrected: nothing was saved."),
        ("ru", "Сдачу 3 отменили, и исправить её уже нельзя: ничего не сохранено."),
    ],
)
def test_a_correction_of_a_deal_another_phone_undid_says_so(client, table_with_deals, lang,
                                                             words):  # fmt: skip
    # This phone opened deal 3's correction; the other phone undid deal 3 meanwhile. "Not
    # found: the link may be mistyped, or it was replaced" would be wrong on every count.
    table = table_with_deals
    form = edit_form(table, 3, tricks=7)
    services.undo_last(table, number=3, author=services.Author(label="other phone"))
    before = snapshot(table)
    headers = {"HTTP_ACCEPT_LANGUAGE": lang}

    tries = [
        lambda: client.post(edit_url(table, 3), form, **headers),
        lambda: client.post(void_url(table, 3), {"kind": "misdeal", "version": 1}, **headers),
        lambda: client.get(edit_url(table, 3), **headers),  # a "Correct" link on a sheet left open
    ]

    for attempt in tries:
        response = attempt()
        assert response.status_code == 302 and response["Location"] == table_url(table)
        sheet = client.get(table_url(table), **headers).content.decode()
        assert words in " ".join(sheet.split())
    assert snapshot(table) == before


def test_a_stale_correction_is_refused_with_409(client, table_with_deals):
    table = table_with_deals
    stale = edit_form(table, 2, tricks=7)
    client.post(edit_url(table, 2), edit_form(table, 2, tricks=4))  # the other phone was first
    before = snapshot(table)

    response = client.post(edit_url(table, 2), stale)

    assert response.status_code == 409
    page = response.content.decode()
    # The correction page has no sheet: its message speaks of the form, which now shows the
    # deal as the other phone saved it.
    assert "so your correction was not saved. The form below now shows the deal" in page
    assert "sheet below" not in page
    assert re.search(r'<input type="radio" name="tricks" value="4"[^>]* checked', page)
    assert snapshot(table) == before
    assert Deal.objects.get(table=table, number=2).data["tricks"]["NS"] == 4


def test_a_correction_without_a_version_is_refused(client, table_with_deals):
    table = table_with_deals
    before = snapshot(table)

    response = client.post(edit_url(table, 2), edit_form(table, 2, tricks=7, version=""))

    assert response.status_code == 409
    assert snapshot(table) == before


def test_correcting_an_early_dealer_that_breaks_the_rotation_is_refused(client, table_with_deals):
    table = table_with_deals
    before = snapshot(table)

    response = client.post(edit_url(table, 1), edit_form(table, 1, dealer="E"))

    assert response.status_code == 422
    assert "field-error" in response.content.decode()
    assert snapshot(table) == before


# ---------------------------------------------------------------------------------------------
# Everything after a corrected deal is recomputed


def test_a_corrected_deal_no_longer_wins_the_game(client, table):
    add_deals(table, 8, 8, 8)  # 4 + 4 + 4 below: deal 3 wins game 1 for North-South
    assert [g.winner for g in services.table_state(table).sheet.games] == ["NS"]

    client.post(edit_url(table, 3), edit_form(table, 3, tricks=6))

    state = services.table_state(table)
    assert state.sheet.games == ()
    assert state.below == {"NS": 8, "EW": 2}
    assert state.next_number == 4
    assert state.next_dealer == "W"
    page = client.get(table_url(table)).content.decode()
    assert "Game 1 to" not in page
    assert "NS needs 2" in page
    assert "<bdi>Gleb</bdi> (W) deals" in page


def test_a_corrected_deal_reopens_a_finished_rubber(client, table):
    add_deals(table, 11, 11)  # two games of 10: North-South win the rubber
    assert services.table_state(table).sheet.rubbers[0].finished

    client.post(edit_url(table, 2), edit_form(table, 2, tricks=6))

    rubber = services.table_state(table).sheet.rubbers[0]
    assert not rubber.finished
    assert rubber.winner is None
    page = client.get(table_url(table)).content.decode()
    assert "Rubber 1 in play" in page
    assert "Rubber 1 won by" not in page


def test_a_correction_that_would_break_a_later_deal_is_refused(client, table):
    add_deals(table, 8, 8)
    # deal 2 names dealer E; making deal 1 a redeal keeps N dealing, so deal 2 is out of turn
    before = snapshot(table)

    response = client.post(edit_url(table, 1), edit_form(table, 1, void="redeal"))

    assert response.status_code == 422
    assert "Deal 2 would no longer be valid" in response.content.decode()
    assert snapshot(table) == before


def special_suit_table():
    """Whist with a special suit: deal 1 (the special suit ♠) leaves game 1 open, so deal 2
    continues it and names no special suit of its own."""
    table = services.create_table(variant="special-suit", players=PLAYERS, first_dealer="N")
    first = {"special_suit": "S", **russian_deal("N", 7, 3, trump="H")}
    services.add_deal(table, first, number=1, author=services.Author(label="test"))
    services.add_deal(
        table, russian_deal("E", 7, 3), number=2, author=services.Author(label="test")
    )
    return table


@pytest.mark.parametrize(
    ("language", "said"),
    [
        (
            "en",
            "Deal 2 would no longer be valid (special suit): a new game begins, so it needs its "
            "special suit.",
        ),
        (
            "ru",
            "Сдача 2 станет неверной (особенная масть): начинается новая партия, и ей нужна "
            "своя особенная масть.",
        ),
    ],
)
def test_a_later_deal_broken_by_a_correction_is_said_in_one_sentence(client, language, said):
    table = special_suit_table()
    fields = edit_form(table, 1, tricks=13, trump="S", special_suit="S")  # wins game 1 at once

    client.cookies.load({"django_language": language})
    with translation.override(language):
        response = client.post(edit_url(table, 1), fields)

    assert response.status_code == 422
    assert said in response.content.decode()


# ---------------------------------------------------------------------------------------------
# Void and undo


def test_marking_a_deal_void_keeps_its_dealer(client, table_with_deals):
    table = table_with_deals
    deal = Deal.objects.get(table=table, number=2)

    response = client.post(void_url(table, 2), {"kind": "misdeal", "version": deal.version})

    assert response.status_code == 302
    deal.refresh_from_db()
    assert deal.data == {"dealer": "E", "void": "misdeal"}
    revision = deal.revisions.get(action="voided")
    assert revision.previous["tricks"] == {"NS": 5, "EW": 8}
    page = client.get(table_url(table)).content.decode()
    assert "Deal 2 marked void." in page
    assert "misdeal" in page


def test_a_void_that_would_break_a_later_deal_names_that_deal_and_its_dealers(
    client, table_with_deals
):
    table = table_with_deals  # dealt by N, E, S: a redeal of deal 2 makes E deal deal 3
    deal = Deal.objects.get(table=table, number=2)
    before = snapshot(table)

    response = client.post(
        void_url(table, 2), {"kind": "redeal", "version": deal.version}, follow=True
    )

    page = response.content.decode()
    assert (
        "Deal 2 cannot be marked void, since deal 3 would no longer be valid (dealer): Boris (E) "
        "deals this deal in rotation, not Vera (S)." in page
    )
    assert snapshot(table) == before


def test_void_with_a_garbage_kind_is_a_misdeal(client, table_with_deals):
    table = table_with_deals
    deal = Deal.objects.get(table=table, number=2)

    client.post(void_url(table, 2), {"kind": "<script>", "version": deal.version})

    deal.refresh_from_db()
    assert deal.data["void"] == "misdeal"


@pytest.mark.parametrize("version", ["", "x", "99"])
def test_void_with_a_stale_or_broken_version_changes_nothing(client, table_with_deals, version):
    table = table_with_deals
    before = snapshot(table)

    response = client.post(void_url(table, 2), {"kind": "misdeal", "version": version})

    assert response.status_code == 302
    assert snapshot(table) == before
    assert CONFLICT in client.get(table_url(table)).content.decode()


def test_voiding_a_deal_that_does_not_exist_is_not_found(client, table_with_deals):
    response = client.post(void_url(table_with_deals, 9), {"kind": "misdeal", "version": 1})

    assert response.status_code == 404


def test_undo_withdraws_the_last_deal_but_keeps_it(client, table_with_deals):
    table = table_with_deals

    response = client.post(undo_url(table), {"number": 3})

    assert response.status_code == 302
    deal = Deal.objects.get(table=table, number=3)
    assert deal.removed is True
    assert deal.revisions.filter(action="undone").count() == 1
    state = services.table_state(table)
    assert state.next_number == 3
    assert state.next_dealer == "S"
    page = client.get(table_url(table)).content.decode()
    assert "Deal 3 undone." in page
    live_log = page.split('<ol class="deal-log" id="deal-log">')[1].split("</ol>")[0]
    assert '<li value="3">' not in live_log
    # in place: the list goes on with it, struck through and restorable
    undone = page.split('<ol class="deal-log undone"')[1].split("</ol>")[0]
    assert re.search(
        r'<li value="3"><span class="num">3\.</span> '
        r'<span class="dealer" aria-hidden="true">S</span><span class="sr-only">[^<]+</span> '
        r'<span class="what"><s>.*</s>',
        undone,
    )
    assert "Restore deal 3" in undone


def test_a_corrected_deal_shows_what_it_said_before_struck_through(client, table_with_deals):
    table = table_with_deals
    before = table.deals.get(number=2).data["tricks"]["NS"]
    client.post(reverse("deal_edit", args=[table.edit_token, 2]), edit_form(table, 2, tricks=12))

    page = client.get(table_url(table)).content.decode()

    log = page.split('<ol class="deal-log" id="deal-log">')[1].split("</ol>")[0]
    second = log.split('<li value="2">')[1].split("</li>")[0]
    was, now = second.split("</s>")
    assert '<s class="was">' in was and f"tricks {before}–{13 - before}" in was
    assert "tricks 12–1" in now and "corrected" in now
    first = log.split('<li value="1">')[1].split("</li>")[0]
    assert "<s " not in first and "<s>" not in first


def test_undo_with_htmx_swaps_in_the_sheet(client, table_with_deals):
    response = client.post(undo_url(table_with_deals), {"number": 3}, HTTP_HX_REQUEST="true")

    assert response.status_code == 200
    page = response.content.decode()
    assert "<html" not in page
    assert "Deal 3 undone." in page
    assert "Undo deal 2" in page


def test_a_number_undone_can_be_recorded_again(client, table_with_deals):
    table = table_with_deals
    client.post(undo_url(table), {"number": 3})

    response = client.post(add_url(table), deal_form(table, tricks=10))

    assert response.status_code == 302
    assert Deal.objects.filter(table=table, number=3).count() == 2
    assert Deal.objects.get(table=table, number=3, removed=False).data["tricks"]["NS"] == 10


def test_undo_of_a_deal_that_is_not_the_last_is_a_conflict(client, table_with_deals):
    table = table_with_deals
    before = snapshot(table)

    response = client.post(undo_url(table), {"number": 2}, HTTP_HX_REQUEST="true")

    assert response.status_code == 409
    assert CONFLICT in response.content.decode()
    assert snapshot(table) == before


@pytest.mark.parametrize("number", ["", "x", "-1"])
def test_undo_with_a_broken_number_changes_nothing(client, table_with_deals, number):
    table = table_with_deals
    before = snapshot(table)

    response = client.post(undo_url(table), {"number": number})

    assert response.status_code == 302
    assert snapshot(table) == before


def test_undo_on_an_empty_table_changes_nothing(client, table):
    before = snapshot(table)

    response = client.post(undo_url(table), {"number": 1}, HTTP_HX_REQUEST="true")

    assert response.status_code == 409
    assert snapshot(table) == before


# ---------------------------------------------------------------------------------------------
# Two phones, double taps


def test_a_double_tap_saves_the_deal_once(client, table):
    form = deal_form(table)

    first = client.post(add_url(table), form)
    second = client.post(add_url(table), form)

    assert first.status_code == second.status_code == 302
    assert Deal.objects.filter(table=table).count() == 1
    assert Revision.objects.count() == 1
    table.refresh_from_db()
    assert table.version == 1


def test_a_double_tap_with_htmx_saves_once_and_shows_the_sheet(client, table):
    form = deal_form(table)

    client.post(add_url(table), form, HTTP_HX_REQUEST="true")
    second = client.post(add_url(table), form, HTTP_HX_REQUEST="true")

    assert second.status_code == 200
    assert '<li value="1">' in second.content.decode()
    assert Deal.objects.filter(table=table).count() == 1


def test_two_phones_saving_the_same_deal_number_one_wins(client, table):
    first_phone = deal_form(table, tricks=9)
    second_phone = deal_form(table, tricks=4)

    client.post(add_url(table), first_phone)
    after_first = snapshot(table)
    response = client.post(add_url(table), second_phone, HTTP_HX_REQUEST="true")

    assert response.status_code == 409
    page = response.content.decode()
    assert f"Deal 1 {CONFLICT}" in page
    assert '<li value="1">' in page  # the sheet the phone gets back is up to date
    assert "Deal 2" in page
    assert snapshot(table) == after_first
    assert Deal.objects.get(table=table).data["tricks"]["NS"] == 9


def test_the_loser_without_javascript_gets_the_same_message(client, table):
    first_phone = deal_form(table)
    second_phone = deal_form(table)
    client.post(add_url(table), first_phone)

    response = client.post(add_url(table), second_phone)

    assert response.status_code == 409
    assert "<html" in response.content.decode()
    assert CONFLICT in response.content.decode()
    assert Deal.objects.filter(table=table).count() == 1


def test_a_deal_number_from_the_future_is_a_conflict(client, table_with_deals):
    table = table_with_deals
    before = snapshot(table)

    response = client.post(add_url(table), deal_form(table, number=7))

    assert response.status_code == 409
    assert snapshot(table) == before


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "Another device undid a deal a moment ago: the next deal is now deal 3, not 4."),
        ("ru", "С другого устройства только что отменили сдачу: следующая теперь сдача 3, а не 4."),
    ],
)
def test_a_deal_saved_after_another_phone_undid_one_says_so(client, table_with_deals, lang, words):
    table = table_with_deals  # three deals: this phone's form is for deal 4
    this_phone = deal_form(table, dealer="E")
    services.undo_last(table, number=3, author=services.Author(label="other phone"))
    before = snapshot(table)

    response = client.post(add_url(table), this_phone, HTTP_ACCEPT_LANGUAGE=lang)

    assert response.status_code == 409
    page = " ".join(response.content.decode().split())
    assert words in page
    assert "Deal 4" not in page and "Сдачу 4" not in page  # deal 4 was never "changed"
    assert snapshot(table) == before


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "The next deal is deal 1, not 5. Your entry was not saved."),
        ("ru", "Следующая сдача — сдача 1, а не 5. Ваша запись не сохранилась."),
    ],
)
def test_a_deal_number_ahead_with_nothing_undone_says_only_the_next_number(
    client, table, lang, words
):
    # Nobody undid anything: the page must not say another device did.
    before = snapshot(table)

    response = client.post(add_url(table), deal_form(table, number=5), HTTP_ACCEPT_LANGUAGE=lang)

    assert response.status_code == 409
    page = " ".join(response.content.decode().split())
    assert words in page
    assert "undid" not in page and "отменили" not in page
    assert snapshot(table) == before


def test_an_undo_long_past_the_next_deal_is_not_blamed_either(client, table_with_deals):
    # Deal 3 was undone and entered again: the next deal is 4, and a form for deal 6 is not
    # explained by that undo.
    table = table_with_deals
    services.undo_last(table, number=3, author=services.Author(label="other phone"))
    client.post(add_url(table), deal_form(table))

    response = client.post(add_url(table), deal_form(table, number=6))

    assert response.status_code == 409
    page = " ".join(response.content.decode().split())
    assert "The next deal is deal 4, not 6." in page and "undid" not in page


def test_a_double_tap_on_a_correction_saves_it_once(client, table_with_deals):
    table = table_with_deals
    form = edit_form(table, 2, tricks=7)

    first = client.post(edit_url(table, 2), form)
    second = client.post(edit_url(table, 2), form)

    assert first.status_code == second.status_code == 302
    assert Deal.objects.get(table=table, number=2).version == 2
    assert Revision.objects.filter(action="edited").count() == 1


def test_htmx_posts_carry_the_csrf_token_from_the_page(table):
    browser = Client(enforce_csrf_checks=True)
    page = browser.get(table_url(table)).content.decode()
    token = page.split('hx-headers=\'{"X-CSRFToken": "', 1)[1].split('"', 1)[0]

    refused = browser.post(add_url(table), deal_form(table), HTTP_HX_REQUEST="true")
    saved = browser.post(
        add_url(table), deal_form(table), HTTP_HX_REQUEST="true", HTTP_X_CSRFTOKEN=token
    )

    assert refused.status_code == 403
    assert saved.status_code == 200
    assert Deal.objects.filter(table=table).count() == 1


def test_a_refused_htmx_deal_scrolls_to_its_first_field_in_error(client, table):
    response = client.post(add_url(table), deal_form(table, tricks=""), HTTP_HX_REQUEST="true")

    assert response.status_code == 422
    # the field just before its message (tests/browser/test_form_reach.py looks at the screen)
    assert response["HX-Reswap"] == (
        "outerHTML show:"
        ":not([type=hidden]):has(+p.field-error),input[type=hidden]+p.field-error:top"
    )


def test_the_hussar_setup_does_not_speak_of_partners(client):
    page = client.get(reverse("new_table", args=["hussar"])).content.decode()

    assert "Partners sit opposite" not in page
    assert (
        "Partners sit opposite"
        in client.get(reverse("new_table", args=["russian"])).content.decode()
    )


def test_a_correction_keeps_every_revoke_of_the_deal(client):
    revokes = [{"seat": s, "penalty": "add"} for s in ("N", "E", "S")]
    record = {
        "format": "whist-record/1",
        "variant": "russian",
        "players": PLAYERS,
        "deals": [
            {"dealer": "N", "trump": "H", "tricks": {"NS": 8, "EW": 5},
             "honours": {"NS": 3, "EW": 2}, "revokes": revokes}
        ],
    }  # fmt: skip
    table = services.import_record(record)
    url = reverse("deal_edit", args=[table.edit_token, 1])
    page = client.get(url).content.decode()
    deal = table.deals.get(number=1)
    fields = {
        "number": 1, "version": deal.version, "nonce": "keep-revokes", "dealer": "N",
        "trump": "H", "tricks": 9, "honours": 3,
        **{f"revoke{i}_seat": r["seat"] for i, r in enumerate(revokes, 1)},
        **{f"revoke{i}_penalty": "add" for i in range(1, 4)},
    }  # fmt: skip

    response = client.post(url, fields)

    assert 'name="revoke3_seat"' in page
    assert response.status_code == 302
    deal.refresh_from_db()
    assert deal.data["revokes"] == revokes and deal.data["tricks"]["NS"] == 9


def test_a_refused_correction_says_it_once_and_offers_the_deal_in_the_way(client, table_with_deals):
    table = table_with_deals
    url = reverse("deal_edit", args=[table.edit_token, 1])

    page = client.post(url, edit_form(table, 1, dealer="E")).content.decode()

    assert page.count("Deal 2 would no longer be valid") == 1
    assert reverse("deal_edit", args=[table.edit_token, 2]) in page and "Open deal 2" in page


def test_the_deal_list_numbers_each_deal_and_says_what_it_scored(client, table_with_deals):
    table = table_with_deals
    sheet = services.table_state(table).sheet
    first = sheet.deals[0].entries
    below = sum(e.points for e in first if e.side == "NS" and e.line == "below")
    above = sum(e.points for e in first if e.side == "NS" and e.line == "above")

    page = client.get(table_url(table)).content.decode()
    log = page.split('<ol class="deal-log" id="deal-log">')[1].split("</ol>")[0]

    assert '<span class="num">1.</span>' in log and '<span class="num">3.</span>' in log
    assert f"→ NS\u00a0{below}\u00a0/\u00a0{above}" in log


def test_a_change_by_no_account_and_no_phone_is_a_guests_in_the_interfaces_words(client):
    # An imported record's deals have no author: services keep the label "guest", which the
    # pages say in the visitor's language, not as it is stored
    record = {"format": "whist-record/1", "variant": "russian", "players": PLAYERS,
              "deals": [{"trump": "H", "tricks": {"NS": 7, "EW": 6}}]}  # fmt: skip
    table = services.import_record(record)
    assert Revision.objects.filter(deal__table=table, author_label="guest").exists()

    edit = reverse("deal_edit", args=[table.edit_token, 1])
    russian = client.get(edit, HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    english = client.get(edit).content.decode()

    assert "guest" not in russian and "гость без учётной записи" in russian
    assert "a guest without an account" in english
