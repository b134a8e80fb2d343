"""``tactica serve`` in its own process, for tests and benchmarks that need a real server: started on a
free port of the loopback address, waited for (``/healthz``), stopped or killed like a real deployment."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from typing import Any

import httpx


def free_port() -> int:
    """A TCP port free on 127.0.0.1 now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class TableServer:
    """One ``tactica serve --db DB`` process; ``start`` it again after a kill to restart it (same port)."""

    def __init__(self, db: str, *, port: int | None = None) -> None:
        self.db = db
        self.port = port or free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def pid(self) -> int:
        assert self.process is not None, "the server is not started"
        return self.process.pid

    def start(self, timeout: float = 30.0) -> None:
        """Start the server and wait until it answers ``/healthz``."""
        command = [sys.executable, "-m", "tactica", "serve", "--db", self.db, "--port", str(self.port)]
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"tactica serve exited with status {self.process.returncode}")
            try:
                if httpx.get(f"{self.url}/healthz", timeout=1).status_code == 200:
                    return
            except httpx.TransportError:
                time.sleep(0.05)
        raise RuntimeError(f"tactica serve did not answer /healthz within {timeout:g} s")

    def view(self, table: str, key: str) -> dict[str, Any]:
        """The view of ``table`` for ``key`` (raises on an error status)."""
        answer = httpx.get(f"{self.url}/api/t/{table}/view", headers={"X-Table-Key": key}, timeout=30)
        answer.raise_for_status()
        return dict(answer.json())

    def wait(self) -> None:
        """Wait until the process has exited (after a kill from elsewhere)."""
        if self.process is not None:
            self.process.wait()

    def kill(self) -> None:
        """SIGKILL: no clean-up, as a crash or the OOM killer would do."""
        self._signal(signal.SIGKILL)

    def stop(self) -> None:
        """SIGTERM, then wait."""
        self._signal(signal.SIGTERM)

    def _signal(self, number: int) -> None:
        if self.process is not None and self.process.poll() is None:
            os.kill(self.process.pid, number)
            self.process.wait()

    def __enter__(self) -> TableServer:
        self.start()
        return self

    def __exit__(self, *_exc: object) -> None:
        self.stop()
