"""Hypothesis throws garbage at every way in: no answer is a 5xx, a refusal changes nothing,
and whatever is stored is text (no lone surrogate, no noncharacter, no NUL).

Each test runs ``FUZZ_EXAMPLES`` cases (150 unless the environment says more, e.g.
``FUZZ_EXAMPLES=1000 pytest tests/scorebook/test_fuzz.py`` for a long run). The ways in: the
import (the file upload; the page has no paste field), the table and deal forms, the club
forms, signing up and in, and the commands that read text. A form's fields are sent as a
browser or an attacker would send them, as bytes: lone surrogates encoded with
``surrogatepass`` in a urlencoded or multipart body; in a record, JSON's ``"\\ud800"`` escapes
and raw surrogate bytes (``json.loads`` reads both as lone surrogates). The same tests run on
PostgreSQL: ``bash .ci/postgres-tests tests/scorebook/test_fuzz.py``.
"""

from __future__ import annotations

import datetime
import io
import json
import os
from typing import Any
from urllib.parse import quote_plus

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import models
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from players.models import AccountName, Club, ClubLog, ClubRole, Player, Season
from scorebook.clubs import services as clubs
from scorebook.rules.checks import NOT_TEXT
from scorebook.tables import services
from scorebook.tables.models import Deal, Evening, Revision, Table, TableEvent
from tests.scorebook.conftest import PLAYERS, deal_form, edit_form, new_table_form

pytestmark = pytest.mark.django_db

FUZZ = settings(
    max_examples=int(os.environ.get("FUZZ_EXAMPLES", "150")),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

# What no text may carry, and what a form's text must not: lone surrogates (the high and the
# low half of a pair, and the escapes Python's surrogateescape makes of a byte that is not
# UTF-8), NUL and the other control characters, noncharacters (U+FFFE, U+FDD0 ...), invisible
# formatting characters, and text far over any field's length.
NASTY = ["\ud800", "\udbff", "\udc00", "\udfff", "\udcff", "An\ud83dna", "\ud83d\ude00",
         "\x00", "Anna\x00", "\x01", "\x07", "\x1b[31m", "\x7f", "\x85", "\x9f", "a\rb",
         "a\nb", "\t", "\ufffe", "\uffff", "An\ufdd0na", "\ufdef", "\U0001fffe",
         "\U0010ffff", "\U0010fffe", "\u202e", "\u200b", "\ufeff", "\ufffd", "A" * 61,
         "Я" * 101, "x" * 5000, "\ud800" * 70, "\ufdd0" * 200]  # fmt: skip
CHARACTER = (
    st.characters(exclude_categories=())
    | st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF)
    | st.sampled_from(["\x00", "\x07", "\ufffe", "\uffff", "\ufdd0", "\U0010ffff"])
)
TEXT = (
    st.text(alphabet=CHARACTER, max_size=80)
    | st.sampled_from(["", " ", "-1", "0", "13", "99999999999999999999", "NS", "N", "H", "add",
                       "grand-null", "<script>", "1e309", "nan", *NASTY])
)  # fmt: skip
JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats() | TEXT,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TEXT, inner, max_size=4),
    max_leaves=12,
)
VALID = {
    "format": "whist-record/1",
    "variant": "russian",
    "players": dict(PLAYERS),
    "deals": [{"dealer": "N", "trump": "H", "tricks": {"NS": 8, "EW": 5},
               "honours": {"NS": 3, "EW": 2}, "note": "fine"}],
    "meta": {"title": "Friday", "place": "Moika 12"},
}  # fmt: skip


def everything() -> tuple[int, ...]:
    tables = (Table, Deal, Revision, TableEvent, Player, Evening, Club, ClubLog, ClubRole,
              Season, get_user_model(), AccountName)  # fmt: skip
    return tuple(m.objects.count() for m in tables)


def not_text(value: Any) -> str | None:
    """The first character of ``value`` (text, or JSON holding text) that is not text."""
    if isinstance(value, str):
        found = NOT_TEXT.search(value)
        return found.group() if found else ("\x00" if "\x00" in value else None)
    if isinstance(value, dict):
        value = [*value.keys(), *value.values()]
    if isinstance(value, list):
        return next((c for c in map(not_text, value) if c is not None), None)
    return None


TEXT_FIELDS = (models.CharField, models.TextField, models.JSONField)


def assert_stored_text_is_valid() -> None:
    """Every text column of every row the site keeps, read back: valid Unicode, no NUL."""
    for model in apps.get_models():
        if model._meta.app_label not in ("scorebook", "players", "auth"):
            continue
        names = [f.name for f in model._meta.concrete_fields if isinstance(f, TEXT_FIELDS)]
        if not names:
            continue
        for row in model.objects.values_list("pk", *names):
            for name, value in zip(names, row[1:], strict=True):
                bad = not_text(value)
                assert bad is None, f"{model.__name__} {row[0]} {name}: U+{ord(bad):04X} stored"


@pytest.fixture(autouse=True)
def no_rate_limits(settings):
    settings.RATELIMIT_ENABLE = False


def raw(text: Any) -> bytes:
    """Text as a browser or an attacker sends it: UTF-8, lone surrogates and all."""
    return str(text).encode("utf-8", "surrogatepass")


BOUNDARY = "fuzz-boundary-7f3a"


def body(fields: dict[str, Any], how: str) -> tuple[bytes, str]:
    """``fields`` as the body of a POST, urlencoded or multipart, and its content type."""
    if how == "urlencoded":
        pairs = (quote_plus(raw(k)) + "=" + quote_plus(raw(v)) for k, v in fields.items())
        return "&".join(pairs).encode("ascii"), "application/x-www-form-urlencoded"
    parts = [
        b'--%s\r\nContent-Disposition: form-data; name="%s"\r\n\r\n%s\r\n'
        % (BOUNDARY.encode(), raw(k), raw(v))
        for k, v in fields.items()
    ]
    data = b"".join(parts) + b"--%s--\r\n" % BOUNDARY.encode()
    return data, f"multipart/form-data; boundary={BOUNDARY}"


HOW = st.sampled_from(["urlencoded", "multipart"])


def post(client: Client, url: str, fields: dict[str, Any], how: str = "urlencoded") -> int:
    """POST ``fields`` as raw bytes; the answer's status (an exception fails the test)."""
    data, content_type = body(fields, how)
    return client.post(url, data, content_type=content_type).status_code


def changed(base: dict[str, Any], changes: dict[str, Any]) -> dict[str, Any]:
    return {**base, **changes}


def mutated(base: dict[str, Any], path: list[Any], value: Any) -> dict[str, Any]:
    data = json.loads(json.dumps(base))
    target: Any = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return data


PATHS = st.sampled_from([
    ["format"], ["variant"], ["options"], ["players"], ["players", "N"], ["players", "E"],
    ["dummy"], ["deals"], ["meta"], ["meta", "title"], ["meta", "place"], ["meta", "date"],
    ["deals", 0], ["deals", 0, "tricks"], ["deals", 0, "tricks", "NS"], ["deals", 0, "honours"],
    ["deals", 0, "dealer"], ["deals", 0, "trump"], ["deals", 0, "note"], ["deals", 0, "revokes"],
    ["deals", 0, "void"], ["deals", 0, "contract"],
])  # fmt: skip


def post_import(client: Client, data: bytes) -> int:
    upload = io.BytesIO(data)
    upload.name = "record.json"
    return client.post(reverse("import_record"), {"record": upload}).status_code


def as_bytes(record: Any, escaped: bool) -> bytes:
    """A record as a file holds it: surrogates as JSON escapes ("\\ud800"), or as raw bytes."""
    if escaped:
        return json.dumps(record).encode()
    return json.dumps(record, ensure_ascii=False).encode("utf-8", "surrogatepass")


# ---------------------------------------------------------------------------------------------
# The import


@FUZZ
@given(path=PATHS, value=JSON, escaped=st.booleans())
def test_fuzzed_imports_never_fail_and_refusals_change_nothing(path, value, escaped):
    client = Client()
    before = everything()

    status = post_import(client, as_bytes(mutated(VALID, path, value), escaped))

    assert status < 500
    if status != 302:
        assert everything() == before
    assert_stored_text_is_valid()


@FUZZ
@given(body=st.binary(max_size=300) | JSON.map(lambda v: as_bytes(v, escaped=False)))
def test_any_bytes_as_a_record_never_fail(body):
    before = everything()

    status = post_import(Client(), body)

    assert status < 500
    if status != 302:
        assert everything() == before
    assert_stored_text_is_valid()


WHERE = [["players", "N"], ["meta", "title"], ["meta", "place"], ["deals", 0, "note"],
         ["variant"], ["deals", 0, "dealer"], ["deals", 0, "trump"], ["options"]]  # fmt: skip


@pytest.mark.parametrize("text", NASTY)
@pytest.mark.parametrize("path", WHERE)
@pytest.mark.parametrize("escaped", [True, False])
def test_an_import_of_text_that_is_not_text_is_refused(client, text, path, escaped):
    record = mutated(VALID, path, text)
    before = everything()

    status = post_import(client, as_bytes(record, escaped))

    assert status < 500
    if status != 302:
        assert everything() == before
    assert_stored_text_is_valid()


# ---------------------------------------------------------------------------------------------
# A table's forms: a new table, a deal, its correction, its note, its void


DEAL_FIELDS = ["number", "version", "nonce", "dealer", "trump", "tricks", "honours", "note",
               "void", "called", "revoke1_seat", "revoke1_penalty", "revoke3_seat",
               "tricks_N", "honours_N", "contract_side", "contract_game", "contract_trump",
               "contra", "recontra", "first_six", "special_suit", "exchanged"]  # fmt: skip
FORM = st.dictionaries(st.sampled_from(DEAL_FIELDS), TEXT, max_size=10)


@FUZZ
@given(fields=FORM, variant=st.sampled_from(["russian", "hussar", "progulochny", "prussian"]),
       how=HOW)  # fmt: skip
def test_fuzzed_deal_and_correction_posts_never_fail(fields, variant, how):
    players = {s: PLAYERS[s] for s in ("N", "S")} if variant == "prussian" else PLAYERS
    table = services.create_table(variant=variant, players=players, first_dealer="N")
    client = Client()
    before = everything()

    added = post(client, reverse("deal_add", args=[table.edit_token]), fields, how)
    assert added < 500
    if added != 302:
        assert everything() == before
    if table.deals.exists():
        before = everything()
        corrected = post(client, reverse("deal_edit", args=[table.edit_token, 1]), fields, how)
        assert corrected < 500
        if corrected != 302:
            assert everything() == before
    assert_stored_text_is_valid()


def russian_table() -> Table:
    """A Russian table of one deal, as the entry form saved it."""
    table = services.create_table(variant="russian", players=PLAYERS, first_dealer="N")
    Client().post(reverse("deal_add", args=[table.edit_token]), deal_form(table))
    assert table.deals.count() == 1
    return table


@FUZZ
@given(changes=st.dictionaries(st.sampled_from(["note", "dealer", "trump", "tricks", "honours",
                                                "number", "nonce"]), TEXT, max_size=3),
       how=HOW, write=st.sampled_from(["add", "edit", "void"]))  # fmt: skip
def test_a_valid_deal_with_fuzzed_text_never_fails(changes, how, write):
    """A deal the rules allow, one field at a time garbage: the note above all (free text)."""
    table = russian_table()
    token = table.edit_token
    url, base = {
        "add": lambda: (reverse("deal_add", args=[token]), deal_form(table)),
        "edit": lambda: (reverse("deal_edit", args=[token, 1]), edit_form(table, 1)),
        "void": lambda: (reverse("deal_void", args=[token, 1]),
                         {"kind": "misdeal", "version": table.deals.get(number=1).version}),
    }[write]()  # fmt: skip
    if write == "void":
        changes = {("kind" if k == "trump" else k): v for k, v in changes.items()}
    before = everything()

    status = post(Client(), url, changed(base, changes), how)

    assert status < 500
    if status != 302:
        assert everything() == before
    assert_stored_text_is_valid()


TABLE_FIELDS = ["title", "place", "player_N", "player_E", "player_S", "player_W", "dummy",
                "first_dealer", "right_side", "cut_N", "cut_E", "cut_S", "cut_W", "cut_ties",
                "opt_revoke.amount", "opt_honourValues", "opt_rubber.bonus"]  # fmt: skip


@FUZZ
@given(fields=st.dictionaries(st.sampled_from(TABLE_FIELDS), TEXT, max_size=4), how=HOW,
       whole=st.booleans())  # fmt: skip
def test_fuzzed_new_tables_never_fail(fields, how, whole):
    """A new table: garbage alone, or garbage in a few fields of a form that would pass."""
    before = everything()
    data = changed(new_table_form("russian"), fields) if whole else fields

    status = post(Client(), reverse("new_table", args=["russian"]), data, how)

    assert status < 500
    if status != 302:
        assert everything() == before
    assert_stored_text_is_valid()


# ---------------------------------------------------------------------------------------------
# A club's forms


@pytest.fixture
def club_scene(django_user_model):
    user = django_user_model.objects.create_user("org", password="a-long-secret-1")
    invited = django_user_model.objects.create_user("inv", password="a-long-secret-2")
    club = clubs.create_club(user=user, name="C", variant="russian", language="en")
    night = clubs.open_night(club, name="N", date="2026-11-20", author=user)
    other = clubs.open_night(club, name="M", date="2026-11-27", author=user)
    table = clubs.start_table(night, author=user, variant="russian", players=PLAYERS)
    lone = services.create_table(variant="russian", players={"N": "Dina", "E": "Egor",
                                                             "S": "Zoya", "W": "Ivan"})  # fmt: skip
    season = clubs.save_season(
        Season(club=club, name="S", starts_on=datetime.date(2026, 9, 1),
               ends_on=datetime.date(2026, 12, 31), variant="russian"),
        author=user,
    )  # fmt: skip
    clubs.give_role(club, invited.username, clubs.MEMBER, author=user)
    return {"user": user, "invited": invited, "club": club, "night": night, "other": other,
            "table": table, "lone": lone, "season": season}  # fmt: skip


SEASON = {"name": "Autumn", "starts_on": "2026-09-01", "ends_on": "2026-12-31",
          "variant": "russian", "kind": "total", "min_sessions": "1",
          "min_partners": "0"}  # fmt: skip


def club_form(scene: dict[str, Any], form: str) -> tuple[str, dict[str, Any]]:
    """A club form's address and what a browser posts that the form would take."""
    club, night, other = scene["club"], scene["night"], scene["other"]
    active = list(club.roster.filter(merged_into=None).order_by("pk")[:2])  # renamed, merged
    while len(active) < 2:
        active.append(Player.objects.create(club=club, name=f"Extra {Player.objects.count()}"))
    anna, boris = active
    return {
        "new_club": (reverse("new_club"),
                     {"name": "Fontanka", "city": "Spb", "variant": "russian", "language": "en"}),
        "new_night": (reverse("new_night", args=[club.token]),
                      {"name": "Sat", "date": "2026-11-21", "place": "Moika"}),
        "edit_night": (reverse("edit_night", args=[club.token, night.pk]),
                       {"name": "Fri", "date": "2026-11-20", "place": "Moika"}),
        "roster-add": (reverse("roster", args=[club.token]),
                       {"action": "add", "add-name": "Zhenya"}),
        "roster-merge": (reverse("roster", args=[club.token]),
                         {"action": "merge", "merge-source": anna.pk, "merge-target": boris.pk,
                          "merge-sure": "on"}),
        "rename": (reverse("player_rename", args=[club.token, anna.pk]), {"name": "Anna P"}),
        "season": (reverse("new_season", args=[club.token]), SEASON),
        "edit_season": (reverse("edit_season", args=[club.token, scene["season"].pk]), SEASON),
        "roles": (reverse("club_roles", args=[club.token]), {"username": "inv", "role": "member"}),
        "answer": (reverse("answer_invitation", args=[club.token]), {"answer": "accept"}),
        "file": (reverse("evening_file", args=[night.token]), {"link": scene["lone"].edit_token}),
        "move": (reverse("evening_move", args=[night.token, scene["table"].pk]),
                 {"night": other.pk}),
        "night_table": (reverse("night_table", args=[night.token, "russian"]),
                        new_table_form("russian", title="Table A")),
    }[form]  # fmt: skip


CLUB_FORMS = ["new_club", "new_night", "edit_night", "roster-add", "roster-merge", "rename",
              "season", "edit_season", "roles", "answer", "file", "move",
              "night_table"]  # fmt: skip
CLUB_FIELDS = ["name", "city", "variant", "language", "date", "place", "action", "add-name",
               "merge-source", "merge-target", "merge-sure", "starts_on", "ends_on", "kind",
               "best", "min_sessions", "min_partners", "link", "night", "username", "role",
               "answer", "title", "player_N", "player_E"]  # fmt: skip


@FUZZ
@given(form=st.sampled_from(CLUB_FORMS),
       fields=st.dictionaries(st.sampled_from(CLUB_FIELDS), TEXT, max_size=3),
       whole=st.booleans(), how=HOW)  # fmt: skip
def test_fuzzed_club_forms_never_fail(club_scene, form, fields, whole, how):
    """Each club form: garbage alone, or garbage in a few fields of a form that would pass."""
    client = Client()
    client.force_login(club_scene["invited" if form == "answer" else "user"])
    url, base = club_form(club_scene, form)
    before = everything()

    status = post(client, url, changed(base, fields) if whole else fields, how)

    assert status < 500
    if status != 302:
        assert everything() == before
    assert_stored_text_is_valid()


# ---------------------------------------------------------------------------------------------
# Accounts


@FUZZ
@given(fields=st.dictionaries(st.sampled_from(["username", "password1", "password2"]), TEXT,
                              max_size=3), how=HOW)  # fmt: skip
def test_fuzzed_sign_ups_never_fail(fields, how):
    base = {"username": "newcomer", "password1": "a-long-secret-9", "password2": "a-long-secret-9"}
    data = changed(base, fields)
    if "password1" in fields:
        data["password2"] = data["password1"]  # the same garbage twice gets further
    before = everything()

    status = post(Client(), reverse("signup"), data, how)

    assert status < 500
    if status != 302:
        assert everything() == before
    assert_stored_text_is_valid()


@FUZZ
@given(fields=st.dictionaries(st.sampled_from(["username", "password"]), TEXT, max_size=2),
       how=HOW)  # fmt: skip
def test_fuzzed_sign_ins_never_fail(django_user_model, fields, how):
    if not django_user_model.objects.filter(username="olga").exists():
        django_user_model.objects.create_user("olga", password="a-long-secret-1")
    before = everything()

    status = post(Client(), reverse("login"), changed({"username": "olga"}, fields), how)

    assert status < 500
    assert everything() == before


# ---------------------------------------------------------------------------------------------
# The commands that read text: a record from a file, a table by its link, a club's name


def run(name: str, *args: str) -> bool:
    """Run a command; False when it refused (a CommandError), any other exception fails."""
    try:
        call_command(name, *args, stdout=io.StringIO(), stderr=io.StringIO())
    except CommandError:
        return False
    return True


@FUZZ
@given(path=PATHS, value=JSON, escaped=st.booleans(),
       command=st.sampled_from(["import_record", "score", "ladder"]))  # fmt: skip
def test_fuzzed_records_given_to_the_commands_never_fail(tmp_path_factory, path, value, escaped,
                                                         command):  # fmt: skip
    file = tmp_path_factory.mktemp("records") / "record.json"
    file.write_bytes(as_bytes(mutated(VALID, path, value), escaped))
    before = everything()

    done = run(command, str(file))

    if not done or command != "import_record":
        assert everything() == before
    assert_stored_text_is_valid()


@FUZZ
@given(text=TEXT)
def test_fuzzed_command_arguments_never_fail(text):
    """An argument as the shell hands it over: bytes that are not UTF-8 arrive as lone
    surrogates (Python's surrogateescape), which no database takes."""
    before = everything()

    run("export_record", text)

    assert everything() == before


@FUZZ
@given(name=TEXT)
def test_a_fuzzed_club_name_for_seed_club_never_fails(name):
    before = everything()

    done = run("seed_club", "--name", name, "--players", "4", "--years", "1", "--tables", "1",
               "--deals-min", "1", "--deals-max", "1")  # fmt: skip

    if not done:
        assert everything() == before
    assert_stored_text_is_valid()
