"""Lists, quotations and statistics from the release binary, as a user runs them (issue 19):
`rpn --list` (standard input is data, one number a line), `--json` arrays, `-d` descriptions,
and the errors of list words at FILE:LINE:COLUMN.

Every expected value is worked out by hand or with Python's `fractions` and `statistics`,
never taken from rpn's output. The random tests feed integers and decimals through `--list`
(and fractions through a `{ p q ÷ … }` literal, since `--list` reads literals and a literal is
never a fraction) to mean, median, var, sdev, pvar, psdev and quantile, and compare:

* exact results (every statistic but a square root, and a square root whose variance is the
  square of a rational) as `Fraction`s, printed with `--fractions`;
* inexact results (√ of a variance that is not a square; everything under `--float`) with the
  correctly rounded double of the exact value. The reference standard deviation is NOT
  Python's `statistics.stdev`/`pstdev` (Python 3.11 does not promise a correctly rounded
  result there): it is the double nearest √v of the exact `Fraction` variance v, found by
  exact rational comparison with the midpoints between neighbouring doubles (`rounded_sqrt`),
  and cross-checked with mpmath at 300 bits.
"""
from __future__ import annotations

import json
import math
import re
import statistics
from decimal import Decimal
from fractions import Fraction

import mpmath
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cli_support import rpn, text

INTEGER = re.compile(r"-?\d+")


def run(*args: str, stdin: str | bytes = b"") -> tuple[int, str, str]:
    return text(rpn(*args, stdin=stdin))


# --- --list: standard input is data ------------------------------------------------------------

def test_seq_piped_into_list_mean():
    # 1 + … + 100 = 5050, over 100.
    data = "".join(f"{k}\n" for k in range(1, 101))
    assert run("--list", "-e", "mean", stdin=data) == (0, "50.5\n", "")
    assert run("--list", "--fractions", "-e", "mean", stdin=data) == (0, "101/2\n", "")


def test_list_is_on_the_stack_before_the_programs():
    data = "3\n1\n2\n"
    assert run("--list", "-e", "size", stdin=data) == (0, "3\n", "")
    assert run("--list", "-e", "sort", stdin=data) == (0, "{ 1 2 3 }\n", "")
    # Several programs run on one stack after the list: 3+1+2 = 6, then 6 × 10.
    assert run("--list", "-e", "Σ", "-e", "10 ×", stdin=data) == (0, "60\n", "")


def test_list_program_from_a_file(tmp_path):
    program = tmp_path / "stats.rpn"
    program.write_text("dup minimum swap maximum\n")
    assert run("--list", str(program), stdin="4\n-2\n9\n") == (0, "-2\n9\n", "")


def test_list_skips_blank_lines_crlf_and_a_byte_order_mark():
    data = "\ufeff1\r\n\r\n  2.5 \r\n\t\n\n-0.5\r\n   \n".encode()
    # {1, 2.5, -0.5}: the sum is 3, the mean 1.
    assert run("--list", "-e", "dup size swap Σ", stdin=data) == (0, "3\n3\n", "")


def test_list_of_nothing_is_the_empty_list():
    assert run("--list", "-e", "size", stdin="") == (0, "0\n", "")
    assert run("--list", "-e", "size", stdin="\n\r\n  \n") == (0, "0\n", "")


def test_list_takes_every_literal_form():
    # 0x10 = 16, 0b11 = 3, 1e2 = 100, .5, 5., -4: the sum is 16+3+100+0.5+5-4 = 120.5.
    data = "0x10\n0b11\n1e2\n.5\n5.\n-4\n"
    assert run("--list", "--fractions", "-e", "Σ", stdin=data) == (0, "241/2\n", "")


@pytest.mark.parametrize("data, line, column, shown", [
    ("1\n2\nabc\n4\n", 3, 1, "abc"),
    ("1\n2\n   1 2\n", 3, 4, "1 2"),
    ("\ufeff1\r\n2\r\nx\r\n", 3, 1, "x"),
    ("1\n\n\n3/4\n", 4, 1, "3/4"),
])
def test_a_bad_line_is_an_error_at_its_line_and_column(data, line, column, shown):
    status, out, err = run("--list", "-e", "mean", stdin=data.encode())
    assert status == 1
    assert out == ""
    assert err.startswith(f"<stdin>:{line}:{column}: error: --list reads one number a line: ")
    assert shown in err
    assert err.count("\n") == 1


def test_list_without_a_program_is_a_usage_error():
    status, out, err = run("--list", stdin="1\n2\n")
    assert (status, out) == (64, "")
    assert "--list" in err and "-e" in err


def test_list_float_reads_doubles():
    data = "0.1\n0.2\n"
    # Exactly, 1/10 + 2/10 = 3/10. As doubles, the exact sum of the doubles nearest 0.1 and
    # 0.2, rounded once, is 0.30000000000000004 (one IEEE addition is correctly rounded).
    assert run("--list", "-e", "Σ", stdin=data) == (0, "0.3\n", "")
    assert run("--list", "--float", "-e", "Σ", stdin=data) == (0, f"{0.1 + 0.2!r}\n", "")
    assert repr(0.1 + 0.2) == "0.30000000000000004"
    # The mean of the doubles: the exact mean of their binary values, rounded once.
    xs = [0.1, 0.2, 0.4]
    expected = float(sum(map(Fraction, xs)) / 3)
    status, out, err = run("--list", "--float", "-e", "mean", stdin="0.1\n0.2\n0.4\n")
    assert (status, err) == (0, "")
    assert float(out) == expected


# --- --json: a list is an array --------------------------------------------------------------

@pytest.mark.parametrize("program, values, exact", [
    ("{ 1 2 3 }", [[1, 2, 3]], [["1", "2", "3"]]),
    ("{ }", [[]], [[]]),
    ("{ { 1 2 } 3 } 1 3 ÷", [[[1, 2], 3], 1 / 3], [[["1", "2"], "3"], "1/3"]),
    ("{ 1 3 ÷ 0.5 -2 }", [[1 / 3, 0.5, -2]], [["1/3", "1/2", "-2"]]),
    ("{ 1 4 9 } √ { 1 2 } 10 ×", [[1, 2, 3], [10, 20]], [["1", "2", "3"], ["10", "20"]]),
    ("{ 1 2 3 4 } mean", [2.5], ["5/2"]),
])
def test_json_gives_lists_as_arrays(program, values, exact):
    status, out, err = run("--json", "-e", program)
    assert status == 0, err
    result = json.loads(out)
    assert result["values"] == values
    assert result["exact"] == exact


def test_json_with_list_input():
    status, out, err = run("--list", "--json", "-e", "dup 2 ×", stdin="1\n2.5\n")
    assert status == 0, err
    result = json.loads(out)
    assert result["values"] == [[1, 2.5], [2, 5]]
    assert result["exact"] == [["1", "5/2"], ["2", "5"]]


def test_json_inexact_and_digits_of_a_list_are_per_element():
    """`inexact` and `digits` follow `exact`: an array per list, element by element (√2 at 20
    digits carries 20, the exact 1 none)."""
    status, out, err = run("--json", "--digits", "20", "-e", "{ 2 √ 1 { 3 } }")
    assert status == 0, err
    result = json.loads(out)
    assert result["inexact"] == [[True, False, [False]]]
    assert result["digits"] == [[20, None, [None]]]


def test_json_of_a_list_error():
    status, out, _ = run("--json", "-e", "{ 5 6 7 } 4 get")
    assert status == 1
    [diagnostic] = json.loads(out)["diagnostics"]
    assert diagnostic["severity"] == "error"
    assert "position 4" in diagnostic["message"]


# --- -d: descriptions ------------------------------------------------------------------------

@pytest.mark.parametrize("program, description", [
    ("{ 1 2 3 }", "{1, 2, 3}"),
    ("{ 1 2 3 4 } mean", "mean({1, 2, 3, 4})"),
    ("{ }", "{}"),
    ("{ { 1 2 } 3 }", "{{1, 2}, 3}"),
    ("{ 1 2 3 } { 4 5 6 } cov", "cov({1, 2, 3},{4, 5, 6})"),
])
def test_descriptions_of_lists(program, description):
    assert run("-d", "-e", program) == (0, description + "\n", "")


# --- errors of list words at FILE:LINE:COLUMN ------------------------------------------------

@pytest.mark.parametrize("program, where, message", [
    ("{ 1 2 } { 3 } +", "1:15", "+ works element by element, and the lists have 2 and 1 elements"),
    ("1 { 1 0 } ÷", "1:11", "element 2: division by zero"),
    ("{ 5 6 7 } 4 get", "1:13", "get: position 4 is outside a list of 3 elements"),
    ("{ } head", "1:5", "head of an empty list"),
    ("3 size", "1:3", "size takes a list, got 3"),
    ("{ } mean", "1:5", "mean of an empty list has no value"),
    ("{ 7 } var", "1:7", "var needs at least 2 values, the list has 1"),
    ("{ 1 2 } 2 quantile", "1:11", "quantile needs p between 0 and 1, got 2"),
    ("{ 1 2 } [ + ] map", "1:15", "map needs a quotation ( x -- x ), and [ + ] is ( x y -- x )"),
    ("{ 1 2", "1:1", "{ has no } to end its list"),
    ("1 ]", "1:3", "] without a [ before it"),
])
def test_list_errors_name_their_token(program, where, message):
    status, out, err = run("-e", program)
    assert status == 1
    assert out == ""
    assert err.startswith(f"-e:{where}: error: {message}\n"), err


def test_list_error_in_a_file_after_wide_characters(tmp_path):
    # Columns count characters: √ and ÷ are one column each (3 and 2 bytes in UTF-8).
    path = tmp_path / "data.rpn"
    path.write_text("{ 1 4 9 } √\n{ 1 2 } { 1 0 } ÷ { 3 } ×\n")
    status, out, err = run(str(path))
    assert (status, out) == (1, "")
    lines = err.splitlines()
    # {1/1, 2/0}: element 2 of the first ÷ fails, at column 17 of line 2.
    assert lines[0] == f"{path}:2:17: error: element 2: division by zero"
    assert lines[1] == "{ 1 2 } { 1 0 } ÷ { 3 } ×"
    assert lines[2] == " " * 16 + "^"


def test_statistics_of_a_list_with_a_list_in_it():
    status, out, err = run("-e", "{ 1 { 2 } } mean")
    assert (status, out) == (1, "")
    assert err.startswith("-e:1:13: error: mean takes a list of numbers, and it holds { 2 }\n")


# --- a few exact statistics by hand ----------------------------------------------------------

@pytest.mark.parametrize("program, expected", [
    ("{ 1 2 3 4 } var", "5/3"),        # deviations ±3/2, ±1/2: (9/4+1/4)·2 = 5, over 3
    ("{ 1 2 3 4 } pvar", "5/4"),
    ("{ 2 4 4 4 5 5 7 9 } psdev", "2"),  # the textbook example: pvar 4
    ("{ 1 2 3 4 } median", "5/2"),
    ("{ 3 1 2 } median", "2"),
    ("{ 1 2 2 3 3 } mode", "2"),       # 2 and 3 twice each: the first in the list
    ("{ 1 2 3 4 } 0.25 quantile", "7/4"),  # h = 3/4: 1 + 3/4·(2-1)
    ("{ 1 2 3 } { 2 4 6 } corr", "1"),
    ("{ 1 2 3 } { 2 4 7 } cov", "5/2"),  # Sxy = (-1)(-7/3)+0+(1)(8/3) = 5, over 2
    ("{ 1 2 3 } { 2 4 6 } linreg", "2\n0"),
    ("{ 1 2 3 4 5 } 2 histogram", "{ 2 3 }"),  # [1,3) holds 1 2; [3,5] holds 3 4 5
    ("{ 1 2 3 } [ dup × ] map Σ", "14"),
    ("{ 1 2 3 4 } [ 2 mod 0 = ] filter", "{ 2 4 }"),
    ("{ 1 2 3 4 } 1 [ × ] fold", "24"),
    ("1 10 seq Π", "3628800"),
])
def test_statistics_by_hand(program, expected):
    assert run("--fractions", "-e", program) == (0, expected + "\n", "")


# --- random data compared with Python's statistics -------------------------------------------

def rounded_sqrt(q: Fraction) -> float:
    """The double nearest √q, q ≥ 0 exact, by exact comparison of q with the squares of the
    midpoints between neighbouring doubles (no tie is possible: a midpoint's square is
    rational, and then √q is rational and exact)."""
    with mpmath.workprec(300):  # a start within an ulp or so, even where float(q) underflows
        c = float(mpmath.sqrt(mpmath.mpf(q.numerator) / mpmath.mpf(q.denominator)))
    while True:
        down, up = math.nextafter(c, -math.inf), math.nextafter(c, math.inf)
        low, high = (Fraction(c) + Fraction(down)) / 2, (Fraction(c) + Fraction(up)) / 2
        if c > 0 and q < low * low:
            c = down
        elif q > high * high:
            c = up
        else:
            return c


def sqrt_reference(q: Fraction) -> Fraction | float:
    """√q exactly when it is rational (as rpn promises), else the correctly rounded double,
    cross-checked with mpmath at 300 bits."""
    n, d = q.numerator, q.denominator
    rn, rd = math.isqrt(n), math.isqrt(d)
    if rn * rn == n and rd * rd == d:
        return Fraction(rn, rd)
    value = rounded_sqrt(q)
    with mpmath.workprec(300):
        precise = mpmath.sqrt(mpmath.mpf(n) / mpmath.mpf(d))
        # Within half an ulp of the high-precision root, and no other double closer.
        error = abs(mpmath.mpf(value) - precise)
        assert error <= mpmath.mpf(math.ulp(value)) / 2
    return value


QUANTILE_PS = ["0.25", "0.5", "0.75", "0.1"]


def reference(xs: list[Fraction]) -> list[Fraction | float]:
    """mean median var sdev pvar psdev, then the quantiles at QUANTILE_PS."""
    var, pvar = statistics.variance(xs), statistics.pvariance(xs)
    result = [statistics.mean(xs), statistics.median(xs), var, sqrt_reference(var), pvar, sqrt_reference(pvar)]
    quartiles = statistics.quantiles(xs, n=4, method="inclusive")  # at 1/4, 2/4, 3/4
    deciles = statistics.quantiles(xs, n=10, method="inclusive")
    return result + quartiles + [deciles[0]]


PROGRAM = ("dup mean swap dup median swap dup var swap dup sdev swap dup pvar swap dup psdev swap "
           + " ".join(f"dup {p} quantile swap" for p in QUANTILE_PS) + " drop")
NAMES = ["mean", "median", "var", "sdev", "pvar", "psdev"] + [f"{p} quantile" for p in QUANTILE_PS]


def check_printed(lines: list[str], expected: list[Fraction | float], data: str):
    assert len(lines) == len(expected), (lines, data)
    for name, line, want in zip(NAMES, lines, expected):
        if isinstance(want, Fraction):
            assert "/" in line or INTEGER.fullmatch(line), (name, line, want, data)
            assert Fraction(line) == want, (name, line, want, data)
        else:
            assert "/" not in line and not INTEGER.fullmatch(line), (name, line, want, data)
            assert float(line) == want, (name, line, repr(want), data)


def decimal_text(units: int, scale: int, form: int) -> str:
    """units × 10^-scale as a literal: plain (12.5), with an exponent (125e-1) or, for the
    integers, as they are."""
    if scale == 0:
        return str(units)
    if form == 1:
        return f"{units}e-{scale}"
    return format(Decimal(units).scaleb(-scale), "f")


ITEMS = st.one_of(
    st.integers(-1000, 1000).map(lambda n: (str(n), Fraction(n))),
    st.integers(-10**30, 10**30).map(lambda n: (str(n), Fraction(n))),
    st.tuples(st.integers(-10**9, 10**9), st.integers(0, 9), st.integers(0, 1)).map(
        lambda t: (decimal_text(*t), Fraction(t[0], 10**t[1]))),
)

PROPERTY = settings(max_examples=60, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def test_the_reference_square_root():
    assert sqrt_reference(Fraction(9, 4)) == Fraction(3, 2)
    assert sqrt_reference(Fraction(2)) == math.sqrt(2)  # glibc's √ is correctly rounded
    assert rounded_sqrt(Fraction(10**40 + 1)) == 1e20


@PROPERTY
@given(items=st.lists(ITEMS, min_size=2, max_size=40))
def test_list_statistics_match_python(items):
    data = "".join(f"{t}\n" for t, _ in items)
    status, out, err = run("--list", "--fractions", "-e", PROGRAM, stdin=data)
    assert (status, err) == (0, ""), data
    check_printed(out.splitlines(), reference([x for _, x in items]), data)


FRACTIONS = st.tuples(st.integers(-10**6, 10**6), st.integers(1, 10**4)).map(lambda t: Fraction(*t))


@PROPERTY
@given(xs=st.lists(FRACTIONS, min_size=2, max_size=30))
def test_fraction_statistics_match_python(xs):
    literal = "{ " + " ".join(f"{x.numerator} {x.denominator} ÷" for x in xs) + " }"
    status, out, err = run("--fractions", "-e", literal + " " + PROGRAM)
    assert (status, err) == (0, ""), literal
    check_printed(out.splitlines(), reference(xs), literal)


FLOATS = st.one_of(st.floats(-1e6, 1e6, allow_nan=False), st.floats(-1e-3, 1e-3),
                   st.integers(-1000, 1000).map(float))


@PROPERTY
@given(xs=st.lists(FLOATS, min_size=2, max_size=40))
def test_float_list_statistics_are_correctly_rounded(xs):
    """Under --float each line is the double nearest it; every statistic is the correctly
    rounded double of the exact statistic of those doubles' binary values."""
    data = "".join(f"{x!r}\n" for x in xs)
    exact = [Fraction(x) for x in xs]
    expected = []
    for value in reference(exact):
        expected.append(value if isinstance(value, float) else float(value))
    # The p of a quantile is a double too; 0.1's is not 1/10, so its quantile is recomputed.
    p = Fraction(0.1)
    ordered = sorted(exact)
    h = (len(ordered) - 1) * p
    j = math.floor(h)
    expected[-1] = float(ordered[j] + (h - j) * (ordered[j + 1] - ordered[j]) if j + 1 < len(ordered) else ordered[j])
    status, out, err = run("--list", "--float", "-e", PROGRAM, stdin=data)
    assert (status, err) == (0, ""), data
    lines = out.splitlines()
    assert len(lines) == len(expected)
    for name, line, want in zip(NAMES, lines, expected):
        assert float(line) == want, (name, line, repr(want), data)


EXTREME_DATA = [
    [1e308, 1.7e308, -1e308],                           # the exact sum and variance overflow a double
    [5e-324, 1e-323, 2e-323],                           # subnormals: the variance underflows to 0
    [5e-324, 0.0, 0.0, 1.5e-323],
    [1e-200, 3e-200, 7e-200],                           # squares below the least double
    [1.0, 1.0 + 2**-52, 1.0 + 2**-51],                  # deviations of an ulp
    [2.2250738585072014e-308, 4e-308, 1e-310],
    [1e-160, 3e-160],
]
EXTREME_STATISTICS = {
    "mean": statistics.mean, "median": statistics.median,
    "var": statistics.variance, "pvar": statistics.pvariance,
    "sdev": lambda xs: sqrt_reference(statistics.variance(xs)),
    "psdev": lambda xs: sqrt_reference(statistics.pvariance(xs)),
}


@pytest.mark.parametrize("xs", EXTREME_DATA, ids=lambda xs: repr(xs[0]))
@pytest.mark.parametrize("name", list(EXTREME_STATISTICS))
def test_float_statistics_at_the_extremes(name, xs):
    """Each the correctly rounded double of the exact statistic of the doubles, whatever the
    intermediate sums do; a result past the doubles' range is an error, not inf."""
    exact = EXTREME_STATISTICS[name]([Fraction(x) for x in xs])
    status, out, err = run("--list", "--float", "-e", name, stdin="".join(f"{x!r}\n" for x in xs))
    try:
        expected = float(exact)
    except OverflowError:
        assert (status, out) == (1, "")
        assert f"error: {name}: the result is too large for a double" in err
        return
    assert (status, err) == (0, "")
    assert float(out) == expected, (out, repr(expected))
