"""The rules engine's verdicts in the interface's language.

The engine (standard library only) says what is wrong in English, with a code and the
values involved; every code it raises has its sentence here (tests/scorebook/
test_engine_messages.py walks them all), and the engine's own words are only a fallback for
a code this module does not know yet.
"""

from __future__ import annotations

import json

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scorebook.display.pad import side_names
from scorebook.display.variants import GAMES, OPTION_LABELS, SEAT_NAMES, seat_letters
from scorebook.rules import Record, RecordError


def field_label(name: str) -> str:
    labels = {
        "dealer": _("dealer"),
        "trump": _("trumps"),
        "tricks": _("tricks"),
        "honours": _("honours"),
        "revokes": _("revokes"),
        "void": _("void"),
        "note": _("note"),
        "contract": _("contract"),
        "doubling": _("contra"),
        "first_six": _("first six tricks"),
        "special_suit": _("special suit"),
        "called": _("call"),
        "exchanged": _("exchange"),
        "trumps_named": _("trumps named"),
        "players": _("players"),
        "deals": _("deals"),
        "meta.title": _("title"),
        "meta.place": _("place"),
        "meta.date": _("date"),
        "meta.stake": _("stake per point"),
        "meta.stake_currency": _("currency"),
        "meta.stake_coin": _("smallest coin"),
        "variant": _("variant"),
        "format": _("format"),
        "options": _("rules options"),
        "meta": _("details"),
        "dummy": _("dummy"),
    }
    if name in labels:
        return str(labels[name])
    seat = name.removeprefix("players.")
    if seat != name and seat in SEAT_NAMES:  # a player's name: "North's name"
        return _("%(seat)s's name") % {"seat": SEAT_NAMES[seat]}
    # The dotted paths of the record's file, said in words: "options.gameTarget" is the rules
    # option "Points for the game", "meta.venue" the detail "venue".
    if name.startswith("options."):
        key = name.removeprefix("options.")
        return _("rules option “%(name)s”") % {"name": OPTION_LABELS.get(key, key)}
    if name.startswith("meta."):
        return _("detail “%(name)s”") % {"name": name.removeprefix("meta.")}
    return name


MESSAGES = {
    "sum": gettext_lazy("must add up to %(total)s, not %(got)s"),
    "honours-max": gettext_lazy("the two played hands hold at most %(size)s honours, not %(got)s"),
    "rotation": gettext_lazy("%(expected)s deals this deal in rotation, not %(got)s"),
    "declarer": gettext_lazy("the declaring side must be the dealer's side (%(side)s)"),
    "tricks-penalty": gettext_lazy(
        "taking 3 tricks needs the revoking side to hold 3 tricks (%(side)s has %(has)s)"
    ),
    "dummy-revoke": gettext_lazy("the dummy is not liable to revoke penalties"),
    "special-required": gettext_lazy("A new game begins: choose its special suit."),
    "special-mismatch": gettext_lazy("the special suit of this game is %(suit)s, not %(got)s"),
    "call": gettext_lazy(
        "only a side standing at %(at)s may call honours; %(side)s stands at %(stands)s"
    ),
    "required": gettext_lazy("this is required"),
    "call-played": gettext_lazy(
        "the call did not win the game, so the deal is played: tap its tricks"
    ),
    "not-used": gettext_lazy("this variant does not use it"),
    "text": gettext_lazy("must be text"),
    "control": gettext_lazy("must not contain control characters"),
    "unicode": gettext_lazy("must be valid Unicode text; found %(char)s"),
    "invisible": gettext_lazy(
        "must not contain invisible formatting characters (such as direction marks); found %(char)s"
    ),
    "too-long": gettext_lazy("must be at most %(limit)s characters long (it has %(got)s)"),
    "same-player": gettext_lazy("%(name)s is seated twice: each seat needs a different player"),
    "date": gettext_lazy("must be a real date written YYYY-MM-DD, not %(value)s"),
    "too-many-deals": gettext_lazy(
        "a record may hold at most %(limit)s deals (this one has %(got)s)"
    ),
    "json": gettext_lazy("This file is not a JSON record."),
    "suit": gettext_lazy("must be a suit: ♠ ♥ ♦ ♣ (S, H, D, C)"),
    "unknown-field": gettext_lazy("is not a field of a whist record"),
    "variant": gettext_lazy("must be one of the variants %(choices)s, not %(value)s"),
    "format": gettext_lazy("must be “whist-record/1”: this is not a whist record"),
    "claims-max": gettext_lazy("the players hold at most %(size)s honours, not %(got)s"),
    "object": gettext_lazy("must be a JSON object"),
    "stake-number": gettext_lazy("must be a number, 0 or more, not %(value)s"),
    "coin": gettext_lazy("must be a number more than 0, not %(value)s"),
    "stake-digits": gettext_lazy(
        "must have at most %(whole)s digits before the point and %(places)s after it, not %(value)s"
    ),
    "number": gettext_lazy("must be a whole number from %(low)s to %(high)s, not %(value)s"),
    "bool": gettext_lazy("must be true or false, not %(value)s"),
    "choice": gettext_lazy("must be one of %(choices)s, not %(value)s"),
    "honour-values": gettext_lazy(
        'must be an object of honours held and their points, such as {"3": 2}'
    ),
    "honour-count": gettext_lazy("the honours held must be 1 to 5, not %(value)s"),
    "honour-points": gettext_lazy(
        "the points for %(count)s honours must be 0 to 1000, not %(value)s"
    ),
    "unknown-option": gettext_lazy("is not a rules option this score book knows"),
    "only-add": gettext_lazy(
        "in this variant a revoke's penalty is always added to the claimants' score"
    ),
    "keys": gettext_lazy("must be an object naming exactly %(keys)s"),
    "count": gettext_lazy("%(key)s must be a whole number from 0 to %(upto)s, not %(value)s"),
    "seat": gettext_lazy("must be one of the seats %(seats)s, not %(value)s"),
    "trump": gettext_lazy("is required in whist with a special suit (null for no trumps)"),
    "grand-null-only": gettext_lazy("is written only for a Gran-Null contract"),
    "suit-list": gettext_lazy("must be a list of at most six suits"),
    "seat-list": gettext_lazy("must be a list of the seats N and/or S"),
    "void-only": gettext_lazy("a misdeal or a redeal has only its dealer and a note"),
    "contract-key": gettext_lazy("a contract has no %(name)s"),
    "contract-side": gettext_lazy("the declaring side must be one of %(seats)s, not %(value)s"),
    "contract-game": gettext_lazy("the game must be one of %(choices)s, not %(value)s"),
    "contract-trump": gettext_lazy("a trump game needs its trump, S, H, D or C, not %(value)s"),
    "contract-no-trump": gettext_lazy("this game (%(game)s) has no trump"),
    "honours-game": gettext_lazy("are not written in this game (%(game)s)"),
    "honours-none": gettext_lazy("are not written: these rules count no honours"),
    "claimants": gettext_lazy("must name the players who claim honours (%(seats)s)"),
    "first-six-required": gettext_lazy(
        "is required for a Gran-Null contract (the tricks among the first six)"
    ),
    "first-six-sides": gettext_lazy("must name %(seats)s"),
    "first-six-tricks": gettext_lazy(
        "%(side)s took %(first)s of the first six but %(tricks)s tricks in all"
    ),
    "revoke-list": gettext_lazy("must be a list of revokes, each with its seat and penalty"),
    "revoke-call": gettext_lazy(
        "a deal won by calling honours is not played, so it has no revokes"
    ),
    "players": gettext_lazy("must be an object of seats and names (%(seats)s)"),
    "players-seat": gettext_lazy("this variant has the seats %(seats)s, not %(value)s"),
    "dummy-player": gettext_lazy(
        "the dummy's seat %(seat)s has no player: leave its name out (null), not %(value)s"
    ),
    "name": gettext_lazy("seat %(seat)s needs a player's name"),
    "dummy-variant": gettext_lazy("this variant is not played three-handed with a dummy"),
    "deals": gettext_lazy("must be a list of deals"),
}

# The same verdicts of a variant without partnerships (Prussian, Hussar): its sides are
# single players (a side of one seat), each playing for himself.
PLAYER_MESSAGES = {
    "tricks-penalty": gettext_lazy(
        "taking 3 tricks needs the revoking player to hold 3 tricks (%(side)s has %(has)s)"
    ),
}


# The verdicts written as sentences of their own (a capital, a colon), in the words they take
# inside another sentence, after its colon: "Deal 2 would no longer be valid (special suit): a
# new game begins, so it needs its special suit." (clause()).
EMBEDDED = {
    "special-required": gettext_lazy("a new game begins, so it needs its special suit"),
    "call-played": gettext_lazy(
        "the call did not win the game, so the deal is played and its tricks are needed"
    ),
}


def unreadable(error: Exception, data: bytes) -> str:
    """Why an uploaded file is not a JSON record at all, in the active language: it is empty,
    it is not UTF-8 text, or where its JSON breaks (the line and the column, as an editor
    counts them)."""
    if not data.strip():
        return _("This file is empty: choose the record file (.json) downloaded from a table.")
    if isinstance(error, UnicodeDecodeError):
        return _("This file is not a JSON record: it is not UTF-8 text.")
    if isinstance(error, json.JSONDecodeError):
        return _(
            "This file is not a JSON record: its JSON breaks at line %(line)s, column %(column)s."
        ) % {"line": error.lineno, "column": error.colno}
    return str(MESSAGES["json"])


def sentence(text: str) -> str:
    """A verdict shown on its own, at the field it names: a capital and a full stop ("must be
    text" reads on after "deal 3, title:", not alone)."""
    text = text.strip()
    if not text:
        return text
    return text[0].upper() + text[1:] + ("" if text[-1] in ".!?…" else ".")


def locate(error: RecordError) -> str:
    """The whole verdict in the active language: where (deal, field), then what."""
    where = []
    if error.deal is not None:
        where.append(_("deal %(n)s") % {"n": error.deal})
    if error.field is not None:
        where.append(field_label(error.field))
    text = describe(error)
    return f"{', '.join(where)}: {text}" if where else text


def named(code: str, record: Record) -> str:
    """A seat or a side with its players: "Boris (E)", "Anna & Vera (NS)" (С В Ю З in
    Russian); the letters alone for the dummy's seat."""
    name = record.players.get(code) if code in record.players else side_names(record).get(code)
    return f"{name} ({seat_letters(code)})" if name else seat_letters(code)


# The verdicts about who deals or declares, whose seats or sides are named with their players
# when the table is known ("Boris (E) deals this deal in rotation, not Anna (N)").
NAMED = {
    "rotation": ("expected", "got"),
    "declarer": ("side",),
    "first-six-tricks": ("side",),
}

# The parameters naming one seat or side of the table, in the interface's letters (С В Ю З in
# Russian): beyond these, "got" names the dealer of a deal out of rotation.
SEATS = ("side", "expected", "seat", "key")

# The parameters listing the record file's own words (seats, keys, choices), written as the
# file writes them; and "value", what the file held instead, as JSON.
LISTS = ("seats", "keys", "choices")


# A value quoted in a verdict is cut after this many characters: enough to find it in the file,
# not a 400-digit number filling the phone's screen.
QUOTED_LIMIT = 60


def json_value(value: object) -> str:
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= QUOTED_LIMIT else text[:QUOTED_LIMIT] + "…"


def single_player(error: RecordError, record: Record | None) -> bool:
    """The verdict's side is one player: a variant without partnerships."""
    if record is not None:
        return not record.preset.partnerships
    side = error.params.get("side")
    return isinstance(side, str) and len(side) == 1


def describe(error: RecordError, record: Record | None = None, *, embedded: bool = False) -> str:
    """One sentence for the user, in the active language (the engine's English otherwise).
    Given the table's ``record``, a dealer or the declarers are named with their players;
    ``embedded``: in the words it takes inside another sentence (EMBEDDED)."""
    message = MESSAGES.get(error.code)
    if message is None:
        return error.message
    if embedded and error.code in EMBEDDED:
        message = EMBEDDED[error.code]
    if error.code in PLAYER_MESSAGES and single_player(error, record):
        message = PLAYER_MESSAGES[error.code]
    params = dict(error.params)
    seats = SEATS + (("got",) if error.code == "rotation" else ())
    for key, value in params.items():
        if key in seats and isinstance(value, str):
            if record is not None and key in NAMED.get(error.code, ()):
                params[key] = named(value, record)
            else:
                params[key] = seat_letters(value)  # С В Ю З in Russian
        elif key in LISTS and isinstance(value, tuple | list):
            params[key] = ", ".join(map(str, value))
        elif key == "value":
            params[key] = json_value(value)
        elif key == "game" and value in GAMES:
            params[key] = str(GAMES[value])
    try:
        return str(message) % params if "%(" in str(message) else str(message)
    except (KeyError, TypeError, ValueError):
        return error.message


def clause(error: RecordError, record: Record | None = None) -> str:
    """The verdict said after another sentence's colon: no capital of its own (but a name's),
    no colon, no full stop (the sentence around it ends it)."""
    text = describe(error, record, embedded=True).strip().rstrip(".")
    if error.code not in MESSAGES and text[:1].isupper() and text[1:2].islower():
        text = text[0].lower() + text[1:]  # the engine's own words (a code not known here)
    return text


def later_deal(error: RecordError, record: Record | None = None, *, voided: int = 0) -> str:
    """A change refused because it would break a later deal, in one sentence: "Deal 2 would
    no longer be valid (dealer): Boris (E) deals this deal in rotation, not Anna (N)." For a
    deal that cannot be marked void (``voided``), "Deal 1 cannot be marked void, since deal 2
    would no longer be valid (…): …"."""
    values = {
        "deal": error.deal,
        "field": field_label(error.field or "deal"),
        "message": clause(error, record),
        "number": voided,
    }
    if voided:
        return (
            _(
                "Deal %(number)s cannot be marked void, since deal %(deal)s would no longer be "
                "valid (%(field)s): %(message)s."
            )
            % values
        )
    return _("Deal %(deal)s would no longer be valid (%(field)s): %(message)s.") % values
