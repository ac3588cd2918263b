"""Line scoring, the Russian family (docs/rules.md, Russian whist to Flying Duck): russian,
special-suit, anfilada, eralash, prussian, flying-duck and hussar.

Every item of a deal is written (tricks and revoke points below the line, honours and slams
above); the game is judged once the deal is written. Hussar is the same arithmetic with four
sides of one player each.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from .model import Deal
from .revoke import apply_revokes
from .sheet import ABOVE, BELOW, Entry, Ledger, entries_json

NOBODY: frozenset[str] = frozenset()


class Part(NamedTuple):
    """What a deal's tricks, or its honours, write (score_deal()): a pure function of the
    counts and the multiplier under the ledger's rules."""

    counts: Mapping[str, int]  # the counts it was worked out for (the memo checks identity)
    entries: tuple[Entry, ...]
    # (side, points): below the line for tricks, above it for honours
    points: tuple[tuple[str, int], ...]
    json: str  # the entries' JSON objects, comma-separated (sheet.entries_json())
    most: int  # tricks: the most won by a side (12 or more: a slam)


# Above the engine's complexity limit (13 > 12) on purpose: it runs for every deal of a record,
# and its memo lookups and running totals are written out inline, with no call to spare
# (tests/bench/test_bench_engine.py). Deals with revokes take _score_with_revokes() instead.
def score_deal(ledger: Ledger, deal: Deal) -> None:  # noqa: C901, PLR0912
    tricks = deal.tricks
    assert tricks is not None
    multiplier = 1
    if ledger.special_doubles and deal.trump is not None and deal.trump == ledger.special:
        multiplier = 2
    if deal.revokes:
        _score_with_revokes(ledger, deal, tricks, multiplier)
        return

    # A deal without revokes, nearly every deal of a long record. What its tricks write, and
    # what its honours write, depend on nothing but the counts and the multiplier, and a long
    # record repeats the same few counts (the record's parser hands equal counts over as the
    # same dict). So each is worked out once, by identity: the memo holds the dict, so its id
    # is not reused while the entry lives. The memo's key is the id alone when the deal is
    # not doubled (nearly always): an int hashes faster than a tuple of two.
    # Below the line changes only here, so the game is judged only when a side that scored
    # here reached the target: before the deal there was no game to win (the deal before
    # judged it, or a game won reset the scores), and no other side's score changed.
    effects = ledger.effects
    key = id(tricks) if multiplier == 1 else (id(tricks), multiplier)
    part = effects.get(key)
    if part is None or part[0] is not tricks:
        part = effects[key] = _tricks_part(ledger, tricks, multiplier)
    below, totals = ledger.below, ledger.totals
    target, reached = ledger.rules.game_target, False
    if part[2]:
        ledger.entries += part[1]
        below_total = totals[BELOW]
        for side, points in part[2]:
            below_total[side] += points
            below[side] += points
            if below[side] >= target:
                reached = True
    text = part[3]
    honours = deal.honours
    if honours is not None:
        key = id(honours) if multiplier == 1 else (id(honours), multiplier)
        held = effects.get(key)
        if held is None or held[0] is not honours:
            held = effects[key] = _honours_part(ledger, honours, multiplier)
        if held[2]:
            ledger.entries += held[1]
            above = totals[ABOVE]
            for side, points in held[2]:
                above[side] += points
            text = f"{text},{held[3]}" if text else held[3]
    if part[4] >= 12:
        ledger.slams(tricks, NOBODY, multiplier)
    else:  # its entries' JSON, as long as it wins no game (Ledger.play())
        ledger.deal_text = text
    if reached:
        ledger.check_game()


def _tricks_part(ledger: Ledger, tricks: Mapping[str, int], multiplier: int) -> Part:
    """What a deal's tricks write below the line, without revokes (score_deal())."""
    rules, known = ledger.rules, ledger.known_entries
    book, per_trick = rules.book, rules.points_per_odd_trick * multiplier
    points = tuple([(side, (won - book) * per_trick) for side, won in tricks.items() if won > book])
    entries = tuple([known[side, BELOW, p, "tricks", None] for side, p in points])
    return Part(tricks, entries, points, entries_json(entries), max(tricks.values()))


def _honours_part(ledger: Ledger, honours: Mapping[str, int], multiplier: int) -> Part:
    """What a deal's honours write above the line (score_deal())."""
    known = ledger.known_entries
    points = tuple(_honour_points(ledger, honours, multiplier))
    entries = tuple([known[side, ABOVE, p, "honours", None] for side, p in points])
    return Part(honours, entries, points, entries_json(entries), 0)


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
    for side, points in _honour_points(ledger, honours, multiplier):
        ledger.write(side, ABOVE, points, "honours")


def _honour_points(
    ledger: Ledger, honours: Mapping[str, int], multiplier: int
) -> list[tuple[str, int]]:
    """The points above the line a deal's honours give: (side, points) in the holders' order."""
    values, side_of_holder = ledger.honour_values, ledger.side_of_holder
    by_hand = ledger.by_hand
    # Prussian: when each played hand holds two or more, nobody scores (docs/rules.md,
    # Prussian whist)
    if by_hand and min(honours.values()) > 1:
        return []
    points = []
    for holder, held in honours.items():
        value = values.get(held, 0)
        if value and (held >= 2 or not by_hand):
            points.append((side_of_holder[holder], value * multiplier))
    return points
