"""Invalid records (docs/record-format.md, docs/rules.md options, docs/rules-decisions.md): each
raises RecordError naming the deal (1-based, or None for the record itself) and the field."""

import pytest

from scorebook.rules import parse_record

from .helpers import RecordError, deal, gdeal, hdeal, pdeal, record, rv, score

H22 = (2, 2)
OK_RU = deal(7, 6, (3, 2))


def ru(*deals, options=None, **kw):
    return record("russian", list(deals) or [OK_RU], options, **kw)


def with_(rec, **top):
    rec = dict(rec)
    for key, value in top.items():
        if value is DELETE:
            rec.pop(key, None)
        else:
            rec[key] = value
    return rec


DELETE = object()


def opt(variant, options, deals=None):
    defaults = {
        "english-short": [deal(7, 6, H22)],
        "english-long": [deal(7, 6, H22)],
        "russian": [OK_RU],
        "special-suit": [deal(7, 6, (3, 2), trump="S", special_suit="S")],
        "anfilada": [OK_RU],
        "eralash": [deal(7, 6, H22)],
        "prussian": [pdeal(7, 6, (1, 1))],
        "hussar": [hdeal((4, 3, 3, 3), (2, 2, 1, 0))],
        "flying-duck": [deal(7, 6)],
        "progulochny": [gdeal("NS", "grand", 7)],
    }
    return record(variant, deals or defaults[variant], options)


AT_EIGHT_LONG = [deal(13, 0, H22), deal(7, 6, H22)]  # english-long: NS at 8

CASES = [
    # ---- the record itself
    ("format", with_(ru(), format="whist-record/2"), None, "format"),
    ("unknown-variant", with_(ru(), variant="bridge"), None, "variant"),
    ("unknown-record-key", with_(ru(), scores={}), None, "scores"),
    ("options-not-object", with_(ru(), options=[]), None, "options"),
    ("players-missing-seat", with_(ru(), players={"N": "a", "E": "b", "S": "c"}), None, "players"),
    (
        "players-extra-seat",
        with_(ru(), players={"N": "a", "E": "b", "S": "c", "W": "d", "X": "e"}),
        None,
        "players",
    ),
    (
        "prussian-players-four-seats",
        record("prussian", [pdeal(7, 6, (1, 1))], players={"N": "a", "E": "b", "S": "c", "W": "d"}),
        None,
        "players",
    ),
    (
        "prussian-players-east",
        record("prussian", [pdeal(7, 6, (1, 1))], players={"N": "a", "E": "b"}),
        None,
        "players",
    ),
    (
        "dummy-in-prussian",
        record("prussian", [pdeal(7, 6, (1, 1))], dummy="S", players={"N": "a", "S": None}),
        None,
        "dummy",
    ),
    (
        "dummy-in-hussar",
        record("hussar", [hdeal((4, 3, 3, 3), (2, 2, 1, 0))], dummy="W"),
        None,
        "dummy",
    ),
    ("dummy-bad-seat", with_(ru(), dummy="X"), None, "dummy"),
    # ---- options (§7, §8a.15)
    ("unknown-option", opt("russian", {"foo": 1}), None, "options.foo"),
    (
        "treble-in-long-on-russian",
        opt("russian", {"trebleInLong": True}),
        None,
        "options.trebleInLong",
    ),
    (
        "treble-in-long-on-short",
        opt("english-short", {"trebleInLong": True}),
        None,
        "options.trebleInLong",
    ),
    (
        "special-suit-key-on-russian",
        opt("russian", {"specialSuit.drawn": "perGame"}),
        None,
        "options.specialSuit.drawn",
    ),
    (
        "double-penalties-on-english",
        opt("english-short", {"specialSuit.doublePenalties": True}),
        None,
        "options.specialSuit.doublePenalties",
    ),
    (
        "carry-on-russian",
        opt("russian", {"anfilada.carryAcrossRubbers": True}),
        None,
        "options.anfilada.carryAcrossRubbers",
    ),
    (
        "aces-per-player-on-russian",
        opt("russian", {"eralash.acesPerPlayer": True}),
        None,
        "options.eralash.acesPerPlayer",
    ),
    (
        "overtricks-on-russian",
        opt("russian", {"overtricksMultiplied": False}),
        None,
        "options.overtricksMultiplied",
    ),
    (
        "fail-premium-on-hussar",
        opt("hussar", {"failPremium": "undertricks"}),
        None,
        "options.failPremium",
    ),
    ("book-on-progulochny", opt("progulochny", {"book": 6}), None, "options.book"),
    (
        "points-per-trick-on-progulochny",
        opt("progulochny", {"pointsPerOddTrick": 1}),
        None,
        "options.pointsPerOddTrick",
    ),
    ("game-target-zero", opt("russian", {"gameTarget": 0}), None, "options.gameTarget"),
    ("game-target-negative", opt("english-short", {"gameTarget": -5}), None, "options.gameTarget"),
    ("game-target-string", opt("russian", {"gameTarget": "10"}), None, "options.gameTarget"),
    ("game-target-bool", opt("russian", {"gameTarget": True}), None, "options.gameTarget"),
    ("game-target-float", opt("russian", {"gameTarget": 10.5}), None, "options.gameTarget"),
    ("book-5", opt("russian", {"book": 5}), None, "options.book"),
    ("book-13", opt("russian", {"book": 13}), None, "options.book"),
    ("hussar-book-13", opt("hussar", {"book": 13}), None, "options.book"),
    ("hussar-book-negative", opt("hussar", {"book": -1}), None, "options.book"),
    (
        "points-per-trick-zero",
        opt("russian", {"pointsPerOddTrick": 0}),
        None,
        "options.pointsPerOddTrick",
    ),
    (
        "honour-set-aces-on-russian",
        opt("russian", {"honourSet": "aces"}),
        None,
        "options.honourSet",
    ),
    (
        "honour-set-akqj-on-eralash",
        opt("eralash", {"honourSet": "AKQJ"}),
        None,
        "options.honourSet",
    ),
    ("honour-set-unknown", opt("english-short", {"honourSet": "AKQ"}), None, "options.honourSet"),
    ("honours-by-unknown", opt("russian", {"honoursBy": "stolen"}), None, "options.honoursBy"),
    (
        "revoke-default-unknown",
        opt("russian", {"revoke.default": "forfeit"}),
        None,
        "options.revoke.default",
    ),
    (
        "revoke-default-deduct-on-hussar",
        opt("hussar", {"revoke.default": "deduct"}),
        None,
        "options.revoke.default",
    ),
    (
        "revoke-default-tricks-on-progulochny",
        opt("progulochny", {"revoke.default": "tricks"}),
        None,
        "options.revoke.default",
    ),
    ("both-revoke-unknown", opt("russian", {"bothRevoke": "maybe"}), None, "options.bothRevoke"),
    (
        "special-drawn-unknown",
        opt("special-suit", {"specialSuit.drawn": "perDeal"}),
        None,
        "options.specialSuit.drawn",
    ),
    (
        "dummy-settlement-unknown",
        opt("russian", {"dummySettlement": "half"}),
        None,
        "options.dummySettlement",
    ),
    (
        "fail-premium-unknown",
        opt("progulochny", {"failPremium": "all"}),
        None,
        "options.failPremium",
    ),
    (
        "treble-in-long-string",
        opt("english-long", {"trebleInLong": "yes"}),
        None,
        "options.trebleInLong",
    ),
    (
        "aces-per-player-string",
        opt("eralash", {"eralash.acesPerPlayer": 1}),
        None,
        "options.eralash.acesPerPlayer",
    ),
    # ---- tricks
    ("tricks-sum-12", ru(deal(7, 5, (3, 2))), 1, "tricks"),
    ("tricks-sum-14-second-deal", ru(OK_RU, deal(8, 6, (3, 2))), 2, "tricks"),
    ("tricks-negative", ru(deal(-1, 14, (3, 2))), 1, "tricks"),
    ("tricks-bool", ru(deal(True, 12, (3, 2))), 1, "tricks"),
    ("tricks-string", ru(deal("7", 6, (3, 2))), 1, "tricks"),
    ("tricks-float", ru(deal(6.5, 6.5, (3, 2))), 1, "tricks"),
    (
        "tricks-wrong-sides",
        ru({"tricks": {"N": 7, "E": 6}, "honours": {"NS": 3, "EW": 2}}),
        1,
        "tricks",
    ),
    ("tricks-missing", ru(deal(hon=(3, 2))), 1, "tricks"),
    ("hussar-tricks-sum-12", record("hussar", [hdeal((4, 3, 3, 2), (2, 2, 1, 0))]), 1, "tricks"),
    (
        "prussian-tricks-partnership-sides",
        record("prussian", [{"tricks": {"NS": 7, "EW": 6}, "honours": {"N": 1, "S": 1}}]),
        1,
        "tricks",
    ),
    # ---- honours
    ("honours-sum-4-russian", ru(deal(7, 6, (2, 2))), 1, "honours"),
    ("honours-sum-5-english", record("english-short", [deal(7, 6, (3, 2))]), 1, "honours"),
    ("honours-negative", ru(deal(7, 6, (-1, 6))), 1, "honours"),
    ("honours-bool", ru(deal(7, 6, (True, 4))), 1, "honours"),
    ("honours-in-flying-duck", record("flying-duck", [deal(7, 6, (3, 2))]), 1, "honours"),
    (
        "honours-when-set-is-none",
        record("russian", [deal(7, 6, (3, 2))], {"honourSet": "none"}),
        1,
        "honours",
    ),
    ("hussar-honours-sum-6", record("hussar", [hdeal((4, 3, 3, 3), (3, 3, 0, 0))]), 1, "honours"),
    (
        "hussar-honours-claim-sum-6",
        record("hussar", [hdeal((4, 3, 3, 3), honours={"N": 3, "W": 3})]),
        1,
        "honours",
    ),
    (
        "hussar-honours-unknown-seat",
        record("hussar", [hdeal((4, 3, 3, 3), honours={"X": 3})]),
        1,
        "honours",
    ),
    ("hussar-honours-empty", record("hussar", [hdeal((4, 3, 3, 3), honours={})]), 1, "honours"),
    (
        "hussar-honours-over-the-set",
        record("hussar", [hdeal((4, 3, 3, 3), honours={"E": 6})]),
        1,
        "honours",
    ),
    (
        "hussar-honours-when-off",
        record("hussar", [hdeal((4, 3, 3, 3), (2, 2, 1, 0))], {"honourSet": "none"}),
        1,
        "honours",
    ),
    ("prussian-honours-sum-5", record("prussian", [pdeal(7, 6, (3, 2))]), 1, "honours"),
    (
        "prussian-honours-of-one-hand",
        record("prussian", [pdeal(7, 6, honours={"N": 3})]),
        1,
        "honours",
    ),
    ("eralash-aces-sum-5", record("eralash", [deal(7, 6, (3, 2))]), 1, "honours"),
    (
        "eralash-aces-by-side-when-per-player",
        record("eralash", [deal(7, 6, (3, 1))], {"eralash.acesPerPlayer": True}),
        1,
        "honours",
    ),
    (
        "grand-with-honours",
        record("progulochny", [gdeal("NS", "grand", 7, hon=(3, 2))]),
        1,
        "honours",
    ),
    (
        "null-with-honours",
        record("progulochny", [gdeal("NS", "null", 5, hon=(3, 2))]),
        1,
        "honours",
    ),
    ("prussian-honours-sum-5", record("prussian", [pdeal(7, 6, (3, 2))]), 1, "honours"),
    (
        "prussian-honours-of-one-hand",
        record("prussian", [pdeal(7, 6, honours={"N": 3})]),
        1,
        "honours",
    ),
    # ---- dealer rotation (§8a.2)
    (
        "dealer-skips-a-seat",
        ru(deal(7, 6, (3, 2), dealer="N"), deal(7, 6, (3, 2), dealer="S")),
        2,
        "dealer",
    ),
    ("dealer-unknown-seat", ru(deal(7, 6, (3, 2), dealer="X")), 1, "dealer"),
    (
        "dealer-after-misdeal-is-next-seat",
        ru({"dealer": "N", "void": "misdeal"}, deal(7, 6, (3, 2), dealer="N")),
        2,
        "dealer",
    ),
    (
        "dealer-after-redeal-is-same-seat",
        ru({"dealer": "N", "void": "redeal"}, deal(7, 6, (3, 2), dealer="E")),
        2,
        "dealer",
    ),
    ("prussian-dealer-east", record("prussian", [pdeal(7, 6, (1, 1), dealer="E")]), 1, "dealer"),
    (
        "prussian-dealer-repeats",
        record("prussian", [pdeal(7, 6, (1, 1), dealer="N"), pdeal(7, 6, (1, 1), dealer="N")]),
        2,
        "dealer",
    ),
    (
        "dealer-skips-the-dummy-seat",
        record(
            "russian", [deal(7, 6, (3, 2), dealer="S"), deal(7, 6, (3, 2), dealer="N")], dummy="W"
        ),
        2,
        "dealer",
    ),
    # ---- void deals
    ("void-unknown-kind", ru({"void": "lost"}), 1, "void"),
    # ---- revokes (§4, §8a.4)
    (
        "revoke-by-the-dummy",
        record("russian", [deal(7, 6, (3, 2), revokes=[rv("W")])], dummy="W"),
        1,
        "revokes",
    ),
    ("revoke-unknown-seat", ru(deal(7, 6, (3, 2), revokes=[rv("X")])), 1, "revokes"),
    ("revoke-unknown-penalty", ru(deal(7, 6, (3, 2), revokes=[rv("E", "forfeit")])), 1, "revokes"),
    ("revokes-not-a-list", ru(deal(7, 6, (3, 2), revokes={"seat": "E"})), 1, "revokes"),
    (
        "tricks-penalty-revokers-under-three",
        ru(deal(11, 2, (3, 2), revokes=[rv("E", "tricks")])),
        1,
        "revokes",
    ),
    (
        "hussar-deduct",
        record("hussar", [hdeal((4, 3, 3, 3), (2, 2, 1, 0), revokes=[rv("E", "deduct")])]),
        1,
        "revokes",
    ),
    (
        "hussar-tricks",
        record("hussar", [hdeal((4, 3, 3, 3), (2, 2, 1, 0), revokes=[rv("E", "tricks")])]),
        1,
        "revokes",
    ),
    (
        "hussar-transfer",
        record("hussar", [hdeal((4, 3, 3, 3), (2, 2, 1, 0), revokes=[rv("E", "transfer")])]),
        1,
        "revokes",
    ),
    (
        "progulochny-deduct",
        record("progulochny", [gdeal("NS", "grand", 7, revokes=[rv("E", "deduct")])]),
        1,
        "revokes",
    ),
    (
        "progulochny-tricks",
        record("progulochny", [gdeal("NS", "grand", 7, revokes=[rv("E", "tricks")])]),
        1,
        "revokes",
    ),
    (
        "revoke-on-a-deal-won-by-a-call",
        record("english-long", AT_EIGHT_LONG + [deal(hon=(3, 1), called="NS", revokes=[rv("E")])]),
        3,
        "revokes",
    ),
    # ---- called (§8a.6, 17)
    (
        "called-outside-english-long",
        record("english-short", [deal(7, 6, H22, called="NS")]),
        1,
        "called",
    ),
    (
        "called-by-a-side-not-at-eight",
        record("english-long", [deal(7, 6, (3, 1), called="NS")]),
        1,
        "called",
    ),
    (
        "called-by-the-other-side",
        record("english-long", AT_EIGHT_LONG + [deal(6, 7, (1, 3), called="EW")]),
        3,
        "called",
    ),
    (
        "called-unknown-side",
        record("english-long", AT_EIGHT_LONG + [deal(hon=(3, 1), called="XY")]),
        3,
        "called",
    ),
    (
        "called-without-honours",
        record("english-long", AT_EIGHT_LONG + [deal(7, 6, called="NS")]),
        3,
        "honours",
    ),
    (
        "failed-call-without-tricks",
        record("english-long", AT_EIGHT_LONG + [deal(hon=(2, 2), called="NS")]),
        3,
        "tricks",
    ),
    # ---- special suit
    ("special-suit-outside-variant", ru(deal(7, 6, (3, 2), special_suit="S")), 1, "special_suit"),
    (
        "special-suit-missing-first-deal",
        record("special-suit", [deal(7, 6, (3, 2), trump="S")]),
        1,
        "special_suit",
    ),
    (
        "special-suit-missing-first-deal-of-game-2",
        record(
            "special-suit",
            [deal(11, 2, (3, 2), trump="S", special_suit="S"), deal(7, 6, (3, 2), trump="S")],
        ),
        2,
        "special_suit",
    ),
    (
        "special-suit-changes-mid-game",
        record(
            "special-suit",
            [
                deal(7, 6, (3, 2), trump="S", special_suit="S"),
                deal(7, 6, (3, 2), trump="S", special_suit="H"),
            ],
        ),
        2,
        "special_suit",
    ),
    (
        "special-suit-unknown-suit",
        record("special-suit", [deal(7, 6, (3, 2), trump="S", special_suit="X")]),
        1,
        "special_suit",
    ),
    # ---- trump
    ("trump-in-eralash", record("eralash", [deal(7, 6, H22, trump="S")]), 1, "trump"),
    (
        "top-level-trump-in-progulochny",
        record("progulochny", [{**gdeal("NS", "grand", 7), "trump": "S"}]),
        1,
        "trump",
    ),
    ("trump-unknown-suit", ru(deal(7, 6, (3, 2), trump="X")), 1, "trump"),
    (
        "special-suit-deal-without-trump-key",
        with_(
            record("special-suit", [deal(7, 6, (3, 2), trump="S", special_suit="S")]),
            deals=[deal(7, 6, (3, 2), special_suit="S")],
        ),
        1,
        "trump",
    ),
    # ---- progulochny fields
    (
        "contract-outside-progulochny",
        ru(deal(7, 6, (3, 2), contract={"side": "NS", "game": "grand"})),
        1,
        "contract",
    ),
    ("doubling-outside-progulochny", ru(deal(7, 6, (3, 2), doubling="contra")), 1, "doubling"),
    ("first-six-outside-progulochny", ru(deal(7, 6, (3, 2), first_six={"NS": 4})), 1, "first_six"),
    ("contract-missing", record("progulochny", [deal(7, 6)]), 1, "contract"),
    (
        "contract-unknown-game",
        record(
            "progulochny",
            [{"contract": {"side": "NS", "game": "slam"}, "tricks": {"NS": 7, "EW": 6}}],
        ),
        1,
        "contract",
    ),
    (
        "contract-bad-side",
        record(
            "progulochny",
            [{"contract": {"side": "N", "game": "grand"}, "tricks": {"NS": 7, "EW": 6}}],
        ),
        1,
        "contract",
    ),
    (
        "trump-game-without-trump",
        record("progulochny", [gdeal("NS", "trump", 7, hon=(3, 2))]),
        1,
        "contract",
    ),
    ("grand-with-a-trump", record("progulochny", [gdeal("NS", "grand", 7, "S")]), 1, "contract"),
    (
        "declarer-not-the-dealers-side",
        record("progulochny", [gdeal("EW", "grand", 7, dealer="N")]),
        1,
        "contract",
    ),
    (
        "doubling-unknown",
        record("progulochny", [gdeal("NS", "grand", 7, doubling="triple")]),
        1,
        "doubling",
    ),
    (
        "gran-null-without-first-six",
        record("progulochny", [gdeal("NS", "grand-null", 6)]),
        1,
        "first_six",
    ),
    (
        "first-six-not-summing-to-six",
        record("progulochny", [gdeal("NS", "grand-null", 6, first_six={"NS": 4, "EW": 3})]),
        1,
        "first_six",
    ),
    (
        "first-six-over-six",
        record("progulochny", [gdeal("NS", "grand-null", 8, first_six={"NS": 7})]),
        1,
        "first_six",
    ),
    (
        "first-six-more-than-the-tricks",
        record("progulochny", [gdeal("NS", "grand-null", 4, first_six={"NS": 5})]),
        1,
        "first_six",
    ),
    (
        "first-six-in-a-grand",
        record("progulochny", [gdeal("NS", "grand", 7, first_six={"NS": 4})]),
        1,
        "first_six",
    ),
    (
        "unknown-key-in-a-revoke",
        ru(deal(7, 6, (3, 2), revokes=[{"seat": "E", "penalty": "add", "card": "QH"}])),
        1,
        "revokes",
    ),
    (
        "unknown-key-in-a-contract",
        record(
            "progulochny",
            [
                {
                    "contract": {"side": "NS", "game": "grand", "level": 7},
                    "tricks": {"NS": 7, "EW": 6},
                }
            ],
        ),
        1,
        "contract",
    ),
    # ---- fields of other variants (§8a.16)
    (
        "trumps-named-outside-flying-duck",
        ru(deal(7, 6, (3, 2), trumps_named=["S"])),
        1,
        "trumps_named",
    ),
    ("exchanged-outside-prussian", ru(deal(7, 6, (3, 2), exchanged=["N"])), 1, "exchanged"),
    ("unknown-deal-key", ru(OK_RU, deal(7, 6, (3, 2), bonus=5)), 2, "bonus"),
]


@pytest.mark.parametrize("rec, deal_no, field", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_invalid_record_is_rejected_naming_deal_and_field(rec, deal_no, field):
    with pytest.raises(RecordError) as info:
        score(rec)
    assert (info.value.deal, info.value.field) == (deal_no, field)
    assert str(info.value).strip()


# Which field names a stray field in a void deal, or a named dummy seat, is not pinned: the
# offending field or the key that makes it offend are both acceptable.
LOOSE_CASES = [
    (
        "void-with-tricks",
        ru({"void": "misdeal", "tricks": {"NS": 7, "EW": 6}}),
        1,
        {"tricks", "void"},
    ),
    (
        "void-with-honours",
        ru(OK_RU, {"void": "redeal", "honours": {"NS": 3, "EW": 2}}),
        2,
        {"honours", "void"},
    ),
    ("dummy-seat-with-a-player", with_(ru(), dummy="W"), None, {"players", "dummy"}),
]


@pytest.mark.parametrize(
    "rec, deal_no, fields", [c[1:] for c in LOOSE_CASES], ids=[c[0] for c in LOOSE_CASES]
)
def test_invalid_record_is_rejected_naming_one_of_the_fields(rec, deal_no, fields):
    with pytest.raises(RecordError) as info:
        score(rec)
    assert info.value.deal == deal_no
    assert info.value.field in fields


def test_valid_variants_of_the_validated_records_are_accepted():
    # Sanity of the table's bases: the same shapes without the fault score fine.
    score(ru(deal(7, 6, (3, 2), dealer="N"), deal(7, 6, (3, 2), dealer="E")))
    score(record("progulochny", [gdeal("NS", "grand-null", 6, first_six={"NS": 4})]))
    score(record("english-long", AT_EIGHT_LONG + [deal(hon=(3, 1), called="NS")]))
    score(
        record(
            "russian", [deal(7, 6, (3, 2), dealer="S"), deal(7, 6, (3, 2), dealer="W")], dummy="W"
        )
    )
    for variant in (
        "english-short",
        "english-long",
        "russian",
        "special-suit",
        "anfilada",
        "eralash",
        "prussian",
        "hussar",
        "flying-duck",
        "progulochny",
    ):
        score(opt(variant, None))


# ---- meta.date: exactly YYYY-MM-DD and a day of the calendar, the rule the ladder uses too
@pytest.mark.parametrize(
    "written", ["2026-13-45", "2024-02-30", "2023-02-29", "20240301", "01/03/2024", "2026-1-5"]
)
def test_a_date_that_is_not_a_calendar_day_as_yyyy_mm_dd_is_refused_at_meta_date(written):
    with pytest.raises(RecordError) as info:
        score(with_(ru(), meta={"date": written}))
    assert (info.value.deal, info.value.field, info.value.code) == (None, "meta.date", "date")
    assert str(info.value) == f"field 'meta.date': must be a date as YYYY-MM-DD, got {written!r}"


def test_a_calendar_day_as_yyyy_mm_dd_is_accepted_as_written():
    assert parse_record(with_(ru(), meta={"date": "2024-02-29"})).meta["date"] == "2024-02-29"
