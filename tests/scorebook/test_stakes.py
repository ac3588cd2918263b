"""Playing for a stake (issue 33): the table's and the club's stake, the settlement in money on
the screen and the printed sheet in both languages, the record's meta, and bad input refused.
The arithmetic itself is tested in test_money.py."""

from __future__ import annotations

import html
import json
from decimal import Decimal

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import translation

from players.models import Club, ClubLog
from scorebook.clubs import services as clubs
from scorebook.printing import pdf
from scorebook.rules import parse_record, score
from scorebook.tables import services
from scorebook.tables.models import Table
from tests.scorebook.conftest import PLAYERS, add_deals, new_table_form
from tests.scorebook.test_pdf import squeeze, text_of

pytestmark = pytest.mark.django_db

D = Decimal
HUSSAR_DEAL = {"dealer": "N", "trump": "H", "tricks": {"N": 6, "E": 3, "S": 3, "W": 1}}


def stake_table(**stake):
    """Russian whist at 3 kopecks a point paid in half roubles: NS win 10 points net, so each
    pays 0.30 ₽, rounded to 0.5 ₽."""
    stake = stake or {"stake": D("0.03"), "stake_currency": "₽", "stake_coin": D("0.5")}
    table = services.create_table(variant="russian", players=PLAYERS, **stake)
    add_deals(table, 8, 9, 4)
    table.refresh_from_db()
    return table


def page_of(client, table, lang):
    with translation.override(lang):
        page = client.get(reverse("table", args=[table.view_token]), HTTP_ACCEPT_LANGUAGE=lang)
    assert page.status_code == 200
    return html.unescape(page.content.decode())


def test_the_sheet_states_the_settlement_in_points_as_before():
    table = stake_table()
    sheet = services.table_state(table).sheet
    assert dict(sheet.settlement_sides) == {"NS": 10, "EW": -10}


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", ["in money", "+0.5\u00a0₽", "\u22120.5\u00a0₽", "Who pays whom",
                "Boris</bdi> (E) pays <bdi>Anna</bdi> (N) 0.5\u00a0₽", "exactly 0.30\u00a0₽",
                "Rounded to 0.5\u00a0₽: 0.40\u00a0₽ added", "0.03\u00a0₽ a point"]),
        ("ru", ["в деньгах", "+0,5\u00a0₽", "\u22120,5\u00a0₽", "Кто кому платит",
                "Boris</bdi> (В) платит <bdi>Anna</bdi> (С) 0,5\u00a0₽", "точно 0,30\u00a0₽",
                "Округлено до 0,5\u00a0₽: 0,40\u00a0₽ добавлено", "0,03\u00a0₽ за вист"]),
    ],
)  # fmt: skip
def test_the_table_screen_shows_who_pays_whom_in_money(client, lang, words):
    page = page_of(client, stake_table(), lang)
    for word in words:
        assert word in page, word


def test_a_table_without_a_stake_shows_no_money(client, table_with_deals):
    page = page_of(client, table_with_deals, "en")
    assert "in money" not in page and "Who pays whom" not in page
    assert "money-settlement" not in page
    data = services.export_record(table_with_deals)
    assert not {"stake", "stake_currency", "stake_coin"} & set(data["meta"])


def test_the_answer_to_a_save_carries_the_money_too(client):
    table = stake_table()
    state = services.table_state(table)
    deal = {"number": state.next_number, "nonce": "n1", "dealer": state.next_dealer,
            "trump": "H", "tricks": 8, "honours": 3}  # fmt: skip
    answer = client.post(reverse("deal_add", args=[table.edit_token]), deal, HTTP_HX_REQUEST="true")
    assert answer.status_code == 200
    text = html.unescape(answer.content.decode())
    assert "in money" in text and "Who pays whom" in text


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", ["in money +0.5 ₽ −0.5 ₽", "who pays whom", "boris (e) pays anna (n) 0.5 ₽",
                "rounded to 0.5 ₽: 0.40 ₽ added"]),
        ("ru", ["в деньгах +0,5 ₽ −0,5 ₽", "кто кому платит", "boris (в) платит anna (с) 0,5 ₽",
                "округлено до 0,5 ₽: 0,40 ₽ добавлено", "0,03 ₽ за вист"]),
    ],
)  # fmt: skip
def test_the_printed_sheet_shows_the_money(lang, words):
    body = pdf.table_pdf(stake_table(), lang=lang, paper="a4")
    text = squeeze(text_of(body).replace("\u00a0", " "))
    for word in words:
        assert word in text, word


def test_hussar_each_for_himself_pays_in_money(client):
    table = services.create_table(
        variant="hussar", players=PLAYERS, stake=D(1), stake_currency="коп.", stake_coin=D(1)
    )
    services.add_deal(table, HUSSAR_DEAL, number=1, author=services.Author(label="t"))
    state = services.table_state(table)
    points = dict(state.sheet.settlement_players)
    page = page_of(client, table, "en")
    # every player's money is his points at 1 коп. a point, and the money balances
    for seat, name in PLAYERS.items():
        amount = points[seat]
        shown = f"{'+' if amount > 0 else '−' if amount < 0 else ''}{abs(amount)}\u00a0коп."
        assert f"<strong>{'+' if amount > 0 else ''}{amount}".replace("-", "−") in page
        assert shown in page, (name, shown)
    assert page.count(" pays ") >= 2


@pytest.mark.parametrize(
    "stake",
    [
        {"stake": D("0.1"), "stake_currency": "₽", "stake_coin": D(1)},
        {"stake": D("12345678.1234"), "stake_currency": "£", "stake_coin": D("0.01")},
        {"stake": D(2), "stake_currency": "", "stake_coin": None},
    ],
)
def test_the_stake_goes_round_the_record(stake):
    table = stake_table(**stake)
    data = json.loads(json.dumps(services.export_record(table)))  # as a file holds it

    assert data["meta"]["stake"] == float(stake["stake"]) or data["meta"]["stake"] == int(
        stake["stake"]
    )
    copy = services.import_record(data)
    copy.refresh_from_db()
    assert (copy.stake, copy.stake_currency, copy.stake_coin) == (
        stake["stake"],
        stake["stake_currency"],
        stake["stake_coin"],
    )
    assert services.export_record(copy)["meta"] == data["meta"]


def test_the_record_writes_the_stake_as_flat_meta_keys():
    data = services.export_record(stake_table())
    assert data["meta"]["stake"] == 0.03
    assert data["meta"]["stake_currency"] == "₽"
    assert data["meta"]["stake_coin"] == 0.5
    sheet = score(parse_record(data))  # the engine reads it and settles in points, as before
    assert dict(sheet.settlement_sides) == {"NS": 10, "EW": -10}


@pytest.mark.parametrize(
    ("meta", "field", "words"),
    [
        ({"stake": -1}, "stake per point", "0 or more"),
        ({"stake": "1,5"}, "stake per point", "must be a number"),
        ({"stake": 1, "stake_coin": 0}, "smallest coin", "more than 0"),
        ({"stake": 1, "stake_currency": "roubles and kopecks"}, "currency", "at most 10"),
    ],
)
def test_an_import_with_a_bad_stake_is_refused_whole(client, meta, field, words):
    data = services.export_record(stake_table())
    Table.objects.all().delete()
    data["meta"] = {"date": "2026-11-20", **meta}
    upload = SimpleUploadedFile("bad.json", json.dumps(data).encode(), "application/json")
    page = client.post(reverse("import_record"), {"record": upload}, HTTP_ACCEPT_LANGUAGE="en")
    assert page.status_code == 422
    assert field in page.text and words in page.text
    assert not Table.objects.exists()


# ---------------------------------------------------------------------------------------------
# The new-table form


def test_the_new_table_form_starts_a_table_with_a_stake(client):
    form = new_table_form("russian", stake="0,05", stake_currency=" ₽ ", stake_coin="1")
    answer = client.post(reverse("new_table", args=["russian"]), form, HTTP_ACCEPT_LANGUAGE="ru")
    assert answer.status_code == 302
    table = Table.objects.get()
    assert (table.stake, table.stake_currency, table.stake_coin) == (D("0.05"), "₽", D(1))


@pytest.mark.parametrize(
    ("lang", "fields", "field", "message"),
    [
        ("en", {"stake": "-1"}, "stake", "The stake per point cannot be negative."),
        ("en", {"stake": "ten"}, "stake", "The stake per point must be a number"),
        ("en", {"stake": "1", "stake_coin": "0"}, "stake_coin",
         "The smallest coin must be more than 0."),
        ("en", {"stake": "1", "stake_coin": "a lot"}, "stake_coin",
         "The smallest coin must be a number"),
        ("en", {"stake_currency": "₽"}, "stake", "Enter the stake per point"),
        ("ru", {"stake": "-1"}, "stake", "Ставка за вист не может быть отрицательной."),
        ("ru", {"stake": "десять"}, "stake", "Ставка за вист должна быть числом"),
        ("ru", {"stake": "1", "stake_coin": "0"}, "stake_coin",
         "Мелкая монета должна быть больше 0."),
    ],
)  # fmt: skip
def test_a_bad_stake_is_told_at_its_field_and_nothing_is_started(
    client, lang, fields, field, message
):
    form = new_table_form("russian", **fields)
    with translation.override(lang):
        answer = client.post(
            reverse("new_table", args=["russian"]), form, HTTP_ACCEPT_LANGUAGE=lang
        )
    assert answer.status_code == 422
    assert message in html.unescape(answer.content.decode())
    assert field in answer.context["form"].errors
    assert not Table.objects.exists()


def test_the_next_table_keeps_the_stake(client):
    table = stake_table()
    page = client.get(reverse("new_table", args=["russian"]), {"after": table.edit_token})
    form = page.context["form"]
    assert form.initial["stake"] == D("0.03") and form.initial["stake_coin"] == D("0.5")


# ---------------------------------------------------------------------------------------------
# The club's stake


@pytest.fixture
def club(owner):
    return clubs.create_club(user=owner, name="Moika 12", variant="russian", language="ru")


def club_form(club, **fields):
    data = {"name": club.name, "city": club.city, "variant": club.variant,
            "language": club.language}  # fmt: skip
    return {**data, **fields}


def test_an_organiser_sets_the_club_stake_and_its_nights_tables_start_with_it(
    client, owner, club
):
    client.force_login(owner)
    url = reverse("edit_club", args=[club.token])
    answer = client.post(url, club_form(club, stake="0.1", stake_currency="₽", stake_coin="1"))
    assert answer.status_code == 302
    club.refresh_from_db()
    assert (club.stake, club.stake_currency, club.stake_coin) == (D("0.1"), "₽", D(1))
    assert ClubLog.objects.filter(club=club, action=ClubLog.Action.CLUB_EDITED).exists()
    page = client.get(reverse("club", args=[club.token]), HTTP_ACCEPT_LANGUAGE="ru")
    assert "0,10\u00a0₽ за вист" in html.unescape(page.content.decode())

    night = clubs.open_night(club, name="Friday", date=club.created_at.date(), author=owner)
    new = client.get(reverse("night_table", args=[night.token, "russian"]))
    assert new.context["form"].initial["stake"] == D("0.1")
    started = client.post(
        reverse("night_table", args=[night.token, "russian"]),
        new_table_form("russian", stake="0.1", stake_currency="₽", stake_coin="1"),
    )
    assert started.status_code == 302
    assert Table.objects.get(evening=night).stake == D("0.1")


@pytest.mark.parametrize(
    ("fields", "field"),
    [({"stake": "-0.5"}, "stake"), ({"stake": "x"}, "stake"),
     ({"stake": "1", "stake_coin": "0"}, "stake_coin")],
)  # fmt: skip
def test_a_bad_club_stake_is_refused_and_nothing_is_saved(client, owner, club, fields, field):
    client.force_login(owner)
    answer = client.post(
        reverse("edit_club", args=[club.token]), club_form(club, name="Renamed", **fields)
    )
    assert answer.status_code == 422
    assert field in answer.context["form"].errors
    club.refresh_from_db()
    assert club.name == "Moika 12" and club.stake is None  # nothing half-saved
    assert not ClubLog.objects.filter(action=ClubLog.Action.CLUB_EDITED).exists()


def test_only_an_organiser_sees_the_club_settings(client, outsider, club):
    client.force_login(outsider)
    assert client.get(reverse("edit_club", args=[club.token])).status_code in (403, 404)
    assert Club.objects.get().stake is None
