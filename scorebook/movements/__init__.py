"""Movements: seating plans for nights played in rounds, and the whist drive.

Standard library only, no Django import (a test fails if that changes), typed with
``mypy --strict``. The public API (docs/movements.md)::

    plan = individual(12, rounds=None)      # a whist tournament: partners change every round
    plan = pairs(7, rounds=None)            # a round robin of fixed partnerships
    drive = progressive(8, results, hands=4, trumps="HCDS")   # a whist drive from its results

    individual_document(plan)               # the whist-movement/1 document
    pairs_document(plan)                    # the whist-movement/1 document
    drive_document(drive)                   # the whist-drive/1 document
    dumps(document)                         # its JSON text

Bad numbers or results raise :class:`MovementError`, one line saying what is wrong. Every
plan is checked against its rules before it is returned (:class:`PlanCheckError` if one ever
failed: a bug, never bad input).
"""

from __future__ import annotations

from .documents import drive_document, dumps, individual_document, pairs_document
from .drive import Drive, DriveGame, Standing, check_drive_options, progressive
from .individual import MAX_PLAYERS, MIN_PLAYERS, individual
from .pairs import pairs
from .plans import (
    IndividualPlan,
    MovementError,
    PairsPlan,
    PairsRound,
    PlanCheckError,
    Round,
    Span,
)
from .text import drive_text, individual_text, pairs_text

__all__ = [
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "Drive",
    "DriveGame",
    "IndividualPlan",
    "MovementError",
    "PairsPlan",
    "PairsRound",
    "PlanCheckError",
    "Round",
    "Span",
    "Standing",
    "check_drive_options",
    "drive_document",
    "drive_text",
    "dumps",
    "individual",
    "individual_document",
    "individual_text",
    "pairs",
    "pairs_document",
    "pairs_text",
    "progressive",
]
