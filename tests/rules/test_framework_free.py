"""The engine is standard library only: no Django, no third-party import."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "scorebook" / "rules"


def test_no_module_of_the_engine_imports_anything_outside_the_standard_library():
    for path in sorted(ENGINE.glob("*.py")):
        tree = ast.parse(path.read_text(), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:  # a relative import stays inside the engine
                    continue
                names = [node.module or ""]
            else:
                continue
            for name in names:
                top = name.split(".")[0]
                assert top in sys.stdlib_module_names or top == "__future__", (
                    f"{path.name} imports {name}"
                )


def test_importing_and_using_the_engine_loads_no_django():
    code = (
        "import sys, json, scorebook.rules as r;"
        "r.score_text(sys.argv[1]);"
        "bad=[m for m in sys.modules if m.split('.')[0] in ('django','scorebook') "
        "and not m.startswith('scorebook.rules') and m != 'scorebook'];"
        "print(bad); sys.exit(1 if bad else 0)"
    )
    example = json.dumps(
        {
            "format": "whist-record/1",
            "variant": "russian",
            "players": {"N": "Anna", "E": "Boris", "S": "Vera", "W": "Gleb"},
            "deals": [{"trump": "H", "tricks": {"NS": 9, "EW": 4}, "honours": {"NS": 3, "EW": 2}}],
        }
    )
    result = subprocess.run(
        [sys.executable, "-c", code, example],
        cwd=ENGINE.parents[1],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
