"""Count objects (a deal's tricks and honours: side or seat -> a whole number), checked at
once when they are plain, and each different one only once in a long record."""

from __future__ import annotations

import marshal
from collections.abc import Callable, Mapping
from typing import Any

from .checks import _fail, is_int


def check_counts(
    value: object,
    keys: tuple[str, ...],
    n: int,
    field: str,
    *,
    total: int | None,
    upto: int,
) -> dict[str, int]:
    """A side (or seat) -> count object with exactly ``keys``, each 0..upto."""
    good = good_counts(value, keys, total, upto)
    if good is not None:
        return good
    if not isinstance(value, Mapping):
        raise _fail(f"must be an object with {', '.join(keys)}", n, field, code="keys", keys=keys)
    if set(value) != set(keys):
        raise _fail(
            f"must name exactly {', '.join(keys)}, got {', '.join(map(str, value)) or 'nothing'}",
            n,
            field,
            code="keys",
            keys=keys,
        )
    result: dict[str, int] = {}
    for key in keys:
        count = value[key]
        if not is_int(count) or not 0 <= count <= upto:
            raise _fail(
                f"{key} must be a whole number from 0 to {upto}, got {count!r}",
                n,
                field,
                code="count",
                key=key,
                upto=upto,
                value=count,
            )
        result[key] = count
    if total is not None and sum(result.values()) != total:
        shown = " + ".join(str(result[k]) for k in keys)
        raise _fail(
            f"must add up to {total}, got {shown} = {sum(result.values())}",
            n,
            field,
            code="sum",
            total=total,
            got=sum(result.values()),
        )
    return result


def good_counts(
    value: object, keys: tuple[str, ...], total: int | None, upto: int
) -> dict[str, int] | None:
    """``value`` as a count object (see check_counts) if it is a plain one with nothing
    wrong; None for anything else, which the full check looks at."""
    if type(value) is not dict:
        return None
    size = len(keys)
    if len(value) != size:
        return None
    # (x | y) >= 0: none of the whole numbers is negative (a negative one sets the sign bit)
    if size == 2:  # most counts: a side's and the other side's, at once
        a, b = keys
        x, y = value.get(a), value.get(b)
        if (
            type(x) is int
            and type(y) is int
            and (x | y) >= 0
            and x <= upto
            and y <= upto
            and (total is None or x + y == total)
        ):
            return {a: x, b: y}
        return None
    if size == 4:  # Hussar's: each player's, likewise
        a, b, c, d = keys
        w, x, y, z = value.get(a), value.get(b), value.get(c), value.get(d)
        if (
            type(w) is int
            and type(x) is int
            and type(y) is int
            and type(z) is int
            and (w | x | y | z) >= 0
            and w <= upto
            and x <= upto
            and y <= upto
            and z <= upto
            and (total is None or w + x + y + z == total)
        ):
            return {a: w, b: x, c: y, d: z}
        return None
    counts: dict[str, int] = {}
    for key in keys:
        count = value.get(key)  # None when missing: exactly ``keys``, as there are as many
        if type(count) is not int or count < 0 or count > upto:
            return None
        counts[key] = count
    if total is not None and sum(counts.values()) != total:
        return None
    return counts


class KnownCounts(dict[bytes, "dict[str, int] | None"]):
    """Count objects (tricks, honours) by their marshal bytes, each checked once by ``check``:
    what it makes of the value (the same dict for every deal that holds it, which nothing
    changes), or None for one the full check must look at.

    A long record holds the same few counts again and again (Hussar's twelve counts rarely
    make the same deal twice, but each of its count objects is one of a few hundred).
    marshal's bytes name a value exactly, down to the type of every number (``1``, ``1.0``
    and ``true`` differ, though they compare equal), and give the value back to check.
    """

    def __init__(self, check: Callable[[Any], dict[str, int] | None]) -> None:
        super().__init__()
        self.check = check

    def __missing__(self, key: bytes) -> dict[str, int] | None:
        counts = self[key] = self.check(marshal.loads(key))
        return counts
