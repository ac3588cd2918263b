"""The answer to a save carries only what changed (htmx out-of-band swaps): after a whole game
and more, the scorer's sheet and a watcher's (polling, one version behind each time) show
exactly what a fresh page shows."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.helpers import PLAYERS_EN, Tapper, check_sheet, deal_log, start_table
from tests.browser.helpers import Deal as Entry

pytestmark = pytest.mark.browser

# Two games won (one by each side), honours both ways, a slam: rules and totals all change.
DEALS = [
    Entry(9, 4, "H"),
    Entry(8, 3, "S"),
    Entry(3, 1, "D"),
    Entry(4, 2, "C"),
    Entry(13, 5, "H"),
    Entry(7, 3, "S"),
]

SHEET_TEXT = "() => document.querySelector('#sheet').innerText.replace(/\\s+/g, ' ').trim()"


def test_saved_deals_and_a_watchers_poll_show_what_a_fresh_page_shows(
    page: Page, new_context, site, shot
) -> None:
    start_table(page, PLAYERS_EN)
    watcher = new_context().new_page()
    watcher.goto(page.locator("#view-link").input_value())
    tapper = Tapper(page)
    for n, deal in enumerate(DEALS, start=1):
        tapper.deal(deal)
        page.get_by_role("button", name="Save deal").click()
        won = r"( (North–South|East–West) win a \w+ game( and the rubber \d–\d)?\.)?"
        said = re.compile(rf"^Deal {n} saved\.{won}$")
        expect(page.locator("#flash .alert.success")).to_have_text(said)
        expect(page.locator(".deal-title")).to_contain_text(f"Deal {n + 1}")
        expect(deal_log(page)).to_have_count(n)
        expect(deal_log(watcher)).to_have_count(n, timeout=15_000)
    check_sheet(page, DEALS, PLAYERS_EN)
    check_sheet(watcher, DEALS, PLAYERS_EN)
    shot(page, "save-answer-scorer")
    answered = page.evaluate(SHEET_TEXT)
    watched = watcher.evaluate(SHEET_TEXT)

    page.reload()
    watcher.reload()

    assert page.evaluate(SHEET_TEXT) == answered
    assert watcher.evaluate(SHEET_TEXT) == watched


def test_a_watcher_that_missed_three_deals_catches_up_with_each(
    page: Page, new_context, site
) -> None:
    start_table(page, PLAYERS_EN)
    watcher = new_context().new_page()
    watcher.goto(page.locator("#view-link").input_value())
    tapper = Tapper(page)
    cut_off = "**/sheet/**"
    caught_up = []  # the answers that brought the watcher back, three deals at once
    for n, deal in enumerate(DEALS, start=1):
        if n % 3 == 1:  # the watcher's polls fail for this deal and the next two (a dead spot)
            watcher.route(cut_off, lambda route: route.abort())
        tapper.deal(deal)
        page.get_by_role("button", name="Save deal").click()
        expect(page.locator(".deal-title")).to_contain_text(f"Deal {n + 1}")
        if n % 3 != 0:
            continue
        with watcher.expect_response(
            lambda r: "/sheet/" in r.url and r.status == 200, timeout=15_000
        ) as answer:
            watcher.unroute(cut_off)
        caught_up.append((answer.value.headers.get("hx-reswap"), answer.value.text()))
        expect(deal_log(watcher)).to_have_count(n, timeout=15_000)
    check_sheet(watcher, DEALS, PLAYERS_EN)
    watched = watcher.evaluate(SHEET_TEXT)

    watcher.reload()

    assert watcher.evaluate(SHEET_TEXT) == watched
    # Deals 4 to 6 were recorded after a kept running score: the three deals' changes alone,
    # applied in turn.
    reswap, body = caught_up[-1]
    assert reswap == "none"
    assert body.count('<template><ol hx-swap-oob="beforeend:#deal-log">') == 3
