"""``manage.py sheet``: a record file printed as the PDF sheet, standard input, clean errors."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from pypdf import PdfReader

from tests.scorebook.records import r1_record, rich_record

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "manage.py", "sheet", *args],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        check=False,
    )


def text_of(body: bytes) -> str:
    return "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(body)).pages)


@pytest.fixture
def record_file(tmp_path):
    path = tmp_path / "R1.json"
    path.write_text(json.dumps(r1_record()))
    return path


def test_it_writes_the_sheet_of_a_record_file(record_file, tmp_path):
    out = tmp_path / "out.pdf"

    call_command("sheet", str(record_file), "-o", str(out))

    text = text_of(out.read_bytes())
    assert "Anna" in text and "Gleb" in text
    assert "+40" in text and "\u221240" in text
    reader = PdfReader(out)
    assert round(float(reader.pages[0].mediabox.width)) == 595  # A4 unless asked


def test_it_prints_in_russian_on_a5_from_standard_input_to_standard_output():
    result = run(
        "-", "-o", "-", "--lang", "ru", "--paper", "a5", stdin=json.dumps(rich_record()).encode()
    )

    assert result.returncode == 0, result.stderr.decode()
    assert result.stdout.startswith(b"%PDF")
    reader = PdfReader(io.BytesIO(result.stdout))
    assert round(float(reader.pages[0].mediabox.width)) == 420
    text = text_of(result.stdout).casefold()
    assert "анна" in text and "русский вист" in text


def test_a_url_adds_the_link_of_the_read_only_page(record_file, tmp_path):
    out = tmp_path / "out.pdf"

    call_command("sheet", str(record_file), "-o", str(out), "--url", "https://club.example/t/abc/")

    assert "https://club.example/t/abc/" in text_of(out.read_bytes())


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (lambda r: r["deals"][1].update(tricks={"NS": 8, "EW": 4}), "deal 2, field 'tricks'"),
        (lambda r: r.update(variant="bridge"), "field 'variant'"),
    ],
)
def test_a_broken_record_exits_nonzero_with_one_line_naming_deal_and_field(
    change, expected, tmp_path
):
    record = r1_record()
    change(record)
    out = tmp_path / "out.pdf"

    result = run("-", "-o", str(out), stdin=json.dumps(record).encode())

    stderr = result.stderr.decode()
    assert result.returncode != 0
    assert expected in stderr
    assert len(stderr.strip().splitlines()) == 1
    assert "Traceback" not in stderr
    assert not out.exists()


def test_a_file_that_is_not_json_is_one_line_too():
    result = run("-", "-o", "-", stdin=b"{not json")

    assert result.returncode != 0
    assert "not valid JSON" in result.stderr.decode()
    assert len(result.stderr.decode().strip().splitlines()) == 1


def test_an_unknown_paper_is_refused_by_the_arguments(record_file, tmp_path):
    with pytest.raises(CommandError, match="invalid choice: 'letter'"):
        call_command("sheet", str(record_file), "-o", str(tmp_path / "x.pdf"), "--paper", "letter")
