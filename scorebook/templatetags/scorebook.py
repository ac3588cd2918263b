"""Template filters and tags of the score book: each asks scorebook/display/ what to show and
renders its partial (templates/display/); no HTML is written here."""

from __future__ import annotations

import base64
import functools
from typing import Any

import pyphen
from django import template
from django.utils import translation
from django.utils.safestring import SafeString

from players.models import roster_order
from scorebook.display import clubs, deals, forms, pad, text
from scorebook.display.messages import field_label
from scorebook.display.numbers import ladder_value
from scorebook.display.stakes import stake_words
from scorebook.display.variants import GAMES, SEAT_NAMES, SUITS, seat_letters, variant_name

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
    return deals.suit_html(key)


@register.filter
def suit_name(key: str) -> str:
    return str(SUITS[key][1]) if key in SUITS else ""


@register.filter
def seat_name(key: str) -> str:
    return str(SEAT_NAMES.get(key, key))


@register.filter
def deal_summary(data: dict[str, Any], aces: bool = False) -> SafeString:
    """One line for the deal log (display.deals.summary); ``aces``: the honours are the aces
    (Rules.honours_are_aces), and the line calls them so."""
    return deals.summary_html(data, aces)


@register.simple_tag
def over_count_style() -> SafeString:
    """The counter style of the counted rest of a deal (Hussar, site.css) past 13 tricks."""
    return forms.over_count_style()


@register.filter
def errors_for(form: Any, group: str) -> list[str]:
    return list(form.errors_for(group))


@register.filter
def invalid_attrs(field: Any, groups: str = "") -> SafeString:
    """For a refused deal: ties a control to the messages under it, for a screen reader, as
    attributes of its own tag (`` aria-invalid="true" aria-describedby="…"``), or nothing.
    ``field`` is a bound field of the deal form; ``groups`` the messages' groups (the field's
    name when not given)."""
    return forms.invalid_attrs_html(field.form, groups or field.name)


@register.filter
def described(field: Any, groups: str = "") -> SafeString:
    """A bound field's widget, tied to its messages as invalid_attrs says."""
    return field.as_widget(attrs=forms.invalid_attrs(field.form, groups or field.name))  # type: ignore[no-any-return]


@register.filter
def field_labels(names: list[str]) -> str:
    """Record field names (``tricks``, ``honours`` ...) as words of the interface."""
    return ", ".join(field_label(n) for n in names)


@register.simple_tag
def pad_above_rows(pad_: pad.Pad) -> SafeString:
    """The rows above the line."""
    return pad.lines_html(pad.above_lines(pad_))


@register.simple_tag
def pad_below_rows(pad_: pad.Pad) -> SafeString:
    """The rows below the line, game by game, with the rule and label under each game."""
    return pad.lines_html(pad.below_lines(pad_))


@register.simple_tag
def rubber_items(rubbers: list[Any]) -> SafeString:
    """The rubbers of the sheet, one line each."""
    return pad.rubbers_html(rubbers)


def _names(context: Any) -> tuple[dict[str, str] | None, str | None]:
    """The players in the seats and the dummy's seat, as the table page has them."""
    shape = context.get("shape")
    return context.get("seat_names"), (shape.dummy if shape is not None else None)


@register.simple_tag(takes_context=True)
def log_head(context: Any, deal: Any) -> SafeString:
    """A deal's number and dealer, as every line of the log starts (an undone deal's too)."""
    return deals.head_html(deal.number, deal.data.get("dealer"), *_names(context))


@register.simple_tag(takes_context=True)
def deal_log_items(
    context: Any, log: list[Any], can_edit: bool, token: str, was: dict[int, Any] | None = None
) -> SafeString:
    """The list of deals (display.deals.log_lines), the undo button on the last one
    (``last_number`` in the context) for a scorer."""
    names, dummy = _names(context)
    shape = context.get("shape")
    lines = deals.log_lines(
        log,
        names=names,
        dummy=dummy,
        aces=bool(shape is not None and shape.aces),
        token=token,
        can_edit=can_edit,
        was=was,
        confirming=getattr(context.get("table"), "confirmation", "off") != "off",
    )
    last = context.get("last_number") if can_edit else None
    undo = deals.undo_form(token, last, context.get("undo_nonce") or "") if last else None
    return deals.log_html(context, lines, undo)


@register.filter
def bdi(value: Any) -> SafeString:
    """Text a user typed (a name, a title), isolated from the words around it."""
    return text.bdi(value)


@register.filter
def side(code: str) -> str:
    return seat_letters(str(code or ""))


@register.filter
def signed(amount: Any) -> str:
    """+5, −5 (a true minus sign) or 0."""
    return text.signed(amount)


@register.filter
def by_name(players: Any) -> list[Any]:
    """Players as a roster lists them (by name, letter case aside, ё with е): a list of forty
    names to pick one from is read in that order, not in the draw's."""
    return sorted((p for p in players if p is not None), key=lambda p: roster_order(p.name))


@register.filter
def signed_average(amount: Any) -> str:
    """An average to one decimal, signed as every result is: +4,3, −2,7 (never "-2.7")."""
    if amount is None or amount == "":
        return ""
    return text.signed(round(float(amount), 1))


@register.filter
def svg_image(svg: Any) -> str:
    """A drawn SVG as an image's ``data:`` address: WeasyPrint prints an SVG image, not an
    ``<svg>`` written in the page (it laid out its labels as text)."""
    return "data:image/svg+xml;base64," + base64.b64encode(str(svg).encode()).decode()


@register.filter
def percent(share: Any) -> str:
    """A share as a whole percentage: 62% (62 % in Russian)."""
    return text.percent(share)


@register.filter
def club_stake(club: Any) -> str:
    """The stake a club's new tables start with, in words: "1 ₽ a point"."""
    return stake_words(club.stake, club.stake_currency, club.stake_coin)


@register.filter
def sides_label(sides: Any) -> str:
    """All sides in the interface's letters, e.g. NS–EW (СЮ–ВЗ)."""
    return text.sides_label(sides)


register.filter("ladder_value", ladder_value)


@register.filter
def variant_label(key: str) -> str:
    return str(variant_name(key))


@register.filter
def contract_game(key: str) -> str:
    return str(GAMES.get(key, key))


@register.filter
def ladder_kind(kind: str) -> str:
    """The ladder's kind in one word: total, average, rating."""
    return text.ladder_kind(kind)


@register.filter
def declarers(dealer: str, record: Any) -> str:
    """The dealer's pair, who alone may declare (the bidding variant), in the page's letters."""
    try:
        return seat_letters(record.side_of(dealer))
    except (AttributeError, KeyError, TypeError, ValueError):
        return ""


@register.filter
def log_what(entry: Any) -> SafeString:
    """A line of the club's history in words (display.clubs)."""
    return clubs.log_what(entry)


@functools.cache
def _hyphenator(language: str) -> pyphen.Pyphen:
    return pyphen.Pyphen(lang=language if language in pyphen.LANGUAGES else "en")


@register.filter
def hyphenate(words: Any) -> str:
    """Soft hyphens at the syllables of the page language's words (pyphen's dictionaries, the
    ones WeasyPrint hyphenates the PDFs with): a header word wider than its narrow column
    breaks as people break it, "Парт-нёры", never anywhere ("Парт/нёры" reads as nothing)."""
    hyphenator = _hyphenator((translation.get_language() or "en").split("-")[0])
    return " ".join(
        hyphenator.inserted(word, hyphen="\u00ad") if len(word) > 5 else word
        for word in str(words).split(" ")
    )
