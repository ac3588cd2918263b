"""Closing a club night on a phone (360×740), in English and Russian: the organiser sees the
prizes, closes the night, a table's edit link then shows the sheet read-only, and the night is
reopened with a reason.

Screenshots: tests/browser/screenshots/close-*.png.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import BrowserContext, expect

from scorebook.clubs import services as clubs
from scorebook.tables import services
from tests.browser.conftest import PHONE, Site
from tests.browser.helpers import PLAYERS_EN, PLAYERS_RU, sign_in

pytestmark = pytest.mark.browser

PASSWORD = "lantern-Quartz-917"
WORDS = {
    "en": {
        "close": "Close the night",
        "sure": "These are the night's final results: close it",
        "closed": "The night is closed",
        "place": "Place 1",
        "read_only": "is closed: this sheet is read-only",
        "reason": "Why reopen it (kept in the club's history)",
        "reopen": "Reopen the night",
    },
    "ru": {
        "close": "Закрыть вечер",
        "sure": "Это окончательные итоги вечера: закрыть его",
        "closed": "Вечер закрыт",
        "place": "1 место",
        "read_only": "закрыт: эта запись только для чтения",
        "reason": "Почему открыть снова (останется в истории клуба)",
        "reopen": "Открыть вечер снова",
    },
}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_organiser_closes_the_night_and_reopens_it(
    site: Site, new_context: Callable[..., BrowserContext], shot: Callable[..., None], lang: str
) -> None:
    words = WORDS[lang]
    players = PLAYERS_RU if lang == "ru" else PLAYERS_EN

    def night_with_a_table():  # type: ignore[no-untyped-def]
        owner = get_user_model().objects.create_user("organiser", password=PASSWORD)
        club = clubs.create_club(user=owner, name="Moika", variant="russian", language=lang)
        night = clubs.open_night(club, name="Fri", date=datetime.date(2026, 11, 20), author=owner)
        table = clubs.start_table(
            night, author=owner, variant="russian", players=players, first_dealer="N"
        )
        services.add_deal(
            table,
            {"dealer": "N", "trump": "H", "tricks": {"NS": 9, "EW": 4},
             "honours": {"NS": 3, "EW": 2}},
            number=1, author=services.Author(label="t"),
        )  # fmt: skip
        return night, table

    night, table = site.db(night_with_a_table)
    locale = "ru-RU" if lang == "ru" else "en-GB"
    page = new_context(locale=locale).new_page()
    sign_in(page, "organiser", PASSWORD)

    page.goto(f"/e/{night.token}/")
    page.get_by_role("link", name=words["close"]).click()
    expect(page.locator("section.prizes")).to_contain_text(words["place"])
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shot(page, f"close-{lang}-prizes")
    page.get_by_label(words["sure"]).check()
    page.locator("main form button.primary").click()
    expect(page.locator("section.night-closed")).to_contain_text(words["closed"])
    shot(page, f"close-{lang}-closed")

    scorer = new_context(locale=locale).new_page()
    scorer.goto(f"/t/{table.edit_token}/")
    expect(scorer.locator("p.night-closed")).to_contain_text(words["read_only"])
    expect(scorer.locator("#deal-form")).to_have_count(0)
    assert scorer.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shot(scorer, f"close-{lang}-table-read-only", screen=True)

    page.get_by_label(words["reason"]).fill("Table 1 forgot a deal")
    page.get_by_role("button", name=words["reopen"]).click()
    expect(page.locator("section.night-closed")).to_have_count(0)
    scorer.reload()
    expect(scorer.locator("#deal-form")).to_be_visible()
