"""A whole club night run from the app (issue 29), as a club lives it, in one test:

the organiser (his phone, 360×740) ticks 20 of the roster present and adds 2 guests on the spot,
draws the seats, starts all 5 tables at once (2 sit out) and shows the table cards; two tables'
phones open their tables through the link each card's QR code encodes, one phone in Russian and
one in English, and score a deal each; the room's screen (1280×720) shows every table and the
standings without scrolling; the organiser closes the night, a table's correction link then
answers that the night is closed and offers the read-only sheet; he reopens the night with a
reason, and prints the table cards and the night's sheets (PDFs naming every table).

Screenshots: tests/browser/screenshots/whole-night-*.png, one a step (look at them).
"""

from __future__ import annotations

import datetime
import io
import re
from collections.abc import Callable
from urllib.parse import urlparse

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import BrowserContext, Page, expect
from pypdf import PdfReader

from scorebook.clubs import services as clubs
from scorebook.printing.pdf import qr_data_uri
from scorebook.tables.models import Evening, Table
from tests.browser.conftest import PHONE, Site
from tests.browser.helpers import Deal, Tapper, deal_log, sign_in

pytestmark = pytest.mark.browser

PASSWORD = "lantern-Quartz-917"
ROSTER = "Anna Boris Vera Gleb Dina Egor Fedor Galya Ilya Kira Lev Mila Nina Oleg Pavel Rita Sasha "
ROSTER += "Tanya Uma Yan"
GUESTS = ["Visitor Zhanna", "Visitor Zakhar"]
SCREEN = {"width": 1280, "height": 720}

ON_SCREEN = """() => {
  const inView = (el) => {
    const r = el.getBoundingClientRect();
    return r.height > 0 && r.top >= -0.5 && r.left >= -0.5
      && r.bottom <= innerHeight + 0.5 && r.right <= innerWidth + 0.5;
  };
  return {
    scroll: document.documentElement.scrollHeight,
    height: innerHeight,
    tables: [...document.querySelectorAll('.screen-table')].map((t) => inView(t)),
    standings: inView(document.querySelector('#screen-standings-title')),
    ranks: [...document.querySelectorAll('.screen-ranks tr')].map(inView),
  };
}"""


def club_night() -> Evening:
    owner = get_user_model().objects.create_user("organiser", password=PASSWORD)
    club = clubs.create_club(user=owner, name="Moika", variant="russian", language="en")
    for name in ROSTER.split():
        clubs.add_player(club, name, author=owner)
    return clubs.open_night(club, name="Friday night", date=datetime.date(2026, 11, 20),
                            author=owner)  # fmt: skip


def pdf_text(context: BrowserContext, url: str) -> str:
    """The PDF behind ``url`` (fetched with the organiser's session), as text; checked to be a
    PDF."""
    answer = context.request.get(url)
    assert answer.status == 200, (url, answer.status)
    assert answer.headers["content-type"] == "application/pdf"
    body = answer.body()
    assert body.startswith(b"%PDF-")
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(body)).pages)


def fits_the_phone(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_a_whole_club_night(
    site: Site, new_context: Callable[..., BrowserContext], shot: Callable[..., None]
) -> None:
    night = site.db(club_night)
    organiser_phone = new_context()
    page = organiser_phone.new_page()
    sign_in(page, "organiser", PASSWORD)

    # 1. The players present: the roster ticked, two guests added on the spot.
    page.goto(f"/e/{night.token}/")
    page.locator("nav.organiser-bar").get_by_role("link", name="Players present").click()
    for guest in GUESTS:
        page.get_by_label("A guest (a name not on the roster)").fill(guest)
        page.get_by_role("button", name="Add the guest").click()
        expect(page.locator(".alert.success")).to_have_text(f"{guest} is present.")
    for box in page.locator(".present-list input[type=checkbox]").all():
        box.check()
    expect(page.locator(".present-list input:checked")).to_have_count(22)
    fits_the_phone(page)
    shot(page, "whole-night-01-present")
    page.get_by_role("button", name="Save and go to the seating").click()

    # 2. The draw: 5 tables, 2 sit out.
    expect(page.locator("p.lead")).to_contain_text("22 present: 5 tables, 2 sit out")
    page.get_by_role("button", name="Draw the seats").click()
    expect(page.locator(".seating-plan .seating-table:not(.sit-out)")).to_have_count(5)
    expect(page.locator(".seating-table.sit-out .seat-place")).to_have_count(2)
    fits_the_phone(page)
    shot(page, "whole-night-02-drawn")

    # 3. All five tables started at once: the cards.
    page.get_by_role("button", name="Start all 5 tables").click()
    expect(page.locator("details.table-card")).to_have_count(5)
    assert site.db(lambda: Table.objects.filter(evening=night).count()) == 5
    links = []
    for n in (1, 2):
        card = page.locator("details.table-card").nth(n - 1)
        card.locator("summary").click()
        image = card.locator("img.qr-large")
        expect(image).to_be_visible()
        link = card.get_by_role("link", name="open it here").get_attribute("href")
        assert link is not None
        # The link is the one the card's QR code encodes (the same code, made again from it).
        assert image.get_attribute("src") == qr_data_uri(link)
        links.append(urlparse(link).path)  # the site's address is SITE_URL's, here the test's
    fits_the_phone(page)
    shot(page, "whole-night-03-cards")

    # 4. Two tables score a deal each, from phones opened through their cards: in Russian and
    #    in English.
    phones = []
    for n, (locale, by_text) in enumerate((("ru-RU", False), ("en-GB", True)), start=1):
        phone = new_context(locale=locale).new_page()
        phone.goto(links[n - 1])
        expect(phone.locator("html")).to_have_attribute("lang", locale[:2])
        expect(phone.locator("#deal-form")).to_be_visible()
        Tapper(phone, by_text=by_text).deal(Deal(tricks=7 + n, honours=3))
        phone.locator("#deal-form button[type=submit]").click()
        expect(deal_log(phone)).to_have_count(1)
        fits_the_phone(phone)
        shot(phone, f"whole-night-04-table-{n}-{locale[:2]}", screen=True)
        phones.append(phone)

    # 5. The room's screen: every table and the standings on one 1280×720 screen.
    page.goto(f"/e/{night.token}/")
    href = page.get_by_role("link", name="Room's screen").get_attribute("href")
    assert href is not None and night.display_token in href
    screen = new_context(viewport=SCREEN, is_mobile=False, has_touch=False).new_page()
    screen.goto(href)
    expect(screen.locator(".screen-table")).to_have_count(5)
    expect(screen.locator(".screen-ranks tr").first).to_be_visible()
    screen.evaluate("document.fonts.ready.then(() => true)")
    seen = screen.evaluate(ON_SCREEN)
    assert seen["scroll"] <= seen["height"] == SCREEN["height"], seen
    assert seen["tables"] == [True] * 5 and seen["standings"], seen
    assert seen["ranks"] and all(seen["ranks"]), seen
    shot(screen, "whole-night-05-room-screen", screen=True)

    # 6. The night closed.
    page.locator("nav.organiser-bar").get_by_role("link", name="Close the night").click()
    page.get_by_label("These are the night's final results: close it").check()
    page.locator("main form button.primary").click()
    expect(page.locator("section.night-closed")).to_contain_text("The night is closed")
    fits_the_phone(page)
    shot(page, "whole-night-06-closed")
    # The room's screen, untouched, follows: the prizes where the tables were, in one screen.
    expect(screen.locator(".screen-closed")).to_contain_text("Place 1", timeout=15_000)
    expect(screen.locator(".screen-table")).to_have_count(0)
    seen = screen.evaluate(ON_SCREEN)
    assert seen["scroll"] <= SCREEN["height"] and seen["standings"], seen
    shot(screen, "whole-night-06-room-screen-closed", screen=True)

    # 7. A locked table: its correction link says the night is closed, and offers the sheet.
    english = phones[1]
    edit_token = links[1].strip("/").split("/")[-1]
    answer = english.goto(f"/t/{edit_token}/deals/1/")
    assert answer is not None and answer.status == 403
    expect(english.locator("main")).to_contain_text("This night is closed")
    shot(english, "whole-night-07-locked-table", screen=True)
    english.get_by_role("link", name="Read the sheet").click()
    expect(english).to_have_url(re.compile(r"/t/[A-Za-z0-9_-]+/$"))
    assert edit_token not in english.url  # the read-only link, not the edit link
    expect(english.locator("p.night-closed")).to_be_visible()
    expect(english.locator("#deal-form")).to_have_count(0)
    expect(deal_log(english)).to_have_count(1)
    shot(english, "whole-night-07-read-only-sheet", screen=True)

    # 8. Reopened, for a reason kept in the club's history.
    page.get_by_label("Why reopen it (kept in the club's history)").fill("Table 2 forgot a deal")
    page.get_by_role("button", name="Reopen the night").click()
    expect(page.locator("section.night-closed")).to_have_count(0)
    phones[0].reload()
    expect(phones[0].locator("#deal-form")).to_be_visible()
    shot(page, "whole-night-08-reopened")

    # 9. The table cards and the night's sheets printed: PDFs naming every table.
    page.goto(f"/e/{night.token}/cards/")
    page.get_by_label("Paper").select_option("a6")
    action = page.locator("form.cards-print").get_attribute("action")
    paper = page.get_by_label("Paper").input_value()  # what the form sends
    text = pdf_text(organiser_phone, f"{action}?paper={paper}")
    assert paper == "a6" and text.count("Scan to score this table") == 5
    for n in range(1, 6):
        assert f"Table {n}" in text, text
    shot(page, "whole-night-09-print-cards")
    page.goto(f"/e/{night.token}/")
    sheets = page.get_by_role("link", name="Print every sheet (PDF, A4)").get_attribute("href")
    assert sheets is not None
    text = pdf_text(organiser_phone, sheets)
    for n in range(1, 6):
        assert f"Table {n}" in text, text
