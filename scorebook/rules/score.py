"""Score a record: run every deal through its family's scorer, in order."""

from __future__ import annotations

from collections.abc import Callable

from . import english, progulochny, russian
from .gcpause import paused_gc
from .presets import ENGLISH, HUSSAR, LINE, PROGULOCHNY
from .record import Deal, Record
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


def run(record: Record) -> Ledger:
    """Score every deal of a validated record; the ledger holds the score after the last."""
    ledger = Ledger(record)
    score_deal = FAMILIES[record.preset.family]
    with paused_gc():
        for deal in record.deals:
            play(ledger, score_deal, deal)
    return ledger


def play(ledger: Ledger, score_deal: Callable[[Ledger, Deal], None], deal: Deal) -> None:
    """Score one more deal on the ledger."""
    if ledger.begin_deal(deal):
        score_deal(ledger, deal)
    ledger.end_deal()
