"""A club's forms: the club, a night, a season, the roster's names and merges, the roles.

Free text (names, a city, a place) refuses invisible formatting characters, as a record's
text does (scorebook.text.visible_text).
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from players.models import (
    COMMON_ZONES,
    Club,
    ClubRole,
    Player,
    Season,
    default_time_zone,
    is_time_zone,
    roster_order,
)
from scorebook.display.drives import preset_choices
from scorebook.display.stakes import STAKE_FIELDS, add_stake_fields, clean_stake
from scorebook.display.taps import tricks_strip
from scorebook.display.variants import variant_name
from scorebook.rules import PRESETS
from scorebook.rules.presets import BY_SIDE, PRINTED, DrivePreset
from scorebook.text import visible_text


def variant_choices() -> list[tuple[str, str]]:
    return [(key, str(variant_name(key))) for key in PRESETS]


class VariantChoice(forms.ModelForm):
    """A model form whose ``variant`` is chosen from the presets, by their names."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["variant"].widget.choices = variant_choices()

    def clean_variant(self) -> str:
        variant = str(self.cleaned_data["variant"])
        if variant not in PRESETS:
            raise forms.ValidationError(_("Choose a variant from the list."))
        return variant


class ClubForm(VariantChoice):
    """A new club. Its time zone is the creator's browser's, put in the hidden field by
    static/js/club-zone.js; without it (no script, or a zone this server does not know) the
    club speaking Russian keeps Moscow time, any other the server's (docs/clubs.md)."""

    class Meta:
        model = Club
        fields = ["name", "city", "variant", "language", "time_zone", *STAKE_FIELDS]
        widgets = {"variant": forms.Select(), "time_zone": forms.HiddenInput()}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        visible_text(self, "name", "city")
        add_stake_fields(self)  # the stake the club's nights' new tables start with
        self.fields["stake"].help_text = gettext_lazy(
            "What a point is worth at the club's tables; each new table may change it. "
            "Leave it empty to settle in points only."
        )
        zone = self.fields["time_zone"]
        zone.required = False
        # A hidden field's refusal (too long) could not be read: clean() replaces what is
        # not a zone, and the model's check then finds a known one.
        zone.validators = []
        zone.widget.attrs["data-browser-zone"] = ""  # what club-zone.js fills
        # Not the model's default: empty until the script fills it, for clean() to decide.
        self.initial.pop("time_zone", None)
        zone.initial = None

    def clean_time_zone(self) -> str:
        return str(self.cleaned_data.get("time_zone") or "").strip()

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if not is_time_zone(data.get("time_zone") or ""):
            data["time_zone"] = default_time_zone(str(data.get("language") or ""))
        stake = clean_stake(self, data)
        if stake["stake"] is None:
            stake = {"stake": None, "stake_currency": "", "stake_coin": None}
        data.update(stake)
        return data


class ClubTimeZoneForm(forms.ModelForm):
    """The organiser's choice of the club's zone on the club page: one of the usual zones
    offered as he types, or any IANA name, checked."""

    class Meta:
        model = Club
        fields = ["time_zone"]
        widgets = {
            "time_zone": forms.TextInput(
                attrs={"list": "club-zones", "autocomplete": "off", "spellcheck": "false"}
            )
        }

    zones = COMMON_ZONES  # the template's <datalist>


class DateInput(forms.DateInput):
    """The browser's date picker. It reads and sends only ISO dates (2026-11-20) whatever the
    page's language, so the value is written that way too: a Russian 20.11.2026 left it empty."""

    input_type = "date"

    def __init__(self, attrs: dict[str, Any] | None = None) -> None:
        super().__init__(attrs, format="%Y-%m-%d")


class NightForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("name of the night"), max_length=100)
    date = forms.DateField(
        label=gettext_lazy("date"),
        widget=DateInput(),
        initial=timezone.localdate,
    )
    place = forms.CharField(label=gettext_lazy("place"), max_length=100, required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        visible_text(self, "name", "place")


class NewNightForm(NightForm):
    """A night to open: its name, date and place, and how it is played when the organiser knows
    already: a whist drive by one of its presets (the seating page then offers it first)."""

    drive_preset = forms.ChoiceField(
        label=gettext_lazy("how the night is played"), required=False, choices=()
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choice = self.fields["drive_preset"]
        assert isinstance(choice, forms.ChoiceField)
        choice.choices = [("", _("decided at the seating (tables, a tournament or a drive)"))]
        choice.choices += preset_choices()


class DriveHandsForm(forms.Form):
    """A drive table's hands of the round, built from the drive's preset as a deal form is from
    its variant's DealEntry: a row of taps a hand for the first side's tricks (the other side
    took the rest of the preset's tricks), the hand's trump printed beside it, never asked.
    Fields ``hand_1`` ... ``hand_H``; a hand left untapped is not played yet."""

    def __init__(
        self, preset: DrivePreset, trumps: list[str], *args: Any, message: str = "", **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        if preset.entry.tricks != BY_SIDE or preset.entry.trump != PRINTED:
            raise ValueError(f"drive preset {preset.key!r}: a drive hand is one tap of tricks")
        self.preset = preset
        self.hands: list[tuple[int, str, forms.BoundField]] = []
        for number, trump in enumerate(trumps, start=1):
            name = f"hand_{number}"
            self.fields[name] = tricks_strip(preset.tricks, name, invalid=message or None)
            self.hands.append((number, trump, self[name]))

    def errors_for(self, group: str) -> list[str]:
        """The messages about one hand (_strip.html ties its taps to them)."""
        return list(self.errors.get(group, []))

    def tricks(self) -> list[int | None]:
        """The first side's tricks, hand by hand (None: not played yet)."""
        return [self.cleaned_data.get(f"hand_{n}") for n, _trump, _field in self.hands]

    def first_error(self) -> str:
        return next((str(e) for errors in self.errors.values() for e in errors), "")


# Sessions to qualify when the form's field is left empty: an average over one or two nights
# says little of a player, so the average ladder asks three; the others keep the model's (and
# the ladder command's) 1 (docs/clubs.md).
AVERAGE_MIN_SESSIONS = 3


def default_min_sessions(kind: str) -> int:
    return AVERAGE_MIN_SESSIONS if kind == "average" else 1


class SeasonForm(VariantChoice):
    class Meta:
        model = Season
        fields = ["name", "starts_on", "ends_on", "variant", "kind", "best", "min_sessions",
                  "min_partners", "confirmed_only", "include_guests"]  # fmt: skip
        widgets = {
            "starts_on": DateInput(),
            "ends_on": DateInput(),
            "variant": forms.Select(),
        }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        visible_text(self, "name")
        self.fields["best"].widget.attrs["min"] = 1  # as the ladder refuses 0 (docs/ladders.md)
        # Left empty, it follows the kind (clean()): the same with or without a script.
        sessions = self.fields["min_sessions"]
        sessions.required = False
        sessions.initial = None
        sessions.help_text = gettext_lazy("Left empty: 3 for the average ladder, 1 for the others.")
        if self.instance.pk is None:
            self.initial.pop("min_sessions", None)

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("min_sessions") is None:
            data["min_sessions"] = default_min_sessions(str(data.get("kind") or ""))
        return data


class PlayerNameForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("name"), max_length=60)


class PlayerListForm(forms.Form):
    names = forms.CharField(
        label=gettext_lazy("names, one a line (pasted from the club's list)"),
        max_length=20_000,
        widget=forms.Textarea(attrs={"rows": 5}),
    )


class MergeForm(forms.Form):
    source = forms.ModelChoiceField(
        queryset=Player.objects.none(), label=gettext_lazy("the duplicate entry")
    )
    target = forms.ModelChoiceField(
        queryset=Player.objects.none(), label=gettext_lazy("the entry to keep")
    )
    sure = forms.BooleanField(
        label=gettext_lazy("They are one person: merge them (this cannot be undone)"),
        required=True,
    )

    def __init__(self, club: Club, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        roster = club.roster.filter(merged_into=None, archived=False)  # bring him back first
        choices = [("", "---------")] + [
            (p.pk, p.name) for p in sorted(roster, key=lambda p: roster_order(p.name))
        ]
        for name in ("source", "target"):
            self.fields[name].queryset = roster  # type: ignore[attr-defined]
            self.fields[name].choices = choices  # in roster order, as the list above them


class RoleForm(forms.Form):
    username = forms.CharField(label=gettext_lazy("user name"), max_length=150)
    # The lesser role unless chosen: a name typed and sent makes no organiser by mistake.
    role = forms.ChoiceField(
        label=gettext_lazy("role"), choices=ClubRole.Role.choices, initial=ClubRole.Role.MEMBER
    )
