"""One deal of a record (docs/record-format.md, Deals): its fields checked against the
variant, a plain deal at once, anything else field by field."""

from __future__ import annotations

import marshal
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from .checks import NOTE_MAX, _fail, checked_text, is_int
from .counts import KnownCounts, good_counts
from .model import (
    DEAL_KEYS,
    DOUBLING,
    DOUBLING_NAMES,
    GAMES,
    SUITS,
    VOID_KINDS,
    Contract,
    Deal,
    Revoke,
    Rules,
    side_of,
)
from .presets import HUSSAR, OPTIONAL, PENALTIES, PRESETS, PROGULOCHNY, DealEntry

# How _DealParser.plain() checks a deal's honours
ALL_HONOURS = "all"  # every side (or player) held so many, of the whole set
HELD_HONOURS = "held"  # each played hand held so many (Prussian)
CLAIMED_HONOURS = "claimed"  # the players who claim them (Hussar)
NO_HONOURS = "none"  # not plain: checked() says why

# Builds a named tuple from its fields in order, without the keyword-taking ``__new__`` that
# NamedTuple generates: twice as fast, for the objects made once per deal.
_new_tuple = tuple.__new__
_marshal = marshal.dumps

# The fields of a deal that only some variants' deal entries ask for (presets.DealEntry)
ENTRY_FIELDS = (
    "contract",
    "doubling",
    "first_six",
    "special_suit",
    "trumps_named",
    "exchanged",
    "called",
)


def _entry_asks(entry: DealEntry, key: str) -> bool:
    """Whether a variant's deal entry asks for ``key``, one of ENTRY_FIELDS."""
    if key in ("contract", "doubling", "first_six"):  # the bidding: the contract and its parts
        return entry.contract
    if key == "trumps_named":  # trumps change during the deal (Flying Duck)
        return entry.trump == OPTIONAL
    return bool(getattr(entry, key))  # special_suit, exchanged, called


# Each of ENTRY_FIELDS -> the variants that use it, for the refusal where it is not used
USED_IN = MappingProxyType(
    {
        key: ", ".join(k for k, p in PRESETS.items() if _entry_asks(p.entry, key))
        for key in ENTRY_FIELDS
    }
)


class _DealParser:
    """Checks one deal's fields against the variant; holds what every deal needs."""

    def __init__(self, rules: Rules, dummy: str | None) -> None:
        self.rules = rules
        self.preset = rules.preset
        self.dummy = dummy
        preset = rules.preset
        where = f"in {preset.key}"
        # The fields this variant never uses, with the reason shown when one is present.
        forbidden: dict[str, str] = {}
        if not preset.trump:
            extra = " (the trump is contract.trump)" if preset.entry.contract else ""
            forbidden["trump"] = where + extra
        for key in ENTRY_FIELDS:
            if not _entry_asks(preset.entry, key):
                forbidden[key] = f"{where} (only in {USED_IN[key]})"
        self.forbidden = forbidden
        self.usual = DEAL_KEYS - forbidden.keys()
        # the fields only some variants use
        self.calls = "called" not in forbidden
        self.special_suit = "special_suit" not in forbidden
        self.trumps_named = "trumps_named" not in forbidden
        self.exchanges = "exchanged" not in forbidden
        self.honour_keys = (
            preset.seats if rules.aces_per_player or preset.family == HUSSAR else preset.sides
        )
        self.size = rules.honour_size
        self.has_trump = preset.trump
        self.trump_required = preset.scoring.trump_in_record
        self.bidding = preset.family == PROGULOCHNY
        # honours, when given, name every side and sum to the whole set (the partnership
        # variants but Progulochny, whose contract decides; Prussian and Hussar sum to less)
        self.honours_always = (
            self.size > 0
            and not self.bidding
            and not preset.honours_by_hand
            and preset.family != HUSSAR
        )
        self.redeal_on_both = not self.bidding and rules.both_revoke == "redeal"
        # The plain deal, which plain() checks at once: the dealer, tricks, honours, and the
        # trump and special suit where the variant has them. Not Progulochny's: its contract
        # decides everything else.
        self.plain_keys: frozenset[str] = frozenset()
        if not self.bidding:
            self.plain_keys = frozenset({"dealer", "tricks", "honours"}) | (
                self.usual & {"trump", "special_suit"}
            )
        self.seat_set = frozenset(preset.seats)
        self.plain_honours = NO_HONOURS
        if self.honours_always:
            self.plain_honours = ALL_HONOURS
        elif self.size > 0 and preset.family == HUSSAR:
            self.plain_honours = CLAIMED_HONOURS
        elif self.size > 0 and preset.honours_by_hand:
            self.plain_honours = HELD_HONOURS
        # A plain deal's tricks and honours, checked once for each different value (see parse())
        sides = preset.sides
        self.known_tricks = KnownCounts(lambda value: good_counts(value, sides, 13, 13))
        if self.plain_honours == ALL_HONOURS:
            keys, size = self.honour_keys, self.size
            self.known_honours = KnownCounts(lambda value: good_counts(value, keys, size, size))
        else:
            self.known_honours = KnownCounts(self.plain_held)

    def counts(
        self,
        value: object,
        keys: tuple[str, ...],
        n: int,
        field: str,
        *,
        total: int | None,
        upto: int,
    ) -> dict[str, int]:
        """A side (or seat) -> count object with exactly ``keys``, each 0..upto."""
        good = good_counts(value, keys, total, upto)
        if good is not None:
            return good
        if not isinstance(value, Mapping):
            raise _fail(
                f"must be an object with {', '.join(keys)}", n, field, code="keys", keys=keys
            )
        if set(value) != set(keys):
            raise _fail(
                f"must name exactly {', '.join(keys)}, "
                f"got {', '.join(map(str, value)) or 'nothing'}",
                n,
                field,
                code="keys",
                keys=keys,
            )
        result: dict[str, int] = {}
        for key in keys:
            count = value[key]
            if not is_int(count) or not 0 <= count <= upto:
                raise _fail(
                    f"{key} must be a whole number from 0 to {upto}, got {count!r}",
                    n,
                    field,
                    code="count",
                    key=key,
                    upto=upto,
                    value=count,
                )
            result[key] = count
        if total is not None and sum(result.values()) != total:
            shown = " + ".join(str(result[k]) for k in keys)
            raise _fail(
                f"must add up to {total}, got {shown} = {sum(result.values())}",
                n,
                field,
                code="sum",
                total=total,
                got=sum(result.values()),
            )
        return result

    def suit(self, value: object, n: int, field: str) -> str:
        if value not in SUITS:
            raise _fail(f"must be one of S, H, D, C, got {value!r}", n, field, code="suit")
        return str(value)

    def parse(self, raw: object, n: int) -> Deal:
        """Check one deal (number ``n``); raise RecordError naming the first field at fault.

        A plain deal (only ``plain_keys``: the dealer, tricks, honours, and the trump and
        special suit where the variant has them) is checked here at once; checked() looks at
        anything else, or anything wrong, and finds the same deal or names the fault.
        """
        if not (self.plain_keys and type(raw) is dict and raw.keys() <= self.plain_keys):
            return self.checked(raw, n)
        get = raw.get
        dealer = get("dealer")
        if dealer is not None and dealer not in self.preset.seats:
            return self.checked(raw, n)
        trump = None
        if self.has_trump:
            trump = get("trump")
            if trump is None:
                if self.trump_required and "trump" not in raw:
                    return self.checked(raw, n)
            elif trump not in SUITS:
                return self.checked(raw, n)
        try:
            tricks = self.known_tricks[_marshal(get("tricks"), 0)]
            honours = None
            raw_honours = get("honours")
            if raw_honours is not None:
                honours = self.known_honours[_marshal(raw_honours, 0)]
                if honours is None:
                    return self.checked(raw, n)
        except ValueError:  # not a value JSON can hold
            return self.checked(raw, n)
        if tricks is None:
            return self.checked(raw, n)
        special = None
        if self.special_suit:
            special = get("special_suit")
            if special is not None and special not in SUITS:
                return self.checked(raw, n)
        # Deal's fields in order (see checked())
        return _new_tuple(
            Deal,
            (
                n,
                dealer,
                None,
                trump,
                tricks,
                honours,
                None,
                (),
                special,
                None,
                1,
                None,
                (),
                (),
                None,
                False,
            ),
        )

    def plain_held(self, raw: object) -> dict[str, int] | None:
        """Plain honours held by some (not ALL_HONOURS): what checked() makes of them, or None."""
        size, kind = self.size, self.plain_honours
        held: dict[str, int] | None = None
        if kind == HELD_HONOURS:  # each played hand's (Prussian), at most the whole set
            held = good_counts(raw, self.preset.sides, None, size)
        elif kind == CLAIMED_HONOURS:  # only the claiming players' (Hussar), likewise
            seats = self.preset.seats
            if type(raw) is dict:
                if len(raw) == len(seats):  # every player's: good_counts finds each seat
                    held = good_counts(raw, seats, None, size)
                elif raw and raw.keys() <= self.seat_set:
                    held = good_counts(raw, tuple([s for s in seats if s in raw]), None, size)
        if held is None or sum(held.values()) > size:
            return None
        return held

    def checked(self, raw: object, n: int) -> Deal:
        """Check one deal (number ``n``); raise RecordError naming the first field at fault.

        The fields are read and checked in a fixed order, so that the error a bad deal gets does
        not depend on how it was written. A field the variant never uses (``forbidden``) is
        read only to reject it: once the key check has passed, it is absent or null.
        """
        preset = self.preset
        if type(raw) is not dict and not isinstance(raw, Mapping):
            raise _fail("must be an object", n, code="object")
        if not raw.keys() <= self.usual:  # cheaper than the set difference when all is well
            for key in raw.keys() - self.usual:
                if key not in DEAL_KEYS:
                    raise _fail("unknown field", n, str(key), code="unknown-field")
                if raw[key] is not None:
                    raise _fail(f"is not used {self.forbidden[key]}", n, key, code="not-used")
        get = raw.get
        dealer = get("dealer")
        if dealer is not None and dealer not in preset.seats:
            raise _fail(
                f"must be one of {', '.join(preset.seats)}, got {dealer!r}",
                n,
                "dealer",
                code="seat",
                seats=preset.seats,
                value=dealer,
            )
        note = get("note")
        if note is not None:
            note = checked_text(note, NOTE_MAX, "note", n, lines=True)
        void = get("void")
        if void is not None:
            return self.void(raw, n, dealer, void, note)

        # trump
        trump: str | None = None
        if self.has_trump:
            if self.trump_required and "trump" not in raw:
                raise _fail(
                    "is required in special-suit (null for no trump)", n, "trump", code="trump"
                )
            trump = get("trump")
            if trump is not None and trump not in SUITS:
                self.suit(trump, n, "trump")

        # contract (Progulochny)
        contract: Contract | None = None
        multiplier = 1
        if self.bidding:
            contract = self.contract(get("contract"), n)
            if dealer is not None and side_of(preset, dealer) != contract.side:
                raise _fail(
                    f"the declaring side must be the dealer's side ({side_of(preset, dealer)})",
                    n,
                    "contract",
                    code="declarer",
                    side=side_of(preset, dealer),
                )
            doubling = get("doubling")
            if doubling is None:
                doubling = "none"
            if doubling not in DOUBLING_NAMES:
                raise _fail(
                    f"must be none, contra or recontra, got {doubling!r}",
                    n,
                    "doubling",
                    code="choice",
                    choices=DOUBLING_NAMES,
                    value=doubling,
                )
            multiplier = DOUBLING[doubling]

        # called (english-long)
        called = get("called") if self.calls else None
        if called is not None and called not in preset.sides:
            raise _fail(
                f"must be one of {', '.join(preset.sides)}, got {called!r}",
                n,
                "called",
                code="seat",
                seats=preset.sides,
                value=called,
            )

        # honours (none claimed when left out)
        raw_honours = get("honours")
        honours: dict[str, int] | None = None
        if raw_honours is None:
            pass
        elif self.honours_always:
            size = self.size
            honours = self.counts(
                raw_honours, self.honour_keys, n, "honours", total=size, upto=size
            )
        else:
            honours = self.honours(raw_honours, contract, n)

        call_won = False
        if called is not None:
            if honours is None:
                raise _fail("is required when a side calls honours", n, "honours", code="required")
            call_won = self.rules.honour_values.get(honours[called], 0) > 0

        # tricks
        tricks: dict[str, int] | None = None
        raw_tricks = get("tricks")
        if raw_tricks is None:
            if called is not None and not call_won:
                raise _fail(
                    "is required: the call scored nothing, so the deal is played",
                    n,
                    "tricks",
                    code="call-played",
                )
            if not call_won:
                raise _fail("is required", n, "tricks", code="required")
        else:
            tricks = self.counts(raw_tricks, preset.sides, n, "tricks", total=13, upto=13)

        first_six: dict[str, int] | None = None
        if contract is not None and contract.game == "grand-null":
            assert tricks is not None
            first_six = self.first_six(get("first_six"), tricks, n)
        elif self.bidding and get("first_six") is not None:
            raise _fail(
                "is used only with a grand-null contract", n, "first_six", code="grand-null-only"
            )

        revokes: tuple[Revoke, ...] = ()
        redealt = False
        raw_revokes = get("revokes")
        if raw_revokes is not None:
            revokes = self.revokes(raw_revokes, tricks, call_won, n)
            redealt = self.redeal_on_both and len({r.side for r in revokes}) > 1

        special = get("special_suit") if self.special_suit else None
        if special is not None and special not in SUITS:
            self.suit(special, n, "special_suit")

        trumps_named: tuple[str, ...] = ()
        named = get("trumps_named") if self.trumps_named else None
        if named is not None:
            if not isinstance(named, list) or len(named) > 6:
                raise _fail(
                    "must be a list of at most six suits", n, "trumps_named", code="suit-list"
                )
            trumps_named = tuple(self.suit(s, n, "trumps_named") for s in named)

        exchanged: tuple[str, ...] = ()
        swapped = get("exchanged") if self.exchanges else None
        if swapped is not None:
            if (
                not isinstance(swapped, list)
                or any(s not in preset.seats for s in swapped)
                or len(set(swapped)) != len(swapped)
            ):
                raise _fail(
                    "must be a list of the seats N and/or S", n, "exchanged", code="seat-list"
                )
            exchanged = tuple(swapped)

        # Deal's fields in order, without the named tuple's keyword-taking __new__ (twice as
        # fast, once per deal)
        return _new_tuple(
            Deal,
            (
                n,
                dealer,
                None,  # void
                trump,
                tricks,
                honours,
                called,
                revokes,
                special,
                contract,
                multiplier,
                first_six,
                trumps_named,
                exchanged,
                note,
                redealt,
            ),
        )

    def void(
        self, raw: Mapping[str, Any], n: int, dealer: str | None, void: object, note: str | None
    ) -> Deal:
        """A misdeal or a redeal: it takes only the dealer and a note."""
        if void not in VOID_KINDS:
            raise _fail(
                f"must be 'misdeal' or 'redeal', got {void!r}",
                n,
                "void",
                code="choice",
                choices=VOID_KINDS,
                value=void,
            )
        for key, value in raw.items():
            if key not in ("dealer", "note", "void") and value is not None:
                raise _fail(
                    f"a void deal ({void}) takes only dealer and note",
                    n,
                    key,
                    code="void-only",
                    void=void,
                )
        return Deal(
            n,
            dealer,
            str(void),
            None,
            None,
            None,
            None,
            (),
            None,
            None,
            1,
            None,
            (),
            (),
            note,
            False,
        )

    def parse_all(self, raw_deals: list[Any]) -> tuple[Deal, ...]:
        """Check every deal of a record, numbered from 1, each different deal only once.

        A long record repeats the same few deals, and a deal's check depends on nothing but
        its fields. marshal's bytes name a deal's fields exactly, down to the type of every
        value (``1``, ``1.0`` and ``true`` differ), so a deal whose bytes were seen before is
        the deal checked then, under its own number; such deals share their dicts, which
        nothing changes. A deal marshal cannot write is checked on its own. When deals rarely
        repeat (Hussar's twelve counts), the bytes cost more than they save: they are left off.
        """
        parse, dumps = self.parse, marshal.dumps
        known: dict[bytes, tuple[Any, ...]] = {}
        deals: list[Deal] = []
        n = 0
        for n, raw in enumerate(raw_deals, start=1):
            try:
                key = dumps(raw, 0)  # version 0: no references, whatever the objects' identity
            except ValueError:
                deals.append(parse(raw, n))
                continue
            fields = known.get(key)
            if fields is not None:
                deals.append(_new_tuple(Deal, (n,) + fields))
                continue
            deal = parse(raw, n)
            known[key] = deal[1:]
            deals.append(deal)
            if n >= 1000 and len(known) > n * 0.8:  # nearly all different: no more bytes
                break
        deals += [parse(raw, i) for i, raw in enumerate(raw_deals[n:], start=n + 1)]
        return tuple(deals)

    def contract(self, raw: object, n: int) -> Contract:
        sides = self.preset.sides
        if raw is None:
            raise _fail("is required in progulochny", n, "contract", code="required")
        if not isinstance(raw, Mapping):
            raise _fail(
                "must be an object with side and game",
                n,
                "contract",
                code="keys",
                keys=("side", "game"),
            )
        for key in raw:
            if key not in ("side", "game", "trump"):
                raise _fail(f"unknown key {key!r}", n, "contract", code="contract-key", name=key)
        side, game, trump = raw.get("side"), raw.get("game"), raw.get("trump")
        if side not in sides:
            raise _fail(
                f"side must be one of {', '.join(sides)}, got {side!r}",
                n,
                "contract",
                code="contract-side",
                seats=sides,
                value=side,
            )
        if game not in GAMES:
            raise _fail(
                f"game must be one of {', '.join(GAMES)}, got {game!r}",
                n,
                "contract",
                code="contract-game",
                choices=GAMES,
                value=game,
            )
        if game == "trump":
            if trump not in SUITS:
                raise _fail(
                    f"a trump game needs trump S, H, D or C, got {trump!r}",
                    n,
                    "contract",
                    code="contract-trump",
                    value=trump,
                )
        elif trump is not None:
            raise _fail(
                f"a {game} game has no trump", n, "contract", code="contract-no-trump", game=game
            )
        return Contract(str(side), str(game), trump if trump is None else str(trump))

    def honours(self, raw: object, contract: Contract | None, n: int) -> dict[str, int] | None:
        rules, preset = self.rules, self.preset
        scored = rules.honour_set != "none" and (contract is None or contract.game == "trump")
        if not scored:
            if raw is not None:
                if contract is not None and rules.honour_set != "none":
                    raise _fail(
                        f"is not used in a {contract.game} contract",
                        n,
                        "honours",
                        code="honours-game",
                        game=contract.game,
                    )
                raise _fail(
                    f"is not used when the honour set is 'none' in {preset.key}",
                    n,
                    "honours",
                    code="honours-none",
                )
            return None
        if raw is None:
            return None  # no honours claimed: nothing is written for them (the laws: lost)
        size = rules.honour_size
        if preset.family == HUSSAR:
            return self.claims(raw, n, size)
        if preset.honours_by_hand:
            counts = self.counts(raw, preset.sides, n, "honours", total=None, upto=size)
            if sum(counts.values()) > size:
                raise _fail(
                    f"the two played hands hold at most {size} honours, got {sum(counts.values())}",
                    n,
                    "honours",
                    code="honours-max",
                    size=size,
                    got=sum(counts.values()),
                )
            return counts
        return self.counts(raw, self.honour_keys, n, "honours", total=size, upto=size)

    def claims(self, raw: object, n: int, size: int) -> dict[str, int]:
        """Hussar: the honours of the players who claim them, at most the whole set together."""
        seats = self.preset.seats
        if not isinstance(raw, Mapping) or not raw or any(k not in seats for k in raw):
            raise _fail(
                f"must name the players who claim honours ({', '.join(seats)})",
                n,
                "honours",
                code="claimants",
                seats=seats,
            )
        claiming = tuple(k for k in seats if k in raw)
        counts = self.counts(raw, claiming, n, "honours", total=None, upto=size)
        if sum(counts.values()) > size:
            raise _fail(
                f"the players hold at most {size} honours, got {sum(counts.values())}",
                n,
                "honours",
                code="claims-max",
                size=size,
                got=sum(counts.values()),
            )
        return counts

    def first_six(self, raw: object, tricks: Mapping[str, int], n: int) -> dict[str, int]:
        sides = self.preset.sides
        if raw is None:
            raise _fail(
                "is required for a grand-null contract (tricks among the first six)",
                n,
                "first_six",
                code="first-six-required",
            )
        if not isinstance(raw, Mapping) or not raw or any(k not in sides for k in raw):
            raise _fail(
                f"must be an object naming {' and/or '.join(sides)}",
                n,
                "first_six",
                code="first-six-sides",
                seats=sides,
            )
        for side, count in raw.items():
            if not is_int(count) or not 0 <= count <= 6:
                raise _fail(
                    f"{side} must be a whole number from 0 to 6, got {count!r}",
                    n,
                    "first_six",
                    code="count",
                    key=side,
                    upto=6,
                    value=count,
                )
        a, b = sides
        if len(raw) == 2 and raw[a] + raw[b] != 6:
            raise _fail(
                f"must add up to 6, got {raw[a]} + {raw[b]}",
                n,
                "first_six",
                code="sum",
                total=6,
                got=raw[a] + raw[b],
            )
        result = {a: raw[a], b: 6 - raw[a]} if a in raw else {a: 6 - raw[b], b: raw[b]}
        # The side the record names first: its counts are the ones the scorer gave (the
        # declarers' on the deal form), the other side's only follow from them
        for side in sorted(sides, key=lambda s: s not in raw):
            last_seven = tricks[side] - result[side]
            if not 0 <= last_seven <= 7:
                raise _fail(
                    f"{side} took {result[side]} of the first six but {tricks[side]} tricks in all",
                    n,
                    "first_six",
                    code="first-six-tricks",
                    side=side,
                    first=result[side],
                    tricks=tricks[side],
                )
        return result

    def revokes(
        self, raw: object, tricks: Mapping[str, int] | None, call_won: bool, n: int
    ) -> tuple[Revoke, ...]:
        rules, preset = self.rules, self.preset
        if raw is None:
            return ()
        if not isinstance(raw, list):
            raise _fail("must be a list of {seat, penalty}", n, "revokes", code="revoke-list")
        if raw and call_won:
            raise _fail(
                "a deal won by calling honours is not played, so it has no revokes",
                n,
                "revokes",
                code="revoke-call",
            )
        result = []
        left = dict(tricks or {})
        for item in raw:
            if not isinstance(item, Mapping) or set(item) - {"seat", "penalty"}:
                raise _fail(
                    "each revoke is an object {seat, penalty}", n, "revokes", code="revoke-list"
                )
            seat = item.get("seat")
            if seat not in preset.seats:
                raise _fail(
                    f"seat must be one of {', '.join(preset.seats)}, got {seat!r}",
                    n,
                    "revokes",
                    code="seat",
                    seats=preset.seats,
                    value=seat,
                )
            if seat == self.dummy:
                raise _fail(
                    f"the dummy ({seat}) is not liable to revoke penalties",
                    n,
                    "revokes",
                    code="dummy-revoke",
                    seat=seat,
                )
            penalty = item.get("penalty")
            if penalty is None:
                penalty = rules.revoke_default
            if penalty not in PENALTIES:
                raise _fail(
                    f"penalty must be one of {', '.join(PENALTIES)}, got {penalty!r}",
                    n,
                    "revokes",
                    code="choice",
                    choices=PENALTIES,
                    value=penalty,
                )
            if preset.only_add and penalty != "add":
                raise _fail(
                    f"{preset.key} accepts only the 'add' penalty, got {penalty!r}",
                    n,
                    "revokes",
                    code="only-add",
                )
            side = side_of(preset, str(seat))
            if penalty == "tricks":
                if left.get(side, 0) < 3:
                    raise _fail(
                        "the 'tricks' penalty needs the revoking side to hold 3 tricks "
                        f"({side} has {left.get(side, 0)})",
                        n,
                        "revokes",
                        code="tricks-penalty",
                        side=side,
                        has=left.get(side, 0),
                    )
                left[side] -= 3
                other = next(s for s in preset.sides if s != side)
                left[other] += 3
            result.append(Revoke(str(seat), side, str(penalty)))
        return tuple(result)
