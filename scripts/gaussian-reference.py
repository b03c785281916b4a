#!/usr/bin/env python3
"""Expected values for grammar/corpus/complex.rpn, computed independently of rpn: complex
numbers as pairs of Python Fractions (Gaussian rationals), mpmath at 80 digits where a value
is irrational (√2, |1+i|, arg), and rpn's documented display rules written out again here
(README, "How values print"). No value comes from rpn.

* exact parts: + − × ÷ and integer powers on Fraction pairs; √ of a Gaussian rational by
  p = √((|z|+a)/2), q = sign(b)·√((|z|−a)/2), kept only when both are rational, and checked
  by squaring it back;
* double parts (--float, or an operand like `2 √`): the operands' exact binary values
  (Fraction(float)), the operation done exactly, each part rounded once (float(Fraction) is
  correctly rounded), which is what IEEE's + − × ÷ of reals are and what Python's complex
  type is not (it rounds every product and sum on the way);
* --digits N: the exact or mpmath value rounded to N significant digits;
* modulus and argument: mpmath's hypot / atan2 / degrees at 80 digits, rounded to a double.

    python3 scripts/gaussian-reference.py      # prints every case with its values
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal, localcontext
from fractions import Fraction as F

import mpmath

mpmath.mp.dps = 80


# --- Gaussian rationals -------------------------------------------------------------------

class G:
    """re + im·i with Fraction parts."""

    def __init__(self, re, im=0):
        self.re, self.im = F(re), F(im)

    def __add__(self, o): o = lift(o); return G(self.re + o.re, self.im + o.im)
    def __sub__(self, o): o = lift(o); return G(self.re - o.re, self.im - o.im)
    def __mul__(self, o):
        o = lift(o)
        return G(self.re * o.re - self.im * o.im, self.re * o.im + self.im * o.re)
    def __truediv__(self, o):
        o = lift(o)
        n = o.re * o.re + o.im * o.im
        return G((self.re * o.re + self.im * o.im) / n, (self.im * o.re - self.re * o.im) / n)
    def __radd__(self, o): return lift(o) + self
    def __rsub__(self, o): return lift(o) - self
    def __rmul__(self, o): return lift(o) * self
    def __rtruediv__(self, o): return lift(o) / self
    def __neg__(self): return G(-self.re, -self.im)
    def __eq__(self, o): o = lift(o); return self.re == o.re and self.im == o.im
    def conj(self): return G(self.re, -self.im)
    def norm(self): return self.re * self.re + self.im * self.im

    def __pow__(self, n: int):
        result, base = G(1), self if n >= 0 else G(1) / self
        for _ in range(abs(n)):  # plain repeated product: no squaring, unlike rpn
            result = result * base
        return result


def lift(x): return x if isinstance(x, G) else G(x)


I = G(0, 1)


def rational_sqrt(q: F) -> F | None:
    if q < 0:
        return None
    n, d = q.numerator, q.denominator
    rn, rd = isqrt(n), isqrt(d)
    return F(rn, rd) if rn * rn == n and rd * rd == d else None


def isqrt(n: int) -> int:
    import math
    return math.isqrt(n)


def gaussian_sqrt(z: G) -> G | None:
    m = rational_sqrt(z.norm())
    if m is None:
        return None
    p, q = rational_sqrt((m + z.re) / 2), rational_sqrt((m - z.re) / 2)
    if p is None or q is None:
        return None
    root = G(p, -q if z.im < 0 else q)
    assert root * root == z and (root.re > 0 or root.re == 0 and root.im >= 0), "not the principal root"
    return root


# --- rounding ------------------------------------------------------------------------------

def dbl(x) -> F:
    """The double nearest x (a Fraction or an mpf), as its exact Fraction."""
    if isinstance(x, F):
        return F(float(x))
    return F(float(mpmath.mpf(x)))


def dbl_g(z: G) -> G:
    return G(dbl(z.re), dbl(z.im))


def mp(x: F):
    return mpmath.mpf(x.numerator) / x.denominator


# --- printing, as README "How values print" says -------------------------------------------

def exact_text(q: F, fractions=False) -> str:
    if q.denominator == 1:
        return str(q.numerator)
    if fractions:
        return f"{q.numerator}/{q.denominator}"
    d = q.denominator
    for p in (2, 5):
        while d % p == 0:
            d //= p
    with localcontext() as ctx:
        ctx.prec = 200
        x = Decimal(q.numerator) / Decimal(q.denominator)
        if d == 1 and len(x.normalize().as_tuple().digits) <= 34:
            return format(x.normalize(), "f")
        return significant(x, 16)


def significant(x: Decimal, n: int) -> str:
    """x rounded half away from zero to n significant digits, trailing zeros dropped."""
    with localcontext() as ctx:
        ctx.prec = 200
        if x == 0:
            return "0"
        exp = x.adjusted()
        assert -5 < exp < 21, "a case outside plain notation"
        r = x.quantize(Decimal(1).scaleb(exp - n + 1), rounding=ROUND_HALF_UP)
        s = format(r, "f")
        if "." in s:
            s = s.rstrip("0").rstrip(".")
        return s


def double_text(x: F) -> str:
    s = repr(float(x))
    assert "e" not in s, "a case outside plain notation"
    return s[:-2] if s.endswith(".0") else s


def digits_text(x, n: int) -> str:
    if isinstance(x, F):
        with localcontext() as ctx:
            ctx.prec = 200
            return significant(Decimal(x.numerator) / Decimal(x.denominator), n)
    return significant(Decimal(mpmath.nstr(x, 70, strip_zeros=False)), n)


def complex_text(re: str, im: str, re_zero: bool) -> str:
    if re_zero:
        return im + "i"
    return re + ("" if im.startswith("-") else "+") + im + "i"


def ex(z, fractions=False) -> str:
    """An exact value (G or Fraction or int) as rpn prints it."""
    z = lift(z)
    if z.im == 0:
        return exact_text(z.re, fractions)
    return complex_text(exact_text(z.re, fractions), exact_text(z.im, fractions), z.re == 0)


def dz(z) -> str:
    """A value with double parts: each part of the exact result rounded once."""
    z = lift(z)
    re, im = dbl(z.re), dbl(z.im)
    if im == 0:
        return double_text(re)
    return complex_text(double_text(re), double_text(im), re == 0)


def dr(x) -> str:
    """A real irrational (mpf) as its nearest double."""
    return double_text(dbl(x))


def nz(re, im, n: int) -> str:
    """A --digits n value with parts re, im (Fraction or mpf; an exact 0 part as F(0))."""
    if isinstance(im, F) and im == 0:
        return digits_text(re, n)
    return complex_text(digits_text(re, n), digits_text(im, n), isinstance(re, F) and re == 0)


def polar(r: str, theta: str, degrees=False) -> str:
    return f"{r}∠{theta}" + ("°" if degrees else "")


# --- the cases -----------------------------------------------------------------------------

S2 = mpmath.sqrt(2)   # `2 √` in --digits 30 (rounded there; 30 digits + guard bits agree)
D2 = dbl(S2)          # `2 √` as a double
PI = mpmath.pi


def atan2(y, x): return mpmath.atan2(y, x)


def arg_exact(z: G):
    """arg of exact parts: like any function of exact operands, each part is first rounded
    to the nearest double (README: "An exact operand is first rounded to the nearest double")."""
    return atan2(mp(dbl(z.im)), mp(dbl(z.re)))


def hypot_exact(z: G):
    """|z| of exact parts whose modulus is irrational: hypot of the parts' doubles."""
    return mpmath.hypot(mp(dbl(z.re)), mp(dbl(z.im)))
def deg(x): return mpmath.degrees(x)


CASES: list[tuple[str, str, list[str]]] = [
    # (program, options, values)
    ("2i 0.5i 1e3i -2.5i .5i 5.i 1e-3i 1.5e2i", "",
     [ex(G(0, 2)), ex(G(0, F(1, 2))), ex(G(0, 1000)), ex(G(0, F(-5, 2))), ex(G(0, F(1, 2))), ex(G(0, 5)),
      ex(G(0, F(1, 1000))), ex(G(0, 150))]),
    ("0i -0i 0.0i", "", [ex(0), ex(0), ex(0)]),
    ("3 4i + 3 -4i + -3 4i + -3 -4i +", "", [ex(3 + 4 * I), ex(3 - 4 * I), ex(-3 + 4 * I), ex(-3 - 4 * I)]),
    ("1 2i + 3 1i - ÷", "", [ex((1 + 2 * I) / (3 - I))]),
    ("1 2i + 3 1i - ÷", "fractions", [ex((1 + 2 * I) / (3 - I), fractions=True)]),
    ("1i 1i ×", "", [ex(I * I)]),
    ("1 2i + 1 -2i + × 1 2i + 1 2i - + 1 2i + 1 2i + -", "",
     [ex((1 + 2 * I) * (1 - 2 * I)), ex((1 + 2 * I) + (1 - 2 * I)), ex((1 + 2 * I) - (1 + 2 * I))]),
    ("1 2i + 3 4i + × 2i 3 ÷ 1 3 ÷ 2 3 ÷ cplx", "",
     [ex((1 + 2 * I) * (3 + 4 * I)), ex(G(0, 2) / 3), ex(G(F(1, 3), F(2, 3)))]),
    ("2i 3 ÷ 1 3 ÷ 2 3 ÷ cplx 1 2i + 3 ÷ 5 ÷", "fractions",
     [ex(G(0, 2) / 3, True), ex(G(F(1, 3), F(2, 3)), True), ex((1 + 2 * I) / 3 / 5, True)]),
    ("1 2i + 10 ^ 1 2i + -2 ^", "", [ex((1 + 2 * I) ** 10), ex((1 + 2 * I) ** -2)]),
    ("1i 4 ^ 1i 3 ^ 1i 0 ^ 1i -1 ^ 2 3i + 0 ^", "",
     [ex(I ** 4), ex(I ** 3), ex(I ** 0), ex(I ** -1), ex((2 + 3 * I) ** 0)]),
    ("1 1i + 64 ^ 1 1i + 100 ^ 3 4i + 20 ^", "", [ex((1 + I) ** 64), ex((1 + I) ** 100), ex((3 + 4 * I) ** 20)]),
    ("3 4i + -3 ^", "fractions", [ex((3 + 4 * I) ** -3, True)]),
    # modulus
    ("3 4i + abs 5 12i + abs 3 5 ÷ 4 5 ÷ cplx abs 2i abs -2.5i abs", "",
     [ex(5), ex(13), ex(1), ex(2), ex(F(5, 2))]),
    ("1 1i + abs 1 2i + abs", "", [dr(mpmath.hypot(1, 1)), dr(mpmath.hypot(1, 2))]),
    # argument
    ("1 1i + arg 1i arg -1 arg -1i arg 1 2i + arg -1 -1i + arg", "",
     [dr(atan2(1, 1)), dr(atan2(1, 0)), dr(atan2(0, -1)), dr(atan2(-1, 0)), dr(atan2(2, 1)), dr(atan2(-1, -1))]),
    ("1 1i + arg 1i arg -1 arg -1 -1i + arg 1 2i + arg", "degrees",
     [dr(deg(atan2(1, 1))), dr(deg(atan2(1, 0))), dr(deg(atan2(0, -1))), dr(deg(atan2(-1, -1))),
      dr(deg(atan2(2, 1)))]),
    ("5 arg 0.5 arg", "", [ex(0), ex(0)]),
    # conj, re, im, cplx, reim, sign, inv, sq, neg
    ("3 4i + conj 5 conj 2i conj", "", [ex((3 + 4 * I).conj()), ex(5), ex(G(0, 2).conj())]),
    ("3 4i + re 3 4i + im 5 re 5 im 2.5 im -2i re", "", [ex(3), ex(4), ex(5), ex(0), ex(0), ex(0)]),
    ("3 4 cplx 3 0 cplx 0 -1 cplx", "", [ex(3 + 4 * I), ex(3), ex(-I)]),
    ("3 4i + reim 7 reim", "", [ex(3), ex(4), ex(7), ex(0)]),
    ("3 4i + sign 2i sign -3i sign", "", [ex((3 + 4 * I) / 5), ex(I), ex(-I)]),
    ("1 1i + sign", "", [dz(G(1, 1) / dbl(mpmath.hypot(1, 1)))]),
    ("1 2i + inv 2i inv 1i inv", "", [ex(G(1) / (1 + 2 * I)), ex(G(1) / G(0, 2)), ex(G(1) / I)]),
    ("1 2i + sq 1i sq 1 1i + sq 3 4i + neg", "",
     [ex((1 + 2 * I) * (1 + 2 * I)), ex(I * I), ex((1 + I) * (1 + I)), ex(-(3 + 4 * I))]),
    # exact and double parts together: the exact part made a double
    ("2 √ 1i + 2 √ 3i × 2 √ 1i + sq", "",
     [dz(G(D2, 1)), dz(G(D2) * G(0, 3)), dz(G(D2, 1) * G(D2, 1))]),
    ("1 3 ÷ 2 √ cplx", "", [dz(G(F(1, 3)) + G(0, D2))]),
    # --float: parts are doubles, each computed exactly from the operands and rounded once
    ("1 2i + 3 1i - ÷ 0.1 0.2i + 0.2 0.1i + + 0.1 0.3i + 0.7 0.9i + ×", "float",
     [dz((1 + 2 * I) / (3 - I)),
      dz(G(dbl(F(1, 10)), dbl(F(2, 10))) + G(dbl(F(2, 10)), dbl(F(1, 10)))),
      dz(G(dbl(F(1, 10)), dbl(F(3, 10))) * G(dbl(F(7, 10)), dbl(F(9, 10))))]),
    ("1 2i + 10 ^ 1i 1i × 3 4i + abs", "float", [dz((1 + 2 * I) ** 10), dz(I * I), dz(G(5))]),
    # --digits 30
    ("2 √ 1i + 3 1i - × 2 √ 1i + 3 1i - ÷ 1i 3 √ × 2 √ 1i + 2i -", "digits 30",
     [nz(3 * S2 + 1, 3 - S2, 30), nz((3 * S2 - 1) / 10, (S2 + 3) / 10, 30), nz(F(0), mpmath.sqrt(3), 30),
      nz(S2, mpmath.mpf(-1), 30)]),
    ("2 √ 1i + abs 1 1i + abs 1 1i + arg", "digits 30",
     [nz(mpmath.sqrt(3), F(0), 30), nz(mpmath.sqrt(2), F(0), 30), nz(atan2(1, 1), F(0), 30)]),
    ("1 2i + 3 1i - ÷ 3 4i + abs", "digits 30", [ex((1 + 2 * I) / (3 - I)), ex(5)]),
    # square roots of Gaussian rationals that are Gaussian rationals: exact, any mode
    ("3 4i + √ -3 4i + √ 3 -4i + √ 2i √ 5 12i + √", "",
     [ex(gaussian_sqrt(3 + 4 * I)), ex(gaussian_sqrt(-3 + 4 * I)), ex(gaussian_sqrt(3 - 4 * I)),
      ex(gaussian_sqrt(G(0, 2))), ex(gaussian_sqrt(5 + 12 * I))]),
    # complex mode: real operands with no real answer give the principal complex one
    ("-4 √ -1 √ -4 9 ÷ √ 0.25 neg sqrt", "complex",
     [ex(gaussian_sqrt(G(-4))), ex(gaussian_sqrt(G(-1))), ex(gaussian_sqrt(G(F(-4, 9)))),
      ex(gaussian_sqrt(G(F(-1, 4))))]),
    ("-4 1 2 ÷ ^ -9 3 2 ÷ ^ -4 -1 2 ÷ ^ -1 2 root -8 3 root", "complex",
     [ex(gaussian_sqrt(G(-4))), ex(gaussian_sqrt(G(-9)) ** 3), ex(G(1) / gaussian_sqrt(G(-4))),
      ex(gaussian_sqrt(G(-1))), ex(-2)]),
    # polar display
    ("3 4i + 1 1i + -2 -1i", "polar",
     [polar("5", dr(atan2(4, 3))), polar(dr(mpmath.hypot(1, 1)), dr(atan2(1, 1))), ex(-2),
      polar("1", dr(atan2(-1, 0)))]),
    ("3 4i + 1 1i + -1 -1i + 2i -1i", "polar, degrees",
     [polar("5", dr(deg(atan2(4, 3))), True), polar(dr(mpmath.hypot(1, 1)), dr(deg(atan2(1, 1))), True),
      polar(dr(mpmath.hypot(1, 1)), dr(deg(atan2(-1, -1))), True), polar("2", dr(deg(atan2(2, 0))), True),
      polar("1", dr(deg(atan2(-1, 0))), True)]),
    # 3/5+4/5i and 1/10+7/10i: their parts' doubles are not in the ratio 4:3 and 7:1.
    ("3 4i + 5 ÷ 1 2i + 3 1i - ÷", "polar, fractions",
     [polar("1", dr(arg_exact((3 + 4 * I) / 5))), polar(dr(hypot_exact((1 + 2 * I) / (3 - I))),
                                                        dr(arg_exact((1 + 2 * I) / (3 - I))))]),
    ("2 √ 2 √ cplx", "polar, digits 30", [polar(digits_text(mpmath.hypot(S2, S2), 30), digits_text(atan2(S2, S2), 30))]),
]


def main() -> None:
    for program, options, values in CASES:
        print(program)
        if options:
            print(f"#> options: {options}")
        print(f"#> values: {', '.join(values)}")
        print()


if __name__ == "__main__":
    main()
