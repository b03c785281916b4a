"""The shell's continuous memory (issue 20): the stack, variables, words, modes and the undo
history outlive the process, even `kill -9`; damaged or newer state files are kept aside;
`--fresh`, `--session NAME`, `:new`, `:sessions`; several shells at once.

Each test has a HOME of its own (shell_support.environment), so the state file is
HOME/state/rpn/sessions/NAME.rpn.
"""
from __future__ import annotations

import re
import signal
import subprocess
import time
from pathlib import Path

import pexpect

from shell_support import PROMPT, RPN, environment

SETTLE = 0.1
LEVEL = re.compile(r"^\s+\d+: (.*?)\s*$", re.MULTILINE)


def start(home: Path, args: list[str] | None = None) -> tuple[pexpect.spawn, str]:
    """`rpn ARGS` under a pseudo-terminal; the shell and what it printed before its first prompt."""
    child = pexpect.spawn(RPN, args or [], env=environment(home), cwd=str(home), encoding="utf-8",
                          timeout=10, dimensions=(30, 100))
    child.expect_exact(PROMPT)
    shown = child.before
    time.sleep(SETTLE)
    return child, shown


def entered(child: pexpect.spawn, text: str) -> str:
    child.sendline(text)
    child.expect_exact(PROMPT)
    shown = child.before
    time.sleep(SETTLE)
    return shown


def leave(child: pexpect.spawn) -> int:
    child.sendcontrol("d")
    child.expect(pexpect.EOF)
    child.close()
    return child.exitstatus


def killed(child: pexpect.spawn) -> None:
    child.kill(signal.SIGKILL)
    child.expect(pexpect.EOF)
    child.close()


def stack(shown: str) -> list[str]:
    """The values of the stack display in `shown`, oldest first ([] for `(empty stack)`)."""
    return LEVEL.findall(shown)


def state_file(home: Path, name: str = "default") -> Path:
    return home / "state" / "rpn" / "sessions" / f"{name}.rpn"


# Twenty accepted lines, each with the stack it leaves (values as shown, worked out by hand).
LINES = [
    ("1 2 +", ["3"]),
    ("4", ["3", "4"]),
    ("*", ["12"]),
    (": square dup * ;", ["12"]),
    ("square", ["144"]),
    (":set r 5", ["144"]),
    ("r square", ["144", "25"]),
    (":fix 2", ["144.00", "25.00"]),
    ("+", ["169.00"]),
    (":deg", ["169.00"]),
    ("90 sin", ["169.00", "1.00"]),
    (":std", ["169", "1"]),
    (":undo", ["169"]),
    ("7", ["169", "7"]),
    (":clear", []),
    ("5 square", ["25"]),
    (":hex", ["0x19"]),
    (":new", []),
    (":undo", ["0x19"]),
    ("1 +", ["0x1A"]),
]

# What :undo then takes back, newest first, and the stack after each (hex stays: display
# modes are not undone).
UNDOS = [
    ("1 +", ["0x19"]),
    ("5 square", []),
    (":clear", ["0xA9", "0x7"]),
    ("7", ["0xA9"]),
    ("deg", ["0xA9"]),
    ("+", ["0x90", "0x19"]),
    ("r square", ["0x90"]),
    ("5 →r", ["0x90"]),
    ("square", ["0xC"]),
    ("defined square", ["0xC"]),
    ("*", ["0x3", "0x4"]),
    ("4", ["0x3"]),
    ("1 2 +", []),
]


def test_kill_nine_after_each_of_twenty_lines_loses_nothing(tmp_path):
    child, _ = start(tmp_path)
    for text, expected in LINES:
        assert stack(entered(child, text)) == expected, text
        killed(child)
        child, shown = start(tmp_path)
        assert stack(shown) == expected, f"after {text!r} and kill -9"
        assert "restored" in shown
    # the words came back too (:clear forgot r; square stays)
    assert "square" in entered(child, ":words")
    # the undo history outlives every restart, each :undo itself surviving a kill
    for taken, expected in UNDOS:
        shown = entered(child, ":undo")
        assert f"took back: {taken}" in shown
        assert stack(shown) == expected, taken
        killed(child)
        child, shown = start(tmp_path)
        assert stack(shown) == expected, f"after undoing {taken!r} and kill -9"
    assert "nothing to undo" in entered(child, ":undo")
    assert leave(child) == 0


def test_two_shells_at_once_each_write_whole_states_and_the_last_to_leave_wins(tmp_path):
    first, _ = start(tmp_path)
    second, _ = start(tmp_path)
    path = state_file(tmp_path)
    for child, text, expected in [(first, "1 2 +", ["3"]), (second, "10", ["10"]), (first, "4 *", ["12"]),
                                  (second, "20 +", ["30"]), (first, ": tw 2 * ;", ["12"]), (second, "5", ["30", "5"])]:
        assert stack(entered(child, text)) == expected
        # whichever wrote last, the file is one shell's whole state: it runs as a program
        ran = subprocess.run([RPN, str(path)], capture_output=True, text=True, timeout=10)
        assert ran.returncode == 0 and ran.stdout.split() == expected
    assert leave(second) == 0
    assert leave(first) == 0
    child, shown = start(tmp_path)
    assert stack(shown) == ["12"]
    assert "tw" in entered(child, ":words")
    assert "took back: defined tw" in entered(child, ":undo")
    assert leave(child) == 0


def test_the_state_file_is_readable_rpn_giving_the_stack_the_shell_showed(tmp_path):
    child, _ = start(tmp_path)
    for text in [": hyp ( a b -- c ) a 2 ^ b 2 ^ + √ ;", "100 200", ":clear", "3 4 hyp", ":set x 2", "x 10 *", ":fix 3"]:
        entered(child, text)
    assert leave(child) == 0
    text = state_file(tmp_path).read_text()
    assert text.startswith("# rpn session state, format 1\n")
    assert "\n3 4 hyp\n" in text and "\n#| 100 200\n" in text
    ran = subprocess.run([RPN, str(state_file(tmp_path))], capture_output=True, text=True, timeout=10)
    assert ran.returncode == 0 and ran.stdout == "5\n20\n"


def test_undo_and_redo_say_what_they_took_back_or_redid(tmp_path):
    child, _ = start(tmp_path)
    entered(child, ": square dup * ;")
    entered(child, "3 4 +")
    assert "took back: 3 4 +" in entered(child, ":undo")
    shown = entered(child, ":undo")
    assert "took back: defined square" in shown and "(empty stack)" in shown
    assert "redid: defined square" in entered(child, ":redo")
    entered(child, "6")
    entered(child, ":clear")
    entered(child, ":undo")
    assert "redid: :clear" in entered(child, ":redo")
    assert leave(child) == 0


def test_a_damaged_state_file_is_reported_kept_aside_and_the_shell_starts_empty(tmp_path):
    path = state_file(tmp_path)
    path.parent.mkdir(parents=True)
    damaged = b"\x00\xffnot a state file\n"
    path.write_bytes(damaged)
    child, shown = start(tmp_path)
    assert "cannot restore" in shown and str(path) in shown
    kept = [p for p in path.parent.iterdir() if p.name.startswith("default.rpn.") and p.read_bytes() == damaged]
    assert len(kept) == 1 and str(kept[0]) in shown
    assert stack(entered(child, "2 3 +")) == ["5"]
    assert leave(child) == 0
    child, shown = start(tmp_path)
    assert stack(shown) == ["5"]
    assert leave(child) == 0
    assert kept[0].read_bytes() == damaged


def test_a_state_file_from_a_newer_rpn_is_kept_aside(tmp_path):
    path = state_file(tmp_path)
    path.parent.mkdir(parents=True)
    newer = "# rpn session state, format 99\n1 2 +\n"
    path.write_text(newer)
    child, shown = start(tmp_path)
    assert "newer" in shown and "format 99" in shown
    assert stack(entered(child, "7")) == ["7"]
    assert leave(child) == 0
    assert [p.read_text() for p in path.parent.iterdir() if p.name.startswith("default.rpn.")] == [newer]


def test_a_line_that_no_longer_replays_is_pointed_at_and_the_file_kept_aside(tmp_path):
    child, _ = start(tmp_path)
    entered(child, "1 2")
    entered(child, "3 0")
    assert leave(child) == 0
    path = state_file(tmp_path)
    lines = path.read_text().splitlines()
    number = lines.index("3 0") + 1
    edited = path.read_text().replace("\n3 0\n", "\n3 0 ÷\n")   # a hand edit that breaks it
    path.write_text(edited)
    child, shown = start(tmp_path)
    assert f"cannot restore the session from {path}:{number}:5: division by zero" in shown
    assert "starting empty" in shown and stack(shown) == []
    assert [p.read_text() for p in path.parent.iterdir() if p.name.startswith("default.rpn.")] == [edited]
    assert stack(entered(child, "8")) == ["8"]
    assert leave(child) == 0


def test_an_included_file_that_changed_is_named_when_the_line_no_longer_replays(tmp_path):
    (tmp_path / "lib.rpn").write_text(": inc 1 + ;\n")
    child, _ = start(tmp_path)
    entered(child, 'include "lib.rpn"')
    assert stack(entered(child, "41 inc")) == ["42"]
    assert leave(child) == 0
    (tmp_path / "lib.rpn").write_text("1 0 ÷\n")
    child, shown = start(tmp_path)
    assert "cannot restore" in shown and "lib.rpn:1:5: division by zero" in shown
    assert stack(shown) == []
    assert leave(child) == 0


def test_fresh_starts_empty_and_leaves_the_saved_state_alone(tmp_path):
    child, _ = start(tmp_path)
    entered(child, "6 7 *")
    assert leave(child) == 0
    saved = state_file(tmp_path).read_bytes()
    child, shown = start(tmp_path, ["--fresh"])
    assert "restored" not in shown and stack(shown) == []
    assert stack(entered(child, "1")) == ["1"]
    assert leave(child) == 0
    assert state_file(tmp_path).read_bytes() == saved
    child, shown = start(tmp_path)
    assert stack(shown) == ["42"]
    assert leave(child) == 0


def test_named_sessions_are_kept_apart_and_listed(tmp_path):
    child, _ = start(tmp_path, ["--session", "work"])
    entered(child, "100")
    assert leave(child) == 0
    child, _ = start(tmp_path)
    entered(child, "1")
    listed = entered(child, ":sessions")
    assert re.search(r"\* default", listed) and re.search(r"  work", listed)
    assert leave(child) == 0
    child, shown = start(tmp_path, ["--session", "work"])
    assert stack(shown) == ["100"]
    assert leave(child) == 0
    bad = subprocess.run([RPN, "--session", "../x"], capture_output=True, text=True, timeout=10, stdin=subprocess.DEVNULL,
                         env=environment(tmp_path))
    assert bad.returncode == 64 and "--session" in bad.stderr


def test_new_starts_an_empty_state_that_undo_takes_back(tmp_path):
    child, _ = start(tmp_path)
    entered(child, ": dbl 2 * ;")
    entered(child, ":deg")
    entered(child, "21 dbl")
    shown = entered(child, ":new")
    assert stack(shown) == []
    assert "dbl" not in entered(child, ":words")
    assert "took back: :new" in entered(child, ":undo")
    assert stack(entered(child, "dbl")) == ["84"]
    assert leave(child) == 0


def test_options_given_apply_on_top_of_the_restored_session_and_undo_takes_them_back(tmp_path):
    child, _ = start(tmp_path)
    entered(child, "2 3")
    assert leave(child) == 0
    child, shown = start(tmp_path, ["--degrees", "--set", "r=4", "--fix", "1"])
    assert stack(shown) == ["2.0", "3.0"]
    assert stack(entered(child, "90 sin r ×")) == ["2.0", "3.0", "4.0"]
    assert "took back: 90 sin r ×" in entered(child, ":undo")
    assert "took back: 4 →r" in entered(child, ":undo")
    assert "took back: deg" in entered(child, ":undo")
    assert stack(entered(child, "90 sin")) == ["2.0", "3.0", "0.9"]  # radians again
    assert leave(child) == 0
