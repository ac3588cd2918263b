"""Starting a club night on the organiser's phone (360×740), in English and Russian: tick the
players present from the roster (finding one by the search box), add a guest, draw the seats,
start every table at once, then open a table from its card's link and score on it.

Screenshots: tests/browser/screenshots/start-*.png.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from urllib.parse import urlparse

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import BrowserContext, expect

from scorebook.clubs import services as clubs
from tests.browser.conftest import PHONE, Site
from tests.browser.helpers import sign_in

pytestmark = pytest.mark.browser

PASSWORD = "lantern-Quartz-917"
ROSTER = ["Anna", "Boris", "Vera", "Gleb", "Dina", "Egor", "Fedor", "Galya", "Ilya", "Kira"]
WORDS = {
    "en": {
        "present": "Players present",
        "find": "Find a player",
        "guest": "A guest (a name not on the roster)",
        "add": "Add the guest",
        "next": "Save and go to the seating",
        "draw": "Draw the seats",
        "start": "Start all 3 tables",
        "count": "11 present: 3 tables, 0 sit out (one three-handed, with a dummy)",
        "all": "Tick all shown",
        "live": "3 present: 1 table, 0 sit out (one three-handed, with a dummy)",  # and the guest
    },
    "ru": {
        "present": "Кто пришёл",
        "find": "Найти игрока",
        "guest": "Гость (имени нет в составе клуба)",
        "add": "Добавить гостя",
        "next": "Сохранить и перейти к рассадке",
        "draw": "Разыграть места",
        "start": "Начать все 3 стола",
        "count": "Пришли 11: столов 3, без стола 0 (за одним играют втроём, с болваном)",
        "all": "Отметить всех в списке",
        "live": "Пришли 3: стол 1, без стола 0 (за одним играют втроём, с болваном)",
    },
}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_organiser_starts_the_night_from_the_players_present(
    site: Site, new_context: Callable[..., BrowserContext], shot: Callable[..., None], lang: str
) -> None:
    words = WORDS[lang]

    def club_night():  # type: ignore[no-untyped-def]
        owner = get_user_model().objects.create_user("organiser", password=PASSWORD)
        club = clubs.create_club(user=owner, name="Moika", variant="russian", language=lang)
        for name in ROSTER:
            clubs.add_player(club, name, author=owner)
        return clubs.open_night(club, name="Fri", date=datetime.date(2026, 11, 20), author=owner)

    night = site.db(club_night)
    page = new_context(locale="ru-RU" if lang == "ru" else "en-GB").new_page()
    sign_in(page, "organiser", PASSWORD)

    page.goto(f"/e/{night.token}/")
    page.locator("nav.organiser-bar").get_by_role("link", name=words["present"]).click()
    page.get_by_label(words["guest"]).fill("Visitor")
    page.get_by_role("button", name=words["add"]).click()
    page.get_by_label(words["find"]).fill("gal")  # the search hides the others
    expect(page.locator(".present-list li:visible")).to_have_count(1)
    page.get_by_label(words["find"]).fill("")
    boxes = page.locator(".present-list input[type=checkbox]").all()
    boxes[0].check()
    boxes[1].check()  # the count follows the ticks before anything is saved
    expect(page.locator(".present-count")).to_have_text(words["live"])
    page.get_by_role("button", name=words["all"]).click()  # one tap for the rest
    expect(page.locator(".present-list input:checked")).to_have_count(len(boxes))
    expect(page.locator(".present-count")).to_have_text(words["count"])
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shot(page, f"start-{lang}-present")
    page.get_by_role("button", name=words["next"]).click()

    expect(page.locator("p.lead")).to_contain_text(words["count"])
    page.get_by_role("button", name=words["draw"]).click()
    expect(page.locator(".seating-table")).to_have_count(3)  # the third three-handed
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shot(page, f"start-{lang}-seating")
    page.get_by_role("button", name=words["start"]).click()

    expect(page.locator("details.table-card")).to_have_count(3)
    page.locator("details.table-card summary").first.click()
    expect(page.locator("img.qr-large").first).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shot(page, f"start-{lang}-cards")
    link = page.locator("details.table-card a").first.get_attribute("href")
    assert link is not None

    table_phone = new_context(locale="ru-RU" if lang == "ru" else "en-GB").new_page()
    table_phone.goto(urlparse(link).path)  # the site's address is SITE_URL's, here the test's
    expect(table_phone.locator("#deal-form")).to_be_visible()  # ready to score
