"""The rating shown with its uncertainty (issue 32): on the player page, the season's rating
ladder and its printed sheet, and the rubbers won against those expected, night by night.
Views on the ladder's numbers: the ladder itself ranks as it did (tests/players)."""

# ruff: noqa: F811  (the long club fixture, imported)
from __future__ import annotations

import re

import pytest
from django.core.cache import cache
from django.urls import reverse
from openskill.models import PlackettLuce

from players.ladder import night_surprises, rating_points_from
from scorebook.clubs import standings
from scorebook.display.charts import nice_ticks, rating_chart
from scorebook.tables import services
from tests.scorebook.conftest import SEATS, russian_deal
from tests.scorebook.test_player_page import AUTHOR, club, player, tables_of  # noqa: F401

pytestmark = pytest.mark.django_db


def in_one_go(club, name):  # noqa: F811
    every = standings._tables(standings.club_tables(club, variant="russian"))
    points, _after = rating_points_from([r for _t, _o, r in standings.results(every)], {})
    return points[player(club, name).pk]


def page(client, club, name, lang="en", **query):  # noqa: F811
    url = reverse("club_player", args=[club.token, player(club, name).pk])
    response = client.get(url, query, HTTP_ACCEPT_LANGUAGE=lang)
    assert response.status_code == 200
    return response.content.decode()


def test_the_player_page_shows_the_rating_its_skill_estimate_and_range(client, club):
    anna = in_one_go(club, "Anna")[-1]
    html = page(client, club, "Anna")
    stats = re.search(r'<dl class="stats rating-now">(.*?)</dl>', html, re.S).group(1)
    assert f"{anna.ordinal:.2f}".replace("-", "\u2212") in stats
    assert f"{anna.mu:.2f}" in stats
    assert f"{anna.mu - 2 * anna.sigma:.2f} – {anna.mu + 2 * anna.sigma:.2f}" in stats
    assert "provisional" in stats  # 12 rubbers at most, fewer than the club's 20
    assert reverse("ratings_explained") in html


def test_provisional_follows_the_clubs_number_of_rubbers(client, club):
    rubbers = len(in_one_go(club, "Anna"))
    club.provisional_rubbers = rubbers
    club.save()
    stats = re.search(r'rating-now">(.*?)</dl>', page(client, club, "Anna"), re.S).group(1)
    assert "provisional" not in stats
    club.provisional_rubbers = rubbers + 1
    club.save()
    stats = re.search(r'rating-now">(.*?)</dl>', page(client, club, "Anna"), re.S).group(1)
    assert "provisional" in stats


def test_an_organiser_sets_the_number_of_rubbers_others_cannot(client, club, owner, member):
    url = reverse("club_ratings", args=[club.token])
    client.force_login(member)
    assert client.post(url, {"provisional_rubbers": "5"}).status_code == 403
    client.force_login(owner)
    assert client.post(url, {"provisional_rubbers": "5"}).status_code == 302
    club.refresh_from_db()
    assert club.provisional_rubbers == 5
    client.post(url, {"provisional_rubbers": "-3"})
    club.refresh_from_db()
    assert club.provisional_rubbers == 5
    page = client.get(reverse("club", args=[club.token])).content.decode()
    assert 'name="provisional_rubbers"' in page


def test_each_night_shows_rubbers_won_against_those_expected(client, club):
    points = in_one_go(club, "Anna")
    nights = night_surprises(points)
    html = page(client, club, "Anna")
    shown = re.findall(r'class="expected">rubbers won (\d+) of (\d+), expected ([\d.]+)', html)
    assert [(int(w), int(n), float(e)) for w, n, e in shown] == [
        (night.won, night.rubbers, round(night.expected, 1)) for night in nights
    ]
    last = nights[-1]
    words = "above" if last.surprise > 0 else "below"
    assert f"{abs(last.surprise):.1f} rubbers {words} expectation" in html


def test_in_russian_the_surprise_is_in_words_with_a_decimal_comma(client, club):
    html = page(client, club, "Anna", lang="ru")
    assert re.search(r"на \d+,\d роббера (выше|ниже) ожидаемого|как ожидалось", html)
    assert "предварительн" in html


def test_a_rubber_finished_at_her_table_changes_the_skill_estimate_shown(client, club):
    before = page(client, club, "Anna")
    table = tables_of(club, "Anna")[-1]
    for number in range(8, 20):  # North-South win deal after deal until a rubber ends
        services.add_deal(table, russian_deal(SEATS[(number - 1) % 4], 9), number=number,
                          author=AUTHOR)  # fmt: skip
        if len(in_one_go(club, "Anna")) > rubbers_in(before):
            break
    after = page(client, club, "Anna")
    cache.clear()
    csrf = re.compile(r'("X-CSRFToken": "|value=")[A-Za-z0-9]{64}')
    anew = page(client, club, "Anna")
    assert csrf.sub("", after) == csrf.sub("", anew), difflib_of(after, anew)
    mu = lambda html: re.search(r"Skill estimate</dt><dd>([^<]*)<", html).group(1)  # noqa: E731
    assert mu(before) != mu(after)


def rubbers_in(html):
    return int(re.search(r"Rated rubbers</dt><dd>(\d+)<", html).group(1))


def difflib_of(a, b):
    import difflib

    return "\n".join(difflib.unified_diff(a.splitlines(), b.splitlines(), lineterm=""))


def test_the_season_rating_ladder_shows_the_skill_estimate_range_and_provisional(client, club):
    season = club.seasons.get()
    ladder = standings.season_standings(season).ladder
    html = client.get(reverse("season", args=[club.token, season.pk])).content.decode()
    assert "rating-standings" in html and reverse("ratings_explained") in html
    for line in ladder.standings:
        assert line.mu is not None and line.sigma is not None and line.rubbers > 0
        low, high = line.band
        assert f"{low:.2f} – {high:.2f}".replace("-", "\u2212") in html
    assert html.count('class="tag provisional"') == len(ladder.standings)
    club.provisional_rubbers = 0
    club.save()
    html = client.get(reverse("season", args=[club.token, season.pk])).content.decode()
    assert 'class="tag provisional"' not in html


def test_the_printed_rating_ladder_shows_the_skill_estimate_and_its_chart(client, club):
    from io import BytesIO

    from pypdf import PdfReader

    season = club.seasons.get()
    ladder = standings.season_standings(season).ladder
    url = reverse("season_pdf", args=[club.token, season.pk])
    body = client.get(url, {"lang": "en"}).content
    text = "".join(p.extract_text() for p in PdfReader(BytesIO(body)).pages)
    line = ladder.standings[0]
    assert f"{line.mu:.2f}" in text
    assert "Skill estimate" in text and "provisional" in text


def test_the_explained_page_reads_in_both_languages(client):
    en = client.get(reverse("ratings_explained"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    ru = client.get(reverse("ratings_explained"), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "Skill estimate" in en and "provisional" in en and "expected" in en
    assert "оценка силы" in ru.lower() and "разброс" in ru and "предварительн" in ru
    assert "OpenSkill" not in re.sub(r'<p class="hint">.*?</p>', "", ru, flags=re.S)


# ---------------------------------------------------------------------------------------------
# The chart


@pytest.mark.parametrize(
    ("low", "high"), [(2.6, 5.2), (-1.5, 2.43), (0, 0), (-30, 45), (0.013, 0.07), (7, 7.4)]
)
def test_chart_ticks_are_even_steps_of_one_two_or_five(low, high):
    ticks, decimals = nice_ticks(low, high)
    steps = {round(b - a, 9) for a, b in zip(ticks, ticks[1:], strict=False)}
    assert len(steps) == 1
    step = steps.pop()
    mantissa = step / 10 ** __import__("math").floor(__import__("math").log10(step))
    assert round(mantissa, 6) in (1, 2, 5)
    assert ticks[0] <= low and ticks[-1] >= high and 3 <= len(ticks) <= 8


def test_the_chart_draws_the_band_and_marks_each_night(settings):
    import datetime

    model = PlackettLuce()
    history, band = [], []
    for day in (4, 4, 11, 18, 18, 18):
        r = model.rating(mu=25 + day / 10, sigma=8 - day / 5)
        history.append((datetime.date(2026, 9, day), r.ordinal()))
        band.append((r.mu - 2 * r.sigma, r.mu, r.mu + 2 * r.sigma))
    svg = str(rating_chart(history, band))
    assert '<polygon class="band"' in svg and '<polyline class="mu"' in svg
    assert svg.count("<circle") == 3  # three nights
    sizes = {int(s) for s in re.findall(r'font-size="(\d+)"', svg)}
    width = int(re.search(r'viewBox="0 0 (\d+)', svg).group(1))
    assert min(sizes) * 330 / width >= 12  # legible on a phone 360 px wide
