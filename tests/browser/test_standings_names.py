"""A ladder's names wrap between their words at 360 px, as people write them on paper: the name
column is never squeezed narrower than a name's longest word by the figures beside it."""

from __future__ import annotations

import datetime

import pytest

from players.models import Club
from scorebook.clubs import services as clubs
from scorebook.tables import services
from tests.browser.conftest import PHONE
from tests.scorebook.conftest import SEATS, russian_deal

pytestmark = pytest.mark.browser

NAMES = [
    "Александра Константиновна",
    "Феофилакт Христофорович",
    "Maximilian Oppenheimer",
    "Евдокия Преображенская",
    "Анна Ли",
    "Kristofferson Wolfeschlegel",
    "Вера",
    "Глеб Воскресенский",
]

# The width of each word of a name cell against the width of its cell's content box.
WORDS_WIDER_THAN_CELL = """() => {
  const probe = document.createElement('span');
  probe.style.whiteSpace = 'nowrap';
  const found = [];
  for (const cell of document.querySelectorAll('table.standings td.name')) {
    const style = getComputedStyle(cell);
    const inner = cell.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    for (const word of cell.textContent.trim().split(/\\s+/)) {
      probe.textContent = word;
      cell.appendChild(probe);
      const wide = probe.getBoundingClientRect().width;
      cell.removeChild(probe);
      if (wide > inner + 0.5) found.push(`${word}: ${wide.toFixed(1)} > ${inner.toFixed(1)}`);
    }
  }
  return found;
}"""


# Each syllable of a figure's header (the parts between its soft hyphens, a hyphen added)
# against the width of its header cell: a wider one would be cut inside a syllable.
SYLLABLES_WIDER_THAN_HEADER = """() => {
  const found = [];
  for (const cell of document.querySelectorAll('table.standings thead th.num')) {
    const style = getComputedStyle(cell);
    const inner = cell.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    for (const word of cell.textContent.trim().split(/\\s+/)) {
      for (const part of word.split('\\u00ad')) {
        const probe = document.createElement('span');
        probe.style.whiteSpace = 'nowrap';
        probe.textContent = part + '-';
        cell.appendChild(probe);
        const wide = probe.getBoundingClientRect().width;
        cell.removeChild(probe);
        if (wide > inner + 0.5) found.push(`${part}: ${wide.toFixed(1)} > ${inner.toFixed(1)}`);
      }
    }
  }
  return found;
}"""


def make_club(organiser_name: str) -> tuple[str, int]:
    from django.contrib.auth import get_user_model

    user = get_user_model().objects.create_user(organiser_name, password="x" * 12)
    club = clubs.create_club(user=user, name="Клуб", variant="russian", language="ru")
    night = clubs.open_night(club, name="Пятница", date=datetime.date(2026, 10, 2), author=user)
    for t in range(2):
        players = dict(zip(SEATS, NAMES[4 * t : 4 * t + 4], strict=True))
        table = clubs.start_table(night, author=user, variant="russian", players=players,
                                  first_dealer="N")  # fmt: skip
        for number, tricks in enumerate((9, 9, 4, 9), start=1):
            state = services.table_state(table)
            services.add_deal(table, russian_deal(state.next_dealer or "N", tricks),
                              number=number, author=services.Author(label="test"))  # fmt: skip
    season = club.seasons.create(
        name="Осень", starts_on=datetime.date(2026, 9, 1), ends_on=datetime.date(2026, 12, 31),
        variant="russian", kind="average", min_sessions=1,
    )  # fmt: skip
    return Club.objects.get(pk=club.pk).token, season.pk


@pytest.mark.parametrize("locale", ["ru-RU", "en-GB"])
def test_a_ladders_names_break_between_words_not_inside_them(
    site, new_context, shot, locale
) -> None:
    token, season = site.db(lambda: make_club(f"org-{locale}"))
    page = new_context(locale=locale).new_page()

    page.goto(f"/c/{token}/seasons/{season}/")

    assert page.locator("table.standings td.name").count() == len(NAMES)
    assert page.evaluate(WORDS_WIDER_THAN_CELL) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    # The headers in full break at their syllables ("Парт-нёры"), never inside one.
    assert page.evaluate(SYLLABLES_WIDER_THAN_HEADER) == []
    shot(page, f"standings-names-{locale}")
