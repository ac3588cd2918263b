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
    from scorebook.views import tables

    def broken(*args, **kwargs):
        raise RuntimeError("secret detail")

    monkeypatch.setattr(tables, "table_context", broken)
    client = Client(raise_request_exception=False)

    response = client.get(url, HTTP_ACCEPT_LANGUAGE="en")

    page = response.content.decode()
    assert response.status_code == 500
    assert "Something went wrong" in page and "secret detail" not in page
