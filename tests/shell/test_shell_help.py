"""`:help`, `:show`, `:stack`, the pager and Tab on file names, under a real pseudo-terminal
(issue 20, "Traps and help"). The pager is `$PAGER` run with the text on its standard input:
here a small `sed` script that marks each line it shows, `less -R` where Ctrl-C is tried, and
a command that does not exist (then the shell prints the text itself).

Expected texts are the word and command tables' and values worked out by hand.
"""
from __future__ import annotations

import re
import time

import pexpect
import pytest

from shell_support import PROMPT, RPN, SETTLE, entered, environment, leave, line

MARKING_PAGER = "sed 's/^/paged: /'"


def start(home, pager: str | None = None, rows: int = 24, columns: int = 80) -> pexpect.spawn:
    env = environment(home)
    if pager is not None:
        env["PAGER"] = pager
    child = pexpect.spawn(RPN, [], env=env, cwd=str(home), encoding="utf-8", timeout=10, dimensions=(rows, columns))
    child.expect_exact(PROMPT)
    time.sleep(SETTLE)
    return child


@pytest.fixture
def home(tmp_path):
    return tmp_path


def test_the_index_fits_one_screen_and_is_not_paged(home):
    child = start(home, pager=MARKING_PAGER)
    shown = entered(child, ":help")
    lines = shown.split("\r\n")[1:-1]  # after the echoed command, before the prompt
    assert 0 < len(lines) < 24, shown
    assert "paged:" not in shown
    for topic in ["words", "commands", "variables", "definitions", "lists", "modes", "files", "keys"]:
        assert f"  {topic} " in shown, topic
    assert leave(child) == 0


def test_a_word_a_command_and_a_topic(home):
    child = start(home, pager=MARKING_PAGER)
    shown = entered(child, ":help sin")
    assert "sin  ( a -- sin(a) )\r\n  Sine, in radians (in degrees after deg).\r\n  example: π 2 ÷ sin ⇒ 1\r\n" in shown, shown
    # :see of a built-in is its help, not an error
    assert "example: 16 √ ⇒ 4" in entered(child, ":see sqrt")
    assert ":save FILE" in entered(child, ":help :save")
    assert "A store therefore changes the results already on the stack" in entered(child, ":help variables").replace("\r\n", " ")
    assert "did you mean 'sin'?" in entered(child, ":help sni")
    entered(child, ": hyp ( a b -- c ) a 2 ^ b 2 ^ + √ ;")
    shown = entered(child, ":help hyp")
    assert "hyp ( a b -- c )  hyp(a,b) = √(a^2+b^2)" in shown and ": hyp ( a b -- c ) a 2 ^ b 2 ^ + √ ;" in shown, shown
    assert leave(child) == 0


def test_long_help_goes_through_the_pager(home):
    child = start(home, pager=MARKING_PAGER)
    shown = entered(child, ":help words")
    assert "paged: operators:" in shown, shown
    assert re.search(r"paged: +\+ +\( a b -- a\+b \)", shown), shown
    assert leave(child) == 0


def test_a_pager_that_cannot_start_leaves_the_text_printed(home):
    child = start(home, pager="no-such-pager-here")
    shown = entered(child, ":help words")
    assert "operators:" in shown and "( a b -- a+b )" in shown
    assert leave(child) == 0


def test_ctrl_c_in_the_pager_does_not_end_the_shell(home):
    child = start(home, pager="less -R")
    entered(child, "5")
    time.sleep(SETTLE)
    child.sendline(":help words")
    child.expect_exact("operators:")
    time.sleep(0.3)
    child.sendintr()
    time.sleep(0.3)
    child.send("q")
    child.expect_exact(PROMPT)
    assert child.isalive()
    assert "5+1 = 6" in entered(child, "1 +")
    assert leave(child) == 0


def test_show_prints_every_digit_and_stack_every_level(home):
    child = start(home, pager=MARKING_PAGER)
    entered(child, "1000 !")
    shown = entered(child, ":show")
    digits = "".join(re.findall(r"paged: (\d+)", shown))
    # 1000! has 2568 digits and begins 402387260077; longer than the screen, so paged
    assert len(digits) == 2568 and digits.startswith("402387260077"), shown
    entered(child, "drop 1 30 seq list→ drop")
    shown = entered(child, ":stack")
    assert "more" not in shown
    assert "paged:   30: 1" in shown and "paged:    1: 30" in shown, shown
    assert leave(child) == 0


def test_tab_completes_file_names_after_load(home):
    (home / "tenth.rpn").write_text("10\n", encoding="utf-8")
    (home / "lib").mkdir()
    (home / "lib" / "seven.rpn").write_text("7\n", encoding="utf-8")
    child = start(home)
    child.send(":load te\t")
    time.sleep(0.3)
    child.send("\r")
    child.expect_exact(PROMPT)
    assert "1: 10" in child.before, child.before
    time.sleep(SETTLE)
    child.send(":load li\t")
    time.sleep(0.3)
    child.send("s\t")
    time.sleep(0.3)
    child.send("\r")
    child.expect_exact(PROMPT)
    assert "1: 7" in child.before, child.before
    assert leave(child) == 0


def test_plot_writes_an_svg_file_whose_name_tab_completes(home):
    """`:plot … svg FILE` writes the picture `rpn plot --svg` draws; Tab after `svg` completes
    the file's name, in a folder too."""
    (home / "pictures").mkdir()
    (home / "pictures" / "old.svg").write_text("<svg/>", encoding="utf-8")
    child = start(home)
    entered(child, "M M ×")
    child.send(":plot 0 2 svg pic\t")
    time.sleep(0.3)
    child.send("o\t")
    time.sleep(0.3)
    child.send("\r")
    child.expect_exact(PROMPT)
    assert "wrote pictures/old.svg: M×M for M from 0 to 2" in child.before, child.before
    svg = (home / "pictures" / "old.svg").read_text(encoding="utf-8")
    assert "<svg" in svg and "M×M" in svg
    assert leave(child) == 0
