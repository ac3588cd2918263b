"""The room's screen (issue 29) on a projector: a night of twelve tables and its standings on one
1280×720 and one 1920×1080 screen without scrolling, text large enough to read across a room,
a deal saved at a table shown within seconds; a larger night pages through its tables.

Screenshots: tests/browser/screenshots/room-screen-*.png (look at them).
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from scorebook.clubs import services as clubs
from scorebook.clubs.views import nights
from scorebook.tables import services
from scorebook.tables.models import Table
from tests.scorebook.conftest import SEATS, russian_deal

pytestmark = pytest.mark.browser

FIRST = ["Александра", "Феофилакт", "Евдокия", "Глеб", "Анна", "Вера", "Борис", "Максимилиан",
         "Зинаида", "Ольга", "Пётр", "Ярослава"]  # fmt: skip
LAST = ["Константиновна", "Воскресенский", "Ли", "Орлов", "Преображенская", "Ким", "Соколов",
        "Беляева"]  # fmt: skip
SCREENS = {"720p": {"width": 1280, "height": 720}, "1080p": {"width": 1920, "height": 1080}}

MEASURE = """() => {
  const inView = (el) => {
    const r = el.getBoundingClientRect();
    return r.height > 0 && r.top >= -0.5 && r.left >= -0.5
      && r.bottom <= innerHeight + 0.5 && r.right <= innerWidth + 0.5;
  };
  const cards = [...document.querySelectorAll('.screen-table')].filter((c) => !c.hidden);
  const texts = [...document.querySelectorAll('.screen-table *, .screen-standings *')]
    .filter((el) => [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim()))
    .filter((el) => el.getClientRects().length);
  return {
    scroll: document.documentElement.scrollHeight,
    scrollWidth: document.documentElement.scrollWidth,
    titles: cards.map((c) => c.querySelector('h2'))
      .map((h) => [h.textContent.trim(), inView(h)]),
    // a card's last player, whole inside his card (nothing cut off at its foot)
    cut: cards.filter((c) => {
      const last = c.querySelector('.seats li:last-child');
      return !last || last.getBoundingClientRect().bottom > c.getBoundingClientRect().bottom - 1;
    }).map((c) => c.querySelector('h2').textContent.trim()),
    cardFont: Math.min(...cards.flatMap((c) => [...c.querySelectorAll('*')])
      .map((el) => parseFloat(getComputedStyle(el).fontSize))),
    smallest: Math.min(...texts.map((el) => parseFloat(getComputedStyle(el).fontSize))),
    ranks: [...document.querySelectorAll('.screen-ranks tr')].map(inView),
    standingsTitle: inView(document.querySelector('#screen-standings-title')),
    fonts: [...document.fonts].map((f) => `${f.family} ${f.weight} ${f.status}`),
  };
}"""


def player(n: int) -> str:
    return f"{FIRST[n % len(FIRST)]} {LAST[(n * 5 + n // len(FIRST)) % len(LAST)]}"


def deal(table: Any, tricks: int) -> None:
    state = services.table_state(table)
    data = (
        russian_deal(state.next_dealer or "N", tricks)
        if table.variant == "russian"
        else {"dealer": state.next_dealer or "N", "trump": "H",
              "tricks": {"NS": tricks, "EW": 13 - tricks}, "honours": {"NS": 2, "EW": 2}}
    )  # fmt: skip
    services.add_deal(table, data, number=state.next_number, author=services.Author(label="t"))


def make_night(language: str, tables: int, confirmation: str = "off") -> tuple[str, list[int]]:
    """A club night of ``tables`` tables (the last one English whist), each with a few deals
    (waiting for the other side's confirmation with ``confirmation="deal"``); returns the
    screen's link and the tables' ids."""
    from django.contrib.auth import get_user_model

    user = get_user_model().objects.create_user(f"org-{language}-{tables}", password="x" * 12)
    name = "Клуб «Набережная»" if language == "ru" else "Riverside Whist Club"
    club = clubs.create_club(user=user, name=name, variant="russian", language=language,
                             confirmation=confirmation)  # fmt: skip
    night = clubs.open_night(
        club,
        name="Вечер во вторник" if language == "ru" else "Tuesday club night",
        date=datetime.date(2026, 11, 24),
        place="Зал на набережной" if language == "ru" else "The Riverside room",
        author=user,
    )
    made = []
    for t in range(tables):
        players = {seat: player(4 * t + i) for i, seat in enumerate(SEATS)}
        variant = "english-short" if t == tables - 1 else "russian"
        table = clubs.start_table(night, author=user, variant=variant, players=players,
                                  first_dealer="N")  # fmt: skip
        for tricks in (9, 4, 9, 8, 9, 3, 10)[: 1 + t % 7]:
            deal(table, tricks)
        made.append(table.pk)
    return night.display_token, made


def check_fits(page: Page, size: str, tables: int) -> dict[str, Any]:
    page.evaluate("document.fonts.ready.then(() => true)")
    found = page.evaluate(MEASURE)
    height, width = SCREENS[size]["height"], SCREENS[size]["width"]
    assert found["scroll"] <= height, f"the screen scrolls at {size}: {found['scroll']}"
    assert found["scrollWidth"] <= width, f"the screen scrolls sideways at {size}"
    assert len(found["titles"]) == min(tables, nights.SCREEN_PAGE)
    assert all(seen for _title, seen in found["titles"]), found["titles"]
    assert all(f.endswith("loaded") for f in found["fonts"]), found["fonts"]
    assert not found["cut"], f"players cut off at the foot of {found['cut']} at {size}"
    assert found["standingsTitle"] and found["ranks"] and all(found["ranks"]), found["ranks"]
    assert found["smallest"] >= 18, found["smallest"]
    if size == "720p":
        assert found["cardFont"] >= 18, found["cardFont"]
    return found


@pytest.mark.parametrize("language", ["en", "ru"])
def test_twelve_tables_and_the_standings_on_one_screen(
    site, new_context, shot: Callable[..., None], language: str
) -> None:
    # In Russian the tables ask for confirmation: each card has a line more, and still fits.
    confirming = "deal" if language == "ru" else "off"
    token, tables = site.db(lambda: make_night(language, 12, confirming))
    words = {"en": ("Standings of the night", "Full screen", "deals"),
             "ru": ("Итоги вечера", "Во весь экран", "сдач")}[language]  # fmt: skip

    for size, viewport in SCREENS.items():
        # The projector's browser asks for English: the screen speaks the club's language.
        context = new_context(viewport=viewport, is_mobile=False, has_touch=False)
        page = context.new_page()
        page.goto(f"/e/{token}/screen/")
        expect(page.locator("html")).to_have_attribute("lang", language)
        expect(page.locator("#screen-standings-title")).to_have_text(words[0])
        expect(page.locator(".screen-table")).to_have_count(12)
        expect(page.locator(".site-header")).to_have_count(0)
        expect(page.locator("a")).to_have_count(0)
        page.evaluate("document.fonts.ready.then(() => true)")
        shot(page, f"room-screen-{language}-{size}", screen=True)
        found = check_fits(page, size, 12)
        if language == "ru":
            expect(page.locator(".screen-table .awaiting")).to_have_count(12)
        assert len(found["ranks"]) == 10 + 4  # Russian whist's first ten, English whist's four

        if size == "720p":
            # A deal saved at table 12 meanwhile is on the screen within a few seconds.
            last = page.locator(".screen-table").nth(11)
            before = 1 + 11 % 7  # the deals make_night recorded at table 12
            expect(last.locator(".games")).to_contain_text(f"{before} {words[2]}")
            site.db(lambda: deal(Table.objects.get(pk=tables[-1]), 9))
            expect(last.locator(".games")).to_contain_text(
                f"{before + 1} {words[2]}", timeout=6_000
            )
            check_fits(page, size, 12)

            # Full screen on a tap, and the button gone once there.
            button = page.get_by_role("button", name=words[1])
            expect(button).to_be_visible()
            button.click()
            expect(button).to_be_hidden()
        context.close()


def test_a_larger_night_pages_through_its_tables_with_the_standings_in_view(
    site, new_context, shot: Callable[..., None], monkeypatch
) -> None:
    monkeypatch.setattr(nights, "SCREEN_TURN_SECONDS", 2)
    token, _tables = site.db(lambda: make_night("en", 15))
    page = new_context(viewport=SCREENS["720p"], is_mobile=False, has_touch=False).new_page()

    page.goto(f"/e/{token}/screen/")

    label = page.locator("#screen-page")
    expect(label).to_have_text("Tables 1–12 of 15")
    check_fits(page, "720p", 12)
    thirteenth = page.get_by_role("heading", name="Table 13", exact=True)
    expect(thirteenth).to_be_visible(timeout=6_000)
    expect(label).to_have_text("Tables 13–15 of 15")
    expect(page.get_by_role("heading", name="Table 1", exact=True)).to_be_hidden()
    assert page.locator(".screen-table:not([hidden])").count() == 3
    found = page.evaluate(MEASURE)
    assert found["scroll"] <= 720 and all(found["ranks"]) and not found["cut"]
    shot(page, "room-screen-en-paged", screen=True)
    expect(label).to_have_text("Tables 1–12 of 15", timeout=6_000)  # and round again
