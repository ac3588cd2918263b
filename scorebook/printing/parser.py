"""The print templates' HTML, parsed for WeasyPrint four times as fast as its own parser does.

WeasyPrint parses with tinyhtml5, the whole HTML5 algorithm in pure Python: a tenth of an
evening's PDF went there. Our templates write well-formed HTML (each element closed, no text
straight in a table), for which the standard library's ``html.parser`` gives the same tree.
Where a document is not that simple, WeasyPrint's own parser reads it, so the result is the same
tree either way (tests/scorebook/test_print_parser.py holds the two equal over every print
template).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from typing import Any

import cssselect2
from weasyprint import HTML

VOID = frozenset(
    {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
     "track", "wbr"}
)  # fmt: skip
# A start tag that closes an open <p> in HTML5 (its content model): our parser would nest it.
CLOSES_P = frozenset(
    {"address", "article", "aside", "blockquote", "details", "dialog", "div", "dl", "dd", "dt",
     "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6",
     "header", "hgroup", "hr", "li", "main", "menu", "nav", "ol", "p", "pre", "section", "table",
     "ul"}
)  # fmt: skip
TABLE_PARTS = frozenset({"table", "thead", "tbody", "tfoot", "tr"})
# Where HTML5 would make up a missing parent (a cell outside a row), and <base>, which would
# change the addresses.
PARENTS = {"td": "tr", "th": "tr", "col": "colgroup"}


class NotSimple(Exception):
    """The document needs the HTML5 algorithm: an implied end tag, text straight in a table."""


class _TreeBuilder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.builder = ET.TreeBuilder()
        self.open: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in CLOSES_P and "p" in self.open:
            raise NotSimple(f"<{tag}> in a <p>")
        if tag == "base" or (tag in PARENTS and self.open[-1:] != [PARENTS[tag]]):
            raise NotSimple(f"<{tag}> where HTML5 changes the tree")
        if tag == "tr" and self.open and self.open[-1] == "table":
            self._start("tbody", [])  # HTML5 puts a row group around rows straight in a table
        self._start(tag, attrs)
        if tag in VOID:
            self.handle_endtag(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.handle_endtag(tag)

    def _start(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.builder.start(tag, {name: value or "" for name, value in attrs})
        self.open.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID and (not self.open or self.open[-1] != tag):
            if tag == "br":
                raise NotSimple("</br>, which HTML5 reads as <br>")
            return  # </img> and the like: HTML5 ignores them
        if tag == "table" and self.open[-2:] == ["table", "tbody"]:
            self._end("tbody")
        if not self.open or self.open[-1] != tag:
            raise NotSimple(f"</{tag}> closes <{self.open[-1] if self.open else ''}>")
        self._end(tag)

    def _end(self, tag: str) -> None:
        self.builder.end(tag)
        self.open.pop()

    def handle_data(self, data: str) -> None:
        if not self.open or self.open == ["html"]:
            return  # between the document's parts: HTML5 drops it or moves it into <body>
        if self.open[-1] in TABLE_PARTS and not data.isspace():
            raise NotSimple("text straight in a table")
        self.builder.data(data)

    def close(self) -> ET.Element:
        super().close()
        if self.open:
            raise NotSimple(f"<{self.open[-1]}> never closed")
        return self.builder.close()


def parse(html: str) -> ET.Element:
    """The tree of ``html``, as tinyhtml5 would build it (raises NotSimple when it cannot say)."""
    if not html.lstrip()[:15].lower().startswith("<!doctype html>"):
        raise NotSimple("no <!doctype html>")
    builder = _TreeBuilder()
    builder.feed(html)
    root = builder.close()
    if root.tag != "html" or [child.tag for child in root] != ["head", "body"]:
        raise NotSimple("not <html> with a <head> and a <body>")
    return root


class TemplateHTML(HTML):
    """``weasyprint.HTML(string=...)`` for a print template's output, parsed by ``parse``, or by
    WeasyPrint's own parser when the document is not simple enough for it."""

    def __init__(self, *, string: str, base_url: str, url_fetcher: Any) -> None:
        try:
            root = parse(string)
        except NotSimple:
            super().__init__(string=string, base_url=base_url, url_fetcher=url_fetcher)
            return
        self.base_url = base_url
        self.url_fetcher = url_fetcher
        self.media_type = "print"
        self.wrapper_element = cssselect2.ElementWrapper.from_html_root(root)
        self.etree_element = self.wrapper_element.etree_element
