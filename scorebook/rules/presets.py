"""The variants' presets as data: one table of values per variant.

The options and their defaults are described in docs/rules.md (The options a table can change).

Each preset names its scoring family and the value of every configuration key that applies to
it. A key missing from a preset's table does not apply to that preset; a record that sets it is
rejected. Each preset also says what a deal of its variant asks the scorer for, and how
(:class:`DealEntry`): the deal form is built from that, not from the variant's name. Behaviour
lives in the family modules; this file holds only numbers and names.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

ENGLISH = "english"
LINE = "line"  # the Russian line-scoring family: russian and its derivatives
HUSSAR = "hussar"
PROGULOCHNY = "progulochny"

PARTNERSHIP_SIDES = ("NS", "EW")
PRUSSIAN_SIDES = ("N", "S")
HUSSAR_SIDES = ("N", "E", "S", "W")
FOUR_SEATS = ("N", "E", "S", "W")
TWO_SEATS = ("N", "S")

HONOUR_SET_SIZE = {"AKQJ": 4, "AKQJ10": 5, "aces": 4, "none": 0}
PENALTIES = ("add", "deduct", "transfer", "tricks")

_COMMON: dict[str, Any] = {
    "book": 6,
    "pointsPerOddTrick": 2,
    "gameTarget": 10,
    "honourSet": "AKQJ10",
    "honourValues": {3: 2, 4: 4, 5: 6},
    "honoursBy": "held",
    "gameBonus": 0,
    "rubberBonus": 20,
    "smallSlam": 10,
    "grandSlam": 20,
    "revoke.amount": 3,
    "revoke.default": "add",
    "bothRevoke": "neitherCanWin",
    "dummySettlement": "full",
}

_ENGLISH: dict[str, Any] = {
    **_COMMON,
    "pointsPerOddTrick": 1,
    "gameTarget": 5,
    "honourSet": "AKQJ",
    "honourValues": {3: 2, 4: 4},
    "rubberBonus": 2,
    "smallSlam": 0,
    "grandSlam": 0,
}


# How a deal asks for each thing (the values of DealEntry's fields).
REQUIRED, OPTIONAL, NONE = "required", "optional", "none"
PRINTED = "printed"  # the trump is the plan's, printed for the hand: nothing to tap (a drive)
BY_SIDE, BY_SEAT, BY_HAND, BY_CLAIM = "side", "seat", "hand", "claim"
BY_DECLARERS = "declarers"


@dataclass(frozen=True, slots=True)
class DealEntry:
    """What a deal of the variant asks the scorer for, and how: the deal form is built from it.

    ``trump``: ``required`` (a suit is tapped), ``optional`` (Flying Duck: trumps change during
    the deal and score nothing, the suits are kept for the log), ``none`` (no turned-up trump;
    the deal has no top-level ``trump`` field) or ``printed`` (a whist drive's hand: the plan
    names the trump, which is shown, not asked). ``tricks``: ``side`` (the first side's count, the
    other side takes the rest), ``declarers`` (the declaring side's count, the defenders take
    the rest: a bidding variant, where what a contract needs is said of the declarers) or
    ``seat`` (each player's, the last one's follows from the others). ``honours`` (when the
    honour set is not ``none``): ``side`` (the first side's count, the other side holds the
    rest), ``hand`` (each played hand's own count: Prussian) or ``claim`` (only the players who
    claim them: Hussar). Honours are always "none claimed" until a tap says otherwise.
    """

    trump: str = REQUIRED
    tricks: str = BY_SIDE
    honours: str = BY_SIDE
    special_suit: bool = False  # the special suit of the game, asked when a game begins
    contract: bool = False  # declarers, game, its trump, contra/recontra, Gran-Null's first six
    called: bool = False  # honours called by a side standing two short of the game
    exchanged: bool = False  # which players exchanged their packet (Prussian, for the log)


@dataclass(frozen=True, slots=True)
class Scoring:
    """What the engine scores differently in this variant, beyond its family and options.

    ``long_whist``: English long whist (game of 10): honours barred at 8 as well as at 9 (a side
    two short calls them instead), and a game won from love is double unless ``trebleInLong``.
    ``carry_excess``: Anfilada: what the game's winner scored over the target starts the next
    game. ``special_suit_doubles``: a deal played in the game's special suit scores double.
    ``trump_in_record``: every deal names its trump (whist with a special suit: a deal without
    one is refused, as the doubling depends on it). Prussian's honours, each played hand's own
    count, follow from its deal entry (``honours == "hand"``).
    """

    long_whist: bool = False
    carry_excess: bool = False
    special_suit_doubles: bool = False
    trump_in_record: bool = False


@dataclass(frozen=True, slots=True)
class Preset:
    """A variant: its scoring family, its sides and seats, its option defaults and its deal."""

    key: str
    family: str
    sides: tuple[str, ...]
    seats: tuple[str, ...]
    defaults: Mapping[str, Any]
    entry: DealEntry
    dummy_allowed: bool
    honour_sets: tuple[str, ...]  # the values ``honourSet`` may take
    only_add: bool = False  # revokes accept only the ``add`` penalty
    scoring: Scoring = Scoring()  # noqa: RUF009 - frozen, so one shared default is safe

    @property
    def honours_by_hand(self) -> bool:
        """Each played hand's honours count for itself (Prussian)."""
        return self.entry.honours == BY_HAND

    @property
    def partnerships(self) -> bool:
        """Two partners make each side; without (Prussian, Hussar) each plays for himself."""
        return all(len(side) > 1 for side in self.sides)

    @property
    def trump(self) -> bool:
        """The deal has a turned-up trump (a top-level ``trump`` field)."""
        return self.entry.trump != NONE


def _preset(
    key: str,
    family: str,
    defaults: dict[str, Any],
    *,
    entry: DealEntry = DealEntry(),  # noqa: B008 - frozen, so one shared default is safe
    sides: tuple[str, ...] = PARTNERSHIP_SIDES,
    seats: tuple[str, ...] = FOUR_SEATS,
    dummy_allowed: bool = True,
    honour_sets: tuple[str, ...] = ("AKQJ", "AKQJ10", "none"),
    only_add: bool = False,
    scoring: Scoring = Scoring(),  # noqa: B008 - frozen, so one shared default is safe
) -> Preset:
    return Preset(
        key=key,
        family=family,
        sides=sides,
        seats=seats,
        defaults=MappingProxyType(defaults),
        entry=entry,
        dummy_allowed=dummy_allowed,
        honour_sets=honour_sets,
        only_add=only_add,
        scoring=scoring,
    )


PRESETS: Mapping[str, Preset] = MappingProxyType(
    {
        p.key: p
        for p in (
            _preset("english-short", ENGLISH, dict(_ENGLISH)),
            _preset(
                "english-long",
                ENGLISH,
                {**_ENGLISH, "gameTarget": 10, "trebleInLong": False},
                entry=DealEntry(called=True),
                scoring=Scoring(long_whist=True),
            ),
            _preset("russian", LINE, dict(_COMMON)),
            _preset(
                "special-suit",
                LINE,
                {**_COMMON, "specialSuit.drawn": "perGame", "specialSuit.doublePenalties": False},
                entry=DealEntry(special_suit=True),
                scoring=Scoring(special_suit_doubles=True, trump_in_record=True),
            ),
            _preset(
                "anfilada",
                LINE,
                {**_COMMON, "anfilada.carryAcrossRubbers": False},
                scoring=Scoring(carry_excess=True),
            ),
            _preset(
                "eralash",
                LINE,
                {
                    **_COMMON,
                    "gameTarget": 26,
                    "honourSet": "aces",
                    "honourValues": {3: 2, 4: 4},
                    "smallSlam": 0,
                    "grandSlam": 4,
                    "eralash.acesPerPlayer": False,
                },
                entry=DealEntry(trump=NONE),
                honour_sets=("aces", "none"),
            ),
            _preset(
                "prussian",
                LINE,
                {
                    **{k: v for k, v in _COMMON.items() if k != "dummySettlement"},
                    "honourSet": "AKQJ",
                    "honourValues": {2: 2, 3: 3, 4: 4, 5: 5},
                },
                entry=DealEntry(honours=BY_HAND, exchanged=True),
                sides=PRUSSIAN_SIDES,
                seats=TWO_SEATS,
                dummy_allowed=False,
            ),
            _preset(
                "hussar",
                HUSSAR,
                {
                    **{k: v for k, v in _COMMON.items() if k != "dummySettlement"},
                    "book": 3,
                },
                entry=DealEntry(tricks=BY_SEAT, honours=BY_CLAIM),
                sides=HUSSAR_SIDES,
                dummy_allowed=False,
                only_add=True,
            ),
            _preset(
                "flying-duck",
                LINE,
                {**_COMMON, "honourSet": "none"},
                entry=DealEntry(trump=OPTIONAL),
            ),
            _preset(
                "progulochny",
                PROGULOCHNY,
                {
                    **{
                        k: v
                        for k, v in _COMMON.items()
                        if k not in ("book", "pointsPerOddTrick", "bothRevoke")
                    },
                    "gameTarget": 15,
                    "gameBonus": 5,
                    "rubberBonus": 10,
                    "smallSlam": 0,
                    "grandSlam": 0,
                    "overtricksMultiplied": True,
                    "failPremium": "opponentsOvertricks",
                },
                entry=DealEntry(trump=NONE, tricks=BY_DECLARERS, contract=True),
                only_add=True,
            ),
        )
    }
)

# ---------------------------------------------------------------------------------------------
# Whist drives (docs/clubs.md, *A whist drive*): a drive hand is a plain deal scored by tricks
# alone, so a drive's preset is its plan's numbers and the deal it asks for, no options.

TRICKS_BY_SIDE = "tricks"  # a player's score: his side's tricks, hand by hand
WINNERS_MOVE = "winners"  # after a round the winners move up a table, the losers stay


@dataclass(frozen=True, slots=True)
class DrivePreset:
    """A whist drive: its hands a round, the trumps in turn, its rounds, the tricks of a hand,
    how a player scores and who moves; and the deal of a hand (one tap: the first side's
    tricks, the other side's follow; the trump printed by the plan, no honours). The drive's
    table form is built from this, as a variant's deal form from its DealEntry."""

    key: str
    hands: int  # hands a round at each table (1 to 13)
    trumps: str  # each hand's trump in turn over the whole drive: H, C, D, S, or N (no trump)
    rounds: int  # rounds, unless the organiser says otherwise when drawing
    tricks: int = 13  # tricks in a hand
    score: str = TRICKS_BY_SIDE
    moves: str = WINNERS_MOVE
    sides: tuple[str, ...] = PARTNERSHIP_SIDES
    seats: tuple[str, ...] = FOUR_SEATS
    entry: DealEntry = DealEntry(trump=PRINTED, tricks=BY_SIDE, honours=NONE)  # noqa: RUF009

    def round_trumps(self, played: int, hands: int | None = None) -> tuple[str, ...]:
        """The trumps of the hands of round ``played + 1``, hand by hand: the drive's h-th
        hand (from 1) is played in ``trumps[(h - 1) % len(trumps)]``."""
        count = self.hands if hands is None else hands
        return tuple(self.trumps[(played * count + i) % len(self.trumps)] for i in range(count))


DRIVE_PRESETS: Mapping[str, DrivePreset] = MappingProxyType(
    {
        p.key: p
        for p in (
            # The usual UK drive: four hands a round, hearts, clubs, diamonds, spades.
            DrivePreset("drive", hands=4, trumps="HCDS", rounds=6),
            # Five hands a round, the fifth without trumps.
            DrivePreset("drive-no-trumps", hands=5, trumps="HCDSN", rounds=6),
        )
    }
)
DEFAULT_DRIVE = "drive"

# Honour values a preset uses when a record changes the honour set but not the values.
DEFAULT_VALUES_FOR_SET: Mapping[str, Mapping[int, int]] = MappingProxyType(
    {
        "AKQJ": MappingProxyType({3: 2, 4: 4}),
        "AKQJ10": MappingProxyType({3: 2, 4: 4, 5: 6}),
        "aces": MappingProxyType({3: 2, 4: 4}),
        "none": MappingProxyType({}),
    }
)

# How each option key is checked: ("int", minimum, maximum) or ("choice", values) or ("bool",)
OPTION_TYPES: Mapping[str, tuple[Any, ...]] = MappingProxyType(
    {
        "book": ("int", 6, 12),
        "pointsPerOddTrick": ("int", 1, 100),
        "gameTarget": ("int", 1, 1000),
        "honourSet": ("honourSet",),
        "honourValues": ("honourValues",),
        "honoursBy": ("choice", ("held", "captured")),
        "trebleInLong": ("bool",),
        "gameBonus": ("int", 0, 1000),
        "rubberBonus": ("int", 0, 1000),
        "smallSlam": ("int", 0, 1000),
        "grandSlam": ("int", 0, 1000),
        "revoke.amount": ("int", 1, 100),
        "revoke.default": ("choice", PENALTIES),
        "bothRevoke": ("choice", ("neitherCanWin", "redeal")),
        "specialSuit.drawn": ("choice", ("perGame", "perRubber")),
        "specialSuit.doublePenalties": ("bool",),
        "anfilada.carryAcrossRubbers": ("bool",),
        "eralash.acesPerPlayer": ("bool",),
        "dummySettlement": ("choice", ("full", "shared")),
        "overtricksMultiplied": ("bool",),
        "failPremium": ("choice", ("opponentsOvertricks", "undertricks")),
    }
)

# Hussar's book is per player: 3 of 13 tricks by default, 6 as an option.
HUSSAR_BOOK_RANGE = (0, 12)


def int_option_range(preset: Preset, key: str) -> tuple[int, int]:
    """The values the integer option ``key`` may take in ``preset``."""
    if key == "book" and preset.family == HUSSAR:
        return HUSSAR_BOOK_RANGE
    _kind, low, high = OPTION_TYPES[key]
    return int(low), int(high)
