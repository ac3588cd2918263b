"""No network at the table: deals are kept on the phone, survive a reload, and are sent in order.

Playwright's offline switch (``context.set_offline``) cuts the pages off; the service worker's
own fetches are not cut off by it in Chromium, so the tests also make every request of the
service worker fail while "offline" (``Offline``), as a phone without a network would.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from scorebook.tables import services
from scorebook.tables.models import Deal, Table
from tests.browser.conftest import PHONE
from tests.browser.helpers import (
    PLAYERS_EN,
    PLAYERS_RU,
    Offline,
    Tapper,
    check_sheet,
    deal_log,
    start_table,
)
from tests.browser.helpers import Deal as Entry

pytestmark = pytest.mark.browser

SHOTS = Path("/tmp/offline-shots")
THREE = [Entry(7, 3, "S"), Entry(6, 2, "H"), Entry(8, 4, "D")]


def waiting(page: Page):
    return page.locator("#waiting ol > li")


def ready(page: Page) -> None:
    """The service worker runs and the page is kept for the next time without a network."""
    expect(page.locator("#waiting")).to_have_attribute("data-ready", "1")


def save(page: Page) -> None:
    page.locator("#deal-form button[type=submit]").click()


def stored(site, token: str) -> list[tuple[int, str, int]]:
    """The table's saved deals: number, dealer, North-South's tricks."""
    return site.db(
        lambda: [
            (d.number, d.data.get("dealer"), d.data["tricks"]["NS"])
            for d in Deal.objects.filter(table__edit_token=token, removed=False).order_by("number")
        ]
    )


@pytest.fixture
def photo() -> Callable[[Page, str], None]:
    SHOTS.mkdir(parents=True, exist_ok=True)

    def take(page: Page, name: str) -> None:
        """The whole page, and the list of waiting deals alone when it shows."""
        page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)
        if page.locator("#waiting").is_visible():
            page.locator("#waiting").screenshot(path=str(SHOTS / f"{name}-waiting.png"))

    return take


@pytest.mark.parametrize("language", ["en", "ru"])
def test_three_deals_kept_offline_survive_a_reload_and_are_sent_in_order(
    new_context, site, photo, language
) -> None:
    english = language == "en"
    players = PLAYERS_EN if english else PLAYERS_RU
    context = new_context(locale="en-GB" if english else "ru-RU")
    page = context.new_page()
    token = start_table(page, players, by_label=english)
    ready(page)
    network = Offline(context)
    network.off()

    tap = Tapper(page, by_text=english)
    slip = Entry(5, 2, "H")  # deal 2 as first tapped: 5 tricks, corrected to 6 below
    for number, deal in enumerate([THREE[0], slip, THREE[2]], start=1):
        tap.deal(deal)
        save(page)
        expect(waiting(page)).to_have_count(number)
        expect(waiting(page).last).to_have_attribute("value", str(number))
        expect(page.locator("#network-note")).to_contain_text(str(number))
        if english:
            expect(page.locator("#network-note")).to_have_text(
                f"No network: deal {number} is kept on this phone and will be sent when the "
                "network is back."
            )

    # A waiting deal is corrected in the form, and the last one can be undone.
    page.locator("#waiting li[value='2'] button[value=correct]").click()
    expect(page.locator("#deal-form input[name=number]")).to_have_value("2")
    expect(page.locator("#deal-form input[name=tricks][value='5']")).to_be_checked()
    tap.tricks(6)
    save(page)
    expect(waiting(page)).to_have_count(3)
    expect(page.locator("#deal-form input[name=number]")).to_have_value("4")
    tap.deal(Entry(13, 5, "C"))
    save(page)
    expect(waiting(page)).to_have_count(4)
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator("#waiting li[value='4'] button[value=drop]").click()
    expect(waiting(page)).to_have_count(3)
    # The form moved on: deal 4, dealt by West after North, East and South.
    expect(page.locator(".deal-title")).to_contain_text("4")
    expect(page.locator("#id_dealer")).to_have_value("W")
    tapped = page.locator("#deal-form input[type=radio]:checked:not([data-default])")
    expect(tapped).to_have_count(0)
    expect(page.locator("#deal-form input[name=honours][value='']")).to_be_checked()  # none claimed
    # Nothing is scored on the phone: the sheet still has no deal.
    expect(deal_log(page)).to_have_count(0)
    if english:
        expect(page.locator("#network-note")).to_have_text(
            "No network. Save keeps each deal on this phone until the network is back."
        )
        expect(waiting(page).first).to_contain_text("waiting to be sent")
        expect(waiting(page).first).to_contain_text("Tricks of NS: 7")
    else:
        expect(waiting(page).first).to_contain_text("ждёт отправки")
    photo(page, f"{language}-1-three-waiting")
    assert stored(site, token) == []
    # The form is still the first deal's (its dealer chosen there) under a longer title
    # ("Сдача 4 · сдаёт Глеб (З)"): both still fit the phone, without a sideways scroll.
    expect(page.locator("#deal-form .field-row.dealer")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    # Closing the tab, restarting the phone: the page comes back from the service worker.
    response = page.reload()
    assert response is not None and response.from_service_worker
    expect(waiting(page)).to_have_count(3)
    expect(page.locator("#id_dealer")).to_have_value("W")
    expect(page.locator("#deal-form input[name=number]")).to_have_value("4")
    photo(page, f"{language}-2-after-reload-offline")

    network.on()
    expect(page.locator("#waiting")).to_be_hidden()
    expect(deal_log(page)).to_have_count(3)
    check_sheet(page, THREE, players, english=english)
    assert stored(site, token) == [(1, "N", 7), (2, "E", 6), (3, "S", 8)]
    expect(page.locator("#deal-form input[name=number]")).to_have_value("4")
    photo(page, f"{language}-3-sent")


def add_online(site, token: str, entries: list[Entry]) -> None:
    """Deals saved by some phone while this one looked away (through the services)."""

    def work() -> None:
        table = Table.objects.get(edit_token=token)
        for entry in entries:
            state = services.table_state(table)
            data = {
                "dealer": state.next_dealer,
                "trump": entry.trump,
                "tricks": {"NS": entry.tricks, "EW": 13 - entry.tricks},
                "honours": {"NS": entry.honours, "EW": 5 - entry.honours},
            }
            services.add_deal(
                table, data, number=state.next_number, author=services.Author(label="other")
            )

    site.db(work)


@pytest.mark.parametrize(("language", "choice"), [("en", "fix"), ("ru", "drop")])
def test_a_deal_another_phone_saved_first_is_shown_and_resolved(
    new_context, site, photo, language, choice
) -> None:
    english = language == "en"
    players = PLAYERS_EN if english else PLAYERS_RU
    locale = "en-GB" if english else "ru-RU"
    phone_a = new_context(locale=locale)
    page = phone_a.new_page()
    token = start_table(page, players, by_label=english)
    add_online(site, token, THREE)
    page.reload()
    expect(deal_log(page)).to_have_count(3)
    ready(page)

    network = Offline(phone_a)
    network.off()
    Tapper(page, by_text=english).deal(Entry(9, 2, "C"))  # West deals deal 4
    save(page)
    expect(waiting(page)).to_have_count(1)
    expect(waiting(page).first).to_have_attribute("value", "4")

    # Meanwhile phone B, online, saves its own deal 4.
    other = new_context(locale=locale).new_page()
    other.goto(f"/t/{token}/")
    Tapper(other, by_text=english).deal(Entry(5, 1, "H"))
    save(other)
    expect(deal_log(other)).to_have_count(4)

    network.on()
    conflict = page.locator("#waiting li[data-status=conflict]")
    expect(conflict).to_have_count(1)
    expect(deal_log(page)).to_have_count(4)  # the sheet caught up with phone B's deal
    fix = conflict.get_by_role("button", name="Fix" if english else "Исправить")
    drop = conflict.get_by_role("button", name="Drop" if english else "Удалить")
    expect(fix).to_be_visible()
    expect(drop).to_be_visible()
    # Above the form too, since the list is far below it.
    expect(page.locator("#network-note.error")).to_contain_text("4")
    if english:
        expect(page.locator("#network-note")).to_have_text(
            "Deal 4 was not saved: see why under the sheet, then fix it or drop it."
        )
        expect(conflict).to_contain_text("Another phone saved deal 4 first")
        expect(conflict).to_contain_text("not saved")
    else:
        expect(conflict).to_contain_text("не сохранена")
    photo(page, f"{language}-4-conflict")
    assert [n for n, _d, _t in stored(site, token)] == [1, 2, 3, 4]

    if choice == "fix":
        fix.click()
        expect(page.locator(".deal-title")).to_have_text("Correcting deal 5, not sent yet")
        expect(page.locator("#deal-form input[name=tricks][value='9']")).to_be_checked()
        page.locator("#id_dealer").select_option("N")  # after West's deal 4, North deals
        photo(page, f"{language}-5-fixing")
        save(page)
        expect(page.locator("#waiting")).to_be_hidden()
        expect(page.locator("#network-note")).to_be_hidden()
        expect(deal_log(page)).to_have_count(5)
        assert stored(site, token)[3:] == [(4, "W", 5), (5, "N", 9)]
        expect(page.locator("#deal-form input[name=number]")).to_have_value("6")
    else:
        page.once("dialog", lambda dialog: dialog.accept())
        drop.click()
        expect(page.locator("#waiting")).to_be_hidden()
        expect(page.locator("#network-note")).to_be_hidden()
        assert stored(site, token)[3:] == [(4, "W", 5)]
        expect(page.locator("#deal-form input[name=number]")).to_have_value("5")
    photo(page, f"{language}-6-resolved")


def test_a_deal_the_rules_refuse_stays_with_its_message_until_fixed(
    new_context, site, photo
) -> None:
    context = new_context()
    page = context.new_page()
    token = start_table(page, PLAYERS_EN)
    ready(page)
    network = Offline(context)
    network.off()

    tap = Tapper(page)
    tap.deal(THREE[0])
    save(page)
    expect(page.locator("#id_dealer")).to_have_value("E")
    page.locator("#id_dealer").select_option("S")  # East should deal deal 2: the phone can't tell
    tap.deal(THREE[1])
    save(page)
    expect(page.locator("#id_dealer")).to_have_value("W")  # the phone follows the entry
    page.locator("#id_dealer").select_option("S")  # South deals deal 3, as at the table
    tap.deal(THREE[2])
    save(page)
    expect(waiting(page)).to_have_count(3)

    network.on()
    refused = page.locator("#waiting li[data-status=refused]")
    expect(refused).to_have_count(1)
    expect(refused).to_have_attribute("value", "2")
    expect(refused.locator(".field-error")).to_contain_text("Fix it or drop it")
    # Deal 1 went through; deal 3 waits behind the refused one.
    expect(deal_log(page)).to_have_count(1)
    expect(page.locator("#waiting li[data-status=waiting]")).to_have_count(1)
    message = refused.locator(".field-error").inner_text()
    photo(page, "en-7-refused")
    assert stored(site, token) == [(1, "N", 7)]

    refused.get_by_role("button", name="Fix").click()
    expect(page.locator(".deal-title")).to_have_text("Correcting deal 2, not sent yet")
    page.locator("#id_dealer").select_option("E")
    save(page)
    expect(page.locator("#waiting")).to_be_hidden()
    expect(deal_log(page)).to_have_count(3)
    check_sheet(page, THREE, PLAYERS_EN)
    assert stored(site, token) == [(1, "N", 7), (2, "E", 6), (3, "S", 8)]
    assert message


def test_a_started_form_keeps_its_taps_and_takes_the_sheet_from_the_answer(new_context, site):
    """Deals sent while the next deal's form has taps in it: the answer's sheet replaces the
    page's, the taps stay, and the sheet is not asked for a second time."""
    context = new_context()
    page = context.new_page()
    start_table(page, PLAYERS_EN)
    ready(page)
    network = Offline(context)
    network.off()
    tap = Tapper(page)
    tap.deal(THREE[0])
    save(page)
    expect(waiting(page)).to_have_count(1)
    tap.trump("H")  # the next deal, started

    fetched: list[str] = []  # the whole sheet asked for apart (the poll's own asks say ?v=)
    page.on(
        "request",
        lambda request: (
            fetched.append(request.url)
            if request.method == "GET" and re.search(r"/sheet/$", request.url)
            else None
        ),
    )
    network.on()
    expect(page.locator("#waiting")).to_be_hidden()
    expect(deal_log(page)).to_have_count(1)
    expect(page.locator("#deal-form input[name=trump][value='H']")).to_be_checked()
    assert fetched == []
