"""The next deal's form on the table page: what it offers is what the rules accept.

- A refused save's message sits right under the field it is about (the answer brings the field
  before the message into view, views/deals.py): a Progulochny trump game without its suit is
  told under the trump row, not under contra and recontra.
- The dealer is a choice only while any dealer is accepted (the first deal of a table); once the
  rotation names him there is nothing to choose, and a dealer out of rotation is refused with the
  players' names.
- Progulochny's declarers are the dealer's pair, named, for whichever dealer is chosen.
- Honours count in a trump game only: claimed in another game, they are refused, not dropped.
"""

from __future__ import annotations

import re
import uuid

import pytest
from django.urls import reverse

from scorebook.tables import services
from scorebook.tables.views.deals import SHOW_FIRST_ERROR
from tests.scorebook.conftest import PLAYERS

pytestmark = pytest.mark.django_db

FORM = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "deal-form"}
HIDDEN_CHOICE = '<div class="field-row dealer" hidden>'
SHOWN_CHOICE = '<div class="field-row dealer">'
PROGULOCHNY = {"contract_game": "trump", "contract_trump": "H", "tricks": 8}


def new_table(variant: str = "russian", first_dealer: str = "N"):
    return services.create_table(variant=variant, players=PLAYERS, first_dealer=first_dealer)


def add(table, data: dict) -> None:
    state = services.table_state(table)
    services.add_deal(table, data, number=state.next_number, author=services.Author(label="t"))


def post(client, table, headers: dict | None = None, **fields):
    state = services.table_state(table)
    data = {"number": state.next_number, "nonce": uuid.uuid4().hex, **fields}
    data.setdefault("dealer", state.next_dealer)
    data = {k: v for k, v in data.items() if v is not None}
    return client.post(reverse("deal_add", args=[table.edit_token]), data, **(headers or {}))


def page_of(client, table) -> str:
    return client.get(reverse("table", args=[table.edit_token])).content.decode()


def test_a_trump_game_without_its_suit_is_told_under_the_trump_row(client):
    table = new_table("progulochny")

    response = post(client, table, FORM, **{**PROGULOCHNY, "contract_trump": None})

    assert response.status_code == 422
    assert response["HX-Reswap"] == SHOW_FIRST_ERROR
    page = response.content.decode()
    errors = re.findall(r'<p class="field-error"[^>]*>(.*?)</p>', page)
    assert errors == ["Choose the trump suit of the trump game."]
    # The element just before the message, which the answer shows at the top of the screen,
    # is the row of the contract's trump suits, not contra and recontra further down.
    before = page[: page.index('<p class="field-error"')].rstrip()
    row = before.rindex('<div class="contract-trump">')
    assert 'name="contract_trump"' in before[row:] and re.search(r"</fieldset>\s*</div>$", before)
    assert 'name="contra"' not in before[row:]
    assert not table.deals.exists()


def test_the_first_deal_offers_a_choice_of_dealer_the_rotation_then_names_him(client):
    table = new_table()

    first = page_of(client, table)
    add(table, {"dealer": "N", "trump": "H", "tricks": {"NS": 7, "EW": 6}})
    second = page_of(client, table)

    # The first deal: any dealer is accepted (the table's first dealer is filled in)
    assert SHOWN_CHOICE in first and HIDDEN_CHOICE not in first
    assert '<option value="N" selected>N · Anna</option>' in first
    # The next: only East may deal it; the title says so, and there is nothing to choose
    assert HIDDEN_CHOICE in second and SHOWN_CHOICE not in second
    assert "<bdi>Boris</bdi> (E) deals" in second
    assert '<option value="E" selected>E · Boris</option>' in second  # what the form posts


def test_a_void_deal_leaves_the_rotation_named_too(client):
    table = new_table()
    add(table, {"dealer": "N", "void": "redeal"})

    page = page_of(client, table)

    assert HIDDEN_CHOICE in page
    assert "<bdi>Anna</bdi> (N) deals" in page  # a redeal: the same dealer deals again


@pytest.mark.parametrize(
    ("lang", "message"),
    [
        ("en", "Boris (E) deals this deal in rotation, not Vera (S)"),
        ("ru", "По очереди сдаёт Boris (В), а не Vera (Ю)"),
    ],
)
def test_a_dealer_out_of_rotation_is_refused_with_the_players_names(client, lang, message):
    client.cookies.load({"django_language": lang})
    table = new_table()
    add(table, {"dealer": "N", "trump": "H", "tricks": {"NS": 7, "EW": 6}})

    response = post(client, table, FORM, dealer="S", trump="H", tricks=8)

    assert response.status_code == 422
    page = response.content.decode()
    assert message in page
    # The refused dealer is shown in the choice, to be put right
    assert SHOWN_CHOICE in page and HIDDEN_CHOICE not in page
    assert 'value="S" selected' in page
    assert table.deals.count() == 1


def test_the_declarers_shown_are_the_pair_of_the_dealer_the_rotation_names(client):
    table = new_table("progulochny")
    add(table, {"dealer": "N", "contract": {"side": "NS", "game": "trump", "trump": "S"},
                "tricks": {"NS": 7, "EW": 6}})  # fmt: skip

    page = page_of(client, table)
    response = post(client, table, **PROGULOCHNY)

    assert '<strong data-dealer="E">Boris &amp; Gleb (EW)</strong>' in page
    assert '<strong data-dealer="N" hidden>Anna &amp; Vera (NS)</strong>' in page
    assert response.status_code == 302
    assert table.deals.last().data["contract"]["side"] == "EW"


@pytest.mark.parametrize("game", ["null", "grand", "grand-null"])
def test_honours_claimed_in_a_game_without_trumps_are_refused_not_dropped(client, game):
    table = new_table("progulochny")
    fields = {"contract_game": game, "contract_trump": None, "tricks": 5, "honours": 3}
    if game == "grand-null":
        fields["first_six"] = 3

    refused = post(client, table, FORM, **fields)
    saved = post(client, table, **{**fields, "honours": ""})  # "none claimed"

    assert refused.status_code == 422
    assert "Honours count only in a trump game: tap “none claimed”." in refused.content.decode()
    assert saved.status_code == 302
    assert "honours" not in table.deals.get().data


def test_honours_claimed_in_a_trump_game_are_kept(client):
    table = new_table("progulochny")

    response = post(client, table, **PROGULOCHNY, honours=3)

    assert response.status_code == 302
    assert table.deals.get().data["honours"] == {"NS": 3, "EW": 2}


def test_the_russian_tricks_row_of_a_two_player_table_never_declines_a_name(client):
    # Russian puts a name after "взятки" or "у" in the genitive ("у Веры"), which a name typed
    # at the table cannot be put in: the row names each player where his name is said as typed.
    table = services.create_table(
        variant="prussian", players={"N": "Анна", "S": "Вера"}, first_dealer="N"
    )

    page = client.get(reverse("table", args=[table.edit_token]), HTTP_ACCEPT_LANGUAGE="ru")

    legend = re.search(r"<legend>(Взятки[^<]*)</legend>", page.content.decode())
    assert legend is not None
    words = legend.group(1)
    assert "Анна" in words and "Вера" in words
    assert not re.search(r"(\bу|Взятки) (Анна|Вера)\b", words), words
