"""The terminal sheet (``manage.py score``, ``python -m scorebook.rules score``): nothing cut,
columns aligned, counts in the singular where they are one."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from scorebook.rules import load_record, score
from scorebook.rules.text import render

EXAMPLES = Path(__file__).resolve().parent / "examples"
NAMES = sorted(p.name.removesuffix(".json") for p in EXAMPLES.glob("*.json")
               if not p.name.endswith(".expected.json"))  # fmt: skip
DEAL_ROW = re.compile(r"^\s*\d+ ")


def sheet_text(data: dict) -> str:
    record = load_record(json.dumps(data).encode())
    return render(record, score(record))


def example(name: str) -> dict:
    return json.loads((EXAMPLES / f"{name}.json").read_text())


def slam_rubber() -> dict:
    """Example R1 with a last deal of 12 tricks and 4 honours: NS write 4 hon, 10 slam and
    20 rubber above the line in one deal."""
    data = example("R1")
    data["deals"][4] = {"dealer": "N", "trump": "S", "tricks": {"NS": 12, "EW": 1},
                        "honours": {"NS": 4, "EW": 1}}  # fmt: skip
    return data


def table_lines(text: str) -> list[str]:
    """The header and every deal's row of the sheet's table."""
    lines = text.splitlines()
    return [lines[2]] + [line for line in lines[4:] if DEAL_ROW.match(line)]


def separators(line: str) -> list[int]:
    return [index for index, char in enumerate(line) if char == "|"]


@pytest.mark.parametrize("data", [*(example(n) for n in NAMES), slam_rubber()],
                         ids=[*NAMES, "slam-rubber"])  # fmt: skip
def test_every_rows_column_separators_stand_where_the_headers_do(data):
    lines = table_lines(sheet_text(data))

    assert len(lines) == 1 + len(data["deals"])
    assert {tuple(separators(line)) for line in lines} == {tuple(separators(lines[0]))}
    assert len(separators(lines[0])) == lines[0].count(" below")  # one before each side's pair


def test_a_long_above_the_line_cell_is_written_whole_and_shifts_nothing():
    lines = table_lines(sheet_text(slam_rubber()))
    header, last = lines[0], lines[-1]

    assert "4 hon, 10 slam, 20 rubber" in last
    # NS above is the column after NS below: its cell starts under its heading
    assert last.index("4 hon, 10 slam, 20 rubber") == header.index("NS above")
    assert separators(last) == separators(header)


def test_the_deal_column_shows_the_revoking_seat():
    text = sheet_text(example("Rv1"))

    row = next(line for line in table_lines(text) if line.lstrip().startswith("2 "))
    assert "♠ 0-13 hon 0-4 revoke E |" in re.sub(r" +\|", " |", row)


def test_one_game_point_is_singular_and_more_are_plural():
    text = sheet_text(example("S3"))

    assert "game 1 to EW (4–5, single, 1 game point) " in text
    assert "game 2 to NS (5–0, treble, 3 game points) " in text
    assert "1 game points" not in text
