"""A season's ladder as a spreadsheet (CSV) that Excel and LibreOffice open as it looks on
the page: in the reader's language, with his decimal separator, and safe to open; and a
season's records in one zip, for ``manage.py ladder`` and backups (:func:`season_records`).

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
import json
import zipfile
from collections.abc import Iterable, Sequence
from typing import Any

from django.utils import translation
from django.utils.text import slugify
from django.utils.translation import gettext as _

from players.models import Season
from scorebook.tables.models import Table
from scorebook.tables.services import record_data

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


# ---------------------------------------------------------------------------------------------
# A season's records in one file


def season_records(season: Season, tables: Sequence[Table]) -> bytes:
    """The records of the tables a season counts (``tables``, in its ladder's order), as one
    zip: a whist-record/1 file a table (``manage.py ladder`` reads them: docs/ladders.md) and
    a README.txt saying the command line that makes the season's ladder from them.

    Each file's name starts with its place in the ladder's order (001-…), so that ``*.json``
    gives the tables in the order the rating replays them; its ``meta.date`` is its night's
    date (the session it counts in) and its players are named as the roster names them now.
    """
    width = max(3, len(str(len(tables))))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for index, table in enumerate(tables, start=1):
            record = record_data(table)
            night = table.evening
            if night is not None:
                record["meta"]["date"] = night.date.isoformat()
            words = slugify(f"{night.name if night else ''} {table.title}", allow_unicode=True)
            name = "-".join(
                part
                for part in (f"{index:0{width}d}", record["meta"]["date"], words[:40].strip("-_"))
                if part
            )
            archive.writestr(
                f"{name}.json", json.dumps(record, ensure_ascii=False, indent=2) + "\n"
            )
        archive.writestr("README.txt", _season_readme(season))
    return buffer.getvalue()


def ladder_command(season: Season) -> str:
    """The ``manage.py ladder`` line that makes the season's ladder from its records."""
    words = ["python manage.py ladder *.json", f"--kind {season.kind}"]
    if season.best is not None:
        words.append(f"--best {season.best}")
    words += [f"--min-sessions {season.min_sessions}", f"--min-partners {season.min_partners}"]
    return " ".join(words)


def _season_readme(season: Season) -> str:
    """What the zip holds and the command line of its ladder, in the club's language."""
    with translation.override(season.club.language):
        lines = [
            f"{season.club.name}: {season.name} ({season.starts_on} – {season.ends_on})",
            "",
            _(
                "The records (whist-record/1) of every table this season counts, in the order "
                "its ladder takes them. Its ladder, made from this folder:"
            ),
            "",
            "    " + ladder_command(season),
            "",
            _("Players are named as the club's roster named them when the file was made."),
        ]
    return "\n".join(lines) + "\n"
