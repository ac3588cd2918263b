"""Records for the printed-sheet tests and benchmarks: example R1, a long evening's table,
a table with everything a sheet marks, and a bidding table with contra and recontra."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

EXAMPLES = Path(__file__).resolve().parents[1] / "rules" / "examples"
SEATS = ("N", "E", "S", "W")
PLAYERS = {"N": "Anna", "E": "Boris", "S": "Vera", "W": "Gleb"}
RUSSIAN_PLAYERS = {"N": "Анна", "E": "Борис", "S": "Вера", "W": "Глеб"}


def r1_record() -> dict[str, Any]:
    """Example R1 (``tests/rules/examples/R1.json``): NS 50, EW 10, NS win 40."""
    return json.loads((EXAMPLES / "R1.json").read_text())


def long_record(
    players: dict[str, str] | None = None, seed: int = 10, deals: int = 40
) -> dict[str, Any]:
    """Forty Russian deals, three finished rubbers, one misdeal (17 + 1) and two revokes.

    The deals are drawn from a fixed seed; ``test_pdf`` checks that they still make three
    rubbers (with the default seed and number of deals).
    """
    rng = random.Random(seed)
    written: list[dict[str, Any]] = []
    for i in range(deals):
        dealer = SEATS[i % 4]
        if i == 17:
            written.append({"dealer": dealer, "void": "misdeal"})
            continue
        ns = rng.choice([5, 6, 6, 7, 7, 7, 8])
        honours = rng.choice([0, 1, 2, 3, 4, 5])
        deal: dict[str, Any] = {
            "dealer": dealer,
            "trump": "SHDC"[i % 4],
            "tricks": {"NS": ns, "EW": 13 - ns},
            "honours": {"NS": honours, "EW": 5 - honours},
        }
        if i in (9, 30):
            deal["revokes"] = [{"seat": "E" if i == 9 else "S", "penalty": "add"}]
        written.append(deal)
    return {
        "format": "whist-record/1",
        "variant": "russian",
        "players": dict(players or PLAYERS),
        "deals": written,
    }


def rich_record(players: dict[str, str] | None = None) -> dict[str, Any]:
    """A short Russian table with an option, a revoke, a slam, a misdeal and a note."""
    return {
        "format": "whist-record/1",
        "variant": "russian",
        "options": {"revoke.amount": 6},
        "players": dict(players or RUSSIAN_PLAYERS),
        "meta": {"title": "Четверг", "place": "Клуб на Мойке", "date": "2025-03-06"},
        "deals": [
            {
                "dealer": "N",
                "trump": "H",
                "tricks": {"NS": 8, "EW": 5},
                "honours": {"NS": 3, "EW": 2},
            },
            {
                "dealer": "E",
                "trump": "S",
                "tricks": {"NS": 4, "EW": 9},
                "honours": {"NS": 1, "EW": 4},
                "revokes": [{"seat": "N", "penalty": "add"}],
            },
            {"dealer": "S", "void": "misdeal", "note": "a card face up"},
            {
                "dealer": "W",
                "trump": "D",
                "tricks": {"NS": 12, "EW": 1},
                "honours": {"NS": 4, "EW": 1},
            },
        ],
    }


def progulochny_record() -> dict[str, Any]:
    """Bidding whist: a trump game with contra, a Grand with recontra."""
    return {
        "format": "whist-record/1",
        "variant": "progulochny",
        "players": dict(PLAYERS),
        "deals": [
            {
                "dealer": "N",
                "contract": {"side": "NS", "game": "trump", "trump": "H"},
                "doubling": "contra",
                "tricks": {"NS": 8, "EW": 5},
                "honours": {"NS": 3, "EW": 2},
            },
            {
                "dealer": "E",
                "contract": {"side": "EW", "game": "grand"},
                "doubling": "recontra",
                "tricks": {"NS": 4, "EW": 9},
            },
        ],
    }


# The honours a deal writes in each variant of the A5 tests (Flying Duck scores none).
HONOURS = {"english-short": 4, "russian": 5, "anfilada": 5, "flying-duck": 0}


def evening_record(variant: str, deals: int, seed: int = 7) -> dict[str, Any]:
    """A club night's table of ``variant`` with every line of the header filled: a title,
    the date, the place and the club, and ``deals`` plain deals drawn from a fixed seed."""
    rng = random.Random(seed)
    honours = HONOURS[variant]
    written: list[dict[str, Any]] = []
    for i in range(deals):
        ns = rng.choice([4, 5, 6, 7, 7, 8, 8, 9, 10])
        held = rng.randint(0, honours)
        deal: dict[str, Any] = {
            "dealer": SEATS[i % 4],
            "trump": rng.choice("SHDC"),
            "tricks": {"NS": ns, "EW": 13 - ns},
        }
        if honours:
            deal["honours"] = {"NS": held, "EW": honours - held}
        written.append(deal)
    return {
        "format": "whist-record/1",
        "variant": variant,
        "players": {"N": "Анна Петрова", "E": "Борис", "S": "Вера", "W": "Глеб"},
        "meta": {
            "title": "Пятница, стол у окна",
            "date": "2026-11-20",
            "place": "Клуб на Мойке, 12",
            "club": "Клуб любителей виста · Пятничный вечер",
        },
        "deals": written,
    }
