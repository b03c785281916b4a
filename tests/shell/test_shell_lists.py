"""Lists, quotations and statistics in the `rpn>` shell under a real pseudo-terminal (issue
19), as a person types them: a list literal, `map` with a quotation, statistics of a list,
`:undo` after a list operation, a long list on a narrow terminal, and Tab completing a list
word. Expected values by hand (or Python's `statistics` where said).
"""
from __future__ import annotations

import statistics
import time
from fractions import Fraction

import pytest

from shell_support import PROMPT, line, quit
from shell_support import spawn as spawn_shell


def spawn(home, args=None, columns=100):
    return spawn_shell(home, args or [], settle=0.3, columns=columns)


def test_typing_lists_and_arithmetic_on_them(tmp_path):
    child = spawn(tmp_path)
    shown = line(child, "{ 1 2 3 }")
    assert "1: { 1 2 3 }\r\n" in shown
    assert "{1, 2, 3} = { 1 2 3 }\r\n" in shown
    # Element by element with a value broadcast: {1 2 3} × 10.
    shown = line(child, "10 ×")
    assert "1: { 10 20 30 }\r\n" in shown
    # Two lists of equal length: {10 20 30} + {1 2 3} = {11 22 33}.
    shown = line(child, "{ 1 2 3 } +")
    assert "1: { 11 22 33 }\r\n" in shown
    assert quit(child) == 0


def test_map_with_a_quotation_and_a_quoted_word(tmp_path):
    child = spawn(tmp_path)
    shown = line(child, "{ 1 2 3 } [ dup × ] map")
    assert "1: { 1 4 9 }\r\n" in shown
    shown = line(child, "' sq map")
    assert "1: { 1 16 81 }\r\n" in shown
    shown = line(child, "0 [ + ] fold")
    assert "1: 98\r\n" in shown  # 1 + 16 + 81
    assert quit(child) == 0


def test_statistics_of_a_list(tmp_path):
    data = [Fraction(x) for x in [2, 4, 4, 4, 5, 5, 7, 9]]
    child = spawn(tmp_path, ["--fractions"])
    line(child, "{ " + " ".join(map(str, data)) + " } →L")
    assert f"mean(L) = {statistics.mean(data)}\r\n" in line(child, "L mean")       # 5
    assert f"= {statistics.median(data)}\r\n" in line(child, "L median")           # 9/2
    assert f"= {statistics.variance(data)}\r\n" in line(child, "L var")            # 32/7
    assert f"= {statistics.pvariance(data)}\r\n" in line(child, "L pvar")          # 4
    assert "= 2\r\n" in line(child, "L psdev")                                    # √4
    assert quit(child) == 0


def test_undo_after_a_list_operation(tmp_path):
    child = spawn(tmp_path)
    line(child, "{ 3 1 2 }")
    shown = line(child, "sort")
    assert "1: { 1 2 3 }\r\n" in shown
    shown = line(child, ":undo")
    assert "1: { 3 1 2 }\r\n" in shown
    shown = line(child, "rev")
    assert "1: { 2 1 3 }\r\n" in shown
    shown = line(child, ":undo")
    assert "1: { 3 1 2 }\r\n" in shown
    shown = line(child, ":redo")
    assert "1: { 2 1 3 }\r\n" in shown
    # An error in a list word leaves the stack as it was, the carets under the word (after
    # the 5 columns of the prompt).
    shown = line(child, "7 get")
    assert "\r\n" + " " * 7 + "^^^ error: get: position 7 is outside a list of 3 elements\r\n" in shown
    assert "unchanged" in shown
    shown = line(child, "dup")
    assert "2: { 2 1 3 }\r\n  1: { 2 1 3 }\r\n" in shown
    shown = line(child, ":undo")
    assert "  1: { 2 1 3 }\r\n  rev({3, 1, 2}) = { 2 1 3 }\r\n" in shown
    assert quit(child) == 0


def test_building_and_taking_apart_a_list(tmp_path):
    child = spawn(tmp_path)
    shown = line(child, "1 2 3 3 →list")
    assert "  1: { 1 2 3 }\r\n" in shown
    shown = line(child, "list→")
    assert "  4: 1\r\n  3: 2\r\n  2: 3\r\n  1: 3\r\n" in shown  # the elements, then their count
    shown = line(child, ":undo")
    assert "  1: { 1 2 3 }\r\n" in shown
    # A quotation of the wrong effect: the carets under map (column 5 + 14).
    shown = line(child, "{ 1 2 } [ + ] map")
    assert " " * 19 + "^^^ error: map needs a quotation ( x -- x ), and [ + ] is ( x y -- x )\r\n" in shown
    assert quit(child) == 0


def test_a_long_list_is_shown_within_the_terminal(tmp_path):
    columns = 60
    child = spawn(tmp_path, columns=columns)
    shown = line(child, "1 200 seq")
    rows = [row for row in shown.split("\r\n") if row.startswith("  1: ")]
    assert rows, shown
    row = rows[0]
    assert len(row) <= columns, row
    assert row.startswith("  1: { 1 2 3 ")
    assert "…" in row
    assert quit(child) == 0


def test_a_long_list_is_abbreviated_by_elements_not_digits(tmp_path):
    child = spawn(tmp_path, columns=60)
    shown = line(child, "1 200 seq")
    row = next(row for row in shown.split("\r\n") if row.startswith("  1: "))
    # A list has elements: "(492 digits)" counts the digits of its 200 numbers, which says
    # nothing a user can use; the count of its elements does. And the cut falls between
    # elements: "{ … 14 1…00 }" reads as an element "1…00".
    assert "digits" not in row, row
    assert "200" in row and " 1…" not in row, row
    assert quit(child) == 0


def test_tab_completes_a_list_word(tmp_path):
    child = spawn(tmp_path)
    child.send("{ 4 1 3 } sor")
    time.sleep(0.3)
    child.send("\t")
    time.sleep(0.3)
    child.send("\r")
    child.expect_exact(PROMPT)
    assert "1: { 1 3 4 }\r\n" in child.before
    child.send("medi")
    time.sleep(0.3)
    child.send("\t")
    time.sleep(0.3)
    child.send("\r")
    child.expect_exact(PROMPT)
    assert "= 3\r\n" in child.before
    assert quit(child) == 0


def test_a_list_in_a_variable_and_a_saved_session(tmp_path):
    child = spawn(tmp_path)
    line(child, "{ 1 2 } →L")
    assert "  L = { 1 2 }\r\n" in line(child, ":vars")
    assert "= { 1 4 }\r\n" in line(child, "L [ dup × ] map")
    assert "saved" in line(child, ":save lists.rpn")
    assert quit(child) == 0
    # The saved lines run again to the same stack: {1 4}, as 1 and 4.
    import subprocess

    from shell_support import RPN
    run = subprocess.run([RPN, "--json", str(tmp_path / "lists.rpn")], capture_output=True, text=True, timeout=30)
    assert run.returncode == 0, run.stderr
    assert '"values":[[1,4]]' in run.stdout


def tab(child, typed: str) -> str:
    """Types `typed`, then Tab, then Enter; what the shell printed before the next prompt."""
    child.send(typed)
    time.sleep(0.3)
    child.send("\t")
    time.sleep(0.3)
    child.send("\r")
    child.expect_exact(PROMPT)
    return child.before


def test_tab_completes_the_list_words_spelled_with_arrows(tmp_path):
    # →list and list→ (and ->list, list->) are words, not stores: typing their start and Tab
    # completes them, as Tab completes sort.
    child = spawn(tmp_path)
    assert "  1: { 1 2 3 }\r\n" in tab(child, "1 2 3 3 ->li")
    # lis: list→ and list-> both; Tab completes their common start, a second Tab lists them.
    child.send("lis")
    time.sleep(0.3)
    child.send("\t")
    time.sleep(0.3)
    child.send("\t")
    time.sleep(0.3)
    child.send("→\r")
    child.expect_exact("  4: 1\r\n  3: 2\r\n  2: 3\r\n  1: 3\r\n")  # the elements, then the count
    assert "list->  list→" in child.before
    child.expect_exact(PROMPT)
    assert "  1: { 1 2 3 }\r\n" in tab(child, "→li")
    assert quit(child) == 0
