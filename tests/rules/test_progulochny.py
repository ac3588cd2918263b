"""progulochny (docs/rules.md, Progulochny whist; docs/record-format.md)."""

import pytest

from .helpers import RecordError, check, gdeal, record, rv, score

PG = "progulochny"


def t(ns=0, ew=0):
    return {"NS": ns, "EW": ew}


# Trump games carry honours (A K Q J 10 sum to 5, so some side always holds 3+). With
# hon (3, 2) NS, the declarers, get 2 above in every trump case below.
@pytest.mark.parametrize(
    "d, options, below, above",
    [
        # made exactly: 1 below
        (gdeal("NS", "trump", 7, "S", hon=(3, 2)), None, t(1), t(2)),
        # 2 over seven x 1 above
        (gdeal("NS", "trump", 9, "S", hon=(3, 2)), None, t(1), t(2 + 2)),
        # contra: (2-1) x 1 + 2 x 2 overtricks = 5 above
        (gdeal("NS", "trump", 9, "S", "contra", (3, 2)), None, t(1), t(5 + 2)),
        # recontra: 3 x 1 + 4 x 2 = 11
        (gdeal("NS", "trump", 9, "S", "recontra", (3, 2)), None, t(1), t(11 + 2)),
        # overtricksMultiplied false: 1 + 2 (contra), 3 + 2 (recontra)
        (
            gdeal("NS", "trump", 9, "S", "contra", (3, 2)),
            {"overtricksMultiplied": False},
            t(1),
            t(3 + 2),
        ),
        (
            gdeal("NS", "trump", 9, "S", "recontra", (3, 2)),
            {"overtricksMultiplied": False},
            t(1),
            t(5 + 2),
        ),
        # failed 6-7: opponents 1 x (1 + 0)
        (gdeal("NS", "trump", 6, "S", hon=(3, 2)), None, t(), t(2, 1)),
        # failed 4-9: opponents 1 + 2 of their own tricks over seven
        (gdeal("NS", "trump", 4, "S", hon=(3, 2)), None, t(), t(2, 3)),
        (gdeal("NS", "trump", 4, "S", "contra", (3, 2)), None, t(), t(2, 6)),
        (gdeal("NS", "trump", 4, "S", "recontra", (3, 2)), None, t(), t(2, 12)),
        # failPremium undertricks: 1 + (7 - 4) = 4; 1 + (7 - 6) = 2
        (gdeal("NS", "trump", 4, "S", hon=(3, 2)), {"failPremium": "undertricks"}, t(), t(2, 4)),
        (gdeal("NS", "trump", 6, "S", hon=(3, 2)), {"failPremium": "undertricks"}, t(), t(2, 2)),
        # honours never multiplied: recontra made 7 with all 5 honours: 3 + 6
        (gdeal("NS", "trump", 7, "S", "recontra", (5, 0)), None, t(1), t(3 + 6)),
        # honours go to the holders, here the opponents: 4 honours -> 4; contra 1 above
        (gdeal("NS", "trump", 7, "H", "contra", (1, 4)), None, t(1), t(1, 4)),
    ],
    ids=[
        "made",
        "overtricks",
        "contra",
        "recontra",
        "contra-overtricks-plain",
        "recontra-overtricks-plain",
        "failed-by-one",
        "failed-opponents-overtricks",
        "failed-contra",
        "failed-recontra",
        "undertricks",
        "undertricks-by-one",
        "honours-not-multiplied",
        "opponents-honours",
    ],
)
def test_progulochny_trump_game(d, options, below, above):
    out = score(record(PG, [d], options))
    check(out, {"below": below, "above": above, "games": []})


@pytest.mark.parametrize(
    "d, below, above",
    [
        (gdeal("NS", "grand", 7), t(3), t()),
        (gdeal("NS", "grand", 10), t(3), t()),  # no overtrick premiums in Grand
        (gdeal("NS", "grand", 8, doubling="contra"), t(3), t(3)),
        (gdeal("NS", "grand", 8, doubling="recontra"), t(3), t(9)),
        (gdeal("NS", "grand", 6), t(), t(0, 3)),
        (gdeal("NS", "grand", 2, doubling="contra"), t(), t(0, 6)),  # no premium for EW's 11
        (gdeal("NS", "grand", 6, doubling="recontra"), t(), t(0, 12)),
        (gdeal("NS", "null", 6), t(3), t()),
        (gdeal("NS", "null", 0), t(3), t()),
        (gdeal("NS", "null", 4, doubling="contra"), t(3), t(3)),
        (gdeal("NS", "null", 7), t(), t(0, 3)),
        (gdeal("NS", "null", 7, doubling="recontra"), t(), t(0, 12)),
        (gdeal("EW", "null", 5, doubling="recontra"), t(0, 3), t(0, 9)),
    ],
    ids=[
        "grand",
        "grand-no-overtricks",
        "grand-contra",
        "grand-recontra",
        "grand-failed",
        "grand-failed-contra",
        "grand-failed-recontra",
        "null",
        "null-zero",
        "null-contra",
        "null-failed",
        "null-failed-recontra",
        "null-by-ew",
    ],
)
def test_progulochny_grand_and_null_are_worth_three(d, below, above):
    out = score(record(PG, [d]))
    check(out, {"below": below, "above": above})


@pytest.mark.parametrize(
    "tricks, first_six, doubling, below, above",
    [
        # 4 of the first six, 2 of the last seven: both parts made
        (6, {"NS": 4}, None, t(6), t()),
        (6, {"NS": 6}, None, t(6), t()),  # 6 of 6, none of the last 7
        # both sides given (summing to 6)
        (6, {"NS": 4, "EW": 2}, None, t(6), t()),
        # only the opponents given: NS had 4
        (6, {"EW": 2}, None, t(6), t()),
        # 3-3 in the first six fails part 1; last seven 2: part 2 made
        (5, {"NS": 3, "EW": 3}, None, t(3), t(0, 3)),
        # first six 5 (made), last seven 4 (> 3): part 2 fails
        (9, {"NS": 5}, None, t(3), t(0, 3)),
        # both fail
        (6, {"NS": 2}, None, t(), t(0, 6)),
        # contra, both made: 3 + 3 below, 3 + 3 above
        (6, {"NS": 4}, "contra", t(6), t(6)),
        # recontra, part 1 fails: part 2 3 below + 9 above; EW 12
        (5, {"NS": 3}, "recontra", t(3), t(9, 12)),
    ],
    ids=[
        "both-made",
        "all-first-six",
        "both-sides-given",
        "opponents-given",
        "first-fails",
        "second-fails",
        "both-fail",
        "contra",
        "recontra-first-fails",
    ],
)
def test_progulochny_gran_null_scores_two_parts(tricks, first_six, doubling, below, above):
    d = gdeal("NS", "grand-null", tricks, doubling=doubling, first_six=first_six)
    out = score(record(PG, [d]))
    check(out, {"below": below, "above": above})


def test_progulochny_game_is_fifteen_below_with_five_above():
    # Five Grands at 3: 15 -> game (EW at 0: treble), game bonus 5.
    out = score(record(PG, [gdeal("NS", "grand", 7)] * 5))
    check(
        out,
        {
            "games": [("NS", "treble", 0)],
            "scores": [t(15)],
            "won_by": {4: None, 5: "NS"},
            "below": t(15),
            "above": t(5),
        },
    )
    assert ("NS", "above", 5, "game-bonus") in [
        (e["side"], e["line"], e["points"], e["item"]) for e in out["deals"][4]["entries"]
    ]


def test_progulochny_rubber_adds_ten():
    # Ten Grands: two games (5 + 5) and the rubber 10: NS 30 + 20 = 50.
    out = score(record(PG, [gdeal("NS", "grand", 7)] * 10))
    check(
        out,
        {
            "games": [("NS", "treble", 0)] * 2,
            "rubbers": [(True, "NS", t(2))],
            "below": t(30),
            "above": t(20),
            "total": t(50),
            "ns_net": 50,
        },
    )


@pytest.mark.parametrize(
    "ew_deals, label",
    [
        # EW 3 + 3 + 1 = 7 < 7.5: double
        (
            [
                gdeal("EW", "grand", 7),
                gdeal("EW", "grand", 7),
                gdeal("EW", "trump", 7, "C", hon=(2, 3)),
            ],
            "double",
        ),
        # EW 3 + 3 + 1 + 1 = 8: single
        (
            [
                gdeal("EW", "grand", 7),
                gdeal("EW", "grand", 7),
                gdeal("EW", "trump", 7, "C", hon=(2, 3)),
                gdeal("EW", "trump", 7, "D", hon=(2, 3)),
            ],
            "single",
        ),
    ],
)
def test_progulochny_game_label_uses_half_of_fifteen(ew_deals, label):
    out = score(record(PG, ew_deals + [gdeal("NS", "grand", 7)] * 5))
    check(out, {"games": [("NS", label, 0)]})


@pytest.mark.parametrize(
    "options, n_deals, below, above, games",
    [
        # gameBonus 7 and rubberBonus 20: ten Grands -> 30 below, 7 + 7 + 20 above
        ({"gameBonus": 7, "rubberBonus": 20}, 10, t(30), t(34), 2),
        # gameTarget 9: three Grands win a game
        ({"gameTarget": 9}, 3, t(9), t(5), 1),
    ],
    ids=["bonuses", "target"],
)
def test_progulochny_options(options, n_deals, below, above, games):
    out = score(record(PG, [gdeal("NS", "grand", 7)] * n_deals, options))
    check(out, {"below": below, "above": above})
    assert len(out["games"]) == games


@pytest.mark.parametrize(
    "d, options, below, above",
    [
        # E revokes in a contra Grand made: NS 3 below, 3 (doubling) + 3 (revoke) above
        (gdeal("NS", "grand", 8, doubling="contra", revokes=[rv("E")]), None, t(3), t(6)),
        # revoke.amount 6, still not multiplied
        (
            gdeal("NS", "grand", 8, doubling="contra", revokes=[rv("E", "add")]),
            {"revoke.amount": 6},
            t(3),
            t(9),
        ),
        # the declarers revoke: their Null stands as played (made: 3 below), EW +3 above
        (gdeal("NS", "null", 5, revokes=[rv("N")]), None, t(3), t(0, 3)),
        # both sides revoke: each penalty to the other side; the contract stands
        (gdeal("NS", "grand", 7, revokes=[rv("N"), rv("E")]), None, t(3), t(3, 3)),
    ],
    ids=["revoke", "amount-6", "declarers-revoke", "both-revoke"],
)
def test_progulochny_revoke_is_written_above_and_never_multiplied(d, options, below, above):
    out = score(record(PG, [d], options))
    check(out, {"below": below, "above": above, "games": []})


def test_progulochny_revoking_declarers_are_not_capped():
    # §8a.14: NS at 12 make a Grand despite N's revoke: 15 -> game; EW +3 above.
    deals = [gdeal("NS", "grand", 7)] * 4 + [gdeal("NS", "grand", 8, revokes=[rv("N")])]
    out = score(record(PG, deals))
    check(out, {"games": [("NS", "treble", 0)], "below": t(15), "above": t(5, 3)})


def test_progulochny_declarers_of_the_dealers_side():
    # §8a.7: dealer N -> NS declares, dealer E -> EW declares: valid.
    deals = [gdeal("NS", "grand", 7, dealer="N"), gdeal("EW", "null", 6, dealer="E")]
    out = score(record(PG, deals))
    check(out, {"below": t(3, 3), "ns_net": 0})


@pytest.mark.parametrize("side", ["NS", "EW"])
def test_first_six_beyond_the_tricks_is_told_in_the_counts_the_scorer_gave(side):
    # The scorer gives the declarers' tricks among the first six: a refusal speaks of the
    # declarers and of the numbers he entered (5 of the first six, 2 in all), not of the other
    # side's counts derived from them (1 and 11), whichever side declares
    rec = record(PG, [gdeal(side, "grand-null", 2, first_six={side: 5})])

    with pytest.raises(RecordError) as info:
        score(rec)

    assert (info.value.field, info.value.code) == ("first_six", "first-six-tricks")
    assert info.value.params == {"side": side, "first": 5, "tricks": 2}
