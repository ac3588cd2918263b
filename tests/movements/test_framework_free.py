"""The movements package is standard library only: no Django, no third-party import."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "scorebook" / "movements"


def test_no_module_of_the_package_imports_anything_outside_the_standard_library():
    for path in sorted(PACKAGE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and not node.level:
                names = [node.module or ""]
            else:
                continue
            for name in names:
                top = name.split(".")[0]
                assert top in sys.stdlib_module_names or top == "__future__", (
                    f"{path.name} imports {name}"
                )


def test_making_plans_and_drives_loads_no_django():
    code = (
        "import sys, scorebook.movements as m;"
        "m.dumps(m.individual_document(m.individual(13)));"
        "m.dumps(m.pairs_document(m.pairs(7)));"
        "m.dumps(m.drive_document(m.progressive(8, [[[7] * 4, [6] * 4]])));"
        "bad=[n for n in sys.modules if n.split('.')[0] in ('django','scorebook') "
        "and not n.startswith('scorebook.movements') and n != 'scorebook'];"
        "print(bad); sys.exit(1 if bad else 0)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=PACKAGE.parents[1],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
