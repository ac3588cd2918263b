"""The rules engine: score any whist record exactly as docs/rules.md says.

Standard library only and no Django import, so that it can be tested, benchmarked and reused
on its own. The public API::

    record = parse_record(data)      # or load_record(json_text); raises RecordError
    sheet = score(record)            # every entry, game, rubber, total and the settlement
    sheet.to_dict()                  # the score output (docs/record-format.md)

    score_record(data) -> dict       # the three steps at once
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from .errors import RecordError
from .gcpause import paused_gc
from .presets import PRESETS
from .record import Deal, Record, calendar_date, load_record, next_dealer, parse_record
from .score import score
from .score import score_json as score_as_json
from .sheet import DealScore, Entry, GameResult, RubberResult, Sheet


def score_record(data: Mapping[str, Any]) -> dict[str, Any]:
    """Validate a decoded record and return its score output (docs/record-format.md)."""
    with paused_gc():
        return score(parse_record(data)).to_dict()


def score_text(text: str | bytes) -> dict[str, Any]:
    """Decode a JSON record and return its score output (docs/record-format.md)."""
    with paused_gc():
        return score(load_record(text)).to_dict()


def score_json(text: str | bytes, *, indent: int | None = None) -> str:
    """Decode a JSON record and return its score output (docs/record-format.md) as JSON text.

    The fastest way through the engine: everything happens while the cyclic collector is
    paused, and every intermediate object is freed before it runs again.
    """
    with paused_gc():
        return _score_json(text, indent)


def _score_json(text: str | bytes, indent: int | None) -> str:
    record = load_record(text)
    if indent is None:
        return score_as_json(record)
    return json.dumps(score(record).to_dict(), ensure_ascii=False, indent=indent)


__all__ = [
    "PRESETS",
    "Deal",
    "DealScore",
    "Entry",
    "GameResult",
    "Record",
    "RecordError",
    "RubberResult",
    "Sheet",
    "calendar_date",
    "load_record",
    "next_dealer",
    "parse_record",
    "score",
    "score_json",
    "score_record",
    "score_text",
]
