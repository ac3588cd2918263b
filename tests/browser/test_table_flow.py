"""A whole evening at one table, on a phone, in English and in Russian.

Start a Russian whist table, record deals (each saved in place, without a page load), win a
game, correct a deal, undo one, and watch a second phone follow on the read-only link.
"""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import Page, expect

from tests.browser.helpers import (
    PLAYERS_EN,
    PLAYERS_RU,
    SEAT_LABELS,
    Deal,
    Tapper,
    check_sheet,
    deal_log,
    start_table,
)

pytestmark = pytest.mark.browser

# NS win game 1 on deal 5 with 10 against EW's 6 (a single game); deal 6 opens game 2.
EVENING = [
    Deal(7, 3, "S"),  # NS +2 below, NS honours 2
    Deal(6, 2, "H"),  # EW +2 below, EW honours 2
    Deal(8, 4, "D"),  # NS +4 (6), NS honours 4
    Deal(5, 1, "C"),  # EW +4 (6), EW honours 4
    Deal(8, 3, "S"),  # NS +4 (10): game 1 to NS, single (10–6); NS honours 2
    Deal(7, 5, "H"),  # NS +2 in game 2; NS honours 6
]
# Deal 2 corrected: NS took 7, not 6. NS reach 12 on deal 5 against EW's 4: a double game.
CORRECTED = [EVENING[0], Deal(7, 2, "H"), *EVENING[2:]]
POLL_BOUND = 3.0  # seconds for a read-only phone to show a new deal


def save_in_place(page: Page, number: int, *, save_name: str = "Save deal") -> None:
    """Save the deal form and wait for the sheet, checking the page was not reloaded."""
    page.evaluate("window.__marker = 1")
    if save_name:
        page.get_by_role("button", name=save_name).click()
    else:
        page.locator("#deal-form button[type=submit]").click()
    expect(deal_log(page).last).to_have_attribute("value", str(number))
    expect(deal_log(page)).to_have_count(number)
    assert page.evaluate("window.__marker") == 1, "the page was reloaded instead of swapped"


def wait_on_read_only(watcher: Page, number: int, clicked_at: float) -> float:
    """Wait for deal ``number`` on a read-only page, at most until POLL_BOUND after the click."""
    remaining = POLL_BOUND - (time.monotonic() - clicked_at)
    expect(watcher.locator(f"#deal-log > li[value='{number}']")).to_be_visible(
        timeout=max(remaining, 0.001) * 1000
    )
    return time.monotonic() - clicked_at


def test_an_evening_in_english(page: Page, new_context, shot) -> None:
    players = PLAYERS_EN
    page.goto("/")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    shot(page, "en-01-home")
    page.get_by_role("link", name="New table").click()
    expect(page.get_by_role("link", name=re.compile(r"^Russian whist"))).to_be_visible()
    shot(page, "en-02-variants")
    page.get_by_role("link", name=re.compile(r"^Russian whist")).click()
    for seat, name in players.items():
        page.get_by_label(SEAT_LABELS[seat], exact=True).fill(name)
    shot(page, "en-03-new-table")
    page.get_by_role("button", name="Start the table").click()
    expect(page).to_have_url(re.compile(r"/t/[A-Za-z0-9_-]+/$"))
    token = page.url.rstrip("/").rsplit("/", 1)[1]
    expect(page.locator("#sheet")).to_contain_text("No deal yet.")
    for name in players.values():
        expect(page.locator(".seating")).to_contain_text(name)
    shot(page, "en-04-table-empty")
    shot(page, "en-04-table-empty-screen", screen=True)

    # Saving an empty form says what is missing, in place, and records nothing.
    page.evaluate("window.__marker = 1")
    page.get_by_role("button", name="Save deal").click()
    expect(page.locator("#deal-form .field-error").first).to_be_visible()
    expect(page.locator("#deal-form")).to_contain_text("Tap the number of tricks.")
    assert page.evaluate("window.__marker") == 1
    expect(deal_log(page)).to_have_count(0)
    shot(page, "en-05-missing-taps")

    tap = Tapper(page)
    for number, deal in enumerate(EVENING, start=1):
        expect(page.locator(".deal-title")).to_contain_text(f"Deal {number}")
        tap.deal(deal)
        if number == 1:
            shot(page, "en-06-deal-1-entered")
        save_in_place(page, number)
        won = " North–South win a single game." if number == 5 else ""  # the game it won
        expect(page.locator("#flash .alert.success")).to_have_text(f"Deal {number} saved.{won}")
        if number == 1:
            shot(page, "en-07-deal-1-saved-screen", screen=True)
        check_sheet(page, EVENING[:number], players)
        if number < 5:
            expect(page.locator("#sheet tr.game-rule")).to_have_count(0)
        shot(page, f"en-{6 + number:02d}-deal-{number}-saved")
    expect(page.locator("#sheet tr.game-rule")).to_have_text(
        re.compile(r"^\s*Game 1 to NS, single\s*\(10–6\)")
    )

    # Correct deal 2 (NS took 7 tricks, not 6): every line after it follows.
    page.locator("#deal-log > li[value='2']").get_by_role("link", name="correct").click()
    expect(page).to_have_url(re.compile(rf"/t/{token}/deals/2/$"))
    fix = Tapper(page)
    tricks = page.get_by_role("group", name=re.compile(r"^Tricks of NS"))
    expect(tricks.get_by_role("radio", name="6", exact=True)).to_be_checked()
    fix.tricks(7)
    shot(page, "en-13-correct-deal-2")
    page.get_by_role("button", name="Save the correction").click()
    expect(page).to_have_url(re.compile(rf"/t/{token}/$"))
    expect(page.locator("#flash .alert.success")).to_have_text("Deal 2 corrected.")
    check_sheet(page, CORRECTED, players)
    expect(page.locator("#sheet tr.game-rule")).to_have_text(
        re.compile(r"^\s*Game 1 to NS, double\s*\(12–4\)")
    )
    expect(page.locator("#deal-log > li[value='2'] .edited")).to_have_text("corrected")
    shot(page, "en-14-deal-2-corrected")

    # Undo the last deal, accepting the confirmation.
    dialogs: list[str] = []

    def accept(dialog) -> None:
        dialogs.append(dialog.message)
        dialog.accept()

    page.once("dialog", accept)
    page.evaluate("window.__marker = 1")
    page.get_by_role("button", name="Undo deal 6").click()
    expect(page.locator("#flash .alert.success")).to_have_text("Deal 6 undone.")
    expect(deal_log(page)).to_have_count(5)
    expect(page.locator("#deal-log > li[value='6']")).to_have_count(0)
    # still in the list, struck through, after the live deals
    expect(page.locator("#sheet .deal-log.undone > li[value='6'] s")).to_be_visible()
    expect(page.get_by_role("button", name="Undo deal 5")).to_be_visible()
    assert dialogs == ["Undo the last deal?"]
    assert page.evaluate("window.__marker") == 1
    check_sheet(page, CORRECTED[:5], players)
    shot(page, "en-15-deal-6-undone")

    # Another phone follows the read-only link.
    view_url = page.locator("#view-link").input_value()
    assert view_url.startswith("http") and token not in view_url
    watcher = new_context().new_page()
    watcher.goto(view_url)
    expect(watcher.locator(".subtitle")).to_contain_text("read-only")
    expect(watcher.locator("#deal-form")).to_have_count(0)
    expect(watcher.get_by_role("link", name="correct")).to_have_count(0)
    expect(watcher.get_by_role("button", name=re.compile("^Undo"))).to_have_count(0)
    expect(deal_log(watcher)).to_have_count(5)
    watcher.evaluate("window.__marker = 1")
    shot(watcher, "en-16-read-only")

    again = Deal(9, 3, "C")
    tap.deal(again)
    clicked_at = time.monotonic()
    save_in_place(page, 6)
    seen_after = wait_on_read_only(watcher, 6, clicked_at)
    assert watcher.evaluate("window.__marker") == 1, "the read-only page was reloaded"
    final = [*CORRECTED[:5], again]
    check_sheet(page, final, players)
    check_sheet(watcher, final, players)
    print(f"read-only phone showed deal 6 {seen_after:.2f} s after the tap")
    shot(watcher, "en-17-read-only-updated")


def test_an_evening_in_russian(page: Page, new_context, shot) -> None:
    players = PLAYERS_RU
    page.goto("/")
    page.get_by_role("button", name="RU").click()
    expect(page.locator("html")).to_have_attribute("lang", "ru")
    expect(page.get_by_role("button", name="RU")).to_have_attribute("aria-pressed", "true")
    expect(page.locator(".site-name")).to_have_text(re.compile(r"[А-Яа-яЁё]"))
    shot(page, "ru-01-home")

    token = start_table(page, players, by_label=False)
    expect(page.locator("html")).to_have_attribute("lang", "ru")
    for name in players.values():
        expect(page.locator(".seating")).to_contain_text(name)
    shot(page, "ru-02-table-empty")

    # NS: 4, then EW: 4, then NS: 6 more, so 10 against 4: game 1 to NS on deal 3.
    deals = [Deal(8, 4, "S"), Deal(5, 1, "H"), Deal(9, 3, "D")]
    tap = Tapper(page, by_text=False)
    for number, deal in enumerate(deals, start=1):
        tap.deal(deal)
        if number == 1:
            shot(page, "ru-03-deal-1-entered")
        save_in_place(page, number, save_name="")
        if number == 1:
            shot(page, "ru-04-deal-1-saved-screen", screen=True)
        check_sheet(page, deals[:number], players, english=False)
        shot(page, f"ru-{3 + number:02d}-deal-{number}-saved")
    expect(page.locator("#sheet tr.game-rule")).to_contain_text("(10–4)")

    # The correction page in Russian, for a look at its layout.
    page.locator("#deal-log > li[value='2'] a").click()
    expect(page).to_have_url(re.compile(rf"/t/{token}/deals/2/$"))
    expect(page.locator("input[name=tricks][value='5']")).to_be_checked()
    shot(page, "ru-07-correct-deal-2")
    page.goto(f"/t/{token}/")
    expect(deal_log(page)).to_have_count(3)

    view_url = page.locator("#view-link").input_value()
    watcher = new_context().new_page()
    watcher.goto(view_url)
    watcher.get_by_role("button", name="RU").click()
    expect(watcher.locator("html")).to_have_attribute("lang", "ru")
    expect(watcher).to_have_url(view_url)
    expect(watcher.locator("#deal-form")).to_have_count(0)
    check_sheet(watcher, deals, players, english=False)
    watcher.evaluate("window.__marker = 1")
    shot(watcher, "ru-08-read-only")

    deals.append(Deal(7, 2, "C"))
    tap.deal(deals[-1])
    clicked_at = time.monotonic()
    save_in_place(page, 4, save_name="")
    seen_after = wait_on_read_only(watcher, 4, clicked_at)
    assert watcher.evaluate("window.__marker") == 1, "the read-only page was reloaded"
    check_sheet(watcher, deals, players, english=False)
    print(f"read-only phone showed deal 4 {seen_after:.2f} s after the tap")
    shot(watcher, "ru-09-read-only-updated")
