"""Helpers of the editor tests (a module of its own: test modules import it by name)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
EDITORS = REPO / "editors"
HERE = Path(__file__).resolve().parent
RPN = os.environ.get("RPN_BIN", str(REPO / ".build/debug/rpn"))

# The example document of the tests (0-based lines):
#   0: a comment with characters of 1 and 2 UTF-16 units (the emoji is two)
#   1: √ on an empty stack: missing operand at (1,0)-(1,1) (as `rpn check` says too);
#      division by zero at UTF-16 (1,10)-(1,11), the ÷
#   2: 'sqr' is a free variable close to 'sqrt' (warning at (2,0)-(2,3)); N is stored
#   3: N is used; M is free (no diagnostic)
EXAMPLE = "# π √ 😀 comment\n√ π × 1 0 ÷\nsqr 2 + M →N\nN M 3 5 + ×\n"


DEBIAN_PACKAGES = {"nvim": "neovim", "emacs": "emacs-nox elpa-eglot", "node": "nodejs"}


def require_binary(name: str) -> str:
    """The path of an editor (or Node.js) binary; fails, never skips, when it is missing."""
    path = shutil.which(name)
    if path is None:
        pytest.fail(f"'{name}' is not installed: tests/run installs it "
                    f"(apt-get install {DEBIAN_PACKAGES.get(name, name)})", pytrace=False)
    return path


def require_server() -> str:
    """RPN_BIN, checked to be a binary with the `lsp` command."""
    if not (os.path.isfile(RPN) and os.access(RPN, os.X_OK)):
        pytest.fail(f"RPN_BIN={RPN} does not exist: build it (swift build) or set RPN_BIN",
                    pytrace=False)
    r = subprocess.run([RPN, "lsp", "--help"], capture_output=True, timeout=30, stdin=subprocess.DEVNULL)
    if r.returncode != 0:
        pytest.fail(f"{RPN} has no 'lsp' command (rpn lsp --help: status {r.returncode})",
                    pytrace=False)
    return RPN


def server_capabilities(rpn: str) -> dict:
    """What `rpn lsp` advertises in `initialize` to a client that can do everything the
    server can offer (pulled diagnostics are offered only to clients that pull)."""
    def frame(message: dict) -> bytes:
        body = json.dumps(message).encode()
        return b"Content-Length: %d\r\n\r\n" % len(body) + body

    initialize = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
                  "params": {"processId": None, "rootUri": None,
                             "capabilities": {"textDocument": {"diagnostic": {}}}}}
    exit_ = {"jsonrpc": "2.0", "method": "exit"}
    r = subprocess.run([rpn, "lsp"], input=frame(initialize) + frame(exit_), capture_output=True,
                       timeout=30)
    header, _, rest = r.stdout.partition(b"\r\n\r\n")
    length = int(next(line for line in header.split(b"\r\n")
                      if line.lower().startswith(b"content-length")).split(b":")[1])
    return json.loads(rest[:length])["result"]["capabilities"]


def path_with_rpn(directory: Path, rpn: str) -> str:
    """PATH with `rpn` (a link to RPN_BIN) found first, as `scripts/install` makes it."""
    bin_dir = directory / "bin"
    bin_dir.mkdir(exist_ok=True)
    link = bin_dir / "rpn"
    if not link.exists():
        link.symlink_to(rpn)
    return f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}"


def path_without_rpn() -> str:
    """PATH without the folders that hold an `rpn` (a machine where rpn is not installed)."""
    folders = [f for f in os.environ.get("PATH", "").split(os.pathsep)
               if f and not os.access(os.path.join(f, "rpn"), os.X_OK)]
    return os.pathsep.join(folders)


def run_json_lines(cmd: list[str], env: dict, timeout: float = 90) -> tuple[list[dict], subprocess.CompletedProcess]:
    """Runs an editor script that writes one JSON object per line; returns them and the run."""
    r = subprocess.run(cmd, capture_output=True, timeout=timeout, env={**os.environ, **env},
                       stdin=subprocess.DEVNULL, cwd=REPO)
    events = []
    for line in r.stdout.decode("utf-8", "replace").splitlines():
        line = line.strip()
        if line.startswith("{"):
            try:
                events.append(json.loads(line))
            except json.JSONDecodeError:
                pass
    return events, r


def describe_run(r: subprocess.CompletedProcess) -> str:
    return (f"exit status {r.returncode}\n--- stdout\n{r.stdout.decode('utf-8', 'replace')}"
            f"\n--- stderr\n{r.stderr.decode('utf-8', 'replace')[-4000:]}")


class Events:
    """The JSON lines of one editor run, looked up by their 'event' field."""

    def __init__(self, events: list[dict], run: subprocess.CompletedProcess):
        self.events = events
        self.run = run

    def all(self, name: str) -> list[dict]:
        return [e for e in self.events if e.get("event") == name]

    def one(self, name: str, index: int = 0) -> dict:
        found = self.all(name)
        if len(found) <= index:
            errors = self.all("error")
            pytest.fail(f"the editor run reported no '{name}' event"
                        + (f"; it failed with {errors[0]}" if errors else "")
                        + "\n" + describe_run(self.run), pytrace=False)
        return found[index]
