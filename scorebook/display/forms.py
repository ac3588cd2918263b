"""What the deal form's controls carry for a screen reader, and the counted rest of a Hussar
deal past 13 tricks (templates/display/forms.html writes them)."""

from __future__ import annotations

from typing import Any

from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from scorebook.display.render import render

TEMPLATE = "display/forms.html"


def error_ids(form: Any, groups: str) -> list[str]:
    """The ids of the messages under a field (_errors.html: ``deal-error-GROUP-N``), for each
    of the comma-separated ``groups`` whose messages are about it."""
    return [
        f"deal-error-{group}-{n}"
        for group in groups.split(",")
        for n in range(1, len(form.errors_for(group)) + 1)
    ]


def invalid_attrs(form: Any, groups: str) -> dict[str, str]:
    """For a refused deal, the attributes that tie a control to the messages under it (ids as
    error_ids says); none for a control without messages."""
    ids = error_ids(form, groups)
    return {"aria-invalid": "true", "aria-describedby": " ".join(ids)} if ids else {}


def invalid_attrs_html(form: Any, groups: str) -> SafeString:
    """invalid_attrs() as attributes of a tag written in a template, or nothing."""
    attrs = invalid_attrs(form, groups)
    return render(f"{TEMPLATE}#attrs", {"attrs": attrs.items()}) if attrs else SafeString("")


def css_string(text: str) -> str:
    """``text`` as a CSS string in a <style> element, where no character is an HTML entity:
    its "<" escaped the CSS way, so that no "</style>" can end the element."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("<", "\\3c ") + '"'


def over_count_style() -> SafeString:
    """How the counted rest of a deal (Hussar: 13 less the tricks tapped, site.css) reads when
    the taps pass 13: "3 too many", not "-3". CSS cannot test a counter, but a counter style
    writes a negative value with its own words, here the page's."""
    before, _n, after = _("%(n)s too many").partition("%(n)s")
    negative = mark_safe(f"{css_string(before)} {css_string(after)}")  # noqa: S308 - CSS strings
    return render(f"{TEMPLATE}#over_count_style", {"negative": negative})
