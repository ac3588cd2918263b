"""From scored records to ladder tables: the bridge between the rules engine and ``players.ladder``.

Django-free, like the two modules it joins: :func:`table_result` turns one scored record into
the :class:`~players.ladder.TableResult` a ladder reads (the web app calls it with its own
player ids), and :func:`load_ladder_records` reads record files for the ``ladder`` command.
"""

from __future__ import annotations

import datetime
import json
import os
import sys
from collections.abc import Iterable, Mapping

from players.ladder import PlayerKey, TableResult
from scorebook.rules import Record, RecordError, Sheet, calendar_date, parse_record, score

STDIN = "-"  # the path that reads one record from standard input


def input_name(path: str) -> str:
    """How messages name a record's path: ``-`` is "standard input"."""
    return "standard input" if path == STDIN else path


class LadderInputError(ValueError):
    """A record file that cannot go into a ladder; ``str(error)`` is one line naming the file
    (and, for a record that breaks the rules, the deal and the field)."""


def table_result(
    record: Record,
    sheet: Sheet,
    date: datetime.date,
    players: Mapping[str, PlayerKey | None] | None = None,
) -> TableResult:
    """What the table of ``record``, scored as ``sheet`` on ``date``, brings to a ladder.

    ``players`` maps seats to the keys the ladder knows players by; it defaults to the record's
    names. A seat it leaves out (or maps to ``None``) has no player: the dummy, or a guest the
    ladder does not rank. A team is its side's players in seat order (``NS``: North, South).
    The variant is a partnership one when one of its sides holds two seats. The table is
    ``played`` when at least one of its deals scored (neither void nor redealt).

    Raises :class:`ValueError` when one player is given two seats.
    """
    keys = dict(record.players) if players is None else dict(players)
    seats = record.preset.seats
    seated = {seat: keys[seat] for seat in seats if keys.get(seat) is not None}
    seen: dict[PlayerKey, str] = {}
    for seat, player in seated.items():
        if player in seen:
            raise ValueError(f"player {player!r} sits at {seen[player]} and {seat}")
        seen[player] = seat
    sides = {side: [seat for seat in seats if record.side_of(seat) == side] for side in sheet.sides}
    return TableResult(
        date=date,
        variant=record.variant,
        teams={
            side: tuple(seated[seat] for seat in side_seats if seat in seated)
            for side, side_seats in sides.items()
        },
        settlement={player: sheet.settlement_players[seat] for seat, player in seated.items()},
        rubber_winners=tuple(
            rubber.winner
            for rubber in sheet.rubbers
            if rubber.finished and rubber.winner is not None
        ),
        partnership=any(len(side_seats) == 2 for side_seats in sides.values()),
        played=sheet.played,
    )


def load_ladder_records(paths: Iterable[str]) -> list[TableResult]:
    """Read, check and score the record files of one ladder, one table each, in the order given.

    Every record needs ``meta.date`` as ``YYYY-MM-DD`` and the variant of the first record.
    ``-`` reads one record from standard input, as ``manage.py score -`` does. Raises
    :class:`LadderInputError` naming the first file that fails.
    """
    paths = list(paths)
    seen: dict[str, str] = {}  # a file's real path (or -) -> the path it was given as
    for path in paths:
        real = path if path == STDIN else os.path.realpath(path)
        if real in seen:
            raise LadderInputError(
                "standard input can be given once (-): it holds one record"
                if real == STDIN
                else f"{path}: the same file as {seen[real]}: each record counts once in a ladder"
            )
        seen[real] = path
    tables: list[TableResult] = []
    first: tuple[str, str] | None = None  # (name, variant) of the first record
    for path in paths:
        table = _load(path)
        name = input_name(path)
        if first is None:
            first = (name, table.variant)
        elif table.variant != first[1]:
            raise LadderInputError(
                f"{name}: field 'variant': {table.variant!r}, but {first[0]} is {first[1]!r}: "
                "a ladder takes records of one variant"
            )
        tables.append(table)
    return tables


def _load(path: str) -> TableResult:
    name = input_name(path)  # what the messages call it
    try:
        if path == STDIN:
            text = sys.stdin.buffer.read()
        else:
            with open(path, "rb") as handle:
                text = handle.read()
    except OSError as exc:
        raise LadderInputError(f"cannot read {name}: {exc.strerror}") from None
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise LadderInputError(f"{name}: not valid JSON: {exc}") from None
    try:
        record = parse_record(data)
        date = _date(record.meta)
        sheet = score(record)
    except RecordError as exc:
        raise LadderInputError(f"{name}: {exc}") from None
    try:
        return table_result(record, sheet, date)
    except ValueError as exc:  # one player at two seats
        raise LadderInputError(f"{name}: field 'players': {exc}") from None


def _date(meta: Mapping[str, object]) -> datetime.date:
    value = meta.get("date")
    if value is None:
        raise RecordError("a ladder needs the date of the table (YYYY-MM-DD)", field="meta.date")
    return calendar_date(value)  # the engine's one rule (parse_record has checked it already)
