"""The club's clock: a request about a club shows its times of day in the club's time zone.

A view that knows its club (the club's pages, a night's, a table's of a club night) calls
:func:`use_zone`; :class:`ClubTimeZone` puts the server's zone back around every request, so
a club's zone never leaks into the next request the same thread serves. Dates (a night's) are
not times: they are shown as they were entered (docs/clubs.md).
"""

from __future__ import annotations

import zoneinfo
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils import timezone

from players.models import is_time_zone


def use_zone(name: str | None) -> None:
    """Show this request's times in the zone ``name`` (an IANA name); an unknown or missing
    one leaves the server's zone (settings.TIME_ZONE)."""
    if name and is_time_zone(name):
        timezone.activate(zoneinfo.ZoneInfo(name))


class ClubTimeZone:
    """Every request starts and ends in the server's zone (settings.MIDDLEWARE)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        timezone.deactivate()
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()
