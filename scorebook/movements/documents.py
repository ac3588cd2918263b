"""The ``whist-movement/1`` and ``whist-drive/1`` documents, and their JSON text.

The text puts each top-level key on a line of its own and each item of a top-level list (a
round, a seating, a standing) on one line, so that a plan reads round by round.
"""

from __future__ import annotations

import json
from typing import Any

from .drive import Drive, DriveGame
from .plans import IndividualPlan, PairsPlan, Seats

MOVEMENT_FORMAT = "whist-movement/1"
DRIVE_FORMAT = "whist-drive/1"


def individual_document(plan: IndividualPlan) -> dict[str, Any]:
    """The ``whist-movement/1`` document of an individual plan."""
    return {
        "format": MOVEMENT_FORMAT,
        "kind": "individual",
        "players": plan.players,
        "rounds": [
            {
                "round": r.number,
                "games": [_seats(t, seats) for t, seats in enumerate(r.games, start=1)],
                "sit_out": list(r.sit_out),
            }
            for r in plan.rounds
        ],
        "partners": plan.partners.to_dict(),
        "opponents": plan.opponents.to_dict(),
        "sit_outs": plan.sit_outs.to_dict(),
    }


def pairs_document(plan: PairsPlan) -> dict[str, Any]:
    """The ``whist-movement/1`` document of a pairs plan."""
    return {
        "format": MOVEMENT_FORMAT,
        "kind": "pairs",
        "pairs": plan.pairs,
        "rounds": [
            {
                "round": r.number,
                "games": [
                    {"table": t, "NS": ns, "EW": ew} for t, (ns, ew) in enumerate(r.games, start=1)
                ],
                "sit_out": list(r.sit_out),
            }
            for r in plan.rounds
        ],
        "meetings": plan.meetings.to_dict(),
        "ns_turns": plan.ns_turns.to_dict(),
        "sit_outs": plan.sit_outs.to_dict(),
    }


def drive_document(drive: Drive) -> dict[str, Any]:
    """The ``whist-drive/1`` document of a whist drive."""
    return {
        "format": DRIVE_FORMAT,
        "players": drive.players,
        "hands": drive.hands,
        "rounds": [
            {"round": number, "games": [_drive_game(game) for game in games]}
            for number, games in enumerate(drive.rounds, start=1)
        ],
        "next": [_seats(t, seats) for t, seats in enumerate(drive.next, start=1)],
        "standings": [
            {"rank": s.rank, "player": s.player, "score": s.score, "hands": s.hands}
            for s in drive.standings
        ],
    }


def _seats(table: int, seats: Seats) -> dict[str, int]:
    n, e, s, w = seats
    return {"table": table, "N": n, "E": e, "S": s, "W": w}


def _drive_game(game: DriveGame) -> dict[str, Any]:
    return {
        **_seats(game.table, game.seats),
        "trumps": list(game.trumps),
        "tricks": {"NS": list(game.ns), "EW": list(game.ew)},
        "winners": game.winners,
    }


def dumps(document: dict[str, Any]) -> str:
    """The document as JSON text: a key a line, a top-level list's item a line."""
    lines = []
    for key, value in document.items():
        if isinstance(value, list) and value:
            items = ",\n".join(f"    {json.dumps(item)}" for item in value)
            lines.append(f"  {json.dumps(key)}: [\n{items}\n  ]")
        else:
            lines.append(f"  {json.dumps(key)}: {json.dumps(value)}")
    return "{\n" + ",\n".join(lines) + "\n}"
