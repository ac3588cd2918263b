"""Reading a record for a management command: a file, or standard input for ``-``."""

from __future__ import annotations

import sys

from django.core.management.base import CommandError


def read_record_bytes(path: str) -> bytes:
    """The bytes of the record at ``path`` (``-``: standard input), or a one-line CommandError."""
    try:
        if path == "-":
            return sys.stdin.buffer.read()
        with open(path, "rb") as handle:
            return handle.read()
    except OSError as exc:
        raise CommandError(f"cannot read {path}: {exc.strerror}") from None
