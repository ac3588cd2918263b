"""The roster kept tidy (issue 29): archived players, guests, and a player's data erased.

The cast and the club are test_clubs.py's: ``organiser`` runs the club "Moika 12" (in
Russian), ``member`` has a member's role, ``stranger`` has none.
"""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse

from players.models import ClubLog, Player
from scorebook.clubs import services as clubs
from scorebook.clubs import standings
from scorebook.tables import services
from scorebook.tables.models import Seat, Table
from tests.scorebook.test_clubs import NIGHT_DATE, TABLE_1, TABLE_2, _season, play, seat_table

pytestmark = pytest.mark.django_db


# test_clubs.py's cast, under the club's names.
@pytest.fixture
def organiser(owner):
    return owner


@pytest.fixture
def stranger(outsider):
    return outsider


@pytest.fixture
def club(organiser, member):
    club = clubs.create_club(user=organiser, name="Moika 12", variant="russian", language="ru")
    clubs.give_role(club, member.username, clubs.MEMBER, author=organiser)
    clubs.answer_invitation(club, member, accept=True)
    return club


@pytest.fixture
def night(club, organiser):
    return clubs.open_night(club, name="Friday", date=NIGHT_DATE, author=organiser)


def ladder_of(season):
    return {r["name"]: r for r in standings.season_standings(season).rows()}


def post_roster(client, club, action, player):
    return client.post(
        reverse("roster", args=[club.token]), {"action": action, "player": player.pk}
    )


def main(page: str) -> str:
    return page.split("<main")[1].split("</main>")[0]


def datalist(page: str) -> str:
    return page.split('id="known-players"')[1].split("</datalist>")[0]


# ---------------------------------------------------------------------------------------------
# Archived players


def test_an_archived_player_is_offered_nowhere_and_listed_apart(client, club, night, organiser):
    seat_table(night, organiser, TABLE_1)
    anna = club.roster.get(name="Anna")
    client.force_login(organiser)

    response = post_roster(client, club, "archive", anna)

    assert response.status_code == 302
    anna.refresh_from_db()
    assert anna.archived
    names = datalist(client.get(reverse("night_table", args=[night.token, "russian"])).text)
    assert '<option value="Anna">' not in names and '<option value="Boris">' in names
    roster = client.get(reverse("roster", args=[club.token])).text
    listed, archive = roster.split('id="id_merge-source"')[0], roster.split("<h2>")[-1]
    merge = roster.split('id="id_merge-source"')[1].split("</select>")[0]
    assert "Anna" not in listed.split('class="my-tables roster"')[1]
    assert f'value="{anna.pk}"' not in merge and "Boris" in merge
    assert archive.startswith("В архиве") or archive.startswith("Archived")
    assert "<bdi>Anna</bdi>" in archive and 'value="unarchive"' in archive
    line = club.log.get(action=ClubLog.Action.PLAYER_ARCHIVED)
    assert (line.detail, line.author) == ({"player": anna.pk, "name": "Anna"}, organiser)


def test_an_archived_player_is_not_suggested_outside_clubs_either(client, club, night, organiser):
    """A club table opened by this browser's account names its players in the suggestions of
    a table outside clubs; an archived one is left out there too."""
    client.force_login(organiser)
    seat_table(night, organiser, TABLE_1)
    clubs.archive_player(club.roster.get(name="Anna"), author=organiser)

    names = datalist(client.get(reverse("new_table", args=["russian"])).text)

    assert '<option value="Anna">' not in names and '<option value="Boris">' in names


def test_an_archived_players_name_typed_at_a_table_seats_him_again(client, club, night, organiser):
    seat_table(night, organiser, TABLE_1)
    anna = club.roster.get(name="Anna")
    clubs.archive_player(anna, author=organiser)

    table = seat_table(night, organiser, {**TABLE_2, "N": "anna"})

    assert table.seats.get(seat="N").player_id == anna.pk
    anna.refresh_from_db()
    assert anna.archived  # he stays in the archive until an organiser brings him back
    assert club.roster.filter(key=anna.key).count() == 1


def test_a_name_in_the_archive_is_refused_saying_where_it_is(club, night, organiser):
    seat_table(night, organiser, TABLE_1)
    clubs.archive_player(club.roster.get(name="Anna"), author=organiser)

    with pytest.raises(clubs.ClubError, match="in the roster's archive") as refused:
        clubs.add_player(club, "ANNA", author=organiser)
    assert refused.value.field == "name"


def test_an_archived_player_keeps_his_ladder_line_and_his_page(client, club, night, organiser):
    season = _season(club, "total")
    play(seat_table(night, organiser, TABLE_1), 9, 9, 4)
    before = ladder_of(season)
    anna = club.roster.get(name="Anna")
    player_page = reverse("club_player", args=[club.token, anna.pk])
    page_before = main(client.get(player_page).text)

    clubs.archive_player(anna, author=organiser)

    assert ladder_of(season) == before and "Anna" in before
    assert main(client.get(player_page).text) == page_before  # the public link still shows him
    assert "Anna" in client.get(reverse("season", args=[club.token, season.pk])).text


def test_an_archived_player_is_brought_back_and_the_history_says_so(client, club, night, organiser):
    seat_table(night, organiser, TABLE_1)
    anna = club.roster.get(name="Anna")
    clubs.archive_player(anna, author=organiser)
    client.force_login(organiser)

    response = post_roster(client, club, "unarchive", anna)

    anna.refresh_from_db()
    assert response.status_code == 302 and not anna.archived
    assert club.log.filter(action=ClubLog.Action.PLAYER_UNARCHIVED, detail__player=anna.pk).exists()
    history = client.get(reverse("club", args=[club.token])).text
    assert "игрок убран в архив" in history or "player archived" in history


# ---------------------------------------------------------------------------------------------
# Guests


def test_a_guest_is_added_under_a_free_name_only_and_logged(club, night, organiser):
    seat_table(night, organiser, TABLE_1)

    guest = clubs.add_guest(club, "  Oskar   Wilde ", author=organiser)

    assert (guest.name, guest.guest, guest.club) == ("Oskar Wilde", True, club)
    line = club.log.get(action=ClubLog.Action.GUEST_ADDED)
    assert line.detail == {"player": guest.pk, "name": "Oskar Wilde"}
    with pytest.raises(clubs.ClubError) as refused:
        clubs.add_guest(club, "vera", author=organiser)
    assert refused.value.message == "This name looks the same as “Vera”, already in the roster."
    assert refused.value.field == "name"


def _with_a_guest(club, night, organiser, **season):
    """Gleb, a guest, wins with Boris at the night's only table; Anna and Vera lose."""
    guest = clubs.add_guest(club, "Gleb", author=organiser)
    play(seat_table(night, organiser, TABLE_1), 4, 4, 4)
    return guest, _season(club, "total", **season)


def test_a_season_leaves_guests_out_and_says_how_many(client, club, night, organiser):
    guest, season = _with_a_guest(club, night, organiser)

    rows = ladder_of(season)
    page = client.get(reverse("season", args=[club.token, season.pk])).text

    assert set(rows) == {"Anna", "Boris", "Vera"}
    # His table counts for the others: Boris won it with him.
    assert rows["Boris"]["value"] > 0 and rows["Anna"]["value"] < 0
    assert rows["Boris"]["rank"] == 1  # ranked again among those shown
    assert "Gleb" not in page
    assert "1 гость не учтён" in page or "1 guest left out" in page


def test_a_season_that_includes_guests_ranks_and_tags_them(client, club, night, organiser):
    guest, season = _with_a_guest(club, night, organiser, include_guests=True)

    rows = ladder_of(season)
    page = client.get(reverse("season", args=[club.token, season.pk]), HTTP_ACCEPT_LANGUAGE="en")

    assert set(rows) == {"Anna", "Boris", "Vera", "Gleb"} and rows["Gleb"]["guest"]
    assert rows["Gleb"]["rank"] == rows["Boris"]["rank"] == 1
    gleb = page.text.split("<bdi>Gleb</bdi>")[1].split("</td>")[0]
    assert '<span class="tag">guest</span>' in gleb
    assert "left out" not in page.text and "guests included" in page.text


def test_the_same_ladder_with_and_without_the_guests_lines(club, night, organiser):
    guest, season = _with_a_guest(club, night, organiser)
    without = ladder_of(season)
    season.include_guests = True
    season.save()

    with_guests = ladder_of(season)  # a new key: the season's setting is in it

    assert "Gleb" in with_guests
    assert {n: r["value"] for n, r in without.items()} == {
        n: r["value"] for n, r in with_guests.items() if n != "Gleb"
    }


def test_ranks_are_given_again_without_the_guests_lines():
    from players.ladder import Ladder, Standing

    def line(player, rank):
        return Standing(
            rank=rank, player=player, value=0.0, sessions=1, partners=0, qualified=rank is not None
        )

    ladder = Ladder(
        "total", "russian", 1, (line(1, 1), line(2, 2), line(3, 2), line(4, 4), line(5, None))
    )

    kept = standings.without(ladder, {1})

    assert [(s.player, s.rank) for s in kept.standings] == [(2, 1), (3, 1), (4, 3), (5, None)]


def test_a_guest_made_a_roster_player_joins_the_season_and_loses_his_tag(
    client, club, night, organiser
):
    guest, season = _with_a_guest(club, night, organiser)
    assert "Gleb" not in ladder_of(season)  # kept in the cache, under the guests then
    client.force_login(organiser)
    roster = client.get(reverse("roster", args=[club.token])).text
    assert '<span class="tag">guest</span>' in roster.split("<bdi>Gleb</bdi>")[1].split("</li>")[0]

    response = post_roster(client, club, "member", guest)

    guest.refresh_from_db()
    assert response.status_code == 302 and not guest.guest
    assert "Gleb" in ladder_of(season)
    line = club.log.get(action=ClubLog.Action.GUEST_JOINED)
    assert (line.detail, line.author) == ({"player": guest.pk, "name": "Gleb"}, organiser)
    roster = client.get(reverse("roster", args=[club.token])).text
    assert "tag" not in roster.split("<bdi>Gleb</bdi>")[1].split("</li>")[0]


def test_the_season_form_offers_to_include_guests(client, club, organiser):
    client.force_login(organiser)
    data = {
        "name": "Autumn",
        "starts_on": "2026-09-01",
        "ends_on": "2026-12-31",
        "variant": "russian",
        "kind": "total",
        "min_sessions": 1,
        "min_partners": 0,
    }

    assert 'name="include_guests"' in client.get(reverse("new_season", args=[club.token])).text
    client.post(reverse("new_season", args=[club.token]), {**data, "include_guests": "on"})

    assert club.seasons.get(name="Autumn").include_guests


def test_the_ladder_command_knows_no_guests_and_lists_everyone(tmp_path, club, night, organiser):
    clubs.add_guest(club, "Gleb", author=organiser)
    table = play(seat_table(night, organiser, TABLE_1), 4, 4, 4)
    path = tmp_path / "night.json"
    path.write_text(json.dumps(services.export_record(table)), encoding="utf-8")
    out = StringIO()

    call_command("ladder", str(path), kind="total", json=True, stdout=out)

    assert {line["player"] for line in json.loads(out.getvalue())["standings"]} == set(
        TABLE_1.values()
    )


# ---------------------------------------------------------------------------------------------
# A player's personal data erased


@pytest.fixture
def anna(club, night, organiser, django_user_model):
    """Anna, added, renamed and with an entry merged into her, at two tables of the night,
    linked to her account."""
    anna = clubs.add_player(club, "Anna", author=organiser)
    clubs.rename_player(anna, "Anna Karenina", author=organiser)
    play(seat_table(night, organiser, {**TABLE_1, "N": "Anna Karenina"}), 9, 9)
    saturday = clubs.open_night(club, name="Sat", date=night.date, author=organiser)
    play(seat_table(saturday, organiser, {**TABLE_2, "N": "Annushka"}), 4)
    clubs.merge_players(club.roster.get(name="Annushka"), anna, author=organiser)
    anna.user = django_user_model.objects.create_user("anna-k")
    anna.save()
    return anna


OLD_NAMES = ("Anna", "Annushka")  # "Anna" is in "Anna Karenina" too


def _pages(client, club, night, season, anna):
    """Every page that names the club's players, as the organiser reads them."""
    urls = [
        reverse("club", args=[club.token]),
        reverse("roster", args=[club.token]),
        reverse("season", args=[club.token, season.pk]),
        reverse("season_csv", args=[club.token, season.pk]),
        reverse("club_player", args=[club.token, anna.pk]),
        reverse("evening", args=[night.token]),
    ]
    for table in Table.objects.filter(seats__player=anna):
        urls += [
            reverse("table", args=[table.view_token]),
            reverse("record_download", args=[table.view_token]),
        ]
    return {url: client.get(url).content.decode() for url in urls}


def test_erasing_a_player_forgets_his_name_everywhere_and_keeps_his_scores(
    client, club, night, organiser, anna
):
    season = _season(club, "total")
    client.force_login(organiser)
    before = {r["player"]: r["value"] for r in standings.season_standings(season).rows()}
    seats = sorted(Seat.objects.filter(player=anna).values_list("pk", flat=True))
    for url, page in _pages(client, club, night, season, anna).items():
        assert "Anna Karenina" in page, url
    versions = dict(Table.objects.filter(seats__player=anna).values_list("pk", "version"))

    confirm = client.get(reverse("player_erase", args=[club.token, anna.pk]))
    response = client.post(reverse("player_erase", args=[club.token, anna.pk]), {"confirm": "on"})

    assert confirm.status_code == 200 and 'name="confirm"' in confirm.text
    assert response.status_code == 302
    anna.refresh_from_db()
    assert (anna.name, anna.user, anna.guest, anna.archived) == ("Игрок 1", None, False, True)
    assert sorted(Seat.objects.filter(player=anna).values_list("pk", flat=True)) == seats
    after = {r["player"]: r["value"] for r in standings.season_standings(season).rows()}
    assert after == before
    # No stored copy keeps the names: the roster, the merged entry, the club's history.
    assert not Player.objects.filter(name__contains="Ann").exists()
    history = json.dumps([line.detail for line in club.log.all()], ensure_ascii=False)
    assert not any(old in history for old in OLD_NAMES)
    erased = club.log.get(action=ClubLog.Action.PLAYER_ERASED)
    assert erased.detail == {"player": anna.pk, "name": "Игрок 1"}
    assert club.log.get(action=ClubLog.Action.PLAYERS_MERGED).detail["source_name"] == "Игрок 1"
    # Every page (and every cache behind it) shows the new name, none the old ones.
    for table, version in versions.items():
        assert Table.objects.get(pk=table).version > version
    for url, page in _pages(client, club, night, season, anna).items():
        assert not any(old in page for old in OLD_NAMES), url
        assert "Игрок 1" in page, url


def test_each_erased_player_has_a_number_of_his_own(club, night, organiser):
    seat_table(night, organiser, TABLE_1)
    clubs.add_player(club, "Игрок 2", author=organiser)  # a name the next number would take

    first = clubs.erase_player(club.roster.get(name="Anna"), author=organiser)
    second = clubs.erase_player(club.roster.get(name="Boris"), author=organiser)
    again = clubs.erase_player(first, author=organiser)

    assert (first.name, second.name, again.name) == ("Игрок 1", "Игрок 3", "Игрок 1")


def test_an_unticked_erasure_changes_nothing(client, club, night, organiser):
    seat_table(night, organiser, TABLE_1)
    anna = club.roster.get(name="Anna")
    client.force_login(organiser)

    response = client.post(reverse("player_erase", args=[club.token, anna.pk]), {})

    assert response.status_code == 422
    anna.refresh_from_db()
    assert anna.name == "Anna"
    assert not club.log.filter(action=ClubLog.Action.PLAYER_ERASED).exists()


@pytest.mark.parametrize("who", ["member", "public link", "stranger"])
def test_only_an_organiser_opens_the_erasure_page(
    client, club, night, organiser, member, stranger, who
):
    seat_table(night, organiser, TABLE_1)
    anna = club.roster.get(name="Anna")
    user = {"member": member, "public link": None, "stranger": stranger}[who]
    if user is not None:
        client.force_login(user)

    assert client.get(reverse("player_erase", args=[club.token, anna.pk])).status_code == 403


def test_a_pasted_list_adds_its_new_names_and_skips_those_on_the_roster(client, club, organiser):
    """One name a line, blank lines and spaces aside: the names the roster has already (any
    letter case) are skipped and said, the others added, a name twice in the list once."""
    clubs.add_player(club, "Anna", author=organiser)
    client.force_login(organiser)
    url = reverse("roster", args=[club.token])
    answer = client.post(
        url,
        {"action": "add_many", "list-names": "Boris\n\n  Vera  \nanna\nGleb\nBoris\n"},
        follow=True,
    )
    names = set(Player.objects.filter(club=club).values_list("name", flat=True))
    assert names == {"Anna", "Boris", "Vera", "Gleb"}
    page = answer.content.decode()
    assert "3 игрока добавлены" in page or "3 players added" in page, page[:3000]
    assert "Already on the roster, not added again: <bdi>anna</bdi>." in page
    assert "Named twice in the list, added once: <bdi>Boris</bdi>." in page
    assert ClubLog.objects.filter(club=club, action=ClubLog.Action.PLAYER_ADDED).count() == 4


def test_the_roster_answers_no_other_method_than_get_and_post(client, club, organiser):
    client.force_login(organiser)

    answer = client.put(reverse("roster", args=[club.token]))

    assert answer.status_code == 405


def test_a_list_with_one_bad_name_adds_nobody_and_names_the_line(client, club, organiser):
    client.force_login(organiser)
    answer = client.post(
        reverse("roster", args=[club.token]),
        {"action": "add_many", "list-names": "Boris\nVe\u202era\nGleb"},
    )
    assert answer.status_code == 422
    assert not Player.objects.filter(club=club).exists()
    assert "Line 2: Must not contain invisible formatting characters" in answer.content.decode()


def test_only_an_organiser_pastes_a_list(client, club, member, stranger):
    url = reverse("roster", args=[club.token])
    data = {"action": "add_many", "list-names": "Boris"}
    client.force_login(member)
    assert client.post(url, data).status_code == 403
    client.force_login(stranger)
    assert client.post(url, data).status_code in (403, 404)
    client.logout()
    assert client.post(url, data).status_code in (403, 404)
    assert not Player.objects.filter(club=club).exists()
