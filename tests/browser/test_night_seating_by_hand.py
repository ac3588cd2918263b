"""The organiser's own hand in the seating, on a phone (360×740), in English and Russian: fixed
partnerships paired by tapping two names (and by the selects without JavaScript), the pairs
seated as partners; then two seats swapped by tapping them, and a name dragged onto another
seat with a finger, both through the page's one swap request.

Screenshots: tests/browser/screenshots/seat-hand-*.png.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import BrowserContext, Page, expect

from players.models import Player
from scorebook.clubs import seating
from scorebook.clubs import services as clubs
from scorebook.tables.models import Evening
from tests.browser.conftest import PHONE, Site
from tests.browser.helpers import sign_in

pytestmark = pytest.mark.browser

PASSWORD = "lantern-Quartz-917"
ROSTER = {
    "en": ["Anna", "Boris", "Vera", "Gleb", "Dina", "Egor", "Fedor", "Galya", "Ilya", "Kira"],
    "ru": ["Анна", "Борис", "Вера", "Глеб", "Дина", "Егор", "Фёдор", "Галя", "Илья", "Кира"],
}
WORDS = {
    "en": {"pairing": "Fixed partnerships: pair the players yourself", "seat": "Seat the pairs",
           "pairs": "Fixed pairs", "already": "{} is already paired with {}."},
    "ru": {"pairing": "Постоянные пары: составить пары самому", "seat": "Рассадить пары",
           "pairs": "Постоянные пары", "already": "{} уже в паре с {}."},
}  # fmt: skip
PARTNER = {"N": "S", "S": "N", "E": "W", "W": "E"}


def make_night(lang: str) -> Evening:
    owner = get_user_model().objects.create_user("organiser", password=PASSWORD)
    club = clubs.create_club(user=owner, name="Moika", variant="russian", language=lang)
    for name in ROSTER[lang]:
        clubs.add_player(club, name, author=owner)
    night = clubs.open_night(club, name="Fri", date=datetime.date(2026, 11, 20), author=owner)
    seating.set_present(night, list(Player.objects.values_list("pk", flat=True)), author=owner)
    return night


def seating_of(site: Site, night: Evening) -> dict:  # type: ignore[type-arg]
    return site.db(lambda: Evening.objects.get(pk=night.pk).seating)


def name_of(site: Site, pk: int) -> str:
    return site.db(lambda: Player.objects.get(pk=pk).name)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_pairs_made_by_taps_are_seated_as_partners(
    site: Site, new_context: Callable[..., BrowserContext], shot: Callable[..., None], lang: str
) -> None:
    words, names = WORDS[lang], ROSTER[lang]
    night = site.db(lambda: make_night(lang))
    page = new_context(locale="ru-RU" if lang == "ru" else "en-GB").new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    sign_in(page, "organiser", PASSWORD)
    page.goto(f"/e/{night.token}/seating/")
    page.get_by_text(words["pairing"]).click()
    form = page.locator("form.pairing-form")
    tap = lambda name: form.locator("label.pair-name", has_text=name).click()  # noqa: E731
    tap(names[2])  # Vera
    expect(form.locator("label.pair-name.chosen")).to_have_text(names[2])
    tap(names[3])  # … and Gleb: a pair
    tap(names[0])  # Anna
    tap(names[1])  # … and Boris
    vera = form.locator("li", has=page.locator("label.pair-name", has_text=names[2]))
    expect(vera.locator("select")).to_have_value(
        str(site.db(lambda: Player.objects.get(name=names[3]).pk))
    )
    expect(form.locator("li.paired")).to_have_count(4)
    # A partner chosen in a select is mirrored on the partner's select.
    pk = {name: site.db(lambda n=name: Player.objects.get(name=n).pk) for name in names[4:6]}
    form.locator(f"select[name=partner-{pk[names[4]]}]").select_option(str(pk[names[5]]))
    expect(form.locator(f"select[name=partner-{pk[names[5]]}]")).to_have_value(str(pk[names[4]]))
    expect(form.locator("li.paired")).to_have_count(6)
    variant = form.locator("select[name=variant]")
    variant.select_option(index=1)  # the variant's select is no partner's
    variant.select_option("russian")
    assert not errors, errors
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shot(page, f"seat-hand-{lang}-pairing")
    form.get_by_role("button", name=words["seat"]).click()

    expect(page.locator("section.fixed-pairs li")).to_have_count(3)
    drawn = seating_of(site, night)
    assert len(drawn["pairs"]) == 3
    for table in drawn["tables"]:
        for seat, pid in table.items():
            partner = table.get(PARTNER[seat])
            for a, b in drawn["pairs"]:
                if pid in (a, b):
                    assert partner == (b if pid == a else a)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shot(page, f"seat-hand-{lang}-pairs-seated")


def test_pairs_are_made_by_the_selects_without_javascript_and_refusals_name_the_player(
    site: Site, new_context: Callable[..., BrowserContext], shot: Callable[..., None]
) -> None:
    names = ROSTER["en"]
    night = site.db(lambda: make_night("en"))
    page = new_context(java_script_enabled=False).new_page()
    sign_in(page, "organiser", PASSWORD)
    page.goto(f"/e/{night.token}/seating/")
    page.get_by_text(WORDS["en"]["pairing"]).click()
    page.get_by_label(f"Partner of {names[2]}").select_option(label=names[3])
    page.get_by_label(f"Partner of {names[0]}").select_option(label=names[3])
    page.get_by_role("button", name=WORDS["en"]["seat"]).click()
    # Anna comes first in the form: Gleb is hers, and Vera's choice is the one refused.
    expect(page.locator("#pairing-error")).to_have_text(
        f"{names[3]} is already paired with {names[0]}."
    )
    expect(page.get_by_label(f"Partner of {names[2]}")).to_have_attribute("aria-invalid", "true")
    assert seating_of(site, night) is None
    shot(page, "seat-hand-en-pairing-refused")
    page.get_by_label(f"Partner of {names[0]}").select_option(label=names[1])
    page.get_by_role("button", name=WORDS["en"]["seat"]).click()
    expect(page.locator("section.fixed-pairs li")).to_have_count(2)


def drag_with_a_finger(page: Page, source, target) -> None:  # type: ignore[no-untyped-def]
    """A finger pressed on ``source``'s name, moved in steps onto ``target``, lifted (both on
    the screen)."""
    for place in (source, target):
        box = place.bounding_box()
        assert box and 0 <= box["y"] and box["y"] + box["height"] <= PHONE["height"], box
    start = source.locator(".seat-name").bounding_box()
    end = target.bounding_box()
    assert start and end
    x0, y0 = start["x"] + start["width"] / 2, start["y"] + start["height"] / 2
    x1, y1 = end["x"] + end["width"] / 2, end["y"] + end["height"] / 2
    cdp = page.context.new_cdp_session(page)
    point = lambda x, y: [{"x": x, "y": y, "id": 1}]  # noqa: E731
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": point(x0, y0)})
    for step in range(1, 11):
        x, y = x0 + (x1 - x0) * step / 10, y0 + (y1 - y0) * step / 10
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": point(x, y)})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_seats_are_swapped_by_taps_and_by_dragging_a_name(
    site: Site, new_context: Callable[..., BrowserContext], shot: Callable[..., None], lang: str
) -> None:
    night = site.db(lambda: make_night(lang))
    site.db(lambda: seating.draw_seating(night, "russian", seed=11))
    page = new_context(locale="ru-RU" if lang == "ru" else "en-GB").new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    sign_in(page, "organiser", PASSWORD)
    page.goto(f"/e/{night.token}/seating/")
    expect(page.locator(".seat-drag-hint")).to_be_visible()

    # Taps: table 1's North, then table 2's East.
    before = seating_of(site, night)
    north, east = name_of(site, before["tables"][0]["N"]), name_of(site, before["tables"][1]["E"])
    page.locator('.seat-place[data-place="1:N"]').click()
    expect(page.locator('.seat-place[data-place="1:N"]')).to_have_attribute("aria-pressed", "true")
    shot(page, f"seat-hand-{lang}-tapped", screen=True)
    page.locator('.seat-place[data-place="2:E"]').click()
    expect(page.locator('.seat-place[data-place="1:N"] .seat-name')).to_have_text(east)
    expect(page.locator('.seat-place[data-place="2:E"] .seat-name')).to_have_text(north)
    after = seating_of(site, night)
    assert (after["tables"][0]["N"], after["tables"][1]["E"]) == (
        before["tables"][1]["E"], before["tables"][0]["N"])  # fmt: skip

    # A finger drags table 2's South onto the first player sitting out, just below.
    south, out = name_of(site, after["tables"][1]["S"]), name_of(site, after["sit_out"][0])
    target = page.locator('.seat-place[data-place="out:0"]')
    target.scroll_into_view_if_needed()
    drag_with_a_finger(page, page.locator('.seat-place[data-place="2:S"]'), target)
    expect(page.locator('.seat-place[data-place="out:0"] .seat-name')).to_have_text(south)
    expect(page.locator('.seat-place[data-place="2:S"] .seat-name')).to_have_text(out)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shot(page, f"seat-hand-{lang}-dragged")
    assert not errors, errors


def test_a_mouse_drags_a_name_onto_another_seat(
    site: Site, new_context: Callable[..., BrowserContext]
) -> None:
    night = site.db(lambda: make_night("en"))
    site.db(lambda: seating.draw_seating(night, "russian", seed=3))
    page = new_context(viewport={"width": 1024, "height": 768}, is_mobile=False,
                       has_touch=False).new_page()  # fmt: skip
    sign_in(page, "organiser", PASSWORD)
    page.goto(f"/e/{night.token}/seating/")
    before = seating_of(site, night)
    west = name_of(site, before["tables"][0]["W"])
    east = name_of(site, before["tables"][1]["E"])
    page.locator('.seat-place[data-place="1:W"]').drag_to(
        page.locator('.seat-place[data-place="2:E"]')
    )
    expect(page.locator('.seat-place[data-place="2:E"] .seat-name')).to_have_text(west)
    expect(page.locator('.seat-place[data-place="1:W"] .seat-name')).to_have_text(east)
