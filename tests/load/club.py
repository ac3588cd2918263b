"""The Django side of the harness: the club night's tables, and the exactly-once check.

Imported only after :func:`setup` has pointed Django at the throwaway database.
"""

from __future__ import annotations

import os
import random
from dataclasses import dataclass
from typing import Any

SEATS = ("N", "E", "S", "W")
TRUMPS = "SHDC"
VARIANT = "russian"
ORGANISER = "load-organiser"


def setup(env: dict[str, str]) -> None:
    os.environ.update(env)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tests.load.settings")
    import django

    django.setup()


def form_deal(number: int, rng: random.Random) -> dict[str, str]:
    """The deal form of a Russian whist table (what the three taps post), for deal
    ``number`` of a table whose first dealer is North."""
    return {
        "number": str(number),
        "dealer": SEATS[(number - 1) % 4],
        "trump": rng.choice(TRUMPS),
        "tricks": str(rng.choice((4, 5, 6, 6, 7, 7, 7, 8, 8, 9, 10))),
        "honours": str(rng.randint(0, 5)),
    }


def deal_data(form: dict[str, str]) -> dict[str, Any]:
    """The deal object (docs/record-format.md) the form gives, as ``DealForm.deal_data`` does."""
    ns, honours = int(form["tricks"]), int(form["honours"])
    return {
        "dealer": form["dealer"],
        "trump": form["trump"],
        "tricks": {"NS": ns, "EW": 13 - ns},
        "honours": {"NS": honours, "EW": 5 - honours},
    }


@dataclass
class LoadTable:
    pk: int
    edit: str
    view: str
    evening: str
    next_number: int


def seed(tables: int, *, start_deals: int, per_night: int, seed: int) -> list[LoadTable]:
    """``tables`` new tables of a club, ``per_night`` to a night, each with ``start_deals``
    deals already written (bulk, as an import leaves them), so that the run starts mid-way
    through an evening."""
    from django.contrib.auth import get_user_model
    from django.db import transaction

    from players.models import Club
    from scorebook.clubs import services as clubs
    from scorebook.rules import parse_record, score
    from scorebook.tables import services
    from scorebook.tables.models import Deal, Revision, Table

    rng = random.Random(seed)
    user_model = get_user_model()
    organiser, _created = user_model.objects.get_or_create(username=ORGANISER)
    club = Club.objects.filter(name="Load club").first() or clubs.create_club(
        user=organiser, name="Load club", variant=VARIANT, language="en"
    )
    made: list[LoadTable] = []
    run = Table.objects.count()
    for start in range(0, tables, per_night):
        count = min(per_night, tables - start)
        with transaction.atomic():
            night = clubs.open_night(
                club,
                name=f"Load night {run + start // per_night + 1}",
                date=_today(),
                author=organiser,
            )
            for i in range(count):
                n = run + start + i
                players = {seat: f"Player {4 * n + k + 1}" for k, seat in enumerate(SEATS)}
                table = clubs.start_table(
                    night, author=organiser, variant=VARIANT, players=players, first_dealer="N"
                )
                datas = [deal_data(form_deal(k, rng)) for k in range(1, start_deals + 1)]
                if datas:
                    score(parse_record(services.record_data(table, datas)))
                    deals = Deal.objects.bulk_create(
                        Deal(table=table, number=k, data=d) for k, d in enumerate(datas, 1)
                    )
                    Revision.objects.bulk_create(
                        Revision(
                            deal=d,
                            action=Revision.Action.IMPORTED,
                            data=d.data,
                            author_label="load",
                        )
                        for d in deals
                    )
                    table.version = 1
                    table.save(update_fields=["version"])
                made.append(
                    LoadTable(
                        table.pk, table.edit_token, table.view_token, night.token, start_deals + 1
                    )
                )
    return made


def _today() -> Any:
    from django.utils import timezone

    return timezone.localdate()


@dataclass
class Check:
    acknowledged: int = 0
    lost: int = 0
    duplicated: int = 0
    wrong: int = 0  # in the database with other data than posted
    unacknowledged: int = 0  # saved, but its client never saw the answer
    # acknowledged only when posted again: saved by an earlier attempt whose answer was lost
    # (the server died after the commit), answered from the nonce
    replayed: int = 0
    details: list[str] | None = None


def check_exactly_once(
    acked: dict[int, dict[int, tuple[str, dict[str, Any], float, int]]],
    first_number: dict[int, int],
) -> Check:
    """Every acknowledged deal (table pk → number → (nonce, data)) is in the database once,
    under its number, with its data; and nothing else was saved during the run."""
    from django.db import connection
    from django.db.models import Count

    from scorebook.tables.models import Deal, Revision

    connection.close()  # a connection from before the kills may be stale
    result = Check(details=[])
    assert result.details is not None
    for pk, deals in acked.items():
        result.acknowledged += len(deals)
        rows = list(Deal.objects.filter(table_id=pk, number__gte=first_number[pk]))
        by_number: dict[int, list[Deal]] = {}
        for row in rows:
            by_number.setdefault(row.number, []).append(row)
        revisions = Revision.objects.filter(deal__table_id=pk).exclude(nonce="")
        nonces = dict(revisions.values_list("nonce").annotate(n=Count("id")))
        saved_at = dict(revisions.values_list("nonce", "created_at"))
        for number, (nonce, data, sent, attempts) in deals.items():
            found = by_number.get(number, [])
            live = [d for d in found if not d.removed]
            if not live or nonce not in nonces:
                result.lost += 1
                result.details.append(f"table {pk} deal {number}: lost")
            elif len(found) > 1 or nonces[nonce] > 1:
                result.duplicated += 1
                result.details.append(
                    f"table {pk} deal {number}: {len(found)} rows, nonce seen {nonces[nonce]} times"
                )
            elif live[0].data != data:
                result.wrong += 1
                result.details.append(f"table {pk} deal {number}: {live[0].data} != {data}")
            elif attempts > 1 and saved_at[nonce].timestamp() < sent:
                result.replayed += 1
        for number in by_number:
            if number not in deals:
                result.unacknowledged += 1
                result.details.append(f"table {pk} deal {number}: saved, never acknowledged")
    return result


def tables_now(pks: list[int]) -> dict[int, tuple[int, tuple[int, ...]]]:
    """Each table's version and the numbers of its live deals, as the database has them now."""
    from django.db import connection

    from scorebook.tables.models import Deal, Table

    connection.close()  # a connection from before the run (and the kills) may be stale
    versions = dict(Table.objects.filter(pk__in=pks).values_list("pk", "version"))
    numbers: dict[int, list[int]] = {pk: [] for pk in pks}
    live = Deal.objects.filter(table_id__in=pks, removed=False).order_by("table_id", "number")
    for pk, number in live.values_list("table_id", "number"):
        numbers[pk].append(number)
    return {pk: (versions[pk], tuple(numbers[pk])) for pk in pks}
