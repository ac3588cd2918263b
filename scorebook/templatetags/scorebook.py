"""Template filters for the score pad: suits with spoken names, seats, deal summaries."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from scorebook.engine_messages import field_label
from scorebook.variants import GAMES, SEAT_NAMES, SUITS

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
    if not key or key not in SUITS:
        return format_html('<span class="no-trump">{}</span>', _("no trump"))
    sign, name = SUITS[key]
    return format_html(
        '<span class="suit suit-{}" role="img" aria-label="{}">{}</span>', key, name, sign
    )


@register.filter
def suit_name(key: str) -> str:
    return str(SUITS[key][1]) if key in SUITS else ""


@register.filter
def seat_name(key: str) -> str:
    return str(SEAT_NAMES.get(key, key))


@register.filter
def deal_summary(data: dict[str, Any]) -> SafeString:
    """One line for the deal log: trump, contract, tricks, honours, revokes."""
    if data.get("void"):
        kind = _("misdeal") if data["void"] == "misdeal" else _("redeal")
        return format_html("<em>{}</em>", kind)
    parts: list[SafeString] = []
    contract = data.get("contract")
    if contract:
        game = (
            suit(contract.get("trump"))
            if contract.get("game") == "trump"
            else GAMES.get(contract.get("game"), contract.get("game"))
        )
        doubling = {"contra": _("contra"), "recontra": _("recontra")}.get(
            data.get("doubling", ""), ""
        )
        parts.append(format_html("{}: {} {}", contract.get("side"), game, doubling))
    elif "trump" in data:
        parts.append(suit(data.get("trump")))
    if data.get("special_suit"):
        parts.append(format_html("{} {}", _("special"), suit(data["special_suit"])))
    tricks = data.get("tricks") or {}
    if tricks:
        parts.append(
            format_html(
                "{} {}",
                _("tricks"),
                format_html_join("–", "{}", ((v,) for v in tricks.values())),
            )
        )
    honours = data.get("honours") or {}
    if honours:
        parts.append(
            format_html(
                "{} {}", _("honours"), format_html_join("–", "{}", ((v,) for v in honours.values()))
            )
        )
    if data.get("called"):
        parts.append(format_html("{} {}", data["called"], _("called")))
    for revoke in data.get("revokes") or []:
        parts.append(
            format_html('<span class="revoke">{} {}</span>', _("revoke"), revoke.get("seat"))
        )
    return format_html_join(" · ", "{}", ((p,) for p in parts))


@register.filter
def errors_for(form: Any, group: str) -> list[str]:
    return list(form.errors_for(group))


@register.filter
def field_labels(names: list[str]) -> str:
    """Record field names (``tricks``, ``honours`` ...) as words of the interface."""
    return ", ".join(field_label(n) for n in names)
