"""Optional accounts: sign up, sign in, sign out; a signed-in user keeps his tables."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from scorebook.tables.models import Table
from tests.scorebook.conftest import new_table_form, table_url

pytestmark = pytest.mark.django_db


def test_the_sign_in_page_offers_to_sign_up(client):
    response = client.get(reverse("login"))

    assert response.status_code == 200
    page = response.content.decode()
    assert 'name="username"' in page and 'name="password"' in page
    assert reverse("signup") in page


def test_signing_in_goes_home(client, owner):
    response = client.post(reverse("login"), {"username": "olga", "password": "a-long-secret-1"})

    assert response.status_code == 302
    assert response["Location"] == reverse("home")
    assert "olga" in client.get(reverse("home")).content.decode()


def test_a_wrong_password_is_refused_with_a_message(client, owner):
    response = client.post(reverse("login"), {"username": "olga", "password": "wrong"})

    assert response.status_code == 200
    assert 'class="field-error"' in response.content.decode()
    assert "_auth_user_id" not in client.session


def test_signing_in_returns_to_the_table(client, owner, table):
    url = table_url(table)

    response = client.post(
        reverse("login"), {"username": "olga", "password": "a-long-secret-1", "next": url}
    )

    assert response["Location"] == url


def test_signing_up_creates_the_account_and_signs_in(client):
    form = {"username": "newbie", "password1": "cards-and-pads-9", "password2": "cards-and-pads-9"}

    response = client.post(reverse("signup"), form)

    assert response.status_code == 302
    assert response["Location"] == reverse("home")
    user = get_user_model().objects.get(username="newbie")
    assert client.session["_auth_user_id"] == str(user.pk)


def test_the_sign_up_page_shows_its_form(client):
    response = client.get(reverse("signup"))

    assert response.status_code == 200
    assert 'name="password2"' in response.content.decode()


@pytest.mark.parametrize(
    ("form", "message"),
    [
        ({"username": "newbie", "password1": "cards-and-pads-9", "password2": "x"}, "didn"),
        (
            {"username": "olga", "password1": "cards-and-pads-9", "password2": "cards-and-pads-9"},
            "This user name is not available: choose another.",
        ),
        ({"username": "newbie", "password1": "123", "password2": "123"}, "too short"),
        ({}, "This field is required."),
    ],
    ids=["passwords differ", "name taken", "weak password", "nothing"],
)
def test_a_bad_sign_up_is_refused_with_messages(client, owner, form, message):
    response = client.post(reverse("signup"), form)

    assert response.status_code == 422
    page = response.content.decode()
    assert 'class="field-error"' in page
    assert message in page
    assert get_user_model().objects.count() == 1


def test_signing_out_needs_a_post_and_goes_home(client, owner):
    client.force_login(owner)

    assert client.get(reverse("logout")).status_code == 405
    response = client.post(reverse("logout"))

    assert response.status_code == 302
    assert response["Location"] == reverse("home")
    assert "_auth_user_id" not in client.session


def test_the_header_offers_sign_in_or_sign_out(client, owner):
    assert reverse("login") in client.get(reverse("home")).content.decode()

    client.force_login(owner)
    page = client.get(reverse("home")).content.decode()

    assert f'action="{reverse("logout")}"' in page
    assert "olga" in page


def test_a_table_started_signed_in_belongs_to_the_user(client, owner):
    client.force_login(owner)

    client.post(reverse("new_table", args=["russian"]), new_table_form("russian"))

    assert Table.objects.get().owner == owner


def test_tables_kept_before_signing_in_become_the_users(client, owner, table):
    client.post(reverse("new_table", args=["hussar"]), new_table_form("hussar", title="Hussars"))
    client.get(table_url(table))  # someone else's table, opened through its edit link
    mine = Table.objects.get(title="Hussars")

    client.post(reverse("login"), {"username": "olga", "password": "a-long-secret-1"})

    mine.refresh_from_db()
    assert mine.owner == owner


def test_a_member_who_signs_in_joins_the_tables_he_kept(client, outsider, table):
    client.get(table_url(table))

    client.post(reverse("login"), {"username": "oskar", "password": "a-long-secret-3"})

    table.refresh_from_db()
    assert table.owner.username == "olga"
    assert table.members.filter(pk=outsider.pk).exists()


def test_signing_up_keeps_the_tables_of_this_browser(client):
    client.post(reverse("new_table", args=["russian"]), new_table_form("russian", title="Mine"))
    form = {"username": "newbie", "password1": "cards-and-pads-9", "password2": "cards-and-pads-9"}

    client.post(reverse("signup"), form)

    assert Table.objects.get(title="Mine").owner.username == "newbie"


def test_the_tables_follow_the_user_to_another_device(client, owner):
    client.post(reverse("new_table", args=["russian"]), new_table_form("russian", title="Mine"))
    client.post(reverse("login"), {"username": "olga", "password": "a-long-secret-1"})
    other_device = client.__class__()

    other_device.post(reverse("login"), {"username": "olga", "password": "a-long-secret-1"})

    assert "Mine" in other_device.get(reverse("home")).content.decode()


@pytest.mark.parametrize("password", ["pwtest4pwtest4", "PWTEST4-and-more", "xx-pwtest4-yy"])
def test_a_password_holding_the_user_name_is_refused(password):
    from django.contrib.auth import get_user_model
    from django.contrib.auth.password_validation import validate_password
    from django.core.exceptions import ValidationError

    user = get_user_model()(username="pwtest4")
    with pytest.raises(ValidationError) as refused:
        validate_password(password, user)
    assert "password_has_username" in [e.code for e in refused.value.error_list]


def test_a_password_unlike_the_user_name_passes():
    from django.contrib.auth import get_user_model
    from django.contrib.auth.password_validation import validate_password

    validate_password("a-long-secret-9", get_user_model()(username="pwtest4"))
