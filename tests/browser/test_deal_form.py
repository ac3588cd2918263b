"""The next deal's form on a phone (360×740), in English and in Russian.

- The first screen holds a plain deal's taps (trump, tricks) clear of the sticky Save button in
  every variant, on the first deal (with its choice of dealer) and later; the rows a user found
  under Save (Russian honours, Hussar's third player, Progulochny's trumps, long whist's call)
  are there too.
- Every control of the form can be brought clear of Save and tapped, none past the screen's edge.
- Progulochny: a refused save shows the trump row it asks for; the declarers follow the dealer
  chosen; honours are not offered in a game without trumps.

Screenshots: /tmp/shots-form/*.png (the screen as the phone shows it).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Locator, Page, expect

from scorebook.rules import PRESETS
from scorebook.tables import services
from tests.browser.conftest import PHONE, Site
from tests.browser.helpers import deal_log
from tests.browser.test_form_reach import new_table, open_table, save_clear_of, uncovered

pytestmark = pytest.mark.browser

SHOTS = Path("/tmp/shots-form")
AUTHOR = services.Author(label="test")
# The taps of a plain deal: its trump (or special suit, or the contract's trump) and tricks.
PLAIN = re.compile(r"^(trump|special_suit|contract_trump|tricks(_[NESW])?)$")
# What can be tapped in the form, Save aside: the tap buttons (their visible face), the lists,
# the check boxes' labels, the text fields, the "more" summaries.
CONTROLS = (
    "label.tap span:not(.sr-only), select, .checks label, input[type=text], details > summary"
)


def shoot(page: Page, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def table_at(site: Site, variant: str, lang: str, deals: tuple[dict[str, Any], ...] = ()) -> Any:
    table = new_table(site, variant, lang)
    for number, data in enumerate(deals, start=1):
        site.db(lambda d=data, n=number: services.add_deal(table, d, number=n, author=AUTHOR))
    return table


def tap(page: Page, name: str, value: str) -> None:
    radio = f"input[name='{name}'][value='{value}']"  # inside the label: ``has`` is relative
    page.locator("#deal-form label.tap", has=page.locator(radio)).click()
    expect(page.locator(f"#deal-form {radio}")).to_be_checked()


def faces(page: Page, name: re.Pattern[str]) -> list[Locator]:
    """The visible face of each tap button whose field's name matches."""
    found = []
    taps = page.locator("#deal-form label.tap")
    for index in range(taps.count()):
        label = taps.nth(index)
        if name.match(label.locator("input").get_attribute("name") or "") and label.is_visible():
            found.append(label.locator("span:not(.sr-only)"))
    return found


def clear_on_first_screen(page: Page, controls: list[Locator]) -> None:
    assert controls
    assert page.evaluate("window.scrollY") == 0
    for control in controls:
        uncovered(page, control)
        save_clear_of(page, control)


# ---- the first screen --------------------------------------------------------------------------


@pytest.mark.parametrize("later", [False, True], ids=["first deal", "later deal"])
@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("variant", list(PRESETS))
def test_the_first_screen_holds_a_plain_deal_clear_of_save(
    site: Site, new_context: Callable[..., BrowserContext], variant: str, lang: str, later: bool
) -> None:
    # A later deal: after a misdeal by North, East deals, as the rotation says (no choice)
    table = table_at(site, variant, lang, ({"dealer": "N", "void": "misdeal"},) if later else ())
    page = open_table(new_context, table, lang)
    shoot(page, f"first-screen-{variant}-{lang}-{'later' if later else 'first'}")

    dealer = page.locator("#deal-form .field-row.dealer")
    if later:
        expect(dealer).to_be_hidden()
        seat = PRESETS[variant].seats[1]  # the dealer after North
        letter = seat if lang == "en" else dict(zip("NESW", "СВЮЗ", strict=True))[seat]
        expect(page.locator("#deal-form .deal-title")).to_contain_text(f"({letter})")
    else:
        expect(dealer.locator("select")).to_be_visible()
    clear_on_first_screen(page, faces(page, PLAIN))


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("variant", ["russian", "anfilada", "english-short", "eralash"])
def test_the_honours_of_a_partnership_deal_are_on_the_first_screen(
    site: Site, new_context: Callable[..., BrowserContext], variant: str, lang: str
) -> None:
    page = open_table(new_context, table_at(site, variant, lang), lang)

    honours = faces(page, re.compile(r"^honours$"))
    assert len(honours) >= 6  # none claimed, 0, 1, … the whole set
    clear_on_first_screen(page, honours)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_call_at_8_is_on_the_first_screen(
    site: Site, new_context: Callable[..., BrowserContext], lang: str
) -> None:
    deals = (  # North–South stand at 8 (one point an odd trick, no slam bonus)
        {"dealer": "N", "trump": "S", "tricks": {"NS": 13, "EW": 0}},
        {"dealer": "E", "trump": "S", "tricks": {"NS": 7, "EW": 6}},
    )
    page = open_table(new_context, table_at(site, "english-long", lang, deals), lang)
    shoot(page, f"first-screen-call-{lang}")

    called = faces(page, re.compile(r"^called$"))
    assert len(called) == 2  # no call, NS
    clear_on_first_screen(page, called + faces(page, PLAIN))


# ---- every control within reach ----------------------------------------------------------------


def within_reach(page: Page, control: Locator) -> None:
    """Brought into view from the top as the browser does (at the foot of the screen), the
    control is whole on the screen, clear of Save, and a tap reaches it."""
    page.evaluate("window.scrollTo(0, 0)")
    control.evaluate("(el) => el.scrollIntoView({block: 'nearest'})")
    box = control.bounding_box()
    assert box is not None
    assert 0 <= box["x"] and box["x"] + box["width"] <= PHONE["width"], box  # not past the edge
    uncovered(page, control)
    save_clear_of(page, control)
    control.click(trial=True)  # Playwright's own check: the tap would land on it


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("variant", list(PRESETS))
def test_every_control_of_the_form_can_be_brought_clear_of_save(
    site: Site, new_context: Callable[..., BrowserContext], variant: str, lang: str
) -> None:
    page = open_table(new_context, table_at(site, variant, lang), lang)
    form = page.locator("#deal-form")
    for details in form.locator("details.more").all():
        details.locator("summary").click()
    if PRESETS[variant].entry.contract:  # Gran-Null shows its first six
        tap(page, "contract_game", "grand-null")
    shoot(page, f"reach-all-{variant}-{lang}")

    controls = [c for c in form.locator(CONTROLS).all() if c.is_visible()]
    assert len(controls) >= 20
    for control in controls:
        within_reach(page, control)


# ---- Progulochny -------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_refused_save_without_trumps_shows_the_trump_row(
    site: Site, new_context: Callable[..., BrowserContext], lang: str
) -> None:
    page = open_table(new_context, table_at(site, "progulochny", lang), lang)
    tap(page, "tricks", "8")  # and no trump suit
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")  # wherever the phone was
    page.locator("#deal-form button.save").click()

    error = page.locator("#deal-form .field-error")
    expect(error).to_have_count(1)
    expect(error).to_be_visible()
    page.wait_for_timeout(300)  # the answer's scroll
    shoot(page, f"progulochny-refused-{lang}")
    # The message, and above it the whole trump row it asks for: on the screen, clear of Save
    uncovered(page, error)
    suits = faces(page, re.compile(r"^contract_trump$"))
    assert len(suits) == 4
    for suit in suits:
        uncovered(page, suit)
        save_clear_of(page, suit)
    tap(page, "contract_trump", "S")
    page.locator("#deal-form button.save").click()
    expect(deal_log(page)).to_have_count(1)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_declarers_follow_the_dealer_chosen(
    site: Site, new_context: Callable[..., BrowserContext], lang: str
) -> None:
    table = table_at(site, "progulochny", lang)
    page = open_table(new_context, table, lang)
    # the legend names the declarers of each dealer; the dealer chosen shows his
    legend = page.locator("#deal-form fieldset.contract > legend strong:visible")
    ns, ew = (
        ("Anna & Vera (NS)", "Boris & Gleb (EW)")
        if lang == "en"
        else ("Анна и Вера (СЮ)", "Борис и Глеб (ВЗ)")
    )
    expect(legend).to_have_text(ns)

    page.locator("#deal-form select[name=dealer]").select_option("E")
    expect(legend).to_have_text(ew)
    shoot(page, f"progulochny-declarers-{lang}")
    page.locator("#deal-form select[name=dealer]").select_option("S")
    expect(legend).to_have_text(ns)
    page.locator("#deal-form select[name=dealer]").select_option("W")
    tap(page, "contract_trump", "H")
    tap(page, "tricks", "8")
    page.locator("#deal-form button.save").click()
    expect(deal_log(page)).to_have_count(1)
    saved = site.db(lambda: table.deals.get().data)
    assert saved["dealer"] == "W" and saved["contract"]["side"] == "EW"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_honours_are_not_offered_in_a_game_without_trumps(
    site: Site, new_context: Callable[..., BrowserContext], lang: str
) -> None:
    table = table_at(site, "progulochny", lang)
    page = open_table(new_context, table, lang)
    honours = page.locator("#deal-form .honours")
    expect(honours).to_be_visible()  # a trump game: honours count

    for game in ("null", "grand-null", "grand"):
        tap(page, "contract_game", game)
        expect(honours).to_be_hidden()
    shoot(page, f"progulochny-null-{lang}")
    tap(page, "contract_game", "trump")
    expect(honours).to_be_visible()

    # Claimed in a trump game, then the game changed: still shown, and refused with a word
    tap(page, "honours", "3")
    tap(page, "contract_game", "null")
    expect(honours).to_be_visible()
    tap(page, "tricks", "5")
    page.locator("#deal-form button.save").click()
    error = honours.locator(".field-error")
    expect(error).to_be_visible()
    expect(error).to_contain_text("none claimed" if lang == "en" else "не заявлены")
    shoot(page, f"progulochny-null-refused-{lang}")
    tap(page, "honours", "")  # none claimed: the Null is saved, without honours
    page.locator("#deal-form button.save").click()
    expect(deal_log(page)).to_have_count(1)
    expect(honours).to_be_visible()  # the next deal's form: a trump game until another is tapped
    saved = site.db(lambda: table.deals.get().data)
    assert saved["contract"]["game"] == "null" and "honours" not in saved
