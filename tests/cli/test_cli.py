"""End-to-end tests of the real `rpn` binary, as a shell user or a script would run it.

RPN_BIN names the binary (tests/run builds a release one: the scale cases need it).
"""
from __future__ import annotations

import itertools
import json
import os
import subprocess

import pytest

from cli_support import RPN, on_terminal, rpn, text


# --- The documented examples -------------------------------------------------------------

@pytest.mark.parametrize("args, out", [
    (["-e", "3 4 +"], "7\n"),
    (["-e", "3", "-e", "4 +"], "7\n"),
    (["-e", "-4 abs"], "4\n"),
    (["-d", "-e", "3 5 + √ π cos"], "√(3+5),cos(π)\n"),
    (["--describe", "--ascii", "-e", "3 5 + √ π cos"], "sqrt(3+5),cos(pi)\n"),
    (["-e", "7 M + √ 9 →M 14 +"], "18\n"),
    (["-d", "-e", "7 M + √ 9 →M 14 +"], "√(7+M)+14\n"),
    (["--set", "M=2", "-e", "1 M ÷ sin"], "0.479425538604203\n"),
    (["--degrees", "-e", "90 sin"], "1\n"),
    (["-e", "1e21 -1"], "1" + "0" * 21 + "\n-1\n"),     # exact: every digit
    (["--float", "-e", "1e21 -1"], "1e+21\n-1\n"),
])
def test_examples(args, out):
    assert text(rpn(*args)) == (0, out, "")


def test_pipe_is_the_program():
    assert text(rpn(stdin="3 4 +\n2 ×\n")) == (0, "14\n", "")


def test_files_and_stdin_run_in_order(tmp_path):
    (tmp_path / "a.rpn").write_text("2 3 # two numbers\n")
    assert text(rpn(str(tmp_path / "a.rpn"), "-", stdin="^")) == (0, "8\n", "")


def test_error_format_and_exit_status(tmp_path):
    prog = tmp_path / "p.rpn"
    prog.write_text("# comment √\n2 √ 0 ÷\n")
    code, out, err = text(rpn(str(prog)))
    assert code == 1 and out == ""
    assert err == f"{prog}:2:7: error: division by zero\n2 √ 0 ÷\n      ^\n"


def test_json():
    code, out, err = text(rpn("--json", "-e", "3 5 + √ x", "--set", "x=1"))
    assert code == 0 and err == ""
    assert json.loads(out) == {"values": [2.8284271247461903, 1], "exact": ["2.8284271247461903", "1"],
                               "inexact": [True, False], "digits": [17, None], "description": "√(3+5),x",
                               "variables": {"x": 1}, "free": [], "diagnostics": [], "words": []}


def test_check(tmp_path):
    (tmp_path / "ok.rpn").write_text("M 2 ×\n")
    (tmp_path / "bad.rpn").write_text("3 +\n")
    assert text(rpn("check", str(tmp_path / "ok.rpn"))) == (0, "", "")
    code, out, err = text(rpn("check", str(tmp_path / "ok.rpn"), str(tmp_path / "bad.rpn")))
    assert code == 1
    assert f"{tmp_path / 'bad.rpn'}:1:3: error: + needs 2 operands, found 1" in err


@pytest.mark.parametrize("args, named", [
    (["--no-such-option"], "--no-such-option"),
    (["--set", "3=x", "-e", "1"], "--set 3=x"),
    (["-e"], "-e"),
])
def test_usage_errors_exit_64(args, named):
    """A usage error prints nothing on stdout and names the offending argument on stderr."""
    code, out, err = text(rpn(*args))
    assert code == 64
    assert out == ""
    assert "error" in err.lower()
    assert named in err


def test_help_lists_the_options():
    code, out, _ = text(rpn("--help"))
    assert code == 0
    for option in ["-e", "--describe", "--json", "--set", "--ascii", "--degrees", "check"]:
        assert option in out


# --- Terminals and colour ----------------------------------------------------------------

def run_on_terminal(args: list[str], env: dict | None = None) -> tuple[int, str]:
    """Runs with stdin and stderr on a pseudo-terminal; returns status and what stderr showed."""
    code, shown = on_terminal([RPN, *args], stdout=False, env=env)
    return code, shown.decode()


def test_no_arguments_on_a_terminal_prints_a_usage_hint():
    code, shown = run_on_terminal([])
    assert code == 64
    assert "usage: rpn" in shown


def test_colour_only_on_a_terminal_and_never_with_no_color():
    env_without = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    _, shown = run_on_terminal(["-e", "1 0 /"], env=env_without)
    assert "\x1b[" in shown
    _, shown = run_on_terminal(["-e", "1 0 /"], env={"NO_COLOR": "1"})
    assert "\x1b[" not in shown and "error: division by zero" in shown
    assert "\x1b[" not in rpn("-e", "1 0 /").stderr.decode()


# --- Bad input: clear errors, never a crash or a hang ------------------------------------

def test_missing_file():
    assert text(rpn("/nonexistent/x.rpn")) == (1, "", "rpn: error: cannot open '/nonexistent/x.rpn': No such file or directory\n")


def test_directory(tmp_path):
    assert text(rpn(str(tmp_path))) == (1, "", f"rpn: error: cannot read '{tmp_path}': it is a directory\n")


def test_invalid_utf8_points_at_the_byte(tmp_path):
    prog = tmp_path / "bad.rpn"
    prog.write_bytes(b"1 2 +\n3 \xff\xfe 4\n")
    code, out, err = text(rpn(str(prog)))
    assert code == 1 and out == ""
    assert err.startswith(f"{prog}:2:3: error: invalid UTF-8 byte 0xFF\n")


def test_nul_bytes(tmp_path):
    prog = tmp_path / "nul.rpn"
    prog.write_bytes(b"1 \x00 2")
    code, _, err = text(rpn(str(prog)))
    assert code == 1
    assert err.startswith(f"{prog}:1:3: error: NUL byte in program text\n")
    assert "\x00" not in err


def test_hundred_megabyte_single_line(tmp_path):
    prog = tmp_path / "long.rpn"
    count = 25_000_000  # "1 +" pairs: 100 MB on one line
    with open(prog, "wb") as f:
        f.write(b"0")
        chunk = b" 1 +" * 1_000_000
        for _ in range(count // 1_000_000):
            f.write(chunk)
        f.write(b" 0 /")
    assert prog.stat().st_size > 100_000_000
    code, out, err = text(rpn(str(prog), timeout=120))
    assert code == 1 and out == ""
    first, shown, caret, *_ = err.split("\n")
    assert first == f"{prog}:1:{4 * count + 5}: error: division by zero"
    assert len(shown) < 120 and shown[caret.index("^")] == "/"


def test_million_token_left_deep_program_evaluates_and_describes():
    program = "1" + " 1 +" * 500_000
    assert text(rpn(stdin=program)) == (0, "500001\n", "")
    code, out, _ = text(rpn("-d", stdin=program))
    assert code == 0 and out == "1" + "+1" * 500_000 + "\n"


def test_million_deep_right_leaning_tree_with_a_variable():
    program = "x " * 500_000 + "+ " * 499_999
    code, out, _ = text(rpn("--set", "x=2", stdin=program))
    assert (code, out) == (0, "1000000\n")
    code, out, _ = text(rpn("-d", "--set", "x=2", stdin=program))
    assert code == 0 and out == "+".join(["x"] * 500_000) + "\n"


def test_exploding_description_is_cut_not_hung():
    code, out, err = text(rpn("-d", "-e", "1" + " dup +" * 200, timeout=60))
    assert code == 0
    assert out.endswith("…\n") and "warning: description cut" in err


def test_output_to_a_closed_pipe_does_not_hang():
    proc = subprocess.run(f"'{RPN}' | head -1", shell=True, input=b"1 " * 200_000, capture_output=True,
                          timeout=30)
    assert proc.stdout == b"1\n"


@pytest.mark.parametrize("fast, full", [
    (["-e", "3 4 +"], ["--expression", "3 4 +"]),
    (["-e", "1", "-e", "2 +", "-d"], ["--expression=1", "--expression", "2 +", "--describe"]),
    (["-e", "-4 √"], ["--expression", "-4 √"]),
    (["-e", "1 0 /", "-e", "x"], ["--expression", "1 0 /", "--expression", "x"]),
    (["-d", "-e", "1 M ÷ sin"], ["--describe", "--expression", "1 M ÷ sin"]),
    (["-e", "1 \x1b[2J"], ["--expression=1 \x1b[2J"]),
    (["--float", "-e", "1 3 ÷ 0.1 0.2 + 0.3 ="], ["--float", "--expression", "1 3 ÷ 0.1 0.2 + 0.3 ="]),
    (["-e", "90 sin", "--degrees", "-d"], ["--expression", "90 sin", "--degrees", "-d"]),
    (["--ascii", "-d", "-e", "2 √ π ×"], ["--ascii", "-d", "--expression", "2 √ π ×"]),
    (["--expand", "-d", "-e", ": sq2 ( x -- y ) x x × ; 3 sq2"], ["--expand", "-d", "--expression", ": sq2 ( x -- y ) x x × ; 3 sq2"]),
    (["--json", "-e", "1 2 +", "--float"], ["--json", "--float", "--expression", "1 2 +"]),
    (["--float", "--float", "-e", "1"], ["--float", "--float", "--expression", "1"]),
])
def test_the_fast_path_for_dash_e_agrees_with_the_full_parser(fast, full):
    """`rpn -e PROGRAM [-d]` skips swift-argument-parser for start-up time; the result must be
    exactly what the full parser gives."""
    a, b = rpn(*fast), rpn(*full)
    assert (a.returncode, a.stdout, a.stderr) == (b.returncode, b.stdout, b.stderr)


def test_many_errors_on_one_long_line_are_reported_in_linear_time(tmp_path):
    # A minified program: 10,000 unset names (as many errors as are shown) after 800 KB of
    # numbers, all on one line; each error has its column and an excerpt around it. Columns
    # are counted from marks every 1 KiB of a long line, not from the line's start each time,
    # which took minutes here.
    names = ["".join(letters) for letters in itertools.islice(itertools.product("bcdfghjk", repeat=6), 10_000)]
    prefix = "π " + "1 " * 400_000
    prog = tmp_path / "names.rpn"
    prog.write_text(prefix + " ".join(names) + "\n")
    code, out, err = text(rpn(str(prog), timeout=60))
    assert code == 1
    lines = err.split("\n")
    last = names[-1]
    column = len(prefix) + len(" ".join(names[:-1])) + 2  # characters (π counts one), 1-based
    headline = f"{prog}:1:{column}: error: variable '{last}' is unset"
    at = lines.index(headline)
    shown, caret = lines[at + 1], lines[at + 2]
    assert shown.startswith("…") and shown[caret.index("^"):].startswith(last)
    assert "more errors not shown" not in err
