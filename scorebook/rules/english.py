"""English points-race scoring: english-short and english-long (docs/rules.md, English short
and long whist).

Items are scored in the order of the laws (revoke, tricks, honours) and the game is checked
after every single addition: the first side to reach the target wins it, and what the deal
still had to give is written as not scored.
"""

from __future__ import annotations

from .model import Deal
from .revoke import apply_revokes
from .sheet import BELOW, NOT_SCORED, Ledger


def _add(ledger: Ledger, side: str, points: int, item: str, capped: frozenset[str]) -> None:
    """One addition towards the game, then the game check."""
    if ledger.game_won_by is not None:  # the game was won earlier in this deal
        ledger.write(side, BELOW, points, NOT_SCORED, "game-won")
        return
    below = ledger.below
    if points < 0 or side in capped:
        ledger.add_below(side, points, item, capped)
    else:  # add_below()'s usual case, inline: one or two additions a deal, nearly every deal
        ledger.entries.append(ledger.known_entries[side, BELOW, points, item, None])
        ledger.totals[BELOW][side] += points
        below[side] += points
    if below[side] >= ledger.rules.game_target:
        ledger.win_game(side)


NOBODY: frozenset[str] = frozenset()


def score_deal(ledger: Ledger, deal: Deal) -> None:
    rules = ledger.rules
    target = rules.game_target
    start = ledger.below.copy()
    revoking = frozenset(r.side for r in deal.revokes) if deal.revokes else NOBODY
    honours = deal.honours or {}

    called_side = None
    if deal.called is not None:
        if start[deal.called] != target - 2:
            raise ledger.error(
                f"only a side standing at {target - 2} may call honours; "
                f"{deal.called} stands at {start[deal.called]}",
                "called",
                code="call",
                at=target - 2,
                side=deal.called,
                stands=start[deal.called],
            )
        value = rules.honour_values.get(honours[deal.called], 0)
        if value:  # the call succeeds: the honours are scored before the deal is played
            called_side = deal.called
            _add(ledger, deal.called, value, "honours", revoking)
            if ledger.game_won_by is None and deal.tricks is None:
                raise ledger.error(
                    "is required: the call did not win the game, so the deal is played",
                    "tricks",
                    code="call-played",
                )

    tricks = deal.tricks or {}
    if deal.revokes:
        tricks = dict(tricks)
        apply_revokes(
            rules,
            deal,
            tricks,
            lambda side, points, item: _add(ledger, side, points, item, revoking),
        )
    book, per_trick = rules.book, rules.points_per_odd_trick
    for side, won in tricks.items():
        if won > book:
            _add(ledger, side, (won - book) * per_trick, "tricks", revoking)

    long_whist, values = ledger.long_whist, ledger.honour_values
    for side, held in honours.items():
        value = values.get(held, 0)
        if not value or side == called_side:
            continue
        barred = start[side] == target - 1 or (long_whist and start[side] == target - 2)
        if barred and ledger.game_won_by is None:
            ledger.write(side, BELOW, value, NOT_SCORED, "barred")
        else:
            _add(ledger, side, value, "honours", revoking)

    if deal.tricks is not None and ledger.slam_bonus:  # slams() writes nothing without one
        ledger.slams(deal.tricks, revoking, 1)
