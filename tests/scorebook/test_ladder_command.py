"""``manage.py ladder``: records to ladders, the whist-ladder/1 document, the table, refusals."""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import date
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from openskill.models import PlackettLuce

from scorebook.clubs.results import LadderInputError, load_ladder_records, table_result
from scorebook.rules import parse_record, score

ROOT = Path(__file__).resolve().parents[2]

# Example R1 (tests/rules/examples): North-South win the rubber 2-0 and settle +40 each.
RUBBER = [
    {"dealer": "N", "trump": "H", "tricks": {"NS": 9, "EW": 4}, "honours": {"NS": 3, "EW": 2}},
    {"dealer": "E", "trump": "S", "tricks": {"NS": 5, "EW": 8}, "honours": {"NS": 1, "EW": 4}},
    {"dealer": "S", "trump": "D", "tricks": {"NS": 8, "EW": 5}, "honours": {"NS": 3, "EW": 2}},
    {"dealer": "W", "trump": "C", "tricks": {"NS": 10, "EW": 3}, "honours": {"NS": 2, "EW": 3}},
    {"dealer": "N", "trump": "S", "tricks": {"NS": 7, "EW": 6}, "honours": {"NS": 5, "EW": 0}},
]
# One game to North-South, the rubber unfinished: North-South settle +8 each.
UNFINISHED = [
    {"dealer": "N", "trump": "H", "tricks": {"NS": 9, "EW": 4}, "honours": {"NS": 3, "EW": 2}},
    {"dealer": "E", "trump": "S", "tricks": {"NS": 8, "EW": 5}, "honours": {"NS": 1, "EW": 4}},
]
# Example Hu1 (tests/rules/examples): North wins; the players settle +120, -40, -32, -48.
HUSSAR = [
    {
        "dealer": "N",
        "trump": "H",
        "tricks": {"N": 5, "E": 3, "S": 3, "W": 2},
        "honours": {"N": 3, "E": 1, "S": 1, "W": 0},
    },
    {
        "dealer": "E",
        "trump": "S",
        "tricks": {"N": 6, "E": 2, "S": 4, "W": 1},
        "honours": {"N": 2, "E": 1, "S": 1, "W": 1},
    },
    {
        "dealer": "S",
        "trump": "D",
        "tricks": {"N": 4, "E": 4, "S": 3, "W": 2},
        "honours": {"N": 1, "E": 1, "S": 3, "W": 0},
    },
    {
        "dealer": "W",
        "trump": "C",
        "tricks": {"N": 7, "E": 2, "S": 2, "W": 2},
        "honours": {"N": 2, "E": 2, "S": 1, "W": 0},
    },
]
# Example Pr1 (tests/rules/examples): North wins the rubber and settles +37.
PRUSSIAN = [
    {"dealer": "N", "trump": "H", "tricks": {"N": 9, "S": 4}, "honours": {"N": 4, "S": 0}},
    {"dealer": "S", "trump": "S", "tricks": {"N": 5, "S": 8}, "honours": {"N": 1, "S": 3}},
    {"dealer": "N", "trump": "D", "tricks": {"N": 8, "S": 5}, "honours": {"N": 2, "S": 1}},
    {"dealer": "S", "trump": "C", "tricks": {"N": 9, "S": 4}, "honours": {"N": 0, "S": 2}},
    {"dealer": "N", "trump": "S", "tricks": {"N": 8, "S": 5}, "honours": {"N": 1, "S": 1}},
]


def record(seats, day="2024-03-01", deals=RUBBER, variant="russian", dummy=None):
    """A record with ``seats`` ("NESW" order, None for the dummy) and ``meta.date`` ``day``."""
    data = {
        "format": "whist-record/1",
        "variant": variant,
        "players": dict(zip("NESW" if len(seats) == 4 else "NS", seats, strict=True)),
        "deals": json.loads(json.dumps(deals)),
        "meta": {"date": day},
    }
    if dummy is not None:
        data["dummy"] = dummy
    if day is None:
        del data["meta"]
    return data


@pytest.fixture
def write(tmp_path):
    def write(name, data):
        path = tmp_path / name
        path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
        return str(path)

    return write


@pytest.fixture
def season(write):
    """Two club nights. Anna 48 + 40, Vera 32 - 40, Gleb -48 + 40, Boris -32 - 40."""
    return [
        write("a.json", record(["Anna", "Boris", "Vera", "Gleb"])),
        write("b.json", record(["Anna", "Vera", "Boris", "Gleb"], deals=UNFINISHED)),
        write("c.json", record(["Anna", "Boris", "Gleb", "Vera"], day="2024-03-08")),
    ]


def ladder(*args, **options):
    out = StringIO()
    call_command("ladder", *args, stdout=out, **options)
    return out.getvalue()


def line(rank, player, value, sessions=2, partners=3, qualified=True):
    return {
        "rank": rank,
        "player": player,
        "value": value,
        "sessions": sessions,
        "partners": partners,
        "qualified": qualified,
    }


def test_json_prints_exactly_the_whist_ladder_document(season):
    out = ladder(*season, kind="total", json=True)
    assert json.loads(out) == {
        "format": "whist-ladder/1",
        "kind": "total",
        "variant": "russian",
        "sessions": 2,
        "standings": [
            line(1, "Anna", 88),
            line(2, "Gleb", -8),
            line(2, "Vera", -8),
            line(4, "Boris", -72),
        ],
    }
    assert '"value": 88.0,' in out  # always a number with a fraction part
    assert list(json.loads(out)) == ["format", "kind", "variant", "sessions", "standings"]
    assert list(json.loads(out)["standings"][0]) == list(line(1, "Anna", 88))


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        (
            {"kind": "average"},
            [line(1, "Anna", 44), line(2, "Gleb", -4), line(2, "Vera", -4), line(4, "Boris", -36)],
        ),
        (
            {"kind": "average", "best": "1"},
            [line(1, "Anna", 48), line(2, "Gleb", 40), line(3, "Vera", 32), line(4, "Boris", -32)],
        ),
        (
            {"kind": "total", "min_sessions": "3"},
            [
                line(None, "Anna", 88, qualified=False),
                line(None, "Gleb", -8, qualified=False),
                line(None, "Vera", -8, qualified=False),
                line(None, "Boris", -72, qualified=False),
            ],
        ),
    ],
)
def test_each_option_reaches_the_ladder(season, options, expected):
    assert json.loads(ladder(*season, json=True, **options))["standings"] == expected


def test_the_rating_rates_finished_rubbers_by_date_whatever_the_order_of_the_files(season):
    model = PlackettLuce()
    anna, vera, boris, gleb = (model.rating() for _ in range(4))
    [anna, vera], [boris, gleb] = model.rate([[anna, vera], [boris, gleb]], ranks=[1, 2])  # a
    [anna, gleb], [boris, vera] = model.rate([[anna, gleb], [boris, vera]], ranks=[1, 2])  # c
    expected = {
        "Anna": anna.ordinal(),
        "Vera": vera.ordinal(),
        "Boris": boris.ordinal(),
        "Gleb": gleb.ordinal(),
    }
    document = json.loads(ladder(*reversed(season), kind="rating", json=True))
    values = {s["player"]: s["value"] for s in document["standings"]}
    assert values == pytest.approx(expected, abs=1e-9)


@pytest.mark.parametrize("deals", [[], [{"dealer": "N", "void": "misdeal"}]])
@pytest.mark.parametrize("kind", ["total", "average", "rating"])
def test_a_record_where_no_deal_scored_is_no_session(season, write, deals, kind):
    # Anna's table sat down on a third night and scored nothing: no session, nobody's 0
    empty = write("d.json", record(["Anna", "Zoe", "Vera", "Gleb"], day="2024-03-15", deals=deals))

    for as_json in (False, True):
        assert ladder(*season, empty, kind=kind, json=as_json) == ladder(
            *season, kind=kind, json=as_json
        )


def test_a_ladder_of_records_where_no_deal_scored_has_no_session(write):
    empty = write("d.json", record(["Anna", "Boris", "Vera", "Gleb"], deals=[]))
    assert ladder(empty, kind="total") == (
        "total ladder, russian, 0 sessions\n\nrank  player  value  sessions  partners  qualified\n"
    )


def test_without_json_it_prints_a_readable_table(season):
    assert ladder(*season, kind="total") == (
        "total ladder, russian, 2 sessions\n"
        "\n"
        "rank  player  value  sessions  partners  qualified\n"
        "   1  Anna       88         2         3  yes\n"
        "   2  Gleb       -8         2         3  yes\n"
        "   2  Vera       -8         2         3  yes\n"
        "   4  Boris     -72         2         3  yes\n"
    )


def test_the_table_shows_fractions_to_two_places_and_no_rank_for_the_unqualified(season):
    text = ladder(*season, kind="rating", min_sessions=3)
    assert text.splitlines()[3:] == [
        "   -  Anna     4.81         2         3  no",
        "   -  Vera     0.96         2         3  no",
        "   -  Gleb     0.88         2         3  no",
        "   -  Boris   -2.97         2         3  no",
    ]


def test_a_three_handed_defender_has_no_partner(write):
    paths = [
        write("a.json", record(["Anna", "Zoe", "Vera", None], dummy="W")),
        write("b.json", record(["Anna", "Boris", "Vera", "Gleb"], day="2024-03-08")),
    ]
    document = json.loads(ladder(*paths, kind="total", min_partners=1, json=True))
    assert document["standings"] == [
        line(1, "Anna", 80, partners=1),
        line(1, "Vera", 80, partners=1),
        line(3, "Boris", -40, sessions=1, partners=1),
        line(3, "Gleb", -40, sessions=1, partners=1),
        line(None, "Zoe", -80, sessions=1, partners=0, qualified=False),
    ]


@pytest.mark.parametrize(
    ("variant", "seats", "deals", "expected"),
    [
        (
            "hussar",
            ["Denis", "Yevgeny", "Zakhar", "Ilya"],
            HUSSAR,
            [
                line(1, "Denis", 120, 1, 0),
                line(2, "Zakhar", -32, 1, 0),
                line(3, "Yevgeny", -40, 1, 0),
                line(4, "Ilya", -48, 1, 0),
            ],
        ),
        (
            "prussian",
            ["Pavel", "Kuzma"],
            PRUSSIAN,
            [line(1, "Pavel", 37, 1, 0), line(2, "Kuzma", -37, 1, 0)],
        ),
    ],
)
def test_individual_variants_have_no_partners_to_require(write, variant, seats, deals, expected):
    path = write("t.json", record(seats, deals=deals, variant=variant))
    document = json.loads(ladder(path, kind="total", min_partners=2, json=True))
    assert (document["variant"], document["standings"]) == (variant, expected)


def test_names_are_written_as_they_are(write):
    path = write("a.json", record(["Ёжик", "Boris", "Vera", "Gleb"]))
    out = ladder(path, kind="total", json=True)
    assert '"player": "Ёжик"' in out


# ---------------------------------------------------------------------------------------------
# The adapter


def scored(data):
    parsed = parse_record(data)
    return parsed, score(parsed)


LATER = [{key: value for key, value in deal.items() if key != "dealer"} for deal in UNFINISHED]


def test_a_table_result_keeps_seats_sides_settlement_and_finished_rubbers():
    parsed, sheet = scored(record(["Anna", "Boris", "Vera", "Gleb"], deals=RUBBER + LATER))
    table = table_result(parsed, sheet, date(2024, 3, 1))
    assert table.teams == {"NS": ("Anna", "Vera"), "EW": ("Boris", "Gleb")}
    assert table.settlement == {"Anna": 48, "Vera": 48, "Boris": -48, "Gleb": -48}
    assert table.rubber_winners == ("NS",)  # the second rubber is unfinished
    assert (table.variant, table.partnership, table.date) == ("russian", True, date(2024, 3, 1))


def test_a_table_result_can_key_players_by_id_and_leave_out_the_dummy():
    parsed, sheet = scored(record(["Anna", "Zoe", "Vera", None], dummy="W"))
    table = table_result(parsed, sheet, date(2024, 3, 1), {"N": 7, "E": 9, "S": 8})
    assert table.teams == {"NS": (7, 8), "EW": (9,)}
    assert table.settlement == {7: 40, 8: 40, 9: -80}
    assert table.partnership is True


@pytest.mark.parametrize(
    ("variant", "seats", "deals", "teams"),
    [
        ("prussian", ["Pavel", "Kuzma"], PRUSSIAN, {"N": ("Pavel",), "S": ("Kuzma",)}),
        (
            "hussar",
            ["Denis", "Yevgeny", "Zakhar", "Ilya"],
            HUSSAR,
            {"N": ("Denis",), "E": ("Yevgeny",), "S": ("Zakhar",), "W": ("Ilya",)},
        ),
    ],
)
def test_individual_variants_are_not_partnerships(variant, seats, deals, teams):
    parsed, sheet = scored(record(seats, deals=deals, variant=variant))
    table = table_result(parsed, sheet, date(2024, 3, 1))
    assert (table.teams, table.partnership, table.rubber_winners) == (teams, False, ("N",))


def test_one_player_at_two_seats_is_refused(write):
    path = write("a.json", record(["Anna", "Boris", "Anna", "Gleb"]))
    with pytest.raises(LadderInputError, match="a.json: field 'players': Anna sits at N and S"):
        load_ladder_records([path])


# ---------------------------------------------------------------------------------------------
# Refusals: exit status 1, one line on standard error, no traceback


def run(*args, stdin=None):
    return subprocess.run(
        [sys.executable, "manage.py", "ladder", *args],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        check=False,
    )


def broken_deal():
    data = record(["Anna", "Boris", "Vera", "Gleb"])
    data["deals"][1]["tricks"] = {"NS": 5, "EW": 7}
    return data


@pytest.mark.parametrize(
    ("second", "expected"),
    [
        (record(["Anna", "Boris", "Vera", "Gleb"], day=None), "bad.json: field 'meta.date': "),
        (
            record(["Anna", "Boris", "Vera", "Gleb"], day="2024-02-30"),
            "bad.json: field 'meta.date'",
        ),
        (
            record(["Anna", "Boris", "Vera", "Gleb"], day="01/03/2024"),
            "bad.json: field 'meta.date'",
        ),
        (record(["Anna", "Boris", "Vera", "Gleb"], day="20240301"), "bad.json: field 'meta.date'"),
        (record(["Anna", "Boris", "Vera", "Gleb"], day=20240301), "bad.json: field 'meta.date'"),
        (
            record(["Denis", "Yevgeny", "Zakhar", "Ilya"], deals=HUSSAR, variant="hussar"),
            "bad.json: field 'variant': 'hussar', but ",
        ),
        (broken_deal(), "bad.json: deal 2, field 'tricks'"),
        ("{not json", "bad.json: not valid JSON"),
        ("[1, 2]", "bad.json: a record must be a JSON object"),
        (record(["Anna", "Boris", "Anna", "Gleb"]), "bad.json: field 'players'"),
    ],
    ids=[
        "no date",
        "no such day",
        "another date format",
        "a date without dashes",
        "a number",
        "another variant",
        "a rule broken",
        "invalid JSON",
        "not an object",
        "a player twice",
    ],
)
def test_a_bad_record_is_refused_in_one_line_naming_the_file(write, second, expected):
    good = write("good.json", record(["Anna", "Boris", "Vera", "Gleb"]))
    bad = write("bad.json", second)
    result = run(good, bad, "--kind", "total")
    assert result.returncode == 1
    assert result.stdout == ""
    assert result.stderr.startswith("CommandError: ")
    assert result.stderr.count("\n") == 1 and result.stderr.endswith("\n")
    assert "Traceback" not in result.stderr
    assert expected in result.stderr


def test_a_dash_reads_one_record_from_standard_input(season):
    with open(season[1], encoding="utf-8") as handle:
        piped = handle.read()

    result = run(season[0], "-", season[2], "--kind", "total", "--json", stdin=piped)

    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == json.loads(ladder(*season, kind="total", json=True))


def test_a_record_given_twice_is_refused_not_counted_twice(season, tmp_path):
    # A shell's globs overlap easily (week*.json week1.json): the same night twice would
    # double its results.
    again = str(tmp_path / "." / Path(season[1]).name)  # the same file by another path

    result = run(*season, again, "--kind", "average")

    assert result.returncode == 1
    assert result.stderr.count("\n") == 1
    assert f"{again}: the same file as {season[1]}" in result.stderr


@pytest.mark.parametrize(
    ("args", "stdin", "expected"),
    [
        (["-", "-"], "{}", "standard input can be given once"),
        (["-"], "{not json", "standard input: not valid JSON"),
        (["-"], json.dumps(broken_deal()), "standard input: deal 2, field 'tricks'"),
    ],
    ids=["twice", "invalid JSON", "a rule broken"],
)
def test_standard_input_is_refused_in_one_line_by_its_name(args, stdin, expected):
    result = run(*args, "--kind", "total", stdin=stdin)

    assert result.returncode == 1
    assert result.stderr.startswith("CommandError: ") and result.stderr.count("\n") == 1
    assert expected in result.stderr


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["missing.json", "--kind", "total"], "cannot read missing.json: No such file"),
        (["good.json"], "--kind is required: total, average, rating"),
        (["--kind", "total"], "give at least one record file"),
        (["good.json", "--kind", "median"], "--kind must be one of total, average, rating"),
        (["good.json", "--kind", "average", "--best", "0"], "--best must be a whole number"),
        (["good.json", "--kind", "average", "--best", "two"], "--best must be a whole number"),
        (["good.json", "--kind", "total", "--best", "2"], "--best applies to --kind average"),
        (["good.json", "--kind", "total", "--min-sessions", "-1"], "--min-sessions must be"),
        (["good.json", "--kind", "total", "--min-partners", "-2"], "--min-partners must be"),
        (["good.json", "--kind", "total", "--bogus"], "unrecognized arguments: --bogus"),
        (["good.json", "--kind"], "argument --kind: expected one argument"),
        (["good.json", "--kind", "total", "-v", "9"], "argument -v/--verbosity: invalid choice"),
    ],
)
def test_bad_arguments_are_refused_in_one_line(tmp_path, args, expected):
    (tmp_path / "good.json").write_text(json.dumps(record(["Anna", "Boris", "Vera", "Gleb"])))
    result = subprocess.run(
        [sys.executable, str(ROOT / "manage.py"), "ladder", *args],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 1
    assert result.stderr.startswith("CommandError: ") and result.stderr.count("\n") == 1
    assert "Traceback" not in result.stderr
    assert expected in result.stderr


def test_help_is_still_printed_and_exits_0():
    result = subprocess.run(
        [sys.executable, str(ROOT / "manage.py"), "ladder", "--help"],
        capture_output=True, text=True, check=False,
    )  # fmt: skip

    assert result.returncode == 0 and result.stderr == ""
    assert result.stdout.startswith("usage: manage.py ladder") and "--min-partners" in result.stdout


def test_call_command_raises_a_command_error_for_an_unknown_option(season):
    with pytest.raises(CommandError, match="^unrecognized arguments: --bogus$"):
        ladder(*season, "--kind", "total", "--bogus")


def test_call_command_raises_a_command_error(season, write):
    bad = write("bad.json", record(["Anna", "Boris", "Vera", "Gleb"], day=None))
    with pytest.raises(CommandError, match="bad.json: field 'meta.date'"):
        ladder(*season, bad, kind="total")
