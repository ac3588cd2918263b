"""A season's ladder as a spreadsheet (CSV) that Excel and LibreOffice open as it looks on
the page: in the reader's language, with his decimal separator, and safe to open.

- The file starts with a UTF-8 byte order mark: without it Excel reads the bytes as the
  system's code page and garbles Cyrillic names.
- In Russian (as in most of Europe) the decimal separator is a comma, so the list separator
  is a semicolon (what Excel expects in those locales); in English, a dot and a comma.
- Text cells are neutralised (the OWASP rule for CSV injection): a cell that starts with
  ``=``, ``+``, ``-``, ``@``, a tab or a carriage return is written with a leading
  apostrophe, so that a player named ``=HYPERLINK(…)`` is shown as text, never run as a
  formula. Numbers are written as numbers (a rating of −1,5 stays a number).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from typing import Any

from django.utils import translation
from django.utils.translation import gettext as _

FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
BOM = "\ufeff"


def text_cell(value: str) -> str:
    """A text cell no spreadsheet runs as a formula."""
    return "'" + value if value.startswith(FORMULA_START) else value


def number_cell(value: float | int, decimal: str) -> str:
    """A number as the reader's spreadsheet reads one (up to six significant digits)."""
    text = f"{value:.6g}" if isinstance(value, float) else str(value)
    return text.replace(".", decimal)


def _dialect(language: str) -> tuple[str, str]:
    """(list separator, decimal separator) for a language."""
    return (";", ",") if language.split("-")[0] == "ru" else (",", ".")


def write(rows: Iterable[Sequence[Any]], header: Sequence[str], language: str) -> str:
    """The CSV text: ``header`` then ``rows``; in each row a str is text, an int or a float a
    number, None an empty cell."""
    delimiter, decimal = _dialect(language)
    out = io.StringIO()
    writer = csv.writer(out, delimiter=delimiter, lineterminator="\r\n")
    writer.writerow([text_cell(h) for h in header])
    for row in rows:
        writer.writerow(
            [
                ""
                if cell is None
                else number_cell(cell, decimal)
                if isinstance(cell, (int, float)) and not isinstance(cell, bool)
                else text_cell(str(cell))
                for cell in row
            ]
        )
    return BOM + out.getvalue()


def ladder_csv(rows: Iterable[dict[str, Any]], language: str) -> str:
    """A season's standings (Standings.rows()) as the page shows them, in ``language``."""
    with translation.override(language):
        header = [_("Rank"), _("Player"), _("Value"), _("Sessions"), _("Partners"), _("Qualified")]
        yes, no = _("yes"), _("no")
        body = [
            [
                row["rank"],
                row["name"],
                float(row["value"]),
                row["sessions"],
                row["partners"],
                yes if row["qualified"] else no,
            ]
            for row in rows
        ]
    return write(body, header, language)
