"""Revoke penalties (docs/rules.md, Revokes), shared by the English and line-scoring families."""

from __future__ import annotations

from collections.abc import Callable

from .model import Deal, Rules

AddPoints = Callable[[str, int, str], None]


def apply_revokes(
    rules: Rules, deal: Deal, tricks: dict[str, int], add: AddPoints, multiplier: int = 1
) -> None:
    """Apply each revoke of the deal in the order claimed.

    ``add`` (or ``deduct``) writes points towards the game through the family's own rule;
    ``transfer`` is ``deduct`` followed by ``add``; ``tricks`` moves three tricks from the
    revokers to the claimants in ``tricks`` before the tricks are scored.
    """
    sides = tuple(tricks) if tricks else rules.preset.sides
    amount = rules.revoke_amount * multiplier
    for revoke in deal.revokes:
        claimants = [s for s in sides if s != revoke.side]
        if revoke.penalty in ("deduct", "transfer"):
            add(revoke.side, -amount, "revoke")
        if revoke.penalty in ("add", "transfer"):
            for side in claimants:
                add(side, amount, "revoke")
        if revoke.penalty == "tricks":
            (claimant,) = claimants
            tricks[revoke.side] -= 3
            tricks[claimant] += 3
