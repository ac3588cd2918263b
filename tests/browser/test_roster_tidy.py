"""The roster kept tidy, on a phone (360 px), in Russian and in English: a guest's tag and an
archived player's are readable, every entry's changes fit beside it, and nothing scrolls the
page sideways."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE
from tests.browser.helpers import sign_in

pytestmark = pytest.mark.browser

PASSWORD = "a long enough password"
USER = "tidy-organiser"


def make_club() -> str:
    from django.contrib.auth import get_user_model

    from scorebook.clubs import services as clubs

    user = get_user_model().objects.create_user(USER, password=PASSWORD)
    club = clubs.create_club(user=user, name="Клуб", variant="russian", language="ru")
    for name in ("Анна", "Борис", "Вера"):
        clubs.add_player(club, name, author=user)
    clubs.add_guest(club, "Константин Константинопольский", author=user)
    gone = clubs.add_player(club, "Глеб", author=user)
    clubs.archive_player(gone, author=user)
    return club.token


@pytest.mark.parametrize(
    ("locale", "lang", "guest", "archived", "button"),
    [
        ("ru-RU", "ru", "гость", "в архиве", "сделать игроком клуба"),
        ("en-GB", "en", "guest", "archived", "make a roster player"),
    ],
)
def test_the_roster_tags_guests_and_the_archive_on_a_phone(
    site, new_context, shot, locale, lang, guest, archived, button
) -> None:
    token = site.db(make_club)
    page = new_context(locale=locale).new_page()
    sign_in(page, USER, PASSWORD)

    page.goto(f"/c/{token}/roster/")
    shot(page, f"roster-tidy-{lang}")

    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    tag = page.locator("ul.roster li", has_text="Константин").locator(".tag")
    expect(tag).to_have_text(guest)
    box = tag.bounding_box()
    assert box is not None and box["height"] >= 14 and box["x"] + box["width"] <= PHONE["width"]
    assert tag.evaluate("e => parseFloat(getComputedStyle(e).fontSize)") >= 12
    expect(page.locator("ul.roster.archived .tag")).to_have_text(archived)
    # Each entry's buttons are a finger's target and inside the screen.
    for control in page.locator(".roster-actions button, .roster-actions a").all():
        area = control.bounding_box()
        assert area is not None and area["height"] >= 24 and area["width"] >= 24, area
        assert area["x"] >= 0 and area["x"] + area["width"] <= PHONE["width"], area

    page.locator("ul.roster li", has_text="Константин").get_by_role("button", name=button).click()

    expect(page.locator("ul.roster li", has_text="Константин").locator(".tag")).to_have_count(0)
    shot(page, f"roster-tidy-{lang}-joined")
