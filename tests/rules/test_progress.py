"""Scoring deal by deal from the running score gives exactly what scoring the whole record
gives: every deal's entries, the games, rubbers, totals and settlement, and what the next deal
needs (hypothesis, over every variant)."""

from __future__ import annotations

import json
import pickle
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorebook.rules import RecordError, next_dealer, parse_record, score
from scorebook.rules.presets import PRESETS
from scorebook.rules.progress import advance, start

from .strategies import records

EXAMPLES = sorted((Path(__file__).parent / "examples").glob("*[0-9].json"))
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def totals(sheet):
    return (
        dict(sheet.below),
        dict(sheet.above),
        dict(sheet.total),
        dict(sheet.settlement_sides),
        dict(sheet.settlement_players),
        sheet.rubbers,
    )


def deal_by_deal(data):
    """Score ``data`` one deal at a time, through a pickle each time (as the cache keeps it);
    returns the results and the last sheet and progress."""
    _record, _sheet, progress = start({**data, "deals": []})
    results, sheet = [], None
    for raw in data["deals"]:
        progress = pickle.loads(pickle.dumps(progress))
        _deal, sheet, progress = advance(progress, raw)
        results.append(sheet.deals[-1])
    return results, sheet, progress


def next_from_the_sheet(data):
    """What the next deal needs, read off the whole sheet: the game and the special suit follow
    the last deal that was not void."""
    record = parse_record(data)
    sheet = score(record)
    per_game = record.rules.special_drawn == "perGame"
    below = dict.fromkeys(record.sides, 0)
    game_starts = rubber_starts = True
    special = None
    for deal, result in zip(record.deals, sheet.deals, strict=True):
        if result.void is not None:
            continue
        if (game_starts if per_game else rubber_starts) and deal.special_suit:
            special = deal.special_suit
        below = dict(result.below_after)
        game_starts = result.game_won_by is not None
        rubber_starts = result.rubber_won_by is not None
    drawn = "specialSuit.drawn" in record.preset.defaults
    asks = drawn and (game_starts if per_game else rubber_starts)
    return {
        "number": len(record.deals) + 1,
        "dealer": next_dealer(record),
        "below": below,
        "new_game": game_starts,
        "asks_special": asks,
        "special": special if drawn and not asks else None,
    }


def check_same(data):
    whole = score(parse_record(data))
    results, sheet, progress = deal_by_deal(data)
    assert tuple(results) == whole.deals
    if data["deals"]:
        assert totals(sheet) == totals(whole)
        assert sheet.games[-1:] == whole.games[-1:]
    upcoming = progress.next_deal()
    expected = next_from_the_sheet(data)
    assert {key: getattr(upcoming, key) for key in expected} == expected
    _record, _whole, from_start = start(data)
    assert from_start.next_deal() == upcoming


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_every_worked_example_scores_the_same_deal_by_deal(path):
    check_same(json.loads(path.read_text()))


@pytest.mark.parametrize("variant", sorted(PRESETS))
@SETTINGS
@given(data=st.data())
def test_random_records_score_the_same_deal_by_deal(variant, data):
    check_same(data.draw(records(variant)))


@SETTINGS
@given(records(), st.data())
def test_the_running_score_after_k_deals_scores_the_rest_like_the_whole(record, data):
    """Start from any prefix (as a table cached at deal k), go on deal by deal."""
    k = data.draw(st.integers(0, len(record["deals"])))
    _record, _sheet, progress = start({**record, "deals": record["deals"][:k]})
    for raw in record["deals"][k:]:
        _deal, sheet, progress = advance(progress, raw)
    assert progress.next_deal() == start(record)[2].next_deal()
    if record["deals"][k:]:
        assert totals(sheet) == totals(score(parse_record(record)))


def test_a_refused_deal_is_named_and_leaves_the_running_score_as_it_was():
    data = json.loads(EXAMPLES[0].read_text())
    _record, _sheet, progress = start(data)
    before = pickle.dumps(progress)
    with pytest.raises(RecordError) as refused:
        advance(progress, {"dealer": "N", "trump": "H", "tricks": {"NS": 9, "EW": 9}})
    assert refused.value.deal == len(data["deals"]) + 1
    assert pickle.dumps(progress) == before


def test_a_dealer_out_of_rotation_is_refused_like_in_the_whole_record():
    data = {
        "format": "whist-record/1",
        "variant": "russian",
        "players": {"N": "Anna", "E": "Boris", "S": "Vera", "W": "Gleb"},
        "deals": [{"dealer": "N", "void": "misdeal"}],
    }
    _record, _sheet, progress = start(data)
    wrong = {"dealer": "S", "void": "misdeal"}
    with pytest.raises(RecordError) as one:
        advance(progress, wrong)
    with pytest.raises(RecordError) as whole:
        parse_record({**data, "deals": [*data["deals"], wrong]})
    assert (one.value.deal, one.value.field, one.value.code) == (
        whole.value.deal,
        whole.value.field,
        whole.value.code,
    )


@SETTINGS
@given(records(), st.data())
def test_scoring_on_from_a_running_score_leaves_it_as_it_was(record, data):
    # A running score is shared (the cache, a watcher's answer): advance() scores a copy
    k = data.draw(st.integers(0, len(record["deals"])))
    _record, _sheet, progress = start({**record, "deals": record["deals"][:k]})
    before = pickle.dumps(progress)
    later = progress
    for raw in record["deals"][k:]:
        _deal, _sheet, later = advance(later, raw)
    assert pickle.dumps(progress) == before
    if record["deals"][k:]:  # and the same deal scored again from it gives the same
        first = advance(progress, record["deals"][k])[1]
        assert advance(progress, record["deals"][k])[1] == first
