"""A deal's honours where they are not simply every side's share of the whole set: not scored
(no honour set, or a Progulochny contract without trumps), held by the played hands
(Prussian), or claimed by some players (Hussar)."""

from __future__ import annotations

from collections.abc import Mapping

from .checks import _fail
from .counts import check_counts
from .model import Contract, Rules
from .presets import HUSSAR


def check_honours(
    rules: Rules, keys: tuple[str, ...], raw: object, contract: Contract | None, n: int
) -> dict[str, int] | None:
    """The honours held, by side or seat (``keys`` when each names its share of the set)."""
    preset = rules.preset
    scored = rules.honour_set != "none" and (contract is None or contract.game == "trump")
    if not scored:
        _not_scored(rules, raw, contract, n)
        return None
    if raw is None:
        return None  # no honours claimed: nothing is written for them (the laws: lost)
    size = rules.honour_size
    if preset.family == HUSSAR:
        return claims(preset.seats, raw, n, size)
    if preset.honours_by_hand:
        return _held(preset.sides, raw, n, size)
    return check_counts(raw, keys, n, "honours", total=size, upto=size)


def _not_scored(rules: Rules, raw: object, contract: Contract | None, n: int) -> None:
    """Honours that score nothing are not written down."""
    if raw is not None:
        if contract is not None and rules.honour_set != "none":
            raise _fail(
                f"is not used in a {contract.game} contract",
                n,
                "honours",
                code="honours-game",
                game=contract.game,
            )
        raise _fail(
            f"is not used when the honour set is 'none' in {rules.preset.key}",
            n,
            "honours",
            code="honours-none",
        )


def _held(sides: tuple[str, ...], raw: object, n: int, size: int) -> dict[str, int]:
    """Prussian: the honours each played hand held, at most the whole set together."""
    counts = check_counts(raw, sides, n, "honours", total=None, upto=size)
    if sum(counts.values()) > size:
        raise _fail(
            f"the two played hands hold at most {size} honours, got {sum(counts.values())}",
            n,
            "honours",
            code="honours-max",
            size=size,
            got=sum(counts.values()),
        )
    return counts


def claims(seats: tuple[str, ...], raw: object, n: int, size: int) -> dict[str, int]:
    """Hussar: the honours of the players who claim them, at most the whole set together."""
    if not isinstance(raw, Mapping) or not raw or any(k not in seats for k in raw):
        raise _fail(
            f"must name the players who claim honours ({', '.join(seats)})",
            n,
            "honours",
            code="claimants",
            seats=seats,
        )
    claiming = tuple(k for k in seats if k in raw)
    counts = check_counts(raw, claiming, n, "honours", total=None, upto=size)
    if sum(counts.values()) > size:
        raise _fail(
            f"the players hold at most {size} honours, got {sum(counts.values())}",
            n,
            "honours",
            code="claims-max",
            size=size,
            got=sum(counts.values()),
        )
    return counts
