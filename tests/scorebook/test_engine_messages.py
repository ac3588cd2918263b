"""The engine's verdicts said in the interface's language."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import translation

import scorebook.rules
from scorebook.display.messages import MESSAGES, describe, later_deal, locate
from scorebook.rules import RecordError, load_record, score_record
from tests.scorebook.conftest import PLAYERS


def hussar_error() -> RecordError:
    record = {
        "format": "whist-record/1",
        "variant": "hussar",
        "players": PLAYERS,
        "deals": [
            {
                "tricks": {"N": 3, "E": 3, "S": 3, "W": 3},
                "honours": {"N": 5, "E": 0, "S": 0, "W": 0},
            }
        ],
    }
    with pytest.raises(RecordError) as caught:
        score_record(record)
    return caught.value


def test_a_coded_verdict_is_translated_with_its_values():
    error = hussar_error()
    assert error.code == "sum" and error.field == "tricks"
    with translation.override("ru"):
        assert describe(error) == "в сумме должно быть 13, а не 12"
    with translation.override("en"):
        assert describe(error) == "must add up to 13, not 12"


def test_a_verdict_without_a_translation_keeps_the_engines_words():
    error = RecordError("something unusual", deal=3, field="note", code="no-such-code")
    with translation.override("ru"):
        assert describe(error) == "something unusual"


def test_a_long_value_in_a_verdict_is_quoted_shortened():
    # A 400-digit number or a page of text in a file: the verdict quotes enough to find it.
    huge = 10**400
    error = verdict(record("russian", {"trump": "H", "tricks": {"NS": huge, "EW": 1}}))

    said = locate(error)

    assert str(huge)[:20] in said and str(huge) not in said
    assert len(said) < 150, said


def test_seats_in_a_verdict_use_the_interface_letters():
    error = RecordError("x", deal=1, field="contract", code="declarer", params={"side": "NS"})
    with translation.override("ru"):
        assert describe(error) == "заказывает пара сдатчика (СЮ)"


# ---------------------------------------------------------------------------------------------
# Every verdict the engine can give, in Russian words: a bad record for each code it raises,
# and the codes read from the engine's source, so that a new verdict without its sentence (or
# without its bad record here) fails.

ENGINE = Path(scorebook.rules.__file__).parent
MAKERS = {"_fail", "error", "RecordError"}  # record.py's _fail, the ledger's error, the class


def raised_codes() -> dict[str, str]:
    """Each code the engine's source gives a RecordError, with where (file:line)."""
    codes: dict[str, str] = {}
    for path in sorted(ENGINE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
            if name not in MAKERS:
                continue
            where = f"{path.name}:{node.lineno}"
            code = next((k.value for k in node.keywords if k.arg == "code"), None)
            assert code is not None, f"{where}: a verdict without a code is not translated"
            if isinstance(code, ast.Constant):
                codes.setdefault(str(code.value), where)
    return codes


def record(variant: str = "russian", *deals: dict, **fields) -> dict:
    players = {"N": "Anna", "S": "Vera"} if variant == "prussian" else PLAYERS
    return {
        "format": "whist-record/1",
        "variant": variant,
        "players": players,
        "deals": list(deals),
        **fields,
    }


def deal(**fields) -> dict:
    return {"trump": "H", "tricks": {"NS": 7, "EW": 6}, **fields}


def contract(game="grand", side="NS", **fields) -> dict:
    tricks = {"NS": 7, "EW": 6}
    return {"dealer": "N", "contract": {"side": side, "game": game}, "tricks": tricks, **fields}


def hussar(**fields) -> dict:
    return {"trump": "H", "tricks": {"N": 4, "E": 3, "S": 3, "W": 3}, **fields}


def prussian(**fields) -> dict:
    return {"trump": "H", "tricks": {"N": 7, "S": 6}, **fields}


TEN = {"trump": "H", "tricks": {"NS": 13, "EW": 0}, "honours": {"NS": 4, "EW": 0}}
BAD = [
    ("json", "{"),
    ("object", []),
    ("unknown-field", record(colour="red")),
    ("format", record(format="whist-record/0")),
    ("variant", record(variant="bridge")),
    ("object", record(options=[])),
    ("number", record(options={"gameTarget": -1})),
    ("bool", record("english-long", options={"trebleInLong": "yes"})),
    ("choice", record(options={"honoursBy": "luck"})),
    ("choice", record(options={"honourSet": "AK"})),
    ("honour-values", record(options={"honourValues": []})),
    ("honour-count", record(options={"honourValues": {"7": 2}})),
    ("honour-points", record(options={"honourValues": {"3": 5000}})),
    ("unknown-option", record(options={"luck": 1})),
    ("not-used", record(options={"failPremium": "undertricks"})),
    ("only-add", record("hussar", options={"revoke.default": "deduct"})),
    ("players", record(players=["Anna"])),
    ("players-seat", record(players={**PLAYERS, "X": "Dora"})),
    ("name", record(players={**PLAYERS, "W": " "})),
    ("same-player", record(players={**PLAYERS, "W": "anna"})),
    ("text", record(meta={"title": 5})),
    ("control", record(players={**PLAYERS, "W": "Gl\x07eb"})),
    ("invisible", record(players={**PLAYERS, "W": "\u202eGleb"})),
    ("unicode", record(deals=[{"dealer": "N", "void": "misdeal", "note": "n\ud800"}])),
    ("too-long", record(players={**PLAYERS, "W": "G" * 61})),
    ("dummy-player", record(dummy="W")),
    ("dummy-variant", record("hussar", dummy="W")),
    ("seat", record(dummy="X")),
    ("deals", record(deals={})),
    ("object", record("russian", 7)),
    ("unknown-field", record("russian", deal(colour="red"))),
    ("not-used", record("russian", deal(contract={"side": "NS", "game": "grand"}))),
    ("seat", record("russian", deal(dealer="X"))),
    ("suit", record("russian", deal(trump="X"))),
    ("trump", record("special-suit", {"tricks": {"NS": 7, "EW": 6}, "special_suit": "S"})),
    ("required", record("russian", {"trump": "H"})),
    ("keys", record("russian", deal(tricks=7))),
    ("keys", record("russian", deal(tricks={"NS": 7}))),
    ("count", record("russian", deal(tricks={"NS": 14, "EW": -1}))),
    ("sum", record("russian", deal(tricks={"NS": 7, "EW": 7}))),
    ("choice", record("russian", {"void": "lost"})),
    ("void-only", record("russian", deal(void="misdeal"))),
    ("rotation", record("russian", deal(dealer="N"), deal(dealer="N"))),
    ("suit-list", record("flying-duck", deal(trumps_named="H"))),
    ("seat-list", record("prussian", prussian(exchanged=["E"]))),
    ("honours-max", record("prussian", prussian(honours={"N": 3, "S": 3}))),
    ("claimants", record("hussar", hussar(honours={"X": 1}))),
    ("claims-max", record("hussar", hussar(honours={"N": 3, "E": 3}))),
    (
        "honours-none",
        record("russian", deal(honours={"NS": 4, "EW": 0}), options={"honourSet": "none"}),
    ),
    ("revoke-list", record("russian", deal(revokes="N"))),
    ("revoke-list", record("russian", deal(revokes=[{"seat": "N", "why": 1}]))),
    ("seat", record("russian", deal(revokes=[{"seat": "X"}]))),
    ("choice", record("russian", deal(revokes=[{"seat": "N", "penalty": "fine"}]))),
    ("only-add", record("hussar", hussar(revokes=[{"seat": "N", "penalty": "deduct"}]))),
    (
        "dummy-revoke",
        record("russian", deal(revokes=[{"seat": "W"}]), dummy="W", players={**PLAYERS, "W": None}),
    ),
    (
        "tricks-penalty",
        record(
            "russian",
            deal(revokes=[{"seat": "E", "penalty": "tricks"}], tricks={"NS": 11, "EW": 2}),
        ),
    ),
    (
        "tricks-penalty",
        record(
            "prussian",
            prussian(revokes=[{"seat": "S", "penalty": "tricks"}], tricks={"N": 11, "S": 2}),
        ),
    ),
    ("seat", record("english-long", deal(called="X"))),
    ("required", record("english-long", deal(called="NS"))),
    ("call", record("english-long", deal(called="NS", honours={"NS": 4, "EW": 0}))),
    (
        "revoke-call",
        record(
            "english-long",
            *[TEN] * 4,
            {**TEN, "called": "NS", "revokes": [{"seat": "E"}]},
            options={"gameTarget": 10},
        ),
    ),
    (
        "call-played",
        record(
            "english-long",
            *[TEN] * 4,
            {"trump": "H", "called": "NS", "honours": {"NS": 0, "EW": 4}},
            options={"gameTarget": 10},
        ),
    ),
    ("special-required", record("special-suit", deal())),
    ("special-mismatch", record("special-suit", deal(special_suit="S"), deal(special_suit="D"))),
    ("required", record("progulochny", {"tricks": {"NS": 7, "EW": 6}})),
    ("keys", record("progulochny", contract(contract="grand"))),
    ("contract-key", record("progulochny", contract(contract={"side": "NS", "level": 7}))),
    ("contract-side", record("progulochny", contract(side="X"))),
    ("contract-game", record("progulochny", contract(game="slam"))),
    ("contract-trump", record("progulochny", contract(game="trump"))),
    (
        "contract-no-trump",
        record("progulochny", contract(contract={"side": "NS", "game": "null", "trump": "H"})),
    ),
    ("declarer", record("progulochny", contract(side="EW"))),
    ("choice", record("progulochny", contract(doubling="triple"))),
    ("honours-game", record("progulochny", contract(honours={"NS": 4, "EW": 0}))),
    ("grand-null-only", record("progulochny", contract(first_six={"NS": 4}))),
    ("first-six-required", record("progulochny", contract("grand-null"))),
    ("first-six-sides", record("progulochny", contract("grand-null", first_six={"X": 4}))),
    ("count", record("progulochny", contract("grand-null", first_six={"NS": 7}))),
    ("sum", record("progulochny", contract("grand-null", first_six={"NS": 4, "EW": 4}))),
    (
        "first-six-tricks",
        record(
            "progulochny", contract("grand-null", tricks={"NS": 2, "EW": 11}, first_six={"NS": 5})
        ),
    ),
    ("date", record(meta={"date": "yesterday"})),
    ("date", record(meta={"date": "2026-13-45"})),  # written right, but no such day
    ("object", record(meta=[])),
    ("stake-number", record(meta={"stake": -1})),
    ("stake-number", record(meta={"stake": "1,5"})),  # text, not a number
    ("coin", record(meta={"stake": 1, "stake_coin": 0})),
    ("stake-digits", record(meta={"stake": 0.00001})),
    ("too-long", record(meta={"stake": 1, "stake_currency": "roubles and kopecks"})),
]

# The words a verdict may keep as the record file writes them: JSON's own, the format's name,
# the date's pattern; beyond these, only the file's words the verdict quotes (its params, or
# the name of a field the file has and the record format has not).
FILE_WORDS = {"JSON", "true", "false", "null", "whist", "record", "YYYY", "MM", "DD"}


def english_words(text: str, error: RecordError) -> set[str]:
    quoted = set(FILE_WORDS) | set(re.findall(r"[A-Za-z]+", error.field or ""))
    for value in error.params.values():
        values = value if isinstance(value, tuple | list) else [value]
        for item in values:
            quoted |= set(re.findall(r"[A-Za-z]+", json.dumps(item)))
    return {w for w in re.findall(r"[A-Za-z]{2,}", text) if w not in quoted}


def verdict(data: object) -> RecordError:
    with pytest.raises(RecordError) as caught:
        if isinstance(data, str):
            load_record(data)
        else:
            score_record(data)
    return caught.value


@pytest.mark.parametrize(("code", "data"), BAD, ids=[f"{c}-{i}" for i, (c, _) in enumerate(BAD)])
def test_every_engine_verdict_is_said_in_russian_words(code, data):
    error = verdict(data)
    assert error.code == code, error

    with translation.override("ru"):
        russian = locate(error)
    with translation.override("en"):
        english = locate(error)

    assert not english_words(russian, error), russian
    assert russian != english
    assert "options." not in russian and "meta." not in russian  # a field's path, in words


def test_every_code_the_engine_raises_has_its_sentence_and_its_bad_record():
    codes = raised_codes()

    assert set(codes) - set(MESSAGES) == set(), "codes raised but not translated"
    assert set(codes) - {code for code, _ in BAD} == set(), "codes without a bad record here"


def test_a_rules_option_is_named_in_words_not_by_its_path():
    error = verdict(record(options={"gameTarget": -1}))

    with translation.override("en"):
        english = locate(error)
    with translation.override("ru"):
        russian = locate(error)

    assert (
        english
        == "rules option “Points for the game”: must be a whole number from 1 to 1000, not -1"
    )
    assert "options.gameTarget" not in russian and "от 1 до 1000, а не -1" in russian


@pytest.mark.django_db
def test_the_import_page_says_the_engines_verdicts_in_russian(client):
    bad = json.dumps(record(players={**PLAYERS, "W": ""})).encode()
    upload = SimpleUploadedFile("bad.json", bad, content_type="application/json")

    page = client.post(reverse("import_record"), {"record": upload}, HTTP_ACCEPT_LANGUAGE="ru")

    assert page.status_code == 422
    text = page.content.decode()
    assert "игроки: " in text and "needs a player" not in text and "месту З нужно имя" in text


# The verdicts a change to an earlier deal can raise on a later one: its dealer out of turn, the
# special suit at the start of a game, a call of honours at 8 and what follows it.
LATER = ("rotation", "special-required", "special-mismatch", "call", "call-played")


@pytest.mark.parametrize(
    ("code", "data"),
    [(code, data) for code, data in BAD if code in LATER],
    ids=lambda v: str(v)[:20],
)
@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_verdict_on_a_later_deal_is_said_in_one_sentence(code, data, language):
    error = verdict(data)
    assert error.code == code and error.deal is not None

    with translation.override(language):
        said = later_deal(error)
        voided = later_deal(error, voided=error.deal - 1 or 1)

    for text in (said, voided):
        assert text.count(":") == 1, text  # no chain of colons
        after = text.split(": ", 1)[1]
        assert not after[0].isupper() or code == "rotation", text  # a dealer's seat letter
        assert text.endswith(".") and not text.endswith(".."), text
