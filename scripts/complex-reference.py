#!/usr/bin/env python3
"""Expected values for ComplexFunctionsTests, computed independently of rpn and MPC: mpmath at
300 digits, each part rounded once to the nearest double through Fraction (exact, ties to
even, into the subnormals; mpmath's own float() rounds twice there).

Branch cuts: rpn has one zero, +0, so a value on a cut is on the +0 side of it, as C99
Annex G reads a signed zero: a zero part of an operand is replaced by +10^-250 (the limit
from that side); a part of the result below 10^-150 that doubles when that 10^-250 does is
the 0 it tends to. A zero result part is +0. mpmath
alone puts asin(2) on the other side (pi/2 - 1.3169...i); C99's casin(2+0i) and this script
give pi/2 + 1.3169...i.

    /work/main/.venv/bin/python scripts/complex-reference.py cases    # the hand-picked table
    /work/main/.venv/bin/python scripts/complex-reference.py digits   # the 50-digit cases
    /work/main/.venv/bin/python scripts/complex-reference.py random > \\
        Tests/RPNCoreTests/Numbers/ComplexFunctionsReference.swift     # 200 random cases per word
    /work/main/.venv/bin/python scripts/complex-reference.py random 10000 > /tmp/table  # a wider check
"""

from __future__ import annotations

import math
import random
import struct
import sys
from fractions import Fraction

from mpmath import mp, mpc, mpf

mp.dps = 300
EPSILON = mpf(10) ** -250
TINY = mpf(10) ** -150

UNARY = {
    "sqrt": mp.sqrt,
    "cbrt": lambda z: mp.power(z, mpf(1) / 3),
    "exp": mp.exp,
    "exp10": lambda z: mp.power(10, z),
    "ln": mp.log,
    "log": lambda z: mp.log(z) / mp.log(10),
    "log2": lambda z: mp.log(z) / mp.log(2),
    "sin": mp.sin, "cos": mp.cos, "tan": mp.tan,
    "asin": mp.asin, "acos": mp.acos, "atan": mp.atan,
    "sinh": mp.sinh, "cosh": mp.cosh, "tanh": mp.tanh,
    "asinh": mp.asinh, "acosh": mp.acosh, "atanh": mp.atanh,
}


def operand(re: float, im: float, epsilon: mpf = EPSILON) -> mpc:
    """The operand on the +0 side of any cut through it."""
    return mpc(mpf(re) if re != 0 else epsilon, mpf(im) if im != 0 else epsilon)


def on_the_side(f, re: float, im: float) -> tuple[mpf, mpf]:
    """f at the operand on the +0 side of any cut through it: its parts, those that only the
    move there made nonzero set to 0."""
    value = f(operand(re, im))
    parts = [mpf(value.real), mpf(value.imag)]
    if re == 0 or im == 0:
        again = f(operand(re, im, 2 * EPSILON))
        for k, part in enumerate((mpf(again.real), mpf(again.imag))):
            if abs(parts[k]) < TINY and abs(part) > 1.5 * abs(parts[k]):
                parts[k] = mpf(0)
    return parts[0], parts[1]


def to_double(x: mpf) -> float:
    if x == 0:
        return 0.0
    sign, man, exp, _ = x._mpf_  # man_exp drops the sign
    value = (-1) ** sign * Fraction(int(man)) * (Fraction(2) ** int(exp))
    try:
        return float(value) + 0.0  # int / int true division: correctly rounded; +0 for -0
    except OverflowError:
        return math.inf if value > 0 else -math.inf


def rounded(parts: tuple[mpf, mpf]) -> tuple[float, float]:
    return to_double(parts[0]), to_double(parts[1])


def unary(name: str, re: float, im: float) -> tuple[float, float]:
    return rounded(on_the_side(UNARY[name], re, im))


def power(z: tuple[float, float], w: tuple[float, float]) -> tuple[float, float]:
    return rounded(on_the_side(lambda base: mp.power(base, mpc(*w)), *z))


def root(z: tuple[float, float], n: tuple[float, float]) -> tuple[float, float]:
    """z^(1/n) with 1/n to 300 digits: a part that 1/n's rounding alone keeps from 0 (below
    10^-280 of the other; root(-1+i, 1.5) = 2^(1/3) i) is the 0 it is."""
    return rounded(root_parts(z, n))


def root_parts(z: tuple[float, float], n: tuple[float, float]) -> tuple[mpf, mpf]:
    re, im = on_the_side(lambda base: mp.power(base, 1 / mpc(*n)), *z)
    if abs(re) < abs(im) * mpf(10) ** -280:
        re = mpf(0)
    if abs(im) < abs(re) * mpf(10) ** -280:
        im = mpf(0)
    return re, im


def significant_digits(x: mpf, count: int = 50) -> tuple[str, int]:
    """x's `count` significant digits, rounded to nearest, and the exponent e of 0.d1d2... 10^e
    (BigFloat.significantDigits's form), with the sign as a leading "-"; zero is ("0", 1)."""
    if x == 0:
        return ("0", 1)
    exponent = int(mp.floor(mp.log10(abs(x)))) + 1
    digits = int(mp.nint(abs(x) * mpf(10) ** (count - exponent)))
    if digits == 10 ** count:
        digits, exponent = 10 ** (count - 1), exponent + 1
    return (("-" if x < 0 else "") + str(digits), exponent)


def swift(x: float) -> str:
    if math.isinf(x):
        return ".infinity" if x > 0 else "-.infinity"
    if x != 0 and abs(x) < 2.2250738585072014e-308:
        return f"Double(bitPattern: 0x{bits(x)})"  # a subnormal (Swift warns of its literals)
    return repr(x)


def bits(x: float) -> str:
    return "%016x" % struct.unpack("<Q", struct.pack("<d", x))[0]


# The hand-picked cases: (word, re, im), branch cuts and exact parts among them.
CASES = [
    ("sqrt", -4, 0), ("sqrt", 0, 2), ("sqrt", 3, 4), ("sqrt", -3, -4), ("sqrt", 1e-310, 1e-310),
    ("cbrt", -8, 0), ("cbrt", 0, 8), ("cbrt", -2, 2), ("cbrt", 1, 1), ("cbrt", 0, -27),
    ("exp", 0, math.pi), ("exp", 1, 1), ("exp", -745, 1), ("exp", 710, 0.5), ("exp", 0, 1e-300),
    ("exp10", 2, 0), ("exp10", 0, 1), ("exp10", -320, 1), ("exp10", 1, -1),
    ("ln", -1, 0), ("ln", 0, 1), ("ln", 3, 4), ("ln", 1, 1e-300), ("ln", 1e308, 1e308),
    ("log", -100, 0), ("log", 0, 10), ("log", 3, 4),
    ("log2", -1, 0), ("log2", 1, 1), ("log2", 0, 8), ("log2", 3, 4), ("log2", -0.5, 0.5),
    ("sin", 1, 1), ("sin", 0, 1), ("sin", 3, -2),
    ("cos", 1, 1), ("cos", 0, 1), ("cos", 3, -2),
    ("tan", 1, 1), ("tan", 0, 1), ("tan", 1.5707963267948966, 1e-10),
    ("asin", 2, 0), ("asin", -2, 0), ("asin", 0.5, 0), ("asin", 1, 1), ("asin", 0, 2),
    ("acos", 2, 0), ("acos", -2, 0), ("acos", 1, 1), ("acos", 0, 2),
    ("atan", 0, 2), ("atan", 0, -2), ("atan", 1, 1), ("atan", 0, 0.5),
    ("sinh", 1, 1), ("sinh", 0, 1), ("sinh", -2, 3),
    ("cosh", 1, 1), ("cosh", 0, 1), ("cosh", -2, 3),
    ("tanh", 1, 1), ("tanh", 0, 1), ("tanh", -2, 3),
    ("asinh", 0, 2), ("asinh", 0, -2), ("asinh", 1, 1), ("asinh", 0, 0.5),
    ("acosh", 0.5, 0), ("acosh", -2, 0), ("acosh", 1, 1), ("acosh", 0, 1),
    ("atanh", 2, 0), ("atanh", -2, 0), ("atanh", 1, 1), ("atanh", 0.5, 0),
]
POWER_CASES = [((0, 1), (0, 1)), ((-8, 0), (1 / 3, 0)), ((1, 1), (2, 0)), ((2, 3), (-1.5, 0.5)),
               ((-1, 0), (0.5, 0)), ((0, 0), (2, 1)), ((0, 0), (0, 0)), ((3, 4), (0, 0)), ((10, 0), (0, 1))]
ROOT_CASES = [((-8, 0), (3, 0)), ((0, 8), (3, 0)), ((-4, 0), (2, 0)), ((16, 0), (4, 0)), ((0, 1), (2, 0)),
              ((3, 4), (5, 0)), ((1, 1), (-2, 0)), ((2, 3), (1, 1)), ((0, 0), (3, 0)),
              ((-1, 1), (1.5, 0)), ((-1, 1), (0.75, 0)), ((-2, 2), (1.5, 0)), ((0, -64), (6, 0))]

# The --digits cases: (word, re, im) at 50 digits.
DIGIT_CASES = [("sqrt", -2, 0), ("ln", -1, 0), ("exp", 1, 1), ("asin", 2, 0), ("log2", 3, 4), ("cbrt", 1, 1),
               ("atanh", 2, 0), ("acos", 2, 0)]
DIGIT_POWER_CASES = [((2, 3), (-1.5, 0.5)), ((-8, 0), (0.5, 0))]
DIGIT_ROOT_CASES = [((0, 8), (3, 0)), ((3, 4), (5, 0)), ((-1, 1), (1.5, 0)), ((-2, 2), (1.5, 0))]


def random_operand(rng: random.Random, scale: float) -> tuple[float, float]:
    def part() -> float:
        return rng.choice([-1, 1]) * 10 ** rng.uniform(-4, scale)
    return part(), part()


def main() -> None:
    mode = sys.argv[1] if len(sys.argv) > 1 else "cases"
    if mode == "cases":
        for name, re, im in CASES:
            r = unary(name, re, im)
            print(f"        (.{name}, {swift(re)}, {swift(im)}, {swift(r[0])}, {swift(r[1])}),")
        print()
        for z, w in POWER_CASES:
            if z == (0, 0):
                print(f"        // power {z} {w}: see the tests of zero")
                continue
            r = power(z, w)
            print(f"        (({swift(z[0])}, {swift(z[1])}), ({swift(w[0])}, {swift(w[1])}), ({swift(r[0])}, {swift(r[1])})),")
        print()
        for z, n in ROOT_CASES:
            if z == (0, 0):
                continue
            r = root(z, n)
            print(f"        (({swift(z[0])}, {swift(z[1])}), ({swift(n[0])}, {swift(n[1])}), ({swift(r[0])}, {swift(r[1])})),")
    elif mode == "digits":
        for name, re, im in DIGIT_CASES:
            parts = [significant_digits(p) for p in on_the_side(UNARY[name], re, im)]
            print(f'        (.{name}, {swift(re)}, {swift(im)}, ("{parts[0][0]}", {parts[0][1]}), ("{parts[1][0]}", {parts[1][1]})),')
        for word, cases, f in (("power", DIGIT_POWER_CASES, lambda z, w: mp.power(z, mpc(*w))),
                               ("root", DIGIT_ROOT_CASES, None)):
            print(f"        // {word}")
            for z, w in cases:
                value = on_the_side(lambda base: f(base, w), *z) if f else None
                parts = [significant_digits(p) for p in (value or root_parts(z, w))]
                print(f'        (({swift(z[0])}, {swift(z[1])}), ({swift(w[0])}, {swift(w[1])}), '
                      f'("{parts[0][0]}", {parts[0][1]}), ("{parts[1][0]}", {parts[1][1]})),')
    elif mode == "random":
        count = int(sys.argv[2]) if len(sys.argv) > 2 else 200  # more for a check by hand
        rng = random.Random(20240611 + (count != 200))
        print("// Generated by scripts/complex-reference.py random: do not edit.")
        print("// Each line: word, then re, im of the operand and of mpmath's value at 300 digits")
        print("// rounded to the nearest double, as the bit patterns of the doubles in hexadecimal.")
        print("// power and root: the two operands' four parts, then the result's two.")
        print("let complexFunctionsReference = \"\"\"")
        for name in UNARY:
            for _ in range(count):
                scale = 2.4 if name not in ("exp", "sinh", "cosh", "sin", "cos", "tan", "tanh") else 2.5
                z = random_operand(rng, scale)
                r = unary(name, *z)
                print(name, *map(bits, z + r))
        for _ in range(count):
            z = random_operand(rng, 3)
            w = random_operand(rng, 0.7)
            print("power", *map(bits, z + w + power(z, w)))
        for _ in range(count):
            z = random_operand(rng, 3)
            n = (float(rng.choice([2, 3, 4, 5, 7, -2, -3])), 0.0) if rng.random() < 0.7 else random_operand(rng, 1)
            print("root", *map(bits, z + n + root(z, n)))
        print("\"\"\"")


if __name__ == "__main__":
    main()
