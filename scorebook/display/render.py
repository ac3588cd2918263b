"""Rendering the display layer's templates (``templates/display/``) from its view models.

Views, template tags and the printed sheets render the same partials through here. A line
that never changes once written (a pad row, a deal's line in the log, a rubber's line) is
rendered once per language and kept: its view model is an immutable value (a NamedTuple of
texts and numbers), which is the whole of what the partial reads, so it is the key. A long
table's page is rendered on every visit and every save's answer carries a few of its lines;
rendering its hundreds of lines in template loops each time cost three times what the Python
string building did.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from functools import lru_cache
from typing import Any

from django.template import Context
from django.template.loader import get_template
from django.utils.safestring import SafeString
from django.utils.translation import get_language

# Lines kept per process: a 2,000-deal table's pad rows (two a deal at most) and deal lines
# fit, and a club night's twelve tables many times over.
KEPT_LINES = 8192


def render(template: str, context: Mapping[str, Any]) -> SafeString:
    """``template`` ("display/pad.html#row": a partial) rendered with ``context``."""
    return SafeString(get_template(template).render(dict(context)))


def render_in(context: Context, template: str, **values: Any) -> SafeString:
    """``template`` rendered in a template's own ``context`` (its request, its CSRF token),
    with ``values`` added: for a template tag whose partial needs them."""
    with context.push(**values):
        return SafeString(get_template(template).template.render(context))  # type: ignore[attr-defined]


def render_kept(template: str, name: str, model: Hashable, **flags: Hashable) -> SafeString:
    """``template`` rendered with ``model`` as ``name`` (and ``flags``, e.g. ``printed``),
    once per language: ``model`` must hold all the partial reads."""
    return _kept(template, name, model, tuple(sorted(flags.items())), get_language())


@lru_cache(maxsize=KEPT_LINES)
def _kept(
    template: str,
    name: str,
    model: Hashable,
    flags: tuple[tuple[str, Hashable], ...],
    _language: str | None,
) -> SafeString:
    return render(template, {name: model, **dict(flags)})
