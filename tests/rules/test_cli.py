"""``python -m scorebook.rules score``: the engine from the terminal, with no Django."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = Path(__file__).resolve().parent / "examples"
NAMES = sorted(p.name.removesuffix(".json") for p in EXAMPLES.glob("*.json")
               if not p.name.endswith(".expected.json"))  # fmt: skip


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "scorebook.rules", *args], cwd=ROOT, input=stdin,
        capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip


@pytest.mark.parametrize("name", NAMES)
def test_it_prints_the_score_output_of_every_example(name):
    result = run("score", str(EXAMPLES / f"{name}.json"), "--json")

    assert result.returncode == 0, result.stderr
    assert "\n" not in result.stdout.strip()  # compact: one line
    expected = json.loads((EXAMPLES / f"{name}.expected.json").read_text())
    out = json.loads(result.stdout)
    for got, want in zip(out["games"], expected["games"], strict=True):
        assert {k: got[k] for k in want} == want  # the examples pin a game's chosen fields
    assert {k: out[k] for k in ("rubbers", "totals", "settlement")} == {
        k: expected[k] for k in ("rubbers", "totals", "settlement")
    }


def test_indent_is_for_people_and_says_the_same():
    compact = run("score", str(EXAMPLES / "R1.json"), "--json")
    indented = run("score", str(EXAMPLES / "R1.json"), "--indent", "2")

    assert indented.stdout.startswith('{\n  "format"')
    assert json.loads(indented.stdout) == json.loads(compact.stdout)


def test_a_broken_record_is_one_line_on_stderr_and_exit_1():
    record = json.loads((EXAMPLES / "R1.json").read_text())
    record["deals"][0]["tricks"]["NS"] = 5

    result = run("score", "-", "--json", stdin=json.dumps(record))

    assert result.returncode == 1 and result.stdout == ""
    assert result.stderr.count("\n") == 1 and "deal 1" in result.stderr


def test_it_loads_no_django():
    code = (
        "import sys; from scorebook.rules.__main__ import main; "
        f"main(['score', {str(EXAMPLES / 'R1.json')!r}, '--json']); "
        "sys.exit(1 if any(m.split('.')[0] == 'django' for m in sys.modules) else 0)"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                            text=True, timeout=60, check=False)  # fmt: skip

    assert result.returncode == 0, result.stderr
