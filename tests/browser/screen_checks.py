"""What the browser tests check of the room's screen of a night in rounds or a drive: it does
not scroll, and none of its text is under 18 px (templates/clubs/_screen_rounds.html)."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page

MEASURE = """() => {
  const texts = [...document.querySelectorAll('.screen-body *')]
    .filter((el) => [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim()))
    .filter((el) => el.getClientRects().length);
  const cards = [...document.querySelectorAll('.screen-table')].filter((c) => !c.hidden);
  return {
    scroll: document.documentElement.scrollHeight,
    scrollWidth: document.documentElement.scrollWidth,
    smallest: Math.min(...texts.map((el) => parseFloat(getComputedStyle(el).fontSize))),
    // a card's last player whole inside his card
    cut: cards.filter((c) => {
      const last = c.querySelector('.seats li:last-child');
      return !last || last.getBoundingClientRect().bottom > c.getBoundingClientRect().bottom - 1;
    }).length,
    standings: (() => {
      const r = document.querySelector('#screen-standings-title').getBoundingClientRect();
      return r.height > 0 && r.bottom <= innerHeight;
    })(),
  };
}"""


def check_screen_fits(page: Page, width: int = 1280, height: int = 720) -> dict[str, Any]:
    page.evaluate("document.fonts.ready.then(() => true)")
    found: dict[str, Any] = page.evaluate(MEASURE)
    assert found["scroll"] <= height, f"the room's screen scrolls: {found['scroll']}"
    assert found["scrollWidth"] <= width, "the room's screen scrolls sideways"
    assert found["smallest"] >= 18, found["smallest"]
    assert not found["cut"], "a card's players are cut off at its foot"
    assert found["standings"], "the standings are not in view"
    return found
