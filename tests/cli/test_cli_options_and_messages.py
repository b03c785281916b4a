"""The command line's options and messages, end to end (issue 7): options that were dropped or
ignored, programs that look like options, carets by terminal columns, control characters
from the input never reaching the terminal raw, one JSON spelling.

RPN_BIN names the binary. Expected values are worked out by hand (noted where not obvious) or
come from an independent reference (Python's `wcwidth` for display widths, the language server
for JSON numbers).
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import unicodedata

import pytest
import wcwidth

from cli_support import RPN, on_terminal, rpn, text


@pytest.fixture
def favorites_home(tmp_path):
    """A private favorites file for `rpn fav`."""
    return {"HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path / "data")}


# --- 1. --set sees --degrees and the --set options before it ---------------------------------

@pytest.mark.parametrize("args, out", [
    # sin 30° = 1/2 exactly (the evaluator reduces degrees exactly; `--degrees -e '30 sin'` is 0.5)
    (["--degrees", "--set", "x=30 sin", "-e", "x"], "0.5\n"),
    (["--set", "x=30 sin", "--degrees", "-e", "x"], "0.5\n"),
    (["--set", "a=2", "--set", "b=a 3 ×", "-e", "b"], "6\n"),
    (["--set", "a=2", "--set", "a=a 1 +", "-e", "a"], "3\n"),
    (["--degrees", "--set", "h=90", "--set", "s=h sin", "-e", "s h"], "1\n90\n"),
])
def test_set_values_see_degrees_and_earlier_sets(args, out):
    assert text(rpn(*args)) == (0, out, "")


def test_a_set_cannot_use_a_later_one():
    code, out, err = text(rpn("--set", "b=a 3 ×", "--set", "a=2", "-e", "b"))
    assert (code, out) == (64, "")
    assert err == "rpn: error: --set b=a 3 ×: variable 'a' is unset\nSee 'rpn --help' for every option.\n"


# --- 3. --describe: variables never given a value are free -----------------------------------

def test_describe_treats_unset_variables_as_free():
    assert text(rpn("-d", "-e", "1 M ÷ sin")) == (0, "sin(1÷M)\n", "")


def test_describe_still_reports_real_errors():
    code, out, err = text(rpn("-d", "-e", "1 0 ÷ M +"))
    assert code == 1
    assert out == ""  # with an error, no description: it would read as the result
    assert err.startswith("-e:1:5: error: division by zero\n")


def test_describe_warns_about_a_likely_misspelling_but_succeeds():
    code, out, err = text(rpn("-d", "-e", "2 sqr ×"))
    assert (code, out) == (0, "2×sqr\n")
    assert err.startswith("-e:1:3: warning: 'sqr' is a free variable; did you mean 'sqrt'?\n")


def test_describe_json_lists_the_free_variables():
    code, out, err = text(rpn("-d", "--json", "--set", "x=2", "-e", "1 M ÷ sin x b +"))
    assert (code, err) == (0, "")
    assert json.loads(out) == {"values": [None, None], "exact": [None, None], "inexact": [None, None],
                               "digits": [None, None], "description": "sin(1÷M),x+b",
                               "variables": {"x": 2}, "free": ["M", "b"], "diagnostics": [], "words": []}


def test_json_without_describe_has_no_free_variables_unset_ones_are_errors():
    code, out, _ = text(rpn("--json", "-e", "M"))
    assert code == 1
    result = json.loads(out)
    assert result["free"] == []
    assert [d["code"] for d in result["diagnostics"]] == ["unset-variable"]


# --- 4. programs that start with '-', usage texts, check --json, pipes, NO_COLOR --------------

@pytest.mark.parametrize("program", ["-5 abs", "-.5 abs", "-5", "-1e3 2 ×"])
def test_fav_add_takes_a_program_that_starts_with_a_minus(program, favorites_home):
    code, out, err = text(rpn("fav", "add", program, env=favorites_home))
    assert (code, err) == (0, "")
    assert out.startswith("added 1  ")
    shown = json.loads(rpn("fav", "show", "1", "--json", env=favorites_home).stdout)
    assert shown["program"] == program


def test_fav_add_with_json_after_a_minus_program(favorites_home):
    code, out, _ = text(rpn("fav", "add", "-5 abs", "--json", env=favorites_home))
    assert code == 0
    assert json.loads(out)["program"] == "-5 abs"


@pytest.mark.parametrize("command", ["rm", "show"])
def test_fav_negative_numbers_are_no_favorite_not_an_unknown_option(command, favorites_home):
    assert text(rpn("fav", command, "-1", env=favorites_home)) == (
        1, "", "rpn: error: no favorite -1 (there are 0)\n")


@pytest.mark.parametrize("args, out", [
    (["-e", "-5"], "-5\n"),
    (["-e", "-5 3 +"], "-2\n"),
    (["--expression", "-.5"], "-0.5\n"),
])
def test_programs_starting_with_a_minus_after_e(args, out):
    assert text(rpn(*args)) == (0, out, "")


def test_plot_takes_a_program_that_starts_with_a_minus():
    code, out, err = text(rpn("plot", "-e", "-5 M +", "--from", "-1", "--to", "1"))
    assert (code, err) == (0, "")
    assert "−5+M" in out


def test_fav_with_an_unknown_subcommand_shows_favs_usage(favorites_home):
    code, out, err = text(rpn("fav", "bogus", env=favorites_home))
    assert (code, out) == (64, "")
    assert "bogus" in err
    assert err.endswith("See 'rpn fav --help' for every option.\n")
    assert "rpn fav list" not in err


def test_fav_alone_still_lists(favorites_home):
    rpn("fav", "add", "1 2 +", env=favorites_home)
    assert text(rpn("fav", env=favorites_home)) == (0, "1  1+2\n", "")


def test_check_json_reports_unreadable_files_in_the_json(tmp_path):
    (tmp_path / "ok.rpn").write_text("1 2 +\n")
    code, out, err = text(rpn("check", "--json", str(tmp_path / "ok.rpn"), str(tmp_path / "missing.rpn")))
    assert code == 1
    reports = json.loads(out)
    assert reports[0] == {"file": str(tmp_path / "ok.rpn"), "diagnostics": [], "words": []}
    message = f"cannot open '{tmp_path / 'missing.rpn'}': No such file or directory"
    assert reports[1] == {"file": str(tmp_path / "missing.rpn"), "error": message, "diagnostics": [], "words": []}
    assert err == f"rpn: error: {message}\n"




def test_rpn_piped_into_cat_on_a_terminal_is_a_usage_error():
    """stdin a terminal, stdout a pipe: no shell (its output would go to the pipe), the usage hint."""
    code, shown = on_terminal(["bash", "-c", f"set -o pipefail; '{RPN}' | cat"])
    assert code == 64
    assert b"usage: rpn" in shown


@pytest.mark.parametrize("value, coloured", [(None, True), ("", True), ("1", False), ("0", False)])
def test_no_color_disables_colour_only_when_present_and_not_empty(value, coloured):
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    if value is not None:
        env["NO_COLOR"] = value
    _, shown = on_terminal([RPN, "-e", "1 0 /"], stdin=False, stdout=False, env=env, replace_environment=True)
    assert b"division by zero" in shown
    assert (b"\x1b[" in shown) == coloured


# --- 5. rpn plot: --set, --degrees, bounds in RPN ---------------------------------------------

def test_plot_takes_set():
    code, out, err = text(rpn("plot", "-e", "M y +", "--set", "y=1", "--from", "0", "--to", "1"))
    assert (code, err) == (0, "")
    assert "M+y" in out


def test_plot_takes_degrees():
    # sin is negative on (180°, 360°), so √(sin M) has no value there; in radians it has
    # (sin 190 ≈ 0.83).
    assert text(rpn("plot", "-e", "M sin √", "--from", "190", "--to", "350"))[0] == 0
    code, out, err = text(rpn("plot", "--degrees", "-e", "M sin √", "--from", "190", "--to", "350"))
    assert (code, out) == (1, "")
    assert err.endswith("rpn: error: nothing to plot: √(sin(M)) has no value on [190, 350]\n")


@pytest.mark.parametrize("args, shown", [
    (["--from", "π neg", "--to", "1 neg"], "[-3.141592653589793, -1]"),
    (["--from=π neg", "--to=-1"], "[-3.141592653589793, -1]"),
    (["--set", "a=4", "--from", "a neg", "--to", "a 2 ÷ neg"], "[-4, -2]"),
    (["--degrees", "--from", "90 sin 3 neg ×", "--to", "-1"], "[-3, -1]"),
])
def test_plot_bounds_are_rpn(args, shown):
    code, out, err = text(rpn("plot", "-e", "M √", *args))
    assert (code, out) == (1, "")
    assert err.endswith(f"rpn: error: nothing to plot: √(M) has no value on {shown}\n")


@pytest.mark.parametrize("args, message", [
    (["--from", "x"], "rpn: error: --from x: variable 'x' is unset\n"),
    (["--to", "1 2"], "rpn: error: --to 1 2: expected exactly one number\n"),
    (["--set", "3=x"], "rpn: error: --set 3=x: '3' is not a variable name\n"),
])
def test_plot_bad_bounds_and_sets_are_usage_errors(args, message):
    assert text(rpn("plot", "-e", "M", *args)) == (64, "", message + "See 'rpn plot --help' for every option.\n")


# --- 6. carets under the right terminal column ------------------------------------------------

def caret_column(err: str, message: str) -> tuple[str, int, int]:
    """The excerpt line of the diagnostic whose first line contains `message`, the terminal
    column of its first caret and the number of carets."""
    lines = err.split("\n")
    for i, line in enumerate(lines):
        if message in line:
            shown, carets = lines[i + 1], lines[i + 2]
            return shown, wcwidth.wcswidth(carets[:carets.index("^")]), carets.count("^")
    raise AssertionError(f"no {message!r} in {err!r}")


@pytest.mark.parametrize("args, message, target", [
    (["--set", "日本=1", "-e", "日本 0 ÷"], "division by zero", "÷"),
    (["-e", "😀 1 0 ÷"], "division by zero", "÷"),
    (["-e", "ｘ 1 0 ÷"], "division by zero", "÷"),          # fullwidth x: a variable, width 2
    (["-e", "e\u0301 1 0 ÷"], "division by zero", "÷"),     # e + combining acute: width 1
])
def test_carets_stand_under_the_token_in_terminal_columns(args, message, target):
    _, err = text(rpn(*args))[1:]
    shown, column, count = caret_column(err, message)
    # The reference: wcwidth's column of the target in the shown line.
    assert column == wcwidth.wcswidth(shown[:shown.index(target)])
    assert count == 1


@pytest.mark.parametrize("program, message, width", [
    ("日本", "variable '日本' is unset", 4),
    ("e\u0301", "unknown token 'e\u0301'", 1),
    ("x😀", "unknown token 'x😀'", 3),
])
def test_carets_span_the_token_in_terminal_columns(program, message, width):
    _, err = text(rpn("-e", program))[1:]
    _, column, count = caret_column(err, message)
    assert (column, count) == (0, width)
    assert wcwidth.wcswidth(program) == width


def test_display_width_agrees_with_wcwidth():
    """Every code point but controls and surrogates, one per line through `rpn width`, against
    wcwidth's width of the same code point."""
    points = [cp for cp in range(0x110000)
              if not (0xD800 <= cp <= 0xDFFF) and unicodedata.category(chr(cp)) != "Cc"]
    data = "\n".join(chr(cp) for cp in points).encode("utf-8", "surrogatepass") + b"\n"
    result = subprocess.run([RPN, "width"], input=data, capture_output=True, timeout=120)
    assert result.returncode == 0, result.stderr.decode()
    ours = [int(w) for w in result.stdout.split()]
    assert len(ours) == len(points)
    differences = [(hex(cp), mine, wcwidth.wcwidth(chr(cp))) for cp, mine in zip(points, ours)
                   if mine != wcwidth.wcwidth(chr(cp))]
    assert differences == []


# --- 7. control characters never reach the terminal raw; invisible ones are named -------------

# Every C0 control but NUL (which an argument cannot hold: see the file case below), the line
# breaks and the whitespace the lexer separates tokens with (tab, VT, FF), and DEL.
TOKEN_CONTROLS = [b for b in range(0x01, 0x20) if b not in (0x09, 0x0A, 0x0B, 0x0C, 0x0D)] + [0x7F]


def has_raw_controls(text: str) -> bool:
    return any((ord(c) < 0x20 and c != "\n") or 0x7F <= ord(c) < 0xA0 for c in text)


@pytest.mark.parametrize("byte", TOKEN_CONTROLS)
def test_control_characters_in_a_token_are_escaped(byte):
    result = subprocess.run([RPN, "-e", b"1 a" + bytes([byte]) + b"[31mz 2"], capture_output=True, timeout=30)
    assert result.returncode == 1
    err = result.stderr.decode()
    assert not has_raw_controls(err), repr(err)
    escaped = "a\\u{%X}[31mz" % byte
    assert f"unknown token '{escaped}'" in err
    shown, column, count = caret_column(err, "unknown token")
    assert shown == f"1 {escaped} 2"
    assert (column, count) == (2, len(escaped))


@pytest.mark.parametrize("byte", [0x0B, 0x0C])
def test_vertical_tab_and_form_feed_in_a_shown_line_are_escaped(byte):
    result = subprocess.run([RPN, "-e", b"1" + bytes([byte]) + b"0 /"], capture_output=True, timeout=30)
    err = result.stderr.decode()
    assert not has_raw_controls(err), repr(err)
    escaped = "\\u{%X}" % byte
    shown, column, count = caret_column(err, "division by zero")
    assert shown == f"1{escaped}0 /"
    assert (column, count) == (len(shown) - 1, 1)


def test_control_characters_in_files_comments_and_names_are_escaped(tmp_path):
    name = tmp_path / "a\x1b]0;pwned\x07.rpn"
    name.write_bytes(b"1 0 \xc3\xb7 # \x1b[2J \xc2\x9b\x00\n")
    result = subprocess.run([RPN, str(name)], capture_output=True, timeout=30)
    err = result.stderr.decode()
    assert result.returncode == 1
    assert not has_raw_controls(err), repr(err)
    assert "a\\u{1B}]0;pwned\\u{7}.rpn:1:5: error: division by zero" in err
    assert "1 0 ÷ # \\u{1B}[2J \\u{9B}\\u{0}\n    ^\n" in err


@pytest.mark.parametrize("arguments", [["--bogus\x1b[31m"], ["check", "--x\x1b]0;t\x07"], ["fav", "rm", "\x1b[2J"],
                                       ["plot", "-e", "M", "--from"]])
def test_argument_parser_messages_escape_the_arguments(arguments):
    code, out, err = text(rpn(*arguments))
    assert code == 64 and out == ""
    assert err.startswith("rpn: error: ") and not has_raw_controls(err), repr(err)


def test_missing_file_names_are_escaped(tmp_path):
    code, _, err = text(rpn(str(tmp_path / "x\x1b[31m.rpn")))
    assert code == 1
    assert err == f"rpn: error: cannot open '{tmp_path}/x\\u{{1B}}[31m.rpn': No such file or directory\n"


def test_tokens_text_output_escapes_controls_json_keeps_them(tmp_path):
    (tmp_path / "t.rpn").write_bytes(b"1 \x1b[31m # \x07\n")
    code, out, _ = text(rpn("tokens", str(tmp_path / "t.rpn")))
    assert code == 0
    assert "\x1b" not in out and "\x07" not in out
    assert out == "1:1-1:1 number 1\n1:3-1:7 invalid \\u{1B}[31m\n1:9-1:11 comment # \\u{7}\n"
    tokens = json.loads(rpn("tokens", "--json", str(tmp_path / "t.rpn")).stdout)
    assert [t["text"] for t in tokens] == ["1", "\x1b[31m", "# \x07"]


@pytest.mark.parametrize("source, message, shown", [
    (b"1 \xef\xbb\xbf2 +", "unknown token '<U+FEFF>2'", "1 <U+FEFF>2 +"),  # at the start, a byte order mark is skipped
    (b"3\xc2\xa04", "invalid number '3<U+00A0>4'", "3<U+00A0>4"),
    (b"5 \xe2\x80\x8b 6", "unknown token '<U+200B>'", "5 <U+200B> 6"),
    (b"1 x\xe2\x80\xae", "unknown token 'x<U+202E>'", "1 x<U+202E>"),
])
def test_invisible_characters_are_named(tmp_path, source, message, shown):
    (tmp_path / "p.rpn").write_bytes(source)
    code, _, err = text(rpn(str(tmp_path / "p.rpn")))
    assert code == 1
    assert message in err
    excerpt, column, count = caret_column(err, message)
    assert excerpt == shown
    token = message[message.index("'") + 1:message.rindex("'")]
    assert (column, count) == (shown.index(token), len(token))


# --- 8. one JSON spelling of numbers: the command line's is the language server's -------------

def lsp_evaluate_raw(program: str) -> bytes:
    """The raw body of the language server's answer to rpn/evaluate {text}."""
    def frame(message: dict) -> bytes:
        body = json.dumps(message).encode()
        return b"Content-Length: %d\r\n\r\n" % len(body) + body
    messages = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"processId": None, "rootUri": None, "capabilities": {}}},
        {"jsonrpc": "2.0", "method": "initialized", "params": {}},
        {"jsonrpc": "2.0", "id": 2, "method": "rpn/evaluate", "params": {"text": program}},
        {"jsonrpc": "2.0", "id": 3, "method": "shutdown"},
        {"jsonrpc": "2.0", "method": "exit"},
    ]
    result = subprocess.run([RPN, "lsp"], input=b"".join(frame(m) for m in messages), capture_output=True,
                            timeout=30)
    stream = result.stdout
    while stream:
        header, _, rest = stream.partition(b"\r\n\r\n")
        length = int(header.split(b":")[1])
        body, stream = rest[:length], rest[length:]
        if json.loads(body).get("id") == 2:
            return body
    raise AssertionError("no answer to rpn/evaluate")


def raw_member(body: bytes, key: bytes) -> bytes:
    start = body.index(b'"' + key + b'":[') + len(key) + 3
    return body[start:body.index(b"]", start)]


def test_json_numbers_are_spelled_as_the_language_server_spells_them():
    program = "0.1 1e15 1e16 -0 1e-7 123456789012345678 2 3 / 1e300 1e300 ×"
    cli = rpn("--json", "-e", program).stdout
    assert raw_member(cli, b"values") == raw_member(lsp_evaluate_raw(program), b"values")
    # and both are valid JSON with the right values
    assert json.loads(cli)["values"][:3] == [0.1, 1e15, 1e16]
