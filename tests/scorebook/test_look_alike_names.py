"""Names that must be unique (a club's roster, the players outside clubs, user names) are
compared by a key that reads names that look the same as one (issue 31, item 9):
players.names.name_key, docs/clubs.md."""

from __future__ import annotations

import datetime
import unicodedata

import pytest
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st

from players.models import AccountName, Player
from players.names import KEY_MAX, name_key
from scorebook.clubs import services as clubs
from scorebook.rules import RecordError
from scorebook.tables import services

ANNA = "Анна"  # Cyrillic
LOOK_ALIKES = [
    "Aнна",  # a Latin capital A
    "Ан\u200dна",  # a zero-width joiner
    "Ан\u200cна",  # a zero-width non-joiner
    "Ан\u00adна",  # a soft hyphen (refused as a name, but not by the key's grace)
    "Анна\u0301",  # a stress mark
    "А\u0301нна",
    "Анна\ufe0f",  # a variation selector
    "АННА",
    "анна",
    " Анна  ",
]


# ---------------------------------------------------------------------------------------------
# The key


@pytest.mark.parametrize("name", LOOK_ALIKES)
def test_a_look_alike_has_the_key_of_the_name_it_looks_like(name):
    assert name_key(name) == name_key(ANNA)


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("Ａｎｎａ", "Anna"),  # full width
        ("ｄｅｍｏ", "demo"),
        ("dеmo", "demo"),  # a Cyrillic е
        ("Cepгей", "Сергей"),  # a Latin C and e among Cyrillic letters
        ("Οleg", "Oleg"),  # a Greek Omicron
        ("Семён", "Семен"),  # ё read as е
        ("Ёлкина", "Елкина"),
        ("Ѐлена", "Елена"),  # a Cyrillic е with a grave, a stress mark
    ],
)
def test_names_that_look_the_same_have_one_key(one, other):
    assert name_key(one) == name_key(other)


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("Йорик", "Иорик"),  # й is a letter of its own, not и with a stress mark
        ("Й", "И"),
        ("И\u0306горь", "Игорь"),  # й typed as и and a combining breve
        ("José", "Jose"),  # a Latin letter with its accent is a letter of its own
        ("Олег", "Oleg"),  # two alphabets, two names: л is not l
        ("Анна", "Anna"),  # н is not n: a spelling in another alphabet, not a look-alike
        ("Вера", "Вира"),
    ],
)
def test_names_that_do_not_look_the_same_keep_their_own_keys(one, other):
    assert name_key(one) != name_key(other)


def test_a_key_never_outgrows_its_column():
    """The ligature "ﷺ" is 18 letters in NFKC: a long key is kept as its digest."""
    assert len(name_key("ﷺ" * 60)) <= KEY_MAX
    assert name_key("ﷺ" * 60) != name_key("ﷺ" * 59)


@given(st.text(max_size=60))
def test_the_key_is_the_key_of_its_own_forms(name):
    """Any text has a key; the key of a name is the key of its NFC and NFKC forms."""
    key = name_key(name)
    assert len(key) <= KEY_MAX
    assert name_key(unicodedata.normalize("NFC", name)) == key


def test_a_stored_name_keeps_what_it_was_typed_with(db):
    player = Player.objects.create(name="Ан\u200dна\u0301")
    player.refresh_from_db()
    assert player.name == "Ан\u200dна\u0301"
    assert player.key == name_key(ANNA)


# ---------------------------------------------------------------------------------------------
# The roster


@pytest.fixture
def club(owner):
    return clubs.create_club(user=owner, name="Moika 12", variant="russian", language="ru")


@pytest.mark.django_db
@pytest.mark.parametrize("name", ["Aнна", "Ан\u200dна", "Анна\u0301", "А\u0301нна"])
def test_a_look_alike_is_refused_on_the_roster_naming_the_entry_it_looks_like(club, owner, name):
    clubs.add_player(club, ANNA, author=owner)

    with pytest.raises(clubs.ClubError) as refused:
        clubs.add_player(club, name, author=owner)

    assert refused.value.message == "This name looks the same as “Анна”, already in the roster."
    assert refused.value.field == "name"
    assert list(club.roster.values_list("name", flat=True)) == [ANNA]


@pytest.mark.django_db
def test_a_full_width_name_is_refused_next_to_the_name_it_spells(club, owner):
    clubs.add_player(club, "Anna", author=owner)

    with pytest.raises(clubs.ClubError, match="looks the same as “Anna”"):
        clubs.add_player(club, "Ａｎｎａ", author=owner)


@pytest.mark.django_db
def test_two_alphabets_spelling_one_name_are_two_names_on_the_roster(club, owner):
    """The decision (docs/clubs.md): Latin "Anna" and Cyrillic "Анна" are two names; full
    width is Latin's width, so "Ａｎｎａ" is "Anna", not "Анна"."""
    clubs.add_player(club, "Анна", author=owner)
    clubs.add_player(club, "Ａｎｎａ", author=owner)  # allowed next to the Cyrillic name alone
    club.roster.filter(name="Ａｎｎａ").delete()

    clubs.add_player(club, "Anna", author=owner)

    with pytest.raises(clubs.ClubError, match="looks the same as “Anna”"):
        clubs.add_player(club, "Ａｎｎａ", author=owner)
    assert sorted(club.roster.values_list("name", flat=True)) == ["Anna", "Анна"]


@pytest.mark.django_db
def test_a_name_with_a_short_i_is_not_refused_next_to_one_with_i(club, owner):
    clubs.add_player(club, "Иорик", author=owner)
    clubs.add_player(club, "Йорик", author=owner)
    clubs.add_player(club, "Семён", author=owner)

    with pytest.raises(clubs.ClubError, match="looks the same as “Семён”"):
        clubs.add_player(club, "Семен", author=owner)
    assert club.roster.count() == 3


@pytest.mark.django_db
def test_a_rename_onto_a_look_alike_is_refused_but_a_player_may_respell_his_own(club, owner):
    clubs.add_player(club, ANNA, author=owner)
    vera = clubs.add_player(club, "Вера", author=owner)

    with pytest.raises(clubs.ClubError, match="looks the same as “Анна”, already in the roster"):
        clubs.rename_player(vera, "Aнна", author=owner)
    assert clubs.rename_player(vera, "Bepa", author=owner).name == "Bepa"  # Latin, her own


@pytest.mark.django_db
def test_the_roster_form_refuses_a_look_alike_in_russian(client, club, owner):
    clubs.add_player(club, ANNA, author=owner)
    client.force_login(owner)

    response = client.post(
        reverse("roster", args=[club.token]),
        {"action": "add", "add-name": "Aнна"},
        HTTP_ACCEPT_LANGUAGE="ru",
    )

    assert response.status_code == 422
    page = response.content.decode()
    assert "Это имя выглядит так же, как «Анна»: такой игрок уже есть в составе клуба." in page
    assert club.roster.count() == 1


@pytest.mark.django_db
def test_the_database_refuses_a_second_live_entry_that_looks_the_same(club):
    Player.objects.create(club=club, name=ANNA)
    with pytest.raises(IntegrityError), transaction.atomic():
        Player.objects.create(club=club, name="Aнна")


@pytest.mark.django_db
def test_a_look_alike_at_a_filed_table_is_seated_as_the_roster_entry(club, owner):
    """Filing a table into a night: a seat named "Aнна" (Latin A) is the roster's "Анна", not
    a second entry that looks the same."""
    anna = clubs.add_player(club, ANNA, author=owner)
    night = clubs.open_night(club, name="Friday", date=datetime.date(2026, 11, 20), author=owner)
    table = services.create_table(
        variant="russian", players={"N": "Aнна", "E": "Boris", "S": "Vera", "W": "Gleb"}
    )

    clubs.file_table(night, table, author=owner)

    assert table.seats.get(seat="N").player == anna
    assert club.roster.filter(key=name_key(ANNA)).count() == 1


@pytest.mark.django_db
def test_a_night_table_started_with_a_look_alike_seats_the_roster_entry(club, owner):
    anna = clubs.add_player(club, ANNA, author=owner)
    night = clubs.open_night(club, name="Friday", date=datetime.date(2026, 11, 20), author=owner)

    seats = {"N": "Ан\u200dна", "E": "Boris", "S": "Vera", "W": "Gleb"}

    table = clubs.start_table(
        night, author=owner, variant="russian", first_dealer="N", players=seats
    )

    assert table.seats.get(seat="N").player == anna


@pytest.mark.django_db
def test_an_imported_record_cannot_seat_one_name_twice_in_two_alphabets():
    record = {
        "format": "whist-record/1",
        "variant": "russian",
        "players": {"N": ANNA, "E": "Boris", "S": "Aнна", "W": "Gleb"},
        "deals": [],
    }
    with pytest.raises(RecordError) as refused:
        services.import_record(record)
    assert refused.value.code == "same-player"
    assert not Player.objects.exists()


# ---------------------------------------------------------------------------------------------
# User names

SECRET = "cards-and-pads-9"


def sign_up(client, username, **headers):
    form = {"username": username, "password1": SECRET, "password2": SECRET}
    return client.post(reverse("signup"), form, **headers)


def errors_of(response):
    """The page's error lines, as the visitor reads them."""
    return response.context["form"].errors.get("username")


@pytest.mark.django_db
@pytest.mark.parametrize("name", ["dеmo", "DEMO", "ｄｅｍｏ", "Demo"])
def test_sign_up_refuses_a_user_name_that_looks_taken_as_not_available(client, name):
    get_user_model().objects.create_user("demo", password=SECRET)

    response = sign_up(client, name)

    assert response.status_code == 422
    assert errors_of(response) == ["This user name is not available: choose another."]
    assert "demo" not in response.content.decode().replace(f'value="{name}"', "")
    assert get_user_model().objects.count() == 1


@pytest.mark.django_db
def test_a_taken_name_and_a_look_alike_get_the_same_answer(client):
    """No answer tells a name taken from one that looks taken (nor names the account)."""
    get_user_model().objects.create_user("demo", password=SECRET)

    taken, alike = sign_up(client, "demo"), sign_up(client, "dеmo")

    assert taken.status_code == alike.status_code == 422
    assert errors_of(taken) == errors_of(alike)


@pytest.mark.django_db
def test_not_available_is_said_in_russian(client):
    get_user_model().objects.create_user("demo", password=SECRET)

    response = sign_up(client, "dеmo", HTTP_ACCEPT_LANGUAGE="ru")

    assert "Это имя пользователя недоступно: выберите другое." in response.content.decode()


@pytest.mark.django_db
def test_a_user_name_unlike_the_others_signs_up_with_its_key(client):
    get_user_model().objects.create_user("demo", password=SECRET)

    response = sign_up(client, "demos")

    assert response.status_code == 302
    user = get_user_model().objects.get(username="demos")
    assert AccountName.objects.get(user=user).key == name_key("demos")


@pytest.mark.django_db
def test_the_database_keeps_one_account_a_key(client):
    """An account made where nothing checks (the admin) with a look-alike name gets no key,
    so the earlier keeps it; and a renamed account's key follows its name."""
    demo = get_user_model().objects.create_user("demo", password=SECRET)
    other = get_user_model().objects.create_user("dеmo", password=SECRET)

    assert AccountName.objects.get().user == demo
    assert not AccountName.objects.filter(user=other).exists()
    demo.username = "olga"
    demo.save(update_fields=["username"])
    assert AccountName.objects.get(user=demo).key == name_key("olga")
    assert sign_up(client, "0lga").status_code == 422  # a zero for the O


@pytest.mark.django_db
def test_a_full_width_user_name_is_not_available_next_to_the_latin_one(client):
    get_user_model().objects.create_user("Anna", password=SECRET)

    response = sign_up(client, "Ａｎｎａ")

    assert response.status_code == 422
    assert errors_of(response) == ["This user name is not available: choose another."]
    assert get_user_model().objects.count() == 1


@pytest.mark.django_db
def test_a_cyrillic_user_name_signs_up_next_to_the_latin_one(client):
    """Two alphabets, two names: "Анна" is not "Anna" (docs/clubs.md)."""
    get_user_model().objects.create_user("Anna", password=SECRET)

    response = sign_up(client, "Анна")

    assert response.status_code == 302
    key = AccountName.objects.get(user__username="Анна").key
    assert key == name_key("Анна") != name_key("Anna")
