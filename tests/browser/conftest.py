"""Browser tests: Debian's Chromium driven by Playwright against pytest-django's live server.

One browser for the whole session, a fresh context (cookies, storage: a new phone) per test, at
phone size. Playwright's own browser download is never used: the tests launch the Chromium that
`make system-deps` installs (Debian package ``chromium``), or the one named by $CHROMIUM.

Run them alone with ``.venv/bin/pytest -m browser``; ``-m "not browser"`` leaves them out. Each
run leaves screenshots of every step in tests/browser/screenshots/ (git-ignored), to look at.
"""

from __future__ import annotations

import os
import shutil
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect, sync_playwright

ASYNC_UNSAFE = "DJANGO_ALLOW_ASYNC_UNSAFE"
PHONE = {"width": 360, "height": 740}
SCREENSHOTS = Path(__file__).parent / "screenshots"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]

# Generous waits for a loaded 2-core CI machine; a passing run never waits this long.
expect.set_options(timeout=10_000)


def chromium_path() -> str:
    return os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    path = chromium_path()
    if not Path(path).exists():
        pytest.fail(
            f"Chromium not found at {path}: install the Debian package chromium "
            "(`make system-deps` does it as root), or set CHROMIUM to a Chromium binary."
        )
    # Playwright's sync API keeps an asyncio event loop running in this thread, and Django
    # refuses ORM calls (the tests' own, and pytest-django's flush after each test) from a thread
    # with a running loop, unless told the code is in fact synchronous.
    previous = os.environ.get(ASYNC_UNSAFE)
    os.environ[ASYNC_UNSAFE] = "true"
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=path, headless=True, args=CHROMIUM_ARGS
            )
            yield browser
            browser.close()
    finally:
        if previous is None:
            del os.environ[ASYNC_UNSAFE]
        else:
            os.environ[ASYNC_UNSAFE] = previous


@pytest.fixture(scope="session")
def server_lock(live_server: Any) -> threading.RLock:
    """Serialize the live server's requests, and give the tests the same lock for the database.

    With the in-memory SQLite test database every thread of the live server shares one
    connection (and so does the test itself), and Django does nothing to keep two requests, say a
    save and the sheet's poll, from interleaving their transactions on it. Production runs one
    connection per request; here one request at a time gives the same isolation.
    """
    lock = threading.RLock()
    httpd = live_server.thread.httpd
    app = httpd.get_app()

    def serialized(environ: dict[str, Any], start_response: Any) -> Any:
        with lock:
            if not GATE.is_set():
                # Between tests: a request the last test's page sent just before it closed
                # must not open a transaction on the shared connection while pytest-django
                # flushes the database ("cannot start a transaction within a transaction").
                start_response("503 Service Unavailable", [("Content-Type", "text/plain")])
                return [b"between tests"]
            # The body is read, and the response closed (Django's request_finished), inside
            # the lock too: a streamed body may still read the database.
            result = app(environ, start_response)
            try:
                return list(result)
            finally:
                close = getattr(result, "close", None)
                if close is not None:
                    close()

    httpd.set_app(serialized)
    return lock


# Open while a test runs; closed (under the server lock, so after the request being served)
# before the database is flushed.
GATE = threading.Event()


@dataclass
class Site:
    url: str
    lock: threading.RLock

    def db(self, query: Callable[[], Any]) -> Any:
        """Run a database query from the test while no request is being served."""
        with self.lock:
            return query()


@pytest.fixture
def site(live_server: Any, server_lock: threading.RLock) -> Iterator[Site]:
    GATE.set()
    yield Site(url=live_server.url, lock=server_lock)
    with server_lock:  # the request being served finishes; none after it reaches the database
        GATE.clear()


@pytest.fixture
def new_context(browser: Browser, site: Site) -> Iterator[Callable[..., BrowserContext]]:
    """Make a browser context: a phone (360×740, touch) in English unless told otherwise."""
    contexts: list[BrowserContext] = []

    def make(**options: Any) -> BrowserContext:
        settings: dict[str, Any] = {
            "viewport": PHONE,
            "is_mobile": True,
            "has_touch": True,
            "locale": "en-GB",
            "base_url": site.url,
        }
        settings.update(options)
        context = browser.new_context(**settings)
        context.set_default_timeout(15_000)
        contexts.append(context)
        return context

    yield make
    for context in contexts:
        context.close()


@pytest.fixture
def page(new_context: Callable[..., BrowserContext]) -> Page:
    return new_context().new_page()


@pytest.fixture
def shot() -> Callable[..., None]:
    """Save a screenshot as tests/browser/screenshots/NAME.png (git-ignored): the whole page, or
    with ``screen=True`` only what the phone's screen shows at the moment."""
    SCREENSHOTS.mkdir(exist_ok=True)

    def take(page: Page, name: str, *, screen: bool = False) -> None:
        page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=not screen)

    return take
