"""A table scored deal by deal: the state after its last deal, and the next deal from there.

The sheet of a record's first k deals is the first k deals of its full sheet, so a table that
only grows never needs its earlier deals again: :func:`start` scores a record once and keeps
the running score after its last deal; :func:`advance` checks and scores one more deal from
that state, at a cost that does not depend on how many deals came before. The state is derived
data, to keep only as a cache beside the deals it came from (a correction of an early deal
starts again from the whole record).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from .checks import _fail
from .deal import _DealParser
from .gcpause import paused_gc
from .model import Deal, Record
from .record import parse_record, rotate
from .score import FAMILIES, play, run
from .sheet import DealScore, Ledger, Sheet, draws_special


@dataclass(frozen=True)
class NextDeal:
    """What the next deal needs to know, as the engine sees it."""

    number: int
    dealer: str | None  # who deals it (None until a deal names its dealer)
    below: Mapping[str, int]  # the current game's score below the line
    needed: Mapping[str, int]  # points each side still needs for the game
    new_game: bool  # it starts a game
    asks_special: bool  # it must name the special suit (the first deal of a game or rubber)
    special: str | None  # the special suit of the game (or rubber) in progress
    # The rotation names its dealer (a deal before it named one), and no other is accepted;
    # before that, any dealer is (``dealer`` is then only the table's first dealer, if any).
    dealer_fixed: bool = False


@dataclass
class Progress:
    """The running score after the first ``count`` deals of a record.

    ``record`` holds the rules and the seating without the deals; ``ledger`` the score, with
    its per-deal history dropped (the earlier deals are on the sheet already). The rest follows
    the last deal that was not void: where the game stands, and the special suit drawn.
    """

    head: Mapping[str, Any]  # the record as written, without its deals
    record: Record
    ledger: Ledger
    count: int = 0
    dealer: str | None = None  # who deals the next deal, by the rotation
    below: dict[str, int] = field(default_factory=dict)
    game_starts: bool = True
    rubber_starts: bool = True
    special: str | None = None

    def follow(self, deal: Deal, result: DealScore) -> None:
        """Take one more scored deal into account."""
        self.count = deal.number
        self.dealer = rotate(self.record.preset, self.dealer, deal)
        if result.void is not None:
            return
        per_game = self.record.rules.special_drawn == "perGame"
        if (self.game_starts if per_game else self.rubber_starts) and deal.special_suit:
            self.special = deal.special_suit
        self.below = dict(result.below_after)
        self.game_starts = result.game_won_by is not None
        self.rubber_starts = result.rubber_won_by is not None

    def fork(self) -> Progress:
        """A copy that follows more deals without changing this one (see Ledger.fork())."""
        return replace(self, ledger=self.ledger.fork(), below=self.below.copy())

    def next_deal(self, first_dealer: str | None = None) -> NextDeal:
        rules = self.record.rules
        per_game = rules.special_drawn == "perGame"
        drawn = draws_special(self.record)
        asks_special = drawn and (self.game_starts if per_game else self.rubber_starts)
        below = self.below or dict.fromkeys(self.record.sides, 0)
        return NextDeal(
            number=self.count + 1,
            dealer=self.dealer or first_dealer or None,
            below=below,
            needed={s: max(1, rules.game_target - v) for s, v in below.items()},
            new_game=self.game_starts,
            asks_special=asks_special,
            special=self.special if drawn and not asks_special else None,
            dealer_fixed=self.dealer is not None,
        )

    # A progress is kept in a cache, which pickles it: the validated record (read-only
    # mappings) is left out and rebuilt from the record as written, which is cheap without
    # its deals.
    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        del state["record"]
        left_out = {"record", "rules", "deal", *Ledger.CACHES}
        state["ledger"] = {
            key: getattr(self.ledger, key)
            for key in Ledger.__slots__
            if key not in left_out and hasattr(self.ledger, key)
        }
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        record = parse_record({**state["head"], "deals": []})
        ledger = Ledger(record)
        for key, value in state["ledger"].items():
            setattr(ledger, key, value)
        self.__dict__.update({**state, "record": record, "ledger": ledger})


def _bare(ledger: Ledger, record: Record, head: Mapping[str, Any]) -> Progress:
    """A progress around the ledger, which keeps only its last deal and game from now on."""
    bare = replace(record, deals=())
    ledger.record = bare
    ledger.deals = ledger.deals[-1:]
    ledger.games = ledger.games[-1:]
    ledger.forget_caches()
    return Progress(head=head, record=bare, ledger=ledger)


def start(data: Mapping[str, Any]) -> tuple[Record, Sheet, Progress]:
    """Validate and score a whole record (raises RecordError): the record, its sheet, and the
    state from which its next deal is scored."""
    with paused_gc():
        record = parse_record(data)
        ledger = run(record)
        sheet = ledger.sheet()
        head = {key: value for key, value in data.items() if key != "deals"}
        progress = _bare(ledger, record, head)
        for deal, result in zip(record.deals, sheet.deals, strict=True):
            progress.follow(deal, result)
        return record, sheet, progress


def advance(progress: Progress, raw: Mapping[str, Any]) -> tuple[Deal, Sheet, Progress]:
    """Check and score the next deal (raises RecordError, naming it, like the whole record
    would). Returns the deal, a sheet holding only its result (with the totals, rubbers and
    settlement of the whole table after it) and the new state; ``progress`` is left as it was.
    """
    record = progress.record
    number = progress.count + 1
    if not isinstance(raw, Mapping):
        raise _fail("a deal must be a JSON object", number, code="object")
    with paused_gc():
        deal = _DealParser(record.rules, record.dummy).parse(raw, number)
        after = progress.fork()
        ledger = after.ledger
        ledger.deals = []
        play(ledger, FAMILIES[record.preset.family], deal)
        sheet = ledger.sheet()
        after.follow(deal, sheet.deals[-1])
        ledger.games = ledger.games[-1:]
        return deal, sheet, after


__all__ = ["NextDeal", "Progress", "advance", "start"]
