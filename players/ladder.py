"""Club ladders: rank a season's players from what their tables settled.

A pure module (the standard library and ``openskill``, no Django, no scorebook): the web app
and the ``ladder`` command each turn their tables into :class:`TableResult` values, keyed by
whatever identifies a player to them (a name in the command, a ``Player`` id in the web app),
and this module does the rest::

    ladder = standings(tables, kind="average", best=4, min_sessions=2)
    document = ladder_document(ladder, name=str)      # the whist-ladder/1 JSON document

The rules, which the project's ``docs/ladders.md`` restates:

- every date is one *session*; a player's session result is the sum of his settlements at the
  tables of that date; a table where no deal scored (``played`` false: none recorded, or every
  one void) is no session and counts for nothing;
- his *partners* are the players seated opposite him, in partnership variants only (a defender
  in three-handed play has none);
- ``total`` adds his session results, ``average`` takes their mean (with ``best``, the mean of
  his ``best`` highest when he has more sessions), ``rating`` is his OpenSkill ordinal after
  every finished rubber of the season (Plackett-Luce at the package's defaults);
- qualified players (enough sessions, and in partnership variants enough partners) come first
  by value, then by more sessions, then by name; the others follow in the same order; equal
  values share a rank (1, 2, 2, 4) and an unqualified player has none.

Exactness: settlements are added and averaged as :class:`fractions.Fraction`, each amount read
as the decimal it prints as (``0.1`` is one tenth), so a total is exact, ``0.1 + 0.2`` equals
``0.3``, equal means are equal, and the order of the tables can never split a tie; only the
reported value is a float. Ratings are floats from openskill;
they are compared rounded to nine decimals, so that two ratings equal in exact arithmetic but
reached along different float paths still share a rank.
"""

from __future__ import annotations

import datetime
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, TypeAlias

from openskill.models import PlackettLuce, PlackettLuceRating

PlayerKey: TypeAlias = Hashable  # a name in the command, a Player id in the web app
# Each player's rating so far, as openskill's mu and sigma: plain floats, which a cache keeps.
Ratings: TypeAlias = Mapping[PlayerKey, tuple[float, float]]
History: TypeAlias = dict[PlayerKey, list[tuple[datetime.date, float]]]  # after each rubber

FORMAT = "whist-ladder/1"
KINDS = ("total", "average", "rating")
RATING_DIGITS = 9  # ratings equal to this many decimals are equal (share a rank)


@dataclass(frozen=True)
class TableResult:
    """One table's contribution to a ladder: everything a ladder needs, nothing else.

    ``teams`` maps each side to the players of that side, seat order kept: ``"NS"`` to the
    North and South players, a three-handed defender's side to the defender alone (the dummy
    seat has no player), ``prussian``'s ``"N"`` and ``hussar``'s ``"E"`` to one player.
    ``settlement`` holds each seated player's ``settlement.players`` amount. ``rubber_winners``
    is the winning side of every *finished* rubber, in record order. ``partnership`` is true in
    the partnership variants, where the two players of a side are partners. ``played`` is
    false when no deal of the table scored (none was recorded, or every one was void): such a
    table is checked like any other but counts for nothing, neither as a session nor as a
    partnership.
    """

    date: datetime.date
    variant: str
    teams: Mapping[str, tuple[PlayerKey, ...]]
    settlement: Mapping[PlayerKey, float]
    rubber_winners: tuple[str, ...]
    partnership: bool
    played: bool = True


class LadderError(ValueError):
    """Tables that cannot make one ladder.

    ``index`` is the 0-based position of the offending table in the sequence given,
    ``message`` says what is wrong with it; ``str(error)`` is one line naming the table
    (1-based, as a person counts).
    """

    def __init__(self, index: int, message: str) -> None:
        self.index = index
        self.message = message
        super().__init__(f"table {index + 1}: {message}")


@dataclass(frozen=True)
class Standing:
    """One player's line in a ladder.

    ``rank`` is ``None`` for an unqualified player. ``value`` is the kind's figure as a float
    (the total, the mean, or the rating ordinal). ``sessions`` counts the dates he played,
    ``partners`` his distinct partners (0 where the variant has none).
    """

    rank: int | None
    player: PlayerKey
    value: float
    sessions: int
    partners: int
    qualified: bool
    # The ``rating`` kind only (``None`` in the others): the skill estimate μ and its
    # uncertainty σ the value (μ − 3σ) is made of, and the rated rubbers he played. Views on
    # the same numbers: they never change the ranking, nor the whist-ladder/1 document.
    mu: float | None = None
    sigma: float | None = None
    rubbers: int = 0

    @property
    def band(self) -> tuple[float, float] | None:
        """μ − 2σ and μ + 2σ (the ``rating`` kind), else ``None``."""
        if self.mu is None or self.sigma is None:
            return None
        return self.mu - 2 * self.sigma, self.mu + 2 * self.sigma


@dataclass(frozen=True)
class RatingPoint:
    """A player's rating after one rated rubber: its date, the ladder's value (the ordinal
    μ − 3σ), the skill estimate ``mu`` and its uncertainty ``sigma``; ``expected`` is the
    chance the ratings *before* the rubber gave his team of winning it (OpenSkill's win
    prediction), ``won`` whether it did."""

    date: datetime.date
    ordinal: float
    mu: float
    sigma: float
    expected: float
    won: bool


@dataclass(frozen=True)
class NightSurprise:
    """One date of a player's rated rubbers: how many he played and won, how many the
    ratings before each rubber expected him to win, and the difference (won − expected:
    positive, above expectation)."""

    date: datetime.date
    rubbers: int
    won: int
    expected: float

    @property
    def surprise(self) -> float:
        return self.won - self.expected


@dataclass(frozen=True)
class Ladder:
    """A computed ladder: its kind, its variant (``None`` without tables), the number of
    distinct dates of the season, and the standings in ladder order."""

    kind: str
    variant: str | None
    sessions: int
    standings: tuple[Standing, ...]


# ---------------------------------------------------------------------------------------------
# The season's facts


def session_results(tables: Iterable[TableResult]) -> dict[PlayerKey, dict[datetime.date, float]]:
    """Each player's session results: date -> the sum of his settlements at that date's tables.

    Every seated player appears; his dates are in calendar order.
    """
    return {
        player: {date: float(amount) for date, amount in sorted(by_date.items())}
        for player, by_date in _exact_sessions(_played(_checked(tables))).items()
    }


def partners(tables: Iterable[TableResult]) -> dict[PlayerKey, Counter[PlayerKey]]:
    """Each player's partners: partner -> the number of tables they shared a side.

    Only in partnership variants; a side of one player (a three-handed defender) gives no
    partner. Every seated player appears, with an empty counter when he had no partner.
    """
    result: dict[PlayerKey, Counter[PlayerKey]] = {}
    for table in _played(_checked(tables)):
        for team in table.teams.values():
            for player in team:
                together = result.setdefault(player, Counter())
                if table.partnership:
                    together.update(other for other in team if other != player)
    return result


def rating_history(
    tables: Iterable[TableResult],
) -> dict[PlayerKey, list[tuple[datetime.date, float]]]:
    """Each player's rating ordinal (μ − 3σ) after every rated rubber he played, with its date.

    The rubbers are rated in the order :func:`rated_matches` gives. A player who never played a
    finished rubber has an empty history (his rating stays at the default, ordinal 0).
    """
    history, _ratings = rating_history_from(tables, {})
    return history


def rating_history_from(
    tables: Iterable[TableResult], ratings: Ratings
) -> tuple[History, dict[PlayerKey, tuple[float, float]]]:
    """:func:`rating_history` carried on from ``ratings`` (each player's rating before these
    tables, as ``(mu, sigma)``; empty: from the start), with the ratings after them.

    The same calculation, cut in two: when every table of ``later`` is dated after every table
    of ``earlier`` (or, of one date, is listed after them), ``rating_history(earlier + later)``
    is the histories of ``rating_history_from(earlier, {})`` followed by those of
    ``rating_history_from(later, ratings)``, ``ratings`` being what the first call returned,
    to the last bit. ``ratings`` is not changed.
    """
    points, after = rating_points_from(tables, ratings)
    history: History = {
        player: [(point.date, point.ordinal) for point in line] for player, line in points.items()
    }
    return history, after


def rating_points_from(
    tables: Iterable[TableResult], ratings: Ratings
) -> tuple[dict[PlayerKey, list[RatingPoint]], dict[PlayerKey, tuple[float, float]]]:
    """:func:`rating_history_from` with each point in full (:class:`RatingPoint`: μ, σ, the
    win expected and the result of the rubber beside the ordinal): the same calculation, the
    same floats. Every seated player of a played table appears (an empty list: no rubber)."""
    tables = _played(_checked(tables))
    points: dict[PlayerKey, list[RatingPoint]] = {
        player: [] for table in tables for player in table.settlement
    }
    start = {player: _MODEL.rating(mu=mu, sigma=sigma) for player, (mu, sigma) in ratings.items()}
    after = _rate(tables, points, start)
    return points, {player: (rating.mu, rating.sigma) for player, rating in after.items()}


def win_expectations(teams: list[list[tuple[float, float]]]) -> list[float]:
    """Each team's chance of winning a rubber, from its players' ratings ``(mu, sigma)``:
    OpenSkill's win prediction (Plackett-Luce at the defaults), as the rating uses it. The
    chances of the teams of one rubber add up to 1."""
    return [
        float(p)
        for p in _MODEL.predict_win(
            [[_MODEL.rating(mu=mu, sigma=sigma) for mu, sigma in team] for team in teams]
        )
    ]


def night_surprises(points: Iterable[RatingPoint]) -> list[NightSurprise]:
    """A player's rated rubbers summed by date (calendar order): played, won, expected."""
    by_date: dict[datetime.date, list[RatingPoint]] = {}
    for point in points:
        by_date.setdefault(point.date, []).append(point)
    return [
        NightSurprise(
            date=date,
            rubbers=len(line),
            won=sum(1 for p in line if p.won),
            expected=sum(p.expected for p in line),
        )
        for date, line in sorted(by_date.items())
    ]


def rated_matches(
    tables: Iterable[TableResult],
) -> list[tuple[datetime.date, list[tuple[PlayerKey, ...]], list[float]]]:
    """The matches the rating plays, in order: ``(date, teams, ranks)`` per finished rubber.

    Tables are sorted by date, stably (tables of one date keep the order given), and each
    table's rubbers follow in record order. The teams are the table's sides in its order; the
    winner ranks 1 and every other team 2. A side without a player is left out, and a rubber is
    not rated when its winner has no player or no other side has one (neither happens in a
    valid record).
    """
    matches: list[tuple[datetime.date, list[tuple[PlayerKey, ...]], list[float]]] = []
    for table in sorted(_played(_checked(tables)), key=lambda t: t.date):
        for winner in table.rubber_winners:
            if not table.teams[winner]:
                continue
            teams = [team for team in table.teams.values() if team]
            if len(teams) < 2:
                continue
            ranks = [1.0 if side == winner else 2.0 for side, team in table.teams.items() if team]
            matches.append((table.date, teams, ranks))
    return matches


# ---------------------------------------------------------------------------------------------
# The ladder


def standings(
    tables: Iterable[TableResult],
    *,
    kind: str,
    best: int | None = None,
    min_sessions: int = 1,
    min_partners: int = 0,
    name: Callable[[PlayerKey], str] = str,
) -> Ladder:
    """The ladder of ``kind`` (``total``, ``average`` or ``rating``) over ``tables``.

    ``best`` (``average`` only) keeps a player's ``best`` highest session results when he has
    more. A player qualifies with at least ``min_sessions`` sessions and, in partnership
    variants, at least ``min_partners`` distinct partners. ``name`` gives the name players are
    ordered by (code-point order) when value and sessions are equal; two players with the same
    name are then ordered by ``repr`` of their keys, so the order never depends on the order
    the tables were given in.

    Raises :class:`LadderError` for tables that cannot make one ladder (another variant, a
    player on two sides, a winner that is no side) and :class:`ValueError` for a bad argument.
    """
    if kind not in KINDS:
        raise ValueError(f"kind must be one of {', '.join(KINDS)}, got {kind!r}")
    if best is not None and kind != "average":
        raise ValueError(f"best applies to the average kind only, not to {kind}")
    if best is not None and best < 1:
        raise ValueError(f"best must be at least 1, got {best}")
    if min_sessions < 0:
        raise ValueError(f"min_sessions must be 0 or more, got {min_sessions}")
    if min_partners < 0:
        raise ValueError(f"min_partners must be 0 or more, got {min_partners}")
    every = _checked(tables)
    if not every:
        return Ladder(kind=kind, variant=None, sessions=0, standings=())
    variant, partnership = every[0].variant, every[0].partnership
    tables = _played(every)

    results = _exact_sessions(tables)
    together = partners(tables)
    values: dict[PlayerKey, float]
    keys: dict[PlayerKey, Any]  # what ranks compare: exact fractions, or rounded ratings
    skill: dict[PlayerKey, tuple[float | None, float | None, int]] = {}  # mu, sigma, rubbers
    if kind == "rating":
        points, _after = rating_points_from(tables, {})
        values = {p: (h[-1].ordinal if h else _DEFAULT_ORDINAL) for p, h in points.items()}
        keys = {p: round(v, RATING_DIGITS) for p, v in values.items()}
        skill = {
            p: (h[-1].mu, h[-1].sigma, len(h)) if h else (_DEFAULT.mu, _DEFAULT.sigma, 0)
            for p, h in points.items()
        }
    else:
        exact = {p: _value(kind, list(r.values()), best) for p, r in results.items()}
        values = {p: float(v) for p, v in exact.items()}
        keys = exact

    rows = []
    for player, by_date in results.items():
        count = len(together[player]) if partnership else 0
        qualified = len(by_date) >= min_sessions and (not partnership or count >= min_partners)
        rows.append((player, len(by_date), count, qualified))
    rows.sort(key=lambda row: (not row[3], -keys[row[0]], -row[1], name(row[0]), repr(row[0])))

    qualified_keys = [keys[row[0]] for row in rows if row[3]]
    lines = tuple(
        Standing(
            rank=1 + sum(1 for other in qualified_keys if other > keys[player]) if ok else None,
            player=player,
            value=values[player],
            sessions=sessions,
            partners=count,
            qualified=ok,
            mu=skill.get(player, _NO_SKILL)[0],
            sigma=skill.get(player, _NO_SKILL)[1],
            rubbers=skill.get(player, _NO_SKILL)[2],
        )
        for player, sessions, count, ok in rows
    )
    dates = {table.date for table in tables}
    return Ladder(kind=kind, variant=variant, sessions=len(dates), standings=lines)


def ladder_document(ladder: Ladder, name: Callable[[PlayerKey], str] = str) -> dict[str, Any]:
    """The whist-ladder/1 JSON document of ``ladder``, players written as ``name(player)``."""
    return {
        "format": FORMAT,
        "kind": ladder.kind,
        "variant": ladder.variant,
        "sessions": ladder.sessions,
        "standings": [
            {
                "rank": line.rank,
                "player": name(line.player),
                "value": line.value,
                "sessions": line.sessions,
                "partners": line.partners,
                "qualified": line.qualified,
            }
            for line in ladder.standings
        ],
    }


# ---------------------------------------------------------------------------------------------
# Helpers

_MODEL = PlackettLuce()
_DEFAULT = _MODEL.rating()
_DEFAULT_ORDINAL = _DEFAULT.ordinal()
_NO_SKILL: tuple[float | None, float | None, int] = (None, None, 0)  # a kind other than rating


def _checked(tables: Iterable[TableResult]) -> list[TableResult]:
    """The tables as a list, after checking they can make one ladder."""
    tables = list(tables)
    for index, table in enumerate(tables):
        first = tables[0]  # the ladder takes its variant from its first table
        if table.variant != first.variant:
            raise LadderError(
                index, f"variant {table.variant!r}, but the ladder is {first.variant!r}"
            )
        if table.partnership != first.partnership:
            raise LadderError(index, "partnership differs from the ladder's first table")
        seated: list[PlayerKey] = [p for team in table.teams.values() for p in team]
        if len(set(seated)) != len(seated):
            raise LadderError(index, "a player sits on two sides or twice on one side")
        if set(seated) != set(table.settlement):
            raise LadderError(index, "the settlement does not name exactly the seated players")
        for player, amount in table.settlement.items():
            try:
                _exact(amount)
            except (TypeError, ValueError):
                raise LadderError(
                    index, f"the settlement of {player!r} is not a finite number: {amount!r}"
                ) from None
        for winner in table.rubber_winners:
            if winner not in table.teams:
                raise LadderError(index, f"rubber winner {winner!r} is not a side of the table")
    return tables


def _played(tables: list[TableResult]) -> list[TableResult]:
    """The tables where a deal scored: only they make sessions."""
    return [table for table in tables if table.played]


def _exact_sessions(
    tables: Iterable[TableResult],
) -> dict[PlayerKey, dict[datetime.date, Fraction]]:
    results: dict[PlayerKey, dict[datetime.date, Fraction]] = {}
    for table in tables:
        for player, amount in table.settlement.items():
            by_date = results.setdefault(player, {})
            by_date[table.date] = by_date.get(table.date, Fraction(0)) + _exact(amount)
    return results


def _exact(amount: float) -> Fraction:
    """An amount as an exact fraction: a float as the decimal it prints as (``repr``)."""
    if isinstance(amount, float):
        return Fraction(repr(amount))
    return Fraction(amount)


def _value(kind: str, results: list[Fraction], best: int | None) -> Fraction:
    if kind == "total":
        return sum(results, Fraction(0))
    if best is not None and len(results) > best:
        results = sorted(results, reverse=True)[:best]
    return sum(results, Fraction(0)) / len(results)


def _rate(
    tables: Iterable[TableResult],
    points: dict[PlayerKey, list[RatingPoint]],
    ratings: dict[PlayerKey, PlackettLuceRating],
) -> dict[PlayerKey, PlackettLuceRating]:
    for date, teams, ranks in rated_matches(tables):
        before = [[ratings[p] if p in ratings else _MODEL.rating() for p in team] for team in teams]
        expected = _MODEL.predict_win(before)
        after = _MODEL.rate(before, ranks=ranks)
        for team, new, chance, rank in zip(teams, after, expected, ranks, strict=True):
            for player, rating in zip(team, new, strict=True):
                ratings[player] = rating
                points[player].append(
                    RatingPoint(
                        date, rating.ordinal(), rating.mu, rating.sigma, float(chance), rank == 1.0
                    )
                )
    return ratings
