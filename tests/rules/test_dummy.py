"""Three-handed play with a dummy (docs/rules.md, Three-handed whist with a dummy; decision on
settlement)."""

import pytest

from .helpers import check, deal, record, rv, score

H22 = (2, 2)
RU_RUBBER = [deal(11, 2, (3, 2)), deal(11, 2, (3, 2))]  # NS 44, EW 0
S1_DEALS = [deal(9, 4, (3, 1)), deal(8, 5, H22), deal(6, 7, (3, 1)), deal(7, 6, H22)]  # NS +7


@pytest.mark.parametrize(
    "variant, deals, dummy, options, sides, players",
    [
        # dummy W: defender E (side EW, V = -44); besiegers N and S
        ("russian", RU_RUBBER, "W", None, {"NS": 44, "EW": -44}, {"E": -88, "N": 44, "S": 44}),
        (
            "russian",
            RU_RUBBER,
            "W",
            {"dummySettlement": "shared"},
            {"NS": 44, "EW": -44},
            {"E": -44, "N": 22, "S": 22},
        ),
        # dummy N: defender S (side NS, V = 44)
        ("russian", RU_RUBBER, "N", None, {"NS": 44, "EW": -44}, {"S": 88, "E": -44, "W": -44}),
        (
            "russian",
            RU_RUBBER,
            "N",
            {"dummySettlement": "full"},
            {"NS": 44, "EW": -44},
            {"S": 88, "E": -44, "W": -44},
        ),
        # example S1 (V = 7 game points to NS) with dummy N: shared halves an odd amount
        ("english-short", S1_DEALS, "N", None, {"NS": 7, "EW": -7}, {"S": 14, "E": -7, "W": -7}),
        (
            "english-short",
            S1_DEALS,
            "N",
            {"dummySettlement": "shared"},
            {"NS": 7, "EW": -7},
            {"S": 7, "E": -3.5, "W": -3.5},
        ),
    ],
    ids=["full", "shared", "defender-wins", "full-explicit", "english-full", "english-shared"],
)
def test_dummy_settlement_between_defender_and_besiegers(
    variant, deals, dummy, options, sides, players
):
    out = score(record(variant, deals, options, dummy=dummy))
    check(out, {"sides": sides, "players": players})
    assert dummy not in out["settlement"]["players"]


@pytest.mark.parametrize("variant, deals", [("russian", RU_RUBBER), ("english-short", S1_DEALS)])
def test_dummy_does_not_change_the_scoring(variant, deals):
    plain = score(record(variant, deals))
    three = score(record(variant, deals, dummy="E"))
    assert three["totals"] == plain["totals"]
    assert three["games"] == plain["games"]
    assert three["rubbers"] == plain["rubbers"]
    assert three["settlement"]["sides"] == plain["settlement"]["sides"]


def test_dummy_seat_takes_its_turn_in_the_dealer_rotation():
    # §8a.2: dummy W; its partner deals for it: N, E, S, W, N. 5 x 2 = 10 -> game.
    deals = [deal(7, 6, (3, 2), dealer=s) for s in "NESWN"]
    out = score(record("russian", deals, dummy="W"))
    check(out, {"games": [("NS", "treble", 0)], "below": {"NS": 10, "EW": 0}})


def test_defender_revoke_is_penalised():
    # Only the dummy is not liable; the defender E revokes: NS +3, then 2.
    out = score(record("russian", [deal(7, 6, (3, 2), revokes=[rv("E")])], dummy="W"))
    check(out, {"below": {"NS": 5, "EW": 0}})
