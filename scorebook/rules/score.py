"""Score a record: run every deal through its family's scorer, in order."""

from __future__ import annotations

from collections.abc import Callable

from . import english, progulochny, russian
from .gcpause import paused_gc
from .model import Deal, Record
from .presets import ENGLISH, HUSSAR, LINE, PROGULOCHNY
from .sheet import Ledger, Sheet

FAMILIES: dict[str, Callable[[Ledger, Deal], None]] = {
    ENGLISH: english.score_deal,
    LINE: russian.score_deal,
    HUSSAR: russian.score_deal,
    PROGULOCHNY: progulochny.score_deal,
}


def score(record: Record) -> Sheet:
    """Compute the whole score sheet of a validated record."""
    with paused_gc():
        return run(record).sheet()


def score_json(record: Record) -> str:
    """The score output of a validated record as compact JSON: ``score(record).to_json()``,
    with each deal's JSON written as soon as it is scored, and no row kept for it."""
    with paused_gc():
        ledger = run(record, as_json=True)
        return ledger.sheet().to_json(deal_texts=ledger.texts)


def run(record: Record, *, as_json: bool = False) -> Ledger:
    """Score every deal of a validated record; the ledger holds the score after the last."""
    ledger = Ledger(record, as_json=as_json)
    score_deal = FAMILIES[record.preset.family]
    play = ledger.play
    with paused_gc():
        for deal in record.deals:
            play(deal, score_deal)
    return ledger


def play(ledger: Ledger, score_deal: Callable[[Ledger, Deal], None], deal: Deal) -> None:
    """Score one more deal on the ledger."""
    ledger.play(deal, score_deal)
