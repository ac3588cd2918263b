"""Settings for the whist score book.

One module, read from the environment. The defaults run on a laptop: SQLite, DEBUG on,
no secrets file. In production set SECRET_KEY, DEBUG=0, ALLOWED_HOSTS and DATABASE_URL
(CONN_MAX_AGE, seconds to keep a database connection open: 60 on a database server, 0 on
SQLite; docs/load.md measured why). With DEBUG=0 the
site is HTTPS only (redirect, HSTS, secure cookies); HTTPS=0 turns that off for a trial over
plain HTTP, and SECURE_SSL_REDIRECT, SECURE_HSTS_SECONDS, SECURE_HSTS_PRELOAD,
SESSION_COOKIE_SECURE and CSRF_COOKIE_SECURE set each part on its own. SITE_URL, the address
the printed sheets' QR codes and `manage.py import_record` print, follows ALLOWED_HOSTS unless
set.
"""

import json
import os
from pathlib import Path

import dj_database_url
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value.strip() == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEV_SECRET_KEY = "django-insecure-dev-only-change-me-in-production-whist-scorebook"
DEBUG = env_bool("DEBUG", True)
# LOCAL=1 (`make run`, with DEBUG=0): a server for this machine alone that answers as the
# deployed site does, styled 404/403/500 pages included, over plain HTTP on localhost, with the
# static files served by WhiteNoise straight from static/ (no collectstatic), server errors'
# tracebacks on the terminal, the demo club and demo tables that can be scored. Never on a
# server: the demo club's password is in this repository.
LOCAL = env_bool("LOCAL", False)
SECRET_KEY = os.environ.get("SECRET_KEY", "").strip() or DEV_SECRET_KEY
if not DEBUG and (SECRET_KEY == DEV_SECRET_KEY or len(SECRET_KEY) < 32):
    # A production site signed with a key published in this repository is anyone's to forge.
    raise ImproperlyConfigured(
        "DEBUG=0 needs a SECRET_KEY of its own (at least 32 random characters), e.g. "
        "SECRET_KEY=\"$(python -c 'import secrets; print(secrets.token_urlsafe(50))')\""
    )
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]" if DEBUG or LOCAL else "")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")
CSRF_FAILURE_VIEW = "scorebook.web.errors.csrf_failure"  # the site's page, translated

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "csp",
    "django_tasks",
    "django_tasks_db",
    "scorebook",
    "scorebook.printing",
    "players",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "scorebook.web.zone.ClubTimeZone",  # a club's pages show its clock (web/zone.py)
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    "django_ratelimit.middleware.RatelimitMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "scorebook.web.errors.MethodNotAllowedPage",
]

ROOT_URLCONF = "scorebook.urls"

# "template_partials" in INSTALLED_APPS wraps the loaders of this backend itself
# (django-template-partials on Django 5.2); the builtin saves a {% load partials %} per template.
TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.debug",
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
            "builtins": ["template_partials.templatetags.partials"],
        },
    },
]

WSGI_APPLICATION = "scorebook.wsgi.application"
ASGI_APPLICATION = "scorebook.asgi.application"

# An empty DATABASE_URL means the default, as an unset one does.
DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL") or f"sqlite:///{BASE_DIR / 'db.sqlite3'}"
    )
}
# Persistent connections on a database server: with 0, every request forked a PostgreSQL
# backend, and a club night's p95 went from 44 ms to 8.3 s (docs/load.md).
_is_sqlite = DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3"
DATABASES["default"]["CONN_MAX_AGE"] = int(
    os.environ.get("CONN_MAX_AGE") or ("0" if _is_sqlite else "60")
)
# Behind PgBouncer in transaction pooling (docs/deploy.md), server-side cursors (the
# standings' .iterator()) cannot outlive a transaction: DISABLE_SERVER_SIDE_CURSORS=1.
DATABASES["default"]["DISABLE_SERVER_SIDE_CURSORS"] = env_bool("DISABLE_SERVER_SIDE_CURSORS", False)
if _is_sqlite:
    # SQLite as a real default: readers never wait for the writer (WAL), a writer waits for
    # another up to 20 s instead of failing at once, and every transaction takes the write lock
    # when it begins, so two phones saving at once queue (the second then gets the ordinary
    # conflict answer) instead of one failing with "database is locked".
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
            "transaction_mode": "IMMEDIATE",
            "timeout": 20,
        }
    )

# What a release is called (a commit id, set at deploy): every cached page, score and PDF is
# keyed by it (scorebook/derived.py), so that a new release never serves an old one's. Empty:
# a digest of the code, templates and translations on disk, made once per process.
RELEASE = os.environ.get("RELEASE", "").strip()

# Computed scores and standings are cached (never stored as the truth). One process: local
# memory. Several workers or servers: CACHE_URL=db (run `manage.py createcachetable` once) or
# CACHE_URL=redis://host:6379/0 (Django's own Redis backend), so that they share the work, the
# polls' versions (scorebook/derived.py) and the rate limits' counts.
CACHE_URL = os.environ.get("CACHE_URL", "").strip()
# Room for every table of a club's seasons (about 0.5 kB each): Django's default of 300
# entries would evict a season's scores while they are being read.
CACHE_ENTRIES = {"MAX_ENTRIES": 100_000}
if CACHE_URL == "db":
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.db.DatabaseCache",
            "LOCATION": "scorebook_cache",
            "OPTIONS": CACHE_ENTRIES,
        }
    }
elif CACHE_URL.startswith(("redis://", "rediss://")):
    CACHES = {
        # Redis down or slow: a miss after half a second, not an error (scorebook/cache.py).
        "default": {
            "BACKEND": "scorebook.cache.ForgivingRedisCache",
            "LOCATION": CACHE_URL,
            "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5},
        }
    }
elif CACHE_URL:
    raise ImproperlyConfigured(
        f"CACHE_URL must be empty, 'db' or a redis:// URL, not {CACHE_URL!r}"
    )
else:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "OPTIONS": CACHE_ENTRIES,
        }
    }

# Printed PDFs (scorebook/printing/queue.py) have a cache of their own, so that sheets of a few
# hundred kilobytes never crowd out the scores: in memory, at most PDF_CACHE_ENTRIES of them;
# with CACHE_URL, the same shared cache as the scores (the print worker and every web worker
# then see one copy), under a prefix of their own.
PDF_CACHE_ENTRIES = int(os.environ.get("PDF_CACHE_ENTRIES") or "200")
if CACHE_URL:
    CACHES["pdfs"] = {**CACHES["default"], "KEY_PREFIX": "pdf"}
else:
    CACHES["pdfs"] = {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": "pdfs",
        "OPTIONS": {"MAX_ENTRIES": PDF_CACHE_ENTRIES},
    }

# A club night's PDF, and a long table's, is made off the request path when PDF_WORKER=1: the
# request puts a task in a queue kept in the database (django-tasks-db) and answers at once
# with a page that refreshes until the PDF is ready; `manage.py db_worker` makes the PDFs
# (`make run` starts one beside the server; production: docs/deploy.md). Without PDF_WORKER
# (the default, and the tests) the same task runs in the request, as a worker would.
PDF_WORKER = env_bool("PDF_WORKER", False)
TASKS = {
    "default": {
        "BACKEND": (
            "django_tasks_db.DatabaseBackend"
            if PDF_WORKER
            else "django_tasks.backends.immediate.ImmediateBackend"
        )
    }
}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Sign-up, sign-in (the site's and the admin's) and import are rate-limited per client address
# (django-ratelimit, counted in the cache above: with CACHE_URL, by every server together).
# The client's address is REMOTE_ADDR, unless the site runs behind TRUSTED_PROXIES reverse
# proxies, each appending the address it got to X-Forwarded-For: then the address the first
# proxy saw (docs/deploy.md). A wrong number lets clients choose their address, or counts
# everyone as the proxy: the setting is one number, checked here.
RATELIMIT_VIEW = "scorebook.site.accounts.rate_limited"
# The demo organiser (seed_demo, on a laptop) signs in nowhere else: its password is public.
AUTHENTICATION_BACKENDS = ["scorebook.site.demo.LocalDemoBackend"]
_proxies = os.environ.get("TRUSTED_PROXIES", "0").strip() or "0"
if not _proxies.isdigit() or int(_proxies) > 5:
    raise ImproperlyConfigured(
        f"TRUSTED_PROXIES must be the number of reverse proxies in front of the site (0 to 5), "
        f"not {_proxies!r}"
    )
TRUSTED_PROXIES = int(_proxies)
if os.environ.get("RATELIMIT_IP_META_KEY"):
    raise ImproperlyConfigured(
        "RATELIMIT_IP_META_KEY is no longer read: set TRUSTED_PROXIES to the number of reverse "
        "proxies in front of the site (docs/deploy.md)"
    )
RATELIMIT_IP_META_KEY = "scorebook.web.limits.client_address"
# The counts live in the cache: while a shared Redis is down they cannot be kept, and the
# limits let requests through (logged) rather than refuse every sign-in (scorebook/cache.py).
RATELIMIT_FAIL_OPEN = True
RATELIMIT_ENABLE = env_bool("RATELIMIT_ENABLE", True)

# Requests stay small: a form is a few kilobytes, and an imported record (the largest upload)
# is refused above 2 MB by its view (and by manage.py import_record); nothing larger is read
# into memory.
DATA_UPLOAD_MAX_MEMORY_SIZE = 2_500_000
FILE_UPLOAD_MAX_MEMORY_SIZE = 2_500_000
DATA_UPLOAD_MAX_NUMBER_FIELDS = 500

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
    {"NAME": "scorebook.site.accounts.NotTheUserName"},
]

LANGUAGE_CODE = "en"
LANGUAGES = [
    ("en", _("English")),
    ("ru", _("Russian")),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
TIME_ZONE = os.environ.get("TIME_ZONE", "UTC")
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
# Files the site keeps: the print worker's finished PDFs (under prints/; kept two days, then
# removed by `manage.py prune_prints`, which `make run` and the deployment run on a schedule).
# By default on this machine's disk, in MEDIA_ROOT (media/ beside the code, git-ignored); never
# served from there: a PDF is handed out by its view, to whoever holds its link. Web servers and
# print workers on hosts of their own share object storage instead: FILE_STORAGE names the
# storage class, FILE_STORAGE_OPTIONS (JSON) its options, e.g. django-storages' S3Storage and
# {"bucket_name": "scorebook-prints"} (docs/deploy.md).
MEDIA_ROOT = os.environ.get("MEDIA_ROOT", "").strip() or str(BASE_DIR / "media")
try:
    FILE_STORAGE_OPTIONS = json.loads(os.environ.get("FILE_STORAGE_OPTIONS", "").strip() or "{}")
except ValueError as error:
    raise ImproperlyConfigured(f"FILE_STORAGE_OPTIONS is not JSON: {error}") from None
if not isinstance(FILE_STORAGE_OPTIONS, dict):
    raise ImproperlyConfigured('FILE_STORAGE_OPTIONS must be a JSON object, e.g. {"a": 1}')
STORAGES = {
    "default": {
        "BACKEND": os.environ.get("FILE_STORAGE", "").strip()
        or "django.core.files.storage.FileSystemStorage",
        "OPTIONS": FILE_STORAGE_OPTIONS,
    },
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG or LOCAL
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}
if LOCAL:
    # Found where they are, as DEBUG does, and never kept by the browser: an edited stylesheet
    # shows on the next reload.
    WHITENOISE_USE_FINDERS = True
    WHITENOISE_AUTOREFRESH = True
    WHITENOISE_MAX_AGE = 0

if not DEBUG:
    HTTPS = env_bool("HTTPS", not LOCAL)
    SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", HTTPS)
    CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", HTTPS)
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", HTTPS)
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS") or (31_536_000 if HTTPS else 0))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", HTTPS)
    SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", HTTPS)
    # The TLS-terminating proxy in front of gunicorn says which scheme the browser used.
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

# The site's address as people type it (with the path the site is served under, if any), e.g.
# SITE_URL=https://whist.example.org: the printed sheets' QR codes and links point there (never
# at a request's Host header, which anyone may set; it is part of every PDF's key), and
# `manage.py import_record` prints it before a new table's path (its --base-url overrides it).
# Unset: the development server's http://127.0.0.1:8000 with DEBUG or LOCAL; else the first name
# in ALLOWED_HOSTS, over https (http with HTTPS=0); with no such name (only "*" or ".domain"), none:
# the sheets print no QR code (`check --deploy` warns) and the command prints the path alone.
SITE_URL = os.environ.get("SITE_URL", "").strip().rstrip("/")
if not SITE_URL:
    _named_hosts = [host for host in ALLOWED_HOSTS if host != "*" and not host.startswith(".")]
    if DEBUG or LOCAL:
        SITE_URL = "http://127.0.0.1:8000"
    elif _named_hosts:
        SITE_URL = f"{'https' if HTTPS else 'http'}://{_named_hosts[0]}"

# Pages run no inline script and load nothing from elsewhere. Styles may be inline: the
# server-drawn SVG charts carry their own <style>.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF, "'unsafe-inline'"],
        "img-src": [SELF, "data:"],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}
# A server error's traceback, and the print worker's failures, on the process's stderr. Without
# DEBUG and without this, Django only mails a server error's traceback to ADMINS.
STDERR_LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    # Links open tables: masked in every line (scorebook/site/logs.py).
    "filters": {"links": {"()": "scorebook.site.logs.MaskLinks"}},
    "handlers": {"stderr": {"class": "logging.StreamHandler", "filters": ["links"]}},
    "loggers": {
        "django.request": {"handlers": ["stderr"], "level": "ERROR", "propagate": False},
        "django.server": {"handlers": ["stderr"], "level": "INFO", "propagate": False},
        "django_tasks": {"handlers": ["stderr"], "level": "WARNING", "propagate": False},
        "django_tasks_db": {"handlers": ["stderr"], "level": "WARNING", "propagate": False},
    },
}
if not DEBUG:  # `make run`: in the terminal; gunicorn under systemd: in the journal
    LOGGING = STDERR_LOGGING

LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"
LOGIN_URL = "login"
SESSION_COOKIE_AGE = 60 * 60 * 24 * 365  # the browser remembers its tables for a year
