"""The night's table cards on the paper chosen on the cards page (issue 29): A4 (six a page),
A5 (two) and A6, one card a page to stand on its table, its QR code large enough to scan from
across the table (at least 3 cm) and its players' names whole."""

from __future__ import annotations

import datetime
import io

import pytest
from django.urls import reverse
from pypdf import PdfReader

from scorebook.clubs import services as clubs
from scorebook.printing import pdf

pytestmark = pytest.mark.django_db

LONG = ["Александра Константиновна Преображенская", "Феофилакт Воскресенский",
        "Максимилиан Беляев-Ростопчин", "Евдокия Ли"]  # fmt: skip
MM = 25.4 / 96  # WeasyPrint lays out in CSS pixels


@pytest.fixture
def night(owner):
    club = clubs.create_club(user=owner, name="Moika", variant="russian", language="ru")
    night = clubs.open_night(club, name="Fri", date=datetime.date(2026, 11, 20), author=owner)
    for t in range(3):
        names = LONG if t == 0 else [f"Player {t}{s}" for s in "NESW"]
        clubs.start_table(night, author=owner, variant="russian", first_dealer="N",
                          players=dict(zip("NESW", names, strict=True)))  # fmt: skip
    return night


def walk(box):  # type: ignore[no-untyped-def]
    """Every box under ``box``, absolutely placed ones (the card's code) included."""
    yield box
    for child in getattr(box, "children", None) or []:
        yield from walk(child)


def text_of(body: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(body)).pages]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a6_prints_one_card_a_page(night, lang):
    body = pdf.night_cards_pdf(night, lang=lang, paper="a6", base_url="https://w.example")
    reader = PdfReader(io.BytesIO(body))
    assert len(reader.pages) == 3
    width, height = (float(v) * 25.4 / 72 for v in reader.pages[0].mediabox[2:])
    assert round(width) == 105 and round(height) == 148  # A6, in mm
    for number, text in enumerate(text_of(body), start=1):
        assert text.lstrip().startswith(str(number))


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_an_a6_card_has_a_large_code_and_its_names_whole(night, lang):
    from scorebook.printing.pdf import CARD_PAPERS, _laid_out, table_cards

    cards = table_cards(night, "https://w.example")
    document = _laid_out("printing/print/cards.html",
                         {"evening": night, "cards": cards, "doc_title": "x"},
                         lang=lang, paper="a6", papers=CARD_PAPERS)  # fmt: skip
    page = document.pages[0]._page_box  # noqa: SLF001
    boxes = [b for b in walk(page) if getattr(b, "element_tag", None)]
    image = next(b for b in boxes if b.element_tag == "img")
    assert image.width * MM >= 30 and image.height * MM >= 30
    card = next(b for b in boxes if "card" in (b.element.get("class") or "").split())
    right = card.position_x + card.margin_width()
    names = [b for b in boxes if b.element_tag == "li" and type(b).__name__ == "BlockBox"]
    assert len(names) == 4
    for li in names:  # every line of each name inside the card, and above the code
        for line in walk(li):
            if type(line).__name__ == "TextBox":
                assert line.position_x + line.width <= right + 0.5, line.text
                assert line.position_y + line.height <= image.position_y, line.text
    assert image.position_y + image.height <= card.position_y + card.margin_height() + 0.5


def test_the_cards_page_offers_the_three_papers_and_the_pdf_answers_each(client, night, owner):
    client.force_login(owner)
    page = client.get(reverse("night_cards", args=[night.token])).content.decode()
    for paper in ("a4", "a5", "a6"):
        assert f'<option value="{paper}">' in page
        answer = client.get(reverse("night_cards_pdf", args=[night.token]), {"paper": paper})
        assert answer["Content-Type"] == "application/pdf"
        pages = len(PdfReader(io.BytesIO(answer.content)).pages)
        assert pages == {"a4": 1, "a5": 2, "a6": 3}[paper]
    refused = client.get(reverse("night_cards_pdf", args=[night.token]), {"paper": "a3"})
    assert refused.status_code == 400 and "a4, a5, a6" in refused.content.decode()


def test_a_table_sheet_stays_on_a4_or_a5(client, night, owner):
    table = night.tables.first()
    answer = client.get(reverse("table_pdf", args=[table.view_token]), {"paper": "a6"})
    assert answer.status_code == 400


def test_a_closed_nights_cards_invite_no_phone_to_score(client, night, owner):
    clubs.close_night(night, author=owner)
    client.force_login(owner)

    page = client.get(reverse("night_cards", args=[night.token])).content.decode()
    printed = client.get(reverse("night_cards_pdf", args=[night.token]), {"paper": "a4"})

    assert "The night is closed: its tables are read-only" in page
    assert "qr-large" not in page and "night_cards_pdf" not in page
    assert reverse("night_cards_pdf", args=[night.token]) not in page
    assert printed.status_code == 302
    assert printed["Location"] == reverse("night_cards", args=[night.token])
