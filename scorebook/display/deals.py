"""A deal in one line, as the deal log on screen and the printed sheet's deal list write it.

The view models here say what a line shows, in the interface's words; the markup is
templates/display/deals.html's (suits with their names for a screen reader, a count kept on one
line, the undo button). Each model is an immutable value, so that a line once rendered is kept
(display/render.py): a long table's log is rendered on every visit.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Any, NamedTuple

from django.template import Context
from django.urls import reverse
from django.utils.safestring import SafeString
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from scorebook.display.render import render_in, render_kept
from scorebook.display.variants import GAMES, OPPOSITE, SEAT_NAMES, SUITS, seat_letters

TEMPLATE = "display/deals.html"

SEAT_ORDER = {"NS": 0, "EW": 1, "N": 0, "E": 1, "S": 2, "W": 3}
INFORMATIONAL = frozenset({"not-scored", "carry"})  # written for the record, not the score


def in_seat_order(counts: Mapping[str, Any]) -> list[Any]:
    """The values of a side -> count object in seating order (NS before EW, N E S W).

    PostgreSQL's jsonb does not keep an object's key order, so it is never relied on."""
    return [counts[k] for k in sorted(counts, key=lambda k: SEAT_ORDER.get(k, 9))]


class Suit(NamedTuple):
    """A suit: its sign, and its name for a screen reader; no trump has a name only."""

    key: str  # S H D C, or "" for no trump
    sign: str
    name: str


def suit(key: str | None) -> Suit:
    return _suit(key, get_language())


@lru_cache(maxsize=64)
def _suit(key: str | None, _language: str | None) -> Suit:
    if not key or key not in SUITS:
        return Suit("", "", _("no trump"))
    sign, name = SUITS[key]
    return Suit(key, sign, str(name))


class Part(NamedTuple):
    """One piece of a deal's line: words, the suits after them (signs, by spaces), words after
    those. ``kind``: "counts" for a count kept on one line ("tricks 7–6"), "revoke" for a
    revoke, "void" for a misdeal or redeal (then the whole line)."""

    before: str
    suits: tuple[Suit, ...] = ()
    after: str = ""
    kind: str = ""


Summary = tuple[Part, ...]  # the pieces, written one after another with " · " between


@lru_cache(maxsize=8)
def _words(_language: str | None) -> dict[str, str]:
    """The line's words, once per language (not once per deal)."""
    return {
        "tricks": _("tricks"),
        "honours": _("honours"),
        "aces": _("aces"),  # the honours of Eralash (Rules.honours_are_aces)
        "revoke": _("revoke"),
    }


def summary(data: Mapping[str, Any], aces: bool = False) -> Summary:
    """One line for the deal log: trump, contract, tricks, honours, revokes; ``aces``: the
    honours are the aces (Rules.honours_are_aces), and the line calls them so."""
    if data.get("void"):
        return (Part(_("misdeal") if data["void"] == "misdeal" else _("redeal"), kind="void"),)
    parts: list[Part] = []
    word = _words(get_language())
    contract = data.get("contract")
    if contract:
        game_key = contract.get("game")
        doubling = {"contra": _("contra"), "recontra": _("recontra")}.get(
            data.get("doubling", ""), ""
        )
        declarers = seat_letters(str(contract.get("side", "")))
        if game_key == "trump":
            parts.append(
                Part(f"{declarers}: ", (suit(contract.get("trump")),), f" {doubling}".rstrip())
            )
        else:
            game = GAMES.get(game_key, game_key)
            parts.append(Part(f"{declarers}: {game} {doubling}".rstrip()))
        first_six = data.get("first_six") or {}  # Gran-Null: each half is written apart
        if first_six:
            named = sorted(first_six.items(), key=lambda kv: SEAT_ORDER.get(kv[0], 9))
            shown = " ".join(f"{seat_letters(k)} {v}" for k, v in named)
            parts.append(Part(_("first six tricks") + ": " + shown))
    elif "trump" in data:
        parts.append(Part("", (suit(data.get("trump")),)))
    if data.get("special_suit"):
        parts.append(Part(_("special") + " ", (suit(data["special_suit"]),)))
    tricks = data.get("tricks") or {}
    side = str(contract.get("side", "")) if contract else ""
    if side in tricks and len(tricks) == 2:
        # A contract: the declarers' tricks, as the pad writes them, then the defenders' after
        # their letters ("tricks 9 (NS 4)"), not both in seat order (read as the first side's).
        other = next(k for k in tricks if k != side)
        parts.append(
            Part(f"{word['tricks']} {tricks[side]} ({seat_letters(other)} {tricks[other]})")
        )
    elif tricks:
        counts = "–".join(str(v) for v in in_seat_order(tricks))
        parts.append(Part(f"{word['tricks']} {counts}", kind="counts"))
    honours = data.get("honours") or {}
    honours_word = word["aces"] if aces else word["honours"]
    if honours and tricks and len(honours) < len(tricks):  # Hussar: only the claiming players
        claims = sorted(honours.items(), key=lambda kv: SEAT_ORDER.get(kv[0], 9))
        shown = " ".join(f"{seat_letters(k)} {v}" for k, v in claims)
        parts.append(Part(f"{honours_word} {shown}"))
    elif honours:
        counts = "–".join(str(v) for v in in_seat_order(honours))
        parts.append(Part(f"{honours_word} {counts}", kind="counts"))
    if data.get("called"):
        caller = seat_letters(str(data["called"]))
        if tricks:  # a failed call is played (docs/rules.md, long whist); a scoring one is not
            parts.append(Part(_("%(side)s called, failed") % {"side": caller}))
        else:
            parts.append(Part(caller + " " + _("called")))
    if data.get("trumps_named"):  # Flying Duck: the trumps named in play, for the log only
        named_suits = tuple(suit(key) for key in data["trumps_named"])
        parts.append(Part(_("trumps named") + " ", named_suits))
    if data.get("exchanged"):  # Prussian: who exchanged his packet, for the log only
        seats = " ".join(seat_letters(str(seat)) for seat in data["exchanged"])
        parts.append(Part(_("exchanged") + " " + seats))
    for revoke in data.get("revokes") or []:
        seat = seat_letters(str(revoke.get("seat", "")))
        parts.append(Part(f"{word['revoke']} {seat}", kind="revoke"))
    return tuple(parts)


def summary_html(data: Mapping[str, Any], aces: bool = False, printed: bool = False) -> SafeString:
    """A deal's line (summary()) as HTML; ``printed``: for paper, where a suit's sign is enough
    and a count needs no element of its own (each element in a line costs WeasyPrint time)."""
    return render_kept(f"{TEMPLATE}#summary", "summary", summary(data, aces), printed=printed)


def suit_html(key: str | None) -> SafeString:
    """A suit's sign with its name for a screen reader: ♠ read as "spades"."""
    return render_kept(f"{TEMPLATE}#suit", "suit", suit(key))


def scored(entries: Iterable[Sequence[Any]]) -> str:
    """What the deal wrote, as on paper: per side, the points below / above the line. Each
    side's "NS 6 / 2" stays on one line; a long list (Hussar) breaks between sides."""
    sums: dict[str, list[int]] = {}
    for entry in entries:
        if entry[3] in INFORMATIONAL:
            continue
        below_above = sums.setdefault(entry[0], [0, 0])
        below_above[0 if entry[1] == "below" else 1] += entry[2]
    return " · ".join(
        f"{seat_letters(side)}\u00a0{below}\u00a0/\u00a0{above}"
        for side, (below, above) in sums.items()
    )


class Dealer(NamedTuple):
    """Who dealt: the seat's letter, shown, and in words for a screen reader, which would spell
    the letter out ("N", "Ю")."""

    letters: str
    spoken: str


def dealer_words(dealer: str, names: Mapping[str, str] | None, dummy: str | None) -> str:
    """ "Anna (North) deals"; the dummy's deal is dealt by its partner, opposite: "Gleb deals
    for the dummy (North)"."""
    seat = str(SEAT_NAMES.get(dealer, dealer))
    names = names or {}
    if dealer == dummy and dealer in OPPOSITE and names.get(OPPOSITE[dealer]):
        words = _("%(name)s deals for the dummy (%(seat)s)")
        return words % {"name": names[OPPOSITE[dealer]], "seat": seat}
    if names.get(dealer):
        return _("%(name)s (%(seat)s) deals") % {"name": names[dealer], "seat": seat}
    return _("Dealer: %(seat)s") % {"seat": seat}


def dealer(seat: str | None, names: Mapping[str, str] | None, dummy: str | None) -> Dealer | None:
    """A line's dealer; None for a deal without one."""
    if not seat:
        return None
    return Dealer(seat_letters(seat), dealer_words(seat, names, dummy))


class Head(NamedTuple):
    """How every line of the log (live or undone) starts: the deal's number and dealer."""

    number: int
    dealer: Dealer | None


def head_html(
    number: int, seat: str | None, names: Mapping[str, str] | None, dummy: str | None
) -> SafeString:
    return render_kept(f"{TEMPLATE}#head", "line", Head(number, dealer(seat, names, dummy)))


class LogLine(NamedTuple):
    """A live deal in the log: its head, what it said (and, corrected, what it said before,
    struck through, as a scorer corrects on paper), the scorer's note, what it scored, and for
    a scorer its correction link."""

    number: int
    dealer: Dealer | None
    summary: Summary
    was: Summary | None  # before its last correction
    note: str
    scored: str
    corrected: bool
    fix: str  # the correction form's address; "" for a watcher
    fix_name: str  # "Correct deal 7", for a screen reader
    check: str = ""  # at a table that asks for confirmation: "confirmed" or "awaiting"


class UndoForm(NamedTuple):
    """The undo button of the last live deal, on its line: ``id="undo"``, so that the answer to
    the next save removes it there before the new line brings its own (_delta.html)."""

    url: str
    number: int
    nonce: str
    name: str


def log_lines(
    log: Iterable[tuple[Any, Any]],
    *,
    names: Mapping[str, str] | None,
    dummy: str | None,
    aces: bool,
    token: str,
    can_edit: bool,
    was: Mapping[int, Any] | None = None,
    confirming: bool = False,
) -> list[LogLine]:
    """The log's lines of ``log`` (each live deal with its score); ``was``: deal id -> the
    data it had before its last correction; ``confirming``: the table asks the other side to
    confirm its deals (each line says whether it is)."""
    base = reverse("deal_edit", args=[token, 1])[: -len("1/")] if can_edit else ""
    named = _("Correct deal %(n)s") if can_edit else ""  # its visible word in the name
    was = was or {}
    dealers: dict[str | None, Dealer | None] = {}  # each seat worded once
    lines = []
    for deal, result in log:
        data = deal.data
        seat = data.get("dealer")
        if seat not in dealers:
            dealers[seat] = dealer(seat, names, dummy)
        corrected = deal.version > 1
        before = was.get(deal.pk) if corrected else None
        lines.append(
            LogLine(
                number=deal.number,
                dealer=dealers[seat],
                summary=summary(data, aces),
                was=summary(before, aces) if before else None,
                note=str(data.get("note") or ""),
                scored=scored(result.entries),
                corrected=corrected,
                fix=f"{base}{deal.number}/" if can_edit else "",
                fix_name=named % {"n": deal.number} if can_edit else "",
                check=(
                    ("confirmed" if getattr(deal, "confirmed", False) else "awaiting")
                    if confirming
                    else ""
                ),
            )
        )
    return lines


def undo_form(token: str, number: int, nonce: str) -> UndoForm:
    url = reverse("deal_undo", args=[token])
    return UndoForm(url, number, nonce, _("Undo deal %(n)s") % {"n": number})


def log_html(context: Context, lines: Iterable[LogLine], undo: UndoForm | None) -> SafeString:
    """The lines, the one of ``undo``'s deal with its button: rendered in the page's
    ``context`` (its CSRF token), the others kept once rendered."""
    items = [
        render_in(context, f"{TEMPLATE}#line", line=line, undo=undo)
        if undo is not None and line.number == undo.number
        else render_kept(f"{TEMPLATE}#line", "line", line)
        for line in lines
    ]
    return SafeString("\n".join(items))
