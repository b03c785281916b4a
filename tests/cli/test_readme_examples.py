"""README's console examples are what rpn prints: every `$ rpn ...` line of a ```console block
runs in bash (with `rpn` the binary under test first on PATH), and its standard output and
standard error together must be the lines after it, up to the next `$` or the block's end.
A figure or an example in README that drifts from the program fails here. (Examples that run
a file of their own, shown only in part, are left out.)"""
from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
RPN = os.environ.get("RPN_BIN", str(REPO / ".build/release/rpn"))


def examples() -> list[tuple[int, str, str]]:
    """(line number, command, expected output) of every console example."""
    found = []
    block = None
    for number, line in enumerate((REPO / "README.md").read_text().splitlines(), 1):
        if line.startswith("```"):
            block = [] if line == "```console" and block is None else None
            continue
        if block is None:
            continue
        if line.startswith("$ "):
            found.append([number, line[2:], []])
        elif found and found[-1][0] <= number:
            found[-1][2].append(line)
    return [(n, command, "\n".join(out) + "\n" if out else "") for n, command, out in found
            if not re.search(r"\S+\.rpn\b", command)]


@pytest.fixture(scope="module")
def path_with_rpn(tmp_path_factory) -> str:
    folder = tmp_path_factory.mktemp("bin")
    (folder / "rpn").symlink_to(RPN)
    return f"{folder}:{os.environ['PATH']}"


@pytest.mark.parametrize("line, command, expected", examples(), ids=lambda x: str(x)[:40])
def test_readme_console_example(line, command, expected, path_with_rpn, tmp_path):
    proc = subprocess.run(["bash", "-c", command], capture_output=True, text=True, cwd=tmp_path, timeout=60,
                          env={**os.environ, "PATH": path_with_rpn, "NO_COLOR": "1"})
    assert proc.stdout + proc.stderr == expected, f"README.md:{line}: {command}"


def test_there_are_examples():
    assert len(examples()) >= 10
