"""``manage.py score``: the terminal sheet, ``--json``, standard input and clean errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RECORD = {
    "format": "whist-record/1",
    "variant": "russian",
    "players": {"N": "Anna", "E": "Boris", "S": "Vera", "W": "Gleb"},
    "deals": [
        {"dealer": "N", "trump": "H", "tricks": {"NS": 9, "EW": 4}, "honours": {"NS": 3, "EW": 2}},
        {"dealer": "E", "trump": "S", "tricks": {"NS": 8, "EW": 5}, "honours": {"NS": 1, "EW": 4}},
    ],
}


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "manage.py", "score", *args],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        check=False,
    )


@pytest.fixture
def record_file(tmp_path):
    path = tmp_path / "record.json"
    path.write_text(json.dumps(RECORD))
    return path


def test_json_output_is_the_format_score_document(record_file):
    result = run(str(record_file), "--json")
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    assert out["format"] == "whist-score/1"
    # deal 1: 3 odd tricks x 2 = 6 below, 3 honours = 2 above; deal 2: 2 odd = 4 below -> 10: game
    assert out["games"][0]["winner"] == "NS"
    assert out["games"][0]["score"] == {"NS": 10, "EW": 0}
    assert out["totals"]["total"] == {"NS": 12, "EW": 4}
    assert out["settlement"]["players"] == {"N": 8, "E": -8, "S": 8, "W": -8}


def test_the_terminal_sheet_shows_entries_games_and_settlement(record_file):
    result = run(str(record_file))
    assert result.returncode == 0, result.stderr
    text = result.stdout
    assert "Anna (N) & Vera (S)" in text
    assert "game 1 to NS (10–0, treble)" in text
    assert "Rubber 1: unfinished" in text
    assert "Anna (N) +8" in text and "Boris (E) -8" in text


def test_a_dash_reads_the_record_from_standard_input():
    result = run("-", "--json", stdin=json.dumps(RECORD))
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["totals"]["below"] == {"NS": 10, "EW": 0}


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (lambda r: r["deals"][1].update(tricks={"NS": 8, "EW": 4}), "deal 2, field 'tricks'"),
        (lambda r: r["deals"][0].update(dealer="S"), "deal 2, field 'dealer'"),
        (lambda r: r.update(variant="bridge"), "field 'variant'"),
        (lambda r: r["deals"][0].update(honours={"NS": "3", "EW": 2}), "deal 1, field 'honours'"),
    ],
)
def test_a_broken_record_exits_nonzero_with_one_line_naming_deal_and_field(change, expected):
    record = json.loads(json.dumps(RECORD))
    change(record)
    result = run("-", "--json", stdin=json.dumps(record))
    assert result.returncode != 0
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert expected in lines[0]
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("text", ["{not json", "", "[]", "null"])
def test_text_that_is_not_a_record_is_refused_in_one_line(text):
    result = run("-", stdin=text)
    assert result.returncode != 0
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.stderr


def test_a_missing_file_is_refused_in_one_line(tmp_path):
    result = run(str(tmp_path / "nope.json"))
    assert result.returncode != 0
    assert "cannot read" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_a_name_that_would_reverse_the_sheet_is_refused_in_one_line(tmp_path):
    path = tmp_path / "record.json"
    path.write_text(json.dumps({**RECORD, "players": {**RECORD["players"], "N": "\u202eAnna"}}))

    result = run(str(path))

    assert result.returncode != 0 and "Traceback" not in result.stderr
    assert "players.N" in result.stderr and "invisible formatting" in result.stderr
