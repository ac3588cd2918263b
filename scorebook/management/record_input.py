"""Reading a record for a management command: a file, or standard input for ``-``."""

from __future__ import annotations

import sys

from django.core.management.base import CommandError


def read_record_bytes(path: str, limit: int | None = None) -> bytes:
    """The bytes of the record at ``path`` (``-``: standard input), or a one-line CommandError.

    With a ``limit``, at most ``limit + 1`` bytes are read, and a longer file is refused with
    the import page's verdict: the file is too large for a record.
    """
    size = -1 if limit is None else limit + 1
    try:
        if path == "-":
            data = sys.stdin.buffer.read(size)
        else:
            with open(path, "rb") as handle:
                data = handle.read(size)
    except OSError as exc:
        raise CommandError(f"cannot read {path}: {exc.strerror}") from None
    if limit is not None and len(data) > limit:
        raise CommandError(
            f"{'standard input' if path == '-' else path}: the file is too large for a record "
            f"(at most {limit:,} bytes)"
        )
    return data
