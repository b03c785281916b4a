"""Analysis over a free variable (issue 19): solve, integrate, ∂, taylor against Python.

- ∂ and integrate of random polynomials with rational coefficients, against Python's
  `Fraction`: the derivative valued at random rational points, and the integral, exactly.
- solve of functions whose root is irrational, against `mpmath.findroot` at 300 bits rounded
  once to the nearest double (through `Fraction`): rpn must give that double exactly.
- integrate of functions that are not polynomials, against `mpmath.quad` at 300 bits: within
  the documented tolerance (10^-15 of the result, or 20 units of rounding of ∫|f|).

RPN_BIN names the binary (default .build/debug/rpn).
"""
from __future__ import annotations

import json
import os
import random
import subprocess
from fractions import Fraction
from pathlib import Path

import mpmath
import pytest

REPO = Path(__file__).resolve().parents[2]
RPN = os.environ.get("RPN_BIN", str(REPO / ".build/debug/rpn"))

mpmath.mp.prec = 300


def run(program: str, *options: str) -> dict:
    result = subprocess.run([RPN, "--json", *options, "-e", program], capture_output=True, text=True, timeout=60)
    return json.loads(result.stdout)


def exact_values(program: str, *options: str) -> list[Fraction]:
    out = run(program, *options)
    assert not out["diagnostics"], out["diagnostics"]
    return [Fraction(text) for text in out["exact"]]


def nearest_double(value) -> float:
    sign, man, exp, _ = mpmath.mpf(value)._mpf_
    return float((-1) ** sign * Fraction(int(man)) * Fraction(2) ** int(exp))


def rational_rpn(q: Fraction) -> str:
    return f"{q.numerator}" if q.denominator == 1 else f"{q.numerator} {q.denominator} ÷"


def polynomial_rpn(coefficients: list[Fraction]) -> str:
    """c0 + c1·x + c2·x^2 + … in RPN, term by term."""
    parts = [rational_rpn(coefficients[0])]
    for k, c in enumerate(coefficients[1:], start=1):
        parts.append(f"{rational_rpn(c)} x {k} ^ × +")
    return " ".join(parts)


def evaluate(coefficients: list[Fraction], x: Fraction) -> Fraction:
    return sum((c * x**k for k, c in enumerate(coefficients)), Fraction(0))


def random_polynomial(rng: random.Random) -> list[Fraction]:
    degree = rng.randint(0, 7)
    return [Fraction(rng.randint(-20, 20), rng.choice([1, 1, 2, 3, 7])) for _ in range(degree + 1)]


SEEDS = range(40)


@pytest.mark.parametrize("seed", SEEDS)
def test_derivative_of_random_polynomial(seed: int) -> None:
    rng = random.Random(seed)
    p = random_polynomial(rng)
    derivative = [k * c for k, c in enumerate(p)][1:] or [Fraction(0)]
    points = [Fraction(rng.randint(-9, 9), rng.randint(1, 5)) for _ in range(3)]
    for x in points:
        got = exact_values(f"{polynomial_rpn(p)} x ∂", "--set", f"x={rational_rpn(x)}")
        assert got == [evaluate(derivative, x)], (p, x)


@pytest.mark.parametrize("seed", SEEDS)
def test_integral_of_random_polynomial(seed: int) -> None:
    rng = random.Random(1000 + seed)
    p = random_polynomial(rng)
    a, b = Fraction(rng.randint(-9, 9), rng.randint(1, 4)), Fraction(rng.randint(-9, 9), rng.randint(1, 4))
    antiderivative = [Fraction(0)] + [c / (k + 1) for k, c in enumerate(p)]
    expected = evaluate(antiderivative, b) - evaluate(antiderivative, a)
    got = exact_values(f"{polynomial_rpn(p)} x {rational_rpn(a)} {rational_rpn(b)} integrate")
    assert got == [expected], (p, a, b)


@pytest.mark.parametrize("seed", SEEDS)
def test_taylor_of_random_polynomial_is_itself(seed: int) -> None:
    """The Taylor polynomial of a polynomial of degree d, to order ≥ d, about any a, is the
    polynomial: equal values at random points."""
    rng = random.Random(2000 + seed)
    p = random_polynomial(rng)
    a = Fraction(rng.randint(-5, 5), rng.randint(1, 3))
    x = Fraction(rng.randint(-9, 9), rng.randint(1, 5))
    got = exact_values(f"{polynomial_rpn(p)} x {rational_rpn(a)} {len(p) - 1} taylor",
                       "--set", f"x={rational_rpn(x)}")
    assert got == [evaluate(p, x)], (p, a, x)


@pytest.mark.parametrize("seed", SEEDS)
def test_solve_rational_root_exactly(seed: int) -> None:
    """(q·x − p)·(x² + c) with c > 0 has the one real root p/q: solve finds it exactly."""
    rng = random.Random(3000 + seed)
    root = Fraction(rng.randint(-50, 50), rng.randint(1, 40))
    c = rng.randint(1, 9)
    program = (f"{root.denominator} x × {root.numerator} - x 2 ^ {c} + × "
               f"x {rational_rpn(root - rng.randint(1, 5))} {rational_rpn(root + rng.randint(1, 5))} solve")
    assert exact_values(program) == [root]


SOLVE_CASES = [
    # (rpn f in x, lo, hi, mpmath f, starting point)
    ("x cos x -", "0", "1", lambda x: mpmath.cos(x) - x, 0.7),
    ("x exp 2 -", "0", "1", lambda x: mpmath.exp(x) - 2, 0.7),
    ("x 3 ^ 2 -", "1", "2", lambda x: x**3 - 2, 1.2),
    ("x 5 ^ x - 1 -", "1", "2", lambda x: x**5 - x - 1, 1.1),
    ("x x exp × 1 -", "0", "1", lambda x: x * mpmath.exp(x) - 1, 0.5),
    ("x tan x -", "4", "4.6", lambda x: mpmath.tan(x) - x, 4.49),
    ("x sin x 3 4", "", "", None, None),  # placeholder replaced below
    ("x ln 1 -", "1", "3", lambda x: mpmath.log(x) - 1, 2.7),
    ("x atan 0.5 -", "0", "1", lambda x: mpmath.atan(x) - mpmath.mpf(0.5), 0.46),
    ("x 2 ^ 1e-10 -", "0", "1", lambda x: x**2 - mpmath.mpf(1) / 10**10, 1e-5),
    ("x sinh 1 -", "0", "2", lambda x: mpmath.sinh(x) - 1, 0.88),
    ("1 x ÷ x -", "0.5", "2", lambda x: 1 / x - x, 1.0),
    ("x √ x cos -", "0", "1", lambda x: mpmath.sqrt(x) - mpmath.cos(x), 0.64),
]
SOLVE_CASES[6] = ("x sin", "3", "4", mpmath.sin, 3.1)


@pytest.mark.parametrize("f, lo, hi, reference, start", SOLVE_CASES, ids=[c[0] for c in SOLVE_CASES])
def test_solve_is_the_nearest_double(f, lo, hi, reference, start) -> None:
    out = run(f"{f} x {lo} {hi} solve")
    assert not out["diagnostics"], out["diagnostics"]
    root = mpmath.findroot(reference, mpmath.mpf(start))
    assert out["values"][0] == nearest_double(root), (out["values"], mpmath.nstr(root, 30))


INTEGRATE_CASES = [
    ("x sin", "0", "π", mpmath.sin, 0, mpmath.pi),
    ("x exp", "0", "1", mpmath.exp, 0, 1),
    ("1 1 x 2 ^ + ÷", "0", "1", lambda x: 1 / (1 + x**2), 0, 1),
    ("x √", "0", "1", mpmath.sqrt, 0, 1),
    ("x 2 ^ neg exp", "-3", "3", lambda x: mpmath.exp(-x**2), -3, 3),
    ("x cos x -", "0", "1", lambda x: mpmath.cos(x) - x, 0, 1),
    ("x ln", "1", "2", mpmath.log, 1, 2),
    ("x sin x ÷", "1", "10", lambda x: mpmath.sin(x) / x, 1, 10),
    ("x 10 × sin", "0", "3", lambda x: mpmath.sin(10 * x), 0, 3),
    ("x sin", "-1", "1", mpmath.sin, -1, 1),  # 0: the tolerance is rounding of ∫|f|
]


@pytest.mark.parametrize("f, a, b, reference, ra, rb", INTEGRATE_CASES, ids=[c[0] + " " + c[1] + " " + c[2] for c in INTEGRATE_CASES])
def test_integrate_within_tolerance(f, a, b, reference, ra, rb) -> None:
    out = run(f"{f} x {a} {b} integrate")
    assert not out["diagnostics"], out["diagnostics"]
    exact = mpmath.quad(reference, [ra, rb])
    absolute = mpmath.quad(lambda x: abs(reference(x)), [ra, rb])
    error = abs(mpmath.mpf(out["values"][0]) - exact)
    assert error <= max(1e-15 * abs(exact), 20 * 2.0**-52 * absolute), (out["values"], mpmath.nstr(exact, 20))


def test_integrate_that_does_not_converge_says_so() -> None:
    out = run("x inv sin x 1e-9 1 integrate")
    assert out["values"] == [None] or out["diagnostics"], out
    assert any(d["code"] == "did-not-converge" for d in out["diagnostics"]), out["diagnostics"]


def test_digits_solve_polynomial() -> None:
    out = run("x 2 ^ 2 - x 0 3 solve", "--digits", "60")
    assert out["exact"][0] == mpmath.nstr(mpmath.sqrt(2), 60, strip_zeros=False)


def test_digits_refuses_doubles() -> None:
    out = run("x cos x - x 0 1 solve", "--digits", "30")
    assert out["diagnostics"] and out["diagnostics"][0]["severity"] == "error"
