"""A player's page and a rating season's page at 360 px, in English and in Russian: the rating
with its skill estimate, range and provisional mark, the chart's type legible, the rubbers
expected per night, the "?" link; nothing wider than the phone."""

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
CAST = ["Анна", "Борис", "Вера", "Глеб", "Дина", "Егор", "Зоя", "Иван"]

# The smallest type of the chart as drawn: its font size times the SVG's scale on screen.
SMALLEST_CHART_TYPE = """() => {
  const svg = document.querySelector('.chart svg');
  const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  const sizes = [...svg.querySelectorAll('text')].map(
    t => parseFloat(getComputedStyle(t).fontSize) * scale);
  return Math.min(...sizes);
}"""


def make_club(organiser_name: str) -> tuple[str, int, int]:
    from django.contrib.auth import get_user_model

    user = get_user_model().objects.create_user(organiser_name, password="x" * 12)
    club = clubs.create_club(user=user, name="Клуб", variant="russian", language="ru")
    for n in range(4):
        night = clubs.open_night(club, name=f"Пятница {n + 1}",
                                 date=datetime.date(2026, 10, 2 + 7 * n), author=user)  # fmt: skip
        order = CAST[:1] + CAST[1 + n :] + CAST[1 : 1 + n]
        for t in range(2):
            players = dict(zip(SEATS, order[4 * t : 4 * t + 4], strict=True))
            table = clubs.start_table(night, author=user, variant="russian", players=players,
                                      first_dealer="N")  # fmt: skip
            flip = (n + t) % 3 == 0  # a rubber to North-South, or to East-West
            for number, won in enumerate(TRICKS, start=1):
                state = services.table_state(table)
                tricks = 13 - won if flip else won
                services.add_deal(table, russian_deal(state.next_dealer or "N", tricks),
                                  number=number, author=services.Author(label="test"))  # fmt: skip
    season = club.seasons.create(
        name="Осень", starts_on=datetime.date(2026, 9, 1), ends_on=datetime.date(2026, 12, 31),
        variant="russian", kind="rating", min_sessions=1,
    )  # fmt: skip
    anna = club.roster.get(name="Анна")
    return Club.objects.get(pk=club.pk).token, season.pk, anna.pk


@pytest.mark.parametrize(
    ("locale", "words"),
    [("en-GB", ("Skill estimate", "provisional", "expectation")),
     ("ru-RU", ("Оценка силы", "предварительный", "ожидаем"))],
)  # fmt: skip
def test_a_player_page_and_a_rating_season_at_360_px(site, new_context, shot, locale, words):
    token, season, anna = site.db(lambda: make_club(f"org-{locale}"))
    page = new_context(locale=locale).new_page()

    page.goto(f"/c/{token}/players/{anna}/")
    shot(page, f"ratings-player-{locale}")
    text = page.inner_text("main")
    for word in words:
        assert word in text
    assert page.locator("a.help").count() == 1
    assert page.locator(".chart svg polygon.band").count() == 1
    assert page.evaluate(SMALLEST_CHART_TYPE) >= 12
    assert page.locator("small.expected").count() == 4  # one line a night
    if locale.startswith("ru"):
        assert "," in page.inner_text("dl.rating-now dd.range")  # 8,33 – 41,67: a decimal comma
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    page.goto(f"/c/{token}/seasons/{season}/")
    shot(page, f"ratings-season-{locale}")
    assert page.locator("table.rating-standings tbody tr").count() == len(CAST)
    assert page.locator("table.rating-standings .tag.provisional").count() == len(CAST)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    page.click("th a.help")
    assert page.url.split("?")[0].endswith("/ratings/explained/")
    shot(page, f"ratings-explained-{locale}")
    assert words[0].lower() in page.inner_text("main").lower()
