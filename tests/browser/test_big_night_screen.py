"""The room's screen of a big night in rounds: 57 players, 14 tables and one sitting out, on the
projector (1280×720) in English and Russian. It holds 12 tables a page: the first 12, then the
last 2, the page saying which ("Tables 13–14 of 14"), who sits out and the standings on both,
never scrolling and no text under 18 px.

Screenshots: tests/browser/screenshots/big-night-*.png.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import BrowserContext, expect

from scorebook.clubs import seating
from scorebook.clubs import services as clubs
from tests.browser.conftest import Site
from tests.browser.screen_checks import check_screen_fits

pytestmark = pytest.mark.browser

FIRST = ["Anna", "Boris", "Vera", "Gleb", "Dina", "Egor", "Fedor", "Galya", "Ilya", "Kira",
         "Lev", "Masha", "Nina", "Oleg", "Polina", "Roman", "Sveta", "Timur", "Ulyana"]  # fmt: skip
LAST = ["Smirnova", "Ivanov", "Kuznetsova"]
PRESENT = 57


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_room_sees_fourteen_tables_at_once(
    site: Site, new_context: Callable[..., BrowserContext], shot: Callable[..., None], lang: str
) -> None:
    def night_of_57():  # type: ignore[no-untyped-def]
        owner = get_user_model().objects.create_user("organiser", password="lantern-Quartz-917")
        club = clubs.create_club(user=owner, name="Moika", variant="russian", language=lang)
        night = clubs.open_night(club, name="Fri", date=datetime.date(2026, 11, 27), author=owner)
        names = [f"{first} {last}" for last in LAST for first in FIRST][:PRESENT]
        players = [clubs.add_player(club, name, author=owner) for name in names]
        seating.set_present(night, [p.pk for p in players], author=owner)
        seating.draw_rounds(night, "russian", rounds=3, deals=1, seed=11)
        seating.start_round(night, author=owner)
        return night

    night = site.db(night_of_57)
    projector = new_context(viewport={"width": 1280, "height": 720}, locale=lang).new_page()
    projector.goto(f"/e/{night.display_token}/screen/")
    cards = projector.locator(".screen-table:not([hidden])")
    label = projector.locator("#screen-page")
    expect(cards).to_have_count(12)
    expect(label).to_contain_text("1–12")
    expect(label).to_contain_text("14")
    expect(projector.locator(".screen-sitout:not([hidden])")).to_have_count(1)
    check_screen_fits(projector)
    shot(projector, f"big-night-{lang}-screen-1", screen=True)
    # the next page within a turn (10 s): the last two tables
    expect(cards).to_have_count(2, timeout=15_000)
    expect(label).to_contain_text("13–14")
    expect(projector.locator(".screen-sitout:not([hidden])")).to_have_count(1)
    check_screen_fits(projector)
    shot(projector, f"big-night-{lang}-screen-2", screen=True)
