"""The evaluator's options given to `rpn` on a terminal (issue 7): the shell starts with them,
or `rpn` refuses them (exit 64) where they make no sense for the shell. Under a real
pseudo-terminal, as a person starts it.

RPN_BIN names the binary.
"""
from __future__ import annotations

from pathlib import Path

import pexpect
import pytest

from shell_support import PROMPT, RPN, environment, line, quit
from shell_support import spawn as spawn_shell


def spawn(home: Path, args: list[str]) -> pexpect.spawn:
    return spawn_shell(home, args, settle=0.3)


def test_degrees_starts_the_shell_in_degrees(tmp_path):
    child = spawn(tmp_path, ["--degrees"])
    assert "sin(30) = 0.5" in line(child, "30 sin")  # sin 30° = 1/2
    assert quit(child) == 0


def test_ascii_starts_the_shell_with_ascii_descriptions(tmp_path):
    child = spawn(tmp_path, ["--ascii"])
    shown = line(child, "3 5 + √ π ×").split("\n", 1)[1]  # after the echo of the line typed
    assert "sqrt(3+5)*pi = " in shown
    assert "√" not in shown and "×" not in shown
    assert quit(child) == 0


def test_set_starts_the_shell_with_the_variables(tmp_path):
    child = spawn(tmp_path, ["--set", "x=3", "--degrees", "--set", "y=x 30 × sin"])
    assert "x×y = 3" in line(child, "x y ×")  # y = sin 90° = 1 (in radians, sin 90 ≈ 0.89)
    assert quit(child) == 0


def test_options_together(tmp_path):
    child = spawn(tmp_path, ["--ascii", "--degrees", "--set", "r=2"])
    assert "r*sin(90) = 2" in line(child, "r 90 sin ×")
    assert quit(child) == 0


def run_to_end(home: Path, args: list[str]) -> tuple[int, str]:
    child = pexpect.spawn(RPN, args, env=environment(home), encoding="utf-8", timeout=10, dimensions=(30, 100))
    child.expect(pexpect.EOF)
    child.close()
    return child.exitstatus, child.before


@pytest.mark.parametrize("args, named", [
    (["--json"], "--json"),
    (["--describe"], "--describe"),
    (["-d", "--degrees"], "--describe"),
])
def test_options_without_meaning_for_the_shell_are_refused(tmp_path, args, named):
    status, shown = run_to_end(tmp_path, args)
    assert status == 64
    assert PROMPT not in shown
    assert "rpn: error:" in shown and named in shown


def test_a_bad_set_is_refused_before_the_shell_starts(tmp_path):
    status, shown = run_to_end(tmp_path, ["--set", "x=1 0 ÷"])
    assert status == 64
    assert PROMPT not in shown
    assert "rpn: error: --set x=1 0 ÷: division by zero" in shown
