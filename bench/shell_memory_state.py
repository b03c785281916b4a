#!/usr/bin/env python3
"""The shell's continuous memory (issue 20) on a long session: start-up time of restoring a
state file of N lines, and the time from Enter to the next prompt for a line typed into that
session (which includes writing the whole state file atomically, fsyncs and all), against the
same line in a shell started with --fresh (nothing written). Medians; a printed figure, not a test.

Usage: python3 bench/shell_memory_state.py --rpn PATH [--lines 1000] [--runs 20]
"""
from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path

import pexpect

PROMPT = "rpn> "


def session_lines(count: int) -> list[str]:
    """A session of `count` accepted lines: numbers and fractions, words defined and used,
    variables stored, one entry on the stack throughout."""
    lines = ["0"]
    for i in range(1, count):
        if i % 10 == 5:
            lines.append(f": w{i} ( a -- b ) {i} + ;")
        elif i % 10 == 7:
            lines.append(f"w{i - 2}")
        elif i % 10 == 9:
            lines.append(f"{i} →v{i % 13}")
        else:
            lines.append(f"{i} 3 ÷ +")
    return lines


def environment(home: Path) -> dict[str, str]:
    return {"HOME": str(home), "XDG_STATE_HOME": str(home / "state"), "XDG_DATA_HOME": str(home / "data"),
            "TERM": "xterm", "LANG": "C.UTF-8", "NO_COLOR": "1", "PATH": os.environ.get("PATH", "")}


def start(rpn: str, home: Path, args: list[str]) -> tuple[pexpect.spawn, float]:
    began = time.perf_counter()
    child = pexpect.spawn(rpn, args, env=environment(home), cwd=str(home), encoding="utf-8", timeout=120,
                          dimensions=(30, 100))
    child.expect_exact(PROMPT)
    elapsed = time.perf_counter() - began
    child.delaybeforesend = None  # pexpect waits 50 ms before each send unless told not to
    time.sleep(0.1)
    return child, elapsed


def leave(child: pexpect.spawn) -> None:
    child.sendcontrol("d")
    child.expect(pexpect.EOF)
    child.close()


def line_latency(child: pexpect.spawn, runs: int) -> float:
    samples = []
    for _ in range(runs):
        began = time.perf_counter()
        child.sendline("1 +")
        child.expect_exact(PROMPT)
        samples.append(time.perf_counter() - began)
        time.sleep(0.05)
    return statistics.median(samples)


def atomic_write(path: Path, data: bytes) -> None:
    """What the shell does after a line, in Python: a new file beside the target, written,
    fsynced, renamed over it, the directory fsynced."""
    temporary = path.with_name(f"{path.name}.tmp-{os.getpid()}")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    os.write(descriptor, data)
    os.fsync(descriptor)
    os.close(descriptor)
    os.rename(temporary, path)
    directory = os.open(path.parent, os.O_RDONLY | os.O_DIRECTORY)
    os.fsync(directory)
    os.close(directory)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rpn", required=True)
    parser.add_argument("--lines", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=20)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as directory:
        home = Path(directory)
        # The session typed once, through the shell (so the file is the shell's own), then kept.
        program = home / "session.rpn"
        program.write_text("\n".join(session_lines(options.lines)) + "\n")
        child, _ = start(options.rpn, home, [])
        for text in session_lines(options.lines):
            child.sendline(text)
            child.expect_exact(PROMPT)
        leave(child)
        state = home / "state" / "rpn" / "sessions" / "default.rpn"
        saved = state.read_bytes()
        print(f"state file: {len(saved):,} bytes, {options.lines} lines")

        startups = []
        for _ in range(options.runs):
            state.write_bytes(saved)
            child, elapsed = start(options.rpn, home, [])
            startups.append(elapsed)
            leave(child)
        fresh_startups = []
        for _ in range(options.runs):
            child, elapsed = start(options.rpn, home, ["--fresh"])
            fresh_startups.append(elapsed)
            leave(child)
        print(f"start-up to the prompt: restoring {options.lines} lines {statistics.median(startups) * 1000:.1f} ms, "
              f"--fresh {statistics.median(fresh_startups) * 1000:.1f} ms (medians of {options.runs})")

        state.write_bytes(saved)
        child, _ = start(options.rpn, home, [])
        remembered = line_latency(child, options.runs)
        leave(child)
        child, _ = start(options.rpn, home, ["--fresh"])
        fresh = line_latency(child, options.runs)
        leave(child)
        writes = []
        for _ in range(options.runs):
            began = time.perf_counter()
            atomic_write(home / "copy.rpn", saved)
            writes.append(time.perf_counter() - began)
        print(f"the file's atomic write alone (Python, same steps): {statistics.median(writes) * 1000:.2f} ms")
        print(f"Enter to prompt for '1 +': in the restored {options.lines}-line session (state written) "
              f"{remembered * 1000:.1f} ms, --fresh (nothing written) {fresh * 1000:.1f} ms (medians of {options.runs})")


if __name__ == "__main__":
    main()
