"""Two quick taps on "Save deal" record the deal once.

Three lines of defence, each tested: htmx disables the button while a save is on its way; htmx
does not send a form again while it is being sent; and the form's nonce makes the server answer
a repeated post with the deal it already saved (the one case a browser cannot stop: the answer to
the first tap was lost, so the player taps again).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, Request, Route, expect

from scorebook.tables.models import Deal, Revision
from tests.browser.helpers import PLAYERS_EN, Tapper, deal_log, start_table
from tests.browser.helpers import Deal as Entry

pytestmark = pytest.mark.browser


def double_tap(page: Page) -> None:
    page.get_by_role("button", name="Save deal").dblclick()


def two_submits_at_once(page: Page) -> None:
    """Two submit events in the same instant, which a disabled button cannot stop."""
    page.evaluate(
        "() => { const f = document.getElementById('deal-form');"
        " f.requestSubmit(); f.requestSubmit(); }"
    )


def tap_again_after_a_lost_answer(page: Page) -> None:
    """The server saves the deal but its answer never reaches the phone (the connection drops),
    so the player taps Save again: the same form, with the same nonce, is posted a second time."""
    answers: list[int] = []

    def lose_first_answer(route: Route) -> None:
        if answers:
            route.continue_()
            return
        answers.append(route.fetch().status)  # the server gets it and saves the deal...
        route.abort("connectionreset")  # ...and the phone never hears back

    page.route("**/deals/", lose_first_answer)
    save = page.get_by_role("button", name="Save deal")
    save.click()
    expect(save).to_be_enabled()  # htmx gives the button back after the failed request
    assert answers == [200]
    save.click()


TAPS: dict[str, Callable[[Page], None]] = {
    "double-tap": double_tap,
    "two-submits": two_submits_at_once,
    "tap-again": tap_again_after_a_lost_answer,
}


def saved(site, token: str) -> tuple[int, int]:
    """Deals and revisions stored for the table."""
    return site.db(
        lambda: (
            Deal.objects.filter(table__edit_token=token, removed=False).count(),
            Revision.objects.filter(deal__table__edit_token=token).count(),
        )
    )


def posts_of(page: Page) -> list[Request]:
    posts: list[Request] = []
    page.on("request", lambda r: posts.append(r) if r.method == "POST" else None)
    return posts


def settle(posts: list[Request]) -> None:
    """Wait until every POST the page sent has its answer (or has failed)."""
    for request in list(posts):
        request.response()


@pytest.mark.parametrize("how", sorted(TAPS))
def test_two_quick_taps_record_one_deal(page: Page, site, how: str) -> None:
    token = start_table(page, PLAYERS_EN)
    Tapper(page).deal(Entry(8, 3, "H"))
    posts = posts_of(page)
    page.evaluate("window.__marker = 1")

    TAPS[how](page)

    expect(page.locator(".deal-title")).to_contain_text("Deal 2")
    expect(page.locator("#flash .alert.success")).to_have_text("Deal 1 saved.")
    expect(deal_log(page)).to_have_count(1)
    settle(posts)
    assert page.evaluate("window.__marker") == 1
    assert saved(site, token) == (1, 1), f"{len(posts)} POST(s) sent"
    print(f"{how}: {len(posts)} POST(s) sent, one deal recorded")
    page.reload()
    expect(deal_log(page)).to_have_count(1)


def test_double_tap_without_javascript(new_context, site) -> None:
    """Without JavaScript a double tap may post the form twice (Chromium sometimes does)."""
    page = new_context(java_script_enabled=False).new_page()
    token = start_table(page, PLAYERS_EN)
    Tapper(page).deal(Entry(8, 3, "H"))
    posts = posts_of(page)

    page.get_by_role("button", name="Save deal").dblclick()

    expect(page.locator(".deal-title")).to_contain_text("Deal 2")
    expect(deal_log(page)).to_have_count(1)
    settle(posts)
    assert saved(site, token) == (1, 1), f"{len(posts)} POST(s) sent"
    print(f"no JavaScript: {len(posts)} POST(s) sent, one deal recorded")
    page.reload()
    expect(deal_log(page)).to_have_count(1)
