"""The score sheet laid out like the paper pad: columns per side, above and below the line.

Built from the engine's sheet for the web page and the printed sheet alike: what goes in
which column, which rows belong to which game, and the words for each item. Both write an
entry from the same view model (EntryView) with the same partial (templates/display/pad.html).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import NamedTuple

from django.utils.safestring import SafeString
from django.utils.translation import get_language, ngettext, pgettext_lazy
from django.utils.translation import gettext as gettext_now
from django.utils.translation import gettext_lazy as _

from scorebook.display.numbers import points_text
from scorebook.display.render import render_kept
from scorebook.display.stakes import MoneyView, money_view
from scorebook.display.text import Piece, sentence
from scorebook.display.variants import GAMES, games_won_text, seat_letters
from scorebook.rules import Deal, Record, Sheet
from scorebook.rules.progulochny import grand_null_halves
from scorebook.rules.record import DOUBLING, Rules
from scorebook.rules.sheet import DealScore, GameResult, RubberResult

ITEM_LABELS = {
    "tricks": "",
    "honours": _("for honours"),  # points for honours, not a count of them
    "aces": _("for aces"),  # the honours of Eralash (Rules.honours_are_aces)
    "slam": _("slam"),
    "revoke": _("revoke"),
    "contract": _("contract"),
    "overtricks": _("for overtricks"),  # points for them: 2 overtricks in contra write 4
    "doubling": _("contra"),  # the engine's one item for the doubling's extra: contra's
    "recontra": _("recontra"),  # or, on a deal with recontra (x4), recontra's
    "penalty": _("penalty"),
    "game-bonus": pgettext_lazy("bonus", "game"),
    "rubber-bonus": pgettext_lazy("bonus", "rubber"),
    "carry": _("carried"),
    "not-scored": _("not scored"),
}
# A failed half of Gran-Null (scorebook.rules.progulochny.grand_null_halves): its penalty says
# which half it is for, as two penalties of the same deal and points read alike otherwise.
PENALTY_HALVES = {
    "first-six": _("penalty, first six"),
    "last-seven": _("penalty, last seven"),
}
# The scorer's mark beside a deal with a revoke (Russian: Р, for ренонс).
REVOKE_MARK = pgettext_lazy("revoke mark", "R")
LABELS = {
    "single": _("single"),
    "double": _("double"),
    "treble": _("treble"),
}


@dataclass
class PadEntry:
    points: int
    item: str
    struck: bool = False  # discarded by the rules (not scored)
    contract: str = ""  # the game declared (Progulochny): a contract's entry is named after it
    multiplied: bool = False  # written times the contra/recontra (its ×2 / ×4 mark goes beside it)
    half: str = ""  # the half of Gran-Null a penalty is for (PENALTY_HALVES)

    @property
    def label(self) -> str:
        if self.item == "contract" and self.contract:
            return str(GAMES.get(self.contract, self.contract))  # "3 Grand", not "3 contract"
        if self.item == "penalty" and self.half in PENALTY_HALVES:
            return str(PENALTY_HALVES[self.half])
        return str(ITEM_LABELS.get(self.item, self.item))


@dataclass
class PadRow:
    deal: int
    cells: list[list[PadEntry]]
    void: str | None = None
    marks: list[str] = field(default_factory=list)  # "R" for each revoke: beside every entry
    doubling: str = ""  # "×2" for a contra, "×4" for a recontra: beside the entries it multiplied


@dataclass
class PadGame:
    rubber: int
    rows: list[PadRow] = field(default_factory=list)
    result: GameResult | None = None
    score: list[int] = field(default_factory=list)
    rubber_result: RubberResult | None = None  # set on the game that finished its rubber

    @property
    def label(self) -> str:
        return str(LABELS[self.result.label]) if self.result else ""


@dataclass
class PadPlayer:
    seat: str
    name: str
    amount: float
    money: str = ""  # the amount in money, with a stake ("+12 ₽")


@dataclass
class Pad:
    columns: list[str]
    names: list[tuple[Piece, ...]]  # each column's players (side_names_pieces)
    above: list[PadRow]
    games: list[PadGame]
    rubbers: list[RubberResult]
    below: list[int]
    above_total: list[int]
    total: list[int]
    settlement: list[int]
    players: list[PadPlayer]
    english: bool
    money: MoneyView | None = None  # the settlement in money, when the table plays for a stake

    @property
    def width(self) -> int:
        return len(self.columns)


def column_order(sides: tuple[str, ...], right_side: str) -> list[str]:
    """The sides left to right; ``right_side`` puts that side's column on the right."""
    columns = list(sides)
    if right_side in columns and len(columns) == 2 and columns[0] == right_side:
        columns.reverse()
    return columns


def _people(record: Record, side: str) -> list[str]:
    return [
        record.players[s] or ""
        for s in record.preset.seats
        if record.side_of(s) == side and record.players.get(s)
    ]


# "Anna & Vera", "Анна и Вера": the same words on screen and paper
PAIR = _("%(first)s & %(second)s")


def side_names(record: Record) -> dict[str, str]:
    """Each side's players, as text: "Anna & Vera"."""
    names = {}
    for side in record.sides:
        people = _people(record, side)
        if len(people) == 2:
            names[side] = str(PAIR % {"first": people[0], "second": people[1]})
        else:
            names[side] = " & ".join(people)
    return names


def side_names_pieces(record: Record) -> dict[str, tuple[Piece, ...]]:
    """side_names() for the pad's column heads, in pieces with each name isolated
    (templates/display/text.html#sentence): two right-to-left names around an English "&"
    swapped their seats' order."""
    names: dict[str, tuple[Piece, ...]] = {}
    for side in record.sides:
        people = _people(record, side)
        if len(people) == 2:
            names[side] = sentence(str(PAIR), {"first": people[0], "second": people[1]})
        else:
            pieces: list[Piece] = []
            for n, person in enumerate(people):
                pieces += [Piece(" & ")] if n else []
                pieces.append(Piece(person, typed=True))
            names[side] = tuple(pieces)
    return names


def deal_marks(deal: Deal) -> list[str]:
    """The marks a scorer writes beside a deal: R for each revoke, ×2 / ×4 for contra/recontra."""
    doubling = doubling_mark(deal)
    return [*revoke_marks(deal), *([doubling] if doubling else [])]


def revoke_marks(deal: Deal) -> list[str]:
    return [str(REVOKE_MARK) for _ in deal.revokes]


def doubling_mark(deal: Deal) -> str:
    """ "×2" for a contra, "×4" for a recontra; "" for a deal not doubled."""
    return f"×{deal.multiplier}" if deal.multiplier > 1 else ""


def multiplied_items(rules: Rules) -> frozenset[str]:
    """The entries a contra or recontra multiplies (docs/rules.md, Progulochny): its own
    extra, a failed contract's value, and the overtricks unless the table's rules say not; the
    contract's base below the line, the honours and the revokes never are."""
    return frozenset(
        {"doubling", "penalty", *(["overtricks"] if rules.overtricks_multiplied else [])}
    )


def carry_row(number: int, carried: list[tuple[PadEntry, str]], columns: list[str]) -> PadRow:
    """The first row of a game: the points carried from the game before (Anfilada)."""
    row = PadRow(number, [[] for _ in columns])
    for entry, side in carried:
        row.cells[columns.index(side)].append(entry)
    return row


def deal_rows(
    deal: DealScore,
    written: Deal,
    columns: list[str],
    carried: list[tuple[PadEntry, str]],
    multiplied: frozenset[str] = frozenset(),
    aces: bool = False,
) -> tuple[PadRow, PadRow]:
    """A deal's rows below and above the line (``written``: the deal as the engine read it);
    the points it carries into the next game are added to ``carried``. ``aces``: the honours
    are the aces (Rules.honours_are_aces), and their entries say so."""
    index = {side: i for i, side in enumerate(columns)}
    marks = revoke_marks(written)
    times = doubling_mark(written)
    contract = written.contract.game if written.contract is not None else ""
    doubling = "recontra" if written.multiplier == DOUBLING["recontra"] else "doubling"
    # Gran-Null's penalties come in the order of its halves: each is told which it is for
    failed = iter(
        [half for half, made in grand_null_halves(written) if not made]
        if contract == "grand-null" and written.first_six is not None
        else []
    )
    below_row = PadRow(deal.number, [[] for _ in columns], marks=marks, doubling=times)
    above_row = PadRow(deal.number, [[] for _ in columns], marks=marks, doubling=times)
    for e in deal.entries:
        if e.item == "carry":
            carried.append((PadEntry(e.points, "carry"), e.side))
            continue
        struck = e.item == "not-scored"
        target = below_row if e.line == "below" else above_row
        item = doubling if e.item == "doubling" else e.item
        if aces and item == "honours":
            item = "aces"
        doubled = bool(times) and e.item in multiplied
        half = next(failed, "") if item == "penalty" else ""
        target.cells[index[e.side]].append(
            PadEntry(e.points, item, struck, contract, doubled, half)
        )
    return below_row, above_row


def build_pad(record: Record, sheet: Sheet, right_side: str = "") -> Pad:
    columns = column_order(record.sides, right_side)
    above: list[PadRow] = []
    games: list[PadGame] = []
    current: PadGame | None = None
    carried: list[tuple[PadEntry, str]] = []
    results = iter(sheet.games)
    rubbers = {r.number: r for r in sheet.rubbers}

    carried_by = 0  # the deal that carried them
    multiplied = multiplied_items(record.rules)

    def open_game(rubber: int) -> PadGame:
        """A new game block; the points carried from the last game open it."""
        nonlocal carried
        game = PadGame(rubber=rubber)
        games.append(game)
        if carried:
            game.rows.append(carry_row(carried_by, carried, columns))
            carried = []
        return game

    for written, deal in zip(record.deals, sheet.deals, strict=True):
        if deal.void is not None:
            if current is None or current.result is not None:  # a void after a game is won
                current = open_game(sheet.rubbers[-1].number if sheet.rubbers else 1)
            current.rows.append(
                PadRow(
                    deal.number, [[] for _ in columns], void=deal.void, marks=revoke_marks(written)
                )
            )
            continue
        if current is None or current.result is not None:
            current = open_game(deal.rubber)
        below_row, above_row = deal_rows(
            deal, written, columns, carried, multiplied, record.rules.honours_are_aces
        )
        carried_by = deal.number if carried else carried_by
        current.rows.append(below_row)
        if any(above_row.cells):
            above.append(above_row)
        if deal.game_won_by is not None:
            current.result = next(results)
            current.score = [current.result.score[s] for s in columns]
            if deal.rubber_won_by is not None:
                current.rubber_result = rubbers.get(deal.rubber)
    if carried:  # the last deal won a game and carried points into the next
        current = open_game(sheet.rubbers[-1].number if sheet.rubbers else 1)
    if current is not None and current.result is None:
        current.score = [0 for _ in columns]
    return sheet_pad(record, sheet, columns, above, games, record.players)


def sheet_pad(
    record: Record,
    sheet: Sheet,
    columns: list[str],
    above: list[PadRow],
    games: list[PadGame],
    players: Mapping[str, str | None],
) -> Pad:
    """The pad of ``above`` and ``games`` (the whole sheet's, or one deal's: scorebook/delta.py)
    with the names, rubbers, totals and settlement of the whole sheet after them."""
    names = side_names_pieces(record)
    money = money_view(record, sheet, columns, players)
    return Pad(
        columns=columns,
        names=[names[c] for c in columns],
        above=above,
        games=games,
        rubbers=list(sheet.rubbers),
        below=[sheet.below[c] for c in columns],
        above_total=[sheet.above[c] for c in columns],
        total=[sheet.total[c] for c in columns],
        settlement=[sheet.settlement_sides[c] for c in columns],
        players=[
            PadPlayer(seat, players.get(seat) or seat, amount, money.players[seat] if money else "")
            for seat, amount in sheet.settlement_players.items()
        ],
        english=record.preset.family == "english",
        money=money,
    )


# ---------------------------------------------------------------------------------------------
# What the screen and the paper write (templates/display/pad.html)

# Deal numbers beside the points on paper are superscript digits rather than <sup> elements:
# the same look, and a third less work for WeasyPrint on a long sheet.
SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


class EntryView(NamedTuple):
    """One entry as the pad writes it, on screen and on paper: after its deal's number and
    the marks the paper writes there, R beside every entry of a revoked deal, a contra's ×2
    (recontra's ×4) beside what it multiplied."""

    deal: int
    marks: str  # "", "R", "×2", "R ×2"
    points: int
    label: str  # "for honours"; "" for tricks
    struck: bool  # discarded by the rules: not scored

    @property
    def superscript(self) -> str:
        return str(self.deal).translate(SUPERSCRIPT)

    @property
    def written(self) -> str:
        """The points as the pad writes them: a deduction with a true minus (−4)."""
        return points_text(self.points)

    @property
    def unbroken_label(self) -> str:
        """The label as one unbreakable item on paper."""
        return self.label.replace(" ", "\u00a0")


Cell = tuple[EntryView, ...]  # a column's entries, in the order they were written


def row_entries(row: PadRow) -> tuple[Cell, ...]:
    """Each column's entries of ``row``."""
    marks = " ".join(str(m) for m in row.marks)
    times = " ".join(str(m) for m in [*row.marks, row.doubling] if m)
    return tuple(
        tuple(
            EntryView(row.deal, times if e.multiplied else marks, e.points, e.label, e.struck)
            for e in entries
        )
        for entries in row.cells
    )


def column_entries(rows: Iterable[PadRow], width: int) -> list[Cell]:
    """The entries of ``rows`` column by column, in the order they were written: a printed
    row holds the entries of a run of deals."""
    cells: list[list[EntryView]] = [[] for _ in range(width)]
    for row in rows:
        for cell, entries in zip(cells, row_entries(row), strict=True):
            cell.extend(entries)
    return [tuple(cell) for cell in cells]


def entries_printed(entries: Cell) -> SafeString:
    """A column's entries as the paper writes them (display/pad.html#entries)."""
    return render_kept(f"{TEMPLATE}#entries", "entries", entries, printed=True)


class PadLine(NamedTuple):
    """A row of the pad on screen: a deal's entries, a void deal ("misdeal", "redeal") or the
    rule under a won game, its words in ``rule``."""

    cells: tuple[Cell, ...] = ()
    deal: int = 0
    void: str = ""
    rule: str = ""
    width: int = 0  # the columns a void deal's or a rule's one cell spans


def above_lines(pad: Pad) -> list[PadLine]:
    """The rows above the line."""
    return [PadLine(row_entries(row)) for row in pad.above]


def below_lines(pad: Pad) -> list[PadLine]:
    """The rows below the line, game by game, with the rule and its words under each game.
    A deal that wrote nothing below the line (a contract lost) has no row."""
    width = pad.width
    lines = []
    for game in pad.games:
        for row in game.rows:
            if row.void:
                lines.append(PadLine(deal=row.deal, void=row.void, width=width))
            elif any(row.cells):
                lines.append(PadLine(row_entries(row)))
        if game.result is not None:
            lines.append(PadLine(rule=game_rule(game), width=width))
    return lines


def game_rule(game: PadGame) -> str:
    """ "Game 1 to NS, double (10–0) · 3 game points"."""
    result = game.result
    assert result is not None
    text = gettext_now("Game %(n)s to %(side)s, %(label)s") % {
        "n": result.number,
        "side": seat_letters(result.winner),
        "label": game.label,
    }
    text += " (" + "–".join(str(v) for v in game.score) + ")"
    if result.game_points:
        text += " · " + ngettext(
            "%(points)s game point", "%(points)s game points", result.game_points
        ) % {"points": result.game_points}
    return text


def lines_html(lines: Sequence[PadLine]) -> SafeString:
    """The rows on screen, one a line of HTML. A row once written never changes: each is
    rendered once per language and kept (display/render.py), as a long table's page is rendered
    on every visit."""
    return SafeString("\n".join(render_kept(f"{TEMPLATE}#row", "row", line) for line in lines))


TEMPLATE = "display/pad.html"


class RubberLine(NamedTuple):
    """A rubber of the sheet, in one line: "Rubber 1 won by NS (NS 2, EW 1)"."""

    text: str
    games: str


def rubber_line(rubber: RubberResult) -> RubberLine:
    return _rubber_line(
        rubber.number,
        rubber.finished,
        rubber.winner,
        tuple(rubber.games_won.items()),
        get_language(),
    )


@lru_cache(maxsize=4096)
def _rubber_line(
    number: int, finished: bool, winner: str | None, games: tuple[tuple[str, int], ...], _lang: str
) -> RubberLine:
    """A finished rubber's line never changes: each is worded once per language."""
    if finished:
        text = gettext_now("Rubber %(n)s won by %(side)s") % {
            "n": number,
            "side": seat_letters(winner),
        }
    else:
        text = gettext_now("Rubber %(n)s in play") % {"n": number}
    return RubberLine(text, games_won_text(games))


def rubbers_html(rubbers: Iterable[RubberResult]) -> SafeString:
    """The rubbers of the sheet, one line each: the answer to every save and every watcher's
    poll carries them, and a long table has many."""
    lines = (render_kept(f"{TEMPLATE}#rubber", "rubber", rubber_line(r)) for r in rubbers)
    return SafeString("\n".join(lines))
