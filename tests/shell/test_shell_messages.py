"""Issue 20 in the shell, under a real pseudo-terminal: a store that changes a result still on
the stack is a warning naming the read, on an earlier line by that line's name; an error in a
word is shown once, with the call that led to it.

Expected output is written by hand (carets under the typed line, after the 5-column prompt).
"""
from __future__ import annotations

from shell_support import line, quit, spawn


def test_a_store_warns_naming_the_read_on_an_earlier_line(tmp_path):
    child = spawn(tmp_path)
    line(child, "2 →r r r ×")
    out = line(child, "3 →r")
    assert ("       ^^ warning: 'r' was read by a result still on the stack; this store changes that result too\r\n"
            "line 1:1:6: note: 'r' was read here\r\n") in out
    assert "1: 9" in out  # the rule holds: r×r is read again
    out = line(child, "3 →r")  # the same value: nothing changes, nothing said
    assert "warning" not in out
    assert quit(child) == 0


def test_a_store_on_the_same_line_names_the_column(tmp_path):
    child = spawn(tmp_path)
    out = line(child, "2 →r r 3 →r")
    assert ("              ^^ warning: 'r' was read by a result still on the stack; this store changes that result too\r\n"
            "line 1:1:6: note: 'r' was read here\r\n") in out
    assert quit(child) == 0


def test_an_error_in_a_word_is_shown_once_with_its_call(tmp_path):
    child = spawn(tmp_path)
    out = line(child, ": f ( a -- r ) a 0 / ; 2 f 3 f")
    assert out.count("error:") == 1
    assert "                        ^ error: division by zero\r\nline 1:1:26: note: in f, called here\r\n" in out
    assert quit(child) == 0


def test_load_skips_a_byte_order_mark_and_keeps_columns(tmp_path):
    (tmp_path / "bom.rpn").write_bytes(b"\xef\xbb\xbf2 3 +\n")
    child = spawn(tmp_path)
    assert "1: 5" in line(child, ":load bom.rpn")
    (tmp_path / "bad.rpn").write_bytes(b"\xef\xbb\xbf1 0 /\n")
    out = line(child, ":load bad.rpn")
    assert "bad.rpn:1:5: error: division by zero" in out
    assert quit(child) == 0
