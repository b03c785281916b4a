"""What the shell tests share: the binary, a private HOME, starting `rpn` under a real
pseudo-terminal, typing a line, leaving.

RPN_BIN names the binary (tests/conftest.py points it at the release build).
"""
from __future__ import annotations

import os
import time
from pathlib import Path

import pexpect

REPO = Path(__file__).resolve().parents[2]
RPN = os.environ.get("RPN_BIN", str(REPO / ".build/release/rpn"))
PROMPT = "rpn> "
CONTINUATION = "...> "
# Keys typed before the line editor takes the terminal (just after it writes a prompt) are
# echoed twice, and the echo's prompt would be taken for the next one; Ctrl-C and Ctrl-D could
# reach the terminal driver instead. `entered`, `opened` and `leave` wait this long first.
SETTLE = 0.1
UP = "\x1b[A"


def environment(home: Path, colour: bool = False) -> dict[str, str]:
    """A HOME and XDG directories of the test's own, a UTF-8 terminal, no colour unless asked."""
    env = {"HOME": str(home), "XDG_STATE_HOME": str(home / "state"), "XDG_DATA_HOME": str(home / "data"),
           "TERM": "xterm", "LANG": "C.UTF-8", "PATH": os.environ.get("PATH", "")}
    if not colour:
        env["NO_COLOR"] = "1"
    return env


def spawn(home: Path, args: list[str] | None = None, colour: bool = False, rows: int = 30, columns: int = 100,
          settle: float = 0.0) -> pexpect.spawn:
    """`rpn ARGS` on a terminal of `rows` x `columns`, waiting for the prompt. `settle`: time for
    the line editor to take the terminal after the prompt is written (a line typed sooner is
    echoed twice, and the echo's redrawn prompt would be taken for the next one)."""
    child = pexpect.spawn(RPN, args or [], env=environment(home, colour), cwd=str(home), encoding="utf-8",
                          timeout=10, dimensions=(rows, columns))
    child.expect_exact(PROMPT)
    if settle:
        time.sleep(settle)
    return child


def line(child: pexpect.spawn, text: str) -> str:
    """Types a line and returns what the shell printed before the next prompt."""
    child.sendline(text)
    child.expect_exact(PROMPT)
    return child.before


def quit(child: pexpect.spawn) -> int:
    child.sendcontrol("d")
    child.expect(pexpect.EOF)
    child.close()
    return child.exitstatus


def entered(child: pexpect.spawn, text: str) -> str:
    """`line`, once the line editor has the terminal."""
    time.sleep(SETTLE)
    return line(child, text)


def opened(child: pexpect.spawn, text: str) -> str:
    """Types a line after which a definition is open (the prompt is `...> `); what it printed."""
    time.sleep(SETTLE)
    child.sendline(text)
    child.expect_exact(CONTINUATION)
    return child.before


def leave(child: pexpect.spawn) -> int:
    """`quit`, once the line editor has the terminal."""
    time.sleep(SETTLE)
    return quit(child)
