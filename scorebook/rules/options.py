"""A record's ``options`` (docs/record-format.md, Options): each checked against its type,
then merged over the preset's values into the :class:`Rules` the scorer reads."""

from __future__ import annotations

from collections.abc import Mapping
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


def check_option(preset: Preset, key: str, value: Any) -> Any:
    kind = OPTION_TYPES[key]
    field = f"options.{key}"
    if kind[0] == "int":
        low, high = kind[1], kind[2]
        if key == "book" and preset.family == HUSSAR:
            low, high = HUSSAR_BOOK_RANGE
        if not is_int(value) or not low <= value <= high:
            raise _fail(
                f"must be a whole number from {low} to {high}, got {value!r}",
                field=field,
                code="number",
                low=low,
                high=high,
                value=value,
            )
        return value
    if kind[0] == "bool":
        if not isinstance(value, bool):
            raise _fail(
                f"must be true or false, got {value!r}", field=field, code="bool", value=value
            )
        return value
    if kind[0] == "choice":
        if value not in kind[1]:
            raise _fail(
                f"must be one of {', '.join(kind[1])}, got {value!r}",
                field=field,
                code="choice",
                choices=kind[1],
                value=value,
            )
        return value
    if kind[0] == "honourSet":
        if value not in preset.honour_sets:
            allowed = ", ".join(preset.honour_sets)
            raise _fail(
                f"must be one of {allowed} in {preset.key}, got {value!r}",
                field=field,
                code="choice",
                choices=preset.honour_sets,
                value=value,
            )
        return value
    # honourValues: {"3": 2, "4": 4, ...}
    if not isinstance(value, Mapping) or not value:
        raise _fail(
            'must be an object of honours held -> points, e.g. {"3": 2}',
            field=field,
            code="honour-values",
        )
    values: dict[int, int] = {}
    for raw_count, points in value.items():
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


def parse_options(preset: Preset, raw: object) -> tuple[Rules, Mapping[str, Any]]:
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
    merged = {**preset.defaults, **given}
    honour_set = merged["honourSet"]
    if "honourValues" in given:
        honour_values = given["honourValues"]
    elif "honourSet" in given and honour_set != preset.defaults["honourSet"]:
        if preset.honours_by_hand:
            honour_values = MappingProxyType({n: n for n in range(2, 6)})
        else:
            honour_values = DEFAULT_VALUES_FOR_SET[honour_set]
    else:
        honour_values = MappingProxyType(dict(merged["honourValues"]))
    if preset.only_add and merged["revoke.default"] != "add":
        raise _fail(
            f"{preset.key} accepts only the 'add' penalty",
            field="options.revoke.default",
            code="only-add",
        )
    rules = Rules(
        preset=preset,
        book=merged.get("book", 6),
        points_per_odd_trick=merged.get("pointsPerOddTrick", 1),
        game_target=merged["gameTarget"],
        honour_set=honour_set,
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
    return rules, MappingProxyType(given)

