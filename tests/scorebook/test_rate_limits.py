"""The open doors (sign-up, sign-in, import) are rate-limited per client address."""

from __future__ import annotations

import io

import pytest
from django.urls import reverse

from scorebook.views import accounts

pytestmark = pytest.mark.django_db


def limit(rate: str) -> int:
    return int(rate.split("/")[0])


def test_signing_in_too_often_is_answered_429_in_the_users_language(client):
    data = {"username": "nobody", "password": "wrong-password"}
    answers = [
        client.post(reverse("login"), data).status_code for _ in range(limit(accounts.LOGIN_RATE))
    ]

    refused = client.post(reverse("login"), data, HTTP_ACCEPT_LANGUAGE="ru")

    assert set(answers) == {200}
    assert refused.status_code == 429
    assert "Слишком много попыток" in refused.content.decode()


def test_another_address_is_not_held_back(client):
    data = {"username": "nobody", "password": "wrong-password"}
    for _ in range(limit(accounts.LOGIN_RATE) + 1):
        client.post(reverse("login"), data)

    assert client.post(reverse("login"), data, REMOTE_ADDR="10.0.0.7").status_code == 200


def test_signing_up_too_often_is_refused_and_creates_nobody(client, django_user_model):
    for i in range(limit(accounts.SIGNUP_RATE)):
        client.post(reverse("signup"), {"username": f"user{i}", "password1": "x", "password2": "y"})

    refused = client.post(reverse("signup"), {"username": "late", "password1": "a-long-secret-9",
                                              "password2": "a-long-secret-9"})  # fmt: skip

    assert refused.status_code == 429
    assert not django_user_model.objects.filter(username="late").exists()


def test_importing_too_often_is_refused(client):
    def upload():
        body = io.BytesIO(b"{not json")
        body.name = "r.json"
        return client.post(reverse("import_record"), {"record": body}).status_code

    answers = [upload() for _ in range(limit(accounts.IMPORT_RATE))]

    assert set(answers) == {422}
    assert upload() == 429
    assert client.get(reverse("import_record")).status_code == 200  # reading the page is free
