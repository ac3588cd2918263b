"""The deal form's preview (views/deals.py:deal_preview): what a deal will write, scored by the
engine as Save scores it and laid out as the answer to Save lays it out, before Save; nothing
saved, the same access as saving, and a message (never a 500) for a deal not complete."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from django.urls import reverse

from scorebook.tables import services
from scorebook.tables.models import Table
from tests.scorebook.conftest import PLAYERS, deal_form, snapshot, table_url

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
SAVE = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "deal-form"}


def new_table(variant: str) -> Table:
    return services.create_table(variant=variant, players=PLAYERS, first_dealer="N")


# A deal of each variant as its form posts it: North–South take ``tricks`` (no honours claimed
# in English short whist, three in Russian whist).
def fields(variant: str, tricks: int) -> dict[str, Any]:
    if variant == "english-short":
        return {"trump": "S", "tricks": tricks, "honours": None}
    return {"trump": "H", "tricks": tricks, "honours": 3}


def preview(client, table: Table, headers: dict[str, str] | None = None, **posted: Any):
    form = deal_form(table, **posted)
    url = reverse("deal_preview", args=[table.edit_token])
    return client.post(url, form, **HTMX, **(headers or {}))


def save(client, table: Table, **posted: Any) -> str:
    form = deal_form(table, **posted)
    response = client.post(reverse("deal_add", args=[table.edit_token]), form, **SAVE)
    assert response.status_code == 200, response.content
    table.refresh_from_db()
    return response.content.decode()


def words(fragment: str) -> str:
    """The text of an HTML fragment, its white space as one space."""
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", fragment))).strip()


def rows(answer: str, where: str) -> list[str]:
    """The pad's rows of one deal above or below the line (``where``), in the preview (its
    table) or in the answer to a save (its out-of-band swap into the sheet)."""
    found = re.search(
        rf'<tbody (?:class="{where}"|hx-swap-oob="beforeend:#pad-{where}")>(.*?)</tbody>',
        answer,
        re.S,
    )
    assert found, where
    return [r for r in re.findall(r"<tr[^>]*>.*?</tr>", found.group(1), re.S) if "zone" not in r]


def logged(answer: str) -> str:
    """What the deal's line in the log says (without the links beside it)."""
    found = re.search(r'<span class="what">(.*?)</span>(?=<span class="acts">|</li>| <a)', answer)
    assert found, answer
    return found.group(1)


def saved_news(answer: str) -> str:
    """What the answer to a save says after "Deal N saved.": who won what, if anything."""
    found = re.search(r'<p class="alert success">Deal \d+ saved\.\s*(.*?)</p>', answer, re.S)
    assert found, answer
    return found.group(1).strip()


def preview_news(answer: str) -> str:
    found = re.search(r'<p class="preview-won"><strong>(.*?)</strong></p>', answer, re.S)
    return found.group(1).strip() if found else ""


def test_the_preview_reads_as_the_save_answer_and_saves_nothing(client):
    """Each deal of a Russian rubber and of an English short whist rubber, previewed and then
    saved: the same rows above and below the line (the game's rule and its bonuses among
    them), the same line in the log, the same news of the game or the rubber won; and the
    preview left the table as it was."""
    for variant in ("russian", "english-short"):
        table = new_table(variant)
        news = []
        for _deal in range(4):  # North–South win each game in two deals: the rubber in four
            before = snapshot(table)
            shown = preview(client, table, **fields(variant, 9))
            assert shown.status_code == 200
            assert snapshot(table) == before, "a preview saved something"
            answer = save(client, table, **fields(variant, 9))
            page = shown.content.decode()
            for where in ("above", "below"):
                assert rows(page, where) == rows(answer, where), (variant, where)
            assert logged(page) == logged(answer)
            assert preview_news(page) == saved_news(answer)
            news.append(preview_news(page))
        assert news[0] == "" and news[2] == ""
        assert news[1] == "North–South win a treble game."
        assert news[3] == "North–South win a treble game and the rubber 2–0."


def test_a_plain_deal_shows_its_lines_and_closes_nothing(client, table):
    page = preview(client, table, tricks=8, honours=3).content.decode()

    assert words("".join(rows(page, "below"))) == "1 4"  # 8 tricks: 4 below the line
    assert words("".join(rows(page, "above"))) == "1 2 for honours"
    assert "tricks 8–5" in words(logged(page))
    assert preview_news(page) == ""
    assert "game-rule" not in page


def test_a_deal_closing_the_game_shows_the_rule_and_who_wins(client):
    table = new_table("english-short")
    save(client, table, **fields("english-short", 9))
    page = preview(client, table, **fields("english-short", 9)).content.decode()

    assert words("".join(rows(page, "below"))) == "2 3 Game 1 to NS, treble (6–0) · 3 game points"
    assert words("".join(rows(page, "above"))) == "2 3 game"  # the game's bonus
    assert preview_news(page) == "North–South win a treble game."


def test_a_deal_closing_the_rubber_shows_its_bonus(client, table):
    for _deal in range(3):
        save(client, table, tricks=9, honours=3)
    page = preview(client, table, tricks=9, honours=3).content.decode()

    assert words("".join(rows(page, "above"))) == "4 2 for honours 4 20 rubber"
    assert "Game 2 to NS, treble (12–0)" in words("".join(rows(page, "below")))
    assert preview_news(page) == "North–South win a treble game and the rubber 2–0."


def test_the_preview_is_in_russian_on_a_russian_page(client, table):
    for _deal in range(3):
        save(client, table, tricks=9, honours=3)
    page = preview(client, table, {"HTTP_ACCEPT_LANGUAGE": "ru"}, tricks=9, honours=3)
    text = words(page.content.decode())
    assert "над чертой" in text and "под чертой" in text
    blank = preview(client, table, {"HTTP_ACCEPT_LANGUAGE": "ru"}, tricks=None)
    assert "Отметьте число взяток." in words(blank.content.decode())
    ahead = preview(client, table, {"HTTP_ACCEPT_LANGUAGE": "ru"}, number=7)
    assert "эта форма для сдачи 7, а следующая сдача на листе — 4" in words(ahead.content.decode())
    assert preview_news(page.content.decode()) == "Север–Юг выигрывают тройную партию и роббер 2–0."


def test_a_preview_saves_nothing(client, table_with_deals):
    table = table_with_deals
    before = snapshot(table)

    for posted in ({}, {"tricks": 13}, {"tricks": None}, {"tricks": 99}, {"dealer": "S"}):
        assert preview(client, table, **posted).status_code == 200

    assert snapshot(table) == before  # no deal, no revision, the same version


def test_only_whoever_may_score_the_table_gets_a_preview(client, outsider, member, table):
    form = deal_form(table)
    edit = reverse("deal_preview", args=[table.edit_token])
    read_only = reverse("deal_preview", args=[table.view_token])
    before = snapshot(table)

    assert client.post(read_only, form, **HTMX).status_code == 403  # the read-only link
    client.force_login(outsider)
    assert client.post(read_only, form, **HTMX).status_code == 403
    assert client.get(edit).status_code == 405  # it only answers the form
    assert client.post(reverse("deal_preview", args=["no-such-link"]), form).status_code == 404
    client.force_login(member)  # a member scores through the read-only link too
    assert client.post(read_only, form, **HTMX).status_code == 200
    assert snapshot(table) == before


@pytest.mark.parametrize(
    ("posted", "field", "said"),
    [
        ({"tricks": None}, "tricks", "Tap the number of tricks."),
        ({"trump": None}, "trump", "Choose the trump suit."),
        ({"tricks": 99}, "tricks", "Select a valid choice."),
        ({"honours": 7}, "honours", "Select a valid choice."),
        ({"number": "x"}, "deal", "The form was damaged (number): reload the page."),
        ({"dealer": "S"}, "dealer", "Gleb (W) deals this deal in rotation, not Vera (S)."),
        ({"number": 9}, "number", "the next deal on the sheet is deal 4"),
    ],
)
def test_a_deal_not_complete_is_told_what_is_missing(client, table_with_deals, posted, field, said):
    response = preview(client, table_with_deals, **posted)
    page = response.content.decode()

    assert response.status_code == 200
    found = re.search(r'<p class="preview-note" data-field="([^"]*)">(.*?)</p>', page, re.S)
    assert found, page
    assert found.group(1) == field
    assert said in html.unescape(found.group(2))
    assert "<table" not in page


def test_a_hussar_deal_is_previewed_in_its_four_columns(client):
    table = new_table("hussar")
    tricks = {"tricks_N": 5, "tricks_E": 3, "tricks_S": 3, "tricks_W": None}
    page = preview(client, table, trump="H", tricks=None, honours=None, **tricks)

    assert 'class="pad preview-pad cols-4"' in page.content.decode()
    assert "tricks 5–3–3–2" in words(logged(page.content.decode()))


def test_the_table_page_offers_the_preview_in_the_form(client, table):
    page = client.get(table_url(table), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    form = re.search(r'<form id="deal-form".*?</form>', page, re.S)
    assert form
    preview_area = re.search(r'<section id="deal-preview"[^>]*>', form.group(0))
    assert preview_area
    assert f'hx-post="{reverse("deal_preview", args=[table.edit_token])}"' in preview_area.group(0)
    assert 'hx-trigger="change from:closest form delay:300ms"' in preview_area.group(0)
    assert "Предпросмотру нужна сеть" in html.unescape(preview_area.group(0))
    watcher = client.get(table_url(table, edit=False)).content.decode()
    assert "deal-preview" not in watcher


def test_a_misdeal_is_previewed_as_the_sheet_writes_it(client, table):
    page = preview(client, table, void="misdeal", trump=None, tricks=None, honours=None)
    html_ = page.content.decode()

    assert page.status_code == 200
    assert 'class="void"' in html_ and "misdeal" in words(html_)
