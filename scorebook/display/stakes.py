"""The stake in words and figures: the settlement in money on the screen and the printed sheet,
and the stake's fields on a table's and a club's form.

The arithmetic is display/money.py's (pure, Decimal); this module words it in the page's
language (12,40 ₽ in Russian) and checks what a form was given.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django import forms
from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scorebook.display.money import (
    CURRENCY_MAX,
    DECIMAL_PLACES,
    MAX_DIGITS,
    Stake,
    settle,
    stake_of,
)
from scorebook.rules import Record, Sheet

MINUS = "\u2212"


def _places(value: Decimal) -> int:
    exponent = value.normalize().as_tuple().exponent
    return -exponent if isinstance(exponent, int) and exponent < 0 else 0


def money_text(amount: Decimal, stake: Stake, *, signed: bool = False, exact: bool = False) -> str:
    """An amount as the page writes it: as many decimals as the coin has (an exact amount:
    as many as it needs, at least the coin's), the page's decimal mark, then the currency;
    ``signed``: +12 ₽, −12 ₽ (a true minus sign), 0 ₽."""
    places = _places(stake.coin)
    if exact and amount != amount.to_integral_value():
        places = max(places, _places(amount), 2)  # 0.40 ₽, 0.125 ₽
    text = number_format(abs(amount), places)
    if stake.currency:
        text = f"{text}\u00a0{stake.currency}"
    if signed and amount > 0:
        return "+" + text
    if amount < 0:
        return MINUS + text
    return text


def stake_words(per_point: Decimal, currency: str = "", coin: Decimal | None = None) -> str:
    """A stake in words: "1 ₽ a point" (the club page, the table's heading)."""
    as_written = Stake(per_point, currency, Decimal(1))  # its own decimals, not the coin's
    text = _("%(stake)s a point") % {"stake": money_text(per_point, as_written, exact=True)}
    if coin is not None and coin > 0:
        coin_text = money_text(coin, Stake(coin, currency, coin))
        text += ", " + _("rounded to %(coin)s") % {"coin": coin_text}
    return text


@dataclass(frozen=True)
class PaymentLine:
    """One payment as the settlement writes it: "Boris (E) pays Anna (N) 12 ₽"."""

    payer: str  # the payer's name (a side's letters when it has no player)
    payer_seat: str
    payee: str
    payee_seat: str
    amount: str
    exact: str  # what the points were worth before rounding: "" when nothing was rounded


@dataclass(frozen=True)
class MoneyView:
    """The settlement in money: the stake, each column's and each player's amount, who pays
    whom, and what rounding to the coin left out or added."""

    stake: str  # "1 ₽ a point"
    sides: list[str]  # in the pad's column order
    players: dict[str, str]  # by seat
    payments: list[PaymentLine]
    rounding: list[str]  # "Rounded to 1 ₽: 0.40 ₽ left out"; none when nothing was rounded


def money_view(
    record: Record, sheet: Sheet, columns: Sequence[str], names: Mapping[str, str | None]
) -> MoneyView | None:
    """The settlement of ``sheet`` in money, for the stake the record's meta holds; None
    without one. ``names``: the seats' players as the page names them."""
    stake = stake_of(record.meta)
    if stake is None:
        return None
    sides = settle(sheet.settlement_sides, stake)
    players = settle(sheet.settlement_players, stake)
    payments = [
        PaymentLine(
            payer=names.get(p.payer) or p.payer,
            payer_seat=p.payer,
            payee=names.get(p.payee) or p.payee,
            payee_seat=p.payee,
            amount=money_text(p.amount, stake),
            exact=money_text(p.exact, stake, exact=True) if p.rounded else "",
        )
        for p in players.payments
    ]
    coin = money_text(stake.coin, stake)
    rounding = []
    if players.left_out:
        rounding.append(
            _("Rounded to %(coin)s: %(amount)s left out")
            % {"coin": coin, "amount": money_text(players.left_out, stake, exact=True)}
        )
    if players.added:
        rounding.append(
            _("Rounded to %(coin)s: %(amount)s added")
            % {"coin": coin, "amount": money_text(players.added, stake, exact=True)}
        )
    return MoneyView(
        stake=stake_words(stake.per_point, stake.currency, stake.coin),
        sides=[money_text(sides.net[c], stake, signed=True) for c in columns],
        players={seat: money_text(v, stake, signed=True) for seat, v in players.net.items()},
        payments=payments,
        rounding=rounding,
    )


# ---------------------------------------------------------------------------------------------
# The stake's fields on a form: a new table's, and a club's (the default of its nights' tables)

STAKE_FIELDS = ("stake", "stake_currency", "stake_coin")


def _number_field(label: Any, help_text: Any, invalid: Any) -> forms.DecimalField:
    return forms.DecimalField(
        label=label,
        help_text=help_text,
        required=False,
        max_digits=MAX_DIGITS,
        decimal_places=DECIMAL_PLACES,
        localize=True,  # 0,5 on a Russian page; 0.5 is taken too
        widget=forms.TextInput(attrs={"inputmode": "decimal", "autocomplete": "off"}),
        error_messages={"invalid": invalid},
    )


def add_stake_fields(form: forms.BaseForm) -> None:
    """The stake per point, its currency and the smallest coin, all optional."""
    form.fields["stake"] = _number_field(
        gettext_lazy("Stake per point"),
        gettext_lazy("Leave it empty to settle in points only."),
        gettext_lazy("The stake per point must be a number, such as 1 or 0.5."),
    )
    form.fields["stake_currency"] = forms.CharField(
        label=gettext_lazy("Currency"),
        help_text=gettext_lazy("Short, such as ₽, коп. or £."),
        max_length=CURRENCY_MAX,
        required=False,
    )
    form.fields["stake_coin"] = _number_field(
        gettext_lazy("Smallest coin"),
        gettext_lazy("Payments are rounded to it, such as 1, 0.5 or 0.01; empty: 0.01."),
        gettext_lazy("The smallest coin must be a number, such as 1 or 0.01."),
    )


def clean_stake(form: forms.BaseForm, data: dict[str, Any]) -> dict[str, Any]:
    """The stake's fields checked (a negative stake, a coin of nought, a currency or a coin
    without a stake are told at their field); the values a table or a club keeps."""
    stake = data.get("stake")
    coin = data.get("stake_coin")
    currency = " ".join((data.get("stake_currency") or "").split())
    if stake is not None and stake < 0:
        form.add_error("stake", _("The stake per point cannot be negative."))
    if coin is not None and coin <= 0:
        form.add_error("stake_coin", _("The smallest coin must be more than 0."))
    if stake is None and "stake" not in form.errors and (currency or coin is not None):
        form.add_error(
            "stake", _("Enter the stake per point, or leave the currency and the coin empty.")
        )
    return {"stake": stake, "stake_currency": currency, "stake_coin": coin}
