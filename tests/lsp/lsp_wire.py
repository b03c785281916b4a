"""Raw JSON-RPC over stdio for the robustness tests of `rpn lsp`: a server process, framing
by hand, a reader thread that checks that stdout carries nothing but framed messages."""

from __future__ import annotations

import json
import os
import queue
import signal
import subprocess
import threading
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
RPN = os.environ.get("RPN_BIN", str(REPO / ".build/debug/rpn"))
TIMEOUT = 10.0


def require_server() -> str:
    """RPN_BIN, checked to be an executable (fails, never skips, when it is missing)."""
    if not (os.path.isfile(RPN) and os.access(RPN, os.X_OK)):
        pytest.fail(f"RPN_BIN={RPN} does not exist: build it (swift build) or set RPN_BIN",
                    pytrace=False)
    return RPN


def frame(message) -> bytes:
    """`Content-Length` framing of a JSON value (or of bytes taken as the body)."""
    body = message if isinstance(message, (bytes, bytearray)) else json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + bytes(body)


def request(id, method: str, params=None) -> dict:
    message = {"jsonrpc": "2.0", "id": id, "method": method}
    if params is not None:
        message["params"] = params
    return message


def notification(method: str, params=None) -> dict:
    message = {"jsonrpc": "2.0", "method": method}
    if params is not None:
        message["params"] = params
    return message


class StdoutFramingError(AssertionError):
    pass


class RawServer:
    """`rpn lsp` as a child process. Every frame on stdout is parsed strictly (a
    `Content-Length` header block, then exactly that many bytes of JSON); anything else is
    recorded in `violations`. stderr is collected in `stderr`."""

    def __init__(self, *args: str):
        self.proc = subprocess.Popen([require_server(), "lsp", *args], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, bufsize=0)
        self.messages: queue.Queue = queue.Queue()
        self.received: list[dict] = []
        self.violations: list[str] = []
        self.stdout_bytes = 0
        self._stderr = bytearray()
        self.rusage = None
        self.returncode: int | None = None
        self._reader = threading.Thread(target=self._read_stdout, daemon=True)
        self._reader.start()
        self._errreader = threading.Thread(target=self._read_stderr, daemon=True)
        self._errreader.start()

    # --- output -----------------------------------------------------------------------------
    def _read_stdout(self):
        fd = self.proc.stdout.fileno()
        buffer = bytearray()
        while True:
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                break
            self.stdout_bytes += len(chunk)
            buffer += chunk
            while True:
                end = buffer.find(b"\r\n\r\n")
                if end < 0:
                    if len(buffer) > 4096 or (buffer and not b"Content-Length: ".startswith(bytes(buffer[:16]))
                                              and not bytes(buffer).startswith(b"Content-Length: ")):
                        self.violations.append(f"stray bytes on stdout: {bytes(buffer[:200])!r}")
                        buffer.clear()
                    break
                headers = bytes(buffer[:end]).split(b"\r\n")
                length = None
                for h in headers:
                    name, sep, value = h.partition(b":")
                    if not sep:
                        self.violations.append(f"not a header line on stdout: {h[:200]!r}")
                    elif name.strip().lower() == b"content-length" and value.strip().isdigit():
                        length = int(value.strip())
                    elif name.strip().lower() != b"content-type":
                        self.violations.append(f"unexpected header on stdout: {h[:200]!r}")
                if length is None:
                    self.violations.append(f"a header block without Content-Length: {bytes(buffer[:end])[:200]!r}")
                    buffer.clear()
                    break
                if len(buffer) < end + 4 + length:
                    break
                body = bytes(buffer[end + 4:end + 4 + length])
                del buffer[:end + 4 + length]
                try:
                    message = json.loads(body.decode("utf-8"))
                except (UnicodeDecodeError, json.JSONDecodeError) as error:
                    self.violations.append(f"a body that is not JSON ({error}): {body[:200]!r}")
                    continue
                message["__raw__"] = body
                self.received.append(message)
                self.messages.put(message)
        if buffer:
            self.violations.append(f"an incomplete frame at the end of stdout: {bytes(buffer[:200])!r}")
        self.messages.put(None)  # end of stdout

    def _read_stderr(self):
        fd = self.proc.stderr.fileno()
        while True:
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                break
            self._stderr += chunk

    @property
    def stderr(self) -> str:
        return self._stderr.decode("utf-8", "replace")

    # --- input ------------------------------------------------------------------------------
    def write(self, data: bytes):
        self.proc.stdin.write(data)

    def send(self, *messages):
        """Frames and sends messages (dicts, or bytes taken as bodies) in one write."""
        self.write(b"".join(frame(m) for m in messages))

    def close_stdin(self):
        try:
            self.proc.stdin.close()
        except BrokenPipeError:
            pass

    # --- waiting ----------------------------------------------------------------------------
    def next_message(self, timeout: float = TIMEOUT) -> dict:
        try:
            message = self.messages.get(timeout=timeout)
        except queue.Empty:
            raise AssertionError(f"no message from the server within {timeout}s; stderr: {self.stderr[-2000:]}")
        if message is None:
            self.messages.put(None)
            raise AssertionError(f"the server closed stdout (status {self.proc.poll()}); stderr: {self.stderr[-2000:]}")
        return message

    def wait_for(self, predicate, timeout: float = TIMEOUT) -> dict:
        """The next message satisfying `predicate` (messages before it are dropped)."""
        deadline = time.monotonic() + timeout
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise AssertionError(f"no matching message within {timeout}s; stderr: {self.stderr[-2000:]}")
            message = self.next_message(remaining)
            if predicate(message):
                return message

    def response(self, id, timeout: float = TIMEOUT) -> dict:
        """The response to request `id` (compared with its JSON type: 1 is not "1")."""
        return self.wait_for(lambda m: "method" not in m and "id" in m and m["id"] == id
                             and type(m["id"]) is type(id), timeout)

    def error_response(self, timeout: float = TIMEOUT) -> dict:
        return self.wait_for(lambda m: "method" not in m and "error" in m, timeout)

    def call(self, id, method: str, params=None, timeout: float = TIMEOUT) -> dict:
        self.send(request(id, method, params))
        return self.response(id, timeout)

    def diagnostics(self, uri: str, timeout: float = TIMEOUT) -> dict:
        return self.wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                             and m["params"]["uri"] == uri, timeout)["params"]

    def initialize(self, capabilities=None, process_id=None, **extra) -> dict:
        params = {"processId": process_id, "rootUri": None, "capabilities": capabilities or {}, **extra}
        result = self.call("init", "initialize", params)
        assert "result" in result, result
        self.send(notification("initialized", {}))
        return result["result"]

    def open(self, uri: str, text: str, version: int = 1):
        self.send(notification("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "rpn", "version": version, "text": text}}))

    def assert_alive(self, id="alive"):
        """A valid request after whatever came before is still answered."""
        response = self.call(id, "rpn/describe", {"text": "1 2 +"})
        assert response.get("result", {}).get("description") == "1+2", response

    def wait_exit(self, timeout: float = TIMEOUT) -> int:
        """Waits for the process (os.wait4: `rusage` keeps its resource usage) and returns its
        exit status; fails after `timeout` seconds."""
        if self.returncode is not None:
            return self.returncode
        deadline = time.monotonic() + timeout
        while True:
            pid, status, rusage = os.wait4(self.proc.pid, os.WNOHANG)
            if pid:
                self.returncode = os.waitstatus_to_exitcode(status)
                self.proc.returncode = self.returncode
                self.rusage = rusage
                self._reader.join(timeout)
                self._errreader.join(timeout)
                return self.returncode
            if time.monotonic() > deadline:
                raise AssertionError(f"the server did not exit within {timeout}s; stderr: {self.stderr[-2000:]}")
            time.sleep(0.02)

    def peak_rss_bytes(self) -> int:
        """The peak RSS of the server program, from /proc/PID/status VmHWM (the server must be
        running). Not `ru_maxrss` of os.wait4: Linux carries a process's maxrss across execve,
        and Python spawns with vfork, so the child's ru_maxrss starts at the high-water mark
        of the test process itself (over 100 MB once a test has built a 50 MB document).
        VmHWM belongs to the address space exec created, so it is the server's alone."""
        with open(f"/proc/{self.proc.pid}/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) * 1024
        raise AssertionError("no VmHWM in /proc/PID/status")

    def kill(self):
        if self.returncode is None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
        try:
            self.wait_exit(5)
        except (AssertionError, ChildProcessError):
            pass
        for stream in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            try:
                stream.close()
            except OSError:
                pass

    def shutdown_and_exit(self) -> int:
        response = self.call("bye", "shutdown")
        assert "result" in response and response["result"] is None, response
        self.send(notification("exit"))
        return self.wait_exit()
