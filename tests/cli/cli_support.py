"""What the command-line tests share: the binary, and running it with some of its streams on a
pseudo-terminal, as a person's shell does.

RPN_BIN names the binary (tests/conftest.py points it at the release build).
"""
from __future__ import annotations

import os
import pty
import subprocess
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
RPN = os.environ.get("RPN_BIN", str(REPO / ".build/release/rpn"))


def rpn(*args: str, stdin: bytes | str | None = b"", env: dict | None = None, timeout: float = 60):
    """Runs `rpn ARGS` with `stdin` as its input; stdout and stderr captured as bytes."""
    data = stdin.encode() if isinstance(stdin, str) else stdin
    return subprocess.run([RPN, *args], input=data, capture_output=True, timeout=timeout,
                          env={**os.environ, **(env or {})})


def text(result) -> tuple[int, str, str]:
    return result.returncode, result.stdout.decode(), result.stderr.decode()


def on_terminal(argv: list[str], *, stdin: bool = True, stdout: bool = True, env: dict | None = None,
                replace_environment: bool = False) -> tuple[int, bytes]:
    """Runs argv with stderr, and stdin and stdout unless told otherwise, on one pseudo-terminal
    (stdin otherwise empty, stdout otherwise a pipe nobody reads: keep it short). Returns the
    status and everything the terminal showed. `env` adds to the environment, or replaces it."""
    leader, follower = pty.openpty()
    proc = subprocess.Popen(argv, stdin=follower if stdin else subprocess.DEVNULL,
                            stdout=follower if stdout else subprocess.PIPE, stderr=follower,
                            env=(env or {}) if replace_environment else {**os.environ, **(env or {})})
    os.close(follower)
    chunks = []
    while True:
        try:
            chunk = os.read(leader, 4096)
        except OSError:  # EIO: every writer has closed the terminal
            break
        if not chunk:
            break
        chunks.append(chunk)
    proc.wait(timeout=30)
    os.close(leader)
    return proc.returncode, b"".join(chunks)
