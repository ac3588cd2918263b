"""A deal's revokes (docs/record-format.md, Revokes): who revoked and the penalty chosen, each
checked against the variant, the dummy and the tricks the revoking side holds.

(revoke.py scores them.)"""

from __future__ import annotations

from collections.abc import Mapping

from .checks import _fail
from .model import Revoke, Rules, side_of
from .presets import PENALTIES, Preset


def check_revokes(
    rules: Rules,
    dummy: str | None,
    raw: object,
    tricks: Mapping[str, int] | None,
    call_won: bool,
    n: int,
) -> tuple[Revoke, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise _fail("must be a list of {seat, penalty}", n, "revokes", code="revoke-list")
    if raw and call_won:
        raise _fail(
            "a deal won by calling honours is not played, so it has no revokes",
            n,
            "revokes",
            code="revoke-call",
        )
    result = []
    left = dict(tricks or {})  # the tricks each side holds after the penalties before
    for item in raw:
        revoke = _revoke(rules, dummy, item, n)
        if revoke.penalty == "tricks":
            _transfer_tricks(rules.preset, left, revoke.side, n)
        result.append(revoke)
    return tuple(result)


def _revoke(rules: Rules, dummy: str | None, item: object, n: int) -> Revoke:
    """One revoke: an object {seat, penalty}, the penalty the rules' default when left out."""
    preset = rules.preset
    if not isinstance(item, Mapping) or set(item) - {"seat", "penalty"}:
        raise _fail("each revoke is an object {seat, penalty}", n, "revokes", code="revoke-list")
    seat = _seat(preset, dummy, item.get("seat"), n)
    penalty = item.get("penalty")
    if penalty is None:
        penalty = rules.revoke_default
    if penalty not in PENALTIES:
        raise _fail(
            f"penalty must be one of {', '.join(PENALTIES)}, got {penalty!r}",
            n,
            "revokes",
            code="choice",
            choices=PENALTIES,
            value=penalty,
        )
    if preset.only_add and penalty != "add":
        raise _fail(
            f"{preset.key} accepts only the 'add' penalty, got {penalty!r}",
            n,
            "revokes",
            code="only-add",
        )
    return Revoke(seat, side_of(preset, seat), str(penalty))


def _seat(preset: Preset, dummy: str | None, seat: object, n: int) -> str:
    """The revoking seat: a player's, not the dummy's."""
    if seat not in preset.seats:
        raise _fail(
            f"seat must be one of {', '.join(preset.seats)}, got {seat!r}",
            n,
            "revokes",
            code="seat",
            seats=preset.seats,
            value=seat,
        )
    if seat == dummy:
        raise _fail(
            f"the dummy ({seat}) is not liable to revoke penalties",
            n,
            "revokes",
            code="dummy-revoke",
            seat=seat,
        )
    return str(seat)


def _transfer_tricks(preset: Preset, left: dict[str, int], side: str, n: int) -> None:
    """The 'tricks' penalty: three of the revoking side's tricks go to the other side."""
    if left.get(side, 0) < 3:
        raise _fail(
            "the 'tricks' penalty needs the revoking side to hold 3 tricks "
            f"({side} has {left.get(side, 0)})",
            n,
            "revokes",
            code="tricks-penalty",
            side=side,
            has=left.get(side, 0),
        )
    left[side] -= 3
    other = next(s for s in preset.sides if s != side)
    left[other] += 3
