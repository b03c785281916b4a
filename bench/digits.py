#!/usr/bin/env python3
"""`--digits N` throughput (issue 18): √2, π, e and sin 1 at 50 and 1000 digits, rpn against
`bc -l` computing the same number of digits. Target: rpn at least 10× bc's rate, every row.

Usage: python3 bench/digits.py --rpn PATH [--bc PATH] [--digits 50,1000] [--quick] [--reps N]

Standard library only; bench/run calls it (it installs bc). Each tool evaluates the value K
times in one process, adding the values up so that none can be skipped:

    rpn --digits N -e '0 1 K for i 2 √ + next'
    bc -l FILE      with FILE: scale=N-1; x=0; for(i=1;i<=K;i++) x+=sqrt(2); x

(bc's scale counts digits after the point: N-1 for √2, π and e, N for sin 1 = 0.84...,
so that both carry N significant digits; `4*a(1)` is bc's π, `e(1)` its e, `s(1)` its sine.)
The time per evaluation is (CPU time at K - CPU time at K = 1) / (K - 1), best of --reps runs
of each, interleaved: start-up, the final print and the work of one evaluation cancel out. K is
calibrated per tool and row so that a run takes about --target seconds (at least 3 evaluations:
bc needs a quarter of a second for one e(1) at 1000 digits).

Equal work: one more run of each prints the value alone (no loop); rpn, bc and an independent
reference (Python's decimal: sqrt, exp, Machin's π, the sine's series) must agree to N-2
digits (their first N digits within 100 units of the last: a rounding carry still agrees). A wrong rpn value (or a crash, or output on stderr) is an
ERROR line and exit status 1; bc's disagreements are WARNING lines. Exit status 2 when there is
no rpn binary.
"""
from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from decimal import Context, Decimal, ROUND_HALF_EVEN, getcontext, localcontext

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import bench  # noqa: E402  (run_once, log, fmt_ratio: the same process runner as bench.py)

TARGET = 10.0  # issue 18: at least 10x bc


# --- References (Python's decimal, N + 10 digits) --------------------------------------------

# Each runs in a local decimal context of N + 10 digits (every operation rounds to it).

def ref_sqrt2() -> Decimal:
    return Decimal(2).sqrt()


def ref_e() -> Decimal:
    return Decimal(1).exp()


def arctan_inverse(x: int) -> Decimal:
    """atan(1/x) by its series."""
    eps = Decimal(10) ** (-getcontext().prec - 5)
    total, power, n, sign = Decimal(0), Decimal(1) / x, 1, 1
    while power > eps:
        total += sign * power / n
        power, n, sign = power / (x * x), n + 2, -sign
    return total


def ref_pi() -> Decimal:
    return 16 * arctan_inverse(5) - 4 * arctan_inverse(239)  # Machin


def ref_sin1() -> Decimal:
    eps = Decimal(10) ** (-getcontext().prec - 5)
    total, term, k = Decimal(0), Decimal(1), 1
    while abs(term) > eps:
        total += term
        term = -term / ((k + 1) * (k + 2))
        k += 2
    return total


def reference_digits(reference, n: int, times: int = 1) -> str:
    """The significant digits of times × the value, computed at n + 10 digits."""
    with localcontext(Context(prec=n + 10, rounding=ROUND_HALF_EVEN)):
        return str(reference() * times).replace(".", "").lstrip("0")


# (name, rpn expression, bc expression, bc scale for N significant digits, reference)
VALUES = [
    ("√2", "2 √", "sqrt(2)", lambda n: n - 1, ref_sqrt2),
    ("π", "π", "4*a(1)", lambda n: n - 1, ref_pi),
    ("e", "e", "e(1)", lambda n: n - 1, ref_e),
    ("sin 1", "1 sin", "s(1)", lambda n: n, ref_sin1),
]


def significant(text: str) -> str | None:
    """The significant digits of a printed number (rpn: `1.41`, `1.41e+0`; bc: `.84`, `1.41`)."""
    text = text.replace("\\\n", "").strip()
    if not text:
        return None
    text = text.splitlines()[-1].strip().lstrip("-").lower()
    mantissa = text.split("e")[0]
    digits = mantissa.replace(".", "").lstrip("0")
    return digits if digits.isdigit() else None


def agree(a: str, b: str, n: int, slack: int = 100) -> bool:
    """Do two digit strings of the same value agree to n-2 digits? Their first n digits (padded)
    differ by at most `slack` units of the n-th: a correctly rounded 2.71…709370 and a true
    2.71…7093699957 agree although their first n-2 digits differ."""
    return abs(int(a[:n].ljust(n, "0")) - int(b[:n].ljust(n, "0"))) <= slack


def first_difference(a: str, b: str) -> int:
    return next((i + 1 for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)) + 1)


# --- Running ---------------------------------------------------------------------------------

class Tool:
    def __init__(self, name: str, argv_of, fatal: bool):
        self.name, self.argv_of, self.fatal = name, argv_of, fatal

    def run(self, k: int):
        out = os.path.join(bench.RUN_DIR, f"{self.name}.out")
        r = bench.run_once(self.argv_of(k), stdout_path=out)
        return r


def rpn_tool(rpn: str, n: int, expr: str) -> Tool:
    def argv(k: int):
        program = expr if k == 0 else f"0 1 {k} for i {expr} + next"
        return [rpn, "--digits", str(n), "-e", program]
    return Tool("rpn", argv, fatal=True)


def bc_tool(bc: str, n: int, expr: str, scale: int, workdir: str) -> Tool:
    def argv(k: int):
        path = os.path.join(workdir, f"bc-{n}-{k}-{abs(hash(expr))}.bc")
        body = f"{expr}\n" if k == 0 else f"x=0\nfor(i=1;i<={k};i++) x+={expr}\nx\n"
        with open(path, "w") as f:
            f.write(f"scale={scale}\n{body}")
        return [bc, "-l", "-q", path]
    return Tool("bc", argv, fatal=False)


def calibrate(tool: Tool, target: float, failures: list[str]) -> int | None:
    """The number of evaluations K (≥ 3) for which one run takes about `target` CPU seconds."""
    k = 3
    while True:
        r = tool.run(k)
        if not r.ok():
            failures.append(f"{tool.name} ({k} evaluations): {r.describe_failure()}")
            return None
        if r.cpu >= target / 2 or k >= 10 ** 8:
            return k
        k = int(k * min(1000, max(2, target / max(r.cpu, 1e-3))))


def main() -> int:
    ap = argparse.ArgumentParser(description="--digits throughput: rpn against bc -l.")
    ap.add_argument("--rpn", required=True)
    ap.add_argument("--bc", default=shutil.which("bc") or "/usr/bin/bc")
    ap.add_argument("--digits", default="50,1000", help="comma-separated digit counts (default 50,1000)")
    ap.add_argument("--quick", action="store_true", help="shorter runs (0.1 s), 2 of each")
    ap.add_argument("--reps", type=int, help="timed runs of each command (default 3, quick 2)")
    ap.add_argument("--target", type=float, help="CPU seconds a run should take (default 0.3, quick 0.1)")
    args = ap.parse_args()
    rpn = os.path.abspath(args.rpn)
    if not os.access(rpn, os.X_OK):
        bench.log(f"digits: no rpn binary at {rpn}")
        return 2
    have_bc = os.access(args.bc, os.X_OK)
    reps = args.reps or (2 if args.quick else 3)
    target = args.target or (0.1 if args.quick else 0.3)
    sizes = [int(s) for s in args.digits.split(",") if s.strip()]

    errors: list[str] = []
    warnings: list[str] = []
    if not have_bc:
        warnings.append(f"no bc at {args.bc} (bench/run installs it: scripts/install-system-packages bc)")
    os.environ["BC_LINE_LENGTH"] = "0"  # one line of digits
    t_start = time.perf_counter()
    workdir = tempfile.mkdtemp(prefix="rpn-digits-bench-")
    bench.RUN_DIR = workdir
    rows = []
    try:
        for n in sizes:
            for name, rpn_expr, bc_expr, scale, reference in VALUES:
                want = reference_digits(reference, n)
                label = f"{name} at {n} digits"
                tools = [rpn_tool(rpn, n, rpn_expr)]
                if have_bc:
                    tools.append(bc_tool(args.bc, n, bc_expr, scale(n), workdir))
                row = {"name": name, "digits": n, "rpn": None, "bc": None, "k": {}, "agree": "-"}
                printed = {}
                # The value alone (K = 0: no loop): the digits must agree.
                for tool in tools:
                    r = tool.run(0)
                    if not r.ok() or significant(r.stdout) is None:
                        problem = r.describe_failure() if not r.ok() else f"printed {r.stdout[:80]!r}"
                        (errors if tool.fatal else warnings).append(f"{tool.name} {label}: {problem}")
                        continue
                    printed[tool.name] = significant(r.stdout).ljust(n, "0")  # rpn drops trailing zeros
                    if not agree(printed[tool.name], want, n):
                        (errors if tool.fatal else warnings).append(
                            f"{tool.name} {label}: digits {printed[tool.name][:40]}... differ from the reference's "
                            f"{want[:40]}... (first difference at digit {first_difference(printed[tool.name], want)})")
                if len(printed) == 2:
                    row["agree"] = "yes" if agree(printed["rpn"], printed["bc"], n) and agree(printed["rpn"], want, n) else "NO"
                # Calibrate, then time K and 1 evaluation, round-robin across the tools.
                ks = {}
                for tool in tools:
                    if tool.name not in printed:
                        continue
                    failures: list[str] = []
                    k = calibrate(tool, target, failures)
                    if k is None:
                        (errors if tool.fatal else warnings).extend(f"{label}: {f}" for f in failures)
                    else:
                        ks[tool.name] = k
                wrong_sum = False
                best = {(t.name, k): None for t in tools if t.name in ks for k in (1, ks[t.name])}
                for _ in range(reps):
                    for tool in tools:
                        if tool.name not in ks:
                            continue
                        for k in (ks[tool.name], 1):
                            r = tool.run(k)
                            if not r.ok():
                                (errors if tool.fatal else warnings).append(f"{tool.name} {label} ({k}): {r.describe_failure()}")
                                ks.pop(tool.name)
                                break
                            key = (tool.name, k)
                            best[key] = r.cpu if best[key] is None else min(best[key], r.cpu)
                            if k > 1 and tool.name == "rpn" and not wrong_sum:
                                total, expected = significant(r.stdout), reference_digits(reference, n, k)
                                # K roundings of the running sum: n-2 digits less the digits of K
                                if total is None or not agree(total, expected, n, slack=100 * 10 ** len(str(k))):
                                    wrong_sum = True
                                    errors.append(f"rpn {label}: the sum of {k} printed {r.stdout.strip()[:60]!r}, "
                                                  f"not {expected[:20]}...")
                for tool_name, k in ks.items():
                    row[tool_name] = max(best[(tool_name, k)] - best[(tool_name, 1)], 1e-9) / (k - 1)
                    row["k"][tool_name] = k
                rows.append(row)
                bench.log(f"[{time.perf_counter() - t_start:6.1f}s] {label}: " + ", ".join(
                    f"{t} {row[t] * 1e6:.2f} µs/eval (K={row['k'][t]})" for t in ("rpn", "bc") if row[t] is not None))
    finally:
        shutil.rmtree(workdir, ignore_errors=True)

    # --- report ---------------------------------------------------------------------------
    bc_version = "n/a"
    if have_bc:
        import subprocess
        bc_version = subprocess.run([args.bc, "--version"], capture_output=True, text=True).stdout.splitlines()[0]
    print(f"rpn: {rpn}")
    print(f"bc:  {args.bc} ({bc_version}), run as `bc -l` with scale = N significant digits")
    print(f"time per evaluation = (CPU time of K evaluations - CPU time of 1) / (K - 1), best of {reps} runs each")
    print()
    print("| value | digits | rpn µs/eval | bc µs/eval | bc/rpn | K rpn | K bc | digits agree (N-2) |")
    print("|---|---:|---:|---:|---:|---:|---:|---|")

    def micros(x):
        return "FAIL" if x is None else (f"{x * 1e6:.3f}" if x < 1e-5 else f"{x * 1e6:.1f}" if x < 1e-2 else f"{x * 1e6:.0f}")

    for row in rows:
        r = bench.ratio(row["rpn"], row["bc"])
        print(f"| {row['name']} | {row['digits']} | {micros(row['rpn'])} "
              f"| {micros(row['bc']) if have_bc else 'n/a'} | {bench.fmt_ratio(r)} "
              f"| {row['k'].get('rpn', '-')} | {row['k'].get('bc', '-')} | {row['agree']} |")
    print()
    print("Targets:")
    for row in rows:
        r = bench.ratio(row["rpn"], row["bc"])
        ok = r is not None and r >= TARGET
        print(f"- {'met   ' if ok else 'MISSED'} --digits {row['digits']} {row['name']} >= {TARGET:.0f}x bc -l: {bench.fmt_ratio(r)}")
    if warnings or errors:
        print()
    for w in warnings:
        print(f"WARNING: {w}")
    for e in errors:
        print(f"ERROR: {e}")
    print()
    print(f"total digits bench time {time.perf_counter() - t_start:.0f} s")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
