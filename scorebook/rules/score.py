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
    ledger = Ledger(record)
    score_deal = FAMILIES[record.preset.family]
    with paused_gc():
        for deal in record.deals:
            if ledger.begin_deal(deal):
                score_deal(ledger, deal)
            ledger.end_deal()
        return ledger.sheet()
