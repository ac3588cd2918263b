"""The table screen for a blind or low-vision scorer: what a screen reader (TalkBack, VoiceOver)
is told, where the keyboard goes, and the deal form with the text at twice its size.

The names and descriptions are read from Chromium's accessibility tree (aria snapshots,
``to_have_accessible_name`` / ``_description``), as a screen reader gets them, in English and in
Russian. Screenshots of each step go to tests/browser/screenshots/ (git-ignored): sr-*.png.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, Route, expect

from tests.browser.helpers import PLAYERS_EN, PLAYERS_RU, Offline, Tapper, deal_log, start_table
from tests.browser.helpers import Deal as Entry

pytestmark = pytest.mark.browser

WORDS: dict[str, dict[str, Any]] = {
    "en": {
        "locale": "en-GB",
        "players": PLAYERS_EN,
        "letters": dict(zip("NESW", "NESW", strict=True)),
        "seats": {"N": "North", "E": "East", "S": "South", "W": "West"},
        "dealer": "{name} ({seat}) deals",
        "correct": "Correct deal {n}",
        "bare_correct": "correct",
        "saved": "Deal {n} saved.",
        "undone": "Deal {n} undone.",
        "undo": "Undo deal {n}",
        "fix": "Fix deal {n}",
        "drop": "Drop deal {n}",
    },
    "ru": {
        "locale": "ru-RU",
        "players": PLAYERS_RU,
        "letters": dict(zip("NESW", "СВЮЗ", strict=True)),
        "seats": {"N": "Север", "E": "Восток", "S": "Юг", "W": "Запад"},
        "dealer": "сдаёт {name} ({seat})",
        "correct": "Исправить сдачу {n}",
        "bare_correct": "исправить",
        "saved": "Сдача {n} сохранена.",
        "undone": "Сдача {n} отменена.",
        "undo": "Отменить сдачу {n}",
        "fix": "Исправить сдачу {n}",
        "drop": "Удалить сдачу {n}",
    },
}
LANGUAGES = ["en", "ru"]
SHOTS_DIR = Path(__file__).parent / "screenshots"
FIRST_CONTROL = """() => {
  const shown = (el) => el.checkVisibility();
  const controls = document.querySelectorAll(
    '#deal-form input:not([type=hidden]), #deal-form select, #deal-form textarea');
  return [...controls].find(shown) || null;
}"""


def table(new_context, language: str) -> tuple[Page, Tapper, dict[str, Any]]:
    words = WORDS[language]
    page = new_context(locale=words["locale"]).new_page()
    start_table(page, words["players"], by_label=language == "en")
    return page, Tapper(page, by_text=language == "en"), words


def save(page: Page) -> None:
    page.locator("#deal-form button[type=submit]").click()


FOCUSED = (
    "() => { const el = document.activeElement; const first = ("
    + FIRST_CONTROL
    + """)();
  return {tag: el.tagName, name: el.name || '', value: el.value || '', id: el.id || '',
          inForm: Boolean(el.closest('#deal-form')), first: el === first}; }"""
)


def focused(page: Page) -> dict[str, Any]:
    """Where the keyboard is: the control, and whether it is the deal form's first one."""
    return page.evaluate(FOCUSED)


def deal_number(page: Page) -> str:
    return page.locator("#deal-form input[name=number]").input_value()


# ---------------------------------------------------------------------------------------------
# 1 and 6: the deal log's links and dealers, as a screen reader reads them


def two_deals(new_context, language: str) -> tuple[Page, dict[str, Any]]:
    page, tap, words = table(new_context, language)
    for n, deal in enumerate([Entry(7, 3, "S"), Entry(8, 2, "H")], start=1):
        tap.deal(deal)
        save(page)
        expect(deal_log(page)).to_have_count(n)
    return page, words


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_correction_link_names_its_deal(new_context, site, language) -> None:
    page, words = two_deals(new_context, language)
    log = page.locator("#deal-log")
    for n in (1, 2):
        link = log.get_by_role("link", name=words["correct"].format(n=n), exact=True)
        expect(link).to_have_count(1)
        expect(link).to_have_text(words["bare_correct"])  # the visible word is in the name
    said = log.aria_snapshot()
    assert f'link "{words["bare_correct"]}"' not in said, said


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_dealer_letter_is_read_as_the_player_and_the_seat(new_context, site, language):
    page, words = two_deals(new_context, language)
    seat_of = {letter: seat for seat, letter in words["letters"].items()}
    for n in (1, 2):
        line = page.locator(f"#deal-log > li[value='{n}']")
        seat = seat_of[line.locator(".dealer").inner_text()]
        spoken = words["dealer"].format(name=words["players"][seat], seat=words["seats"][seat])
        heard = line.aria_snapshot()
        assert spoken in heard, heard
        # the letter alone ("N", "Ю") is not read out before the name
        assert not re.search(rf"(^|\s){words['letters'][seat]}(\s|$)", heard.split(spoken)[0])


# ---------------------------------------------------------------------------------------------
# 2: one live region for the messages, which every answer fills and none replaces

WATCH_FLASH = """() => {
  const flash = document.getElementById('flash');
  window.__flash = flash;
  window.__heard = [];
  new MutationObserver(() => {
    const text = flash.textContent.replace(/\\s+/g, ' ').trim();
    if (text && window.__heard[window.__heard.length - 1] !== text) window.__heard.push(text);
  }).observe(flash, {childList: true, subtree: true, characterData: true});
}"""
SAME_FLASH = (
    "() => window.__flash === document.getElementById('flash') && window.__flash.isConnected"
)


@pytest.mark.parametrize("language", LANGUAGES)
def test_save_refusal_and_undo_are_said_in_one_persistent_live_region(
    new_context, site, language
) -> None:
    page, tap, words = table(new_context, language)
    flash = page.locator("#flash")
    expect(flash).to_have_attribute("role", "status")
    expect(flash).to_have_attribute("aria-live", "polite")
    page.evaluate(WATCH_FLASH)

    tap.deal(Entry(7, 3, "S"))
    save(page)
    expect(flash).to_have_text(words["saved"].format(n=1))
    assert page.evaluate(SAME_FLASH)

    tap.trump("H")  # no tricks: refused
    save(page)
    expect(page.locator("#deal-form .field-error").first).to_be_visible()
    expect(flash).to_have_text("")
    assert page.evaluate(SAME_FLASH)

    tap.deal(Entry(8, 2, "H"))
    save(page)
    expect(flash).to_have_text(words["saved"].format(n=2))
    assert page.evaluate(SAME_FLASH)

    page.once("dialog", lambda dialog: dialog.accept())  # "Undo the last deal?"
    page.get_by_role("button", name=words["undo"].format(n=2)).click()
    expect(flash).to_have_text(words["undone"].format(n=2))
    expect(deal_log(page)).to_have_count(1)
    assert page.evaluate(SAME_FLASH)
    # the message is in the region itself, not in a new region of its own
    assert page.locator("#flash [role], #flash [aria-live]").count() == 0
    expect(flash).to_match_aria_snapshot(f"- status:\n  - paragraph: {words['undone'].format(n=2)}")

    heard = page.evaluate("window.__heard")
    assert heard == [
        words["saved"].format(n=1),
        words["saved"].format(n=2),
        words["undone"].format(n=2),
    ], heard


# ---------------------------------------------------------------------------------------------
# 3 and 4: a refused deal's fields tied to their messages; the keyboard after a save and after
# a refusal


def refused_at_the_tricks(page: Page, tap: Tapper) -> None:
    """Deal 2 with its trumps and honours, without its tricks: refused at the tricks."""
    tap.trump("H")
    tap.honours(2)
    save(page)
    expect(page.locator("#deal-form .field-error")).to_have_count(1)


def wait_for_first_control(page: Page) -> None:
    page.wait_for_function(
        "() => document.activeElement === (" + FIRST_CONTROL + ")()", timeout=10_000
    )


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_refused_fields_controls_are_tied_to_its_message(new_context, site, language) -> None:
    page, tap, words = table(new_context, language)
    tap.deal(Entry(7, 3, "S"))
    save(page)
    expect(page.locator("#flash")).to_have_text(words["saved"].format(n=1))

    refused_at_the_tricks(page, tap)
    error = page.locator("#deal-form .field-error")
    message = error.inner_text()
    error_id = error.get_attribute("id")
    assert error_id, "the message has an id to point at"
    tricks = page.locator("#deal-form input[name=tricks]")
    assert tricks.count() == 14
    for radio in tricks.all():
        expect(radio).to_have_attribute("aria-invalid", "true")
        assert error_id in (radio.get_attribute("aria-describedby") or "").split()
    expect(tricks.first).to_have_accessible_description(message)
    # the fields not in error are not marked
    expect(page.locator("#deal-form input[name=trump][aria-invalid]")).to_have_count(0)
    expect(page.locator("#deal-form input[name=honours][aria-invalid]")).to_have_count(0)

    # Fixed and saved: the marks go with the message.
    tap.tricks(8)
    save(page)
    expect(page.locator("#flash")).to_have_text(words["saved"].format(n=2))
    expect(page.locator("#deal-form [aria-invalid], #deal-form [aria-describedby]")).to_have_count(
        0
    )


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_keyboard_goes_to_the_next_deal_or_to_the_field_in_error(
    new_context, site, shot, language
) -> None:
    page, tap, words = table(new_context, language)
    tap.deal(Entry(7, 3, "S"))
    save(page)
    expect(page.locator("#flash")).to_have_text(words["saved"].format(n=1))
    expect(page.locator(".deal-title")).to_contain_text("2")
    # After a save: the next deal's form, its first control (not the page's top, not nothing).
    wait_for_first_control(page)
    now = focused(page)
    assert now["inForm"] and now["first"], now
    assert deal_number(page) == "2"
    shot(page, f"sr-saved-{language}", screen=True)

    # After a refusal: the field in error (the first of its row), not the top of the form.
    refused_at_the_tricks(page, tap)
    page.wait_for_function("() => document.activeElement?.name === 'tricks'", timeout=10_000)
    now = focused(page)
    assert now["inForm"] and now["name"] == "tricks" and not now["first"], now
    shot(page, f"sr-refused-{language}", screen=True)

    # Fixed and saved: deal 3's form.
    tap.tricks(8)
    save(page)
    expect(page.locator("#flash")).to_have_text(words["saved"].format(n=2))
    wait_for_first_control(page)
    assert deal_number(page) == "3"


# ---------------------------------------------------------------------------------------------
# 5: deals kept on the phone, each button named with its deal


def refuse(route: Route) -> None:
    """The server refuses the deal at a field (as a 422 answer names it)."""
    if route.request.method == "POST":
        body = '<main><p class="field-error" role="alert">Tap the tricks.</p></main>'
        route.fulfill(status=422, body=body, content_type="text/html")
    else:
        route.fallback()


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_waiting_deals_buttons_name_their_deal(new_context, site, language) -> None:
    words = WORDS[language]
    context = new_context(locale=words["locale"])
    page = context.new_page()
    start_table(page, words["players"], by_label=language == "en")
    expect(page.locator("#waiting")).to_have_attribute("data-ready", "1")
    network = Offline(context)
    network.off()
    tap = Tapper(page, by_text=language == "en")
    for n, deal in enumerate([Entry(7, 3, "S"), Entry(6, 2, "H")], start=1):
        tap.deal(deal)
        save(page)
        expect(page.locator("#waiting ol > li")).to_have_count(n)

    waiting = page.locator("#waiting ol")
    for name in (words["correct"].format(n=1), words["correct"].format(n=2)):
        expect(waiting.get_by_role("button", name=name, exact=True)).to_have_count(1)
    undo = waiting.get_by_role("button", name=words["undo"].format(n=2), exact=True)
    expect(undo).to_be_visible()
    said = waiting.aria_snapshot()
    assert 'Correct"' not in said and 'Исправить"' not in said, said

    # The server refuses deal 1: its two buttons say which deal, and why (their description).
    context.route("**/deals/", refuse)
    network.on()
    refused = page.locator("#waiting li[data-status=refused]")
    expect(refused).to_have_count(1)
    fix = refused.get_by_role("button", name=words["fix"].format(n=1), exact=True)
    drop = refused.get_by_role("button", name=words["drop"].format(n=1), exact=True)
    expect(fix).to_be_visible()
    expect(drop).to_be_visible()
    expect(fix).to_have_accessible_description(re.compile(r"^Tap the tricks\."))
    expect(drop).to_have_accessible_description(re.compile(r"^Tap the tricks\."))
    page.screenshot(path=str(SHOTS_DIR / f"sr-waiting-{language}.png"), full_page=True)


# ---------------------------------------------------------------------------------------------
# 7: the text at twice its size, on a phone 360 px wide

LARGE_TEXT = "html { font-size: 200% !important; }"
OVERFLOW = """() => {
  const wide = document.documentElement.scrollWidth;
  const out = [...document.querySelectorAll('body *')].filter((el) => {
    const box = el.getBoundingClientRect();
    return box.width && box.right > document.documentElement.clientWidth + 0.5
      && getComputedStyle(el).position !== 'absolute' && !el.closest('.pad-wrap');
  }).map((el) => el.tagName + '.' + el.className);
  return {wide, out: out.slice(0, 10)};
}"""


MESSAGE_IN_SIGHT = """() => {
  const message = document.querySelector('#deal-form .field-error');
  const save = document.querySelector('#deal-form button.save');
  if (!message || !save) return false;
  const box = message.getBoundingClientRect();
  return box.top >= 0 && box.bottom <= save.getBoundingClientRect().top;
}"""


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_deal_forms_taps_wrap_with_the_text_at_twice_its_size(
    new_context, site, shot, language
) -> None:
    page, tap, words = table(new_context, language)
    page.add_style_tag(content=LARGE_TEXT)
    assert page.evaluate("parseFloat(getComputedStyle(document.body).fontSize)") >= 32

    shot(page, f"sr-large-text-{language}", screen=True)
    page.locator("#deal-form input[name=tricks]").first.evaluate(
        "(el) => el.closest('fieldset').scrollIntoView()"
    )
    shot(page, f"sr-large-text-tricks-{language}", screen=True)
    width = page.evaluate(OVERFLOW)
    assert width["wide"] <= 360, width
    taps = page.locator("#deal-form input[name=tricks]").locator("xpath=..")
    rights = [box["x"] + box["width"] for box in (t.bounding_box() for t in taps.all()) if box]
    assert len(rights) == 14 and max(rights) <= 360, rights
    rows = {round(box["y"]) for box in (t.bounding_box() for t in taps.all()) if box}
    assert len(rows) > 2, rows  # wrapped onto more rows than the two of seven

    # ...and still, once a deal is saved (the next deal's form, the deal log) and refused.
    tap.deal(Entry(7, 3, "S"))
    save(page)
    expect(deal_log(page)).to_have_count(1)
    width = page.evaluate(OVERFLOW)
    assert width["wide"] <= 360, width
    tap.trump("H")
    save(page)
    expect(page.locator("#deal-form .field-error").first).to_be_visible()
    width = page.evaluate(OVERFLOW)
    assert width["wide"] <= 360, width
    # The message is on the screen, clear of Save (kept at the foot of the screen): at this
    # size the taps push it a screen down, where only a scroll would show it.
    page.wait_for_function(MESSAGE_IN_SIGHT, timeout=5_000)
    shot(page, f"sr-large-text-refused-{language}", screen=True)
