"""Free text typed into any form (a table's title, a player's name, a club's city, a note):
the form refuses what is not text (Unicode's noncharacters) and invisible formatting
characters, naming the field, and shows the refused
text again without them (the rules engine's own text checks say which characters)."""

from __future__ import annotations

from django import forms
from django.utils.text import capfirst
from django.utils.translation import gettext_lazy as _

from scorebook.rules.checks import NOT_TEXT
from scorebook.rules.record import invisible_character, without_invisible


def show_visible(form: forms.BaseForm, name: str) -> None:
    """Show the refused field ``name`` again without its invisible characters: they cannot be
    seen, so they cannot be deleted ("Ан\u202eна" showed as "Анан"); what the field shows
    is what the next tap sends."""
    key = form.add_prefix(name)
    value = form.data.get(key)
    if isinstance(value, str):
        data = form.data.copy()
        data[key] = without_invisible(value)
        form.data = data


class VisibleText:
    """A field's validator: no invisible formatting character, told by the field's label."""

    def __init__(self, label: object, form: forms.BaseForm, name: str) -> None:
        self.label, self.form, self.name = label, form, name

    def __call__(self, value: object) -> None:
        not_text = NOT_TEXT.search(value) if isinstance(value, str) else None
        if not_text is not None:  # a noncharacter (a form cannot carry a lone surrogate)
            raise forms.ValidationError(
                _("%(field)s: must be valid Unicode text; found %(char)s."),
                code="unicode",
                params={"field": capfirst(self.label), "char": f"U+{ord(not_text.group()):04X}"},
            )
        char = invisible_character(value) if isinstance(value, str) else None
        if char is not None:
            show_visible(self.form, self.name)
            raise forms.ValidationError(
                _(
                    "%(field)s: must not contain invisible formatting characters (such as "
                    "direction marks); found %(char)s."
                ),
                code="invisible",
                params={"field": capfirst(self.label), "char": f"U+{ord(char):04X}"},
            )


def visible_text(form: forms.BaseForm, *names: str) -> None:
    """The free-text fields ``names`` of ``form`` refuse invisible formatting characters."""
    for name in names:
        field = form.fields[name]
        field.validators = [*field.validators, VisibleText(field.label or name, form, name)]
