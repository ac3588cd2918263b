"""The deal form's preview on a 360-px phone: as the deal is tapped, what Save will write shows
above Save (the server scores it; nothing is saved), the same line the log shows once saved, a
game won said before it is saved; without a network the preview says it needs one, and Save
still keeps the deal on the phone. In English and in Russian."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from scorebook.tables import services
from scorebook.tables.models import Deal
from tests.browser.helpers import PLAYERS_EN, PLAYERS_RU, Offline, Tapper, deal_log
from tests.browser.helpers import Deal as Entry

pytestmark = pytest.mark.browser

WORDS = {
    "en": {
        "title": "What Save will write",
        "tricks": "Tap the number of tricks.",
        "line": "→ NS 6 / 2",
        "won": "North–South win a treble game.",
        "rule": "Game 1 to NS, treble (12–0)",
        "offline": "The preview needs the network: Save still keeps the deal on this phone.",
    },
    "ru": {
        "title": "Что запишется на лист",
        "tricks": "Отметьте число взяток.",
        "line": "→ СЮ 6 / 2",
        "won": "Север–Юг выигрывают тройную партию.",
        "rule": "Партия 1 — СЮ, тройная (12–0)",
        "offline": "Предпросмотру нужна сеть. «Сохранить сдачу» всё равно сохранит её на этом "
        "телефоне.",
    },
}

NO_SIDEWAYS_SCROLL = "() => document.documentElement.scrollWidth <= window.innerWidth"


def saved(site, token: str) -> int:
    return site.db(lambda: Deal.objects.filter(table__edit_token=token).count())


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_preview_shows_what_save_will_write_and_needs_the_network(
    new_context, site, shot, language
) -> None:
    words = WORDS[language]
    players = PLAYERS_EN if language == "en" else PLAYERS_RU
    table = site.db(
        lambda: services.create_table(variant="russian", players=players, first_dealer="N")
    )
    context = new_context(locale="en-GB" if language == "en" else "ru-RU")
    page: Page = context.new_page()
    page.goto(f"/t/{table.edit_token}/")
    preview = page.locator("#deal-preview")
    body = preview.locator(".preview-body")
    expect(preview.locator("h3")).to_have_text(words["title"])
    tap = Tapper(page, by_text=language == "en")

    # A trump alone: the preview asks for the tricks, in the form's own words.
    tap.trump("S")
    expect(body.locator(".preview-note")).to_have_text(words["tricks"])
    expect(body.locator(".preview-note")).to_have_attribute("data-field", "tricks")

    # The tricks and honours: the deal's rows and its line, before Save; nothing saved yet.
    tap.tricks(9)
    tap.honours(3)
    expect(body.locator(".preview-log li")).to_contain_text(words["line"])
    expect(body.locator("table.preview-pad .entry")).to_have_count(2)  # 6 below, 2 above
    assert saved(site, table.edit_token) == 0
    assert page.evaluate(NO_SIDEWAYS_SCROLL)
    shot(page, f"preview-deal-1-{language}", screen=True)
    previewed = body.locator(".preview-log li .what").inner_text()

    # Saved, the log writes the very line the preview showed; the form's preview starts over.
    page.locator("#deal-form button[type=submit]").click()
    expect(deal_log(page)).to_have_count(1)
    assert deal_log(page).first.locator(".what").inner_text() == previewed
    expect(body.locator(".preview-log")).to_have_count(0)

    # The second deal of 9 tricks wins the game: said before it is saved, with its rule.
    tap.deal(Entry(9, 3, "H"))
    expect(body.locator(".preview-won")).to_have_text(words["won"])
    expect(body.locator(".game-rule")).to_have_text(re.compile(re.escape(words["rule"])))
    assert saved(site, table.edit_token) == 1
    assert page.evaluate(NO_SIDEWAYS_SCROLL)
    shot(page, f"preview-game-{language}", screen=True)

    # No network: the preview says it needs one, a tap sends nothing, Save keeps the deal.
    network = Offline(context)
    network.off()
    expect(body.locator(".preview-note")).to_have_text(words["offline"])
    tap.tricks(8)
    page.wait_for_timeout(600)  # past the preview's pause: no request, the same words
    expect(body.locator(".preview-note")).to_have_text(words["offline"])
    assert page.evaluate(NO_SIDEWAYS_SCROLL)
    shot(page, f"preview-offline-{language}", screen=True)
    page.locator("#deal-form button[type=submit]").click()
    expect(page.locator("#waiting ol > li")).to_have_count(1)
    assert saved(site, table.edit_token) == 1
    network.on()
