"""A save the server does not take is never lost in silence: the page renews its CSRF token after
signing in elsewhere, says why a save was refused, and keeps a save the server could not take on
the phone until it can."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Page, Route, expect

from scorebook.tables import services
from scorebook.tables.models import Deal, Table
from tests.browser.helpers import PLAYERS_EN, PLAYERS_RU, Tapper, deal_log, start_table
from tests.browser.helpers import Deal as Entry

pytestmark = pytest.mark.browser

SHOTS = Path(__file__).parent / "screenshots"
PASSWORD = "a long enough password 7"


def saved(site, token: str) -> list[int]:
    return site.db(
        lambda: list(
            Deal.objects.filter(table__edit_token=token, removed=False).values_list(
                "number", flat=True
            )
        )
    )


def save(page: Page) -> None:
    page.locator("#deal-form button[type=submit]").click()


def test_a_save_after_signing_in_in_another_tab_goes_through(new_context, site) -> None:
    site.db(lambda: get_user_model().objects.create_user("anna", password=PASSWORD))
    context = new_context()
    table = context.new_page()
    token = start_table(table, PLAYERS_EN)

    other = context.new_page()  # a second tab of the same browser: signing in renews the token
    other.goto("/accounts/login/")
    other.locator("#id_username").fill("anna")
    other.locator("#id_password").fill(PASSWORD)
    other.locator("main form button[type=submit]").click()
    expect(other.locator("nav.account")).to_contain_text("anna")

    Tapper(table).deal(Entry(8, 3, "H"))
    save(table)

    expect(deal_log(table)).to_have_count(1)
    expect(table.locator("#flash")).to_contain_text("Deal 1 saved.")
    expect(table.locator("#request-error")).to_have_count(0)
    assert saved(site, token) == [1]


@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_save_on_a_replaced_edit_link_says_it_was_not_saved_and_why(
    new_context, site, language
) -> None:
    english = language == "en"
    page = new_context(locale="en-GB" if english else "ru-RU").new_page()
    token = start_table(page, PLAYERS_EN if english else PLAYERS_RU, by_label=english)
    tap = Tapper(page, by_text=english)
    tap.deal(Entry(7, 2, "S"))
    save(page)
    expect(page.locator("#flash .alert.success")).to_be_visible()  # "Deal 1 saved."
    site.db(  # "New edit link" on another phone
        lambda: services.rotate_link(
            Table.objects.get(edit_token=token), "edit", author=services.Author(label="other")
        )
    )

    tap.deal(Entry(8, 3, "H"))
    save(page)

    alert = page.locator("#deal-form").locator("xpath=preceding-sibling::p[@id='request-error']")
    expect(alert).to_be_visible()
    if english:
        expect(alert).to_have_text(
            "Not saved. Nothing is here: the link may be mistyped, or it was replaced by a new one."
        )
    else:
        expect(alert).to_contain_text("Не сохранено.")
        expect(alert).not_to_contain_text("Not")
    expect(page.locator("#flash")).to_be_empty()  # deal 1's message does not stand above it
    # What was tapped is still there, to be entered again through the new link.
    expect(page.locator("#deal-form input[name=tricks][value='8']")).to_be_checked()
    page.screenshot(path=str(SHOTS / f"replaced-link-save-{language}.png"), full_page=False)

    # The sheet's poll, refused too, does not take the message away.
    page.wait_for_timeout(2500)
    expect(alert).to_be_visible()


def test_a_save_the_server_cannot_take_is_kept_on_the_phone_and_sent_again(
    new_context, site
) -> None:
    page = new_context().new_page()
    token = start_table(page, PLAYERS_EN)
    expect(page.locator("#waiting")).to_have_attribute("data-ready", "1")

    def down(route: Route) -> None:
        if route.request.method == "POST":
            route.fulfill(status=502, body="Bad gateway", content_type="text/plain")
        else:
            route.fallback()

    tap = Tapper(page)
    tap.deal(Entry(7, 2, "S"))
    save(page)
    expect(page.locator("#flash")).to_contain_text("Deal 1 saved.")
    page.route("**/deals/", down)
    tap.deal(Entry(8, 3, "H"))
    save(page)

    expect(page.locator("#network-note")).to_have_text(
        "The server could not take deal 2 just now: it is kept on this phone and will be sent "
        "again by itself."
    )
    expect(page.locator("#waiting ol > li")).to_have_count(1)
    expect(page.locator("#request-error")).to_have_count(0)  # said once, by the waiting list
    expect(page.locator("#flash")).to_be_empty()
    assert saved(site, token) == [1]

    page.unroute("**/deals/", down)  # the server is back: the deal goes without a tap

    expect(deal_log(page)).to_have_count(2, timeout=20_000)
    expect(page.locator("#waiting")).to_be_hidden()
    assert saved(site, token) == [1, 2]


def test_a_form_nobody_started_follows_a_deal_another_phone_saved(new_context, site) -> None:
    first = new_context().new_page()
    token = start_table(first, PLAYERS_EN)
    second = new_context().new_page()  # another scorer, on the same edit link
    second.goto(f"/t/{token}/")
    expect(second.locator(".deal-title")).to_contain_text("Deal 1")

    Tapper(first).deal(Entry(8, 3, "H"))
    save(first)
    expect(first.locator(".deal-title")).to_contain_text("Deal 2")

    # The second phone's poll brings deal 1, and its untouched form moves on to deal 2, dealt
    # by East: no save of a number already taken.
    expect(deal_log(second)).to_have_count(1, timeout=15_000)
    expect(second.locator(".deal-title")).to_contain_text("Deal 2")
    expect(second.locator("#deal-form input[name=number]")).to_have_value("2")
    expect(second.locator("#id_dealer")).to_have_value("E")
    Tapper(second).deal(Entry(6, 2, "S"))
    save(second)
    expect(deal_log(second)).to_have_count(2)
    assert saved(site, token) == [1, 2]
