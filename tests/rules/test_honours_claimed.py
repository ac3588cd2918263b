"""Honours not claimed (a deal without ``honours``): nothing is written for them, in every
family. The laws: honours must be claimed before the next deal, and unclaimed honours are lost,
even the three or more that one side always holds of a five-honour set. Where honours are
given, they are checked as before; Hussar names only the players who claim them."""

import pytest

from .helpers import check, deal, entries, gdeal, hdeal, pdeal, record, score

PARTNERSHIP = ["english-short", "english-long", "russian", "anfilada", "eralash"]


def items(out, n):
    return {e[3] for e in entries(out, n)}


@pytest.mark.parametrize("variant", PARTNERSHIP)
def test_a_partnership_deal_without_honours_writes_only_its_tricks(variant):
    out = score(record(variant, [deal(8, 5)]))

    assert items(out, 1) == {"tricks"}


def test_russian_unclaimed_five_honours_are_lost():
    # NS 8 tricks: 2 odd x 2 = 4 below; the honours (one side held 3 or more) were not claimed.
    out = score(record("russian", [deal(8, 5)]))

    assert entries(out, 1) == [("NS", "below", 4, "tricks")]
    check(out, {"below": {"NS": 4, "EW": 0}, "above": {"NS": 0, "EW": 0}})


def test_english_short_unclaimed_honours_count_nothing_towards_the_game():
    # NS 8 tricks: 2 odd at 1 = 2 below; no honours, so no points from them either.
    out = score(record("english-short", [deal(8, 5)]))

    assert entries(out, 1) == [("NS", "below", 2, "tricks")]


def test_special_suit_deal_without_honours():
    # Spades special and trumps: NS 2 odd x 2 x 2 = 8 below, nothing above.
    out = score(record("special-suit", [deal(8, 5, trump="S", special_suit="S")]))

    assert entries(out, 1) == [("NS", "below", 8, "tricks")]


def test_prussian_deal_without_honours():
    out = score(record("prussian", [pdeal(8, 5)]))

    assert entries(out, 1) == [("N", "below", 4, "tricks")]


def test_progulochny_trump_game_without_honours():
    out = score(record("progulochny", [gdeal("NS", "trump", 8, "S")]))

    assert "honours" not in items(out, 1)
    assert out["totals"]["above"]["NS"] == 1  # one trick over seven, and no honours


def test_hussar_deal_without_honours():
    # N 5 tricks: 2 over the book of 3, x 2 = 4 below.
    out = score(record("hussar", [hdeal((5, 3, 3, 2))]))

    assert entries(out, 1) == [("N", "below", 4, "tricks")]


@pytest.mark.parametrize(
    "claims, above",
    [
        ({"E": 4}, {"N": 0, "E": 4, "S": 0, "W": 0}),
        ({"S": 5}, {"N": 0, "E": 0, "S": 6, "W": 0}),
        ({"W": 3, "N": 2}, {"N": 0, "E": 0, "S": 0, "W": 2}),  # 2 honours score nothing
    ],
)
def test_hussar_names_only_the_players_who_claim_honours(claims, above):
    out = score(record("hussar", [hdeal((5, 3, 3, 2), honours=claims)]))

    check(out, {"above": above, "below": {"N": 4, "E": 0, "S": 0, "W": 0}})


def test_english_long_call_still_wins_with_the_honours_given():
    # NS at 8 calls holding 3 honours: 2 points, game (10) before the deal is played.
    at_eight = [deal(13, 0), deal(7, 6)]
    out = score(record("english-long", [*at_eight, deal(hon=(3, 1), called="NS")]))

    assert out["deals"][2]["game_won_by"] == "NS"
