"""Definitions typed at `rpn>` under a real pseudo-terminal: `: square` opens a definition,
the prompt becomes `...> ` until the `;`, and Ctrl-C or Ctrl-D there abandons it. Words live
in the session: used, listed (`:words`), shown (`:see`), undone, completed by Tab, saved, and
kept by a favorite.

Expected texts are the corpus's (grammar/corpus/programs.rpn): `hyp(a,b) = √(a^2+b^2)`,
`square(x) = x×x` with effect `( x -- x )`; values worked out by hand.
"""
from __future__ import annotations

import json
import subprocess
import time

import pytest

from shell_support import CONTINUATION, PROMPT, RPN, SETTLE, entered, environment, leave, line, opened, spawn


@pytest.fixture
def home(tmp_path):
    return tmp_path


def test_an_open_definition_changes_the_prompt_until_its_semicolon(home):
    child = spawn(home, settle=SETTLE)
    opened(child, ": square")
    opened(child, "dup *")
    assert "defined square ( x -- x )" in entered(child, ";")
    # a shell command is not a definition, and neither is a `:` in a comment
    assert "no variables have values" in entered(child, ":vars")
    assert "1+2 = 3" in entered(child, "1 2 + # : not a definition")
    assert leave(child) == 0


def test_a_semicolon_in_parentheses_without_dashes_ends_the_definition_at_once(home):
    # `( ; )` has no `--`: no stack effect, so its `;` ends f, as `rpn -e` and editors read it:
    # the line runs at once, with rpn -e's errors.
    child = spawn(home, settle=SETTLE)
    shown = entered(child, ": f ( ; ) dup")
    assert CONTINUATION not in shown
    assert "error: unknown token '('" in shown and "error: unknown token ')'" in shown, shown
    assert "error: dup needs 1 operand, found 0" in shown, shown
    # A stack effect hides its `;`: the definition stays open.
    opened(child, ": f ( x -- ; ) dup")
    time.sleep(SETTLE)
    child.sendcontrol("d")
    child.expect_exact("definition abandoned; the stack is unchanged")
    child.expect_exact(PROMPT)
    assert leave(child) == 0


def test_ctrl_c_or_ctrl_d_at_the_continuation_prompt_abandons_the_definition(home):
    child = spawn(home, settle=SETTLE)
    entered(child, "7")
    opened(child, ": square")
    opened(child, "dup")
    time.sleep(SETTLE)
    child.sendintr()
    child.expect_exact("definition abandoned; the stack is unchanged")
    child.expect_exact(PROMPT)
    opened(child, ": cube")
    time.sleep(SETTLE)
    child.sendcontrol("d")  # at `...>` Ctrl-D gives up the definition, not the shell
    child.expect_exact("definition abandoned; the stack is unchanged")
    child.expect_exact(PROMPT)
    assert child.isalive()
    assert "7+1 = 8" in entered(child, "1 +")
    assert leave(child) == 0


def test_a_word_defined_over_two_lines_is_used(home):
    child = spawn(home, settle=SETTLE)
    opened(child, ": square")
    shown = entered(child, "dup * ;")
    assert "error" not in shown
    assert "defined square ( x -- x )" in shown
    shown = entered(child, "3 square")
    assert "1: 9" in shown
    assert "square(3) = 9" in shown  # a function word prints as a call (issue 10)
    assert leave(child) == 0


def test_words_see_undo_and_redo(home):
    child = spawn(home, settle=SETTLE)
    opened(child, ": hyp ( a b -- c )")
    assert "defined hyp ( a b -- c )" in entered(child, "a 2 ^ b 2 ^ + √ ;")
    assert "hyp(3,4) = 5" in entered(child, "3 4 hyp")
    entered(child, ": square dup × ;")
    shown = entered(child, ":words")
    assert "  hyp ( a b -- c )  hyp(a,b) = √(a^2+b^2)\r\n" in shown
    assert "  square ( x -- x )  square(x) = x×x\r\n" in shown
    shown = entered(child, ":see hyp")
    assert ": hyp ( a b -- c )\r\na 2 ^ b 2 ^ + √ ;\r\n  ( a b -- c )  hyp(a,b) = √(a^2+b^2)" in shown
    assert "did you mean 'hyp'?" in entered(child, ":see hpy")
    # :undo takes the definition of square back, :redo brings it back
    entered(child, ":undo")
    assert "square" not in entered(child, ":words")
    entered(child, ":redo")
    assert "square ( x -- x )" in entered(child, ":words")
    entered(child, ":undo")
    # without its definition the name is a free variable again
    assert "hyp(3,4),2,square = ?" in entered(child, "2 square")
    # that line, the one that used hyp and the one that defined it
    for _ in range(3):
        entered(child, ":undo")
    assert "no words defined yet" in entered(child, ":words")
    assert leave(child) == 0


def test_tab_completes_words_and_parameters(home):
    child = spawn(home, settle=SETTLE)
    opened(child, ": area ( width height -- a )")
    time.sleep(0.2)
    child.send("wid\t")
    time.sleep(0.3)
    child.send("hei\t")   # width and height are the definition's parameters
    time.sleep(0.3)
    child.send("× ;\r")
    child.expect_exact(PROMPT)
    assert "defined area ( width height -- a )" in child.before
    time.sleep(0.2)
    child.send("3 4 are\t")  # the word itself (`ar` is also the built-in arg's start)
    time.sleep(0.3)
    child.send("\r")
    child.expect_exact(PROMPT)
    assert "area(3,4) = 12" in child.before
    time.sleep(0.2)
    child.send(":see a\t")
    time.sleep(0.3)
    child.send("\r")
    child.expect_exact(PROMPT)
    assert ": area ( width height -- a )\r\nwidth height × ;\r\n  ( width height -- a )  area(width,height) = width×height" in child.before
    assert leave(child) == 0


def test_save_writes_definitions_that_load_gives_back(home):
    child = spawn(home, settle=SETTLE)
    opened(child, ": hyp ( a b -- c )")
    entered(child, "a 2 ^ b 2 ^ + √ ;")
    entered(child, ": square dup × ;")
    entered(child, "3 4 hyp square")
    # the count is the lines the file holds: hyp was typed over two
    assert "saved 4 lines" in entered(child, ":save s.rpn")
    assert leave(child) == 0
    assert (home / "s.rpn").read_text() == ": hyp ( a b -- c )\na 2 ^ b 2 ^ + √ ;\n: square dup × ;\n3 4 hyp square\n"
    child = spawn(home, ["--fresh"], settle=SETTLE)  # not the session restored: the file gives it back
    assert "square(hyp(3,4)) = 25" in entered(child, ":load s.rpn")
    assert "hyp(a,b) = √(a^2+b^2)" in entered(child, ":words")
    assert leave(child) == 0
    # the saved program runs outside the shell too
    assert subprocess.run([RPN, str(home / "s.rpn")], capture_output=True, text=True, timeout=10).stdout == "25\n"


def test_a_favorite_keeps_the_words_it_uses(home):
    child = spawn(home, settle=SETTLE)
    entered(child, ": square dup × ;")
    entered(child, ": hyp ( a b -- c ) a square b square + √ ;")
    entered(child, ": cube dup dup × × ;")   # not used: not kept
    entered(child, "3 4 hyp")
    assert "added 1  hyp(3,4)" in entered(child, ":fav")
    assert leave(child) == 0
    env = environment(home)
    shown = subprocess.run([RPN, "fav", "show", "1"], env=env, capture_output=True, text=True, timeout=10)
    program = ": square dup × ;\n: hyp ( a b -- c ) a square b square + √ ;\n3 4 hyp"
    assert shown.stdout == program + "\nhyp(3,4)\n"
    listed = subprocess.run([RPN, "fav", "list", "--json"], env=env, capture_output=True, text=True, timeout=10)
    assert json.loads(listed.stdout) == [{"number": 1, "program": program, "description": "hyp(3,4)"}]
    assert subprocess.run([RPN, "-e", program], capture_output=True, text=True, timeout=10).stdout == "5\n"
    # and in a fresh shell
    child = spawn(home, ["--fresh"], settle=SETTLE)
    assert "1  hyp(3,4)" in entered(child, ":favs")
    shown = entered(child, ":fav 1")
    assert "hyp(3,4) = 5" in shown and "defined hyp ( a b -- c )" in shown
    assert "cube" not in entered(child, ":words")
    assert leave(child) == 0


def test_clear_keeps_the_words(home):
    child = spawn(home, settle=SETTLE)
    entered(child, ": square dup × ;")
    entered(child, "7 →x 2 square")
    shown = entered(child, ":clear")
    assert "(empty stack)" in shown
    assert "no variables have values" in entered(child, ":vars")
    assert "square(5) = 25" in entered(child, "5 square")
    assert leave(child) == 0


def resident_kib(pid: int) -> int:
    with open(f"/proc/{pid}/status") as status:
        for row in status:
            if row.startswith("VmRSS:"):
                return int(row.split()[1])
    raise AssertionError("no VmRSS")


def test_lines_calling_a_word_after_a_big_load_keep_little_history(home):
    (home / "calls.rpn").write_text(": square dup × ;\n" + " ".join(["1 square drop"] * 100_000) + "\n")
    child = spawn(home, settle=SETTLE)
    child.timeout = 60
    entered(child, ":load calls.rpn")
    before = resident_kib(child.pid)
    for _ in range(30):
        entered(child, "2 square drop")
    grown = resident_kib(child.pid) - before
    assert leave(child) == 0
    # each line changes one entry and adds one call: kilobytes, not a copy of the load's records
    assert grown < 20_000, f"{grown} KiB for 30 lines"


def test_ctrl_c_stops_a_long_function_word(home):
    # spin leaves one value and stores nothing: a function, whose call runs in a machine of its own
    child = spawn(home, settle=SETTLE)
    entered(child, ": spin ( -- x ) 0 begin 1 + dup 0 < until ;")
    entered(child, "7")
    time.sleep(SETTLE)
    child.sendline("spin")
    time.sleep(0.5)
    child.sendintr()
    child.expect_exact("interrupted; the stack is unchanged", timeout=5)
    child.expect_exact(PROMPT)
    assert "7+1 = 8" in entered(child, "1 +")
    assert leave(child) == 0


def test_compaction_inside_an_undecided_if_in_a_word_keeps_the_shell_alive(home):
    # The command line's reproduction of issue 16 (tests/cli/test_cli_programs.py), as a word
    # typed at the prompt: valuing `w` runs its body on a machine of its own, whose loops
    # compact the value store while an if on M keeps entries aside. 1/3 + 1 = 4/3 once M is 1.
    child = spawn(home, settle=SETTLE)
    entered(child, ": w ( -- r ) 1 3000 for j 1 j 2 + / drop next "
                   "1 3 / M if 1 1100 for i 1 i 2 + / drop next 1 + else 2 + then ;")
    entered(child, "w")
    assert "1.333333333333333" in entered(child, "1 →M")
    assert leave(child) == 0
