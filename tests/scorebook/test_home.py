import io

import pytest
from django.conf import settings
from django.core.management import call_command
from django.urls import reverse

from scorebook.tables.models import Table
from tests.scorebook.conftest import new_table_form

pytestmark = pytest.mark.django_db  # a new browser's home page looks for the demo tables

VARIANTS_EN = [
    "English short whist",
    "English long whist",
    "Russian whist",
    "Three-handed whist with a dummy",
    "Whist with a special suit",
    "Anfilada",
    "Eralash",
    "Prussian whist",
    "Hussar whist",
    "Flying Duck",
    "Progulochny whist",
]


def test_it_describes_the_score_book_in_english(client):
    response = client.get(reverse("home"))

    assert response.status_code == 200
    page = response.content.decode()
    assert '<html lang="en">' in page
    assert "A score book for whist played with real cards" in page
    assert "below the line" in page
    for variant in VARIANTS_EN:
        assert variant in page


def test_it_speaks_russian_to_a_russian_browser(client):
    response = client.get(reverse("home"), headers={"accept-language": "ru"})

    assert response.status_code == 200
    page = response.content.decode()
    assert '<html lang="ru">' in page
    assert "Запись виста" in page
    assert "под чертой" in page
    assert "Прогулочный вист" in page
    assert "below the line" not in page
    assert "A score book for whist" not in page


def test_the_language_switch_sets_the_cookie(client):
    response = client.post(reverse("set_language"), {"language": "ru", "next": "/"})

    assert response.status_code == 302
    assert response["Location"] == "/"
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "ru"

    page = client.get(reverse("home")).content.decode()
    assert "под чертой" in page
    assert "below the line" not in page


def test_the_switch_back_to_english_wins_over_the_browser(client):
    client.post(reverse("set_language"), {"language": "en", "next": "/"})

    page = client.get(reverse("home"), headers={"accept-language": "ru"}).content.decode()

    assert "below the line" in page


def test_the_page_offers_both_languages_and_a_csrf_header(client):
    page = client.get(reverse("home")).content.decode()

    assert f'action="{reverse("set_language")}"' in page
    assert 'name="language" value="en"' in page
    assert 'name="language" value="ru"' in page
    assert 'hx-headers=\'{"X-CSRFToken": ' in page


def test_htmx_is_served_from_the_package_not_a_cdn(client):
    page = client.get(reverse("home")).content.decode()

    assert "/static/django_htmx/htmx-2.min.js" in page
    assert "unpkg.com" not in page
    assert "cdn." not in page


def test_a_new_browser_is_offered_the_demo_tables_and_how_it_works(client):
    call_command("seed_demo", stdout=io.StringIO())

    page = client.get(reverse("home")).content.decode()

    demo = Table.objects.get(title="Demo: Russian whist, Friday")
    assert "Try it on a demo table" in page and reverse("table", args=[demo.view_token]) in page
    assert "how-it-works" in page


def test_a_browser_with_its_own_tables_gets_them_instead_of_the_demos(client):
    call_command("seed_demo", stdout=io.StringIO())
    client.post(reverse("new_table", args=["russian"]), new_table_form("russian"))

    page = client.get(reverse("home")).content.decode()

    assert "Try it on a demo table" not in page and "Your tables" in page


def test_your_tables_isolates_each_name_so_none_reorders_the_line(client):
    client.post(reverse("new_table", args=["russian"]), new_table_form("russian"))

    page = client.get(reverse("home")).content.decode()

    line = page[page.index('class="my-tables"') :]
    assert "<bdi>Anna</bdi>, <bdi>Boris</bdi>, <bdi>Vera</bdi>, <bdi>Gleb</bdi>" in line
