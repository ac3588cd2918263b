"""A new table's setup form at 360 px: every choice it offers is read whole, in both languages.

A select shows only its chosen line, cut where the phone ends; a rule's choices are sentences
("the wronged side: +3 from the revoking one"), so they are radio buttons, each wrapping. What a
select still holds (the dummy, the right-hand column, the cards) fits its width.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scorebook.rules import PRESETS
from scorebook.tables.models import Table
from tests.browser.conftest import PHONE
from tests.browser.helpers import TABLE_URL

pytestmark = pytest.mark.browser

# Each select's widest choice against the room its box leaves for text (the arrow takes ~24 px),
# and every radio label's right edge: what is cut or runs past the phone's edge.
CUT = """() => {
  const pen = document.createElement('canvas').getContext('2d');
  const cut = [];
  for (const s of document.querySelectorAll('form select')) {
    pen.font = getComputedStyle(s).font;
    const widest = Math.max(...[...s.options].map(o => pen.measureText(o.text).width));
    if (widest + 24 > s.clientWidth) cut.push(`${s.name}: ${Math.round(widest)}`);
  }
  for (const l of document.querySelectorAll('form fieldset.choices label'))
    if (l.getBoundingClientRect().right > innerWidth) cut.push(l.textContent.trim());
  return cut;
}"""


@pytest.mark.parametrize("locale", ["en-GB", "ru-RU"])
def test_no_choice_of_any_variant_s_setup_is_cut_on_a_phone(new_context, locale) -> None:
    page = new_context(locale=locale).new_page()
    for variant in PRESETS:
        page.goto(f"/new/{variant}/")
        page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")

        assert page.locator("form fieldset.choices input[type=radio]").count() >= 2, variant
        assert page.evaluate(CUT) == [], variant
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], variant


def test_a_rule_chosen_by_radio_button_starts_the_table_with_it(new_context, site) -> None:
    page = new_context(locale="en-GB").new_page()
    page.goto("/new/russian/")
    for seat, name in zip("NESW", ["Anna", "Boris", "Vera", "Gleb"], strict=True):
        page.locator(f"#id_player_{seat}").fill(name)
    page.locator("details.more", has=page.locator("fieldset.choices")).locator("summary").click()
    rule = page.get_by_role("group", name="When both sides revoke")
    rule.get_by_label("the deal is dealt again").check()
    page.get_by_role("button", name="Start the table").click()
    expect(page).to_have_url(TABLE_URL)

    table = site.db(lambda: Table.objects.get())
    assert table.options.get("bothRevoke") == "redeal"


@pytest.mark.parametrize("locale", ["en-GB", "ru-RU"])
def test_a_refused_setup_opens_on_its_error_however_far_down(new_context, site, locale) -> None:
    # The whole page comes back from its top; at 360 px the title's error, in a folded section,
    # was a screen and a half below, and the tap seemed to do nothing.
    page = new_context(locale=locale).new_page()
    page.goto("/new/russian/")
    for seat, name in zip("NESW", ["Anna", "Boris", "Vera", "Gleb"], strict=True):
        page.locator(f"#id_player_{seat}").fill(name)
    page.locator("details.more", has=page.locator("#id_title")).locator("summary").click()
    page.locator("#id_title").fill("Friday \u202enight")
    page.locator("form button[type=submit]").last.click()

    error = page.locator(".field-error").first
    expect(error).to_contain_text("U+202E")
    expect(error).to_be_in_viewport()
    expect(page.locator("#id_title")).to_be_focused()
    assert site.db(lambda: Table.objects.count()) == 0


@pytest.mark.parametrize("locale", ["en-GB", "ru-RU"])
def test_the_honours_rules_are_offered_only_while_honours_are_played(new_context, locale) -> None:
    page = new_context(locale=locale).new_page()
    page.goto("/new/flying-duck/")  # no honours by default
    page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
    honour_rules = page.locator(
        ".field-row.option:has([name=opt_honourValues]),"
        " .field-row.option:has([name=opt_honoursBy])"
    )
    expect(honour_rules).to_have_count(2)

    for rule in honour_rules.all():
        expect(rule).to_be_hidden()
    page.locator("select[name=opt_honourSet]").select_option("AKQJ10")
    for rule in honour_rules.all():
        expect(rule).to_be_visible()
    page.locator("select[name=opt_honourSet]").select_option("none")
    for rule in honour_rules.all():
        expect(rule).to_be_hidden()
