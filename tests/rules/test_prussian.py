"""prussian (docs/rules.md, Prussian whist)."""

import pytest

from .helpers import check, pdeal, record, rv, score


@pytest.mark.parametrize(
    "hon, above",
    [
        ((4, 0), {"N": 4, "S": 0}),
        ((3, 1), {"N": 3, "S": 0}),
        ((1, 3), {"N": 0, "S": 3}),
        ((3, 0), {"N": 3, "S": 0}),
        ((2, 1), {"N": 2, "S": 0}),
        ((0, 2), {"N": 0, "S": 2}),
        ((2, 2), {"N": 0, "S": 0}),  # opponent holds two: nobody scores
        ((1, 1), {"N": 0, "S": 0}),  # a lone honour never scores
        ((1, 0), {"N": 0, "S": 0}),
        ((0, 0), {"N": 0, "S": 0}),  # honours left in the abandoned packets
    ],
)
def test_prussian_honours_count_only_against_at_most_one(hon, above):
    # N 7 tricks: 1 odd x 2 = 2 below.
    out = score(record("prussian", [pdeal(7, 6, hon)]))
    check(out, {"below": {"N": 2, "S": 0}, "above": above, "games": []})


@pytest.mark.parametrize(
    "hon, above",
    [
        ((5, 0), {"N": 5, "S": 0}),
        ((4, 1), {"N": 4, "S": 0}),
        ((3, 1), {"N": 3, "S": 0}),
        ((3, 2), {"N": 0, "S": 0}),  # 3-2: nobody
        ((2, 3), {"N": 0, "S": 0}),
        ((1, 2), {"N": 0, "S": 2}),
    ],
)
def test_prussian_five_honour_option(hon, above):
    out = score(record("prussian", [pdeal(7, 6, hon)], {"honourSet": "AKQJ10"}))
    check(out, {"above": above})


@pytest.mark.parametrize(
    "tricks, below, slam",
    [((12, 1), 12, 10), ((13, 0), 14, 20)],
    ids=["small", "grand"],
)
def test_prussian_slams_as_russian(tricks, below, slam):
    out = score(record("prussian", [pdeal(*tricks, (0, 0))]))
    check(
        out,
        {
            "below": {"N": below, "S": 0},
            "above": {"N": slam, "S": 0},
            "games": [("N", "treble", 0)],
        },
    )


def test_prussian_rubber_and_two_player_settlement():
    # N: 10 + 10 below (games at love), 4 + 4 honours + 20 rubber above = 48; S: 0.
    # Dealers alternate N, S.
    deals = [pdeal(11, 2, (4, 0), dealer="S"), pdeal(11, 2, (4, 0), dealer="N")]
    out = score(record("prussian", deals))
    check(
        out,
        {
            "games": [("N", "treble", 0)] * 2,
            "rubbers": [(True, "N", {"N": 2, "S": 0})],
            "total": {"N": 48, "S": 0},
            "sides": {"N": 48, "S": -48},
            "players": {"N": 48, "S": -48},
        },
    )


def test_prussian_revoke_as_russian():
    # S revokes (add): N +3 below, then 2 odd tricks -> 7.
    out = score(record("prussian", [pdeal(8, 5, (0, 0), revokes=[rv("S")])]))
    check(out, {"below": {"N": 7, "S": 0}})


def test_prussian_exchanged_packets_are_only_logged():
    out = score(record("prussian", [pdeal(9, 4, (2, 1), exchanged=["N"])]))
    check(out, {"below": {"N": 6, "S": 0}, "above": {"N": 2, "S": 0}})
