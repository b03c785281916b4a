"""`--digits N` (issue 18, "Precision"): inexact values at N significant digits, correctly rounded.

With `rpn --digits N`, every inexact value (square roots, logs, trigonometry, π, e, powers
with a non-integer exponent, ...) is computed with MPFR and printed with N significant decimal
digits, rounded to nearest from the true mathematical value; exact values (integers,
fractions) stay exact and print as they do without the option. This file checks that end to
end against an independent reference:

* The reference: operands are decimal literals, which rpn reads exactly (0.1 is 1/10), so the
  reference starts from the exact rational (`Fraction`). Rational results (√ of a perfect
  square, log of a power of 10, sin of 30°, ...) are found exactly; every other value is
  computed with mpmath Ziv-style: at two precisions well above N digits, and accepted only when
  the whole interval the two values span (plus mpmath's own few ulps) rounds to the same N
  digits (`decimal`, ROUND_HALF_EVEN); otherwise the precision grows. That covers both the
  rounding of the operand to binary and the results that lie close to a rounding boundary.
* What rpn must print: an inexact value equal (as a number: trailing zeros may be dropped, the
  form may be plain or `1.25e+30`) to the true value rounded to N significant digits; an exact
  value equal to itself, or today's 16-digit decimal of a fraction that has no short decimal.
  Where a transcendental function has a rational value (`1000 log`, `0 exp`, `deg 30 sin`),
  its N-digit rounding is accepted too: those may go through MPFR.
* `--json` adds `digits`: N for an inexact value, null for an exact one; `exact` holds the
  N-digit text of an inexact value; `values` the nearest double.

Hypothesis draws the operands (random decimals over a wide range, long literals of more than N
digits, values next to 1, to ±1, to multiples of 30° and 45°, and the operands where results
are exact); each example runs one rpn process over a batch (`x1 f x2 f ...`). Per function:
10^4 operands at 50 digits (with `--json`, domain errors included, which must stay errors),
300 at 1000 digits (10^4 with RPN_DIGITS_1000_EXAMPLES=100: 9.5 minutes, too long for
every CI run; run before a release), 100 each at 17, 5 and 1 digits (plain output), and lists
of extremes.
Shrinking is off: a failure lists every wrong value of the batch, which is what one needs,
and shrinking a batch of 400 would rerun rpn hundreds of times.

RPN_BIN names the binary (default .build/debug/rpn; tests/conftest.py makes it the release one).
"""
from __future__ import annotations

import functools
import json
import math
import os
import random
import re
import subprocess
import sys
from dataclasses import dataclass
from decimal import MAX_EMAX, MIN_EMIN, ROUND_HALF_EVEN, Context, Decimal
from fractions import Fraction
from pathlib import Path
from typing import Callable

import mpmath
import pytest
from hypothesis import HealthCheck, Phase, given, settings, strategies as st

REPO = Path(__file__).resolve().parents[2]
RPN = os.environ.get("RPN_BIN", str(REPO / ".build/debug/rpn"))

if hasattr(sys, "set_int_max_str_digits"):
    sys.set_int_max_str_digits(0)  # references at 1000 digits convert ints of thousands of digits

# Batches, and examples per function (about 10^4 distinct operands at 50 digits, 300 at 1000,
# after duplicates and out-of-range operands are dropped). Binary functions take half-size
# batches: hypothesis caps the choices one example may make.
BATCH_50, EXAMPLES_50 = 250, 40
BATCH_1000, EXAMPLES_1000 = 100, int(os.environ.get("RPN_DIGITS_1000_EXAMPLES", "3"))
BATCH_SMALL = 100                     # 17, 5 and 1 digits: one batch each
USAGE_ERROR = 64                      # the exit status of a bad option value (`--fix -1`)


# --- Decimal rounding ------------------------------------------------------------------------

def context(digits: int) -> Context:
    return Context(prec=digits, rounding=ROUND_HALF_EVEN, Emax=MAX_EMAX, Emin=MIN_EMIN)


def round_sig(value: Fraction | Decimal, digits: int) -> Decimal:
    """`value` rounded to `digits` significant digits, half to even (exactly, from a Fraction)."""
    if isinstance(value, Decimal):
        return context(digits).plus(value)
    if value == 0:
        return Decimal(0)
    # Scale so that the integer part has digits + 2 digits, then let Decimal round once: the
    # quotient is truncated, so keep a sticky digit for the part below.
    num, den = abs(value.numerator), value.denominator
    shift = digits + 2 - (len(str(num)) - len(str(den)))
    scaled_num = num * 10 ** shift if shift >= 0 else num
    scaled_den = den if shift >= 0 else den * 10 ** (-shift)
    q, r = divmod(scaled_num, scaled_den)
    q = q * 10 + (1 if r else 0)  # sticky digit: below-half, half and above-half stay apart
    exact = Decimal(f"{'-' if value < 0 else ''}{q}e{-shift - 1}")
    return context(digits).plus(exact)


def mp_to_decimal(value: mpmath.mpf) -> Decimal:
    """An mpf as the exact decimal it is (sign, mantissa × 2^exponent)."""
    sign, man, exp, _ = mpmath.mpf(value)._mpf_
    if man == 0:
        return Decimal(0)
    s = "-" if sign else ""
    if exp >= 0:
        return Decimal(f"{s}{man << exp}")
    return Decimal(f"{s}{man * 5 ** (-exp)}e{exp}")


def mp_of(value: Fraction) -> mpmath.mpf:
    """A rational at the working precision (one rounding, in the division)."""
    return mpmath.mpf(value.numerator) / value.denominator


def correctly_rounded(compute: Callable[[], mpmath.mpf], digits: int) -> Decimal:
    """The true value of `compute` rounded to `digits` significant digits (Ziv's strategy).

    `compute` builds its operands from exact rationals at the working precision, so its result
    carries the operands' rounding (amplified by the function's condition number) and mpmath's
    own error of a few ulps. It runs at p and at p' > p + p/2; the p'-value is far more
    accurate than the p-value, so |v_p - v_p'| bounds the p'-value's error with a wide margin.
    The answer is accepted only when that whole interval around v_p' rounds to one N-digit
    value; otherwise the precision grows."""
    bits = int(digits * 3.33) + 64
    for _ in range(8):
        with mpmath.workprec(bits):
            low = compute()
        high_bits = bits + bits // 2 + 64
        with mpmath.workprec(high_bits):
            high = compute()
        if not (mpmath.isfinite(low) and mpmath.isfinite(high)) or high == 0:
            raise AssertionError(f"reference: not a finite non-zero value ({high})")
        with mpmath.workprec(high_bits + 64):
            spread = abs(high - low) + abs(high) * mpmath.ldexp(1, -(high_bits - 8))
            below, above = round_sig(mp_to_decimal(high - spread), digits), round_sig(mp_to_decimal(high + spread), digits)
        if below == above:
            return below
        bits = 2 * high_bits
    raise AssertionError("reference: did not settle (a value too close to a rounding boundary)")


# --- Exact results ---------------------------------------------------------------------------

def integer_root(n: int, k: int) -> int | None:
    """The k-th root of n ≥ 0 if it is an integer."""
    if n < 2:
        return n
    if k > n.bit_length():
        return None
    r = 1 << ((n.bit_length() + k - 1) // k)  # ≥ the root: Newton from above decreases
    while True:
        s = ((k - 1) * r + n // r ** (k - 1)) // k
        if s >= r:
            break
        r = s
    return r if r ** k == n else None


def rational_root(x: Fraction, k: int) -> Fraction | None:
    """The k-th root (k ≥ 1) of x ≥ 0 if it is rational."""
    num, den = integer_root(x.numerator, k), integer_root(x.denominator, k)
    return None if num is None or den is None else Fraction(num, den)


def rational_power(a: Fraction, b: Fraction) -> Fraction | None:
    """a^b for a ≥ 0 if it is rational (a = r^q for b = p/q in lowest terms: r^p)."""
    if a == 0:
        return Fraction(0) if b > 0 else None
    r = rational_root(a, b.denominator)
    return None if r is None else r ** b.numerator


def power_of(base: int, x: Fraction) -> int | None:
    """k if x = base^k for an integer k."""
    if x <= 0:
        return None
    num, den = x.numerator, x.denominator
    if den == 1:
        k, n = 0, num
        while n % base == 0:
            n, k = n // base, k + 1
        return k if n == 1 else None
    if num != 1:
        return None
    k = power_of(base, Fraction(den))
    return None if k is None else -k


def degree_sine(r: Fraction) -> Fraction | None:
    """sin of r degrees where it is rational (Niven: multiples of 30°), else None."""
    return {0: Fraction(0), 30: Fraction(1, 2), 90: Fraction(1), 150: Fraction(1, 2), 180: Fraction(0),
            210: Fraction(-1, 2), 270: Fraction(-1), 330: Fraction(-1, 2)}.get(r % 360)


def degree_tangent(r: Fraction) -> Fraction | None:
    r %= 180
    return {0: Fraction(0), 45: Fraction(1), 135: Fraction(-1)}.get(r)


def degree_atan2(y: Fraction, x: Fraction) -> Fraction | None:
    if y == 0:
        return Fraction(0) if x >= 0 else Fraction(180)
    if x == 0:
        return Fraction(90 if y > 0 else -90)
    if abs(y) == abs(x):
        return Fraction((45 if x > 0 else 135) * (1 if y > 0 else -1))
    return None


def radians(degrees: Fraction) -> mpmath.mpf:
    """degrees (reduced exactly to [-180, 180]) in radians at the working precision."""
    reduced = degrees - 360 * round(degrees / 360)
    return mp_of(reduced) * mpmath.pi / 180


# --- The functions ---------------------------------------------------------------------------

@dataclass
class Function:
    name: str                                        # the test id
    word: str                                        # the rpn word
    arity: int
    compute: Callable[..., mpmath.mpf]               # of the Fractions, at the working precision
    domain: Callable[..., bool]                      # outside it rpn must report an error
    exact: Callable[..., Fraction | None]            # the value where it is rational
    in_range: Callable[..., bool] = lambda *a: True  # results within about 1e±300
    algebraic: bool = False                          # a rational value must come out exact
    degrees: bool = False                            # the program starts with `deg`


def zero_at(point: int, value: int = 0):
    return lambda x: Fraction(value) if x == point else None


def signed_cbrt(x: Fraction) -> mpmath.mpf:
    r = mpmath.cbrt(mp_of(abs(x)))
    return -r if x < 0 else r


def root_value(y: Fraction, n: Fraction) -> mpmath.mpf:
    if n.denominator == 1:
        r = mpmath.root(mp_of(abs(y)), abs(n.numerator))
        r = 1 / r if n < 0 else r
    else:
        r = mpmath.power(mp_of(abs(y)), 1 / mp_of(n))
    return -r if y < 0 else r


def root_domain(y: Fraction, n: Fraction) -> bool:
    if n == 0 or (y == 0 and n < 0):
        return False
    return y >= 0 or (n.denominator == 1 and n.numerator % 2 == 1)


def root_exact(y: Fraction, n: Fraction) -> Fraction | None:
    r = rational_power(abs(y), 1 / n)
    return None if r is None else (-r if y < 0 else r)


def pow_domain(a: Fraction, b: Fraction) -> bool:
    """Real powers: a negative base only with an integer exponent, 0 only to a positive one."""
    return a > 0 or (a == 0 and b > 0) or (a < 0 and b.denominator == 1)


def pow_exact(a: Fraction, b: Fraction) -> Fraction | None:
    return a ** b.numerator if b.denominator == 1 else rational_power(a, b)


def log10_of(x: Fraction) -> float:
    """About log10(|x|), for range filters."""
    return math.log10(abs(x.numerator)) - math.log10(x.denominator) if x else -math.inf


FUNCTIONS = [
    Function("sqrt", "sqrt", 1, lambda x: mpmath.sqrt(mp_of(x)), lambda x: x >= 0,
             lambda x: rational_root(x, 2), algebraic=True),
    Function("cbrt", "cbrt", 1, signed_cbrt, lambda x: True,
             lambda x: None if (r := rational_root(abs(x), 3)) is None else (r if x >= 0 else -r), algebraic=True),
    Function("root", "root", 2, root_value, root_domain, root_exact, algebraic=True,
             in_range=lambda y, n: abs(log10_of(y) / float(n)) < 300),
    Function("pow", "^", 2, lambda a, b: mpmath.power(mp_of(a), mp_of(b)), pow_domain, pow_exact, algebraic=True,
             in_range=lambda a, b: a == 0 or abs(log10_of(a) * float(b)) < 300),
    Function("exp", "exp", 1, lambda x: mpmath.exp(mp_of(x)), lambda x: True, zero_at(0, 1),
             in_range=lambda x: abs(x) < 690),
    Function("exp10", "exp10", 1, lambda x: mpmath.power(10, mp_of(x)), lambda x: True,
             lambda x: Fraction(10) ** x.numerator if x.denominator == 1 else None,
             in_range=lambda x: abs(x) < 300),
    Function("ln", "ln", 1, lambda x: mpmath.log(mp_of(x)), lambda x: x > 0, zero_at(1)),
    Function("log", "log", 1, lambda x: mpmath.log10(mp_of(x)), lambda x: x > 0,
             lambda x: None if (k := power_of(10, x)) is None else Fraction(k)),
    Function("log2", "log2", 1, lambda x: mpmath.log(mp_of(x), 2), lambda x: x > 0,
             lambda x: None if (k := power_of(2, x)) is None else Fraction(k)),
    Function("sin", "sin", 1, lambda x: mpmath.sin(mp_of(x)), lambda x: True, zero_at(0)),
    Function("cos", "cos", 1, lambda x: mpmath.cos(mp_of(x)), lambda x: True, zero_at(0, 1)),
    Function("tan", "tan", 1, lambda x: mpmath.tan(mp_of(x)), lambda x: True, zero_at(0)),
    Function("asin", "asin", 1, lambda x: mpmath.asin(mp_of(x)), lambda x: -1 <= x <= 1, zero_at(0)),
    Function("acos", "acos", 1, lambda x: mpmath.acos(mp_of(x)), lambda x: -1 <= x <= 1, zero_at(1)),
    Function("atan", "atan", 1, lambda x: mpmath.atan(mp_of(x)), lambda x: True, zero_at(0)),
    Function("sinh", "sinh", 1, lambda x: mpmath.sinh(mp_of(x)), lambda x: True, zero_at(0),
             in_range=lambda x: abs(x) < 690),
    Function("cosh", "cosh", 1, lambda x: mpmath.cosh(mp_of(x)), lambda x: True, zero_at(0, 1),
             in_range=lambda x: abs(x) < 690),
    Function("tanh", "tanh", 1, lambda x: mpmath.tanh(mp_of(x)), lambda x: True, zero_at(0)),
    Function("asinh", "asinh", 1, lambda x: mpmath.asinh(mp_of(x)), lambda x: True, zero_at(0)),
    Function("acosh", "acosh", 1, lambda x: mpmath.acosh(mp_of(x)), lambda x: x >= 1, zero_at(1)),
    Function("atanh", "atanh", 1, lambda x: mpmath.atanh(mp_of(x)), lambda x: -1 < x < 1, zero_at(0)),
    Function("atan2", "atan2", 2, lambda y, x: mpmath.atan2(mp_of(y), mp_of(x)),  # atan2(0, 0) = 0, as C's
             lambda y, x: True, lambda y, x: Fraction(0) if y == 0 and x >= 0 else None),
    # Degrees (`deg`): the angle is reduced exactly; rational values exactly where Niven says.
    Function("deg-sin", "sin", 1, lambda x: mpmath.sin(radians(x)), lambda x: True,
             lambda x: degree_sine(x), degrees=True),
    Function("deg-cos", "cos", 1, lambda x: mpmath.cos(radians(x)), lambda x: True,
             lambda x: degree_sine(x + 90), degrees=True),
    Function("deg-tan", "tan", 1, lambda x: mpmath.tan(radians(x)), lambda x: x % 180 != 90,
             lambda x: degree_tangent(x), degrees=True),
    Function("deg-asin", "asin", 1, lambda x: mpmath.asin(mp_of(x)) * 180 / mpmath.pi, lambda x: -1 <= x <= 1,
             lambda x: {0: Fraction(0), Fraction(1, 2): Fraction(30), Fraction(-1, 2): Fraction(-30),
                        1: Fraction(90), -1: Fraction(-90)}.get(x), degrees=True),
    Function("deg-acos", "acos", 1, lambda x: mpmath.acos(mp_of(x)) * 180 / mpmath.pi, lambda x: -1 <= x <= 1,
             lambda x: {1: Fraction(0), Fraction(1, 2): Fraction(60), 0: Fraction(90),
                        Fraction(-1, 2): Fraction(120), -1: Fraction(180)}.get(x), degrees=True),
    Function("deg-atan", "atan", 1, lambda x: mpmath.atan(mp_of(x)) * 180 / mpmath.pi, lambda x: True,
             lambda x: {0: Fraction(0), 1: Fraction(45), -1: Fraction(-45)}.get(x), degrees=True),
    Function("deg-atan2", "atan2", 2, lambda y, x: mpmath.atan2(mp_of(y), mp_of(x)) * 180 / mpmath.pi,
             lambda y, x: True, degree_atan2, degrees=True),
]
BY_NAME = {f.name: f for f in FUNCTIONS}
NAMES = [f.name for f in FUNCTIONS]


# --- Expected values and the comparison ------------------------------------------------------

@dataclass
class Expect:
    kind: str                        # "error", "exact" or "inexact"
    exact: Fraction | None = None    # the rational value
    rounded: Decimal | None = None   # the true value to N digits


def expect(f: Function, args: list[Fraction], digits: int) -> Expect:
    return cached_expect(f.name, tuple(args), digits)


@functools.lru_cache(maxsize=None)
def cached_expect(name: str, args: tuple[Fraction, ...], digits: int) -> Expect:
    f = BY_NAME[name]
    if not f.domain(*args):
        return Expect("error")
    value = f.exact(*args)
    if value is not None:
        return Expect("exact", exact=value)
    return Expect("inexact", rounded=correctly_rounded(lambda: f.compute(*args), digits))


NUMBER = re.compile(r"-?\d+(\.\d+)?(e[+-]?\d+)?")


def number(text: str) -> Fraction:
    """A printed value (decimal, exponent form, or `a/b` from JSON's exact) as a rational."""
    return Fraction(text.replace("\u2212", "-"))


def wrong(e: Expect, text: str | None, digits: int, f: Function | None) -> str | None:
    """Why `text` (rpn's output of one value) is wrong, or None."""
    if e.kind == "error":
        return None if text is None else f"printed {text!r}, expected an error"
    if text is None:
        return "failed, expected " + (str(e.exact) if e.kind == "exact" else str(e.rounded))
    if e.kind == "inexact":
        if not NUMBER.fullmatch(text):
            return f"printed {text!r}: not a decimal number"
        if number(text) != Fraction(e.rounded):
            return f"printed {text}, correctly rounded to {digits} digits {e.rounded}"
        return None
    got = number(text)
    accepted = {e.exact, Fraction(round_sig(e.exact, 16))}
    if f is None or not f.algebraic:
        accepted.add(Fraction(round_sig(e.exact, digits)))  # a transcendental's rational value may come from MPFR
    if got not in accepted:
        return f"printed {text}, expected exactly {e.exact} ({float(e.exact)!r})"
    return None


# --- Running rpn -----------------------------------------------------------------------------

def run(digits: int, program: str, *options: str) -> subprocess.CompletedProcess:
    return subprocess.run([RPN, "--digits", str(digits), *options, "-e", program],
                          capture_output=True, text=True, timeout=600)


def run_plain(digits: int, program: str, count: int) -> list[str]:
    proc = run(digits, program)
    assert proc.returncode == 0, f"exit {proc.returncode}: {proc.stderr[:2000]}"
    lines = proc.stdout.splitlines()
    assert len(lines) == count, f"{len(lines)} lines for {count} values: {proc.stdout[:500]!r} {proc.stderr[:500]}"
    return [line.strip() for line in lines]


def run_json(digits: int, program: str, count: int) -> dict:
    proc = run(digits, program, "--json")
    assert proc.returncode in (0, 1), f"exit {proc.returncode}: {proc.stderr[:2000]}"
    result = json.loads(proc.stdout)
    for key in ("values", "exact", "inexact", "digits"):
        assert key in result, f"no {key!r} in the JSON"
        assert len(result[key]) == count, f"{len(result[key])} {key} for {count} values"
    return result


def program_of(f: Function, cases: list[list[str]]) -> str:
    return ("deg " if f.degrees else "") + " ".join(" ".join(args) + " " + f.word for args in cases)


def applicable(f: Function, cases: list[list[str]], errors_too: bool) -> list[tuple[list[str], list[Fraction]]]:
    """The cases in the tested range (and, unless errors_too, in the domain), deduplicated."""
    seen, kept = set(), []
    for texts in cases:
        args = [Fraction(t) for t in texts]
        key = tuple(texts)
        if key in seen or not f.in_range(*args):
            continue
        if not errors_too and not f.domain(*args):
            continue
        seen.add(key)
        kept.append((texts, args))
    return kept


def check_plain(f: Function, cases: list[list[str]], digits: int) -> None:
    kept = applicable(f, cases, errors_too=False)
    if not kept:
        return
    expected = [expect(f, args, digits) for _, args in kept]
    program = program_of(f, [texts for texts, _ in kept])
    got = run_plain(digits, program, len(kept))
    failures = [f"{' '.join(texts)} {f.word}: {why}" for (texts, _), e, text in zip(kept, expected, got)
                if (why := wrong(e, text, digits, f))]
    assert not failures, f"--digits {digits}: {len(failures)} of {len(kept)} wrong:\n" + "\n".join(failures[:20])


def check_json(f: Function, cases: list[list[str]], digits: int) -> None:
    kept = applicable(f, cases, errors_too=True)
    if not kept:
        return
    expected = [expect(f, args, digits) for _, args in kept]
    result = run_json(digits, program_of(f, [texts for texts, _ in kept]), len(kept))
    failures = []
    for i, ((texts, _), e) in enumerate(zip(kept, expected)):
        label = f"{' '.join(texts)} {f.word}"
        value, text, inexact, carried = (result[k][i] for k in ("values", "exact", "inexact", "digits"))
        if why := wrong(e, text, digits, f):
            failures.append(f"{label}: exact {why}")
            continue
        if e.kind == "error":
            if value is not None or carried is not None:
                failures.append(f"{label}: an error, yet value {value!r}, digits {carried!r}")
            continue
        if e.kind == "inexact" or not f.algebraic:
            flags_ok = (inexact is True and carried == digits) or (e.kind == "exact" and inexact is False and carried is None)
        else:
            flags_ok = inexact is False and carried is None
        if not flags_ok:
            failures.append(f"{label}: inexact {inexact!r}, digits {carried!r} for an {e.kind} value")
        true = e.exact if e.kind == "exact" else Fraction(e.rounded)
        if not 1e-300 < abs(true) < 1e300:
            continue  # zero, or past the doubles' range: what `values` holds there is not specified
        nearest = {float(number(text)), float(true)}
        if e.kind == "inexact":  # the double nearest the true value (through 40 digits or more)
            to_40 = e.rounded if digits >= 40 else correctly_rounded(lambda: f.compute(*[Fraction(t) for t in texts]), 40)
            nearest.add(float(to_40))
        if value not in nearest:
            failures.append(f"{label}: value {value!r}, expected the nearest double {sorted(nearest)}")
    errors = [d for d in result.get("diagnostics", []) if d.get("severity") == "error"]
    want_errors = sum(e.kind == "error" for e in expected)
    if len(errors) != want_errors:
        failures.append(f"{len(errors)} error diagnostics for {want_errors} domain errors: {errors[:3]}")
    assert not failures, f"--digits {digits} --json: {len(failures)} of {len(kept)} wrong:\n" + "\n".join(failures[:20])


# --- Operands --------------------------------------------------------------------------------

def literal(digit_text: str, exponent: int, negative: bool, exponent_form: bool) -> str:
    """±0.DIGITS × 10^exponent as an rpn literal, plain (`0.00123`, `123.45`) or `1.2345e-3`."""
    sign = "-" if negative else ""
    k = len(digit_text)
    if exponent_form:
        rest = digit_text[1:]
        return f"{sign}{digit_text[0]}{'.' + rest if rest else ''}e{exponent - 1}"
    if exponent <= 0:
        return f"{sign}0.{'0' * -exponent}{digit_text}"
    if exponent >= k:
        return f"{sign}{digit_text}{'0' * (exponent - k)}"
    return f"{sign}{digit_text[:exponent]}.{digit_text[exponent:]}"


def random_digits(seed: int, count: int) -> str:
    rng = random.Random(seed)
    return str(rng.randint(1, 9)) + "".join(rng.choice("0123456789") for _ in range(count - 1))


def decimals(low: int, high: int, max_digits: int, signed: bool = True) -> st.SearchStrategy[str]:
    """Decimal literals of magnitude in [10^(low-1), 10^high), with 1 to max_digits digits (few
    digits more often), in plain form or, for large and small exponents, mostly exponent form."""
    def build(seed: int, count: int, exponent: int, negative: bool, form: bool) -> str:
        form = form or not -25 <= exponent <= 40
        return literal(random_digits(seed, count), exponent, negative and signed, form)
    count = st.integers(1, 6) | st.integers(1, 20) | st.integers(1, max_digits)
    return st.builds(build, st.integers(0, 2 ** 32), count, st.integers(low, high), st.booleans(), st.booleans())


def next_to(center: str, max_digits: int) -> st.SearchStrategy[str]:
    """center ± a tiny decimal (1e-1 to 1e-(max_digits+5)): next to 1, to ±1, to 30°, ..."""
    def build(seed: int, zeros: int, count: int, below: bool) -> str:
        offset = Fraction(int(random_digits(seed, count)), 10 ** (zeros + count))
        value = Fraction(center) + (-offset if below else offset)
        return to_literal(value)
    return st.builds(build, st.integers(0, 2 ** 32), st.integers(0, max_digits + 5),
                     st.integers(1, 8) | st.integers(1, max_digits), st.booleans())


def to_literal(value: Fraction) -> str:
    """A terminating decimal as a plain literal."""
    den, twos, fives = value.denominator, 0, 0
    while den % 2 == 0:
        den, twos = den // 2, twos + 1
    while den % 5 == 0:
        den, fives = den // 5, fives + 1
    assert den == 1, f"{value} has no finite decimal"
    places = max(twos, fives)
    scaled = abs(value.numerator) * 10 ** places // value.denominator
    text = str(scaled).rjust(places + 1, "0")
    body = text if places == 0 else f"{text[:-places]}.{text[-places:]}"
    return ("-" if value < 0 else "") + body


def multiples(step: int, max_digits: int) -> st.SearchStrategy[str]:
    """k·step degrees (small or huge k), sometimes moved by a tiny decimal."""
    ks = st.integers(-50, 50) | st.integers(-(10 ** 18), 10 ** 18)
    exact = ks.map(lambda k: str(k * step))
    return exact | ks.flatmap(lambda k: next_to(str(k * step), max_digits))


EXACT_HITS = {  # operands where the value is rational (or next to it): must come out exact
    "sqrt": ["4", "2.25", "0.0625", "1e-300", "1e300", "144", "0.01", "1.5625", "0", "1", "16e-20", "2"],
    "cbrt": ["8", "-27", "0.001", "-0.125", "1e-300", "1e300", "3.375", "0", "-1", "2", "-2"],
    "exp": ["0", "1", "-1"],
    "exp10": ["0", "1", "2", "-3", "17", "-17", "0.5", "299", "-299"],
    "ln": ["1", "2", "10", "0.5"],
    "log": ["1", "10", "1000", "0.001", "1e-300", "1e299", "2", "0.1"],
    "log2": ["1", "2", "1024", "0.5", "0.0009765625", "3", "0.1"],
    "acos": ["1", "-1", "0", "0.5"],
    "acosh": ["1", "2"],
}


def unary_operands(name: str, d: int) -> st.SearchStrategy[str]:
    """Operand literals for one unary function at d digits: wide, where it is interesting, long."""
    wide_positive = decimals(-300, 300, d + 10, signed=False)
    wide = decimals(-300, 300, d + 10)
    moderate = decimals(-30, 3, d + 10)
    unit = decimals(-40, 0, d + 10) | next_to("1", d) | next_to("-1", d) | st.sampled_from(["0.5", "-0.5", "1", "-1", "0"])
    by_name = {
        "sqrt": wide_positive | moderate | next_to("1", d),
        "cbrt": wide | moderate | next_to("1", d),
        "exp": decimals(-40, 3, d + 10) | st.integers(-700, 700).map(str),
        "exp10": decimals(-40, 3, d + 10) | st.integers(-305, 305).map(str),
        "ln": wide_positive | next_to("1", d) | moderate,
        "log": wide_positive | next_to("1", d) | next_to("10", d),
        "log2": wide_positive | next_to("1", d) | next_to("2", d),
        "sin": wide | moderate | decimals(-3, 2, d + 10),
        "cos": wide | moderate | decimals(-3, 2, d + 10),
        "tan": wide | moderate | decimals(-3, 2, d + 10),
        "asin": unit | decimals(0, 2, 6),
        "acos": unit | decimals(0, 2, 6),
        "atan": wide | moderate | next_to("1", d),
        "sinh": decimals(-40, 3, d + 10),
        "cosh": decimals(-40, 3, d + 10),
        "tanh": wide | decimals(-40, 2, d + 10),
        "asinh": wide | moderate,
        "acosh": next_to("1", d) | decimals(1, 300, d + 10, signed=False) | decimals(0, 2, 10, signed=False) | decimals(-3, 1, 5),
        "atanh": unit | decimals(0, 2, 6),
        "deg-sin": wide | moderate | multiples(30, d) | multiples(45, d),
        "deg-cos": wide | moderate | multiples(30, d) | multiples(45, d),
        "deg-tan": wide | moderate | multiples(30, d) | multiples(45, d),
        "deg-asin": unit | next_to("0.5", d) | next_to("-0.5", d),
        "deg-acos": unit | next_to("0.5", d) | next_to("-0.5", d),
        "deg-atan": wide | moderate | next_to("1", d) | next_to("-1", d),
    }
    hits = EXACT_HITS.get(name.removeprefix("deg-"), []) if not name.startswith("deg-") else []
    return by_name[name] | st.sampled_from(hits or ["1"])


def operand_lists(name: str, d: int) -> st.SearchStrategy[list[str]]:
    if name in ("root",):
        orders = st.integers(-12, 12).filter(bool).map(str) | decimals(-1, 2, 8) | st.sampled_from(["2", "3", "0.5", "-2", "2.5"])
        bases = decimals(-100, 100, d + 10) | decimals(-3, 4, d + 10) | st.sampled_from(["8", "-8", "32", "0.0625", "1e-300", "2"])
        return st.tuples(bases, orders).map(list)
    if name == "pow":
        bases = decimals(-50, 50, d + 10, signed=False) | decimals(-2, 3, d + 10, signed=False) \
            | next_to("1", d) | st.sampled_from(["2", "4", "8", "27", "0.25", "1e-300", "0", "10"])
        exponents = decimals(-40, 2, d + 10) | decimals(-3, 0, 4) \
            | st.sampled_from(["0.5", "-0.5", "1.5", "0.25", "2.5", "-1.5", "0.125", "1e-30"])
        return st.tuples(bases | decimals(-3, 3, 5), exponents).map(list)
    if name in ("atan2", "deg-atan2"):
        plane = decimals(-300, 300, d + 10) | decimals(-5, 5, d + 10) | st.sampled_from(["0", "1", "-1", "2", "-2"])
        pairs = st.tuples(plane, plane).map(list)
        return pairs | pairs | pairs | plane.map(lambda v: [v, v]) | plane.map(lambda v: [v, "-" + v.lstrip("-")])
    return unary_operands(name, d).map(lambda x: [x])


def batches(name: str, d: int, size: int) -> st.SearchStrategy[list[list[str]]]:
    size = size // BY_NAME[name].arity
    return st.lists(operand_lists(name, d), min_size=size, max_size=size)


def property_settings(examples: int) -> settings:
    return settings(max_examples=examples, deadline=None, derandomize=True, phases=[Phase.explicit, Phase.generate],
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.filter_too_much, HealthCheck.large_base_example])


# --- Tests: every function, random and extreme operands --------------------------------------

UNARY = [f.name for f in FUNCTIONS if f.arity == 1]
BINARY = [f.name for f in FUNCTIONS if f.arity == 2]


@pytest.mark.parametrize("name", UNARY)
@property_settings(EXAMPLES_50)
@given(data=st.data())
def test_50_digits_json(name, data):
    """50 digits through --json: values, exact texts, inexact flags, digits; errors stay errors."""
    check_json(BY_NAME[name], data.draw(batches(name, 50, BATCH_50)), 50)


@pytest.mark.parametrize("name", BINARY)
@property_settings(2 * EXAMPLES_50)
@given(data=st.data())
def test_50_digits_json_binary(name, data):
    check_json(BY_NAME[name], data.draw(batches(name, 50, BATCH_50)), 50)


@pytest.mark.parametrize("name", NAMES)
@property_settings(EXAMPLES_1000)
@given(data=st.data())
def test_1000_digits(name, data):
    check_plain(BY_NAME[name], data.draw(batches(name, 1000, 2 * BATCH_1000 if BY_NAME[name].arity == 2 else BATCH_1000)), 1000)


@pytest.mark.parametrize("digits", [17, 5, 1])
@pytest.mark.parametrize("name", NAMES)
@property_settings(1)
@given(data=st.data())
def test_few_digits(name, digits, data):
    check_plain(BY_NAME[name], data.draw(batches(name, digits, BATCH_SMALL)), digits)


def extremes(name: str, d: int) -> list[list[str]]:
    f = BY_NAME[name]
    long_above_one = "1." + "0" * d + "1"   # 1 + 10^-(d+1): more digits than N; reads exactly
    long_below_one = "0." + "9" * (d + 3)
    long_random = random_digits(d, d + 20)
    long_random = long_random[:3] + "." + long_random[3:]
    if f.arity == 2:
        if name == "pow":
            return [["2", "0.5"], ["2", "1e-30"], ["1e-300", "0.5"], ["1e300", "0.999"], ["10", "0.1"],
                    [long_above_one, "0.5"], [long_below_one, "1.5"], [long_random, "2.5"], ["0.5", "-0.5"],
                    ["1e-50", "-5.5"], ["3", "1e-50"], ["7", "-0.5"], ["1.000000001", "1000.5"]]
        if name == "root":
            return [["2", "2"], ["2", "3"], ["-2", "3"], ["-2", "-3"], ["1e300", "7"], ["1e-300", "12"],
                    [long_above_one, "2"], [long_random, "5"], ["10", "2.5"], ["10", "-0.5"], ["3", "1000"]]
        values = ["1", "-1", "1e-300", "-1e-300", "1e300", "-1e300", "0", long_random, "1e-30", "3"]
        return [[y, x] for y in values for x in values if y != "0" or x != "0"]
    values = ["1e-300", "-1e-300", "1e-30", "-1e-30", "1e-8", "0.1", "0.5", "0.75", "-0.75", "1", "-1",
              "1.5", "2", "3", "10", "100", "689.5", "-689.5", "1e10", "1e22", "-1e22", "1e300", "-1e300",
              long_above_one, long_below_one, "-" + long_below_one, long_random, "-" + long_random,
              "0." + "0" * 40 + "1", "355", "3.14159", "1.5707963267948966", "6.283185307179586"]
    if name.startswith("deg-"):
        values += ["30", "45", "60", "90", "-90", "180", "270", "360", "3600000000000000000030",
                   "29.999999999999999999999999", "90.000000000000000000000000000001", "1e-100",
                   "123456789.123456789", "0.5", "-0.5"]
    return [[v] for v in values + EXACT_HITS.get(name, [])]


@pytest.mark.parametrize("digits", [50, 1000])
@pytest.mark.parametrize("name", NAMES)
def test_extremes(name, digits):
    check_plain(BY_NAME[name], extremes(name, digits), digits)
    check_json(BY_NAME[name], extremes(name, digits), digits)


# --- Constants and chains --------------------------------------------------------------------

@pytest.mark.parametrize("digits", [1, 2, 5, 17, 50, 1000, 12345])
def test_constants(digits):
    got = run_plain(digits, "π pi e 1 exp", 4)
    pi = correctly_rounded(lambda: +mpmath.pi, digits)
    e = correctly_rounded(lambda: +mpmath.e, digits)
    for text, want, what in zip(got, [pi, pi, e, e], ["π", "pi", "e", "1 exp"]):
        assert number(text) == Fraction(want), f"--digits {digits}: {what} printed {text[:80]}..., expected {str(want)[:80]}..."


CHAINS = [  # (program, the true value at the working precision, or an int where it is one)
    ("2 √ 3 √ +", lambda: mpmath.sqrt(2) + mpmath.sqrt(3)),
    ("π 4 ÷ sin", lambda: mpmath.sin(mpmath.pi / 4)),
    ("2 0.5 ^", lambda: mpmath.sqrt(2)),
    ("2 √ 1 -", lambda: mpmath.sqrt(2) - 1),
    ("1 3 ÷ √", lambda: mpmath.sqrt(mpmath.mpf(1) / 3)),
    ("1 3 ÷ π ×", lambda: mpmath.pi / 3),
    ("10 ln 2 ln ÷", lambda: mpmath.log(10) / mpmath.log(2)),
    ("e π ^", lambda: mpmath.exp(mpmath.pi)),
    ("π e ^", lambda: mpmath.power(mpmath.pi, mpmath.e)),
    ("2 √ √ √", lambda: mpmath.root(2, 8)),
    ("0.1 sin 0.1 cos ÷", lambda: mpmath.tan(mpmath.mpf(1) / 10)),
    ("2 ln exp10", lambda: mpmath.power(10, mpmath.log(2))),
    ("deg 1 sin", lambda: mpmath.sin(mpmath.pi / 180)),
    ("deg 45 sin", lambda: mpmath.sqrt(2) / 2),
    ("deg 0.1 sin", lambda: mpmath.sin(mpmath.pi / 1800)),
    ("deg 1 atan", 45),
    ("deg 2 √ 2 ÷ asin", 45),   # the true value is 45: computed next to it, it rounds to 45
    ("2 √ 2 √ ×", 2),
    ("1 exp ln", 1),
]


@pytest.mark.parametrize("digits", [5, 17, 50, 1000])
@pytest.mark.parametrize("program, reference", CHAINS, ids=[c[0] for c in CHAINS])
def test_chains(program, reference, digits):
    """A chain's value rounded once from the true value (guard bits inside carry it through)."""
    (text,) = run_plain(digits, program, 1)
    want = round_sig(Fraction(reference), digits) if isinstance(reference, int) else correctly_rounded(reference, digits)
    assert number(text) == Fraction(want), f"--digits {digits} -e '{program}' printed {text}, expected {want}"


def test_the_examples_of_the_brief():
    root2, four, half, sine = run_plain(50, "2 √ 4 √ deg 30 sin 1 sin", 4)
    assert number(root2) == Fraction(Decimal("1.4142135623730950488016887242096980785696718753769")), root2
    assert four == "2"
    assert number(half) == Fraction(1, 2), half
    assert number(sine) == Fraction(correctly_rounded(lambda: mpmath.sin(mpmath.pi / 180), 50)), sine
    assert number(run_plain(20, "2 √", 1)[0]) == Fraction(Decimal("1.4142135623730950488"))


# --- Exact values stay exact -----------------------------------------------------------------

EXACT_PROGRAMS = [
    "4 √", "2.25 √", "0.0625 √", "27 cbrt", "-8 cbrt", "32 5 root", "16 -4 root", "4 0.5 ^",
    "8 1 3 ÷ ^", "27 -1 3 ÷ ^", "1 9 ÷ √", "1 3 ÷", "2 3 ÷", "0.1 0.2 +", "2 100 ^", "2 200 ^ 1 -",
    "1e-400", "123456789 1000 ÷", "1.234567890123456789", "1 7 ÷ 10 30 ^ ÷", "12345678901234567890123 3 -",
    "2 -10 ^", "7 3 mod", "1 2 60 ^ ÷",
]


@pytest.mark.parametrize("digits", [1, 5, 50, 1000])
def test_exact_values_print_as_without_digits(digits):
    """Integers and fractions (√ of perfect squares, rational powers) print as today, flags too."""
    program = " ".join(EXACT_PROGRAMS)
    today = subprocess.run([RPN, "-e", program], capture_output=True, text=True, timeout=60)
    assert today.returncode == 0, today.stderr
    assert run_plain(digits, program, len(EXACT_PROGRAMS)) == today.stdout.splitlines()
    for options in (["--fractions"], ["--json"]):
        before = subprocess.run([RPN, *options, "-e", program], capture_output=True, text=True, timeout=60)
        after = run(digits, program, *options)
        assert after.returncode == 0, after.stderr
        if options == ["--json"]:
            was, now = json.loads(before.stdout), json.loads(after.stdout)
            for key in ("values", "exact", "inexact"):
                assert now[key] == was[key], f"--json {key}: {now[key]} under --digits, {was[key]} without"
            assert now["digits"] == [None] * len(EXACT_PROGRAMS), now["digits"]
        else:
            assert after.stdout == before.stdout


# --- Domain errors stay errors ---------------------------------------------------------------

ERROR_PROGRAMS = [
    "-1 √", "-1e-300 sqrt", "0 ln", "-2 ln", "0 log", "-0.5 log2", "1.5 asin", "-1.0000000000000000000001 acos",
    "0.99999999999999999999 acosh", "1 atanh", "-1 atanh", "-2 0.5 ^", "0 -0.5 ^", "-16 4 root",
    "-8 2.5 root", "0 -2 root", "deg 90 tan", "deg -270 tan", "deg 1e30 10 - tan", "deg 2 asin",
]


@pytest.mark.parametrize("digits", [1, 50, 1000])
@pytest.mark.parametrize("program", ERROR_PROGRAMS)
def test_domain_errors_stay_errors(program, digits):
    proc = run(digits, program)
    assert proc.returncode == 1 and proc.stdout == "" and "error" in proc.stderr, \
        f"--digits {digits} -e '{program}': exit {proc.returncode}, stdout {proc.stdout[:200]!r}, stderr {proc.stderr[:200]!r}"
    today = json.loads(subprocess.run([RPN, "--json", "-e", program], capture_output=True, text=True, timeout=60).stdout)
    now = json.loads(run(digits, program, "--json").stdout)
    assert now["values"] == [None] and now["digits"] == [None], now
    codes = lambda r: [d["code"] for d in r["diagnostics"] if d["severity"] == "error"]
    assert len(codes(now)) == 1, now["diagnostics"]
    # Without --digits, an operand next to a boundary (-1.0000000000000000000001) may round to a
    # double inside the domain and give a value; where it is an error there too, the same one.
    if codes(today):
        assert codes(now) == codes(today), f"error codes {codes(now)} under --digits, {codes(today)} without"


def test_an_error_leaves_the_other_values():
    result = run_json(50, "2 √ -1 √ 1 3 ÷", 3)
    assert result["digits"] == [50, None, None]
    assert result["inexact"][0] is True and result["inexact"][2] is False
    assert result["values"][1] is None and result["exact"][1] is None
    assert number(result["exact"][0]) == Fraction(Decimal("1.4142135623730950488016887242096980785696718753769"))
    assert result["exact"][2] == "1/3"


# --- --digits itself -------------------------------------------------------------------------

@pytest.mark.parametrize("value", ["0", "1000001", "-1", "abc", "1.5", "", "10000000000000000000000"])
def test_bad_digits_are_usage_errors(value):
    reference = subprocess.run([RPN, "--fix", "-1", "-e", "1"], capture_output=True, text=True, timeout=60)
    proc = subprocess.run([RPN, "--digits", value, "-e", "2 √"], capture_output=True, text=True, timeout=60)
    assert proc.returncode == reference.returncode == USAGE_ERROR, (proc.returncode, proc.stderr)
    assert proc.stdout == "" and "digits" in proc.stderr, proc.stderr


def test_digits_without_a_value_is_a_usage_error():
    proc = subprocess.run([RPN, "-e", "2 √", "--digits"], capture_output=True, text=True, timeout=60)
    assert proc.returncode == USAGE_ERROR and proc.stdout == "", proc.stderr


def test_the_bounds_are_accepted():
    root2, four = run_plain(1, "2 √ 1 3 +", 2)
    assert number(root2) == 1 and four == "4", (root2, four)
    assert run_plain(1000000, "1 3 + 1 3 ÷", 2) == ["4", "0.3333333333333333"]


def test_a_million_digits():
    """√2 at 10^6 digits: x is √2 correctly rounded iff (x - ulp/2)² < 2 < (x + ulp/2)² (with
    at most 10^6 significant digits). Python's decimal squares a million digits in 0.1 s."""
    (text,) = run_plain(1000000, "2 √", 1)
    assert NUMBER.fullmatch(text), text[:100]
    x = Decimal(text)
    significand = text.split("e")[0].replace(".", "").lstrip("0").rstrip("0")
    assert len(significand) <= 1000000, f"{len(significand)} significant digits"
    half_ulp = Decimal(5).scaleb(x.adjusted() - 1000000)
    c = Context(prec=2000020)
    below, above = c.subtract(x, half_ulp), c.add(x, half_ulp)
    assert c.multiply(below, below) < 2 < c.multiply(above, above), \
        f"{len(significand)} digits, not √2 rounded to 10^6 digits (starts {text[:30]}, ends {text[-30:]})"


@pytest.mark.parametrize("digits", [30, 300])
def test_digits_against_python_decimal(digits):
    """A second, independent reference for √, exp, ln and log: decimal's are correctly rounded."""
    operands = ["2", "3", "0.1", "7.5", "1e-20", "123.456789"]
    program = " ".join(f"{x} √ {x} exp {x} ln {x} log" for x in operands) + " 2e100 √ 2e100 ln"
    got = run_plain(digits, program, 4 * len(operands) + 2)
    c = context(digits)
    want = [w for x in operands for w in (c.sqrt(Decimal(x)), c.exp(Decimal(x)), c.ln(Decimal(x)), c.log10(Decimal(x)))]
    want += [c.sqrt(Decimal("2e100")), c.ln(Decimal("2e100"))]
    failures = [f"#{i}: {g} != {w}" for i, (g, w) in enumerate(zip(got, want)) if number(g) != Fraction(w)]
    assert not failures, failures


# --- Beyond the doubles' range ---------------------------------------------------------------

BEYOND = [  # (program, reference): MPFR's exponent range is far wider than a double's
    ("1000 exp", lambda: mpmath.exp(1000)),
    ("-1000 exp", lambda: mpmath.exp(-1000)),
    ("400.5 exp10", lambda: mpmath.power(10, mpmath.mpf(801) / 2)),
    ("-400.5 exp10", lambda: mpmath.power(10, -mpmath.mpf(801) / 2)),
    ("2000 sinh", lambda: mpmath.sinh(2000)),
    ("-2000 cosh", lambda: mpmath.cosh(2000)),
    ("1e-1001 √", lambda: mpmath.sqrt(mpmath.mpf(10) ** -1001)),
    ("2e999 √", lambda: mpmath.sqrt(2 * mpmath.mpf(10) ** 999)),
    ("1e5000 ln", lambda: 5000 * mpmath.log(10)),
    ("1e-400 sin", lambda: mpmath.sin(mpmath.mpf(10) ** -400)),
    ("2 5000.5 ^", lambda: mpmath.power(2, mpmath.mpf(10001) / 2)),
    ("3 1e400 atan2", lambda: mpmath.atan2(3, mpmath.mpf(10) ** 400)),
]


@pytest.mark.parametrize("digits", [50, 1000])
@pytest.mark.parametrize("program, reference", BEYOND, ids=[b[0] for b in BEYOND])
def test_beyond_the_doubles(program, reference, digits):
    (text,) = run_plain(digits, program, 1)
    want = correctly_rounded(reference, digits)
    assert number(text) == Fraction(want), f"--digits {digits} -e '{program}' printed {text[:80]}, expected {str(want)[:80]}"
