"""Log lines never carry a table's, a night's or a club's link."""

from __future__ import annotations

import logging
import logging.config

import pytest
from django.urls import reverse
from django.utils.log import configure_logging

from scorebook.site.logs import mask
from scorebook.tables import services
from tests.scorebook.conftest import PLAYERS

pytestmark = pytest.mark.django_db


def test_a_link_in_a_path_is_masked_and_the_rest_kept():
    line = "Not Found: /t/hwzpgcBx_D-KA1ecMGrSKrXp/sheet/ and /e/Qx9-aB3cD4eF5gH6iJ7kL8/glance/"
    assert mask(line) == "Not Found: /t/…/sheet/ and /e/…/glance/"
    assert mask("GET /t/new/ /c/x/") == "GET /t/new/ /c/x/"


def test_the_servers_log_lines_carry_no_link(client, capsys, settings):
    """As a deployment logs (DEBUG off: STDERR_LOGGING): a refused write's warning."""
    from scorebook.settings import STDERR_LOGGING

    table = services.create_table(variant="russian", players=PLAYERS)
    logging.config.dictConfig(STDERR_LOGGING)
    try:
        logging.getLogger("django.request").setLevel(logging.WARNING)
        client.post(reverse("rotate_link", args=[table.view_token]), {"which": "edit"})
        written = capsys.readouterr().err
    finally:
        configure_logging(settings.LOGGING_CONFIG, settings.LOGGING)
    assert "Forbidden" in written and "/t/…/" in written
    assert table.view_token not in written
