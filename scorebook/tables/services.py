"""The only Django code that calls the rules engine.

Tables and deals are stored as written down; every score is computed from them here, and every
write goes through one of these functions inside a transaction: it locks the table, checks
that the device saw the latest state, validates the whole record with the engine, and keeps
a revision of what changed.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from decimal import Decimal
from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.models import AnonymousUser
from django.core.cache import cache
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import Exists, OuterRef, Q
from django.urls import reverse
from django.utils.translation import gettext as _

from players.models import Player, name_key
from scorebook import derived
from scorebook.display import money
from scorebook.rules import (
    PRESETS,
    DealScore,
    GameResult,
    Record,
    RecordError,
    Sheet,
    calendar_date,
    parse_record,
    score,
)
from scorebook.rules.gcpause import paused_gc
from scorebook.rules.progress import NextDeal, Progress, advance, start
from scorebook.rules.record import Deal as RulesDeal
from scorebook.tables.models import Deal, Evening, Revision, Seat, Table, TableEvent, new_token

FORMAT = "whist-record/1"
META_KEYS = ("title", "place", "date")


class Refused(ValueError):
    """A change the feature above refuses (a club's rule: a title another table of the night
    has): ``message`` in the user's language, ``field`` the form field at fault."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field


class Conflict(Exception):
    """Another device changed the table first: nothing was saved.

    ``next_number``, when given, is the number the next deal has now: the deal was saved as
    one that is no longer the next (another device recorded or undid a deal first, or the
    number posted was never the next). ``undone``: the table has an undone deal numbered at
    or past ``next_number``, which explains a number ahead of it.
    """

    def __init__(
        self, number: int, next_number: int | None = None, *, undone: bool = False
    ) -> None:
        super().__init__(number)
        self.next_number = next_number
        self.undone = undone


class ReusedNonce(Exception):
    """The nonce was already used by another request (another action, or another deal):
    nothing was saved. A nonce names one request: its table, its action and its deal."""


class NightClosed(PermissionDenied):
    """The table's night is closed: nothing is written to its tables until an organiser
    reopens it. Answered as a 403 page that says so and links the read-only sheet."""

    def __init__(self, table: Table) -> None:
        super().__init__("night closed")
        self.page_message = _(
            "This night is closed: its tables are read-only. An organiser can reopen it."
        )
        self.sheet_url = reverse("table", args=[table.view_token])


class Locked(Exception):
    """Deal ``number`` was confirmed by the other side: nothing was saved. It changes once
    that side reopens it, or by an organiser who gives a reason."""

    def __init__(self, number: int) -> None:
        super().__init__(number)
        self.number = number


# A nonce is a request's own name (a UUID's 32 hex digits, from the form): longer is refused
# before the database sees it (it stores 40 characters), and so is one of other characters
# than a token's (a hand-made post's NUL, which PostgreSQL refuses in a query, or a
# noncharacter, which no revision may keep).
NONCE_LENGTH = 40
NONCE = re.compile(r"[0-9A-Za-z_-]+")


@dataclass(frozen=True)
class Author:
    """Who makes a change: a signed-in user, or a device that holds the edit link."""

    user: AbstractBaseUser | None = None
    label: str = ""

    @classmethod
    def of(cls, user: AbstractBaseUser | AnonymousUser | None, device: str = "") -> Author:
        if user is not None and user.is_authenticated:
            return cls(user=user, label=user.get_username())  # type: ignore[arg-type]
        return cls(label=device or "guest")  # said in words by the pages (deal_edit.html)


# ---------------------------------------------------------------------------------------------
# Reading


def live_deals(table: Table) -> list[Deal]:
    return list(table.deals.filter(removed=False).order_by("number"))


def players_of(table: Table) -> dict[str, str | None]:
    """The seating by name: from the seats prefetched with their players when the caller did
    (many tables at once), otherwise in one query (names only: no model instances to build,
    on every changed poll)."""
    if "seats" in getattr(table, "_prefetched_objects_cache", {}):
        seats = {s.seat: (s.player.name if s.player else None) for s in table.seats.all()}
    else:
        seats = dict(table.seats.values_list("seat", "player__name"))
    return {seat: seats.get(seat) for seat in PRESETS[table.variant].seats}


@dataclass(frozen=True)
class NextTable:
    """How the next table of the same players starts (the new-table form's fields)."""

    players: dict[str, str | None]
    dummy: str
    first_dealer: str
    options: dict[str, Any]
    right_side: str
    place: str
    defender: str  # with a dummy: the player who plays it there
    stake: dict[str, Any] = field(default_factory=dict)  # the stake's form fields, if any


def next_table(table: Table, next_dealer: str | None = None) -> NextTable:
    """The next table of the same players. The variant's options, the side on the right and
    the place stay. Without a dummy everyone keeps his seat and the first dealer is the one
    this table would deal next (``next_dealer``). With a dummy (three-handed) the dummy is
    passed on, as the rules recommend after each rubber: it moves one seat clockwise, the
    player sitting there takes the seat it left (the order round the table is kept), and it
    deals first, its new partner dealing for it."""
    players = players_of(table)
    seats = list(PRESETS[table.variant].seats)
    dummy, defender = "", ""
    first_dealer = next_dealer or table.first_dealer or seats[0]
    if table.dummy in seats:
        at = seats.index(table.dummy)
        dummy = seats[(at + 1) % len(seats)]
        players[table.dummy], players[dummy] = players[dummy], None
        first_dealer = dummy
        defender = players[seats[(at + 3) % len(seats)]] or ""  # opposite the new dummy
    return NextTable(
        players=players,
        dummy=dummy,
        first_dealer=first_dealer,
        options=dict(table.options),
        right_side=table.right_side,
        place=table.place,
        defender=defender,
        stake=(
            {
                "stake": table.stake,
                "stake_currency": table.stake_currency,
                "stake_coin": table.stake_coin,
            }
            if table.stake is not None
            else {}
        ),
    )


def record_data(
    table: Table,
    deals: list[Mapping[str, Any]] | None = None,
    players: dict[str, str | None] | None = None,
) -> dict[str, Any]:
    """The table as a record (docs/record-format.md); given ``deals`` replace the stored ones."""
    if deals is None:
        deals = [d.data for d in live_deals(table)]
    if players is None:
        players = players_of(table)
    record: dict[str, Any] = {"format": FORMAT, "variant": table.variant}
    if table.options:
        record["options"] = table.options
    record["players"] = {seat: name for seat, name in players.items() if name is not None}
    if table.dummy:
        record["dummy"] = table.dummy
    record["deals"] = list(deals)
    meta = {"title": table.title, "place": table.place}
    meta = {k: v for k, v in meta.items() if v}
    record["meta"] = {
        **meta,
        "date": str(table.played_on),  # a date prints as YYYY-MM-DD
        **stake_meta(table.stake, table.stake_currency, table.stake_coin),
    }
    return record


def stake_meta(
    stake: Decimal | None, currency: str = "", coin: Decimal | None = None
) -> dict[str, Any]:
    """A table's stake as the record's meta writes it (docs/record-format.md): nothing
    without a stake."""
    if stake is None:
        return {}
    meta: dict[str, Any] = {money.STAKE: money.meta_number(stake)}
    if currency:
        meta[money.CURRENCY] = currency
    if coin is not None:
        meta[money.COIN] = money.meta_number(coin)
    return meta


def stake_fields(meta: Mapping[str, Any]) -> dict[str, Any]:
    """The table's stake fields from a record's meta (checked by the engine's parser)."""
    if money.STAKE not in meta:
        return {}
    coin = meta.get(money.COIN)
    return {
        "stake": money.as_decimal(meta[money.STAKE]),
        "stake_currency": str(meta.get(money.CURRENCY, "")),
        "stake_coin": money.as_decimal(coin) if coin is not None else None,
    }


def score_tables(tables: list[Table]) -> dict[int, tuple[Record, Sheet]]:
    """Score many tables with two queries in all: their live deals and (if not prefetched)
    their seats. Tables whose record the engine refuses are left out."""
    datas: dict[int, list[Any]] = {t.pk: [] for t in tables}
    rows = (
        Deal.objects.filter(table__in=[t.pk for t in tables], removed=False)
        .order_by("table_id", "number")
        .values_list("table_id", "data")
    )
    scored: dict[int, tuple[Record, Sheet]] = {}
    # Many small objects and no cycles: the collector would rescan them all again and again.
    with paused_gc():
        for table_id, data in rows.iterator(chunk_size=5000):
            datas[table_id].append(data)
        for table in tables:
            try:
                record = parse_record(record_data(table, datas[table.pk], players_of(table)))
                scored[table.pk] = (record, score(record))
            except RecordError:  # cannot happen for a table saved through these services
                continue
    return scored


def table_rules(table: Table) -> Record:
    """The table's variant, options and seating as a record without deals (no scoring)."""
    return parse_record(record_data(table, []))


@dataclass(frozen=True)
class TableState:
    """The computed score of a table and what the next deal needs to know."""

    record: Record
    sheet: Sheet
    deals: list[Deal]
    next_number: int
    next_dealer: str | None
    below: dict[str, int]  # the current game's score below the line
    needed: dict[str, int]  # points each side still needs for the game
    new_game: bool  # the next scored deal starts a game
    asks_special: bool  # the next deal must name the special suit
    special: str | None  # the special suit of the game (or rubber) in progress
    errors: list[str] = field(default_factory=list)
    dealer_fixed: bool = False  # the rotation names the next dealer: no other is accepted

    @property
    def fixed_dealer(self) -> str:
        """The next deal's dealer when the rotation names him, else "" (any is accepted)."""
        return (self.next_dealer or "") if self.dealer_fixed else ""

    @classmethod
    def of(cls, record: Record, sheet: Sheet, deals: list[Deal], upcoming: NextDeal) -> TableState:
        return cls(
            record=record,
            sheet=sheet,
            deals=deals,
            next_number=upcoming.number,
            next_dealer=upcoming.dealer,
            below=dict(upcoming.below),
            needed=dict(upcoming.needed),
            new_game=upcoming.new_game,
            asks_special=upcoming.asks_special,
            special=upcoming.special,
            dealer_fixed=upcoming.dealer_fixed,
        )


def table_state(table: Table, deals: list[Deal] | None = None) -> TableState:
    """Score the whole table (one engine pass) and keep the state after its last deal, so
    that the next deal saved is scored from there."""
    if deals is None:
        deals = live_deals(table)
    record, sheet, progress = start(record_data(table, [d.data for d in deals]))
    keep_progress(table, table.version, progress)
    return TableState.of(record, sheet, deals, progress.next_deal(table.first_dealer))


# The running score after a table's last deal, kept in the cache under the table's version and
# number of deals: a derived copy, never the truth. A write reads it only for the version it
# has locked; a read may store what it computed (a write committed between its two queries
# can only label a newer state with an older version, which no write asks for again).
PROGRESS_TTL = derived.TTL


def keep_progress(table: Table, version: int, progress: Progress) -> None:
    cache.set(derived.progress_key(table, version, progress.count), progress, PROGRESS_TTL)


def kept_progress(table: Table, count: int) -> Progress | None:
    progress = cache.get(derived.progress_key(table, table.version, count))
    return progress if isinstance(progress, Progress) and progress.count == count else None


@dataclass(frozen=True)
class Saved:
    """A deal just recorded, with its result and the table after it: what the answer to the
    save shows, without the deals before it."""

    deal: Deal
    written: RulesDeal  # the deal as the engine read it
    result: DealScore
    game: GameResult | None  # the game it closed
    sheet: Sheet  # totals, rubbers and settlement of the whole table (``deals``: this one only)
    upcoming: NextDeal
    record: Record  # the rules and seating (no deals)
    version: int  # the table's version after the save
    undone: list[Deal] | None = None  # the undone deals past it, when read with it

    @property
    def state(self) -> TableState:
        """The table as the save left it, holding only the deal saved (for an answer that
        shows what changed)."""
        return TableState.of(self.record, self.sheet, [self.deal], self.upcoming)


# ---------------------------------------------------------------------------------------------
# Writing


def validate_table(
    variant: str,
    options: Mapping[str, Any],
    players: Mapping[str, str | None],
    dummy: str,
    meta: Mapping[str, Any] | None = None,
) -> Record:
    """Check a new table's settings with the engine (raises RecordError); ``meta``: its
    stake, as the record writes it."""
    data: dict[str, Any] = {
        "format": FORMAT,
        "variant": variant,
        "players": dict(players),
        "deals": [],
    }
    if meta:
        data["meta"] = dict(meta)
    if options:
        data["options"] = dict(options)
    if dummy:
        data["dummy"] = dummy
    return parse_record(data)


@transaction.atomic
def create_table(
    *,
    variant: str,
    players: Mapping[str, str | None],
    options: Mapping[str, Any] | None = None,
    dummy: str = "",
    owner: AbstractBaseUser | None = None,
    first_dealer: str = "",
    right_side: str = "",
    title: str = "",
    place: str = "",
    cut: Any = None,
    evening: Evening | None = None,
    number: int | None = None,
    played_on: datetime.date | None = None,
    stake: Decimal | None = None,
    stake_currency: str = "",
    stake_coin: Decimal | None = None,
) -> Table:
    """A new table (``number``: its number in the evening), played on the evening's date, else
    on ``played_on``, else today; seated players come from the roster of the evening's club,
    if any."""
    stake_currency = stake_currency.strip()
    if stake is None:  # no stake: neither its currency nor its coin means anything
        stake_currency, stake_coin = "", None
    meta = stake_meta(stake, stake_currency, stake_coin)
    record = validate_table(variant, options or {}, players, dummy, meta)
    _one_player_a_seat(record.players)
    club = evening.club if evening is not None else None
    if evening is not None:
        played_on = evening.date
    table = Table.objects.create(
        evening=evening,
        number=number,
        **({"played_on": played_on} if played_on is not None else {}),
        variant=variant,
        options=dict(options or {}),
        dummy=dummy,
        owner=owner if owner is not None and owner.is_authenticated else None,
        first_dealer=first_dealer,
        right_side=right_side,
        title=title,
        place=place,
        cut=cut,
        # a club's night asks its tables for the club's confirmation
        confirmation=club.confirmation if club is not None else "off",
        stake=stake,
        stake_currency=stake_currency,
        stake_coin=stake_coin,
    )
    Seat.objects.bulk_create(
        Seat(table=table, seat=seat, player=Player.named(name, club) if name else None)
        for seat, name in record.players.items()
    )
    return table


def _one_player_a_seat(players: Mapping[str, str | None]) -> None:
    """The engine seats a name once whatever its letter case; the score book's players are
    matched by their key (players.names), so two names that look the same ("Анна" and "Aнна"
    with a Latin A) are one player too, who cannot sit at two seats."""
    seen: dict[str, str] = {}
    for seat, name in players.items():
        if not name:
            continue
        key = name_key(name)
        if key in seen:
            raise RecordError(
                f"{name} sits at {seen[key]} and {seat}: one player a seat",
                field="players",
                code="same-player",
                params={"name": name},
            )
        seen[key] = seat


def _locked(table: Table, *, undone_past: int | None = None) -> Table:
    """The table read again and locked for a write; with ``undone_past``, whether it has any
    undone deal numbered past it, in the same query (``has_undone_past``). The one write
    guard of every table: a closed night's table is refused (NightClosed), read in the same
    query."""
    closed = Evening.objects.filter(pk=OuterRef("evening_id"), closed_at__isnull=False)
    tables = Table.objects.select_for_update().annotate(night_closed=Exists(closed))
    if undone_past is not None:
        tables = tables.annotate(
            has_undone_past=Exists(
                Deal.objects.filter(table=OuterRef("pk"), removed=True, number__gt=undone_past)
            )
        )
    locked = tables.get(pk=table.pk)
    if locked.night_closed:
        raise NightClosed(locked)
    return locked


def _check(table: Table, datas: list[Mapping[str, Any]]) -> None:
    """Validate and score the whole record as it will be (raises RecordError); once the
    change is committed, the next deal is scored from where this pass ended."""
    _record, _sheet, progress = start(record_data(table, datas))
    transaction.on_commit(lambda: keep_progress(table, table.version, progress))


def _replayed(table: Table, nonce: str, action: str, number: int) -> Deal | None:
    """The deal the same request already changed (a double tap: the same nonce, action and
    deal), if any; ReusedNonce when the nonce came with another request."""
    if not nonce:
        return None
    if len(nonce) > NONCE_LENGTH or not NONCE.fullmatch(nonce):
        raise ReusedNonce(number)
    revision = (
        Revision.objects.filter(deal__table=table, nonce=nonce).select_related("deal").first()
    )
    if revision is None:
        return None
    if revision.action != action or revision.deal.number != number:
        raise ReusedNonce(number)
    return revision.deal


def _revise(
    table: Table, deal: Deal, action: str, data: Any, previous: Any, author: Author, nonce: str
) -> Revision:
    """Keep one change to a deal: what it became, what it was, who made it; and move the
    table to its next version, which the revision names."""
    _bump(table)
    return Revision.objects.create(
        deal=deal,
        action=action,
        data=data,
        previous=previous,
        author=author.user,
        author_label=author.label,
        nonce=nonce,
        table_version=table.version,
    )


def _bump(table: Table) -> None:
    table.version += 1
    table.save(update_fields=["version", "updated_at"])
    derived.table_written(table)


def add_deal(
    table: Table, data: Mapping[str, Any], *, number: int, author: Author, nonce: str = ""
) -> Deal:
    """Append deal ``number``; a Conflict if another device recorded it first."""
    deal, _state = record_deal(table, data, number=number, author=author, nonce=nonce)
    return deal


def record_deal(
    table: Table, data: Mapping[str, Any], *, number: int, author: Author, nonce: str = ""
) -> tuple[Deal, Saved | None]:
    """Append deal ``number``: checked and scored once, inside the transaction, from the
    running score after the last deal when it is cached, else from the whole record. Returns
    the deal and what the answer shows (None when the request was a replay: a double tap
    saves nothing new)."""
    with transaction.atomic():
        table = _locked(table, undone_past=number)
        replay = _replayed(table, nonce, Revision.Action.CREATED, number)
        if replay is not None:
            return replay, None
        progress = kept_progress(table, number - 1)
        if progress is None:  # not cached: the whole record, once
            datas = list(
                table.deals.filter(removed=False).order_by("number").values_list("data", flat=True)
            )
            upcoming = len(datas) + 1
            if number != upcoming:
                undone = number > upcoming and (
                    table.deals.filter(removed=True, number__gte=upcoming).exists()
                )
                raise Conflict(number, upcoming, undone=undone)
            _record, _sheet, progress = start(record_data(table, datas))
        deal = Deal(table=table, number=number, data=dict(data))
        saved, progress = _saved(deal, progress, table.version + 1, table.first_dealer)
        # the undone deals past it, which the answer lists: read only when there are some
        undone = undone_deals(table, live=number) if table.has_undone_past else []
        saved = replace(saved, undone=undone)
        deal.save()  # only once the rules accepted it (RecordError above)
        _revise(table, deal, Revision.Action.CREATED, dict(data), None, author, nonce)
        version = table.version

        def kept() -> None:
            keep_progress(table, version, progress)
            cache.set(derived.appended_key(table, version), number, PROGRESS_TTL)

        transaction.on_commit(kept)
        return deal, saved


def preview_deal(table: Table, data: Mapping[str, Any], *, number: int) -> Saved:
    """What recording ``data`` as deal ``number`` would write, scored as record_deal scores
    it (from the running score after the last deal, or else from the whole record), and
    nothing saved: no deal, no revision, the table's version as it is. The engine refuses
    what a save would refuse (RecordError); a Conflict when ``number`` is not the next deal."""
    progress = kept_progress(table, number - 1)
    if progress is None:
        datas = list(
            table.deals.filter(removed=False).order_by("number").values_list("data", flat=True)
        )
        upcoming = len(datas) + 1
        if number != upcoming:
            raise Conflict(number, upcoming)
        _record, _sheet, progress = start(record_data(table, datas))
        keep_progress(table, table.version, progress)  # a read may keep what it computed
    deal = Deal(table=table, number=number, data=dict(data))  # never saved
    saved, _after = _saved(deal, progress, table.version, table.first_dealer)
    return saved


def _saved(
    deal: Deal, progress: Progress, version: int, first_dealer: str
) -> tuple[Saved, Progress]:
    """Score ``deal`` from the running score before it."""
    written, tail, after = advance(progress, deal.data)
    result = tail.deals[-1]
    return Saved(
        deal=deal,
        written=written,
        result=result,
        game=tail.games[-1] if result.game_won_by is not None else None,
        sheet=tail,
        upcoming=after.next_deal(first_dealer),
        record=after.record,
        version=version,
    ), after


def kept_saves(
    table: Table, count: int, players: dict[str, str | None] | None = None
) -> list[Saved] | None:
    """The last ``count`` changes of the table, oldest first, when each was a deal added at
    the end: what a page ``count`` versions behind needs (each answer is what that page would
    have got one version behind, so applied in turn they bring it to the current version).
    Otherwise None.

    What each change was comes from the cache, where the save noted it, or else from its
    revision (the save was answered by another process, or before a restart); the running
    score before the first from the cache, or else from the deals before it (one engine
    pass, whose result is then kept for this process's next save and poll)."""
    versions = list(range(table.version - count + 1, table.version + 1))
    if not versions or versions[0] < 1:
        return None
    keys = [derived.appended_key(table, version) for version in versions]
    noted = cache.get_many(keys)  # what this process's saves noted
    numbers = [noted.get(key) for key in keys]
    if not all(isinstance(number, int) for number in numbers):
        numbers = _appended_numbers(table, versions)
    if not numbers or numbers != list(range(numbers[0], numbers[0] + count)):
        return None
    first = numbers[0]
    progress = cache.get(derived.progress_key(table, versions[0] - 1, first - 1))
    recomputed = not (isinstance(progress, Progress) and progress.count == first - 1)
    # with the undone deals that each answer lists (those past its deal), in the same query
    wanted = Q(removed=False) if recomputed else Q(removed=False, number__in=numbers)
    rows = list(
        table.deals.filter(wanted | Q(removed=True, number__gt=first)).order_by("number", "pk")
    )
    removed = [d for d in rows if d.removed]
    if recomputed:
        live = [d for d in rows if not d.removed]
        if len(live) != numbers[-1]:
            return None
        _record, _sheet, progress = start(
            record_data(table, [d.data for d in live[: first - 1]], players)
        )
        deals = {d.number: d for d in live[first - 1 :]}
        if not Table.objects.filter(pk=table.pk, version=table.version).exists():
            return None  # changed since it was read: the deals may be a later version's
    else:
        deals = {d.number: d for d in rows if not d.removed}
        if len(deals) != count:
            return None
    saves = []
    for version, number in zip(versions, numbers, strict=True):
        try:
            saved, progress = _saved(deals[number], progress, version, table.first_dealer)
        except RecordError:  # cannot happen: the deal was saved through these services
            return None
        saves.append(replace(saved, undone=_undone_past(removed, number)))
    if recomputed:
        keep_progress(table, table.version, progress)
        cache.set_many(dict(zip(keys, numbers, strict=True)), PROGRESS_TTL)
    return saves


def _appended_numbers(table: Table, versions: list[int]) -> list[int] | None:
    """The numbers of the deals that made ``versions`` of the table, from their revisions,
    when each of those changes was a deal recorded (added at the end); else None."""
    made = dict(
        Revision.objects.filter(
            deal__table=table, table_version__in=versions, action=Revision.Action.CREATED
        ).values_list("table_version", "deal__number")
    )
    if len(made) != len(versions):
        return None
    return [made[version] for version in versions]


@dataclass(frozen=True)
class TableScreen:
    """What the table screen shows beside the score, read with it: the seats' names now,
    what each corrected deal said before, the undone deals that may come back."""

    state: TableState
    players: dict[str, str | None]
    was: dict[int, Any]
    undone: list[Deal]


def table_screen(table: Table, state: TableState | None = None) -> TableScreen:
    """The whole table as its screen shows it (one engine pass unless ``state`` is given)."""
    state = state or table_state(table)
    return TableScreen(
        state=state,
        players=dict(state.record.players),
        was=corrected_from(state.deals),
        undone=undone_deals(table, live=len(state.deals)),
    )


def change_deal(
    table: Table,
    number: int,
    data: Mapping[str, Any],
    *,
    version: int,
    author: Author,
    nonce: str = "",
    action: str = Revision.Action.EDITED,
    reason: str = "",
) -> Deal:
    """Correct (or void) deal ``number``; everything after it is recomputed. A deal the
    other side confirmed is Locked unless an organiser's ``reason`` comes with the change
    (the caller checks who may give one)."""
    with transaction.atomic():
        table = _locked(table)
        replay = _replayed(table, nonce, action, number)
        if replay is not None:
            return replay
        deals = live_deals(table)
        if not 1 <= number <= len(deals):
            raise Conflict(number)
        deal = deals[number - 1]
        if deal.version != version:
            raise Conflict(number)
        if deal.confirmed and not reason:
            raise Locked(number)
        datas = [d.data for d in deals]
        datas[number - 1] = dict(data)
        _check(table, datas)
        previous = deal.data
        deal.data = dict(data)
        deal.version += 1
        deal.save(update_fields=["data", "version", "updated_at"])
        revision = _revise(table, deal, action, dict(data), previous, author, nonce)
        if deal.confirmed:
            revision.reason = reason[:REASON_LENGTH]
            revision.save(update_fields=["reason"])
        return deal


def void_deal(
    table: Table,
    number: int,
    kind: str,
    *,
    version: int,
    author: Author,
    nonce: str = "",
    reason: str = "",
) -> Deal:
    deal = table.deals.get(removed=False, number=number)
    data: dict[str, Any] = {"void": kind}
    if deal.data.get("dealer"):
        data = {"dealer": deal.data["dealer"], "void": kind}
    return change_deal(
        table,
        number,
        data,
        version=version,
        author=author,
        nonce=nonce,
        action=Revision.Action.VOIDED,
        reason=reason,
    )


def undo_last(
    table: Table, *, number: int, author: Author, nonce: str = "", reason: str = ""
) -> Deal:
    """Withdraw the last deal (kept in the database, marked removed); a confirmed one only
    with an organiser's ``reason`` (else Locked)."""
    with transaction.atomic():
        table = _locked(table)
        replay = _replayed(table, nonce, Revision.Action.UNDONE, number)
        if replay is not None:
            return replay
        deals = live_deals(table)
        if not deals or deals[-1].number != number:
            raise Conflict(number)
        deal = deals[-1]
        if deal.confirmed and not reason:
            raise Locked(number)
        was_confirmed = deal.confirmed
        deal.removed = True
        deal.confirmed = False  # restored, it is the scorer's word again: confirmed anew
        deal.save(update_fields=["removed", "confirmed", "updated_at"])
        revision = _revise(table, deal, Revision.Action.UNDONE, deal.data, deal.data, author, nonce)
        if was_confirmed:
            revision.reason = reason[:REASON_LENGTH]
            revision.save(update_fields=["reason"])
        return deal


def corrected_from(deals: list[Deal]) -> dict[int, Any]:
    """What each corrected deal said before its last correction (deal id -> data), in one
    query."""
    ids = [d.pk for d in deals if d.version > 1]
    if not ids:
        return {}
    rows = (
        Revision.objects.filter(
            deal_id__in=ids, action__in=(Revision.Action.EDITED, Revision.Action.VOIDED)
        )
        .order_by("pk")
        .values_list("deal_id", "previous")
    )
    return {deal_id: previous for deal_id, previous in rows if previous}


def undone_deals(table: Table, live: int | None = None) -> list[Deal]:
    """The deals undone and not recorded again: the last undone of each number past the live
    deals (``live`` of them, counted if not given), in order of number."""
    if live is None:
        live = table.deals.filter(removed=False).count()
    return _undone_past(
        table.deals.filter(removed=True, number__gt=live).order_by("number", "pk"), live
    )


def _undone_past(removed: Iterable[Deal], live: int) -> list[Deal]:
    """Of ``removed`` (undone deals in order of number, then of undoing), the last of each
    number past ``live``."""
    undone: dict[int, Deal] = {}
    for deal in removed:
        if deal.number > live:
            undone[deal.number] = deal
    return list(undone.values())


def restore_deal(table: Table, *, number: int, author: Author, nonce: str = "") -> Deal:
    """Bring back undone deal ``number``, which must be the next deal (nothing recorded in its
    place since); everything is checked with the engine again."""
    with transaction.atomic():
        table = _locked(table)
        replay = _replayed(table, nonce, Revision.Action.RESTORED, number)
        if replay is not None:
            return replay
        datas = list(
            table.deals.filter(removed=False).order_by("number").values_list("data", flat=True)
        )
        if number != len(datas) + 1:
            raise Conflict(number)
        deal = table.deals.filter(removed=True, number=number).order_by("-pk").first()
        if deal is None:
            raise Conflict(number)
        _check(table, [*datas, deal.data])
        deal.removed = False
        deal.save(update_fields=["removed", "updated_at"])
        _revise(table, deal, Revision.Action.RESTORED, deal.data, deal.data, author, nonce)
        return deal


# ---------------------------------------------------------------------------------------------
# Confirmation by the other side (docs/at-the-table.md)

CONFIRMATION_MODES = ("off", "deal", "rubber")
REASON_LENGTH = 200


def keeper_side(table: Table, record: Record) -> str:
    """The side that keeps the record (the table's choice, else the variant's first)."""
    return table.keeper if table.keeper in record.sides else record.sides[0]


def confirming_seats(table: Table, record: Record) -> list[str]:
    """The seats that may confirm: the players not on the keeper's side (never the dummy)."""
    keeper = keeper_side(table, record)
    return [
        seat
        for seat in record.preset.seats
        if seat != record.dummy and record.side_of(seat) != keeper and seat in record.players
    ]


@dataclass(frozen=True)
class Confirmation:
    """Where a table's confirmation stands: the deals the other side is asked to confirm now
    (``due``: every deal not confirmed, or with ``rubber``, those of the rubbers finished),
    the last of them (``upto``: one tap confirms them all), and the others not confirmed yet
    (a rubber in play)."""

    mode: str
    keeper: str
    seats: list[str]
    due: list[int]
    pending: list[int]
    others: tuple[str, ...] = ()  # the sides that confirm

    @property
    def on(self) -> bool:
        return self.mode != "off"

    @property
    def upto(self) -> int:
        return self.due[-1] if self.due else 0


def confirmation(table: Table, state: TableState) -> Confirmation:
    """Which deals of the table wait for the other side (``state``: the table scored)."""
    record = state.record
    if table.confirmation not in ("deal", "rubber"):
        return Confirmation("off", "", [], [], [])
    keeper = keeper_side(table, record)
    open_ = [d.number for d in state.deals if not d.confirmed]
    if table.confirmation == "deal":
        due = open_
    else:
        ends = [d.number for d in state.sheet.deals if d.rubber_won_by is not None]
        if not state.sheet.rubbers:  # a variant without rubbers: its games
            ends = [d.number for d in state.sheet.deals if d.game_won_by is not None]
        last = ends[-1] if ends else 0
        due = [n for n in open_ if n <= last]
    pending = [n for n in open_ if n not in due]
    others = tuple(side for side in record.sides if side != keeper)
    return Confirmation(
        table.confirmation, keeper, confirming_seats(table, record), due, pending, others
    )


def confirm_deals(
    table: Table, *, upto: int, seat: str, author: Author, nonce: str = ""
) -> list[int]:
    """The other side (a player of it, at ``seat``) confirms every deal not confirmed up to
    deal ``upto``; they are locked. Returns their numbers (none for a double tap)."""
    with transaction.atomic():
        table = _locked(table)
        record = table_rules(table)
        if table.confirmation not in ("deal", "rubber"):
            raise Refused(_("This table does not ask for confirmation."), field="seat")
        if seat not in confirming_seats(table, record):
            raise Refused(
                _("Only a player of the other side confirms: choose his seat."), field="seat"
            )
        replay = _replayed(table, nonce, Revision.Action.CONFIRMED, upto)
        if replay is not None:
            return []
        deals = live_deals(table)
        if not 1 <= upto <= len(deals):
            raise Conflict(upto)
        waiting = [d for d in deals[:upto] if not d.confirmed]
        if not waiting:
            return []
        _bump(table)
        for deal in waiting:
            deal.confirmed = True
            deal.save(update_fields=["confirmed", "updated_at"])
        Revision.objects.bulk_create(
            Revision(
                deal=deal,
                action=Revision.Action.CONFIRMED,
                data=deal.data,
                previous=deal.data,
                author=author.user,
                author_label=author.label,
                seat=seat,
                nonce=nonce if deal.number == upto else "",
                table_version=table.version,
            )
            for deal in waiting
        )
        return [d.number for d in waiting]


def reopen_deal(table: Table, *, number: int, seat: str, author: Author, nonce: str = "") -> Deal:
    """The side that confirmed deal ``number`` (a player of it, at ``seat``) opens it again:
    the scorer may correct it, and it waits for their confirmation again."""
    with transaction.atomic():
        table = _locked(table)
        record = table_rules(table)
        if seat not in confirming_seats(table, record):
            raise Refused(
                _("Only a player of the other side reopens a deal: choose his seat."),
                field="seat",
            )
        replay = _replayed(table, nonce, Revision.Action.REOPENED, number)
        if replay is not None:
            return replay
        deal = table.deals.filter(removed=False, number=number).first()
        if deal is None:
            raise Conflict(number)
        if not deal.confirmed:
            return deal
        deal.confirmed = False
        deal.save(update_fields=["confirmed", "updated_at"])
        revision = _revise(
            table, deal, Revision.Action.REOPENED, deal.data, deal.data, author, nonce
        )
        revision.seat = seat
        revision.save(update_fields=["seat"])
        return deal


def set_confirmation(table: Table, mode: str, keeper: str) -> Table:
    """The table's confirmation (``mode``: off, every deal, every rubber) and the side that
    keeps the record; whoever may change it is the caller's to check."""
    if mode not in CONFIRMATION_MODES:
        raise Refused(_("Choose off, every deal or every rubber."), field="confirmation")
    record = table_rules(table)
    if keeper and keeper not in record.sides:
        raise Refused(_("Choose the side that keeps the record."), field="keeper")
    with transaction.atomic():
        table = _locked(table)
        if (table.confirmation, table.keeper) == (mode, keeper):
            return table
        table.confirmation = mode
        table.keeper = keeper
        table.save(update_fields=["confirmation", "keeper", "updated_at"])
        _bump(table)
        return table


def rotate_link(table: Table, which: str, *, author: Author) -> Table:
    """Replace the edit or the read-only link: the old one stops working at once. A new edit
    link also ends the access of everyone who joined through the old one (the owner keeps
    his)."""
    with transaction.atomic():
        table = _locked(table)
        derived.links_replaced(table.edit_token if which == "edit" else table.view_token)
        if which == "edit":
            table.edit_token = new_token()
            table.members.clear()
            action = TableEvent.Action.EDIT_LINK
        elif which == "view":
            table.view_token = new_token()
            action = TableEvent.Action.VIEW_LINK
        else:
            raise ValueError(f"no such link: {which!r}")
        table.save(update_fields=["edit_token", "view_token", "updated_at"])
        TableEvent.objects.create(
            table=table, action=action, author=author.user, author_label=author.label
        )
        return table


# ---------------------------------------------------------------------------------------------
# Records in and out


def export_record(table: Table) -> dict[str, Any]:
    """The table as a record (docs/record-format.md)."""
    return record_data(table)


# A real table never needs more than a few hundred deals (a long club night has ~100): a
# larger record is refused before any work, so no upload can make a page or a PDF unbounded.
MAX_IMPORT_DEALS = 2000
# The largest record file read, by the import page and by ``manage.py import_record`` alike:
# the largest record a table can need (MAX_IMPORT_DEALS deals) is well under a megabyte.
MAX_RECORD_BYTES = 2_000_000


@transaction.atomic
def import_record(
    data: Any, *, owner: AbstractBaseUser | None = None, author: Author | None = None
) -> Table:
    """Create a table from a record, docs/record-format.md (raises RecordError, nothing saved)."""
    if isinstance(data, Mapping) and isinstance(data.get("deals"), list):
        got = len(data["deals"])
        if got > MAX_IMPORT_DEALS:
            raise RecordError(
                f"a record may hold at most {MAX_IMPORT_DEALS} deals, got {got}",
                field="deals",
                code="too-many-deals",
                params={"limit": MAX_IMPORT_DEALS, "got": got},
            )
    record = parse_record(data)
    score(record)  # a record that the scorer refuses is refused whole
    meta = dict(record.meta)
    table = create_table(
        variant=record.variant,
        players=record.players,
        options=dict(data.get("options") or {}),
        dummy=record.dummy or "",
        owner=owner,
        title=str(meta.get("title", "")),
        place=str(meta.get("place", "")),
        # checked by parse_record: YYYY-MM-DD and a real calendar day
        played_on=calendar_date(meta["date"]) if "date" in meta else None,
        **stake_fields(meta),
    )
    author = author or Author.of(owner)
    deals = Deal.objects.bulk_create(
        Deal(table=table, number=number, data=raw)
        for number, raw in enumerate(data["deals"], start=1)
    )
    Revision.objects.bulk_create(
        Revision(
            deal=deal,
            action=Revision.Action.IMPORTED,
            data=deal.data,
            author=author.user,
            author_label=author.label,
            table_version=table.version + 1,  # the one version the import makes
        )
        for deal in deals
    )
    if record.deals:
        _bump(table)
    return table


__all__ = [
    "Author",
    "Conflict",
    "ReusedNonce",
    "RecordError",
    "TableState",
    "add_deal",
    "change_deal",
    "create_table",
    "export_record",
    "import_record",
    "corrected_from",
    "record_data",
    "table_screen",
    "TableScreen",
    "table_state",
    "restore_deal",
    "rotate_link",
    "undo_last",
    "undone_deals",
    "void_deal",
]
