"""Confirmation by the other side, on phones (360×740): the scorer saves a plain deal in three
taps and a player of the other side confirms it with one (on the same phone passed across, or
on his own through the table's link); a confirmed deal is locked for the scorer, and the
organiser changes it giving a reason.

Screenshots: tests/browser/screenshots/confirm-*.png.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import BrowserContext, Page, expect

from scorebook.tables import services
from tests.browser.conftest import PHONE, Site
from tests.browser.helpers import PLAYERS_EN, PLAYERS_RU, sign_in
from tests.browser.test_taps import COUNT_TAPS, tap

pytestmark = pytest.mark.browser

PASSWORD = "lantern-Quartz-917"
WORDS = {
    "en": {
        "confirm": "Confirm: I am {name} (E)",
        "waits": "Deal 1 awaits confirmation by EW.",
        "done": "Every deal is confirmed by EW.",
        "locked": "Confirmed by the other side",
        "saved": "Deal 1 confirmed.",
    },
    "ru": {
        "confirm": "Подтверждаю: я {name} (В)",
        "waits": "Сдача 1 ждёт подтверждения ВЗ.",
        "done": "Все сдачи подтверждены ВЗ.",
        "locked": "Подтверждена другой стороной",
        "saved": "Сдача 1 подтверждена.",
    },
}


def confirming_table(site: Site, players: dict[str, str], owner: Any = None) -> Any:
    def create() -> Any:
        table = services.create_table(
            variant="russian", players=players, first_dealer="N", owner=owner
        )
        return services.set_confirmation(table, "deal", "NS")

    return site.db(create)


def fits(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_confirmed_plain_deal_takes_four_taps_on_one_phone(
    site: Site, new_context: Callable[..., BrowserContext], shot: Callable[..., None], lang: str
) -> None:
    players = PLAYERS_RU if lang == "ru" else PLAYERS_EN
    words = WORDS[lang]
    context = new_context(locale="ru-RU" if lang == "ru" else "en-GB")
    context.add_init_script(COUNT_TAPS)
    page = context.new_page()
    table = confirming_table(site, players)

    page.goto(f"/t/{table.edit_token}/")
    tap(page, "trump", "H")
    tap(page, "tricks", "8")
    page.locator("#deal-form button.save").click()
    expect(page.locator("#deal-form input[name=number]")).to_have_value("2")
    expect(page.locator("#confirm")).to_contain_text(words["waits"])
    fits(page)
    shot(page, f"confirm-{lang}-waiting", screen=True)
    # the phone passed across the table: the confirmation is the first thing on the screen
    button = page.get_by_role("button", name=words["confirm"].format(name=players["E"]))
    box = button.bounding_box()
    assert box is not None and box["y"] + box["height"] <= PHONE["height"], box
    button.click()

    expect(page.locator("#flash")).to_contain_text(words["saved"])
    expect(page.locator("#confirm")).to_contain_text(words["done"])
    fits(page)
    shot(page, f"confirm-{lang}-confirmed", screen=True)
    taps = page.evaluate("JSON.parse(sessionStorage.getItem('taps'))")
    assert taps == {"clicks": 4, "keys": 0}
    assert site.db(lambda: table.deals.get().confirmed)


def test_the_other_side_confirms_on_its_own_phone_and_the_scorer_sees_it(
    site: Site, new_context: Callable[..., BrowserContext], shot: Callable[..., None]
) -> None:
    scorer = new_context().new_page()
    other = new_context().new_page()
    table = confirming_table(site, PLAYERS_EN)

    scorer.goto(f"/t/{table.edit_token}/")
    tap(scorer, "trump", "S")
    tap(scorer, "tricks", "9")
    scorer.locator("#deal-form button.save").click()
    expect(scorer.locator("#confirm")).to_contain_text(WORDS["en"]["waits"])

    other.goto(f"/t/{table.edit_token}/")  # the link the scorer shared
    expect(other.locator("#deal-log")).to_contain_text("not confirmed yet")
    other.get_by_role("button", name="Confirm: I am Gleb (W)").click()
    expect(other.locator("#confirm")).to_contain_text(WORDS["en"]["done"])

    # the scorer's page polls: it learns of the confirmation without a reload
    expect(scorer.locator("#confirm")).to_contain_text(WORDS["en"]["done"])
    expect(scorer.locator("#deal-log")).not_to_contain_text("not confirmed yet")
    shot(scorer, "confirm-en-seen-by-the-scorer", screen=True)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_locked_deal_is_refused_to_the_scorer_then_changed_by_the_organiser(
    site: Site, new_context: Callable[..., BrowserContext], shot: Callable[..., None], lang: str
) -> None:
    players = PLAYERS_RU if lang == "ru" else PLAYERS_EN
    locale = "ru-RU" if lang == "ru" else "en-GB"
    owner = site.db(lambda: get_user_model().objects.create_user("organiser", password=PASSWORD))
    table = confirming_table(site, players, owner=owner)

    def played() -> None:
        services.add_deal(
            table,
            {"dealer": "N", "trump": "H", "tricks": {"NS": 8, "EW": 5},
             "honours": {"NS": 3, "EW": 2}},
            number=1, author=services.Author(label="t"),
        )  # fmt: skip
        services.confirm_deals(table, upto=1, seat="E", author=services.Author(label="t"))

    site.db(played)
    scorer = new_context(locale=locale).new_page()
    scorer.goto(f"/t/{table.edit_token}/deals/1/")
    expect(scorer.locator("section.locked")).to_contain_text(WORDS[lang]["locked"])
    expect(scorer.locator("form.deal-form")).to_have_count(0)  # no correction offered
    fits(scorer)
    shot(scorer, f"confirm-{lang}-locked")

    organiser = new_context(locale=locale).new_page()
    sign_in(organiser, "organiser", PASSWORD)
    organiser.goto(f"/t/{table.edit_token}/deals/1/")
    ten = "input[name='tricks'][value='10']"
    organiser.locator("form.deal-form label.tap", has=organiser.locator(ten)).click()
    organiser.locator("#reason").fill("Boris miscounted")
    organiser.locator("form.deal-form button.save").click()
    expect(organiser).to_have_url(f"{site.url}/t/{table.edit_token}/")

    deal = site.db(lambda: table.deals.get())
    assert deal.data["tricks"]["NS"] == 10 and deal.confirmed
    organiser.goto(f"/t/{table.edit_token}/deals/1/")
    expect(organiser.locator("ol.revisions")).to_contain_text("Boris miscounted")
    fits(organiser)
    shot(organiser, f"confirm-{lang}-changed-by-the-organiser")
