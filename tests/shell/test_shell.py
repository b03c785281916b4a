"""The interactive `rpn>` shell under a real pseudo-terminal (pexpect), as a person uses it:
libedit line editing, history, completion, Ctrl-C, Ctrl-D, favorites across restarts.

Every test gets its own HOME and XDG directories. RPN_BIN names the binary.
"""
from __future__ import annotations

import json
import os
import time

import pexpect
import pytest

from shell_support import PROMPT, RPN, UP, line, quit, spawn


@pytest.fixture
def home(tmp_path):
    return tmp_path


def test_prompt_value_and_description(home):
    child = spawn(home)
    shown = line(child, "3 5 + √")
    assert "1: 2.8284271247461903" in shown
    assert "√(3+5) = 2.8284271247461903" in shown
    shown = line(child, "π cos")
    assert "2: 2.8284271247461903" in shown and "1: -1" in shown
    assert "√(3+5),cos(π) = -1" in shown
    assert quit(child) == 0


def test_an_error_keeps_the_stack_and_undo_restores(home):
    child = spawn(home)
    line(child, "1 2 +")
    shown = line(child, "4 0 ÷")
    assert "^ error: division by zero" in shown
    assert "unchanged" in shown
    assert "3+4" not in line(child, ":describe")
    line(child, "10 ×")
    shown = line(child, ":undo")
    assert "1+2 = 3" in shown
    shown = line(child, ":redo")
    assert "(1+2)×10 = 30" in shown
    assert quit(child) == 0


def test_up_recalls_history_and_history_persists(home):
    child = spawn(home)
    line(child, "2 3 ^")
    child.send(UP)
    time.sleep(0.2)
    child.send("\r")
    child.expect_exact(PROMPT)
    assert "2^3,2^3 = 8" in child.before
    assert quit(child) == 0
    history = (home / "state" / "rpn" / "history").read_text()
    assert history.startswith("_HiStOrY_V2_\n")
    assert "2\\0403\\040^" in history  # libedit's vis(3) encoding of "2 3 ^"
    child = spawn(home)
    child.send(UP)
    time.sleep(0.2)
    child.send("\r")
    child.expect_exact(PROMPT)
    assert "2^3 = 8" in child.before
    assert quit(child) == 0


def test_tab_completes_words_variables_and_commands(home):
    child = spawn(home)
    line(child, "2 →volume")
    child.send("16 sqr\t")
    time.sleep(0.3)
    child.send(" vol\t")
    time.sleep(0.3)
    child.send("+\r")
    child.expect_exact(PROMPT)
    assert "√(16)+volume = 6" in child.before
    child.send(":fa\t")
    time.sleep(0.3)
    child.send("s\r")
    child.expect_exact(PROMPT)
    assert "no favorites yet" in child.before
    assert quit(child) == 0


def test_ctrl_c_abandons_the_line_and_keeps_the_session(home):
    child = spawn(home)
    line(child, "7")
    child.send("1 2 3 this is abandoned")
    time.sleep(0.2)
    child.sendintr()
    child.expect_exact(PROMPT)
    shown = line(child, "1 +")
    assert "7+1 = 8" in shown
    assert child.isalive()
    assert quit(child) == 0


def test_ctrl_d_on_an_empty_line_exits_zero(home):
    child = spawn(home)
    line(child, "1")
    assert quit(child) == 0


def test_non_ascii_input_edits_correctly(home):
    child = spawn(home)
    child.send("2 π ×x")
    time.sleep(0.1)
    child.send("\x7f")            # Backspace removes the x, not half of ×
    time.sleep(0.1)
    child.send("\x02\x02\x7f")    # Ctrl-B twice, then Backspace deletes π
    time.sleep(0.1)
    child.send("3\r")             # 2 3 ×
    child.expect_exact(PROMPT)
    assert "2×3 = 6" in child.before
    assert quit(child) == 0


def test_favorites_survive_a_restart_and_match_rpn_fav(home):
    child = spawn(home)
    line(child, "1 M ÷ sin")
    assert "added 1" in line(child, ":fav")
    assert quit(child) == 0
    child = spawn(home)
    assert "1  sin(1÷M)" in line(child, ":favs")
    assert "sin(1÷M) = ?" in line(child, ":fav 1")
    assert quit(child) == 0
    env = {**os.environ, "HOME": str(home), "XDG_DATA_HOME": str(home / "data")}
    import subprocess
    listed = subprocess.run([RPN, "fav", "list", "--json"], env=env, capture_output=True, text=True, timeout=10)
    assert listed.returncode == 0
    assert json.loads(listed.stdout)[0]["description"] == "sin(1÷M)"


def test_plot_in_the_terminal(home):
    child = spawn(home)
    shown = line(child, "M M ×")
    shown = line(child, ":plot -3 3")
    assert "M×M" in shown
    assert any(0x2801 <= ord(c) <= 0x28FF for c in shown)
    assert quit(child) == 0


def test_unknown_commands_suggest(home):
    child = spawn(home)
    assert "did you mean ':undo'?" in line(child, ":undp")
    assert quit(child) == 0


def test_colour_on_a_terminal_unless_no_color(home):
    child = spawn(home, colour=True)
    assert "\x1b[" in line(child, "1 2 +")
    assert quit(child) == 0


def test_editrc_is_respected(home):
    (home / ".editrc").write_text("bind ^X ed-clear-screen\nbind -v\n")  # vi mode
    child = spawn(home)
    child.send("1 2 +")
    child.send("\x1b")     # vi command mode
    child.send("0")        # to the start of the line
    child.send("i9 \r")    # insert "9 " before it
    child.expect_exact(PROMPT)
    assert "9,1+2 = 3" in child.before
    assert quit(child) == 0


def test_piped_stdin_has_no_prompt_and_no_escapes(home):
    import subprocess
    result = subprocess.run([RPN], input="3 4 +\n", capture_output=True, text=True, timeout=10,
                            env={**os.environ, "HOME": str(home)})
    assert result.stdout == "7\n"
    assert "rpn>" not in result.stdout + result.stderr and "\x1b" not in result.stdout + result.stderr


def test_a_bad_history_file_is_set_aside_not_fatal(home):
    state = home / "state" / "rpn"
    state.mkdir(parents=True)
    (state / "history").write_bytes(b"\xff\xfe not a history file \x00\n" * 100)
    child = spawn(home)
    assert "1+2 = 3" in line(child, "1 2 +")
    assert quit(child) == 0
    assert (state / "history.bad").read_bytes().startswith(b"\xff\xfe")
    assert (state / "history").read_text().startswith("_HiStOrY_V2_")


def test_a_corrupt_favorites_file_is_reported_and_kept(home):
    data = home / "data" / "rpn"
    data.mkdir(parents=True)
    (data / "favorites.json").write_text("{not json")
    child = spawn(home)
    shown = line(child, ":favs")
    assert "error:" in shown and "favorites.json" in shown
    line(child, "1 2 +")
    shown = line(child, ":fav")
    assert "error:" in shown and "copy kept" in shown
    assert quit(child) == 0
    assert (data / "favorites.json").read_text() == "{not json"
    assert list(data.glob("favorites.json.corrupt-*"))


def test_tab_completes_the_word_after_an_operator(home):
    child = spawn(home)
    child.send("16 4+sqr\t")
    time.sleep(0.3)
    child.send("\r")
    child.expect_exact(PROMPT)
    assert "√(16+4) = 4.47213595499958" in child.before
    assert quit(child) == 0


def test_an_ambiguous_tab_lists_the_matches_once(home):
    child = spawn(home)
    child.send("1 s")
    for _ in range(3):
        child.send("\t")
        time.sleep(0.3)
    child.send("in\r")
    child.expect_exact("sin(1) = 0.8414709848078965")
    assert child.before.count("sdev  seq  sign  sin  sinh  size  solve  sort  sq  sqrt  step  sum  swap") == 1  # issue 19: solve; lists, statistics
    assert quit(child) == 0


def test_a_line_broken_by_a_variable_is_rejected_and_warnings_show(home):
    child = spawn(home)
    line(child, ":set y 2")
    shown = line(child, "y 0 ÷")
    assert "^ error: division by zero" in shown and "unchanged" in shown
    shown = line(child, "q 1 + →w")
    assert "error: variable 'q' is unset, so →w has no value to store" in shown
    shown = line(child, "2 sqr")
    assert "warning: 'sqr' is a free variable; did you mean 'sqrt'?" in shown
    assert "2,sqr = ?" in shown
    assert quit(child) == 0


def test_enter_on_an_empty_line_duplicates_the_top(home):
    child = spawn(home)
    line(child, "3 4 +")
    shown = line(child, "")
    assert "2: 7" in shown and "3+4,3+4 = 7" in shown
    assert quit(child) == 0


def test_a_doubling_line_does_not_slow_the_shell(home):
    """`1 dup + dup + ...` describes in gigabytes; the shell describes only what it shows."""
    child = spawn(home)
    started = time.monotonic()
    shown = line(child, "1" + " dup +" * 30 + " M" + " dup ×" * 24)
    assert "1073741824" in shown
    for _ in range(5):
        line(child, "1 +")
    assert time.monotonic() - started < 3
    assert quit(child) == 0


def test_ctrl_c_stops_long_output_and_the_session_goes_on(home):
    child = spawn(home)
    line(child, "M" + " dup +" * 22)  # a description of 8 MB, of which :describe prints 1 MiB
    child.sendline(":describe")
    time.sleep(1.0)  # nobody reads: the terminal's buffer fills and the shell waits to write
    child.sendintr()
    child.expect_exact("interrupted", timeout=20)
    child.expect_exact(PROMPT)
    shown = line(child, "drop 5")
    assert "5 = 5" in shown
    assert quit(child) == 0


def test_load_errors_name_the_file(home, tmp_path):
    program = tmp_path / "prog.rpn"
    program.write_text("1 2 +\n3 0 ÷\n")
    child = spawn(home)
    shown = line(child, f":load {program}")
    assert f"{program}:2:5: error: division by zero" in shown
    assert "Up recalls" not in shown
    assert quit(child) == 0

