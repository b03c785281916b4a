#!/usr/bin/env python3
"""Expected values for grammar/corpus/number-theory.rpn and NumberTheoryTests, computed
independently of rpn (issue 18): pure Python, no rpn output.

* isprime: Miller-Rabin with the first 12 prime bases, deterministic below
  psi_12 = 318665857834031151167461 (Sorenson and Webster 2015), beyond that 180 more bases
  for the few big cases
  (those are known primes/composites: Mersenne numbers, products of two primes);
* nextprime / prevprime: stepping with that test;
* powmod: Python's pow(b, e, m) (pow(b, -1, m) is the inverse);
* rat: the simplest fraction in the interval of reals that round to the double, by a walk
  down the Stern-Brocot tree in continued-fraction steps (not Fraction.limit_denominator,
  which approximates by denominator bound, not by interval); where the interval holds
  integers, the one nearest the double (the double itself when it is whole);
* torad / todeg: x*pi/180 and x*180/pi with pi to 400 digits from Machin's formula in
  integers, rounded to the nearest double through Fraction (exact, round-half-even).

    python3 scripts/number-theory-reference.py     # prints the table
"""

from __future__ import annotations

import math
import struct
import sys
from fractions import Fraction

BASES = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37]


def is_prime(n: int) -> bool:
    if n < 2:
        return False
    for p in BASES:
        if n % p == 0:
            return n == p
    d, s = n - 1, 0
    while d % 2 == 0:
        d, s = d // 2, s + 1
    # The 12 bases decide below psi_12 = 318665857834031151167461 (which fools them all).
    bases = BASES if n < 318_665_857_834_031_151_167_461 else BASES + list(range(41, 400, 2))
    for a in bases:
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True


def next_prime(n: int) -> int:
    c = max(n + 1, 2)
    while not is_prime(c):
        c += 1
    return c


def prev_prime(n: int) -> int:
    c = n - 1
    while c >= 2 and not is_prime(c):
        c -= 1
    if c < 2:
        raise ValueError("no prime below")
    return c


def neighbours(x: float) -> tuple[Fraction, Fraction, bool]:
    """The interval of reals that round to the double x (round half to even): its ends and
    whether they belong to it (they do when x's significand is even)."""
    bits = struct.unpack("<q", struct.pack("<d", x))[0]
    up = struct.unpack("<d", struct.pack("<q", bits + 1))[0]
    down = struct.unpack("<d", struct.pack("<q", bits - 1))[0] if bits > 0 else -up
    fx = Fraction(x)
    lo = (fx + Fraction(down)) / 2
    hi = (fx + Fraction(up)) / 2 if math.isfinite(up) else fx + (fx - Fraction(down)) / 2
    return lo, hi, bits % 2 == 0


def simplest_between(lo: Fraction, hi: Fraction, closed: bool, x: Fraction) -> Fraction:
    """The fraction of least denominator in the interval (lo, hi) (or [lo, hi]); integers:
    the one nearest x. Stern-Brocot descent, one continued-fraction step at a time."""
    def inside(f: Fraction) -> bool:
        return lo <= f <= hi if closed else lo < f < hi
    # Integers first.
    first = math.ceil(lo) if closed or lo != math.ceil(lo) else math.ceil(lo) + 1
    if inside(Fraction(first)):
        candidates = [Fraction(k) for k in (math.floor(x), math.ceil(x)) if inside(Fraction(k))]
        return min(candidates, key=lambda f: (abs(f - x), f.numerator % 2)) if candidates else Fraction(first)
    # Stern-Brocot: left = a/b, right = c/d bracket the interval.
    a, b, c, d = math.floor(lo), 1, math.floor(lo) + 1, 1
    while True:
        m = Fraction(a + c, b + d)
        if inside(m):
            return m
        if m <= lo:   # go right: how many steps keep the mediant at or below lo
            # largest k with (a*k + c... ) : move left end toward right repeatedly
            k = 1
            # find max k such that (a + k*c)/(b + k*d) <= lo (or < when open side excluded)
            lo_k, hi_k = 1, 1
            while Fraction(a + hi_k * c, b + hi_k * d) <= lo and not inside(Fraction(a + hi_k * c, b + hi_k * d)):
                lo_k, hi_k = hi_k, hi_k * 2
            while hi_k - lo_k > 1:
                mid = (lo_k + hi_k) // 2
                f = Fraction(a + mid * c, b + mid * d)
                if f <= lo and not inside(f):
                    lo_k = mid
                else:
                    hi_k = mid
            k = lo_k
            a, b = a + k * c, b + k * d
        else:         # m >= hi: move the right end toward the left
            lo_k, hi_k = 1, 1
            while Fraction(c + hi_k * a, d + hi_k * b) >= hi and not inside(Fraction(c + hi_k * a, d + hi_k * b)):
                lo_k, hi_k = hi_k, hi_k * 2
            while hi_k - lo_k > 1:
                mid = (lo_k + hi_k) // 2
                f = Fraction(c + mid * a, d + mid * b)
                if f >= hi and not inside(f):
                    lo_k = mid
                else:
                    hi_k = mid
            k = lo_k
            c, d = c + k * a, d + k * b


def rat(x: float) -> Fraction:
    if x < 0:
        return -rat(-x)
    if x == 0:
        return Fraction(0)
    lo, hi, closed = neighbours(x)
    r = simplest_between(lo, hi, closed, Fraction(x))
    assert float(r) == x, (x, r)
    return r


def machin_pi(bits: int) -> Fraction:
    one = 1 << (bits + 20)

    def arctan_inv(k: int) -> int:
        total, term, n, sign = 0, one // k, 1, 1
        while term:
            total += sign * (term // n)
            term //= k * k
            n += 2
            sign = -sign
        return total
    return Fraction(16 * arctan_inv(5) - 4 * arctan_inv(239), one)


PI = machin_pi(1400)


def to_double(f: Fraction) -> float:
    return float(f)  # Fraction.__float__ rounds correctly (integer division, half to even)


def torad(x: Fraction) -> float:
    return to_double(x * PI / 180)


def todeg(x: Fraction) -> float:
    return to_double(x * 180 / PI)


if __name__ == "__main__":
    for n in [0, 1, 2, 3, 4, 561, 41041, 2047, 3215031751, 2**61 - 1, 2**64 - 59, 2**64 + 13, 2**89 - 1]:
        print("isprime", n, int(is_prime(n)))
    for arg in sys.argv[1:]:
        print(arg, eval(arg))
