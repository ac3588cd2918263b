"""Moving from global players to club rosters loses nobody's name."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from players.names import name_key

BEFORE = [("players", "0001_player"), ("scorebook", "0001_tables_deals_revisions")]
AFTER = [("players", "0002_clubs_rosters_seasons"), ("scorebook", "0002_evening_club")]


@pytest.mark.django_db(transaction=True)
def test_every_seated_player_keeps_his_name_outside_any_club():
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    old = executor.loader.project_state(BEFORE).apps
    anna = old.get_model("players", "Player").objects.create(name="Anna")
    boris = old.get_model("players", "Player").objects.create(name="Boris")
    table = old.get_model("scorebook", "Table").objects.create(variant="russian")
    seat = old.get_model("scorebook", "Seat")
    seat.objects.create(table=table, seat="N", player=anna)
    seat.objects.create(table=table, seat="E", player=boris)
    evening = old.get_model("scorebook", "Evening").objects.create(name="Old night")

    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(AFTER)
    new = executor.loader.project_state(AFTER).apps

    seats = new.get_model("scorebook", "Seat").objects.filter(table_id=table.pk)
    assert {s.seat: s.player.name for s in seats} == {"N": "Anna", "E": "Boris"}
    assert {s.player.club_id for s in seats} == {None}
    assert new.get_model("scorebook", "Evening").objects.get(pk=evening.pk).club_id is None
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())


NAMES_BEFORE = [("players", "0004_clearer_labels"), ("scorebook", "0003_table_events_restored")]
NAMES_AFTER = [("players", "0005_names_without_invisible_characters")]


@pytest.mark.django_db(transaction=True)
def test_stored_names_lose_the_characters_the_engine_now_refuses():
    executor = MigrationExecutor(connection)
    executor.migrate(NAMES_BEFORE)
    old = executor.loader.project_state(NAMES_BEFORE).apps
    player = old.get_model("players", "Player")
    reversed_anna = player.objects.create(name="\u202eAnna")
    anna = player.objects.create(name="Anna")
    spaced = player.objects.create(name="Vera\u200b Ivanova")
    persian = player.objects.create(name="\u0646\u0627\u0647\u06cc\u062f\u200c\u0647")

    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(NAMES_AFTER)
    new = executor.loader.project_state(NAMES_AFTER).apps

    names = dict(new.get_model("players", "Player").objects.values_list("pk", "name"))
    assert names[anna.pk] == "Anna"
    assert names[reversed_anna.pk] == f"Anna ({reversed_anna.pk})"  # still two players
    assert names[spaced.pk] == "Vera Ivanova"
    assert names[persian.pk] == "\u0646\u0627\u0647\u06cc\u062f\u200c\u0647"  # the joiner kept
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())


@pytest.mark.django_db(transaction=True)
def test_the_tables_of_each_night_are_numbered_in_the_order_they_printed():
    before = [("players", "0004_clearer_labels"), ("scorebook", "0003_table_events_restored")]
    after = [("scorebook", "0004_table_numbers_in_a_night")]
    executor = MigrationExecutor(connection)
    executor.migrate(before)
    old = executor.loader.project_state(before).apps
    club = old.get_model("players", "Club").objects.create(name="Moika", variant="russian")
    night = old.get_model("scorebook", "Evening").objects.create(club=club, name="Friday")
    other = old.get_model("scorebook", "Evening").objects.create(club=club, name="Saturday")
    table = old.get_model("scorebook", "Table")
    tables = [table.objects.create(variant="russian", evening=night, title=t)
              for t in ("Table 1", "", "Table 1")]  # fmt: skip
    lone = table.objects.create(variant="russian", evening=other)
    log = old.get_model("players", "ClubLog")
    for _ in range(4):  # one of the four tables filed into the night has left it since
        log.objects.create(club=club, action="table-filed", detail={"night": night.pk})

    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(after)
    new = executor.loader.project_state(after).apps

    numbered = new.get_model("scorebook", "Table").objects.order_by("pk")
    assert [t.number for t in numbered] == [1, 2, 3, 1]
    assert [t.pk for t in numbered] == [*(t.pk for t in tables), lone.pk]
    counters = dict(
        new.get_model("scorebook", "Evening").objects.values_list("pk", "tables_numbered")
    )
    assert counters == {night.pk: 4, other.pk: 1}
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())


KEYS_BEFORE = [("players", "0005_names_without_invisible_characters"),
               ("scorebook", "0004_table_numbers_in_a_night")]  # fmt: skip
KEYS_AFTER = [("players", "0007_player_key_unique")]


@pytest.mark.django_db(transaction=True)
def test_names_one_in_letter_case_stay_two_players_and_the_later_is_renamed():
    executor = MigrationExecutor(connection)
    executor.migrate(KEYS_BEFORE)
    old = executor.loader.project_state(KEYS_BEFORE).apps
    club = old.get_model("players", "Club").objects.create(name="Moika", variant="russian")
    player = old.get_model("players", "Player")
    # LOWER told these apart on every database ("straße", "strasse"); so did SQLite's LOWER
    # "Вера" and "ВЕРА", where PostgreSQL's depends on the database's locale.
    strasse = player.objects.create(club=club, name="Straße")
    shouting = player.objects.create(club=club, name="STRASSE")
    merged = player.objects.create(club=club, name="strasse", merged_into=strasse)
    elsewhere = player.objects.create(name="STRASSE")  # outside any club: another person
    vera = player.objects.create(club=club, name="ВЕРА")

    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(KEYS_AFTER)
    new = executor.loader.project_state(KEYS_AFTER).apps

    rows = {p.pk: (p.name, p.key) for p in new.get_model("players", "Player").objects.all()}
    assert rows == {
        strasse.pk: ("Straße", "strasse"),
        shouting.pk: (f"STRASSE ({shouting.pk})", f"strasse ({shouting.pk})"),  # not merged
        merged.pk: ("strasse", "strasse"),  # merged entries leave the roster: kept as they were
        elsewhere.pk: ("STRASSE", "strasse"),
        vera.pk: ("ВЕРА", "вера"),
    }
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())


TEXT_BEFORE = [("scorebook", "0004_table_numbers_in_a_night")]
TEXT_AFTER = [("scorebook", "0005_text_without_invisible_characters")]


@pytest.mark.django_db(transaction=True)
def test_stored_titles_places_and_notes_lose_the_characters_the_engine_now_refuses():
    executor = MigrationExecutor(connection)
    executor.migrate(TEXT_BEFORE)
    old = executor.loader.project_state(TEXT_BEFORE).apps
    table = old.get_model("scorebook", "Table")
    deal = old.get_model("scorebook", "Deal")
    reversed_title = table.objects.create(
        variant="russian", title="\u202eFriday", place="Moika\u200b 12", edit_token="a",
        view_token="b",
    )  # fmt: skip
    persian = "\u0646\u0627\u0647\u06cc\u062f\u200c\u0647"  # the joiner stays
    kept = table.objects.create(variant="russian", title=persian, edit_token="c", view_token="d")
    noted = deal.objects.create(table=kept, number=1, data={"trump": "H", "note": "a\u2066b\nc"})
    plain = deal.objects.create(table=kept, number=2, data={"trump": "S"})

    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(TEXT_AFTER)
    new = executor.loader.project_state(TEXT_AFTER).apps

    tables = new.get_model("scorebook", "Table").objects
    assert tables.values_list("title", "place").get(pk=reversed_title.pk) == ("Friday", "Moika 12")
    assert tables.get(pk=kept.pk).title == persian
    deals = dict(new.get_model("scorebook", "Deal").objects.values_list("pk", "data"))
    assert deals == {noted.pk: {"trump": "H", "note": "ab\nc"}, plain.pk: {"trump": "S"}}
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())


LOOKS_BEFORE = [("players", "0008_role_invitations")]
LOOKS_AFTER = [("players", "0009_player_look_alike_keys")]


@pytest.mark.django_db(transaction=True)
def test_names_that_look_the_same_are_keyed_as_one_and_the_later_is_renamed():
    """0009: the keys of players.names. "Aнна" (a Latin A) next to "Анна" was a second entry:
    it stays one, renamed "Name (id)" for an organiser to merge. "m" becomes the key "rn" had
    before: no row meets another's old key on the way."""
    executor = MigrationExecutor(connection)
    executor.migrate(LOOKS_BEFORE)
    old = executor.loader.project_state(LOOKS_BEFORE).apps
    club = old.get_model("players", "Club").objects.create(name="Moika", variant="russian")
    player = old.get_model("players", "Player")

    def made(name, **extra):
        return player.objects.create(name=name, key=" ".join(name.split()).casefold(), **extra)

    m, rn = made("m", club=club), made("rn", club=club)
    anna, latin = made("Анна", club=club), made("Aнна", club=club)
    joiner = made("Ан\u200dна")  # outside any club: another person
    semyon = made("Семён", club=club)

    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(LOOKS_AFTER)
    new = executor.loader.project_state(LOOKS_AFTER).apps

    rows = {p.pk: p.name for p in new.get_model("players", "Player").objects.all()}
    assert rows == {
        m.pk: "m",
        rn.pk: f"rn ({rn.pk})",
        anna.pk: "Анна",
        latin.pk: f"Aнна ({latin.pk})",
        joiner.pk: "Ан\u200dна",
        semyon.pk: "Семён",
    }
    keys = dict(new.get_model("players", "Player").objects.values_list("pk", "key"))
    assert keys[anna.pk] == keys[joiner.pk] == name_key("Анна")
    assert keys[semyon.pk] == name_key("Семен")

    executor.loader.build_graph()
    executor.migrate(LOOKS_BEFORE)  # and back: the keys of letter case
    back = executor.loader.project_state(LOOKS_BEFORE).apps
    assert back.get_model("players", "Player").objects.get(pk=anna.pk).key == "анна"
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())
