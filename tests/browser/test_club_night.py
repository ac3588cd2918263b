"""A club secretary's evening, on a phone, in English and in Russian.

Sign up, create a club, open a club night, start two Russian whist tables from it, record
deals at both, set up a season (a total ladder) covering the night, read the standings,
correct one deal and watch the standings follow (the season page, the night page, a player's
page), and print the ladder. No page of the club may scroll sideways at 360 px.

Full-page screenshots of the club, night, season and player pages go to $BROWSER_SHOTS if set,
else to the test's tmp_path, with the ladder PDF beside them.
"""

from __future__ import annotations

import datetime
import io
import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from pypdf import PdfReader

from tests.browser.conftest import PHONE
from tests.browser.helpers import Deal, Tapper, check_sheet, deal_log, russian_whist

pytestmark = pytest.mark.browser

TABLE_URL = re.compile(r"/t/([A-Za-z0-9_-]+)/$")
CLUB_URL = re.compile(r"/c/([A-Za-z0-9_-]+)/$")
NIGHT_URL = re.compile(r"/e/([A-Za-z0-9_-]+)/$")
SEASON_URL = re.compile(r"/c/[A-Za-z0-9_-]+/seasons/(\d+)/$")
PLAYER_URL = re.compile(r"/c/[A-Za-z0-9_-]+/players/(\d+)/\?season=\d+$")  # the season followed
MINUS = "\u2212"

# Table 1: NS +6 below and +6 above (honours 2 and 4), EW +2 and +2: NS +8, EW −8.
FIRST = [Deal(7, 3, "S"), Deal(6, 2, "H"), Deal(8, 4, "D")]
# Deal 2 corrected: NS took 7 tricks, not 6, so EW lose their 2 below: NS +12, EW −12.
FIRST_CORRECTED = [FIRST[0], Deal(7, 2, "H"), FIRST[2]]
# Table 2: EW +4 below and +4 above, then NS +6 below and EW +2 above: NS −4, EW +4.
SECOND = [Deal(5, 1, "C"), Deal(9, 2, "S")]

WORDS: dict[str, dict[str, Any]] = {
    "en": {
        "sign_in": "Sign in",
        "to_sign_up": "No account yet? Sign up",
        "sign_up": "Sign up",
        "sign_out": "Sign out",
        "new_club": "New club",
        "create_club": "Create the club",
        "open_night": "Open the night",
        "no_table": "No table yet.",
        "start_table": "Start the table",
        "save_deal": "Save deal",
        "correct": "Correct deal 2",
        "save_correction": "Save the correction",
        "new_season": "New season",
        "save_season": "Save the season",
        "night_standings": "Standings of the night",
        "nights_heading": "Club nights",
        "print": "Print (PDF)",
        "net_result": "Net result",
        "club": "Riverside Whist Club",
        "city": "Oxford",
        "night": "Tuesday club night",
        "place": "The Riverside room",
        "season": "Season {year}",
        "tables": [
            {"N": "Anna", "E": "Boris", "S": "Vera", "W": "Gleb"},
            {"N": "Dmitri", "E": "Elena", "S": "Fyodor", "W": "Galina"},
        ],
    },
    "ru": {
        "sign_in": "Войти",
        "to_sign_up": "Нет учётной записи? Зарегистрируйтесь",
        "sign_up": "Зарегистрироваться",
        "sign_out": "Выйти",
        "new_club": "Новый клуб",
        "create_club": "Создать клуб",
        "open_night": "Открыть вечер",
        "no_table": "Столов пока нет.",
        "start_table": "Начать игру",
        "save_deal": "Сохранить сдачу",
        "correct": "Исправить сдачу 2",
        "save_correction": "Сохранить исправление",
        "new_season": "Новый сезон",
        "save_season": "Сохранить сезон",
        "night_standings": "Итоги вечера",
        "nights_heading": "Игровые вечера",
        "print": "Печать (PDF)",
        "net_result": "Итог",
        "club": "Клуб «Набережная»",
        "city": "Самара",
        "night": "Вечер во вторник",
        "place": "Зал на набережной",
        "season": "Сезон {year}",
        "tables": [
            {"N": "Анна", "E": "Борис", "S": "Вера", "W": "Глеб"},
            {"N": "Дмитрий", "E": "Елена", "S": "Фёдор", "W": "Галина"},
        ],
    },
}

READ_STANDINGS = """(table) => Object.fromEntries([...table.querySelectorAll('tbody tr')].map(
  (tr) => [tr.querySelector('td.name').textContent.trim(),
           tr.querySelectorAll('td.num')[1].textContent.trim()]))"""

OVERFLOW = """() => {
  const width = window.innerWidth;
  const wide = [...document.querySelectorAll('body *')]
    .filter((el) => el.getBoundingClientRect().right > width + 0.5)
    .slice(0, 5)
    .map((el) => el.tagName.toLowerCase() + (el.className ? '.' + el.className : '')
                 + ' → ' + Math.round(el.getBoundingClientRect().right));
  return {scroll: document.documentElement.scrollWidth, inner: width, wide};
}"""

# Words on the page with Latin letters and no Cyrillic at all (a string left untranslated).
UNTRANSLATED = """() => [...document.querySelectorAll(
    'main :is(h1, h2, h3, th, button, summary, label, a.button, .hint, .subtitle, dt)')]
  .map((el) => el.textContent.replace(/\\s+/g, ' ').trim())
  .filter((t) => /[A-Za-z]{3,}/.test(t) && !/[А-Яа-яЁё]/.test(t) && !/^(CSV|PDF)$/.test(t))"""


def expected_values(deals: list[Deal], players: dict[str, str]) -> dict[str, int]:
    """Each player's result at one table: his side's settlement."""
    settlement = russian_whist(deals).settlement
    return {name: settlement["NS" if seat in "NS" else "EW"] for seat, name in players.items()}


def shown(value: int) -> str:
    """A total as the standings show it: whole, with a true minus sign and no plus."""
    return f"{MINUS}{-value}" if value < 0 else str(value)


def signed(value: int) -> str:
    """An amount as the night's tables and the player's page show it: +5, −5 or 0."""
    return f"+{value}" if value > 0 else shown(value)


def standings_of(page: Page, scope: str = "main") -> dict[str, str]:
    table = page.locator(f"{scope} table.standings").first
    expect(table).to_be_visible()
    return table.evaluate(READ_STANDINGS)


def value_cell(page: Page, scope: str, name: str) -> Any:
    """The standings' value of the player of that name."""
    name_cell = page.locator("td.name").get_by_text(name, exact=True)
    row = page.locator(f"{scope} table.standings tbody tr", has=name_cell)
    return row.locator("td.num").nth(1)


def check_page(page: Page, what: str, lang: str) -> None:
    """The page never scrolls sideways at 360 px; in Russian, no English is left on its
    headings, column heads, buttons and labels."""
    found = page.evaluate(OVERFLOW)
    assert found["inner"] == PHONE["width"], (what, found)
    assert found["scroll"] <= found["inner"], f"{what} scrolls sideways at 360 px: {found}"
    if lang == "ru":
        english = page.evaluate(UNTRANSLATED)
        assert not english, f"English left on {what}: {english}"


@pytest.fixture
def shots(tmp_path: Path) -> Callable[[Page, str], Path]:
    folder = Path(os.environ.get("BROWSER_SHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)

    def take(page: Page, name: str) -> Path:
        path = folder / f"{name}.png"
        page.screenshot(path=str(path), full_page=True)
        return path

    take.folder = folder  # type: ignore[attr-defined]
    return take


def save_in_place(page: Page, number: int, button: str) -> None:
    """Save the deal form and wait for the sheet, checking the page was not reloaded."""
    page.evaluate("window.__marker = 1")
    page.get_by_role("button", name=button, exact=True).click()
    expect(deal_log(page).last).to_have_attribute("value", str(number))
    expect(deal_log(page)).to_have_count(number)
    assert page.evaluate("window.__marker") == 1, "the page was reloaded instead of swapped"


def start_night_table(
    page: Page, words: dict[str, Any], players: dict[str, str], night: str, lang: str
) -> str:
    """From the night page, start a table of the club's variant; returns its edit URL."""
    expect(page.get_by_role("heading", level=1)).to_have_text(night)
    start = page.locator("a.button.primary[href$='/new/russian/']")
    expect(start).to_have_text("Russian whist" if lang == "en" else "Русский вист")
    start.click()
    expect(page.locator("h1")).to_have_text("Russian whist" if lang == "en" else "Русский вист")
    expect(page.locator(".subtitle")).to_contain_text(night)
    check_page(page, "the night's new table form", lang)
    for seat, name in players.items():
        page.locator(f"#id_player_{seat}").fill(name)
    page.get_by_role("button", name=words["start_table"], exact=True).click()
    expect(page).to_have_url(TABLE_URL)
    for name in players.values():
        expect(page.locator(".seating")).to_contain_text(name)
    return page.url


def record(
    page: Page, deals: list[Deal], players: dict[str, str], words: dict[str, Any], lang: str
) -> None:
    tap = Tapper(page, by_text=lang == "en")
    for number, deal in enumerate(deals, start=1):
        tap.deal(deal)
        save_in_place(page, number, words["save_deal"])
    check_sheet(page, deals, players, english=lang == "en")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_club_night(page: Page, lang: str, shots) -> None:
    words = WORDS[lang]
    first, second = words["tables"]
    today = datetime.date.today()
    season_name = words["season"].format(year=today.year)

    # 1. Sign up (in Russian, after switching the language), and land home signed in.
    page.goto("/")
    if lang == "ru":
        page.get_by_role("button", name="RU").click()
    expect(page.locator("html")).to_have_attribute("lang", lang)
    page.locator("nav.account").get_by_role("link", name=words["sign_in"]).click()
    page.get_by_role("link", name=words["to_sign_up"]).click()
    username = f"secretary-{lang}"
    page.locator("#id_username").fill(username)
    page.locator("#id_password1").fill("lantern-Quartz-917")
    page.locator("#id_password2").fill("lantern-Quartz-917")
    page.get_by_role("button", name=words["sign_up"], exact=True).click()
    expect(page).to_have_url(re.compile(r"/$"))
    expect(page.locator("nav.account")).to_contain_text(username)
    expect(page.get_by_role("button", name=words["sign_out"])).to_be_visible()

    # 2. A club, from the home page.
    page.get_by_role("link", name=words["new_club"], exact=True).click()
    page.locator("#id_name").fill(words["club"])
    page.locator("#id_city").fill(words["city"])
    page.locator("#id_variant").select_option("russian")
    page.locator("#id_language").select_option(lang)
    page.get_by_role("button", name=words["create_club"], exact=True).click()
    expect(page).to_have_url(CLUB_URL)
    club_url = page.url
    expect(page.locator("h1")).to_have_text(words["club"])
    expect(page.locator(".subtitle")).to_contain_text(words["city"])
    check_page(page, "the new club's page", lang)

    # 3. A club night, from the club page.
    night_form = page.locator("form[action$='/nights/']")
    night_form.locator("#id_name").fill(words["night"])
    night_form.locator("#id_date").fill(today.isoformat())
    night_form.locator("#id_place").fill(words["place"])
    night_form.get_by_role("button", name=words["open_night"], exact=True).click()
    expect(page).to_have_url(NIGHT_URL)
    night_url = page.url
    expect(page.locator("#glance")).to_contain_text(words["no_table"])

    # 4 and 5. Two tables from the night page, a few deals at each.
    check_page(page, "the new night's page", lang)
    first_url = start_night_table(page, words, first, words["night"], lang)
    record(page, FIRST, first, words, lang)
    page.locator(".table-head").get_by_role("link", name=words["night"], exact=True).click()
    expect(page).to_have_url(night_url)
    second_url = start_night_table(page, words, second, words["night"], lang)
    assert second_url != first_url
    record(page, SECOND, second, words, lang)
    page.locator(".table-head").get_by_role("link", name=words["night"], exact=True).click()
    expect(page).to_have_url(night_url)

    before = {**expected_values(FIRST, first), **expected_values(SECOND, second)}
    expect(page.locator("#glance article.glance-table")).to_have_count(2)
    expect(page.get_by_role("heading", name=words["night_standings"])).to_be_visible()
    assert standings_of(page, "#glance") == {n: shown(v) for n, v in before.items()}
    check_page(page, "the night page", lang)
    shots(page, f"{lang}-night")

    # 6. A season (a total ladder) covering the night's date, from the club page.
    page.get_by_role("link", name=f"← {words['club']}", exact=True).click()
    expect(page).to_have_url(club_url)
    expect(page.get_by_role("heading", name=words["nights_heading"])).to_be_visible()
    expect(page.get_by_role("link", name=words["night"], exact=True)).to_be_visible()
    page.get_by_role("link", name=words["new_season"], exact=True).click()
    page.locator("#id_name").fill(season_name)
    page.locator("#id_starts_on").fill(today.replace(month=1, day=1).isoformat())
    page.locator("#id_ends_on").fill(today.replace(month=12, day=31).isoformat())
    expect(page.locator("#id_variant")).to_have_value("russian")
    page.locator("#id_kind").select_option("total")
    check_page(page, "the new season's form", lang)
    shots(page, f"{lang}-season-new")
    page.get_by_role("button", name=words["save_season"], exact=True).click()
    expect(page).to_have_url(SEASON_URL)
    season_url = page.url
    expect(page.locator("h1")).to_have_text(season_name)

    # 7. The standings; then correct deal 2 at the first table, and they follow.
    season_before = standings_of(page)
    assert season_before == {n: shown(v) for n, v in before.items()}
    anna = first["N"]
    assert season_before[anna] == "8"
    check_page(page, "the season page", lang)
    shots(page, f"{lang}-season")

    page.goto(club_url)
    expect(page.locator("main h2").first).to_have_text(season_name)
    assert standings_of(page) == season_before
    check_page(page, "the club page", lang)
    shots(page, f"{lang}-club")

    watcher = page.context.new_page()  # the night on a projector, left open
    watcher.goto(night_url)
    expect(value_cell(watcher, "#glance", anna)).to_have_text("8")

    page.goto(first_url)
    log_line = page.locator("#deal-log > li[value='2']")
    log_line.get_by_role("link", name=words["correct"], exact=True).click()
    expect(page).to_have_url(re.compile(r"/deals/2/$"))
    expect(page.locator("input[name=tricks][value='6']")).to_be_checked()
    Tapper(page, by_text=lang == "en").tricks(7)
    page.get_by_role("button", name=words["save_correction"], exact=True).click()
    expect(page).to_have_url(first_url)
    check_sheet(page, FIRST_CORRECTED, first, english=lang == "en")

    after = {**expected_values(FIRST_CORRECTED, first), **expected_values(SECOND, second)}
    assert after[anna] == 12 and after != before
    want = {n: shown(v) for n, v in after.items()}

    # The night left open follows by itself (it polls); a fresh load shows the same.
    expect(value_cell(watcher, "#glance", anna)).to_have_text("12")
    watcher.close()

    page.goto(season_url)
    assert standings_of(page) == want

    page.goto(night_url)
    assert standings_of(page, "#glance") == want
    first_table = page.locator("#glance article.glance-table").first
    for name, value in expected_values(FIRST_CORRECTED, first).items():
        line = first_table.locator(".players-settlement li", has_text=name)
        expect(line.locator("b")).to_have_text(signed(value))
    shots(page, f"{lang}-night-corrected")

    # A player's page, from the season's standings.
    page.goto(season_url)
    page.locator("table.standings td.name").get_by_role("link", name=anna, exact=True).click()
    expect(page).to_have_url(PLAYER_URL)
    expect(page.locator("h1")).to_have_text(anna)
    net = page.locator("dl.stats div", has=page.get_by_text(words["net_result"], exact=True))
    expect(net.locator("dd")).to_have_text("+12")
    expect(page.get_by_role("link", name=words["night"], exact=True)).to_be_visible()
    check_page(page, "a player's page", lang)
    shots(page, f"{lang}-player")

    # 8. The ladder as a PDF.
    page.goto(season_url)
    link = page.get_by_role("link", name=words["print"], exact=True)
    href = link.get_attribute("href")
    assert href and href.endswith(f"/ladder.pdf?lang={lang}"), href  # the page's language
    response = page.request.get(href)
    assert response.status == 200, response.status
    assert response.headers["content-type"] == "application/pdf"
    body = response.body()
    assert body.startswith(b"%PDF-"), body[:20]
    (shots.folder / f"{lang}-ladder.pdf").write_bytes(body)
    text = "".join(p.extract_text() for p in PdfReader(io.BytesIO(body)).pages)
    assert season_name in text and anna in text, text
