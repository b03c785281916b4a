"""`include "FILE"` at the `rpn>` prompt (issue 17), under a real pseudo-terminal: a typed
line's names are relative to the working directory, a `:load`ed file's to its folder (`~`
too); a file included once is not included again; `:undo` takes an include back whole; an
error in an included file rejects the line, shown at its place in the file.

Every test gets its own HOME (the shell's working directory). RPN_BIN names the binary.
"""
from __future__ import annotations

from shell_support import line, quit, spawn


def tree(home):
    (home / "lib").mkdir()
    (home / "lib" / "math.rpn").write_text(': square ( x -- y ) x x × ;\ninclude "consts.rpn"\n')
    (home / "lib" / "consts.rpn").write_text("5 →five\n")
    (home / "lib" / "main.rpn").write_text('include "math.rpn"\n3 square\n')
    (home / "bad.rpn").write_text("1\n1 0 ÷\n")


def test_a_typed_include_and_one_typed_again(tmp_path):
    tree(tmp_path)
    child = spawn(tmp_path)
    shown = line(child, 'include "lib/math.rpn"')
    assert "defined square ( x -- y )" in shown
    shown = line(child, "3 square five +")
    assert "square(3)+five = 14" in shown
    shown = line(child, 'include "lib/math.rpn"')  # included once: nothing more
    assert "defined" not in shown and "square(3)+five = 14" in shown
    assert quit(child) == 0


def test_a_loaded_files_includes_are_relative_to_it(tmp_path):
    tree(tmp_path)
    child = spawn(tmp_path)
    shown = line(child, ":load ~/lib/main.rpn")
    assert "defined square ( x -- y )" in shown and "square(3) = 9" in shown
    shown = line(child, ":undo")
    assert "(empty stack)" in shown
    shown = line(child, "2 square")  # the include went with the undo: square is a variable again
    assert "2,square = ?" in shown
    assert quit(child) == 0


def test_an_error_in_an_included_file_rejects_the_line(tmp_path):
    tree(tmp_path)
    child = spawn(tmp_path)
    line(child, "7")
    shown = line(child, 'include "bad.rpn"').replace("\r\n", "\n")
    assert "bad.rpn:2:5: error: division by zero\n1 0 ÷\n    ^\nline 2:1:1: note: bad.rpn is included here\n" in shown
    assert "the stack is unchanged" in shown
    shown = line(child, 'include "nope.rpn"')
    assert "error: cannot include nope.rpn: No such file or directory (line 2 → nope.rpn)" in shown
    assert "1: 7" in line(child, "")  # Enter on an empty line: 7 duplicated, nothing else
    assert quit(child) == 0
