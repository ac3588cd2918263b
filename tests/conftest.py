import time
import types

import pytest
from django.core.cache import cache
from django.test.utils import override_settings
from django.utils import translation


@pytest.fixture(autouse=True, scope="session")
def media_root(tmp_path_factory):
    """Files the site stores (the print queue's PDFs) go to a directory of the test run's own,
    never to the checkout's media/."""
    with override_settings(MEDIA_ROOT=str(tmp_path_factory.mktemp("media"))):
        yield


@pytest.fixture(autouse=True)
def fast_password_hasher(settings):
    """Hash test passwords with MD5: the real hasher is slow on purpose.

    Only settings are touched, never the database, so the rules tests run without one.
    """
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def default_language():
    """Every test starts and ends in the default language.

    Django's LocaleMiddleware activates the request's language in the thread that serves it,
    and the test client serves requests in the test's own thread: a test that asks for Russian
    would otherwise leave Russian active for whichever test runs next.
    """
    translation.deactivate()
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def empty_cache():
    """Every test starts with an empty cache: a cached score of one test's table must never
    answer for another test's table that reuses its id."""
    cache.clear()
    yield


@pytest.fixture(autouse=True)
def rate_limit_window_held():
    """The rate limits count in fixed windows (a minute, an hour) that end at a moment of the
    clock: a test sending a limit's worth of requests must not see its window end halfway and
    the count start again. The limits read one moment for the whole test."""
    import django_ratelimit.core

    moment = time.time()
    real = django_ratelimit.core.time
    django_ratelimit.core.time = types.SimpleNamespace(time=lambda: moment)  # type: ignore[assignment]
    yield
    django_ratelimit.core.time = real
