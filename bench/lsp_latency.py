#!/usr/bin/env python3
"""Latency of the real `rpn lsp` over stdio: a one-character didChange to its
publishDiagnostics, and hover, on documents of 10^4 and 10^5 lines.

Usage: python3 bench/lsp_latency.py --rpn PATH [--lines 10000,100000] [--edits 40]
(bench/lsp runs it with the static release build.) Prints a markdown table and the targets:
median didChange -> publishDiagnostics under 5 ms at 10^4 lines and under 50 ms at 10^5.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import threading
import time

TEMPLATES = [
    "{a} {b} + {c} × √",
    "x{k} {a} × {b} − # a comment with π and 😀",
    "{a} {b} ÷ →x{k}",
    "{a}.5 {b} ^ sin {c} *",
    "y {a} / dup + abs",
]


def document(lines: int) -> str:
    out = []
    for i in range(lines):
        t = TEMPLATES[i % len(TEMPLATES)]
        out.append(t.format(a=i % 9 + 1, b=(i * 7) % 9 + 1, c=(i * 5) % 9 + 1, k=i % 50))
    return "\n".join(out) + "\n"


class Client:
    def __init__(self, command: list[str]):
        self.proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL)
        self.lock = threading.Condition()
        self.messages: list[tuple[float, dict]] = []
        self.reader = threading.Thread(target=self.read, daemon=True)
        self.reader.start()
        self.next_id = 1

    def read(self):
        stream = self.proc.stdout
        while True:
            length = None
            while True:
                line = stream.readline()
                if not line:
                    return
                if line in (b"\r\n", b"\n"):
                    break
                name, _, value = line.decode().partition(":")
                if name.lower() == "content-length":
                    length = int(value)
            body = stream.read(length)
            now = time.perf_counter()
            with self.lock:
                self.messages.append((now, json.loads(body)))
                self.lock.notify_all()

    def send(self, message: dict) -> float:
        body = json.dumps(message, ensure_ascii=False).encode()
        data = b"Content-Length: %d\r\n\r\n" % len(body) + body
        start = time.perf_counter()
        self.proc.stdin.write(data)
        self.proc.stdin.flush()
        return start

    def wait_for(self, predicate, timeout=60.0) -> tuple[float, dict]:
        deadline = time.monotonic() + timeout
        with self.lock:
            while True:
                for i, (t, m) in enumerate(self.messages):
                    if predicate(m):
                        del self.messages[: i + 1]
                        return t, m
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise TimeoutError("no matching message")
                self.lock.wait(remaining)

    def request(self, method: str, params: dict) -> tuple[float, dict]:
        rid = self.next_id
        self.next_id += 1
        start = self.send({"jsonrpc": "2.0", "id": rid, "method": method, "params": params})
        t, m = self.wait_for(lambda m: m.get("id") == rid)
        return t - start, m

    def notify(self, method: str, params: dict) -> float:
        return self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def close(self) -> int:
        self.request("shutdown", None)
        self.notify("exit", None)
        return self.proc.wait(timeout=30)


def measure(rpn: str, lines: int, edits: int) -> dict:
    client = Client([rpn, "lsp"])
    client.request("initialize", {"processId": os.getpid(), "capabilities": {}})
    client.notify("initialized", {})
    uri = f"file:///bench-{lines}.rpn"
    text = document(lines)
    start = client.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "rpn", "version": 1, "text": text}})
    t, _ = client.wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics")
    open_ms = (t - start) * 1000
    middle = lines // 2
    change_ms = []
    version = 1
    for i in range(edits):
        version += 1
        # Alternately insert and delete one digit at the start of the middle line.
        if i % 2 == 0:
            change = {"range": {"start": {"line": middle, "character": 0}, "end": {"line": middle, "character": 0}}, "text": "7"}
        else:
            change = {"range": {"start": {"line": middle, "character": 0}, "end": {"line": middle, "character": 1}}, "text": ""}
        start = client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version}, "contentChanges": [change]})
        v = version
        t, _ = client.wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"].get("version") == v)
        change_ms.append((t - start) * 1000)
    hover_ms = []
    for i in range(edits):
        line = (middle + i * 37) % lines
        elapsed, response = client.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": line, "character": 0}})
        assert "result" in response, response
        hover_ms.append(elapsed * 1000)
    status = client.close()
    return {"lines": lines, "bytes": len(text.encode()), "open": open_ms,
            "change_median": statistics.median(change_ms), "change_p90": sorted(change_ms)[int(len(change_ms) * 0.9) - 1],
            "hover_median": statistics.median(hover_ms), "hover_p90": sorted(hover_ms)[int(len(hover_ms) * 0.9) - 1],
            "exit": status}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--rpn", required=True)
    ap.add_argument("--lines", default="10000,100000")
    ap.add_argument("--edits", type=int, default=40)
    args = ap.parse_args()
    results = [measure(args.rpn, int(float(n)), args.edits) for n in args.lines.split(",")]
    print("| lines | document | open → diagnostics ms | didChange → publishDiagnostics ms (median / p90) | hover ms (median / p90) |")
    print("|---:|---:|---:|---:|---:|")
    for r in results:
        print(f"| {r['lines']:,} | {r['bytes'] / 1e6:.1f} MB | {r['open']:.1f} | {r['change_median']:.2f} / {r['change_p90']:.2f} | "
              f"{r['hover_median']:.2f} / {r['hover_p90']:.2f} |")
    print()
    targets = {10000: 5.0, 100000: 50.0}
    failed = False
    for r in results:
        if r["lines"] in targets:
            ok = r["change_median"] < targets[r["lines"]]
            print(f"- {'met   ' if ok else 'MISSED'} didChange → diagnostics median < {targets[r['lines']]:g} ms at {r['lines']:,} lines: {r['change_median']:.2f} ms")
        if r["exit"] != 0:
            failed = True
            print(f"- server exited with {r['exit']} after shutdown/exit")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
