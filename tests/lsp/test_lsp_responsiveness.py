"""A server that keeps up, on the wire (raw frames over a pipe, as test_lsp_robustness does):
edits that arrive together are analysed once, long requests stop for a cancellation or for a
newer version of their document, the client is asked to refresh after a configuration change
and its answers are taken in silently, a client process in another PID namespace is not
mistaken for a dead one, and memory goes back when a document closes.
"""

from __future__ import annotations

import time

import pytest

from lsp_wire import RawServer, notification, request

pytestmark = pytest.mark.filterwarnings("error")

CANCELLED, CONTENT_MODIFIED = -32800, -32801
URI = "file:///tmp/rpn-lsp-responsiveness/doc.rpn"
DOC = {"uri": URI}


@pytest.fixture
def server():
    s = RawServer()
    s.initialize()
    yield s
    s.kill()
    assert s.violations == [], s.violations


def change(version: int, text: str, line: int = 0) -> dict:
    """An insertion at the start of `line`."""
    at = {"line": line, "character": 0}
    return notification("textDocument/didChange", {"textDocument": {"uri": URI, "version": version},
                                                   "contentChanges": [{"range": {"start": at, "end": at}, "text": text}]})


def since(s: RawServer, mark: int) -> list[dict]:
    return s.received[mark:]


def test_edits_that_arrive_together_are_published_once(server: RawServer):
    server.open(URI, "1 2 +\n" * 20_000)
    assert server.diagnostics(URI)["diagnostics"] == []
    mark = len(server.received)
    # Twenty edits and a request in one write, as a client sends them to a busy server.
    server.send(*[change(v, "1 0 /\n") for v in range(2, 22)], request("after", "rpn/describe", {"text": "1"}))
    server.response("after")  # answered first: the analysis waits for what is queued behind the edits
    assert server.diagnostics(URI)["version"] == 21
    server.assert_alive()
    published = [m["params"] for m in since(server, mark) if m.get("method") == "textDocument/publishDiagnostics"]
    assert [p["version"] for p in published] == [21], "one analysis, for the newest version"
    assert len(published[0]["diagnostics"]) == 20, "with every edit applied"
    assert [d["range"]["start"]["line"] for d in published[0]["diagnostics"]] == list(range(20))


@pytest.mark.parametrize("method", ["textDocument/semanticTokens/full", "textDocument/documentSymbol",
                                    "textDocument/inlayHint"])
def test_a_long_request_yields_to_the_edit_behind_it(server: RawServer, method: str):
    server.open(URI, "1 2 + →x\n" * 1000)
    server.diagnostics(URI)
    mark = len(server.received)
    params = {"textDocument": DOC, "range": {"start": {"line": 0, "character": 0}, "end": {"line": 1000, "character": 0}}}
    server.send(request(7, method, params), change(2, "1 0 /\n"))
    answer = server.response(7)
    assert answer.get("error", {}).get("code") == CONTENT_MODIFIED, answer
    order = [m.get("method") or f"answer {m['id']}" for m in since(server, mark)]
    assert order == ["textDocument/publishDiagnostics", "answer 7"], "the edit is handled first"
    assert since(server, mark)[0]["params"]["version"] == 2
    # Asked again, the request is answered for the new version.
    again = server.call(8, "textDocument/semanticTokens/full", {"textDocument": DOC})
    assert again["result"]["data"][:5] == [0, 0, 1, 0, 0]


def test_a_cancellation_stops_a_long_request_while_it_works(server: RawServer):
    lines = 200_000
    server.open(URI, "1 2 + 3 × √ # c\n" * lines)
    server.diagnostics(URI, timeout=30)
    started = time.monotonic()
    server.send(request(9, "textDocument/semanticTokens/full", {"textDocument": DOC}))
    time.sleep(0.02)  # the request has started: its whole answer takes far longer (7 × 10^5 tokens)
    server.send(notification("$/cancelRequest", {"id": 9}))
    answer = server.response(9, timeout=30)
    assert answer.get("error", {}).get("code") == CANCELLED, f"answered after {time.monotonic() - started:.2f} s"
    server.assert_alive()


def test_the_client_is_asked_to_refresh_after_a_configuration_change(server: RawServer):
    s = RawServer()
    try:
        s.initialize(capabilities={"workspace": {"inlayHint": {"refreshSupport": True},
                                                 "semanticTokens": {"refreshSupport": True}}})
        s.open(URI, "30 sin\n")
        s.diagnostics(URI)
        mark = len(s.received)
        s.send(notification("workspace/didChangeConfiguration", {"settings": {"rpn": {"angleUnit": "degrees"}}}))
        refreshes = [s.wait_for(lambda m: m.get("method", "").endswith("/refresh")) for _ in range(2)]
        assert sorted(m["method"] for m in refreshes) == ["workspace/inlayHint/refresh", "workspace/semanticTokens/refresh"]
        ids = [m["id"] for m in refreshes]
        assert len(set(map(repr, ids))) == 2 and all(i is not None for i in ids)
        # The client answers one with a result and one with an error: the server says nothing back.
        s.send({"jsonrpc": "2.0", "id": ids[0], "result": None},
               {"jsonrpc": "2.0", "id": ids[1], "error": {"code": -32601, "message": "not here"}})
        s.assert_alive()
        answers = [m for m in since(s, mark) if "method" not in m]
        assert [m["id"] for m in answers] == ["alive"], answers
        assert "ignoring a response" not in s.stderr
    finally:
        s.kill()
    # Without the capability, nothing is sent.
    mark = len(server.received)
    server.send(notification("workspace/didChangeConfiguration", {"settings": {"rpn": {"angleUnit": "degrees"}}}))
    server.assert_alive()
    assert [m for m in since(server, mark) if m.get("method", "").endswith("/refresh")] == []


def test_a_client_process_id_from_another_pid_namespace_is_not_watched():
    with open("/proc/sys/kernel/pid_max") as f:
        missing = int(f.read()) + 1  # no process here has it: as seen from another namespace
    s = RawServer()
    try:
        s.initialize(process_id=missing)
        time.sleep(2.5)  # past the server's watch interval
        s.assert_alive()
        assert "not watching" in s.stderr
        assert s.shutdown_and_exit() == 0
    finally:
        s.kill()


def rss_anon(s: RawServer) -> int:
    with open(f"/proc/{s.proc.pid}/status") as status:
        for line in status:
            if line.startswith("RssAnon:"):
                return int(line.split()[1]) * 1024
    raise AssertionError("no RssAnon")


def test_memory_goes_back_when_a_document_closes(server: RawServer):
    server.assert_alive("warm")
    before = rss_anon(server)
    text = "x 1 + 3 × √ →y # note\n" * 200_000  # 4.6 MB
    server.open(URI, text)
    server.diagnostics(URI, timeout=30)
    assert "result" in server.call(1, "textDocument/semanticTokens/full", {"textDocument": DOC}, timeout=30)
    assert "result" in server.call(2, "textDocument/documentSymbol", {"textDocument": DOC}, timeout=30)
    used = rss_anon(server) - before
    server.send(notification("textDocument/didClose", {"textDocument": DOC}))
    assert server.diagnostics(URI)["diagnostics"] == []
    server.assert_alive("after")
    time.sleep(0.2)
    left = rss_anon(server) - before
    assert used > 20_000_000, f"the document and its analysis took {used / 1e6:.1f} MB"
    assert left < 4_000_000, f"{left / 1e6:.1f} MB of the {used / 1e6:.1f} MB stayed after the close"
