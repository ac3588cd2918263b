"""The room's screen of a night in rounds or a whist drive (docs/clubs.md, *The room's screen*).

A night in rounds shows the round in play (its number of the plan's, each table's seating and
progress, who sits out), or, between two rounds, the next round's seating and the results of
the round just over, page about; the tournament's standings by the average per round, as the
night page ranks them, stay in view. A drive shows its round in play (the trump of each hand,
each table's players and tricks so far) and the drive's standings. Both show the round clock
when the organiser set one (scorebook.clubs.clock).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scorebook.clubs import clock, drive, seating
from scorebook.clubs.standings import TableAtGlance
from scorebook.tables.models import Evening

TOP = 10  # the standings' first players shown


@dataclass(frozen=True)
class Card:
    """A table on the screen: its number, its seats (seat, name, figure), and its progress."""

    number: int
    seats: list[tuple[str, str, Any]]
    started: bool = False
    played: int = 0
    done: bool = False
    pairs: tuple[int, int] | None = None  # a pairs event: the pair numbers of N-S and E-W
    hands: list[tuple[str, int | None]] | None = None  # a drive: each hand's trump, N-S tricks


@dataclass(frozen=True)
class Group:
    """A page of the screen: one round's tables, in one phase of it.

    ``phase``: "next" (its seating, not started yet), "playing", or "over" (its results)."""

    key: str
    number: int
    phase: str
    cards: list[Card]
    sit_out: list[str]

    @property
    def playing(self) -> int:
        return sum(1 for card in self.cards if not card.done)

    @property
    def done(self) -> int:
        return sum(1 for card in self.cards if card.done)


def _round_cards(
    plan_round: seating.RoundView,
    amounts: dict[int, dict[str, Any]],
    pair_of: dict[int, int] | None,
) -> list[Card]:
    cards = []
    for row in plan_round.tables:
        shown = amounts.get(row.table.pk, {}) if row.table is not None else {}
        seats = [
            (seat, who.name if who is not None else "", shown.get(seat) if row.table else None)
            for seat, who in row.seats
        ]
        pairs = None
        if pair_of is not None:
            by_seat = dict(row.seats)
            north, east = by_seat.get("N"), by_seat.get("E")
            if north is not None and east is not None:
                pairs = (pair_of.get(north.pk, 0), pair_of.get(east.pk, 0))
        cards.append(Card(row.number, seats, row.table is not None, row.played, row.done, pairs))
    return cards


def rounds_screen(night: Evening, glance: list[TableAtGlance]) -> dict[str, Any] | None:
    """What the room's screen shows of a night in rounds (None: the night is not in rounds)."""
    plan = seating.rounds_view(night)
    if plan is None:
        return None
    amounts = {row.table.pk: {s: amount for s, _n, amount in row.seats} for row in glance}
    pair_of = None
    if plan["format"] == seating.PAIRS:
        pair_of = {p.pk: (n + 1) // 2 for n, p in plan["numbers"] if p is not None}

    def group(key: str, plan_round: seating.RoundView, phase: str) -> Group:
        sit_out = [p.name for p in plan_round.sit_out if p is not None]
        cards = _round_cards(plan_round, amounts, pair_of)
        return Group(key, plan_round.number, phase, cards, sit_out)

    current, upcoming = plan["current_round"], plan["next_round"]
    if current is None:
        groups = [group("next", upcoming, "next")] if upcoming is not None else []
    elif not current.done:
        groups = [group("playing", current, "playing")]
    elif upcoming is not None:  # between two rounds: where to sit next, and how the last went
        groups = [group("next", upcoming, "next"), group("over", current, "over")]
    else:
        groups = [group("over", current, "over")]
    rows = seating.round_standings(plan)  # ranked: equal averages share a place
    return {
        "mode": "rounds",
        "format": plan["format"],
        "rounds": len(plan["rounds"]),
        "deals": plan["deals"],
        "groups": groups,
        "finished": current is not None and current.done and upcoming is None,
        "cards": max((len(g.cards) for g in groups), default=0),
        "standings": rows[:TOP],
        "more": max(0, len(rows) - TOP),
        "clock": clock.clock_of(night) if current is not None and not current.done else None,
    }


def drive_screen(night: Evening) -> dict[str, Any] | None:
    """What the room's screen shows of a whist drive (None: the night is not a drive)."""
    if not drive.in_drive(night):
        return None
    shown = drive.view(night)
    cards = []
    trumps: list[str] = []
    for row in shown["last"] if shown["over"] else shown["tables"]:
        trumps = row.trumps
        ns = sum(t for t in row.entered if t is not None)
        ew = 13 * row.count - ns
        side = {"N": ns, "S": ns, "E": ew, "W": ew}
        seats = [(seat, who.name if who else "", side[seat]) for seat, who in row.seats]
        hands = list(zip(row.trumps, row.entered, strict=True))
        cards.append(Card(row.number, seats, True, row.count, row.done, None, hands))
    rows = [
        {"rank": s["rank"], "name": s["player"].name if s["player"] else "", "score": s["score"]}
        for s in shown["standings"]
    ]
    if shown["over"]:  # the last round's results stay on the screen beside the standings
        groups = [Group("over", shown["played"], "over", cards, [])] if cards else []
    else:
        groups = [Group("playing", shown["round"], "playing", cards, [])]
    return {
        "mode": "drive",
        "round": shown["round"],
        "rounds": shown["rounds"],
        "hands": shown["hands"],
        "trumps": trumps,
        "over": shown["over"],
        "groups": groups,
        "cards": len(cards),
        "standings": rows[:TOP] if shown["played"] else [],
        "more": max(0, len(rows) - TOP) if shown["played"] else 0,
        "clock": None if shown["over"] else clock.clock_of(night),
    }
