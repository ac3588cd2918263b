"""Hypothesis strategies: random valid records of every variant, and random damage to them."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from scorebook.rules.presets import PRESETS

SEATS = ("N", "E", "S", "W")
SUITS = ("S", "H", "D", "C")
NAMES = {"N": "Anna", "E": "Boris", "S": "Vera", "W": "Gleb"}


def _split(draw: st.DrawFn, total: int, parts: int, cap: int | None = None) -> list[int]:
    """``parts`` whole numbers from 0 to ``cap`` adding up to ``total``."""
    cap = total if cap is None else cap
    while True:
        cuts = sorted(draw(st.integers(0, total)) for _ in range(parts - 1))
        values = [b - a for a, b in zip([0, *cuts], [*cuts, total], strict=True)]
        if max(values) <= cap:
            return values


def _side_of(variant: str, seat: str) -> str:
    if variant in ("prussian", "hussar"):
        return seat
    return "NS" if seat in ("N", "S") else "EW"


@st.composite
def records(draw: st.DrawFn, variant: str | None = None, max_deals: int = 24) -> dict[str, Any]:
    """A random record that breaks no rule."""
    variant = variant or draw(st.sampled_from(sorted(PRESETS)))
    preset = PRESETS[variant]
    seats = preset.seats
    sides = preset.sides
    dummy = None
    if preset.dummy_allowed and draw(st.booleans()):
        dummy = draw(st.sampled_from(SEATS))
    options: dict[str, Any] = {}
    if draw(st.booleans()):
        options["revoke.amount"] = draw(st.sampled_from([3, 6]))
    if variant == "english-long" and draw(st.booleans()):
        options["trebleInLong"] = True
    if variant == "anfilada" and draw(st.booleans()):
        options["anfilada.carryAcrossRubbers"] = True
    if variant == "special-suit" and draw(st.booleans()):
        options["specialSuit.doublePenalties"] = True
    if variant == "progulochny":
        if draw(st.booleans()):
            options["failPremium"] = "undertricks"
        if draw(st.booleans()):
            options["overtricksMultiplied"] = False
    if variant == "hussar" and draw(st.booleans()):
        options["book"] = 6
    if variant in ("eralash",) and draw(st.booleans()):
        options["eralash.acesPerPlayer"] = True
    if preset.dummy_allowed and dummy and draw(st.booleans()):
        options["dummySettlement"] = "shared"

    honour_size = {"AKQJ": 4, "AKQJ10": 5, "aces": 4, "none": 0}[preset.defaults["honourSet"]]
    special = draw(st.sampled_from(SUITS))
    dealer = draw(st.sampled_from(seats))
    deals = []
    for _ in range(draw(st.integers(0, max_deals))):
        deal: dict[str, Any] = {"dealer": dealer}
        void = draw(st.sampled_from([None] * 12 + ["misdeal", "redeal"]))
        if void:
            deal["void"] = void
            deals.append(deal)
            if void == "misdeal":
                dealer = seats[(seats.index(dealer) + 1) % len(seats)]
            continue
        if variant == "hussar":
            deal["tricks"] = dict(zip(seats, _split(draw, 13, 4), strict=True))
        else:
            first = draw(st.integers(0, 13))
            deal["tricks"] = {sides[0]: first, sides[1]: 13 - first}
        if preset.trump:
            deal["trump"] = draw(st.sampled_from([*SUITS, None]))
        if variant == "special-suit":
            deal["special_suit"] = special
        game = None
        if variant == "progulochny":
            game = draw(st.sampled_from(["trump", "grand", "null", "grand-null"]))
            contract: dict[str, Any] = {"side": _side_of(variant, dealer), "game": game}
            if game == "trump":
                contract["trump"] = draw(st.sampled_from(SUITS))
            deal["contract"] = contract
            deal["doubling"] = draw(st.sampled_from(["none", "contra", "recontra"]))
            if game == "grand-null":
                side = contract["side"]
                taken = deal["tricks"][side]
                low, high = max(0, taken - 7), min(6, taken)
                deal["first_six"] = {side: draw(st.integers(low, high))}
        scores_honours = honour_size and (variant != "progulochny" or game == "trump")
        # honours left out (not claimed) about one deal in four
        if scores_honours and draw(st.sampled_from([True, True, True, False])):
            if variant == "hussar" and draw(st.booleans()):  # only the claiming players
                split = dict(zip(seats, _split(draw, honour_size, 4), strict=True))
                claims = {s: n for s, n in split.items() if n >= 3}
                if claims:
                    deal["honours"] = claims
            elif variant == "hussar" or options.get("eralash.acesPerPlayer"):
                deal["honours"] = dict(zip(seats, _split(draw, honour_size, 4), strict=True))
            elif variant == "prussian":
                held = draw(st.integers(0, honour_size))
                mine = draw(st.integers(0, held))
                deal["honours"] = {"N": mine, "S": held - mine}
            else:
                mine = draw(st.integers(0, honour_size))
                deal["honours"] = {sides[0]: mine, sides[1]: honour_size - mine}
        revokes = []
        left = dict(deal["tricks"])
        for _ in range(draw(st.sampled_from([0] * 6 + [1, 1, 2]))):
            seat = draw(st.sampled_from([s for s in seats if s != dummy]))
            side = _side_of(variant, seat)
            choices = ["add"] if preset.only_add else ["add", "deduct", "transfer"]
            if not preset.only_add and left[side] >= 3:
                choices.append("tricks")
            penalty = draw(st.sampled_from(choices))
            if penalty == "tricks":
                other = next(s for s in sides if s != side)
                left[side] -= 3
                left[other] += 3
            revokes.append({"seat": seat, "penalty": penalty})
        if revokes:
            deal["revokes"] = revokes
        deals.append(deal)
        dealer = seats[(seats.index(dealer) + 1) % len(seats)]
    record: dict[str, Any] = {
        "format": "whist-record/1",
        "variant": variant,
        "players": {s: NAMES[s] for s in seats if s != dummy},
        "deals": deals,
    }
    if options:
        record["options"] = options
    if dummy:
        record["dummy"] = dummy
    return record


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-20, 20)
    | st.floats(allow_nan=False)
    | st.text(max_size=4)
    | st.sampled_from(["NS", "EW", "N", "S", "add", "tricks", "grand-null", "S", "misdeal"]),
    lambda children: (
        st.lists(children, max_size=3)
        | st.dictionaries(
            st.sampled_from(["NS", "EW", "N", "E", "S", "W", "seat", "side", "game", "x"]),
            children,
            max_size=4,
        )
    ),
    max_leaves=8,
)


@st.composite
def damaged_records(draw: st.DrawFn) -> dict[str, Any]:
    """A valid record with one value somewhere replaced by random JSON (or removed)."""
    record = draw(records(max_deals=6))
    node: Any = record
    path: list[Any] = []
    # walk down a few levels
    for _ in range(draw(st.integers(0, 4))):
        if isinstance(node, dict) and node:
            key = draw(st.sampled_from(sorted(node, key=str)))
        elif isinstance(node, list) and node:
            key = draw(st.integers(0, len(node) - 1))
        else:
            break
        path.append(key)
        node = node[key]
    if not path:
        return draw(json_values)  # type: ignore[no-any-return]
    parent: Any = record
    for key in path[:-1]:
        parent = parent[key]
    if isinstance(parent, dict) and draw(st.booleans()):
        del parent[path[-1]]
    else:
        parent[path[-1]] = draw(json_values)
    return record
