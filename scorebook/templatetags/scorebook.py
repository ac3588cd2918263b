"""Template filters for the score pad: suits with spoken names, seats, deal summaries."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from django import template
from django.urls import reverse
from django.utils.html import escape, format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy

from scorebook.display.messages import field_label
from scorebook.display.numbers import ladder_value, points_text
from scorebook.display.variants import (
    GAMES,
    OPPOSITE,
    SEAT_NAMES,
    SUITS,
    games_won_text,
    seat_letters,
    variant_name,
)

register = template.Library()


@register.filter
def get_item(mapping: Any, key: Any) -> Any:
    try:
        return mapping[key]
    except (KeyError, IndexError, TypeError):
        return ""


@register.filter
def suit(key: str | None) -> SafeString:
    """A suit sign with its name for screen readers: ♠ read as "spades"."""
    return mark_safe(_suit_html(key))  # noqa: S308 - the name is escaped, the rest is ours


@register.filter
def suit_name(key: str) -> str:
    return str(SUITS[key][1]) if key in SUITS else ""


@register.filter
def seat_name(key: str) -> str:
    return str(SEAT_NAMES.get(key, key))


SEAT_ORDER = {"NS": 0, "EW": 1, "N": 0, "E": 1, "S": 2, "W": 3}


def _in_seat_order(counts: dict[str, Any]) -> list[Any]:
    """The values of a side -> count object in seating order (NS before EW, N E S W).

    PostgreSQL's jsonb does not keep an object's key order, so it is never relied on."""
    return [counts[k] for k in sorted(counts, key=lambda k: SEAT_ORDER.get(k, 9))]


def _suit_html(key: str | None) -> str:
    return _suit_html_in(key, get_language())


@lru_cache(maxsize=64)
def _suit_html_in(key: str | None, language: str | None) -> str:
    if not key or key not in SUITS:
        return '<span class="no-trump">' + escape(_("no trump")) + "</span>"
    sign, name = SUITS[key]
    return f'<span class="suit suit-{key}" role="img" aria-label="{escape(name)}">{sign}</span>'


@lru_cache(maxsize=8)
def _words(language: str | None) -> dict[str, str]:
    """The deal log's words, escaped, once per language (not once per deal)."""
    return {
        "tricks": escape(_("tricks")),
        "honours": escape(_("honours")),
        "aces": escape(_("aces")),  # the honours of Eralash (Rules.honours_are_aces)
        "revoke": escape(_("revoke")),
    }


@register.filter
def deal_summary(data: dict[str, Any], aces: bool = False) -> SafeString:
    """One line for the deal log: trump, contract, tricks, honours, revokes; ``aces``: the
    honours are the aces (Rules.honours_are_aces), and the line calls them so. A count
    ("tricks 7–6") is one piece (span.counts, site.css): a line never breaks after its dash.

    Plain string building with every value escaped: the log of a long table is rendered on
    every save, and format_html() per item was a third of the page's time.
    """
    if data.get("void"):
        kind = _("misdeal") if data["void"] == "misdeal" else _("redeal")
        return mark_safe(f"<em>{escape(kind)}</em>")  # noqa: S308
    parts: list[str] = []
    word = _words(get_language())
    contract = data.get("contract")
    if contract:
        game_key = contract.get("game")
        if game_key == "trump":
            game = _suit_html(contract.get("trump"))
        else:
            game = escape(str(GAMES.get(game_key, game_key)))
        doubling = {"contra": _("contra"), "recontra": _("recontra")}.get(
            data.get("doubling", ""), ""
        )
        declarers = seat_letters(str(contract.get("side", "")))
        parts.append(f"{escape(declarers)}: {game} {escape(doubling)}".rstrip())
        first_six = data.get("first_six") or {}  # Gran-Null: each half is written apart
        if first_six:
            named = sorted(first_six.items(), key=lambda kv: SEAT_ORDER.get(kv[0], 9))
            shown = " ".join(f"{escape(seat_letters(k))} {escape(v)}" for k, v in named)
            parts.append(escape(_("first six tricks")) + ": " + shown)
    elif "trump" in data:
        parts.append(_suit_html(data.get("trump")))
    if data.get("special_suit"):
        parts.append(escape(_("special")) + " " + _suit_html(data["special_suit"]))
    tricks = data.get("tricks") or {}
    side = str(contract.get("side", "")) if contract else ""
    if side in tricks and len(tricks) == 2:
        # A contract: the declarers' tricks, as the pad writes them, then the defenders' after
        # their letters ("tricks 9 (NS 4)"), not both in seat order (read as the first side's).
        other = next(k for k in tricks if k != side)
        parts.append(
            f"{word['tricks']} {escape(tricks[side])} "
            f"({escape(seat_letters(other))} {escape(tricks[other])})"
        )
    elif tricks:
        counts = "–".join(escape(v) for v in _in_seat_order(tricks))
        parts.append(f'<span class="counts">{word["tricks"]} {counts}</span>')
    honours = data.get("honours") or {}
    honours_word = word["aces"] if aces else word["honours"]
    if honours and tricks and len(honours) < len(tricks):  # Hussar: only the claiming players
        claims = sorted(honours.items(), key=lambda kv: SEAT_ORDER.get(kv[0], 9))
        shown = " ".join(f"{escape(seat_letters(k))} {escape(v)}" for k, v in claims)
        parts.append(f"{honours_word} {shown}")
    elif honours:
        counts = "–".join(escape(v) for v in _in_seat_order(honours))
        parts.append(f'<span class="counts">{honours_word} {counts}</span>')
    if data.get("called"):
        caller = seat_letters(str(data["called"]))
        if tricks:  # a failed call is played (docs/rules.md, long whist); a scoring one is not
            parts.append(escape(_("%(side)s called, failed") % {"side": caller}))
        else:
            parts.append(escape(caller) + " " + escape(_("called")))
    if data.get("trumps_named"):  # Flying Duck: the trumps named in play, for the log only
        named = " ".join(_suit_html(suit) for suit in data["trumps_named"])
        parts.append(escape(_("trumps named")) + " " + named)
    if data.get("exchanged"):  # Prussian: who exchanged his packet, for the log only
        seats = " ".join(escape(seat_letters(str(seat))) for seat in data["exchanged"])
        parts.append(escape(_("exchanged")) + " " + seats)
    for revoke in data.get("revokes") or []:
        seat = seat_letters(str(revoke.get("seat", "")))
        parts.append(f'<span class="revoke">{word["revoke"]} {escape(seat)}</span>')
    return mark_safe(" · ".join(parts))  # noqa: S308 - every value is escaped


def _css_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("<", "\\3c ") + '"'


@register.simple_tag
def over_count_style() -> SafeString:
    """How the counted rest of a deal (Hussar: 13 less the tricks tapped, site.css) reads when
    the taps pass 13: "3 too many", not "-3". CSS cannot test a counter, but a counter style
    writes a negative value with its own words, here the page's."""
    before, _n, after = _("%(n)s too many").partition("%(n)s")
    style = f"negative: {_css_string(before)} {_css_string(after)};"
    return mark_safe(  # noqa: S308 - both words are CSS strings, "<" escaped
        f"<style>@counter-style tricks-rest {{ system: extends decimal; {style} }}</style>"
    )


@register.filter
def errors_for(form: Any, group: str) -> list[str]:
    return list(form.errors_for(group))


def error_ids(form: Any, groups: str) -> list[str]:
    """The ids of the messages under a field (_errors.html: ``deal-error-GROUP-N``), for each
    of the comma-separated ``groups`` whose messages are about it."""
    return [
        f"deal-error-{group}-{n}"
        for group in groups.split(",")
        for n in range(1, len(form.errors_for(group)) + 1)
    ]


def _invalid(form: Any, groups: str) -> dict[str, str]:
    ids = error_ids(form, groups)
    return {"aria-invalid": "true", "aria-describedby": " ".join(ids)} if ids else {}


@register.filter
def invalid_attrs(field: Any, groups: str = "") -> SafeString:
    """For a refused deal: ties a control to the messages under it, for a screen reader, as
    attributes of its own tag (`` aria-invalid="true" aria-describedby="…"``), or nothing.
    ``field`` is a bound field of the deal form; ``groups`` the messages' groups (the field's
    name when not given)."""
    attrs = _invalid(field.form, groups or field.name)
    return format_html_join("", ' {}="{}"', attrs.items())


@register.filter
def described(field: Any, groups: str = "") -> SafeString:
    """A bound field's widget, tied to its messages as invalid_attrs says."""
    return field.as_widget(attrs=_invalid(field.form, groups or field.name))  # type: ignore[no-any-return]


@register.filter
def field_labels(names: list[str]) -> str:
    """Record field names (``tricks``, ``honours`` ...) as words of the interface."""
    return ", ".join(field_label(n) for n in names)


def _entries_html(row: Any, cell: list[Any], not_scored: str) -> str:
    """A cell's entries, each after its deal's number and the marks the paper writes there
    (pdf.entries_html): R beside every entry of a revoked deal, a contra's ×2 (recontra's ×4)
    beside what it multiplied."""
    marks = " ".join(str(m) for m in row.marks)
    times = " ".join(str(m) for m in [*row.marks, row.doubling] if m)
    plain = f"<sup>{row.deal}\u202f{escape(marks)}</sup>" if marks else f"<sup>{row.deal}</sup>"
    marked = f"<sup>{row.deal}\u202f{escape(times)}</sup>" if times else plain
    parts = []
    for e in cell:
        label = e.label
        small = f" <small>{escape(label)}</small>" if label else ""
        sup = marked if e.multiplied else plain
        points = points_text(e.points)  # a deduction: −4, a true minus
        if e.struck:
            parts.append(
                f'<span class="entry struck" title="{not_scored}">{sup}{points}{small}</span>'
            )
        else:
            parts.append(f'<span class="entry">{sup}{points}{small}</span>')
    return "".join(parts)


@register.simple_tag
def pad_above_rows(pad: Any) -> SafeString:
    """The rows above the line. Built here rather than in template loops: a long table has
    hundreds of entries, and the sheet is rendered on every save."""
    not_scored = escape(_("not scored"))
    rows = [
        "<tr>"
        + "".join(f"<td>{_entries_html(row, cell, not_scored)}</td>" for cell in row.cells)
        + "</tr>"
        for row in pad.above
    ]
    return mark_safe("\n".join(rows))  # noqa: S308 - every value above is escaped or a number


@register.simple_tag
def pad_below_rows(pad: Any) -> SafeString:
    """The rows below the line, game by game, with the rule and label under each game."""
    not_scored = escape(_("not scored"))
    void_words = {"misdeal": escape(_("misdeal")), "redeal": escape(_("redeal"))}
    width = pad.width
    rows = []
    for game in pad.games:
        for row in game.rows:
            if row.void:
                rows.append(
                    f'<tr><td colspan="{width}" class="void"><sup>{row.deal}</sup>'
                    f"{void_words.get(row.void, escape(row.void))}</td></tr>"
                )
                continue
            if not any(row.cells):  # nothing below the line (a contract lost): nothing written
                continue
            cells = "".join(
                f"<td>{_entries_html(row, cell, not_scored)}</td>" for cell in row.cells
            )
            rows.append(f"<tr>{cells}</tr>")
        result = game.result
        if result is not None:
            text = _("Game %(n)s to %(side)s, %(label)s") % {
                "n": result.number,
                "side": seat_letters(result.winner),
                "label": game.label,
            }
            text += " (" + "–".join(str(v) for v in game.score) + ")"
            if result.game_points:
                text += " · " + ngettext(
                    "%(points)s game point", "%(points)s game points", result.game_points
                ) % {"points": result.game_points}
            rows.append(f'<tr class="game-rule"><td colspan="{width}">{escape(text)}</td></tr>')
    return mark_safe("\n".join(rows))  # noqa: S308 - every value above is escaped or a number


INFORMATIONAL = frozenset({"not-scored", "carry"})  # written for the record, not the score


def _scored(result: Any) -> str:
    """What the deal wrote, as on paper: per side, the points below / above the line."""
    sums: dict[str, list[int]] = {}
    for entry in result.entries:
        if entry[3] in INFORMATIONAL:
            continue
        below_above = sums.setdefault(entry[0], [0, 0])
        below_above[0 if entry[1] == "below" else 1] += entry[2]
    if not sums:
        return ""
    # each side's "NS 6 / 2" stays on one line; a long list (Hussar) breaks between sides
    parts = [
        f"{escape(seat_letters(side))}\u00a0{below}\u00a0/\u00a0{above}"
        for side, (below, above) in sums.items()
    ]
    return f' <span class="scored">→ {" · ".join(parts)}</span>'


def _dealer_words(dealer: str, names: dict[str, str] | None, dummy: str | None) -> str:
    """Who dealt, in words for a screen reader: the log shows only the seat's letter, which a
    screen reader spells out ("N", "Ю"). "Anna (North) deals"; the dummy's deal is dealt by
    its partner, opposite: "Gleb deals for the dummy (North)"."""
    seat = seat_name(dealer)
    names = names or {}
    if dealer == dummy and dealer in OPPOSITE and names.get(OPPOSITE[dealer]):
        words = _("%(name)s deals for the dummy (%(seat)s)")
        return words % {"name": names[OPPOSITE[dealer]], "seat": seat}
    if names.get(dealer):
        return _("%(name)s (%(seat)s) deals") % {"name": names[dealer], "seat": seat}
    return _("Dealer: %(seat)s") % {"seat": seat}


def _dealer_part(dealer: str | None, names: dict[str, str] | None, dummy: str | None) -> str:
    """The dealer's part of a log line: the seat's letter, shown; a screen reader hears who it
    is instead (_dealer_words). Nothing for a deal without a dealer."""
    if not dealer:
        return ""
    spoken = escape(_dealer_words(dealer, names, dummy))
    return (
        f'<span class="dealer" aria-hidden="true">{escape(seat_letters(dealer))}</span>'
        f'<span class="sr-only">{spoken}: </span> '
    )


def _log_head(number: int, dealer_part: str) -> str:
    """A deal's number and dealer (_dealer_part), as every line of the log (live or undone)
    starts."""
    return f'<span class="num">{number}.</span> {dealer_part}'


def _names(context: Any) -> tuple[dict[str, str] | None, str | None]:
    """The players in the seats and the dummy's seat, as the table page has them."""
    record = context.get("record")
    return context.get("seat_names"), (record.dummy if record is not None else None)


@register.simple_tag(takes_context=True)
def log_head(context: Any, deal: Any) -> SafeString:
    head = _log_head(deal.number, _dealer_part(deal.data.get("dealer"), *_names(context)))
    return mark_safe(head)  # noqa: S308 - escaped


def _undo_form(context: Any, token: str, number: int) -> str:
    """The undo button of the last live deal, on its line: ``id="undo"``, so that the answer to
    the next save removes it there before the new line brings its own (_delta.html)."""
    url = reverse("deal_undo", args=[token])
    confirm = escape(_("Undo the last deal?"))
    name = escape(_("Undo deal %(n)s") % {"n": number})
    csrf = escape(str(context.get("csrf_token") or ""))
    nonce = escape(context.get("undo_nonce") or "")
    return (
        f'<form id="undo" class="undo" method="post" action="{url}" hx-post="{url}" '
        f'hx-target="#live" hx-swap="outerHTML" hx-confirm="{confirm}">'
        f'<input type="hidden" name="csrfmiddlewaretoken" value="{csrf}">'
        f'<input type="hidden" name="number" value="{number}">'
        f'<input type="hidden" name="nonce" value="{nonce}">'
        f'<button type="submit">{name}</button></form>'
    )


@register.simple_tag(takes_context=True)
def deal_log_items(
    context: Any, log: list[Any], can_edit: bool, token: str, was: dict[int, Any] | None = None
) -> SafeString:
    """The list of deals, each with its summary and, for a scorer, its correction link, and
    the undo button on the last one (``last_number`` in the context). A corrected deal shows
    what it said before, struck through, as a scorer corrects on paper (``was``: deal id -> the
    data it had before its last correction)."""
    corrected = escape(_("corrected"))
    correct = escape(_("correct"))
    names, dummy = _names(context)
    base = reverse("deal_edit", args=[token, 1])[: -len("1/")]
    last = context.get("last_number") if can_edit else None
    was = was or {}
    record = context.get("record")
    aces = bool(record is not None and record.rules.honours_are_aces)
    # Named per deal for a screen reader ("Correct deal 7"), its visible word in the name.
    named = _("Correct deal %(n)s") if can_edit else ""
    dealers: dict[str | None, str] = {}  # a seat's part of the line, worded once per seat
    items = []
    for deal, result in log:
        data = deal.data
        dealer = data.get("dealer")
        if dealer not in dealers:
            dealers[dealer] = _dealer_part(dealer, names, dummy)
        head = _log_head(deal.number, dealers[dealer])
        edited = struck = ""
        if deal.version > 1:
            before = was.get(deal.pk)
            struck = f'<s class="was">{deal_summary(before, aces)}</s> → ' if before else ""
            edited = f' <span class="edited">{corrected}</span>'
        link = ""
        if can_edit:
            name = escape(named % {"n": deal.number})
            link = f' <a class="fix" href="{base}{deal.number}/" aria-label="{name}">{correct}</a>'
        if deal.number == last:  # its two buttons kept together, on the right
            link = f'<span class="acts">{link}{_undo_form(context, token, deal.number)}</span>'
        scored = _scored(result)
        note = data.get("note")  # the scorer's own words, in the page's quotation marks
        said = f' <q class="note"><bdi>{escape(note)}</bdi></q>' if note else ""
        items.append(
            f'<li value="{deal.number}">{head}<span class="what">{struck}{deal_summary(data, aces)}'
            f"{said}{scored}{edited}</span>{link}</li>"
        )
    return mark_safe("\n".join(items))  # noqa: S308 - escaped above; deal_summary is safe


@register.filter
def bdi(text: Any) -> SafeString:
    """Text a user typed (a name, a title), isolated from the words around it: a name in a
    right-to-left script, or one holding a direction mark from before they were refused,
    cannot reorder the rest of the line ("<bdi>Анна</bdi> (N) deals")."""
    return format_html("<bdi>{}</bdi>", text)


def with_names(template: str, **names: Any) -> SafeString:
    """``template % names`` as HTML, the template escaped and each name isolated (``bdi``;
    a list, each of its names, by commas): a message that names what a user typed ("The
    season “%(name)s” was removed.")."""
    values = {
        key: (", ".join(bdi(v) for v in value) if isinstance(value, list) else bdi(value))
        for key, value in names.items()
    }
    return mark_safe(escape(template) % values)  # noqa: S308 - escaped, names by format_html


@register.filter
def side(code: str) -> str:
    return seat_letters(str(code or ""))


@register.filter
def signed(amount: Any) -> str:
    """+5, −5 (a true minus sign) or 0."""
    if amount is None or amount == "":
        return ""
    text = f"{abs(amount):g}" if isinstance(amount, float) else str(abs(amount))
    if amount > 0:
        return "+" + text
    if amount < 0:
        return "\u2212" + text
    return text


@register.filter
def sides_label(sides: Any) -> str:
    """All sides in the interface's letters, e.g. NS–EW (СЮ–ВЗ)."""
    return "–".join(seat_letters(str(s)) for s in sides)


register.filter("ladder_value", ladder_value)


@register.filter
def variant_label(key: str) -> str:
    return str(variant_name(key))


@register.filter
def contract_game(key: str) -> str:
    return str(GAMES.get(key, key))


LADDER_KINDS = {"total": _lazy("total"), "average": _lazy("average"), "rating": _lazy("rating")}


@register.filter
def ladder_kind(kind: str) -> str:
    """The ladder's kind in one word: total, average, rating."""
    return str(LADDER_KINDS.get(kind, kind))


@register.filter
def declarers(dealer: str, record: Any) -> str:
    """The dealer's pair, who alone may declare (the bidding variant), in the page's letters."""
    try:
        return seat_letters(record.side_of(dealer))
    except (AttributeError, KeyError, TypeError, ValueError):
        return ""


@register.simple_tag
def rubber_items(rubbers: list[Any]) -> SafeString:
    """The rubbers of the sheet, one line each: built here, not in a template loop, because the
    answer to every save and every watcher's poll carries them and a long table has many. A
    finished rubber's line never changes: each is written once per language (_rubber_line)."""
    language = get_language()
    lines = [
        _rubber_line(r.number, r.finished, r.winner, tuple(r.games_won.items()), language)
        for r in rubbers
    ]
    return mark_safe("\n".join(lines))  # noqa: S308 - every line is escaped


@lru_cache(maxsize=4096)
def _rubber_line(
    number: int, finished: bool, winner: str | None, games: tuple[tuple[str, int], ...], _lang: str
) -> str:
    if finished:
        text = _("Rubber %(n)s won by %(side)s") % {"n": number, "side": seat_letters(winner)}
    else:
        text = _("Rubber %(n)s in play") % {"n": number}
    return f"<li>{escape(text)} ({escape(games_won_text(games))})</li>"
