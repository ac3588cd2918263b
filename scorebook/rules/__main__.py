"""The engine without Django: ``python -m scorebook.rules score RECORD.json [--json] [--indent N]``.

The same output as ``manage.py score``, without Django's start-up (the engine needs none): a
readable sheet, or the score output as compact JSON (``--indent`` for people). A
record that breaks the rules exits 1 with one line on standard error naming the deal and the
field.
"""

from __future__ import annotations

import argparse
import sys

from . import RecordError, load_record, score, score_json
from .text import render


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m scorebook.rules")
    commands = parser.add_subparsers(dest="command", required=True)
    scoring = commands.add_parser("score", help="score a whist record")
    scoring.add_argument("record", help="path of the record file, or - for standard input")
    scoring.add_argument("--json", action="store_true", help="print the score output as JSON")
    scoring.add_argument("--indent", type=int, default=None, help="indent the JSON output")
    args = parser.parse_args(argv)

    try:
        if args.record == "-":
            text = sys.stdin.buffer.read()
        else:
            with open(args.record, "rb") as handle:
                text = handle.read()
    except OSError as exc:
        print(f"error: cannot read {args.record}: {exc.strerror}", file=sys.stderr)
        return 1
    try:
        if args.json or args.indent is not None:
            sys.stdout.write(score_json(text, indent=args.indent) + "\n")
            return 0
        record = load_record(text)
        sys.stdout.write(render(record, score(record)))
    except RecordError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
