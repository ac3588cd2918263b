"""Properties that hold for every record of every variant (hypothesis)."""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorebook.rules import RecordError, load_record, parse_record, score, score_record
from scorebook.rules.presets import PRESETS
from scorebook.rules.score import score_json as score_as_json

from .strategies import damaged_records, records

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
UNCOUNTED = {"not-scored", "carry"}


@SETTINGS
@given(records())
def test_random_valid_records_score_without_error(record):
    out = score_record(record)
    assert out["format"] == "whist-score/1"
    assert len(out["deals"]) == len(record["deals"])


@pytest.mark.parametrize("variant", sorted(PRESETS))
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_settlement_sums_to_zero(variant, data):
    out = score_record(data.draw(records(variant)))
    assert sum(out["settlement"]["sides"].values()) == 0
    assert sum(out["settlement"]["players"].values()) == 0


@SETTINGS
@given(records())
def test_totals_equal_the_sum_of_the_entries(record):
    out = score_record(record)
    summed = {"below": defaultdict(int), "above": defaultdict(int)}
    for deal in out["deals"]:
        for entry in deal["entries"]:
            if entry["item"] not in UNCOUNTED:
                summed[entry["line"]][entry["side"]] += entry["points"]
    for line in ("below", "above"):
        for side in out["sides"]:
            assert out["totals"][line][side] == summed[line][side]
    english = record["variant"].startswith("english")
    for side in out["sides"]:
        expected = out["totals"]["above"][side] + (0 if english else out["totals"]["below"][side])
        assert out["totals"]["total"][side] == expected


@SETTINGS
@given(records())
def test_settlement_is_the_difference_of_totals(record):
    out = score_record(record)
    totals = out["totals"]["total"]
    n, everything = len(totals), sum(totals.values())
    assert out["settlement"]["sides"] == {s: n * t - everything for s, t in totals.items()}


@SETTINGS
@given(records())
def test_scoring_is_deterministic_and_survives_a_json_round_trip(record):
    first = score_record(record)
    again = score(load_record(json.dumps(record)))
    assert again.to_dict() == first
    assert json.loads(json.dumps(first)) == first


@SETTINGS
@given(records(), st.data())
def test_scoring_the_first_k_deals_gives_the_first_k_deals_of_the_sheet(record, data):
    full = score_record(record)
    k = data.draw(st.integers(0, len(record["deals"])))
    part = score_record({**record, "deals": record["deals"][:k]})
    assert part["deals"] == full["deals"][:k]
    assert part["games"] == full["games"][: len(part["games"])]
    assert len(part["games"]) == sum(1 for d in full["deals"][:k] if d["game_won_by"])


@SETTINGS
@given(records())
def test_games_and_rubbers_are_numbered_in_order(record):
    out = score_record(record)
    assert [g["number"] for g in out["games"]] == list(range(1, len(out["games"]) + 1))
    assert [r["number"] for r in out["rubbers"]] == list(range(1, len(out["rubbers"]) + 1))
    for rubber in out["rubbers"][:-1]:
        assert rubber["finished"]
    for rubber in out["rubbers"]:
        assert set(rubber["games_won"]) == set(out["sides"])
        if rubber["finished"]:
            assert rubber["games_won"][rubber["winner"]] == 2
        else:
            assert rubber["winner"] is None and max(rubber["games_won"].values()) < 2


@SETTINGS
@given(records())
def test_a_game_is_won_only_at_or_over_the_target(record):
    parsed = parse_record(record)
    out = score_record(record)
    target = parsed.rules.game_target
    for game in out["games"]:
        assert game["score"][game["winner"]] >= target
        assert all(
            v < game["score"][game["winner"]]
            for s, v in game["score"].items()
            if s != game["winner"]
        )


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(damaged_records())
def test_damaged_records_raise_only_the_engines_error(record):
    try:
        score_record(record)
    except RecordError as error:
        assert str(error)
        assert "\n" not in str(error)


@SETTINGS
@given(records())
def test_the_compact_json_text_equals_the_score_output(record):
    sheet = score(parse_record(record))
    assert json.loads(sheet.to_json()) == sheet.to_dict()


@SETTINGS
@given(records())
def test_the_streamed_json_of_score_json_equals_the_score_output(record):
    # score_json() writes each deal's JSON as it is scored and keeps no rows: the same text
    parsed = parse_record(record)
    assert json.loads(score_as_json(parsed)) == score(parsed).to_dict()


@SETTINGS
@given(records())
def test_scoring_does_not_depend_on_deals_sharing_their_counts(record):
    # The parser hands equal counts over as one dict, and the Russian family works out what
    # a count writes once per dict (russian.score_deal()). A record whose every deal has its
    # own copies, worked out afresh each time, must score the same.
    parsed = parse_record(record)
    apart = replace(
        parsed,
        deals=tuple(
            deal._replace(
                tricks=None if deal.tricks is None else dict(deal.tricks),
                honours=None if deal.honours is None else dict(deal.honours),
            )
            for deal in parsed.deals
        ),
    )
    assert json.loads(score_as_json(apart)) == score(parsed).to_dict()
    assert score(apart).to_dict() == score(parsed).to_dict()
