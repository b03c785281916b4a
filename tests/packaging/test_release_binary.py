"""README's set-up command (`swift build -c release --product rpn`) builds the fast binary:
on Linux a static executable, which starts about as fast as dc (bench/run measures it; the
dynamic build took 4-5x dc's start-up). RPN_BIN is that binary unless set otherwise."""

from __future__ import annotations

import os
import struct
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
RELEASE = REPO / ".build" / "release" / "rpn"
PT_INTERP, PT_DYNAMIC = 3, 2


def program_header_types(path: Path) -> set[int]:
    """The p_type of every program header of a 64-bit little-endian ELF file."""
    data = path.read_bytes()[:1 << 16]
    assert data[:4] == b"\x7fELF", f"{path} is not an ELF file"
    assert data[4] == 2 and data[5] == 1, "expected a 64-bit little-endian ELF file"
    phoff, = struct.unpack_from("<Q", data, 0x20)
    phentsize, phnum = struct.unpack_from("<HH", data, 0x36)
    return {struct.unpack_from("<I", data, phoff + i * phentsize)[0] for i in range(phnum)}


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="static executables are built on Linux only")
def test_the_readme_release_build_is_a_static_executable():
    assert RELEASE.is_file(), f"{RELEASE} is missing: swift build -c release --product rpn"
    types = program_header_types(RELEASE)
    assert PT_INTERP not in types, "the release binary asks for a dynamic loader (PT_INTERP)"
    assert PT_DYNAMIC not in types, "the release binary links shared libraries (PT_DYNAMIC)"


def test_program_header_reader_sees_a_dynamic_executable():
    """The check above can fail: a dynamically linked program (the Python running this test)
    has PT_INTERP."""
    python = Path(os.path.realpath(sys.executable))
    assert PT_INTERP in program_header_types(python)


def test_the_static_shell_reads_a_line_with_libedit(tmp_path):
    """libedit, linked statically with its terminal library, still edits: a line typed with a
    Ctrl-A (beginning of line) correction runs as edited, and Ctrl-D leaves."""
    import pexpect
    env = {"HOME": str(tmp_path), "TERM": "xterm", "LANG": "C.UTF-8", "NO_COLOR": "1",
           "PATH": os.environ.get("PATH", "/usr/bin:/bin")}
    child = pexpect.spawn(str(RELEASE), env=env, encoding="utf-8", timeout=10, dimensions=(24, 80))
    try:
        child.expect_exact("rpn> ")
        child.send("4 +\x01" + "3 ")  # types "4 +", goes to the start, inserts "3 "
        child.send("\r")
        child.expect(r"1: 7\b")
        child.expect_exact("rpn> ")
        child.sendeof()
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert child.exitstatus == 0, child.before
