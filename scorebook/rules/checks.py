"""The verdict every check raises, and checked text: the same limits for every way in (the
forms, import, the commands)."""

from __future__ import annotations

import datetime
import re
import unicodedata
from typing import Any, TypeGuard

from .errors import RecordError


def is_int(value: object) -> TypeGuard[int]:
    """A whole number, and not a boolean (``true`` is an int in Python, not in a record)."""
    return isinstance(value, int) and not isinstance(value, bool)


# Every verdict is made here, under this name: tests/scorebook/test_engine_messages.py finds the
# engine's codes by it, to check that each has its sentence in the interface's languages.
def _fail(
    message: str,
    deal: int | None = None,
    field: str | None = None,
    *,
    code: str = "invalid",
    **params: object,
) -> RecordError:
    # A verdict quotes what it refused ("got '\ud800'"): what is not text is quoted as its
    # escape, or the page, the terminal or the log that shows the verdict could not encode it.
    return RecordError(
        shown(message),
        deal=deal,
        field=None if field is None else shown(field),
        code=code,
        params={key: shown(value) for key, value in params.items()},
    )


def _escape(found: re.Match[str]) -> str:
    point = ord(found.group())
    return f"\\u{point:04x}" if point <= 0xFFFF else f"\\U{point:08x}"


def shown(value: Any) -> Any:
    """``value`` with every character that is not text (``NOT_TEXT``: a lone surrogate, a
    noncharacter) written as its escape, ``\\ud800``, in its strings, keys and items."""
    if isinstance(value, str):
        if value.isascii() or NOT_TEXT.search(value) is None:
            return value
        return NOT_TEXT.sub(_escape, value)
    if isinstance(value, list | tuple):
        return type(value)(shown(item) for item in value)
    if isinstance(value, dict):
        return {shown(key): shown(item) for key, item in value.items()}
    return value


# ---------------------------------------------------------------------------------------------
# Text: the same limits for every way in (the forms, import, the commands)

NAME_MAX = 60  # a player's name
NOTE_MAX = 200  # a deal's note
META_MAX = 100  # the record's title, place and other meta text
CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")  # Unicode's control characters (Cc)
CONTROL_BUT_LINES = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")  # a note may have lines
DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")  # ASCII digits: \d takes any script's
# Not text at all: a lone surrogate (JSON's "\ud800" decodes to one; no database or PDF can
# store or show it) and Unicode's noncharacters (U+FDD0-U+FDEF, and the last two code points
# of every plane), which no text may exchange.
NOT_TEXT = re.compile(
    "[\ud800-\udfff\ufdd0-\ufdef"
    + "".join(chr(plane << 16 | 0xFFFE) + chr(plane << 16 | 0xFFFF) for plane in range(17))
    + "]"
)


def checked_text(
    value: object,
    limit: int,
    field: str,
    deal: int | None = None,
    *,
    lines: bool = False,
) -> str:
    """``value`` as checked text: a string with no control characters, at most ``limit`` long,
    and no invisible formatting characters (``invisible_character``)."""
    if not isinstance(value, str):
        raise _fail("must be text", deal, field, code="text")
    if (CONTROL_BUT_LINES if lines else CONTROL).search(value):
        raise _fail("must not contain control characters", deal, field, code="control")
    if not_text := NOT_TEXT.search(value):
        point = f"U+{ord(not_text.group()):04X}"
        raise _fail(
            f"must be valid Unicode text; found {point}", deal, field, code="unicode", char=point
        )
    if len(value) > limit:
        raise _fail(
            f"must be at most {limit} characters, got {len(value)}",
            deal,
            field,
            code="too-long",
            limit=limit,
            got=len(value),
        )
    char = invisible_character(value)
    if char is not None:
        raise _fail(
            "must not contain invisible formatting characters (such as direction marks); "
            f"found U+{ord(char):04X}",
            deal,
            field,
            code="invisible",
            char=f"U+{ord(char):04X}",
        )
    return value


# Invisible formatting characters (Unicode's Cf) have no place in text a user types, a name,
# a title, a place or a note: the direction marks, embeddings, overrides and isolates (U+200E,
# U+200F, U+202A-U+202E, U+2066-U+2069, U+061C) reorder the line the text is shown in (a club's
# name could turn the rest of its line around, on the page and in the PDF), and the others
# (zero-width space, soft hyphen, word joiner, BOM ...) make two texts that look the same. The
# zero-width non-joiner and joiner stay: Persian, the Indic scripts and emoji sequences spell
# with them.
NAME_JOINERS = frozenset("\u200c\u200d")


def _invisible(char: str) -> bool:
    return unicodedata.category(char) == "Cf" and char not in NAME_JOINERS


def invisible_character(text: str) -> str | None:
    """The first invisible formatting character in ``text`` (Unicode's Cf, the joiners
    aside), or None when it has none. The engine's text and the site's forms refuse it."""
    if text.isascii():  # most text: no character outside ASCII, so none of these
        return None
    return next(filter(_invisible, text), None)


def without_invisible(text: str) -> str:
    """``text`` without the invisible formatting characters invisible_character() finds."""
    if text.isascii():
        return text
    return "".join(c for c in text if not _invisible(c))


def player_name(value: object, field: str) -> str:
    """``value`` as a player's name, its errors naming ``field`` (``players.N``): checked
    text (so without invisible formatting characters), runs of white space folded to one
    space."""
    return " ".join(checked_text(value, NAME_MAX, field).split())


def calendar_date(value: object, field: str = "meta.date") -> datetime.date:
    """``value`` as a date: exactly YYYY-MM-DD (not the other ISO 8601 forms, such as
    ``20240301``) and a real calendar day (not ``2024-02-30``); a RecordError otherwise."""
    if isinstance(value, str) and DATE.fullmatch(value):
        try:
            return datetime.date.fromisoformat(value)
        except ValueError:
            pass
    raise _fail(
        f"must be a date as YYYY-MM-DD, got {value!r}", field=field, code="date", value=value
    )
