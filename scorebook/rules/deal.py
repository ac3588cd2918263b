"""One deal of a record (docs/record-format.md, Deals): its fields checked against the
variant, a plain deal at once, anything else field by field."""

from __future__ import annotations

import marshal
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from .bidding import bid, check_first_six, doubling_multiplier
from .checks import NOTE_MAX, _fail, checked_text
from .counts import KnownCounts, check_counts, good_counts
from .honours import check_honours
from .model import DEAL_KEYS, SUITS, VOID_KINDS, Contract, Deal, Revoke, Rules
from .penalties import check_revokes
from .presets import HUSSAR, OPTIONAL, PRESETS, PROGULOCHNY, DealEntry, Preset

# How _DealParser.parse() checks a plain deal's honours
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


def _forbidden(preset: Preset) -> dict[str, str]:
    """The fields this variant never uses, with the reason shown when one is present."""
    where = f"in {preset.key}"
    forbidden: dict[str, str] = {}
    if not preset.trump:
        extra = " (the trump is contract.trump)" if preset.entry.contract else ""
        forbidden["trump"] = where + extra
    for key in ENTRY_FIELDS:
        if not _entry_asks(preset.entry, key):
            forbidden[key] = f"{where} (only in {USED_IN[key]})"
    return forbidden


def check_suit(value: object, n: int, field: str) -> str:
    if value not in SUITS:
        raise _fail(f"must be one of S, H, D, C, got {value!r}", n, field, code="suit")
    return str(value)


class _DealParser:
    """Checks one deal's fields against the variant; holds what every deal needs."""

    def __init__(self, rules: Rules, dummy: str | None) -> None:
        self.rules = rules
        self.preset = rules.preset
        self.dummy = dummy
        preset = rules.preset
        self.forbidden = forbidden = _forbidden(preset)
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
        self.trump_required = self.has_trump and preset.scoring.trump_in_record
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
        self.seat_set = frozenset(preset.seats)
        self.plain_setup()

    # -- a plain deal, checked at once ------------------------------------------------------

    def plain_setup(self) -> None:
        """What parse() needs: the plain deal's fields, how it checks their honours, and the
        tricks and honours it has checked so far."""
        # The plain deal, which parse() checks at once: the dealer, tricks, honours, and the
        # trump and special suit where the variant has them. Not Progulochny's: its contract
        # decides everything else.
        self.plain_keys: frozenset[str] = frozenset()
        if not self.bidding:
            self.plain_keys = frozenset({"dealer", "tricks", "honours"}) | (
                self.usual & {"trump", "special_suit"}
            )
        self.plain_honours = NO_HONOURS
        if self.honours_always:
            self.plain_honours = ALL_HONOURS
        elif self.size > 0 and self.preset.family == HUSSAR:
            self.plain_honours = CLAIMED_HONOURS
        elif self.size > 0 and self.preset.honours_by_hand:
            self.plain_honours = HELD_HONOURS
        # A plain deal's tricks and honours, checked once for each different value (see parse())
        sides = self.preset.sides
        self.known_tricks = KnownCounts(lambda value: good_counts(value, sides, 13, 13))
        if self.plain_honours == ALL_HONOURS:
            keys, size = self.honour_keys, self.size
            self.known_honours = KnownCounts(lambda value: good_counts(value, keys, size, size))
        else:
            self.known_honours = KnownCounts(self.plain_held)

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
        # No trump is None, taken unless the variant requires the key; a variant without a
        # trump has no "trump" among plain_keys (and trump_required is false), so None here.
        trump = get("trump")
        if trump not in SUITS and (trump is not None or self.trump_required and "trump" not in raw):
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

    # -- any deal, field by field -----------------------------------------------------------

    def checked(self, raw: object, n: int) -> Deal:
        """Check one deal (number ``n``); raise RecordError naming the first field at fault.

        The fields are read and checked in a fixed order, so that the error a bad deal gets does
        not depend on how it was written. A field the variant never uses (``forbidden``) is
        read only to reject it: once the key check has passed, it is absent or null.
        """
        deal = self.fields(raw, n)
        get = deal.get
        dealer = self.dealer(get("dealer"), n)
        note = get("note")
        if note is not None:
            note = checked_text(note, NOTE_MAX, "note", n, lines=True)
        void = get("void")
        if void is not None:
            return self.void(deal, n, dealer, void, note)
        trump = self.trump(deal, n)
        contract: Contract | None = None
        multiplier = 1
        if self.bidding:  # Progulochny
            contract = bid(self.preset, get, dealer, n)
            multiplier = doubling_multiplier(get("doubling"), n)
        called = self.called(get("called") if self.calls else None, n)
        honours = self.honours(get("honours"), contract, n)
        call_won = self.call_won(called, honours, n)
        tricks = self.tricks(get("tricks"), called, call_won, n)
        first_six = self.first_six(get("first_six"), contract, tricks, n)
        revokes: tuple[Revoke, ...] = ()
        redealt = False
        raw_revokes = get("revokes")
        if raw_revokes is not None:
            revokes = check_revokes(self.rules, self.dummy, raw_revokes, tricks, call_won, n)
            redealt = self.redeal_on_both and len({r.side for r in revokes}) > 1
        special = get("special_suit") if self.special_suit else None
        if special is not None and special not in SUITS:
            check_suit(special, n, "special_suit")
        named = self.named_trumps(get("trumps_named") if self.trumps_named else None, n)
        exchanged = self.exchanged(get("exchanged") if self.exchanges else None, n)
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
                named,
                exchanged,
                note,
                redealt,
            ),
        )

    def fields(self, raw: object, n: int) -> Mapping[str, Any]:
        """The deal as an object of known fields, those the variant never uses absent or null."""
        if type(raw) is not dict and not isinstance(raw, Mapping):
            raise _fail("must be an object", n, code="object")
        if not raw.keys() <= self.usual:  # cheaper than the set difference when all is well
            for key in raw.keys() - self.usual:
                if key not in DEAL_KEYS:
                    raise _fail("unknown field", n, str(key), code="unknown-field")
                if raw[key] is not None:
                    raise _fail(f"is not used {self.forbidden[key]}", n, key, code="not-used")
        return raw

    def dealer(self, dealer: object, n: int) -> str | None:
        """The seat that dealt, when the deal names it (the rotation is checked later)."""
        seats = self.preset.seats
        if dealer is not None and dealer not in seats:
            raise _fail(
                f"must be one of {', '.join(seats)}, got {dealer!r}",
                n,
                "dealer",
                code="seat",
                seats=seats,
                value=dealer,
            )
        return dealer

    def trump(self, deal: Mapping[str, Any], n: int) -> str | None:
        """The turned-up trump (None: no trump), where the variant has one."""
        trump: str | None = None
        if self.has_trump:
            if self.trump_required and "trump" not in deal:
                raise _fail(
                    "is required in special-suit (null for no trump)", n, "trump", code="trump"
                )
            trump = deal.get("trump")
            if trump is not None and trump not in SUITS:
                check_suit(trump, n, "trump")
        return trump

    def called(self, called: object, n: int) -> str | None:
        """The side that calls honours (english-long)."""
        sides = self.preset.sides
        if called is not None and called not in sides:
            raise _fail(
                f"must be one of {', '.join(sides)}, got {called!r}",
                n,
                "called",
                code="seat",
                seats=sides,
                value=called,
            )
        return called

    def honours(self, raw: object, contract: Contract | None, n: int) -> dict[str, int] | None:
        """The honours held (none claimed when left out)."""
        if raw is None:
            return None
        if self.honours_always:
            size = self.size
            return check_counts(raw, self.honour_keys, n, "honours", total=size, upto=size)
        return check_honours(self.rules, self.honour_keys, raw, contract, n)

    def call_won(self, called: str | None, honours: Mapping[str, int] | None, n: int) -> bool:
        """Whether the side that called honours scored them (the deal is then not played)."""
        if called is None:
            return False
        if honours is None:
            raise _fail("is required when a side calls honours", n, "honours", code="required")
        return self.rules.honour_values.get(honours[called], 0) > 0

    def tricks(
        self, raw: object, called: str | None, call_won: bool, n: int
    ) -> dict[str, int] | None:
        """The tricks each side took: always, unless a call of honours won (not played)."""
        if raw is None:
            if called is not None and not call_won:
                raise _fail(
                    "is required: the call scored nothing, so the deal is played",
                    n,
                    "tricks",
                    code="call-played",
                )
            if not call_won:
                raise _fail("is required", n, "tricks", code="required")
            return None
        return check_counts(raw, self.preset.sides, n, "tricks", total=13, upto=13)

    def first_six(
        self, raw: object, contract: Contract | None, tricks: Mapping[str, int] | None, n: int
    ) -> dict[str, int] | None:
        """A Gran-Null's tricks among the first six (Progulochny)."""
        if contract is not None and contract.game == "grand-null":
            assert tricks is not None
            return check_first_six(self.preset.sides, raw, tricks, n)
        if self.bidding and raw is not None:
            raise _fail(
                "is used only with a grand-null contract", n, "first_six", code="grand-null-only"
            )
        return None

    def named_trumps(self, named: object, n: int) -> tuple[str, ...]:
        """The suits named trumps during the deal, in order (Flying Duck, kept for the log)."""
        if named is None:
            return ()
        if not isinstance(named, list) or len(named) > 6:
            raise _fail("must be a list of at most six suits", n, "trumps_named", code="suit-list")
        return tuple(check_suit(s, n, "trumps_named") for s in named)

    def exchanged(self, swapped: object, n: int) -> tuple[str, ...]:
        """The players who exchanged their packet (Prussian, kept for the log)."""
        if swapped is None:
            return ()
        if (
            not isinstance(swapped, list)
            or any(s not in self.preset.seats for s in swapped)
            or len(set(swapped)) != len(swapped)
        ):
            raise _fail("must be a list of the seats N and/or S", n, "exchanged", code="seat-list")
        return tuple(swapped)

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
