"""The deal log on a phone, as a new user met it at 360×740: an undone deal stays in its place,
struck through, with its dealer, and the undo button is on the last live deal; a save that wins
the rubber says so; Hussar's counted rest past 13 reads "too many"; a Gran-Null's two entries
name their contract. In English and Russian; screenshots in /tmp/shots-log/."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from scorebook.tables import services
from tests.browser.conftest import Site
from tests.browser.helpers import PLAYERS_EN, PLAYERS_RU, Tapper

pytestmark = pytest.mark.browser

SHOTS = Path("/tmp/shots-log")
AUTHOR = services.Author(label="test")
SHEET_TEXT = "() => document.querySelector('#sheet').innerText.replace(/\\s+/g, ' ').trim()"
# The lines of the deal list in the order a person reads them: number, struck through or not,
# and whether the undo button is on the line.
LOG_LINES = """() => [...document.querySelectorAll('#sheet ol.deal-log > li')].map((li) => [
  li.value, Boolean(li.querySelector('s:not(.was)')), Boolean(li.querySelector('form.undo')),
  li.querySelector('.dealer')?.textContent || ''])"""


def snap(page: Page, name: str, *, screen: bool = False) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=not screen)


def russian_table(site: Site, players: dict[str, str], *tricks: int) -> str:
    def create() -> str:
        table = services.create_table(variant="russian", players=players, first_dealer="N")
        for number, ns in enumerate(tricks, start=1):
            dealer = "NESW"[(number - 1) % 4]
            data = {
                "dealer": dealer,
                "trump": "H",
                "tricks": {"NS": ns, "EW": 13 - ns},
                "honours": {"NS": 3, "EW": 2},
            }
            services.add_deal(table, data, number=number, author=AUTHOR)
        return table.edit_token

    return site.db(create)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_undo_leaves_the_deal_in_place_and_the_button_on_the_last_live_deal(
    site: Site, new_context: Callable[..., BrowserContext], lang: str
) -> None:
    page = new_context(locale="ru-RU" if lang == "ru" else "en-GB").new_page()
    token = russian_table(site, PLAYERS_RU if lang == "ru" else PLAYERS_EN, 7, 6, 7, 6)
    page.goto(f"/t/{token}/")
    dealer = page.locator("#deal-log > li[value='4'] .dealer").inner_text()
    what = page.locator("#deal-log > li[value='4'] .what").inner_text()
    page.on("dialog", lambda dialog: dialog.accept())

    page.locator("#deal-log > li[value='4'] form.undo button").click()

    expect(page.locator("#sheet .deal-log.undone > li[value='4']")).to_be_visible()
    lines = page.evaluate(LOG_LINES)
    assert [line[:3] for line in lines] == [
        [1, False, False],
        [2, False, False],
        [3, False, True],  # the undo button: on deal 3, the last live one
        [4, True, False],  # deal 4 right after it, struck through
    ], lines
    assert lines[3][3] == dealer == ("З" if lang == "ru" else "W")
    struck = page.locator("#sheet .deal-log.undone > li[value='4'] s").inner_text()
    assert struck in what  # the same summary as before, without the points it no longer scores
    page.locator("#deal-log > li[value='2']").scroll_into_view_if_needed()
    snap(page, f"{lang}-undone-screen", screen=True)
    answered = page.evaluate(SHEET_TEXT)
    page.reload()
    assert page.evaluate(SHEET_TEXT) == answered  # the undo's answer is what the page shows
    assert page.evaluate(LOG_LINES) == lines

    # A new deal 4: the button moves to it, the undone one goes.
    tapper = Tapper(page, by_text=False)
    tapper.trump("S")
    tapper.tricks(8)
    page.locator("#deal-form button.save").click()
    expect(page.locator("#deal-log > li[value='4'] form.undo")).to_have_count(1)
    assert [line[:3] for line in page.evaluate(LOG_LINES)] == [
        [1, False, False],
        [2, False, False],
        [3, False, False],
        [4, False, True],
    ]
    answered = page.evaluate(SHEET_TEXT)
    page.reload()
    assert page.evaluate(SHEET_TEXT) == answered


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "Deal 5 saved. North–South win a treble game and the rubber 2–0."),
        ("ru", "Сдача 5 сохранена. Север–Юг выигрывают тройную партию и роббер 2–0."),
    ],
)
def test_the_deal_that_wins_the_rubber_says_so(
    site: Site, new_context: Callable[..., BrowserContext], lang: str, said: str
) -> None:
    page = new_context(locale="ru-RU" if lang == "ru" else "en-GB").new_page()
    token = russian_table(site, PLAYERS_RU if lang == "ru" else PLAYERS_EN, 9, 5, 8, 9)
    page.goto(f"/t/{token}/")
    tapper = Tapper(page, by_text=False)
    tapper.trump("S")
    tapper.tricks(9)

    page.locator("#deal-form button.save").click()

    expect(page.locator("#flash .alert.success")).to_have_text(said)
    snap(page, f"{lang}-rubber-won-screen", screen=True)


@pytest.mark.parametrize(("lang", "over"), [("en", "3 too many"), ("ru", "перебор на 3")])
def test_hussar_rest_past_13_reads_too_many(
    site: Site, new_context: Callable[..., BrowserContext], lang: str, over: str
) -> None:
    page = new_context(locale="ru-RU" if lang == "ru" else "en-GB").new_page()
    players = PLAYERS_RU if lang == "ru" else PLAYERS_EN
    table = site.db(
        lambda: services.create_table(variant="hussar", players=players, first_dealer="N")
    )
    page.goto(f"/t/{table.edit_token}/")
    rest = page.locator("#deal-form .rest output")

    def tap(name: str, value: int) -> None:
        radio = page.locator(f"input[name='{name}'][value='{value}']")
        page.locator("#deal-form label.tap", has=radio).click()

    def written() -> float:
        """The rest's width, against the same words written beside it: CSS text is in no
        DOM property, so the two are measured."""
        return rest.evaluate(
            """(output, words) => {
              const probe = document.createElement('span');
              probe.textContent = words;
              output.after(probe);
              output.parentElement.style.whiteSpace = 'nowrap';  // one line each
              const width = (el) => el.getBoundingClientRect().width;
              const difference = width(output) - width(probe);
              probe.remove();
              output.parentElement.style.whiteSpace = '';
              return difference;
            }""",
            over,
        )

    tap("tricks_N", 9)
    tap("tricks_E", 3)
    tap("tricks_S", 1)
    assert written() != 0  # "0" left for West
    tap("tricks_S", 4)  # 16 of 13
    assert abs(written()) < 0.5, written()  # "3 too many", not "-3"
    rest.scroll_into_view_if_needed()
    snap(page, f"{lang}-hussar-over-screen", screen=True)


def gran_null_table(site: Site, lang: str, first_six: int, **deal: str) -> str:
    """A Progulochny table whose one deal is North-South's Gran-Null, 6 tricks of 13 with
    ``first_six`` among the first six: its edit token."""
    players = PLAYERS_RU if lang == "ru" else PLAYERS_EN

    def create() -> str:
        table = services.create_table(variant="progulochny", players=players, first_dealer="N")
        written = {
            "dealer": "N",
            "contract": {"side": "NS", "game": "grand-null"},
            "first_six": {"NS": first_six},
            "tricks": {"NS": 6, "EW": 7},
            **deal,
        }
        services.add_deal(table, written, number=1, author=AUTHOR)
        return table.edit_token

    return str(site.db(create))


@pytest.mark.parametrize(("lang", "name"), [("en", "Gran-Null"), ("ru", "гранд-нулл")])
def test_gran_null_entries_name_their_contract(
    site: Site, new_context: Callable[..., BrowserContext], lang: str, name: str
) -> None:
    page = new_context(locale="ru-RU" if lang == "ru" else "en-GB").new_page()
    page.goto(f"/t/{gran_null_table(site, lang, first_six=4)}/")

    entries = page.locator("#pad-below .entry")
    expect(entries).to_have_count(2)
    for i in range(2):
        expect(entries.nth(i)).to_have_text(re.compile(rf"^13 ?{name}$"))  # ¹3 Gran-Null
    expect(page.locator("#deal-log > li[value='1'] .what")).to_contain_text(name)
    page.locator("#sheet").scroll_into_view_if_needed()
    snap(page, f"{lang}-gran-null-screen", screen=True)
    snap(page, f"{lang}-gran-null")


@pytest.mark.parametrize(
    ("lang", "labels"),
    [
        ("en", ("penalty, first six", "penalty, last seven")),
        ("ru", ("штраф, первые шесть", "штраф, последние семь")),
    ],
)
def test_a_failed_gran_null_penalty_names_its_half_within_its_column(
    site: Site, new_context: Callable[..., BrowserContext], lang: str, labels: tuple[str, str]
) -> None:
    page = new_context(locale="ru-RU" if lang == "ru" else "en-GB").new_page()
    # contra: its ×2 beside each penalty, the longest an entry gets
    page.goto(f"/t/{gran_null_table(site, lang, first_six=2, doubling='contra')}/")

    entries = page.locator("#pad-above .entry")
    expect(entries).to_have_count(2)
    column = page.locator("#pad-above td:has(.entry)").bounding_box()  # EW's: the penalties
    assert column is not None
    for i, label in enumerate(labels):
        expect(entries.nth(i)).to_contain_text(label)
        box = entries.nth(i).bounding_box()
        assert box is not None
        # the entry stays inside its column, the label wrapping if need be
        assert box["x"] + box["width"] <= column["x"] + column["width"], (label, box, column)
    page.locator("#sheet").scroll_into_view_if_needed()
    snap(page, f"{lang}-gran-null-penalties-screen", screen=True)


# Where each line's dealer letter and summary begin, on the screen.
STARTS = """() => [...document.querySelectorAll('#sheet ol.deal-log > li')].map((li) => [
  li.value, li.querySelector('.dealer').getBoundingClientRect().left,
  li.querySelector('.what').getBoundingClientRect().left])"""


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_deal_10_and_on_line_up_with_deals_1_to_9(
    site: Site, new_context: Callable[..., BrowserContext], lang: str
) -> None:
    # A tester saw line 10 a few pixels right of lines 1-9: "10." is wider than "9.". The
    # dealers and the summaries start at the same place on every line, an undone one too.
    page = new_context(locale="ru-RU" if lang == "ru" else "en-GB").new_page()
    token = russian_table(site, PLAYERS_RU if lang == "ru" else PLAYERS_EN, *[7, 6] * 6)
    page.goto(f"/t/{token}/")
    page.on("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name=re.compile(r"^(Undo deal 12|Отменить сдачу 12)$")).click()
    expect(page.locator("#sheet ol.deal-log.undone > li")).to_have_count(1)
    page.locator("#sheet ol.deal-log > li[value='12']").scroll_into_view_if_needed()
    snap(page, f"{lang}-ten-and-on", screen=True)

    starts = page.evaluate(STARTS)
    assert [n for n, _d, _w in starts] == list(range(1, 13))
    assert {round(d) for _n, d, _w in starts} == {round(starts[0][1])}, starts
    assert {round(w) for _n, _d, w in starts} == {round(starts[0][2])}, starts


# Every count written "3–2" in the deal list: whether its two numbers are on one line.
COUNTS_WHOLE = """() => {
  const out = [];
  const log = document.querySelector('#deal-log');
  const walker = document.createTreeWalker(log, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const m of node.data.matchAll(/\\d+–\\d+/g)) {
      const range = document.createRange();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
      out.push([m[0], tops.size === 1]);
    }
  }
  return out;
}"""


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_count_in_the_deal_list_is_never_split_over_two_lines(
    site: Site, new_context: Callable[..., BrowserContext], lang: str
) -> None:
    # On a phone "honours 3–2" broke after the dash: "honours 3–" on one line, "2" on the
    # next. Phones' widths from 320 to 412 px.
    page = new_context(locale="ru-RU" if lang == "ru" else "en-GB").new_page()
    token = russian_table(site, PLAYERS_RU if lang == "ru" else PLAYERS_EN, *[7, 6] * 6)
    page.goto(f"/t/{token}/")
    split = {}
    for width in range(320, 413, 4):
        page.set_viewport_size({"width": width, "height": 740})
        counts = page.evaluate(COUNTS_WHOLE)
        assert len(counts) == 24  # tricks and honours of twelve deals
        broken = [text for text, whole in counts if not whole]
        if broken:
            split[width] = broken
            page.locator("#deal-log > li[value='1']").scroll_into_view_if_needed()
            snap(page, f"{lang}-counts-split-{width}", screen=True)
    assert split == {}
