"""Without a network at 360 px, in both languages: what the phone cannot do says so (issue 33).

- Defect 1: correcting a deal waiting on the phone put the page at 415 px (433 in Russian), the
  title "Correcting deal 2, not sent yet" pushing the Dealer choice off the screen.
- Defect 4: "Undo deal 2" (a deal the server has) asked to confirm and then did nothing;
  "correct" on a saved deal and the PDF link showed the browser's own offline error page.
- Defect 7: the sheet froze ("NS needs 6" stale) without saying that it is the server's.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import PHONE
from tests.browser.helpers import PLAYERS_EN, PLAYERS_RU, Offline, Tapper, deal_log, start_table
from tests.browser.test_offline import THREE, add_online, ready, save, waiting

pytestmark = pytest.mark.browser

LOCALES = {"en": "en-GB", "ru": "ru-RU"}


def page_width(page: Page) -> int:
    return page.evaluate("document.documentElement.scrollWidth")


@pytest.mark.parametrize("language", ["en", "ru"])
def test_correcting_a_waiting_deal_keeps_the_dealer_on_the_screen(new_context, site, language):
    english = language == "en"
    context = new_context(locale=LOCALES[language])
    page = context.new_page()
    start_table(page, PLAYERS_EN if english else PLAYERS_RU, by_label=english)
    ready(page)
    Offline(context).off()
    tap = Tapper(page, by_text=english)
    for deal in THREE[:2]:
        tap.deal(deal)
        save(page)
    expect(waiting(page)).to_have_count(2)

    page.locator("#waiting li[value='2'] button[value=correct]").click()

    title = "Correcting deal 2, not sent yet" if english else "Исправление сдачи 2"
    expect(page.locator(".deal-title")).to_contain_text(title)
    dealer = page.locator("#id_dealer")
    expect(dealer).to_be_visible()
    box = dealer.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    assert page_width(page) <= PHONE["width"]


@pytest.mark.parametrize("language", ["en", "ru"])
def test_offline_what_needs_the_server_says_so_and_the_sheet_says_whose_it_is(
    new_context, site, language
):
    english = language == "en"
    context = new_context(locale=LOCALES[language])
    page = context.new_page()
    token = start_table(page, PLAYERS_EN if english else PLAYERS_RU, by_label=english)
    add_online(site, token, THREE[:2])
    page.reload()
    expect(deal_log(page)).to_have_count(2)
    ready(page)
    stale = page.locator("#sheet .sheet-offline")
    expect(stale).to_be_hidden()
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    network = Offline(context)
    network.off()

    # Defect 7: the sheet says it is the server's, frozen while there is no network.
    expect(stale).to_be_visible()
    expect(stale).to_contain_text(
        "the sheet shows only what the server has saved" if english else "только то, что сохранено"
    )
    assert page_width(page) <= PHONE["width"]

    # Defect 4: undo a deal the server has: no confirmation for nothing, a clear word instead.
    note = page.locator("#network-note")
    page.locator("#undo button").click()
    expect(note).to_contain_text(
        "Undoing deal 2 needs the network" if english else "Отменить сдачу 2 можно только"
    )
    assert dialogs == []
    expect(deal_log(page)).to_have_count(2)

    # ... and correct a saved deal, or print: the page stays, and says why nothing happens.
    page.locator("#sheet a.fix").first.click()
    expect(note).to_contain_text(
        "Correcting deal 1 needs the network" if english else "Исправить сдачу 1 можно только"
    )
    expect(page).to_have_url(re.compile(rf"/t/{token}/$"))
    page.locator("a[href*='sheet.pdf']").first.click()
    expect(note).to_contain_text(
        "The printable sheet needs the network" if english else "Лист для печати открывается только"
    )
    expect(page).to_have_url(re.compile(rf"/t/{token}/$"))
    assert page_width(page) <= PHONE["width"]

    network.on()
    expect(stale).to_be_hidden()
    page.locator("#sheet a.fix").first.click()
    expect(page).to_have_url(re.compile(rf"/t/{token}/deals/1/$"))
