"""Derived state: every cache key of the app, and what makes them change.

The deals are the truth; everything shown is derived from them and from the rows around them
(seats and their players' names, the table's title and night, the club). What is kept of it
in a cache (a table's running score, its sheet's HTML, the deal form's fragments, standings,
PDFs, the version a poll compares) is keyed here and nowhere else, from:

- the release (:func:`release`): the installed code, templates, styles and translations, or
  the ``RELEASE`` setting when the deployment names one, so that a new release never serves
  what an old one cached (a shared cache outlives a deploy);
- one stamp per table (:func:`table_stamp`): its id, its creation (a restored database may
  give an old id to a new table) and its version. The version moves with every write that
  changes anything the table shows: a deal recorded, corrected, voided, undone, restored or
  imported, and, through :func:`shown_changed`, a player renamed or merged, the table filed
  into a night, taken out of it or renumbered, its night renamed. A key that also depends on
  something the stamp does not cover (the language, the names read with it) says so itself.

Invalidation is by key, never by deleting: a changed input makes a new key, and old entries
age out. Only the poll's version (:func:`polled_version`) is a value kept under a fixed key,
published after each commit that moves it; and what a player's page is made of (the parts of
the club's rating, his figures, his chart: :func:`rating_slot` and the slots after it) is kept
in fixed places that hold the key it was made under, so that a reader never takes one made
under another.
"""

from __future__ import annotations

import datetime
import hashlib
import secrets
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import Any, Protocol

from django.conf import settings
from django.core.cache import cache as shared_cache
from django.db import transaction
from django.db.models import F, QuerySet, TextField
from django.db.models.functions import Cast
from django.utils import timezone

from scorebook.cache import raise_to


class Stamped(Protocol):
    """What a key reads of a table (scorebook.tables.models.Table): derived state sits below
    the features, so it names only these."""

    pk: Any
    version: int
    created_at: datetime.datetime
    evening_id: int | None


# How long a derived value is kept (it is found again from the deals when it is gone).
TTL = 6 * 3600
# A table's version as the polls read it: published by every write after its commit, and
# read from the database (then kept this long) when missing. With a cache shared by every
# process a write is seen at once; with one cache per process another process sees it within
# this many seconds (a phone polls every 2 s).
POLL_TTL = 60 if getattr(settings, "CACHE_URL", "") else 2


def _files(base: Path, pattern: str) -> list[Path]:
    return sorted(p for p in base.glob(pattern) if p.is_file()) if base.is_dir() else []


@cache
def release() -> str:
    """Names the release this process runs: the ``RELEASE`` setting when the deployment sets
    one (a commit id, say), else a digest of the code, templates, styles, scripts, fonts and
    translations as they are on disk (read once per process)."""
    named = getattr(settings, "RELEASE", "")
    if named:
        return hashlib.blake2b(named.encode(), digest_size=8).hexdigest()
    import weasyprint  # the PDFs' layout engine draws them: its version is part of a release

    root = Path(settings.BASE_DIR)
    digest = hashlib.blake2b(weasyprint.__version__.encode(), digest_size=8)
    read = [
        *_files(root / "scorebook", "**/*.py"),
        *_files(root / "players", "**/*.py"),
        *_files(root / "templates", "**/*.html"),
        *_files(root / "static" / "css", "*.css"),
        *_files(root / "static" / "js", "*.js"),
        *_files(root / "locale", "**/*.mo"),
    ]
    for path in read:
        digest.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes() + b"\0")
    for path in _files(root / "static" / "fonts", "**/*"):  # large: their names and sizes
        digest.update(f"{path.relative_to(root)}:{path.stat().st_size}\0".encode())
    return digest.hexdigest()


def _digest(value: Any, size: int = 12) -> str:
    return hashlib.blake2b(repr(value).encode(), digest_size=size).hexdigest()


def names_digest(players: Mapping[str, str | None]) -> str:
    """The names in the seats, for a key that shows them."""
    return _digest(sorted(players.items()), 8)


# ---------------------------------------------------------------------------------------------
# A table's stamp and the keys built on it


def table_stamp(table: Stamped, version: int | None = None) -> str:
    """One state of one table (at ``version``, by default the one it was read at)."""
    version = table.version if version is None else version
    return f"{table.pk}.{table.created_at.timestamp()}.{version}"


def progress_key(table: Stamped, version: int, count: int) -> str:
    """The running score after the table's first ``count`` deals, at ``version``."""
    return f"progress:{release()}:{table_stamp(table, version)}:{count}"


def appended_key(table: Stamped, version: int) -> str:
    """Which deal the save that made ``version`` added (a poll one version behind)."""
    return f"appended:{release()}:{table_stamp(table, version)}"


def sheet_key(
    table: Stamped, version: int, language: str, players: Mapping[str, str | None], part: str
) -> str:
    """A read-only page's sheet at ``version``: the whole of it, or one version's change."""
    return (
        f"sheet:{release()}:{table_stamp(table, version)}:{language}:{names_digest(players)}:{part}"
    )


def form_key(table: Stamped, players: Mapping[str, str | None], language: str) -> str:
    """The parts of a fresh deal form that never change from deal to deal (revokes, void,
    note): they depend on the table (its variant and options are fixed), the names in the
    seats and the language, not on its version."""
    return f"{release()}:{table.pk}:{table.created_at.timestamp()}:{language}:" + names_digest(
        players
    )


def outcome_key(table: Stamped) -> str:
    """A table's outcome for the ladders (who won what, with whom)."""
    return f"outcome:{release()}:{table_stamp(table)}"


def season_key(season_pk: int, tables: Iterable[Any], parts: Iterable[Any]) -> str:
    """A season's ladder and its best partnerships: its rules (``parts``), and each table's
    stamp, night, date and seating with the players' names (tied players are listed by
    name)."""
    return f"season:{release()}:{season_pk}:{_digest([list(parts), *tables], 16)}"


def stamp_rows(tables: QuerySet[Any], **fields: Any) -> list[tuple[Any, ...]]:
    """Each of ``tables``' stamp as the database holds it, then ``fields`` (expressions, in
    their order): ``(id, creation, version, *fields)``, in one query that builds no model and
    parses no date (a club's rating reads thousands of them on every player's page). The
    creation is read as text: it names the same state as :func:`table_stamp` does."""
    created = Cast("created_at", TextField())
    return list(
        tables.annotate(stamp_created=created, **fields).values_list(
            "pk", "stamp_created", "version", *fields
        )
    )


def rating_keys(club_pk: int, variant: str, parts: Iterable[Iterable[Any]]) -> list[str]:
    """A club's rating over its tables of one variant (all its nights, or one season's),
    rated in parts of consecutive nights, each carried on from the one before: key ``i`` names
    the ratings after part ``i``, so it depends on every table of parts ``0..i`` (each part's
    rows: the tables' stamps, nights and dates, from :func:`stamp_rows`, in ladder order) and
    on nothing later. A chain: each key is a digest of the one before and its part's rows."""
    keys = []
    previous = f"{club_pk}:{variant}"
    for part in parts:
        previous = _digest([previous, *part], 16)
        keys.append(f"rating:{release()}:{previous}")
    return keys


def rating_slot(club_pk: int, variant: str, scope: str, index: int) -> str:
    """Where the ratings after part ``index`` of a club's rating over ``scope`` (its nights, or
    a season's dates) are kept, with the :func:`rating_keys` key they were made under: a fixed
    place, written over when that key changes, so that a night of saves, each followed by a
    player's page, leaves one copy of the part that changed, not one a save. A reader uses
    what it finds there only under its key."""
    return f"rating-part:{release()}:{club_pk}:{variant}:{scope}:{index}"


def rating_history_slot(club_pk: int, variant: str, scope: str, index: int) -> str:
    """Where every player's history in part ``index`` is kept, with its :func:`rating_keys`
    key (see :func:`rating_slot`)."""
    return f"rating-histories:{release()}:{club_pk}:{variant}:{scope}:{index}"


def rating_prefix_slot(club_pk: int, variant: str, scope: str, player_pk: int) -> str:
    """Where a player's history before the last part is kept, with the key of the part before
    the last (see :func:`rating_slot`): a deal saved on the last date leaves it as it is."""
    return f"rating-before-last:{release()}:{club_pk}:{variant}:{scope}:{player_pk}"


def figures_key(player_pk: int, rows: Iterable[Any]) -> str:
    """A player's figures on his page (tables, nights, partners, rubbers...): ``rows`` are
    his tables of the page's scope (:func:`stamp_rows`), whose versions move with their deals,
    seats, names and nights."""
    return f"figures:{release()}:{player_pk}:{_digest(list(rows), 16)}"


def records_key(club_pk: int, variant: str, rows: Iterable[Any]) -> str:
    """The club's records in a variant (biggest rubber, slams, runs, contracts): ``rows`` are
    every table of the club's nights in that variant (:func:`stamp_rows`, with the night and
    its date), whose versions move with their deals, seats, names and nights."""
    return f"records:{release()}:{club_pk}:{variant}:{_digest(list(rows), 16)}"


def player_slot(club_pk: int, variant: str, scope: str, player_pk: int) -> str:
    """Where a player's figures are kept, with their :func:`figures_key` (see
    :func:`rating_slot`)."""
    return f"player-figures:{release()}:{club_pk}:{variant}:{scope}:{player_pk}"


def history_key(*arrays: Any) -> str:
    """A player's rating history (dates as ordinals, ratings as doubles, and beside them μ,
    σ, the wins expected and the results: one array each), for what is drawn from it."""
    return hashlib.blake2b(b"|".join(a.tobytes() for a in arrays), digest_size=16).hexdigest()


def chart_slot(club_pk: int | None, variant: str, scope: str, player_pk: int, language: str) -> str:
    """Where the chart of a player's rating is kept, in a language, with its
    :func:`history_key` (see :func:`rating_slot`)."""
    return f"rating-chart:{release()}:{club_pk}:{variant}:{scope}:{player_pk}:{language}"


def pdf_key(kind: str, pk: int, parts: list[Any]) -> str:
    """A printed PDF: ``parts`` are every row it prints and the options it was asked with."""
    return f"pdf:{release()}:{kind}:{pk}:{_digest(parts, 20)}"


# ---------------------------------------------------------------------------------------------
# What a poll compares


def _token_key(token: str) -> str:
    return f"link:{_digest(token, 16)}"


def _version_key(pk: int) -> str:
    return f"version:{pk}"


def polled_version(token: str) -> int | None:
    """The version of the table behind ``token`` as every process last published it, without
    reading the database or the session; None when not known (then the poll reads the table
    and :func:`remember_version` keeps what it read)."""
    pk = shared_cache.get(_token_key(token))
    if not isinstance(pk, int):
        return None
    version = shared_cache.get(_version_key(pk))
    return version if isinstance(version, int) else None


def remember_version(token: str, table: Stamped) -> None:
    """Keep what a poll read from the database: which table the link opens, and its version
    (``add``: never over a version a write published meanwhile)."""
    shared_cache.add(_token_key(token), table.pk, POLL_TTL)
    shared_cache.add(_version_key(table.pk), table.version, POLL_TTL)


def table_written(table: Stamped) -> None:
    """A write moved the table's version: publish it once the transaction commits (a poll
    must not see a version whose deals it cannot read yet), and its night's."""
    pk, version = table.pk, table.version
    transaction.on_commit(lambda: raise_to(shared_cache, _version_key(pk), version, POLL_TTL))
    if table.evening_id is not None:
        night_changed(table.evening_id)


# A night's overview polls with the version it shows. That version is not stored: it is a
# random name that every write touching the night replaces after its commit (a table's deal,
# a table filed, moved or removed, the night corrected, a name shown at one of its tables);
# a poll that finds none makes one. So no poll ever computes it from the database, and a poll
# racing a write cannot put back an older one.


def _night_key(pk: int) -> str:
    return f"night:{pk}"


def night_changed(*pks: int | None) -> None:
    """Something the overview of these nights shows changed: new versions, on commit."""
    keys = {_night_key(pk): secrets.token_hex(8) for pk in pks if pk is not None}
    if keys:
        transaction.on_commit(lambda: shared_cache.set_many(keys, POLL_TTL))


def night_version(pk: int) -> str:
    """The version of the night's overview, made when there is none."""
    shared_cache.add(_night_key(pk), secrets.token_hex(8), POLL_TTL)
    version = shared_cache.get(_night_key(pk))
    return version if isinstance(version, str) else ""


def polled_night_version(token: str) -> str | None:
    """The version of the overview behind the night's link, from the cache alone (no
    database, no session); None when not known."""
    pk = shared_cache.get(_token_key(token))
    if not isinstance(pk, int):
        return None
    version = shared_cache.get(_night_key(pk))
    return version if isinstance(version, str) else None


def remember_night_link(token: str, pk: int) -> None:
    """Which night the link ``token`` opens (a night's link is never replaced)."""
    shared_cache.add(_token_key(token), pk, TTL)


# The room's screen polls the same version by the night's display link, kept apart from the
# night's own links (a link's characters hold no colon): neither link's poll answers for the other.
def remember_screen_link(token: str, pk: int) -> None:
    """Which night the room's screen link ``token`` shows."""
    remember_night_link(f"screen:{token}", pk)


def polled_screen_version(token: str) -> str | None:
    """The version of the night behind the screen's link ``token``, from the cache alone."""
    return polled_night_version(f"screen:{token}")


def links_replaced(*tokens: str) -> None:
    """Old links of a table no longer open it: forget them once that is committed."""
    keys = [_token_key(t) for t in tokens]
    transaction.on_commit(lambda: shared_cache.delete_many(keys))


def shown_changed(tables: QuerySet[Any]) -> int:
    """Something ``tables`` show changed outside their deals (a name, a title, a night):
    move their versions, so that every key and every poll built on their stamps changes.
    Returns how many tables."""
    pks = list(tables.values_list("pk", flat=True))
    if not pks:
        return 0
    rows = tables.model.objects.filter(pk__in=pks)
    rows.update(version=F("version") + 1, updated_at=timezone.now())
    moved = list(rows.values_list("pk", "version", "evening_id"))
    versions = {_version_key(pk): version for pk, version, _night in moved}

    def publish() -> None:
        for key, version in versions.items():
            raise_to(shared_cache, key, version, POLL_TTL)

    transaction.on_commit(publish)
    night_changed(*{night for _pk, _version, night in moved})
    return len(pks)
