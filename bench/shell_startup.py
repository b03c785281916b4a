#!/usr/bin/env python3
"""Start-up of the interactive shell: time from exec to the `rpn> ` prompt on a real
pseudo-terminal, median of many runs (target: under 30 ms).

Usage: python3 bench/shell_startup.py --rpn PATH [--runs 50]
"""
from __future__ import annotations

import argparse
import os
import pty
import select
import statistics
import tempfile
import time


def time_to_prompt(rpn: str, home: str) -> float:
    env = {"HOME": home, "TERM": "xterm", "LANG": "C.UTF-8", "NO_COLOR": "1",
           "XDG_STATE_HOME": home + "/state", "XDG_DATA_HOME": home + "/data"}
    start = time.perf_counter()
    pid, fd = pty.fork()
    if pid == 0:
        os.execve(rpn, [rpn], env)
    seen = b""
    elapsed = None
    deadline = start + 10
    while time.perf_counter() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.5)
        if not ready:
            continue
        try:
            chunk = os.read(fd, 4096)
        except OSError:
            break
        if not chunk:
            break
        seen += chunk
        if b"rpn> " in seen:
            elapsed = time.perf_counter() - start
            break
    # Leave: Ctrl-D once the editor owns the terminal (keys sent earlier can be lost), and
    # never wait forever.
    time.sleep(0.05)
    os.write(fd, b"\x04")
    end = time.perf_counter() + 3
    while time.perf_counter() < end:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                if not os.read(fd, 4096):
                    break
            except OSError:
                break
        done, _ = os.waitpid(pid, os.WNOHANG)
        if done:
            pid = 0
            break
    if pid:
        os.kill(pid, 9)
        os.waitpid(pid, 0)
    os.close(fd)
    if elapsed is None:
        raise SystemExit(f"no prompt; saw {seen!r}")
    return elapsed * 1000


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--rpn", required=True)
    ap.add_argument("--runs", type=int, default=50)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as home:
        times = [time_to_prompt(args.rpn, home) for _ in range(args.runs)]
    median = statistics.median(times)
    print(f"| shell start-up to prompt (median of {args.runs}, pty) | {median:.2f} ms | min {min(times):.2f} ms |")
    print(f"- {'met   ' if median < 30 else 'MISSED'} start-up to the rpn> prompt < 30 ms: {median:.2f} ms")


if __name__ == "__main__":
    main()
