"""A whist drive of 8 players for two rounds, on phones (360×740) in English and Russian: the
organiser draws it, each table's phone enters its four hands through the table's own link (one
tap a hand), the second round is seated from the first, and the standings follow. The room's
screen (1280×720) shows each round: the trump of each hand, each table's players and tricks so
far, the round clock set at the draw, and the drive's standings, without scrolling.

Screenshots: tests/browser/screenshots/drive-*.png (the room's screen: drive-*-screen-*.png).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from urllib.parse import urlparse

import pytest
from playwright.sync_api import BrowserContext, expect

from scorebook.clubs import drive
from tests.browser.conftest import PHONE, Site
from tests.browser.helpers import ORGANISER_PASSWORD, club_night, sign_in
from tests.browser.screen_checks import check_screen_fits

pytestmark = pytest.mark.browser

PASSWORD = ORGANISER_PASSWORD
NAMES = ["Anna", "Boris", "Vera", "Gleb", "Dina", "Egor", "Fedor", "Galya"]
WORDS = {
    "en": {"drive": "A whist drive: the winners move on to the next table each round",
           "draw": "Draw the seats", "save": "Save the hands", "round": "Round {n} of 2",
           "standings": "Standings of the drive", "over": "The drive is over",
           "saved": "Saved.", "left": "Time left", "trumps": "4 hands, trumps:"},
    "ru": {"drive": "Вист-драйв: победители каждый круг переходят за следующий стол",
           "draw": "Разыграть места", "save": "Сохранить раздачи", "round": "Круг {n} из 2",
           "standings": "Итоги вист-драйва", "over": "Вист-драйв окончен",
           "saved": "Сохранено.", "left": "Осталось", "trumps": "4 раздачи, козыри:"},
}  # fmt: skip


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_two_rounds_of_a_whist_drive(
    site: Site, new_context: Callable[..., BrowserContext], shot: Callable[..., None], lang: str
) -> None:
    words = WORDS[lang]
    locale = "ru-RU" if lang == "ru" else "en-GB"

    night = site.db(lambda: club_night(lang, NAMES))
    page = new_context(locale=locale).new_page()
    sign_in(page, "organiser", PASSWORD)
    page.goto(f"/e/{night.token}/seating/")
    page.get_by_label(words["drive"]).check()
    page.locator("#rounds").fill("2")
    page.locator("#minutes").fill("20")  # the round clock, for the room's screen
    page.get_by_role("button", name=words["draw"]).click()
    projector = new_context(viewport={"width": 1280, "height": 720}, is_mobile=False,
                            has_touch=False, locale=locale).new_page()  # fmt: skip
    projector.goto(f"/e/{night.display_token}/screen/")

    def seated() -> list[list[str]]:
        night.refresh_from_db()
        return [[p.name for _s, p in row.seats] for row in drive.view(night)["tables"]]

    for number in (1, 2):
        expect(page.locator("p.lead")).to_contain_text(words["round"].format(n=number))
        # The room's screen: this round, its trumps, each table's players, the clock.
        expect(projector.locator(".round-title")).to_contain_text(words["round"].format(n=number))
        expect(projector.locator(".round-trumps")).to_contain_text(words["trumps"])
        expect(projector.locator(".round-trumps .suit")).to_have_count(4)
        cards = projector.locator(".screen-table:not([hidden])")
        expect(cards).to_have_count(2)
        for index, players in enumerate(site.db(seated)):
            expect(cards.nth(index).locator(".seats bdi")).to_have_text(players)
        expect(projector.locator(".screen-clock")).to_contain_text(words["left"])
        expect(projector.locator(".screen-clock .clock-left")).to_have_text(
            re.compile(r"^(20:00|19:[0-5]\d)$")
        )
        check_screen_fits(projector)
        shot(projector, f"drive-{lang}-screen-round-{number}", screen=True)
        links = [a.get_attribute("href") for a in page.locator("details.table-card a").all()]
        assert len(links) == 2
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        shot(page, f"drive-{lang}-round-{number}")
        for index, link in enumerate(links):
            assert link is not None
            phone = new_context(locale=locale).new_page()
            phone.goto(urlparse(link).path)  # the table's code, scanned
            for hand in range(1, 5):
                tricks = str(7 + index) if hand % 2 else str(5)
                phone.locator(f"label.tap:has(input[name=hand_{hand}][value='{tricks}'])").click()
            assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
            if number == 1 and index == 0:
                shot(phone, f"drive-{lang}-table", screen=True)
            phone.get_by_role("button", name=words["save"]).click()
            expect(phone.locator("main")).to_contain_text(words["saved"])
            phone.close()
            if index == 0:  # the first table's tricks on the screen within a poll
                ns, ew = 2 * 7 + 2 * 5, 4 * 13 - (2 * 7 + 2 * 5)
                expect(cards.nth(0).locator(".seats li b:last-child")).to_have_text(
                    [str(ns), str(ew), str(ns), str(ew)]
                )
                expect(cards.nth(0).locator(".state")).to_have_text(re.compile(r"\S"))
                check_screen_fits(projector)
                if number == 1:
                    shot(projector, f"drive-{lang}-screen-entered", screen=True)
        page.reload()

    expect(page.locator("p.lead")).to_contain_text(words["over"])
    expect(page.locator("main")).to_contain_text(words["standings"])
    shot(page, f"drive-{lang}-standings")
    expect(projector.locator(".round-note")).to_contain_text(words["over"])
    # The last round's tables stay on the screen with their tricks (13 a hand between the sides)
    last = projector.locator(".screen-table:not([hidden])")
    expect(last).to_have_count(2)
    figures = [int(x) for x in last.nth(0).locator(".seats li b:last-child").all_inner_texts()]
    assert figures[0] + figures[1] == 13 * 4 and figures[0] == figures[2]
    expect(projector.locator("#screen-standings-title")).to_have_text(words["standings"])
    expect(projector.locator(".screen-ranks tr")).to_have_count(8)
    check_screen_fits(projector)
    shot(projector, f"drive-{lang}-screen-over", screen=True)
    night_page = new_context(locale=locale).new_page()
    night_page.goto(f"/e/{night.token}/")
    expect(night_page.locator("main")).to_contain_text(words["standings"])
