"""The print templates' parser gives WeasyPrint the tree its own parser (tinyhtml5) would, for
every print template, and hands anything it cannot parse the same way to tinyhtml5."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import tinyhtml5
from django.urls import reverse

from scorebook.printing import pdf
from scorebook.printing.parser import NotSimple, TemplateHTML, parse
from scorebook.rules import PRESETS
from scorebook.tables import services
from scorebook.tables.models import Evening
from tests.scorebook.records import long_record, progulochny_record, rich_record
from tests.scorebook.test_club_queries import build_club, season_of

EXAMPLES = Path(__file__).parent.parent / "rules" / "examples"
NAMES = sorted(p.stem for p in EXAMPLES.glob("*.json") if ".expected" not in p.name)


def shape(element: ET.Element) -> tuple:
    """What WeasyPrint reads of a tree: tags, attributes and text, comments left out. Text
    straight in <html> (whitespace between <head> and <body>) and at the end of <body> is
    whitespace that lays out as nothing; tinyhtml5 keeps it, the fast parser does not."""
    children = [c for c in element if isinstance(c.tag, str)]
    text = element.text or ""
    tails = [c.tail or "" for c in children]
    if element.tag == "html":
        text, tails = "", ["" for _ in tails]
    if element.tag == "body":
        if children:
            tails[-1] = tails[-1].rstrip()
        else:
            text = text.rstrip()
    return (
        element.tag,
        sorted(element.attrib.items()),
        text,
        [(shape(c), tail) for c, tail in zip(children, tails, strict=True)],
    )


@pytest.fixture
def printed(monkeypatch) -> list[str]:
    """The HTML of every document handed to WeasyPrint."""
    documents: list[str] = []

    def spy(*, string: str, **kwargs):
        documents.append(string)
        return TemplateHTML(string=string, **kwargs)

    monkeypatch.setattr(pdf, "TemplateHTML", spy)
    return documents


def assert_same_trees(documents: list[str]) -> None:
    assert documents
    for html in documents:
        expected = tinyhtml5.parse(html, namespace_html_elements=False)
        assert shape(parse(html)) == shape(expected)


@pytest.mark.parametrize("paper", ["a4", "a5"])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_worked_example_sheet_parses_as_weasyprint_would(printed, lang, paper):
    records = [json.loads((EXAMPLES / f"{n}.json").read_text()) for n in NAMES]
    records += [rich_record({"N": "\u05e9\u05e8\u05d4", "E": "<b>", "S": "A & B", "W": "Ю"})]
    records += [progulochny_record(), long_record(deals=120)]
    for record in records:
        pdf.record_pdf(record, lang=lang, paper=paper, url="https://club.example/t/x/?a=1&b=2")

    assert len(printed) == len(records) == len(NAMES) + 3
    assert_same_trees(printed)


@pytest.mark.django_db
def test_an_evening_parses_as_weasyprint_would(printed):
    evening = Evening.objects.create(name="Night <1> & co", place="Клуб")
    for seed in range(3):
        table = services.import_record(long_record(seed=seed, deals=20))
        table.evening = evening
        table.save(update_fields=["evening"])

    pdf.evening_pdf(evening, lang="ru", paper="a4", base_url="http://club.example/")

    assert_same_trees(printed)


@pytest.mark.parametrize("paper", ["a4", "a5"])
def test_every_blank_pad_parses_as_weasyprint_would(printed, paper):
    for variant in PRESETS:
        pdf.blank_pad_pdf(variant, lang="ru", paper=paper)

    # each pad at least once: the first print of a pad lays it out again to fit its rows to
    # the page (kept afterwards), and every one of those pages is compared too
    assert len(printed) >= len(PRESETS)
    assert_same_trees(printed)


@pytest.mark.django_db
def test_a_season_ladder_parses_as_weasyprint_would(client, owner, printed):
    club = build_club(owner, "Club & <co>", nights=2, tables=2, kind="rating")
    client.force_login(owner)

    response = client.get(reverse("season_pdf", args=[club.token, season_of(club).pk]))

    assert response.status_code == 200
    assert_same_trees(printed)


@pytest.mark.parametrize(
    "html",
    [
        "<!doctype html><html><head></head><body><p>one<div>two</div></p></body></html>",
        "<!doctype html><html><head></head><body><p>one<p>two</body></html>",
        "<!doctype html><html><head></head><body><table>text<tr><td>1</td></tr></table>"
        "</body></html>",
        "<!doctype html><html><head></head><body><table><td>1</td></table></body></html>",
        "<!doctype html><html><head><base href='http://x/'></head><body></body></html>",
        "<!doctype html><html><head></head><body><p>one</br>two</p></body></html>",
        "<p>no doctype, no html</p>",
    ],
)
def test_what_it_cannot_parse_as_html5_would_goes_to_weasyprints_own_parser(html):
    with pytest.raises(NotSimple):
        parse(html)
    document = TemplateHTML(string=html, base_url="/", url_fetcher=pdf.StaticOnlyFetcher())
    expected = tinyhtml5.parse(html, namespace_html_elements=False)
    assert shape(document.etree_element) == shape(expected)
    assert document.write_pdf().startswith(b"%PDF")


def test_the_end_tag_of_another_void_element_is_ignored_as_in_html5():
    html = "<!doctype html><html><head></head><body><p>one</img>two</p></body></html>"

    assert shape(parse(html)) == shape(tinyhtml5.parse(html, namespace_html_elements=False))


def test_a_row_straight_in_a_table_gets_its_row_group_as_in_html5():
    html = "<!doctype html><html><head></head><body><table><tr><td>1</td></tr></table>"
    html += "</body></html>"
    tree = parse(html)

    assert shape(tree) == shape(tinyhtml5.parse(html, namespace_html_elements=False))
    assert [e.tag for e in tree.iter()][-4:] == ["table", "tbody", "tr", "td"]
