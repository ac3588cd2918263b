"""The settlement in money (scorebook/display/money.py): points × the stake, who pays whom,
each payment rounded to the smallest coin, the remainder stated and the money balanced
(docs/rules-decisions.md, "Stakes")."""

from __future__ import annotations

from decimal import Decimal

import pytest

from scorebook.display.money import (
    DEFAULT_COIN,
    Payment,
    Stake,
    meta_number,
    round_to_coin,
    settle,
    stake_of,
)

D = Decimal


def test_partnerships_each_loser_pays_a_winner() -> None:
    # Russian whist, NS +42 a player: E pays N, W pays S, 42 × 1.5 = 63 each
    settled = settle({"N": 42, "E": -42, "S": 42, "W": -42}, Stake(D("1.5"), "₽", D(1)))
    assert settled.payments == (
        Payment("E", "N", D(63), D("63.0")),
        Payment("W", "S", D(63), D("63.0")),
    )
    assert settled.net == {"N": 63, "E": -63, "S": 63, "W": -63}
    assert settled.left_out == settled.added == 0


def test_rounding_to_the_coin_states_what_it_left_out() -> None:
    # 42 points at 0.01: 0.42 a player; to the rouble 0 each, 0.84 left out in all
    settled = settle({"N": 42, "E": -42, "S": 42, "W": -42}, Stake(D("0.01"), "₽", D(1)))
    assert [p.amount for p in settled.payments] == [0, 0]
    assert [p.exact for p in settled.payments] == [D("0.42"), D("0.42")]
    assert settled.left_out == D("0.84")
    assert settled.added == 0
    assert sum(settled.net.values()) == 0


def test_a_half_coin_is_rounded_up_and_said_to_be_added() -> None:
    settled = settle({"NS": 25, "EW": -25}, Stake(D("0.1"), "₽", D(1)))  # 2.5
    assert settled.payments == (Payment("EW", "NS", D(3), D("2.5")),)
    assert settled.net == {"NS": 3, "EW": -3}
    assert settled.added == D("0.5")
    assert settled.left_out == 0


def test_half_coins() -> None:
    assert round_to_coin(D("12.30"), D("0.5")) == D("12.5")
    assert round_to_coin(D("12.20"), D("0.5")) == D("12.0")
    assert round_to_coin(D("12.25"), D("0.5")) == D("12.5")
    assert round_to_coin(D("0.004"), D("0.01")) == 0
    with pytest.raises(ValueError):
        round_to_coin(D(1), D(0))


def test_hussar_each_for_himself_settles_in_the_fewest_payments() -> None:
    # each plays for himself: the largest debt pays the largest claim first
    points = {"N": 30, "E": 10, "S": -15, "W": -25}
    settled = settle(points, Stake(D("0.3"), "£", D("0.5")))
    assert [(p.payer, p.payee, p.exact) for p in settled.payments] == [
        ("W", "N", D("7.5")),
        ("S", "N", D("1.5")),
        ("S", "E", D("3.0")),
    ]
    assert [p.amount for p in settled.payments] == [D("7.5"), D("1.5"), D("3.0")]
    assert settled.net == {"N": D(9), "E": D(3), "S": D("-4.5"), "W": D("-7.5")}
    assert sum(settled.net.values()) == 0


def test_hussar_rounding_balances_whatever_the_coin() -> None:
    points = {"N": 31, "E": 7, "S": -13, "W": -25}
    settled = settle(points, Stake(D("0.07"), "₽", D(1)))
    assert sum(settled.net.values()) == 0  # every payment is paid by one and received by one
    exact = sum(p.exact for p in settled.payments)
    paid = sum(p.amount for p in settled.payments)
    assert exact - paid == settled.left_out - settled.added


def test_three_handed_the_defender_is_paid_by_both_besiegers() -> None:
    # the dummy at W: E defends, receiving 2V; N and S pay V each (display leaves W out)
    settled = settle({"N": -20, "E": 40, "S": -20}, Stake(D(2), "коп.", D(1)))
    assert [(p.payer, p.payee, p.amount) for p in settled.payments] == [
        ("N", "E", D(40)),
        ("S", "E", D(40)),
    ]


def test_shared_three_handed_halves_are_decimal_never_float() -> None:
    # dummySettlement "shared": each besieger pays V/2, a .5 when V is odd
    settled = settle({"N": -3.5, "E": 7, "S": -3.5}, Stake(D("0.1"), "₽", D("0.01")))
    assert all(isinstance(v, Decimal) for v in settled.net.values())
    assert settled.net == {"N": D("-0.35"), "E": D("0.70"), "S": D("-0.35")}
    assert settled.left_out == settled.added == 0


def test_nobody_pays_when_all_are_even() -> None:
    settled = settle({"NS": 0, "EW": 0}, Stake(D(1)))
    assert settled.payments == ()
    assert settled.net == {"NS": 0, "EW": 0}


def test_stake_of_the_meta() -> None:
    assert stake_of({}) is None
    assert stake_of({"stake": 0}) is None  # nought: settled in points only
    assert stake_of({"stake": 1.5, "stake_currency": "₽", "stake_coin": 0.5}) == Stake(
        D("1.5"), "₽", D("0.5")
    )
    assert stake_of({"stake": 2}) == Stake(D(2), "", DEFAULT_COIN)
    assert stake_of({"stake": 0.1}).per_point == D("0.1")  # never 0.1000000000000000055…


@pytest.mark.parametrize("value", ["1", "0.5", "0.05", "12345678.1234", "0.0001", "100"])
def test_meta_numbers_read_back_as_the_same_decimal(value: str) -> None:
    written = meta_number(D(value))
    assert stake_of({"stake": written}).per_point == D(value)
