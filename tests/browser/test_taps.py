"""A plain deal in every variant, on a phone (360×740), counted in taps.

A plain deal is what most deals are: nobody claims honours, nobody revokes. The page counts
every click and key press it receives (trusted events only, so the count is the person's, not
the page's), and each variant must save and score its plain deal within its target: three taps
(trump, tricks, Save) in the partnership variants and Prussian whist, five in Hussar whist
(trump, three players' tricks, Save). The Save button must be on the screen without scrolling.
Screenshots in English and in Russian: tests/browser/screenshots/taps-*.png.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from scorebook.rules import PRESETS
from scorebook.tables import services
from tests.browser.conftest import PHONE, Site
from tests.browser.helpers import PLAYERS_EN, PLAYERS_RU

pytestmark = pytest.mark.browser

# Every trusted click and key press the page receives, kept across page loads of the tab.
COUNT_TAPS = """
(() => {
  const count = (kind) => (event) => {
    if (!event.isTrusted) return;
    const taps = JSON.parse(sessionStorage.getItem("taps") || '{"clicks": 0, "keys": 0}');
    taps[kind] += 1;
    sessionStorage.setItem("taps", JSON.stringify(taps));
  };
  addEventListener("pointerdown", count("clicks"), true);
  addEventListener("keydown", count("keys"), true);
})();
"""


@dataclass(frozen=True)
class Plain:
    """The taps of a plain deal (form field, value), what is saved, and the points it scores
    below the line (docs/rules.md: two per odd trick in the Russian family, one in English whist;
    Progulochny's trump game made is 1 below)."""

    taps: tuple[tuple[str, str], ...]
    tricks: dict[str, int]
    below: dict[str, int]
    target: int = 3
    before: tuple[dict[str, Any], ...] = field(default=())  # deals already on the sheet


PLAIN = {
    "english-short": Plain((("trump", "H"), ("tricks", "8")), {"NS": 8, "EW": 5}, {"NS": 2}),
    "english-long": Plain((("trump", "S"), ("tricks", "9")), {"NS": 9, "EW": 4}, {"NS": 3}),
    "russian": Plain((("trump", "H"), ("tricks", "8")), {"NS": 8, "EW": 5}, {"NS": 4}),
    # The first deal of a game names its special suit (spades); the next one is plain.
    "special-suit": Plain(
        (("trump", "H"), ("tricks", "5")),
        {"NS": 5, "EW": 8},
        {"NS": 4, "EW": 4},
        before=({"dealer": "N", "trump": "S", "special_suit": "S", "tricks": {"NS": 7, "EW": 6}},),
    ),
    "anfilada": Plain((("trump", "D"), ("tricks", "4")), {"NS": 4, "EW": 9}, {"EW": 6}),
    "eralash": Plain((("tricks", "8"),), {"NS": 8, "EW": 5}, {"NS": 4}),
    "prussian": Plain((("trump", "C"), ("tricks", "8")), {"N": 8, "S": 5}, {"N": 4}),
    "hussar": Plain(
        (("trump", "H"), ("tricks_N", "5"), ("tricks_E", "3"), ("tricks_S", "1")),
        {"N": 5, "E": 3, "S": 1, "W": 4},
        {"N": 4, "W": 2},
        target=5,
    ),
    "flying-duck": Plain((("tricks", "8"),), {"NS": 8, "EW": 5}, {"NS": 4}),
    # The trump game is chosen until another game is tapped: its suit, the tricks, Save.
    "progulochny": Plain((("contract_trump", "H"), ("tricks", "8")), {"NS": 8, "EW": 5}, {"NS": 1}),
}


def test_every_variant_has_its_plain_deal() -> None:
    assert set(PLAIN) == set(PRESETS)


def new_table(site: Site, variant: str, players: dict[str, str]) -> Any:
    seats = PRESETS[variant].seats

    def create() -> Any:
        table = services.create_table(
            variant=variant, players={s: players[s] for s in seats}, first_dealer="N"
        )
        for number, data in enumerate(PLAIN[variant].before, start=1):
            services.add_deal(table, data, number=number, author=services.Author(label="t"))
        return table

    return site.db(create)


def save_in_view(page: Page) -> None:
    """The Save button is on the phone's screen as it is, without scrolling."""
    box = page.locator("#deal-form button.save").bounding_box()
    assert box is not None
    assert 0 <= box["y"] and box["y"] + box["height"] <= PHONE["height"], box


def tap(page: Page, name: str, value: str) -> None:
    radio = f"input[name='{name}'][value='{value}']"
    page.locator("#deal-form label.tap", has=page.locator(radio)).click()
    expect(page.locator(f"#deal-form {radio}")).to_be_checked()


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("variant", list(PLAIN))
def test_a_plain_deal_in_few_taps(
    site: Site,
    new_context: Callable[..., BrowserContext],
    shot: Callable[..., None],
    variant: str,
    lang: str,
) -> None:
    plain = PLAIN[variant]
    context = new_context(locale="ru-RU" if lang == "ru" else "en-GB")
    context.add_init_script(COUNT_TAPS)
    page = context.new_page()
    table = new_table(site, variant, PLAYERS_RU if lang == "ru" else PLAYERS_EN)
    number = len(plain.before) + 1

    page.goto(f"/t/{table.edit_token}/")
    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page.locator("#deal-form input[name=number]")).to_have_value(str(number))
    save_in_view(page)
    for name, value in plain.taps:
        tap(page, name, value)
    save_in_view(page)
    shot(page, f"taps-{lang}-{variant}", screen=True)
    page.locator("#deal-form button.save").click()
    # The answer is a fresh form for the next deal: this one was saved.
    expect(page.locator("#deal-form input[name=number]")).to_have_value(str(number + 1))
    shot(page, f"taps-{lang}-{variant}-saved")

    taps = page.evaluate("JSON.parse(sessionStorage.getItem('taps'))")
    assert taps == {"clicks": len(plain.taps) + 1, "keys": 0}  # every tap counted, and no more
    assert taps["clicks"] + taps["keys"] <= plain.target, (variant, taps)
    deal = site.db(lambda: table.deals.get(number=number).data)
    assert deal["tricks"] == plain.tricks
    assert "honours" not in deal  # none claimed
    sheet = site.db(lambda: services.table_state(table).sheet)
    assert sheet.below == {side: plain.below.get(side, 0) for side in sheet.sides}
