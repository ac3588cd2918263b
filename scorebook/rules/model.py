"""The validated record's frozen types, and the names the record format fixes
(docs/record-format.md): what the parser makes and the scorer reads."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, NamedTuple

from .presets import HONOUR_SET_SIZE, Preset

FORMAT = "whist-record/1"
SUITS = ("S", "H", "D", "C")
VOID_KINDS = ("misdeal", "redeal")
GAMES = ("trump", "grand", "null", "grand-null")
DOUBLING = MappingProxyType({"none": 1, "contra": 2, "recontra": 4})
DOUBLING_NAMES = tuple(DOUBLING)
RECORD_KEYS = frozenset({"format", "variant", "options", "players", "dummy", "deals", "meta"})
DEAL_KEYS = frozenset(
    {
        "dealer",
        "trump",
        "tricks",
        "honours",
        "called",
        "revokes",
        "special_suit",
        "contract",
        "doubling",
        "first_six",
        "trumps_named",
        "exchanged",
        "void",
        "note",
    }
)


@dataclass(frozen=True, slots=True)
class Rules:
    """The preset's values with the record's options applied: what the scorer reads."""

    preset: Preset
    book: int
    points_per_odd_trick: int
    game_target: int
    honour_set: str
    honour_values: Mapping[int, int]
    honours_by: str
    treble_in_long: bool
    game_bonus: int
    rubber_bonus: int
    small_slam: int
    grand_slam: int
    revoke_amount: int
    revoke_default: str
    both_revoke: str
    special_drawn: str
    double_penalties: bool
    carry_across_rubbers: bool
    aces_per_player: bool
    dummy_settlement: str
    overtricks_multiplied: bool
    fail_premium: str

    @property
    def honour_size(self) -> int:
        return HONOUR_SET_SIZE[self.honour_set]

    @property
    def honours_are_aces(self) -> bool:
        """The honours are the four aces (Eralash, which has no trumps): the interface calls
        them aces wherever it would say honours."""
        return self.honour_set == "aces"


@dataclass(frozen=True, slots=True)
class Revoke:
    seat: str
    side: str
    penalty: str


@dataclass(frozen=True, slots=True)
class Contract:
    side: str
    game: str
    trump: str | None


class Deal(NamedTuple):
    """One deal as the table wrote it down.

    A named tuple, like the sheet's rows: as immutable as a frozen dataclass, and several times
    faster to build, which matters on a record of 50,000 deals.
    """

    number: int
    dealer: str | None
    void: str | None
    trump: str | None
    tricks: Mapping[str, int] | None
    honours: Mapping[str, int] | None
    called: str | None
    revokes: tuple[Revoke, ...]
    special_suit: str | None
    contract: Contract | None
    multiplier: int
    first_six: Mapping[str, int] | None
    trumps_named: tuple[str, ...]
    exchanged: tuple[str, ...]
    note: str | None
    redealt: bool  # both sides revoked under ``bothRevoke: "redeal"``: scores nothing


@dataclass(frozen=True, slots=True)
class Record:
    """A validated record: the variant, its rules, the seating and the deals."""

    variant: str
    rules: Rules
    options: Mapping[str, Any]
    players: Mapping[str, str | None]
    dummy: str | None
    deals: tuple[Deal, ...]
    meta: Mapping[str, Any]

    @property
    def preset(self) -> Preset:
        return self.rules.preset

    @property
    def sides(self) -> tuple[str, ...]:
        return self.rules.preset.sides

    def side_of(self, seat: str) -> str:
        return side_of(self.rules.preset, seat)


def side_of(preset: Preset, seat: str) -> str:
    """The side a seat plays for."""
    if preset.sides == ("NS", "EW"):
        return "NS" if seat in ("N", "S") else "EW"
    return seat
