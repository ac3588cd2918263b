"""Head to head on a player's page, the season's best partnerships, the club's records and the
night's rubbers against expectation, at 360 px in English and in Russian: every figure said in
words, numbers in the language's format, nothing wider than the phone."""

from __future__ import annotations

import datetime

import pytest

from players.models import Club
from scorebook.clubs import services as clubs
from scorebook.tables import services
from tests.browser.conftest import PHONE
from tests.scorebook.conftest import SEATS, russian_deal

pytestmark = pytest.mark.browser

TRICKS = (9, 9, 4, 4, 4, 9, 9)  # North-South win two games to one: a finished rubber
# Long names: the tables must still fit the phone.
CAST = ["Александра Константинопольская", "Борис", "Вера", "Глеб", "Дина", "Егор"]


def make_club(organiser_name: str) -> tuple[str, int, int, str]:
    """Twelve nights of one table; Александра and Борис are partners at every one of them
    (twelve rubbers together, enough for the season's best partnerships), against two of the
    four others in turn (three rubbers for each of their pairs)."""
    from django.contrib.auth import get_user_model

    user = get_user_model().objects.create_user(organiser_name, password="x" * 12)
    club = clubs.create_club(user=user, name="Клуб", variant="russian", language="ru")
    night = None
    for n in range(12):
        night = clubs.open_night(club, name=f"Пятница {n + 1}",
                                 date=datetime.date(2026, 9, 4) + datetime.timedelta(7 * n),
                                 author=user)  # fmt: skip
        others = CAST[2:][n % 4 :] + CAST[2:][: n % 4]
        for names in [(CAST[0], others[0], CAST[1], others[1])]:  # N, E, S, W
            flip = n % 3 == 0  # a rubber to North-South, or to East-West
            deals = [russian_deal(SEATS[i % 4], 13 - won if flip else won)
                     for i, won in enumerate(TRICKS)]  # fmt: skip
            players = dict(zip(SEATS, names, strict=True))
            record = {"format": "whist-record/1", "variant": "russian", "players": players,
                      "deals": deals}  # fmt: skip
            clubs.file_table(night, services.import_record(record), author=user)
    season = club.seasons.create(
        name="Осень", starts_on=datetime.date(2026, 9, 1), ends_on=datetime.date(2026, 12, 31),
        variant="russian", kind="rating", min_sessions=1,
    )  # fmt: skip
    first = club.roster.get(name=CAST[0])
    return Club.objects.get(pk=club.pk).token, season.pk, first.pk, night.token


def fits(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


@pytest.mark.parametrize(
    ("locale", "words"),
    [("en-GB", {"head": "Head to head", "pairs": "Best partnerships of the season",
                "records": "Records of the club", "expected": "Against expectation",
                "slams": "Most slams", "run": "Longest winning run"}),
     ("ru-RU", {"head": "Друг против друга", "pairs": "Лучшие пары сезона",
                "records": "Рекорды клуба", "expected": "Против ожиданий",
                "slams": "Больше всех шлемов", "run": "Самая длинная серия побед"})],
)  # fmt: skip
def test_head_to_head_pairs_records_and_the_nights_expectation_at_360_px(
    site, new_context, shot, locale, words
):
    token, season, first, night = site.db(lambda: make_club(f"stats-{locale}"))
    page = new_context(locale=locale).new_page()

    page.goto(f"/c/{token}/players/{first}/")
    shot(page, f"stats-player-{locale}")
    page.locator("#partners").scroll_into_view_if_needed()
    page.evaluate("document.getElementById('partners').scrollIntoView()")
    shot(page, f"stats-player-together-{locale}", screen=True)
    assert words["head"] in page.inner_text("main")
    assert page.locator("table.head-to-head tbody tr").count() == len(CAST) - 2
    assert fits(page)

    page.goto(f"/c/{token}/seasons/{season}/")
    shot(page, f"stats-season-{locale}")
    assert words["pairs"] in page.inner_text("main")
    pairs = page.locator("table.best-pairs tbody tr")
    assert pairs.count() == 1  # only Александра and Борис have ten rubbers together
    assert CAST[0] in pairs.first.inner_text()
    share = pairs.first.locator("td").nth(2).inner_text()
    assert ("%" in share) and ((" %" in share) == locale.startswith("ru"))
    assert fits(page)
    # The rating ladder scrolls inside its own box, the names kept in view.
    box = page.locator(".pad-wrap:has(table.rating-standings)")
    box.evaluate("b => b.scrollLeft = b.scrollWidth")
    assert box.evaluate("b => b.scrollLeft") > 0  # wider than the phone: it scrolled
    name = page.locator("table.rating-standings tbody td.name").first.bounding_box()
    assert 0 <= name["x"] and name["x"] + name["width"] <= PHONE["width"]
    last = page.locator("table.rating-standings thead th").last.bounding_box()
    assert last["x"] + last["width"] <= PHONE["width"]  # the last column reached
    box.scroll_into_view_if_needed()
    shot(page, f"stats-season-scrolled-{locale}", screen=True)

    page.goto(f"/c/{token}/")
    page.click(f"text={words['records']}")
    shot(page, f"stats-records-{locale}")
    text = page.inner_text("main")
    assert words["slams"] in text and words["run"] in text
    assert page.locator("table.records").count() >= 1
    assert fits(page)

    page.goto(f"/e/{night}/")
    shot(page, f"stats-night-{locale}")
    assert words["expected"] in page.inner_text("main")
    cells = page.locator("table.standings td.expected").all_inner_texts()
    assert len(cells) == 4 and all(cells)
    if locale.startswith("ru"):
        assert any("," in c for c in cells)  # a decimal comma
    assert fits(page)
