"""What a club's deals add up to: night standings, season ladders, a player's page.

Nothing here is stored. Each table's deals are scored once per table *version* and the
seat-level outcome is cached under that version (so no change of a deal can leave a stale
one); players are bound to seats afresh at every read, so a rename or a merge shows at once.
A season's whole ladder is cached too, under a digest of every table's version, night, night's
date and seating plus the season's settings: any change to any of those is a new key. A
player's page reads his own tables only, and the club's rating, which every table moves, in
parts kept one by one (see "A club's rating, in parts" below).
"""

from __future__ import annotations

import dataclasses
import datetime
import zlib
from array import array
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, TypeAlias

from django.core.cache import cache
from django.db.models import Case, Count, Exists, F, OuterRef, TextField, Value, When
from django.db.models.functions import Cast
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from players.ladder import (
    Ladder,
    NightSurprise,
    RatingPoint,
    TableResult,
    night_surprises,
    rating_points_from,
    standings,
    win_expectations,
)
from players.models import Club, Player, Season, roster_order
from scorebook import derived
from scorebook.clubs import statistics
from scorebook.clubs.results import table_result
from scorebook.display.charts import rating_chart
from scorebook.rules.sheet import UNCOUNTED
from scorebook.tables import services
from scorebook.tables.models import Deal, Evening, Seat, Table

CACHE_SECONDS = 7 * 24 * 3600


@dataclass(frozen=True)
class Outcome:
    """One table's score by seat and side: what its deals gave, whoever sat there."""

    result: TableResult  # keyed by seat letters; bound to players by :func:`bind`
    side_of: dict[str, str]  # seat -> side
    deals: int  # scored deals
    games_won: dict[str, int]  # side -> games won
    rubbers_won: dict[str, int]  # side -> rubbers won
    rubbers_finished: int
    rubber: dict[str, int]  # side -> games won in the rubber being played (or the last one)
    rubber_number: int
    rubber_finished: bool
    honours: dict[str, int]  # side -> honours held, over all deals that record them
    honour_deals: int
    revokes: dict[str, int]  # seat -> revokes
    contracts: dict[str, dict[str, list[int]]] = field(default_factory=dict)
    # side -> contract game -> [declared, made] (the bidding variant)
    slams: dict[str, int] = field(default_factory=dict)  # side -> deals it took 12 tricks or 13
    # The finished rubber won by the most points (the club's records): its number, the side
    # that won it, the points that side wrote in it and those of the best other side.
    best_rubber: tuple[int, str, int, int] | None = None


def outcome_of(record: Any, sheet: Any) -> Outcome:
    """The seat-level outcome of a scored record (no player names in it)."""
    seats = {seat: seat for seat, name in record.players.items() if name}
    result = table_result(record, sheet, datetime.date.min, seats)
    side_of = {seat: record.side_of(seat) for seat in record.preset.seats}
    games = Counter(g.winner for g in sheet.games)
    finished = [r for r in sheet.rubbers if r.finished]
    rubbers = Counter(r.winner for r in finished)
    last = sheet.rubbers[-1] if sheet.rubbers else None
    honours: Counter[str] = Counter()
    revokes: Counter[str] = Counter()
    contracts: dict[str, dict[str, list[int]]] = defaultdict(lambda: defaultdict(lambda: [0, 0]))
    honour_deals = scored = 0
    slams: Counter[str] = Counter()
    points: dict[int, Counter[str]] = defaultdict(Counter)  # rubber -> side -> points written
    for deal, result_of_deal in zip(record.deals, sheet.deals, strict=True):
        if result_of_deal.void is not None:
            continue
        scored += 1
        for entry in result_of_deal.entries:
            if entry.item not in UNCOUNTED:
                points[result_of_deal.rubber][entry.side] += entry.points
        if deal.tricks and not deal.redealt:
            slams.update(
                key if key in record.sides else record.side_of(key)
                for key, won in deal.tricks.items()
                if won >= 12
            )
        if deal.honours:
            honour_deals += 1
            honours.update(deal.honours)
        revokes.update(r.seat for r in deal.revokes)
        if deal.contract is not None:
            made = not any(e.item == "penalty" for e in result_of_deal.entries)
            tally = contracts[deal.contract.side][deal.contract.game]
            tally[0] += 1
            tally[1] += made
    best_rubber = None
    for rubber in finished:
        if rubber.winner is None:
            continue
        by_side = points[rubber.number]
        other = max((v for side, v in by_side.items() if side != rubber.winner), default=0)
        found = (rubber.number, rubber.winner, by_side[rubber.winner], other)
        if best_rubber is None or found[2] - found[3] > best_rubber[2] - best_rubber[3]:
            best_rubber = found
    return Outcome(
        result=result,
        side_of=side_of,
        deals=scored,
        games_won={s: games[s] for s in record.sides},
        rubbers_won={s: rubbers[s] for s in record.sides},
        rubbers_finished=len(finished),
        rubber=dict(last.games_won) if last else dict.fromkeys(record.sides, 0),
        rubber_number=last.number if last else 1,
        rubber_finished=bool(last and last.finished),
        honours=dict(honours),
        honour_deals=honour_deals,
        revokes=dict(revokes),
        contracts={
            side: {g: list(t) for g, t in kinds.items()} for side, kinds in contracts.items()
        },
        slams=dict(slams),
        best_rubber=best_rubber,
    )


def outcomes(tables: Iterable[Table]) -> dict[int, Outcome]:
    """Each table's outcome, from the cache or scored now (in one batch)."""
    tables = list(tables)
    keys = {t.pk: derived.outcome_key(t) for t in tables}
    cached = cache.get_many(list(keys.values()))
    found = {pk: cached[key] for pk, key in keys.items() if key in cached}
    missing = [t for t in tables if t.pk not in found]
    if missing:
        if any(t.get_deferred_fields() for t in missing):
            # Read in part (a season's ladder reads stamps only): read them whole to score
            # them, each cached under the state it was read in.
            missing = _tables(Table.objects.filter(pk__in=[t.pk for t in missing]))
            keys.update({t.pk: derived.outcome_key(t) for t in missing})
        fresh = {
            pk: outcome_of(record, sheet)
            for pk, (record, sheet) in services.score_tables(missing).items()
        }
        cache.set_many({keys[pk]: o for pk, o in fresh.items()}, CACHE_SECONDS)
        found.update(fresh)
    return found


def seating(table: Table) -> dict[str, int]:
    """Seat -> player id, from prefetched seats."""
    return {s.seat: s.player_id for s in table.seats.all() if s.player_id is not None}


def bind(outcome: Outcome, date: datetime.date, players: dict[str, int]) -> TableResult:
    """The outcome as a ladder's input: seats replaced by the players sitting there."""
    result = outcome.result
    return dataclasses.replace(
        result,
        date=date,
        teams={
            side: tuple(players[s] for s in members if s in players)
            for side, members in result.teams.items()
        },
        settlement={players[s]: v for s, v in result.settlement.items() if s in players},
    )


def _tables(queryset: Any) -> list[Table]:
    return list(queryset.select_related("evening").prefetch_related("seats__player"))


def club_tables(club: Club, *, variant: str | None = None, season: Season | None = None) -> Any:
    """The tables of the club's nights, in ladder order: by night date, then as started."""
    tables = Table.objects.filter(evening__club=club)
    if season is not None:
        variant = season.variant
        tables = tables.filter(evening__date__range=(season.starts_on, season.ends_on))
        if season.confirmed_only:  # every deal confirmed by the other side
            unconfirmed = Deal.objects.filter(table=OuterRef("pk"), removed=False, confirmed=False)
            tables = tables.exclude(confirmation="off").exclude(Exists(unconfirmed))
    if variant is not None:
        tables = tables.filter(variant=variant)
    return tables.order_by("evening__date", "evening_id", "pk")


def results(tables: list[Table]) -> list[tuple[Table, Outcome, TableResult]]:
    """Each table with its outcome and its ladder input (tables the engine refuses are left
    out; the services never save one)."""
    found = outcomes(tables)
    return [
        (t, found[t.pk], bind(found[t.pk], t.evening.date, seating(t)))  # type: ignore[union-attr]
        for t in tables
        if t.pk in found
    ]


def names_of(tables: Iterable[Table]) -> dict[int, str]:
    return {s.player_id: s.player.name for t in tables for s in t.seats.all() if s.player}


@dataclass(frozen=True)
class Standings:
    """A ladder with the names to show it; ``guests`` are tagged as guests, and ``left_out``
    says how many guests a season left out of it."""

    ladder: Ladder
    names: dict[int, str]
    guests: frozenset[int] = frozenset()
    left_out: int = 0
    # The season's best partnerships (statistics.best_partnerships): pairs with enough
    # rubbers together, best first.
    pairs: tuple[tuple[tuple[int, int], statistics.Tally], ...] = ()
    pairs_qualified: int = 0  # how many pairs qualify (``pairs`` holds the first of them)
    # While none qualifies: the pairs with the most rubbers together so far (a club reads who
    # is nearest to it rather than nothing at all).
    nearest: tuple[tuple[tuple[int, int], statistics.Tally], ...] = ()
    # A night's standings: each player's rated rubbers of that date against those the
    # ratings expected (:func:`with_surprises`), the figure his page shows for the night.
    surprises: dict[int, NightSurprise] = field(default_factory=dict)

    def best_pairs(self) -> list[dict[str, Any]]:
        return self._pair_rows(self.pairs)

    @property
    def nearest_pairs(self) -> list[dict[str, Any]]:
        return self._pair_rows(self.nearest)

    def _pair_rows(
        self, pairs: tuple[tuple[tuple[int, int], statistics.Tally], ...]
    ) -> list[dict[str, Any]]:
        return [
            {
                "members": [(a, self.names.get(a, "?")), (b, self.names.get(b, "?"))],
                "rubbers": t.rubbers,
                "won": t.won,
                "share": t.share,
                "net": t.net,
            }
            for (a, b), t in pairs
        ]

    @property
    def unqualified(self) -> bool:
        return any(not s.qualified for s in self.ladder.standings)

    def rows(self) -> list[dict[str, Any]]:
        return [
            {
                **dataclasses.asdict(s),
                "name": self.names.get(s.player, "?"),  # type: ignore[arg-type]
                "guest": s.player in self.guests,
                "band": s.band,  # the rating kind: μ ± 2σ
                "surprise": self.surprises.get(s.player),  # type: ignore[call-overload]
            }
            for s in self.ladder.standings
        ]


def without(ladder: Ladder, players: set[int]) -> Ladder:
    """The ladder without the lines of ``players``, the others ranked again among themselves
    (two lines that shared a rank still share one: 1, 2, 2, 4 without the first is 1, 1, 3).
    Their figures stay as computed: they played those rubbers, with and against everyone."""
    kept = [s for s in ladder.standings if s.player not in players]
    ranks = [s.rank for s in kept if s.rank is not None]
    return dataclasses.replace(
        ladder,
        standings=tuple(
            dataclasses.replace(s, rank=1 + sum(1 for r in ranks if r < s.rank))
            if s.rank is not None
            else s
            for s in kept
        ),
    )


def _stamps(tables: list[Table], seatings: dict[int, dict[str, int]]) -> list[str]:
    """Each table's state, night and its date, and seating (seat -> player id): a night's
    date, corrected, regroups the sessions and reorders the rating."""
    return [
        f"{derived.table_stamp(t)}.{t.evening_id}.{t.night_date}.{sorted(seatings[t.pk].items())}"  # type: ignore[attr-defined]
        for t in tables
    ]


def season_standings(season: Season) -> Standings:
    # Only what names the ladder is read (each table's stamp, night and seating), not whole
    # tables: a cached ladder needs nothing more, and a new one takes the outcomes from the
    # cache (:func:`outcomes` reads in full only the tables it has to score).
    tables = list(
        club_tables(season.club, season=season)
        .only("id", "created_at", "version", "evening")
        .annotate(night_date=F("evening__date"))
    )
    seatings: dict[int, dict[str, int]] = {t.pk: {} for t in tables}
    names: dict[int, str] = {}
    guests: set[int] = set()
    seats = Seat.objects.filter(table_id__in=list(seatings), player__isnull=False).values_list(
        "table_id", "seat", "player_id", "player__name", "player__guest"
    )
    for table_id, seat, player_id, name, guest in seats:
        seatings[table_id][seat] = player_id
        names[player_id] = name
        if guest:
            guests.add(player_id)
    params = (season.kind, season.best, season.min_sessions, season.min_partners,
              season.confirmed_only, season.include_guests, sorted(guests),
              statistics.PAIR_RUBBERS, statistics.PAIRS_SHOWN)  # fmt: skip
    key = derived.season_key(
        season.pk, _stamps(tables, seatings), [season.variant, *params, sorted(names.items())]
    )
    kept = cache.get(key)
    if kept is None:
        found = outcomes(tables)
        bound = [
            bind(found[t.pk], t.night_date, seatings[t.pk])  # type: ignore[attr-defined]
            for t in tables
            if t.pk in found
        ]
        ladder = standings(
            bound,
            kind=season.kind,
            best=season.best,
            min_sessions=season.min_sessions,
            min_partners=season.min_partners,
            name=lambda pid: names.get(pid, ""),
        )
        left_out = 0
        if not season.include_guests:
            # Guests play rubbers like anyone (their tables count for the others), but their
            # own lines are left out of the season's standings (docs/clubs.md).
            left_out = sum(1 for s in ladder.standings if s.player in guests)
            ladder = without(ladder, guests)
        pairs = statistics.partnerships(bound)
        if not season.include_guests:  # a pair is a line of the season's: no guest in it
            pairs = {p: t for p, t in pairs.items() if not guests & set(p)}
        best = statistics.best_partnerships(pairs)
        nearest = () if best else statistics.nearest_partnerships(pairs)
        kept = (ladder, left_out, tuple(best[: statistics.PAIRS_SHOWN]), len(best), nearest)
        cache.set(key, kept, CACHE_SECONDS)
    ladder, left_out, best, qualified, nearest = kept
    shown = {s.player for s in ladder.standings}
    return Standings(ladder, names, frozenset(guests & shown), left_out, best, qualified, nearest)


def current_season(club: Club, today: datetime.date | None = None) -> Season | None:
    """The season running today (of several, one of the club's usual variant first, then the
    one that started last); between seasons the last one played, whose final ladder the club
    still reads; before any, the first to come. A season planned for the autumn is not the
    club's page until it starts."""
    today = today or datetime.date.today()
    seasons = club.seasons.all()
    usual = Case(When(variant=club.variant, then=Value(0)), default=Value(1))
    return (
        seasons.filter(starts_on__lte=today, ends_on__gte=today)
        .order_by(usual, "-starts_on", "pk")
        .first()
        or seasons.filter(ends_on__lt=today).order_by("-ends_on", "-starts_on", "pk").first()
        or seasons.order_by("starts_on", "pk").first()
    )


# ---------------------------------------------------------------------------------------------
# A night at a glance


@dataclass(frozen=True)
class TableAtGlance:
    table: Table
    outcome: Outcome | None
    seats: list[tuple[str, str, Any]]  # seat, player name, running settlement
    awaiting: int = 0  # deals not confirmed yet by the other side, at a table that asks


def _awaiting(tables: list[Table]) -> dict[int, int]:
    """How many deals of each table that asks for confirmation the other side has not
    confirmed yet (one query, none when no table asks)."""
    asking = [t.pk for t in tables if t.confirmation != "off"]
    if not asking:
        return {}
    rows = (
        Deal.objects.filter(table_id__in=asking, removed=False, confirmed=False)
        .values("table_id")
        .annotate(n=Count("pk"))
    )
    return {row["table_id"]: row["n"] for row in rows}


def night_view(night: Evening) -> tuple[list[TableAtGlance], list[tuple[str, Standings]]]:
    """Every table of the night with its rubber and settlement, and the night's standings,
    one per variant (amounts of different variants are never added together)."""
    tables = _tables(night.tables.order_by("number", "pk"))
    scored = {t.pk: (o, r) for t, o, r in results(tables)}
    names = names_of(tables)
    awaiting = _awaiting(tables)
    glance = []
    for table in tables:
        outcome, _result = scored.get(table.pk, (None, None))
        seats = []
        for letter, name in services.players_of(table).items():  # the pad's order, N E S W
            if name is None:
                continue
            amount = outcome.result.settlement.get(letter, 0) if outcome else 0
            seats.append((letter, name, amount))
        glance.append(TableAtGlance(table, outcome, seats, awaiting.get(table.pk, 0)))
    by_variant: dict[str, list[TableResult]] = defaultdict(list)
    for table in tables:
        if table.pk in scored and scored[table.pk][1].played:
            by_variant[table.variant].append(scored[table.pk][1])
    ranked = [
        (
            variant,
            Standings(standings(found, kind="total", name=lambda pid: names.get(pid, "")), names),
        )
        for variant, found in sorted(by_variant.items())
    ]
    return glance, ranked


def with_surprises(
    night: Evening, ranked: list[tuple[str, Standings]]
) -> list[tuple[str, Standings]]:
    """The night's standings (:func:`night_view`), each player's line with his rubbers won
    that date against those expected: the numbers of his page's "Results per night" (the
    club's rating over all its nights of the variant, :class:`ClubRating`), read from the one
    part of that rating which holds the date, for every player at once."""
    club = night.club
    if club is None or not ranked:
        return ranked
    # One read of the stamps for every variant of the night, and (when a part of a rating is
    # not kept) one read of the tables to rate: a night of two variants costs what one does.
    every = club_tables(club).filter(variant__in=[variant for variant, _t in ranked])
    rows: dict[str, list[tuple[Any, ...]]] = defaultdict(list)
    for pk, created, version, variant, *rest in derived.stamp_rows(
        every,
        stamp_variant=F("variant"),
        night=F("evening_id"),
        night_date=Cast("evening__date", TextField()),
    ):
        rows[variant].append((pk, created, version, *rest))
    date = str(night.date)
    wanted: dict[str, tuple[ClubRating, int]] = {}
    for variant, _table in ranked:
        rating = ClubRating(club, variant, rows=rows[variant])
        index = next(
            (i for i, part in enumerate(rating.parts) if part[0][-1] <= date <= part[-1][-1]),
            None,
        )
        if index is not None:
            wanted[variant] = (rating, index)
    since = [
        rating.parts[first][0][-1]
        for rating, index in wanted.values()
        if (first := rating.missing([index])) is not None
    ]
    inputs = ladder_inputs(every, min(since)) if since else None
    found = []
    for variant, table in ranked:
        if variant not in wanted:
            found.append((variant, table))
            continue
        rating, index = wanted[variant]
        histories = rating.rated([index], inputs)[index]
        surprises = {}
        for line in table.ladder.standings:
            for night_of in night_surprises(points_of(histories.get(line.player, EMPTY))):
                if night_of.date == night.date:
                    surprises[line.player] = night_of
        found.append((variant, dataclasses.replace(table, surprises=surprises)))
    return found


# ---------------------------------------------------------------------------------------------
# A player's page
#
# Each part of what the page shows is kept under a key naming only what it depends on, so
# that a deal saved tonight at another table leaves his page as it was kept, bar tonight's part
# of the rating:
#
# - his figures (tables, nights, partners, rubbers...) depend on his own tables only: kept
#   under their stamps (derived.figures_key), read from those tables when they changed;
# - his rating depends on every table of the club (whoever he played, they played others). It
#   is made in parts of consecutive nights (:class:`ClubRating`), each kept with the ratings it
#   leaves under a key naming every table up to it, the last date a part of its own: a deal
#   saved tonight re-rates tonight's tables only, and his history up to tonight stays kept;
# - the chart is kept under the history it draws (derived.history_key) and the language.
#
# Each is kept in a fixed place (a slot) with the key it was made under: a club night of
# saves, each followed by players' pages, leaves one copy of each, not one a save.


@dataclass
class Partner:
    """A partner (or an opponent) on a player's page: the rubbers they played together (or
    against each other), those the player's side won, the tables and his net result there."""

    name: str
    tables: int = 0
    rubbers: int = 0
    won: int = 0
    net: float = 0


def _named(tallies: dict[Any, statistics.Tally], names: dict[int, str]) -> list[Partner]:
    """Most rubbers first (then most tables), then by name."""
    found = [
        Partner(names.get(pid, "?"), t.tables, t.rubbers, t.won, t.net)
        for pid, t in tallies.items()
    ]
    return sorted(found, key=lambda p: (-p.rubbers, -p.tables, roster_order(p.name)))


@dataclass
class PlayerStats:
    player: Player
    variant: str
    sessions: int = 0
    nights: list[tuple[Evening, float]] = field(default_factory=list)
    tables: int = 0
    deals: int = 0
    net: float = 0
    games_won: int = 0
    rubbers_won: int = 0
    rubbers_finished: int = 0
    honours: float | None = None  # honours held on average per deal (by his side)
    revokes: int = 0
    partners: list[Partner] = field(default_factory=list)
    opponents: list[Partner] = field(default_factory=list)  # head to head
    contracts: dict[str, list[int]] = field(default_factory=dict)  # game -> [declared, made]
    rating: list[tuple[datetime.date, float]] = field(default_factory=list)
    points: list[RatingPoint] = field(default_factory=list)  # ``rating`` in full: μ, σ...
    scope: str = ""  # the club's nights, or a season's dates (where the chart is kept)
    rating_key: str = ""  # names ``rating`` (its chart is kept under it)


def player_stats(player: Player, variant: str, season: Season | None = None) -> PlayerStats:
    """Everything the player's page shows, in one variant (one unit), over the club's nights
    (or one season's)."""
    club = player.club
    assert club is not None
    rating = ClubRating(club, variant, season)
    # His tables of the scope (once each, should he hold two seats), by their stamps: what his
    # figures are kept under.
    mine = rating.tables.filter(seats__player=player).distinct()
    key = derived.figures_key(player.pk, derived.stamp_rows(mine))
    slot = derived.player_slot(club.pk, variant, rating.scope, player.pk)
    kept = cache.get(slot)
    if kept is not None and kept[0] == key:
        stats = dataclasses.replace(kept[1], player=player)
    else:
        stats = _figures(player, variant, mine)
        cache.set(slot, (key, dataclasses.replace(stats, player=None)), CACHE_SECONDS)
    history = rating.history(player.pk)
    stats.scope = rating.scope
    stats.rating = history_of(history)
    stats.points = points_of(history)
    stats.rating_key = derived.history_key(*history)
    return stats


@dataclass(frozen=True)
class RatingNow:
    """A player's rating as his page shows it: the ladder's value (μ − 3σ), the skill
    estimate μ and its band μ ± 2σ, the rated rubbers he played and whether that is fewer
    than the club's ``provisional_rubbers`` (a provisional rating)."""

    value: float
    mu: float
    sigma: float
    rubbers: int
    provisional: bool

    @property
    def low(self) -> float:
        return self.mu - 2 * self.sigma

    @property
    def high(self) -> float:
        return self.mu + 2 * self.sigma


def rating_now(points: list[RatingPoint], provisional_rubbers: int) -> RatingNow:
    """The rating after the last of ``points`` (the start, μ 25 and σ 25/3, before any)."""
    if points:
        last = points[-1]
        value, mu, sigma = last.ordinal, last.mu, last.sigma
    else:
        mu, sigma = 25.0, 25.0 / 3
        value = mu - 3 * sigma
    return RatingNow(value, mu, sigma, len(points), len(points) < provisional_rubbers)


def explained_example() -> dict[str, Any]:
    """The worked example of the "?" page, computed by the ladder's own maths: four new
    players and one rubber won by Anna and Boris; then a strong pair against a weak one."""
    start = (25.0, 25.0 / 3)
    table = TableResult(
        date=datetime.date(2026, 9, 4),
        variant="russian",
        teams={"NS": ("Anna", "Boris"), "EW": ("Vera", "Gleb")},
        settlement={"Anna": 1, "Boris": 1, "Vera": -1, "Gleb": -1},
        rubber_winners=("NS",),
        partnership=True,
    )
    points, _after = rating_points_from([table], {})
    strong, weak = (27.0, 5.0), (23.0, 5.0)
    chance = win_expectations([[strong, strong], [weak, weak]])[1]
    return {
        "start": RatingNow(start[0] - 3 * start[1], start[0], start[1], 0, True),
        "even": points["Anna"][0].expected,
        "winner": rating_now(points["Anna"], 20),
        "loser": rating_now(points["Vera"], 20),
        "strong": strong,
        "weak": weak,
        "chance": chance,
        "surprise": 1 - chance,
    }


def surprises(stats: PlayerStats) -> dict[datetime.date, NightSurprise]:
    """His rated rubbers of each date: played, won, expected from the ratings before each."""
    return {night.date: night for night in night_surprises(stats.points)}


def nights_with_surprises(
    stats: PlayerStats,
) -> list[tuple[Evening, float, NightSurprise | None]]:
    """His nights with their results and, on the first night of each date, the rubbers he
    won that date against those the ratings before each rubber expected him to win."""
    found = surprises(stats)
    return [(night, amount, found.pop(night.date, None)) for night, amount in stats.nights]


def rating_chart_of(stats: PlayerStats) -> SafeString:
    """The chart of the player's rating (pygal draws ten years of it in tens of ms), kept for
    the scope and the language under the history it draws."""
    if not stats.rating:
        return rating_chart(stats.rating)
    player = stats.player
    return _chart(
        (player.club_id, stats.variant, stats.scope, player.pk), stats.rating_key, stats.points
    )


def _chart(slot_of: tuple[Any, str, str, int], key: str, points: list[RatingPoint]) -> SafeString:
    """A rating chart (the ladder's value, μ and its band), kept in the player's chart slot
    (derived.chart_slot) for the language under ``key`` (derived.history_key)."""
    slot = derived.chart_slot(*slot_of, get_language())
    kept = cache.get(slot)
    if kept is not None and kept[0] == key:
        return mark_safe(zlib.decompress(kept[1]).decode())  # the chart drawn below, as it was
    band = [(p.mu - 2 * p.sigma, p.mu, p.mu + 2 * p.sigma) for p in points]
    chart = rating_chart([(p.date, p.ordinal) for p in points], band)
    cache.set(slot, (key, zlib.compress(chart.encode())), CACHE_SECONDS)
    return chart


SEASON_CHARTS = 4  # the printed season of the rating kind: charts of its first players


def season_charts(season: Season, table: Standings) -> list[tuple[str, SafeString]]:
    """The rating charts of the season's first :data:`SEASON_CHARTS` players (a rating
    season), each as his page draws it for the season, from the same kept pieces."""
    if season.kind != "rating":
        return []
    rating = ClubRating(season.club, season.variant, season)
    charts = []
    for line in table.ladder.standings[:SEASON_CHARTS]:
        history = rating.history(line.player)  # type: ignore[arg-type]
        points = points_of(history)
        if points:
            slot_of = (season.club_id, season.variant, rating.scope, line.player)
            chart = _chart(slot_of, derived.history_key(*history), points)  # type: ignore[arg-type]
            charts.append((table.names.get(line.player, "?"), chart))  # type: ignore[call-overload]
    return charts


def _figures(player: Player, variant: str, mine: Any) -> PlayerStats:
    """His figures from his own tables (``mine``: a few hundred of a ten-year club's
    thousands), in ladder order, each one's outcome from the cache (or scored now)."""
    every = list(
        mine.select_related("evening").only(
            "id", "created_at", "version", *(f"evening__{f}" for f in NIGHT_FIELDS)
        )
    )
    seatings: dict[int, dict[str, int]] = {t.pk: {} for t in every}
    names: dict[int, str] = {}
    seats = Seat.objects.filter(table_id__in=list(seatings), player__isnull=False)
    for table_id, seat, player_id, name in seats.values_list(
        "table_id", "seat", "player_id", "player__name"
    ):
        seatings[table_id][seat] = player_id
        names[player_id] = name
    found = outcomes(every)
    stats = PlayerStats(player=player, variant=variant)
    nights: dict[int, list[Any]] = {}
    played: list[TableResult] = []
    honours = honour_deals = 0
    for table in every:
        if table.pk not in found:  # the engine refuses it (the services never save one)
            continue
        outcome = found[table.pk]
        night = table.evening
        assert night is not None
        result = bind(outcome, night.date, seatings[table.pk])
        seat = next((s for s, pid in seatings[table.pk].items() if pid == player.pk), None)
        if seat is None or not result.played:  # a table where no deal scored is no session
            continue
        side = outcome.side_of[seat]
        played.append(result)
        amount = result.settlement.get(player.pk, 0)
        nights.setdefault(night.pk, [night, 0])[1] += amount
        stats.tables += 1
        stats.deals += outcome.deals
        stats.net += amount
        stats.games_won += outcome.games_won.get(side, 0)
        stats.rubbers_won += outcome.rubbers_won.get(side, 0)
        stats.rubbers_finished += outcome.rubbers_finished
        stats.revokes += outcome.revokes.get(seat, 0)
        if outcome.honour_deals:
            honours += outcome.honours.get(side, 0)
            honour_deals += outcome.honour_deals
        for game, (declared, made) in outcome.contracts.get(side, {}).items():
            tally = stats.contracts.setdefault(game, [0, 0])
            tally[0] += declared
            tally[1] += made
    stats.nights = [(n, v) for n, v in sorted(nights.values(), key=lambda nv: nv[0].date)]
    stats.sessions = len({n.date for n, _v in stats.nights})
    stats.honours = honours / honour_deals if honour_deals else None
    partners, opponents = statistics.with_and_against(player.pk, played)
    stats.partners = _named(partners, names)
    stats.opponents = _named(opponents, names)
    return stats


NIGHT_FIELDS = ("id", "name", "date", "token")  # what the page shows of a night


# ---------------------------------------------------------------------------------------------
# A club's rating, in parts
#
# Rated in parts of consecutive nights, each carried on from the ratings the part before it
# left (players.ladder.rating_points_from: the same floats as in one go). Key ``i`` names
# every table up to part ``i`` (derived.rating_keys), so a part is made again only when one of
# its tables or an earlier one changed, and its place is written over. The last date played
# is a part of its own: a deal saved tonight re-rates tonight's tables, not a year of them.

RATING_PART = 400  # tables a part holds at least (the last date's aside); it ends with a date


# A rating history as the cache keeps it, one array a field of :class:`RatingPoint`: dates as
# ordinals, the ladder's value, μ, σ and the win expected as doubles, the result as 0 or 1.
Kept: TypeAlias = (
    "tuple[array[int], array[float], array[float], array[float], array[float], array[int]]"
)


def kept_history(points: list[RatingPoint]) -> Kept:
    """A player's rating points as the cache keeps them (compact arrays, not objects)."""
    return (
        array("l", [p.date.toordinal() for p in points]),
        array("d", [p.ordinal for p in points]),
        array("d", [p.mu for p in points]),
        array("d", [p.sigma for p in points]),
        array("d", [p.expected for p in points]),
        array("b", [p.won for p in points]),
    )


def history_of(kept: Kept) -> list[tuple[datetime.date, float]]:
    """The kept history as the ladder's values after each rubber, with their dates."""
    days, values = kept[0], kept[1]
    return [(datetime.date.fromordinal(d), v) for d, v in zip(days, values, strict=True)]


def points_of(kept: Kept) -> list[RatingPoint]:
    """The kept history in full, as :class:`RatingPoint` values."""
    return [
        RatingPoint(datetime.date.fromordinal(d), v, mu, sigma, expected, bool(won))
        for d, v, mu, sigma, expected, won in zip(*kept, strict=True)
    ]


EMPTY: Kept = kept_history([])  # no rubber of his in a part


def rating_parts(rows: list[tuple[Any, ...]]) -> list[list[tuple[Any, ...]]]:
    """Tables in ladder order (rows whose last item is the date) cut into parts: the last
    date's tables, and before them parts of at least :data:`RATING_PART` tables, each ending
    with a date. A part depends only on the rows up to it, so a deal saved on the last date
    changes its part alone, and a new date the part before it at most."""
    last = len(rows)
    while last and rows[last - 1][-1] == rows[-1][-1]:
        last -= 1
    parts: list[list[tuple[Any, ...]]] = []
    for row in rows[:last]:
        if not parts or (len(parts[-1]) >= RATING_PART and row[-1] != parts[-1][-1][-1]):
            parts.append([])
        parts[-1].append(row)
    if rows[last:]:
        parts.append(rows[last:])
    return parts


class ClubRating:
    """The club's rating over its tables of ``variant`` (all nights, or ``season``'s): its keys
    from one read of the tables' stamps, its parts read or made only when asked for."""

    def __init__(
        self,
        club: Club,
        variant: str,
        season: Season | None = None,
        rows: list[tuple[Any, ...]] | None = None,
    ) -> None:
        """``rows``: the tables' stamps as :func:`stamp_rows_by_variant` read them for several
        variants at once (else read here)."""
        self.club, self.variant = club, variant
        self.tables = club_tables(club, variant=variant, season=season)
        self.scope = f"{season.starts_on}:{season.ends_on}" if season else "all"
        if rows is None:
            rows = derived.stamp_rows(
                self.tables, night=F("evening_id"), night_date=Cast("evening__date", TextField())
            )
        self.parts = rating_parts(rows)
        self.keys = derived.rating_keys(club.pk, variant, self.parts)

    def history(self, player: int) -> Kept:
        """The player's rating after each rubber he played (``rating_history`` of every table,
        as :func:`kept_history` keeps it): his history up to the last date as he last read it,
        and the last date's part, each kept; what is not, made now."""
        n = len(self.parts)
        if not n:
            return kept_history([])
        scope = (self.club.pk, self.variant, self.scope)
        before = derived.rating_prefix_slot(*scope, player)
        last = derived.rating_history_slot(*scope, n - 1)
        kept = cache.get_many([before, last])
        found: dict[int, dict[int, Kept]] = {}
        if last in kept and kept[last][0] == self.keys[-1]:
            found[n - 1] = kept[last][1]
        prefix = None
        if n == 1:
            prefix = kept_history([])
        elif before in kept and kept[before][0] == self.keys[-2]:
            prefix = kept[before][1]
        wanted = [i for i in range(n) if i not in found and (i == n - 1 or prefix is None)]
        found.update(self.rated(wanted))
        if prefix is None:
            points = [p for i in range(n - 1) for p in points_of(found[i].get(player, EMPTY))]
            prefix = kept_history(points)
            cache.set(before, (self.keys[-2], prefix), CACHE_SECONDS)
        last = found[n - 1].get(player, EMPTY)
        return tuple(a + b for a, b in zip(prefix, last, strict=True))  # type: ignore[return-value]

    def rated(
        self, wanted: Iterable[int], inputs: dict[int, TableResult] | None = None
    ) -> dict[int, dict[int, Kept]]:
        """Each wanted part's histories (player -> his history in the part): the kept ones,
        and the others made now with every part after the first one not kept (each carried on
        from the ratings the part before it left), all kept."""
        wanted = sorted(set(wanted))
        if not wanted:
            return {}
        scope = (self.club.pk, self.variant, self.scope)
        slots = [derived.rating_slot(*scope, i) for i in range(len(self.parts))]
        lists = {i: derived.rating_history_slot(*scope, i) for i in wanted}
        kept = cache.get_many([*slots, *lists.values()])

        def valid(slot: str, i: int) -> bool:
            return slot in kept and kept[slot][0] == self.keys[i]

        first = next((i for i, slot in enumerate(slots) if not valid(slot, i)), len(self.parts))
        first = min([first, *(i for i, slot in lists.items() if not valid(slot, i))])
        found = {i: kept[lists[i]][1] for i in wanted if i < first}
        if first == len(self.parts):
            return found
        ratings: dict[Any, tuple[float, float]] = kept[slots[first - 1]][1] if first else {}
        if inputs is None:  # else read by the caller for several variants at once
            inputs = self._inputs(first)
        fresh: dict[str, Any] = {}
        for i, part in enumerate(self.parts[first:], start=first):
            history, ratings = rating_points_from(
                [inputs[row[0]] for row in part if row[0] in inputs], ratings
            )
            histories = {player: kept_history(h) for player, h in history.items()}
            fresh[slots[i]] = (self.keys[i], ratings)
            fresh[derived.rating_history_slot(*scope, i)] = (self.keys[i], histories)
            if i in lists:
                found[i] = histories
        cache.set_many(fresh, CACHE_SECONDS)
        return found

    def _inputs(self, first: int) -> dict[int, TableResult]:
        """The ladder input of each table of part ``first`` and after (those of its first date
        and later: parts end with a date), by id (:func:`ladder_inputs`)."""
        return ladder_inputs(self.tables, self.parts[first][0][-1])

    def missing(self, wanted: Iterable[int]) -> int | None:
        """The first part :meth:`rated` would make to give ``wanted`` (None: all kept)."""
        scope = (self.club.pk, self.variant, self.scope)
        slots = {i: derived.rating_slot(*scope, i) for i in range(len(self.parts))}
        lists = {i: derived.rating_history_slot(*scope, i) for i in wanted}
        kept = cache.get_many([*slots.values(), *lists.values()])
        bad = [
            i
            for i, slot in [*slots.items(), *lists.items()]
            if not (slot in kept and kept[slot][0] == self.keys[i])
        ]
        first = min(bad, default=None)
        return first if first is not None and first <= max(wanted, default=-1) else None


def ladder_inputs(tables: Any, since: str) -> dict[int, TableResult]:
    """The ladder input of each of ``tables`` dated ``since`` or later, by id: stamps, dates
    and seatings read for them, outcomes from the cache (or scored now). Read by date, not by
    ids: a list of thousands of ids made SQLite scan the tables for each (0.7 s for ten
    years)."""
    tables = tables.filter(evening__date__gte=since)
    read = list(
        tables.only("id", "created_at", "version", "evening").annotate(
            night_date=F("evening__date")
        )
    )
    seatings: dict[int, dict[str, int]] = {t.pk: {} for t in read}
    seats = Seat.objects.filter(table__in=tables.values("pk"), player__isnull=False)
    for table_id, seat, player_id in seats.values_list("table_id", "seat", "player_id"):
        seatings[table_id][seat] = player_id
    found = outcomes(read)
    return {
        t.pk: bind(found[t.pk], t.night_date, seatings[t.pk])  # type: ignore[attr-defined]
        for t in read
        if t.pk in found
    }


# ---------------------------------------------------------------------------------------------
# The club's records
#
# Worked out from every table of the club's nights of one variant (its points are its own
# unit), kept under a key naming each table's stamp, night and date (derived.records_key): a
# deal saved, corrected or voided, a name or a seat changed, moves a table's version and so
# the key, as it does the ladders'.

RECORD_LINES = 5  # players listed for the most slams and the longest runs


@dataclass(frozen=True)
class BiggestRubber:
    """The rubber won by the most points: by whom, the points of the winners and of the best
    other side, and where (the night, the table, the rubber's number there)."""

    winners: tuple[tuple[int, str], ...]  # (player id, name)
    margin: int
    points: int
    other: int
    date: datetime.date
    night: str
    night_token: str
    table_number: int | None
    table_title: str
    rubber: int


@dataclass(frozen=True)
class ClubRecords:
    variant: str
    rubbers: int  # finished rubbers counted
    biggest: BiggestRubber | None
    slams: tuple[tuple[int, str, int], ...]  # (player id, name, slams), most first
    runs: tuple[tuple[int, str, statistics.Run], ...]  # longest first
    contracts: tuple[tuple[str, int, int, int], ...]  # game, declared, made, failed (bidding)


def club_records(club: Club, variant: str) -> ClubRecords:
    """The club's records in ``variant``, from the cache or worked out now."""
    tables = club_tables(club, variant=variant)
    rows = derived.stamp_rows(
        tables, night=F("evening_id"), night_date=Cast("evening__date", TextField())
    )
    key = derived.records_key(club.pk, variant, rows)
    kept = cache.get(key)
    if kept is None:
        kept = _records(variant, tables)
        cache.set(key, kept, CACHE_SECONDS)
    return kept


def _records(variant: str, queryset: Any) -> ClubRecords:
    every = list(
        queryset.select_related("evening").only(
            "id",
            "created_at",
            "version",
            "number",
            "title",
            *(f"evening__{f}" for f in NIGHT_FIELDS),
        )
    )
    seatings: dict[int, dict[str, int]] = {t.pk: {} for t in every}
    names: dict[int, str] = {}
    seats = Seat.objects.filter(table__in=queryset.values("pk"), player__isnull=False)
    for table_id, seat, player_id, name in seats.values_list(
        "table_id", "seat", "player_id", "player__name"
    ):
        if table_id in seatings:
            seatings[table_id][seat] = player_id
            names[player_id] = name
    found = outcomes(every)
    bound: list[TableResult] = []
    biggest: BiggestRubber | None = None
    slams: Counter[int] = Counter()
    contracts: dict[str, list[int]] = {}
    for table in every:
        if table.pk not in found:
            continue
        outcome, night = found[table.pk], table.evening
        assert night is not None
        result = bind(outcome, night.date, seatings[table.pk])
        if not result.played:
            continue
        bound.append(result)
        for side, count in outcome.slams.items():
            slams.update(dict.fromkeys(result.teams.get(side, ()), count))
        for kinds in outcome.contracts.values():
            for game, (declared, made) in kinds.items():
                tally = contracts.setdefault(game, [0, 0])
                tally[0] += declared
                tally[1] += made
        best = outcome.best_rubber
        if best is not None and (biggest is None or best[2] - best[3] > biggest.margin):
            number, side, points, other = best
            biggest = BiggestRubber(
                winners=tuple((pid, names.get(pid, "?")) for pid in result.teams.get(side, ())),
                margin=points - other,
                points=points,
                other=other,
                date=night.date,
                night=night.name,
                night_token=night.token,
                table_number=table.number,
                table_title=table.title,
                rubber=number,
            )
    runs = sorted(
        statistics.winning_runs(bound).values(),
        key=lambda r: (-r.length, r.last, roster_order(names.get(r.player, "?"))),  # type: ignore[call-overload]
    )
    most = sorted(slams.items(), key=lambda pc: (-pc[1], roster_order(names.get(pc[0], "?"))))
    order = list(GAME_ORDER)
    return ClubRecords(
        variant=variant,
        rubbers=sum(len(r.rubber_winners) for r in bound),
        biggest=biggest,
        slams=tuple((pid, names.get(pid, "?"), n) for pid, n in most[:RECORD_LINES] if n),
        runs=tuple((r.player, names.get(r.player, "?"), r) for r in runs[:RECORD_LINES]),  # type: ignore[misc]
        contracts=tuple(
            (game, declared, made, declared - made)
            for game, (declared, made) in sorted(
                contracts.items(), key=lambda gt: order.index(gt[0]) if gt[0] in order else 99
            )
        ),
    )


GAME_ORDER = ("trump", "grand", "null", "grand-null")  # the bidding variant's contracts
