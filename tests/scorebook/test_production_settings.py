"""Production is secure by default: only SECRET_KEY, DEBUG=0 and ALLOWED_HOSTS to set."""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.urls import reverse

ROOT = Path(__file__).resolve().parents[2]


def manage(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """``manage.py *args`` in a process of its own, its settings read from ``env`` alone (none
    of the variables the settings read is taken from the shell that runs the tests)."""
    # DJANGO_ALLOW_ASYNC_UNSAFE: set by the browser tests' live server, refused by --deploy.
    unset = {"SECRET_KEY", "DEBUG", "HTTPS", "LOCAL", "ALLOWED_HOSTS", "SITE_URL",
             "DJANGO_ALLOW_ASYNC_UNSAFE"}  # fmt: skip
    clean = {k: v for k, v in os.environ.items() if k not in unset}
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={**clean, "DJANGO_SETTINGS_MODULE": "scorebook.settings", **env},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_the_deploy_check_passes_with_only_the_three_variables_set():
    result = manage(
        "check", "--deploy", "--fail-level", "WARNING",
        SECRET_KEY=secrets.token_urlsafe(50), DEBUG="0", ALLOWED_HOSTS="whist.example.org",
    )  # fmt: skip

    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


@pytest.mark.parametrize(
    "key", [None, "short", "django-insecure-dev-only-change-me-in-production-whist-scorebook"]
)
def test_production_refuses_to_start_without_a_real_secret_key(key):
    env = {"DEBUG": "0", "ALLOWED_HOSTS": "whist.example.org"}
    if key is not None:
        env["SECRET_KEY"] = key

    result = manage("check", **env)

    assert result.returncode != 0
    assert result.stderr.strip().splitlines() == [result.stderr.strip()]  # one line, no traceback
    assert "SECRET_KEY" in result.stderr


def test_a_trial_over_plain_http_can_switch_https_off():
    result = manage(
        "shell", "-v", "0", "-c",
        "from django.conf import settings as s;"
        "print(s.SECURE_SSL_REDIRECT, s.SECURE_HSTS_SECONDS, s.SESSION_COOKIE_SECURE)",
        SECRET_KEY=secrets.token_urlsafe(50), DEBUG="0", ALLOWED_HOSTS="x", HTTPS="0",
    )  # fmt: skip

    assert result.stdout.split() == ["False", "0", "False"], result.stderr


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({"DEBUG": "0", "ALLOWED_HOSTS": "whist.example.org,www.whist.example.org"},
         "https://whist.example.org"),
        ({"DEBUG": "0", "ALLOWED_HOSTS": ".example.org,whist.example.org", "HTTPS": "0"},
         "http://whist.example.org"),
        ({"DEBUG": "0", "ALLOWED_HOSTS": "whist.example.org",
          "SITE_URL": "https://example.org/whist/"}, "https://example.org/whist"),
        ({"DEBUG": "0", "ALLOWED_HOSTS": "*"}, ""),
        ({"DEBUG": "0", "LOCAL": "1"}, "http://127.0.0.1:8000"),
        ({}, "http://127.0.0.1:8000"),
    ],
)  # fmt: skip
def test_the_sites_address_follows_allowed_hosts_unless_site_url_says(env, expected):
    result = manage(
        "shell", "-v", "0", "-c", "from django.conf import settings as s; print(s.SITE_URL)",
        SECRET_KEY=secrets.token_urlsafe(50), **env,
    )  # fmt: skip

    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == expected


@pytest.mark.django_db
def test_every_page_carries_a_content_security_policy_without_inline_script(client):
    response = client.get(reverse("home"))

    policy = response["Content-Security-Policy"]
    script = next(d for d in policy.split(";") if d.strip().startswith("script-src"))
    assert "'unsafe-inline'" not in script and "'unsafe-eval'" not in script
    assert "<script>" not in response.content.decode()  # the one script tag has a src


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({"DATABASE_URL": "postgres://u:p@127.0.0.1:5432/db"}, "60"),
        ({"DATABASE_URL": "postgres://u:p@127.0.0.1:5432/db", "CONN_MAX_AGE": "5"}, "5"),
        ({}, "0"),
    ],
)
def test_a_database_server_keeps_its_connections_open_by_default(env, expected):
    # At 0 every request opened a PostgreSQL backend: a club night's p95 went from 44 ms to 8.3 s.
    clean = {k: "" for k in ("DATABASE_URL", "CONN_MAX_AGE") if k not in env}
    result = manage(
        "shell", "-v", "0", "-c",
        "from django.conf import settings as s; print(s.DATABASES['default']['CONN_MAX_AGE'])",
        **clean, **env,
    )  # fmt: skip

    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == expected


def _deploy_env_file() -> dict[str, str]:
    """docs/deploy.md's environment file, read as systemd's EnvironmentFile= reads it: a line
    starting with # is a comment; anywhere else, everything after the = is the value."""
    text = (ROOT / "docs" / "deploy.md").read_text()
    block = text.split("e.g. `/etc/scorebook.env`", 1)[1].split("```sh\n", 1)[1].split("```")[0]
    env = {}
    for line in block.splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            key, value = line.split("=", 1)
            env[key] = value
    return env


def test_the_documented_environment_file_works_as_systemd_reads_it():
    env = _deploy_env_file()
    assert {"CACHE_URL", "PDF_WORKER", "DEBUG"} <= env.keys()
    env["SECRET_KEY"] = secrets.token_urlsafe(50)

    result = manage(
        "shell", "-c",
        "from django.conf import settings; "
        "print(settings.PDF_WORKER, settings.CACHES['default']['BACKEND'])",
        **env,
    )  # fmt: skip

    assert result.returncode == 0, result.stderr
    last = result.stdout.strip().splitlines()[-1]  # after the shell's own line on imports
    assert last.split() == ["True", "django.core.cache.backends.db.DatabaseCache"]


def test_a_server_error_in_production_is_logged_on_stderr():
    # Under gunicorn and systemd, stderr is the journal: without a handler there, a 500 in
    # production left no trace anywhere (Django only mails ADMINS).
    result = manage(
        "shell", "-c",
        "import logging; "
        "logging.getLogger('django.request').error('boom', exc_info=ZeroDivisionError('x'))",
        SECRET_KEY=secrets.token_urlsafe(50), DEBUG="0", ALLOWED_HOSTS="whist.example.org",
    )  # fmt: skip

    assert result.returncode == 0, result.stderr
    assert "boom" in result.stderr
    assert "ZeroDivisionError: x" in result.stderr


@pytest.mark.parametrize("value", ["yes", "-1", "9", "HTTP_X_FORWARDED_FOR"])
def test_a_proxy_setting_that_cannot_be_right_stops_the_start(value):
    answer = manage("check", TRUSTED_PROXIES=value)
    assert answer.returncode != 0
    assert "TRUSTED_PROXIES must be the number of reverse proxies" in answer.stderr


def test_the_old_header_setting_is_refused_with_its_replacement_named():
    answer = manage("check", RATELIMIT_IP_META_KEY="HTTP_X_REAL_IP")
    assert answer.returncode != 0
    assert "set TRUSTED_PROXIES" in answer.stderr
