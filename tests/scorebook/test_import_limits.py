"""One validation for every way in: import (web and command) and the forms accept and refuse
the same names, notes, titles and sizes, with a message naming the field."""

from __future__ import annotations

import html
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse

from players.models import Player
from scorebook.rules import RecordError, parse_record
from scorebook.tables import services
from scorebook.tables.models import Deal, Table
from tests.scorebook.conftest import PLAYERS, new_table_form

pytestmark = pytest.mark.django_db

DEAL = {"dealer": "N", "trump": "H", "tricks": {"NS": 8, "EW": 5}, "honours": {"NS": 3, "EW": 2}}


def record(**changes):
    data = {"format": "whist-record/1", "variant": "russian", "players": dict(PLAYERS),
            "deals": [dict(DEAL)]}  # fmt: skip
    data.update(changes)
    return data


BAD = [
    ("name of 61 letters", record(players={**PLAYERS, "N": "A" * 61}), "players", "at most 60"),
    ("NUL in a name", record(players={**PLAYERS, "N": "An\x00na"}), "players", "control"),
    ("tab in a name", record(players={**PLAYERS, "N": "An\tna"}), "players", "control"),
    ("two seats, one name", record(players={**PLAYERS, "E": "anna"}), "players", "seated twice"),
    ("title as an object", record(meta={"title": {"x": 1}}), "title", "must be text"),
    ("title of 101", record(meta={"title": "T" * 101}), "title", "at most 100"),
    ("NUL in the title", record(meta={"title": "Fri\x00day"}), "title", "control"),
    ("a date that is none", record(meta={"date": "Friday"}), "date", "YYYY-MM-DD"),
    ("note of 201", record(deals=[{**DEAL, "note": "n" * 201}]), "note", "at most 200"),
    ("bell in a note", record(deals=[{**DEAL, "note": "ding\x07"}]), "note", "control"),
    ("override in the title", record(meta={"title": "\u202eFriday"}), "title", "invisible"),
    ("isolate in the place", record(meta={"place": "\u2066Moika\u2069"}), "place", "invisible"),
    ("zero-width space in a note", record(deals=[{**DEAL, "note": "a\u200bb"}]), "note",
     "invisible"),
    ("BOM in a void deal's note", record(deals=[{"dealer": "N", "void": "misdeal",
                                                 "note": "\ufeffdealt 14"}]), "note", "invisible"),
    ("lone surrogate in a note", record(deals=[{**DEAL, "note": "n\ud800"}]), "note",
     "valid Unicode"),
    ("noncharacter in a name", record(players={**PLAYERS, "N": "An\ufffena"}), "players",
     "valid Unicode"),
    ("lone surrogate in the title", record(meta={"title": "\udfffFriday"}), "title",
     "valid Unicode"),
]  # fmt: skip


@pytest.mark.parametrize(("data", "field", "words"), [b[1:] for b in BAD], ids=[b[0] for b in BAD])
def test_the_engine_refuses_bad_text_naming_the_field(data, field, words):
    with pytest.raises(RecordError) as refused:
        parse_record(data)

    assert field in (refused.value.field or "")


@pytest.mark.parametrize(("data", "field", "words"), [b[1:] for b in BAD], ids=[b[0] for b in BAD])
def test_web_import_refuses_it_and_saves_nothing(client, data, field, words):
    upload = io.BytesIO(json.dumps(data).encode())
    upload.name = "record.json"

    response = client.post(reverse("import_record"), {"record": upload})

    assert response.status_code == 422
    assert words in response.content.decode()
    assert not Table.objects.exists() and not Player.objects.exists()


@pytest.mark.parametrize(("data", "field", "words"), [b[1:] for b in BAD], ids=[b[0] for b in BAD])
def test_the_import_command_refuses_it_in_one_line(tmp_path, data, field, words):
    path = tmp_path / "record.json"
    path.write_text(json.dumps(data))

    with pytest.raises(CommandError) as refused:
        call_command("import_record", str(path))

    assert "\n" not in str(refused.value) and field in str(refused.value)
    assert not Table.objects.exists()


def test_the_russian_interface_says_it_in_russian(client):
    upload = io.BytesIO(json.dumps(record(players={**PLAYERS, "N": "A" * 61})).encode())
    upload.name = "record.json"

    page = client.post(
        reverse("import_record"), {"record": upload}, HTTP_ACCEPT_LANGUAGE="ru"
    ).content.decode()

    assert "не длиннее 60 знаков" in page


def test_the_new_table_form_refuses_the_same_names(client):
    long_name = client.post(reverse("new_table", args=["russian"]),
                            new_table_form("russian", player_N="A" * 61))  # fmt: skip
    control = client.post(reverse("new_table", args=["russian"]),
                          new_table_form("russian", player_N="An\x07na"))  # fmt: skip
    same = client.post(reverse("new_table", args=["russian"]),
                       new_table_form("russian", player_E="ANNA"))  # fmt: skip

    assert [r.status_code for r in (long_name, control, same)] == [422, 422, 422]
    assert "control characters" in control.content.decode()
    assert not Table.objects.exists()


def test_a_note_the_import_refuses_is_refused_by_the_deal_form_too(client):
    table = services.create_table(variant="russian", players=PLAYERS, first_dealer="N")
    url = reverse("deal_add", args=[table.edit_token])

    response = client.post(
        url, {"number": 1, "dealer": "N", "trump": "H", "tricks": 8, "honours": 3,
              "note": "ding\x07"},
    )  # fmt: skip

    assert response.status_code == 422
    assert not Deal.objects.exists()


def test_a_record_of_more_deals_than_a_table_needs_is_refused_at_once(client):
    deals = [{"trump": "H", "tricks": {"NS": 7, "EW": 6}, "honours": {"NS": 2, "EW": 3}}]
    data = record(deals=deals * (services.MAX_IMPORT_DEALS + 1))
    upload = io.BytesIO(json.dumps(data).encode())
    upload.name = "record.json"

    response = client.post(reverse("import_record"), {"record": upload})

    assert response.status_code == 422
    assert f"at most {services.MAX_IMPORT_DEALS} deals" in response.content.decode()
    assert not Table.objects.exists()


def padded(size: int) -> bytes:
    """A valid record, padded with whitespace to ``size`` bytes."""
    text = json.dumps(record()).encode()
    return text + b" " * (size - len(text))


def test_the_import_page_and_the_command_refuse_a_file_over_2_mb_alike(client, tmp_path):
    body = padded(2_200_000)
    upload = io.BytesIO(body)
    upload.name = "record.json"
    path = tmp_path / "record.json"
    path.write_bytes(body)

    response = client.post(reverse("import_record"), {"record": upload})
    with pytest.raises(CommandError) as refused:
        call_command("import_record", str(path), stdout=io.StringIO())

    assert response.status_code == 422
    assert "The file is too large for a record." in response.content.decode()
    assert "too large for a record" in str(refused.value) and "\n" not in str(refused.value)
    assert not Table.objects.exists()


def test_the_command_takes_a_file_of_exactly_the_limit(tmp_path):
    path = tmp_path / "record.json"
    path.write_bytes(padded(services.MAX_RECORD_BYTES))

    call_command("import_record", str(path), stdout=io.StringIO())

    assert Table.objects.count() == 1


class Stdin:
    """Standard input that notes how many bytes each read asked for."""

    def __init__(self, data: bytes):
        self.buffer = io.BytesIO(data)
        self.asked: list[int | None] = []
        read = self.buffer.read
        self.buffer.read = lambda size=-1: self.asked.append(size) or read(size)  # type: ignore[method-assign]


def test_the_command_reads_at_most_one_byte_over_the_limit_from_standard_input(monkeypatch):
    stdin = Stdin(padded(2_200_000))
    monkeypatch.setattr(sys, "stdin", stdin)

    with pytest.raises(CommandError, match="standard input: the file is too large"):
        call_command("import_record", "-", stdout=io.StringIO())

    assert stdin.asked == [services.MAX_RECORD_BYTES + 1]
    assert stdin.buffer.tell() == services.MAX_RECORD_BYTES + 1
    assert not Table.objects.exists()


def test_a_record_over_2_mb_on_standard_input_is_one_command_error_line(tmp_path):
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path / 'throwaway.sqlite3'}"}
    result = subprocess.run(
        [sys.executable, "manage.py", "import_record", "-"], cwd=root, input=padded(2_200_000),
        capture_output=True, env=env, check=False,
    )  # fmt: skip

    assert result.returncode == 1 and result.stdout == b""
    assert result.stderr.decode() == (
        "CommandError: standard input: the file is too large for a record "
        "(at most 2,000,000 bytes)\n"
    )


def test_names_are_kept_with_their_spaces_folded(client):
    table = services.import_record(record(players={**PLAYERS, "N": "  Anna   Petrova "}))

    assert services.players_of(table)["N"] == "Anna Petrova"


@pytest.mark.parametrize(
    ("lang", "said"),
    [("en", "West's name: must not contain control characters"),
     ("ru", "имя игрока (Запад): не должно содержать управляющих символов")],
)  # fmt: skip
def test_an_imported_name_the_engine_refuses_is_told_by_its_seat(client, lang, said):
    upload = io.BytesIO(json.dumps(record(players={**PLAYERS, "W": "a\x07b"})).encode())
    upload.name = "record.json"

    response = client.post(reverse("import_record"), {"record": upload}, HTTP_ACCEPT_LANGUAGE=lang)

    assert response.status_code == 422
    assert said in html.unescape(response.content.decode())
    with pytest.raises(RecordError) as refused:
        parse_record(record(players={**PLAYERS, "W": "a\x07b"}))
    assert refused.value.field == "players.W"


@pytest.mark.parametrize("name", ["\u202eAnna", "\u2067Anna\u2069", "\u200eAnna", "An\u00adna"])
def test_the_engine_refuses_direction_and_invisible_characters_in_a_name(name):
    with pytest.raises(RecordError) as refused:
        parse_record(record(players={**PLAYERS, "S": name}))

    assert (refused.value.field, refused.value.code) == ("players.S", "invisible")


def test_the_russian_import_page_names_the_seat_of_a_reversed_name(client):
    upload = io.BytesIO(json.dumps(record(players={**PLAYERS, "N": "\u202eAnna"})).encode())
    upload.name = "record.json"

    response = client.post(reverse("import_record"), {"record": upload}, HTTP_ACCEPT_LANGUAGE="ru")

    assert response.status_code == 422
    assert "имя игрока (Север): не должно содержать невидимых символов" in response.content.decode()
    assert not Table.objects.exists() and not Player.objects.exists()


@pytest.mark.parametrize(
    ("data", "field"),
    [(record(meta={"title": "Fri\u202eday"}), "meta.title"),
     (record(meta={"place": "\u2067Moika"}), "meta.place"),
     (record(deals=[{**DEAL, "note": "\u200eN revoked"}]), "note"),
     (record(meta={"venue": "back\u00adroom"}), "meta.venue")],
)  # fmt: skip
def test_the_engine_refuses_invisible_characters_in_every_text_and_names_the_first(data, field):
    with pytest.raises(RecordError) as refused:
        parse_record(data)

    assert (refused.value.field, refused.value.code) == (field, "invisible")
    assert refused.value.params["char"].startswith("U+")
    assert refused.value.deal == (1 if field == "note" else None)


def test_the_russian_import_page_names_the_field_of_a_reversed_title(client):
    upload = io.BytesIO(json.dumps(record(meta={"title": "\u202eFriday"})).encode())
    upload.name = "record.json"

    response = client.post(reverse("import_record"), {"record": upload}, HTTP_ACCEPT_LANGUAGE="ru")

    assert response.status_code == 422
    assert "название: не должно содержать невидимых символов" in response.content.decode()
    assert not Table.objects.exists() and not Player.objects.exists()


def test_the_joiners_and_a_notes_lines_stay_in_an_imported_record():
    persian = "\u0646\u0627\u0647\u06cc\u062f\u200c\u0647"  # with a zero-width non-joiner
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"  # an emoji sequence: joiners
    data = record(
        meta={"title": f"{persian} night", "place": f"Club {family}"},
        deals=[{**DEAL, "note": f"{family} scored\nby {persian}"}],
    )

    table = services.import_record(data)

    assert (table.title, table.place) == (f"{persian} night", f"Club {family}")
    assert Deal.objects.get(table=table).data["note"] == f"{family} scored\nby {persian}"
