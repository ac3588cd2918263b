"""An individual tournament of 9 players for three rounds (one sits out each round), on phones
(360×740) in English and Russian: the organiser starts each round once the last is over, a
player's phone shows his route, and the night page ranks by the average per round.

Screenshots: tests/browser/screenshots/rounds-*.png.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import BrowserContext, expect

from scorebook.clubs import seating
from scorebook.clubs import services as clubs
from scorebook.tables import services
from scorebook.tables.models import Table
from tests.browser.conftest import PHONE, Site
from tests.browser.helpers import sign_in

pytestmark = pytest.mark.browser

PASSWORD = "lantern-Quartz-917"
NAMES = ["Anna", "Boris", "Vera", "Gleb", "Dina", "Egor", "Fedor", "Galya", "Ilya"]
WORDS = {
    "en": {"start": "Start round {n}", "who": "Who are you?", "out": "you sit out",
           "standings": "Standings of the tournament", "partner": "partner"},
    "ru": {"start": "Начать круг {n}", "who": "Кто вы?", "out": "вы без стола",
           "standings": "Итоги турнира", "partner": "партнёр"},
}  # fmt: skip


def fits(page) -> None:  # type: ignore[no-untyped-def]
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_three_rounds_of_an_individual_tournament(
    site: Site, new_context: Callable[..., BrowserContext], shot: Callable[..., None], lang: str
) -> None:
    words = WORDS[lang]
    locale = "ru-RU" if lang == "ru" else "en-GB"

    def tournament():  # type: ignore[no-untyped-def]
        owner = get_user_model().objects.create_user("organiser", password=PASSWORD)
        club = clubs.create_club(user=owner, name="Moika", variant="russian", language=lang)
        night = clubs.open_night(club, name="Fri", date=datetime.date(2026, 11, 20), author=owner)
        players = [clubs.add_player(club, name, author=owner) for name in NAMES]
        seating.set_present(night, [p.pk for p in players], author=owner)
        seating.draw_rounds(night, "russian", rounds=3, deals=1, seed=11)
        return night

    night = site.db(tournament)

    def play_current() -> None:
        night.refresh_from_db()
        current = str(night.seating["current"])
        for table in Table.objects.filter(pk__in=night.seating["round_tables"][current]):
            state = services.table_state(table)
            deal = {"dealer": state.next_dealer or "N", "trump": "S",
                    "tricks": {"NS": 9, "EW": 4}, "honours": {"NS": 3, "EW": 2}}  # fmt: skip
            services.add_deal(table, deal, number=1, author=services.Author(label="t"))

    page = new_context(locale=locale).new_page()
    sign_in(page, "organiser", PASSWORD)

    for number in (1, 2, 3):
        page.goto(f"/e/{night.token}/seating/")
        button = page.get_by_role("button", name=words["start"].format(n=number))
        expect(button).to_be_enabled()
        fits(page)
        shot(page, f"rounds-{lang}-before-round-{number}")
        button.click()
        expect(page.locator("details.table-card")).to_have_count(2)  # 8 play, 1 sits out
        if number < 3:
            page.goto(f"/e/{night.token}/seating/")
            expect(
                page.get_by_role("button", name=words["start"].format(n=number + 1))
            ).to_be_disabled()
        site.db(play_current)

    phone = new_context(locale=locale).new_page()
    phone.goto(f"/e/{night.token}/route/")
    expect(phone.locator("h1")).to_have_text(words["who"])
    phone.get_by_role("button", name="Ilya").click()
    route = phone.locator("ol.route li")
    expect(route).to_have_count(3)
    expect(phone.locator("ol.route")).to_contain_text(words["partner"])
    fits(phone)
    shot(phone, f"rounds-{lang}-route")
    sits_out = sum(1 for text in route.all_inner_texts() if words["out"] in text)
    assert sits_out <= 1  # nine players, three rounds: each sits out at most once

    page.goto(f"/e/{night.token}/")
    expect(page.locator("main")).to_contain_text(words["standings"])
    fits(page)
    shot(page, f"rounds-{lang}-night")
