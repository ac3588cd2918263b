"""The ten hand-worked example rubbers in ``examples/``, as records with their expected output."""

import json
from pathlib import Path

import pytest

from .helpers import score

# The example records, each with its expected output (worked by hand, not by the engine).
EXAMPLES = Path(__file__).parent / "examples"
NAMES = ["S1", "S3", "Rv1", "R1", "Er1", "Pr1", "Hu1", "B1", "An1", "Sp2"]


def _load(name):
    record = json.loads((EXAMPLES / f"{name}.json").read_text())
    expected = json.loads((EXAMPLES / f"{name}.expected.json").read_text())
    return record, expected


@pytest.mark.parametrize("name", NAMES)
def test_every_worked_example_scores_as_worked_by_hand(name):
    record, expected = _load(name)
    out = score(record)
    assert len(out["games"]) == len(expected["games"])
    for got, want in zip(out["games"], expected["games"], strict=True):
        assert {k: got[k] for k in want} == want
    assert out["rubbers"] == expected["rubbers"]
    assert out["totals"] == expected["totals"]
    assert out["settlement"] == expected["settlement"]


def test_all_ten_examples_are_covered():
    assert sorted(
        p.name[: -len(".json")]
        for p in EXAMPLES.glob("*.json")
        if not p.name.endswith(".expected.json")
    ) == sorted(NAMES)
