"""An individual tournament of 9 players for three rounds (one sits out each round), on phones
(360×740) in English and Russian: the organiser starts each round once the last is over, a
player's phone shows his route, and the night page ranks by the average per round. The room's
screen (1280×720, the projector) shows each round's seating and who sits out, the round clock
the organiser set on the night page, and the standings, without scrolling.

Screenshots: tests/browser/screenshots/rounds-*.png (the room's screen: rounds-*-screen-*.png).
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import BrowserContext, expect

from scorebook.clubs import seating
from scorebook.clubs import services as clubs
from scorebook.tables import services
from scorebook.tables.models import Table
from tests.browser.conftest import PHONE, Site
from tests.browser.helpers import ORGANISER_PASSWORD, Tapper, club_night, sign_in
from tests.browser.screen_checks import check_screen_fits

pytestmark = pytest.mark.browser

PASSWORD = ORGANISER_PASSWORD
NAMES = ["Anna", "Boris", "Vera", "Gleb", "Dina", "Egor", "Fedor", "Galya", "Ilya"]
WORDS = {
    "en": {"start": "Start round {n}", "who": "Who are you?", "out": "you sit out",
           "standings": "Standings of the tournament", "partner": "partner",
           "round": "Round {n} of 3", "seats": "take your seats", "sit_out": "Sit out this round",
           "minutes": "Minutes a round, for the room's screen (empty: no clock)",
           "set": "Set the clock", "left": "Time left", "over": "Every round has been played.",
           "card": "My route card (PDF, to print or keep)"},
    "ru": {"start": "Начать круг {n}", "who": "Кто вы?", "out": "вы без стола",
           "standings": "Итоги турнира", "partner": "партнёр",
           "round": "Круг {n} из 3", "seats": "занимайте места",
           "sit_out": "Без стола в этом круге",
           "minutes": "Минут на круг, для экрана зала (пусто: без часов)",
           "set": "Поставить часы", "left": "Осталось", "over": "Все круги сыграны.",
           "card": "Моя маршрутная карточка (PDF: распечатать или сохранить)"},
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

    def seated(number: int) -> tuple[list[list[str]], list[str]]:
        """Round ``number``'s tables (N, E, S, W) and who sits out, by name."""
        view = seating.rounds_view(night)
        assert view is not None
        plan_round = view["rounds"][number - 1]
        tables = [[p.name for _s, p in row.seats] for row in plan_round.tables]
        return tables, [p.name for p in plan_round.sit_out]

    page = new_context(locale=locale).new_page()
    sign_in(page, "organiser", PASSWORD)
    # The organiser gives each round 30 minutes on the night page.
    page.goto(f"/e/{night.token}/")
    page.get_by_label(words["minutes"]).fill("30")
    page.get_by_role("button", name=words["set"]).click()
    expect(page.get_by_label(words["minutes"])).to_have_value("30")

    # The projector's browser (1280×720) keeps the room's screen open all night.
    projector = new_context(viewport={"width": 1280, "height": 720}, is_mobile=False,
                            has_touch=False, locale=locale).new_page()  # fmt: skip
    projector.goto(f"/e/{night.display_token}/screen/")
    title = projector.locator(".round-title:not([hidden])")
    expect(title).to_contain_text(words["round"].format(n=1) + ": " + words["seats"])
    check_screen_fits(projector)
    shot(projector, f"rounds-{lang}-screen-before", screen=True)

    for number in (1, 2, 3):
        page.goto(f"/e/{night.token}/seating/")
        button = page.get_by_role("button", name=words["start"].format(n=number))
        expect(button).to_be_enabled()
        fits(page)
        shot(page, f"rounds-{lang}-before-round-{number}")
        button.click()
        expect(page.locator("details.table-card")).to_have_count(2)  # 8 play, 1 sits out

        # The room's screen turns to the round within a poll: its seating, who sits out, the
        # clock counting down, the standings beside them; nothing to scroll.
        tables, out = site.db(lambda n=number: seated(n))
        expect(title).to_have_text(re.compile(re.escape(words["round"].format(n=number)) + r"\s+·"))
        cards = projector.locator(".screen-table:not([hidden])")
        expect(cards).to_have_count(2)
        for index, players in enumerate(tables):
            names = cards.nth(index).locator(".seats bdi")
            expect(names).to_have_text(players)
        sitting_out = projector.locator(".screen-sitout:not([hidden])")
        expect(sitting_out).to_contain_text(words["sit_out"])
        expect(sitting_out).to_contain_text(out[0])
        expect(projector.locator(".screen-clock")).to_contain_text(words["left"])
        expect(projector.locator(".screen-clock .clock-left")).to_have_text(
            re.compile(r"^(30:00|29:[0-5]\d)$")
        )
        check_screen_fits(projector)
        shot(projector, f"rounds-{lang}-screen-round-{number}", screen=True)
        if number < 3:
            page.goto(f"/e/{night.token}/seating/")
            expect(
                page.get_by_role("button", name=words["start"].format(n=number + 1))
            ).to_be_disabled()
        site.db(play_current)

    # Every round played: the last round's results, and no clock left to count.
    expect(title).to_contain_text(words["round"].format(n=3))
    expect(projector.locator(".round-note")).to_have_text(words["over"])
    expect(projector.locator(".screen-clock")).to_have_count(0)
    check_screen_fits(projector)
    shot(projector, f"rounds-{lang}-screen-over", screen=True)
    on_phone = new_context(locale=locale).new_page()
    on_phone.goto(f"/e/{night.display_token}/screen/")
    expect(on_phone.locator(".round-title")).to_contain_text(words["round"].format(n=3))
    shot(on_phone, f"rounds-{lang}-screen-phone", screen=True)

    phone = new_context(locale=locale).new_page()
    phone.goto(f"/e/{night.token}/route/")
    expect(phone.locator("h1")).to_have_text(words["who"])
    phone.get_by_role("button", name="Ilya").click()
    route = phone.locator("ol.route li")
    expect(route).to_have_count(3)
    expect(phone.locator("ol.route")).to_contain_text(words["partner"])
    fits(phone)
    shot(phone, f"rounds-{lang}-route")
    card = phone.get_by_role("link", name=words["card"])  # his route card, to print or keep
    expect(card).to_be_visible()
    printed = phone.request.get(str(card.get_attribute("href")))
    assert printed.ok and printed.headers["content-type"] == "application/pdf"
    sits_out = sum(1 for text in route.all_inner_texts() if words["out"] in text)
    assert sits_out <= 1  # nine players, three rounds: each sits out at most once

    page.goto(f"/e/{night.token}/")
    expect(page.locator("main")).to_contain_text(words["standings"])
    fits(page)
    shot(page, f"rounds-{lang}-night")


def test_twelve_tables_of_a_round_fit_the_rooms_screen(
    site: Site, new_context: Callable[..., BrowserContext], shot: Callable[..., None]
) -> None:
    """49 players: twelve tables and one sitting out, on 1280×720 and 1920×1080 alike."""

    def tournament():  # type: ignore[no-untyped-def]
        owner = get_user_model().objects.create_user("organiser", password=PASSWORD)
        club = clubs.create_club(user=owner, name="Moika", variant="russian", language="ru")
        night = clubs.open_night(club, name="Турнир", date=datetime.date(2026, 11, 20),
                                 author=owner)  # fmt: skip
        players = [
            clubs.add_player(club, f"{NAMES[n % 9]} Преображенская-{n}", author=owner)
            for n in range(49)
        ]
        seating.set_present(night, [p.pk for p in players], author=owner)
        seating.draw_rounds(night, "russian", rounds=2, deals=8, seed=3)
        seating.start_round(night, author=owner)
        return night

    night = site.db(tournament)
    for size in ({"width": 1280, "height": 720}, {"width": 1920, "height": 1080}):
        page = new_context(viewport=size, is_mobile=False, has_touch=False).new_page()
        page.goto(f"/e/{night.display_token}/screen/")
        expect(page.locator(".screen-table:not([hidden])")).to_have_count(12)
        expect(page.locator(".screen-sitout")).to_contain_text("Без стола в этом круге")
        expect(page.locator("#screen-page")).to_be_hidden()
        check_screen_fits(page, size["width"], size["height"])
        shot(page, f"rounds-ru-screen-twelve-{size['width']}", screen=True)


ROUND_WORDS = {
    "en": {"rounds": "Rounds (empty: the whole plan)",
           "refused": "The plan for 9 players has 9 rounds",
           "free_count": "9 present: 2 tables, 1 sit out",
           "count": "9 present: 2 tables a round, 1 sit out each round",
           "progress": "Round 1: deal 1 of 1", "save": "Save deal",
           "over": "Round 1 is over at this table: its 1 deal is played.",
           "next": "Where do I sit next?", "who": "Who are you?"},
    "ru": {"rounds": "Кругов (пусто: весь план)",
           "refused": "План для игроков: 9; кругов в нём: 9.",
           "free_count": "Пришли 9: столов 2, без стола 1",
           "count": "Пришли 9: за круг столов 2, без стола в каждом круге 1",
           "progress": "Круг 1: сдача 1 из 1", "save": "Сохранить сдачу",
           "over": "Круг 1 за этим столом окончен: сыграна 1 сдача.",
           "next": "Где я сижу дальше?", "who": "Кто вы?"},
}  # fmt: skip


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_refused_draw_keeps_the_form_and_a_table_is_told_its_round_is_over(
    site: Site, new_context: Callable[..., BrowserContext], shot: Callable[..., None], lang: str
) -> None:
    """On the organiser's phone, 20 rounds for 9 players come back at the Rounds field, the
    tournament still chosen; the table phone of round 1 says the round at the top of its form,
    and once its deal is saved, that its round is over and where to look next."""
    words = ROUND_WORDS[lang]
    locale = "ru-RU" if lang == "ru" else "en-GB"

    night = site.db(lambda: club_night(lang, NAMES))
    page = new_context(locale=locale).new_page()
    sign_in(page, "organiser", PASSWORD)
    page.goto(f"/e/{night.token}/seating/")
    expect(page.locator(".count-line:visible")).to_have_text(words["free_count"])
    page.locator("input[name=format][value=individual]").check()
    expect(page.locator(".count-line:visible")).to_have_text(words["count"])
    page.get_by_label(words["rounds"]).fill("20")
    page.locator("input[name=deals]").fill("1")
    page.locator(".draw-form button[type=submit]").click()

    error = page.locator("#rounds-error")
    expect(error).to_contain_text(words["refused"])
    expect(error).to_be_visible()
    expect(page.locator("input[name=format][value=individual]")).to_be_checked()
    expect(page.locator("input[name=deals]")).to_have_value("1")
    expect(page.locator("input[name=hands]")).to_be_hidden()  # a drive's field, not chosen
    expect(page.locator(".count-line:visible")).to_have_text(words["count"])
    fits(page)
    shot(page, f"rounds-{lang}-refused-at-the-field")

    page.get_by_label(words["rounds"]).fill("2")
    page.locator(".draw-form button[type=submit]").click()
    page.locator("form:has(input[name=action][value=round]) button").click()
    expect(page.locator("details.table-card")).to_have_count(2)

    table = site.db(lambda: Table.objects.filter(evening=night).order_by("number", "pk").first())
    phone = new_context(locale=locale).new_page()
    phone.goto(f"/t/{table.edit_token}/")
    expect(phone.locator(".round-progress")).to_have_text(words["progress"])
    tap = Tapper(phone, by_text=False)
    tap.trump("S")
    tap.tricks(9)
    phone.get_by_role("button", name=words["save"]).click()

    note = phone.locator(".round-over")
    expect(note).to_contain_text(words["over"])
    fits(phone)
    shot(phone, f"rounds-{lang}-table-round-over")
    phone.get_by_role("link", name=words["next"]).click()
    expect(phone.locator("h1")).to_have_text(words["who"])
