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
