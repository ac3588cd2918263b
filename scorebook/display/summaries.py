"""A short summary of each variant's scoring, printed on its blank score pad.

The numbers come from the preset's values (docs/rules.md, The options a table can
change), so a changed preset changes its pad; only the wording differs by scoring family.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from scorebook.display.variants import VARIANTS
from scorebook.rules import PRESETS
from scorebook.rules.presets import ENGLISH, HUSSAR, PROGULOCHNY, Preset


def honour_set_name(key: str) -> str:
    return {
        "AKQJ10": _("A K Q J 10 of trumps"),
        "AKQJ": _("A K Q J of trumps"),
        "aces": _("the four aces"),
    }.get(key, key)


def honour_values(values: Mapping[Any, int]) -> str:
    return ", ".join(f"{held} → {points}" for held, points in sorted(values.items()))


def scoring_summary(variant: str) -> list[str]:
    """A few lines saying how ``variant`` scores, in the current language."""
    preset = PRESETS[variant]
    d = preset.defaults
    lines = [str(VARIANTS[variant][1])]
    if preset.family == ENGLISH:
        lines += _english(preset, d)
    elif preset.family == PROGULOCHNY:
        lines += _progulochny(d)
    else:
        lines += _line(preset, d, hussar=preset.family == HUSSAR)
    return lines


def _english(preset: Preset, d: Mapping[str, Any]) -> list[str]:
    target = d["gameTarget"]
    lines = [
        _(
            "Each trick over the book of %(book)s scores %(points)s; tricks, honours and "
            "revokes count towards the game of %(target)s, and points beyond it are lost."
        )
        % {"book": d["book"], "points": d["pointsPerOddTrick"], "target": target},
    ]
    honours = _("Honours (%(set)s): %(values)s.") % {
        "set": honour_set_name(d["honourSet"]),
        "values": honour_values(d["honourValues"]),
    }
    if preset.scoring.long_whist:
        lines.append(
            honours
            + " "
            + _("A side at 8 scores them only by calling them; a side at 9 cannot score them.")
        )
        lines.append(
            _("Game points: double (2) when the losers have less than 5, single (1) otherwise.")
        )
    else:
        lines.append(honours + " " + _("A side at %(n)s cannot score them.") % {"n": target - 1})
        lines.append(
            _(
                "Game points: treble (3) when the losers have nothing, double (2) with 1 or 2, "
                "single (1) with 3 or 4."
            )
        )
    lines.append(
        _(
            "Rubber: best of three games, +%(bonus)s game points; settled in game points: the "
            "winners' game points less the losers'."
        )
        % {"bonus": d["rubberBonus"]}
    )
    lines.append(_revoke(d))
    return lines


def _line(preset: Preset, d: Mapping[str, Any], *, hussar: bool) -> list[str]:
    lines = []
    if not hussar:  # the variant's one-liner already says it for Hussar whist
        lines.append(
            _("Each trick over the book of %(book)s scores %(points)s below the line.")
            % {"book": d["book"], "points": d["pointsPerOddTrick"]}
        )
    lines += [
        _(
            "Game: %(target)s below the line (single, double or treble by the losers' score); "
            "two games win the rubber, +%(bonus)s above the line."
        )
        % {"target": d["gameTarget"], "bonus": d["rubberBonus"]},
    ]
    if d["honourSet"] == "none":
        lines.append(_("Honours are not scored."))
    elif preset.honours_by_hand:
        lines.append(
            _(
                "Honours (%(set)s, in the two hands played): a player holding 2 or more scores "
                "as many above the line, if the opponent holds at most one."
            )
            % {"set": honour_set_name(d["honourSet"])}
        )
    else:
        lines.append(
            _("Honours (%(set)s): %(values)s above the line.")
            % {"set": honour_set_name(d["honourSet"]), "values": honour_values(d["honourValues"])}
        )
    if d["smallSlam"] and d["grandSlam"]:
        lines.append(
            _("Small slam %(small)s, grand slam %(grand)s above the line.")
            % {"small": d["smallSlam"], "grand": d["grandSlam"]}
        )
    elif d["grandSlam"]:
        lines.append(_("Grand slam %(grand)s above the line.") % {"grand": d["grandSlam"]})
    lines.append(_revoke(d, players=0 if preset.partnerships else len(preset.sides)))
    if hussar:
        lines.append(
            _(
                "Settlement: every player's total is all he wrote below and above the line; "
                "each pair of players settles the difference."
            )
        )
    elif not preset.partnerships:  # Prussian: two players, each a side
        lines.append(
            _(
                "Settlement: each player's total is all he wrote below and above the line; the "
                "lower total pays the difference."
            )
        )
    else:
        lines.append(_settlement())
    return lines


def _progulochny(d: Mapping[str, Any]) -> list[str]:
    return [
        _(
            "Trump game: 7 tricks or more, 1 below the line and 1 above for each trick over "
            "seven. Grand: 7 or more; Null: at most 6; Gran-Null: Grand in the first six tricks "
            "and Null in the last seven, each part apart: 3 below the line."
        ),
        _(
            "A failed game: the opponents write its value above the line. Contra ×2, recontra "
            "×4: the value below, the rest above."
        ),
        _("Honours (%(set)s) in trump games only: %(values)s above the line, never doubled.")
        % {"set": honour_set_name(d["honourSet"]), "values": honour_values(d["honourValues"])},
        _(
            "Game: %(target)s below the line, +%(game)s above; two games win the rubber, "
            "+%(bonus)s above the line."
        )
        % {"target": d["gameTarget"], "game": d["gameBonus"], "bonus": d["rubberBonus"]},
        _revoke(d, capped=False),
        _settlement(),
    ]


def _revoke(d: Mapping[str, Any], *, capped: bool = True, players: int = 0) -> str:
    """The revoke line; ``players``: how many play each for himself (0 in partnerships)."""
    if not capped:  # Progulochny: the penalty above the line, no game barred
        return _("Revoke: %(amount)s points above the line to the other side (R on the pad).") % {
            "amount": d["revoke.amount"]
        }
    if players == 2:  # Prussian: the other player is the claimant
        return _(
            "Revoke: %(amount)s points to the other player (R on the pad); the revoker cannot "
            "win the game on that deal."
        ) % {"amount": d["revoke.amount"]}
    if players:  # Hussar: every other player claims
        return _(
            "Revoke: %(amount)s points to each of the other players (R on the pad); the revoker "
            "cannot win the game on that deal."
        ) % {"amount": d["revoke.amount"]}
    return _(
        "Revoke: %(amount)s points to the claimants (R on the pad); the revokers cannot win the "
        "game on that deal."
    ) % {"amount": d["revoke.amount"]}


def _settlement() -> str:
    return _(
        "Settlement: each side's total is all it wrote below and above the line; the lower "
        "total pays the difference."
    )
