"""The roster on a phone: each player's *rename* is a target a finger can hit (at least 24 by
24 px, WCAG 2.2's minimum), not a line of small text."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scorebook.clubs import services as clubs

pytestmark = pytest.mark.browser

PASSWORD = "a long enough password"


def make_club() -> str:
    from django.contrib.auth import get_user_model

    user = get_user_model().objects.create_user("roster-organiser", password=PASSWORD)
    club = clubs.create_club(user=user, name="Клуб", variant="russian", language="ru")
    for name in ("Анна", "Борис", "Вера", "Глеб"):
        clubs.add_player(club, name, author=user)
    return club.token


@pytest.mark.parametrize("locale", ["ru-RU", "en-GB"])
def test_each_rename_on_the_roster_is_a_finger_wide(site, new_context, locale) -> None:
    token = site.db(make_club)
    page = new_context(locale=locale).new_page()
    page.goto("/accounts/login/")
    page.locator("#id_username").fill("roster-organiser")
    page.locator("#id_password").fill(PASSWORD)
    page.locator("main form button[type=submit]").click()
    expect(page.locator("nav.account")).to_contain_text("roster-organiser")

    page.goto(f"/c/{token}/roster/")

    links = page.locator("ul.roster a[href$='/name/']")
    assert links.count() == 4
    for i in range(4):
        box = links.nth(i).bounding_box()
        assert box is not None and box["height"] >= 24 and box["width"] >= 24, box
