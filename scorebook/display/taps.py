"""The rows of tap buttons the entry screens are built of, shared by a variant's deal form
(scorebook.tables.forms) and a whist drive's table form (scorebook.clubs.forms): each form reads
its preset's data (a DealEntry, a DrivePreset) and asks for what it says with these rows, which
templates/tables/_strip.html draws."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django import forms


def tap_strip(
    counts: Iterable[int],
    label: Any,
    *,
    none: Any = None,
    initial: Any = None,
    invalid: Any = None,
) -> forms.TypedChoiceField:
    """A row of tap buttons for a count; ``none`` labels a first choice that leaves it out;
    ``invalid``: the message for a count outside the row (Django's own by default)."""
    choices = [(str(i), str(i)) for i in counts]
    field = forms.TypedChoiceField(
        label=label,
        required=False,
        coerce=int,
        empty_value=None,
        choices=[("", none), *choices] if none is not None else choices,
        initial=initial,
        widget=forms.RadioSelect,
    )
    if invalid is not None:
        field.error_messages["invalid_choice"] = invalid
    return field


def tricks_strip(tricks: int, label: Any, *, invalid: Any = None) -> forms.TypedChoiceField:
    """The row of a side's (or a player's) tricks in a deal of ``tricks`` tricks: 0 to all."""
    return tap_strip(range(tricks + 1), label, invalid=invalid)
