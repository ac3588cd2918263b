"""The open doors (sign-up, sign-in, import) are rate-limited per client address."""

from __future__ import annotations

import io

import pytest
from django.urls import reverse

from scorebook.web import limits

pytestmark = pytest.mark.django_db


def limit(rate: str) -> int:
    return int(rate.split("/")[0])


def test_signing_in_too_often_is_answered_429_in_the_users_language(client):
    data = {"username": "nobody", "password": "wrong-password"}
    answers = [
        client.post(reverse("login"), data).status_code for _ in range(limit(limits.LOGIN_RATE))
    ]

    refused = client.post(reverse("login"), data, HTTP_ACCEPT_LANGUAGE="ru")

    assert set(answers) == {200}
    assert refused.status_code == 429
    assert "Слишком много попыток" in refused.content.decode()


def test_another_address_is_not_held_back(client):
    data = {"username": "nobody", "password": "wrong-password"}
    for _ in range(limit(limits.LOGIN_RATE) + 1):
        client.post(reverse("login"), data)

    assert client.post(reverse("login"), data, REMOTE_ADDR="10.0.0.7").status_code == 200


def signup(client, username, password="a-long-secret-9", **headers):
    data = {"username": username, "password1": password, "password2": password}
    return client.post(reverse("signup"), data, **headers)


def test_signing_up_too_often_is_refused_and_creates_nobody(client, django_user_model):
    for i in range(limit(limits.SIGNUP_RATE)):
        assert signup(client, f"user{i}").status_code == 302
        client.logout()

    refused = signup(client, "late", HTTP_ACCEPT_LANGUAGE="en")

    assert refused.status_code == 429
    assert "wait an hour" in refused.content.decode()
    assert not django_user_model.objects.filter(username="late").exists()


def test_sign_up_forms_refused_for_their_mistakes_do_not_use_up_the_accounts(
    client, django_user_model
):
    for _ in range(limit(limits.SIGNUP_RATE) + 5):  # typos in the password, at one table
        assert signup(client, "anna", password="x").status_code == 422

    assert signup(client, "anna").status_code == 302
    assert django_user_model.objects.filter(username="anna").exists()


def test_a_script_sending_sign_up_forms_is_held_back(client):
    answers = [
        signup(client, "bot", password="x").status_code for _ in range(limit(limits.SIGNUP_TRIES))
    ]

    assert set(answers) == {422}
    assert signup(client, "bot", password="x").status_code == 429


def test_importing_too_often_is_refused(client):
    def upload():
        body = io.BytesIO(b"{not json")
        body.name = "r.json"
        return client.post(reverse("import_record"), {"record": body}).status_code

    answers = [upload() for _ in range(limit(limits.IMPORT_RATE))]

    assert set(answers) == {422}
    assert upload() == 429
    assert client.get(reverse("import_record")).status_code == 200  # reading the page is free


def test_the_admins_sign_in_shares_the_sites_limit(client, django_user_model):
    django_user_model.objects.create_superuser("root", password="the-right-one-9")
    wrong = {"username": "root", "password": "wrong-password"}
    for _ in range(limit(limits.LOGIN_RATE) // 2):
        client.post(reverse("login"), wrong)
    answers = [
        client.post("/admin/login/", wrong).status_code
        for _ in range(limit(limits.LOGIN_RATE) - limit(limits.LOGIN_RATE) // 2)
    ]

    right = client.post("/admin/login/", {"username": "root", "password": "the-right-one-9"})

    assert set(answers) == {200}
    assert right.status_code == 429  # forty guesses no longer end with the right one let in


@pytest.mark.parametrize(
    ("proxies", "forwarded", "remote", "client_address"),
    [
        (0, "6.6.6.6", "10.0.0.1", "10.0.0.1"),  # no proxy: the header is the client's
        (1, "6.6.6.6, 203.0.113.5", "10.0.0.1", "203.0.113.5"),  # what our proxy saw
        (2, "6.6.6.6, 203.0.113.5, 10.0.0.9", "10.0.0.1", "203.0.113.5"),
        (1, "", "10.0.0.1", "10.0.0.1"),  # not through the proxy
        (1, "not-an-address", "10.0.0.1", "10.0.0.1"),
    ],
)
def test_the_client_address_is_the_one_the_first_trusted_proxy_saw(
    rf, settings, proxies, forwarded, remote, client_address
):
    settings.TRUSTED_PROXIES = proxies
    request = rf.get("/", HTTP_X_FORWARDED_FOR=forwarded, REMOTE_ADDR=remote)
    assert limits.client_address(request) == client_address


def test_behind_a_proxy_one_clients_guesses_lock_out_only_that_client(client, settings):
    settings.TRUSTED_PROXIES = 1
    data = {"username": "nobody", "password": "wrong-password"}
    proxy = {"REMOTE_ADDR": "10.0.0.1"}
    for _ in range(limit(limits.LOGIN_RATE) + 1):
        client.post(reverse("login"), data, HTTP_X_FORWARDED_FOR="198.51.100.7", **proxy)

    other = client.post(reverse("login"), data, HTTP_X_FORWARDED_FOR="198.51.100.8", **proxy)
    assert other.status_code == 200
