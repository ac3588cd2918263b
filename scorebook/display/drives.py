"""A whist drive's preset in words: its name and what it plays, from its numbers (the presets
themselves are data: scorebook.rules.presets.DRIVE_PRESETS)."""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from scorebook.display.variants import SUITS
from scorebook.rules.presets import DRIVE_PRESETS, DrivePreset

# The drive presets' names; what each plays is said from its numbers (preset_line).
DRIVE_NAMES: dict[str, Promise] = {
    "drive": gettext_lazy("Whist drive"),
    "drive-no-trumps": gettext_lazy("Whist drive with a no-trump hand"),
}


def preset_name(key: str) -> str:
    return str(DRIVE_NAMES.get(key, key))


def trump_signs(trumps: str) -> str:
    """The trumps in turn as signs (♥ ♣ ♦ ♠), a no-trump hand by its words."""
    return " ".join(SUITS[t][0] if t in SUITS else _("no trump") for t in trumps)


def preset_line(preset: DrivePreset) -> str:
    """A drive preset in a line, from its numbers: "Whist drive: 4 hands a round, trumps in
    turn ♥ ♣ ♦ ♠, 6 rounds"."""
    hands = ngettext("%(n)s hand a round", "%(n)s hands a round", preset.hands) % {
        "n": preset.hands
    }
    rounds = ngettext("%(n)s round", "%(n)s rounds", preset.rounds) % {"n": preset.rounds}
    return _("%(name)s: %(hands)s, trumps in turn %(trumps)s, %(rounds)s") % {
        "name": preset_name(preset.key),
        "hands": hands,
        "trumps": trump_signs(preset.trumps),
        "rounds": rounds,
    }


def preset_choices() -> list[tuple[str, str]]:
    return [(key, preset_line(preset)) for key, preset in DRIVE_PRESETS.items()]
