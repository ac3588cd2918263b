"""The site's header on a phone: one row, the site's name on one line, signed in or not."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

PASSWORD = "a long enough password 7"


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("username", ["", "anastasia.konstantinopolskaya"])
def test_the_header_is_one_row_at_phone_width(new_context, site, language, username) -> None:
    page = new_context(locale="en-GB" if language == "en" else "ru-RU").new_page()
    if username:
        site.db(lambda: get_user_model().objects.create_user(username, password=PASSWORD))
        page.goto("/accounts/login/")
        page.locator("#id_username").fill(username)
        page.locator("#id_password").fill(PASSWORD)
        page.locator("main form button[type=submit]").click()
        expect(page.locator("nav.account button")).to_be_visible()
    page.goto("/")

    name = page.locator(".site-name").bounding_box()
    line = page.evaluate(
        "parseFloat(getComputedStyle(document.querySelector('.site-name')).lineHeight)"
    )
    assert name is not None
    assert name["height"] <= line * 1.1  # "Whist score book" on one line
    for part in ("form.language-switch", "nav.account"):  # beside it, not below
        box = page.locator(part).bounding_box()
        assert box is not None and box["y"] < name["y"] + name["height"]
        assert box["x"] + box["width"] <= 360
    if username:  # still there for a screen reader
        expect(page.locator("nav.account")).to_contain_text(username)
