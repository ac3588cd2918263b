"""The pinned Save button never covers the end of the deal form, on a phone (360×740).

A tester opened a Russian whist table's correction page in Russian: the first screen showed the
"Ренонс, засдача, заметка…" summary half under "Сохранить исправление", because the Russian
tricks legend took two lines where the English one takes one. The summary (the form's last part
before Save) must be clear of Save on the first screen and once scrolled to the end, in both
languages, on the correction page and below the next deal's form. Screenshots:
tests/browser/screenshots/clearance-*.png.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Locator, Page, expect

from scorebook.tables import services
from tests.browser.conftest import Site
from tests.browser.test_form_reach import LOCALES, new_table

pytestmark = pytest.mark.browser

AUTHOR = services.Author(label="test")
DEAL = {"dealer": "N", "trump": "H", "tricks": {"NS": 9, "EW": 4}, "honours": {"NS": 3, "EW": 2}}


def table_with_a_deal(site: Site, lang: str) -> Any:
    table = new_table(site, "russian", lang)
    site.db(lambda: services.add_deal(table, DEAL, number=1, author=AUTHOR))
    return table


def save_clear_of(page: Page, part: Locator) -> None:
    """Save, with the white band round it (its box-shadow, 0.3rem), does not overlap ``part``."""
    box = part.bounding_box()
    save = page.locator("form.deal-form button.save").bounding_box()
    assert box is not None and save is not None
    band = 0.3 * 16
    top, bottom = save["y"] - band, save["y"] + save["height"] + band
    assert box["y"] + box["height"] <= top or bottom <= box["y"], (box, save)


def open_page(new_context: Callable[..., BrowserContext], lang: str, url: str) -> Page:
    page = new_context(locale=LOCALES[lang]).new_page()
    page.goto(url)
    expect(page.locator("html")).to_have_attribute("lang", lang)
    return page


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_correction_pages_summary_is_clear_of_save_on_the_first_screen_and_at_the_end(
    site: Site, new_context: Callable[..., BrowserContext], shot: Callable[..., None], lang: str
) -> None:
    table = table_with_a_deal(site, lang)
    page = open_page(new_context, lang, f"/t/{table.edit_token}/deals/1/")
    summary = page.locator("form.deal-form details.more > summary")
    expect(summary).to_be_visible()
    shot(page, f"clearance-{lang}-correction-first", screen=True)
    save_clear_of(page, summary)

    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    shot(page, f"clearance-{lang}-correction-end", screen=True)
    save_clear_of(page, summary)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_next_deals_summary_is_clear_of_save_once_scrolled_to_it(
    site: Site, new_context: Callable[..., BrowserContext], shot: Callable[..., None], lang: str
) -> None:
    table = table_with_a_deal(site, lang)
    page = open_page(new_context, lang, f"/t/{table.edit_token}/")
    summary = page.locator("#deal-form details.more > summary")
    summary.evaluate("(el) => el.scrollIntoView({block: 'nearest'})")
    shot(page, f"clearance-{lang}-next-deal", screen=True)
    save_clear_of(page, summary)
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    save_clear_of(page, summary)
