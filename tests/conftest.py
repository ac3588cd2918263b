import pytest


@pytest.fixture(autouse=True)
def fast_password_hasher(settings):
    """Hash test passwords with MD5: the real hasher is slow on purpose.

    Only settings are touched, never the database, so the rules tests run without one.
    """
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
