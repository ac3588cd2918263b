"""Progulochny's bidding in a deal (docs/record-format.md, Progulochny): the contract, who
declares it, its doubling, and a Gran-Null's first six tricks."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from .checks import _fail, is_int
from .model import DOUBLING, DOUBLING_NAMES, GAMES, SUITS, Contract, side_of
from .presets import Preset


def bid(preset: Preset, get: Callable[[str], object], dealer: str | None, n: int) -> Contract:
    """The deal's contract, declared by the dealer's side (when the deal names its dealer)."""
    contract = check_contract(preset, get("contract"), n)
    if dealer is not None and side_of(preset, dealer) != contract.side:
        raise _fail(
            f"the declaring side must be the dealer's side ({side_of(preset, dealer)})",
            n,
            "contract",
            code="declarer",
            side=side_of(preset, dealer),
        )
    return contract


def doubling_multiplier(doubling: object, n: int) -> int:
    """What the doubling multiplies the contract by (none when left out)."""
    if doubling is None:
        doubling = "none"
    if doubling not in DOUBLING_NAMES:
        raise _fail(
            f"must be none, contra or recontra, got {doubling!r}",
            n,
            "doubling",
            code="choice",
            choices=DOUBLING_NAMES,
            value=doubling,
        )
    return DOUBLING[str(doubling)]


def check_contract(preset: Preset, raw: object, n: int) -> Contract:
    sides = preset.sides
    contract = _contract_object(raw, n)
    side, game, trump = contract.get("side"), contract.get("game"), contract.get("trump")
    if side not in sides:
        raise _fail(
            f"side must be one of {', '.join(sides)}, got {side!r}",
            n,
            "contract",
            code="contract-side",
            seats=sides,
            value=side,
        )
    if game not in GAMES:
        raise _fail(
            f"game must be one of {', '.join(GAMES)}, got {game!r}",
            n,
            "contract",
            code="contract-game",
            choices=GAMES,
            value=game,
        )
    _check_trump(str(game), trump, n)
    return Contract(str(side), str(game), trump if trump is None else str(trump))


def _contract_object(raw: object, n: int) -> Mapping[str, object]:
    """The contract: an object of side, game and (a trump game's) trump."""
    if raw is None:
        raise _fail("is required in progulochny", n, "contract", code="required")
    if not isinstance(raw, Mapping):
        raise _fail(
            "must be an object with side and game",
            n,
            "contract",
            code="keys",
            keys=("side", "game"),
        )
    for key in raw:
        if key not in ("side", "game", "trump"):
            raise _fail(f"unknown key {key!r}", n, "contract", code="contract-key", name=key)
    return raw


def _check_trump(game: str, trump: object, n: int) -> None:
    """A trump game names its trump; the others have none."""
    if game == "trump":
        if trump not in SUITS:
            raise _fail(
                f"a trump game needs trump S, H, D or C, got {trump!r}",
                n,
                "contract",
                code="contract-trump",
                value=trump,
            )
    elif trump is not None:
        raise _fail(
            f"a {game} game has no trump", n, "contract", code="contract-no-trump", game=game
        )


# ---------------------------------------------------------------------------------------------
# Gran-Null: the first six tricks (a Grand), then the last seven (a Null)


def check_first_six(
    sides: tuple[str, ...], raw: object, tricks: Mapping[str, int], n: int
) -> dict[str, int]:
    """Each side's tricks among the first six, from the one side (or both) the record names."""
    given = _first_six_given(sides, raw, n)
    a, b = sides
    if len(given) == 2 and given[a] + given[b] != 6:
        raise _fail(
            f"must add up to 6, got {given[a]} + {given[b]}",
            n,
            "first_six",
            code="sum",
            total=6,
            got=given[a] + given[b],
        )
    result = {a: given[a], b: 6 - given[a]} if a in given else {a: 6 - given[b], b: given[b]}
    # The side the record names first: its counts are the ones the scorer gave (the
    # declarers' on the deal form), the other side's only follow from them
    for side in sorted(sides, key=lambda s: s not in given):
        _check_last_seven(side, result[side], tricks[side], n)
    return result


def _first_six_given(sides: tuple[str, ...], raw: object, n: int) -> Mapping[str, int]:
    """The counts the record gives: one side's or both, each 0 to 6."""
    if raw is None:
        raise _fail(
            "is required for a grand-null contract (tricks among the first six)",
            n,
            "first_six",
            code="first-six-required",
        )
    if not isinstance(raw, Mapping) or not raw or any(k not in sides for k in raw):
        raise _fail(
            f"must be an object naming {' and/or '.join(sides)}",
            n,
            "first_six",
            code="first-six-sides",
            seats=sides,
        )
    for side, count in raw.items():
        if not is_int(count) or not 0 <= count <= 6:
            raise _fail(
                f"{side} must be a whole number from 0 to 6, got {count!r}",
                n,
                "first_six",
                code="count",
                key=side,
                upto=6,
                value=count,
            )
    return raw


def _check_last_seven(side: str, first: int, tricks: int, n: int) -> None:
    """A side's tricks in all leave it 0 to 7 of the last seven."""
    if not 0 <= tricks - first <= 7:
        raise _fail(
            f"{side} took {first} of the first six but {tricks} tricks in all",
            n,
            "first_six",
            code="first-six-tricks",
            side=side,
            first=first,
            tricks=tricks,
        )
