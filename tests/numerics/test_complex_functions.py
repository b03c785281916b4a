"""Every elementary function of a complex value is correctly rounded, part by part, on C99
Annex G's principal branches (issue 18), against mpmath.

The reference computes with mpmath at 320 bits and rounds each part once to the nearest
double (test_correct_rounding's `nearest_double`), so `rpn` must give those doubles exactly.
Operands are `RE IMi +` with both parts shortest round-trip decimals of doubles, which rpn
reads exactly and rounds to the same doubles before a function: the reference starts from
them. A result with a part past the doubles' range must be an error; a result whose
imaginary part rounds to 0 is the real it is.

Branch cuts: rpn has one zero, +0, so an operand on a cut is on the side of +0, as C99's
functions of x+0i and +0+yi are: the reference takes the limit from that side. A complex
value's imaginary part is never zero; reals on a cut reach the functions only in complex
mode (`--complex`), checked by name in `test_real_operands_on_a_cut_take_the_side_of_plus_zero`.

RPN_BIN names the binary, as for test_correct_rounding, whose `run` this uses.
"""
from __future__ import annotations

import math
import random
import struct

import mpmath
import pytest

from test_correct_rounding import nearest_double, run


mpmath.mp.prec = 320
VOLUME = 10_000  # operands per function


def cbrt(z):
    """The principal cube root, exp(ln z / 3)."""
    return mpmath.exp(mpmath.log(z) / 3)


# rpn's word -> mpmath's function of an mpc
FUNCTIONS = {
    "sqrt": mpmath.sqrt,
    "cbrt": cbrt,
    "exp": mpmath.exp,
    "exp10": lambda z: mpmath.power(10, z),
    "ln": mpmath.log,
    "log": mpmath.log10,
    "log2": lambda z: mpmath.log(z) / mpmath.log(2),
    "sin": mpmath.sin,
    "cos": mpmath.cos,
    "tan": mpmath.tan,
    "asin": mpmath.asin,
    "acos": mpmath.acos,
    "atan": mpmath.atan,
    "sinh": mpmath.sinh,
    "cosh": mpmath.cosh,
    "tanh": mpmath.tanh,
    "asinh": mpmath.asinh,
    "acosh": mpmath.acosh,
    "atanh": mpmath.atanh,
}

# Functions whose value grows like exp(|part|): parts past this make the reference's result
# overflow (or need absurd precision), so they are drawn smaller.
EXPONENTIAL = {"exp", "exp10", "sin", "cos", "sinh", "cosh"}


def expected(word: str, re: float, im: float):
    """(re, im) of the correctly rounded result; None when a part is past the doubles' range
    (or the operand is a pole)."""
    if word == "atan" and re == 0 and abs(im) == 1:
        return None  # atan(±i): a pole
    if word in GROWTH:
        known = GROWTH[word](re, im)
        if known is not False:
            return known
    nudge = 3000
    # A zero real part is +0 (rpn has one zero): on a cut along the imaginary axis (asinh,
    # atan), C99 takes the side of +0, the limit from the right.
    z = mpmath.mpc(re if re != 0 else mpmath.mpf(2) ** -nudge, im)
    # Precision: a part far below the other (1e-300 beside 1), or an operand whose size the
    # function turns into cancellation (sin of 1e300, atan of 1e148+2i), needs about as many
    # more bits as the exponents span; the result is taken when two precisions, one twice the
    # other, round to the same doubles (Ziv's strategy, on the reference's side).
    spread = sum(abs(math.frexp(p)[1]) if p != 0 else nudge for p in (re, im))
    precision = 320 + spread
    previous = None
    while True:
        with mpmath.workprec(precision):
            value = FUNCTIONS[word](z)
        rounded = nearest_double(mpmath.re(value)), nearest_double(mpmath.im(value))
        if rounded == previous or precision > 40_000:
            break
        previous, precision = rounded, 2 * precision
    if any(math.isinf(p) for p in rounded):
        return None
    return rounded


def exponential_growth(rate: float):
    """exp-like results whose operand's real part is past ±800/rate, where mpmath would
    compute e^(10^300) in full: growing, both parts overflow (the other factor, a sine or
    cosine of a double, is never below 1e-20) and the result is an error; shrinking, both
    parts round to 0."""
    def known(re: float, im: float):
        g = re * rate
        return False if abs(g) <= 800 else None if g > 0 else (0.0, 0.0)
    return known


# Where the result is known without computing (False: compute it).
GROWTH = {
    "exp": exponential_growth(1.0),
    "exp10": exponential_growth(math.log(10)),
    # The others past ±800 overflow whatever the other part.
    "sinh": lambda re, im: None if abs(re) > 800 else False,
    "cosh": lambda re, im: None if abs(re) > 800 else False,
    "sin": lambda re, im: None if abs(im) > 800 else False,
    "cos": lambda re, im: None if abs(im) > 800 else False,
    # tan(x+iy) → ±i as |y| grows: the real part 2sin(2x)e^(−2|y|) is below the subnormals
    # past |y| = 400 and the imaginary part rounds to ±1; tanh likewise with the parts swapped.
    "tan": lambda re, im: (0.0, math.copysign(1.0, im)) if abs(im) > 400 else False,
    "tanh": lambda re, im: (math.copysign(1.0, re), 0.0) if abs(re) > 400 else False,
}


def random_part(rng: random.Random, word: str) -> float:
    kind = rng.randrange(6)
    if kind == 0 and word not in EXPONENTIAL:
        while True:
            x = struct.unpack("<d", rng.getrandbits(64).to_bytes(8, "little"))[0]
            if math.isfinite(x):
                return x
    if kind == 1:
        return rng.uniform(-20, 20)
    if kind == 2:
        return rng.uniform(-1, 1)
    if kind == 3:
        return rng.uniform(-800, 800)
    if kind == 4:
        return rng.choice([1e-300, 1e-20, 1e-8, 0.5, 1.0, 2.0, 10.0, 1e10, 1e300]) * rng.choice([1, -1])
    return float(rng.randint(-5, 5))


def parts(value):
    """A JSON value as (re, im): a number is a real, an object a complex value."""
    if isinstance(value, dict):
        return float(value["re"]), float(value["im"])
    return float(value), 0.0


def check(word: str, operands: list[tuple[float, float]], *options: str) -> None:
    cases = [(f"{re!r} {im!r}i + {word}", expected(word, re, im)) for re, im in operands]
    got = run("\n".join(text for text, _ in cases), len(cases), *options)
    failures = []
    for (text, want), value in zip(cases, got):
        if want is None:
            if value is not None:
                failures.append(f"{text} = {value!r}, expected an error (a part past the range)")
        elif value is None:
            failures.append(f"{text} failed, expected {want!r}")
        elif parts(value) != want:
            failures.append(f"{text} = {value!r}, correctly rounded {want!r}")
    assert not failures, f"{len(failures)} of {len(cases)} wrong:\n" + "\n".join(failures[:20])


@pytest.mark.parametrize("word", sorted(FUNCTIONS))
def test_ten_thousand_operands_per_function(word):
    rng = random.Random(f"complex {word}")
    operands = []
    while len(operands) < VOLUME:
        re, im = random_part(rng, word), random_part(rng, word)
        if im != 0:
            operands.append((re, im))
    check(word, operands)


# Near the branch points and cuts, from both sides: where a wrong branch shows.
NEAR_CUTS = [(x, s * y) for x in (-2.0, -1.0, -0.5, 0.0, 0.5, 1.0, 2.0, 1e10) for y in (1e-300, 1e-20, 1e-8, 1.0, 2.0)
             for s in (1, -1)] + [(0.0, s * y) for y in (0.5, 1.0, 1.5, 1e300) for s in (1, -1)]


@pytest.mark.parametrize("word", sorted(FUNCTIONS))
def test_near_branch_cuts(word):
    check(word, NEAR_CUTS)


# In complex mode, reals with no real answer: on the cut, the side of +0 (C99's f(x+0i)),
# values from mpmath's limits from above the cut (f(x + εi), ε → 0+).
@pytest.mark.parametrize("program, want", [
    ("-4 √", (0.0, 2.0)),
    ("-2 √", (0.0, nearest_double(mpmath.sqrt(2)))),
    ("-1 ln", (0.0, nearest_double(mpmath.pi))),
    ("-100 log", (2.0, nearest_double(mpmath.pi / mpmath.log(10)))),
    ("-8 log2", (3.0, nearest_double(mpmath.pi / mpmath.log(2)))),
    ("2 asin", (nearest_double(mpmath.pi / 2), nearest_double(mpmath.acosh(2)))),
    ("-2 asin", (nearest_double(-mpmath.pi / 2), nearest_double(mpmath.acosh(2)))),
    ("2 acos", (0.0, nearest_double(-mpmath.acosh(2)))),
    ("-2 acos", (nearest_double(mpmath.pi), nearest_double(-mpmath.acosh(2)))),
    ("0.5 acosh", (0.0, nearest_double(mpmath.acos(0.5)))),
    ("-2 acosh", (nearest_double(mpmath.acosh(2)), nearest_double(mpmath.pi))),
    ("2 atanh", (nearest_double(mpmath.atanh(mpmath.mpf(1) / 2)), nearest_double(mpmath.pi / 2))),
    ("-2 atanh", (nearest_double(-mpmath.atanh(mpmath.mpf(1) / 2)), nearest_double(mpmath.pi / 2))),
    ("-8 1 3 ÷ ^", (1.0, nearest_double(mpmath.sqrt(3)))),
    ("-16 4 root", (nearest_double(mpmath.sqrt(2)), nearest_double(mpmath.sqrt(2)))),
])
def test_real_operands_on_a_cut_take_the_side_of_plus_zero(program, want):
    (value,) = run(program, 1, "--complex")
    assert value is not None
    got = parts(value)
    assert got == want, f"{program} = {got}, expected {want}"
