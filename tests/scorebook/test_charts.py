"""The player's rating chart, drawn on the server."""

from __future__ import annotations

import datetime
import re

import pytest
from django.utils import translation

from scorebook.display.charts import rating_chart

HISTORY = [(datetime.date(2026, 9, 4), -1.5), (datetime.date(2026, 9, 11), 2.43)]


def numbers(svg: str) -> list[str]:
    """The numbers the chart shows: its axis labels and its points' values (not the points'
    coordinates, which pygal also writes down for its scripts)."""
    shown = re.findall(r'<(?:text[^>]*|desc class="value")>([^<]*)<', svg)
    return [text for text in shown if re.fullmatch(r"[−-]?\d+(?:[.,]\d+)?", text)]


@pytest.mark.parametrize(("lang", "point", "other"), [("ru", ",", "."), ("en", ".", ",")])
def test_the_rating_chart_writes_its_numbers_as_the_page_does(lang, point, other):
    with translation.override(lang):
        svg = str(rating_chart(HISTORY))

    written = numbers(svg)
    assert f"2{point}43" in written  # the last rating, as the page's "2,43" in Russian
    assert "\u22121" + point + "50" in written  # a true minus sign, as the standings write it
    assert not [n for n in written if other in n]


@pytest.mark.parametrize(("lang", "title"), [("ru", "Рейтинг"), ("en", "Rating over time")])
def test_the_rating_chart_is_named_in_the_page_language_not_by_its_library(lang, title):
    with translation.override(lang):
        svg = str(rating_chart(HISTORY))

    first = re.search(r"<title>([^<]*)</title>", svg)
    assert first is not None
    assert first.group(1).startswith(title)
    assert "Pygal" not in svg
