"""Every elementary function of a double is correctly rounded (issue 18), against mpmath.

The reference computes with mpmath at 320 bits and rounds once to the nearest double through
Python's exact rationals (`Fraction` to `float` rounds half to even, into the subnormals),
so `rpn` must give that double exactly: zero wrong digits, not "within an ulp". Hypothesis
draws operands (random doubles over the whole range, ranges where each function is
interesting, extremes, and values next to the points where results are exact); each example
runs one `rpn --json` process over a batch, and each function sees 10^4 operands.

Operands are decimal literals (`repr` of the double), which rpn reads exactly and rounds to
that same double before a function that gives a double: the reference starts from the double.
Results that are not finite doubles (past the range, outside the domain) must be errors.

RPN_BIN names the binary (default .build/debug/rpn).
"""
from __future__ import annotations

import json
import math
import os
import random
import struct
import subprocess
from fractions import Fraction
from pathlib import Path

import mpmath
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

REPO = Path(__file__).resolve().parents[2]
RPN = os.environ.get("RPN_BIN", str(REPO / ".build/debug/rpn"))

mpmath.mp.prec = 320
BATCH = 100
EXAMPLES = 20
VOLUME = 10_000  # operands per function in the seeded tests


def nearest_double(value: mpmath.mpf) -> float:
    """The double nearest an mpmath value (ties to even); inf past the range."""
    if not mpmath.isfinite(value):
        return math.inf
    exact = exact_rational(value)
    try:
        return float(exact)
    except OverflowError:
        return math.inf if exact > 0 else -math.inf


def exact_rational(value: mpmath.mpf) -> Fraction:
    """An mpmath value as the rational it is (its `_mpf_`: sign, mantissa, exponent)."""
    sign, man, exp, _ = mpmath.mpf(value)._mpf_
    return (-1) ** sign * Fraction(int(man)) * Fraction(2) ** int(exp)


def mp(x: float) -> mpmath.mpf:
    return mpmath.mpf(x)


def exp_like(f, x: float, above: float, below: float) -> mpmath.mpf:
    """f(x) for exp-like f, without letting mpmath compute a huge operand's value in full:
    past the doubles' range above `above`, and 0 (to the nearest double) below `-below`."""
    if x > above:
        return mpmath.inf
    if x < -below:
        return mpmath.mpf(0)
    return f(mp(x))


# name in rpn -> (reference of the double operands, domain check)
UNARY = {
    "sqrt": (lambda x: mpmath.sqrt(mp(x)), lambda x: x >= 0),
    "cbrt": (lambda x: mpmath.cbrt(mp(x)) if x >= 0 else -mpmath.cbrt(-mp(x)), lambda x: True),
    "exp": (lambda x: exp_like(mpmath.exp, x, 710, 746), lambda x: True),
    "exp10": (lambda x: exp_like(lambda y: mpmath.power(10, y), x, 309, 325), lambda x: True),
    "ln": (lambda x: mpmath.log(mp(x)), lambda x: x > 0),
    "log": (lambda x: mpmath.log10(mp(x)), lambda x: x > 0),
    "log2": (lambda x: mpmath.log(mp(x), 2), lambda x: x > 0),
    "sin": (lambda x: mpmath.sin(mp(x)), lambda x: True),
    "cos": (lambda x: mpmath.cos(mp(x)), lambda x: True),
    "tan": (lambda x: mpmath.tan(mp(x)), lambda x: True),
    "asin": (lambda x: mpmath.asin(mp(x)), lambda x: -1 <= x <= 1),
    "acos": (lambda x: mpmath.acos(mp(x)), lambda x: -1 <= x <= 1),
    "atan": (lambda x: mpmath.atan(mp(x)), lambda x: True),
    "sinh": (lambda x: exp_like(mpmath.sinh, abs(x), 711, 1e400) * (1 if x > 0 else -1), lambda x: True),
    "cosh": (lambda x: exp_like(mpmath.cosh, abs(x), 711, 1e400), lambda x: True),
    "tanh": (lambda x: mpmath.tanh(mp(x)), lambda x: True),
    "asinh": (lambda x: mpmath.asinh(mp(x)), lambda x: True),
    "acosh": (lambda x: mpmath.acosh(mp(x)), lambda x: x >= 1),
    "atanh": (lambda x: mpmath.atanh(mp(x)), lambda x: -1 < x < 1),
}

EXTREMES = [5e-324, 2.2250738585072014e-308, 1e-300, 1e-20, 1e-8, 0.1, 0.5, 0.9999999999999999,
            1.0000000000000002, 1.5, 2.0, 3.0, 10.0, 100.0, 709.78, 710.0, 1e10, 1e22, 1e300,
            1.7976931348623157e308]

ANY = st.one_of(
    st.floats(allow_nan=False, allow_infinity=False),
    st.floats(min_value=-20, max_value=20),
    st.floats(min_value=-1, max_value=1),
    st.floats(min_value=-800, max_value=800),
    st.sampled_from(EXTREMES + [-x for x in EXTREMES]),
).filter(lambda x: x != 0)

PROPERTY = settings(max_examples=EXAMPLES, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.filter_too_much])


def run(program: str, count: int, *options: str) -> list:
    # On standard input: 10^4 operands are past the limit of one argument.
    proc = subprocess.run([RPN, "--json", *options], input=program.encode(), capture_output=True, timeout=300)
    assert proc.returncode in (0, 1), proc.stderr.decode()
    values = json.loads(proc.stdout)["values"]
    assert len(values) == count, proc.stderr.decode()[:2000]
    return values


def compare(cases: list[tuple[str, float]], got: list) -> None:
    failures = []
    for (text, want), value in zip(cases, got):
        if math.isinf(want) or math.isnan(want):
            if value is not None:
                failures.append(f"{text} = {value!r}, expected an error")
        elif value is None:
            failures.append(f"{text} failed, expected {want!r}")
        elif value != want:
            failures.append(f"{text} = {value!r}, correctly rounded {want!r}")
    assert not failures, f"{len(failures)} of {len(cases)} wrong:\n" + "\n".join(failures[:20])


def check_unary(name: str, xs: list[float]) -> None:
    reference, domain = UNARY[name]
    xs = [x for x in xs if domain(x)]
    if not xs:
        return
    cases = [(f"{x!r} {name}", nearest_double(reference(x))) for x in xs]
    compare(cases, run(" ".join(text for text, _ in cases), len(cases)))


@pytest.mark.parametrize("name", sorted(UNARY))
@PROPERTY
@given(xs=st.lists(ANY, min_size=1, max_size=BATCH))
def test_unary_functions_are_correctly_rounded(name, xs):
    check_unary(name, xs)


def random_double(rng: random.Random) -> float:
    """One of the kinds the strategies draw: any finite double (uniform bit patterns: every
    binade alike), small, unit-sized, exp-sized, or an extreme."""
    kind = rng.randrange(5)
    if kind == 0:
        while True:
            x = struct.unpack("<d", rng.getrandbits(64).to_bytes(8, "little"))[0]
            if math.isfinite(x) and x != 0:
                return x
    if kind == 1:
        return rng.uniform(-20, 20)
    if kind == 2:
        return rng.uniform(-1, 1)
    if kind == 3:
        return rng.uniform(-800, 800)
    return rng.choice(EXTREMES) * rng.choice([1, -1])


@pytest.mark.parametrize("name", sorted(UNARY))
def test_ten_thousand_operands_per_function(name):
    rng = random.Random(f"correct rounding {name}")
    check_unary(name, [random_double(rng) for _ in range(VOLUME)])


@pytest.mark.parametrize("name", sorted(UNARY))
def test_unary_extremes(name):
    check_unary(name, EXTREMES + [-x for x in EXTREMES] + [0.25, 4.0, 8.0, 27.0, 1e-5, 64.0, 1024.0])


# Non-integer exponents (integer ones of exact operands are exact, elsewhere tested), in
# --float mode so that an integer-valued exponent takes the double path too.
def power_reference(a: float, b: float) -> float:
    if a < 0 and b != int(b):
        return math.nan
    return nearest_double(mpmath.power(mp(a), mp(b)))


def root_reference(y: float, n: float) -> float:
    odd = n == int(n) and int(n) % 2 != 0
    if y < 0 and not odd:
        return math.nan
    r = mpmath.power(abs(mp(y)), 1 / mp(n)) if n == int(n) else mpmath.power(abs(mp(y)), mpmath.mpf(1) / mp(n))
    return nearest_double(-r if y < 0 else r)


BASES = st.one_of(st.floats(min_value=1e-300, max_value=1e300), st.floats(min_value=0.01, max_value=100),
                  st.integers(1, 1000).map(float), st.floats(min_value=-100, max_value=-0.01))
EXPONENTS = st.one_of(st.floats(min_value=-50, max_value=50), st.floats(min_value=-2, max_value=2),
                      st.integers(-40, 40).map(float), st.sampled_from([0.5, 1 / 3, 0.25, 1.5, -0.5, 2.5]))
ROOT_ORDERS = st.one_of(st.integers(-12, 12).filter(lambda n: n != 0).map(float),
                        st.floats(min_value=0.1, max_value=20), st.floats(min_value=-20, max_value=-0.1))


def check_binary(word: str, pairs: list[tuple[float, float]], reference, *options: str) -> None:
    cases = [(f"{a!r} {b!r} {word}", reference(a, b)) for a, b in pairs]
    compare(cases, run(" ".join(text for text, _ in cases), len(cases), *options))


@PROPERTY
@given(pairs=st.lists(st.tuples(BASES, EXPONENTS), min_size=1, max_size=BATCH))
def test_powers_are_correctly_rounded(pairs):
    check_binary("^", pairs, power_reference, "--float")


@PROPERTY
@given(pairs=st.lists(st.tuples(BASES, ROOT_ORDERS), min_size=1, max_size=BATCH))
def test_roots_are_correctly_rounded(pairs):
    check_binary("root", pairs, root_reference, "--float")


PLANE = st.one_of(st.floats(allow_nan=False, allow_infinity=False), st.floats(min_value=-10, max_value=10))


@PROPERTY
@given(pairs=st.lists(st.tuples(PLANE, PLANE), min_size=1, max_size=BATCH))
def test_atan2_and_hypot_are_correctly_rounded(pairs):
    check_binary("atan2", pairs, lambda y, x: nearest_double(mpmath.atan2(mp(y), mp(x))), "--float")
    check_binary("hypot", pairs, lambda a, b: nearest_double(mpmath.hypot(mp(a), mp(b))), "--float")


@pytest.mark.parametrize("word, reference, draw", [
    ("^", power_reference, lambda rng: (rng.choice([rng.uniform(1e-300, 1e300), rng.uniform(0.01, 100), float(rng.randint(1, 1000)),
                                                    rng.uniform(-100, -0.01)]),
                                        rng.choice([rng.uniform(-50, 50), rng.uniform(-2, 2), float(rng.randint(-40, 40))]))),
    ("root", root_reference, lambda rng: (rng.choice([rng.uniform(1e-300, 1e300), rng.uniform(0.01, 100), float(rng.randint(1, 1000)),
                                                      rng.uniform(-100, -0.01)]),
                                          rng.choice([float(rng.choice([-12, -7, -3, -2, 2, 3, 4, 5, 7, 12])), rng.uniform(0.1, 20),
                                                      rng.uniform(-20, -0.1)]))),
    ("atan2", lambda y, x: nearest_double(mpmath.atan2(mp(y), mp(x))), lambda rng: (random_double(rng), random_double(rng))),
    ("hypot", lambda a, b: nearest_double(mpmath.hypot(mp(a), mp(b))), lambda rng: (random_double(rng), random_double(rng))),
])
def test_ten_thousand_operand_pairs_per_function(word, reference, draw):
    rng = random.Random(f"correct rounding {word}")
    check_binary(word, [draw(rng) for _ in range(VOLUME)], reference, "--float")


# Cases that a function one unit off gets wrong, each checked against its true value above.
@pytest.mark.parametrize("program, expected", [
    ("94906267 2 ^", "9007199515875288"),  # an exact midpoint: ties to even (in --float)
    ("2 0.5 ^", repr(math.sqrt(2))),
    ("4 0.5 ^", "2"),
    ("8 3 root", "2"),
    ("1000 log", "3"),
    ("1024 log2", "10"),
])
def test_exact_and_midpoint_cases(program, expected):
    proc = subprocess.run([RPN, "--float", "-e", program], capture_output=True, text=True, timeout=60)
    assert float(proc.stdout) == float(expected), proc.stdout + proc.stderr
