"""A throwaway Redis on 127.0.0.1 for ``make load SERVERS=N``, the way :mod:`pgcluster` starts
PostgreSQL: Debian's ``redis-server`` in a temp dir, on a free port, nothing written to disk,
and :meth:`RedisServer.stop` stops it and deletes the dir (safe to call twice, and before
:meth:`RedisServer.start` returned).
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path

from tests.load.pgcluster import free_port

PREFERRED_PORT = 6499


def find_server() -> str:
    found = shutil.which("redis-server") or (
        "/usr/bin/redis-server" if os.access("/usr/bin/redis-server", os.X_OK) else None
    )
    if not found:
        raise SystemExit(
            "redis-server not found: install the Debian package redis-server "
            "(make system-deps does it as root)."
        )
    return found


class RedisServer:
    """Call :meth:`start`, then always :meth:`stop`."""

    def __init__(self, *, port: int = PREFERRED_PORT) -> None:
        self.binary = find_server()
        base = "/tmp" if os.geteuid() == 0 else tempfile.gettempdir()
        self.dir = Path(tempfile.mkdtemp(prefix="scorebook-load-redis.", dir=base))
        self.log = self.dir / "redis.log"
        self.port = free_port(port)
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def command(self) -> list[str]:
        return [
            self.binary,
            "--port",
            str(self.port),
            "--bind",
            "127.0.0.1",
            "--dir",
            str(self.dir),
            "--logfile",
            str(self.log),
            "--daemonize",
            "no",
            # throwaway: no snapshot, no append-only file, nothing to read back at a start
            "--save",
            "",
            "--appendonly",
            "no",
            "--protected-mode",
            "yes",
        ]

    def start(self, wait: float = 30.0) -> None:
        for attempt in range(3):
            self.process = subprocess.Popen(
                self.command(),
                cwd=self.dir,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                start_new_session=True,  # a Ctrl-C in the terminal is the harness's to handle
            )
            deadline = time.monotonic() + wait
            while time.monotonic() < deadline and self.process.poll() is None:
                if self.ping():
                    return
                time.sleep(0.05)
            self._end()
            if attempt == 2:
                raise SystemExit(f"redis-server did not start:\n{self.log_tail()}")
            self.port = free_port(0)  # someone took the port in between: another one

    def ping(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=1) as s:
                s.sendall(b"PING\r\n")
                return s.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    def info(self) -> dict[str, object]:
        """``INFO`` (keys, commands, memory), through the client Django's backend uses; empty
        when it cannot be read."""
        import redis

        try:
            client = redis.Redis(host="127.0.0.1", port=self.port, socket_timeout=2)
            try:
                return dict(client.info())
            finally:
                client.close()
        except (OSError, redis.RedisError):
            return {}

    def pid(self) -> int | None:
        return self.process.pid if self.process is not None else None

    def log_tail(self, lines: int = 20) -> str:
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no log)"

    def kill9(self) -> None:
        """``kill -9`` (an outage: the cache is lost); :meth:`start` brings up an empty one on
        the same port."""
        if self.process is None:
            return
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.process.wait()
        self.process = None

    def _end(self) -> None:
        if self.process is None:
            return
        if self.process.poll() is None:
            try:
                os.killpg(self.process.pid, signal.SIGTERM)
                self.process.wait(timeout=10)
            except ProcessLookupError:
                pass
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
        self.process = None

    def stop(self) -> None:
        self._end()
        shutil.rmtree(self.dir, ignore_errors=True)
