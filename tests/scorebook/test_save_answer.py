"""A save scores one deal from the running score, and its answer carries only what changed;
a watcher one version behind gets the same; a read-only sheet is rendered once per version."""

from __future__ import annotations

import random
import re

import pytest
from django.core.cache import cache
from django.db import connection
from django.forms.boundfield import BoundField
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scorebook.tables import services
from scorebook.tables.models import Table
from scorebook.tables.views.tables import DELTA_VERSIONS
from tests.scorebook.conftest import (
    FIRST_DEAL,
    PLAYERS,
    SEATS,
    deal_form,
    edit_form,
    russian_deal,
)

pytestmark = pytest.mark.django_db

FORM = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "deal-form"}
LIVE_DEALS = 'NOT "scorebook_deal"."removed"'  # a query that reads every live deal


def imported(deals: int, variant: str = "russian", seed: int = 1) -> Table:
    rng = random.Random(seed)
    record = {
        "format": "whist-record/1",
        "variant": variant,
        "players": PLAYERS,
        "deals": [
            russian_deal(SEATS[i % 4], rng.choice([4, 6, 7, 8, 9]), rng.choice([1, 2, 3]))
            for i in range(deals)
        ],
    }
    return services.import_record(record)


def part(html: str, pattern: str) -> str:
    """What ``pattern`` finds, its one-time values (the undo form's nonce and CSRF token, new
    in every answer) blanked."""
    found = re.search(pattern, html, re.S)
    assert found, pattern
    text = re.sub(r'name="(csrfmiddlewaretoken|nonce)" value="[^"]*"', r'name="\1"', found.group(0))
    return re.sub(r"\s+", " ", text).replace(' hx-swap-oob="true"', "")


def whole_sheet(client, table: Table) -> str:
    """The sheet rendered from every deal (no version: never from the cache)."""
    return client.get(reverse("table_sheet", args=[table.edit_token])).content.decode()


def save(client, table: Table, **fields) -> tuple[str, list[str]]:
    form = deal_form(table, **fields)
    with CaptureQueriesContext(connection) as queries:
        response = client.post(reverse("deal_add", args=[table.edit_token]), form, **FORM)
    assert response.status_code == 200, response.content
    return response.content.decode(), [q["sql"] for q in queries]


def test_a_save_from_the_page_scores_one_deal_and_reads_no_earlier_one(client):
    table = imported(60)
    client.get(reverse("table", args=[table.edit_token]))  # the page: the running score kept

    answer, queries = save(client, table)

    assert not [q for q in queries if LIVE_DEALS in q and '"scorebook_deal"."data"' in q]
    outer = [re.sub(r"EXISTS\(.*?\) AS", "", q) for q in queries if q.startswith("SELECT")]
    reads = [q.split(" FROM ")[1].split()[0] for q in outer]
    assert reads.count('"scorebook_table"') == 2  # found by its link, then locked
    assert reads.count('"scorebook_seat"') == 1
    assert reads.count('"scorebook_deal"') == 0  # no deal: nor the undone ones, there are none
    assert '<li value="61">' in answer and 'value="60"' not in answer
    assert 'id="deal-form"' in answer and "Deal 62" in answer and "Deal 61 saved." in answer
    assert '<section id="sheet"' not in answer  # the rest of the sheet stays as it is
    assert answer.count("hx-swap-oob") >= 6


def test_without_the_running_score_a_save_scores_the_whole_table_once(client):
    table = imported(20)
    form = deal_form(table)
    from django.core.cache import cache

    cache.clear()  # as after a restart
    with CaptureQueriesContext(connection) as queries:
        client.post(reverse("deal_add", args=[table.edit_token]), form, **FORM)

    whole = [q for q in queries if LIVE_DEALS in q["sql"] and '"scorebook_deal"."data"' in q["sql"]]
    assert len(whole) == 1
    assert table.deals.filter(number=21, removed=False).exists()


@pytest.mark.parametrize("variant", ["russian", "anfilada", "special-suit"])
def test_each_answer_shows_what_the_whole_sheet_shows_after_it(
    client, variant, django_capture_on_commit_callbacks
):
    table = imported(0, variant)
    rng = random.Random(variant)
    client.get(reverse("table", args=[table.edit_token]))
    for _ in range(14):
        fields = {"tricks": rng.choice([3, 5, 7, 8, 10, 12]), "honours": rng.choice([1, 3, 4])}
        if variant == "special-suit" and services.table_state(table).asks_special:
            fields["special_suit"] = "S"
        with django_capture_on_commit_callbacks(execute=True):
            answer, _queries = save(client, table, **fields)
        sheet = whole_sheet(client, table)
        for pattern in (
            r'<tfoot id="pad-totals".*?</tfoot>',
            r'<div id="results".*?</div>',
            r'<p class="needed" id="needed".*?</p>',
        ):
            assert part(answer, pattern) == part(sheet, pattern)
        last = part(answer, r'<li value="\d+">.*?</li>')
        assert last in part(sheet, r'<ol class="deal-log" id="deal-log">.*?</ol>')
        for zone in ("above", "below"):
            added = part(answer, rf'hx-swap-oob="beforeend:#pad-{zone}">(.*?)</tbody>')
            rows = added.split(">", 1)[1].removesuffix("</tbody>").strip()
            whole = part(sheet, rf'<tbody class="{zone}" id="pad-{zone}">.*?</tbody>')
            assert whole.removesuffix("</tbody>").rstrip().endswith(rows or ">")


def test_a_correction_starts_again_from_the_whole_record(client):
    table = imported(12)
    client.get(reverse("table", args=[table.edit_token]))  # the running score after 12 deals
    client.post(reverse("deal_edit", args=[table.edit_token, 2]), edit_form(table, 2, tricks=13))

    answer, _queries = save(client, table)

    assert part(answer, r'<tfoot id="pad-totals".*?</tfoot>') == part(
        whole_sheet(client, table), r'<tfoot id="pad-totals".*?</tfoot>'
    )


def test_a_watcher_one_deal_behind_gets_only_that_deal(client, django_capture_on_commit_callbacks):
    table = imported(30)
    seen = table.version
    client.get(reverse("table", args=[table.view_token]))
    with django_capture_on_commit_callbacks(execute=True):  # the save notes what it added
        save(client, table)

    response = client.get(reverse("table_sheet", args=[table.view_token]), {"v": seen})

    answer = response.content.decode()
    assert response["HX-Reswap"] == "none"
    assert '<li value="31">' in answer and '<li value="30">' not in answer
    assert f'data-version="{seen + 1}"' in answer
    assert "deal-form" not in answer  # a watcher gets no form


@pytest.mark.parametrize("behind", [1, 2, DELTA_VERSIONS])
def test_later_watchers_a_few_deals_behind_get_the_changes_from_the_cache(
    client, django_capture_on_commit_callbacks, behind
):
    table = imported(30)
    seen = table.version
    with django_capture_on_commit_callbacks(execute=True):
        for _ in range(behind):
            save(client, table)
    url = reverse("table_sheet", args=[table.view_token])
    first = client.get(url, {"v": seen})

    with CaptureQueriesContext(connection) as queries:
        again = client.get(url, {"v": seen})

    assert again.content == first.content and again["HX-Reswap"] == "none"
    ours = [q for q in queries if "django_session" not in q["sql"]]  # the test's session
    assert len(ours) == 2  # the table, then its players' names; no kept save read
    assert client.get(url, {"v": seen + 1}).content != first.content  # another version's


def test_a_watcher_two_deals_behind_gets_both_deals_in_turn(
    client, django_capture_on_commit_callbacks
):
    table = imported(30)
    seen = table.version
    with django_capture_on_commit_callbacks(execute=True):
        save(client, table)
        save(client, table)

    answer = client.get(reverse("table_sheet", args=[table.view_token]), {"v": seen})

    page = answer.content.decode()
    assert answer["HX-Reswap"] == "none"
    assert '<section id="sheet"' not in page and '<li value="30">' not in page
    assert page.index('<li value="31">') < page.index('<li value="32">')
    # htmx swaps the out-of-band parts in order: the last of each is what the page keeps
    polls = re.findall(r'<div id="sheet-poll"[^>]*data-version="(\d+)"', page)
    assert polls[-1] == str(seen + 2)
    totals = re.findall(r'<tfoot id="pad-totals".*?</tfoot>', page, re.S)
    assert part(totals[-1], r".*") == part(
        whole_sheet(client, table), r'<tfoot id="pad-totals".*?</tfoot>'
    )


def correct_deal_3(client, table: Table) -> None:
    services.change_deal(
        table, 3, russian_deal(SEATS[2], 5), version=table.version,
        author=services.Author(label="test"),
    )  # fmt: skip
    table.refresh_from_db()


@pytest.mark.parametrize(
    "changes",
    [[save] * (DELTA_VERSIONS + 1), [save, correct_deal_3]],
    ids=["too many deals behind", "two behind, one a correction"],
)
def test_a_watcher_further_behind_gets_the_whole_sheet(
    client, django_capture_on_commit_callbacks, changes
):
    table = imported(30)
    seen = table.version
    with django_capture_on_commit_callbacks(execute=True):
        for change in changes:
            change(client, table)

    answer = client.get(reverse("table_sheet", args=[table.view_token]), {"v": seen})

    page = answer.content.decode()
    assert page.lstrip().startswith('<section id="sheet"') and '<li value="1">' in page
    assert not answer.has_header("HX-Reswap")


def test_every_watcher_after_the_first_gets_the_read_only_sheet_from_the_cache(client):
    table = imported(60)
    url = reverse("table_sheet", args=[table.view_token])
    first = client.get(url)

    with CaptureQueriesContext(connection) as queries:
        again = client.get(url)

    assert again.content == first.content
    assert not [q for q in queries if "scorebook_deal" in q["sql"]]


def test_a_renamed_player_is_never_served_from_an_older_cached_sheet(client):
    table = imported(10)
    url = reverse("table_sheet", args=[table.view_token])
    client.get(url)
    seat = table.seats.get(seat="N")
    seat.player.name = "Anastasia"
    seat.player.save()

    assert "Anastasia" in client.get(url).content.decode()


def test_the_save_answer_is_in_the_pages_language(client):
    table = imported(5)
    client.get(reverse("table", args=[table.edit_token]))
    with CaptureQueriesContext(connection):
        response = client.post(
            reverse("deal_add", args=[table.edit_token]),
            deal_form(table),
            HTTP_ACCEPT_LANGUAGE="ru",
            **FORM,
        )

    assert "Сдача 6 сохранена." in response.content.decode()


def test_the_unchanging_part_of_a_fresh_form_is_cached_per_language(client):
    # The revoke, void and note part of the next deal's form is rendered once per table,
    # language and names: a Russian page after an English one must not get the English part
    table = imported(3)
    page = reverse("table", args=[table.edit_token])
    add = reverse("deal_add", args=[table.edit_token])

    english = client.get(page, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    russian = client.get(page, HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    answer = client.post(add, deal_form(table), HTTP_ACCEPT_LANGUAGE="ru", **FORM)

    assert "Revoke (renonce) by" in english and "Ренонс сделал" not in english
    assert "Ренонс сделал" in russian and "Revoke (renonce) by" not in russian
    assert "Ренонс сделал" in answer.content.decode()


def test_a_refused_form_keeps_its_revokes_whatever_was_cached(client):
    table = imported(3)
    page = reverse("table", args=[table.edit_token])
    client.get(page)  # a fresh form: its revoke part is cached
    data = deal_form(table, trump=None, revoke1_seat="N", revoke1_penalty="add")  # no trump

    answer = client.post(reverse("deal_add", args=[table.edit_token]), data, **FORM)

    html = answer.content.decode()
    assert answer.status_code == 422
    assert re.search(r'<details class="more"[^>]* open', html)
    assert re.search(r'<option value="N" selected>', html)


def test_a_refused_save_clears_the_last_saves_message(client):
    table = imported(3)
    saved = client.post(reverse("deal_add", args=[table.edit_token]), deal_form(table), **FORM)
    assert "Deal 4 saved." in saved.content.decode()  # shown in #flash, above the form

    refused = client.post(
        reverse("deal_add", args=[table.edit_token]), deal_form(table, trump=None), **FORM
    )

    html = refused.content.decode()
    assert refused.status_code == 422
    assert re.search(r'<div id="flash" hx-swap-oob="innerHTML">\s*</div>', html)
    assert 'id="deal-form"' in html and "field-error" in html


def test_a_watcher_served_by_another_process_still_gets_only_that_deal(
    client, django_capture_on_commit_callbacks
):
    """The process that saved noted the deal in its own cache; another one (another gunicorn
    worker, or after a restart) learns it from the deal's revision."""
    table = imported(30)
    seen = table.version
    with django_capture_on_commit_callbacks(execute=True):
        save(client, table)
    url = reverse("table_sheet", args=[table.view_token])
    here = client.get(url, {"v": seen}).content
    cache.clear()  # the other process: nothing of that save in its cache

    with CaptureQueriesContext(connection) as queries:
        there = client.get(url, {"v": seen})

    assert there["HX-Reswap"] == "none" and there.content == here
    # the table, its names, which deal made the version, the deals, the version again
    assert len([q for q in queries if "django_session" not in q["sql"]]) == 5
    # what it scored is kept: its next save reads no earlier deal
    _answer, reads = save(client, table)
    assert not [q for q in reads if LIVE_DEALS in q and '"scorebook_deal"."data"' in q]


def test_a_page_behind_gets_the_same_changes_whichever_process_answers(
    client, django_capture_on_commit_callbacks
):
    table = imported(30)
    seen = table.version
    url = reverse("table_sheet", args=[table.view_token])
    with django_capture_on_commit_callbacks(execute=True):
        save(client, table)
        one = client.get(url, {"v": seen}).content  # noted then, at its version
        save(client, table)
        save(client, table)
    from_cache = client.get(url, {"v": seen}).content
    cache.clear()

    from_revisions = client.get(url, {"v": seen}).content

    assert from_cache == from_revisions and from_cache.startswith(one)
    polls = re.findall(r'<div id="sheet-poll"[^>]*data-version="(\d+)"', from_cache.decode())
    assert polls == [str(seen + 1), str(seen + 2), str(seen + 3)]


def test_changes_read_while_the_table_changes_again_are_not_served(client):
    """The deals are read after the table: if a write came between, they may be a later
    version's, so the page gets the whole sheet (and the next poll the rest)."""
    table = imported(30)
    services.add_deal(
        table, russian_deal(SEATS[2], 8), number=31, author=services.Author(label="t")
    )
    stale = Table.objects.get(pk=table.pk)
    correct_deal_3(client, table)  # a write after the poll read the table
    cache.clear()

    assert services.kept_saves(stale, 1) is None
    table.refresh_from_db()
    assert services.kept_saves(Table.objects.get(pk=table.pk), 1) is None  # a correction


def test_a_revision_names_the_version_its_change_made():
    table = imported(3)
    services.add_deal(table, russian_deal(SEATS[3], 8), number=4, author=services.Author(label="t"))
    correct_deal_3(None, table)
    services.undo_last(table, number=4, author=services.Author(label="t"))

    made = list(
        services.Revision.objects.filter(deal__table=table)
        .order_by("pk")
        .values_list("action", "table_version")
    )
    assert made == [("imported", 1)] * 3 + [("created", 2), ("edited", 3), ("undone", 4)]


@pytest.mark.parametrize("elsewhere", [False, True], ids=["same process", "another process"])
def test_a_watcher_behind_sees_the_undone_deals_past_the_new_one(
    client, django_capture_on_commit_callbacks, elsewhere
):
    table = imported(30)
    for number in (30, 29):
        services.undo_last(table, number=number, author=services.Author(label="t"))
        table.refresh_from_db()
    seen = table.version
    with django_capture_on_commit_callbacks(execute=True):
        save(client, table)  # deal 29 again: deal 30 stays undone
    if elsewhere:
        cache.clear()

    with CaptureQueriesContext(connection) as queries:
        answer = client.get(reverse("table_sheet", args=[table.view_token]), {"v": seen})
    deal_reads = [q for q in queries if 'FROM "scorebook_deal"' in q["sql"]]

    assert answer["HX-Reswap"] == "none"
    after = r'<div id="after-log".*?</div>'
    whole = client.get(reverse("table_sheet", args=[table.view_token])).content.decode()
    assert part(answer.content.decode(), after) == part(whole, after)
    assert '<li value="30">' in part(answer.content.decode(), after)
    assert len(deal_reads) == 1  # the new deal, the deals before it, the undone: one query


def test_a_save_answer_lists_the_undone_deals_past_the_new_one(client):
    table = imported(30)
    client.get(reverse("table", args=[table.edit_token]))
    for number in (30, 29):
        services.undo_last(table, number=number, author=services.Author(label="t"))
    table.refresh_from_db()

    answer, _queries = save(client, table)  # deal 29 again: deal 30 stays undone

    after = r'<div id="after-log".*?</div>'
    assert part(answer, after) == part(whole_sheet(client, table), after)
    assert "Restore deal 30" in part(answer, after)  # the next deal: it may come back


def test_the_taps_of_a_fresh_form_are_rendered_once_per_table_and_language(client, monkeypatch):
    # The trump, tricks and honours strips of every next deal's form are the same: a save's
    # answer takes them from the cache, and builds no radio button of them again.
    table = imported(5)
    client.get(reverse("table", args=[table.edit_token]))  # the page: the fresh form cached
    built: list[str] = []
    iterate = BoundField.__iter__
    monkeypatch.setattr(
        BoundField, "__iter__", lambda field: built.append(field.name) or iterate(field)
    )

    answer, _queries = save(client, table, tricks=9)

    assert not {"trump", "tricks", "honours"} & set(built)
    form = part(answer, r'<form id="deal-form".*?</form>')
    assert re.search(r'name="tricks" value="9" id="[^"]*">', form)  # not tapped any more
    assert 'name="tricks" value="9" id="id_tricks_9" checked' not in form
    assert re.search(r'name="honours" value="" id="[^"]*" checked data-default', form)


def test_the_cached_taps_follow_the_dealer_of_the_next_deal(client):
    # Progulochny's contract names the dealer's pair as the declarers: the part cached per
    # table must still show the pair of the next deal's dealer.
    players = {seat: name for seat, name in PLAYERS.items()}
    table = services.create_table(variant="progulochny", players=players, first_dealer="N")
    page = client.get(reverse("table", args=[table.edit_token])).content.decode()
    assert re.search(r'<strong data-dealer="N">', page)
    deal = {"number": 1, "nonce": "first", "dealer": "N", **FIRST_DEAL["progulochny"]}

    answer = client.post(reverse("deal_add", args=[table.edit_token]), deal, **FORM)

    html = answer.content.decode()
    assert answer.status_code == 200 and "Deal 2" in html
    assert re.search(r'<strong data-dealer="E">', html)
    assert re.search(r'<strong data-dealer="N" hidden>', html)
