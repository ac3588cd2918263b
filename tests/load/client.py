"""The club night's phones, as an open-loop asyncio client on the standard library only.

Every request has a scheduled time and is sent then, whether or not earlier requests have been
answered; at most ``max_inflight`` are on the wire at once, and a request that waits for a slot
counts the wait in its latency (latency is measured from the scheduled time, so a slow server
cannot hide its queue behind a slow client). Each request is one HTTP/1.1 connection with
``Connection: close``, as gunicorn sees requests behind a proxy that does not keep connections
to it alive (nginx's default).

- a scorer per table posts the next deal every ``save_every`` s (±25 %), as the htmx form does
  (``HX-Request``, the CSRF token of the page, a fresh nonce per deal). A scorer's phone cannot
  post deal n+1 before deal n is answered (the button is disabled), so each scorer waits for
  its previous answer; a save that is late because of that counts the delay. A save that fails
  (connection refused or cut, 5xx, timeout) is posted again with the same nonce, as
  ``static/js/offline.js`` does, until it is acknowledged (200);
- ``watchers`` read-only phones per table poll ``/t/<view token>/sheet/?v=<version>`` every
  ``poll_every`` s, as the sheet's ``hx-get``/``hx-trigger`` does: 204 while nothing changed,
  else the new sheet, whose ``data-version`` the next poll sends; with ``scorer_polls`` the
  scorer's own page polls too (its version comes from its saves' answers);
- every ``page_every`` s a phone at each table (re)opens the read-only table page (a watcher
  reloading, or one more coming to watch): the whole page, the "page" kind;
- every ``pdf_every`` s, ``pdf_burst`` evening PDFs are asked for at once, of different nights
  while there are enough nights (else some night twice: two people asking for the same sheets).

With several servers (``ports``) the client is the balancer (:class:`Balancer`): requests go to
the servers in turn (round-robin); a server that refuses a connection (nothing was sent: it is
down) is left out for ``fail_timeout`` s and the request goes to the next one at once, as nginx
does with ``proxy_next_upstream error`` and ``max_fails=1``, for POSTs too (nothing reached the
dead server). A request cut or timed out after it was sent is not sent again by the balancer:
it is an error, reported with the server it went to (a save is then posted again by its
scorer, with the same nonce, and goes to the next server).

Everything the phones are answered is also kept for the agreement check (:class:`Seen`): the
highest version of each table any answer showed, when each version was first seen, and every
poll answered "nothing changed" although a newer version had already been seen in an answer
received before that poll was sent (a stale 204).
"""

from __future__ import annotations

import asyncio
import html
import random
import re
import time
import uuid
from collections import Counter
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

from tests.load.club import LoadTable, deal_data, form_deal

CSRF_INPUT = re.compile(rb'name="csrfmiddlewaretoken" value="([^"]+)"')
VERSION = re.compile(rb'data-version="(\d+)"')  # the sheet's (the answer's first)
NUMBER_INPUT = re.compile(rb'name="number" value="(\d+)"')
# What the page's htmx sends, read from the page itself (it changes with the templates): the
# deal form's hx-target, and the polling element (its id, hx-target and hx-trigger).
FORM_TARGET = re.compile(rb'<form id="deal-form"[^>]*?hx-target="#([\w-]+)"', re.S)
POLLER = re.compile(rb'<[a-z]+ id="([\w-]+)"[^>]*?hx-get="[^"]*/sheet/\?v=[^>]*>', re.S)
TARGET = re.compile(rb'hx-target="#([\w-]+)"')
EVERY = re.compile(rb'hx-trigger="every (\d+(?:\.\d+)?)s"')
REFRESH = re.compile(rb'http-equiv="refresh" content="[\d.]+; *url=([^"]+)"')


@dataclass
class PageHtmx:
    """How the table page's htmx talks to the server, as read from a page."""

    form_target: str = "live"
    poll_element: str = "sheet"
    poll_target: str = "sheet"
    poll_every: float | None = None

    @classmethod
    def read(cls, page: bytes) -> PageHtmx:
        found = cls()
        if m := FORM_TARGET.search(page):
            found.form_target = m.group(1).decode()
        if m := POLLER.search(page):
            found.poll_element = found.poll_target = m.group(1).decode()
            if t := TARGET.search(m.group(0)):
                found.poll_target = t.group(1).decode()
            if e := EVERY.search(m.group(0)):
                found.poll_every = float(e.group(1))
        return found


class HTTPError(Exception):
    """No HTTP answer: refused, cut, malformed or timed out."""

    @property
    def refused(self) -> bool:
        """Nothing was sent: the server was not there (a balancer may try the next one)."""
        return str(self) == "refused"


@dataclass
class Response:
    status: int
    headers: list[tuple[str, str]]
    body: bytes
    port: int = 0  # the server that answered (set by Run.send)
    sent: float = 0.0  # when the request went out, s from the start of the run (Run.send)

    def cookies(self) -> dict[str, str]:
        found = {}
        for name, value in self.headers:
            if name == "set-cookie":
                pair = value.split(";", 1)[0]
                key, _sep, val = pair.partition("=")
                found[key.strip()] = val.strip()
        return found


async def _read_body(reader: asyncio.StreamReader, headers: dict[str, str]) -> bytes:
    if "content-length" in headers:
        return await reader.readexactly(int(headers["content-length"]))
    if "chunked" in headers.get("transfer-encoding", ""):
        chunks = []
        while True:
            size = int((await reader.readline()).split(b";")[0].strip() or b"0", 16)
            if size == 0:
                await reader.readline()
                return b"".join(chunks)
            chunks.append(await reader.readexactly(size))
            await reader.readline()
    return await reader.read()


async def http(
    port: int,
    method: str,
    path: str,
    headers: dict[str, str] | None = None,
    body: bytes = b"",
    timeout: float = 30.0,
) -> Response:
    try:
        async with asyncio.timeout(timeout):
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            try:
                lines = [
                    f"{method} {path} HTTP/1.1",
                    f"Host: 127.0.0.1:{port}",
                    "Connection: close",
                    "User-Agent: scorebook-load",
                ]
                lines += [f"{k}: {v}" for k, v in (headers or {}).items()]
                if body or method == "POST":
                    lines.append(f"Content-Length: {len(body)}")
                writer.write(("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body)
                status_line = await reader.readline()
                parts = status_line.split(None, 2)
                if not status_line:
                    raise HTTPError("cut")  # closed before any answer
                if len(parts) < 2 or not parts[0].startswith(b"HTTP/"):
                    raise HTTPError(f"bad status line {status_line[:40]!r}")
                pairs: list[tuple[str, str]] = []
                while True:
                    line = await reader.readline()
                    if line in (b"\r\n", b"\n", b""):
                        break
                    name, _sep, value = line.decode("latin-1").partition(":")
                    pairs.append((name.strip().lower(), value.strip()))
                payload = await _read_body(reader, dict(pairs))
                return Response(int(parts[1]), pairs, payload)
            finally:
                writer.close()
    except TimeoutError as error:
        raise HTTPError("timeout") from error
    except (OSError, asyncio.IncompleteReadError, ValueError) as error:
        reason = type(error).__name__
        if isinstance(error, ConnectionRefusedError):
            reason = "refused"
        elif isinstance(error, ConnectionResetError | asyncio.IncompleteReadError):
            reason = "cut"
        raise HTTPError(reason) from error


def response_header(response: Response, name: str) -> str | None:
    for key, value in response.headers:
        if key == name:
            return value
    return None


@dataclass
class Sample:
    kind: str
    scheduled: float  # seconds from the start of the run
    latency: float  # ms, from the scheduled time to the whole answer
    outcome: str  # "200", "204", ... or "err:<reason>"
    ok: bool
    # Not a request of its own: a PDF's whole wait, over the "pdf wait" requests it took.
    summary: bool = False
    server: int = 0  # the port of the server that answered it (or last failed it)
    failed_over: bool = False  # refused by a server that was down, answered by another


class Balancer:
    """Round-robin over the servers' ports; a server that refused a connection is left out
    for ``fail_timeout`` s (nginx's ``max_fails=1 fail_timeout=...``), unless all are out."""

    def __init__(self, ports: list[int], fail_timeout: float) -> None:
        self.ports = list(ports)
        self.fail_timeout = fail_timeout
        self.turn = 0
        self.down_until: dict[int, float] = {}

    def order(self, now: float) -> list[int]:
        """The servers to try for one request, in order: the next in turn first, the ones
        marked down last."""
        n = len(self.ports)
        start, self.turn = self.turn, (self.turn + 1) % n
        order = [self.ports[(start + i) % n] for i in range(n)]
        live = [p for p in order if self.down_until.get(p, 0.0) <= now]
        return live + [p for p in order if p not in live]

    def failed(self, port: int, now: float) -> None:
        self.down_until[port] = now + self.fail_timeout


@dataclass
class Seen:
    """What the phones were answered, for the agreement check (see the module's doc)."""

    # table pk -> version -> when an answer first showed it (s from the start, on receipt)
    first_seen: dict[int, dict[int, float]] = field(default_factory=dict)
    # polls answered 204 although a newer version had been seen before they were sent:
    # (table pk, server port, version asked, newest version seen, s since it was first seen)
    stale: list[tuple[int, int, int, int, float]] = field(default_factory=list)
    # polls answered 200 with an older version than the one they asked with
    went_back: list[tuple[int, int, int, int]] = field(default_factory=list)
    answers: int = 0  # answers that showed a version

    def saw(self, pk: int, version: int, at: float) -> None:
        self.answers += 1
        versions = self.first_seen.setdefault(pk, {})
        if version not in versions or at < versions[version]:
            versions[version] = at

    def highest(self, pk: int) -> int | None:
        versions = self.first_seen.get(pk)
        return max(versions) if versions else None

    def unchanged(self, pk: int, port: int, asked: int, sent: float) -> None:
        """A poll asking with ``asked``, sent at ``sent``, was answered 204."""
        newer = [
            (at, v) for v, at in self.first_seen.get(pk, {}).items() if v > asked and at < sent
        ]
        if newer:
            at, _v = min(newer)
            newest = max(v for _at, v in newer)
            self.stale.append((pk, port, asked, newest, sent - at))


@dataclass
class Acked:
    """What the scorers saw acknowledged: table pk → number → (nonce, data, when the
    acknowledged attempt was sent (epoch s), attempts)."""

    deals: dict[int, dict[int, tuple[str, dict[str, Any], float, int]]] = field(
        default_factory=dict
    )
    retries: int = 0
    unresolved: int = 0  # given up at the end without an answer
    longest_wait: float = 0.0  # s, from first post to acknowledgement


@dataclass
class Mix:
    tables: list[LoadTable]
    ports: list[int]  # one server, or several the client balances over
    duration: float = 60.0
    save_every: float = 4.0
    poll_every: float = 3.0
    watchers: int = 3
    scorer_polls: bool = False
    page_every: float = 30.0  # s between openings of a table's read-only page; 0: none
    pdf_every: float = 10.0
    pdf_burst: int = 3
    pdf_deadline: float = 180.0  # s to wait for a PDF that a print worker makes
    max_inflight: int = 256
    timeout: float = 30.0
    seed: int = 1
    retry_pause: float = 0.5
    grace: float = 60.0  # after the end, how long a scorer keeps retrying an unanswered deal
    fail_timeout: float = 2.0  # s a server that refused a connection is left out


class Run:
    def __init__(self, mix: Mix) -> None:
        self.mix = mix
        self.rng = random.Random(mix.seed)
        self.samples: list[Sample] = []
        self.acked = Acked()
        self.tasks: set[asyncio.Task[Any]] = set()
        self.sem = asyncio.Semaphore(mix.max_inflight)
        self.t0 = 0.0
        self.end = 0.0
        # Phones stop sending new requests then; a kill may move it on (after a restart).
        self.stop_at = mix.duration
        self.waited_for_slot = 0
        # Changed polls answered with the whole sheet rather than only the changes (a page
        # too far behind, or one the server could not tell what changed): the expensive kind.
        self.whole_sheets = 0
        self.refused = Counter[str]()
        self.htmx = PageHtmx()
        self.opened = 0  # pages opened before the measured run (answered, not sampled)
        self.balancer = Balancer(mix.ports, mix.fail_timeout)
        self.seen = Seen()
        self.by_token = {t.edit: t.pk for t in mix.tables} | {t.view: t.pk for t in mix.tables}

    # -- plumbing ---------------------------------------------------------------------------

    def now(self) -> float:
        return time.monotonic() - self.t0

    async def sleep_until(self, t: float) -> None:
        delay = t - self.now()
        if delay > 0:
            await asyncio.sleep(delay)

    def spawn(self, coro: Coroutine[Any, Any, Any]) -> None:
        task = asyncio.create_task(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def balanced(
        self,
        method: str,
        path: str,
        headers: dict[str, str] | None = None,
        body: bytes = b"",
    ) -> tuple[int, Response | HTTPError, bool]:
        """One request through the balancer: (the port that answered or last failed, its
        answer or error, whether a refusing server was passed over first)."""
        order = self.balancer.order(self.now())
        passed_over = False
        for i, port in enumerate(order):
            try:
                response = await http(port, method, path, headers, body, self.mix.timeout)
            except HTTPError as error:
                if error.refused:
                    self.balancer.failed(port, self.now())
                    if i + 1 < len(order):
                        passed_over = True
                        continue
                return port, error, passed_over
            return port, response, passed_over
        raise AssertionError("unreachable")

    async def send(
        self,
        kind: str,
        scheduled: float,
        method: str,
        path: str,
        headers: dict[str, str],
        body: bytes = b"",
        ok: Callable[[Response], bool] = lambda r: r.status == 200,
    ) -> Response | None:
        """Sends a request at or after its scheduled time; None when no answer came."""
        if self.sem.locked():
            self.waited_for_slot += 1
        async with self.sem:
            sent = self.now()
            port, answer, passed_over = await self.balanced(method, path, headers, body)
        latency = (self.now() - scheduled) * 1000
        if isinstance(answer, HTTPError):
            self.samples.append(
                Sample(kind, scheduled, latency, f"err:{answer}", False, False, port, passed_over)
            )
            return None
        good = ok(answer)
        self.samples.append(
            Sample(kind, scheduled, latency, str(answer.status), good, False, port, passed_over)
        )
        answer.port, answer.sent = port, sent
        return answer

    def shows(self, token: str, response: Response) -> int | None:
        """The version of the table an answer shows (its first ``data-version``), noted."""
        m = VERSION.search(response.body)
        if m is None:
            return None
        version = int(m.group(1))
        at = self.now() if self.t0 else -1.0  # pages opened before the run: long before
        self.seen.saw(self.by_token[token], version, at)
        return version

    # -- the phones -------------------------------------------------------------------------

    async def open_page(self, token: str) -> tuple[dict[str, str], bytes]:
        """A phone opens the table page (before the measured run): cookies and the page."""
        last = ""
        for _attempt in range(20):
            _port, page, _passed = await self.balanced("GET", f"/t/{token}/")
            if isinstance(page, HTTPError):
                last = str(page)
            else:
                self.opened += 1
                if page.status == 200:
                    self.shows(token, page)
                    return page.cookies(), page.body
                last = f"{page.status} {page.body[:300]!r}"
            await asyncio.sleep(0.5)
        raise RuntimeError(f"table page /t/{token}/ does not open: {last}")

    async def scorer(
        self, table: LoadTable, cookies: dict[str, str], page: bytes, rng: random.Random
    ) -> None:
        mix = self.mix
        csrf = CSRF_INPUT.search(page)
        if csrf is None:
            raise RuntimeError("no CSRF token on the table page")
        token = csrf.group(1).decode()
        version = [int(m.group(1)) if (m := VERSION.search(page)) else 0]
        if mix.scorer_polls:
            self.spawn(self.watcher(table.edit, version, rng.uniform(0, mix.poll_every)))
        cookie = "; ".join(f"{k}={v}" for k, v in cookies.items())
        headers = {
            "HX-Request": "true",
            "HX-Target": self.htmx.form_target,
            "HX-Current-URL": f"http://127.0.0.1:{mix.ports[0]}/t/{table.edit}/",
            "Content-Type": "application/x-www-form-urlencoded",
            "Cookie": cookie,
        }
        path = f"/t/{table.edit}/deals/"
        number = table.next_number
        tick = rng.uniform(0, mix.save_every)
        acked = self.acked.deals.setdefault(table.pk, {})
        while tick < self.stop_at:
            await self.sleep_until(tick)
            form = form_deal(number, rng)
            nonce = uuid.uuid4().hex
            body = urlencode({"csrfmiddlewaretoken": token, **form, "nonce": nonce}).encode()
            scheduled, first, attempts = tick, self.now(), 0
            while True:
                attempts += 1
                sent = time.time()
                response = await self.send("save", scheduled, "POST", path, headers, body)
                if response is not None and response.status == 200:
                    acked[number] = (nonce, deal_data(form), sent, attempts)
                    self.acked.longest_wait = max(self.acked.longest_wait, self.now() - first)
                    if (shown := self.shows(table.edit, response)) is not None:
                        version[0] = max(version[0], shown)
                    number += 1
                    break
                if response is not None and response.status in (403, 409, 422):
                    # Refused, not lost: a CSRF failure, another number, or the rules. Never
                    # expected here; learn the next number from the answer and go on.
                    self.refused[str(response.status)] += 1
                    if m := NUMBER_INPUT.search(response.body):
                        number = int(m.group(1))
                    break
                # No answer or a 5xx: the deal may or may not be saved. Post it again, with
                # the same nonce, after a pause (the server deduplicates by the nonce).
                if self.now() > self.stop_at + mix.grace:
                    self.acked.unresolved += 1
                    return
                self.acked.retries += 1
                await asyncio.sleep(mix.retry_pause * rng.uniform(0.5, 1.5))
                scheduled = self.now()
            tick = max(tick + mix.save_every * rng.uniform(0.75, 1.25), self.now())

    async def watcher(self, token: str, version: list[int], phase: float) -> None:
        mix = self.mix
        headers = {
            "HX-Request": "true",
            "HX-Target": self.htmx.poll_target,
            "HX-Trigger": self.htmx.poll_element,
            "HX-Current-URL": f"http://127.0.0.1:{mix.ports[0]}/t/{token}/",
        }
        tick = phase
        while tick < self.stop_at:
            await self.sleep_until(tick)
            self.spawn(self.poll(token, version, headers, tick))
            tick += mix.poll_every

    async def poll(
        self, token: str, version: list[int], headers: dict[str, str], scheduled: float
    ) -> None:
        asked = version[0]
        path = f"/t/{token}/sheet/?v={asked}"
        response = await self.send(
            "poll", scheduled, "GET", path, headers, ok=lambda r: r.status in (200, 204)
        )
        if response is None:
            return
        if response.status == 204:
            self.seen.unchanged(self.by_token[token], response.port, asked, response.sent)
        elif response.status == 200:
            if response_header(response, "hx-reswap") is None:
                self.whole_sheets += 1
            if (shown := self.shows(token, response)) is not None:
                if shown < asked:
                    self.seen.went_back.append((self.by_token[token], response.port, asked, shown))
                version[0] = max(version[0], shown)

    async def pages(self, token: str, phase: float) -> None:
        """A phone (re)opens the table's read-only page every ``page_every`` s."""
        tick = phase
        while tick < self.stop_at:
            await self.sleep_until(tick)
            self.spawn(self.page(token, tick))
            tick += self.mix.page_every

    async def page(self, token: str, scheduled: float) -> None:
        response = await self.send("page", scheduled, "GET", f"/t/{token}/", {})
        if response is not None and response.status == 200:
            self.shows(token, response)

    async def pdfs(self, evenings: list[str]) -> None:
        mix = self.mix
        tick = mix.pdf_every / 2
        while tick < self.stop_at:
            await self.sleep_until(tick)
            picked = self.rng.sample(evenings, min(mix.pdf_burst, len(evenings)))
            while len(picked) < mix.pdf_burst:  # fewer nights than the burst: some twice
                picked.append(picked[len(picked) % len(evenings)])
            for token in picked:
                self.spawn(self.pdf(token, tick))
            tick += mix.pdf_every

    async def pdf(self, token: str, scheduled: float) -> None:
        """An evening's PDF, until it arrives. With a print worker the answer is first a page
        (202) that asks again after ``Retry-After`` s (a meta refresh) until the PDF is made:
        the "pdf" sample is the time from the first request to the PDF, and the pages in
        between are "pdf wait" samples."""
        path, when, waits = f"/e/{token}/sheets.pdf", scheduled, 0
        while True:
            response = await self.send(
                "pdf wait", when, "GET", path, {}, ok=lambda r: r.status in (200, 202)
            )
            if response is not None and response.status == 202:
                again = REFRESH.search(response.body)
                if again and self.now() - scheduled < self.mix.pdf_deadline:
                    waits += 1
                    path = html.unescape(again.group(1).decode())
                    await asyncio.sleep(float(response_header(response, "retry-after") or 2))
                    when = self.now()
                    continue
            break
        last = self.samples.pop()  # the last answer becomes the "pdf" sample (no await since)
        if waits:
            self.samples.append(last)
        ok = response is not None and response.status == 200 and response.body[:4] == b"%PDF"
        outcome = last.outcome if ok or not last.ok else f"{last.outcome}, no PDF"
        latency = (self.now() - scheduled) * 1000
        self.samples.append(
            Sample("pdf", scheduled, latency, outcome, ok, summary=waits > 0, server=last.server)
        )

    # -- the run ----------------------------------------------------------------------------

    async def run(self, during: Callable[[Run], Coroutine[Any, Any, None]] | None = None) -> None:
        mix = self.mix
        # Every phone opens its page first (not measured), a few at a time.
        opening = asyncio.Semaphore(16)

        async def open_limited(token: str) -> tuple[dict[str, str], bytes]:
            async with opening:
                return await self.open_page(token)

        scorers = await asyncio.gather(*(open_limited(t.edit) for t in mix.tables))
        if scorers:
            self.htmx = PageHtmx.read(scorers[0][1])
        watch_pages = []
        if mix.watchers:  # the read-only page, once a table: the version the polls start at
            watch_pages = await asyncio.gather(*(open_limited(t.view) for t in mix.tables))
        self.t0 = time.monotonic()
        jobs: list[Coroutine[Any, Any, Any]] = []
        for i, table in enumerate(mix.tables):
            rng = random.Random(mix.seed * 100_003 + table.pk)
            cookies, page = scorers[i]
            jobs.append(self.scorer(table, cookies, page, rng))
            if watch_pages:
                m = VERSION.search(watch_pages[i][1])
                start_version = int(m.group(1)) if m else 0
            else:
                start_version = 0
            for _w in range(mix.watchers):
                jobs.append(
                    self.watcher(table.view, [start_version], rng.uniform(0, mix.poll_every))
                )
            if mix.page_every > 0:
                jobs.append(self.pages(table.view, rng.uniform(0, mix.page_every)))
        if mix.pdf_every > 0 and mix.pdf_burst > 0:
            jobs.append(self.pdfs(sorted({t.evening for t in mix.tables})))
        if during is not None:
            jobs.append(during(self))
        await asyncio.gather(*jobs)
        self.end = self.now()
        while self.tasks:
            await asyncio.gather(*list(self.tasks), return_exceptions=True)


# -- the agreement check's last look: every table through every server ---------------------

DEAL_LOG = re.compile(rb'<ol class="deal-log" id="deal-log">(.*?)</ol>', re.S)
LOG_ITEM = re.compile(rb'<li value="(\d+)">')


@dataclass
class ServerSheet:
    """What one server answers for one table after the run, asked directly (no balancer)."""

    status: str  # the whole sheet (GET /t/<view>/sheet/): "200", or what came instead
    version: int | None  # its data-version
    numbers: tuple[int, ...]  # the deals its log lists
    digest: str  # of the whole answer: the servers' must be the same
    unchanged: str  # ?v=<the database's version>: "204" expected
    behind: str  # ?v=<one version less>: "200" expected ("nothing changed" would be stale)
    behind_version: int | None  # the version that answer shows


async def _status(port: int, path: str, headers: dict[str, str], timeout: float) -> Response | str:
    try:
        return await http(port, "GET", path, headers, timeout=timeout)
    except HTTPError as error:
        return f"err:{error}"


async def final_sheets(
    tables: list[LoadTable],
    ports: list[int],
    versions: dict[int, int],
    timeout: float = 30.0,
    concurrency: int = 8,
) -> dict[int, dict[int, ServerSheet]]:
    """For each table and each server: the whole read-only sheet, a poll at the database's
    version and one at the version before it (table pk -> port -> answers)."""
    import hashlib

    gate = asyncio.Semaphore(concurrency)
    found: dict[int, dict[int, ServerSheet]] = {}
    headers = {"HX-Request": "true", "HX-Target": "sheet", "HX-Trigger": "sheet-poll"}

    async def one(table: LoadTable, port: int) -> None:
        base = f"/t/{table.view}/sheet/"
        version = versions[table.pk]
        async with gate:
            whole = await _status(port, base, headers, timeout)
            unchanged = await _status(port, f"{base}?v={version}", headers, timeout)
            behind = (
                await _status(port, f"{base}?v={version - 1}", headers, timeout)
                if version > 0
                else "200"
            )
        if isinstance(whole, Response):
            m = VERSION.search(whole.body)
            log = DEAL_LOG.search(whole.body)
            numbers = tuple(int(n) for n in LOG_ITEM.findall(log.group(1))) if log else ()
            sheet = ServerSheet(
                str(whole.status),
                int(m.group(1)) if m else None,
                numbers,
                hashlib.blake2b(whole.body, digest_size=12).hexdigest(),
                "",
                "",
                None,
            )
        else:
            sheet = ServerSheet(whole, None, (), "", "", "", None)
        sheet.unchanged = str(unchanged.status) if isinstance(unchanged, Response) else unchanged
        if isinstance(behind, Response):
            sheet.behind = str(behind.status)
            if m := VERSION.search(behind.body):
                sheet.behind_version = int(m.group(1))
        else:
            sheet.behind = behind
        found.setdefault(table.pk, {})[port] = sheet

    await asyncio.gather(*(one(t, p) for t in tables for p in ports))
    return found
