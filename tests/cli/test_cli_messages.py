"""Issue 20, messages and the command line: one error per cause, with the calls that led to it;
usage errors of every kind in our two lines; a byte order mark at the start of a program is
no part of it; with an error, nothing on stdout under -d.

Expected outputs are written by hand (columns counted in the program text).
"""
from __future__ import annotations

import json
import subprocess

import pytest

from cli_support import RPN, rpn, text

BOM = b"\xef\xbb\xbf"


def help_line(command: str = "rpn") -> str:
    return f"See '{command} --help' for every option.\n"


# Every kind of usage error: the argument parser's (unknown option, missing value, bad number,
# unexpected argument, bad subcommand, conflicting options) and ours.
USAGE_ERRORS = [
    (["--bogus"], "unknown option '--bogus'", "rpn"),
    (["--fix"], "missing value for '--fix <N>'", "rpn"),
    (["-e"], "missing value for '-e <PROGRAM>'", "rpn"),
    (["--digits", "0", "-e", "1"], "--digits takes 1 to 1000000 digits, got 0", "rpn"),
    (["--fix", "x", "-e", "1"], "the value 'x' is invalid for '--fix <N>'", "rpn"),
    (["--max-steps", "x", "-e", "1"],
     "--max-steps takes a positive whole number of steps (at most 9223372036854775807), got 'x'", "rpn"),
    (["--float", "--digits", "3", "-e", "1"],
     "--digits computes inexact values with N digits and --float computes in doubles: choose one", "rpn"),
    (["--set", "x", "-e", "1"], "--set x: expected NAME=VALUE", "rpn"),
    (["--trace", "--json", "-e", "1"], "--trace prints lines of text and --json one JSON object: choose one", "rpn"),
    (["check", "--bogus"], "unknown option '--bogus'", "rpn check"),
    (["tokens", "a", "b"], "unexpected argument 'b'", "rpn tokens"),
    (["fav", "bogus"], "unexpected argument 'bogus'", "rpn fav"),
    (["plot"], "missing expected argument '--expression <PROGRAM>'", "rpn plot"),
    (["plot", "-e", "M", "--from", "3", "--to", "1"], "--from 3 must be less than --to 1", "rpn plot"),
]


@pytest.mark.parametrize("arguments, message, command", USAGE_ERRORS)
def test_a_usage_error_is_one_line_and_where_help_is(arguments, message, command):
    assert text(rpn(*arguments)) == (64, "", f"rpn: error: {message}\n" + help_line(command))


@pytest.mark.parametrize("arguments", [["-d", "-e", "begin 0 until"], ["-d", "-e", "1 0 ÷ M +"],
                                       ["-d", "--expand", "-e", "1 0 /"], ["--fix", "2", "-e", "1 0 / 2"],
                                       ["-e", "1 0 / 2"], ["--base", "16", "-e", "1 0 / 2"]])
def test_with_an_error_stdout_stays_empty(arguments):
    code, out, err = text(rpn(*arguments))
    assert (code, out) == (1, "")
    assert "error:" in err


@pytest.mark.parametrize("arguments, stdin", [
    ([], BOM + b"1 2 +\n"),                # standard input
    (["-"], BOM + b"1 2 +\n"),             # '-'
    (["-d"], BOM + b"1 2 +\n"),
])
def test_a_byte_order_mark_on_standard_input_is_skipped(arguments, stdin):
    assert text(rpn(*arguments, stdin=stdin)) == (0, "3\n" if "-d" not in arguments else "1+2\n", "")


def test_a_byte_order_mark_in_a_file_is_skipped_and_columns_stay_right(tmp_path):
    program = tmp_path / "bom.rpn"
    program.write_bytes(BOM + b"1 2 + q\n")
    assert text(rpn(str(program))) == (1, "", f"{program}:1:7: error: variable 'q' is unset\n1 2 + q\n      ^\n")
    program.write_bytes(BOM + b"2 3 + +\n")
    assert text(rpn("check", str(program))) == (
        1, "", f"{program}:1:7: error: + needs 2 operands, found 1\n2 3 + +\n      ^\n")
    program.write_bytes(BOM + b"1 2 +\n")
    assert text(rpn(str(program))) == (0, "3\n", "")
    assert text(rpn("check", str(program))) == (0, "", "")


def test_a_byte_order_mark_on_standard_input_keeps_columns(tmp_path):
    assert text(rpn(stdin=BOM + b"2 q +\n")) == (1, "", "<stdin>:1:3: error: variable 'q' is unset\n2 q +\n  ^\n")


def test_a_byte_order_mark_in_an_included_file_is_skipped(tmp_path):
    (tmp_path / "lib.rpn").write_bytes(BOM + b": square ( x -- y ) x x * ;\n")
    result = subprocess.run([RPN, "-e", 'include "lib.rpn" 3 square'], capture_output=True, cwd=tmp_path, timeout=60)
    assert text(result) == (0, "9\n", "")


def test_a_byte_order_mark_in_list_input_is_skipped():
    assert text(rpn("--list", "-e", "sum", stdin=BOM + b"1\n2\n")) == (0, "3\n", "")


def test_a_byte_order_mark_in_tokens_is_skipped(tmp_path):
    program = tmp_path / "bom.rpn"
    program.write_bytes(BOM + b"1 +\n")
    code, out, err = text(rpn("tokens", "--json", str(program)))
    assert (code, err) == (0, "")
    tokens = json.loads(out)
    assert [token["kind"] for token in tokens] == ["number", "operator"]


def test_an_error_in_a_word_is_reported_once_with_its_calls():
    program = ": f ( a -- r ) a 0 / ; : g ( a -- r ) a f ; 2 g 3 g"
    assert text(rpn("-e", program)) == (1, "", (
        "-e:1:20: error: division by zero\n"
        f"{program}\n"
        "                   ^\n"
        "-e:1:41: note: in f, called here\n"
        "-e:1:47: note: in g, called here\n"))


def test_an_error_in_a_word_is_reported_once_per_cause():
    # The read of q is valued after the run: the chain is the program's first call of f.
    program = ": f ( a -- r ) a q + ; 2 f 3 f"
    assert text(rpn("-e", program)) == (1, "", (
        "-e:1:18: error: variable 'q' is unset\n"
        f"{program}\n"
        "                 ^\n"
        "-e:1:26: note: in f, called here\n"))


@pytest.mark.parametrize("arguments", [["-e"], ["-d", "-e"], ["check", "-"]])
def test_every_mode_reports_an_error_in_a_word_once(arguments):
    program = ": f ( a -- r ) a 0 / ; 2 f 3 f"
    args = [*arguments, program] if arguments[-1] == "-e" else arguments
    code, out, err = text(rpn(*args, stdin=program if arguments[-1] == "-" else b""))
    assert (code, out) == (1, "")
    assert err.count("error:") == 1 and "1:20: error: division by zero\n" in err
    assert err.endswith(":1:26: note: in f, called here\n")


def test_a_deep_recursion_shows_the_ends_of_its_call_chain():
    program = ": f ( n -- r ) n 0 = if 1 0 / else n 1 - f then ; 500 f"
    code, out, err = text(rpn("-e", program))
    notes = [line for line in err.splitlines() if ": note: " in line]
    # 501 calls: the top level's and 500 recursive ones; the 4 innermost, the 4 outermost.
    assert notes == ["-e:1:42: note: in f, called here"] * 4 + ["-e:1:42: note: … 493 more calls not shown"] \
        + ["-e:1:42: note: in f, called here"] * 3 + ["-e:1:55: note: in f, called here"]


def test_json_diagnostics_carry_the_call_chain():
    code, out, _ = text(rpn("--json", "-e", ": f ( a -- r ) a 0 / ; 2 f 3 f"))
    [diagnostic] = json.loads(out)["diagnostics"]
    assert diagnostic["related"] == [{"message": "in f, called here", "file": "-e",
                                      "range": {"start": {"line": 1, "column": 26}, "end": {"line": 1, "column": 26}}}]


def test_a_parameter_named_like_a_constant_says_why():
    assert text(rpn("-e", ": f ( e -- r ) e 1 + ; 2 f")) == (1, "", (
        "-e:1:5: error: a parameter cannot be named 'e': it is the built-in constant e = 2.71828…, which the word's "
        "body could then not use; choose another name\n"
        ": f ( e -- r ) e 1 + ; 2 f\n"
        "    ^^^^^^^^^^\n"))


STORE_WARNING = "warning: 'r' was read by a result still on the stack; this store changes that result too\n"


def test_a_store_that_changes_a_result_on_the_stack_warns_naming_the_read():
    # 3 →r changes r r × π × already on the stack: both results are 9π (the language's rule),
    # 9 × 3.141592653589793 = 28.274333882308138 as Python computes it.
    program = "2 →r r r × π × 3 →r r r × π ×"
    code, out, err = text(rpn("-e", program))
    assert code == 0
    assert out == "28.274333882308138\n28.274333882308138\n"
    assert err == (f"-e:1:18: {STORE_WARNING}"
                   f"{program}\n"
                   "                 ^^\n"
                   "-e:1:6: note: 'r' was read here\n")


@pytest.mark.parametrize("program, out", [
    ("2 →r r 2 →r", "2\n"),          # the same value: nothing changes
    ("2 →r r drop 3 →r 1", "1\n"),   # the read is no longer on the stack
    ("r 3 →r", "3\n"),               # no earlier value to change
    ("2 →r r →s 3 →r s", "2\n"),     # a store keeps a value, not the read
])
def test_a_store_that_changes_nothing_seen_says_nothing(program, out):
    assert text(rpn("-e", program)) == (0, out, "")


def test_a_store_warning_in_a_loop_is_said_once():
    code, out, err = text(rpn("-e", "1 →x 0 1 4 for i x + i →x next"))
    assert (code, out) == (0, "16\n")
    assert err.count("warning:") == 1
