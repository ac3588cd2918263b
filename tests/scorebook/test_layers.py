"""The display layer is the one place that writes HTML and reads the engine for the pages
(docs/architecture.md): templates read its view models, not the engine's record, and neither
the template tags nor the players app build HTML in Python."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# An engine record's attributes, as a template would reach them: record.rules.…, preset.entry…
ENGINE = re.compile(r"\{[{%][^}]*\b(record\.(rules|preset|sides|dummy|players)|preset\.entry)\b")
HTML_IN_PYTHON = re.compile(r"format_html|mark_safe|f\"<[a-z]|f'<[a-z]")


@pytest.mark.parametrize(
    "template", sorted(ROOT.glob("templates/**/*.html")), ids=lambda p: str(p.relative_to(ROOT))
)
def test_templates_read_view_models_not_the_engines_record(template):
    found = ENGINE.search(template.read_text(encoding="utf-8"))

    assert found is None, found and found.group(0)


@pytest.mark.parametrize(
    "module",
    [*sorted((ROOT / "players").glob("*.py")), ROOT / "scorebook/templatetags/scorebook.py"],
    ids=lambda p: str(p.relative_to(ROOT)),
)
def test_no_html_is_built_outside_the_display_layer(module):
    found = HTML_IN_PYTHON.search(module.read_text(encoding="utf-8"))

    assert found is None, found and found.group(0)
