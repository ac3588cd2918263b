"""Playing for a stake on a 360-px phone (issue 33): the stake set on the new-table form, one
deal tapped, and the settlement in money under the sheet: who pays whom, rounded to the coin,
what rounding added said, and nothing wider than the phone."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from scorebook.tables.models import Table
from tests.browser.conftest import PHONE
from tests.browser.helpers import SEAT_LABELS, TABLE_URL, Deal, Tapper

pytestmark = pytest.mark.browser

PLAYERS = {"N": "Anna", "E": "Boris", "S": "Vera", "W": "Gleb"}


def test_a_stake_set_at_the_start_settles_the_sheet_in_money(new_context, site, shot):
    page = new_context(locale="en-GB").new_page()
    page.goto(reverse("new_table", args=["russian"]))
    for seat, name in PLAYERS.items():
        page.get_by_label(SEAT_LABELS[seat], exact=True).fill(name)
    page.get_by_text("Playing for a stake").click()
    page.get_by_label("Stake per point").fill("0.03")
    page.get_by_label("Currency").fill("₽")
    page.get_by_label("Smallest coin").fill("0.5")
    shot(page, "stake-form", screen=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.get_by_role("button", name="Start the table").click()
    expect(page).to_have_url(TABLE_URL)
    table = site.db(lambda: Table.objects.get())
    assert table.stake == Decimal("0.03")

    # NS take 8 tricks with 3 honours: 4 below and 2 above, a settlement of 6 a player:
    # 0.18 ₽, paid as 0.0 ₽ to the half rouble; the page says what rounding left out
    Tapper(page).deal(Deal(tricks=8, honours=3))
    page.get_by_role("button", name="Save deal").click()
    expect(page.locator("#flash")).to_contain_text("Deal 1 saved.")

    money = page.locator(".money-settlement")
    expect(money).to_contain_text("Who pays whom")
    expect(money).to_contain_text("Boris (E) pays Anna (N) 0.0\u00a0₽ (exactly 0.18\u00a0₽)")
    expect(money).to_contain_text("Rounded to 0.5\u00a0₽: 0.36\u00a0₽ left out")
    expect(page.locator("tr.money")).to_contain_text("in money")
    shot(page, "stake-settled", screen=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    # the whole page, as a watcher opens it, says the same
    page.reload()
    expect(page.locator(".money-settlement")).to_contain_text("0.36\u00a0₽ left out")
