"""A pairs event of 12 players with long names on the room's screen (1280×720), in English and
Russian: the tournament's standings give each pair's two partners a line each, neither cut to
nothing, and the screen neither scrolls nor shrinks its text under 18 px.

Screenshots: tests/browser/screenshots/pairs-*-screen.png.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import BrowserContext, expect

from scorebook.clubs import seating
from scorebook.tables import services
from scorebook.tables.models import Table
from tests.browser.conftest import Site
from tests.browser.helpers import club_night
from tests.browser.screen_checks import check_screen_fits

pytestmark = pytest.mark.browser

NAMES = {
    "en": ["Anna Petrova", "Boris Ivanov", "Vera Smirnova", "Gleb Kuznetsov", "Dina Popova",
           "Egor Vasiliev", "Zhanna Sokolova", "Zakhar Mikhailov", "Irina Novikova",
           "Kirill Fyodorov", "Larisa Morozova", "Maxim Volkov"],
    "ru": ["Анна Петрова", "Борис Иванов", "Вера Смирнова", "Глеб Кузнецов", "Дарья Попова",
           "Егор Васильев", "Жанна Соколова", "Захар Михайлов", "Ирина Новикова",
           "Кирилл Фёдоров", "Лариса Морозова", "Максим Волков"],
}  # fmt: skip


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_pairs_events_standings_name_both_partners_on_the_rooms_screen(
    site: Site, new_context: Callable[..., BrowserContext], shot: Callable[..., None], lang: str
) -> None:
    def pairs_night():  # type: ignore[no-untyped-def]
        night = club_night(lang, NAMES[lang])
        seating.draw_rounds(night, "russian", rounds=2, deals=1, seed=4, kind=seating.PAIRS)
        seating.start_round(night, author=night.club.roles.get().user)
        night.refresh_from_db()
        for table in Table.objects.filter(pk__in=night.seating["round_tables"]["1"]):
            state = services.table_state(table)
            deal = {"dealer": state.next_dealer or "N", "trump": "S",
                    "tricks": {"NS": 9, "EW": 4}, "honours": {"NS": 3, "EW": 2}}  # fmt: skip
            services.add_deal(table, deal, number=1, author=services.Author(label="t"))
        return seating.round_standings(seating.rounds_view(night)), night

    rows, night = site.db(pairs_night)
    assert len(rows) == 6 and all(len(row["members"]) == 2 for row in rows)
    projector = new_context(viewport={"width": 1280, "height": 720}, is_mobile=False,
                            has_touch=False, locale="ru-RU" if lang == "ru" else "en-GB"
                            ).new_page()  # fmt: skip
    projector.goto(f"/e/{night.display_token}/screen/")

    shot(projector, f"pairs-{lang}-screen", screen=True)
    lines = projector.locator(".screen-ranks tr")
    expect(lines).to_have_count(6)
    for index, row in enumerate(rows):
        partners = lines.nth(index).locator(".name bdi")
        expect(partners).to_have_text(row["members"])
        for bdi in partners.all():  # each partner's name whole, not cut with an ellipsis
            assert bdi.evaluate("el => el.scrollWidth <= el.clientWidth")
    check_screen_fits(projector)
    shot(projector, f"pairs-{lang}-screen", screen=True)
