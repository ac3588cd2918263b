"""What the interface says about each variant: its name and a one-line description."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any, NamedTuple

from django.utils.functional import Promise
from django.utils.translation import get_language, pgettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

VARIANTS: dict[str, tuple[Promise, Promise]] = {
    "russian": (
        _("Russian whist"),
        _("Tricks written double below the line, five honours above, rubber +20, slams."),
    ),
    "english-short": (
        _("English short whist"),
        _("Game of 5 points: tricks and honours race to the game; settled in game points."),
    ),
    "english-long": (
        _("English long whist"),
        _("The older game of 10 points, with honours called at 8."),
    ),
    "special-suit": (
        _("Whist with a special suit"),
        _("A suit drawn each game doubles tricks and honours when it is trumps."),
    ),
    "anfilada": (
        _("Anfilada"),
        _("Russian whist where points beyond the game carry into the next game."),
    ),
    "eralash": (
        _("Eralash"),
        _("No trumps; the four aces are the honours; a game of 13 odd tricks."),
    ),
    "prussian": (
        _("Prussian whist"),
        _("Two players, each with a hand and a spare packet to exchange."),
    ),
    "hussar": (
        _("Hussar whist"),
        _("Four players, each for himself: every trick beyond three is worth 2."),
    ),
    "flying-duck": (
        _("Flying Duck"),
        _("The winner of a trick names new trumps; scored as Russian whist without honours."),
    ),
    "progulochny": (
        _("Progulochny whist"),
        _("Bidding whist: trump game, Grand, Null, Gran-Null, contra and recontra."),
    ),
}

SUITS = {
    "S": ("♠", _("spades")),
    "H": ("♥", _("hearts")),
    "D": ("♦", _("diamonds")),
    "C": ("♣", _("clubs")),
}
SEAT_NAMES = {"N": _("North"), "E": _("East"), "S": _("South"), "W": _("West")}
# Partners sit opposite: the dummy's deal is dealt by the seat across the table.
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}
GAMES = {
    "trump": _("trump game"),
    "grand": _("Grand"),
    "null": _("Null"),
    "grand-null": _("Gran-Null"),
}
# A deal's revoke penalties, with the table's points (Revoke penalty, points): "take 3 tricks"
# moves three tricks whatever the points. See penalty_label().
PENALTIES = {
    "add": _("add %(amount)s to the claimants"),
    "deduct": _("deduct %(amount)s from the revokers"),
    "transfer": _("transfer %(amount)s"),
    "tricks": _("take 3 tricks"),
}


def penalty_label(key: str, amount: int) -> str:
    return str(PENALTIES[key]) % {"amount": amount}


def variant_name(key: str) -> str:
    return str(VARIANTS[key][0])


OPTION_LABELS = {
    "book": _("Book: tricks before odd tricks count"),
    "pointsPerOddTrick": _("Points per odd trick"),
    "gameTarget": _("Points for the game"),
    "honourSet": _("Honours"),
    "honourValues": _("Honours held → points"),
    "honoursBy": _("Honours scored by the side that"),
    "trebleInLong": _("Treble game at love in long whist"),
    "gameBonus": _("Bonus for each game"),
    "rubberBonus": _("Bonus for the rubber"),
    "smallSlam": _("Small slam (12 tricks)"),
    "grandSlam": _("Grand slam (13 tricks)"),
    "revoke.amount": _("Revoke penalty, points"),
    "revoke.default": _("Usual revoke penalty"),
    "bothRevoke": _("When both sides revoke"),
    "specialSuit.drawn": _("Special suit drawn"),
    "specialSuit.doublePenalties": _("Special suit doubles penalties too"),
    "anfilada.carryAcrossRubbers": _("Carry points into the next rubber"),
    "eralash.acesPerPlayer": _("Aces count per player, not per side"),
    "dummySettlement": _("Three-handed settlement"),
    "overtricksMultiplied": _("Contra multiplies overtricks"),
    "failPremium": _("Failed trump game: premium for"),
}

OPTION_CHOICE_LABELS = {
    "held": _("held them"),
    "captured": _("won them in tricks"),
    # The usual revoke penalty is chosen beside the revoke points ("Revoke penalty, points"),
    # which may be changed: "the penalty" is those points. A deal's own choice names the
    # table's amount (penalty_label), and so does the printed sheet.
    "add": _("add the penalty to the claimants"),
    "deduct": _("deduct the penalty from the revokers"),
    "transfer": _("transfer the penalty"),
    "tricks": _("take 3 tricks"),
    "neitherCanWin": _("neither can win the game on that deal"),
    "redeal": _("the deal is dealt again"),
    "perGame": _("at the start of each game"),
    "perRubber": _("at the start of each rubber"),
    "full": _("defender ±2, each besieger ∓1"),
    "shared": _("defender ±1, each besieger ∓½"),
    "opponentsOvertricks": _("the opponents' tricks over seven"),
    "undertricks": _("the declarers' missing tricks"),
    # The honours by their letters: Т К Д В (10) in Russian, as the glossary writes them.
    "AKQJ": _("A K Q J"),
    "AKQJ10": _("A K Q J 10"),
    "aces": _("the four aces"),
    "none": _("none"),
}

# A variant without partnerships (each plays for himself: Prussian, Hussar) has players where
# the others have sides: these labels replace the ones above that speak of sides or pairs.
PLAYER_OPTION_LABELS = {
    "honoursBy": _("Honours scored by the player who"),
    "bothRevoke": _("When more than one player revokes"),
}

PLAYER_OPTION_CHOICE_LABELS = {
    "held": pgettext_lazy("honours scored by the player who", "held them"),
    "captured": pgettext_lazy("honours scored by the player who", "won them in tricks"),
    "neitherCanWin": _("no revoker can win the game on that deal"),
}


def option_labels(partnerships: bool) -> tuple[Mapping[str, Any], Mapping[str, Any]]:
    """The labels of the options and of their choices: of sides, or of players for a variant
    without partnerships (``Preset.partnerships``)."""
    if partnerships:
        return OPTION_LABELS, OPTION_CHOICE_LABELS
    return (
        {**OPTION_LABELS, **PLAYER_OPTION_LABELS},
        {**OPTION_CHOICE_LABELS, **PLAYER_OPTION_CHOICE_LABELS},
    )


def seat_letters(code: str) -> str:
    """Seats and sides in the interface's letters: N E S W, or С В Ю З in Russian."""
    return _seat_letters(code, get_language())


def games_won_text(games: Iterable[tuple[str, int]], space: str = " ") -> str:
    """Each side's games in a rubber, as its line reads: N 2, E 1, S 0, W 0 (in the
    interface's letters); ``space`` between a side and its count."""
    return ", ".join(f"{seat_letters(side)}{space}{count}" for side, count in games)


@lru_cache(maxsize=512)
def _seat_letters(code: str, language: str | None) -> str:
    # Cached per language: a long table's log asks for the same few letters thousands of times.
    letters = {
        "N": pgettext("seat letter", "N"),
        "E": pgettext("seat letter", "E"),
        "S": pgettext("seat letter", "S"),
        "W": pgettext("seat letter", "W"),
    }
    if code and all(c in letters for c in code):
        return "".join(letters[c] for c in code)
    return code


class Shape(NamedTuple):
    """What a table's pages show of its variant and record (the templates read this, never
    the engine's record): its sides, players and dummy, and which words describe its deals."""

    sides: tuple[str, ...]
    partnerships: bool
    players: Mapping[str, str | None]
    dummy: str | None
    aces: bool  # honours are aces (whist with a special suit, no trumps): "aces 2–2"
    game_target: int
    log_hint: str  # a deal log line: contract, aces, honours, trumps, trumps-honours


def shape(record: Any) -> Shape:
    """The :class:`Shape` of a parsed record (scorebook.rules.Record)."""
    preset, rules = record.preset, record.rules
    if preset.entry.contract:
        hint = "contract"
    elif not preset.trump:
        hint = "aces" if rules.honours_are_aces else "honours"
    else:
        hint = "trumps-honours" if rules.honour_size else "trumps"
    return Shape(
        sides=tuple(record.sides),
        partnerships=preset.partnerships,
        players=record.players,
        dummy=record.dummy,
        aces=bool(rules.honours_are_aces),
        game_target=rules.game_target,
        log_hint=hint,
    )
