"""How often one client address may sign up, sign in and import records, and which address
a request comes from."""

from __future__ import annotations

import ipaddress

from django.conf import settings
from django.http import HttpRequest

# Per client address: enough for a club night behind one router, too few for a script. Only
# the accounts made count towards SIGNUP_RATE (ten typos in a password at one table lock
# nobody out for an hour); SIGNUP_TRIES bounds every sign-up form sent, for scripts.
SIGNUP_RATE = "10/h"
SIGNUP_TRIES = "60/h"
LOGIN_RATE = "20/m"
IMPORT_RATE = "30/m"
# New tables from the form or a demo copy: a club night starts a dozen in minutes.
TABLE_RATE = "30/m"
# The club pages that compute (a player's page, a season's ladder), for whoever is not signed
# in: a person reading a club's link opens a page every few seconds; a script looping over the
# players would take the server's time from the scorers' saves (docs/deploy.md).
STRANGER_PAGE_RATE = "60/m"


def stranger_page_rate(group: str, request: HttpRequest) -> str | None:
    """STRANGER_PAGE_RATE for a visitor not signed in; no limit for an account."""
    return None if request.user.is_authenticated else STRANGER_PAGE_RATE


def client_address(request: HttpRequest) -> str:
    """The client's address as the deployment sees it (settings.TRUSTED_PROXIES): behind N
    proxies, each appending the address it was reached from to X-Forwarded-For, the N-th
    address from the right is the one the first proxy saw; anything further left the client
    wrote itself. A request that did not come through them (fewer addresses): REMOTE_ADDR."""
    proxies = settings.TRUSTED_PROXIES
    remote = str(request.META.get("REMOTE_ADDR", ""))
    if not proxies:
        return remote
    forwarded = [a.strip() for a in str(request.META.get("HTTP_X_FORWARDED_FOR", "")).split(",")]
    forwarded = [a for a in forwarded if a]
    if len(forwarded) < proxies:
        return remote
    address = forwarded[-proxies]
    try:
        return str(ipaddress.ip_address(address))
    except ValueError:  # not an address: a proxy would not write it
        return remote
