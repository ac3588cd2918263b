"""Line scoring, the Russian family (docs/rules.md, Russian whist to Flying Duck): russian,
special-suit, anfilada, eralash, prussian, flying-duck and hussar.

Every item of a deal is written (tricks and revoke points below the line, honours and slams
above); the game is judged once the deal is written. Hussar is the same arithmetic with four
sides of one player each.
"""

from __future__ import annotations

from collections.abc import Mapping

from .record import Deal
from .revoke import apply_revokes
from .sheet import ABOVE, BELOW, Ledger

NOBODY: frozenset[str] = frozenset()


def score_deal(ledger: Ledger, deal: Deal) -> None:
    rules = ledger.rules
    tricks = deal.tricks
    assert tricks is not None
    multiplier = 1
    if ledger.special_doubles and deal.trump is not None and deal.trump == ledger.special:
        multiplier = 2
    if deal.revokes:
        _score_with_revokes(ledger, deal, tricks, multiplier)
        return

    # A deal without revokes, nearly every deal of a long record: Ledger.odd_tricks(),
    # slams() and check_game() with their usual cases inline (nothing is capped, and below the
    # line changes only here, so the game is judged only when a side reached the target).
    book, per_trick = rules.book, rules.points_per_odd_trick * multiplier
    entries, known, below = ledger.entries, ledger.known_entries, ledger.below
    totals = ledger.totals[BELOW]
    most = 0
    for side, won in tricks.items():
        if won > book:
            points = (won - book) * per_trick
            entries.append(known[side, BELOW, points, "tricks", None])
            totals[side] += points
            below[side] += points
        if won > most:
            most = won
    honours = deal.honours
    if honours is not None:
        _score_honours(ledger, honours, multiplier)
    if most >= 12:
        ledger.slams(tricks, NOBODY, multiplier)
    if max(below.values()) >= rules.game_target:
        ledger.check_game()


def _score_with_revokes(
    ledger: Ledger, deal: Deal, tricks: Mapping[str, int], multiplier: int
) -> None:
    rules = ledger.rules
    revoking = frozenset(r.side for r in deal.revokes)

    def add(side: str, points: int, item: str) -> None:
        ledger.add_below(side, points, item, revoking)

    played = tricks  # the slams are judged on the tricks won in play
    tricks = dict(tricks)
    penalty_multiplier = multiplier if rules.double_penalties else 1
    apply_revokes(rules, deal, tricks, add, penalty_multiplier)
    ledger.odd_tricks(tricks, rules.book, rules.points_per_odd_trick * multiplier, revoking)
    if deal.honours is not None:
        _score_honours(ledger, deal.honours, multiplier)
    ledger.slams(played, revoking, multiplier)
    ledger.check_game()


def _score_honours(ledger: Ledger, honours: Mapping[str, int], multiplier: int) -> None:
    values, side_of_holder = ledger.honour_values, ledger.side_of_holder
    by_hand = ledger.by_hand
    # Prussian: when each played hand holds two or more, nobody scores (docs/rules.md,
    # Prussian whist)
    if by_hand and min(honours.values()) > 1:
        return
    entries, known, above = ledger.entries, ledger.known_entries, ledger.totals[ABOVE]
    for holder, held in honours.items():
        value = values.get(held, 0)
        if value and (held >= 2 or not by_hand):  # Ledger.write(), inline
            side, points = side_of_holder[holder], value * multiplier
            entries.append(known[side, ABOVE, points, "honours", None])
            above[side] += points
