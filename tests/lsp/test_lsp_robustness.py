"""Robustness of `rpn lsp` on the wire: hand-written frames over a pipe (no LSP library).

Each test asserts that the server neither crashes nor hangs (every wait is bounded) and, after
the bad input, still answers a valid request (`RawServer.assert_alive`). Every test also
checks, at teardown, that stdout carried nothing but well-formed `Content-Length` frames of
UTF-8 JSON (`RawServer.violations`).
"""

from __future__ import annotations

import json
import os
import subprocess
import time

import pytest

from lsp_wire import TIMEOUT, RawServer, frame, notification, request

pytestmark = pytest.mark.filterwarnings("error")

PARSE_ERROR, INVALID_REQUEST, METHOD_NOT_FOUND, INVALID_PARAMS = -32700, -32600, -32601, -32602
NOT_INITIALIZED, REQUEST_FAILED, CANCELLED = -32002, -32803, -32800
URI = "file:///tmp/rpn-lsp-raw/doc.rpn"


@pytest.fixture
def server():
    """An initialized server; at the end: stdout was clean, and the server is killed if a
    test left it running."""
    s = RawServer()
    s.initialize()
    yield s
    s.kill()
    assert s.violations == [], s.violations


@pytest.fixture
def raw():
    """A server that has not been initialized."""
    s = RawServer()
    yield s
    s.kill()
    assert s.violations == [], s.violations


def header_block(*lines: str) -> bytes:
    return "".join(line + "\r\n" for line in lines).encode() + b"\r\n"


def errors_of(messages: list[dict]) -> list[tuple]:
    return [(m.get("id"), m["error"]["code"]) for m in messages if "error" in m]


def drain_until_alive(s: RawServer, id="alive", since: int | None = None) -> list[dict]:
    """Sends a valid request; returns every message that came before its answer (from index
    `since` of everything received, by default from now). The server answers in order, so
    with `since` taken before some input, this is everything that input caused."""
    before = len(s.received) if since is None else since
    s.assert_alive(id)
    return s.received[before:-1]


# --- Framing lies ----------------------------------------------------------------------------

def test_content_length_too_short(server: RawServer):
    body = json.dumps(request(1, "rpn/describe", {"text": "1 2 +"})).encode()
    server.write(header_block(f"Content-Length: {len(body) - 5}") + body)
    # The truncated body is not JSON: a parse error (id null); the five bytes left over are
    # not a header: skipped, reported as parse errors too. The request itself is lost.
    error = server.error_response()
    assert error["id"] is None and error["error"]["code"] == PARSE_ERROR
    before = drain_until_alive(server)
    assert all("error" in m and m["id"] is None and m["error"]["code"] == PARSE_ERROR for m in before), before
    assert not any(m.get("id") == 1 for m in server.received)


def test_content_length_too_short_reports_the_leftover_bytes_once(server: RawServer):
    """Framing garbage should give one error per resynchronisation, not one per byte."""
    body = json.dumps(request(1, "rpn/describe", {"text": "1 2 + 3 4 5 6 7 8 9 10"})).encode()
    server.write(header_block(f"Content-Length: {len(body) - 40}") + body)
    time.sleep(0.5)  # the leftover bytes arrive alone, as when the client then waits
    drain_until_alive(server)
    errors = [m["error"]["message"] for m in server.received if "error" in m]
    # The truncated body (not JSON), then the 40 bytes that follow it: two errors at most.
    assert 1 <= len(errors) <= 2, errors


def test_content_length_too_long_then_more_bytes(server: RawServer):
    body = json.dumps(request(1, "rpn/describe", {"text": "1 2 +"})).encode()
    server.write(header_block(f"Content-Length: {len(body) + 20}") + body)
    time.sleep(0.2)
    # The server waits for the 20 missing bytes: it must not answer the truncated request.
    assert server.messages.empty()
    # The next message completes the lying body (which is then not JSON: -32700); what is
    # left of that message is skipped; the one after is answered.
    server.send(request(2, "rpn/describe", {"text": "3 4 +"}))
    error = server.error_response()
    assert error["id"] is None and error["error"]["code"] == PARSE_ERROR
    drain_until_alive(server)
    assert not any(m.get("id") in (1, 2) for m in server.received)


def test_content_length_too_long_then_stdin_closed_exits(server: RawServer):
    body = json.dumps(request(1, "rpn/describe", {"text": "1 2 +"})).encode()
    server.write(header_block(f"Content-Length: {len(body) + 1000}") + body)
    server.close_stdin()
    status = server.wait_exit()
    assert status == 1  # input ended without shutdown + exit


@pytest.mark.parametrize("value", ["abc", "-5", "12abc", "", "0x10", "99999999999999999999999"])
def test_content_length_not_a_number(server: RawServer, value: str):
    body = json.dumps(request(1, "rpn/describe", {"text": "1 2 +"})).encode()
    server.write(header_block(f"Content-Length: {value}") + body)
    error = server.error_response()
    assert error["id"] is None and error["error"]["code"] == PARSE_ERROR
    drain_until_alive(server)
    assert not any(m.get("id") == 1 for m in server.received)


def test_content_length_missing(server: RawServer):
    body = json.dumps(request(1, "rpn/describe", {"text": "1 2 +"})).encode()
    server.write(header_block("Content-Type: application/vscode-jsonrpc; charset=utf-8") + body)
    error = server.error_response()
    assert error["id"] is None and error["error"]["code"] == PARSE_ERROR
    assert "Content-Length" in error["error"]["message"]
    drain_until_alive(server)


def test_content_type_header_is_accepted(server: RawServer):
    body = json.dumps(request(1, "rpn/describe", {"text": "1 2 +"})).encode()
    server.write(header_block(f"Content-Length: {len(body)}",
                              "Content-Type: application/vscode-jsonrpc; charset=utf-8") + body)
    assert server.response(1)["result"]["description"] == "1+2"


def test_headers_with_an_empty_body(server: RawServer):
    server.write(header_block("Content-Length: 0"))
    error = server.error_response()
    assert error["id"] is None and error["error"]["code"] == PARSE_ERROR
    drain_until_alive(server)


def test_headers_without_body_then_stdin_closed_exits(server: RawServer):
    server.write(header_block("Content-Length: 50"))
    time.sleep(0.2)
    assert server.messages.empty()
    server.close_stdin()
    assert server.wait_exit() == 1


def test_garbage_between_messages(server: RawServer):
    server.write(b"hello world\r\n\r\n" + frame(request(1, "rpn/describe", {"text": "1 2 +"})))
    assert server.response(1)["result"]["description"] == "1+2"
    drain_until_alive(server)


# --- Bodies that are not JSON-RPC requests ---------------------------------------------------

def test_invalid_utf8_body(server: RawServer):
    body = b'{"jsonrpc":"2.0","id":7,"method":"rpn/describe","params":{"text":"1 \xff\xfe 2"}}'
    server.write(frame(body))
    error = server.error_response()
    assert error["id"] is None and error["error"]["code"] == PARSE_ERROR
    drain_until_alive(server)
    assert not any(m.get("id") == 7 for m in server.received)


def test_invalid_json_body(server: RawServer):
    server.write(frame(b'{"jsonrpc":"2.0","id":7,"method":'))
    error = server.error_response()
    assert error["id"] is None and error["error"]["code"] == PARSE_ERROR
    drain_until_alive(server)


@pytest.mark.parametrize("body, id", [
    (b"[]", None),
    (b'[{"jsonrpc":"2.0","id":1,"method":"rpn/describe","params":{"text":"1"}}]', None),
    (b'"a string"', None),
    (b"42", None),
    (b"null", None),
    (b'{"jsonrpc":"2.0","id":{"a":1},"method":"rpn/describe","params":{"text":"1"}}', None),
    (b'{"jsonrpc":"2.0","id":[1],"method":"rpn/describe","params":{"text":"1"}}', None),
    (b'{"jsonrpc":"2.0","id":true,"method":"rpn/describe","params":{"text":"1"}}', None),
    (b'{"jsonrpc":"2.0","id":1.5,"method":"rpn/describe","params":{"text":"1"}}', None),
    (b'{"jsonrpc":"2.0","id":9,"method":"rpn/describe","params":"1 2 +"}', 9),
    (b'{"jsonrpc":"2.0","id":9,"method":"rpn/describe","params":3}', 9),
    (b'{"jsonrpc":"2.0","id":9,"method":5}', 9),
    (b'{"jsonrpc":"1.0","id":9,"method":"rpn/describe","params":{"text":"1"}}', 9),
    (b'{"id":9,"method":"rpn/describe","params":{"text":"1"}}', 9),
    (b'{"jsonrpc":"2.0","id":9}', 9),
])
def test_json_of_the_wrong_shape(server: RawServer, body: bytes, id):
    server.write(frame(body))
    error = server.error_response()
    assert error["error"]["code"] == INVALID_REQUEST, error
    assert error["id"] == id and type(error["id"]) is type(id)
    drain_until_alive(server)


def test_notifications_of_the_wrong_shape_are_not_answered(server: RawServer):
    mark = len(server.received)
    server.send(
        b'{"jsonrpc":"2.0","method":"textDocument/didOpen","params":"text"}',
        b'{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":5}}}',
        b'{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///nope"}}}',
        b'{"jsonrpc":"2.0","method":"textDocument/didClose","params":{}}',
    )
    before = drain_until_alive(server, since=mark)
    assert before == []


def test_a_response_from_the_client_is_not_answered(server: RawServer):
    mark = len(server.received)
    server.send({"jsonrpc": "2.0", "id": 99, "result": None},
                {"jsonrpc": "2.0", "id": 98, "error": {"code": -1, "message": "no"}})
    assert drain_until_alive(server, since=mark) == []


# --- Size and scale --------------------------------------------------------------------------

def test_a_50_megabyte_message(server: RawServer):
    """Under the 64 MiB limit: a 50 MB comment line, then a division by zero."""
    text = "# " + "y" * 50_000_000 + "\n1 0 ÷"
    started = time.monotonic()
    server.open(URI, text)
    diagnostics = server.diagnostics(URI, timeout=30)["diagnostics"]
    assert [(d["code"], d["range"]) for d in diagnostics] == [
        ("division-by-zero", {"start": {"line": 1, "character": 4}, "end": {"line": 1, "character": 5}})]
    hover = server.call(1, "textDocument/hover", {"textDocument": {"uri": URI},
                                                  "position": {"line": 0, "character": 49_000_000}}, timeout=30)
    assert hover["result"] is None  # inside the comment
    assert time.monotonic() - started < 30
    drain_until_alive(server)


def test_a_70_megabyte_message_is_refused(server: RawServer):
    """Over the documented 64 MiB limit: refused with an error; the server keeps going and
    the refused document was not opened."""
    size = 70_000_000
    body = big_did_open_body(size)
    started = time.monotonic()
    server.write(b"Content-Length: %d\r\n\r\n" % size)
    for i in range(0, size, 1 << 20):
        server.write(body[i:i + (1 << 20)])
    error = server.error_response(timeout=30)
    assert error["id"] is None and error["error"]["code"] == PARSE_ERROR
    assert error["error"]["message"] == (
        "message body of 70000000 bytes exceeds the limit of 67108864 bytes; skipped")
    server.assert_alive()
    hover = server.call(1, "textDocument/hover", {"textDocument": {"uri": URI}, "position": {"line": 0, "character": 0}})
    assert hover["error"]["code"] == REQUEST_FAILED  # not open
    assert time.monotonic() - started < 30
    assert server.shutdown_and_exit() == 0


def big_did_open_body(size: int) -> bytes:
    """A didOpen notification of exactly `size` bytes (a document of one long comment)."""
    prefix = json.dumps(notification("textDocument/didOpen", {"textDocument": {
        "uri": URI, "languageId": "rpn", "version": 1, "text": "#"}})).encode()[:-4]
    body = prefix + b"#" * (size - len(prefix) - 4) + b'"}}}'
    assert len(body) == size and json.loads(body)["params"]["textDocument"]["uri"] == URI
    return body


def test_a_70_megabyte_message_is_not_stored(server: RawServer):
    """The refused body is skipped as it arrives: the server's peak RSS grows by far less than
    the body, written in 64 KiB pieces as a client streaming it over a pipe would."""
    server.assert_alive()
    base = server.peak_rss_bytes()
    size = 70_000_000
    body = big_did_open_body(size)
    server.write(b"Content-Length: %d\r\n\r\n" % size)
    for i in range(0, size, 1 << 16):
        server.write(body[i:i + (1 << 16)])
    error = server.error_response(timeout=30)
    assert "exceeds the limit" in error["error"]["message"]
    server.assert_alive("after")
    growth = server.peak_rss_bytes() - base
    assert growth < 8_000_000, (
        f"peak RSS {(base + growth) / 1e6:.1f} MB, {growth / 1e6:.1f} MB above the server's own "
        f"{base / 1e6:.1f} MB before the 70 MB body: the refused body was buffered")
    assert server.shutdown_and_exit() == 0


def test_a_million_tokens_on_one_line(server: RawServer):
    # 1, then 499,999 times "2 −" (− is 3 UTF-8 bytes, 1 UTF-16 unit), then "0 ÷":
    # 1 + 999,998 + 2 = 1,000,001 tokens on line 0.
    text = "1 " + "2 − " * 499_999 + "0 ÷"
    started = time.monotonic()
    server.open(URI, text)
    diagnostics = server.diagnostics(URI, timeout=10)["diagnostics"]
    column = len(text) - 1  # UTF-16 units: every character here is one unit
    assert [(d["code"], d["range"]) for d in diagnostics] == [
        ("division-by-zero", {"start": {"line": 0, "character": column}, "end": {"line": 0, "character": column + 1}})]
    hover = server.call(1, "textDocument/hover", {"textDocument": {"uri": URI},
                                                  "position": {"line": 0, "character": column - 4}})
    contents = hover["result"]["contents"]["value"]
    # (plain text: the client offered no markdown)
    assert contents.startswith("− ( a b -- a−b )") and contents.endswith("… = -999997")  # description cut at 200 bytes
    assert hover["result"]["range"] == {"start": {"line": 0, "character": column - 4},
                                        "end": {"line": 0, "character": column - 3}}
    assert time.monotonic() - started < 10
    # The semantic tokens of the whole line (5 million integers), still bounded.
    tokens = server.call(2, "textDocument/semanticTokens/full", {"textDocument": {"uri": URI}}, timeout=20)
    assert len(tokens["result"]["data"]) == 5 * 1_000_001
    drain_until_alive(server)


# --- Positions out of range ------------------------------------------------------------------

# (line, character) past the end -> what it means: the end of line 0 (inside the comment),
# the end of line 1 (right after "+"), or the end of the document (right after the last "x").
PAST_END = [((0, 10_000), "line 0"), ((0, 2**40), "line 0"), ((1, 6), "line 1"), ((1, 2**31), "line 1"),
            ((50, 0), "end"), ((50, 50), "end"), ((2**31, 0), "end")]


@pytest.mark.parametrize("position, means", PAST_END)
def test_positions_past_the_end(server: RawServer, position, means: str):
    """A character past the end of its line means the line's end (LSP 3.17, Position); a line
    past the last means the end of the document."""
    text = "# 😀\n1 2 +\n3 →x x"
    server.open(URI, text)
    server.diagnostics(URI)
    doc = {"uri": URI}
    line, character = position
    position = {"line": line, "character": character}
    start = {"line": 0, "character": 0}

    def call(id, method, **params):
        response = server.call(id, method, {"textDocument": doc, **params})
        assert "result" in response, (method, response)
        return response["result"]

    assert call(1, "textDocument/hover", position=position) is None  # nothing under the cursor
    evaluated = call(2, "rpn/evaluate", position=position)
    assert evaluated["values"] == {"line 0": [], "line 1": [3.0], "end": [3.0, 3.0]}[means]
    # Right after a name counts as on it (renaming from the end of a word): at the end of
    # the document the last x has its definition, references, highlights and rename.
    definition = call(3, "textDocument/definition", position=position)
    references = call(4, "textDocument/references", position=position, context={"includeDeclaration": True})
    highlights = call(5, "textDocument/documentHighlight", position=position)
    prepared = call(6, "textDocument/prepareRename", position=position)
    if means == "end":
        x_store = {"start": {"line": 2, "character": 3}, "end": {"line": 2, "character": 4}}
        assert [d["range"] for d in definition] == [x_store]
        assert len(references) == 2 and len(highlights) == 2
        assert prepared["placeholder"] == "x"
    else:
        assert definition is None and references is None and highlights is None and prepared is None
    items = call(7, "textDocument/completion", position=position)["items"]
    assert (items == []) == (means == "line 0")  # nothing inside the comment of line 0
    hints = call(8, "textDocument/inlayHint", range={"start": start, "end": position})
    assert len(hints) == {"line 0": 0, "line 1": 1, "end": 2}[means]
    actions = call(9, "textDocument/codeAction", range={"start": position, "end": position},
                   context={"diagnostics": []})
    assert isinstance(actions, list)
    drain_until_alive(server)


BACKWARDS = {"start": {"line": 1, "character": 2}, "end": {"line": 0, "character": 4}}
ON_A_LINE = {"start": {"line": 0, "character": 4}, "end": {"line": 0, "character": 1}}


@pytest.mark.parametrize("method, params", [
    ("textDocument/codeAction", {"range": BACKWARDS, "context": {"diagnostics": []}}),
    ("textDocument/codeAction", {"range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}},
                                 "context": {"diagnostics": [{"range": ON_A_LINE, "message": "m", "code": "unset-variable"}]}}),
    ("textDocument/rangeFormatting", {"range": ON_A_LINE, "options": {"tabSize": 2, "insertSpaces": True}}),
    ("textDocument/inlayHint", {"range": BACKWARDS}),
    ("textDocument/semanticTokens/range", {"range": ON_A_LINE}),
    ("workspace/executeCommand", {"command": "rpn.evaluate", "arguments": [{"uri": URI, "range": BACKWARDS}]}),
])
def test_an_inverted_range_is_invalid_params(server: RawServer, method: str, params: dict):
    """A range whose end is before its start is the client's mistake: InvalidParams, whatever
    the request, and the server goes on."""
    server.open(URI, "1 2 +\n3 4 +\n")
    server.diagnostics(URI)
    response = server.call(1, method, {"textDocument": {"uri": URI}, **params})
    assert response.get("error", {}).get("code") == INVALID_PARAMS, response
    assert "ends before it starts" in response["error"]["message"]
    drain_until_alive(server)


def test_code_action_with_a_huge_range_is_answered_at_once(server: RawServer):
    server.open(URI, "1 2 +\n3 4 +")
    server.diagnostics(URI)
    response = server.call(1, "textDocument/codeAction", {
        "textDocument": {"uri": URI},
        "range": {"start": {"line": 0, "character": 0}, "end": {"line": 2**40, "character": 0}},
        "context": {"diagnostics": []}}, timeout=10)
    assert [a["title"] for a in response["result"]] == ["Show as infix", "Evaluate: 1+2 = 3", "Evaluate: 3+4 = 7",
                                                        "Evaluate selection"]
    drain_until_alive(server)


@pytest.mark.parametrize("params", [
    None, {}, [1, 2], {"textDocument": "x", "position": {"line": 0, "character": 0}},
    {"textDocument": {"uri": URI}},
    {"textDocument": {"uri": URI}, "position": "0:0"},
    {"textDocument": {"uri": URI}, "position": {"line": 1.5, "character": 0}},
    {"textDocument": {"uri": URI}, "position": {"line": "1", "character": 0}},
    {"textDocument": {"uri": URI}, "position": {"line": 0}},
])
def test_invalid_params(server: RawServer, params):
    server.open(URI, "1 2 +")
    server.diagnostics(URI)
    response = server.call(1, "textDocument/hover", params)
    assert response["error"]["code"] == INVALID_PARAMS, response
    drain_until_alive(server)


def test_deeply_nested_json(server: RawServer):
    """Nesting beyond the parser's limit is a parse error, not a stack overflow."""
    for depth in [600, 1_000_000]:
        server.write(frame(b"[" * depth + b"]" * depth))
        error = server.error_response()
        assert error["id"] is None and error["error"]["code"] == PARSE_ERROR
        assert "nesting" in error["error"]["message"]
    body = b'{"jsonrpc":"2.0","id":1,"method":"rpn/describe","params":{"text":"1","x":' + b"[" * 100_000 + b"]" * 100_000 + b"}}"
    server.write(frame(body))
    error = server.error_response()
    assert error["id"] is None and error["error"]["code"] == PARSE_ERROR
    drain_until_alive(server)


@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r"])
def test_line_endings(server: RawServer, newline: str):
    text = newline.join(["1 0 ÷", "2 0 ÷", "# 😀", "√"])
    server.open(URI, text)
    diagnostics = server.diagnostics(URI)["diagnostics"]
    assert [(d["code"], d["range"]["start"], d["range"]["end"]) for d in diagnostics] == [
        ("division-by-zero", {"line": 0, "character": 4}, {"line": 0, "character": 5}),
        ("division-by-zero", {"line": 1, "character": 4}, {"line": 1, "character": 5}),
    ]
    hints = server.call(1, "textDocument/inlayHint", {"textDocument": {"uri": URI}, "range": {
        "start": {"line": 0, "character": 0}, "end": {"line": 4, "character": 0}}})["result"]
    assert [(h["position"]["line"], h["position"]["character"]) for h in hints] == [(0, 5), (1, 5), (3, 1)]
    hover = server.call(2, "textDocument/hover", {"textDocument": {"uri": URI}, "position": {"line": 3, "character": 0}})
    assert hover["result"]["contents"]["value"].startswith("√ ( a -- √a )")  # plain text: no markdown offered


@pytest.mark.parametrize("line, character", [(-1, 0), (0, -1), (-5, -5)])
def test_negative_positions_are_invalid_params(server: RawServer, line: int, character: int):
    """Positions are `uinteger`s: a negative one is an invalid parameter, not a position."""
    server.open(URI, "1 2 +")
    server.diagnostics(URI)
    response = server.call(1, "textDocument/hover", {"textDocument": {"uri": URI},
                                                     "position": {"line": line, "character": character}})
    assert "error" in response and response["error"]["code"] == INVALID_PARAMS, response
    drain_until_alive(server)


@pytest.mark.parametrize("start, end", [((9, 9), (9, 9)), ((2, 0), (2, 0)), ((1, 1), (1, 1)), ((0, 6), (0, 6)),
                                        ((0, 0), (5, 0))])
def test_did_change_outside_the_text_is_refused(server: RawServer, start, end):
    """A change at a place the text "1 2 +\\n" does not have (lines 0 and 1; line 0 is 5
    characters, line 1 none): the client's text is another, and no request of LSP asks a
    client for a whole text. The change is refused (never clamped), the diagnostics withdrawn,
    the user told (window/showMessage, Error), the reason logged on stderr (stdout carries
    only protocol messages: the fixture checks), requests answered with RequestFailed; a change
    without a range brings the document back."""
    server.open(URI, "1 2 +\n")
    server.diagnostics(URI)
    since = len(server.received)
    server.send(notification("textDocument/didChange", {
        "textDocument": {"uri": URI, "version": 2},
        "contentChanges": [{"range": {"start": {"line": start[0], "character": start[1]},
                                      "end": {"line": end[0], "character": end[1]}}, "text": "0 ÷"}]}))
    hover = server.call(1, "textDocument/hover", {"textDocument": {"uri": URI}, "position": {"line": 0, "character": 0}})
    assert hover["error"]["code"] == REQUEST_FAILED and "out of sync" in hover["error"]["message"], hover
    caused = server.received[since:-1]
    assert [m["method"] for m in caused] == ["textDocument/publishDiagnostics", "window/showMessage"]
    assert caused[0]["params"] == {"uri": URI, "version": 2, "diagnostics": []}
    assert caused[1]["params"]["type"] == 1 and "doc.rpn is out of sync" in caused[1]["params"]["message"]
    logged = "textDocument/didChange: a change's range is outside the text"
    deadline = time.monotonic() + TIMEOUT  # stderr is read by a thread of its own
    while logged not in server.stderr and time.monotonic() < deadline:
        time.sleep(0.01)
    assert logged in server.stderr, server.stderr
    server.send(notification("textDocument/didChange", {
        "textDocument": {"uri": URI, "version": 3}, "contentChanges": [{"text": "1 2 +\n0 ÷"}]}))
    published = server.diagnostics(URI)
    assert published["version"] == 3
    assert [(d["code"], d["range"]) for d in published["diagnostics"]] == [
        ("division-by-zero", {"start": {"line": 1, "character": 2}, "end": {"line": 1, "character": 3}})]
    evaluated = server.call(2, "rpn/describe", {"textDocument": {"uri": URI}})
    assert evaluated["result"]["description"] == "(1+2)÷0"


def test_did_change_inside_a_surrogate_pair(server: RawServer):
    """A UTF-16 position in the middle of an emoji (between its two surrogates) must not split
    the UTF-8 sequence: the text stays valid UTF-8 and the server keeps answering."""
    server.open(URI, "# 😀 x\n1 2 +")
    server.diagnostics(URI)
    server.send(notification("textDocument/didChange", {
        "textDocument": {"uri": URI, "version": 2},
        "contentChanges": [{"range": {"start": {"line": 0, "character": 3}, "end": {"line": 0, "character": 3}},
                            "text": "√"}]}))
    published = server.diagnostics(URI)
    assert published["version"] == 2
    edit = server.call(1, "textDocument/formatting", {"textDocument": {"uri": URI}, "options": {"tabSize": 2, "insertSpaces": True}})
    assert "result" in edit
    described = server.call(2, "rpn/evaluate", {"textDocument": {"uri": URI}})
    assert described["result"]["values"] == [3.0]
    # The comment line now holds the emoji and √ in some order, both whole.
    hover = server.call(3, "textDocument/hover", {"textDocument": {"uri": URI}, "position": {"line": 1, "character": 4}})
    assert hover["result"]["range"]["start"] == {"line": 1, "character": 4}
    drain_until_alive(server)


# --- Lifecycle -------------------------------------------------------------------------------

def test_requests_before_initialize(raw: RawServer):
    for id, method in [(1, "textDocument/hover"), (2, "shutdown"), (3, "rpn/evaluate"), ("s", "no/such/method")]:
        response = raw.call(id, method, {})
        assert response["error"]["code"] == NOT_INITIALIZED, response
    # Notifications before initialize are dropped, not answered (the didOpen is not kept).
    raw.open(URI, "1 0 ÷")
    raw.initialize()
    response = raw.call(4, "textDocument/hover", {"textDocument": {"uri": URI}, "position": {"line": 0, "character": 0}})
    assert response["error"]["code"] == REQUEST_FAILED
    assert not any(m.get("method") == "textDocument/publishDiagnostics" for m in raw.received)
    raw.assert_alive()


def test_initialize_twice_is_refused(server: RawServer):
    response = server.call(1, "initialize", {"processId": None, "capabilities": {}})
    assert response["error"]["code"] == INVALID_REQUEST
    server.assert_alive()


def test_unknown_method(server: RawServer):
    for id, method in [(1, "textDocument/unknown"), (2, "$/unknownRequest"), (3, "")]:
        response = server.call(id, method, {})
        assert response["error"]["code"] == METHOD_NOT_FOUND, response
    drain_until_alive(server)


def test_notifications_are_never_answered(server: RawServer):
    mark = len(server.received)
    server.send(
        notification("initialized", {}),
        notification("$/setTrace", {"value": "verbose"}),
        notification("$/cancelRequest", {"id": 12345}),
        notification("$/someUnknownNotification", {}),
        notification("some/unknownNotification", {"x": 1}),
        notification("workspace/didChangeConfiguration", {"settings": {}}),
        notification("workspace/didChangeConfiguration", None),
        notification("textDocument/didSave", {"textDocument": {"uri": URI}}),
        notification("textDocument/didClose", {"textDocument": {"uri": "file:///never/opened"}}),
    )
    before = drain_until_alive(server, since=mark)
    # Only the didClose's publishDiagnostics (an empty list) may come; no response at all.
    assert [m for m in before if "id" in m] == []
    assert all(m.get("method") == "textDocument/publishDiagnostics" for m in before), before
    # Logs go to stderr, never stdout. Another thread reads stderr: give it a moment (on a busy
    # machine the stdout answer above can be read first).
    deadline = time.monotonic() + TIMEOUT
    while "some/unknownNotification" not in server.stderr and time.monotonic() < deadline:
        time.sleep(0.01)
    assert "some/unknownNotification" in server.stderr


@pytest.mark.parametrize("id", ["abc", "1", "", "ünï😀", 0, -7, 2**53, "2" * 100])
def test_ids_are_echoed_unchanged(server: RawServer, id):
    response = server.call(id, "rpn/describe", {"text": "1 2 +"})
    assert response["id"] == id and type(response["id"]) is type(id)
    assert json.loads(response["__raw__"])["id"] == id
    error = server.call(id, "no/such/method", {})
    assert error["id"] == id and error["error"]["code"] == METHOD_NOT_FOUND


def test_shutdown_result_is_explicitly_null_then_exit_0(server: RawServer):
    response = server.call(1, "shutdown")  # no params, as Neovim sends it
    assert "error" not in response
    raw = json.loads(response["__raw__"])
    assert "result" in raw and raw["result"] is None
    assert b'"result":null' in response["__raw__"]
    # After shutdown, requests are refused; notifications other than exit are ignored.
    refused = server.call(2, "textDocument/hover", {"textDocument": {"uri": URI}, "position": {"line": 0, "character": 0}})
    assert refused["error"]["code"] == INVALID_REQUEST
    server.send(notification("exit", None))  # null params, as eglot sends it
    assert server.wait_exit() == 0


def test_exit_without_shutdown_is_status_1(server: RawServer):
    server.send(notification("exit"))
    assert server.wait_exit() == 1


def test_exit_before_initialize_is_status_1(raw: RawServer):
    raw.send(notification("exit"))
    assert raw.wait_exit() == 1


def test_stdin_closed_the_process_exits(server: RawServer):
    server.close_stdin()
    assert server.wait_exit() in (0, 1)
    assert server.returncode == 1  # no shutdown: abnormal


def test_stdin_closed_after_shutdown_the_process_exits(server: RawServer):
    assert server.call(1, "shutdown")["result"] is None
    server.close_stdin()
    assert server.wait_exit() in (0, 1)


def test_the_client_process_dies_the_server_exits(raw: RawServer):
    fake_client = subprocess.Popen(["sleep", "30"])
    try:
        raw.initialize(process_id=fake_client.pid)
        raw.assert_alive()
        time.sleep(1.5)  # longer than the server's watch interval: the client is alive
        raw.assert_alive("still")
    finally:
        fake_client.kill()
        fake_client.wait()  # reap it: a zombie still answers kill(pid, 0)
    started = time.monotonic()
    status = raw.wait_exit(timeout=5)
    assert time.monotonic() - started < 5
    assert status == 1
    assert "has gone" in raw.stderr


def test_processid_null_and_zero_are_no_client(raw: RawServer):
    raw.call("init", "initialize", {"processId": 0, "capabilities": {}})
    time.sleep(1.5)
    raw.assert_alive()


def test_cancel_request_in_the_same_write(server: RawServer):
    server.open(URI, "1 2 + 3 ×")
    server.diagnostics(URI)
    hover = request(10, "textDocument/hover", {"textDocument": {"uri": URI}, "position": {"line": 0, "character": 0}})
    other = request("keep", "textDocument/hover", {"textDocument": {"uri": URI}, "position": {"line": 0, "character": 0}})
    # One write: the request, its cancellation, and a request that is not cancelled.
    server.send(hover, notification("$/cancelRequest", {"id": 10}), other)
    cancelled = server.response(10)
    assert cancelled["error"]["code"] == CANCELLED
    kept = server.response("keep")
    assert "result" in kept and kept["result"]["contents"]
    # A string id is cancelled by its string, never by the integer of the same digits.
    server.send(request("11", "rpn/describe", {"text": "1"}), request(11, "rpn/describe", {"text": "2"}),
                notification("$/cancelRequest", {"id": "11"}))
    assert server.response("11")["error"]["code"] == CANCELLED
    assert server.response(11)["result"]["description"] == "2"
    drain_until_alive(server)


def test_cancel_of_an_answered_request_is_ignored(server: RawServer):
    assert "result" in server.call(1, "rpn/describe", {"text": "1"})
    mark = len(server.received)
    server.send(notification("$/cancelRequest", {"id": 1}))
    assert drain_until_alive(server, since=mark) == []


def test_stdout_carries_only_frames_and_logs_go_to_stderr(raw: RawServer):
    """A whole session (including things the server logs) as one stdout stream: every byte is
    part of a frame."""
    raw.initialize()
    raw.send(notification("unknown/notification", {}))
    raw.write(b"garbage that is not a header\r\n\r\n")
    raw.open(URI, "# 😀\n√ π × 1 0 ÷")
    raw.diagnostics(URI)
    raw.call(1, "textDocument/semanticTokens/full", {"textDocument": {"uri": URI}})
    raw.call(2, "textDocument/hover", {"textDocument": {"uri": URI}, "position": {"line": 1, "character": 0}})
    raw.send(notification("textDocument/didChange", {"textDocument": {"uri": URI}, "contentChanges": "oops"}))
    assert raw.shutdown_and_exit() == 0
    assert raw.violations == []
    framed = sum(len(m["__raw__"]) + len(b"Content-Length: %d\r\n\r\n" % len(m["__raw__"])) for m in raw.received)
    assert framed == raw.stdout_bytes
    assert "rpn lsp:" in raw.stderr and "unknown/notification" in raw.stderr
    assert "framing" in raw.stderr


def test_a_client_that_stops_reading_does_not_kill_the_server():
    """The client closes its end of the server's stdout: writes fail with EPIPE (main ignores
    SIGPIPE), and the server still ends cleanly when its input ends."""
    from lsp_wire import RPN
    proc = subprocess.Popen([RPN, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL)
    proc.stdout.close()
    proc.stdin.write(frame(request(1, "initialize", {"capabilities": {}})))
    proc.stdin.write(frame(request(2, "shutdown")))
    proc.stdin.flush()
    time.sleep(0.5)
    try:
        proc.stdin.write(frame(notification("exit")))
        proc.stdin.close()
    except BrokenPipeError:
        pass
    code = proc.wait(timeout=TIMEOUT)
    assert code >= 0, f"killed by signal {-code}"
