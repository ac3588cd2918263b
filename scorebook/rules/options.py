"""A record's ``options`` (docs/record-format.md, Options): each checked against its type,
then merged over the preset's values into the :class:`Rules` the scorer reads."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

from .checks import _fail, is_int
from .model import Rules
from .presets import (
    DEFAULT_VALUES_FOR_SET,
    HUSSAR,
    HUSSAR_BOOK_RANGE,
    OPTION_TYPES,
    Preset,
)


def parse_options(preset: Preset, raw: object) -> tuple[Rules, Mapping[str, Any]]:
    """The record's ``options`` over the preset's values: the rules, and the options given."""
    given = _given(preset, raw)
    merged = {**preset.defaults, **given}
    if preset.only_add and merged["revoke.default"] != "add":
        raise _fail(
            f"{preset.key} accepts only the 'add' penalty",
            field="options.revoke.default",
            code="only-add",
        )
    return _rules(preset, merged, _honour_values(preset, given, merged)), MappingProxyType(given)


def _given(preset: Preset, raw: object) -> dict[str, Any]:
    """The options the record gives, each a key of the variant's with a value of its type."""
    if raw is None:
        raw = {}
    if not isinstance(raw, Mapping):
        raise _fail("must be an object of option keys", field="options", code="object")
    given: dict[str, Any] = {}
    for key, value in raw.items():
        if key not in OPTION_TYPES:
            raise _fail(
                f"unknown option key {key!r}", field=f"options.{key}", code="unknown-option"
            )
        if key not in preset.defaults:
            raise _fail(f"does not apply to {preset.key}", field=f"options.{key}", code="not-used")
        given[key] = check_option(preset, key, value)
    return given


def _honour_values(
    preset: Preset, given: Mapping[str, Any], merged: Mapping[str, Any]
) -> Mapping[int, int]:
    """The points for honours held: as given, else those of the honour set chosen (another
    than the preset's), else the preset's."""
    honour_set = merged["honourSet"]
    if "honourValues" in given:
        honour_values: Mapping[int, int] = given["honourValues"]
    elif "honourSet" in given and honour_set != preset.defaults["honourSet"]:
        if preset.honours_by_hand:
            honour_values = MappingProxyType({n: n for n in range(2, 6)})
        else:
            honour_values = DEFAULT_VALUES_FOR_SET[honour_set]
    else:
        honour_values = MappingProxyType(dict(merged["honourValues"]))
    return honour_values


def _rules(preset: Preset, merged: Mapping[str, Any], honour_values: Mapping[int, int]) -> Rules:
    return Rules(
        preset=preset,
        book=merged.get("book", 6),
        points_per_odd_trick=merged.get("pointsPerOddTrick", 1),
        game_target=merged["gameTarget"],
        honour_set=merged["honourSet"],
        honour_values=honour_values,
        honours_by=merged["honoursBy"],
        treble_in_long=merged.get("trebleInLong", False),
        game_bonus=merged["gameBonus"],
        rubber_bonus=merged["rubberBonus"],
        small_slam=merged["smallSlam"],
        grand_slam=merged["grandSlam"],
        revoke_amount=merged["revoke.amount"],
        revoke_default=merged["revoke.default"],
        both_revoke=merged.get("bothRevoke", "neitherCanWin"),
        special_drawn=merged.get("specialSuit.drawn", "perGame"),
        double_penalties=merged.get("specialSuit.doublePenalties", False),
        carry_across_rubbers=merged.get("anfilada.carryAcrossRubbers", False),
        aces_per_player=merged.get("eralash.acesPerPlayer", False),
        dummy_settlement=merged.get("dummySettlement", "full"),
        overtricks_multiplied=merged.get("overtricksMultiplied", True),
        fail_premium=merged.get("failPremium", "opponentsOvertricks"),
    )


# ---------------------------------------------------------------------------------------------
# One option's value, by the kind of option (presets.OPTION_TYPES): each check takes the preset,
# the key, its kind and the value, and returns the value as the rules hold it.

_Check = Callable[[Preset, str, tuple[Any, ...], Any], Any]


def check_option(preset: Preset, key: str, value: Any) -> Any:
    kind = OPTION_TYPES[key]
    return _CHECKS[kind[0]](preset, key, kind, value)


def _whole_number(preset: Preset, key: str, kind: tuple[Any, ...], value: Any) -> Any:
    low, high = kind[1], kind[2]
    if key == "book" and preset.family == HUSSAR:
        low, high = HUSSAR_BOOK_RANGE
    if not is_int(value) or not low <= value <= high:
        raise _fail(
            f"must be a whole number from {low} to {high}, got {value!r}",
            field=f"options.{key}",
            code="number",
            low=low,
            high=high,
            value=value,
        )
    return value


def _true_or_false(preset: Preset, key: str, kind: tuple[Any, ...], value: Any) -> Any:
    if not isinstance(value, bool):
        raise _fail(
            f"must be true or false, got {value!r}",
            field=f"options.{key}",
            code="bool",
            value=value,
        )
    return value


def _choice(preset: Preset, key: str, kind: tuple[Any, ...], value: Any) -> Any:
    if value not in kind[1]:
        raise _fail(
            f"must be one of {', '.join(kind[1])}, got {value!r}",
            field=f"options.{key}",
            code="choice",
            choices=kind[1],
            value=value,
        )
    return value


def _honour_set(preset: Preset, key: str, kind: tuple[Any, ...], value: Any) -> Any:
    if value not in preset.honour_sets:
        allowed = ", ".join(preset.honour_sets)
        raise _fail(
            f"must be one of {allowed} in {preset.key}, got {value!r}",
            field=f"options.{key}",
            code="choice",
            choices=preset.honour_sets,
            value=value,
        )
    return value


def _points_for_honours(preset: Preset, key: str, kind: tuple[Any, ...], value: Any) -> Any:
    """honourValues: {"3": 2, "4": 4, ...}, honours held -> points."""
    field = f"options.{key}"
    if not isinstance(value, Mapping) or not value:
        raise _fail(
            'must be an object of honours held -> points, e.g. {"3": 2}',
            field=field,
            code="honour-values",
        )
    values: dict[int, int] = {}
    for raw_count, points in value.items():
        count = _honours_held(raw_count, field)
        if not is_int(points) or not 0 <= points <= 1000:
            raise _fail(
                f"points for {count} honours must be 0 to 1000, got {points!r}",
                field=field,
                code="honour-points",
                count=count,
                value=points,
            )
        values[count] = points
    return MappingProxyType(values)


def _honours_held(raw_count: object, field: str) -> int:
    """A key of honourValues: a number of honours held, 1 to 5 (JSON's keys are text)."""
    count = raw_count
    if isinstance(raw_count, str) and raw_count.isdigit():
        count = int(raw_count)
    if not is_int(count) or not 1 <= count <= 5:
        raise _fail(
            f"honours held must be 1 to 5, got {raw_count!r}",
            field=field,
            code="honour-count",
            value=raw_count,
        )
    return count


_CHECKS: Mapping[str, _Check] = MappingProxyType(
    {
        "int": _whole_number,
        "bool": _true_or_false,
        "choice": _choice,
        "honourSet": _honour_set,
        "honourValues": _points_for_honours,
    }
)
