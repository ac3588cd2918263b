"""The table page as an installable web app: service worker, manifest, icons, the offline script.

What the script does in a browser is checked in tests/browser/test_offline.py.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders
from django.templatetags.static import static
from django.urls import reverse
from PIL import Image

from tests.scorebook.conftest import table_url

pytestmark = pytest.mark.django_db

SCRIPT = '<script src="/static/js/offline.js" defer></script>'


def test_the_service_worker_is_served_from_the_root_as_javascript(client):
    response = client.get("/sw.js")

    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/javascript")
    assert response["Service-Worker-Allowed"] == "/"
    assert "no-cache" in response["Cache-Control"]
    body = response.content.decode()
    assert 'addEventListener("fetch"' in body
    with open(finders.find("js/sw.js"), encoding="utf-8") as source:
        assert body == source.read()


def test_the_service_worker_and_its_manifest_are_within_the_pages_policy(client, table):
    policy = client.get(table_url(table))["Content-Security-Policy"]

    # worker-src and manifest-src fall back to default-src (and the worker to script-src).
    assert "default-src 'self'" in policy
    assert "script-src 'self'" in policy
    assert "worker-src" not in policy and "manifest-src" not in policy


@pytest.mark.parametrize(
    ("language", "name", "short_name"),
    [("en", "Whist score book", "Whist"), ("ru", "Запись виста", "Вист")],
)
def test_the_manifest_names_the_app_in_the_readers_language(client, language, name, short_name):
    response = client.get(reverse("manifest"), headers={"accept-language": language})

    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/manifest+json")
    data = json.loads(response.content)
    assert (data["name"], data["short_name"], data["lang"]) == (name, short_name, language)
    assert data["display"] == "standalone"
    assert data["start_url"] == "/"
    assert {icon["sizes"] for icon in data["icons"]} == {"192x192", "512x512"}


def test_the_manifest_starts_on_the_table_it_was_installed_from_and_nowhere_else(client, table):
    url = reverse("manifest")

    assert client.get(url, {"start": table_url(table)}).json()["start_url"] == table_url(table)
    for elsewhere in ("https://example.com/t/x/", "/admin/", "/t/x/../../admin/", "//evil/t/x/"):
        assert client.get(url, {"start": elsewhere}).json()["start_url"] == "/"


@pytest.mark.parametrize("size", [192, 512])
def test_the_icons_are_square_pngs_of_their_size(size):
    path = finders.find(f"icons/icon-{size}.png")

    assert path is not None
    with Image.open(path) as icon:
        assert (icon.format, icon.size) == ("PNG", (size, size))


def test_the_table_page_loads_the_offline_script_for_scorers(client, table):
    page = client.get(table_url(table)).content.decode()

    assert page.count(SCRIPT) == 1
    assert f'<link rel="manifest" href="{reverse("manifest")}?start=' in page
    assert 'id="waiting"' in page
    assert f'data-action="{reverse("deal_add", args=[table.edit_token])}"' in page
    assert "onclick" not in page and "<script>" not in page  # the policy allows no inline script


def test_the_read_only_page_has_no_offline_script(client, table):
    page = client.get(table_url(table, edit=False)).content.decode()

    assert "offline.js" not in page
    assert 'rel="manifest"' not in page
    assert 'id="waiting"' not in page


def test_the_waiting_list_speaks_russian(client, table):
    page = client.get(table_url(table), headers={"accept-language": "ru"}).content.decode()

    assert "Ждут отправки" in page
    assert 'data-waiting="ждёт отправки"' in page
    assert 'data-deal="Сдача {n}"' in page
    assert 'data-deals="сдаёт {name} ({seat})"' in page


def test_the_favicon_address_leads_to_the_apps_icon(client):
    # Browsers ask for /favicon.ico where no page names an icon (a PDF, a record's JSON)
    response = client.get("/favicon.ico")

    assert response.status_code == 301
    assert response["Location"] == static("icons/icon-192.png")
    path = finders.find("icons/icon-192.png")
    assert path and Path(path).read_bytes()[:4] == b"\x89PNG"
