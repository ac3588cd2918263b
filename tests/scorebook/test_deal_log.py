"""The deal log and the save's message, as a new user met them on a phone: an undone deal stays
in its place with its dealer, the undo button sits on the last live deal, a save that wins a
game or a rubber says so, and a Progulochny contract's entries name their contract."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils import translation

from scorebook.tables import services
from tests.scorebook.conftest import PLAYERS, add_deals, deal_form, table_url

pytestmark = pytest.mark.django_db

FORM = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "deal-form"}
AUTHOR = services.Author(label="test")


def section(html: str, start: str, end: str) -> str:
    """From the first ``start`` to the next ``end``, with the one-time values blanked."""
    found = html[html.index(start) :]
    found = found[: found.index(end) + len(end)]
    found = re.sub(r'name="(csrfmiddlewaretoken|nonce)" value="[^"]*"', r'name="\1"', found)
    return re.sub(r"\s+", " ", found)


def the_log(html: str) -> str:
    return section(html, '<ol class="deal-log" id="deal-log">', "</ol>")


def item(html: str, number: int) -> str:
    return re.search(rf'<li value="{number}">.*?</li>', html, re.S).group(0)  # type: ignore[union-attr]


# ---------------------------------------------------------------------------------------------
# Undo


def test_an_undone_deal_stays_in_place_with_its_dealer_and_undo_is_on_the_last_live_deal(
    client, table_with_deals
):
    table = table_with_deals
    before = client.get(table_url(table)).content.decode()
    third = item(the_log(before), 3)  # "3. S ♥ tricks 8–5 ..."
    summary = re.search(r'<span class="what">(.*?) <span class="scored">', third).group(1)  # type: ignore[union-attr]

    answer = client.post(
        reverse("deal_undo", args=[table.edit_token]), {"number": 3}, HTTP_HX_REQUEST="true"
    ).content.decode()
    page = client.get(table_url(table)).content.decode()

    for html in (answer, page):
        sheet = section(html, '<section id="sheet"', "</section>")
        log = the_log(html)
        # the undo button belongs to deal 2, the last live deal, inside its line
        assert sheet.count("Undo deal") == 1
        assert "Undo deal 2" in item(log, 2) and "Undo deal" not in item(log, 1)
        # the undone deal follows the live ones at once, struck through, dealer and all
        after = sheet.split(log, 1)[1]
        assert re.match(r'\s*<div id="after-log"[^>]*>\s*<ol class="deal-log undone"', after)
        undone = item(after, 3)
        assert '<span class="dealer" aria-hidden="true">S</span>' in undone
        assert f"<s>{summary}</s>" in undone
        assert "Restore deal 3" in undone
    # the answer to the undo and the page agree
    assert section(answer, '<section id="sheet"', "</section>") == section(
        page, '<section id="sheet"', "</section>"
    )


def test_after_a_save_the_undo_button_moves_to_the_new_last_deal(client, table_with_deals):
    table = table_with_deals
    client.get(table_url(table))

    answer = client.post(
        reverse("deal_add", args=[table.edit_token]), deal_form(table, tricks=9), **FORM
    ).content.decode()

    # the button on deal 3 goes (before the new line comes), deal 4 brings its own
    gone = answer.index('<div id="undo" hx-swap-oob="delete"')
    new = answer.index('<li value="4">')
    assert gone < new
    assert "Undo deal 4" in item(answer, 4)
    page = client.get(table_url(table)).content.decode()
    assert the_log(page).count("Undo deal") == 1 and "Undo deal 4" in item(the_log(page), 4)


def test_the_first_save_deletes_no_undo_button_and_a_watcher_sees_none(client, table):
    client.get(table_url(table))
    answer = client.post(
        reverse("deal_add", args=[table.edit_token]), deal_form(table), **FORM
    ).content.decode()
    watcher = client.get(table_url(table, edit=False)).content.decode()

    assert 'hx-swap-oob="delete"' not in answer  # nothing to delete: no deal before it
    assert "Undo deal 1" in item(answer, 1)
    assert "Undo" not in the_log(watcher)


# ---------------------------------------------------------------------------------------------
# A save that wins a game or a rubber says so


def saved_message(client, table, *, htmx: bool, **fields) -> str:
    url = reverse("deal_add", args=[table.edit_token])
    if htmx:
        answer = client.post(url, deal_form(table, **fields), **FORM).content.decode()
    else:
        client.post(url, deal_form(table, **fields))
        answer = client.get(table_url(table)).content.decode()
    return re.search(r'<p class="alert success"[^>]*>(.*?)</p>', answer).group(1)  # type: ignore[union-attr]


@pytest.mark.parametrize("htmx", [True, False])
def test_a_save_that_wins_the_game_says_so(client, table, htmx):
    add_deals(table, 9, 5)  # NS 6, EW 4

    message = saved_message(client, table, htmx=htmx, tricks=8)  # NS 4 more: 10

    assert message == "Deal 3 saved. North–South win a double game."


@pytest.mark.parametrize("htmx", [True, False])
def test_a_save_that_wins_the_rubber_says_so_with_its_games(client, table, htmx):
    add_deals(table, 9, 5, 8, 9)  # game 1 to NS; game 2: NS 6

    message = saved_message(client, table, htmx=htmx, tricks=9)

    assert message == "Deal 5 saved. North–South win a treble game and the rubber 2–0."


def test_a_plain_save_says_only_saved(client, table):
    assert saved_message(client, table, htmx=True) == "Deal 1 saved."


def test_the_rubber_is_told_in_russian_in_the_words_of_the_pad(client, table):
    add_deals(table, 9, 5, 8, 5, 4)  # game 1 to NS; game 2 to EW (8 + 6)
    add_deals(table, 9)  # game 3: NS 6
    client.cookies.load({"django_language": "ru"})
    with translation.override("ru"):
        message = saved_message(client, table, htmx=True, tricks=9)

    assert message == "Сдача 7 сохранена. Север–Юг выигрывают тройную партию и роббер 2–1."


def test_a_player_of_his_own_is_named_as_the_page_names_him(client):
    players = {"N": "Anna", "E": "Boris", "S": "Vera", "W": "Gleb"}
    table = services.create_table(variant="hussar", players=players, first_dealer="N")
    deal = {"trump": "H", "tricks": {"N": 9, "E": 2, "S": 1, "W": 1}}
    services.add_deal(table, {"dealer": "N", **deal}, number=1, author=AUTHOR)
    form = {
        "number": 2, "nonce": "x2", "dealer": "E", "trump": "H",
        "tricks_N": 9, "tricks_E": 2, "tricks_S": 1,
    }  # fmt: skip

    answer = client.post(reverse("deal_add", args=[table.edit_token]), form, **FORM)

    # The winner by his name and seat, as the settlement names him, in the singular; each
    # player's games as the pad's rubber line writes them (2–0–0–0 read as a score)
    games = "(N 2, E 0, S 0, W 0)".replace(" ", "\u00a0").replace(",\u00a0", ", ")
    assert f"Deal 2 saved. Anna (N) wins a treble game and the rubber {games}." in (
        answer.content.decode()
    )


def test_a_prussian_player_is_named_in_russian_too(client):
    table = services.create_table(
        variant="prussian", players={"N": "Анна", "S": "Борис"}, first_dealer="N"
    )
    services.add_deal(table, {"dealer": "N", "tricks": {"N": 3, "S": 10}}, number=1, author=AUTHOR)
    form = {"number": 2, "nonce": "p2", "dealer": "S", "trump": "H", "tricks": 3}

    client.cookies.load({"django_language": "ru"})
    with translation.override("ru"):
        answer = client.post(reverse("deal_add", args=[table.edit_token]), form, **FORM)

    assert "Сдача 2 сохранена. Борис (Ю) выигрывает тройную партию." in answer.content.decode()


def dummy_table() -> object:
    players = {"N": "Anna", "E": "Boris", "S": None, "W": "Gleb"}
    return services.create_table(variant="russian", players=players, dummy="S", first_dealer="N")


@pytest.mark.parametrize(
    ("tricks", "english", "russian"),
    [
        (
            11,  # the dummy's side: its one player, and the dummy (who is no player)
            "Anna (N) and the dummy win a treble game.",
            "Anna (С) и болван выигрывают тройную партию.",
        ),
        (
            2,  # the other side: its two players, as the pad's column head names them
            "Boris &amp; Gleb (EW) win a treble game.",
            "Boris и Gleb (ВЗ) выигрывают тройную партию.",
        ),
    ],
)
def test_with_a_dummy_the_winners_are_its_players_not_its_seats(client, tricks, english, russian):
    # 11 tricks (or 2: the other side's 11) make 10 points below the line: a game at once
    assert saved_message(client, dummy_table(), htmx=True, tricks=tricks) == (
        f"Deal 1 saved. {english}"
    )
    client.cookies.load({"django_language": "ru"})
    with translation.override("ru"):
        message = saved_message(client, dummy_table(), htmx=True, tricks=tricks)
    assert message == f"Сдача 1 сохранена. {russian}"


# ---------------------------------------------------------------------------------------------
# Progulochny: a contract's entries name it


def progulochny() -> object:
    return services.create_table(variant="progulochny", players=PLAYERS, first_dealer="N")


GRAN_NULL = {
    "dealer": "N",
    "contract": {"side": "NS", "game": "grand-null"},
    "first_six": {"NS": 4},
    "tricks": {"NS": 6, "EW": 7},
}


def test_gran_null_entries_name_their_contract_and_the_log_its_first_six(client):
    table = progulochny()
    services.add_deal(table, GRAN_NULL, number=1, author=AUTHOR)

    page = client.get(table_url(table)).content.decode()

    below = page.split('id="pad-below"', 1)[1].split("</tbody>", 1)[0]
    assert below.count("3 <small>Gran-Null</small>") == 2
    assert "contract" not in below
    assert "first six tricks: NS 4" in item(the_log(page), 1)
    # the declarers' tricks first, then the defenders' (deal_summary), as the hint says
    hint = "Each line: the dealer · the contract · tricks of the declarers (of the defenders)"
    assert hint in page and "tricks NS–EW" not in page


@pytest.mark.parametrize(
    ("lang", "first", "last"),
    [
        ("en", "penalty, first six", "penalty, last seven"),
        ("ru", "штраф, первые шесть", "штраф, последние семь"),
    ],
)
@pytest.mark.parametrize(
    ("first_six", "tricks", "halves"),
    [
        (2, 6, ("first", "last")),  # 2 of the first six, 4 of the last seven: both halves fail
        (4, 8, ("last",)),  # the first six made, 4 of the last seven: the Null half fails
        (3, 3, ("first",)),  # a 3–3 split of the first six fails; 0 of the last seven is made
    ],
)
def test_a_failed_gran_null_penalty_says_which_half_it_is_for(
    client, first_six, tricks, halves, lang, first, last
):
    # Gran-Null is two contracts of 3 (the first six tricks as a Grand, the last seven as a
    # Null): each penalty names its half, on screen and in the save's answer alike
    table = progulochny()
    client.get(table_url(table))
    form = {
        "number": 1, "nonce": "g1", "dealer": "N", "contract_game": "grand-null",
        "first_six": first_six, "tricks": tricks,
    }  # fmt: skip
    client.cookies.load({"django_language": lang})
    with translation.override(lang):
        answer = client.post(reverse("deal_add", args=[table.edit_token]), form, **FORM)
        page = client.get(table_url(table)).content.decode()

    labels = {"first": first, "last": last}
    assert answer.status_code == 200
    for html, start in ((answer.content.decode(), "#pad-above"), (page, 'id="pad-above"')):
        above = html.split(start, 1)[1].split("</tbody>", 1)[0]
        said = re.findall(r"3 <small>([^<]*)</small>", above)
        assert said == [labels[half] for half in halves]


def test_a_saved_contract_is_named_in_the_answer_too(client):
    table = progulochny()
    client.get(table_url(table))
    form = {
        "number": 1, "nonce": "g1", "dealer": "N", "contract_game": "grand", "tricks": 8,
    }  # fmt: skip

    answer = client.post(reverse("deal_add", args=[table.edit_token]), form, **FORM)

    assert "3 <small>Grand</small>" in answer.content.decode()
    page = client.get(table_url(table)).content.decode()
    assert "3 <small>Grand</small>" in page.split('id="pad-below"', 1)[1]


def test_a_trump_game_contract_is_named_in_russian(client):
    table = progulochny()
    made = {"dealer": "N", "contract": {"side": "NS", "game": "trump", "trump": "H"},
            "tricks": {"NS": 8, "EW": 5}}  # fmt: skip
    services.add_deal(table, made, number=1, author=AUTHOR)
    client.cookies.load({"django_language": "ru"})

    page = client.get(table_url(table)).content.decode()

    below = page.split('id="pad-below"', 1)[1].split("</tbody>", 1)[0]
    assert "1 <small>козырная игра</small>" in below


# ---------------------------------------------------------------------------------------------
# The same thing in the same words


@pytest.mark.parametrize(("lang", "words"), [("en", "none claimed"), ("ru", "не заявлены")])
@pytest.mark.parametrize("variant", ["russian", "hussar", "prussian"])
def test_honours_not_claimed_read_the_same_in_every_variant(client, variant, lang, words):
    from scorebook.rules import PRESETS

    seats = PRESETS[variant].seats
    table = services.create_table(
        variant=variant, players={s: PLAYERS[s] for s in seats}, first_dealer="N"
    )
    client.cookies.load({"django_language": lang})

    page = client.get(table_url(table)).content.decode()

    choices = re.findall(r'name="honours[_A-Z]*" value="" [^>]*><span>([^<]*)</span>', page)
    assert choices and set(choices) == {words}, choices


def test_the_column_choice_says_in_russian_what_it_says_in_english(client):
    client.cookies.load({"django_language": "ru"})

    page = client.get(reverse("new_table", args=["russian"])).content.decode()

    default = re.search(r'name="right_side"[^>]*>\s*<option value=""[^>]*>([^<]*)<', page)
    assert default and default.group(1) == "по порядку мест"  # not "по умолчанию"


@pytest.mark.parametrize(("lang", "style"), [("en", '"" " too many"'), ("ru", '"перебор на " ""')])
def test_hussar_rest_past_13_is_written_as_too_many_not_negative(client, lang, style):
    table = services.create_table(variant="hussar", players=PLAYERS, first_dealer="N")
    client.cookies.load({"django_language": lang})

    page = client.get(table_url(table)).content.decode()

    assert f"@counter-style tricks-rest {{ system: extends decimal; negative: {style}; }}" in page
