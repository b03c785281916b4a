#!/usr/bin/env python3
"""A stand-in for `rpn lsp` that implements only what the editors' evaluate keys use.

The `rpn.evaluate` command of the contract (README, "The language server"):
`workspace/executeCommand` with `{"command": "rpn.evaluate", "arguments": [{"uri", "position"}]}`
answers `{"text", "values", "description", "diagnostics"}` and the server also sends the text
as `window/showMessage`. The real server may not have the command yet; this one lets the
editor tests check the editors' side of the contract: what they send, and what the user sees.

    fake_rpn_lsp.py LOG [before|after|none]

LOG gets one JSON line per message received. The second argument says when the showMessage is
sent: before the response (default), after it, or not at all. Requests other than initialize,
shutdown and executeCommand get MethodNotFound; `arguments` that break the contract get
InvalidParams, with a message naming what is wrong.
"""

from __future__ import annotations

import json
import sys

TEXT = "√(3+5) = 2.8284271247461903"
RESULT = {"text": TEXT, "values": [2.8284271247461903], "description": "√(3+5)", "diagnostics": []}


def read_message(stream) -> dict | None:
    length = None
    while True:
        line = stream.readline()
        if not line:
            return None
        line = line.strip()
        if not line:
            break
        name, _, value = line.decode("ascii").partition(":")
        if name.lower() == "content-length":
            length = int(value)
    return json.loads(stream.read(length).decode("utf-8"))


def write_message(message: dict) -> None:
    body = json.dumps(message, ensure_ascii=False).encode("utf-8")
    sys.stdout.buffer.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    sys.stdout.buffer.flush()


def contract_error(params) -> str | None:
    """What is wrong with executeCommand params of rpn.evaluate, or None."""
    if not isinstance(params, dict) or params.get("command") != "rpn.evaluate":
        return f"unknown command {params.get('command') if isinstance(params, dict) else params!r}"
    args = params.get("arguments")
    if not (isinstance(args, list) and len(args) == 1 and isinstance(args[0], dict)):
        return f"arguments must be [{{uri, position}}], got {args!r}"
    arg = args[0]
    pos = arg.get("position")
    if not isinstance(arg.get("uri"), str) or not arg["uri"].startswith("file://"):
        return f"arguments[0].uri must be a file URI, got {arg.get('uri')!r}"
    if not (isinstance(pos, dict) and isinstance(pos.get("line"), int)
            and isinstance(pos.get("character"), int)):
        return f"arguments[0].position must be {{line, character}}, got {pos!r}"
    return None


def main() -> int:
    log = open(sys.argv[1], "a", encoding="utf-8")
    when = sys.argv[2] if len(sys.argv) > 2 else "before"
    shut_down = False
    stdin = sys.stdin.buffer
    while True:
        message = read_message(stdin)
        if message is None:
            return 1
        log.write(json.dumps(message, ensure_ascii=False) + "\n")
        log.flush()
        method, ident = message.get("method"), message.get("id")
        if method == "exit":
            return 0 if shut_down else 1
        if ident is None or method is None:
            continue  # notifications, and responses to our requests
        if method == "initialize":
            write_message({"jsonrpc": "2.0", "id": ident, "result": {
                "capabilities": {"textDocumentSync": {"openClose": True, "change": 1},
                                 "executeCommandProvider": {"commands": ["rpn.evaluate"]}},
                "serverInfo": {"name": "rpn", "version": "fake"}}})
        elif method == "shutdown":
            shut_down = True
            write_message({"jsonrpc": "2.0", "id": ident, "result": None})
        elif method == "workspace/executeCommand":
            problem = contract_error(message.get("params"))
            if problem:
                write_message({"jsonrpc": "2.0", "id": ident,
                               "error": {"code": -32602, "message": problem}})
                continue
            show = {"jsonrpc": "2.0", "method": "window/showMessage",
                    "params": {"type": 3, "message": TEXT}}
            if when == "before":
                write_message(show)
            write_message({"jsonrpc": "2.0", "id": ident, "result": RESULT})
            if when == "after":
                write_message(show)
        else:
            write_message({"jsonrpc": "2.0", "id": ident,
                           "error": {"code": -32601, "message": f"unhandled method {method}"}})


if __name__ == "__main__":
    sys.exit(main())
