"""Numbers as the club's pages, charts and sheets show them."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.utils.formats import number_format


def points_text(points: int) -> str:
    """Points as the pad writes them: a deduction with a true minus sign (−4), as the totals
    and the settlement are, never a hyphen."""
    return f"\u2212{-points}" if points < 0 else str(points)


def ladder_value(value: Any, kind: str) -> str:
    """A ladder value as the standings show it: totals whole where they are whole, averages
    and ratings to two decimals, with a true minus sign."""
    number = float(value)
    if kind == "total" and number == int(number):
        text = str(abs(int(number)))
    else:
        # Rounded as the ladder command prints it (5.21675 → 5.22): Django's number_format
        # cuts a float's digits instead. 25.50, or 25,50 in Russian.
        rounded = Decimal(f"{abs(number):.2f}")
        if not rounded:
            return number_format(rounded, 2)  # no minus sign on a nought
        text = number_format(rounded, 2)
    if number < 0:
        return "\u2212" + text
    return text
