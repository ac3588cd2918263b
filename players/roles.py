"""Who an account is to a club: an organiser, a member, or nobody (every feature asks)."""

from __future__ import annotations

from typing import Any

from players.models import Club, ClubRole, Player

ORGANISER = ClubRole.Role.ORGANISER
MEMBER = ClubRole.Role.MEMBER


def role_of(user: Any, club: Club) -> str | None:
    """``"organiser"``, ``"member"`` (a role, or a roster entry linked to the account), or
    None."""
    if user is None or not user.is_authenticated:
        return None
    roles = ClubRole.objects.filter(club=club, user=user, accepted=True)
    role = roles.values_list("role", flat=True).first()
    if role is not None:
        return str(role)
    if Player.objects.filter(club=club, user=user, merged_into=None).exists():
        return MEMBER
    return None
