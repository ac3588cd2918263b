"""Builders for small records and readers for the score output, shared by the rules tables.

Every expectation in these tests was derived by hand from docs/rules.md, docs/record-format.md and
the lead's decisions (docs/rules-decisions.md), never from the engine.
"""

import copy

from scorebook.rules import RecordError, score_record

__all__ = [
    "RecordError",
    "check",
    "deal",
    "entries",
    "gdeal",
    "hdeal",
    "not_scored",
    "pdeal",
    "record",
    "rv",
    "score",
    "scored",
]

NAMES = {"N": "Anna", "E": "Boris", "S": "Vera", "W": "Gleb"}
# Variants where a top-level `trump` must not appear.
NO_TOP_LEVEL_TRUMP = {"eralash", "progulochny"}


def record(variant, deals, options=None, dummy=None, players=None):
    """A whist-record/1 document; every trump deal gets trump "H" unless it names its own."""
    if players is None:
        seats = ("N", "S") if variant == "prussian" else ("N", "E", "S", "W")
        players = {seat: NAMES[seat] for seat in seats}
        if dummy is not None:
            players[dummy] = None
    rec = {"format": "whist-record/1", "variant": variant, "players": players, "deals": []}
    if options is not None:
        rec["options"] = options
    if dummy is not None:
        rec["dummy"] = dummy
    for d in deals:
        d = dict(d)
        if variant not in NO_TOP_LEVEL_TRUMP and "void" not in d and "trump" not in d:
            d["trump"] = "H"
        rec["deals"].append(d)
    return rec


def deal(ns=None, ew=None, hon=None, **extra):
    """A partnership deal: tricks NS/EW and optionally honours (NS, EW)."""
    d = {}
    if ns is not None:
        d["tricks"] = {"NS": ns, "EW": ew}
    if hon is not None:
        d["honours"] = {"NS": hon[0], "EW": hon[1]}
    d.update(extra)
    return d


def pdeal(n, s, hon=None, **extra):
    """A Prussian deal: sides N and S."""
    d = {"tricks": {"N": n, "S": s}}
    if hon is not None:
        d["honours"] = {"N": hon[0], "S": hon[1]}
    d.update(extra)
    return d


def hdeal(tricks, hon=None, **extra):
    """A Hussar deal: tricks and honours given in seat order N, E, S, W."""
    d = {"tricks": dict(zip("NESW", tricks, strict=True))}
    if hon is not None:
        d["honours"] = dict(zip("NESW", hon, strict=True))
    d.update(extra)
    return d


def gdeal(side, game, tricks, trump=None, doubling=None, hon=None, first_six=None, **extra):
    """A Progulochny deal: `tricks` are the declaring side's; the opponents have the rest."""
    other = "EW" if side == "NS" else "NS"
    contract = {"side": side, "game": game}
    if trump is not None:
        contract["trump"] = trump
    d = {"contract": contract, "tricks": {side: tricks, other: 13 - tricks}}
    if doubling is not None:
        d["doubling"] = doubling
    if hon is not None:
        d["honours"] = {"NS": hon[0], "EW": hon[1]}
    if first_six is not None:
        d["first_six"] = first_six
    d.update(extra)
    return d


def rv(seat, penalty=None):
    r = {"seat": seat}
    if penalty is not None:
        r["penalty"] = penalty
    return r


def score(rec):
    return score_record(copy.deepcopy(rec))


def entries(out, n):
    """All entries of deal n (1-based) as (side, line, points, item)."""
    return [(e["side"], e["line"], e["points"], e["item"]) for e in out["deals"][n - 1]["entries"]]


def scored(out, n):
    return [e for e in entries(out, n) if e[3] != "not-scored"]


def not_scored(out, n):
    return [e for e in entries(out, n) if e[3] == "not-scored"]


def check(out, exp):
    """Compare the parts of the output named in `exp`.

    below / above / total: {side: int}; games: [(winner, label, game_points)];
    scores: [{side: below score when the game was won}]; rubbers: [(finished, winner, games_won)];
    sides / players: settlement; ns_net: NS's net in a four-seat partnership record (EW the
    opposite, each player his side's amount); won_by: {deal number: side or None}.
    """
    t = out["totals"]
    for key in ("below", "above", "total"):
        if key in exp:
            assert t[key] == exp[key], f"totals.{key}"
    if "games" in exp:
        got = [(g["winner"], g["label"], g["game_points"]) for g in out["games"]]
        assert got == exp["games"], "games"
        assert [g["number"] for g in out["games"]] == list(range(1, len(got) + 1))
    if "scores" in exp:
        assert [g["score"] for g in out["games"]] == exp["scores"], "games[].score"
    if "game_rubbers" in exp:
        assert [g["rubber"] for g in out["games"]] == exp["game_rubbers"], "games[].rubber"
    if "rubbers" in exp:
        got = [(r["finished"], r["winner"], r["games_won"]) for r in out["rubbers"]]
        assert got == exp["rubbers"], "rubbers"
        assert [r["number"] for r in out["rubbers"]] == list(range(1, len(got) + 1))
    if "sides" in exp:
        assert out["settlement"]["sides"] == exp["sides"], "settlement.sides"
    if "players" in exp:
        assert out["settlement"]["players"] == exp["players"], "settlement.players"
    if "ns_net" in exp:
        v = exp["ns_net"]
        assert out["settlement"]["sides"] == {"NS": v, "EW": -v}, "settlement.sides"
        assert out["settlement"]["players"] == {"N": v, "S": v, "E": -v, "W": -v}, (
            "settlement.players"
        )
    if "won_by" in exp:
        for n, side in exp["won_by"].items():
            assert out["deals"][n - 1]["game_won_by"] == side, f"deal {n} game_won_by"
