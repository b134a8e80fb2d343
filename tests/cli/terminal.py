"""A ``tactica`` command run in a pseudo-terminal (the standard library's ``pty``), typed at as a person would.

stdin is a terminal here, unlike under ``CliRunner`` or a pipe: the test sees what a player sees.
"""

from __future__ import annotations

import os
import pty
import re
import select
import signal
import sys
import time
from pathlib import Path

#: Seconds to wait for an expected text before the test fails with what the terminal showed.
WAIT = 30.0
#: Colour and cursor escapes a terminal may receive.
ESCAPES = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


class Terminal:
    """``python -m tactica ARGS`` on a pseudo-terminal: :meth:`expect` text, :meth:`type` a line."""

    def __init__(self, *args: str, cwd: Path) -> None:
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # the child: the command, its stdin and stdout the terminal
            os.chdir(cwd)
            os.environ.update(COLUMNS="160", TERM="dumb")
            os.execv(sys.executable, [sys.executable, "-m", "tactica", *args])
        self.seen = ""
        self.read = 0

    def expect(self, text: str) -> str:
        """Wait for ``text`` past what was expected before; return the output up to its end."""
        deadline = time.monotonic() + WAIT
        while text not in self.seen[self.read :]:
            if not self._more(deadline):
                tail = self.seen[-2000:]
                raise AssertionError(f"{text!r} not shown within {WAIT} s; the terminal showed:\n{tail}")
        end = self.seen.index(text, self.read) + len(text)
        shown, self.read = self.seen[self.read : end], end
        return shown

    def _more(self, deadline: float) -> bool:
        left = deadline - time.monotonic()
        if left <= 0 or not select.select([self.fd], [], [], left)[0]:
            return False
        try:
            data = os.read(self.fd, 65536)
        except OSError:  # the command ended and the terminal closed
            return False
        self.seen += ESCAPES.sub("", data.decode("utf-8", "replace")).replace("\r\n", "\n")
        return bool(data)

    def type(self, line: str) -> None:
        """Type a line and press Enter."""
        os.write(self.fd, line.encode() + b"\r")

    def wait(self) -> int:
        """The command's exit status, once it ends (it is killed after :data:`WAIT` seconds)."""
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            self._more(deadline)
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                os.close(self.fd)
                return os.waitstatus_to_exitcode(status)
        os.kill(self.pid, signal.SIGKILL)
        os.waitpid(self.pid, 0)
        raise AssertionError(f"the command did not end within {WAIT} s:\n{self.seen[-2000:]}")
