"""The house's lines between apps: ``players`` never imports ``scorebook``."""

from __future__ import annotations

import ast
from pathlib import Path

PLAYERS = Path(__file__).resolve().parents[2] / "players"


def _imports(path: Path) -> list[str]:
    names = []
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and not node.level:
            names.append(node.module or "")
    return names


def test_no_module_of_players_imports_scorebook():
    modules = sorted(PLAYERS.rglob("*.py"))
    assert len(modules) > 3  # the app is there: models, ladder, migrations

    for path in modules:
        for name in _imports(path):
            assert name.split(".")[0] != "scorebook", f"{path.relative_to(PLAYERS)} imports {name}"
