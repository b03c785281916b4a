"""The shell's traps, under a real pseudo-terminal (issue 20, "Traps and help"): a `:` command
typed at `...>` runs at once and is never part of the open definition; a definition's head
that cannot be right (`: sin`, a bad parameter list) is reported when its line is entered;
`:save` after `:load` writes each definition once.

Expected texts are written by hand from the messages' rules; values worked out by hand.
"""
from __future__ import annotations

import time

import pexpect
import pytest

from shell_support import SETTLE, entered, leave, line, opened, quit, spawn


@pytest.fixture
def home(tmp_path):
    return tmp_path


def test_a_command_at_the_continuation_prompt_runs_at_once(home):
    child = spawn(home, settle=SETTLE)
    entered(child, ": square dup × ;")
    opened(child, ": cube")
    opened(child, "dup square")
    # :words runs now: it lists square, not the open cube; the prompt stays `...>`
    shown = opened(child, ":words")
    assert "square ( x -- x )" in shown and "cube" not in shown, shown
    shown = opened(child, ":see square")
    assert ": square dup × ;" in shown, shown
    # the `;` ends cube with the lines typed before the commands: no nested-definition error
    shown = entered(child, "× ;")
    assert "defined cube ( x -- x )" in shown and "error" not in shown, shown
    assert "1: 8" in entered(child, "2 cube")
    assert leave(child) == 0


def test_cancel_drops_the_open_definition(home):
    child = spawn(home, settle=SETTLE)
    entered(child, "5")
    opened(child, ": twice")
    opened(child, "2 ×")
    shown = entered(child, ":cancel")
    assert "definition of 'twice' dropped; the stack is unchanged" in shown, shown
    assert "twice" not in entered(child, ":words")
    # at `rpn>` there is nothing to cancel
    assert "error: no definition is open" in entered(child, ":cancel")
    assert "1: 6" in entered(child, "1 +")
    assert leave(child) == 0


def test_quit_at_the_continuation_prompt_leaves_saying_the_definition_was_dropped(home):
    child = spawn(home, settle=SETTLE)
    opened(child, ": twice")
    time.sleep(SETTLE)
    child.sendline(":quit")
    child.expect_exact("definition of 'twice' dropped")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


@pytest.mark.parametrize("head, message", [
    (": sin", "error: cannot define 'sin': it is the built-in function sin"),
    (": fact", "error: cannot define 'fact': it is the built-in function fact"),
    (": dup", "error: cannot define 'dup': it is the built-in stack word dup"),
    (": 2x", "error: a word's name follows the rules of variable names (a letter, then letters, digits or _): '2x' is not one"),
    (": f ( a a -- b )", "error: the parameter 'a' is named twice"),
    (": f ( 1a -- b )", "error: a parameter's name follows the rules of variable names (a letter, then letters, digits or _): '1a' is not one"),
])
def test_a_bad_head_is_reported_at_its_line_and_the_definition_stays_open(home, head, message):
    child = spawn(home, settle=SETTLE)
    shown = opened(child, head)
    assert message in shown, shown
    assert "the definition stays open: go on, or :cancel drops it" in shown, shown
    shown = entered(child, ":cancel")
    name = head.split()[1]
    assert f"definition of '{name}' dropped; the stack is unchanged" in shown, shown
    assert leave(child) == 0


def test_a_good_head_says_nothing(home):
    child = spawn(home, settle=SETTLE)
    shown = opened(child, ": hyp ( a b -- c )")
    assert "error" not in shown and "warning" not in shown, shown
    assert "defined hyp" in entered(child, "a 2 ^ b 2 ^ + √ ;")
    assert leave(child) == 0


def test_save_after_load_writes_each_definition_once(home):
    program = ": square dup × ;\n: cube dup square × ;\n3 cube\n"
    (home / "a.rpn").write_text(program, encoding="utf-8")
    child = spawn(home, settle=SETTLE)
    entered(child, ":load a.rpn")
    assert "saved 3 lines to b.rpn" in entered(child, ":save b.rpn")
    assert (home / "b.rpn").read_text(encoding="utf-8") == program
    # loading the same definitions again: no warning, and the file keeps one copy of each
    shown = entered(child, ":load b.rpn")
    assert "warning" not in shown and "defined again" not in shown, shown
    assert "2: 27" in shown and "1: 27" in shown, shown
    assert "saved 4 lines to c.rpn" in entered(child, ":save c.rpn")
    assert (home / "c.rpn").read_text(encoding="utf-8") == program + "3 cube\n"
    assert leave(child) == 0


def test_a_different_redefinition_still_warns_and_is_saved(home):
    child = spawn(home, settle=SETTLE)
    entered(child, ": f 1 + ;")
    shown = entered(child, ": f 2 + ;")
    assert "warning: 'f' is defined again; uses from here on call this definition" in shown, shown
    shown = entered(child, ": f 2 + ;")
    assert "warning" not in shown, shown
    assert "saved 2 lines to s.rpn" in entered(child, ":save s.rpn")
    assert (home / "s.rpn").read_text(encoding="utf-8") == ": f 1 + ;\n: f 2 + ;\n"
    assert leave(child) == 0


def test_a_head_typed_over_lines_is_judged_line_by_line(home):
    child = spawn(home, settle=SETTLE)
    opened(child, ": f")
    shown = opened(child, "( a a -- b )")
    assert "error: the parameter 'a' is named twice" in shown, shown
    assert "the definition stays open: go on, or :cancel drops it" in shown
    assert "dropped" in entered(child, ":cancel")
    assert leave(child) == 0


def test_a_nested_definition_at_the_continuation_prompt_is_refused_at_once(home):
    """`: sqr` typed while `: sq` is still open (say, to start over after its head was refused)
    would make the whole definition fail at the `;`; it is said at once, the line is not added,
    and the open definition stays as it was: `:cancel` and Up to start over."""
    child = spawn(home, settle=SETTLE)
    opened(child, ": twice")
    shown = opened(child, ": sqr dup ×")
    assert "^ error: a definition cannot be inside another: end 'twice' with ';' first" in shown, shown
    assert "the line was not added" in shown, shown
    # the refused line is not part of twice: its body is what comes next
    shown = entered(child, "2 × ;")
    assert "defined twice ( x -- x )" in shown and "error" not in shown, shown
    assert "1: 10" in entered(child, "5 twice")
    assert leave(child) == 0
