"""The screens of a table: home, start a table in every variant, the sheet, polling, records."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from players.models import Player
from scorebook.rules import PRESETS
from scorebook.tables import services
from scorebook.tables.models import Deal, Revision, Seat, Table
from scorebook.tables.views.tables import DELTA_VERSIONS
from tests.scorebook.conftest import (
    FIRST_DEAL,
    PLAYERS,
    add_deals,
    new_table_form,
    table_url,
    write_seats_backwards,
)

pytestmark = pytest.mark.django_db


def test_every_variant_has_a_first_deal_here():
    assert set(FIRST_DEAL) == set(PRESETS)


# ---------------------------------------------------------------------------------------------
# Home


def test_home_shows_no_tables_to_a_new_visitor(client):
    response = client.get(reverse("home"))

    assert response.status_code == 200
    assert "Your tables" not in response.content.decode()


def test_home_lists_the_tables_this_browser_created(client):
    client.post(reverse("new_table", args=["russian"]), new_table_form("russian", title="Ours"))
    services.create_table(variant="russian", players=PLAYERS, title="Somebody else's")

    page = client.get(reverse("home")).content.decode()

    assert "Your tables" in page
    assert "Ours" in page
    assert "Somebody else&#x27;s" not in page
    assert "Anna, Boris, Vera, Gleb" in re.sub(r"<[^>]+>", "", page)  # as read (names in <bdi>)


def test_home_lists_a_tables_players_in_the_pads_order_whatever_the_databases(client):
    client.post(reverse("new_table", args=["russian"]), new_table_form("russian", title="Ours"))
    write_seats_backwards(Table.objects.get(title="Ours"))

    page = re.sub(r"<[^>]+>", "", client.get(reverse("home")).content.decode())

    assert "Anna, Boris, Vera, Gleb" in page


def test_another_browser_does_not_see_them(client):
    client.post(reverse("new_table", args=["russian"]), new_table_form("russian", title="Ours"))

    page = Client().get(reverse("home")).content.decode()

    assert "Ours" not in page


def test_a_signed_in_user_sees_the_tables_he_created_or_joined(client, table, member, outsider):
    joined = services.create_table(variant="hussar", players=PLAYERS, title="Hussars")
    client.force_login(member)
    client.get(table_url(joined))  # opening an edit link while signed in joins the table
    services.create_table(variant="russian", players=PLAYERS, owner=outsider, title="Not his")

    page = client.get(reverse("home")).content.decode()

    assert "Friday" in page  # a member since the fixture
    assert "Hussars" in page
    assert "Not his" not in page


def test_the_owner_sees_his_table_on_any_device(client, table, owner):
    client.force_login(owner)

    page = client.get(reverse("home")).content.decode()

    assert "Friday" in page
    assert table.edit_token in page


# ---------------------------------------------------------------------------------------------
# Starting a table


def test_the_new_table_screen_lists_every_variant(client):
    response = client.get(reverse("choose_variant"))

    assert response.status_code == 200
    page = response.content.decode()
    for key in PRESETS:
        assert reverse("new_table", args=[key]) in page
    assert reverse("import_record") in page


@pytest.mark.parametrize("variant", list(PRESETS))
def test_the_form_of_each_variant_asks_for_its_players(client, variant):
    response = client.get(reverse("new_table", args=[variant]))

    assert response.status_code == 200
    page = response.content.decode()
    for seat in PRESETS[variant].seats:
        assert f'name="player_{seat}"' in page
    assert 'list="known-players"' in page
    assert ('name="dummy"' in page) == PRESETS[variant].dummy_allowed


def test_an_unknown_variant_is_not_found(client):
    assert client.get(reverse("new_table", args=["bridge"])).status_code == 404


def test_players_of_this_browsers_earlier_tables_are_offered_for_autocompletion(client):
    client.post(
        reverse("new_table", args=["russian"]), new_table_form("russian", player_N="Zinaida")
    )
    Player.named("Yakov")  # seated nowhere this browser has been

    page = client.get(reverse("new_table", args=["russian"])).content.decode()

    assert '<datalist id="known-players">' in page
    assert '<option value="Zinaida">' in page
    assert '<option value="Yakov">' not in page


@pytest.mark.parametrize("variant", list(PRESETS))
def test_a_table_of_each_variant_starts_and_takes_its_first_deal(client, variant):
    response = client.post(reverse("new_table", args=[variant]), new_table_form(variant))

    assert response.status_code == 302
    table = Table.objects.get()
    assert response["Location"] == table_url(table)
    assert table.variant == variant
    assert table.options == {}  # the browser sent the preset's values back: nothing differs
    assert table.first_dealer == "N"
    seats = PRESETS[variant].seats
    assert {s.seat: s.player.name for s in table.seats.all()} == {s: PLAYERS[s] for s in seats}

    deal = {"number": 1, "nonce": "first", "dealer": "N", **FIRST_DEAL[variant]}
    response = client.post(reverse("deal_add", args=[table.edit_token]), deal)

    assert response.status_code == 302, response.content.decode()
    assert Deal.objects.get(table=table).number == 1
    page = client.get(table_url(table)).content.decode()
    assert '<li value="1">' in page
    assert f"cols-{len(PRESETS[variant].sides)}" in page


def test_options_that_differ_from_the_preset_are_kept(client):
    form = new_table_form("russian", **{"opt_gameTarget": 20, "opt_honourValues": "3:2, 4:4, 5:8"})

    client.post(reverse("new_table", args=["russian"]), form)

    assert Table.objects.get().options == {
        "gameTarget": 20,
        "honourValues": {"3": 2, "4": 4, "5": 8},
    }


def test_three_players_leave_the_dummy_seat_empty(client):
    form = new_table_form("russian", dummy="W", player_W="")

    response = client.post(reverse("new_table", args=["russian"]), form)

    assert response.status_code == 302
    table = Table.objects.get()
    assert table.dummy == "W"
    assert Seat.objects.get(table=table, seat="W").player is None
    assert services.export_record(table)["players"] == {"N": "Anna", "E": "Boris", "S": "Vera"}


def test_the_dummys_deal_is_dealt_by_its_partner(client):
    table = services.create_table(
        variant="russian", players={**PLAYERS, "W": None}, dummy="W", first_dealer="W"
    )

    page = client.get(reverse("table", args=[table.edit_token])).content.decode()

    # East, opposite the dummy in the West
    assert "<bdi>Boris</bdi> deals for the dummy (W)" in page


@pytest.mark.parametrize(
    ("language", "dummy_word", "partner_words"),
    [
        ("en", "dummy", "<bdi>Boris</bdi> deals for the dummy (W)"),
        ("ru", "болван", "<bdi>Boris</bdi> сдаёт за болвана (З)"),
    ],
)
def test_the_correction_names_the_dummys_seat_as_the_sheet_does(
    client, language, dummy_word, partner_words
):
    """Issue 33, defect 2: the correction's Dealer choice showed "W · None" for the dummy."""
    table = services.create_table(
        variant="russian", players={**PLAYERS, "W": None}, dummy="W", first_dealer="W"
    )
    add_deals(table, 8)

    page = client.get(
        reverse("deal_edit", args=[table.edit_token, 1]), HTTP_ACCEPT_LANGUAGE=language
    ).content.decode()

    dealer = page.split('name="dealer"')[1].split("</select>")[0]
    assert "None" not in page
    assert re.search(r'value="W"[^>]*>[^<]+ · ' + dummy_word + "</option>", dealer)
    assert partner_words in page  # who deals when the dummy's seat is chosen


@pytest.mark.parametrize("dummy", ["W", ""])
def test_the_page_says_a_table_is_three_handed_as_its_printed_sheet_does(client, dummy):
    players = {**PLAYERS, "W": None} if dummy else PLAYERS
    table = services.create_table(variant="russian", players=players, dummy=dummy)

    page = client.get(reverse("table", args=[table.edit_token])).content.decode()

    subtitle = page.split('<p class="subtitle">')[1].split("</p>")[0]
    assert ("three-handed, with a dummy" in subtitle) == bool(dummy)


def test_a_known_player_is_reused_whatever_the_case(client):
    anna = Player.named("Anna")

    client.post(reverse("new_table", args=["russian"]), new_table_form("russian", player_N="anna"))

    assert Seat.objects.get(seat="N").player == anna
    assert Player.objects.filter(name__iexact="anna").count() == 1


def test_the_cut_seats_the_two_highest_cards_north_and_south(client):
    # Anna draws 2♣, Boris A♠, Vera K♥, Gleb K♦: Boris and Vera against Gleb and Anna;
    # the kings tie on rank and the heart beats the diamond.
    cut = {"cut_N": "2C", "cut_E": "AS", "cut_S": "KH", "cut_W": "KD", "cut_ties": "suit"}

    response = client.post(reverse("new_table", args=["russian"]), new_table_form("russian", **cut))

    assert response.status_code == 302
    table = Table.objects.get()
    seated = {s.seat: s.player.name for s in table.seats.all()}
    assert seated == {"N": "Boris", "S": "Vera", "E": "Gleb", "W": "Anna"}
    assert table.first_dealer == "N"  # Boris drew the highest card: he deals
    assert table.cut == {
        "cards": {"N": "AS", "S": "KH", "E": "KD", "W": "2C"},
        "ties": "suit",
    }


def test_a_tie_in_the_cut_asks_for_a_redraw_when_the_table_redraws(client):
    cut = {"cut_N": "KC", "cut_E": "AS", "cut_S": "KH", "cut_W": "2D", "cut_ties": "redraw"}

    response = client.post(reverse("new_table", args=["russian"]), new_table_form("russian", **cut))

    assert response.status_code == 422
    page = response.content.decode()
    assert "Vera, Anna drew cards of the same rank: they draw again." in page
    assert not Table.objects.exists()


def test_a_cut_with_a_missing_card_is_refused(client):
    form = new_table_form("russian", cut_N="2C", cut_E="AS")

    response = client.post(reverse("new_table", args=["russian"]), form)

    assert response.status_code == 422
    assert "Enter the card each of the four players drew." in response.content.decode()
    assert not Table.objects.exists()


# ---------------------------------------------------------------------------------------------
# The table page


def test_the_edit_link_shows_the_entry_form_and_both_links(client, table):
    response = client.get(table_url(table))

    assert response.status_code == 200
    page = response.content.decode()
    assert '<html lang="en">' in page
    assert 'id="deal-form"' in page
    assert reverse("deal_add", args=[table.edit_token]) in page
    assert table.view_token in page
    assert "read-only" not in page
    # The first deal: any dealer is accepted, so the choice is offered, filled in
    assert '<option value="N" selected>N · Anna</option>' in page
    assert "NS needs 10" in page and "EW needs 10" in page


def test_the_read_only_link_shows_the_sheet_but_no_way_to_write(client, table_with_deals):
    table = table_with_deals

    response = client.get(table_url(table, edit=False))

    assert response.status_code == 200
    page = response.content.decode()
    assert "read-only" in page
    assert 'id="sheet"' in page
    assert '<li value="3">' in page
    assert 'id="deal-form"' not in page
    assert "Undo deal" not in page
    assert ">correct</a>" not in page
    assert table.edit_token not in page  # the read-only page never leaks the edit link


def test_an_unknown_link_is_not_found(client):
    assert client.get(reverse("table", args=["no-such-token"])).status_code == 404


def test_the_edit_link_remembers_the_table_in_this_browser(client, table):
    client.get(table_url(table))

    assert "Friday" in client.get(reverse("home")).content.decode()


def test_the_read_only_link_does_not(client, table):
    client.get(table_url(table, edit=False))

    assert "Friday" not in client.get(reverse("home")).content.decode()


def test_an_htmx_request_gets_only_the_live_fragment(client, table_with_deals):
    response = client.get(table_url(table_with_deals), HTTP_HX_REQUEST="true")

    assert response.status_code == 200
    page = response.content.decode()
    assert page.lstrip().startswith('<div id="live">')
    assert "<html" not in page
    assert 'id="deal-form"' in page
    assert 'id="sheet"' in page


def test_the_sheet_has_the_pad_the_games_and_the_settlement(client, table):
    add_deals(table, 9, 11)  # 6 + 10 below: North-South win game 1 on the second deal

    page = client.get(table_url(table)).content.decode()

    assert 'class="pad cols-2"' in page
    assert "above the line" in page and "below the line" in page
    assert 'class="game-rule"' in page
    assert "Game 1 to NS" in page
    assert "Rubber 1 in play" in page
    assert "Settlement per player" in page
    assert "<bdi>Anna</bdi> (N)" in page and "<bdi>Gleb</bdi> (W)" in page


def test_the_needed_points_follow_the_game(client, table):
    add_deals(table, 8)  # 2 odd tricks, 4 points below

    page = client.get(table_url(table)).content.decode()

    assert "NS needs 6" in page
    assert "EW needs 10" in page
    assert "<bdi>Boris</bdi> (E) deals" in page


def test_the_right_side_setting_reverses_the_columns(client):
    ns_right = services.create_table(variant="russian", players=PLAYERS, right_side="NS")
    as_dealt = services.create_table(variant="russian", players=PLAYERS)

    reversed_page = client.get(table_url(ns_right)).content.decode()
    usual_page = client.get(table_url(as_dealt)).content.decode()

    def first_column(page: str) -> str:
        return page.split('<th scope="col">', 1)[1][:2]

    assert first_column(usual_page) == "NS"
    assert first_column(reversed_page) == "EW"


def test_hussar_has_four_columns_and_prussian_two_players(client):
    hussar = services.create_table(variant="hussar", players=PLAYERS)
    prussian = services.create_table(
        variant="prussian", players={"N": "Anna", "S": "Vera"}, first_dealer="N"
    )

    hussar_page = client.get(table_url(hussar)).content.decode()
    prussian_page = client.get(table_url(prussian)).content.decode()

    assert 'class="pad cols-4"' in hussar_page
    assert 'name="tricks_W"' in hussar_page
    assert 'class="pad cols-2"' in prussian_page
    assert 'name="honours_N"' in prussian_page and 'name="honours_S"' in prussian_page
    assert "Boris" not in prussian_page


# ---------------------------------------------------------------------------------------------
# Polling the sheet


def test_polling_an_unchanged_table_answers_204(client, table_with_deals):
    table = table_with_deals
    url = reverse("table_sheet", args=[table.view_token])

    response = client.get(url, {"v": table.version})

    assert response.status_code == 204
    assert response.content == b""


def test_polling_a_changed_table_sends_the_sheet_fragment(client, table_with_deals):
    table = table_with_deals
    seen = table.version
    tricks = [7, 6, 8, 5, 9, 7, 6][: DELTA_VERSIONS + 1]
    # more versions on than a page gets as changes: the whole sheet (see test_save_answer)
    add_deals(table, *tricks)
    url = reverse("table_sheet", args=[table.view_token])

    response = client.get(url, {"v": seen})

    assert response.status_code == 200
    page = response.content.decode()
    assert page.lstrip().startswith('<section id="sheet"')
    assert "<html" not in page
    assert '<li value="4">' in page and '<li value="5">' in page
    assert f'data-version="{seen + len(tricks)}"' in page
    assert f"?v={seen + len(tricks)}" in page


def test_polling_without_a_version_sends_the_sheet(client, table):
    response = client.get(reverse("table_sheet", args=[table.view_token]))

    assert response.status_code == 200
    assert 'id="sheet"' in response.content.decode()


def test_polling_through_the_edit_link_keeps_the_correct_and_undo_buttons(client, table):
    """The sheet of an editing phone polls too; a changed sheet must not lose its buttons."""
    add_deals(table, 8)

    response = client.get(reverse("table_sheet", args=[table.edit_token]), {"v": 0})

    page = response.content.decode()
    assert response.status_code == 200
    assert "Undo deal 1" in page
    assert reverse("deal_edit", args=[table.edit_token, 1]) in page


def test_polling_an_unknown_link_is_not_found(client):
    assert client.get(reverse("table_sheet", args=["nope"]), {"v": 0}).status_code == 404


# ---------------------------------------------------------------------------------------------
# Records in and out


@pytest.mark.parametrize("edit", [True, False])
def test_the_record_download_is_the_export(client, table_with_deals, edit):
    table = table_with_deals
    token = table.edit_token if edit else table.view_token

    response = client.get(reverse("record_download", args=[token]))

    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/json")
    assert "attachment" in response["Content-Disposition"]
    assert json.loads(response.content) == services.export_record(table)
    assert json.loads(response.content)["deals"][2]["tricks"] == {"NS": 8, "EW": 5}


def test_the_import_screen_offers_a_file_field(client):
    response = client.get(reverse("import_record"))

    assert response.status_code == 200
    assert 'type="file" name="record"' in response.content.decode()


def test_uploading_a_record_creates_its_table(client, table_with_deals):
    record = services.export_record(table_with_deals)
    upload = SimpleUploadedFile("r.json", json.dumps(record).encode(), "application/json")

    response = client.post(reverse("import_record"), {"record": upload})

    assert response.status_code == 302
    imported = Table.objects.exclude(pk=table_with_deals.pk).get()
    assert response["Location"] == table_url(imported)
    assert services.export_record(imported) == record
    assert set(Revision.objects.filter(deal__table=imported).values_list("action", flat=True)) == {
        "imported"
    }
    assert "Friday" in client.get(reverse("home")).content.decode()


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"{not json", "This file is not a JSON record: its JSON breaks at line 1, column 2."),
        (b"\xff\xfe\x00", "This file is not a JSON record: it is not UTF-8 text."),
        (
            b'{"format": "whist-record/1", "variant": "bridge"}',
            "variant: must be one of the variants english-short,",
        ),
        (
            json.dumps(
                {
                    "format": "whist-record/1",
                    "variant": "russian",
                    "players": PLAYERS,
                    "deals": [
                        {"trump": "H", "tricks": {"NS": 9, "EW": 5}, "honours": {"NS": 3, "EW": 2}}
                    ],
                }
            ).encode(),
            "deal 1, tricks: must add up to 13",
        ),
        (b"[" * 100_000 + b"]" * 100_000, "This file is not a JSON record."),
    ],
    ids=["not json", "not utf-8", "unknown variant", "tricks not 13", "nested too deep"],
)
def test_uploading_a_broken_record_is_refused_with_a_message(client, content, message):
    upload = SimpleUploadedFile("r.json", content, "application/json")

    response = client.post(reverse("import_record"), {"record": upload})

    assert response.status_code == 422
    page = response.content.decode()
    assert '<p class="field-error" role="alert">' in page
    assert message in page
    assert not Table.objects.exists()


def test_importing_without_a_file_asks_for_one(client):
    response = client.post(reverse("import_record"))

    assert response.status_code == 422
    assert "Choose a record file to upload." in response.content.decode()


def test_partners_read_the_same_on_screen_and_on_paper_in_russian(client):
    client.post(reverse("new_table", args=["russian"]), new_table_form("russian"))
    table = Table.objects.get()

    page = client.get(reverse("table", args=[table.edit_token]), HTTP_ACCEPT_LANGUAGE="ru")

    text = page.content.decode()
    assert "<bdi>Anna</bdi> и <bdi>Vera</bdi>" in text and "&amp; <bdi>Vera" not in text


def test_no_template_comment_shows_on_the_table_page(client, table_with_deals):
    # Django's {# #} comments are one line only: a comment over two lines is printed
    page = client.get(table_url(table_with_deals)).content.decode()

    assert "{#" not in page and "#}" not in page and "{%" not in page


def test_every_one_line_template_comment_closes_on_its_line():
    root = Path(__file__).resolve().parents[2] / "templates"
    open_comments = [
        f"{path.relative_to(root)}:{n}"
        for path in root.rglob("*.html")
        for n, line in enumerate(path.read_text().splitlines(), start=1)
        if line.count("{#") > line.count("#}")
    ]
    assert not open_comments, "use {% comment %} over several lines: " + ", ".join(open_comments)
