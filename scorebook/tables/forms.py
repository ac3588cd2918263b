"""Forms check shapes (numbers, seats, choices); the rules engine judges the rules.

A deal form turns the taps of the entry screen into a deal object (docs/record-format.md).
Errors are kept per field group named as in the record format (``tricks``, ``honours``,
``revokes`` ...), so that an error raised by the engine for a field lands next to that field on
the screen.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Mapping
from typing import Any

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from players.models import name_key
from scorebook.display.messages import describe, locate, named, sentence
from scorebook.display.stakes import STAKE_FIELDS, add_stake_fields, clean_stake
from scorebook.display.taps import tap_strip as _strip
from scorebook.display.taps import tricks_strip
from scorebook.display.variants import (
    GAMES,
    PENALTIES,
    SEAT_NAMES,
    SUITS,
    option_labels,
    penalty_label,
    seat_letters,
)
from scorebook.rules import RecordError
from scorebook.rules.presets import (
    BY_CLAIM,
    BY_DECLARERS,
    BY_HAND,
    BY_SEAT,
    BY_SIDE,
    NONE,
    OPTION_TYPES,
    PRESETS,
    REQUIRED,
    Preset,
    int_option_range,
)
from scorebook.rules.record import Record, player_name
from scorebook.text import show_visible, visible_text

RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
SUIT_ORDER = ["C", "D", "H", "S"]  # clubs lowest, spades highest (seed page)
# The picture cards and the ace by their letters in the interface's language (В Д К Т in Russian).
RANK_LETTERS = {
    "J": pgettext_lazy("card rank: jack", "J"),
    "Q": pgettext_lazy("card rank: queen", "Q"),
    "K": pgettext_lazy("card rank: king", "K"),
    "A": pgettext_lazy("card rank: ace", "A"),
}
CARD_CHOICES = [("", "—")] + [
    (f"{rank}{suit}", format_lazy("{}{}", RANK_LETTERS.get(rank, rank), SUITS[suit][0]))
    for rank in reversed(RANKS)
    for suit in "SHDC"
]


def suit_choices(blank: bool = False) -> list[tuple[str, str]]:
    choices = [(key, sign) for key, (sign, _name) in SUITS.items()]
    return [("", "—"), *choices] if blank else choices


# ---------------------------------------------------------------------------------------------
# Free text: what a user types (a title, a place, a note, a club's, a night's or a season's
# name) refuses what the engine refuses in a record's text, the invisible formatting
# characters (rules.record.invisible_character): a direction override in a club's name would
# turn the rest of its line around, on the page and in the PDF.


# ---------------------------------------------------------------------------------------------
# A new table


class TableForm(forms.Form):
    title = forms.CharField(label=_("Title"), max_length=100, required=False)
    place = forms.CharField(label=_("Place"), max_length=100, required=False)

    def __init__(self, variant: str, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        visible_text(self, "title", "place")
        self.variant = variant
        self.preset: Preset = PRESETS[variant]
        preset = self.preset
        for seat in preset.seats:
            self.fields[f"player_{seat}"] = forms.CharField(
                label=SEAT_NAMES[seat],
                max_length=60,
                required=False,
                widget=forms.TextInput(attrs={"list": "known-players", "autocomplete": "off"}),
            )
        if preset.dummy_allowed:
            self.fields["dummy"] = forms.ChoiceField(
                label=_("Dummy (three players)"),
                required=False,
                choices=[("", _("no dummy: four players"))]
                + [(s, SEAT_NAMES[s]) for s in preset.seats],
            )
        self.fields["first_dealer"] = forms.ChoiceField(
            label=_("First dealer"), choices=[(s, SEAT_NAMES[s]) for s in preset.seats], initial="N"
        )
        if len(preset.sides) == 2:
            self.fields["right_side"] = forms.ChoiceField(
                label=_("Column on the right"),
                required=False,
                choices=[("", _("seating order"))] + [(s, seat_letters(s)) for s in preset.sides],
            )
        if preset.seats == ("N", "E", "S", "W") and preset.sides == ("NS", "EW"):
            for seat in preset.seats:
                self.fields[f"cut_{seat}"] = forms.ChoiceField(
                    label=SEAT_NAMES[seat], choices=CARD_CHOICES, required=False
                )
            self.fields["cut_ties"] = forms.ChoiceField(
                label=_("Cards of the same rank"),
                required=False,
                choices=[
                    ("suit", _("the higher suit wins (♠ ♥ ♦ ♣)")),
                    ("redraw", _("draw again")),
                ],
            )
        add_stake_fields(self)
        for key, default in preset.defaults.items():
            self.fields[f"opt_{key}"] = _option_field(key, default, preset)

    @property
    def stake_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in STAKE_FIELDS]

    @property
    def option_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.fields if name.startswith("opt_")]

    def add_record_error(self, error: RecordError) -> None:
        """The engine's verdict, in the page's language: at the seat or the option it names
        (by its label, never its key), else above the form."""
        field = error.field or ""
        if field.startswith("players."):
            name = f"player_{field.removeprefix('players.')}"
        elif field.startswith("meta."):  # the stake (the engine checks it as the record's)
            name = field.removeprefix("meta.")
        else:
            name = f"opt_{field.removeprefix('options.')}"
        if name in self.fields:
            self.add_error(name, sentence(describe(error)))
        else:
            self.add_error(None, locate(error))

    @property
    def cut_fields(self) -> list[forms.BoundField]:
        return [
            self[name] for name in self.fields if name.startswith("cut_") and name != "cut_ties"
        ]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        preset = self.preset
        dummy = data.get("dummy") or ""
        players: dict[str, str | None] = {}
        for seat in preset.seats:
            name = " ".join((data.get(f"player_{seat}") or "").split())
            if seat == dummy:
                players[seat] = None
                if name:  # never dropped silently: the table would show "W dummy"
                    self.add_error(
                        f"player_{seat}",
                        gettext(
                            "%(seat)s is the dummy: leave the name empty or choose another "
                            "dummy seat."
                        )
                        % {"seat": SEAT_NAMES[seat]},
                    )
            elif f"player_{seat}" in self.errors:
                continue  # its field told what is wrong (too long): one message a field
            elif not name:
                self.add_error(f"player_{seat}", _("Enter the player's name."))
            else:
                try:  # the engine's own check of a name, told at its seat
                    players[seat] = player_name(name, f"players.{seat}")
                except RecordError as error:
                    self.add_error(f"player_{seat}", sentence(describe(error)))
                    if error.code == "invisible":
                        show_visible(self, f"player_{seat}")
        named = [name_key(n) for n in players.values() if n]  # one person, as on the roster
        if len(set(named)) != len(named):
            self.add_error(None, _("Each seat needs a different player."))
        options: dict[str, Any] = {}
        for key, default in preset.defaults.items():
            value = data.get(f"opt_{key}")
            if key == "honourValues":
                value = _parse_values(value, self, f"opt_{key}") if value else default
                if value is not None and {int(k): v for k, v in value.items()} != dict(default):
                    options[key] = {str(k): v for k, v in value.items()}
                continue
            if value in (None, "") and not isinstance(default, bool):
                continue
            if value != default:
                options[key] = value
        self.options = options
        self.players = players
        self.stake = clean_stake(self, data)
        self.cut = None
        if "cut_N" in self.fields and any(data.get(f"cut_{s}") for s in preset.seats) and not dummy:
            self._apply_cut(data)
        return data

    def _apply_cut(self, data: dict[str, Any]) -> None:
        cards = {seat: data.get(f"cut_{seat}") for seat in self.preset.seats}
        if not all(cards.values()):
            self.add_error("cut_N", _("Enter the card each of the four players drew."))
            return
        if len(set(cards.values())) != 4:
            self.add_error("cut_N", _("Two players cannot draw the same card."))
            return

        def rank(card: str) -> int:
            return RANKS.index(card[:-1])

        order = sorted(
            cards, key=lambda s: (rank(cards[s]), SUIT_ORDER.index(cards[s][-1])), reverse=True
        )
        by_rank = [rank(cards[s]) for s in order]
        if data.get("cut_ties") == "redraw" and len(set(by_rank)) != 4:
            tied = [self.players.get(s) or s for s in order if by_rank.count(rank(cards[s])) > 1]
            self.add_error(
                "cut_N",
                gettext("%(names)s drew cards of the same rank: they draw again.")
                % {"names": ", ".join(tied)},
            )
            return
        # The two highest play together (North and South), the two lowest against them;
        # the highest card deals first.
        new_seats = dict(zip(order, ("N", "S", "E", "W"), strict=True))
        self.players = {new_seats[s]: self.players[s] for s in order}
        self.cut = {
            "cards": {new_seats[s]: cards[s] for s in order},
            "ties": data.get("cut_ties") or "suit",
        }
        self.cleaned_data["first_dealer"] = "N"


def _option_field(key: str, default: Any, preset: Preset) -> forms.Field:
    # Labels only, in the preset's words (players where it has no partnerships): the option's
    # key is the field's name, never shown.
    labels, choice_labels = option_labels(preset.partnerships)
    kind = OPTION_TYPES[key]
    label = labels[key]
    if kind[0] == "bool":
        return forms.BooleanField(label=label, required=False, initial=default)
    if kind[0] == "int":
        low, high = int_option_range(preset, key)
        return forms.IntegerField(
            label=label, required=False, initial=default, min_value=low, max_value=high
        )
    if kind[0] in ("choice", "honourSet"):
        values = kind[1] if kind[0] == "choice" else preset.honour_sets
        if key == "revoke.default" and preset.only_add:
            values = ("add",)  # the only penalty the variant accepts
        # A rule's choices are sentences ("the wronged side: +3 from the revoking one"), cut in a
        # select at 360 px: they are offered as radio buttons, each wrapping on the phone. The
        # cards of an honour set are short and stay a select.
        return forms.ChoiceField(
            label=label,
            required=False,
            initial=default,
            choices=[(v, choice_labels[v]) for v in values],
            widget=forms.RadioSelect if kind[0] == "choice" else forms.Select,
        )
    return forms.CharField(
        label=label, required=False, initial=_values_text(default), help_text=_("e.g. 3:2, 4:4")
    )


def _values_text(values: Mapping[Any, Any]) -> str:
    """Honour values as the form asks for them: "3:2, 4:4"."""
    return ", ".join(f"{k}:{v}" for k, v in dict(values).items())


def option_initial(options: Mapping[str, Any]) -> dict[str, Any]:
    """Stored options (a table's, a club's usual ones) as the new-table form's values: honour
    values as the "3:2, 4:4" the form asks for, not as the mapping kept."""
    return {
        f"opt_{key}": _values_text(value) if isinstance(value, Mapping) else value
        for key, value in options.items()
    }


HONOURS_HELD_MAX, HONOUR_POINTS_MAX = 5, 1000  # what the engine accepts in honourValues


def _parse_values(text: str, form: forms.Form, field: str) -> dict[str, int] | None:
    values: dict[str, int] = {}
    for part in text.replace(";", ",").split(","):
        if not part.strip():
            continue
        held, _sep, points = part.partition(":")
        if not held.strip().isdigit() or not points.strip().isdigit():
            form.add_error(field, _("Write honours:points pairs, e.g. 3:2, 4:4."))
            return None
        if not 1 <= int(held) <= HONOURS_HELD_MAX or not 0 <= int(points) <= HONOUR_POINTS_MAX:
            form.add_error(
                field,
                _("Honours held go from 1 to %(held)s, points from 0 to %(points)s.")
                % {"held": HONOURS_HELD_MAX, "points": HONOUR_POINTS_MAX},
            )
            return None
        values[str(int(held))] = int(points)
    return values


# ---------------------------------------------------------------------------------------------
# A deal
#
# What a deal asks for, and how, is the preset's DealEntry: this form reads it and never the
# variant's name. Honours are "none claimed" until a tap says otherwise (the laws: honours not
# claimed before the next deal are lost), so a plain deal is trump, tricks, Save.


def _suit_buttons(label: Any) -> forms.ChoiceField:
    """A row of tap buttons for a suit (the trump, the special suit, a trump game's trump)."""
    return forms.ChoiceField(
        label=label, required=False, choices=suit_choices(), widget=forms.RadioSelect
    )


TRICKS_A_DEAL = 13


class DealForm(forms.Form):
    """The entry screen of one deal, for the table's variant.

    Its fields are added group by group (dealer, suits, contract, tricks, honours, call,
    revokes, exchanged packets), each as the preset's DealEntry asks for it, and read back
    into a deal object group by group, in the order the record writes them (``deal_data``).
    """

    number = forms.IntegerField(widget=forms.HiddenInput, min_value=1)  # deals count from 1
    version = forms.IntegerField(widget=forms.HiddenInput, required=False)
    nonce = forms.CharField(widget=forms.HiddenInput, required=False, max_length=40)
    note = forms.CharField(label=_("Note"), max_length=200, required=False)

    GROUPS = (
        "dealer",
        "void",
        "trump",
        "special_suit",
        "contract",
        "contract_side",
        "contract_game",
        "contract_trump",
        "doubling",
        "tricks",
        "first_six",
        "honours",
        "called",
        "revokes",
        "exchanged",
        "note",
    )

    MAX_REVOKES = 8  # a deal with more revokes than this is no deal a table plays

    def __init__(
        self,
        record: Record,
        *args: Any,
        asks_special: bool = False,
        fixed_dealer: str = "",
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        visible_text(self, "note")
        self.record = record
        self.preset = record.preset
        self.entry = self.preset.entry
        self.asks_special = asks_special
        # The seat the rotation names as this deal's dealer: the engine accepts no other, so
        # the form offers no choice. Empty while any dealer is accepted (no deal before it
        # named one: the first deal of a table).
        self.fixed_dealer = fixed_dealer
        self.group_errors: dict[str, list[str]] = {}
        self.blocking_deal: int | None = None  # a later deal the correction would break
        self.initial.setdefault("nonce", uuid.uuid4().hex)
        self._dealer_fields()
        self._suit_fields()
        self._contract_fields()
        self._trick_fields()
        self._honour_fields()
        self._call_fields()
        self._revoke_fields()
        self._exchange_fields()

    # -- the fields, group by group ---------------------------------------------------------

    def _dealer_fields(self) -> None:
        """Who dealt, and whether the deal was played at all."""
        self.fields["dealer"] = forms.ChoiceField(
            label=_("Dealer"), required=False, choices=[(s, s) for s in self.preset.seats]
        )
        self.fields["void"] = forms.ChoiceField(
            label=_("Void deal"),
            required=False,
            choices=[
                ("", _("no: the deal was played")),
                ("misdeal", _("misdeal: the deal passes")),
                ("redeal", _("redeal: the same dealer deals again")),
            ],
        )

    def _suit_fields(self) -> None:
        """The trumps, unless the variant has none turned up, and the special suit of a
        variant whose games have one."""
        if self.entry.trump != NONE:
            self.fields["trump"] = _suit_buttons(_("Trumps"))
        if self.entry.special_suit:
            self.fields["special_suit"] = _suit_buttons(_("Special suit"))

    def _contract_fields(self) -> None:
        """A bid: the declarers, the game (a trump game unless another is tapped), its trump,
        contra and recontra, and Gran-Null's first six tricks."""
        if not self.entry.contract:
            return
        self.fields["contract_side"] = forms.ChoiceField(
            label=_("Declarers"),
            choices=[(s, seat_letters(s)) for s in self.preset.sides],
            required=False,
            widget=forms.RadioSelect,
        )
        self.fields["contract_game"] = forms.ChoiceField(
            label=_("Game"),
            choices=list(GAMES.items()),
            required=False,
            initial="trump",
            widget=forms.RadioSelect,
        )
        self.fields["contract_trump"] = _suit_buttons(_("Trumps"))
        self.fields["contra"] = forms.BooleanField(label=_("contra"), required=False)
        self.fields["recontra"] = forms.BooleanField(label=_("recontra"), required=False)
        self.fields["first_six"] = _strip(range(7), _("Declarers' tricks among the first six"))

    def _trick_fields(self) -> None:
        """Tricks: one strip for the first side, or one per player but the last, whose tricks
        are the rest (shown computed; a posted count for him is still checked)."""
        seats = self.preset.seats
        self.trick_seats: list[str] = []
        self.rest_seat = ""
        if self.entry.tricks != BY_SEAT:
            self.fields["tricks"] = tricks_strip(TRICKS_A_DEAL, self.preset.sides[0])
            return
        *self.trick_seats, self.rest_seat = seats
        for seat in seats:
            self.fields[f"tricks_{seat}"] = tricks_strip(TRICKS_A_DEAL, seat)

    def _honour_fields(self) -> None:
        """The honours, "none claimed" until tapped: the first side's count (the other side
        holds the rest), each played hand's (Prussian), each player's aces (Eralash with aces
        per player: all or none), or each claiming player's (Hussar: the counts that score)."""
        rules = self.record.rules
        size = rules.honour_size
        self.honours_by = self._honours_asked()
        # Rules options "... won them in tricks": the honours taken, not those dealt, are asked
        self.honours_won = rules.honours_by == "captured"
        # Eralash has no trumps: its honours are the four aces, and the form calls them so
        self.honours_are_aces = rules.honours_are_aces
        self.honour_keys: list[str] = []
        if self.honours_by == BY_SIDE:
            self.fields["honours"] = _strip(
                range(size + 1), self.preset.sides[0], none=_("none claimed"), initial=""
            )
        elif self.honours_by != NONE:
            keys = self.preset.sides if self.honours_by == BY_HAND else self.preset.seats
            self.honour_keys = list(keys)
            for key in keys:
                self.fields[f"honours_{key}"] = self._honour_strip(key)

    def _honours_asked(self) -> str:
        """How the honours are asked: as the preset's entry says, each player's where each
        counts his own aces (rules option), none without an honour set."""
        rules = self.record.rules
        if not rules.honour_size:
            return NONE
        if rules.aces_per_player:
            return BY_SEAT
        return self.entry.honours

    def _honour_strip(self, key: str) -> forms.TypedChoiceField:
        """One hand's or player's honours; a claiming player is offered the counts that score,
        and one given already."""
        rules = self.record.rules
        counts = set(range(rules.honour_size + 1))
        if self.honours_by == BY_CLAIM:
            name = f"honours_{key}"
            given = str(self.data.get(name, self.initial.get(name, "")))
            counts = {n for n in counts if rules.honour_values.get(n) or str(n) == given}
        return _strip(sorted(counts), key, none=_("none claimed"), initial="")

    def _call_fields(self) -> None:
        """Honours called by a side standing two short of the game."""
        if not self.entry.called:
            return
        self.fields["called"] = forms.ChoiceField(
            label=_("Honours called by"),
            required=False,
            choices=[("", _("no call"))] + [(s, seat_letters(s)) for s in self.preset.sides],
            initial="",
            widget=forms.RadioSelect,
        )

    def _revoke_fields(self) -> None:
        """Who revoked, and the penalty, row by row (``_revoke_rows``)."""
        rules = self.record.rules
        allowed = ["add"] if self.preset.only_add else list(PENALTIES)
        seats = self._revoke_seats()
        self.revoke_rows = self._revoke_rows()
        for i in range(1, self.revoke_rows + 1):
            self.fields[f"revoke{i}_seat"] = forms.ChoiceField(
                label=_("Revoke by"), required=False, choices=seats
            )
            self.fields[f"revoke{i}_penalty"] = forms.ChoiceField(
                label=_("Penalty"),
                required=False,
                choices=[(p, penalty_label(p, rules.revoke_amount)) for p in allowed],
                initial=rules.revoke_default,
            )

    def _revoke_seats(self) -> list[tuple[str, str]]:
        """Who may revoke (not the dummy), named as the dealer's choice names them: "N · Anna"."""
        players, dummy = self.record.players, self.record.dummy
        return [("", "—")] + [
            (s, f"{seat_letters(s)} · {players[s]}" if players.get(s) else seat_letters(s))
            for s in self.preset.seats
            if s != dummy
        ]

    def _revoke_rows(self) -> int:
        """Two revoke rows, or as many as the deal being corrected (or the post) holds, so that
        a correction never drops a revoke."""
        numbers = [2]
        for key in [*self.initial, *(self.data or {})]:
            found = re.fullmatch(r"revoke(\d+)_seat", str(key))
            if found:
                numbers.append(int(found[1]))
        return min(max(numbers), self.MAX_REVOKES)

    def _exchange_fields(self) -> None:
        """Which players exchanged their packet (kept for the log)."""
        if not self.entry.exchanged:
            return
        self.fields["exchanged"] = forms.MultipleChoiceField(
            label=_("Exchanged their packet"),
            required=False,
            choices=[(s, seat_letters(s)) for s in self.preset.seats],
            widget=forms.CheckboxSelectMultiple,
        )

    @property
    def dealer_is_fixed(self) -> bool:
        """The rotation names the dealer and the form holds him: there is nothing to choose
        (a dealer posted out of rotation is shown in the choice, beside its refusal)."""
        return bool(self.fixed_dealer) and self["dealer"].value() == self.fixed_dealer

    @property
    def declarers(self) -> list[tuple[str, str, bool]]:
        """Each seat that may deal, who declare when he deals (the dealer's pair, who alone may
        declare in a bidding variant: "Anna & Vera (NS)"), and whether he is the dealer shown
        (the first seat when none is chosen, as the browser shows the dealer's choice)."""
        seats = self.preset.seats
        dealer = self["dealer"].value() or seats[0]
        record = self.record
        return [(seat, named(record.side_of(seat), record), seat == dealer) for seat in seats]

    @property
    def declarers_shown(self) -> str:
        """The seat whose pair ``declarers`` shows (a bidding variant's dealer), else "": what
        the cached taps of a fresh form depend on besides the table (_deal_fields.html)."""
        return (self["dealer"].value() or self.preset.seats[0]) if self.entry.contract else ""

    @property
    def call_at(self) -> int:
        """The score at which a side may call honours (two short of the game)."""
        return self.record.rules.game_target - 2

    # -- errors per group -------------------------------------------------------------------

    def group_error(self, group: str, message: str) -> None:
        self.group_errors.setdefault(group, []).append(message)

    def has_errors(self) -> bool:
        return bool(self.errors or self.group_errors)

    def errors_for(self, group: str) -> list[str]:
        """The messages shown under the field (or row of fields) ``group``: each right after
        the field it is about, which a refused save brings into view (views/deals.py)."""
        found = list(self.group_errors.get(group, []))
        for name, errors in self.errors.items():
            if (
                name == group
                or (name.startswith(f"{group}_") and name not in self.GROUPS)
                or (group == "revokes" and name.startswith("revoke"))
            ):
                found.extend(str(e) for e in errors)
        return found

    def other_errors(self) -> list[str]:
        """Errors that belong to no visible field: the hidden ones and the form's own."""
        known = {*self.GROUPS, "deal"}  # "deal" errors have their own place, at the top
        found = [m for g, ms in self.group_errors.items() if g not in known for m in ms]
        for hidden in ("number", "version", "nonce"):
            found += [
                gettext("The form was damaged (%(field)s): reload the page.") % {"field": hidden}
                for _e in self.errors.get(hidden, [])
            ]
        return found + [str(e) for e in self.non_field_errors()]

    # -- the deal ---------------------------------------------------------------------------

    @property
    def revoke_fields(self) -> list[tuple[forms.BoundField, forms.BoundField]]:
        return [
            (self[f"revoke{i}_seat"], self[f"revoke{i}_penalty"])
            for i in range(1, self.revoke_rows + 1)
        ]

    def deal_data(self) -> dict[str, Any] | None:
        """The deal object (docs/record-format.md), or None with group errors set."""
        if not self.is_valid():
            return None
        data = self.cleaned_data
        deal: dict[str, Any] = {}
        if data.get("dealer"):
            deal["dealer"] = data["dealer"]
        note = (data.get("note") or "").strip()
        if data.get("void"):
            deal["void"] = data["void"]
            if note:
                deal["note"] = note
            return deal
        self._read_suits(data, deal)
        self._read_contract(data, deal)
        self._read_tricks(data, deal)
        self._read_honours(data, deal)
        self._read_taps(data, deal)
        if note:
            deal["note"] = note
        return None if self.group_errors else deal

    def _read_suits(self, data: dict[str, Any], deal: dict[str, Any]) -> None:
        """The trumps (a won call is not played: there may be no trump to name) and the
        special suit, asked when a game begins."""
        entry = self.entry
        if entry.trump != NONE:
            if data.get("trump"):
                deal["trump"] = data["trump"]
            elif entry.trump == REQUIRED and not data.get("called"):
                self.group_error("trump", gettext("Choose the trump suit."))
        if data.get("special_suit"):
            deal["special_suit"] = data["special_suit"]
        elif self.asks_special:
            self.group_error("special_suit", gettext("A new game begins: choose its special suit."))

    def _read_contract(self, data: dict[str, Any], deal: dict[str, Any]) -> None:
        """The bid: declarers (the dealer's side unless tapped), game, trump, doubling, and
        the declarers' first six tricks of a Gran-Null."""
        if not self.entry.contract:
            return
        side = data.get("contract_side") or (
            self.record.side_of(data["dealer"]) if data.get("dealer") else ""
        )
        game = data.get("contract_game")
        if not side:
            self.group_error("contract_side", gettext("Choose the declaring side."))
            return
        if not game:
            self.group_error("contract_game", gettext("Choose the game declared."))
            return
        contract: dict[str, Any] = {"side": side, "game": game}
        if game == "trump":
            if not data.get("contract_trump"):
                self.group_error(
                    "contract_trump", gettext("Choose the trump suit of the trump game.")
                )
                return
            contract["trump"] = data["contract_trump"]
        deal["contract"] = contract
        # A recontra answers a contra: ticked alone, it says both (the pad writes ×4).
        if data.get("recontra"):
            deal["doubling"] = "recontra"
        elif data.get("contra"):
            deal["doubling"] = "contra"
        if game == "grand-null":
            if data.get("first_six") is None:
                self.group_error(
                    "first_six", gettext("Tap the declarers' tricks among the first six.")
                )
            else:
                deal["first_six"] = {side: data["first_six"]}

    def _read_tricks(self, data: dict[str, Any], deal: dict[str, Any]) -> None:
        """Each player's tricks, or one side's count and the rest to the other side."""
        if self.trick_seats:
            self._read_seat_tricks(data, deal)
            return
        taken = data.get("tricks")
        if taken is None:
            if not data.get("called"):
                self.group_error("tricks", gettext("Tap the number of tricks."))
            return
        sides = self.preset.sides
        counted = sides[0]  # whose tricks the strip counts; the other side's are the rest
        if self.entry.tricks == BY_DECLARERS:
            counted = deal.get("contract", {}).get("side", counted)
        deal["tricks"] = {side: taken if side == counted else 13 - taken for side in sides}

    def _read_seat_tricks(self, data: dict[str, Any], deal: dict[str, Any]) -> None:
        """Each player's tricks; the last player's are the rest, unless the post gives them."""
        counts = {s: data.get(f"tricks_{s}") for s in self.trick_seats}
        if None in counts.values():
            self.group_error("tricks", gettext("Tap the tricks of every player."))
            return
        taken = sum(c for c in counts.values() if c is not None)
        rest = data.get(f"tricks_{self.rest_seat}")
        if rest is None:
            if taken > 13:
                self.group_error(
                    "tricks",
                    gettext("These players took %(n)s tricks: more than the 13 of a deal.")
                    % {"n": taken},
                )
                return
            rest = 13 - taken
        deal["tricks"] = {**counts, self.rest_seat: rest}

    def _read_honours(self, data: dict[str, Any], deal: dict[str, Any]) -> None:
        """The honours claimed, if any: nothing is written when nobody claims them."""
        if self.honours_by == NONE:
            return
        contract = deal.get("contract")
        if contract is not None and contract.get("game") != "trump":
            # Honours count in a trump game only (the engine refuses them in any other): a
            # claim tapped before another game was chosen is refused, never dropped unseen.
            names = ["honours", *(f"honours_{k}" for k in self.honour_keys)]
            if any(data.get(name) is not None for name in names):
                self.group_error(
                    "honours",
                    gettext("Honours count only in a trump game: tap “%(none)s”.")
                    % {"none": str(self.fields[names[-1]].choices[0][1])},  # "none claimed"
                )
            return
        claimed = self._honours_claimed(data)
        if claimed is None:
            return  # refused, and told why
        if claimed:
            deal["honours"] = claimed
        if data.get("called") and "honours" not in deal:
            self.group_error("honours", gettext("Tap the honours of the side that called."))

    def _honours_claimed(self, data: dict[str, Any]) -> dict[str, int] | None:
        """The honours tapped, by side, hand or player ({} when none are claimed), or None
        when the taps are refused (the group's error is set)."""
        size = self.record.rules.honour_size
        if self.honours_by == BY_SIDE:
            held = data.get("honours")
            if held is None:
                return {}
            sides = self.preset.sides
            return {sides[0]: held, sides[1]: size - held}
        counts = {k: data.get(f"honours_{k}") for k in self.honour_keys}
        claimed = {k: v for k, v in counts.items() if v is not None}
        if self.honours_by == BY_CLAIM:
            if sum(claimed.values()) > size:
                self.group_error(
                    "honours",
                    gettext("The players hold %(size)s honours in all, not %(n)s.")
                    % {"size": size, "n": sum(claimed.values())},
                )
                return None
        elif claimed and len(claimed) < len(counts):
            return self._one_hand(counts, claimed, size)
        return claimed

    def _one_hand(
        self, counts: dict[str, Any], claimed: dict[str, int], size: int
    ) -> dict[str, int] | None:
        """Prussian honours tapped for one hand only: taken when the claim decides alone, the
        other hand written as none claimed (0). Two, three or four score "provided the other
        holds at most one" (docs/rules.md), so a claim of all the set but one or more scores
        whatever the other held: 3 or 4 of A K Q J. Less might meet as many (2–2 scores
        nothing): then the other hand is asked for."""
        ((hand, held),) = claimed.items()
        if held >= max(2, size - 1):
            return {k: (held if k == hand else 0) for k in counts}
        if held >= 2:
            self.group_error(
                "honours",
                gettext(
                    "This claim scores only if the other hand held at most one honour: tap "
                    "the other hand's honours too."
                ),
            )
        else:
            self.group_error("honours", gettext("Tap the honours of each hand, or none."))
        return None

    def _read_taps(self, data: dict[str, Any], deal: dict[str, Any]) -> None:
        """What is written as tapped: the call, the revokes (the penalty "add" unless another
        is chosen) and the players who exchanged their packet."""
        if data.get("called"):
            deal["called"] = data["called"]
        revokes = [
            {"seat": data[f"revoke{i}_seat"], "penalty": data.get(f"revoke{i}_penalty") or "add"}
            for i in range(1, self.revoke_rows + 1)
            if data.get(f"revoke{i}_seat")
        ]
        if revokes:
            deal["revokes"] = revokes
        if data.get("exchanged"):
            deal["exchanged"] = list(data["exchanged"])


def deal_initial(record: Record, data: dict[str, Any]) -> dict[str, Any]:
    """Form values that show a stored deal for correction."""
    preset = record.preset
    sides = preset.sides
    initial: dict[str, Any] = {
        "dealer": data.get("dealer", ""),
        "void": data.get("void", ""),
        "trump": data.get("trump") or "",
        "special_suit": data.get("special_suit") or "",
        "note": data.get("note", ""),
        "called": data.get("called") or "",
    }
    tricks = data.get("tricks") or {}
    if preset.entry.tricks == BY_SEAT:
        initial.update({f"tricks_{s}": tricks.get(s) for s in preset.seats})
    elif tricks:
        counted = sides[0]
        if preset.entry.tricks == BY_DECLARERS:
            counted = (data.get("contract") or {}).get("side", counted)
        initial["tricks"] = tricks.get(counted)
    honours = data.get("honours") or {}
    for key, value in honours.items():
        initial[f"honours_{key}"] = value
    if sides[0] in honours:
        initial["honours"] = honours[sides[0]]
    for i, revoke in enumerate(data.get("revokes") or [], start=1):
        initial[f"revoke{i}_seat"] = revoke.get("seat")
        initial[f"revoke{i}_penalty"] = revoke.get("penalty", "add")
    initial.update(_contract_initial(data))
    if data.get("exchanged"):
        initial["exchanged"] = data["exchanged"]
    return initial


def _contract_initial(data: dict[str, Any]) -> dict[str, Any]:
    """A stored deal's bid as the form's values (none without a contract)."""
    contract = data.get("contract") or {}
    if not contract:
        return {}
    initial: dict[str, Any] = {
        "contract_side": contract.get("side"),
        "contract_game": contract.get("game"),
        "contract_trump": contract.get("trump") or "",
        "contra": data.get("doubling") in ("contra", "recontra"),
        "recontra": data.get("doubling") == "recontra",
    }
    first_six = data.get("first_six") or {}
    if contract.get("side") in first_six:
        initial["first_six"] = first_six[contract["side"]]
    elif first_six:
        other = next(iter(first_six))
        initial["first_six"] = 6 - first_six[other]
    return initial
