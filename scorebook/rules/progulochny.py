"""Прогулочный вист, the bidding variant (docs/rules.md, Progulochny whist).

The declaring side's made contract is written below the line (its base value), with the
doubling's extra and the overtricks above; a failed contract is written above for the
opponents, multiplied. Honours (trump games only) and revoke points go above, never multiplied.
"""

from __future__ import annotations

from .model import Deal
from .sheet import ABOVE, Ledger

GRAND_VALUE = 3  # Grand, Null and each half of Gran-Null
NO_CAP: frozenset[str] = frozenset()  # docs/rules.md, Progulochny whist: no revoke cap


def _made(ledger: Ledger, declarers: str, value: int, multiplier: int) -> None:
    ledger.add_below(declarers, value, "contract", NO_CAP)
    if multiplier > 1:
        ledger.write(declarers, ABOVE, value * (multiplier - 1), "doubling")


def _failed(ledger: Ledger, opponents: str, value: int, multiplier: int) -> None:
    ledger.write(opponents, ABOVE, value * multiplier, "penalty")


def grand_null_halves(deal: Deal) -> tuple[tuple[str, bool], ...]:
    """The two halves of a Gran-Null deal, each with whether the declarers made it, in the
    order score_deal() writes them: the first six tricks as a Grand (made with 4 or more of
    them), then the last seven as a Null (made with at most 3 of them). The sheet writes a
    failed half as a "penalty" like any other; this says which half each one is for."""
    contract, tricks, first_six = deal.contract, deal.tricks, deal.first_six
    assert contract is not None and tricks is not None and first_six is not None
    first = first_six[contract.side]
    return (("first-six", first >= 4), ("last-seven", tricks[contract.side] - first <= 3))


# Above the engine's limits (complexity 17, 21 branches, 42 statements) on purpose: it runs for
# every deal, and written as one function per game, called from a table, the Progulochny
# benchmark's score_json took about 2% longer (50,000 deals, CPU time, best of 7).
def score_deal(ledger: Ledger, deal: Deal) -> None:  # noqa: C901, PLR0912, PLR0915
    rules = ledger.rules
    contract, tricks = deal.contract, deal.tricks
    assert contract is not None and tricks is not None
    declarers = contract.side
    opponents = ledger.sides[1] if declarers == ledger.sides[0] else ledger.sides[0]
    m = deal.multiplier

    for revoke in deal.revokes:
        for side in ledger.sides:
            if side != revoke.side:
                ledger.write(side, ABOVE, rules.revoke_amount, "revoke")

    taken = tricks[declarers]
    game = contract.game
    if game == "trump":
        if taken >= 7:
            _made(ledger, declarers, 1, m)
            over = taken - 7
            if over:
                factor = m if rules.overtricks_multiplied else 1
                ledger.write(declarers, ABOVE, over * factor, "overtricks")
        elif rules.fail_premium == "undertricks":
            _failed(ledger, opponents, 1 + (7 - taken), m)
        else:
            _failed(ledger, opponents, 1 + max(0, tricks[opponents] - 7), m)
    elif game == "grand":
        if taken >= 7:
            _made(ledger, declarers, GRAND_VALUE, m)
        else:
            _failed(ledger, opponents, GRAND_VALUE, m)
    elif game == "null":
        if taken <= 6:
            _made(ledger, declarers, GRAND_VALUE, m)
        else:
            _failed(ledger, opponents, GRAND_VALUE, m)
    else:  # grand-null: the first six tricks as a Grand, the last seven as a Null
        for _half, made in grand_null_halves(deal):
            if made:
                _made(ledger, declarers, GRAND_VALUE, m)
            else:
                _failed(ledger, opponents, GRAND_VALUE, m)

    if deal.honours is not None:
        for side, held in deal.honours.items():
            value = rules.honour_values.get(held, 0)
            if value:
                ledger.write(side, ABOVE, value, "honours")

    ledger.slams(tricks, frozenset(r.side for r in deal.revokes), 1)
    ledger.check_game()
