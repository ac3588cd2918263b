"""A night opened as a whist drive by its preset, on a phone (360×740) in English and Russian:
the club page's *Open a club night* offers the drives, and the night's seating page then has
the drive and that preset chosen, within the phone's width.

Screenshots: tests/browser/screenshots/drive-preset-*.png.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import BrowserContext, expect

from scorebook.clubs import services as clubs
from tests.browser.conftest import PHONE, Site
from tests.browser.helpers import sign_in

pytestmark = pytest.mark.browser

PASSWORD = "lantern-Quartz-917"
WORDS = {
    "en": {"open": "Open a club night", "how": "how the night is played",
           "name": "name of the night", "submit": "Open the night", "which": "Which whist drive",
           "drive": "A whist drive: the winners move on to the next table each round",
           "preset": "Whist drive with a no-trump hand"},
    "ru": {"open": "Открыть игровой вечер", "how": "как играется вечер",
           "name": "название вечера", "submit": "Открыть вечер", "which": "Какой вист-драйв",
           "drive": "Вист-драйв: победители каждый круг переходят за следующий стол",
           "preset": "Вист-драйв с бескозырной раздачей"},
}  # fmt: skip


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_night_opened_as_a_drive(
    site: Site, new_context: Callable[..., BrowserContext], shot: Callable[..., None], lang: str
) -> None:
    words = WORDS[lang]

    def a_club():  # type: ignore[no-untyped-def]
        owner = get_user_model().objects.create_user("organiser", password=PASSWORD)
        return clubs.create_club(user=owner, name="Moika", variant="russian", language=lang)

    club = site.db(a_club)
    page = new_context(locale="ru-RU" if lang == "ru" else "en-GB").new_page()
    sign_in(page, "organiser", PASSWORD)
    page.goto(f"/c/{club.token}/")
    expect(page.locator("details", has_text=words["open"])).to_have_attribute("open", "")
    page.get_by_label(words["name"]).fill("Drive night")
    choice = page.get_by_label(words["how"])
    choice.select_option(label=next(
        o for o in choice.locator("option").all_inner_texts() if o.startswith(words["preset"])
    ))  # fmt: skip
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shot(page, f"drive-preset-{lang}-open")
    page.get_by_role("button", name=words["submit"]).click()

    page.goto(page.url + "seating/")
    expect(page.get_by_label(words["drive"])).to_be_checked()
    which = page.get_by_label(words["which"])
    expect(which).to_have_value("drive-no-trumps")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shot(page, f"drive-preset-{lang}-seating")
