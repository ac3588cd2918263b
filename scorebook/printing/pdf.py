"""Printable score sheets: a table's sheet, an evening's sheets and blank pads, as PDF.

WeasyPrint lays out the templates of ``templates/printing/print/`` with
``static/css/print.css``. The fonts are files of ``static/fonts/``, named by ``@font-face``, so
that a sheet prints the same on every machine, Cyrillic included, and the PDF embeds them.
"""

from __future__ import annotations

import gc
import json
import re
import unicodedata
import zoneinfo
from collections import defaultdict
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from functools import cache, lru_cache
from pathlib import Path
from typing import Any
from urllib.parse import urlparse
from urllib.request import url2pathname

import segno
from django.conf import settings
from django.template.loader import render_to_string
from django.urls import get_script_prefix, reverse
from django.utils import timezone, translation
from django.utils.formats import date_format
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy
from weasyprint import CSS
from weasyprint.text.fonts import FontConfiguration
from weasyprint.urls import URLFetcher

from players.models import is_time_zone, roster_order
from scorebook.clubs import drive, prizes
from scorebook.clubs import seating as night_seating
from scorebook.display import deals
from scorebook.display.drives import preset_name
from scorebook.display.pad import (
    Pad,
    PadGame,
    PadRow,
    build_pad,
    column_entries,
    column_order,
    deal_marks,
    entries_printed,
)
from scorebook.display.summaries import scoring_summary
from scorebook.display.variants import PENALTIES, option_labels, penalty_label, variant_name
from scorebook.printing.parser import TemplateHTML
from scorebook.rules import PRESETS, Record, Sheet, parse_record, score
from scorebook.rules.gcpause import paused_gc
from scorebook.rules.sheet import Amount
from scorebook.tables import services
from scorebook.tables.models import Evening, Revision, Table

PAPERS = {"a4": "A4", "a5": "A5"}
# The table cards print on A6 too, one card a page (a card to stand on the table).
CARD_PAPERS = {**PAPERS, "a6": "A6"}
LANGUAGES = tuple(code for code, _name in settings.LANGUAGES)
STATIC_DIR = (Path(settings.BASE_DIR) / "static").resolve()
STYLESHEET = STATIC_DIR / "css" / "print.css"


class StaticOnlyFetcher(URLFetcher):
    """What a printed sheet may load: ``data:`` URIs (the QR code) and the project's own static
    files (the stylesheet's fonts). Every other address is refused, whatever text a sheet holds:
    no web request and no file elsewhere on the server."""

    def __init__(self) -> None:
        super().__init__(allowed_protocols=("data", "file"), allow_redirects=False)

    def fetch(self, url: str, headers: Any = None) -> Any:
        if url[:5].lower() == "file:":
            path = Path(url2pathname(urlparse(url).path)).resolve()
            if not path.is_relative_to(STATIC_DIR):
                raise ValueError(f"not one of the project's static files: {url}")
        return super().fetch(url, headers)


CORRECTIONS = (Revision.Action.EDITED, Revision.Action.VOIDED)


@dataclass
class DealLine:
    """One deal in the sheet's deal list, with the versions it replaced (oldest first)."""

    number: int
    data: Mapping[str, Any]
    marks: list[str]
    previous: list[Mapping[str, Any]] = field(default_factory=list)
    aces: bool = False  # the honours are the aces (Rules.honours_are_aces)
    awaiting: bool = False  # not confirmed yet by the other side, at a table that asks

    @property
    def dealer(self) -> str:
        return str(self.data.get("dealer") or "")

    @property
    def void(self) -> str | None:
        return self.data.get("void")

    @property
    def note(self) -> str:
        return str(self.data.get("note") or "")

    @property
    def summary(self) -> SafeString:
        return summary_html(self.data, self.aces)

    @property
    def replaced(self) -> list[SafeString]:
        return [summary_html(data, self.aces) for data in self.previous]


def summary_html(data: Mapping[str, Any], aces: bool = False) -> SafeString:
    """A deal as the deal log writes it (trumps, tricks, honours ...), for paper: on screen a
    suit sign is an element with its name for screen readers, and a count ("honours 3–2") one
    kept on one line; on paper the sign is enough and the deal list's column is wide, and plain
    text costs WeasyPrint far less than an element in every line (the counts' two elements a
    deal made a 500-deal sheet a third slower)."""
    return deals.summary_html(data, aces, printed=True)


@dataclass
class PadBlock:
    """One row of the printed pad: what a run of deals wrote in each column."""

    first: int
    last: int
    cells: list[SafeString]  # each column's entries in the order they were written, as HTML

    @property
    def deals(self) -> str:
        return str(self.first) if self.last == self.first else f"{self.first}–{self.last}"


@dataclass
class GameBlock:
    """One game below the line: each side's points in order, then the rule under them."""

    game: PadGame
    block: PadBlock
    voids: list[PadRow]


def entries_html(rows: Sequence[PadRow], width: int) -> list[SafeString]:
    """The entries of ``rows`` column by column, in the order they were written
    (display.pad.column_entries), as the paper writes them."""
    return [entries_printed(cell) for cell in column_entries(rows, width)]


def game_blocks(pad: Pad) -> list[GameBlock]:
    return [
        GameBlock(
            game=game,
            block=PadBlock(
                game.rows[0].deal if game.rows else 0,
                game.rows[-1].deal if game.rows else 0,
                entries_html(game.rows, pad.width),
            ),
            voids=[row for row in game.rows if row.void],
        )
        for game in pad.games
    ]


# At most this many entries in one column of one printed row above the line: a row never
# breaks across pages (a page's top would then have no column heads), so none may outgrow a
# page, on A5 with Hussar's four narrow columns (an entry a line) too.
ROW_ENTRIES = 24


def row_runs(rows: Sequence[PadRow], width: int) -> Iterator[list[PadRow]]:
    """``rows`` in runs of consecutive rows with at most ROW_ENTRIES entries in any column."""
    run: list[PadRow] = []
    counts = [0] * width
    for row in rows:
        sizes = [len(cell) for cell in row.cells]
        if run and any(n + size > ROW_ENTRIES for n, size in zip(counts, sizes, strict=True)):
            yield run
            run, counts = [], [0] * width
        run.append(row)
        counts = [n + size for n, size in zip(counts, sizes, strict=True)]
    if run:
        yield run


def above_blocks(pad: Pad, games: Sequence[GameBlock]) -> list[PadBlock]:
    """The points above the line in one row per game, beside the game's rows below it.

    Small rows rather than one block: the pad breaks between any two rows, so the first page
    fills before the break and every page repeats the column heads. A game that wrote more
    above the line than a row may hold (a long game of lost contracts) takes several rows,
    each named by its own deals.
    """
    game_of: dict[int, int] = {}
    for number, game in enumerate(pad.games):
        for row in game.rows:
            game_of.setdefault(row.deal, number)
    by_game: dict[int, list[PadRow]] = defaultdict(list)
    for row in pad.above:
        by_game[game_of.get(row.deal, len(games) - 1)].append(row)
    blocks = []
    for number, rows in by_game.items():
        game = games[number].block
        runs = list(row_runs(rows, pad.width))
        for index, run in enumerate(runs):
            first = game.first if index == 0 else run[0].deal
            last = game.last if index == len(runs) - 1 else run[-1].deal
            blocks.append(PadBlock(first, last, entries_html(run, pad.width)))
    return blocks


# How many deals an A5 sheet lists in two columns: a short table, whose list then takes half
# the height. A longer one runs onto more pages anyway, and lists its deals in one column
# under a head repeated on every page.
TWO_COLUMNS = (4, 24)


@dataclass
class SeatLine:
    seat: str
    name: str
    dummy: bool


@dataclass
class PrintSheet:
    """Everything one printed sheet shows."""

    title: str
    variant: str
    variant_name: str
    played_on: date | str | None
    place: str
    club: str
    options: list[tuple[str, str]]
    seats: list[SeatLine]
    record: Record
    sheet: Sheet
    pad: Pad
    above: list[PadBlock]
    games: list[GameBlock]
    deals: list[DealLine]
    url: str = ""
    qr: str = ""
    number: int | None = None  # the table's number in its evening

    @property
    def game_target(self) -> int:
        return self.record.rules.game_target

    @property
    def dummy(self) -> str | None:
        """The dummy's seat (three-handed whist), or None."""
        return self.record.dummy

    @property
    def deal_columns(self) -> dict[str, list[list[DealLine]]]:
        """The deal list's columns on each paper: on A5 a short table's deals in two, the
        first half beside the second, so that the sheet stays on one page."""
        deals = self.deals
        if TWO_COLUMNS[0] <= len(deals) <= TWO_COLUMNS[1]:
            half = (len(deals) + 1) // 2
            return {"a4": [deals], "a5": [deals[:half], deals[half:]]}
        return {"a4": [deals], "a5": [deals]}

    @property
    def url_pieces(self) -> list[tuple[str, bool]]:
        return url_pieces(self.url)

    @property
    def player_names(self) -> list[str]:
        return [seat.name for seat in self.seats if seat.name]


# ---------------------------------------------------------------------------------------------
# Building the sheets


YES_NO = {
    True: pgettext_lazy("an option's value", "yes"),
    False: pgettext_lazy("an option's value", "no"),
}


def option_lines(record: Record) -> list[tuple[str, str]]:
    """The options that differ from the preset, as (label, value) in the current language:
    the words of the new-table page, never the record format's keys."""
    preset = record.preset
    labels, choice_labels = option_labels(preset.partnerships)
    lines = []
    for key in sorted(record.options):
        value = record.options[key]
        if preset.defaults.get(key) == value:
            continue
        if isinstance(value, bool):
            text = str(YES_NO[value])
        elif isinstance(value, Mapping):
            text = ", ".join(f"{held}\u00a0→\u00a0{points}" for held, points in value.items())
        elif key == "revoke.default" and value in PENALTIES:
            text = penalty_label(value, record.rules.revoke_amount)  # "deduct 6 from ..."
        elif isinstance(value, str):
            text = str(choice_labels.get(value, value))
        else:
            text = json.dumps(value, ensure_ascii=False)
        lines.append((str(labels.get(key, key)), text))
    return lines


# The longest piece of a link kept on one line under the QR code: a table's token and its "/".
WHOLE_PIECE = 25
URL_PIECE = re.compile(r"[^/]*/+|[^/]+")


def url_pieces(url: str) -> list[tuple[str, bool]]:
    """``url`` in the pieces it may break between under the QR code, each ending at a "/",
    and whether the piece is kept whole: the token is, so that no tail of it ("V/") sits alone
    on a line; a piece longer than a token (a long host name) breaks where it must."""
    return [(piece, len(piece) <= WHOLE_PIECE) for piece in URL_PIECE.findall(url)]


@lru_cache(maxsize=256)
def qr_data_uri(url: str) -> str:
    """A QR code of ``url`` as a PNG data URI, black on white, four pixels a module (the CSS
    asks for sharp edges) and no quiet zone (the CSS adds it). A PNG rather than an SVG:
    WeasyPrint draws an SVG's path with Python, and an evening's twelve codes took a tenth of
    its time. Kept: a table's link never changes, and choosing the code's mask takes a few
    milliseconds."""
    return segno.make(url, error="m").png_data_uri(scale=4, border=0)


def build_sheet(
    record: Record,
    raw_deals: Sequence[Mapping[str, Any]],
    *,
    title: str = "",
    played_on: date | str | None = None,
    place: str = "",
    club: str = "",
    right_side: str = "",
    previous: Mapping[int, list[Mapping[str, Any]]] | None = None,
    url: str = "",
    sheet: Sheet | None = None,
) -> PrintSheet:
    """A printed sheet of ``record``; ``raw_deals`` are its deals as written (record format)."""
    sheet = sheet if sheet is not None else score(record)
    previous = previous or {}
    aces = record.rules.honours_are_aces
    deals = [
        DealLine(
            written.number,
            raw,
            deal_marks(written),
            list(previous.get(written.number, [])),
            aces,
        )
        for written, raw in zip(record.deals, raw_deals, strict=True)
    ]
    seats = [
        SeatLine(seat, record.players.get(seat) or "", seat == record.dummy)
        for seat in record.preset.seats
    ]
    pad = build_pad(record, sheet, right_side)
    games = game_blocks(pad)
    return PrintSheet(
        title=title,
        variant=record.variant,
        variant_name=variant_name(record.variant),
        played_on=played_on,
        place=place,
        club=club,
        options=option_lines(record),
        seats=seats,
        record=record,
        sheet=sheet,
        pad=pad,
        above=above_blocks(pad, games),
        games=games,
        deals=deals,
        url=url,
        qr=qr_data_uri(url) if url else "",
    )


def corrections(table: Table) -> dict[int, list[Mapping[str, Any]]]:
    """For each live deal, the versions that a correction replaced, oldest first."""
    revisions = (
        Revision.objects.filter(
            deal__table=table, deal__removed=False, action__in=CORRECTIONS, previous__isnull=False
        )
        .order_by("created_at", "pk")
        .values_list("deal__number", "previous")
    )
    found: dict[int, list[Mapping[str, Any]]] = defaultdict(list)
    for number, data in revisions:
        found[number].append(data)
    return found


def view_url(table: Table, base_url: str | None) -> str:
    """The table's read-only page at ``base_url``, the site's address as people type it (the
    ``SITE_URL`` setting, with the path the site is served under, if any); "" without one."""
    if not base_url:
        return ""
    path = reverse("table", args=[table.view_token])
    prefix = get_script_prefix()  # "/", or the path a request came through: SITE_URL has it
    return base_url.rstrip("/") + "/" + path.removeprefix(prefix).lstrip("/")


def table_sheet(table: Table, base_url: str | None = None, number: int | None = None) -> PrintSheet:
    state = services.table_state(table)
    evening = table.evening
    printed = build_sheet(
        state.record,
        [d.data for d in state.deals],
        title=table.title,
        played_on=table.played_on,
        place=table.place or (evening.place if evening else ""),
        club=(
            f"{evening.club.name} · {evening.name}"
            if evening and evening.club
            else evening.name
            if evening
            else ""
        ),
        right_side=table.right_side,
        previous=corrections(table),
        url=view_url(table, base_url),
        sheet=state.sheet,
    )
    if table.confirmation != "off":
        for line, deal in zip(printed.deals, state.deals, strict=True):
            line.awaiting = not deal.confirmed
    printed.number = number
    return printed


def _meta_date(value: Any) -> date | str | None:
    """A record's ``meta.date``: a date when it is ISO 8601, else the text as written."""
    if not value:
        return None
    try:
        return date.fromisoformat(str(value))
    except ValueError:
        return str(value)


def record_sheet(data: Mapping[str, Any], url: str = "") -> PrintSheet:
    """A printed sheet of a record, docs/record-format.md (raises RecordError for a broken one)."""
    record = parse_record(data)
    meta = record.meta
    return build_sheet(
        record,
        data["deals"],
        title=str(meta.get("title") or ""),
        played_on=_meta_date(meta.get("date")),
        place=str(meta.get("place") or ""),
        club=str(meta.get("club") or ""),
        url=url,
    )


@dataclass
class PlayerNet:
    name: str
    tables: list[tuple[int, Amount]]  # (the table's number in the evening, the amount won)
    net: Amount
    rank: int = 0  # 1 + the players of the same variant with a higher net


@dataclass(frozen=True)
class NetGroup:
    """The night's standings in one variant: amounts of two variants are never added."""

    variant_name: str
    nets: list[PlayerNet]


def evening_nets(sheets: Sequence[PrintSheet]) -> list[NetGroup]:
    """Each named player's settlement at every table he sat at and their net, ranked, one
    group per variant (in the order the variants first appear). A table where no deal scored
    is no one's session: it ranks nobody."""
    by_variant: dict[str, dict[str, list[tuple[int, Amount]]]] = {}
    names: dict[str, str] = {}
    for index, printed in enumerate(sheets, start=1):
        number = printed.number or index
        if not printed.sheet.played:
            continue
        found = by_variant.setdefault(printed.variant, {})
        names[printed.variant] = printed.variant_name
        for seat, amount in printed.sheet.settlement_players.items():
            name = printed.record.players.get(seat)
            if name:
                found.setdefault(name, []).append((number, amount))
    groups = []
    for variant, found in by_variant.items():
        nets = [PlayerNet(name, rows, sum(a for _n, a in rows)) for name, rows in found.items()]
        nets.sort(key=lambda p: (-p.net, p.name.casefold()))
        for player in nets:
            player.rank = 1 + sum(1 for other in nets if other.net > player.net)
        groups.append(NetGroup(names[variant], nets))
    return groups


# ---------------------------------------------------------------------------------------------
# Rendering


def css_string(text: str) -> str:
    """``text`` as a CSS string literal."""
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\a ")
    return f'"{escaped}"'


@cache
def _font_config() -> FontConfiguration:
    # One per process: loading the faces once saves most of the time of a small sheet.
    return FontConfiguration()


@cache
def _stylesheet() -> CSS:
    return CSS(
        filename=str(STYLESHEET), font_config=_font_config(), url_fetcher=StaticOnlyFetcher()
    )


# A5's margins are narrower than the stylesheet's (A4's): still room for the running head and
# foot and a printer's unprintable edge, and 6 mm more of the page for a short table's sheet.
PAGE_MARGINS = {"a4": "", "a5": "margin: 10mm 10mm 11mm;", "a6": "margin: 8mm 7mm 10mm;"}


@cache
def _page_css(paper: str, page_label: str) -> CSS:
    size = CARD_PAPERS[paper]
    css = f"""
        @page {{ size: {size} portrait; {PAGE_MARGINS[paper]} }}
        @page {{ @bottom-right {{ content: {css_string(page_label)} " " counter(page) " / "
            counter(pages); }} }}
    """
    return CSS(string=css, font_config=_font_config())


def check_options(lang: str, paper: str, papers: Mapping[str, str] = PAPERS) -> None:
    if paper not in papers:
        raise ValueError(f"unknown paper size {paper!r}: use {' or '.join(papers)}")
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}: use {' or '.join(LANGUAGES)}")


# The bidirectional classes of the characters that can reorder the text around them: the
# right-to-left letters, Arabic digits, and the direction marks of text stored before they were
# refused.
RIGHT_TO_LEFT = frozenset(
    {"R", "AL", "AN", "LRE", "RLE", "LRO", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI"}
)
ISOLATED = re.compile(r"<bdi>([^<]*)</bdi>")


def _isolated(match: re.Match[str]) -> str:
    text = match[1]
    if any(unicodedata.bidirectional(c) in RIGHT_TO_LEFT for c in text):
        return match[0]
    return text


def isolate_right_to_left(html: str) -> str:
    """The print templates' HTML with ``<bdi>`` kept only around the typed text that needs it
    (names, places, deal notes): text with a right-to-left letter (or a direction mark).

    WeasyPrint ignores ``unicode-bidi``. What keeps a Hebrew name from reordering the words
    around it on paper is that an inline element is laid out as a text of its own, and every
    step of the layout pays for that box: the 252 of an evening of twelve tables were 4-7 % of
    its time. Text without a right-to-left letter reads the same in the line around it.
    """
    return ISOLATED.sub(_isolated, html)


def render_pdf(
    template: str,
    context: Mapping[str, Any],
    *,
    lang: str,
    paper: str,
    papers: Mapping[str, str] = PAPERS,
) -> bytes:
    """Render a print template in ``lang`` on ``paper`` (one of ``papers``: ``a4`` or ``a5``,
    the table cards' A6 too) to PDF bytes.

    WeasyPrint makes millions of small objects, and Python's cycle collector walked all those
    alive every few hundred of them: a long sheet's time grew faster than its deals. So the
    collector is paused while the document is parsed, styled and laid out (reference counting
    frees nearly everything anyway), and the laid-out pages are then frozen out of its walks
    while they are drawn: it frees the drawing's garbage without walking the whole document
    again and again, 13 % faster than with the collector paused to the end.
    """
    with paused_gc():
        document = _laid_out(template, context, lang=lang, paper=paper, papers=papers)
        gc.freeze()
    try:
        return document.write_pdf()
    finally:
        gc.unfreeze()


def _laid_out(
    template: str,
    context: Mapping[str, Any],
    *,
    lang: str,
    paper: str,
    papers: Mapping[str, str] = PAPERS,
) -> Any:
    """The template's pages laid out by WeasyPrint, not yet drawn."""
    check_options(lang, paper, papers)
    with translation.override(lang):
        html = render_to_string(template, {**context, "paper": paper, "lang": lang})
        page = _page_css(paper, _("page"))
    html = isolate_right_to_left(html)
    return TemplateHTML(
        string=html, base_url=str(STATIC_DIR), url_fetcher=StaticOnlyFetcher()
    ).render(stylesheets=[_stylesheet(), page], font_config=_font_config())


def table_pdf(table: Table, *, lang: str, paper: str, base_url: str | None = None) -> bytes:
    """The table's score sheet, with a QR code of its read-only page if ``base_url`` is given."""
    check_options(lang, paper)
    with translation.override(lang):
        printed = table_sheet(table, base_url)
    return render_pdf(
        "printing/print/sheets.html",
        {"sheets": [printed], "doc_title": printed.title or printed.variant_name},
        lang=lang,
        paper=paper,
    )


def record_pdf(data: Mapping[str, Any], *, lang: str, paper: str, url: str | None = None) -> bytes:
    """The score sheet of a record (docs/record-format.md), no database (raises RecordError)."""
    check_options(lang, paper)
    with translation.override(lang):
        printed = record_sheet(data, url or "")
    return render_pdf(
        "printing/print/sheets.html",
        {"sheets": [printed], "doc_title": printed.title or printed.variant_name},
        lang=lang,
        paper=paper,
    )


def evening_tables(evening: Evening) -> list[Table]:
    """The evening's tables in the order they print: by their numbers in the evening."""
    return list(evening.tables.order_by("number", "created_at", "pk"))


def closed_night_prizes(
    evening: Evening, rounds: list[dict[str, Any]] | None = None
) -> list[dict[str, Any]] | None:
    """A closed club night's prizes, as its close page gave them (None: not closed;
    ``rounds``: a night in rounds' standings when the caller has them)."""
    if evening.closed_at is None or evening.club_id is None:
        return None
    return prizes.night_prizes(evening, rounds=rounds)


def closed_when(evening: Evening) -> str:
    """When the night was closed, at the club's clock (docs/clubs.md), in the active language;
    "" while it is open."""
    if evening.closed_at is None:
        return ""
    zone = evening.club.time_zone if evening.club_id is not None and evening.club else ""
    moment = evening.closed_at
    if zone and is_time_zone(zone):
        moment = timezone.localtime(moment, zoneinfo.ZoneInfo(zone))
    return date_format(moment, "j E Y, H:i")


def evening_pdf(evening: Evening, *, lang: str, paper: str, base_url: str | None = None) -> bytes:
    """Every table of the evening, each from a new page, and a closing page of players' nets."""
    check_options(lang, paper)
    tables = evening_tables(evening)
    with translation.override(lang):
        sheets = [
            table_sheet(t, base_url, number=t.number or i) for i, t in enumerate(tables, start=1)
        ]
        rounds = night_seating.rounds_view(evening)
        rows = night_seating.round_standings(rounds) if rounds else []
        given = closed_night_prizes(evening, rows if rounds else None)
        closed = closed_when(evening)
    return render_pdf(
        "printing/print/sheets.html",
        {
            "sheets": sheets,
            "evening": evening,
            "prizes": given,
            "round_standings": rows,
            "pairs_event": bool(rounds) and rounds["format"] == night_seating.PAIRS,
            "closed": closed,
            "groups": evening_nets(sheets),
            "club": evening.club.name if evening.club else "",
            "doc_title": evening.name,
        },
        lang=lang,
        paper=paper,
    )


# Ruled rows of a blank pad at the least (above the line, below it for each of three games);
# the rows the page holds besides are added (blank_pad_rows).
BLANK_ROWS = {"a4": (5, 4), "a5": (4, 3)}
BLANK_GAMES = 3
BLANK_ABOVE = 3  # rows above the line at the least, whatever the games take


def blank_pad_pdf(variant: str, *, lang: str, paper: str) -> bytes:
    """An empty score pad for ``variant``, with a short summary of its scoring: as many ruled
    rows as the page holds, shared between above the line and the three games as the variant
    writes (_blank_share)."""
    check_options(lang, paper)
    if variant not in PRESETS:
        raise ValueError(f"unknown variant {variant!r}")
    above, per_game = blank_pad_rows(variant, lang=lang, paper=paper)
    context = _blank_context(variant, lang, above, per_game)
    return render_pdf("printing/print/blank_pad.html", context, lang=lang, paper=paper)


@lru_cache(maxsize=64)  # 10 variants, 2 languages, 2 papers, each laid out twice or so once
def blank_pad_rows(variant: str, *, lang: str, paper: str) -> tuple[int, int]:
    """The ruled rows of ``variant``'s blank pad above the line and in each game: the least
    (BLANK_ROWS) laid out once, then what the page holds under it shared out (_blank_share),
    checked to stay on one page (a row less while it does not)."""
    least = BLANK_ROWS[paper]
    free = rows_free(_blank_layout(variant, lang, paper, least))
    while free > 0:
        rows = _blank_share(variant, *least, free)
        if len(_blank_layout(variant, lang, paper, rows).pages) == 1:
            return rows
        free -= 1
    return least


def _blank_layout(variant: str, lang: str, paper: str, rows: tuple[int, int]) -> Any:
    with paused_gc():
        context = _blank_context(variant, lang, *rows)
        return _laid_out("printing/print/blank_pad.html", context, lang=lang, paper=paper)


def _blank_context(variant: str, lang: str, above: int, per_game: int) -> dict[str, Any]:
    preset = PRESETS[variant]
    with translation.override(lang):
        return {
            "variant": variant,
            "variant_name": variant_name(variant),
            "summary": scoring_summary(variant),
            "columns": column_order(preset.sides, ""),
            "seats": preset.seats,
            "above_rows": range(above),
            "games": range(1, BLANK_GAMES + 1),
            "game_rows": range(per_game),
            "english": preset.family == "english",
            "doc_title": variant_name(variant),
        }


def rows_free(document: Any) -> int:
    """How many more ruled rows the first page of a laid-out blank pad holds: the space under
    its last box (the scoring summary) over the height of a ruled row; 0 when it already runs
    onto a second page."""
    if len(document.pages) != 1:
        return 0
    page = document.pages[0]._page_box  # noqa: SLF001 - WeasyPrint keeps the layout there
    bottom, row = 0.0, 0.0
    for box in page.descendants():
        element = getattr(box, "element", None)
        if element is None or not hasattr(box, "margin_height"):
            continue
        classes = (element.get("class") or "").split()
        if "ruled" in classes and element.tag == "tr" and not row:
            row = box.margin_height()
        if "sheet" in classes and element.tag == "section":
            bottom = max(bottom, box.position_y + box.margin_height())
    end = page.content_box_y() + page.height
    if not row or not bottom:
        return 0
    return max(0, int((end - bottom) // row))


def _blank_share(variant: str, above: int, per_game: int, free: int) -> tuple[int, int]:
    """The rows above the line and per game once ``free`` more are shared. Below the line a
    game takes a row a deal, five to eight deals for a game of 10, more for Eralash's 26; above
    the line honours and bonuses follow one another, a few to a row. So the games take three
    quarters of the rows for a game of 10, more for a longer game (six sevenths at most), and
    at least BLANK_ABOVE rows are left above the line."""
    target = int(PRESETS[variant].defaults.get("gameTarget") or 10)
    games_share = min(6 / 7, 0.75 * max(1.0, target / 10) ** 0.5)
    total = above + BLANK_GAMES * per_game + free
    per_game = max(per_game, int(total * games_share / BLANK_GAMES + 0.5))
    per_game = min(per_game, (total - BLANK_ABOVE) // BLANK_GAMES)
    return total - BLANK_GAMES * per_game, per_game


def season_pdf(context: Mapping[str, Any], *, lang: str, paper: str) -> bytes:
    """A season's standings for the notice board (``context`` as the season page's)."""
    season = context["season"]
    return render_pdf(
        "printing/print/ladder.html",
        {**context, "doc_title": f"{context['club'].name} · {season.name}"},
        lang=lang,
        paper=paper,
    )


@dataclass
class TableCard:
    """A card to put on a night's table: its number and name, its players by seat, and a QR
    code of its edit link (a phone that scans it lands on the table, ready to score)."""

    number: int | None
    title: str
    variant: str
    seats: list[tuple[str, str]]  # seat, player name
    url: str
    qr: str

    @property
    def badge(self) -> bool:
        """Its number shown apart, before its name: not when the name says it ("Table 1")."""
        return self.number is not None and not self.title.endswith(f" {self.number}")


def table_cards(evening: Evening, base_url: str) -> list[TableCard]:
    """The cards of the night's tables, in the order of their numbers (of a night in rounds,
    the current round's). ``base_url``: the site's address the phones reach (the request's,
    for the organiser's own screen)."""
    cards = []
    tables = evening.tables.order_by("number", "created_at", "pk").prefetch_related("seats__player")
    playing = night_seating.playing_tables(evening)
    if playing is not None:  # a night in rounds: the round being played
        tables = tables.filter(pk__in=playing)
    for table in tables:
        path = reverse("table", args=[table.edit_token])
        url = base_url.rstrip("/") + path
        seats = [(seat, name) for seat, name in services.players_of(table).items() if name]
        # A round's table goes by its number in the round ("Round 2, table 1": 1), as the room's
        # screen and the players' routes name it, not by its number among the night's tables.
        number = playing.index(table.pk) + 1 if playing is not None else table.number
        cards.append(TableCard(number, table.title, table.variant, seats, url, qr_data_uri(url)))
    return cards


def night_cards_pdf(evening: Evening, *, lang: str, paper: str, base_url: str) -> bytes:
    """The night's table cards, as many to a page as fit (A4: six, A5: two, A6: one)."""
    club = evening.club
    return render_pdf(
        "printing/print/cards.html",
        {
            "evening": evening,
            "cards": table_cards(evening, base_url),
            "doc_title": f"{club.name if club else ''} · {evening.name}",
        },
        lang=lang,
        paper=paper,
        papers=CARD_PAPERS,
    )


def route_cards_pdf(evening: Evening, *, lang: str, paper: str, player: int | None = None) -> bytes:
    """The route cards of a night in rounds, one a player (by name), or ``player``'s alone: his
    table, seat, partner and opponents in every round, or that he sits out, as his phone's
    route shows them when printed (a change of players later plans the rounds left again)."""
    check_options(lang, paper)
    view = night_seating.rounds_view(evening)
    if view is None:
        raise ValueError("not a night in rounds")
    people = [p for _n, p in view["numbers"] if p is not None and player in (None, p.pk)]
    people.sort(key=lambda p: roster_order(p.name))
    club = evening.club
    with translation.override(lang):
        context = {
            "evening": evening,
            "club": club,
            "cards": [(p, night_seating.route(view, p)) for p in people],
            "doc_title": f"{club.name if club else ''} · {evening.name}",
        }
    return render_pdf("printing/print/routes.html", context, lang=lang, paper=paper)


def drive_cards_pdf(evening: Evening, *, lang: str, paper: str) -> bytes:
    """A whist drive's score cards, one a player (as many to a page as fit), and its prize list:
    printed before the night the cards show the first round's seats and every hand's trump,
    the rest blank for the pen."""
    club = evening.club
    check_options(lang, paper)
    with translation.override(lang):
        preset = drive.preset_of(evening)
        context = {
            "evening": evening,
            "club": club,
            "preset": preset,
            "preset_name": preset_name(preset.key),
            "cards": drive.score_cards(evening),
            "prizes": drive.prize_list(evening),
            "doc_title": f"{club.name if club else ''} · {evening.name}",
        }
    return render_pdf("printing/print/drive.html", context, lang=lang, paper=paper)
