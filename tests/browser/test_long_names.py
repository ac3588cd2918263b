"""A sixty-letter name with no space wraps: no screen scrolls sideways at 360 px."""

from __future__ import annotations

import pytest

from tests.browser.conftest import PHONE
from tests.browser.helpers import Deal, Tapper, start_table

pytestmark = pytest.mark.browser

LONG = "Константин" * 6  # sixty letters, no space

TOO_WIDE = (
    "() => [...document.querySelectorAll('body *')]"
    ".filter(e => e.getBoundingClientRect().right > 361)"
    ".map(e => e.tagName + '.' + e.className)"
)


def test_a_long_name_never_pushes_the_table_page_sideways(new_context) -> None:
    page = new_context().new_page()
    token = start_table(page, {"N": LONG, "E": "Boris", "S": "Vera", "W": "Gleb"})
    Tapper(page).deal(Deal(9, 3, "H"))
    page.get_by_role("button", name="Save deal").click()
    page.locator(".deal-log > li").first.wait_for()
    russian = new_context(locale="ru-RU").new_page()
    russian.goto(f"/t/{token}/")

    for screen in (page, russian):
        assert LONG in screen.content()
        # Against the phone's width: mobile emulation widens the viewport to the content.
        width = screen.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], screen.evaluate(TOO_WIDE)


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_first_deals_choice_of_dealer_never_covers_its_label(new_context, language) -> None:
    english = language == "en"
    page = new_context(locale="en-GB" if english else "ru-RU").new_page()
    start_table(page, {"N": "Anastasia " + LONG, "E": "Boris", "S": "Vera", "W": "Gleb"},
                by_label=english)  # fmt: skip

    label = page.locator(".field-row.dealer > label").bounding_box()
    choice = page.locator(".field-row.dealer select").bounding_box()
    title = page.locator(".deal-title").bounding_box()
    assert label is not None and choice is not None and title is not None
    assert title["x"] + title["width"] <= label["x"]  # Deal 1 · Dealer [N · Anastasia…]
    assert label["x"] + label["width"] <= choice["x"]
    assert choice["x"] + choice["width"] <= PHONE["width"]


def test_a_long_name_in_the_settlement_keeps_clear_of_its_amount(new_context) -> None:
    page = new_context().new_page()
    start_table(page, {"N": LONG, "E": "Boris", "S": "Vera", "W": "Gleb"})
    Tapper(page).deal(Deal(9, 3, "H"))
    page.get_by_role("button", name="Save deal").click()
    page.locator(".deal-log > li").first.wait_for()

    row = page.locator(".players-settlement li").first
    name = row.locator("span").bounding_box()
    amount = row.locator("strong").bounding_box()
    assert name is not None and amount is not None
    # The name wraps short of the amount, with a gap between them: "…тин −4", not "…тин−4".
    assert name["x"] + name["width"] + 4 <= amount["x"], (name, amount)


@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_hussar_players_long_name_keeps_his_honours_taps_on_screen(
    new_context, site, language
) -> None:
    """A 25-letter name (names may have 60) beside the claimer's honours taps: the taps go
    under the name when they do not fit beside it."""
    from scorebook.tables import services

    name = "Konstantin Konstantinopol"  # 25 characters
    players = {"N": name, "E": "Boris", "S": "Vera", "W": "Gleb"}
    table = site.db(
        lambda: services.create_table(variant="hussar", players=players, first_dealer="N")
    )
    page = new_context(locale="en-GB" if language == "en" else "ru-RU").new_page()
    page.goto(f"/t/{table.edit_token}/")

    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], page.evaluate(TOO_WIDE)
