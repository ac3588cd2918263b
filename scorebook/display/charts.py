"""Charts drawn on the server as SVG, so that the page and the printed sheet show the same."""

from __future__ import annotations

import datetime
import re

import pygal
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from pygal.style import Style

from scorebook.display.text import ladder_value

# pygal always writes its configuration as an inline <script> (for its interactive mode) and
# a few comments with its web address: the pages run no script, so both are cut out.
SCRIPT_OR_COMMENT = re.compile(r"<script\b.*?</script>|<!--.*?-->", re.S)

STYLE = Style(
    background="transparent",
    plot_background="transparent",
    foreground="#222",
    foreground_strong="#222",
    foreground_subtle="#ccc",
    colors=("#1d5fa7",),
    font_family="DejaVu Sans, sans-serif",
    label_font_size=13,
    major_label_font_size=13,
)


def rating_chart(history: list[tuple[datetime.date, float]]) -> SafeString:
    """The player's rating after each rated rubber, as an inline SVG (empty when unrated)."""
    if not history:
        return mark_safe("")
    chart = pygal.Line(
        style=STYLE,
        width=420,
        height=240,
        show_legend=False,
        show_dots=len(history) <= 60,
        x_label_rotation=0,
        show_minor_x_labels=False,
        show_minor_y_labels=False,
        y_labels_major_count=5,
        margin=8,
        margin_right=28,  # room for the last date
        truncate_label=-1,
        js=[],  # no script: the chart must print, and the pages run none
        value_formatter=lambda value: ladder_value(value, "rating"),  # 2,43 in Russian
        disable_xml_declaration=True,
        explicit_size=False,
    )
    chart.x_labels = [f"{d:%d.%m.%y}" for d, _v in history]
    chart.x_labels_major = [chart.x_labels[0], chart.x_labels[-1]]
    chart.add(_("rating"), [round(v, 2) for _d, v in history])
    svg = SCRIPT_OR_COMMENT.sub("", chart.render(is_unicode=True))
    # pygal names an untitled chart "Pygal": the tooltip and the name a screen reader says
    title = escape(_("Rating over time"))
    svg = svg.replace("<title>Pygal</title>", f"<title>{title}</title>", 1)
    return mark_safe(svg)  # pygal escapes the title and labels
