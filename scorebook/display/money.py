"""The settlement in money: points × the stake, who pays whom, rounded to the smallest coin.

Pure (standard library only, decimal.Decimal throughout, never a float) and checked by
mypy --strict (``make lint``): the display layer words what this computes
(``display/stakes.py``). The decisions (the fewest payments, each rounded to the nearest coin,
the remainder stated) are in docs/rules-decisions.md, "Stakes".
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation

# The record's meta keys (docs/record-format.md): the stake per point, its currency and the
# smallest coin the payments are rounded to.
STAKE = "stake"
CURRENCY = "stake_currency"
COIN = "stake_coin"
# The coin when a stake is given without one: hundredths (kopecks, pence).
DEFAULT_COIN = Decimal("0.01")
CURRENCY_MAX = 10
# The largest stake or coin kept (the model's DecimalField: 12 digits, 4 after the point).
MAX_DIGITS = 12
DECIMAL_PLACES = 4


@dataclass(frozen=True)
class Stake:
    """What a point is worth: ``per_point`` in ``currency``, paid in coins of ``coin``."""

    per_point: Decimal
    currency: str = ""
    coin: Decimal = DEFAULT_COIN


@dataclass(frozen=True)
class Payment:
    """One payment: ``payer`` pays ``payee`` ``amount`` (rounded to the coin); ``exact`` is
    what the points are worth before rounding."""

    payer: str
    payee: str
    amount: Decimal
    exact: Decimal

    @property
    def rounded(self) -> bool:
        return self.amount != self.exact


@dataclass(frozen=True)
class Settled:
    """The settlement in money: each party's net (what he receives, negative when he pays:
    the sum of his payments, so the nets add up to nought), the payments, and what rounding
    changed: ``left_out`` (payments rounded down: not paid) and ``added`` (rounded up)."""

    net: Mapping[str, Decimal]
    payments: tuple[Payment, ...]
    left_out: Decimal
    added: Decimal


def round_to_coin(amount: Decimal, coin: Decimal) -> Decimal:
    """``amount`` to the nearest multiple of ``coin``, a half coin up (away from nought)."""
    if coin <= 0:
        raise ValueError("the coin must be more than nought")
    coins = (amount / coin).quantize(Decimal(1), rounding=ROUND_HALF_UP)
    return coins * coin


def as_decimal(points: int | float | Decimal) -> Decimal:
    """Points as a Decimal: a shared three-handed settlement may be a half (7.5), which a
    float holds exactly; read through its text so that no binary fraction comes along."""
    if isinstance(points, Decimal):
        return points
    if isinstance(points, int):
        return Decimal(points)
    return Decimal(repr(points))


def settle(amounts: Mapping[str, int | float | Decimal], stake: Stake) -> Settled:
    """Turn each party's points (they add up to nought) into payments in money.

    The losers pay the winners, the largest debt against the largest claim first (parties
    of equal amounts in the order given), so that there are as few payments as the amounts
    allow; each payment is rounded to the nearest coin, and each party's net is the sum of
    his rounded payments, so the money always balances."""
    exact = {party: as_decimal(points) * stake.per_point for party, points in amounts.items()}
    debtors = sorted(
        ((party, -value) for party, value in exact.items() if value < 0),
        key=lambda item: -item[1],
    )
    creditors = sorted(
        ((party, value) for party, value in exact.items() if value > 0),
        key=lambda item: -item[1],
    )
    payments: list[Payment] = []
    d = c = 0
    while d < len(debtors) and c < len(creditors):
        payer, owed = debtors[d]
        payee, due = creditors[c]
        paid = min(owed, due)
        payments.append(Payment(payer, payee, round_to_coin(paid, stake.coin), paid))
        debtors[d] = (payer, owed - paid)
        creditors[c] = (payee, due - paid)
        if debtors[d][1] == 0:
            d += 1
        if creditors[c][1] == 0:
            c += 1
    net = {party: Decimal(0) for party in amounts}
    left_out = added = Decimal(0)
    for p in payments:
        net[p.payer] -= p.amount
        net[p.payee] += p.amount
        if p.amount < p.exact:
            left_out += p.exact - p.amount
        else:
            added += p.amount - p.exact
    return Settled(net=net, payments=tuple(payments), left_out=left_out, added=added)


def _number(value: object) -> Decimal | None:
    """A record's number as a Decimal; None for anything else (a bool, text, not finite)."""
    if isinstance(value, bool) or not isinstance(value, int | float | Decimal):
        return None
    try:
        number = as_decimal(value)
    except InvalidOperation:
        return None
    return number if number.is_finite() else None


def stake_of(meta: Mapping[str, object]) -> Stake | None:
    """The stake a record's meta holds (checked by the record parser), or None: no money is
    shown without one, nor with a stake of nought."""
    per_point = _number(meta.get(STAKE))
    if per_point is None or per_point <= 0:
        return None
    coin = _number(meta.get(COIN))
    currency = meta.get(CURRENCY)
    return Stake(
        per_point=per_point,
        currency=currency if isinstance(currency, str) else "",
        coin=coin if coin is not None and coin > 0 else DEFAULT_COIN,
    )


def meta_number(value: Decimal) -> int | float:
    """A stake or coin as the record writes it: a whole number as one, else the float whose
    shortest text is the same decimal (12 digits at most: a float keeps 15 exactly)."""
    if value == value.to_integral_value():
        return int(value)
    return float(value)
