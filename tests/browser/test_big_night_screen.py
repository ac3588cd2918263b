"""The room's screen of a big night in rounds: 57 players, 14 tables and one sitting out, on the
projector (1280×720) in English and Russian. It holds 12 tables a page: the first 12, then the
last 2, the page saying which ("Tables 13–14 of 14"), who sits out and the standings on both,
never scrolling and no text under 18 px.

Screenshots: tests/browser/screenshots/big-night-*.png; and 59 players, three out each round:
night-59-*.png.
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


ROUTE = {
    "en": {"who": "Who are you?", "out": "you sit out", "sit_out": "Sit out this round"},
    "ru": {"who": "Кто вы?", "out": "вы без стола", "sit_out": "Без стола в этом круге"},
}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_fifty_nine_players_three_sit_out_on_the_screen_and_on_their_phones(
    site: Site, new_context: Callable[..., BrowserContext], shot: Callable[..., None], lang: str
) -> None:
    """59 players (the plan with three out of each round): 14 tables, and the three who sit out
    named on the room's screen on both pages; the phone of one of them says so for round 1 and
    seats him at a table in the rounds after, nothing wider than the phone."""
    words = ROUTE[lang]
    locale = "ru-RU" if lang == "ru" else "en-GB"

    def night_of_59():  # type: ignore[no-untyped-def]
        owner = get_user_model().objects.create_user("organiser", password="lantern-Quartz-917")
        club = clubs.create_club(user=owner, name="Moika", variant="russian", language=lang)
        night = clubs.open_night(club, name="Fri", date=datetime.date(2026, 11, 27), author=owner)
        names = [f"{first} {last}" for last in [*LAST, "Popova"] for first in FIRST][:59]
        players = [clubs.add_player(club, name, author=owner) for name in names]
        seating.set_present(night, [p.pk for p in players], author=owner)
        seating.draw_rounds(night, "russian", rounds=3, deals=1, seed=11)
        seating.start_round(night, author=owner)
        view = seating.rounds_view(night)
        assert view is not None
        return night, [p.name for p in view["rounds"][0].sit_out]

    night, out = site.db(night_of_59)
    assert len(out) == 3
    projector = new_context(viewport={"width": 1280, "height": 720}, locale=locale).new_page()
    projector.goto(f"/e/{night.display_token}/screen/")
    cards = projector.locator(".screen-table:not([hidden])")
    sitting_out = projector.locator(".screen-sitout:not([hidden])")
    expect(cards).to_have_count(12)
    expect(sitting_out).to_contain_text(words["sit_out"])
    for name in out:
        expect(sitting_out).to_contain_text(name)
    check_screen_fits(projector)
    shot(projector, f"night-59-{lang}-screen-1", screen=True)
    expect(cards).to_have_count(2, timeout=15_000)  # the next page: the last two tables
    for name in out:
        expect(sitting_out).to_contain_text(name)

    phone = new_context(locale=locale).new_page()
    phone.goto(f"/e/{night.token}/route/")
    expect(phone.locator("h1")).to_have_text(words["who"])
    phone.get_by_role("button", name=out[0]).click()
    route = phone.locator("ol.route li")
    expect(route).to_have_count(3)
    expect(route.nth(0)).to_contain_text(words["out"])
    for later in (1, 2):  # nobody sits out twice in three rounds of 59
        expect(route.nth(later)).not_to_contain_text(words["out"])
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    shot(phone, f"night-59-{lang}-route")
