#!/usr/bin/env python3
"""Memory of the shell's undo history: `:load` a program of many tokens, then type small
lines (each one an undo level) and read the process's resident memory from /proc.

Goal (issue 7): 1000 undo levels of small lines after a big load cost little more than the
load. The history keeps what each line touched, so the figure to watch is the growth per
line, in bytes.

Usage: python3 bench/shell_memory.py --rpn PATH [--tokens 2000000] [--lines 1000]
"""
from __future__ import annotations

import argparse
import os
import pty
import select
import tempfile
import time


def read_until(fd: int, marker: bytes, timeout: float = 120) -> bytes:
    seen = b""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.5)
        if ready:
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                break
            seen += chunk
            if seen.endswith(marker):
                return seen
    raise TimeoutError(f"no {marker!r} after {seen[-200:]!r}")


def rss_mb(pid: int) -> float:
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rpn", required=True)
    parser.add_argument("--tokens", type=int, default=2_000_000)
    parser.add_argument("--lines", type=int, default=1000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as home:
        program = os.path.join(home, "big.rpn")
        groups = (args.tokens + 1) // 4
        with open(program, "w") as out:  # (1 2 +) k times, then k-1 `+`: one entry, a tree of 4k-1 nodes
            out.write("1 2 + " * groups)
            out.write("+ " * (groups - 1) + "\n")
        env = {"HOME": home, "TERM": "xterm", "LANG": "C.UTF-8", "NO_COLOR": "1",
               "XDG_STATE_HOME": home + "/state", "XDG_DATA_HOME": home + "/data"}
        pid, fd = pty.fork()
        if pid == 0:
            os.execve(args.rpn, [args.rpn], env)
        prompt = b"rpn> "
        read_until(fd, prompt)
        before = rss_mb(pid)
        started = time.perf_counter()
        os.write(fd, f":load {program}\r".encode())
        read_until(fd, prompt)
        load_seconds = time.perf_counter() - started
        loaded = rss_mb(pid)
        started = time.perf_counter()
        for _ in range(args.lines):
            os.write(fd, b"1 +\r")
            read_until(fd, prompt)
        line_ms = (time.perf_counter() - started) / args.lines * 1000
        after = rss_mb(pid)
        os.write(fd, b":quit\r")
        os.waitpid(pid, 0)
    tokens = 4 * groups - 1
    print(f"shell memory: {tokens:,} tokens loaded in {load_seconds:.2f} s; RSS {before:.1f} MB at start, "
          f"{loaded:.1f} MB after :load, {after:.1f} MB after {args.lines} more lines "
          f"({(after - loaded) * 1024 * 1024 / args.lines / 1024:.1f} KiB per line, {line_ms:.2f} ms per line)")


if __name__ == "__main__":
    main()
