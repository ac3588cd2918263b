"""Line scoring, the Russian family (RULES.md §3.3–§3.10): russian, special-suit, anfilada,
eralash, prussian, flying-duck and hussar.

Every item of a deal is written (tricks and revoke points below the line, honours and slams
above); the game is judged once the deal is written. Hussar is the same arithmetic with four
sides of one player each.
"""

from __future__ import annotations

from .record import Deal, side_of
from .revoke import apply_revokes
from .sheet import ABOVE, Ledger

NOBODY: frozenset[str] = frozenset()


def score_deal(ledger: Ledger, deal: Deal) -> None:
    rules = ledger.rules
    record = ledger.record
    assert deal.tricks is not None
    multiplier = 1
    if record.variant == "special-suit" and deal.trump is not None and deal.trump == ledger.special:
        multiplier = 2
    tricks = deal.tricks
    revoking = NOBODY
    if deal.revokes:
        revoking = frozenset(r.side for r in deal.revokes)

        def add(side: str, points: int, item: str) -> None:
            ledger.add_below(side, points, item, revoking)

        tricks = dict(deal.tricks)
        penalty_multiplier = multiplier if rules.double_penalties else 1
        apply_revokes(rules, deal, tricks, add, penalty_multiplier)
    for side, won in tricks.items():
        odd = won - rules.book
        if odd > 0:
            ledger.add_below(
                side, odd * rules.points_per_odd_trick * multiplier, "tricks", revoking
            )

    if deal.honours is not None:
        prussian = record.variant == "prussian"
        for holder, held in deal.honours.items():
            if prussian and min(deal.honours.values()) > 1:
                break  # each played hand holds two or more: nobody scores (RULES.md V6)
            value = rules.honour_values.get(held, 0)
            if value and (held >= 2 or not prussian):
                side = holder if holder in ledger.sides else side_of(record.preset, holder)
                ledger.write(side, ABOVE, value * multiplier, "honours")

    ledger.slams(deal.tricks, revoking, multiplier)
    ledger.check_game()
