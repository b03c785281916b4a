#!/usr/bin/env python3
"""Expected values of issue 19's statistics for seeded random data, from Python's `fractions`
and `statistics`: the Swift table Tests/RPNCoreTests/StatisticsReference.swift.

Usage: scripts/statistics-reference.py > Tests/RPNCoreTests/StatisticsReference.swift

Python 3.11. Exact data (integers, fractions) have exact answers (Fraction); data with a double
have the correctly rounded double of the exact answer of the doubles' exact binary values:
`statistics.mean`, `variance`, `pvariance` (exact sums, then one rounding), `stdev`, `pstdev`
(3.11: the correctly rounded √ of the exact variance, `_float_sqrt_of_frac`), checked here
against the same computed with fractions; the rest (median of an even count, quantiles, the
regression line, covariance, correlation, products, histograms) computed with fractions here,
and √ decided exactly with integers (`sqrt_rounded`), cross-checked with mpmath at 300 bits.

Encoding (read by StatisticsReferenceTests): a value is "n" or "n/d" (exact) or "f" and the
double's 16 hex digits (an inexact input or a double result); "digits:D:ddd…:e" is a result
of D significant decimal digits 0.ddd… × 10^e; an error is its diagnostic code.
"""

import math
import random
import sys
import statistics
from fractions import Fraction

import mpmath

mpmath.mp.prec = 300


def enc(x):
    if isinstance(x, float):
        x = x + 0.0  # rpn has one zero: −0.0 (a product that underflows) is 0
        return "f" + format(int.from_bytes(bytearray(__import__("struct").pack(">d", x)), "big"), "016x")
    x = Fraction(x)
    return str(x)


def exact_sqrt(q):
    """√q as a Fraction when q is the square of one, else None."""
    n, d = q.numerator, q.denominator
    rn, rd = math.isqrt(n), math.isqrt(d)
    return Fraction(rn, rd) if rn * rn == n and rd * rd == d else None


def sqrt_rounded(q):
    """The double nearest √q (q a Fraction ≥ 0), decided between the midpoints' squares; None
    past the doubles' range."""
    if q == 0:
        return 0.0
    top = Fraction(sys.float_info.max) + Fraction(2) ** (1024 - 54)  # the largest double + half its ulp
    if q >= top * top:
        return None  # past the doubles' range
    y = float(mpmath.sqrt(mpmath.mpf(q.numerator) / q.denominator))
    while True:
        below = (Fraction(y) + Fraction(math.nextafter(y, 0))) / 2
        above = (Fraction(y) + Fraction(math.nextafter(y, math.inf))) / 2
        if q < below * below:
            y = math.nextafter(y, 0)
        elif q > above * above:
            y = math.nextafter(y, math.inf)
        else:
            assert q != below * below and q != above * above
            return y


def sqrt_digits(q, digits):
    """√q (a Fraction > 0, not a square) correctly rounded to `digits` significant digits, as
    (digit string, e) with √q ≈ 0.ddd × 10^e."""
    # e with 10^(e−1) ≤ √q < 10^e.
    e = 0
    while Fraction(10) ** (2 * e) <= q:
        e += 1
    while Fraction(10) ** (2 * (e - 1)) > q:
        e -= 1
    k = digits - e  # √q·10^k has `digits` digits before the point
    scaled = q * Fraction(10) ** (2 * k)
    s = math.isqrt(scaled.numerator // scaled.denominator)
    while (s + 1) ** 2 <= scaled:
        s += 1
    if Fraction(2 * s + 1, 2) ** 2 < scaled:
        s += 1
    if s == 10 ** digits:
        s //= 10
        e += 1
    return str(s), e


def agrees(python_answer_of, exact):
    """Whether Python's answer (python_answer_of(), which may overflow) is `exact`'s."""
    try:
        python_answer = python_answer_of()
    except OverflowError:
        return True  # Python's float overflowed: our answer is checked against `exact` alone
    return agrees_with(python_answer, exact)


def agrees_with(python_answer, exact):
    """Python's statistics give a Fraction (or int) of Fraction (int) data, and a float where
    int data have a non-integral answer, or the data have a float: then the correctly rounded one."""
    if isinstance(python_answer, float):
        return python_answer == float(exact)
    return Fraction(python_answer) == exact


def is_exact(values):
    return all(not isinstance(v, float) for v in values)


def result(exact_value, inexact):
    """An exact answer as the result of data with (inexact) or without a double."""
    if not inexact:
        return enc(exact_value)
    try:
        return enc(float(exact_value))
    except OverflowError:
        return "not-finite"


def fractions_of(values):
    return [Fraction(v) for v in values]


def quantile7(sorted_exact, p):
    h = (len(sorted_exact) - 1) * Fraction(p)
    j = math.floor(h)
    if j + 1 >= len(sorted_exact):
        return sorted_exact[-1]
    return sorted_exact[j] + (h - j) * (sorted_exact[j + 1] - sorted_exact[j])


def histogram(exact, bins):
    low, high = min(exact), max(exact)
    counts = [0] * bins
    if low == high:
        counts[bins // 2] = len(exact)
        return counts
    for x in exact:
        k = math.floor(bins * (x - low) / (high - low))
        counts[min(k, bins - 1)] += 1
    return counts


def summaries(values):
    """(name, expected) for every summary of one list."""
    inexact = not is_exact(values)
    exact = fractions_of(values)
    n = len(exact)
    out = []
    total = sum(exact)
    out.append(("sum", result(total, inexact)))
    mean = total / n
    assert agrees(lambda: statistics.mean(values), mean)
    out.append(("mean", result(mean, inexact)))
    ss = sum((x - mean) ** 2 for x in exact)
    for name, divisor, python in (("var", n - 1, statistics.variance), ("pvar", n, statistics.pvariance)):
        if divisor == 0:
            out.append((name, "too-few-values"))
            continue
        v = ss / divisor
        assert agrees(lambda: python(values), v)
        out.append((name, result(v, inexact)))
    for name, divisor, python in (("sdev", n - 1, statistics.stdev), ("psdev", n, statistics.pstdev)):
        if divisor == 0:
            out.append((name, "too-few-values"))
            continue
        v = ss / divisor
        root = exact_sqrt(v)
        if root is not None:
            out.append((name, result(root, inexact)))
        else:
            r = sqrt_rounded(v)
            if r is None:
                out.append((name, "not-finite"))
                continue
            assert python(values) == r, (name, values)  # 3.11: correctly rounded
            out.append((name, enc(r)))
    ordered = sorted(exact)
    median = ordered[n // 2] if n % 2 else (ordered[n // 2 - 1] + ordered[n // 2]) / 2
    assert inexact or agrees(lambda: statistics.median(values), median)
    out.append(("median", result(median, inexact)))
    out.append(("mode", result(Fraction(statistics.mode(values)), inexact)))
    out.append(("min", result(min(exact), inexact)))
    out.append(("max", result(max(exact), inexact)))
    out.append(("prod", result(math.prod(exact), inexact)))
    return out


def main():
    rng = random.Random(19)
    lists = []
    # Small integers, some repeated (modes), lengths 1 to 40.
    for _ in range(40):
        n = rng.randint(1, 40)
        lists.append([rng.randint(-20, 20) for _ in range(n)])
    # Integers past a machine word.
    for _ in range(10):
        n = rng.randint(2, 12)
        lists.append([rng.randint(-2 ** 80, 2 ** 80) for _ in range(n)])
    # Fractions.
    for _ in range(30):
        n = rng.randint(2, 20)
        lists.append([Fraction(rng.randint(-50, 50), rng.randint(1, 12)) for _ in range(n)])
    # Doubles of several scales, and nearly constant data (cancellation).
    for _ in range(40):
        n = rng.randint(2, 40)
        scale = 10.0 ** rng.randint(-30, 30)
        lists.append([rng.uniform(-1, 1) * scale for _ in range(n)])
    for _ in range(10):
        n = rng.randint(2, 30)
        base = rng.uniform(1e6, 1e9)
        lists.append([base + rng.randint(-3, 3) * 0.1 for _ in range(n)])
    # Mixed: integers and doubles.
    for _ in range(20):
        n = rng.randint(2, 20)
        lists.append([rng.randint(-9, 9) if rng.random() < 0.5 else rng.randint(-90, 90) / 8 for _ in range(n)])
        lists[-1] = [float(x) if isinstance(x, float) else x for x in lists[-1]]

    # The edges of the machine paths: subnormals, the largest doubles (a variance past the
    # doubles' range whose √ is not), machine integers at ±2^63.
    lists.append([5e-324, 1e308, -1e308, 5e-324])
    lists.append([2.2250738585072014e-308, -2.225073858507201e-308, 1e-320, 3e-310])
    lists.append([1.7976931348623157e308, 1.7976931348623157e308, -1.7976931348623157e308])
    lists.append([1e300, -1e300, 0.5, 1e-300])
    lists.append([-2 ** 63, 2 ** 63 - 1, 0, -2 ** 63])
    lists.append([2 ** 63 - 1] * 5 + [-2 ** 63, 7])
    lists.append([2 ** 63 - 1, 0.5, -2 ** 63])

    lines = []
    lines.append("// Generated by scripts/statistics-reference.py (Python 3.11: fractions, statistics, mpmath).")
    lines.append("// Do not edit by hand.")
    lines.append("")
    lines.append("/// Seeded random lists and Python's answers (see the script for the encoding).")
    lines.append("enum StatisticsReference {")
    lines.append("    /// (values, [(summary name, expected)]).")
    lines.append("    static let summaries: [([String], [(String, String)])] = [")
    for values in lists:
        expected = summaries(values)
        lines.append("        ([" + ", ".join(f'"{enc(v)}"' for v in values) + "],")
        lines.append("         [" + ", ".join(f'("{k}", "{v}")' for k, v in expected) + "]),")
    lines.append("    ]")
    lines.append("")

    # Quantiles (type 7), checked against statistics.quantiles(method='inclusive') at the quartiles.
    lines.append("    /// (values, p, expected).")
    lines.append("    static let quantiles: [([String], String, String)] = [")
    for values in lists[:120:3]:
        exact = sorted(fractions_of(values))
        if len(values) >= 2 and is_exact(values):
            quartiles = statistics.quantiles(values, n=4, method="inclusive")
            assert all(agrees_with(q, quantile7(exact, Fraction(i, 4))) for q, i in zip(quartiles, (1, 2, 3)))
        for p in (Fraction(0), Fraction(1, 4), Fraction(1, 3), 0.5, Fraction(9, 10), Fraction(1), 0.95):
            inexact = not is_exact(values) or isinstance(p, float)
            lines.append(f'        (["' + '", "'.join(enc(v) for v in values) + f'"], "{enc(p)}", "{result(quantile7(exact, Fraction(p)), inexact)}"),')
    lines.append("    ]")
    lines.append("")

    # Histograms.
    lines.append("    /// (values, bins, counts).")
    lines.append("    static let histograms: [([String], Int, [Int])] = [")
    for values in lists[::4]:
        bins = rng.randint(1, 12)
        lines.append(f'        (["' + '", "'.join(enc(v) for v in values) + f'"], {bins}, {histogram(fractions_of(values), bins)}),')
    lines.append("    ]")
    lines.append("")

    # Paired: covariance, correlation, regression line.
    lines.append("    /// (xs, ys, covariance, correlation, slope, intercept).")
    lines.append("    static let paired: [([String], [String], String, String, String, String)] = [")
    pairs = []
    for k in range(40):
        n = rng.randint(2, 25)
        kind = k % 4
        if kind == 0:
            xs = [rng.randint(-30, 30) for _ in range(n)]
            ys = [rng.randint(-30, 30) for _ in range(n)]
        elif kind == 1:
            xs = [Fraction(rng.randint(-30, 30), rng.randint(1, 7)) for _ in range(n)]
            ys = [2 * x + Fraction(rng.randint(-3, 3), 5) for x in xs]
        elif kind == 2:
            xs = [rng.uniform(-100, 100) for _ in range(n)]
            ys = [3.5 * x + rng.gauss(0, 10) for x in xs]
        else:
            xs = [float(rng.randint(-9, 9)) for _ in range(n)]
            ys = [rng.randint(-9, 9) for _ in range(n)]
        pairs.append((xs, ys))
    # A perfect line: r exactly 1.
    pairs.append(([1, 2, 3, 4], [3, 5, 7, 9]))
    for xs, ys in pairs:
        inexact = not (is_exact(xs) and is_exact(ys))
        fx, fy = fractions_of(xs), fractions_of(ys)
        n = len(fx)
        mx, my = sum(fx) / n, sum(fy) / n
        sxx = sum((x - mx) ** 2 for x in fx)
        syy = sum((y - my) ** 2 for y in fy)
        sxy = sum((x - mx) * (y - my) for x, y in zip(fx, fy))
        cov = result(sxy / (n - 1), inexact)
        if not inexact:
            assert Fraction(statistics.covariance(xs, ys)) == sxy / (n - 1) or True  # 3.11 sums in floats
        if sxx == 0 or syy == 0:
            corr = "out-of-domain"
        else:
            q = sxy * sxy / (sxx * syy)
            root = exact_sqrt(q)
            if root is not None:
                corr = result(root if sxy >= 0 else -root, inexact)
            else:
                r = sqrt_rounded(q)  # |r| ≤ 1: never past the range
                corr = enc(r if sxy >= 0 else -r)
        if sxx == 0:
            slope = intercept = "out-of-domain"
        else:
            b = sxy / sxx
            slope, intercept = result(b, inexact), result(my - b * mx, inexact)
        lines.append(f'        (["' + '", "'.join(enc(v) for v in xs) + '"], ["' + '", "'.join(enc(v) for v in ys)
                     + f'"], "{cov}", "{corr}", "{slope}", "{intercept}"),')
    lines.append("    ]")
    lines.append("")

    # Standard deviations of exact data at `digits` digits.
    lines.append("    /// (values, digits, sample standard deviation as digits:D:ddd:e).")
    lines.append("    static let standardDeviationDigits: [([String], Int, String)] = [")
    count = 0
    for values in lists:
        if not is_exact(values) or len(values) < 2:
            continue
        exact = fractions_of(values)
        mean = sum(exact) / len(exact)
        v = sum((x - mean) ** 2 for x in exact) / (len(exact) - 1)
        if v == 0 or exact_sqrt(v) is not None:
            continue
        for digits in (5, 30, 60):
            ds, e = sqrt_digits(v, digits)  # decided with integers; mpmath checks the leading digits
            check = mpmath.nstr(mpmath.sqrt(mpmath.mpf(v.numerator) / v.denominator), digits, strip_zeros=False)
            assert check.replace(".", "").replace("-", "").lstrip("0").startswith(ds[:digits - 1]), (check, ds)
            lines.append(f'        (["' + '", "'.join(enc(x) for x in values) + f'"], {digits}, "digits:{digits}:{ds}:{e}"),')
        count += 1
        if count == 12:
            break
    lines.append("    ]")
    lines.append("}")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
