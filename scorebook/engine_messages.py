"""The rules engine's verdicts in the interface's language.

The engine (standard library only) says what is wrong in English, with a code and the
values involved; the screens show the translated sentence for the codes a user can reach
from a form, and the engine's own words otherwise.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from scorebook.rules import RecordError


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
    }
    return str(labels.get(name, name))


def describe(error: RecordError) -> str:
    """One sentence for the user, in the active language."""
    p = dict(error.params)
    code = error.code
    if code == "sum":
        text = _("must add up to %(total)s, not %(got)s") % p
    elif code == "honours-max":
        text = _("the two played hands hold at most %(size)s honours, not %(got)s") % p
    elif code == "rotation":
        text = _("%(expected)s deals this deal in rotation, not %(got)s") % p
    elif code == "declarer":
        text = _("the declaring side must be the dealer's side (%(side)s)") % p
    elif code == "tricks-penalty":
        text = (
            _("taking 3 tricks needs the revoking side to hold 3 tricks (%(side)s has %(has)s)") % p
        )
    elif code == "dummy-revoke":
        text = _("the dummy is not liable to revoke penalties")
    elif code == "special-required":
        text = _("A new game begins: choose its special suit.")
    elif code == "special-mismatch":
        text = _("the special suit of this game is %(suit)s, not %(got)s") % p
    elif code == "call":
        text = (
            _("only a side standing at %(at)s may call honours; %(side)s stands at %(stands)s") % p
        )
    elif code == "required":
        text = _("this is required")
    elif code == "not-used":
        text = _("this variant does not use it")
    else:
        return error.message
    return text
