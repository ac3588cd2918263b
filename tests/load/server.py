"""gunicorn in its own process group, started, killed (``kill -9`` of the whole group) and
stopped by the harness; and the CPU time that a process tree has used, from ``/proc``."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
GUNICORN = Path(sys.executable).parent / "gunicorn"  # beside the Python that runs this
CLOCK = os.sysconf("SC_CLK_TCK")


@dataclass(frozen=True)
class ServerSpec:
    """``sync:3`` (3 sync workers) or ``gthread:2:4`` (2 workers of 4 threads)."""

    worker_class: str
    workers: int
    threads: int = 1

    @classmethod
    def parse(cls, text: str) -> ServerSpec:
        parts = text.strip().split(":")
        kind = parts[0]
        if kind not in ("sync", "gthread") or len(parts) not in (2, 3):
            raise ValueError(f"server {text!r}: use sync:WORKERS or gthread:WORKERS:THREADS")
        workers = int(parts[1])
        threads = int(parts[2]) if len(parts) == 3 else (1 if kind == "sync" else 4)
        if kind == "sync" and threads != 1:
            raise ValueError("sync workers have one thread each")
        return cls(kind, workers, threads)

    def __str__(self) -> str:
        if self.worker_class == "sync":
            return f"sync:{self.workers}"
        return f"gthread:{self.workers}:{self.threads}"


class Gunicorn:
    def __init__(
        self,
        spec: ServerSpec,
        port: int,
        env: dict[str, str],
        logdir: Path,
        name: str = "gunicorn",
    ) -> None:
        self.spec = spec
        self.port = port
        self.env = env
        self.name = name  # several instances: gunicorn-1, gunicorn-2, ... (their logs too)
        self.log = logdir / f"{name}.log"
        self.process: subprocess.Popen[bytes] | None = None

    def command(self) -> list[str]:
        command = [
            str(GUNICORN),
            "scorebook.wsgi",
            "--bind",
            f"127.0.0.1:{self.port}",
            "--worker-class",
            self.spec.worker_class,
            "--workers",
            str(self.spec.workers),
            "--timeout",
            "120",  # an evening PDF of a long night takes seconds
            "--graceful-timeout",
            "5",
            "--preload",  # import the app once, then fork: a restart after kill -9 is quicker
            "--backlog",
            "2048",
            "--log-level",
            "warning",
            "--error-logfile",
            str(self.log),
        ]
        if self.spec.worker_class == "gthread":
            command += ["--threads", str(self.spec.threads)]
        if Path("/dev/shm").is_dir():
            command += ["--worker-tmp-dir", "/dev/shm"]
        return command

    def start(self, wait: float = 120.0) -> None:
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(
                self.command(),
                cwd=REPO,
                env=self.env,
                stdout=log,
                stderr=log,
                start_new_session=True,  # its own process group: kill -9 takes all of it
            )
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"gunicorn exited at start:\n{self.log_tail()}")
            if self._answers():
                return
            time.sleep(0.05)
        raise RuntimeError(f"gunicorn did not answer within {wait:.0f} s:\n{self.log_tail()}")

    def _answers(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=1) as s:
                s.sendall(b"GET /pads/ HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
                return s.recv(12).startswith(b"HTTP/1.")
        except OSError:
            return False

    def kill9(self) -> None:
        """``kill -9`` of the master and every worker at once: requests die mid-flight."""
        if self.process is None:
            return
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.process.wait()
        self._wait_group_gone(self.process.pid)
        self.process = None

    def stop(self) -> None:
        if self.process is None:
            return
        try:
            os.killpg(self.process.pid, signal.SIGTERM)
            self.process.wait(timeout=10)
        except ProcessLookupError:
            pass
        except subprocess.TimeoutExpired:
            self.kill9()
            return
        self._wait_group_gone(self.process.pid, kill_after=5.0)
        self.process = None

    @staticmethod
    def _wait_group_gone(pgid: int, kill_after: float = 10.0) -> None:
        deadline = time.monotonic() + kill_after
        while group_pids(pgid):
            if time.monotonic() > deadline:
                try:
                    os.killpg(pgid, signal.SIGKILL)
                except ProcessLookupError:
                    return
            time.sleep(0.02)

    def log_tail(self, lines: int = 30) -> str:
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no log)"

    def cpu_seconds(self) -> float:
        """CPU of the master, its live workers and the workers it has reaped."""
        if self.process is None:
            return 0.0
        return tree_cpu(self.process.pid)


# The nice of the print worker's session when it cannot have an idle cgroup: the lowest.
AUTOGROUP_NICE = 19


class PrintWorker:
    """``manage.py db_worker``: makes the PDFs queued when ``PDF_WORKER=1`` (django-tasks-db),
    in its own process group, at the CPU priority ``priority`` names:

    - ``idle`` (the default): in a cpu cgroup of its own marked idle (``cpu.idle``), which is
      what docs/deploy.md's unit asks of systemd with ``CPUWeight=idle``: it runs only on CPU
      time that nothing else wants. Needs root (or a delegated cgroup); without it the worker
      falls back to ``autogroup``, and says so. ``quota`` also caps it at that percentage of one
      CPU (systemd's ``CPUQuota=``), to compare with: measured, it did not help (docs/load.md).
    - ``autogroup``: nice 19 for the worker's session (``/proc/PID/autogroup``), the closest
      a user can get: with the kernel's autogroups on, a process's plain nice only ranks it
      against the processes of its own session, not against gunicorn's. (150 tables with PDFs:
      p95 1.1 s at 10; 140 and 175 ms at 19; 65-128 ms in an idle cgroup.)
    - ``nice``: the plain ``nice`` the harness used before 2026-11-25, kept to compare with;
      the worker is in its own session, so this does next to nothing against gunicorn.
    """

    PRIORITIES = ("idle", "autogroup", "nice")

    def __init__(
        self,
        env: dict[str, str],
        logdir: Path,
        nice: int = 0,
        priority: str = "idle",
        quota: int = 0,
    ) -> None:
        self.env = env
        self.quota = quota
        self.nice = nice
        self.priority = priority
        self.applied = ""  # what was done, for the report
        self.cgroup: Path | None = None
        self.log = logdir / "print-worker.log"
        self.process: subprocess.Popen[bytes] | None = None

    @staticmethod
    def available(env: dict[str, str]) -> bool:
        """Whether this code has a print queue (a ``db_worker`` command)."""
        probe = subprocess.run(
            [sys.executable, "manage.py", "help", "db_worker"],
            cwd=REPO,
            env=env,
            capture_output=True,
            timeout=120,
        )
        return probe.returncode == 0

    def start(self) -> None:
        # As docs/deploy.md's unit runs it, without the startup delay.
        command = [
            sys.executable,
            "manage.py",
            "db_worker",
            "--no-reload",
            "--interval",
            "1",
            "--no-startup-delay",
        ]
        if self.nice:
            command = ["nice", "-n", str(self.nice), *command]
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(
                command, cwd=REPO, env=self.env, stdout=log, stderr=log, start_new_session=True
            )
        pid = self.process.pid
        if self.priority == "idle":
            self.cgroup = idle_cgroup(pid, self.quota)
            if self.cgroup is not None:
                capped = f", at most {self.quota} % of a CPU" if self.quota else ""
                self.applied = f"idle cgroup {self.cgroup}{capped}, nice {self.nice}"
                return
        if self.priority == "nice":
            self.applied = f"nice {self.nice}"
            return
        try:
            Path(f"/proc/{pid}/autogroup").write_text(str(AUTOGROUP_NICE))
        except OSError:
            self.applied = f"nice {self.nice} (no autogroups here)"
            return
        fallback = "no idle cgroup (not root?): " if self.priority == "idle" else ""
        self.applied = f"{fallback}autogroup nice {AUTOGROUP_NICE}"

    def cpu_seconds(self) -> float:
        return tree_cpu(self.process.pid) if self.process is not None else 0.0

    def stop(self) -> None:
        if self.process is None:
            return
        try:
            os.killpg(self.process.pid, signal.SIGTERM)
            self.process.wait(timeout=15)
        except ProcessLookupError:
            pass
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()
        self.process = None
        if self.cgroup is not None:
            try:
                self.cgroup.rmdir()
            except OSError:
                pass
            self.cgroup = None


def idle_cgroup(pid: int, quota: int = 0) -> Path | None:
    """Moves ``pid`` into a new cpu cgroup marked idle (``cpu.idle`` = 1: its tasks run only
    on CPU time no other task wants, as systemd's ``CPUWeight=idle`` does) and returns the
    cgroup's directory; None where that cannot be done (not root, no cpu controller, a
    kernel older than 5.15)."""
    v1 = Path("/sys/fs/cgroup/cpu")
    v2 = Path("/sys/fs/cgroup")
    if (v1 / "cpu.idle").exists() or (v1 / "tasks").exists():
        base = v1
    elif "cpu" in _read(v2 / "cgroup.controllers").split():
        base = v2
        try:  # the cpu controller must be on for the root's children
            (v2 / "cgroup.subtree_control").write_text("+cpu")
        except OSError:
            return None
    else:
        return None
    group = base / f"scorebook-load-print-{pid}"
    try:
        group.mkdir()
    except OSError:
        return None
    try:
        (group / "cpu.idle").write_text("1")
        if quota:  # at most quota % of one CPU, as systemd's CPUQuota=
            if base is v1:
                period = int(_read(group / "cpu.cfs_period_us") or 100000)
                (group / "cpu.cfs_quota_us").write_text(str(period * quota // 100))
            else:
                (group / "cpu.max").write_text(f"{100000 * quota // 100} 100000")
        (group / "cgroup.procs").write_text(str(pid))
    except OSError:
        try:
            group.rmdir()
        except OSError:
            pass
        return None
    return group


def _read(path: Path) -> str:
    try:
        return path.read_text()
    except OSError:
        return ""


def _stat(pid: int) -> list[str] | None:
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return text[text.rindex(")") + 2 :].split()  # fields from the 3rd (state) on


def group_pids(pgid: int) -> list[int]:
    pids = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            fields = _stat(int(entry))
            if fields is not None and int(fields[2]) == pgid and fields[0] != "Z":
                pids.append(int(entry))
    return pids


def tree_cpu(root: int) -> float:
    """utime+stime of ``root`` and its live descendants, plus what reaped children used
    (cutime+cstime): the CPU a server has burnt so far, in seconds."""
    parents: dict[int, int] = {}
    times: dict[int, tuple[int, int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        fields = _stat(int(entry))
        if fields is None:
            continue
        pid = int(entry)
        parents[pid] = int(fields[1])
        # state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime
        # cutime cstime: indexes 11..14 here
        times[pid] = (int(fields[11]) + int(fields[12]), int(fields[13]) + int(fields[14]))
    if root not in times:
        return 0.0
    tree = {root}
    grew = True
    while grew:
        grew = False
        for pid, parent in parents.items():
            if parent in tree and pid not in tree:
                tree.add(pid)
                grew = True
    ticks = sum(times[pid][0] for pid in tree) + times[root][1]
    return ticks / CLOCK


def machine_cpu() -> float:
    """CPU seconds the whole machine has been busy (every core, from /proc/stat)."""
    try:
        fields = Path("/proc/stat").read_text().splitlines()[0].split()[1:]
    except OSError:
        return 0.0
    user, nice, system, _idle, _iowait, irq, softirq, steal = (int(f) for f in fields[:8])
    return (user + nice + system + irq + softirq + steal) / CLOCK


def loadavg() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "?"


def tracebacks(log: str) -> tuple[list[tuple[int, str, str]], list[str]]:
    """The distinct tracebacks in a log, as (times seen, first header line, traceback), in the
    order first seen; and the other lines. A traceback is told apart by its text (its header,
    e.g. ``Internal Server Error: /t/<token>/``, names one request of many)."""
    found: dict[str, list[Any]] = {}
    others: list[str] = []
    lines = log.splitlines()
    i = 0
    while i < len(lines):
        if lines[i].startswith("Traceback (most recent call last):"):
            header = others.pop() if others and not others[-1].startswith(" ") else ""
            block = []
            while i < len(lines):
                line = lines[i]
                block.append(line)
                i += 1
                if line.startswith((" ", "Traceback")) or not line.strip():
                    continue
                # The exception's line; a chained exception goes on after it.
                if i < len(lines) and (
                    not lines[i].strip() or lines[i].startswith(("During handling", "The above"))
                ):
                    continue
                break
            text = "\n".join(block)
            entry = found.setdefault(text, [0, header, text])
            entry[0] += 1
        else:
            others.append(lines[i])
            i += 1
    return [(n, header, text) for n, header, text in found.values()], others
