"""The number options of the release binary (issue 9): --float, --std, --fix N, --sci N,
--eng N, --fractions, --group, --base N, and their usage errors (exit 64). Expected values from
Python's fractions and floats, or by hand, never from rpn.
"""
from __future__ import annotations

import json
from fractions import Fraction

import pytest

from cli_support import rpn, text


def values(*args: str) -> str:
    status, out, err = text(rpn(*args))
    assert status == 0 and err == "", err
    return out


@pytest.mark.parametrize("options, program, expected", [
    ([], "0.1 0.2 +", "0.3"),
    (["--float"], "0.1 0.2 +", repr(0.1 + 0.2)),
    ([], "2 100 ^", str(2 ** 100)),
    (["--float"], "2 100 ^", repr(float(2 ** 100))),
    (["--fix", "2"], "10 3 ÷", "3.33"),
    (["--fix", "2"], "1 8 ÷", "0.13"),              # 0.125: half away from zero
    (["--fix", "2"], "-1 8 ÷", "-0.13"),
    (["--fix", "0"], "5 2 ÷", "3"),
    (["--sci", "3"], "12345", "1.235e4"),
    (["--sci", "2"], "0.000123", "1.23e-4"),
    (["--eng", "3"], "12345", "12.35e3"),
    (["--std"], "10 3 ÷", "3.333333333333333"),
    (["--fractions"], "1 3 ÷", "1/3"),
    (["--fractions"], "0.75", str(Fraction("0.75"))),
    (["--fractions"], "2 √", repr(2 ** 0.5)),        # inexact: unchanged
    (["--group"], "1234567.5", "1,234,567.5"),
    (["--base", "16"], "255 -16", "0xFF\n-0x10"),
    (["--base", "8"], "15", "0o17"),
    (["--base", "2"], "11", "0b1011"),
    (["--base", "10"], "0xFF", "255"),
    (["--base", "16"], "1 2 ÷", "0.5"),
    (["--group", "--fix", "2"], "1234567 3 ÷", "411,522.33"),
    (["--float", "--fix", "2"], "0.1 0.2 +", "0.30"),
])
def test_values_print_as_the_options_say(options, program, expected):
    assert values(*options, "-e", program) == expected + "\n"


def test_fix_of_a_third_matches_the_exact_rounding():
    # 2/3 to 5 places, half away from zero, from the exact fraction
    third = Fraction(2, 3)
    rounded = (third * 10 ** 5 + Fraction(1, 2)).__floor__()
    assert values("--fix", "5", "-e", "2 3 ÷") == f"0.{rounded:05d}\n"


def test_json_values_and_exact_strings():
    status, out, _ = text(rpn("--json", "-e", "2 100 ^ 1 3 ÷ 0.1 2 √"))
    assert status == 0
    result = json.loads(out)
    assert result["exact"] == [str(2 ** 100), "1/3", "1/10", repr(2 ** 0.5)]
    assert result["values"] == [float(2 ** 100), 1 / 3, 0.1, 2 ** 0.5]
    # √2 is a double: its text is the double's, not an exact value; a missing value is null
    assert result["inexact"] == [False, False, False, True]
    status, out, _ = text(rpn("--json", "-e", "1 0 ÷ 4 √"))
    assert json.loads(out)["inexact"] == [None, False]


def test_json_under_float():
    result = json.loads(text(rpn("--float", "--json", "-e", "0.1 0.2 +"))[1])
    assert result["exact"] == [repr(0.1 + 0.2)]
    assert result["values"] == [0.1 + 0.2]
    assert result["inexact"] == [True]


@pytest.mark.parametrize("options, message", [
    (["--fix", "2", "--sci", "3"], "choose one of --fix, --sci, --eng and --std"),
    (["--std", "--eng", "2"], "choose one of --fix, --sci, --eng and --std"),
    (["--base", "7"], "--base takes 16, 8, 2 or 10, got 7"),
    (["--base", "-16"], "--base takes 16, 8, 2 or 10, got -16"),
    (["--fix", "-1"], "--fix takes 0 to 1000 digits, got -1"),
    (["--sci", "-2"], "--sci takes 0 to 1000 digits, got -2"),
    (["--eng", "1001"], "--eng takes 0 to 1000 digits, got 1001"),
    (["--fix", "x"], "'x'"),
    (["--fix"], "--fix"),
])
def test_usage_errors(options, message):
    status, out, err = text(rpn(*options, "-e", "1"))
    assert status == 64
    assert out == ""
    assert message in err.splitlines()[0], err


# --- Limits: every figure exact, or said to be an estimate, and never contradicted by the limit ---
# Derived by hand: 10^k has k + 1 digits; b^n has ⌊n·log10 b⌋ + 1 (4000000·log10 2 =
# 1204119.98…, 3321929·log10 2 = 1000000.27…); 1/10^1000000 has 1 + 1000001 digits together;
# log10(300000!) = 1512851.17… (an estimate: "about"); 10^20·log10 2 ≈ 3.01·10^19.

LIMITS = [
    (["-e", "10 10000001 ^"], "-e:1:13: error: result of ^ would have 10000002 digits (the limit is 1000000)"),
    (["-e", "2 4000000 ^"], "-e:1:11: error: result of ^ would have 1204120 digits (the limit is 1000000)"),
    (["-e", "2 3321929 ^"], "-e:1:11: error: result of ^ would have 1000001 digits (the limit is 1000000)"),
    (["-e", "1 10 ÷ 1000000 ^"], "-e:1:16: error: result of ^ would have 1000002 digits (the limit is 1000000)"),
    (["-e", "10 999999 ^ 10 ×"], "-e:1:16: error: result of × would have 1000001 digits (the limit is 1000000)"),
    (["-e", "300000 !"], "-e:1:8: error: result of ! would have about 1512852 digits (the limit is 1000000)"),
    (["-e", "1 100000000000000000000 <<"],
     "-e:1:25: error: result of << would have more than 10^19 digits (the limit is 1000000)"),
    (["-e", "1e1000000"], "-e:1:1: error: number '1e1000000': number literal would have 1000001 digits (the limit is 1000000)"),
    (["-e", "1 9223372036854775807 pick"],
     "-e:1:23: error: 9223372036854775807 pick needs 9223372036854775807 entries below its count, found 1"),
    (["--float", "-e", "1 1e19 pick"],
     "-e:1:8: error: 10000000000000000000 pick needs 10000000000000000000 entries below its count, found 1"),
    (["-e", "1 -9223372036854775807 pick"], "-e:1:24: error: pick needs a count of 1 or more, got -9223372036854775807"),
    (["--max-steps", "1000", "-e", "begin 0 until"],
     "-e:1:7: error: stopped after 1000 steps, the step limit (raise it with --max-steps N)"),
    (["-e", ": deep ( n -- m ) n 1 + deep ; 0 deep"],
     "-e:1:25: error: calls nested 1000000 deep, the limit: 'deep' may call itself without end"),
]


@pytest.mark.parametrize("args, message", LIMITS)
def test_limit_messages(args, message):
    code, out, err = text(rpn(*args))
    assert code == 1
    assert err.splitlines()[0] == message


@pytest.mark.parametrize("program", ["2 3321928 ^ 0 ×", "1e999999 0 ×", "10 999999 ^ 9 × 0 ×"])
def test_a_million_digits_are_within_the_limit(program):
    # Exactly 10^6 digits each: 3321928·log10 2 = 999999.97…; 1e999999 and 9·10^999999 are
    # a digit and 999999 zeros.
    assert text(rpn("-e", program)) == (0, "0\n", "")
