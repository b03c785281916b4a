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
