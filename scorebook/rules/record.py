"""Parse and validate records (docs/record-format.md) into frozen dataclasses.

Everything a record can get wrong on its own (shapes, ranges, sums, which fields a variant
uses, the dealer rotation) is checked here. What depends on the running score (a call at 8,
the special suit at the start of a game) is checked by the scorer, with the same error type.

This module checks the record as a whole (its header, players, meta and the dealer rotation)
and is the parser's public face; the rest is split by concern: model.py (the frozen types and
the format's names), checks.py (the verdict and checked text), options.py (the rules options),
deal.py (one deal), and for a deal's parts counts.py (tricks and honours counts), honours.py
(the honours that are not a plain count), bidding.py (Progulochny's contract) and penalties.py
(revokes).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from decimal import Decimal
from types import MappingProxyType
from typing import Any

# Every public name this module had before it was split by concern stays importable from here
# (the site imports DOUBLING, Rules, player_name ... from scorebook.rules.record): the names
# imported "as" themselves are re-exported.
from .checks import CONTROL as CONTROL
from .checks import CONTROL_BUT_LINES as CONTROL_BUT_LINES
from .checks import DATE as DATE
from .checks import META_MAX as META_MAX
from .checks import NAME_JOINERS as NAME_JOINERS
from .checks import NAME_MAX as NAME_MAX
from .checks import NOTE_MAX as NOTE_MAX
from .checks import _fail, checked_text
from .checks import calendar_date as calendar_date
from .checks import invisible_character as invisible_character
from .checks import player_name as player_name
from .checks import without_invisible as without_invisible
from .deal import ALL_HONOURS as ALL_HONOURS
from .deal import CLAIMED_HONOURS as CLAIMED_HONOURS
from .deal import ENTRY_FIELDS as ENTRY_FIELDS
from .deal import HELD_HONOURS as HELD_HONOURS
from .deal import NO_HONOURS as NO_HONOURS
from .deal import USED_IN as USED_IN
from .deal import _DealParser
from .errors import RecordError as RecordError
from .gcpause import paused_gc
from .model import DEAL_KEYS as DEAL_KEYS
from .model import DOUBLING as DOUBLING
from .model import DOUBLING_NAMES as DOUBLING_NAMES
from .model import FORMAT as FORMAT
from .model import GAMES as GAMES
from .model import RECORD_KEYS as RECORD_KEYS
from .model import SUITS as SUITS
from .model import VOID_KINDS as VOID_KINDS
from .model import Contract as Contract
from .model import Deal as Deal
from .model import Record as Record
from .model import Revoke as Revoke
from .model import Rules as Rules
from .model import side_of as side_of
from .options import parse_options
from .presets import PRESETS, Preset

# The stake (docs/record-format.md, meta): what a point is worth, and the smallest coin the
# payments are rounded to, numbers of at most 12 digits, 4 of them after the point (as the
# score book keeps them); its currency is short text.
STAKE_NUMBERS = ("stake", "stake_coin")
CURRENCY_MAX = 10
STAKE_PLACES = 4
STAKE_DIGITS = 12


def _stake_number(value: object, field: str, *, positive: bool) -> int | float:
    """A stake (0 or more) or a coin (more than 0): a number, not text, of at most 12 digits,
    4 of them after the point."""
    shown = json.dumps(value, ensure_ascii=False, default=str)[:60]
    code = "coin" if positive else "stake-number"
    wrong = _fail(
        f"must be a number more than 0, not {shown}"
        if positive
        else f"must be a number, 0 or more, not {shown}",
        field=field,
        code=code,
        value=shown,
    )
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise wrong
    exact = Decimal(repr(value)) if isinstance(value, float) else Decimal(value)
    if not exact.is_finite() or exact < 0 or (positive and exact == 0):
        raise wrong
    exponent = exact.normalize().as_tuple().exponent
    places = -exponent if isinstance(exponent, int) and exponent < 0 else 0
    whole = len(str(int(exact))) if exact >= 1 else 0
    if places > STAKE_PLACES or whole > STAKE_DIGITS - STAKE_PLACES:
        raise _fail(
            f"must have at most {STAKE_DIGITS - STAKE_PLACES} digits before the point and "
            f"{STAKE_PLACES} after it, not {shown}",
            field=field,
            code="stake-digits",
            value=shown,
            places=STAKE_PLACES,
            whole=STAKE_DIGITS - STAKE_PLACES,
        )
    return value


def _meta(raw: object) -> Mapping[str, Any]:
    """The project's own ``meta``: text of bounded length (``date`` as YYYY-MM-DD), or plain
    numbers and booleans under other keys."""
    if raw is None:
        return MappingProxyType({})
    if not isinstance(raw, Mapping):
        raise _fail("must be an object", field="meta", code="object")
    meta: dict[str, Any] = {}
    for key, value in raw.items():
        field = f"meta.{key}"
        if key in STAKE_NUMBERS:
            meta[key] = _stake_number(value, field, positive=key == "stake_coin")
            continue
        if key == "stake_currency":
            meta[key] = checked_text(value, CURRENCY_MAX, field).strip()
            continue
        if isinstance(value, bool | int | float) and key not in ("title", "place", "date"):
            meta[key] = value
            continue
        text = checked_text(value, META_MAX, field).strip()
        if key == "date":
            calendar_date(text)
        meta[key] = text
    return MappingProxyType(meta)


def _players(preset: Preset, raw: object, dummy: str | None) -> Mapping[str, str | None]:
    """Seat -> the player's name (None at the dummy's seat), one player a seat."""
    named = _seats_named(preset, raw)
    players = {seat: _player(seat, named.get(seat), dummy) for seat in preset.seats}
    seen: dict[str, str] = {}
    for seat, name in players.items():
        if name is None:
            continue
        if name.casefold() in seen:
            raise _fail(
                f"{name} sits at {seen[name.casefold()]} and {seat}: one player a seat",
                field="players",
                code="same-player",
                name=name,
            )
        seen[name.casefold()] = seat
    return MappingProxyType(players)


def _seats_named(preset: Preset, raw: object) -> Mapping[str, object]:
    """``players``: an object naming only the variant's seats."""
    if not isinstance(raw, Mapping):
        raise _fail(
            f"must be an object of seat -> name ({', '.join(preset.seats)})",
            field="players",
            code="players",
            seats=preset.seats,
        )
    for seat in raw:
        if seat not in preset.seats:
            raise _fail(
                f"{preset.key} has the seats {', '.join(preset.seats)}, not {seat!r}",
                field="players",
                code="players-seat",
                seats=preset.seats,
                value=seat,
            )
    return raw


def _player(seat: str, name: object, dummy: str | None) -> str | None:
    """The name at one seat: a player's, or none at the dummy's."""
    if seat == dummy:
        if name is not None:
            raise _fail(
                f"the dummy seat {seat} has no player, got {name!r}",
                field="players",
                code="dummy-player",
                seat=seat,
                value=name,
            )
        return None
    if not isinstance(name, str) or not name.strip():
        raise _fail(f"seat {seat} needs a player's name", field="players", code="name", seat=seat)
    return player_name(name, f"players.{seat}")


def _check_rotation(preset: Preset, deals: tuple[Deal, ...]) -> str | None:
    """Check the dealers against the rotation; return who deals next (None if unknown)."""
    seats = preset.seats
    after = {seat: seats[(i + 1) % len(seats)] for i, seat in enumerate(seats)}
    expected: str | None = None
    for deal in deals:
        dealer = deal.dealer
        if dealer is not None and dealer == expected and deal.void is None and not deal.redealt:
            expected = after[dealer]  # the usual deal, by the seat due to deal it
        else:
            expected = rotate(preset, expected, deal)
    return expected


def rotate(preset: Preset, expected: str | None, deal: Deal) -> str | None:
    """Check one deal's dealer against the seat due to deal it (None: not known yet) and
    return who deals the deal after it."""
    seats = preset.seats
    if deal.dealer is not None:
        if expected is not None and deal.dealer != expected:
            raise _fail(
                f"{expected} deals this deal in rotation, not {deal.dealer}",
                deal.number,
                "dealer",
                code="rotation",
                expected=expected,
                got=deal.dealer,
            )
        expected = deal.dealer
    if expected is None or deal.void == "redeal" or deal.redealt:
        return expected  # the same dealer deals again
    return seats[(seats.index(expected) + 1) % len(seats)]


def next_dealer(record: Record) -> str | None:
    """The seat that deals the deal after the record's last one, if any deal names a dealer."""
    return _check_rotation(record.preset, record.deals)


def parse_record(data: object) -> Record:
    """Validate a decoded JSON record and return it as a frozen :class:`Record`.

    Raises :class:`RecordError` naming the deal and the field for anything that breaks
    docs/record-format.md or the rules of docs/rules.md.
    """
    fields = _fields(data)
    variant = _variant(fields.get("variant"))
    preset = PRESETS[variant]
    rules, options = parse_options(preset, fields.get("options"))
    dummy = _dummy(preset, fields.get("dummy"))
    players = _players(preset, fields.get("players"), dummy)
    deals = _deals(rules, dummy, fields.get("deals"))
    meta = _meta(fields.get("meta"))
    return Record(
        variant=variant,
        rules=rules,
        options=options,
        players=players,
        dummy=dummy,
        deals=deals,
        meta=meta,
    )


def _fields(data: object) -> Mapping[str, Any]:
    """The record: an object of the format's fields, in this format."""
    if not isinstance(data, Mapping):
        raise _fail("a record must be a JSON object", code="object")
    for key in data:
        if key not in RECORD_KEYS:
            raise _fail("unknown field", field=str(key), code="unknown-field")
    if data.get("format") != FORMAT:
        raise _fail(
            f"must be {FORMAT!r}, got {data.get('format')!r}", field="format", code="format"
        )
    return data


def _variant(variant: object) -> str:
    if not isinstance(variant, str) or variant not in PRESETS:
        raise _fail(
            f"must be one of {', '.join(PRESETS)}, got {variant!r}",
            field="variant",
            code="variant",
            choices=tuple(PRESETS),
            value=variant,
        )
    return variant


def _dummy(preset: Preset, dummy: object) -> str | None:
    """The dummy's seat in three-handed play, where the variant allows one."""
    if dummy is not None:
        if not preset.dummy_allowed:
            raise _fail(
                f"three-handed play with a dummy is not possible in {preset.key}",
                field="dummy",
                code="dummy-variant",
            )
        if dummy not in preset.seats:
            raise _fail(
                f"must be one of {', '.join(preset.seats)}, got {dummy!r}",
                field="dummy",
                code="seat",
                seats=preset.seats,
                value=dummy,
            )
    return dummy


def _deals(rules: Rules, dummy: str | None, raw_deals: object) -> tuple[Deal, ...]:
    """Every deal checked, and the dealers against the rotation."""
    if not isinstance(raw_deals, list):
        raise _fail("must be a list of deals", field="deals", code="deals")
    parser = _DealParser(rules, dummy)
    with paused_gc():
        deals = parser.parse_all(raw_deals)
    _check_rotation(rules.preset, deals)
    return deals


def load_record(text: str | bytes) -> Record:
    """Decode JSON text and validate it as a record."""
    try:
        with paused_gc():
            data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise RecordError(f"not valid JSON: {exc}", code="json") from None
    return parse_record(data)


__all__ = [
    "Contract",
    "Deal",
    "Record",
    "Revoke",
    "Rules",
    "invisible_character",
    "load_record",
    "parse_record",
    "player_name",
    "side_of",
]
