"""``manage.py movement``: the documents, the readable tables, and refusals in one line."""

from __future__ import annotations

import json
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from scorebook.movements import (
    drive_document,
    dumps,
    individual,
    individual_document,
    pairs,
    pairs_document,
    progressive,
)

from .test_drive import EXAMPLE, EXAMPLE_TEXT

ROOT = Path(__file__).resolve().parents[2]


def movement(*args):
    out = StringIO()
    call_command("movement", *args, stdout=out)
    return out.getvalue()


@pytest.fixture
def results(tmp_path):
    def write(data, name="results.json"):
        path = tmp_path / name
        path.write_text(data if isinstance(data, str) else json.dumps(data))
        return str(path)

    return write


def test_individual_json_is_the_whist_movement_document():
    out = movement("individual", "--players", "12", "--json")
    assert out == dumps(individual_document(individual(12))) + "\n"
    doc = json.loads(out)
    assert list(doc) == [
        "format", "kind", "players", "rounds", "partners", "opponents", "sit_outs"
    ]  # fmt: skip
    assert len(doc["rounds"]) == 11 and all(len(r["games"]) == 3 for r in doc["rounds"])
    # the specification's example lines, byte for byte
    for line in (
        '  "format": "whist-movement/1",',
        '  "kind": "individual",',
        '  "players": 12,',
        '  "partners": {"min": 1, "max": 1},',
        '  "opponents": {"min": 2, "max": 2},',
        '  "sit_outs": {"min": 0, "max": 0}',
    ):
        assert line in out.splitlines()
    first = out.splitlines()[5]
    assert first.startswith('    {"round": 1, "games": [{"table": 1, "N": ')
    assert first.endswith('}], "sit_out": []},')


def test_individual_rounds_gives_the_first_rounds():
    doc = json.loads(movement("individual", "--players", "9", "--rounds", "3", "--json"))
    assert doc == individual_document(individual(9, 3))
    assert [len(r["sit_out"]) for r in doc["rounds"]] == [1, 1, 1]


def test_pairs_json_is_the_whist_movement_document():
    out = movement("pairs", "--pairs", "6", "--json")
    doc = json.loads(out)
    assert out == dumps(pairs_document(pairs(6))) + "\n"
    assert list(doc) == ["format", "kind", "pairs", "rounds", "meetings", "ns_turns", "sit_outs"]
    assert doc["rounds"][0]["games"][0].keys() == {"table", "NS", "EW"}
    assert '  "meetings": {"min": 1, "max": 1},' in out.splitlines()
    assert doc["ns_turns"] == {"min": 2, "max": 3} and doc["sit_outs"] == {"min": 0, "max": 0}
    odd = json.loads(movement("pairs", "--pairs", "7", "--rounds", "2", "--json"))
    assert [len(r["sit_out"]) for r in odd["rounds"]] == [1, 1]


def test_progressive_json_is_the_example_of_the_specification(results):
    path = results({"rounds": EXAMPLE})
    assert movement("progressive", "--players", "8", "--results", path, "--json") == (
        EXAMPLE_TEXT + "\n"
    )


def test_progressive_options_reach_the_drive(results):
    rounds = [[[7, 6, 5]], [[1, 2, 3]]]
    path = results({"rounds": rounds, "note": "ignored"})
    out = movement(
        "progressive", "--players", "4", "--hands", "3", "--trumps", "SN", "--results", path,
        "--json",
    )  # fmt: skip
    assert json.loads(out) == drive_document(progressive(4, rounds, hands=3, trumps="SN"))


def test_without_json_a_table_per_round():
    text = movement("individual", "--players", "9", "--rounds", "2")
    assert text.startswith("Individual tournament: 9 players, 2 rounds\n")
    assert "\nRound 2\n  table  N  E  S  W\n" in text and "  sits out: " in text
    text = movement("pairs", "--pairs", "3")
    assert "Round 3\n  table  N-S  E-W\n" in text and "sits out: pair 3" in text


def test_a_drive_as_a_table(results):
    text = movement("progressive", "--players", "8", "--results", results({"rounds": EXAMPLE}))
    assert text.splitlines()[:5] == [
        "Whist drive: 8 players, 4 hands a round, 1 round played",
        "",
        "Round 1 (trumps: hearts, clubs, diamonds, spades)",
        "  table  N  E  S  W    N-S tricks    E-W tricks  winners",
        "      1  1  2  3  4  7 6 8 5 = 26  6 7 5 8 = 26      E-W",
    ]
    assert "Round 2 seating\n  table  N  E  S  W\n      1  1  3  6  8\n" in text


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((), "say individual, pairs or progressive, not nothing"),
        (("howell",), "say individual, pairs or progressive, not 'howell'"),
        (("individual",), "individual needs --players"),
        (("individual", "--players", "65"), "4 to 64 players, not 65"),
        (("individual", "--players", "3"), "4 to 64 players, not 3"),
        (("individual", "--players", "twelve"), "--players must be a whole number, not 'twelve'"),
        (("individual", "--players", "12.0"), "--players must be a whole number, not '12.0'"),
        (("individual", "--players", "12", "--rounds", "12"), "has 11 rounds: ask for 1 to 11"),
        (("individual", "--players", "12", "--rounds", "0"), "not 0"),
        (("individual", "--players", "12", "--pairs", "3"), "individual takes no --pairs"),
        (("pairs", "--pairs", "1"), "2 to 32 pairs, not 1"),
        (("pairs", "--pairs", "33"), "2 to 32 pairs, not 33"),
        (("pairs", "--players", "8"), "pairs takes no --players"),
        (("pairs", "--pairs", "8", "--hands", "2"), "pairs takes no --hands"),
        (("progressive", "--players", "8"), "progressive needs --results"),
        (("progressive", "--players", "8", "--rounds", "2", "--results", "x"), "no --rounds"),
        (("progressive", "--players", "10", "--results", "x"), "multiple of 4 players, not 10"),
        (("progressive", "--players", "8", "--hands", "14", "--results", "x"), "not 14"),
        (("progressive", "--players", "8", "--trumps", "HZ", "--results", "x"), "not 'HZ'"),
    ],
)
def test_bad_options_are_refused(args, message):
    with pytest.raises(CommandError, match=message):
        movement(*args)


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "results.json: not JSON: "),
        ("[]", 'results.json: the results file must be an object with a "rounds" list'),
        ({"round": []}, 'must be an object with a "rounds" list'),
        ({"rounds": [[[7, 7, 7, 7]]]}, "results.json: round 1: 2 tables expected"),
        (
            {"rounds": [[[7, 7, 7, 7], [7, 7, 7, 7]], [[7, 7, 7, 7], [7, 7, 13.5, 7]]]},
            "results.json: round 2, table 2, hand 3: N-S tricks must be a whole number",
        ),
    ],
)
def test_a_bad_results_file_is_refused_naming_what_is_wrong(results, content, message):
    path = results(content)
    with pytest.raises(CommandError, match=message):
        movement("progressive", "--players", "8", "--results", path)


def test_a_missing_results_file_is_refused(tmp_path):
    missing = str(tmp_path / "none.json")
    with pytest.raises(CommandError, match="none.json: cannot read the results file"):
        movement("progressive", "--players", "8", "--results", missing)


def run(*args):
    return subprocess.run(
        [sys.executable, "manage.py", "movement", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("individual", "--players", "70", "--json"), "4 to 64 players, not 70"),
        (("individual", "--players", "12", "--seats", "2"), "unrecognized arguments: --seats 2"),
        (("pairs", "--pairs"), "argument --pairs: expected one argument"),
    ],
)
def test_refusals_are_one_line_on_standard_error_with_exit_status_1(args, message):
    result = run(*args)
    assert result.returncode == 1
    assert result.stdout == ""
    assert result.stderr.startswith("CommandError: ") and result.stderr.endswith("\n")
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert message in result.stderr


def test_a_bad_results_file_from_the_command_line(results):
    path = results({"rounds": [[[7, 7, 7, 7], [7, 7, True, 7]]]})
    result = run("progressive", "--players", "8", "--results", path, "--json")
    assert result.returncode == 1 and result.stdout == ""
    assert result.stderr == (
        f"CommandError: {path}: round 1, table 2, hand 3: "
        "N-S tricks must be a whole number from 0 to 13, not true\n"
    )


def test_the_command_answers_from_the_command_line():
    result = run("pairs", "--pairs", "4", "--json")
    assert result.returncode == 0 and result.stderr == ""
    assert json.loads(result.stdout) == pairs_document(pairs(4))
