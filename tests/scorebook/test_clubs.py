"""Clubs: rosters, nights, seasons and standings, all derived from the deals.

The cast: ``organiser`` created the club, ``member`` has a member's role, ``stranger`` is signed
in with nothing to do with it, and the anonymous ``client`` holds only the public link.
"""

from __future__ import annotations

import csv
import datetime
import html
import io
import re
import urllib.parse

import pytest
from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from players.models import Club, ClubLog, ClubRole, Player, Season
from scorebook.clubs import services as clubs
from scorebook.clubs import standings
from scorebook.tables import services
from scorebook.tables.models import Evening, Seat, Table
from tests.scorebook.conftest import new_table_form, russian_deal, write_seats_backwards
from tests.scorebook.test_pdf import text_of

pytestmark = pytest.mark.django_db

NIGHT_DATE = datetime.date(2026, 11, 20)


# The cast of conftest.py under the club's names: the table's owner runs the club.
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


def seat_table(night, organiser, players, variant="russian", **extra):
    return clubs.start_table(night, author=organiser, variant=variant, players=players,
                             first_dealer="N", **extra)  # fmt: skip


def play(table, *ns_tricks):
    """Russian deals through the service: North-South take ``ns_tricks`` in turn."""
    for tricks in ns_tricks:
        state = services.table_state(table)
        services.add_deal(
            table,
            russian_deal(state.next_dealer or "N", tricks),
            number=state.next_number,
            author=services.Author(label="test"),
        )
    table.refresh_from_db()
    return table


TABLE_1 = {"N": "Anna", "E": "Boris", "S": "Vera", "W": "Gleb"}
TABLE_2 = {"N": "Dina", "E": "Egor", "S": "Zoya", "W": "Ivan"}


def as_client(client, user):
    if user is not None:
        client.force_login(user)
    return client


# ---------------------------------------------------------------------------------------------
# Clubs and roles


def test_a_signed_in_user_creates_a_club_and_runs_it(client, organiser):
    client.force_login(organiser)
    response = client.post(
        reverse("new_club"),
        {"name": "Nevsky whist", "city": "St Petersburg", "variant": "russian", "language": "ru"},
    )

    club = Club.objects.get(name="Nevsky whist")
    assert response.status_code == 302 and response.url == reverse("club", args=[club.token])
    assert clubs.role_of(organiser, club) == clubs.ORGANISER
    assert club.log.filter(action=ClubLog.Action.CREATED).exists()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_new_club_form_offers_the_pages_language(client, organiser, lang):
    client.force_login(organiser)

    page = client.get(reverse("new_club"), HTTP_ACCEPT_LANGUAGE=lang).content.decode()

    select = re.search(r'<select name="language"[^>]*>(.*?)</select>', page, re.S)
    assert re.findall(r'<option value="(\w+)" selected>', select.group(1)) == [lang]


def test_an_anonymous_visitor_cannot_create_a_club(client):
    response = client.post(reverse("new_club"), {"name": "X", "variant": "russian"})

    assert response.status_code == 302 and "/accounts/login/" in response.url
    assert not Club.objects.exists()


def test_a_club_with_an_unknown_variant_is_refused_at_the_field(client, organiser):
    client.force_login(organiser)
    response = client.post(reverse("new_club"), {"name": "X", "variant": "poker", "language": "en"})

    assert response.status_code == 422
    assert "Choose a variant from the list." in response.content.decode()
    assert not Club.objects.exists()


def test_a_roster_player_linked_to_an_account_is_a_member(club, stranger):
    Player.objects.create(club=club, name="Oskar", user=stranger)

    assert clubs.role_of(stranger, club) == clubs.MEMBER


def history(client, club, lang):
    page = client.get(reverse("club", args=[club.token]), HTTP_ACCEPT_LANGUAGE=lang)
    text = page.content.decode().split('class="club-log"')[1].split("</ul>")[0]
    text = re.sub(r"</?bdi>", "", text)  # each name isolated: no space around it
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", text))


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", ["account misha, role: member", "account oskar, role: organiser"]),
        (
            "ru",
            ["учётная запись misha, роль: член клуба", "учётная запись oskar, роль: организатор"],
        ),
    ],
)
def test_the_history_says_which_account_got_which_role(client, club, organiser, stranger, lang,
                                                       words):  # fmt: skip
    clubs.give_role(club, stranger.username, clubs.ORGANISER, author=organiser)
    client.force_login(organiser)

    text = history(client, club, lang)

    assert all(w in text for w in words), text


@pytest.mark.parametrize(("lang", "table"), [("en", "table"), ("ru", "стол")])
def test_the_history_names_tables_as_their_night_did(client, club, night, organiser, lang, table):
    seat_table(night, organiser, TABLE_2)
    moved = seat_table(night, organiser, TABLE_1)
    saturday = clubs.open_night(club, name="Saturday", date=NIGHT_DATE, author=organiser)
    clubs.file_table(saturday, moved, author=organiser)
    clubs.remove_table(saturday, moved, author=organiser)
    ClubLog.objects.create(club=club, action=ClubLog.Action.TABLE_FILED, detail={"table": 45})
    client.force_login(organiser)

    text = history(client, club, lang)

    assert "Стол 1, Friday" in text and "Стол 2, Friday → Стол 1, Saturday" in text
    assert text.count("Стол 1, Saturday") == 2  # moved there, then removed from there
    assert f"{table} № 45" in text  # an old line kept only the table's id
    assert f"№ {moved.pk} " not in text


def test_the_role_form_defaults_to_the_lesser_members_role(client, club, organiser):
    client.force_login(organiser)

    page = client.get(reverse("club", args=[club.token])).content.decode()

    assert re.search(r'<option value="member" selected>', page)
    assert not re.search(r'<option value="organiser" selected>', page)


@pytest.mark.parametrize(("typed", "error"), [("   ", "This field is required.")])
def test_a_refused_role_comes_back_at_its_field_with_what_was_typed(client, club, organiser,
                                                                    typed, error):  # fmt: skip
    client.force_login(organiser)

    response = client.post(reverse("club_roles", args=[club.token]),
                           {"username": typed, "role": "organiser"})  # fmt: skip

    assert response.status_code == 422
    page = response.content.decode()
    # the message under the user name's field, not a bare "This field is required." at the top
    field = page.index('name="username"')
    assert field < page.index(error) < page.index('name="role"')
    assert f'value="{typed.strip()}"' in page or not typed.strip()
    assert re.search(r'<option value="organiser" selected>', page)
    assert ">Give the role</button>" in page
    assert ClubRole.objects.filter(club=club).count() == 2  # the organiser and the member


def test_the_role_form_never_tells_whether_a_user_name_exists(client, club, organiser, stranger):
    client.force_login(organiser)
    url = reverse("club_roles", args=[club.token])

    unknown = client.post(url, {"username": "nobody", "role": "member"}, follow=True)
    known = client.post(url, {"username": stranger.username, "role": "member"}, follow=True)

    said = [[str(m) for m in answer.context["messages"]] for answer in (unknown, known)]
    assert said[0] == said[1] and len(said[0]) == 1
    assert not ClubRole.objects.filter(club=club, user__username="nobody").exists()


def test_a_role_is_an_invitation_until_the_account_accepts_it(client, club, organiser, stranger):
    clubs.give_role(club, stranger.username, clubs.MEMBER, author=organiser)
    client.force_login(stranger)
    home = client.get(reverse("home")).content.decode()

    assert clubs.role_of(stranger, club) is None  # not in the club yet
    assert club.name in home and "invites you as" in home

    client.post(reverse("answer_invitation", args=[club.token]), {"answer": "accept"})
    assert clubs.role_of(stranger, club) == clubs.MEMBER


def test_a_declined_invitation_leaves_no_trace_of_the_club(client, club, organiser, stranger):
    clubs.give_role(club, stranger.username, clubs.ORGANISER, author=organiser)
    client.force_login(stranger)
    client.post(reverse("answer_invitation", args=[club.token]), {"answer": "decline"})

    assert clubs.role_of(stranger, club) is None
    assert club.name not in client.get(reverse("home")).content.decode()


def test_the_club_always_keeps_an_organiser(club, organiser):
    with pytest.raises(clubs.ClubError) as refused:
        clubs.give_role(club, organiser.username, clubs.MEMBER, author=organiser)
    assert refused.value.field == "role"
    assert clubs.role_of(organiser, club) == clubs.ORGANISER


# ---------------------------------------------------------------------------------------------
# Who may do what: every club write, for the four kinds of visitor


def _writes(club, night, lone, table, other_night, players):
    """Every club write as (url, data), with what it changes."""
    return [
        (reverse("new_night", args=[club.token]), {"name": "Sat", "date": "2026-11-21"}),
        (reverse("club_roles", args=[club.token]), {"username": "oskar", "role": "member"}),
        (reverse("roster", args=[club.token]), {"action": "add", "add-name": "Zhenya"}),
        (
            reverse("roster", args=[club.token]),
            {
                "action": "merge",
                "merge-source": players[0].pk,
                "merge-target": players[1].pk,
                "merge-sure": "on",
            },
        ),
        (reverse("player_rename", args=[club.token, players[1].pk]), {"name": "Anna P"}),
        (
            reverse("new_season", args=[club.token]),
            {
                "name": "Autumn",
                "starts_on": "2026-09-01",
                "ends_on": "2026-12-31",
                "variant": "russian",
                "kind": "total",
                "min_sessions": 1,
                "min_partners": 0,
            },
        ),
        (reverse("evening_file", args=[night.token]), {"link": lone.edit_token}),
        (reverse("evening_move", args=[other_night.token, table.pk]), {"night": night.pk}),
        (reverse("evening_remove", args=[night.token, table.pk]), {"sure": "1"}),
        (reverse("night_table", args=[night.token, "russian"]), new_table_form("russian")),
        (
            reverse("club_confirmation", args=[club.token]),
            {"confirmation": "deal", "booby_prize": "1"},
        ),
        (reverse("close_night", args=[night.token]), {"sure": "1"}),
        (reverse("reopen_night", args=[night.token]), {"reason": "a deal was forgotten"}),
        (reverse("edit_night", args=[club.token, night.pk]),
         {"name": "Friday late", "date": "2026-11-20"}),
        (reverse("take_back_role", args=[club.token, ClubRole.objects.get(
            club=club, role=clubs.MEMBER, accepted=True).pk]), {}),
        # The roster kept tidy: players[2] is archived, players[3] a guest.
        (reverse("roster", args=[club.token]), {"action": "archive", "player": players[1].pk}),
        (reverse("roster", args=[club.token]), {"action": "unarchive", "player": players[2].pk}),
        (reverse("roster", args=[club.token]), {"action": "member", "player": players[3].pk}),
        (reverse("player_erase", args=[club.token, players[3].pk]), {"confirm": "on"}),
        # last: the club's link changes, and every address above with it
        (reverse("new_public_link", args=[club.token]), {}),
    ]  # fmt: skip


def _state():
    return (
        sorted(Club.objects.values_list("pk", "token")),
        sorted(Evening.objects.values_list("pk", "name")),
        sorted(ClubRole.objects.values_list("club", "user", "role", "accepted")),
        sorted(Player.objects.values_list("name", "merged_into", "archived", "guest", "user")),
        Season.objects.count(),
        sorted(Table.objects.values_list("pk", "evening")),
        ClubLog.objects.count(),
        sorted(Club.objects.values_list("pk", "confirmation", "booby_prize")),
        sorted(Evening.objects.values_list("pk", "closed_at")),
    )


@pytest.fixture
def scene(club, night, organiser, stranger):
    other = clubs.open_night(club, name="Saturday", date=NIGHT_DATE, author=organiser)
    table = seat_table(other, organiser, TABLE_1)
    lone = services.create_table(variant="russian", players=TABLE_2)
    players = [clubs.add_player(club, "Anya", author=organiser), club.roster.get(name="Anna"),
               clubs.archive_player(club.roster.get(name="Boris"), author=organiser),
               clubs.add_guest(club, "Oskar", author=organiser)]  # fmt: skip
    return _writes(club, night, lone, table, other, players), table


@pytest.mark.parametrize("who", ["member", "public link", "stranger"])
def test_nobody_but_an_organiser_may_change_a_club(client, scene, who, member, stranger):
    writes, _table = scene
    user = {"member": member, "public link": None, "stranger": stranger}[who]
    as_client(client, user)
    before = _state()

    for url, data in writes:
        response = client.post(url, data)
        assert response.status_code == 403, url

    assert _state() == before


def test_an_organiser_may_make_every_club_change(client, scene, organiser):
    writes, _table = scene
    client.force_login(organiser)

    for url, data in writes:
        before = _state()
        response = client.post(url, data)
        assert response.status_code == 302, (url, response.content.decode()[:500])
        assert _state() != before, url


# The invitations: only the invited account answers one, and only while it stands


@pytest.fixture
def invited(django_user_model, club, organiser):
    """An account the organiser invited as a member, not answered yet."""
    user = django_user_model.objects.create_user("ivan", password="a-long-secret-4")
    clubs.give_role(club, user.username, clubs.MEMBER, author=organiser)
    return user


@pytest.mark.parametrize("answer", ["accept", "decline"])
@pytest.mark.parametrize("who", ["anonymous", "stranger", "member", "organiser"])
def test_only_the_invited_account_answers_an_invitation(client, club, invited, organiser, member,
                                                        stranger, who, answer):  # fmt: skip
    as_client(client, {"anonymous": None, "stranger": stranger, "member": member,
                       "organiser": organiser}[who])  # fmt: skip
    before = _state()

    response = client.post(reverse("answer_invitation", args=[club.token]), {"answer": answer})

    assert response.status_code == 403
    assert _state() == before
    assert ClubRole.objects.get(club=club, user=invited).accepted is False  # still his to answer


@pytest.mark.parametrize(("answer", "role"), [("accept", clubs.MEMBER), ("decline", None)])
def test_the_invited_account_answers_its_invitation(client, club, invited, answer, role):
    client.force_login(invited)

    response = client.post(reverse("answer_invitation", args=[club.token]), {"answer": answer})

    assert response.status_code == 302
    assert clubs.role_of(invited, club) == role


@pytest.mark.parametrize("answer", ["accept", "decline"])
def test_an_answer_to_a_role_taken_back_is_refused(client, club, invited, organiser, answer):
    """Accepted, then the role taken back: the old invitation's button gives nothing back."""
    client.force_login(invited)
    client.post(reverse("answer_invitation", args=[club.token]), {"answer": "accept"})
    clubs.take_back_role(club, ClubRole.objects.get(club=club, user=invited).pk, author=organiser)
    before = _state()

    response = client.post(reverse("answer_invitation", args=[club.token]), {"answer": answer})

    assert response.status_code == 403
    assert _state() == before
    assert clubs.role_of(invited, club) is None


def test_a_declined_invitation_cannot_be_accepted_after_all(client, club, invited):
    client.force_login(invited)
    client.post(reverse("answer_invitation", args=[club.token]), {"answer": "decline"})
    before = _state()

    response = client.post(reverse("answer_invitation", args=[club.token]), {"answer": "accept"})

    assert response.status_code == 403
    assert _state() == before
    assert clubs.role_of(invited, club) is None


@pytest.mark.parametrize("who", ["anonymous", "stranger", "member", "invited"])
def test_nobody_but_an_organiser_takes_a_role_back(client, club, invited, organiser, member,
                                                   stranger, who):  # fmt: skip
    as_client(client, {"anonymous": None, "stranger": stranger, "member": member,
                       "invited": invited}[who])  # fmt: skip
    before = _state()

    for entry in ClubRole.objects.filter(club=club, accepted=True):
        response = client.post(reverse("take_back_role", args=[club.token, entry.pk]))
        assert response.status_code == 403

    assert _state() == before


def test_the_last_organisers_role_is_kept_and_nothing_changes(client, club, organiser):
    client.force_login(organiser)
    entry = ClubRole.objects.get(club=club, user=organiser)
    before = _state()

    response = client.post(reverse("take_back_role", args=[club.token, entry.pk]))

    assert response.status_code == 302
    assert _state() == before


def test_a_wrong_club_link_is_not_found(client, organiser):
    client.force_login(organiser)

    assert client.get(reverse("club", args=["nope"])).status_code == 404
    assert client.post(reverse("new_night", args=["nope"]), {}).status_code == 404


@pytest.mark.parametrize("who", ["public link", "stranger"])
def test_a_stranger_sees_no_roster(client, club, night, organiser, stranger, who):
    seat_table(night, organiser, TABLE_1)
    as_client(client, stranger if who == "stranger" else None)

    assert client.get(reverse("roster", args=[club.token])).status_code == 403
    page = client.get(reverse("club", args=[club.token])).content.decode()
    assert reverse("roster", args=[club.token]) not in page


def test_a_member_reads_the_roster_but_gets_no_forms(client, club, night, organiser, member):
    seat_table(night, organiser, TABLE_1)
    client.force_login(member)

    page = client.get(reverse("roster", args=[club.token])).content.decode()

    assert all(name in page for name in TABLE_1.values())
    assert 'name="action"' not in page


# ---------------------------------------------------------------------------------------------
# Players belong to a roster


def test_the_same_name_in_two_clubs_is_two_people(organiser, night, club):
    other = clubs.create_club(user=organiser, name="Fontanka", variant="russian", language="ru")
    other_night = clubs.open_night(other, name="Fri", date=NIGHT_DATE, author=organiser)

    first = seat_table(night, organiser, TABLE_1)
    second = seat_table(other_night, organiser, TABLE_1)

    anna = {s.player for s in Seat.objects.filter(seat="N", table__in=[first, second])}
    assert len(anna) == 2
    assert {p.club for p in anna} == {club, other}


@pytest.mark.parametrize(
    ("first", "again"),
    [("Анна", "анна"), ("Вера", "ВЕРА"), ("Oleg", "oleg"), ("Straße", "STRASSE")],
)
def test_a_name_in_another_letter_case_is_refused_on_the_roster(club, organiser, first, again):
    clubs.add_player(club, first, author=organiser)

    with pytest.raises(clubs.ClubError, match=f"looks the same as “{first}”, already in"):
        clubs.add_player(club, again, author=organiser)
    assert list(club.roster.values_list("name", flat=True)) == [first]


def test_the_roster_lists_names_as_people_read_them(client, club, organiser):
    """Letter case aside and ё with е (code points put Ё before А, and ё after я), in the list
    and in the merge form's choices alike."""
    for name in ["Яков", "ёлка", "Анна", "Ёлкина Мария", "Евгений", "Жанна", "борис", "Вера"]:
        clubs.add_player(club, name, author=organiser)
    client.force_login(organiser)

    page = client.get(reverse("roster", args=[club.token])).content.decode()

    expected = ["Анна", "борис", "Вера", "Евгений", "ёлка", "Ёлкина Мария", "Жанна", "Яков"]
    listed = re.findall(r'<li><a href="[^"]+"><bdi>([^<]+)</bdi>', page)
    assert listed == expected
    merge = page.split('name="merge-source"')[1].split("</select>")[0]
    assert re.findall(r'<option value="\d+">([^<]+)</option>', merge) == expected


def test_an_organiser_adds_a_player_above_a_long_roster(client, club, organiser, member):
    """With forty names on it, the form to add one comes first, not after a long scroll."""
    for n in range(40):
        clubs.add_player(club, f"Player {n:02}", author=organiser)
    client.force_login(organiser)

    page = client.get(reverse("roster", args=[club.token])).content.decode()

    assert page.index('value="add"') < page.index("<bdi>Player 00</bdi>")
    response = client.post(reverse("roster", args=[club.token]),
                           {"action": "add", "add-name": "Zoya"}, follow=True)  # fmt: skip
    assert "<bdi>Zoya</bdi>" in response.content.decode()
    client.force_login(member)
    assert 'value="add"' not in client.get(reverse("roster", args=[club.token])).content.decode()


def test_a_rename_onto_another_roster_name_in_cyrillic_capitals_is_refused(club, organiser):
    clubs.add_player(club, "Вера", author=organiser)
    anna = clubs.add_player(club, "Анна", author=organiser)

    with pytest.raises(clubs.ClubError, match="looks the same as “Вера”, already in the roster"):
        clubs.rename_player(anna, "ВЕРА", author=organiser)
    assert clubs.rename_player(anna, "АННА", author=organiser).name == "АННА"  # her own name


def test_the_database_refuses_a_second_live_entry_of_a_name_in_another_case(club, organiser):
    Player.objects.create(club=club, name="Вера")
    with pytest.raises(IntegrityError), transaction.atomic():
        Player.objects.create(club=club, name="вЕРА")
    Player.objects.create(name="Вера")  # outside any club: one more person, once
    with pytest.raises(IntegrityError), transaction.atomic():
        Player.objects.create(name="ВЕРА")


def test_a_name_seated_in_another_case_is_the_same_player_and_seated_twice(client, club, night,
                                                                           organiser):  # fmt: skip
    first = seat_table(night, organiser, {**TABLE_1, "S": "Вера"})
    second = seat_table(night, organiser, {**TABLE_2, "E": "вера"})
    client.force_login(organiser)

    vera = Seat.objects.get(table=first, seat="S").player
    assert Seat.objects.get(table=second, seat="E").player == vera
    assert list(club.roster.filter(name__in=["Вера", "вера", "ВЕРА"])) == [vera]
    page = client.get(reverse("evening", args=[night.token])).content.decode()
    assert (
        "<bdi>Вера</bdi> is seated at more than one table of this night: <bdi>Стол 1</bdi>, "
        "<bdi>Стол 2</bdi>."
    ) in page


def test_a_table_outside_clubs_reuses_a_cyrillic_name_in_another_case():
    services.create_table(variant="russian", players={**TABLE_2, "N": "Анна"})
    services.create_table(variant="russian", players={**TABLE_2, "N": "АННА"})

    assert Player.objects.filter(club=None, name__in=["Анна", "АННА"]).count() == 1


def test_a_night_table_offers_only_the_club_roster(client, club, night, organiser):
    seat_table(night, organiser, TABLE_1)
    services.create_table(variant="russian", players=TABLE_2)  # someone else's kitchen table
    client.force_login(organiser)

    page = client.get(reverse("night_table", args=[night.token, "russian"])).content.decode()

    assert all(f'<option value="{n}">' in page for n in TABLE_1.values())
    assert not any(f'<option value="{n}">' in page for n in TABLE_2.values())


def test_a_table_outside_clubs_offers_only_this_browsers_own_players(client):
    services.create_table(variant="russian", players=TABLE_2)  # a stranger's table
    client.post(reverse("new_table", args=["russian"]), new_table_form("russian"))

    page = client.get(reverse("new_table", args=["russian"])).content.decode()

    assert '<option value="Anna">' in page
    assert not any(f'<option value="{n}">' in page for n in TABLE_2.values())


def test_a_fresh_browser_sees_nobodys_players(client):
    services.create_table(variant="russian", players=TABLE_2)

    page = client.get(reverse("new_table", args=["russian"])).content.decode()

    assert "<option value=" not in page.split('id="known-players"')[1].split("</datalist>")[0]


def test_an_organiser_renames_a_player_and_the_history_keeps_it(client, club, night, organiser):
    seat_table(night, organiser, TABLE_1)
    anna = club.roster.get(name="Anna")
    client.force_login(organiser)

    client.post(reverse("player_rename", args=[club.token, anna.pk]), {"name": "Anna  Petrova"})

    anna.refresh_from_db()
    assert anna.name == "Anna Petrova"
    line = club.log.get(action=ClubLog.Action.PLAYER_RENAMED)
    assert (line.detail["old"], line.detail["new"], line.author) == (
        "Anna", "Anna Petrova", organiser
    )  # fmt: skip


def test_a_rename_onto_another_roster_name_is_refused_at_the_field(client, club, night, organiser):
    seat_table(night, organiser, TABLE_1)
    anna = club.roster.get(name="Anna")
    client.force_login(organiser)

    response = client.post(reverse("player_rename", args=[club.token, anna.pk]), {"name": "vera"})

    assert response.status_code == 422
    assert "This name looks the same as “Vera”, already in the roster." in response.content.decode()
    anna.refresh_from_db()
    assert anna.name == "Anna"


def test_a_merge_moves_every_seat_and_result_and_is_kept(club, night, organiser):
    season = Season.objects.create(club=club, name="S", starts_on=NIGHT_DATE,
                                   ends_on=NIGHT_DATE, variant="russian")  # fmt: skip
    play(seat_table(night, organiser, TABLE_1), 9, 9)
    saturday = clubs.open_night(club, name="Sat", date=NIGHT_DATE, author=organiser)
    play(seat_table(saturday, organiser, {**TABLE_1, "N": "Anya"}), 9)
    anna, anya = club.roster.get(name="Anna"), club.roster.get(name="Anya")
    before = {r["name"]: r["value"] for r in standings.season_standings(season).rows()}

    clubs.merge_players(anya, anna, author=organiser)

    assert not Seat.objects.filter(player=anya).exists()
    anya.refresh_from_db()
    assert anya.merged_into == anna
    assert club.log.filter(action=ClubLog.Action.PLAYERS_MERGED).count() == 1
    after = {r["name"]: r["value"] for r in standings.season_standings(season).rows()}
    assert "Anya" not in after
    assert after["Anna"] == pytest.approx(before["Anna"] + before["Anya"])


def test_two_players_of_one_table_cannot_be_merged(club, night, organiser):
    seat_table(night, organiser, TABLE_1)
    anna, vera = club.roster.get(name="Anna"), club.roster.get(name="Vera")

    with pytest.raises(clubs.ClubError, match="sat at the same table"):
        clubs.merge_players(anna, vera, author=organiser)
    assert Seat.objects.filter(player=anna).exists()


# ---------------------------------------------------------------------------------------------
# Nights


def test_filing_a_kitchen_table_seats_its_players_on_the_club_roster(club, night, organiser):
    lone = services.create_table(variant="russian", players=TABLE_2)

    clubs.file_table(night, lone, author=organiser)

    lone.refresh_from_db()
    assert lone.evening == night and lone.played_on == night.date
    assert {s.player.club for s in lone.seats.select_related("player")} == {club}
    assert club.log.filter(action=ClubLog.Action.TABLE_FILED, detail__table=lone.pk).exists()


def test_a_table_of_another_clubs_night_cannot_be_filed(club, night, organiser):
    other = clubs.create_club(user=organiser, name="Fontanka", variant="russian", language="ru")
    their_night = clubs.open_night(other, name="Fri", date=NIGHT_DATE, author=organiser)
    theirs = seat_table(their_night, organiser, TABLE_2)

    with pytest.raises(clubs.ClubError, match="another club"):
        clubs.file_table(night, theirs, author=organiser)


def test_moving_and_removing_a_table_are_kept_in_the_history(client, club, night, organiser):
    table = seat_table(night, organiser, TABLE_1)
    saturday = clubs.open_night(club, name="Sat", date=NIGHT_DATE, author=organiser)
    client.force_login(organiser)

    client.post(reverse("evening_move", args=[night.token, table.pk]), {"night": saturday.pk})
    table.refresh_from_db()
    assert table.evening == saturday
    client.post(reverse("evening_remove", args=[saturday.token, table.pk]), {"sure": "1"})
    table.refresh_from_db()

    assert table.evening is None
    actions = list(club.log.order_by("pk").values_list("action", flat=True))
    assert actions[-2:] == [ClubLog.Action.TABLE_MOVED, ClubLog.Action.TABLE_REMOVED]


def test_a_move_to_a_night_that_is_no_number_is_a_message_not_an_error(club, night, organiser,
                                                                       client):  # fmt: skip
    table = seat_table(night, organiser, TABLE_1)
    client.force_login(organiser)

    response = client.post(reverse("evening_move", args=[night.token, table.pk]), {"night": "x"})

    assert response.status_code == 302
    table.refresh_from_db()
    assert table.evening == night


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_filing_a_table_says_where_it_came_from(client, club, night, organiser, lang):
    # A pasted link of a table of another night moves it: the organiser is told, not surprised.
    client.force_login(organiser)
    saturday = clubs.open_night(club, name="Saturday", date=NIGHT_DATE.replace(day=21),
                                author=organiser)  # fmt: skip
    moved = seat_table(saturday, organiser, TABLE_1)
    lone = services.create_table(variant="russian", players=TABLE_2, owner=organiser)
    url = reverse("evening_file", args=[night.token])

    said = [  # the messages' text (the names in them are isolated, <bdi>)
        re.sub(r"<[^>]+>", "", client.post(url, {"link": t.edit_token}, follow=True,
                                           HTTP_ACCEPT_LANGUAGE=lang).content.decode())
        for t in (moved, lone)
    ]  # fmt: skip

    words = {
        "en": ["moved here from the night “Saturday” (21 November 2026)", "now table 1",
               "is in this night now", "table 2"],
        "ru": ["перенесён сюда с вечера «Saturday» (21 ноября 2026)", "теперь это стол 1",
               "теперь в этом вечере", "стол 2"],
    }[lang]  # fmt: skip
    assert words[0] in said[0] and words[1] in said[0]
    assert words[2] in said[1] and words[3] in said[1] and words[0][:12] not in said[1]


def test_the_table_edit_link_alone_no_longer_files_a_table(client, club, night):
    lone = services.create_table(variant="russian", players=TABLE_2)

    response = client.post(reverse("evening_file", args=[night.token]), {"link": lone.edit_token})

    assert response.status_code == 403
    lone.refresh_from_db()
    assert lone.evening is None


def test_a_night_started_table_takes_the_clubs_usual_options(client, club, night, organiser):
    client.force_login(organiser)
    form = new_table_form("russian", **{"opt_revoke.amount": 8, "keep_options": "on"})
    client.post(reverse("night_table", args=[night.token, "russian"]), form)

    page = client.get(reverse("night_table", args=[night.token, "russian"])).content.decode()

    assert club.__class__.objects.get(pk=club.pk).options["revoke.amount"] == 8
    assert 'name="opt_revoke.amount" value="8"' in page


def test_the_nights_tables_list_their_seats_in_the_pads_order(club, night, organiser):
    table = play(seat_table(night, organiser, TABLE_1), 9)
    write_seats_backwards(table)

    glance = standings.night_view(night)[0]

    assert [(seat, name) for seat, name, _amount in glance[0].seats] == list(TABLE_1.items())


def test_the_night_shows_every_table_its_rubber_and_the_standings(client, club, night, organiser):
    play(seat_table(night, organiser, TABLE_1), 9, 9)
    play(seat_table(night, organiser, TABLE_2), 4)

    page = client.get(reverse("evening", args=[night.token])).content.decode()
    glance = client.get(reverse("evening_glance", args=[night.token])).content.decode()

    for name in [*TABLE_1.values(), *TABLE_2.values()]:
        assert name in glance
    assert 'hx-trigger="every 3s"' in glance and "Standings of the night" in page
    ranked = standings.night_view(night)[1]
    assert len(ranked) == 1
    rows = ranked[0][1].rows()
    assert [r["rank"] for r in rows][:2] == [1, 1]  # Anna and Vera won the same
    assert {rows[0]["name"], rows[1]["name"]} == {"Anna", "Vera"}


@pytest.mark.parametrize(("lang", "finished"), [("en", "rubber 1 finished"),
                                                ("ru", "роббер 1 окончен")])  # fmt: skip
def test_a_finished_rubber_reads_finished_on_the_night(client, club, night, organiser, lang,
                                                        finished):  # fmt: skip
    play(seat_table(night, organiser, TABLE_1), 9, 9, 4, 4, 4, 9, 9)  # NS win 2 games : 1

    glance = client.get(reverse("evening_glance", args=[night.token]), HTTP_ACCEPT_LANGUAGE=lang)

    text = re.sub(r"\s+", " ", glance.content.decode())
    assert finished in text and "over" not in text


def test_a_player_at_two_tables_of_the_night_is_pointed_out(client, club, night, organiser):
    seat_table(night, organiser, TABLE_1)
    seat_table(night, organiser, {**TABLE_2, "E": "Anna"})
    client.force_login(organiser)

    pages = [client.get(reverse(name, args=[night.token])).content.decode()
             for name in ("evening", "evening_glance")]  # fmt: skip
    client.logout()
    projector = client.get(reverse("evening_glance", args=[night.token])).content.decode()

    for page in pages:  # the organiser's, refreshed with the tables
        assert (
            "<bdi>Anna</bdi> is seated at more than one table of this night: "
            "<bdi>Стол 1</bdi>, <bdi>Стол 2</bdi>."
        ) in page
    assert "Anna" in projector and "more than one table" not in projector


def test_a_night_where_everyone_sits_once_has_no_warning(client, club, night, organiser):
    seat_table(night, organiser, TABLE_1)
    seat_table(night, organiser, TABLE_2)
    client.force_login(organiser)

    page = client.get(reverse("evening", args=[night.token])).content.decode()

    assert "more than one table" not in page and "Anna" in page


def test_a_night_of_two_variants_ranks_each_apart(club, night, organiser):
    play(seat_table(night, organiser, TABLE_1), 9, 9)
    english = seat_table(night, organiser, TABLE_2, variant="english-short")
    services.add_deal(
        english,
        {"dealer": "N", "trump": "H", "tricks": {"NS": 9, "EW": 4}, "honours": {"NS": 2, "EW": 2}},
        number=1,
        author=services.Author(label="t"),
    )

    ranked = dict(standings.night_view(night)[1])

    assert set(ranked) == {"russian", "english-short"}
    assert {r["name"] for r in ranked["russian"].rows()} == set(TABLE_1.values())
    assert {r["name"] for r in ranked["english-short"].rows()} == set(TABLE_2.values())


# ---------------------------------------------------------------------------------------------
# Seasons: the ladder follows every correction


def _season(club, kind, **extra):
    return Season.objects.create(club=club, name=kind, starts_on=datetime.date(2026, 9, 1),
                                 ends_on=datetime.date(2026, 12, 31), variant="russian",
                                 kind=kind, **extra)  # fmt: skip


@pytest.mark.parametrize("kind", ["total", "average", "rating"])
@pytest.mark.parametrize("change", ["edit", "void", "undo"])
def test_a_corrected_deal_changes_the_season_ladder(club, night, organiser, kind, change):
    season = _season(club, kind)
    table = play(seat_table(night, organiser, TABLE_1), 9, 9, 4, 4, 4, 9, 9)
    before = {r["name"]: r["value"] for r in standings.season_standings(season).rows()}
    author = services.Author(label="t")
    last = table.deals.get(number=7, removed=False)
    if change == "edit":
        services.change_deal(table, 7, russian_deal(last.data["dealer"], 3),
                             version=last.version, author=author)  # fmt: skip
    elif change == "void":
        services.void_deal(table, 7, "misdeal", version=last.version, author=author)
    else:
        services.undo_last(table, number=7, author=author)

    after = {r["name"]: r["value"] for r in standings.season_standings(season).rows()}

    assert after["Anna"] != before["Anna"]
    table.refresh_from_db()
    fresh = services.table_state(table).sheet.settlement_players
    if kind == "total":
        assert after["Anna"] == fresh["N"]


@pytest.mark.parametrize(
    ("today", "shown"),
    [
        (datetime.date(2026, 2, 10), "winter"),  # running
        (datetime.date(2026, 4, 15), "spring"),  # both running: the one that started last
        (datetime.date(2026, 4, 27), "spring"),  # running, not the cup that is over
        (datetime.date(2026, 6, 1), "spring"),  # between seasons: the last one's final ladder
        (datetime.date(2025, 12, 1), "winter"),  # before any: the first to come
    ],
)
def test_the_club_page_shows_the_running_season_else_the_last_one_played(club, today, shown):
    day = datetime.date
    for name, starts, ends in [
        ("winter", day(2026, 1, 1), day(2026, 4, 30)),
        ("autumn", day(2026, 9, 1), day(2026, 12, 31)),  # planned before spring was entered
        ("spring", day(2026, 4, 1), day(2026, 5, 31)),
        ("spring cup", day(2026, 4, 20), day(2026, 4, 25)),  # started later, over by June
    ]:
        Season.objects.create(club=club, name=name, starts_on=starts, ends_on=ends,
                              variant="russian")  # fmt: skip

    assert standings.current_season(club, today=today).name == shown


def test_of_seasons_running_at_once_the_club_page_shows_its_usual_variants(club):
    # A Russian-whist club runs its year's ladder and, for a month, an Anfilada cup.
    day = datetime.date
    Season.objects.create(club=club, name="Year", starts_on=day(2026, 1, 1),
                          ends_on=day(2026, 12, 31), variant=club.variant)  # fmt: skip
    Season.objects.create(club=club, name="Cup", starts_on=day(2026, 5, 1),
                          ends_on=day(2026, 5, 31), variant="anfilada")  # fmt: skip

    assert club.variant == "russian"
    assert standings.current_season(club, today=day(2026, 5, 10)).name == "Year"
    assert standings.current_season(club, today=day(2026, 6, 10)).name == "Year"


def test_only_the_seasons_variant_and_dates_count(club, night, organiser):
    season = _season(club, "total")
    play(seat_table(night, organiser, TABLE_1), 9)
    late = clubs.open_night(club, name="Jan", date=datetime.date(2027, 1, 8), author=organiser)
    play(seat_table(late, organiser, TABLE_2), 9)

    names = {r["name"] for r in standings.season_standings(season).rows()}

    assert names == set(TABLE_1.values())


def test_a_nights_corrected_date_changes_the_season_ladder(client, club, night, organiser):
    """Two nights on one date are one session: a second night whose date is corrected to the
    first's makes its players' two results one, at once (the ladder is cached)."""
    season = _season(club, "average")
    play(seat_table(night, organiser, TABLE_1), 9)
    saturday = clubs.open_night(club, name="Sat", date=NIGHT_DATE + datetime.timedelta(days=1),
                                author=organiser)  # fmt: skip
    play(seat_table(saturday, organiser, TABLE_1), 9)
    before = {r["name"]: r for r in standings.season_standings(season).rows()}
    assert before["Anna"]["sessions"] == 2

    client.force_login(organiser)
    response = client.post(reverse("edit_night", args=[club.token, saturday.pk]),
                           {"name": "Sat", "date": NIGHT_DATE.isoformat()})  # fmt: skip
    assert response.status_code == 302

    after = {r["name"]: r for r in standings.season_standings(season).rows()}
    assert after["Anna"]["sessions"] == 1
    assert after["Anna"]["value"] == 2 * before["Anna"]["value"]
    assert standings.season_standings(season).ladder.sessions == 1


TABLE_3 = {"N": "Eve", "E": "Frank", "S": "Grace", "W": "Heidi"}


def _seated_but_unplayed(night, organiser, how):
    """A table of ``TABLE_3`` at ``night`` where no deal scored: none recorded, the only one
    voided as a misdeal, or the only one undone."""
    table = seat_table(night, organiser, TABLE_3)
    if how == "no deal":
        return table
    play(table, 9)
    author = services.Author(label="t")
    if how == "voided":
        services.void_deal(table, 1, "misdeal", version=table.version, author=author)
    else:
        services.undo_last(table, number=1, author=author)
    return table


@pytest.mark.parametrize("how", ["no deal", "voided", "undone"])
@pytest.mark.parametrize("kind", ["total", "average", "rating"])
def test_a_table_where_no_deal_scored_is_no_session(client, club, night, organiser, kind, how):
    season = _season(club, kind, **({"best": 2} if kind == "average" else {}))
    play(seat_table(night, organiser, TABLE_3), 9, 9)  # Eve and Grace win on the first night
    eve = club.roster.get(name="Eve")
    before = standings.season_standings(season)
    stats_before = standings.player_stats(eve, "russian", season)
    second = clubs.open_night(club, name="Tuesday", date=NIGHT_DATE + datetime.timedelta(days=4),
                              author=organiser)  # fmt: skip

    _seated_but_unplayed(second, organiser, how)

    after = standings.season_standings(season)
    assert after.rows() == before.rows() and after.ladder.sessions == before.ladder.sessions == 1
    page = client.get(reverse("season", args=[club.token, season.pk])).content.decode()
    assert "1 session played" in page
    stats = standings.player_stats(eve, "russian", season)
    assert (stats.sessions, stats.tables, stats.nights, stats.net, stats.rating) == (
        stats_before.sessions, 1, stats_before.nights, stats_before.net, stats_before.rating
    )  # fmt: skip
    assert standings.night_view(second)[1] == []  # the night has no standings to show


@pytest.mark.parametrize("how", ["no deal", "voided", "undone"])
def test_the_night_pdf_ranks_nobody_from_a_table_where_no_deal_scored(night, organiser, how):
    from scorebook.printing import pdf

    played = play(seat_table(night, organiser, TABLE_1), 9)
    unplayed = _seated_but_unplayed(night, organiser, how)

    nets = pdf.evening_nets([pdf.table_sheet(t) for t in (played, unplayed)])

    assert nets == pdf.evening_nets([pdf.table_sheet(played)])


def test_the_season_page_csv_and_pdf(client, club, night, organiser):
    season = _season(club, "average", best=2, min_sessions=2)
    play(seat_table(night, organiser, TABLE_1), 9, 9)

    page = client.get(reverse("season", args=[club.token, season.pk])).content.decode()
    response = client.get(reverse("season_csv", args=[club.token, season.pk]))
    text = response.content.decode()
    delimiter = ";" if club.language == "ru" else ","  # in the club's language
    rows = list(csv.reader(io.StringIO(text.removeprefix("\ufeff")), delimiter=delimiter))
    printed = client.get(reverse("season_pdf", args=[club.token, season.pk]), {"lang": "ru"})

    assert "Anna" in page and "not qualified" in page
    assert text.startswith("\ufeff")  # Excel reads it as UTF-8
    with translation.override(club.language):
        assert rows[0] == [_("Rank"), _("Player"), _("Value"), _("Sessions"), _("Partners"),
                           _("Qualified")]  # fmt: skip
        assert all(r[0] == "" and r[5] == _("no") for r in rows[1:])  # one session of two
    assert {r[1] for r in rows[1:]} == set(TABLE_1.values())
    assert printed.status_code == 200 and printed.content.startswith(b"%PDF")


@pytest.mark.parametrize(
    ("lang", "russian", "anfilada"),
    [("en", "Russian whist", "Anfilada"), ("ru", "Русский вист", "Анфилада")],
)
def test_every_season_listed_names_its_variant(client, club, night, organiser, lang, russian,
                                               anfilada):  # fmt: skip
    # A club plays several variants, each ranked apart: "Autumn" alone does not say which.
    _season(club, "total")
    Season.objects.create(club=club, name="Cup", starts_on=datetime.date(2026, 9, 1),
                          ends_on=datetime.date(2026, 12, 31), variant="anfilada")  # fmt: skip
    play(seat_table(night, organiser, TABLE_1), 9)
    anna = Player.objects.get(club=club, name="Anna")

    page = client.get(reverse("club", args=[club.token]), HTTP_ACCEPT_LANGUAGE=lang)
    player = client.get(reverse("club_player", args=[club.token, anna.pk]),
                        HTTP_ACCEPT_LANGUAGE=lang)  # fmt: skip
    listed = re.findall(r'<li><a href="[^"]*/seasons/\d+/"><bdi>(\w+)</bdi></a>\s*<small>([^<]*)',
                        page.content.decode())  # fmt: skip
    options = re.findall(r'<option value="\d+"[^>]*>([^<]*)</option>', player.content.decode())

    hints = dict(listed)
    assert russian in hints["total"] and anfilada in hints["Cup"]
    assert sorted(options) == sorted([f"Cup · {anfilada}", f"total · {russian}"])


@pytest.mark.parametrize("best, said", [(1, "best 1 session ·"), (3, "best 3 sessions ·")])
def test_the_season_page_says_best_n_in_the_singular_or_the_plural(client, club, best, said):
    season = _season(club, "average", best=best)

    page = client.get(reverse("season", args=[club.token, season.pk])).content.decode()

    assert said in " ".join(page.split())


@pytest.mark.parametrize(("variant", "said"), [("russian", True), ("hussar", False)])
def test_the_season_page_asks_partners_only_where_the_variant_has_them(client, club, variant, said):
    """Hussar and Prussian have no partners: a minimum of partners has no effect there
    (docs/ladders.md), and the page must not say a player needs two of them."""
    season = _season(club, "total", min_partners=2)
    season.variant = variant
    season.save()

    page = " ".join(
        client.get(reverse("season", args=[club.token, season.pk])).content.decode().split()
    )

    assert ("qualify with 1 session, 2 partners" in page) is said
    assert "qualify with 1 session" in page


def test_the_season_page_leads_an_organiser_to_its_settings(client, club, organiser, member):
    """The season's settings (kind, best N, dates) are a tap away from its standings, for an
    organiser; a member or the public link sees no such link."""
    season = _season(club, "average", best=2)
    url = reverse("season", args=[club.token, season.pk])
    settings = reverse("edit_season", args=[club.token, season.pk])

    client.force_login(organiser)
    assert f'href="{settings}"' in client.get(url).content.decode()
    client.force_login(member)
    assert f'href="{settings}"' not in client.get(url).content.decode()
    client.logout()
    assert f'href="{settings}"' not in client.get(url).content.decode()


def downloaded_name(response) -> str:
    """The file name a browser saves a download under (RFC 6266: ``filename*`` when not ASCII)."""
    header = response["Content-Disposition"]
    if "filename*=utf-8''" in header:
        return urllib.parse.unquote(header.split("filename*=utf-8''")[1])
    return header.split('filename="')[1].removesuffix('"')


def _named_season(club, name):
    period = (datetime.date(2026, 9, 1), datetime.date(2026, 12, 31))
    return Season.objects.create(
        club=club, name=name, starts_on=period[0], ends_on=period[1], variant="russian"
    )


def test_each_seasons_csv_and_pdf_have_their_own_readable_name(client, club):
    autumn = _named_season(club, "Осень 2026")
    winter = _named_season(club, "Зима 2026")

    names = {
        season.pk: [
            downloaded_name(client.get(reverse(view, args=[club.token, season.pk])))
            for view in ("season_csv", "season_pdf")
        ]
        for season in (autumn, winter)
    }

    assert names[autumn.pk] == [
        f"ladder-moika-12-осень-2026-{autumn.pk}.csv",
        f"ladder-moika-12-осень-2026-{autumn.pk}-a4.pdf",
    ]
    assert names[winter.pk] == [
        f"ladder-moika-12-зима-2026-{winter.pk}.csv",
        f"ladder-moika-12-зима-2026-{winter.pk}-a4.pdf",
    ]


def test_a_season_ending_before_it_starts_is_refused_at_the_field(client, club, organiser):
    client.force_login(organiser)
    response = client.post(
        reverse("new_season", args=[club.token]),
        {"name": "Oops", "starts_on": "2026-12-01", "ends_on": "2026-11-01",
         "variant": "russian", "kind": "total", "min_sessions": 1, "min_partners": 0},
    )  # fmt: skip

    assert response.status_code == 422
    assert "The last day comes before the first." in response.content.decode()
    assert not Season.objects.exists()


def test_a_second_season_of_one_name_is_refused_at_the_field(client, club, organiser):
    # Two "Autumn 2026" would be two lines alike on the club page and in a player's season list
    client.force_login(organiser)
    url = reverse("new_season", args=[club.token])
    season = {"starts_on": "2026-09-01", "ends_on": "2026-12-31", "variant": "russian",
              "kind": "total", "min_sessions": 1, "min_partners": 0}  # fmt: skip
    first = client.post(url, {**season, "name": "Autumn 2026"})
    autumn = Season.objects.get()

    refused = client.post(url, {**season, "name": " autumn 2026 ", "starts_on": "2026-10-01"})
    kept = client.post(reverse("edit_season", args=[club.token, autumn.pk]),
                       {**season, "name": "Autumn 2026", "kind": "average"})  # fmt: skip

    assert first.status_code == kept.status_code == 302
    assert refused.status_code == 422
    page = refused.content.decode()
    assert page.index('name="name"') < page.index("The club already has a season called")
    assert "a season called “Autumn 2026”" in page  # as the club wrote it, not as typed
    assert 'value="2026-10-01"' in page  # what was typed stays
    assert list(Season.objects.values_list("name", "kind")) == [("Autumn 2026", "average")]


def test_a_night_is_opened_with_its_history_line_or_not_at_all(club, organiser, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("the history could not be written")

    monkeypatch.setattr(clubs, "_log", broken)
    with pytest.raises(RuntimeError):
        clubs.open_night(club, name="Half", date=NIGHT_DATE, author=organiser)

    assert not club.nights.filter(name="Half").exists()


def test_a_second_night_of_one_name_and_date_is_refused_at_the_name(client, club, night,
                                                                    organiser):  # fmt: skip
    # Two "Friday" nights of one date are two entries alike in "Move to" and on the club page.
    client.force_login(organiser)
    other = clubs.open_night(club, name="Friday", date=NIGHT_DATE.replace(day=27), author=organiser)

    typed = {"name": " friday ", "date": str(NIGHT_DATE), "place": "Hall"}
    refused = client.post(reverse("new_night", args=[club.token]), typed)
    moved = client.post(reverse("edit_night", args=[club.token, other.pk]),
                        {"name": "Friday", "date": str(NIGHT_DATE)})  # fmt: skip
    kept = client.post(reverse("edit_night", args=[club.token, night.pk]),
                       {"name": "Friday", "date": str(NIGHT_DATE), "place": "Hall"})  # fmt: skip
    another_day = client.post(reverse("new_night", args=[club.token]),
                              {"name": "Friday", "date": "2026-12-04"})  # fmt: skip

    assert refused.status_code == moved.status_code == 422
    for response in (refused, moved):
        page = response.content.decode()
        assert page.index('name="name"') < page.index("The club already has a night called")
    assert "a night called “Friday” on" in refused.content.decode()  # as the club wrote it
    assert 'value="Hall"' in refused.content.decode()  # what was typed stays
    assert kept.status_code == another_day.status_code == 302
    other.refresh_from_db()
    assert other.date == NIGHT_DATE.replace(day=27)
    assert club.nights.filter(date=NIGHT_DATE).count() == 1


def test_the_season_form_lets_the_phone_offer_only_what_the_ladder_takes(client, club, organiser):
    # best N sessions: at least 1; a 0 the phone let through was refused only by the server
    client.force_login(organiser)
    page = client.get(reverse("new_season", args=[club.token])).content.decode()

    best = re.search(r'<input[^>]*name="best"[^>]*>', page)
    assert best is not None
    assert 'min="1"' in best.group(0)


# ---------------------------------------------------------------------------------------------
# A player's page


def test_a_players_page_adds_up_his_nights_partners_and_rating(client, club, night, organiser):
    table = play(seat_table(night, organiser, TABLE_1), 9, 9, 4, 4, 4, 9, 9)  # NS 2 games : 1
    anna = club.roster.get(name="Anna")
    won = services.table_state(table).sheet.settlement_players["N"]

    stats = standings.player_stats(anna, "russian")
    page = client.get(reverse("club_player", args=[club.token, anna.pk])).content.decode()

    assert stats.sessions == 1 and stats.tables == 1 and stats.net == won
    assert stats.rubbers_won == 1 and stats.games_won == 2
    assert [(p.name, p.tables, p.net) for p in stats.partners] == [("Vera", 1, won)]
    assert len(stats.rating) == 1 and stats.rating[0][1] > 0
    chart = page.split('<div class="chart">')[1].split("</div>")[0]
    assert "<svg" in chart and "<script" not in chart and "Vera" in page


def test_a_merged_players_page_leads_a_member_to_the_entry_he_joined(
    client, club, night, organiser, member
):
    seat_table(night, organiser, TABLE_1)
    anya = clubs.add_player(club, "Anya", author=organiser)
    clubs.merge_players(anya, club.roster.get(name="Anna"), author=organiser)
    client.force_login(member)

    response = client.get(reverse("club_player", args=[club.token, anya.pk]))

    assert response.status_code == 302


def test_the_ladder_prints_in_the_clubs_language_unless_asked(client, club, night, organiser):
    season = _season(club, "total")
    play(seat_table(night, organiser, TABLE_1), 9)
    url = reverse("season_pdf", args=[club.token, season.pk])

    russian = client.get(url).content  # the club's language is Russian
    english = client.get(url, {"lang": "en"}).content

    assert "Место" in text_of(russian) and "Rank" in text_of(english)


@pytest.mark.parametrize(
    ("lang", "rule"),
    [("en", "qualify with 2 sessions, 3 partners"), ("ru", "зачёт с 2 вечеров, 3 партнёра")],
)
def test_the_printed_ladder_states_the_qualifying_rule_as_the_page_does(client, club, lang, rule):
    season = _season(club, "total", min_sessions=2, min_partners=3)  # no night: nobody listed
    url = reverse("season_pdf", args=[club.token, season.pk])

    page = client.get(reverse("season", args=[club.token, season.pk]), HTTP_ACCEPT_LANGUAGE=lang)
    printed = " ".join(text_of(client.get(url, {"lang": lang}).content).split())

    assert rule in " ".join(page.content.decode().split())
    assert rule in printed


# ---------------------------------------------------------------------------------------------
# From the new-user trial


def test_the_public_link_shows_no_roster_entry_that_never_played(client, club, night, organiser):
    seat_table(night, organiser, TABLE_1)
    bench = clubs.add_player(club, "Zhenya", author=organiser)
    anya = clubs.add_player(club, "Anya", author=organiser)
    clubs.merge_players(anya, club.roster.get(name="Anna"), author=organiser)
    played = club.roster.get(name="Vera")

    def status(player):
        return client.get(reverse("club_player", args=[club.token, player.pk])).status_code

    assert (status(played), status(bench), status(anya)) == (200, 404, 404)
    client.force_login(organiser)
    assert (status(bench), status(anya)) == (200, 302)


def test_the_nights_refresh_keeps_the_chosen_night_to_move_to(client, club, night, organiser):
    seat_table(night, organiser, TABLE_1)
    clubs.open_night(club, name="Sat", date=NIGHT_DATE, author=organiser)
    client.force_login(organiser)

    glance = client.get(reverse("evening_glance", args=[night.token])).content.decode()

    select = glance.split('name="night"')[1].split(">")[0]
    assert 'hx-preserve="true"' in select


def test_a_refused_night_comes_back_with_what_was_typed(client, club, organiser):
    client.force_login(organiser)
    url = reverse("new_night", args=[club.token])

    blank = client.get(url).content.decode()
    response = client.post(url, {"name": "", "date": "2026-11-20", "place": "Moika 12"})

    assert f'value="{datetime.date.today():%Y-%m-%d}"' in blank  # today, by default
    assert response.status_code == 422
    page = response.content.decode()
    assert 'value="Moika 12"' in page and "This field is required." in page
    assert not Evening.objects.exists()


def test_a_night_table_keeps_its_number_when_another_leaves(client, club, night, organiser):
    first = seat_table(night, organiser, TABLE_1)
    second = seat_table(night, organiser, TABLE_2)

    clubs.remove_table(night, first, author=organiser)
    third = seat_table(night, organiser, {s: f"{n}2" for s, n in TABLE_1.items()})

    second.refresh_from_db()
    # the club speaks Russian: its tables are named in its words, whatever the organiser's page
    assert (first.title, second.title, third.title) == ("Стол 1", "Стол 2", "Стол 3")


def night_labels(client, night):
    """The tables' labels as the night page shows them, and as its projector view does."""
    pages = [client.get(reverse(name, args=[night.token])).content.decode()
             for name in ("evening", "evening_glance")]  # fmt: skip
    found = [re.findall(r'<h3><a href="/t/[^"]+/">(?:<bdi>)?([^<]+)(?:</bdi>)?</a>', page)
             for page in pages]  # fmt: skip
    assert found[0] == found[1]
    return found[0]


def printed_labels(night):
    """The tables as the night's PDF numbers and names them: (T-number, title), in print order."""
    from scorebook.printing import pdf

    closing = pdf_pages(night)[-1]
    sheets = [pdf.table_sheet(t, number=t.number) for t in pdf.evening_tables(night)]
    for sheet in sheets:
        assert f"T{sheet.number} {sheet.title}" in closing
    return [(sheet.number, sheet.title) for sheet in sheets]


def test_every_table_of_a_night_has_its_own_label(client, club, night, organiser):
    # Made earlier at /new/russian/, without a title, then added to the night by its edit link
    kitchen = services.create_table(variant="russian", players=TABLE_3, owner=organiser)
    seat_table(night, organiser, TABLE_1)
    seat_table(night, organiser, TABLE_2)
    client.force_login(organiser)
    client.post(reverse("evening_file", args=[night.token]), {"link": kitchen.edit_token})
    last = seat_table(night, organiser, {s: f"{n}2" for s, n in TABLE_1.items()})

    labels = night_labels(client, night)

    assert len(labels) == len(set(labels)) == 4
    assert labels == ["Стол 1", "Стол 2", "Стол 3", "Стол 4"]  # in the order they joined
    kitchen.refresh_from_db()
    assert (kitchen.number, kitchen.title, last.number) == (3, "Стол 3", 4)
    assert printed_labels(night) == [(n, label) for n, label in enumerate(labels, start=1)]


def test_a_table_moved_in_takes_the_next_number_unless_named_apart(client, club, night,
                                                                   organiser):  # fmt: skip
    other = clubs.open_night(club, name="Saturday", date=NIGHT_DATE, author=organiser)
    numbered = seat_table(other, organiser, TABLE_1)  # "Стол 1" of the other night
    named = seat_table(other, organiser, TABLE_2, title="Window")
    seat_table(night, organiser, TABLE_3)  # this night's "Стол 1"

    clubs.file_table(night, numbered, author=organiser)
    clubs.file_table(night, named, author=organiser)
    after = seat_table(night, organiser, {s: f"{n}2" for s, n in TABLE_1.items()})

    client.force_login(organiser)
    assert night_labels(client, night) == ["Стол 1", "Стол 2", "Window", "Стол 4"]
    assert [t.number for t in pdf_tables(night)] == [1, 2, 3, 4] and after.number == 4


def test_a_table_taken_out_and_filed_elsewhere_takes_its_new_number_name(client, club, night,
                                                                         organiser):  # fmt: skip
    # Friday's "Стол 3", taken out (it keeps its deals and its title), then filed into Saturday
    seat_table(night, organiser, TABLE_1)
    seat_table(night, organiser, TABLE_2)
    third = seat_table(night, organiser, TABLE_3)
    clubs.remove_table(night, third, author=organiser)
    saturday = clubs.open_night(club, name="Saturday", date=NIGHT_DATE, author=organiser)

    clubs.file_table(saturday, third, author=organiser)
    seat_table(saturday, organiser, TABLE_1)
    seat_table(saturday, organiser, TABLE_2)

    client.force_login(organiser)
    assert night_labels(client, saturday) == ["Стол 1", "Стол 2", "Стол 3"]
    assert printed_labels(saturday) == [(1, "Стол 1"), (2, "Стол 2"), (3, "Стол 3")]


def test_a_title_already_on_the_night_is_refused_at_the_field(client, club, night, organiser):
    seat_table(night, organiser, TABLE_1)
    client.force_login(organiser)

    response = client.post(reverse("night_table", args=[night.token, "russian"]),
                           new_table_form("russian", title="стол 1"))  # fmt: skip

    assert response.status_code == 422
    assert "Another table of this night is called" in response.content.decode()
    assert night.tables.count() == 1


def test_the_name_of_another_number_is_refused_as_a_title_at_the_field(client, club, night,
                                                                       organiser):  # fmt: skip
    # "Стол 2" typed for the night's first table: its second would be named "Стол 2" as well
    client.force_login(organiser)
    url = reverse("night_table", args=[night.token, "russian"])

    refused = client.post(url, new_table_form("russian", title="стол 2"))
    own = client.post(url, new_table_form("russian", title="Стол 1"))
    seat_table(night, organiser, {s: f"{n}2" for s, n in TABLE_1.items()})

    assert refused.status_code == 422
    page = refused.content.decode()
    assert "“стол 2” is the name of a table number" in page and "“Стол 1”" in page
    assert own.status_code == 302
    assert night_labels(client, night) == ["Стол 1", "Стол 2"]


def test_two_tables_of_a_night_never_share_a_number(club, night, organiser):
    from django.db import IntegrityError, transaction

    first = seat_table(night, organiser, TABLE_1)
    second = seat_table(night, organiser, TABLE_2)
    second.number = first.number

    with pytest.raises(IntegrityError), transaction.atomic():
        second.save(update_fields=["number"])


def pdf_tables(night):
    from scorebook.printing import pdf

    return pdf.evening_tables(night)


def test_a_night_table_is_named_in_the_clubs_language(organiser):
    english = clubs.create_club(user=organiser, name="Mayfair", variant="english-short",
                                language="en")  # fmt: skip
    night = clubs.open_night(english, name="Friday", date=NIGHT_DATE, author=organiser)
    with translation.override("ru"):  # an organiser whose browser reads Russian
        table = seat_table(night, organiser, TABLE_1, variant="english-short")

    assert table.title == "Table 1"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_date_pickers_show_their_dates_in_every_language(client, club, night, organiser,
                                                             lang):  # fmt: skip
    # A date input reads only 2026-11-20: a Russian 20.11.2026 left it blank and the form
    # could not be sent again without typing the dates anew
    season = _season(club, "total")
    client.force_login(organiser)
    language = {"HTTP_ACCEPT_LANGUAGE": lang}

    pages = [
        client.get(reverse("new_night", args=[club.token]), **language),
        client.get(reverse("edit_night", args=[club.token, night.pk]), **language),
        client.get(reverse("edit_season", args=[club.token, season.pk]), **language),
    ]

    today = timezone.localdate().isoformat()
    new, edit, season_page = (page.content.decode() for page in pages)
    assert f'lang="{lang}"' in new
    assert re.search(rf'type="date" name="date" value="{today}"', new)
    assert re.search(r'type="date" name="date" value="2026-11-20"', edit)
    assert re.search(r'type="date" name="starts_on" value="2026-09-01"', season_page)
    assert re.search(r'type="date" name="ends_on" value="\d{4}-\d\d-\d\d"', season_page)
    assert f"<title>{season.name} —" in season_page  # not "New season" while correcting one


def test_an_organiser_corrects_a_night_and_a_season_and_removes_the_season(client, club, night,
                                                                          organiser):  # fmt: skip
    table = play(seat_table(night, organiser, TABLE_1), 9)
    season = _season(club, "total")
    client.force_login(organiser)

    client.post(reverse("edit_night", args=[club.token, night.pk]),
                {"name": "Friday club", "date": "2026-11-21", "place": ""})  # fmt: skip
    autumn = {"name": "Autumn", "starts_on": "2026-09-01", "ends_on": "2026-12-31",
              "variant": "russian", "kind": "average", "min_sessions": 1,
              "min_partners": 0}  # fmt: skip
    client.post(reverse("edit_season", args=[club.token, season.pk]), autumn)
    night.refresh_from_db()
    season.refresh_from_db()
    table.refresh_from_db()
    assert (night.name, str(night.date), str(table.played_on)) == ("Friday club", "2026-11-21",
                                                                  "2026-11-21")  # fmt: skip
    assert (season.name, season.kind) == ("Autumn", "average")

    unconfirmed = client.post(reverse("delete_season", args=[club.token, season.pk]), follow=True)
    assert "Tick the box to confirm" in unconfirmed.content.decode()
    assert Season.objects.filter(pk=season.pk).exists()  # a tap alone removes nothing

    client.post(reverse("delete_season", args=[club.token, season.pk]), {"confirm": "on"})

    assert not Season.objects.exists() and Evening.objects.filter(pk=night.pk).exists()
    assert club.log.filter(action=ClubLog.Action.SEASON_REMOVED).exists()


@pytest.mark.parametrize("who", ["member", "public link"])
def test_only_organisers_correct_nights_and_seasons(client, club, night, member, who):
    season = _season(club, "total")
    if who == "member":
        client.force_login(member)

    answers = [
        client.post(reverse("edit_night", args=[club.token, night.pk]), {"name": "X"}),
        client.post(reverse("edit_season", args=[club.token, season.pk]), {"name": "X"}),
        client.post(reverse("delete_season", args=[club.token, season.pk])),
    ]

    assert [a.status_code for a in answers] == [403, 403, 403]
    assert Season.objects.get().name == "total" and Evening.objects.get().name == "Friday"


def test_the_night_pdf_names_the_club_on_every_sheet(club, night, organiser):
    play(seat_table(night, organiser, TABLE_1), 9)

    pages = pdf_pages(night)

    assert "Moika 12 · Friday" in pages[0]


def pdf_pages(night):
    from scorebook.printing import pdf
    from tests.scorebook.test_pdf import pages_text

    return pages_text(pdf.evening_pdf(night, lang="en", paper="a4"))


def test_a_merge_needs_the_organiser_to_confirm_it(client, club, night, organiser):
    seat_table(night, organiser, TABLE_1)
    anya = clubs.add_player(club, "Anya", author=organiser)
    anna = club.roster.get(name="Anna")
    client.force_login(organiser)

    unsure = {"action": "merge", "merge-source": anya.pk, "merge-target": anna.pk}
    response = client.post(reverse("roster", args=[club.token]), unsure)

    assert response.status_code == 422
    anya.refresh_from_db()
    assert anya.merged_into is None


def test_my_tables_on_the_home_page_name_their_club_and_night(client, club, night, organiser):
    seat_table(night, organiser, TABLE_1)
    client.force_login(organiser)

    page = client.get(reverse("home")).content.decode()

    assert "<bdi>Moika 12</bdi> · <bdi>Friday</bdi>" in page


def test_a_rename_to_a_reversing_name_is_refused_and_the_table_still_shows(
    client, club, night, organiser
):
    table = seat_table(night, organiser, TABLE_1)
    anna = club.roster.get(name="Anna")
    client.force_login(organiser)

    response = client.post(reverse("player_rename", args=[club.token, anna.pk]),
                           {"name": "\u202eAnna"}, HTTP_ACCEPT_LANGUAGE="en")  # fmt: skip

    assert response.status_code == 422
    page = response.content.decode()
    assert "Must not contain invisible formatting characters" in page and "U+202E" in page
    assert 'value="Anna"' in page and "\u202e" not in page  # shown again without it
    anna.refresh_from_db()
    assert anna.name == "Anna"
    assert client.get(reverse("table", args=[table.edit_token])).status_code == 200


def test_a_roster_name_refused_for_an_invisible_character_comes_back_without_it(
    client, club, organiser
):
    client.force_login(organiser)

    response = client.post(reverse("roster", args=[club.token]),
                           {"action": "add", "add-name": "Zo\u200bya"})  # fmt: skip

    assert response.status_code == 422
    page = response.content.decode()
    assert "U+200B" in page
    assert 'value="Zoya"' in page and "\u200b" not in page
    assert not club.roster.filter(name__startswith="Zo").exists()


def test_a_players_tables_of_another_variant_are_offered_on_his_page(
    client, club, night, organiser
):
    play(seat_table(night, organiser, TABLE_1), 9, 9)  # the club's Russian whist
    english = seat_table(night, organiser, {**TABLE_2, "N": "Anna"}, variant="english-short")
    for tricks in (13, 13):  # Anna and Zoya win a game of English short whist
        state = services.table_state(english)
        services.add_deal(
            english,
            {
                "dealer": state.next_dealer,
                "trump": "S",
                "tricks": {"NS": tricks, "EW": 13 - tricks},
            },
            number=state.next_number,
            author=services.Author(label="test"),
        )
    anna = club.roster.get(name="Anna")
    url = reverse("club_player", args=[club.token, anna.pk])
    season = Season(club=club, name="2026", variant="russian", starts_on=datetime.date(2026, 1, 1),
                    ends_on=datetime.date(2026, 12, 31))  # fmt: skip
    clubs.save_season(season, author=organiser)  # the page's choice of season: a form

    russian = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    other = client.get(url + "?variant=english-short", HTTP_ACCEPT_LANGUAGE="en").content.decode()

    assert "Also played at the club's nights, counted apart:" in russian
    assert '<a href="?variant=english-short">English short whist</a>' in russian
    assert '<p class="subtitle">English short whist</p>' in other
    assert '<a href="?variant=russian">Russian whist</a>' in other
    assert "Zoya" in other and "Zoya" not in russian  # his partner there, only there
    # "Show" all nights again keeps the variant shown.
    assert '<input type="hidden" name="variant" value="english-short">' in other
    won = standings.player_stats(anna, "english-short")
    assert won.tables == 1 and won.games_won >= 1


@pytest.mark.parametrize(
    ("value", "kind", "lang", "shown"),
    [
        (5.21675, "rating", "en", "5.22"),  # rounded as the ladder command prints it
        (-1.43763, "rating", "en", "\u22121.44"),
        (4.92713, "average", "ru", "4,93"),
        (0.985058, "rating", "ru", "0,99"),
        (-0.004, "rating", "en", "0.00"),  # no minus sign on a value shown as nought
        (12, "total", "en", "12"),
    ],
)
def test_a_ladder_value_is_rounded_to_two_places_not_cut(value, kind, lang, shown):
    from scorebook.templatetags.scorebook import ladder_value

    with translation.override(lang):
        assert ladder_value(value, kind) == shown


def test_the_printed_footnote_keeps_a_space_before_the_partners_rule(
    client, club, night, organiser
):
    season = _season(club, "total", min_sessions=2, min_partners=3)
    play(seat_table(night, organiser, TABLE_1), 9)  # everyone unqualified: the footnote shows
    url = reverse("season_pdf", args=[club.token, season.pk])

    english = " ".join(text_of(client.get(url, {"lang": "en"}).content).split())
    russian = " ".join(text_of(client.get(url, {"lang": "ru"}).content).split())

    assert "qualifies with 2 sessions and 3 different partners." in english
    assert "Для зачёта нужны 2 вечера и 3 разных партнёра." in russian


def printed_ladder(client, club, season, lang: str = "en") -> str:
    from tests.scorebook.test_pdf import text_of

    response = client.get(reverse("season_pdf", args=[club.token, season.pk]), {"lang": lang})
    assert response.status_code == 200
    return " ".join(text_of(response.content).split())


@pytest.mark.parametrize("best, said", [(1, "best 1 session ·"), (3, "best 3 sessions ·")])
def test_the_printed_ladder_says_best_n_in_the_singular_or_the_plural(client, club, best, said):
    season = _season(club, "average", best=best)

    assert said in printed_ladder(client, club, season)


@pytest.mark.parametrize(("variant", "said"), [("russian", True), ("hussar", False)])
def test_the_printed_ladder_asks_partners_only_where_the_variant_has_them(
    client, club, night, organiser, variant, said
):
    season = _season(club, "average", min_sessions=2, min_partners=2)
    season.variant = variant
    season.save()
    play(seat_table(night, organiser, TABLE_1), 9, 9)  # one night: nobody qualifies yet

    printed = printed_ladder(client, club, season)

    assert ("qualify with 2 sessions, 2 partners" in printed) is said
    assert "qualify with 2 sessions" in printed
    if said:  # the Russian table's four players, not qualified after one night
        assert "A player qualifies with 2 sessions and 2 different partners." in printed


def test_a_players_partners_with_as_many_tables_come_in_reading_order(club, night, organiser):
    # Code points put "Ёлкина" before "Вера" and "борис" after "Яна".
    for south in ("Ёлкина", "Вера", "борис", "Яна"):
        play(seat_table(night, organiser, {**TABLE_1, "S": south}), 9)
    anna = club.roster.get(name="Anna")

    stats = standings.player_stats(anna, "russian")

    assert [p.name for p in stats.partners] == ["борис", "Вера", "Ёлкина", "Яна"]


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "<bdi>Sat</bdi>: Date <bdi>21 November 2026</bdi> → <bdi>20 November 2026</bdi>; "
               "Place <bdi>—</bdi> → <bdi>Moika &amp; 12</bdi>"),
        ("ru", "<bdi>Sat</bdi>: Дата <bdi>21 ноября 2026</bdi> → <bdi>20 ноября 2026</bdi>; "
               "Место <bdi>—</bdi> → <bdi>Moika &amp; 12</bdi>"),
    ],
)  # fmt: skip
def test_the_history_says_what_a_nights_correction_changed(client, club, organiser, lang, said):
    saturday = clubs.open_night(club, name="Sat", date=NIGHT_DATE + datetime.timedelta(days=1),
                                author=organiser)  # fmt: skip
    client.force_login(organiser)
    client.post(reverse("edit_night", args=[club.token, saturday.pk]),
                {"name": "Sat", "date": NIGHT_DATE.isoformat(), "place": "Moika & 12"})  # fmt: skip

    page = client.get(reverse("club", args=[club.token]), HTTP_ACCEPT_LANGUAGE=lang)

    assert said in page.content.decode()


def test_the_clubs_usual_honour_values_come_back_as_typed(client, club, night, organiser):
    # Honour values are kept as a mapping: the form must offer them as "3:2, 4:4", which it
    # accepts again, not as a Python dict it refuses
    client.force_login(organiser)
    values = "3:3, 4:6, 5:9"
    form = new_table_form("russian", **{"opt_honourValues": values, "keep_options": "on"})
    client.post(reverse("night_table", args=[night.token, "russian"]), form)

    page = client.get(reverse("night_table", args=[night.token, "russian"])).content.decode()

    assert f'name="opt_honourValues" value="{values}"' in page


def test_the_next_table_of_a_night_starts_in_the_night_for_its_organisers(
    client, club, night, organiser, member
):
    table = play(seat_table(night, organiser, TABLE_1), 8)
    page = reverse("table", args=[table.view_token])

    as_client(client, member)
    assert 'class="next-table"' not in client.get(page).content.decode()  # may not start one
    client.force_login(organiser)
    found = re.search(
        r'<p class="next-table"><a class="button" href="([^"]+)"', client.get(page).content.decode()
    )
    form = client.get(html.unescape(found.group(1))).content.decode()

    assert found.group(1).startswith(reverse("night_table", args=[night.token, "russian"]))
    assert 'name="player_W" value="Gleb"' in form and "Start the table" in form


# ---------------------------------------------------------------------------------------------
# Roles listed and taken back


def test_the_organiser_sees_the_accepted_roles_and_not_the_unanswered_invitations(
    client, club, organiser, member, stranger
):
    clubs.give_role(club, stranger.username, clubs.MEMBER, author=organiser)  # not answered
    client.force_login(organiser)

    page = client.get(reverse("club", args=[club.token])).content.decode()
    listed = page.split('class="roles"')[1].split("</ul>")[0]

    assert organiser.username in listed and member.username in listed
    assert stranger.username not in listed  # would tell that the user name has an account


def test_a_role_taken_back_is_gone_and_the_history_says_so(client, club, organiser, member):
    entry = ClubRole.objects.get(club=club, user=member)
    client.force_login(organiser)

    answer = client.post(reverse("take_back_role", args=[club.token, entry.pk]))

    assert answer.status_code == 302
    assert clubs.role_of(member, club) is None
    assert "account misha, role taken back: member" in history(client, club, "en")


def test_the_last_organiser_cannot_give_his_role_away(client, club, organiser):
    entry = ClubRole.objects.get(club=club, user=organiser)
    client.force_login(organiser)

    answer = client.post(reverse("take_back_role", args=[club.token, entry.pk]), follow=True)

    assert clubs.role_of(organiser, club) == clubs.ORGANISER
    assert "must keep at least one organiser" in answer.content.decode()


def test_only_an_organiser_takes_a_role_back(client, club, organiser, member):
    entry = ClubRole.objects.get(club=club, user=organiser)
    client.force_login(member)

    answer = client.post(reverse("take_back_role", args=[club.token, entry.pk]))

    assert answer.status_code == 403
    assert ClubRole.objects.filter(pk=entry.pk).exists()


def test_a_replaced_public_link_no_longer_opens_the_club(client, club, organiser):
    old = club.token
    client.force_login(organiser)

    answer = client.post(reverse("new_public_link", args=[old]))
    club.refresh_from_db()
    client.logout()

    assert club.token != old
    assert answer.status_code == 302 and answer["Location"] == reverse("club", args=[club.token])
    assert client.get(reverse("club", args=[old])).status_code == 404
    assert client.get(reverse("club", args=[club.token])).status_code == 200
    assert ClubLog.objects.filter(club=club, action=ClubLog.Action.LINK_REPLACED).exists()


def test_only_an_organiser_replaces_the_public_link(client, club, member):
    old = club.token
    client.force_login(member)

    assert client.post(reverse("new_public_link", args=[old])).status_code == 403
    club.refresh_from_db()
    assert club.token == old
