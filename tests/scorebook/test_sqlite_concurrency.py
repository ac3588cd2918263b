"""Two phones saving at the same moment on the default SQLite database: one deal is saved, the
others get the ordinary conflict answer, and nobody gets "database is locked"."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = r"""
import threading, django
django.setup()
from django.core.management import call_command
from django.db import connection
call_command("migrate", verbosity=0)
from scorebook.tables import services

mode = connection.cursor().execute("PRAGMA journal_mode").fetchone()[0]
table = services.create_table(variant="russian", players={"N": "A", "E": "B", "S": "C", "W": "D"})
deal = {"dealer": "N", "trump": "H", "tricks": {"NS": 8, "EW": 5}, "honours": {"NS": 3, "EW": 2}}
start = threading.Barrier(8)
outcomes = []

def phone(i):
    start.wait()
    try:
        for number in range(1, 6):
            try:
                services.add_deal(table, {**deal, "dealer": "NESW"[(number - 1) % 4]},
                                  number=number, author=services.Author(label=f"p{i}"))
                outcomes.append("saved")
            except services.Conflict:
                outcomes.append("conflict")
    except Exception as error:
        outcomes.append(f"error {type(error).__name__}: {error}")
    finally:
        connection.close()

threads = [threading.Thread(target=phone, args=(i,)) for i in range(8)]
for t in threads: t.start()
for t in threads: t.join()
from scorebook.tables.models import Deal
print(mode, outcomes.count("saved"), outcomes.count("conflict"),
      Deal.objects.filter(table=table).count(),
      [o for o in outcomes if o.startswith("error")])
"""


def test_concurrent_saves_on_sqlite_conflict_and_never_fail(tmp_path):
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "scorebook.settings",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'race.sqlite3'}",
    }
    result = subprocess.run(
        [sys.executable, "-c", SCRIPT], cwd=ROOT, env=env, capture_output=True, text=True,
        timeout=300, check=False,
    )  # fmt: skip

    assert result.returncode == 0, result.stderr
    mode, saved, conflicts, deals, errors = result.stdout.split(maxsplit=4)
    assert errors.strip() == "[]"
    assert mode == "wal"
    assert (int(saved), int(deals)) == (5, 5)  # each of the five deal numbers saved once
    assert int(conflicts) == 8 * 5 - 5
