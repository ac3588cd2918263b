"""Error pages look like the rest of the site and speak the visitor's language."""

from __future__ import annotations

import pytest
from django.test import Client, override_settings
from django.urls import reverse

pytestmark = pytest.mark.django_db


@override_settings(DEBUG=False)
@pytest.mark.parametrize(("lang", "words"), [("en", "Not found"), ("ru", "Не найдено")])
def test_a_missing_page_is_styled_and_translated(client, lang, words):
    response = client.get("/t/no-such-table/", HTTP_ACCEPT_LANGUAGE=lang)

    page = response.content.decode()
    assert response.status_code == 404
    assert words in page and "css/site.css" in page and reverse("home") in page


@override_settings(DEBUG=False)
def test_a_forbidden_write_is_styled(client, table):
    response = client.post(reverse("deal_undo", args=[table.view_token]), {"number": 1},
                           HTTP_ACCEPT_LANGUAGE="ru")  # fmt: skip

    assert response.status_code == 403
    assert "Нельзя" in response.content.decode()


@override_settings(DEBUG=False)
def test_a_server_error_is_styled_and_leaks_nothing(monkeypatch, table):
    # Resolve the URL (importing the URLconf and every view module) before patching:
    # a view module first imported under the patch would keep the broken function
    # for the rest of the run (CI's random order once made this the first request).
    url = reverse("table", args=[table.view_token])
    from scorebook.tables.views import tables

    def broken(*args, **kwargs):
        raise RuntimeError("secret detail")

    monkeypatch.setattr(tables, "table_context", broken)
    client = Client(raise_request_exception=False)

    response = client.get(url, HTTP_ACCEPT_LANGUAGE="en")

    page = response.content.decode()
    assert response.status_code == 500
    assert "Something went wrong" in page and "secret detail" not in page


def _night(owner):
    from scorebook.clubs import services as clubs

    club = clubs.create_club(user=owner, name="Moika 12", variant="russian", language="en")
    return club, clubs.open_night(club, name="Friday club", date="2026-11-20", author=owner)


@override_settings(DEBUG=False)
@pytest.mark.parametrize(
    ("address", "back"),
    [
        ("deal_add", "table"),
        ("deal_undo", "table"),
        ("deal_restore", "table"),
        ("rotate_link", "table"),
        ("evening_file", "evening"),
        ("club_roles", "club"),
        ("logout", "home"),
    ],
)
def test_opening_an_address_forms_post_to_shows_a_page_leading_back(
    client, table, owner, address, back
):
    club, night = _night(owner)
    token = {"table": table.edit_token, "evening": night.token, "club": club.token}
    args = {"deal_add": "table", "deal_undo": "table", "deal_restore": "table",
            "rotate_link": "table", "evening_file": "evening", "club_roles": "club"}  # fmt: skip

    response = client.get(
        reverse(address, args=[token[args[address]]] if address in args else []),
        HTTP_ACCEPT_LANGUAGE="ru",
    )

    page = response.content.decode()
    assert response.status_code == 405 and "POST" in response["Allow"]
    assert "css/site.css" in page and "Здесь нечего открыть" in page
    link = reverse(back, args=[token[back]] if back != "home" else [])
    assert f'class="button primary" href="{link}"' in page


@override_settings(DEBUG=False)
def test_a_form_from_a_page_gone_out_of_date_gets_the_sites_page_in_its_language(table):
    client = Client(enforce_csrf_checks=True)
    client.get(reverse("table", args=[table.edit_token]))  # the page: a CSRF cookie

    response = client.post(
        reverse("deal_undo", args=[table.edit_token]),
        {"number": 1, "csrfmiddlewaretoken": "x" * 32},  # as signed in elsewhere since
        HTTP_ACCEPT_LANGUAGE="ru",
    )

    page = response.content.decode()
    assert response.status_code == 403
    assert "Страница устарела" in page and "css/site.css" in page
    assert "CSRF verification" not in page  # Django's own page


@override_settings(DEBUG=False)
@pytest.mark.parametrize(
    ("query", "words"),
    [("paper=letter", "Unknown paper size “letter”"), ("lang=xx", "Unknown language “xx”")],
)
def test_a_print_option_that_does_not_exist_is_named_on_the_sites_page(client, table, query, words):
    response = client.get(
        reverse("table_pdf", args=[table.view_token]) + "?" + query, HTTP_ACCEPT_LANGUAGE="en"
    )

    page = response.content.decode()
    assert response.status_code == 400 and response["Content-Type"].startswith("text/html")
    assert words in page and "css/site.css" in page
