"""Plots and files in the real binary: `:plot` in the shell and `rpn plot` under a real
pseudo-terminal (bounds in either order, other variables, terminals too small), `:save` and
`:load` with `~` and quoted names, and writes that fail naming the file.

Every test gets its own HOME and XDG directories. RPN_BIN names the binary.
"""
from __future__ import annotations

import os
import re
import subprocess
import xml.etree.ElementTree as ElementTree

import pexpect

from shell_support import PROMPT, RPN, environment, line, quit, spawn


def x_labels(picture: str) -> list[float]:
    """The numbers on the last line of a plot (above the line of roots and extrema, issue 19)."""
    rows = [row for row in picture.replace("\r", "").split("\n") if row.strip()]
    rows = [row for row in rows if not re.sub(r"\x1b\[[0-9;]*m", "", row).startswith(("root", "minim", "maxim"))]
    last = rows[-1]
    return [float(word) for word in last.split()]


def test_plot_bounds_in_either_order(tmp_path):
    child = spawn(tmp_path)
    line(child, "M M ×")
    shown = line(child, ":plot 5 -5")
    assert "usage" not in shown
    assert any(0x2801 <= ord(c) <= 0x28FF for c in shown)
    labels = x_labels(shown)
    assert labels == sorted(labels) and labels[0] < 0 < labels[-1]
    assert quit(child) == 0


def test_plot_says_which_variable_and_plots_it(tmp_path):
    child = spawn(tmp_path)
    line(child, "x x ×")
    shown = line(child, ":plot")
    assert "x×x does not depend on M; it reads x: try :plot x [XMIN XMAX] (rpn plot --var x" in shown
    shown = line(child, ":plot x -3 3")
    assert "x×x" in shown and any(0x2801 <= ord(c) <= 0x28FF for c in shown)
    assert quit(child) == 0


def test_a_narrow_terminal_gets_a_message_not_a_wrapped_plot(tmp_path):
    child = spawn(tmp_path, rows=30, columns=15)
    line(child, "M M ×")
    shown = line(child, ":plot")
    assert "a plot needs at least 20 columns" in shown.replace("\r\n", "")
    assert not any(0x2801 <= ord(c) <= 0x28FF for c in shown)
    assert quit(child) == 0


def test_rpn_plot_in_a_narrow_terminal_says_so(tmp_path):
    child = pexpect.spawn(RPN, ["plot", "-e", "M M ×"], env=environment(tmp_path), encoding="utf-8", timeout=10,
                          dimensions=(30, 15))
    child.expect(pexpect.EOF)
    child.close()
    text = child.before.replace("\r\n", "")
    assert child.exitstatus == 1
    assert "the terminal is 15 columns wide and 30 rows high; a plot needs at least 20 columns and 9 rows" in text
    assert not any(0x2801 <= ord(c) <= 0x28FF for c in text)


def test_save_and_load_with_tilde_and_quotes(tmp_path):
    child = spawn(tmp_path)
    line(child, "7 M + √")
    shown = line(child, ":save ~/s.rpn")
    assert "saved 1 line to ~/s.rpn" in shown
    assert (tmp_path / "s.rpn").read_text() == "7 M + √\n"
    shown = line(child, ':save "my file.rpn"')
    assert "saved 1 line to my file.rpn" in shown
    assert (tmp_path / "my file.rpn").read_text() == "7 M + √\n"
    line(child, ":clear")
    line(child, "9 →M")
    shown = line(child, ":load 'my file.rpn'")
    assert "√(7+M) = 4" in shown
    shown = line(child, ":save ~/no/such/dir/f.rpn")
    assert f"error: cannot write '{tmp_path}/no/such/dir/f.rpn': No such file or directory" in shown.replace("\r\n", "")
    assert sorted(p.name for p in tmp_path.iterdir() if p.is_file()) == ["my file.rpn", "s.rpn"]
    assert quit(child) == 0


def test_an_svg_that_cannot_be_written_names_the_file_and_leaves_nothing(tmp_path):
    target = tmp_path / "plot.svg"
    target.mkdir()
    done = subprocess.run([RPN, "plot", "-e", "M", "--svg", str(target)], env=environment(tmp_path),
                          capture_output=True, text=True, timeout=10)
    assert done.returncode == 1
    assert done.stderr == f"rpn: error: cannot write {target}: Is a directory\n"
    assert [p.name for p in tmp_path.iterdir()] == ["plot.svg"]


def test_an_svg_through_a_symbolic_link_replaces_the_file_it_names(tmp_path):
    (tmp_path / "real.svg").write_text("old")
    os.chmod(tmp_path / "real.svg", 0o640)
    (tmp_path / "link.svg").symlink_to("real.svg")
    done = subprocess.run([RPN, "plot", "-e", "M", "--svg", str(tmp_path / "link.svg")], env=environment(tmp_path),
                          capture_output=True, text=True, timeout=10)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "link.svg").is_symlink()
    assert (tmp_path / "real.svg").read_text().startswith("<?xml")
    assert (tmp_path / "real.svg").stat().st_mode & 0o777 == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.svg", "real.svg"]


def test_an_svg_written_to_standard_output_is_the_whole_output(tmp_path):
    """`--svg /dev/stdout`: stdout is one SVG document; the note that it was written goes to stderr."""
    done = subprocess.run([RPN, "plot", "-e", "M M ×", "--svg", "/dev/stdout"], env=environment(tmp_path),
                          capture_output=True, timeout=30)
    assert done.returncode == 0, done.stderr
    root = ElementTree.fromstring(done.stdout)
    assert root.tag.endswith("svg")
    assert done.stderr.decode().startswith("wrote /dev/stdout: M×M for M")


def test_plot_lists_roots_and_extrema(tmp_path):
    """Issue 19: :plot lists the roots and extrema it finds under the picture."""
    child = spawn(tmp_path)
    line(child, "x 2 ^ 2 -")
    shown = line(child, ":plot x -3 3")
    assert "roots: x = -1.4142135623730951, x = 1.4142135623730951; minimum: (0, -2)" in shown
    assert quit(child) == 0
