"""Three players on one phone: after a table, one tap on its page starts the next with the
dummy passed on, in English and in Russian, at 360 px."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from scorebook.tables import services
from scorebook.tables.models import Table
from tests.browser.conftest import PHONE
from tests.browser.helpers import TABLE_URL

pytestmark = pytest.mark.browser

THREE = {"N": "Anna", "E": "Boris", "S": "Vera", "W": None}
WORDS = {
    "en-GB": ("Next table: Vera plays the dummy", "Start the table", "Vera deals for the dummy"),
    "ru-RU": ("Следующий стол: с болваном играет Vera", "Начать игру", "Vera сдаёт за болвана"),
}


@pytest.mark.parametrize("locale", ["en-GB", "ru-RU"])
def test_the_next_table_passes_the_dummy_on_in_two_taps(new_context, site, shot, locale):
    table = site.db(lambda: services.create_table(variant="russian", players=THREE, dummy="W"))
    link, start, title = WORDS[locale]
    page = new_context(locale=locale).new_page()
    page.goto(f"/t/{table.edit_token}/")

    page.get_by_role("link", name=link).click()
    shot(page, f"next-table-form-{locale}", screen=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    expect(page.locator("#id_player_W")).to_have_value("Anna")
    page.get_by_role("button", name=start).click()

    expect(page).to_have_url(TABLE_URL)
    shot(page, f"next-table-{locale}", screen=True)
    # the first deal's dealer is still a choice, on the title's line, the dummy's seat chosen:
    # who deals for it is said under that line while it is chosen, and the line fits the phone
    dealer = page.locator("select[name=dealer]")
    note = page.locator(".dummy-note")
    expect(note).to_have_text(re.compile(title))
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    dealer.select_option("E")
    expect(note).to_be_hidden()
    dealer.select_option("N")
    expect(note).to_be_visible()
    form = page.locator("#deal-form").bounding_box()
    box = dealer.bounding_box()
    assert box["x"] + box["width"] <= form["x"] + form["width"]
    following = site.db(lambda: Table.objects.exclude(pk=table.pk).get())
    assert following.dummy == "N"
