"""Every part of the deal form within reach on a phone (360×740), beside the sticky Save button.

Save stays at the foot of the screen while the form is longer than the screen (Hussar's is), so
it covers whatever the browser scrolls to the foot of the screen: a field the keyboard's "next"
moves to, a field the browser shows when it is focused. The page keeps a band above Save for
them (site.css: scroll-padding-bottom), and a refused save shows the first field in error, not
only its message, which is written under the field. Screenshots in English and in Russian:
tests/browser/screenshots/reach-*.png.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Locator, Page, expect

from scorebook.rules import PRESETS
from scorebook.tables import services
from tests.browser.conftest import PHONE, Site
from tests.browser.helpers import PLAYERS_EN, PLAYERS_RU

pytestmark = pytest.mark.browser

LOCALES = {"en": "en-GB", "ru": "ru-RU"}


def new_table(site: Site, variant: str, lang: str) -> Any:
    players = PLAYERS_RU if lang == "ru" else PLAYERS_EN
    seats = PRESETS[variant].seats
    return site.db(
        lambda: services.create_table(
            variant=variant, players={s: players[s] for s in seats}, first_dealer="N"
        )
    )


def open_table(new_context: Callable[..., BrowserContext], table: Any, lang: str) -> Page:
    page = new_context(locale=LOCALES[lang]).new_page()
    page.goto(f"/t/{table.edit_token}/")
    expect(page.locator("html")).to_have_attribute("lang", lang)
    return page


def uncovered(page: Page, control: Locator) -> None:
    """The control is on the screen, and a tap on its middle reaches it, not the Save button."""
    box = control.bounding_box()
    assert box is not None
    assert -1 <= box["y"] and box["y"] + box["height"] <= PHONE["height"] + 1, box
    hit = control.evaluate(
        """(el) => {
          const r = el.getBoundingClientRect();
          const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
          return el.contains(hit) || (el.labels && [...el.labels].some((l) => l.contains(hit)))
            ? "" : (hit ? hit.outerHTML.slice(0, 80) : "nothing");
        }"""
    )
    assert hit == "", f"covered by {hit}"


def save_clear_of(page: Page, control: Locator) -> None:
    """The Save button does not overlap the control."""
    box, save = control.bounding_box(), page.locator("#deal-form button.save").bounding_box()
    assert box is not None and save is not None
    assert box["y"] + box["height"] <= save["y"] or save["y"] + save["height"] <= box["y"], (
        box,
        save,
    )


@pytest.mark.parametrize(
    ("variant", "lang"), [("russian", "en"), ("russian", "ru"), ("hussar", "en")]
)
def test_every_control_of_the_opened_revoke_part_comes_into_view_above_save(
    site: Site,
    new_context: Callable[..., BrowserContext],
    shot: Callable[..., None],
    variant: str,
    lang: str,
) -> None:
    page = open_table(new_context, new_table(site, variant, lang), lang)
    more = page.locator("#deal-form details.more")
    more.locator("summary").click()
    expect(more).to_have_attribute("open", "")

    text = page.locator("#deal-form").inner_text()
    assert "{#" not in text and "{%" not in text  # a template's comment left on the page

    controls = more.locator("select, input:not([type=hidden]), textarea")
    assert controls.count() >= 3  # the revoke's seat and penalty, the void, the note
    for index in range(controls.count()):
        control = controls.nth(index)
        # Shown as the browser shows a field below the screen that gets the focus, or that a
        # link or a search leads to: at the nearest edge of the screen, here its foot.
        page.evaluate("window.scrollTo(0, 0)")
        control.evaluate("(el) => el.scrollIntoView({block: 'nearest'})")
        uncovered(page, control)
        save_clear_of(page, control)

    # And as the phone keyboard's "next" (a tab) moves through them, one after the other
    page.evaluate("window.scrollTo(0, 0)")
    more.locator("summary").focus()
    for index in range(controls.count()):
        page.keyboard.press("Tab")
        control = controls.nth(index)
        expect(control).to_be_focused()
        uncovered(page, control)
        save_clear_of(page, control)
    shot(page, f"reach-{lang}-{variant}-revoke", screen=True)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_refused_hussar_save_shows_the_field_in_error(
    site: Site, new_context: Callable[..., BrowserContext], shot: Callable[..., None], lang: str
) -> None:
    page = open_table(new_context, new_table(site, "hussar", lang), lang)
    form = page.locator("#deal-form")
    # Trumps and two players' tricks, the third player's forgotten
    for name, value in (("trump", "H"), ("tricks_N", "5"), ("tricks_E", "3")):
        radio = f"input[name='{name}'][value='{value}']"
        form.locator("label.tap", has=page.locator(radio)).click()
        expect(form.locator(radio)).to_be_checked()
    form.locator("button.save").click()

    error = page.locator("#deal-form .field-error").first
    expect(error).to_be_visible()
    page.wait_for_timeout(300)  # the answer's scroll
    shot(page, f"reach-{lang}-refused", screen=True)
    # The message is on the screen, and so is the whole field it is about: the tricks' taps,
    # each row of them clear of Save
    uncovered(page, error)
    rows = page.locator("#deal-form .seat-tricks fieldset.strip")
    assert rows.count() == 3
    for index in range(rows.count()):
        row = rows.nth(index)
        box = row.bounding_box()
        assert box is not None and 0 <= box["y"], (index, box)  # not above the screen
        save_clear_of(page, row)
    uncovered(page, page.locator("#deal-form input[name=tricks_S][value='1']"))
