"""A throwaway PostgreSQL cluster on 127.0.0.1, the way ``.ci/postgres-tests`` starts one.

``initdb`` into a temp dir, ``pg_ctl start`` on a port of 127.0.0.1 (5499 unless it is taken,
then a free one), and :meth:`Cluster.stop` stops the server and deletes the dir. Run as root,
the server runs as the ``postgres`` user (PostgreSQL refuses root).
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

PREFERRED_PORT = 5499


def find_bindir() -> str:
    """PostgreSQL 15's binaries first, then PATH, then any other version."""
    if os.access("/usr/lib/postgresql/15/bin/initdb", os.X_OK):
        return "/usr/lib/postgresql/15/bin"
    initdb = shutil.which("initdb")
    if initdb and shutil.which("pg_ctl"):
        return str(Path(initdb).resolve().parent)
    for bindir in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if os.access(f"{bindir}/initdb", os.X_OK):
            return bindir
    raise SystemExit(
        "initdb/pg_ctl not found: install PostgreSQL 15 (Debian package postgresql-15)."
    )


def port_free(port: int) -> bool:
    with socket.socket() as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return False
        return True


def free_port(preferred: int) -> int:
    if port_free(preferred):
        return preferred
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Cluster:
    """Call :meth:`start`, then always :meth:`stop` (it is safe to call twice)."""

    def __init__(self, *, durable: bool = False, port: int = PREFERRED_PORT) -> None:
        self.bindir = find_bindir()
        self.durable = durable
        self.root = os.geteuid() == 0
        base = "/tmp" if self.root else tempfile.gettempdir()
        self.dir = Path(tempfile.mkdtemp(prefix="scorebook-load-pg.", dir=base))
        self.data = self.dir / "data"
        self.log = self.dir / "postgres.log"
        self.port = free_port(port)
        self.started = False
        if self.root:
            shutil.chown(self.dir, "postgres", "postgres")
        self.dir.chmod(0o700)

    @property
    def url(self) -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/scorebook"

    def _run(self, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        command = list(args)
        if self.root:
            command = ["runuser", "-u", "postgres", "--", *command]
        return subprocess.run(
            command, cwd=self.dir, check=check, capture_output=True, text=True, timeout=120
        )

    def start(self) -> None:
        try:
            self._run(
                f"{self.bindir}/initdb",
                "-D",
                str(self.data),
                "-U",
                "postgres",
                "--auth=trust",
                "--no-locale",
                "--encoding=UTF8",
                "--no-sync",
            )
        except subprocess.CalledProcessError as error:
            raise SystemExit(f"initdb failed:\n{error.stdout}{error.stderr}") from error
        for attempt in range(3):
            result = self._run(
                f"{self.bindir}/pg_ctl",
                "-D",
                str(self.data),
                "-l",
                str(self.log),
                "-w",
                "-t",
                "60",
                "-s",
                "-o",
                self._options(),
                "start",
                check=False,
            )
            if result.returncode == 0:
                break
            if attempt == 2:
                raise SystemExit(f"PostgreSQL did not start:\n{self.log_tail()}")
            self.port = free_port(0)  # someone took the port in between: another one
        self.started = True
        self._run(
            f"{self.bindir}/createdb",
            "-h",
            "127.0.0.1",
            "-p",
            str(self.port),
            "-U",
            "postgres",
            "scorebook",
        )

    def _options(self) -> str:
        options = (
            f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1 -c max_connections=200"
        )
        # Throwaway data: by default nothing waits for the disk (as in .ci/postgres-tests),
        # so the figures are the application's, not this machine's fsync latency.
        if not self.durable:
            options += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        return options

    def postmaster_pid(self) -> int | None:
        try:
            return int((self.data / "postmaster.pid").read_text().split()[0])
        except (OSError, ValueError, IndexError):
            return None

    def log_tail(self, lines: int = 30) -> str:
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no log)"

    def stop(self) -> None:
        # Whether or not start() returned: an interrupt may come once the server is up and
        # before start() knows it.
        if (self.data / "postmaster.pid").exists():
            for mode in ("fast", "immediate"):
                result = self._run(
                    f"{self.bindir}/pg_ctl",
                    "-D",
                    str(self.data),
                    "-m",
                    mode,
                    "-w",
                    "-t",
                    "30",
                    "stop",
                    check=False,
                )
                if result.returncode == 0:
                    break
            else:
                print(f"warning: could not stop the PostgreSQL server in {self.data}")
        self.started = False
        shutil.rmtree(self.dir, ignore_errors=True)
