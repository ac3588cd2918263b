"""The rules engine's verdicts in the interface's language.

The engine (standard library only) says what is wrong in English, with a code and the
values involved; the screens show the translated sentence for the codes a user can reach
from a form, and the engine's own words otherwise.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scorebook.pad import side_names
from scorebook.rules import Record, RecordError
from scorebook.variants import SEAT_NAMES, seat_letters


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
        "variant": _("variant"),
        "format": _("format"),
        "options": _("rules options"),
    }
    seat = name.removeprefix("players.")
    if seat != name and seat in SEAT_NAMES:  # a player's name: "North's name"
        return _("%(seat)s's name") % {"seat": SEAT_NAMES[seat]}
    return str(labels.get(name, name))


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
    "not-used": gettext_lazy("this variant does not use it"),
    "text": gettext_lazy("must be text"),
    "control": gettext_lazy("must not contain control characters"),
    "invisible": gettext_lazy(
        "must not contain invisible formatting characters (such as direction marks)"
    ),
    "too-long": gettext_lazy("must be at most %(limit)s characters long (it has %(got)s)"),
    "same-player": gettext_lazy("%(name)s is seated twice: each seat needs a different player"),
    "date": gettext_lazy("must be a date written YYYY-MM-DD"),
    "too-many-deals": gettext_lazy(
        "a record may hold at most %(limit)s deals (this one has %(got)s)"
    ),
    "json": gettext_lazy("This file is not a JSON record."),
    "suit": gettext_lazy("must be a suit: ♠ ♥ ♦ ♣ (S, H, D, C)"),
    "unknown-field": gettext_lazy("is not a field of a whist record"),
    "variant": gettext_lazy("is not a variant this score book knows"),
    "format": gettext_lazy("must be “whist-record/1”: this is not a whist record"),
}


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
NAMED = {"rotation": ("expected", "got"), "declarer": ("side",)}


def describe(error: RecordError, record: Record | None = None) -> str:
    """One sentence for the user, in the active language (the engine's English otherwise).
    Given the table's ``record``, a dealer or the declarers are named with their players."""
    message = MESSAGES.get(error.code)
    if message is None:
        return error.message
    params = dict(error.params)
    for key in ("side", "expected") + (("got",) if error.code == "rotation" else ()):
        if isinstance(params.get(key), str):
            code = params[key]
            if record is not None and key in NAMED.get(error.code, ()):
                params[key] = named(code, record)
            else:
                params[key] = seat_letters(code)  # С В Ю З in Russian
    try:
        return str(message) % params if "%(" in str(message) else str(message)
    except (KeyError, TypeError, ValueError):
        return error.message
