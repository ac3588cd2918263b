"""Hypothesis throws garbage at every way in: no answer is a 5xx, and a refusal changes nothing.

Each test runs ``FUZZ_EXAMPLES`` cases (150 unless the environment says more, e.g.
``FUZZ_EXAMPLES=1000 pytest tests/scorebook/test_fuzz.py`` for a long run).
"""

from __future__ import annotations

import io
import json
import os
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from players.models import Club, ClubLog, Player, Season
from scorebook.clubs import services as clubs
from scorebook.tables import services
from scorebook.tables.models import Deal, Evening, Revision, Table
from tests.scorebook.conftest import PLAYERS

pytestmark = pytest.mark.django_db

FUZZ = settings(
    max_examples=int(os.environ.get("FUZZ_EXAMPLES", "150")),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

TEXT = st.text(
    alphabet=st.characters(codec="utf-8", exclude_categories=["Cs"]), max_size=80
) | st.sampled_from(["", " ", "\x00", "-1", "0", "13", "99999999999999999999", "NS", "N", "H",
                     "add", "grand-null", "<script>", "A" * 61, "1e309", "nan"])  # fmt: skip
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
               "honours": {"NS": 3, "EW": 2}}],
}  # fmt: skip


def everything() -> tuple[int, ...]:
    models = (Table, Deal, Revision, Player, Evening, Club, ClubLog, Season)
    return tuple(m.objects.count() for m in models)


@pytest.fixture(autouse=True)
def no_rate_limits(settings):
    settings.RATELIMIT_ENABLE = False


def mutated(base: dict[str, Any], path: list[Any], value: Any) -> dict[str, Any]:
    data = json.loads(json.dumps(base))
    target: Any = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return data


PATHS = st.sampled_from([
    ["format"], ["variant"], ["options"], ["players"], ["players", "N"], ["dummy"], ["deals"],
    ["meta"], ["deals", 0], ["deals", 0, "tricks"], ["deals", 0, "tricks", "NS"],
    ["deals", 0, "honours"], ["deals", 0, "dealer"], ["deals", 0, "trump"], ["deals", 0, "note"],
    ["deals", 0, "revokes"], ["deals", 0, "void"], ["deals", 0, "contract"],
])  # fmt: skip


def post_import(client: Client, body: bytes) -> int:
    upload = io.BytesIO(body)
    upload.name = "record.json"
    return client.post(reverse("import_record"), {"record": upload}).status_code


@FUZZ
@given(path=PATHS, value=JSON)
def test_fuzzed_imports_never_fail_and_refusals_change_nothing(path, value):
    client = Client()
    before = everything()

    status = post_import(client, json.dumps(mutated(VALID, path, value)).encode())

    assert status < 500
    if status != 302:
        assert everything() == before


@FUZZ
@given(body=st.binary(max_size=300) | JSON.map(lambda v: json.dumps(v).encode()))
def test_any_bytes_as_a_record_never_fail(body):
    before = everything()

    status = post_import(Client(), body)

    assert status < 500
    if status != 302:
        assert everything() == before


DEAL_FIELDS = ["number", "version", "nonce", "dealer", "trump", "tricks", "honours", "note",
               "void", "called", "revoke1_seat", "revoke1_penalty", "revoke3_seat",
               "tricks_N", "honours_N", "contract_side", "contract_game", "contract_trump",
               "contra", "recontra", "first_six", "special_suit", "exchanged"]  # fmt: skip
FORM = st.dictionaries(st.sampled_from(DEAL_FIELDS), TEXT, max_size=10)


@FUZZ
@given(fields=FORM, variant=st.sampled_from(["russian", "hussar", "progulochny", "prussian"]))
def test_fuzzed_deal_and_correction_posts_never_fail(fields, variant):
    players = {s: PLAYERS[s] for s in ("N", "S")} if variant == "prussian" else PLAYERS
    table = services.create_table(variant=variant, players=players, first_dealer="N")
    client = Client()
    before = everything()

    added = client.post(reverse("deal_add", args=[table.edit_token]), fields).status_code
    if added != 302:
        assert everything() == before
    if table.deals.exists():
        before = everything()
        corrected = client.post(reverse("deal_edit", args=[table.edit_token, 1]), fields)
        assert corrected.status_code < 500
        if corrected.status_code != 302:
            assert everything() == before

    assert added < 500


TABLE_FIELDS = ["title", "place", "player_N", "player_E", "player_S", "player_W", "dummy",
                "first_dealer", "right_side", "cut_N", "cut_E", "cut_S", "cut_W", "cut_ties",
                "opt_revoke.amount", "opt_honourValues", "opt_rubber.bonus"]  # fmt: skip


@FUZZ
@given(fields=st.dictionaries(st.sampled_from(TABLE_FIELDS), TEXT, max_size=12))
def test_fuzzed_new_tables_never_fail(fields):
    before = everything()

    status = Client().post(reverse("new_table", args=["russian"]), fields).status_code

    assert status < 500
    if status != 302:
        assert everything() == before


CLUB_FORMS = st.sampled_from(["new_club", "new_night", "roster-add", "roster-merge", "season",
                              "rename", "file", "move"])  # fmt: skip
CLUB_FIELDS = ["name", "city", "variant", "language", "date", "place", "action", "add-name",
               "merge-source", "merge-target", "starts_on", "ends_on", "kind", "best",
               "min_sessions", "min_partners", "link", "night", "username", "role"]  # fmt: skip


@pytest.fixture
def club_scene(django_user_model):
    user = django_user_model.objects.create_user("org", password="a-long-secret-1")
    club = clubs.create_club(user=user, name="C", variant="russian", language="en")
    night = clubs.open_night(club, name="N", date="2026-11-20", author=user)
    table = clubs.start_table(night, author=user, variant="russian", players=PLAYERS)
    return user, club, night, table


@FUZZ
@given(form=CLUB_FORMS, fields=st.dictionaries(st.sampled_from(CLUB_FIELDS), TEXT, max_size=10))
def test_fuzzed_club_forms_never_fail(club_scene, form, fields):
    user, club, night, table = club_scene
    client = Client()
    client.force_login(user)
    url = {
        "new_club": reverse("new_club"),
        "new_night": reverse("new_night", args=[club.token]),
        "roster-add": reverse("roster", args=[club.token]),
        "roster-merge": reverse("roster", args=[club.token]),
        "season": reverse("new_season", args=[club.token]),
        "rename": reverse("player_rename", args=[club.token, club.roster.first().pk]),
        "file": reverse("evening_file", args=[night.token]),
        "move": reverse("evening_move", args=[night.token, table.pk]),
    }[form]
    before = everything()

    status = client.post(url, fields).status_code

    assert status < 500
    if status not in (302,):
        assert everything() == before
