"""Line scoring, the Russian family (docs/rules.md, Russian whist to Flying Duck): russian,
special-suit, anfilada, eralash, prussian, flying-duck and hussar.

Every item of a deal is written (tricks and revoke points below the line, honours and slams
above); the game is judged once the deal is written. Hussar is the same arithmetic with four
sides of one player each.
"""

from __future__ import annotations

from .record import Deal
from .revoke import apply_revokes
from .sheet import ABOVE, Ledger

NOBODY: frozenset[str] = frozenset()


def score_deal(ledger: Ledger, deal: Deal) -> None:
    rules = ledger.rules
    tricks = deal.tricks
    assert tricks is not None
    multiplier = 1
    if ledger.special_doubles and deal.trump is not None and deal.trump == ledger.special:
        multiplier = 2
    revoking = NOBODY
    if deal.revokes:
        revoking = frozenset(r.side for r in deal.revokes)

        def add(side: str, points: int, item: str) -> None:
            ledger.add_below(side, points, item, revoking)

        tricks = dict(tricks)
        penalty_multiplier = multiplier if rules.double_penalties else 1
        apply_revokes(rules, deal, tricks, add, penalty_multiplier)
    ledger.odd_tricks(tricks, rules.book, rules.points_per_odd_trick * multiplier, revoking)

    honours = deal.honours
    if honours is not None:
        values, side_of_holder = ledger.honour_values, ledger.side_of_holder
        by_hand = ledger.by_hand
        # Prussian: when each played hand holds two or more, nobody scores (docs/rules.md,
        # Prussian whist)
        if not by_hand or min(honours.values()) <= 1:
            for holder, held in honours.items():
                value = values.get(held, 0)
                if value and (held >= 2 or not by_hand):
                    ledger.write(side_of_holder[holder], ABOVE, value * multiplier, "honours")

    assert deal.tricks is not None
    ledger.slams(deal.tricks, revoking, multiplier)
    ledger.check_game()
