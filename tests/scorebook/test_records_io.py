"""Records in and out: ``import_record`` then ``export_record`` gives back the same record."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import date
from io import StringIO
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse
from django.utils import timezone, translation

from scorebook.tables import services
from scorebook.tables.models import Deal, Evening, Revision, Table, new_token

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted(
    p
    for p in (ROOT / "tests/rules/examples").glob("*.json")
    if not p.name.endswith(".expected.json")
)
BROKEN = {
    "format": "whist-record/1",
    "variant": "russian",
    "players": {"N": "Anna", "E": "Boris", "S": "Vera", "W": "Gleb"},
    "deals": [
        {"dealer": "N", "trump": "H", "tricks": {"NS": 9, "EW": 4}, "honours": {"NS": 3, "EW": 2}},
        {"dealer": "E", "trump": "S", "tricks": {"NS": 8, "EW": 4}, "honours": {"NS": 1, "EW": 4}},
    ],
}


def import_file(path: Path) -> str:
    out = StringIO()
    call_command("import_record", str(path), stdout=out)
    return out.getvalue().strip()


def export(key: str) -> dict:
    out = StringIO()
    call_command("export_record", key, stdout=out)
    return json.loads(out.getvalue())


def test_there_are_ten_example_records():
    assert len(EXAMPLES) == 10


@pytest.mark.django_db
@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_an_example_record_comes_back_unchanged(path):
    url = import_file(path)

    table = Table.objects.get()
    assert url == "http://127.0.0.1:8000" + reverse("table", args=[table.edit_token])
    # The examples have no date: the table was played the day it was imported, and says so.
    assert table.played_on == timezone.localdate()
    assert export(url) == {**json.loads(path.read_text()), "meta": {"date": str(table.played_on)}}
    assert Deal.objects.filter(table=table).count() == len(json.loads(path.read_text())["deals"])
    assert set(Revision.objects.values_list("action", "author_label")) == {
        ("imported", "import_record")
    }


@pytest.mark.django_db
@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_an_imported_example_scores_as_expected(path):
    import_file(path)
    expected = json.loads(path.with_suffix(".expected.json").read_text())

    out = services.table_state(Table.objects.get()).sheet.to_dict()

    assert len(out["games"]) == len(expected["games"])
    for got, want in zip(out["games"], expected["games"], strict=True):
        assert {k: got[k] for k in want} == want
    for key in ("rubbers", "totals", "settlement"):
        assert out[key] == expected[key]


@pytest.mark.django_db
def test_a_table_can_be_exported_by_number_token_or_url(table_with_deals):
    table = table_with_deals
    table.view_token, table.edit_token = "view" + "v" * 20, "edit" + "e" * 20
    table.save()
    record = services.export_record(table)

    assert export(str(table.pk)) == record
    assert export(table.view_token) == record
    assert export(f"https://example.org/t/{table.edit_token}/") == record


@pytest.mark.django_db
def test_new_tokens_never_start_with_a_dash():
    """token_urlsafe() starts one token in 64 with "-", which argparse takes for an option."""
    assert not any(new_token().startswith("-") for _ in range(3000))


@pytest.mark.django_db
def test_a_token_that_starts_with_a_dash_can_be_exported_after_a_double_dash(table_with_deals):
    table = table_with_deals
    table.view_token = "-" + "v" * 23
    table.save()

    out = StringIO()
    call_command("export_record", "--", table.view_token, stdout=out)
    assert json.loads(out.getvalue()) == services.export_record(table)


@pytest.mark.django_db
def test_a_table_played_on_the_site_round_trips(client, table_with_deals, tmp_path):
    path = tmp_path / "record.json"
    path.write_text(client.get(reverse("record_download", args=[table_with_deals.edit_token])).text)

    url = import_file(path)

    assert export(url) == json.loads(path.read_text())
    assert export(url)["meta"] == {"title": "Friday", "date": str(table_with_deals.played_on)}


DATED = {
    **BROKEN,
    "deals": [
        {"dealer": "N", "trump": "H", "tricks": {"NS": 9, "EW": 4}, "honours": {"NS": 3, "EW": 2}},
        {"dealer": "E", "trump": "S", "tricks": {"NS": 8, "EW": 5}, "honours": {"NS": 1, "EW": 4}},
    ],
    "meta": {"title": "Friday", "date": "2026-11-20"},
}


@pytest.mark.django_db
def test_an_imported_record_keeps_its_date_and_the_table_page_shows_it(client):
    table = services.import_record(DATED)

    assert table.played_on == date(2026, 11, 20)
    page = client.get(reverse("table", args=[table.view_token]))
    assert "20 November 2026" in page.text


@pytest.mark.django_db
def test_a_record_goes_round_with_the_same_date_and_the_same_score():
    first = services.import_record(DATED)
    exported = services.export_record(first)
    second = services.import_record(exported)

    assert exported["meta"] == {"title": "Friday", "date": "2026-11-20"}
    assert second.played_on == first.played_on == date(2026, 11, 20)
    assert services.export_record(second) == exported
    assert (
        services.table_state(second).sheet.to_dict() == services.table_state(first).sheet.to_dict()
    )


@pytest.mark.django_db
def test_a_night_tables_record_carries_the_nights_date():
    night = Evening.objects.create(name="Club night", date=date(2026, 10, 2))
    table = services.create_table(variant="russian", players=BROKEN["players"], evening=night)

    assert services.export_record(table)["meta"]["date"] == "2026-10-02"


@pytest.mark.django_db
def test_a_downloaded_record_goes_into_the_ladder_command(client, tmp_path):
    table = services.import_record(DATED)
    path = tmp_path / "friday.json"
    path.write_text(client.get(reverse("record_download", args=[table.edit_token])).text)

    out = StringIO()
    call_command("ladder", str(path), "--kind", "total", "--json", stdout=out)

    ladder = json.loads(out.getvalue())
    assert ladder["sessions"] == 1
    assert {row["player"] for row in ladder["standings"]} == {"Anna", "Boris", "Vera", "Gleb"}


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "words"),
    [("en", "date: must be a real date written YYYY-MM-DD, not"), ("ru", "дата: ")],
)
def test_the_import_page_refuses_a_day_that_is_not_in_the_calendar(client, language, words):
    data = json.dumps({**DATED, "meta": {"date": "2026-13-45"}}).encode()
    upload = SimpleUploadedFile("bad.json", data, content_type="application/json")

    with translation.override(language):
        page = client.post(
            reverse("import_record"), {"record": upload}, HTTP_ACCEPT_LANGUAGE=language
        )

    assert page.status_code == 422
    assert words in page.text and "2026-13-45" in page.text
    assert not Table.objects.exists()


@pytest.mark.django_db
def test_import_record_prints_the_url_at_the_sites_address(settings, tmp_path):
    settings.SITE_URL = "https://whist.example.org"
    path = tmp_path / "record.json"
    path.write_text((ROOT / "tests/rules/examples/R1.json").read_text())

    url = import_file(path)

    table = Table.objects.get()
    assert url == f"https://whist.example.org/t/{table.edit_token}/"


@pytest.mark.django_db
def test_base_url_overrides_the_sites_address(settings, tmp_path):
    settings.SITE_URL = "https://whist.example.org"
    path = tmp_path / "record.json"
    path.write_text((ROOT / "tests/rules/examples/R1.json").read_text())
    out = StringIO()

    call_command("import_record", str(path), "--base-url", "http://club.test:8080/", stdout=out)

    assert out.getvalue() == f"http://club.test:8080/t/{Table.objects.get().edit_token}/\n"


@pytest.mark.django_db
def test_exporting_an_unknown_table_is_an_error():
    with pytest.raises(CommandError, match="no table"):
        export("nope")


@pytest.mark.django_db
def test_a_broken_record_names_the_deal_and_the_field_and_creates_nothing(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(BROKEN))

    with pytest.raises(CommandError) as error:
        import_file(path)

    assert str(error.value).startswith("deal 2, field 'tricks'")
    assert "\n" not in str(error.value)
    assert not Table.objects.exists()
    assert not Deal.objects.exists()


def manage(*args: str, stdin: str | None = None, tmp_path: Path) -> subprocess.CompletedProcess:
    """Run manage.py on a throw-away database: a refused record must not touch any table."""
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path / 'throwaway.sqlite3'}"}
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (json.dumps(BROKEN), "deal 2, field 'tricks'"),
        (json.dumps({**BROKEN, "variant": "bridge"}), "field 'variant'"),
        ("{not json", "not valid JSON"),
    ],
)
def test_import_record_refuses_in_one_line_and_exits_nonzero(tmp_path, text, expected):
    result = manage("import_record", "-", stdin=text, tmp_path=tmp_path)

    assert result.returncode != 0
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert expected in lines[0]
    assert "Traceback" not in result.stderr


def test_import_record_of_a_missing_file_is_one_line(tmp_path):
    result = manage("import_record", str(tmp_path / "nope.json"), tmp_path=tmp_path)

    assert result.returncode != 0
    assert "cannot read" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
