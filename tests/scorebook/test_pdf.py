"""Printed score sheets: what the PDF says, how many pages, paper sizes, fonts and the views.

The text is read back with pypdf; pages are rendered with pdftoppm (Debian package
poppler-utils, installed by ``make system-deps``) and must not be blank.
"""

from __future__ import annotations

import html
import io
import json
import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest
from django.urls import reverse
from django.utils import translation
from PIL import Image
from pypdf import PdfReader

from scorebook.display.pad import column_order
from scorebook.display.summaries import scoring_summary
from scorebook.display.variants import variant_name
from scorebook.printing import pdf
from scorebook.rules import PRESETS, parse_record, score
from scorebook.tables import services
from scorebook.tables.models import Evening
from tests.scorebook.records import (
    EXAMPLES,
    RUSSIAN_PLAYERS,
    evening_record,
    long_record,
    progulochny_record,
    r1_record,
    rich_record,
)

A4 = (595, 842)
A5 = (420, 595)


def pages_text(body: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(body)).pages]


def text_of(body: bytes) -> str:
    return "\n".join(pages_text(body))


def squeeze(text: str) -> str:
    """One space between words, lower case: labels are printed in capitals by the CSS."""
    return re.sub(r"\s+", " ", text).casefold()


def page_sizes(body: bytes) -> set[tuple[int, int]]:
    return {
        (round(float(p.mediabox.width)), round(float(p.mediabox.height)))
        for p in PdfReader(io.BytesIO(body)).pages
    }


def signed(amount: float) -> str:
    """As printed: +5, −5 with a true minus sign (U+2212), or 0."""
    return f"+{amount}" if amount > 0 else str(amount).replace("-", "\u2212")


def rendered_pages(body: bytes, tmp_path: Path) -> list[Path]:
    if shutil.which("pdftoppm") is None:
        pytest.fail("pdftoppm not found: run 'make system-deps' (Debian package poppler-utils)")
    tmp_path.mkdir(parents=True, exist_ok=True)
    source = tmp_path / "sheet.pdf"
    source.write_bytes(body)
    subprocess.run(
        ["pdftoppm", "-r", "40", "-png", str(source), str(tmp_path / "page")], check=True
    )
    return sorted(tmp_path.glob("page-*.png"))


def ink(png: Path) -> float:
    """The share of the page's body (its running head and foot left out) that is not white."""
    with Image.open(png) as image:
        margin = image.height // 16
        body = image.crop((0, margin, image.width, image.height - margin)).convert("L")
        histogram = body.histogram()
        return 1 - sum(histogram[240:]) / (body.width * body.height)


def expected(record: dict) -> tuple[list[str], dict, object]:
    parsed = parse_record(record)
    sheet = score(parsed)
    return column_order(parsed.sides, ""), sheet, parsed


# ---------------------------------------------------------------------------------------------
# What the sheet says


def test_the_r1_sheet_shows_the_players_the_totals_and_the_settlement():
    text = squeeze(text_of(pdf.record_pdf(r1_record(), lang="en", paper="a4")))

    for name in ("anna", "boris", "vera", "gleb"):
        assert name in text
    # Example R1 (tests/rules/examples): NS 20 below + 30 above = 50, EW 4 + 6 = 10, NS win 40.
    assert "below 20 4" in text
    assert "above 30 6" in text
    assert "total 50 10" in text
    assert "settlement +40 \u221240" in text
    assert "anna n +40" in text and "boris e \u221240" in text
    assert "game 1 to ns, double (10–4)" in text
    assert "game 2 to ns, treble (10–0)" in text
    assert "rubber 1 won by ns" in text


def test_every_figure_of_a_sheet_comes_from_the_engine():
    record = rich_record(players={"N": "Anna", "E": "Boris", "S": "Vera", "W": "Gleb"})
    columns, sheet, parsed = expected(record)

    text = squeeze(text_of(pdf.record_pdf(record, lang="en", paper="a4")))

    assert "total " + " ".join(str(sheet.total[c]) for c in columns) in text
    assert "settlement " + " ".join(signed(sheet.settlement_sides[c]) for c in columns) in text
    for seat, amount in sheet.settlement_players.items():
        assert f"{parsed.players[seat]} {seat} {signed(amount)}".casefold() in text


def test_the_header_names_the_date_place_options_and_seats():
    record = rich_record(players={"N": "Anna", "E": "Boris", "S": "Vera", "W": "Gleb"})

    text = squeeze(text_of(pdf.record_pdf(record, lang="en", paper="a4")))

    assert "четверг" in text  # meta.title
    assert "клуб на мойке" in text
    assert "6 march 2025" in text  # one date format on screen and in print: "j E Y"
    assert "revoke penalty, points = 6" in text  # the option's label, never its key
    assert "revoke.amount" not in text
    assert "n anna e boris s vera w gleb" in text


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", ["revoke penalty, points = 6", "honours scored by the side that = won them in "
                "tricks", "carry points into the next rubber = yes", "honours held → points = "
                "3 → 3, 4 → 5, 5 → 8"]),
        ("ru", ["штраф за ренонс, очков = 6", "онеры записывает пара, которая = взяла их во "
                "взятках", "переносить очки в следующий роббер = да", "онеры → очки = 3 → 3, "
                "4 → 5, 5 → 8"]),
    ],
)  # fmt: skip
def test_the_options_print_in_the_words_of_the_new_table_page(lang, words):
    record = {
        **rich_record(),
        "variant": "anfilada",
        "options": {
            "revoke.amount": 6,
            "honoursBy": "captured",
            "anfilada.carryAcrossRubbers": True,
            "honourValues": {"3": 3, "4": 5, "5": 8},
        },
    }

    text = squeeze(text_of(pdf.record_pdf(record, lang=lang, paper="a4")).replace("\xa0", " "))

    for line in words:
        assert line in text
    for key in record["options"]:
        assert key.casefold() not in text


@pytest.mark.parametrize(
    ("lang", "words", "fixed"),
    [
        ("en", "usual revoke penalty = deduct 6 from the revokers", "deduct 3"),
        ("ru", "обычный штраф за ренонс = −6 виновным", "−3 виновным"),
    ],
)
def test_the_usual_revoke_penalty_prints_with_the_tables_points(lang, words, fixed):
    record = {**rich_record(), "options": {"revoke.amount": 6, "revoke.default": "deduct"}}

    text = squeeze(text_of(pdf.record_pdf(record, lang=lang, paper="a4")).replace("\xa0", " "))

    assert words in text
    assert fixed not in text


def test_revokes_void_deals_and_slams_are_marked():
    record = rich_record(players={"N": "Anna", "E": "Boris", "S": "Vera", "W": "Gleb"})

    text = squeeze(text_of(pdf.record_pdf(record, lang="en", paper="a4")))

    # in the deal list, and beside the deal's entries on the pad (deal numbers are superscripts)
    assert "2 r e ♠ · tricks 4–9 · honours 1–4 · revoke n" in text
    assert "²r6 revoke" in text
    assert "3 s misdeal · void, not scored «a card face up»" in text
    assert "3: misdeal" in text
    assert "⁴10 slam" in text


def test_contra_and_recontra_are_marked():
    text = squeeze(text_of(pdf.record_pdf(progulochny_record(), lang="en", paper="a4")))

    assert "1 ×2 n ns: ♥ contra" in text
    assert "2 ×4 e ew: grand recontra" in text
    # the contract by its name; its base below the line is never multiplied, so unmarked
    assert "¹1 trump game" in text and "²3 grand" in text
    # the mark goes beside what the contra or recontra multiplied, and only there
    assert re.search(r"¹×2 ?1 contra", text) and re.search(r"²×4 ?9 recontra", text)
    assert re.search(r"¹×2 ?2 for overtricks", text)
    assert "¹2 for honours" in text  # never multiplied


@pytest.mark.parametrize(
    ("lang", "entry", "log"),
    [("en", "¹2 for aces", "tricks 8–5 · aces 3–1"), ("ru", "¹2 за тузы", "взятки 8–5 · тузы 3–1")],
)
def test_eralash_prints_its_honours_as_aces(lang, entry, log):
    record = {
        "format": "whist-record/1",
        "variant": "eralash",
        "players": {"N": "Anna", "E": "Boris", "S": "Vera", "W": "Gleb"},
        "deals": [{"dealer": "N", "tricks": {"NS": 8, "EW": 5}, "honours": {"NS": 3, "EW": 1}}],
    }

    text = squeeze(text_of(pdf.record_pdf(record, lang=lang, paper="a4")))

    assert entry in text and log in text
    assert "honours" not in text.replace("honours scored by", "").replace("aces count", "")


def test_a_failed_gran_null_prints_which_half_each_penalty_is_for():
    record = {
        **progulochny_record(),
        "deals": [
            {
                "dealer": "N",
                "contract": {"side": "NS", "game": "grand-null"},
                "doubling": "contra",
                "first_six": {"NS": 2},
                "tricks": {"NS": 6, "EW": 7},
            }
        ],
    }

    text = squeeze(text_of(pdf.record_pdf(record, lang="en", paper="a4")))

    assert re.search(r"¹×2 ?6 penalty, first six", text)
    assert re.search(r"¹×2 ?6 penalty, last seven", text)


def test_overtricks_a_table_does_not_multiply_carry_no_contra_mark():
    record = {**progulochny_record(), "options": {"overtricksMultiplied": False}}

    text = squeeze(text_of(pdf.record_pdf(record, lang="en", paper="a4")))

    assert "¹1 for overtricks" in text and re.search(r"¹×2 ?1 contra", text)


def test_a_long_table_flows_onto_more_pages_without_losing_a_line(tmp_path):
    record = long_record()
    columns, sheet, parsed = expected(record)
    assert len(sheet.rubbers) == 3 and all(r.finished for r in sheet.rubbers)

    body = pdf.record_pdf(record, lang="en", paper="a4")
    pages = pages_text(body)
    text = "\n".join(pages)

    assert len(pages) > 1
    listed = re.findall(r"^(\d+)(?: R)* ([NESW]) ", text, re.M)
    assert listed == [(str(d.number), d.dealer) for d in parsed.deals]
    for game in sheet.games:
        assert f"Game {game.number} to {game.winner}" in text
    for rubber in sheet.rubbers:
        assert f"Rubber {rubber.number} won by {rubber.winner}" in text
    assert "total " + " ".join(str(sheet.total[c]) for c in columns) in squeeze(text)

    for png in rendered_pages(body, tmp_path):
        assert ink(png) > 0.002, f"{png.name} is blank"


def test_rubbers_and_settlement_moved_to_a_new_page_print_once():
    """112 deals on A5: the pad ends at the foot of a page, and the rubbers and the settlement
    per player start the next one. Laid out as floats, WeasyPrint drew them there twice, the two
    copies one over the other."""
    record = long_record(deals=112)
    sheet = score(parse_record(record))

    text = text_of(pdf.record_pdf(record, lang="en", paper="a5"))

    for player in ("Anna N", "Boris E", "Vera S", "Gleb W"):
        assert len(re.findall(rf"^{player} [+−]\d+$", text, re.M)) == 1, player
    listed = re.findall(r"^Rubber \d+ (?:won by \w+|in play) NS\xa0\d", text, re.M)
    assert len(listed) == len(sheet.rubbers)


@pytest.mark.parametrize(("deals", "paper"), [(30, "a5"), (46, "a4")])
def test_the_totals_and_the_settlement_print_on_one_page(deals, paper):
    """With these many deals the pad's totals reach the foot of the first page: the
    settlement row went alone to the next page, under the repeated column heads."""
    pages = pages_text(pdf.record_pdf(long_record(deals=deals), lang="en", paper=paper))

    rows = ("below", "above", "total", "settlement")
    found = {
        row: [n for n, page in enumerate(pages) if re.search(rf"^{row} [+−]?\d", page, re.M | re.I)]
        for row in rows
    }
    assert all(len(on) == 1 for on in found.values()), found
    assert len({on[0] for on in found.values()}) == 1, found


@pytest.mark.parametrize(("deals", "paper"), [(76, "a5"), (122, "a4")])
def test_below_the_line_is_never_alone_at_the_foot_of_a_page(deals, paper):
    """With these many deals the points above the line end near the foot of the first page:
    the band "below the line" stayed there alone, and the next page's rows went unnamed."""
    pages = pages_text(pdf.record_pdf(long_record(deals=deals), lang="en", paper=paper))

    for number, page in enumerate(pages, start=1):
        lines = [line for line in page.splitlines() if line.strip()]
        lines = [line for line in lines if not re.fullmatch(r"page \d+ / \d+", line)]
        at = [i for i, line in enumerate(lines) if line.strip() == "BELOW THE LINE"]
        for i in at:
            assert i + 1 < len(lines), f"'below the line' alone at the foot of page {number}"
            assert re.match(r"[\d–]+ ", lines[i + 1]), (number, lines[i + 1])


def test_the_game_target_and_the_date_never_break_inside():
    """A three-handed table's header on A4 beside the QR code: the line ran out inside the
    game target, "10 под" at its end and "чертой" alone on the next one."""
    record = r1_record()
    record["dummy"] = "W"
    record["players"]["W"] = None
    record["meta"] = {"date": "2026-11-20"}
    url = "http://127.0.0.1:8000/t/abcdef1234567890/"

    for place in ("", "Клуб на Мойке", "Дом книги, третий этаж"):
        record["meta"]["place"] = place
        head = pages_text(pdf.record_pdf(record, lang="ru", paper="a4", url=url))[0]
        assert re.search(r"^.*ПАРТИЯ 10 под чертой\s*$", head, re.M), head
        assert "20 ноября 2026" in head, head


SUPERSCRIPT_NUMBER = re.compile("[⁰¹²³⁴⁵⁶⁷⁸⁹]+")


def deals_written(page: str) -> set[str]:
    """The deals whose points a page of the pad writes (each entry starts with its deal's
    number in superscript digits)."""
    return set(SUPERSCRIPT_NUMBER.findall(page))


def test_a_pad_longer_than_a_page_repeats_the_column_heads():
    record = long_record(deals=300)  # on A5, more than two pages of points above the line
    _columns, sheet, _parsed = expected(record)

    pages = pages_text(pdf.record_pdf(record, lang="en", paper="a5"))
    totals = next(i for i, page in enumerate(pages) if re.search(r"^TOTAL\b", page, re.M))
    pad_pages = pages[: totals + 1]
    above = next(i for i, page in enumerate(pages) if "ABOVE THE LINE" in page)
    below = next(i for i, page in enumerate(pages) if "BELOW THE LINE" in page)

    # the points above the line run on over a page that names neither zone ...
    assert below - above >= 2
    assert deals_written(pages[above + 1])
    # ... and every page of the pad, that one too, starts with the column heads
    for number, page in enumerate(pad_pages, 1):
        assert "Anna & Vera" in page and "Boris & Gleb" in page, f"page {number} has no heads"
        assert re.search(r"^deal$", page, re.M), f"page {number} has no heads"
    text = "\n".join(pages)
    for game in sheet.games:
        assert f"Game {game.number} to {game.winner}" in text


DEAL_HEAD = {"en": "deal dealer as written", "ru": "сдача сдатчик как записано"}


@pytest.mark.parametrize("paper", ["a4", "a5"])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_deal_list_repeats_its_head_on_every_page(lang, paper):
    # a deal's line: its number, its marks (R, ×2 ...), its dealer's letter
    line = re.compile(r"^(\d+)(?: \S{1,2})*? %s " % ("[NESW]" if lang == "en" else "[СВЮЗ]"), re.M)

    pages = pages_text(pdf.record_pdf(long_record(RUSSIAN_PLAYERS, deals=160), lang=lang,
                                      paper=paper))  # fmt: skip

    listing = [page for page in pages if line.search(page)]
    assert len(listing) >= 2  # the list runs onto more pages ...
    for number, page in enumerate(listing, 1):  # ... and each starts with the list's head
        head = page.find(DEAL_HEAD[lang])
        assert head != -1 and head < line.search(page).start(), f"deals' page {number}: no head"
    listed = [int(n) for n in line.findall("\n".join(pages))]
    assert listed == list(range(1, 161))  # every deal, once, in order


def lost_grands(deals: int) -> dict:
    """Progulochny whist, every contract a Grand lost: penalties above the line and nothing
    below it, so that one game never ends and writes ``deals`` penalties above the line."""
    written = []
    for i in range(deals):
        dealer = "NESW"[i % 4]
        side, other = ("NS", "EW") if dealer in "NS" else ("EW", "NS")
        written.append(
            {"dealer": dealer, "contract": {"side": side, "game": "grand"},
             "tricks": {side: 5, other: 8}}
        )  # fmt: skip
    return {**progulochny_record(), "deals": written}


def test_one_game_longer_than_a_page_above_the_line_keeps_the_column_heads():
    record = lost_grands(300)
    assert len(score(parse_record(record)).games) == 0  # one game, never won

    pages = pages_text(pdf.record_pdf(record, lang="en", paper="a5"))
    totals = next(i for i, page in enumerate(pages) if re.search(r"^TOTAL\b", page, re.M))

    assert totals >= 1  # the points above the line run on over the first page
    for number, page in enumerate(pages[: totals + 1], 1):
        assert "Anna & Vera" in page and "Boris & Gleb" in page, f"page {number} has no heads"
    text = squeeze("\n".join(pages))
    assert text.count("3 penalty") == 300  # every penalty printed, once


def ink_reach(png: Path) -> float:
    """How far down the page's body (its running head and foot left out) the ink reaches."""
    with Image.open(png) as image:
        margin = image.height // 16
        body = image.crop((0, margin, image.width, image.height - margin)).convert("L")
        box = body.point(lambda v: 255 if v < 200 else 0).getbbox()
        return box[3] / body.height if box else 0.0


@pytest.mark.parametrize("paper", ["a4", "a5"])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_first_page_is_filled_before_the_pad_breaks(lang, paper, tmp_path):
    body = pdf.record_pdf(long_record(RUSSIAN_PLAYERS, deals=160), lang=lang, paper=paper)
    first = pages_text(body)[0]

    # not just the heads: rows of points above the line, a good many deals' worth
    assert len(deals_written(first)) >= 10
    assert ink_reach(rendered_pages(body, tmp_path)[0]) > 0.9


LONG_NAMES = {
    "en": {seat: seat + ("Bartholomew" * 6)[:59] for seat in "NESW"},
    "ru": {seat: seat + ("Константинопольский" * 4)[:59] for seat in "NESW"},
}


@pytest.mark.parametrize("paper", ["a4", "a5"])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_sixty_letter_name_wraps_inside_its_cells(lang, paper, tmp_path):
    players = LONG_NAMES[lang]
    assert all(len(name) == 60 and " " not in name for name in players.values())

    body = pdf.record_pdf(rich_record(players=players), lang=lang, paper=paper)
    text = text_of(body)

    for name in players.values():  # all of it printed, but never on one line
        assert name in "".join(text.split())
        assert not any(name in line for line in text.splitlines())
    # nothing runs past the last column into the page's right margin
    with Image.open(rendered_pages(body, tmp_path)[0]) as image:
        margin = image.convert("L").crop((image.width * 19 // 20, 0, image.width, image.height))
        assert margin.point(lambda v: 255 if v < 200 else 0).getbbox() is None


def short_record() -> dict:
    """A club night's table of seven deals: one rubber played, the next begun."""
    deals = [("N", "H", 9, 3), ("E", "S", 5, 1), ("S", "D", 8, 3), ("W", "C", 10, 2)]
    deals += [("N", "S", 7, 5), ("E", "H", 6, 2), ("S", "C", 8, 4)]
    return {
        **rich_record(),
        "options": {},
        "meta": {
            "title": "Пятница, стол у окна",
            "date": "2026-11-20",
            "place": "Клуб на Мойке, 12",
            "club": "Клуб любителей виста · Пятничный вечер",
        },
        "deals": [
            {
                "dealer": dealer,
                "trump": trump,
                "tricks": {"NS": ns, "EW": 13 - ns},
                "honours": {"NS": honours, "EW": 5 - honours},
            }
            for dealer, trump, ns, honours in deals
        ],
    }


@pytest.mark.parametrize("paper", ["a4", "a5"])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_short_table_prints_on_one_page(lang, paper):
    record = short_record()

    body = pdf.record_pdf(record, lang=lang, paper=paper, url="https://club.example/t/x/")
    pages = pages_text(body)

    assert len(pages) == 1
    assert squeeze(pages[0]).count(" · tricks ") + squeeze(pages[0]).count(" · взятки ") == 7


# A table's link as the site prints it: a token of 24 letters, digits, "-" and "_".
LINK = "https://whist.example.org/t/Xq3V_k9LmN2pQrStUvWx-ab4/"


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize(
    ("variant", "deals"),
    [
        ("russian", 12),
        ("russian", 14),
        ("anfilada", 12),
        ("flying-duck", 12),
        # these ten deals make five games and a rubber: the pad alone is two thirds of the page
        ("english-short", 10),
    ],
)
def test_a_short_table_with_its_qr_code_prints_on_one_a5_page(variant, deals, lang):
    # every line of the header filled (title, date, place, club) and the QR code beside it
    body = pdf.record_pdf(evening_record(variant, deals), lang=lang, paper="a5", url=LINK)
    pages = pages_text(body)

    assert len(pages) == 1
    for number in range(1, deals + 1):
        assert re.search(rf"(?m)^{number}\b", pages[0]), f"deal {number} is not in the list"


@dataclass
class Word:
    text: str
    left: float
    top: float
    right: float
    bottom: float


def page_words(body: bytes, tmp_path: Path, page: int = 1) -> tuple[float, list[Word]]:
    """The page's width and its words with their boxes in points (pdftotext -bbox, poppler)."""
    if shutil.which("pdftotext") is None:
        pytest.fail("pdftotext not found: run 'make system-deps' (Debian package poppler-utils)")
    tmp_path.mkdir(parents=True, exist_ok=True)
    source = tmp_path / "sheet.pdf"
    source.write_bytes(body)
    found = subprocess.run(
        ["pdftotext", "-bbox", "-f", str(page), "-l", str(page), str(source), "-"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    width = float(re.search(r'<page width="([\d.]+)"', found)[1])
    words = [
        Word(html.unescape(text), float(x0), float(y0), float(x1), float(y1))
        for x0, y0, x1, y1, text in re.findall(
            r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<',
            found,
        )
    ]
    return width, words


@pytest.mark.parametrize("paper", ["a4", "a5"])
@pytest.mark.parametrize(("lang", "label"), [("en", "OPTIONS"), ("ru", "НАСТРОЙКИ")])
def test_a_wide_option_starts_beside_the_qr_code_not_under_it(lang, label, paper, tmp_path):
    # one option wider than the room beside the code, on the header's second line
    record = {
        **evening_record("russian", 4),
        "meta": {"title": "Friday", "date": "2026-11-20"},
        "options": {"honourValues": {"1": 100, "2": 200, "3": 300, "4": 400, "5": 800}},
    }
    body = pdf.record_pdf(record, lang=lang, paper=paper, url=LINK)
    width, words = page_words(body, tmp_path)

    # the code's caption is the text in the page's right quarter above the seats
    seats = min(w.top for w in words if w.text == "Анна")
    caption = [w for w in words if w.left > width * 3 / 4 and w.bottom < seats]
    options = next(w for w in words if w.text == label)
    assert caption
    assert options.bottom < min(w.top for w in caption), "the options dropped under the code"


@pytest.mark.parametrize(
    "link",
    [
        LINK,
        "https://whist.example.org/t/k9LmN2pQrStUvWxYz3q8Ab-V/",  # not "V/" alone
        "https://whist.example.org/t/a-b_c-d_e-f_g-h_i-j_k-l-/",
    ],
)
def test_the_link_under_the_qr_code_breaks_only_after_a_slash(link, tmp_path):
    body = pdf.record_pdf(evening_record("russian", 4), lang="en", paper="a4", url=link)
    width, words = page_words(body, tmp_path)

    # the link's lines in the caption: the words under the code, in the page's right quarter
    seats = min(w.top for w in words if w.text == "Анна")
    caption = [w for w in words if w.left > width * 3 / 4 and w.bottom < seats]
    pieces = [w.text for w in sorted(caption, key=lambda w: w.top) if w.text in link]
    assert "".join(pieces) == link
    for piece in pieces:
        assert piece.endswith("/"), f"the link breaks inside {piece!r}: {pieces}"


def test_the_pad_writes_points_for_honours_and_the_deal_list_the_honours_held():
    record = rich_record(players={"N": "Anna", "E": "Boris", "S": "Vera", "W": "Gleb"})

    english = squeeze(text_of(pdf.record_pdf(record, lang="en", paper="a4")))
    russian = squeeze(text_of(pdf.record_pdf(record, lang="ru", paper="a4")))

    # deal 1: NS held 3 honours (the deal list), worth 2 points above the line (the pad)
    assert "1 n ♥ · tricks 8–5 · honours 3–2" in english
    assert "¹2 for honours" in english and "¹2 honours" not in english
    assert "1 с ♥ · взятки 8–5 · онеры 3–2" in russian
    assert "¹2 за онеры" in russian


def hussar_record(deals: int) -> dict:
    """Example Hu1 (tests/rules/examples): North wins the rubber in four deals; cut to ``deals``."""
    record = json.loads((EXAMPLES / "Hu1.json").read_text())
    return {**record, "players": {"N": "Денис", "E": "Евгений", "S": "Захар", "W": "Илья"},
            "deals": record["deals"][:deals]}  # fmt: skip


@pytest.mark.parametrize("paper", ["a4", "a5"])
@pytest.mark.parametrize(
    ("lang", "deals", "games"),
    [("ru", 1, "С 0 – В 0 – Ю 0 – З 0"), ("ru", 4, "С 2 – В 0 – Ю 0 – З 0"),
     ("en", 1, "N 0 – E 0 – S 0 – W 0"), ("en", 4, "N 2 – E 0 – S 0 – W 0")],
    ids=["ru-in-play", "ru-won", "en-in-play", "en-won"],
)  # fmt: skip
def test_hussars_games_won_print_on_one_line(lang, deals, games, paper):
    body = pdf.record_pdf(hussar_record(deals), lang=lang, paper=paper)
    # The text as laid out on the page, line by line (the plain extraction joins a wrapped
    # cell's lines back together).
    page = PdfReader(io.BytesIO(body)).pages[0].extract_text(extraction_mode="layout")
    lines = [re.sub(r"\s+", " ", line.replace("\xa0", " ")) for line in page.splitlines()]

    rubber = {"ru": "Роббер 1", "en": "Rubber 1"}[lang]
    assert any(rubber in line and games in line for line in lines), [
        line for line in lines if rubber in line
    ]


# ---------------------------------------------------------------------------------------------
# Languages, paper, fonts


@pytest.mark.parametrize("paper", ["a4", "a5"])
def test_the_russian_sheet_speaks_russian(paper, tmp_path):
    record = rich_record()
    columns, sheet, _parsed = expected(record)

    body = pdf.record_pdf(record, lang="ru", paper=paper)
    text = squeeze(text_of(body))

    for name in RUSSIAN_PLAYERS.values():
        assert name.casefold() in text
    assert "русский вист" in text
    assert "под чертой" in text and "над чертой" in text
    assert "расчёт " + " ".join(signed(sheet.settlement_sides[c]) for c in columns) in text
    assert "below the line" not in text
    assert all(ink(png) > 0.002 for png in rendered_pages(body, tmp_path))


@pytest.mark.parametrize(("paper", "size"), [("a4", A4), ("a5", A5)])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_sheets_are_printed_on_the_paper_asked_for(paper, size, lang):
    body = pdf.record_pdf(long_record(), lang=lang, paper=paper)

    assert page_sizes(body) == {size}


def test_the_fonts_are_embedded():
    body = pdf.record_pdf(rich_record(), lang="ru", paper="a4")

    fonts = []
    for page in PdfReader(io.BytesIO(body)).pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            descendant = font["/DescendantFonts"][0].get_object()
            descriptor = descendant["/FontDescriptor"].get_object()
            fonts.append((str(font["/BaseFont"]), "/FontFile2" in descriptor))
    assert fonts
    assert all(embedded for _name, embedded in fonts), fonts
    assert all("Scorebook" in name for name, _embedded in fonts), fonts


def fonts_of(body: bytes) -> set[str]:
    """The embedded fonts' names without their subset prefix (``ABCDEF+``)."""
    return {
        str(font.get_object()["/BaseFont"]).split("+", 1)[-1]
        for page in PdfReader(io.BytesIO(body)).pages
        for font in page["/Resources"]["/Font"].values()
    }


def test_the_sheet_prints_in_the_small_font_and_a_name_in_another_script_in_the_full_one():
    # The small font keeps a PDF quick (subsetting the whole DejaVu took half a sheet's time);
    # a name it cannot write falls back to the whole DejaVu, not to a blank box or to whatever
    # the server happens to have installed.
    plain = pdf.record_pdf(rich_record(), lang="ru", paper="a4")
    georgian = rich_record()
    georgian["players"]["N"] = "ნინო"

    assert all(not name.startswith("Scorebook-Sans-Full") for name in fonts_of(plain))
    with_fallback = fonts_of(pdf.record_pdf(georgian, lang="ru", paper="a4"))
    assert any(name.startswith("Scorebook-Sans-Full") for name in with_fallback)
    assert all(name.startswith("Scorebook-Sans") for name in with_fallback), with_fallback
    assert "ნინო" in text_of(pdf.record_pdf(georgian, lang="ru", paper="a4"))


def test_the_small_font_writes_every_word_the_sheets_print():
    """Every character of the catalogue, the print templates and the stylesheet's texts."""
    from fontTools.ttLib import TTFont

    root = Path(pdf.STATIC_DIR).parent
    texts = [(root / "locale" / "ru" / "LC_MESSAGES" / "django.po").read_text()]
    texts += [path.read_text() for path in (root / "templates" / "printing" / "print").iterdir()]
    texts.append((root / "static" / "css" / "print.css").read_text())
    texts.append("♠♥♦♣♤♡♢♧−×–—«»№…•✓")
    for name in ("ScorebookSans.ttf", "ScorebookSans-Bold.ttf"):
        cmap = TTFont(root / "static" / "fonts" / name).getBestCmap()
        missing = {c for c in "".join(texts) if ord(c) >= 32 and ord(c) not in cmap}
        assert not missing, f"{name} lacks {sorted(missing)}: widen FONT_UNICODES, make fonts"


def test_an_unknown_paper_or_language_is_refused():
    with pytest.raises(ValueError, match="paper"):
        pdf.record_pdf(r1_record(), lang="en", paper="letter")
    with pytest.raises(ValueError, match="language"):
        pdf.record_pdf(r1_record(), lang="de", paper="a4")


# ---------------------------------------------------------------------------------------------
# Blank pads


@pytest.mark.parametrize("paper", ["a4", "a5"])
@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_every_variant_has_a_one_page_blank_pad(variant, paper):
    body = pdf.blank_pad_pdf(variant, lang="en", paper=paper)
    pages = pages_text(body)
    text = squeeze(pages[0])

    assert len(pages) == 1
    assert page_sizes(body) == {A4 if paper == "a4" else A5}
    assert variant_name(variant).casefold() in text
    assert "below the line" in text
    assert f"how {variant_name(variant).casefold()} scores" in text
    for side in PRESETS[variant].sides:
        assert re.search(rf"\b{side.casefold()}\b", text)


def test_the_blank_pad_summary_takes_its_numbers_from_the_preset():
    text = squeeze(text_of(pdf.blank_pad_pdf("eralash", lang="en", paper="a4")))

    assert "game: 26 below the line" in text
    assert "the four aces" in text
    assert "grand slam 4 above the line" in text


@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_blank_pads_print_in_russian_on_one_page(variant, tmp_path):
    body = pdf.blank_pad_pdf(variant, lang="ru", paper="a5")
    pages = pages_text(body)

    assert len(pages) == 1
    assert "под чертой" in squeeze(pages[0])
    assert all(ink(png) > 0.002 for png in rendered_pages(body, tmp_path))


# ---------------------------------------------------------------------------------------------
# Tables and evenings from the database

AUTHOR = services.Author(label="test")


def imported(record: dict, **fields) -> object:
    table = services.import_record(record)
    for key, value in fields.items():
        setattr(table, key, value)
    if fields:
        table.save()
    return table


@pytest.mark.django_db
def test_a_corrected_deal_is_struck_through_beside_its_correction():
    table = imported(r1_record())
    wrong = table.deals.get(number=2)
    fixed = {**wrong.data, "tricks": {"NS": 6, "EW": 7}}
    services.change_deal(table, 2, fixed, version=wrong.version, author=AUTHOR)
    services.void_deal(table, 4, "misdeal", version=1, author=AUTHOR)

    text = squeeze(text_of(pdf.table_pdf(table, lang="en", paper="a4")))

    assert "2 e ♠ · tricks 5–8 · honours 1–4 → ♠ · tricks 6–7 · honours 1–4 corrected" in text
    assert "4 w ♣ · tricks 10–3 · honours 2–3 → misdeal · void, not scored corrected" in text


def corner_ink(png: Path) -> float:
    """The ink in the top right corner of a page, where the QR code goes."""
    with Image.open(png) as image:
        corner = image.crop((image.width * 3 // 4, 0, image.width, image.height // 6))
        histogram = corner.convert("L").histogram()
        return 1 - sum(histogram[240:]) / (corner.width * corner.height)


@pytest.mark.django_db
def test_the_qr_code_and_the_printed_link_lead_to_the_read_only_page(tmp_path):
    # A fixed link: a QR code's ink depends on what it encodes (0.117 to 0.130 of the corner
    # over 25 random links), and a random one once fell under the old margin of 0.1.
    table = imported(r1_record(), view_token="qr-Test_link-0123456789ab")

    body = pdf.table_pdf(table, lang="en", paper="a4", base_url="https://club.example/")
    text = text_of(body)

    assert f"https://club.example/t/{table.view_token}/" in text
    assert table.edit_token not in text
    with_qr = corner_ink(rendered_pages(body, tmp_path / "qr")[0])
    plain = pdf.table_pdf(table, lang="en", paper="a4")
    without = corner_ink(rendered_pages(plain, tmp_path / "plain")[0])
    assert with_qr > without + 0.05


@pytest.mark.django_db
def test_the_evening_prints_every_table_and_a_closing_page_of_nets():
    evening = Evening.objects.create(name="Club night", place="Moika 12")
    records = [r1_record(), long_record(), rich_record()]
    tables = [imported(r, evening=evening) for r in records]
    nets: dict[str, float] = {}
    for record in records:
        _columns, sheet, parsed = expected(record)
        for seat, amount in sheet.settlement_players.items():
            nets[parsed.players[seat]] = nets.get(parsed.players[seat], 0) + amount

    pages = pages_text(pdf.evening_pdf(evening, lang="en", paper="a4"))

    for number in range(1, len(tables) + 1):
        starts = [p for p in pages if f"score sheet · table {number}" in squeeze(p)]
        assert len(starts) == 1, f"table {number} does not start one page"
    closing = squeeze(pages[-1])
    assert "club night" in closing and "each player's net result" in closing
    for name, net in nets.items():
        assert re.search(rf"{name.casefold()} .*{re.escape(signed(net))}$", closing, re.M) or (
            f"{signed(net)}" in closing and name.casefold() in closing
        )


@pytest.mark.django_db
def test_a_night_of_two_variants_ranks_each_apart_and_never_adds_them():
    evening = Evening.objects.create(name="Club night")
    russian, bidding = r1_record(), progulochny_record()
    assert russian["players"]["N"] == bidding["players"]["N"]  # one player at both tables
    for record in (russian, bidding):
        imported(record, evening=evening)
    own = {r["variant"]: expected(r)[1].settlement_players["N"] for r in (russian, bidding)}
    name = russian["players"]["N"]

    sheets = [
        pdf.table_sheet(t, None, number=i) for i, t in enumerate(pdf.evening_tables(evening), 1)
    ]
    groups = pdf.evening_nets(sheets)
    closing = squeeze(pages_text(pdf.evening_pdf(evening, lang="en", paper="a4"))[-1])

    assert [g.variant_name for g in groups] == [
        variant_name("russian"),
        variant_name("progulochny"),
    ]
    nets = [{p.name: p.net for p in g.nets}[name] for g in groups]
    assert nets == [own["russian"], own["progulochny"]]
    assert "each variant is ranked apart" in closing
    assert all(g.nets[0].rank == 1 for g in groups)


@pytest.mark.django_db
@pytest.mark.parametrize(("lang", "words"), [("en", "for honours"), ("ru", "за онеры")])
def test_the_screen_and_the_paper_write_the_same_words_for_honours(client, lang, words):
    table = imported(rich_record())

    page = client.get(reverse("table", args=[table.view_token]), headers={"accept-language": lang})
    paper = squeeze(text_of(pdf.table_pdf(table, lang=lang, paper="a4")))

    assert f"<sup>1</sup>2 <small>{words}</small>" in page.content.decode()
    assert f"¹2 {words}" in paper


# ---------------------------------------------------------------------------------------------
# Views


@pytest.fixture
def table(db):
    return imported(r1_record())


@pytest.mark.parametrize("which", ["edit_token", "view_token"])
def test_the_sheet_downloads_from_both_links(client, table, which):
    response = client.get(reverse("table_pdf", args=[getattr(table, which)]))

    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"].startswith("inline; filename=")
    assert response["Content-Disposition"].endswith('-a4.pdf"')
    assert response.content.startswith(b"%PDF")
    assert table.view_token in text_of(response.content)


def test_the_sheet_takes_paper_and_language_from_the_query(client, table):
    response = client.get(
        reverse("table_pdf", args=[table.view_token]), {"paper": "a5", "lang": "ru"}
    )

    assert response.status_code == 200
    assert page_sizes(response.content) == {A5}
    assert "русский вист" in squeeze(text_of(response.content))


def test_the_sheet_speaks_the_language_of_the_page(client, table):
    response = client.get(
        reverse("table_pdf", args=[table.view_token]), headers={"accept-language": "ru"}
    )

    assert "под чертой" in squeeze(text_of(response.content))


@pytest.mark.parametrize(
    ("query", "message"),
    [({"paper": "a3"}, "a4 or a5"), ({"lang": "de"}, "en, ru"), ({"paper": ""}, "a4 or a5")],
)
def test_a_bad_paper_or_language_is_a_400_that_says_why(client, table, query, message):
    response = client.get(reverse("table_pdf", args=[table.edit_token]), query)

    assert response.status_code == 400
    assert message in response.content.decode()


@pytest.mark.django_db
def test_an_unknown_table_evening_or_variant_is_a_404(client):
    assert client.get(reverse("table_pdf", args=["nope"])).status_code == 404
    assert client.get(reverse("evening_pdf", args=["nope"])).status_code == 404
    assert client.get(reverse("blank_pad", args=["bridge"])).status_code == 404


@pytest.mark.django_db
def test_the_evening_downloads_by_its_token(client):
    evening = Evening.objects.create(name="Club night")
    imported(r1_record(), evening=evening)

    response = client.get(reverse("evening_pdf", args=[evening.token]), {"paper": "a5"})

    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert page_sizes(response.content) == {A5}
    assert (
        client.get(reverse("evening_pdf", args=[evening.token]), {"paper": "x"}).status_code == 400
    )


@pytest.mark.django_db
def test_the_blank_pads_page_links_every_variant(client):
    page = client.get(reverse("blank_pads")).content.decode()

    for variant in PRESETS:
        assert reverse("blank_pad", args=[variant]) in page
    response = client.get(reverse("blank_pad", args=["hussar"]), {"paper": "a5"})
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert 'filename="whist-pad-hussar-a5.pdf"' in response["Content-Disposition"]


@pytest.mark.django_db
def test_the_home_page_links_the_blank_pads(client):
    assert reverse("blank_pads") in client.get(reverse("home")).content.decode()


@pytest.mark.parametrize("which", ["edit_token", "view_token"])
def test_the_table_page_links_its_printable_sheet(client, table, which):
    token = getattr(table, which)

    page = client.get(reverse("table", args=[token])).content.decode()

    assert reverse("table_pdf", args=[token]) in page
    assert f"{reverse('table_pdf', args=[token])}?paper=a5" in page


# ---------------------------------------------------------------------------------------------
# What a printed sheet may load


@pytest.mark.parametrize(
    "url",
    [
        "http://127.0.0.1:9/secret.png",
        "https://example.org/track.png",
        "ftp://example.org/x",
        "file:///etc/hostname",
        f"file://{pdf.STATIC_DIR}/../scorebook/settings.py",
    ],
)
def test_the_printer_refuses_anything_but_data_and_the_projects_static_files(url):
    with pytest.raises(ValueError):
        pdf.StaticOnlyFetcher().fetch(url)


def test_the_printer_loads_its_fonts_and_inline_images():
    font = pdf.StaticOnlyFetcher().fetch(f"file://{pdf.STATIC_DIR}/fonts/DejaVuSansCondensed.ttf")
    image = pdf.StaticOnlyFetcher().fetch("data:image/png;base64,iVBORw0KGgo=")

    assert font.status in (None, 200) and image is not None


def test_a_sheet_that_names_outside_addresses_opens_none_of_them(monkeypatch):
    opened: list[str] = []
    real_open = pdf.URLFetcher.open

    def spy(self, url, *args, **kwargs):
        opened.append(url if isinstance(url, str) else url.full_url)
        return real_open(self, url, *args, **kwargs)

    monkeypatch.setattr(pdf.URLFetcher, "open", spy)
    html = (
        '<img src="http://127.0.0.1:9/a.png"><img src="file:///etc/hostname">'
        '<link rel="stylesheet" href="https://example.org/x.css">'
    )
    monkeypatch.setattr(pdf, "render_to_string", lambda *args, **kwargs: html)

    body = pdf.render_pdf("ignored.html", {}, lang="en", paper="a4")

    assert body.startswith(b"%PDF")
    assert not [u for u in opened if not u.startswith("data:") and str(pdf.STATIC_DIR) not in u]


REVOKED_SLAM = {"dealer": "N", "tricks": {"NS": 12, "EW": 1},
                "revokes": [{"seat": "N", "penalty": "add"}]}  # fmt: skip


@pytest.mark.parametrize(
    ("variant", "deal"),
    [
        ("russian", {"trump": "H"}),
        ("progulochny", {"contract": {"side": "NS", "game": "trump", "trump": "H"}}),
    ],
)
def test_the_pad_s_revoke_line_says_what_the_engine_does(variant, deal):
    record = {"format": "whist-record/1", "variant": variant,
              "players": {"N": "A", "E": "B", "S": "C", "W": "D"},
              "deals": [{**REVOKED_SLAM, **deal}]}  # fmt: skip
    entries = score(parse_record(record)).to_dict()["deals"][0]["entries"]
    penalty = next(e for e in entries if e["item"] == "revoke")
    capped = any(e.get("reason") == "cap" for e in entries)
    with translation.override("en"):
        line = next(x for x in scoring_summary(variant) if x.startswith("Revoke"))

    assert ("cannot win the game" in line) == capped
    assert ("above the line" in line) == (penalty["line"] == "above")


def test_only_a_right_to_left_name_is_laid_out_as_a_box_of_its_own(monkeypatch):
    # WeasyPrint ignores unicode-bidi: an inline element of its own is what keeps a Hebrew name
    # from reordering the line, and each one costs layout time, so a name in a left-to-right
    # script prints without one.
    laid_out: list[str] = []
    real_html = pdf.TemplateHTML

    def spy(*args, string, **kwargs):
        laid_out.append(string)
        return real_html(*args, string=string, **kwargs)

    monkeypatch.setattr(pdf, "TemplateHTML", spy)
    record = short_record()
    names = {"N": "Anna", "E": "\u05e9\u05e8\u05d4", "S": "Вера", "W": "\u0661\u0662 Gleb"}
    record["players"] = names

    body = pdf.record_pdf(record, lang="en", paper="a4")

    assert body.startswith(b"%PDF")
    (html,) = laid_out
    assert html.count("<bdi>\u05e9\u05e8\u05d4</bdi>") >= 3  # seating, pad head, settlement
    assert html.count("<bdi>\u0661\u0662 Gleb</bdi>") >= 3  # Arabic digits reorder too
    assert "<bdi>Anna</bdi>" not in html and "<bdi>Вера</bdi>" not in html
    assert html.count("Anna") >= 3 and html.count("Вера") >= 3
    # The place, typed text too, loses its box the same way.
    assert "<bdi>" + record["meta"]["place"] not in html and record["meta"]["place"] in html


@pytest.mark.parametrize("variant", [v for v, p in PRESETS.items() if not p.partnerships])
def test_a_variant_without_partnerships_speaks_of_players_not_sides(variant):
    with translation.override("en"):
        lines = scoring_summary(variant)
    revoke = next(x for x in lines if x.startswith("Revoke"))
    settlement = next(x for x in lines if x.startswith("Settlement"))

    for line in (revoke, settlement):
        assert not re.search(r"\b(side|sides|claimants|revokers)\b", line), line
    assert "player" in revoke and "player" in settlement


def _pad_part(page: str, part: str) -> str:
    return page.split(f'id="pad-{part}"', 1)[1].split("</tbody>", 1)[0]


@pytest.mark.django_db
@pytest.mark.parametrize(("lang", "revoke"), [("en", "R"), ("ru", "Р")])
def test_the_screen_marks_contra_recontra_and_revokes_beside_the_entries_as_the_paper(
    client, lang, revoke
):
    # The paper writes ×2 / ×4 beside what a contra or recontra multiplied, and R beside a
    # revoked deal's entries; the screen the scorer checks at the table showed neither, so a
    # "12 penalty" there did not say it was a recontra's
    bidding = imported(progulochny_record())
    page = client.get(
        reverse("table", args=[bidding.view_token]), headers={"accept-language": lang}
    ).content.decode()
    above, below = _pad_part(page, "above"), _pad_part(page, "below")

    assert re.search(r"<sup>1\W*×2</sup>1 <small>", above)  # the contra's extra
    assert re.search(r"<sup>1\W*×2</sup>2 <small>", above)  # the overtricks, multiplied
    assert re.search(r"<sup>2\W*×4</sup>9 <small>", above)  # the recontra's extra
    assert re.search(r"<sup>1</sup>2 <small>", above)  # the honours: never multiplied
    assert "×" not in below  # the contracts' base below the line is never multiplied

    revoked = imported(rich_record(players={"N": "Anna", "E": "Boris", "S": "Vera", "W": "Gleb"}))
    page = client.get(
        reverse("table", args=[revoked.view_token]), headers={"accept-language": lang}
    ).content.decode()

    assert re.search(rf"<sup>2\W*{revoke}</sup>6 <small>", _pad_part(page, "below"))


def test_a_printed_deal_line_is_plain_text_but_its_marks():
    # Every element in a line of the printed deal list costs WeasyPrint time on every deal: the
    # screen's spans (a suit's name for screen readers, a count kept on one line) are dropped
    deal = {
        "dealer": "N",
        "trump": "H",
        "tricks": {"NS": 8, "EW": 5},
        "honours": {"NS": 3, "EW": 2},
    }

    with translation.override("en"):
        line = str(pdf.summary_html(deal))

    assert "<" not in line, line
    assert "♥" in line and "tricks 8–5" in line and "honours 3–2" in line
