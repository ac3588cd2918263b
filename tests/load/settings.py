"""The project's settings for the load harness, with the static files collected into the
harness's temp dir (``LOAD_STATIC_ROOT``) instead of the repository's ``staticfiles/``: a
``DEBUG=0`` server needs the manifest, and a ``staticfiles/`` left in the repository would be
served, stale, to the browser tests."""

import os
from pathlib import Path

from scorebook.settings import *  # noqa: F403

STATIC_ROOT = Path(os.environ["LOAD_STATIC_ROOT"])
# The manifest without WhiteNoise's compressed copies: no request of the load reads a static
# file, and compressing every file at each start takes half a minute on a busy machine.
STORAGES = {
    **STORAGES,  # noqa: F405
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.ManifestStaticFilesStorage"},
}

# A server error's traceback goes to the process's stderr, which is gunicorn's (or the print
# worker's) log in the temp dir: the harness prints each distinct one. With DEBUG=0 and no
# LOGGING, Django would only mail it to ADMINS, and the 500s of a run would be silent.
LOGGING = {
    **STDERR_LOGGING,  # noqa: F405
    "loggers": {
        **STDERR_LOGGING["loggers"],  # noqa: F405
        "scorebook": {"handlers": ["stderr"], "level": "WARNING", "propagate": False},
    },
}
