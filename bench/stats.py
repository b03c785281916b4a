#!/usr/bin/env python3
"""Statistics and analysis (issue 19): rpn's `sdev` of 10^6 numbers read as text against
Python's `statistics.stdev`, and the time of one `solve` / `integrate` against mpmath and scipy.

Usage: python3 bench/stats.py --rpn PATH [--only statistics,analysis] [--quick] [--reps N]
       [--count N] [--python PATH]

(Not `statistics.py`: that name would hide the standard library's module from bench.py.)
bench/run calls it for `--only statistics` / `--only analysis` (both by default). Standard
library only for the statistics part; the analysis part's baselines need mpmath and scipy in
the --python interpreter (a missing one is skipped with a note, rpn's figures stay).

statistics: two data files are generated once into bench/out/ (fixed seed 19, one number a
line, 10^6 lines): `decimals`, numbers 0.000000 to 999.999999 with 6 decimals (`123.456789`),
and `integers`, 0 to 999999. For each file, interleaved round-robin, best of --reps runs
(CPU time, user + system, of the whole process: start-up, reading and parsing the text
included, as the point is numbers read as text):

    rpn --list -e sdev < FILE             exact: every line its exact rational value
    rpn --list --float -e sdev < FILE     each line its nearest double
    python3 -c 'import statistics,sys; print(statistics.stdev([float(l) for l in sys.stdin]))'
    python3 -c '... [Fraction(l) for l in sys.stdin] ...'   (int(l) for the integers): exact

Python's statistics.stdev computes on exact values too (each float's exact ratio) and rounds
the square root of the exact variance correctly, as rpn does, so rpn --float and Python's
float stdev must print the same double, and rpn exact the same as Python's exact one.
Targets (issue 19): rpn faster than Python's float stdev, exact and --float.

analysis: the time of one call, (CPU time of K calls - CPU time of 1) / (K - 1) in one process,
best of --reps; rpn runs `0 1 K for i F x LO HI solve + next` (the tree of F is built each
iteration: part of a call's cost). mpmath (pure Python here unless gmpy2 is installed) at 53
bits: findroot (solver anderson, a bracketing method, on the bracket) and quad (tanh-sinh);
scipy: brentq (rtol 4 eps, xtol 1e-300: to the last bit) and quad (QUADPACK's qags, epsabs 0,
epsrel 50.5 eps, the tightest it accepts; rpn asks for 1e-15). Their values must agree with
rpn's to 1e-12 (else a WARNING line).
"""
from __future__ import annotations

import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import bench  # noqa: E402  (run_once, Measure, log, fmt_ratio: the same process runner)

PARTS = ("statistics", "analysis")
DATA_VERSION = 1
SEED = 19


def fmt_ratio(x):
    """A ratio of speeds (higher: rpn faster); two decimals below 10 (0.25x), as bench's above."""
    return bench.fmt_ratio(x) if x is None or x >= 10 else f"{x:.2f}x"


# --- statistics --------------------------------------------------------------------------------

def data_file(outdir: str, kind: str, count: int) -> str:
    """Write (once) `count` numbers, one a line: decimals 0.000000-999.999999 or integers 0-999999."""
    path = os.path.join(outdir, f"stats-v{DATA_VERSION}-{kind}-{count}.txt")
    if os.path.exists(path):
        return path
    rng = random.Random(f"{SEED}-{kind}")
    if kind == "decimals":
        lines = [f"{n // 10 ** 6}.{n % 10 ** 6:06d}" for n in (rng.randrange(10 ** 9) for _ in range(count))]
    else:
        lines = [str(rng.randrange(10 ** 6)) for _ in range(count)]
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        f.write("\n".join(lines))
        f.write("\n")
    os.replace(tmp, path)
    return path


PY_FLOAT = "import statistics,sys; print(statistics.stdev([float(l) for l in sys.stdin]))"
PY_FRACTION = ("import statistics,sys; from fractions import Fraction; "
               "print(statistics.stdev([Fraction(l) for l in sys.stdin]))")
PY_INT = "import statistics,sys; print(statistics.stdev([int(l) for l in sys.stdin]))"


def statistics_part(rpn, python, outdir, count, reps, errors, warnings):
    rows = []
    for kind in ("decimals", "integers"):
        t = time.perf_counter()
        path = data_file(outdir, kind, count)
        bench.log(f"[statistics] {kind}: {path} ready ({time.perf_counter() - t:.1f}s)")
        exact_py = PY_FRACTION if kind == "decimals" else PY_INT
        tools = [
            ("rpn", [rpn, "--list", "-e", "sdev"], True),
            ("rpn --float", [rpn, "--list", "--float", "-e", "sdev"], True),
            ("Python float", [python, "-I", "-S", "-c", PY_FLOAT], False),
            ("Python Fraction" if kind == "decimals" else "Python int", [python, "-I", "-S", "-c", exact_py], False),
        ]
        measures = []
        for name, argv, fatal in tools:
            m = bench.Measure(f"{name} sdev of {kind}", argv, reps, os.path.join(bench.RUN_DIR, "stats.out"),
                              fatal=fatal, rss=False, stdin_path=path)
            m.name, m.answers = name, set()
            measures.append(m)
        while not all(m.done() for m in measures):  # round-robin, so drift hits all alike
            for m in measures:
                m.step()
                if m.stdout:
                    m.answers.add(m.stdout.strip())
                    m.stdout = ""
        values = {}
        for m in measures:
            if m.failure:
                (errors if m.fatal else warnings).append(m.failure)
                continue
            if len(m.answers) != 1:
                (errors if m.fatal else warnings).append(f"{m.label}: different answers {sorted(m.answers)}")
            text = sorted(m.answers)[0]
            try:
                values[m.name] = float(text)
            except ValueError:
                (errors if m.fatal else warnings).append(f"{m.label}: printed {text[:80]!r}, not a number")
        # The answers: rpn --float and Python's float stdev, rpn exact and Python's exact one, are
        # each the correctly rounded square root of the same exact variance: the same double.
        exact_name = tools[3][0]
        for a, b in (("rpn --float", "Python float"), ("rpn", exact_name)):
            if a in values and b in values and values[a] != values[b]:
                warnings.append(f"WARNING: sdev of {kind}: {a} printed {values[a]!r}, {b} {values[b]!r} "
                                f"(relative difference {bench.rel_diff(values[a], values[b]):.1e}; "
                                "within rounding" if bench.rel_diff(values[a], values[b]) < 4e-16 else "")
        for m in measures:
            rows.append(dict(data=kind, tool=m.name, answer=values.get(m.name), cpu=m.best_cpu(), wall=m.best(),
                             argv=m.argv))
        bench.log(f"[statistics] {kind}: " + ", ".join(
            f"{m.name} {m.best_cpu():.3f}s" if m.best_cpu() is not None else f"{m.name} FAIL" for m in measures))
    return rows


def print_statistics(rows, count, reps):
    print(f"| sdev of {bench.fmt_size(count)} numbers read as text | tool | answer | CPU s (best of {reps}) "
          "| wall s | Python float / it | Python exact / it |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for row in rows:
        same = {r["tool"]: r for r in rows if r["data"] == row["data"]}
        py_float = same.get("Python float", {}).get("cpu")
        py_exact = next((r["cpu"] for t, r in same.items() if t.startswith("Python") and t != "Python float"), None)
        cpu = "FAIL" if row["cpu"] is None else f"{row['cpu']:.3f}"
        wall = "FAIL" if row["wall"] is None else f"{row['wall']:.3f}"
        mine = row["tool"].startswith("rpn")
        print(f"| {row['data']} | {row['tool']} | {'FAIL' if row['answer'] is None else repr(row['answer'])} "
              f"| {cpu} | {wall} | {fmt_ratio(bench.ratio(row['cpu'], py_float)) if mine else ''} "
              f"| {fmt_ratio(bench.ratio(row['cpu'], py_exact)) if mine else ''} |")


# --- analysis ----------------------------------------------------------------------------------

# (word, rpn expression, lo, hi, mpmath f, math f, what rpn computes it with)
CASES = [
    ("solve", "x 3 ^ 2 x × - 5 -", "2", "3", "lambda x: x**3 - 2*x - 5", "lambda x: x**3 - 2*x - 5"),
    ("solve", "x cos x -", "0", "1", "lambda x: mp.cos(x) - x", "lambda x: math.cos(x) - x"),
    ("integrate", "x 3 ^ 2 x × - 5 -", "0", "1", "lambda x: x**3 - 2*x - 5", "lambda x: x**3 - 2*x - 5"),
    ("integrate", "x cos x -", "0", "1", "lambda x: mp.cos(x) - x", "lambda x: math.cos(x) - x"),
    ("integrate", "x sin", "0", "π", "mp.sin", "math.sin"),
    ("integrate", "x x × neg exp", "0", "2", "lambda x: mp.exp(-x*x)", "lambda x: math.exp(-x*x)"),
]


def rpn_program(word, expr, lo, hi, k):
    call = f"{expr} x {lo} {hi} {word}"
    return call if k == 0 else f"0 1 {k} for i {call} + next"


def rpn_argv(rpn, word, expr, lo, hi, k):
    return [rpn, "-e", rpn_program(word, expr, lo, hi, k)]


# One Python process per case and library: imports, calibration, then best of `reps` timings of
# a loop of calls (time.process_time), printed as `value seconds_per_call`.
PY_BASELINE = r"""
import math, sys, time
lib, word, lo, hi, reps = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5])
if lib in ("mpmath", "reference"):
    import mpmath
    from mpmath import mp
    mp.prec = 53 if lib == "mpmath" else 200
    f = eval(sys.argv[6])
    a, b = (mp.pi if v == "π" else mp.mpf(v) for v in (lo, hi))
    if word == "solve":
        call = lambda: mp.findroot(f, (a, b), solver="anderson")
    else:
        call = lambda: mp.quad(f, [a, b])
else:
    from scipy.optimize import brentq
    from scipy.integrate import quad
    f = eval(sys.argv[7])
    a, b = (math.pi if v == "π" else float(v) for v in (lo, hi))
    if word == "solve":
        call = lambda: brentq(f, a, b, xtol=1e-300, rtol=4 * sys.float_info.epsilon)
    else:
        call = lambda: quad(f, a, b, epsabs=0, epsrel=50.5 * sys.float_info.epsilon)[0]
value = call()
if lib == "reference":  # the double nearest the value computed at 200 bits
    print(repr(float(value)), 0, 0)
    sys.exit(0)
n = 1
while True:
    t = time.process_time()
    for _ in range(n):
        call()
    t = time.process_time() - t
    if t >= 0.2:
        break
    n *= 2 if t > 0.05 else 8
best = t / n
for _ in range(reps - 1):
    t = time.process_time()
    for _ in range(n):
        call()
    best = min(best, (time.process_time() - t) / n)
print(repr(float(value)), best, n)
"""


def calibrate(argv_of, target, failures):
    k = 10
    while True:
        r = bench.run_once(argv_of(k))
        if not r.ok():
            failures.append(r.describe_failure())
            return None
        if r.cpu >= target / 2 or k >= 10 ** 7:
            return k
        k = int(k * min(1000, max(2, target / max(r.cpu, 1e-3))))


def analysis_part(rpn, python, reps, target, errors, warnings):
    have = {}
    for lib in ("mpmath", "scipy"):
        r = subprocess.run([python, "-c", f"import {lib}; print({lib}.__version__)"], capture_output=True, text=True)
        have[lib] = r.stdout.strip() if r.returncode == 0 else None
        if have[lib] is None:
            warnings.append(f"WARNING: no {lib} in {python}: its column is skipped")
    rows = []
    out = os.path.join(bench.RUN_DIR, "analysis.out")
    for word, expr, lo, hi, mp_f, math_f in CASES:
        label = f"{expr} x {lo} {hi} {word}"
        row = dict(word=word, expr=expr, lo=lo, hi=hi, rpn=None, value=None, k=None, mpmath=None, scipy=None,
                   correct="-")
        r = bench.run_once(rpn_argv(rpn, word, expr, lo, hi, 0), stdout_path=out)
        if not r.ok() or bench.parse_number(r.stdout) is None:
            errors.append(f"rpn -e '{label}': {r.describe_failure() if not r.ok() else repr(r.stdout[:80])}")
            rows.append(row)
            continue
        row["printed"] = r.stdout.strip()
        row["value"] = bench.parse_number(r.stdout)
        failures = []
        k = calibrate(lambda k: rpn_argv(rpn, word, expr, lo, hi, k), target, failures)
        if k is None:
            errors.extend(f"rpn {label}: {f}" for f in failures)
            rows.append(row)
            continue
        best = {}
        for _ in range(reps):
            for kk in (k, 1):
                r = bench.run_once(rpn_argv(rpn, word, expr, lo, hi, kk), stdout_path=out)
                if not r.ok():
                    errors.append(f"rpn {label} ({kk} calls): {r.describe_failure()}")
                    break
                best[kk] = min(best.get(kk, r.cpu), r.cpu)
                total = bench.parse_number(r.stdout)
                if total is None or bench.rel_diff(total, kk * row["value"]) > 1e-12 * kk:
                    errors.append(f"rpn {label}: {kk} calls summed to {r.stdout.strip()[:40]!r}, "
                                  f"not {kk} × {row['value']!r}")
        if k in best and 1 in best:
            row["rpn"] = max(best[k] - best[1], 1e-9) / (k - 1)
            row["k"] = k
        for lib in ("reference", "mpmath", "scipy"):
            if have["mpmath" if lib == "reference" else lib] is None:
                continue
            r = subprocess.run([python, "-c", PY_BASELINE, lib, word, lo, hi, str(reps), mp_f, math_f],
                               capture_output=True, text=True)
            try:
                value, per_call, n = r.stdout.split()
                value, per_call = float(value), float(per_call)
            except ValueError:
                warnings.append(f"WARNING: {lib} {label}: {(r.stderr.strip().splitlines() or ['no output'])[-1]}")
                continue
            if lib == "reference":
                row["correct"] = "yes" if value == row["value"] else f"NO: {value!r}"
                continue
            row[lib] = per_call
            row[lib + "_value"] = value
            if bench.rel_diff(value, row["value"]) > 1e-12 and abs(value - row["value"]) > 1e-15:
                warnings.append(f"WARNING: {label}: rpn {row['value']!r}, {lib} {value!r} "
                                f"(relative difference {bench.rel_diff(value, row['value']):.1e})")
            elif value != row["value"]:
                row.setdefault("notes", []).append(f"{lib} {value!r}")
        rows.append(row)
        bench.log(f"[analysis] {label}: rpn {row['rpn'] * 1e6 if row['rpn'] else float('nan'):.2f} µs (K={k})"
                  + "".join(f", {lib} {row[lib] * 1e6:.2f} µs" for lib in ("mpmath", "scipy") if row[lib]))
    return rows, have


def print_analysis(rows, have, reps):
    def micros(x):
        return "n/a" if x is None else (f"{x * 1e6:.2f}" if x < 1e-4 else f"{x * 1e6:.1f}" if x < 1e-2 else f"{x * 1e6:.0f}")

    print(f"| call (µs of CPU a call, best of {reps}) | rpn value | correctly rounded | rpn µs | K | mpmath µs "
          f"({have.get('mpmath') or 'n/a'}, 53 bits) | mpmath/rpn | scipy µs ({have.get('scipy') or 'n/a'}) | scipy/rpn |")
    print("|---|---:|---|---:|---:|---:|---:|---:|---:|")
    for row in rows:
        print(f"| `{row['expr']} x {row['lo']} {row['hi']} {row['word']}` | {row.get('printed', 'FAIL')} | {row['correct']} "
              f"| {micros(row['rpn']) if row['rpn'] else 'FAIL'} | {row['k'] or '-'} | {micros(row['mpmath'])} "
              f"| {fmt_ratio(bench.ratio(row['rpn'], row['mpmath']))} | {micros(row['scipy'])} "
              f"| {fmt_ratio(bench.ratio(row['rpn'], row['scipy']))} |")
    notes = [f"`{r['expr']} x {r['lo']} {r['hi']} {r['word']}`: " + ", ".join(r["notes"]) for r in rows if r.get("notes")]
    if notes:
        print()
        print("Baselines that differ from rpn's value in the last bits (within 1e-12): " + "; ".join(notes))


# --- main --------------------------------------------------------------------------------------

def main() -> int:
    ap = argparse.ArgumentParser(description="Statistics and analysis: rpn against Python.")
    ap.add_argument("--rpn", required=True)
    ap.add_argument("--python", default=sys.executable, help="the Python of the baselines (default: this one)")
    ap.add_argument("--only", default=",".join(PARTS), help="statistics,analysis (default both)")
    ap.add_argument("--quick", action="store_true", help="10^5 numbers, shorter runs, 2 of each")
    ap.add_argument("--count", type=int, help="numbers in each data file (default 10^6, quick 10^5)")
    ap.add_argument("--reps", type=int, help="timed runs of each (default 5, quick 2)")
    ap.add_argument("--target", type=float, help="CPU seconds of an rpn analysis run (default 0.3, quick 0.1)")
    ap.add_argument("--out", default=os.path.join(HERE, "out"), help="where the data files are written")
    args = ap.parse_args()
    rpn = os.path.abspath(args.rpn)
    if not os.access(rpn, os.X_OK):
        bench.log(f"stats: no rpn binary at {rpn}")
        return 2
    parts = {p.strip() for p in args.only.split(",") if p.strip()} & set(PARTS)
    count = args.count or (10 ** 5 if args.quick else 10 ** 6)
    reps = args.reps or (2 if args.quick else 5)
    target = args.target or (0.1 if args.quick else 0.3)
    os.makedirs(args.out, exist_ok=True)
    bench.RUN_DIR = tempfile.mkdtemp(prefix="rpn-stats-bench-")
    errors, warnings = [], []
    t_start = time.perf_counter()
    try:
        stat_rows = statistics_part(rpn, args.python, args.out, count, reps, errors, warnings) \
            if "statistics" in parts else []
        an_rows, have = analysis_part(rpn, args.python, reps, target, errors, warnings) \
            if "analysis" in parts else ([], {})
    finally:
        shutil.rmtree(bench.RUN_DIR, ignore_errors=True)

    py_version = subprocess.run([args.python, "-c", "import sys; print(sys.version.split()[0])"],
                                capture_output=True, text=True).stdout.strip()
    print(f"rpn: {rpn}")
    print(f"Python: {args.python} ({py_version})")
    if stat_rows:
        print(f"statistics: whole-process CPU time (user + system), best of {reps}, interleaved; "
              f"data bench/out/stats-v{DATA_VERSION}-*-{count}.txt (seed {SEED})")
        print()
        print_statistics(stat_rows, count, reps)
    if an_rows:
        print()
        print("analysis: time a call = (CPU time of K calls in a loop - CPU time of 1) / (K - 1); "
              "the baselines time a loop of calls inside Python")
        print()
        print_analysis(an_rows, have, reps)
    print()
    print("Targets (issue 19):")
    for kind in ("decimals", "integers"):
        same = {r["tool"]: r["cpu"] for r in stat_rows if r["data"] == kind}
        for tool in ("rpn", "rpn --float"):
            if tool in same:
                r = bench.ratio(same[tool], same.get("Python float"))
                ok = r is not None and r > 1
                print(f"- {'met   ' if ok else 'MISSED'} {tool} sdev of {kind} faster than Python's "
                      f"statistics.stdev of floats: {fmt_ratio(r)}")
    if warnings or errors:
        print()
    for w in warnings:
        print(w if w.startswith("WARNING") else f"WARNING: {w}")
    for e in errors:
        print(f"ERROR: {e}")
    print()
    print(f"total stats bench time {time.perf_counter() - t_start:.0f} s")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
