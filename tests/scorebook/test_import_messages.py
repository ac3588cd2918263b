"""What the import page says about a file it refuses: enough to find the mistake in the file.

A file that is not JSON is told where its JSON breaks (line and column) or that it is empty;
a record of an unknown variant or with a name at the dummy's seat quotes what the file holds.
"""

from __future__ import annotations

import html
import json
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from scorebook.rules import PRESETS
from scorebook.tables.models import Table

RECORD = {
    "format": "whist-record/1",
    "variant": "english-short",
    "players": {"N": "Anna", "E": "Boris", "S": "Vera", "W": "Gleb"},
    "deals": [{"dealer": "N", "trump": "S", "tricks": {"NS": 7, "EW": 6}}],
}


def refused(client, data: bytes, language: str = "en") -> str:
    upload = SimpleUploadedFile("record.json", data, content_type="application/json")
    page = client.post(reverse("import_record"), {"record": upload}, HTTP_ACCEPT_LANGUAGE=language)
    assert page.status_code == 422, page.status_code
    assert not Table.objects.exists()
    said = re.search(r'<p class="field-error" role="alert">(.*?)</p>', page.text, re.S)
    assert said is not None, page.text
    return html.unescape(said.group(1))


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "line", "column"), [("en", "line", "column"), ("ru", "строк", "столб")]
)
def test_broken_json_is_told_where_it_breaks(client, language, line, column):
    text = json.dumps(RECORD, indent=2)
    broken = text.replace('"trump": "S",', '"trump": "S",,', 1)  # a comma too many
    at_line = broken[: broken.index(",,") + 1].count("\n") + 1

    page = refused(client, broken.encode(), language)

    assert re.search(rf"{line}\w* {at_line}\b", page), page
    assert re.search(rf"{column}\w* \d+", page), page


@pytest.mark.django_db
@pytest.mark.parametrize(("language", "word"), [("en", "empty"), ("ru", "пуст")])
def test_an_empty_file_is_told_it_is_empty(client, language, word):
    page = refused(client, b"", language)

    assert word in page


@pytest.mark.django_db
def test_a_file_that_is_not_utf8_text_is_told_so(client):
    data = json.dumps({**RECORD, "players": {**RECORD["players"], "N": "Zoë"}}, ensure_ascii=False)

    page = refused(client, data.encode("latin-1"))

    assert "UTF-8" in page


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "ru"])
def test_an_unknown_variant_is_quoted_with_the_variants_known(client, language):
    page = refused(client, json.dumps({**RECORD, "variant": "bridge"}).encode(), language)

    assert "bridge" in page
    for key in PRESETS:
        assert key in page


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_name_at_the_dummys_seat_is_quoted(client, language):
    record = {**RECORD, "dummy": "S", "players": {**RECORD["players"], "S": "Bob"}}

    page = refused(client, json.dumps(record).encode(), language)

    assert "Bob" in page
