"""The services: every write checks the whole record, keeps a revision and never deletes."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser

from players.models import Player
from scorebook.rules import RecordError
from scorebook.tables import services
from scorebook.tables.models import Deal, Revision, Table
from tests.scorebook.conftest import PLAYERS, add_deals, russian_deal, snapshot

pytestmark = pytest.mark.django_db

GUEST = services.Author(label="guest 1a2b")


def test_a_new_table_has_its_seats_and_nothing_computed(table):
    state = services.table_state(table)

    assert state.next_number == 1
    assert state.next_dealer == "N"
    assert state.below == {"NS": 0, "EW": 0}
    assert state.needed == {"NS": 10, "EW": 10}
    assert state.sheet.games == ()
    assert services.players_of(table) == PLAYERS


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"players": {"N": "Anna", "E": "Boris", "S": "Vera"}}, "players"),
        ({"options": {"gameTarget": 0}}, "options.gameTarget"),
        ({"options": {"trebleInLong": True}}, "options.trebleInLong"),
        ({"dummy": "W"}, "players"),
    ],
)
def test_a_table_the_engine_refuses_is_not_created(kwargs, field):
    arguments = {"variant": "russian", "players": PLAYERS, **kwargs}

    with pytest.raises(RecordError) as error:
        services.create_table(**arguments)

    assert error.value.field == field
    assert not Table.objects.exists()
    assert not Player.objects.exists()


def test_adding_a_deal_writes_the_deal_a_revision_and_bumps_the_version(table):
    deal = services.add_deal(table, russian_deal("N"), number=1, author=GUEST, nonce="n1")

    assert deal.data == russian_deal("N")
    revision = Revision.objects.get()
    assert (revision.action, revision.author_label, revision.nonce) == (
        "created",
        "guest 1a2b",
        "n1",
    )
    assert revision.previous is None
    table.refresh_from_db()
    assert table.version == 1


def test_a_deal_the_engine_refuses_saves_nothing(table_with_deals):
    table = table_with_deals
    before = snapshot(table)
    bad = {**russian_deal("W"), "tricks": {"NS": 9, "EW": 9}}

    with pytest.raises(RecordError) as error:
        services.add_deal(table, bad, number=4, author=GUEST)

    assert (error.value.deal, error.value.field) == (4, "tricks")
    assert snapshot(table) == before


def test_the_same_nonce_saves_once(table):
    first = services.add_deal(table, russian_deal("N"), number=1, author=GUEST, nonce="tap")
    second = services.add_deal(table, russian_deal("N"), number=1, author=GUEST, nonce="tap")

    assert first == second
    assert Deal.objects.count() == 1


def test_the_same_number_twice_is_a_conflict(table):
    services.add_deal(table, russian_deal("N"), number=1, author=GUEST, nonce="a")
    before = snapshot(table)

    with pytest.raises(services.Conflict):
        services.add_deal(table, russian_deal("N", 4), number=1, author=GUEST, nonce="b")

    assert snapshot(table) == before


def test_a_change_needs_the_version_the_device_saw(table_with_deals):
    table = table_with_deals
    deal = table.deals.get(number=2)
    services.change_deal(
        table, 2, russian_deal("E", 7), version=deal.version, author=GUEST, nonce="x"
    )

    with pytest.raises(services.Conflict):
        services.change_deal(
            table, 2, russian_deal("E", 4), version=deal.version, author=GUEST, nonce="y"
        )

    deal.refresh_from_db()
    assert deal.data["tricks"]["NS"] == 7
    assert deal.version == 2


def test_a_change_keeps_what_the_deal_was(table_with_deals):
    table = table_with_deals

    services.change_deal(table, 1, russian_deal("N", 7), version=1, author=GUEST)

    revision = Revision.objects.get(action="edited")
    assert revision.previous == russian_deal("N", 9)
    assert revision.data == russian_deal("N", 7)
    assert revision.changed_fields() == ["tricks"]


def test_void_keeps_the_dealer_and_drops_the_rest(table_with_deals):
    table = table_with_deals
    assert services.table_state(table).sheet.below["EW"] == 4  # 8 tricks in deal 2

    deal = services.void_deal(table, 2, "misdeal", version=1, author=GUEST)

    assert deal.data == {"dealer": "E", "void": "misdeal"}
    assert Revision.objects.filter(deal=deal, action="voided").exists()
    assert services.table_state(table).sheet.below["EW"] == 0


def test_void_of_an_early_deal_that_breaks_the_rotation_is_refused(table_with_deals):
    """A redeal keeps the dealer, so the next deal's dealer is out of turn: refused."""
    table = table_with_deals
    before = snapshot(table)

    with pytest.raises(RecordError) as error:
        services.void_deal(table, 1, "redeal", version=1, author=GUEST)

    assert (error.value.deal, error.value.field) == (2, "dealer")
    assert snapshot(table) == before


def test_undo_marks_the_last_deal_removed_and_nothing_is_deleted(table_with_deals):
    table = table_with_deals

    services.undo_last(table, number=3, author=GUEST)
    services.undo_last(table, number=2, author=GUEST)

    assert Deal.objects.filter(table=table).count() == 3
    assert list(Deal.objects.filter(removed=True).values_list("number", flat=True)) == [2, 3]
    assert Revision.objects.filter(action="undone").count() == 2
    state = services.table_state(table)
    assert state.next_number == 2
    assert state.next_dealer == "E"
    assert services.export_record(table)["deals"] == [russian_deal("N", 9)]


def test_undo_of_anything_but_the_last_deal_is_a_conflict(table_with_deals):
    before = snapshot(table_with_deals)

    with pytest.raises(services.Conflict):
        services.undo_last(table_with_deals, number=2, author=GUEST)

    assert snapshot(table_with_deals) == before


def test_the_same_undo_twice_undoes_once(table_with_deals):
    services.undo_last(table_with_deals, number=3, author=GUEST, nonce="u")
    services.undo_last(table_with_deals, number=3, author=GUEST, nonce="u")

    assert Deal.objects.filter(removed=True).count() == 1


def test_a_signed_in_author_is_the_user(owner):
    author = services.Author.of(owner, "guest 1")

    assert (author.user, author.label) == (owner, "olga")


def test_an_anonymous_author_is_the_device():
    assert services.Author.of(AnonymousUser(), "guest 7") == services.Author(label="guest 7")


def test_the_special_suit_is_asked_at_the_start_of_every_game():
    table = services.create_table(variant="special-suit", players=PLAYERS, first_dealer="N")
    assert services.table_state(table).asks_special

    deal = {**russian_deal("N", 8, 3, "S"), "special_suit": "S"}
    services.add_deal(table, deal, number=1, author=GUEST)
    state = services.table_state(table)
    assert not state.asks_special
    assert state.special == "S"

    # doubled as trumps: 2 odd tricks x 2 x 2 = 8 + 8 wins the game
    services.add_deal(table, russian_deal("E", 8, 3, "S"), number=2, author=GUEST)
    assert services.table_state(table).asks_special


def test_the_record_of_a_three_handed_table_names_the_dummy():
    table = services.create_table(
        variant="russian", players={**PLAYERS, "W": None}, dummy="W", first_dealer="N"
    )
    add_deals(table, 8)

    record = services.export_record(table)

    assert record["dummy"] == "W"
    assert record["players"] == {"N": "Anna", "E": "Boris", "S": "Vera"}


def test_importing_a_refused_record_leaves_nothing():
    record = {
        "format": "whist-record/1",
        "variant": "russian",
        "players": PLAYERS,
        "deals": [russian_deal("N"), russian_deal("N")],
    }

    with pytest.raises(RecordError):
        services.import_record(record)

    assert not Table.objects.exists()
    assert not Deal.objects.exists()
    assert not Player.objects.exists()
