"""Without JavaScript the score book still works: plain form posts and redirects."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import PLAYERS_EN, Deal, Tapper, check_sheet, deal_log, start_table

pytestmark = pytest.mark.browser


def test_record_and_undo_without_javascript(new_context, shot) -> None:
    page = new_context(java_script_enabled=False).new_page()
    token = start_table(page, PLAYERS_EN)
    shot(page, "nojs-01-table")

    deals = [Deal(9, 4, "S"), Deal(4, 2, "D")]
    tap = Tapper(page)
    for number, deal in enumerate(deals, start=1):
        tap.deal(deal)
        with page.expect_navigation():
            page.get_by_role("button", name="Save deal").click()
        expect(page).to_have_url(re.compile(rf"/t/{token}/$"))
        expect(deal_log(page)).to_have_count(number)
        expect(page.locator(".deal-title")).to_contain_text(f"Deal {number + 1}")
        check_sheet(page, deals[:number], PLAYERS_EN)
    shot(page, "nojs-02-two-deals")

    # No confirmation dialog without JavaScript: the undo posts straight away.
    with page.expect_navigation():
        page.get_by_role("button", name="Undo deal 2").click()
    expect(page.locator(".alert.success")).to_have_text("Deal 2 undone.")
    expect(deal_log(page)).to_have_count(1)
    check_sheet(page, deals[:1], PLAYERS_EN)
    shot(page, "nojs-03-undone")


def test_back_after_a_save_brings_a_clean_form_for_the_next_deal(new_context) -> None:
    page = new_context(java_script_enabled=False).new_page()
    token = start_table(page, PLAYERS_EN)
    tap = Tapper(page)
    for deal in [Deal(9, 4, "S"), Deal(8, 3, "D")]:
        tap.deal(deal)
        with page.expect_navigation():
            page.get_by_role("button", name="Save deal").click()

    page.go_back()  # to the page of deal 2, fetched again: it now offers deal 3

    expect(page.locator(".deal-title")).to_contain_text("Deal 3")
    # The browser does not put deal 2's taps back: not the trump, not East as the dealer.
    tapped = page.locator("#deal-form input[type=radio]:checked:not([data-default])")
    expect(tapped).to_have_count(0)
    expect(page.locator("#id_dealer")).to_have_value("S")
    tap.deal(Deal(7, 2, "H"))
    with page.expect_navigation():
        page.get_by_role("button", name="Save deal").click()
    expect(page).to_have_url(re.compile(rf"/t/{token}/$"))
    expect(deal_log(page)).to_have_count(3)
