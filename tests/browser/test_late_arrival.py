"""A late arrival and a leaver at an individual tournament, on phones (360×740) in English and
Russian: nine players play round 1, a tenth arrives (a guest typed by the organiser) and round
2 seats ten; then one of them leaves and round 3 seats nine again; the late arrival's route
shows round 1 as not played.

Screenshots: tests/browser/screenshots/late-*.png.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import BrowserContext, expect

from scorebook.clubs import seating
from scorebook.tables import services
from scorebook.tables.models import Table
from tests.browser.conftest import PHONE, Site
from tests.browser.helpers import ORGANISER_PASSWORD, club_night, sign_in

pytestmark = pytest.mark.browser

PASSWORD = ORGANISER_PASSWORD
NAMES = ["Anna", "Boris", "Vera", "Gleb", "Dina", "Egor", "Fedor", "Galya", "Ilya"]
WORDS = {
    "en": {"start": "Start round {n}", "late": "Add a late player", "guest": "or a guest's name",
           "leave": "A player leaves", "who_leaves": "Who leaves",
           "joined": "plays from the next round", "left": "the rounds left are planned again",
           "absent": "not playing", "partner": "partner"},
    "ru": {"start": "Начать круг {n}", "late": "Добавить опоздавшего", "guest": "или имя гостя",
           "leave": "Игрок уходит", "who_leaves": "Кто уходит",
           "joined": "играет со следующего круга", "left": "оставшиеся круги рассажены заново",
           "absent": "не играет", "partner": "партнёр"},
}  # fmt: skip


def fits(page) -> None:  # type: ignore[no-untyped-def]
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_tenth_player_arrives_after_round_one_and_one_leaves_after_round_two(
    site: Site, new_context: Callable[..., BrowserContext], shot: Callable[..., None], lang: str
) -> None:
    words = WORDS[lang]
    locale = "ru-RU" if lang == "ru" else "en-GB"

    def tournament():  # type: ignore[no-untyped-def]
        night = club_night(lang, NAMES)
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

    def seated_in(number: int) -> int:
        night.refresh_from_db()
        pks = night.seating["round_tables"][str(number)]
        return sum(Table.objects.get(pk=pk).seats.count() for pk in pks)

    page = new_context(locale=locale).new_page()
    sign_in(page, "organiser", PASSWORD)
    rounds_page = f"/e/{night.token}/seating/"

    # Round 1: nine players, two tables, one sits out.
    page.goto(rounds_page)
    page.get_by_role("button", name=words["start"].format(n=1)).click()
    expect(page.locator("details.table-card")).to_have_count(2)
    site.db(play_current)
    assert site.db(lambda: seated_in(1)) == 8

    # A tenth player arrives: a guest typed by the organiser.
    page.goto(rounds_page)
    page.get_by_label(words["guest"]).fill("Kira")
    page.get_by_role("button", name=words["late"]).click()
    expect(page.locator("main")).to_contain_text(words["joined"])
    fits(page)
    shot(page, f"late-{lang}-arrived")
    page.get_by_role("button", name=words["start"].format(n=2)).click()
    expect(page.locator("details.table-card")).to_have_count(2)
    site.db(play_current)
    assert site.db(lambda: seated_in(2)) == 8  # ten present: two tables, two sit out

    # One leaves: Anna goes home; round 3 seats nine (eight at two tables, one out).
    page.goto(rounds_page)
    page.get_by_label(words["who_leaves"]).select_option(label="Anna")
    page.get_by_role("button", name=words["leave"]).click()
    expect(page.locator("main")).to_contain_text(words["left"])
    fits(page)
    shot(page, f"late-{lang}-left")
    nxt = page.locator("#round-next").locator("xpath=..")
    expect(nxt).not_to_contain_text("Anna")
    expect(nxt).to_contain_text("Kira")
    page.get_by_role("button", name=words["start"].format(n=3)).click()
    expect(page.locator("details.table-card")).to_have_count(2)
    assert site.db(lambda: seated_in(3)) == 8

    def round_three_people() -> set[str]:
        view = seating.rounds_view(night)
        assert view is not None
        r = view["rounds"][2]
        return {p.name for row in r.tables for _s, p in row.seats} | {p.name for p in r.sit_out}

    people = site.db(round_three_people)
    assert "Anna" not in people and "Kira" in people and len(people) == 9

    # The late arrival's phone: round 1 not played, rounds 2 and 3 seated (or out).
    phone = new_context(locale=locale).new_page()
    phone.goto(f"/e/{night.token}/route/")
    phone.get_by_role("button", name="Kira").click()
    route = phone.locator("ol.route li")
    expect(route).to_have_count(3)
    expect(route.nth(0)).to_contain_text(words["absent"])
    fits(phone)
    shot(phone, f"late-{lang}-route")


DRIVE_WORDS = {
    "en": {"waits": "waits for a seat", "waiting": "Waiting for a seat:",
           "leaves": "leaves after this round", "leaving": "Leaving after this round:"},
    "ru": {"waits": "ждёт места", "waiting": "Ждут места:",
           "leaves": "уходит после этого круга", "leaving": "Уходят после этого круга:"},
}  # fmt: skip


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_late_arrival_waits_at_a_drive_and_takes_a_leavers_seat(
    site: Site, new_context: Callable[..., BrowserContext], shot: Callable[..., None], lang: str
) -> None:
    from scorebook.clubs import drive

    words, late = WORDS[lang], DRIVE_WORDS[lang]
    locale = "ru-RU" if lang == "ru" else "en-GB"

    def drive_night():  # type: ignore[no-untyped-def]
        night = club_night(lang, NAMES[:8])
        drive.draw_drive(night, hands=1, rounds=3, seed=2)
        return night

    night = site.db(drive_night)
    page = new_context(locale=locale).new_page()
    sign_in(page, "organiser", PASSWORD)
    page.goto(f"/e/{night.token}/seating/")
    page.get_by_label(words["guest"]).fill("Kira")
    page.get_by_role("button", name=words["late"]).click()
    expect(page.locator("main")).to_contain_text(late["waits"])
    expect(page.locator("main")).to_contain_text(late["waiting"])
    page.get_by_label(words["who_leaves"]).select_option(label="Anna")
    page.get_by_role("button", name=words["leave"]).click()
    expect(page.locator("main")).to_contain_text(late["leaving"])
    fits(page)
    shot(page, f"late-{lang}-drive")

    def end_round() -> None:
        night.refresh_from_db()
        drive.enter(night, 1, [7])
        night.refresh_from_db()
        drive.enter(night, 2, [5])

    site.db(end_round)
    page.goto(f"/e/{night.token}/seating/")
    cards = page.locator("details.table-card")
    expect(cards).to_have_count(2)
    expect(page.locator(".table-cards")).to_contain_text("Kira")
    expect(page.locator(".table-cards")).not_to_contain_text("Anna")
    fits(page)
    shot(page, f"late-{lang}-drive-round-2")
