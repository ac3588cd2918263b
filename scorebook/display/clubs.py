"""A club's history in words (the club page's "History"): which account got which role, which
player, night, season or table, each name a user typed isolated (display/text.html).

The history's rows (players.models.ClubLog) hold only what happened, as data; what a line says
is written here, as every other line of the interface is, in the language of the page.
"""

from __future__ import annotations

import datetime
from typing import Any

from django.utils.formats import date_format
from django.utils.safestring import SafeString
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from players.models import ClubLog, ClubRole
from scorebook.display.render import render
from scorebook.display.text import Piece, sentence
from scorebook.tables.models import Revision

NIGHT_FIELDS = (("name", _("Title")), ("date", _("Date")), ("place", _("Place")))


def log_what(entry: ClubLog) -> SafeString:
    """The change of ``entry`` in words, as HTML (empty when there is nothing to name): a
    line written before tables' names were kept has only the table's id."""
    return render("display/text.html#sentence", {"pieces": log_pieces(entry.detail)})


def log_pieces(detail: dict[str, Any]) -> tuple[Piece, ...]:
    if "username" in detail:
        role = dict(ClubRole.Role.choices).get(detail.get("role"), detail.get("role"))
        if detail.get("taken_back"):
            return sentence(
                gettext("account %(user)s, role taken back: %(role)s"),
                {"user": detail["username"]},
                {"role": role},
            )
        return sentence(
            gettext("account %(user)s, role: %(role)s"),
            {"user": detail["username"]},
            {"role": role},
        )
    if "table" in detail:
        table = _table_in_night(detail, "title", "night_name")
        if "old_title" in detail:
            return (*_table_in_night(detail, "old_title", "previous_name"), Piece(" → "), *table)
        return table
    if "night_left" in detail:  # a player who went home before the night's end
        return sentence(
            gettext("%(name)s left %(night)s"),
            {"name": detail.get("name", ""), "night": detail["night_left"]},
        )
    if "night_name" in detail:  # a night closed or reopened: which, why, what changed since
        return _night_closing(detail)
    if "source_name" in detail:
        return _arrow(detail["source_name"], detail["target_name"])
    if "old" in detail:
        return _arrow(detail["old"], detail["new"])
    if "after" in detail:  # a night corrected: what changed (lines before 2026-11-26 don't say)
        return _night_changes(detail)
    return (Piece(detail["name"], typed=True),) if detail.get("name") else ()


def _night_closing(detail: dict[str, Any]) -> tuple[Piece, ...]:
    """``Friday: reason Table 1 forgot a deal`` (reopened); ``Friday: changed since it was
    reopened: Table 1, deal 2 recorded`` (closed again)."""
    pieces: list[Piece] = [Piece(detail["night_name"], typed=True)]
    if detail.get("reason"):
        pieces += [Piece(gettext(": reason ")), Piece(detail["reason"], typed=True)]
    changed = detail.get("changed") or []
    actions = dict(Revision.Action.choices)
    for index, change in enumerate(changed):
        pieces.append(Piece(gettext(": changed since it was reopened: ") if index == 0 else "; "))
        pieces += [
            Piece(change.get("table", ""), typed=True),
            Piece(
                gettext(", deal %(number)s %(action)s")
                % {"number": change.get("deal"), "action": actions.get(change.get("action"), "")}
            ),
        ]
    return tuple(pieces)


def _arrow(old: Any, new: Any) -> tuple[Piece, ...]:
    return (Piece(old, typed=True), Piece(" → "), Piece(new, typed=True))


def _night_changes(detail: dict[str, Any]) -> tuple[Piece, ...]:
    """``Friday: Date 2 October 2026 → 9 October 2026; Place — → Moika 12``."""
    before, after = detail.get("before", {}), detail["after"]
    changes: list[Piece] = []
    for key, label in NIGHT_FIELDS:
        old, new = before.get(key, ""), after.get(key, "")
        if old == new:
            continue
        if key == "date":
            old, new = (
                v and date_format(datetime.date.fromisoformat(v), "j E Y") for v in (old, new)
            )
        if changes:
            changes.append(Piece("; "))
        changes += [Piece(f"{label} "), *_arrow(old or "—", new or "—")]
    name = Piece(after.get("name", ""), typed=True)
    if not changes:
        return (name,)
    return (name, Piece(": "), *changes)


def _table_in_night(detail: dict[str, Any], title: str, night: str) -> tuple[Piece, ...]:
    if not detail.get(title):
        return (Piece(gettext("table № %(id)s") % {"id": detail["table"]}),)
    if not detail.get(night):
        return (Piece(detail[title], typed=True),)
    return (Piece(detail[title], typed=True), Piece(", "), Piece(detail[night], typed=True))
