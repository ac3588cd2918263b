"""Words and numbers as the interface writes them, and text a user typed set among them.

A name, a title or a place a user typed is isolated (``<bdi>``, templates/display/text.html):
a name in a right-to-left script, or one holding a direction mark from before they were
refused, cannot reorder the rest of the line ("<bdi>Анна</bdi> (N) deals").
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any, NamedTuple

from django.utils.formats import number_format
from django.utils.safestring import SafeString
from django.utils.translation import gettext_lazy as _

from scorebook.display.render import render
from scorebook.display.variants import seat_letters


def bdi(text: Any) -> SafeString:
    """``text`` isolated from the words around it."""
    return render("display/text.html#bdi", {"text": text})


class Piece(NamedTuple):
    """A piece of a sentence: words of the interface, or (``typed``) text a user typed."""

    text: Any
    typed: bool = False


PLACEHOLDER = re.compile(r"%\((\w+)\)s|%%")


def sentence(
    template: str, typed: dict[str, Any], words: dict[str, Any] | None = None
) -> tuple[Piece, ...]:
    """``template % values`` in pieces: each of ``typed`` (a list: each of its items, by
    commas) isolated, each of ``words`` not."""
    words = words or {}
    pieces: list[Piece] = []
    at = 0
    for found in PLACEHOLDER.finditer(template):
        pieces.append(Piece(template[at : found.start()]))
        at = found.end()
        key = found[1]
        if key is None:  # "%%"
            pieces.append(Piece("%"))
        elif key in typed:
            value = typed[key]
            items = value if isinstance(value, list) else [value]
            for n, item in enumerate(items):
                if n:
                    pieces.append(Piece(", "))
                pieces.append(Piece(item, typed=True))
        else:
            pieces.append(Piece(words[key]))
    pieces.append(Piece(template[at:]))
    return tuple(p for p in pieces if p.typed or p.text != "")


def with_names(template: str, **names: Any) -> SafeString:
    """``template % names`` as HTML, each name isolated (a list: each of its names, by
    commas): a message that names what a user typed ("The season “%(name)s” was removed.")."""
    return render("display/text.html#sentence", {"pieces": sentence(template, names)})


def signed(amount: Any) -> str:
    """+5, −5 (a true minus sign) or 0; a fraction in the language's format (+2,5 in
    Russian)."""
    if amount is None or amount == "":
        return ""
    if isinstance(amount, float) and not amount.is_integer():
        text = number_format(Decimal(f"{abs(amount):g}"))
    else:
        text = f"{abs(amount):g}" if isinstance(amount, float) else str(abs(amount))
    if amount > 0:
        return "+" + text
    if amount < 0:
        return "\u2212" + text
    return text


def percent(share: float | None) -> str:
    """A share as a whole percentage in the language's way of writing it (62%, 62 %)."""
    if share is None:
        return ""
    return str(_("%(percent)s%%") % {"percent": round(share * 100)})


def sides_label(sides: Any) -> str:
    """All sides in the interface's letters, e.g. NS–EW (СЮ–ВЗ)."""
    return "–".join(seat_letters(str(s)) for s in sides)


LADDER_KINDS = {"total": _("total"), "average": _("average"), "rating": _("rating")}


def ladder_kind(kind: str) -> str:
    """The ladder's kind in one word: total, average, rating."""
    return str(LADDER_KINDS.get(kind, kind))
