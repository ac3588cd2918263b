"""The score output (docs/record-format.md) and the ledger every scoring family writes into.

A family module scores one deal at a time by calling :meth:`Ledger.write` for every item and
:meth:`Ledger.win_game` when a side wins a game. The ledger keeps the running state (the
current game's below-the-line scores, games won in the rubber, the special suit, Anfilada's
carry), numbers games and rubbers across the record, and adds up the totals. Nothing here
knows a variant's scoring rules beyond the game label scale and the bonuses of its options
(docs/rules.md, The options a table can change).
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, NamedTuple

from .errors import RecordError
from .gcpause import paused_gc
from .model import Deal, Record, Rules, side_of
from .presets import ENGLISH

# Builds a named tuple from its fields in order, without the keyword-taking ``__new__`` that
# NamedTuple generates: twice as fast, for the rows made once per deal or entry.
_new_tuple = tuple.__new__

BELOW = "below"
ABOVE = "above"
NOT_SCORED = "not-scored"
CARRY = "carry"
UNCOUNTED = frozenset({NOT_SCORED, CARRY})  # informational entries: not part of any total

LABEL_POINTS = MappingProxyType({"single": 1, "double": 2, "treble": 3})


class Entry(NamedTuple):
    """One item written on the sheet (or, for ``not-scored``, one the rules discarded).

    The sheet's rows are named tuples rather than frozen dataclasses: just as immutable, and
    three times faster to build, which matters on a record of 50,000 deals.
    """

    side: str
    line: str
    points: int
    item: str
    reason: str | None = None  # why a not-scored item was discarded: game-won, barred, cap

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "side": self.side,
            "line": self.line,
            "points": self.points,
            "item": self.item,
        }
        if self.reason is not None:
            data["reason"] = self.reason
        return data


class DealScore(NamedTuple):
    """What one deal wrote. ``game`` and ``rubber`` say where it was played (0 for a void deal)."""

    number: int
    entries: tuple[Entry, ...]
    game_won_by: str | None
    rubber_won_by: str | None
    game: int
    rubber: int
    void: str | None
    below_after: Mapping[str, int]  # the current game's below-the-line score after the deal

    def to_dict(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "entries": [
                {"side": e[0], "line": e[1], "points": e[2], "item": e[3]}
                if e[4] is None
                else e.to_dict()
                for e in self.entries
            ],
            "game_won_by": self.game_won_by,
        }


class GameResult(NamedTuple):
    number: int
    rubber: int
    winner: str
    label: str
    game_points: int
    score: Mapping[str, int]
    deal: int  # the deal that won it

    def to_dict(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "rubber": self.rubber,
            "winner": self.winner,
            "label": self.label,
            "game_points": self.game_points,
            "score": dict(self.score),
        }


class RubberResult(NamedTuple):
    number: int
    finished: bool
    winner: str | None
    games_won: Mapping[str, int]

    def to_dict(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "finished": self.finished,
            "winner": self.winner,
            "games_won": dict(self.games_won),
        }


class KnownEntries(dict[tuple[str, str, int, str, str | None], Entry]):
    """The entries a ledger has written, each made once and shared: a long record writes the
    same few items again and again, and an entry is as immutable as a string."""

    def __missing__(self, key: tuple[str, str, int, str, str | None]) -> Entry:
        entry = self[key] = _new_tuple(Entry, key)
        return entry


Amount = int | float  # a shared dummy settlement can split an odd amount in halves


@dataclass(frozen=True, slots=True)
class Sheet:
    """The whole computed score of a record."""

    variant: str
    sides: tuple[str, ...]
    deals: tuple[DealScore, ...]
    games: tuple[GameResult, ...]
    rubbers: tuple[RubberResult, ...]
    below: Mapping[str, int]
    above: Mapping[str, int]
    total: Mapping[str, int]
    settlement_sides: Mapping[str, int]
    settlement_players: Mapping[str, Amount]

    @property
    def played(self) -> bool:
        """Whether any deal scored (neither void nor redealt): a table where none did is no
        one's session on a ladder or a night."""
        return any(deal.void is None for deal in self.deals)

    def to_dict(self) -> dict[str, Any]:
        """The score output (docs/record-format.md)."""
        with paused_gc():
            return self._to_dict()

    def to_json(self, deal_texts: list[str] | None = None) -> str:
        """The score output as compact JSON text, equal to ``json.dumps(self.to_dict())``.

        The deals, games and rubbers, the bulk of a long record, are written directly: every
        string in them is one of the engine's own names (sides, lines, items, reasons, labels),
        so nothing needs escaping, and no dict per row is built. A property test checks both
        agree. ``deal_texts``: the deals' JSON objects, already written (score.score_json()).
        """
        with paused_gc():
            head = json.dumps(
                {"format": "whist-score/1", "variant": self.variant, "sides": list(self.sides)},
                separators=(",", ":"),
            )
            deals = ",".join(_deals_json(self.deals) if deal_texts is None else deal_texts)
            games = ",".join(_games_json(self.games))
            rubbers = ",".join(_rubbers_json(self.rubbers))
            tail = self._to_dict(deals=False, rows=False)
            del tail["format"], tail["variant"], tail["sides"]
            del tail["deals"], tail["games"], tail["rubbers"]
            rest = json.dumps(tail, ensure_ascii=False, separators=(",", ":"))
            return (
                f'{head[:-1]},"deals":[{deals}],"games":[{games}],"rubbers":[{rubbers}],{rest[1:]}'
            )

    def _to_dict(self, deals: bool = True, rows: bool = True) -> dict[str, Any]:
        return {
            "format": "whist-score/1",
            "variant": self.variant,
            "sides": list(self.sides),
            "deals": [d.to_dict() for d in self.deals] if deals else [],
            "games": [g.to_dict() for g in self.games] if rows else [],
            "rubbers": [r.to_dict() for r in self.rubbers] if rows else [],
            "totals": {
                "below": dict(self.below),
                "above": dict(self.above),
                "total": dict(self.total),
            },
            "settlement": {
                "sides": dict(self.settlement_sides),
                "players": dict(self.settlement_players),
            },
        }


def draws_special(record: Record) -> bool:
    """A special suit is drawn for each game (or rubber) and named on its first deal."""
    return "specialSuit.drawn" in record.rules.preset.defaults


class Ledger:
    """The running score while a record's deals are scored in order."""

    # Slots, not an instance dict: the ledger has more attributes than CPython (3.11) keeps
    # in a dict's shared keys, and beyond that every attribute read and write, many of them
    # a deal, takes the dict's slower path.
    __slots__ = (
        "record",
        "rules",
        "sides",
        "english",
        "carry_excess",
        "special_suit_variant",
        "long_whist",
        "special_doubles",
        "by_hand",
        "slam_bonus",
        "honour_values",
        "side_of_holder",
        "zeros",
        "below",
        "games_won",
        "totals",
        "pending_carry",
        "rubber_no",
        "rubber_open",
        "game_no",
        "special",
        "games",
        "rubbers",
        "deals",
        "deal",
        "deal_text",
        "entries",
        "texts",
        "known_entries",
        "game_labels",
        "deal_texts",
        "effects",
        "game_won_by",
        "rubber_won_by",
    )

    def __init__(self, record: Record, *, as_json: bool = False) -> None:
        self.record = record
        self.rules = record.rules
        self.sides = record.sides
        self.english = record.preset.family == ENGLISH
        scoring = record.preset.scoring
        self.carry_excess = scoring.carry_excess
        self.special_suit_variant = draws_special(record)
        self.long_whist = scoring.long_whist
        self.special_doubles = scoring.special_suit_doubles
        self.by_hand = record.preset.honours_by_hand
        self.slam_bonus = bool(record.rules.small_slam or record.rules.grand_slam)
        rules = record.rules
        self.honour_values = dict(rules.honour_values)  # a dict reads faster than the proxy
        preset = record.preset
        # the side whose score a count of honours goes to, by the side or seat holding them
        self.side_of_holder = {
            **{seat: side_of(preset, seat) for seat in preset.seats},
            **{side: side for side in self.sides},
        }
        self.zeros = dict.fromkeys(self.sides, 0)
        self.below = self.zeros.copy()
        self.games_won = self.zeros.copy()
        self.totals = {BELOW: dict.fromkeys(self.sides, 0), ABOVE: dict.fromkeys(self.sides, 0)}
        self.pending_carry: dict[str, int] = {}
        self.rubber_no = 0
        self.rubber_open = False
        self.game_no = 0
        self.special: str | None = None
        self.games: list[GameResult] = []
        self.rubbers: list[RubberResult] = []
        self.deals: list[DealScore] = []
        # per deal
        self.deal: Deal | None = None
        # The JSON objects of the deal's entries, comma-separated, when its family knows them
        # (russian.score_deal()): right as long as the deal wins no game, after which nothing
        # else is written.
        self.deal_text: str | None = None
        self.entries: list[Entry] = []
        # Only the deals' JSON text (Sheet.to_json()), for score_json(): no rows are kept.
        self.texts: list[str] | None = [] if as_json else None
        self.forget_caches()

    # attributes that only make a long record faster
    CACHES = ("known_entries", "game_labels", "deal_texts", "effects")

    def fork(self) -> Ledger:
        """A copy that scores on without changing this one: its own running totals, and the
        games, rubbers and deals so far shared as they are (rows are immutable; a finished
        rubber's games_won is never written again). Its cost does not grow with the rubbers
        played, as a deep copy's would."""
        other = copy.copy(self)
        other.below = self.below.copy()
        other.games_won = self.games_won.copy()
        other.totals = {line: points.copy() for line, points in self.totals.items()}
        other.pending_carry = self.pending_carry.copy()
        other.games = self.games.copy()
        other.rubbers = self.rubbers.copy()
        other.deals = self.deals.copy()
        other.entries = []
        if self.texts is not None:
            other.texts = self.texts.copy()
        return other

    def forget_caches(self) -> None:
        self.known_entries = KnownEntries()
        self.game_labels = GameLabels(self.rules, self.long_whist, self.english)
        self.deal_texts = DealTexts()
        # A family's own memo of what a kind of deal writes (russian.score_deal())
        self.effects: dict[Any, Any] = {}
        self.game_won_by: str | None = None
        self.rubber_won_by: str | None = None

    # -- writing ----------------------------------------------------------------------------

    def write(
        self, side: str, line: str, points: int, item: str, reason: str | None = None
    ) -> None:
        self.entries.append(self.known_entries[side, line, points, item, reason])
        if item not in UNCOUNTED:
            self.totals[line][side] += points

    def error(
        self, message: str, field: str, *, code: str = "invalid", **params: object
    ) -> RecordError:
        number = self.deal.number if self.deal is not None else None
        return RecordError(message, deal=number, field=field, code=code, params=params)

    # -- deals ------------------------------------------------------------------------------

    def play(self, deal: Deal, score_deal: Callable[[Ledger, Deal], None]) -> None:
        """Score one more deal with its family's ``score_deal`` (a void or redealt deal scores
        nothing) and keep its row, or only its JSON text when the ledger writes JSON."""
        self.deal = deal
        entries = self.entries
        entries.clear()  # the deal before kept a tuple of them
        self.game_won_by = None
        self.rubber_won_by = None
        self.deal_text = None
        scored = deal.void is None and not deal.redealt
        if scored:
            if not self.rubber_open:
                self.open_rubber()
            if self.special_suit_variant:
                self._check_special_suit(deal)
            score_deal(self, deal)
        if self.texts is not None:  # Sheet.to_json() of the row, and no row
            known = self.deal_text
            if known is None or self.game_won_by is not None:
                rest = self.deal_texts[tuple(entries), self.game_won_by]
                self.texts.append(f'{{"number":{deal.number},{rest}')
            else:  # what DealTexts would give, in the one string the deal needs anyway
                self.texts.append(
                    f'{{"number":{deal.number},"entries":[{known}],"game_won_by":null}}'
                )
        elif scored:
            game = self.game_no + (0 if self.game_won_by else 1)
            self.keep(deal, game, self.rubber_no, None)
        else:
            self.keep(deal, 0, 0, deal.void or "redeal")

    def keep(self, deal: Deal, game: int, rubber: int, void: str | None) -> None:
        """Keep the deal's row."""
        self.deals.append(
            _new_tuple(
                DealScore,
                (
                    deal.number,
                    tuple(self.entries),
                    self.game_won_by,
                    self.rubber_won_by,
                    game,
                    rubber,
                    void,
                    self.below.copy(),  # below_after
                ),
            )
        )

    def open_rubber(self) -> None:
        self.rubber_no += 1
        self.rubber_open = True
        self.games_won = self.zeros.copy()
        self.below = self.zeros.copy()
        for side, points in self.pending_carry.items():
            self.below[side] = points
        self.pending_carry = {}

    def _check_special_suit(self, deal: Deal) -> None:
        per = "game" if self.rules.special_drawn == "perGame" else "rubber"
        if self.special is None:
            if deal.special_suit is None:
                raise self.error(
                    f"is required on the first deal of each {per}",
                    "special_suit",
                    code="special-required",
                )
            self.special = deal.special_suit
        elif deal.special_suit is not None and deal.special_suit != self.special:
            raise self.error(
                f"the special suit of this {per} is {self.special}, not {deal.special_suit}",
                "special_suit",
                code="special-mismatch",
                suit=self.special,
                got=deal.special_suit,
            )

    def add_below(self, side: str, points: int, item: str, capped: frozenset[str]) -> None:
        """Write points below the line for the current game.

        A deduction never takes a score below 0. A side in ``capped`` (it revoked on this deal)
        cannot reach the game target: the excess is written as not scored.
        """
        if points < 0:
            actual = max(points, -self.below[side])
            self.write(side, BELOW, actual, item)
            self.below[side] += actual
            return
        if side not in capped:  # the usual case, with write() inline: all of it scores
            self.entries.append(self.known_entries[side, BELOW, points, item, None])
            self.totals[BELOW][side] += points
            self.below[side] += points
            return
        scored = min(points, max(0, self.rules.game_target - 1 - self.below[side]))
        if scored:
            self.write(side, BELOW, scored, item)
            self.below[side] += scored
        if points > scored:
            self.write(side, BELOW, points - scored, NOT_SCORED, "cap")

    def odd_tricks(
        self, tricks: Mapping[str, int], book: int, per_trick: int, capped: frozenset[str]
    ) -> None:
        """Each side's tricks over the book, ``per_trick`` points each, below the line:
        add_below() for each side, with its usual case inline (once or twice a deal)."""
        entries, known, totals, below = (
            self.entries,
            self.known_entries,
            self.totals[BELOW],
            self.below,
        )
        for side, won in tricks.items():
            if won > book:
                points = (won - book) * per_trick
                if side in capped:
                    self.add_below(side, points, "tricks", capped)
                else:
                    entries.append(known[side, BELOW, points, "tricks", None])
                    totals[side] += points
                    below[side] += points

    def slams(self, tricks: Mapping[str, int], revoking: frozenset[str], multiplier: int) -> None:
        """Small and grand slam above the line, judged on the tricks won in play."""
        if max(tricks.values()) < 12:
            return
        rules = self.rules
        for side, won in tricks.items():
            bonus = rules.grand_slam if won == 13 else rules.small_slam if won == 12 else 0
            if not bonus:
                continue
            if side in revoking:
                self.write(side, ABOVE, bonus * multiplier, NOT_SCORED, "revoke")
            else:
                self.write(side, ABOVE, bonus * multiplier, "slam")

    # -- games ------------------------------------------------------------------------------

    def check_game(self) -> None:
        """Line scoring: after a deal, the unique highest score at or over the target wins."""
        below = self.below
        best = max(below.values())
        if best < self.rules.game_target:
            return
        # A loop rather than a list of the leaders: this runs on every game won (a game every
        # few deals), and a comprehension is a function call of its own.
        leader = None
        for side, points in below.items():
            if points == best:
                if leader is not None:  # an exact tie for the lead (Hussar) plays on
                    return
                leader = side
        assert leader is not None
        self.win_game(leader)

    def win_game(self, winner: str) -> None:
        rules, below = self.rules, self.below
        losers_best = 0  # below the line, nobody has less than 0
        for side, points in below.items():
            if points > losers_best and side != winner:
                losers_best = points
        label, game_points = self.game_labels[losers_best]
        self.game_no += 1
        # The game's score is the ledger's below-the-line dict itself: a new one replaces it
        # at once, and nothing writes to the old one again.
        self.below = self.zeros.copy()
        deal = self.deal.number if self.deal is not None else 0
        self.games.append(
            _new_tuple(
                GameResult, (self.game_no, self.rubber_no, winner, label, game_points, below, deal)
            )
        )
        self.game_won_by = winner
        if game_points:  # write(), inline: once a game in English whist
            self.entries.append(self.known_entries[winner, ABOVE, game_points, "game-bonus", None])
            self.totals[ABOVE][winner] += game_points
        if rules.game_bonus:
            self.write(winner, ABOVE, rules.game_bonus, "game-bonus")
        excess = 0
        if self.carry_excess:  # Anfilada carries what the winner scored over the target
            excess = min(max(0, below[winner] - rules.game_target), rules.game_target - 1)
        games_won = self.games_won
        games_won[winner] += 1
        if games_won[winner] < 2:
            if rules.special_drawn == "perGame":
                self.special = None
            if excess:
                self.below[winner] = excess
                self.write(winner, BELOW, excess, CARRY)
            return
        # the rubber is over
        self.special = None
        self.rubber_won_by = winner
        if rules.rubber_bonus:
            self.write(winner, ABOVE, rules.rubber_bonus, "rubber-bonus")
        self.rubbers.append(_new_tuple(RubberResult, (self.rubber_no, True, winner, games_won)))
        self.rubber_open = False  # open_rubber() makes new games_won
        if rules.carry_across_rubbers and excess:
            self.pending_carry = {winner: excess}
            self.write(winner, BELOW, excess, CARRY)

    # -- the end ----------------------------------------------------------------------------

    def sheet(self) -> Sheet:
        record = self.record
        rubbers = list(self.rubbers)
        if self.rubber_open:
            rubbers.append(RubberResult(self.rubber_no, False, None, dict(self.games_won)))
        below, above = self.totals[BELOW], self.totals[ABOVE]
        if self.english:
            total = dict(above)  # docs/rules.md, English short whist: only game points are settled
        else:
            total = {s: below[s] + above[s] for s in self.sides}
        n, everything = len(self.sides), sum(total.values())
        sides_net = {s: n * total[s] - everything for s in self.sides}
        return Sheet(
            variant=record.variant,
            sides=self.sides,
            deals=tuple(self.deals),
            games=tuple(self.games),
            rubbers=tuple(rubbers),
            below=MappingProxyType(dict(below)),
            above=MappingProxyType(dict(above)),
            total=MappingProxyType(total),
            settlement_sides=MappingProxyType(sides_net),
            settlement_players=MappingProxyType(_players_settlement(record, sides_net)),
        )


class GameLabels(dict[int, tuple[str, int]]):
    """A game's label and game points by the losers' best score below the line, each worked
    out once: a game is won every few deals. (It holds the rules, not the ledger: a reference
    back would make a cycle, which only the paused collector could free.)"""

    def __init__(self, rules: Rules, long_whist: bool, english: bool) -> None:
        super().__init__()
        self.target, self.english = rules.game_target, english
        # a game won from love
        self.love = "double" if long_whist and not rules.treble_in_long else "treble"

    def __missing__(self, losers_best: int) -> tuple[str, int]:
        if losers_best <= 0:
            label = self.love
        else:
            label = "double" if losers_best * 2 < self.target else "single"
        result = self[losers_best] = (label, LABEL_POINTS[label] if self.english else 0)
        return result


class DealTexts(dict[tuple[tuple[Entry, ...], str | None], str]):
    """A deal's JSON after its number, by its entries and game winner, each built once: the
    deals of a long record write the same few entries again and again."""

    def __missing__(self, key: tuple[tuple[Entry, ...], str | None]) -> str:
        entries, game_won_by = key
        won = "null" if game_won_by is None else f'"{game_won_by}"'
        text = self[key] = f'"entries":[{entries_json(entries)}],"game_won_by":{won}}}'
        return text


def entries_json(entries: tuple[Entry, ...]) -> str:
    """Entries as JSON objects, comma-separated, as Entry.to_dict() would give them."""
    parts = []
    for side, line, points, item, reason in entries:
        if reason is None:
            parts.append(f'{{"side":"{side}","line":"{line}","points":{points},"item":"{item}"}}')
        else:
            parts.append(
                f'{{"side":"{side}","line":"{line}","points":{points},"item":"{item}",'
                f'"reason":"{reason}"}}'
            )
    return ",".join(parts)


def _deals_json(deals: tuple[DealScore, ...]) -> list[str]:
    """Each deal's JSON object, as DealScore.to_dict() would give it (see Ledger.play())."""
    texts = DealTexts()
    return [f'{{"number":{d.number},{texts[d.entries, d.game_won_by]}' for d in deals]


class _CountTexts(dict[tuple[tuple[str, int], ...], str]):
    """A side -> count object's JSON by its items, each built once (games end on few scores)."""

    def __missing__(self, key: tuple[tuple[str, int], ...]) -> str:
        text = self[key] = "{" + ",".join([f'"{side}":{count}' for side, count in key]) + "}"
        return text


class _GameTexts(dict[tuple[str, str, int, tuple[tuple[str, int], ...]], str]):
    """A game's JSON after its number and rubber, by winner, label, game points and score,
    each built once."""

    def __missing__(self, key: tuple[str, str, int, tuple[tuple[str, int], ...]]) -> str:
        winner, label, game_points, score = key
        counts = ",".join([f'"{side}":{count}' for side, count in score])
        text = self[key] = (
            f'"winner":"{winner}","label":"{label}","game_points":{game_points},'
            f'"score":{{{counts}}}}}'
        )
        return text


def _games_json(games: tuple[GameResult, ...]) -> list[str]:
    """Each game's JSON object, as GameResult.to_dict() would give it."""
    texts = _GameTexts()
    return [
        f'{{"number":{g.number},"rubber":{g.rubber},'
        f"{texts[g.winner, g.label, g.game_points, tuple(g.score.items())]}"
        for g in games
    ]


def _rubbers_json(rubbers: tuple[RubberResult, ...]) -> list[str]:
    """Each rubber's JSON object, as RubberResult.to_dict() would give it."""
    games_won = _CountTexts()
    texts = []
    for r in rubbers:
        finished = "true" if r.finished else "false"
        winner = "null" if r.winner is None else f'"{r.winner}"'
        texts.append(
            f'{{"number":{r.number},"finished":{finished},"winner":{winner},'
            f'"games_won":{games_won[tuple(r.games_won.items())]}}}'
        )
    return texts


def _half(amount: int) -> Amount:
    return amount // 2 if amount % 2 == 0 else amount / 2


def _players_settlement(record: Record, sides_net: Mapping[str, int]) -> dict[str, Amount]:
    preset = record.preset
    if record.dummy is None:
        return {seat: sides_net[side_of(preset, seat)] for seat in preset.seats}
    # Three-handed play (docs/rules.md, Three-handed whist with a dummy): the defender carries
    # his side alone.
    seats = preset.seats
    defender = seats[(seats.index(record.dummy) + 2) % 4]
    value = sides_net[side_of(preset, defender)]
    shared = record.rules.dummy_settlement == "shared"
    result: dict[str, Amount] = {}
    for seat in seats:
        if seat == record.dummy:
            continue
        if seat == defender:
            result[seat] = value if shared else 2 * value
        else:
            result[seat] = _half(-value) if shared else -value
    return result
