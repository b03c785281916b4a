#!/usr/bin/env python3
"""Benchmark `rpn` against GNU dc: throughput, peak memory and start-up.

Standard library only. Run it through `bench/run`, which installs dc and builds the
static release binary first. See bench/README.md for what is measured and how to read it.
"""

import argparse
import math
import os
import select
import shutil
import signal
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

# Bump when the generated programs change, so cached files in bench/out/ are rebuilt.
GENERATOR_VERSION = 2

VARIANTS = ("ascii", "unicode", "deep")
# shell, digits, statistics, analysis: bench/run runs them (bench/shell_*.py, digits.py, stats.py)
PARTS = ("throughput", "big", "programs", "startup", "shell", "digits", "statistics", "analysis")
TIMEOUT_S = 900

# ---------------------------------------------------------------------------------------------
# Program generation
#
# ascii / unicode: a left-deep chain `1 2 + 3 * 4 - 5 / 6 + 7 * ...`. Pair j (0-based) is the
# operand (j+1) mod 9 + 1 followed by the operator OPS[j mod 4]. Since gcd(4, 9) = 1, every
# 36 pairs each operator meets each operand 1..9 exactly once, so the product of multipliers
# equals the product of divisors: the value grows only linearly (about 10 per 36 pairs), never
# overflows and never divides by zero. One line holds 504 pairs (= 14 periods, 1008 tokens), so
# every line of the body is the same text.
#
# deep: N/2 numbers (cycling 1..9) then N/2 - 1 `+`: a stack N/2 deep, then a right-deep tree.
# ---------------------------------------------------------------------------------------------

ASCII_OPS = ("+", "*", "-", "/")
UNICODE_OPS = ("+", "\u00d7", "\u2212", "\u00f7")  # + × − ÷
PAIRS_PER_LINE = 504
NUMS_PER_LINE = 999  # a multiple of 9: every line of numbers is the same text


def chain_lines(tokens, ops):
    """Return (lines, token count) of a chain program of about `tokens` tokens."""
    pairs = (tokens - 1) // 2
    line = " ".join(f"{(j + 1) % 9 + 1} {ops[j % 4]}" for j in range(PAIRS_PER_LINE))
    full, rest = divmod(pairs, PAIRS_PER_LINE)
    tail = " ".join(f"{(j + 1) % 9 + 1} {ops[j % 4]}" for j in range(rest))
    return ["1"] + [line] * full + ([tail] if tail else []), 1 + 2 * pairs


def deep_lines(tokens):
    nums = tokens // 2
    opers = nums - 1
    numline = " ".join(str(i % 9 + 1) for i in range(NUMS_PER_LINE))
    full, rest = divmod(nums, NUMS_PER_LINE)
    lines = [numline] * full
    if rest:
        lines.append(" ".join(str(i % 9 + 1) for i in range(rest)))
    opline = " ".join(["+"] * NUMS_PER_LINE)
    full, rest = divmod(opers, NUMS_PER_LINE)
    lines += [opline] * full
    if rest:
        lines.append(" ".join(["+"] * rest))
    return lines, nums + opers


def deep_expected(tokens):
    nums = tokens // 2
    full, rest = divmod(nums, 9)
    return full * 45 + rest * (rest + 1) // 2


def write_lines(path, lines, prefix="", suffix=""):
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8", newline="\n") as f:
        f.write(prefix)
        # Write in blocks: a 10^7-token program is tens of MB.
        for i in range(0, len(lines), 2000):
            f.write("\n".join(lines[i:i + 2000]))
            f.write("\n")
        f.write(suffix)
    os.replace(tmp, path)


def generate(outdir, size):
    """Write (if missing) the programs of one size; return {variant: (rpn_file, dc_file, ntok)}."""
    progs = {}
    for name in os.listdir(outdir):  # drop programs of older generator versions
        if name.startswith("v") and not name.startswith(f"v{GENERATOR_VERSION}-") \
                and name.endswith((".rpn", ".dc")):
            os.remove(os.path.join(outdir, name))
    stem = os.path.join(outdir, f"v{GENERATOR_VERSION}-{size}")
    for variant in VARIANTS:
        rpn_path = f"{stem}-{variant}.rpn"
        # unicode shares the ascii dc program: dc only knows ASCII operators.
        dc_variant = "ascii" if variant == "unicode" else variant
        dc_path = f"{stem}-{dc_variant}.dc"
        if variant == "deep":
            lines, ntok = deep_lines(size)
        else:
            lines, ntok = chain_lines(size, UNICODE_OPS if variant == "unicode" else ASCII_OPS)
        if not os.path.exists(rpn_path):
            write_lines(rpn_path, lines)
        if not os.path.exists(dc_path):
            # dc: scale 20 so `/` is real division (scale 0 would truncate to integers).
            if variant == "deep":
                write_lines(dc_path, lines, suffix="p\n")
            else:
                dc_lines = [ln.replace("\u00d7", "*").replace("\u2212", "-").replace("\u00f7", "/")
                            for ln in lines]
                write_lines(dc_path, dc_lines, prefix="20 k\n", suffix="p\n")
        progs[variant] = (rpn_path, dc_path, ntok)
    return progs


# ---------------------------------------------------------------------------------------------
# Running one process.
#
# Wall time: posix_spawn + os.wait4 straight from this script (no shell, no wrapper).
#
# Peak RSS: NOT taken from those runs. Linux keeps a process's ru_maxrss across execve and
# seeds it with the high-water mark of the memory it was forked from, so every child of this
# Python process reports at least Python's own RSS (~15 MB). Peak RSS therefore comes from a
# separate run under GNU time (`/usr/bin/time -f %M`), a small C program whose forked child
# starts from its ~1 MB. The wrapper costs ~1 ms, so its wall time counts as a timing sample
# only for runs of a second or more.
# ---------------------------------------------------------------------------------------------

TIME_BIN = "/usr/bin/time"


class Result:
    __slots__ = ("wall", "cpu", "rss_kb", "status", "stdout", "stderr", "timed_out", "time_note")

    def ok(self):
        return not self.timed_out and self.status == 0 and not self.stderr.strip()

    def describe_failure(self):
        if self.timed_out:
            return f"timed out after {TIMEOUT_S} s"
        if self.status < 0:
            return f"killed by signal {-self.status} ({signal.Signals(-self.status).name})"
        msg = self.stderr.strip().splitlines() or self.time_note.strip().splitlines()
        first = msg[0][:200] if msg else ""
        return f"exit {self.status}" + (f": {first}" if first else "")


def run_once(argv, stdout_path=os.devnull, rss=False, timeout=TIMEOUT_S, stdin_path=os.devnull):
    """Run argv with stdin from /dev/null (or stdin_path); return a Result (wall seconds; peak RSS
    if rss)."""
    stderr_path = os.path.join(RUN_DIR, "stderr.txt")
    rss_path = os.path.join(RUN_DIR, "rss.txt")
    if rss:
        argv = [TIME_BIN, "-f", "%M", "-o", rss_path] + list(argv)
    actions = [
        (os.POSIX_SPAWN_OPEN, 0, stdin_path, os.O_RDONLY, 0),
        (os.POSIX_SPAWN_OPEN, 1, stdout_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644),
        (os.POSIX_SPAWN_OPEN, 2, stderr_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644),
    ]
    r = Result()
    r.timed_out = False
    r.rss_kb = None
    r.time_note = ""
    t0 = time.perf_counter()
    pid = os.posix_spawn(argv[0], argv, os.environ, file_actions=actions)
    try:
        pidfd = os.pidfd_open(pid)
    except (AttributeError, OSError):
        pidfd = None
    if pidfd is not None:
        ready, _, _ = select.select([pidfd], [], [], timeout)
        os.close(pidfd)
        if not ready:
            # Kill the whole thing; under time, the measured child too.
            if rss:
                subprocess.run(["pkill", "-KILL", "-P", str(pid)], check=False)
            os.kill(pid, signal.SIGKILL)
            r.timed_out = True
    _, status, usage = os.wait4(pid, 0)
    r.wall = time.perf_counter() - t0
    # CPU time (user + system) of the process and of the children it reaped: on a busy machine
    # the wall time also counts the time the process waited for a core.
    r.cpu = usage.ru_utime + usage.ru_stime
    r.status = os.waitstatus_to_exitcode(status)
    with open(stderr_path, "rb") as f:
        r.stderr = f.read().decode("utf-8", "replace")
    if stdout_path != os.devnull:
        with open(stdout_path, "rb") as f:
            r.stdout = f.read().decode("utf-8", "replace")
    else:
        r.stdout = ""
    if rss:
        try:
            with open(rss_path) as f:
                lines = f.read().strip().splitlines()
        except OSError:
            lines = []
        # GNU time puts "Command exited with non-zero status N" / "Command terminated by
        # signal N" before the figure.
        r.time_note = "\n".join(lines[:-1])
        if lines and lines[-1].strip().isdigit():
            r.rss_kb = int(lines[-1])
        m = [ln for ln in lines if ln.startswith("Command terminated by signal")]
        if m and r.status > 128:
            r.status = -int(m[0].split()[-1])
    return r


class Measure:
    """Repeated runs of one command: `want` timing samples and one peak-RSS run."""

    def __init__(self, label, argv, want, stdout_path=os.devnull, fatal=True, rss=True,
                 stdin_path=os.devnull):
        self.label, self.argv, self.want = label, argv, want
        self.stdout_path, self.stdin_path = stdout_path, stdin_path
        self.fatal = fatal          # an rpn failure makes the whole bench exit non-zero
        self.times, self.cpus, self.rss_kb, self.stdout = [], [], None, ""
        self.failure = None
        self.rss_done = not rss     # rss=False: no peak-RSS run, every run is a timing sample

    def done(self):
        return self.failure is not None or (self.rss_done and len(self.times) >= self.want)

    def step(self):
        """One run: the RSS run first, then plain timing runs."""
        if self.done():
            return
        rss = not self.rss_done
        r = run_once(self.argv, stdout_path=self.stdout_path, rss=rss, stdin_path=self.stdin_path)
        if not r.ok():
            self.failure = f"{self.label}: {r.describe_failure()}"
            return
        self.stdout = r.stdout
        if rss:
            self.rss_done = True
            self.rss_kb = r.rss_kb
            if r.wall >= 1.0:  # wrapper overhead (~1 ms) is below 0.1 %
                self.times.append(r.wall)
                self.cpus.append(r.cpu)
        else:
            self.times.append(r.wall)
            self.cpus.append(r.cpu)

    def best(self):
        return min(self.times) if self.times and self.failure is None else None

    def best_cpu(self):
        return min(self.cpus) if self.cpus and self.failure is None else None


# ---------------------------------------------------------------------------------------------
# Output checks
# ---------------------------------------------------------------------------------------------

def parse_number(text):
    """Parse the last value printed; dc wraps long numbers with backslash-newline."""
    text = text.replace("\\\n", "").strip()
    if not text:
        return None
    last = text.splitlines()[-1].strip()
    if last.startswith("_"):  # dc never prints this, but be lenient
        last = "-" + last[1:]
    try:
        return float(last)
    except ValueError:
        return None


def rel_diff(a, b):
    if a == b:
        return 0.0
    return abs(a - b) / max(abs(a), abs(b))


# ---------------------------------------------------------------------------------------------
# Formatting
# ---------------------------------------------------------------------------------------------

def fmt_rate(tokens, seconds):
    if seconds is None:
        return "FAIL"
    rate = tokens / seconds
    if rate >= 1e6:
        return f"{rate / 1e6:.1f} M"
    return f"{rate / 1e3:.0f} k"


def fmt_ratio(x):
    if x is None:
        return "-"
    return f"{x:.1f}x" if x < 100 else f"{x:.0f}x"


def fmt_mb(kb):
    return "FAIL" if kb is None else f"{kb / 1024:.1f}"


def fmt_size(n):
    for e in range(9, 0, -1):
        if n == 10 ** e:
            return f"10^{e}"
    return str(n)


def ratio(a, b):
    """Throughput ratio rpn/dc from times: dc's time over rpn's."""
    return None if a is None or b is None else b / a


def rate_ratio(a, b):
    """Ratio of two rates (higher is faster)."""
    return None if a is None or b is None else a / b


def fmt_per_s(rate):
    if rate is None:
        return "FAIL"
    if rate >= 1e6:
        return f"{rate / 1e6:.1f} M"
    return f"{rate / 1e3:.0f} k"


def print_throughput_table(rows):
    print("| variant | tokens | rpn eval tok/s | dc tok/s | eval/dc | --float tok/s | --float/dc "
          "| rpn describe tok/s | describe/dc | RSS eval MB | RSS --float MB | RSS describe MB | RSS dc MB |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for row in rows:
        dc_cell = fmt_rate(row["ntok"], row["dc"]) if row["dc"] is not None else "n/a"
        if row["variant"] == "unicode" and row["dc"] is not None:
            dc_cell += " (ascii)"
        print(f"| {row['variant']} | {fmt_size(row['size'])} "
              f"| {fmt_rate(row['ntok'], row['ev'])} | {dc_cell} "
              f"| {fmt_ratio(ratio(row['ev'], row['dc']))} "
              f"| {fmt_rate(row['ntok'], row['fl'])} | {fmt_ratio(ratio(row['fl'], row['dc']))} "
              f"| {fmt_rate(row['ntok'], row['de'])} | {fmt_ratio(ratio(row['de'], row['dc']))} "
              f"| {fmt_mb(row['ev_rss'])} | {fmt_mb(row['fl_rss'])} | {fmt_mb(row['de_rss'])} "
              f"| {fmt_mb(row['dc_rss']) if row['dc_rss'] is not None else 'n/a'} |")


def print_big_table(big_rows, reps):
    print("| big integers (best of %d; output compared with dc and Python) | digits | rpn s | dc s | rpn/dc |" % reps)
    print("|---|---:|---:|---:|---:|")
    for b in big_rows:
        rpn_s = "FAIL" if b["rpn"] is None else f"{b['rpn']:.4f}"
        dc_s = "n/a" if b["dc"] is None else f"{b['dc']:.4f}"
        print(f"| `{b['program']}` | {b['digits']} | {rpn_s} | {dc_s} | {fmt_ratio(ratio(b['rpn'], b['dc']))} |")


def program_ratios(program_rows, name, tool):
    """(rate over dc's, rate over CPython's) of one tool on one program."""
    rate = {r["tool"]: r["rate"] for r in program_rows if r["name"] == name}
    return rate_ratio(rate.get(tool), rate.get("dc")), rate_ratio(rate.get(tool), rate.get("CPython"))


def print_program_table(program_rows, reps, dc_loop_reps):
    print(f"| program (CPU time, best of {reps}; dc's loop {dc_loop_reps}) | tool | answer | CPU s | wall s "
          "| start-up CPU ms | rate /s | rpn/dc | rpn/CPython |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
    for row in program_rows:
        to_dc, to_py = program_ratios(program_rows, row["name"], row["tool"])
        mine = row["tool"].startswith("rpn")
        cpu = "FAIL" if row["cpu"] is None else f"{row['cpu']:.3f}"
        wall = "FAIL" if row["wall"] is None else f"{row['wall']:.3f}"
        print(f"| {row['name']} ({row['unit']}: {row['work']}) | {row['tool']} "
              f"| {row['answer'] if row['ok'] else 'FAIL'} | {cpu} | {wall} | {row['startup'] * 1e3:.1f} "
              f"| {fmt_per_s(row['rate'])} | {fmt_ratio(to_dc) if mine else ''} "
              f"| {fmt_ratio(to_py) if mine else ''} |")


def startup_medians(st_rpn, st_dc):
    med_rpn = statistics.median(st_rpn) * 1e3 if st_rpn else None
    med_dc = statistics.median(st_dc) * 1e3 if st_dc else None
    return med_rpn, med_dc, (med_rpn / med_dc if med_rpn and med_dc else None)


def print_startup_table(st_rpn, st_dc, startup_runs, rss_rpn, rss_dc):
    med_rpn, med_dc, st_ratio = startup_medians(st_rpn, st_dc)
    print("| start-up (median of %d, interleaved) | rpn ms | dc ms | rpn/dc | RSS rpn MB | RSS dc MB |"
          % startup_runs)
    print("|---|---:|---:|---:|---:|---:|")
    print(f"| `rpn -e '3 4 +'` vs `dc -e '3 4 + p'` "
          f"| {'FAIL' if med_rpn is None else f'{med_rpn:.2f}'} "
          f"| {'n/a' if med_dc is None else f'{med_dc:.2f}'} "
          f"| {fmt_ratio(st_ratio)} | {fmt_mb(rss_rpn)} | {fmt_mb(rss_dc)} |")


def log(msg):
    print(msg, file=sys.stderr, flush=True)


# ---------------------------------------------------------------------------------------------
# Main
# ---------------------------------------------------------------------------------------------

RUN_DIR = None


# Big integers: one computation whose answer has many digits, printed in full, by rpn and by
# dc side by side. dc has no factorial word, so its 1000! is a loop over registers. The digits
# must equal Python's own (an independent big-integer implementation).
BIG_PROGRAMS = [
    ("3 200000 ^", "3 200000 ^ p", lambda: 3 ** 200000),
    ("2 1000000 ^ 1 -", "2 1000000 ^ 1 - p", lambda: 2 ** 1000000 - 1),
    ("1000 !", "1 sa 1000 sn [la ln * sa ln 1 - d sn 0<F] dsFx la p", lambda: math.factorial(1000)),
]


def bench_big_integers(rpn, dc, reps, errors, warnings):
    if hasattr(sys, "set_int_max_str_digits"):
        sys.set_int_max_str_digits(0)
    os.environ["DC_LINE_LENGTH"] = "0"  # one line of digits, as rpn prints them
    rows = []
    for rpn_program, dc_program, expected in BIG_PROGRAMS:
        want = str(expected())
        ev = Measure(f"rpn -e '{rpn_program}'", [rpn, "-e", rpn_program], reps, os.path.join(RUN_DIR, "big.out"))
        dcm = Measure(f"dc -e '{dc_program}'", [dc, "-e", dc_program], reps, os.path.join(RUN_DIR, "bigdc.out"),
                      fatal=False)
        for m in (ev, dcm):
            while not m.done():
                m.step()
                if m.stdout:
                    got = m.stdout.replace("\\\n", "").strip()
                    if got != want:
                        (errors if m is ev else warnings).append(
                            f"{m.label}: printed {len(got)} characters, not the {len(want)} digits of the answer")
                        m.failure = m.failure or "wrong answer"
                    m.stdout = ""
            if m.failure and m.failure != "wrong answer":
                (errors if m.fatal else warnings).append(m.failure)
        rows.append(dict(program=rpn_program, digits=len(want), rpn=ev.best(), dc=dcm.best()))
    return rows


# Programs (issue 10): a counting loop and a recursion, run by rpn (exact and --float), by dc and
# by CPython doing the same work. Each answer must equal the one computed here independently
# (closed form, iteration); a wrong answer from any of them is an ERROR.
#
# dc's loop keeps the sum on the stack and the counter in register i; `!<L` runs L again while
# N is not less than the next counter. dc's fib recurses on the main stack alone (`r` swaps):
# G replaces n by fib(n-1)+fib(n-2); F runs G when n > 1 and otherwise leaves n. The version
# that keeps n on a register stack (`Sn … Ln`, as rpn keeps its parameter n) is about 25% slower,
# so the stack version is the yardstick. CPython runs the loop inside a function (locals are
# faster than a module's globals) and without site (`-I -S`).
LOOP_N = 10_000_000
FIB_N = 25


def fib(n):
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a


def program_benchmarks(loop_n):
    """[(name, unit, work, answer, {tool: program})]; the tools are rpn (also run with
    --float), dc and python."""
    return [
        ("loop", "iterations", loop_n, loop_n * (loop_n + 1) // 2, {
            "rpn": f"0 1 {loop_n} for i i + next",
            "dc": f"0 1 si [li + li 1 + d si {loop_n} !<L] d sL x p",
            "python": ("def run(n):\n    s = 0\n    for i in range(1, n + 1): s += i\n    return s\n"
                       f"print(run({loop_n}))"),
        }),
        # fib(n) makes 2·fib(n+1) − 1 calls of fib.
        ("fib", "calls", 2 * fib(FIB_N + 1) - 1, fib(FIB_N), {
            "rpn": f": fib ( n -- f ) n 2 < if n else n 1 - fib n 2 - fib + then ; {FIB_N} fib",
            "dc": f"[d 1 - lFx r 2 - lFx +]sG [d 1 <G]sF {FIB_N} lFx p",
            "python": f"def fib(n): return n if n < 2 else fib(n-1) + fib(n-2)\nprint(fib({FIB_N}))",
        }),
    ]


PROGRAM_TOOLS = ("rpn", "rpn --float", "dc", "CPython")


def program_argv(tool, program, rpn, dc, python):
    if tool == "rpn":
        return [rpn, "-e", program["rpn"]]
    if tool == "rpn --float":
        return [rpn, "--float", "-e", program["rpn"]]
    if tool == "dc":
        return [dc, "-e", program["dc"]]
    return [python, "-I", "-S", "-c", program["python"]]


def parse_answer(text):
    """The last line printed as an integer (a --float answer may print as a float)."""
    text = text.replace("\\\n", "").strip()
    if not text:
        return None
    last = text.splitlines()[-1].strip()
    try:
        return int(last)
    except ValueError:
        try:
            f = float(last)
        except ValueError:
            return None
        return int(f) if math.isfinite(f) and f == int(f) else f


def bench_programs(rpn, dc, python, loop_n, reps, dc_loop_reps, startup_runs, errors, warnings):
    """Run the program benchmarks; return (rows, start-up CPU seconds per tool)."""
    # Start-up of each tool on a trivial program, interleaved: subtracted from the programs'
    # CPU time, so the rates compare the work and not the launch (CPython takes ~15 ms).
    trivial = {"rpn": [rpn, "-e", "3 4 +"], "rpn --float": [rpn, "--float", "-e", "3 4 +"],
               "dc": [dc, "-e", "3 4 + p"], "CPython": [python, "-I", "-S", "-c", "print(7)"]}
    samples = {tool: [] for tool in PROGRAM_TOOLS}
    for i in range(startup_runs):
        order = list(PROGRAM_TOOLS) if i % 2 == 0 else list(reversed(PROGRAM_TOOLS))
        for tool in order:
            r = run_once(trivial[tool])
            if r.ok():
                samples[tool].append(r.cpu)
    startup = {tool: statistics.median(v) if v else 0.0 for tool, v in samples.items()}

    rows = []
    for name, unit, work, answer, program in program_benchmarks(loop_n):
        measures = {}
        for tool in PROGRAM_TOOLS:
            want = dc_loop_reps if (tool == "dc" and name == "loop") else reps
            m = Measure(f"{tool} {name}", program_argv(tool, program, rpn, dc, python), want,
                        os.path.join(RUN_DIR, "program.out"), fatal=tool.startswith("rpn"), rss=False)
            m.answers = set()
            measures[tool] = m
        todo = list(measures.values())
        while not all(m.done() for m in todo):  # round-robin, as the throughput runs
            for m in todo:
                m.step()
                if m.stdout:
                    m.answers.add(parse_answer(m.stdout))
                    m.stdout = ""
        for tool, m in measures.items():
            if m.failure:
                (errors if m.fatal else warnings).append(m.failure)
            wrong = sorted((a for a in m.answers if a != answer), key=str)
            if wrong:
                errors.append(f"{m.label}: answered {wrong[0]!r}, not {answer}")
                m.failure = m.failure or "wrong answer"
        for tool, m in measures.items():
            cpu = m.best_cpu()
            net = None if cpu is None else max(cpu - startup[tool], 1e-6)
            rows.append(dict(name=name, unit=unit, work=work, tool=tool, answer=answer,
                             ok=m.failure is None, runs=len(m.cpus), cpu=cpu, wall=m.best(),
                             startup=startup[tool], rate=None if net is None else work / net))
        def cpu_text(row):
            return "FAIL" if row["cpu"] is None else f"{row['cpu']:.3f}s"
        log(f"[programs] {name}: CPU " + ", ".join(
            f"{row['tool']} {cpu_text(row)}" for row in rows if row["name"] == name))
    return rows, startup


def main():
    global RUN_DIR
    ap = argparse.ArgumentParser(description="Benchmark rpn against GNU dc (and CPython).")
    ap.add_argument("--rpn", required=True, help="path of the rpn binary")
    ap.add_argument("--dc", default=shutil.which("dc") or "/usr/bin/dc")
    ap.add_argument("--quick", action="store_true", help="10^5 and 10^6 only, fewer runs")
    ap.add_argument("--sizes", help="comma-separated token counts (overrides the default)")
    ap.add_argument("--reps", type=int, help="runs per measurement below 10^7 (default 3, quick 2)")
    ap.add_argument("--reps-large", type=int, help="rpn runs per measurement at >= 10^7 (default 3)")
    ap.add_argument("--dc-reps-large", type=int, help="dc runs at >= 10^7 (default 1)")
    ap.add_argument("--startup-runs", type=int, help="runs of each start-up command (default 200, quick 50)")
    ap.add_argument("--out", default=os.path.join(HERE, "out"), help="where programs are written")
    ap.add_argument("--python", default=sys.executable,
                    help="the CPython of the program benchmarks (default: the one running this)")
    ap.add_argument("--program-reps", type=int,
                    help="runs of each program benchmark (default max(5, --reps-large), quick 3); "
                         "dc's loop runs --dc-reps-large times")
    ap.add_argument("--only", default=",".join(PARTS),
                    help=f"comma-separated parts to run, of {','.join(PARTS)} (default all; "
                         "`shell` is bench/run's shell start-up and memory, `digits` its --digits "
                         "throughput against bc, bench/digits.py)")
    args = ap.parse_args()
    parts = set(p.strip() for p in args.only.split(",") if p.strip())
    unknown = parts - set(PARTS)
    if unknown:
        ap.error(f"--only: unknown part(s) {', '.join(sorted(unknown))}; parts are {', '.join(PARTS)}")

    rpn = os.path.abspath(args.rpn)
    dc = args.dc
    if args.sizes:
        sizes = [int(float(s)) for s in args.sizes.split(",")]
    else:
        sizes = [10 ** 5, 10 ** 6] if args.quick else [10 ** 5, 10 ** 6, 10 ** 7]
    reps = args.reps or (2 if args.quick else 3)
    reps_large = args.reps_large or 3
    dc_reps_large = args.dc_reps_large or 1
    startup_runs = args.startup_runs or (50 if args.quick else 200)
    program_reps = args.program_reps or (3 if args.quick else max(5, reps_large))
    loop_n = 10 ** 6 if args.quick else LOOP_N
    dc_loop_reps = reps if args.quick else dc_reps_large

    os.makedirs(args.out, exist_ok=True)
    RUN_DIR = os.path.join(args.out, f"run-{os.getpid()}")
    os.makedirs(RUN_DIR, exist_ok=True)

    errors = []      # rpn crashes / errors: make the exit status non-zero
    warnings = []    # mismatches, dc trouble: reported only
    rows = []        # (variant, size, ntok, eval_t, dc_t, desc_t, eval_rss, desc_rss, dc_rss)
    t_start = time.perf_counter()

    # --- sanity: does the binary run at all? --------------------------------------------
    r = run_once([rpn, "-e", "3 4 +"], stdout_path=os.path.join(RUN_DIR, "sanity.txt"))
    if not r.ok() or parse_number(r.stdout) != 7.0:
        log(f"error: `{rpn} -e '3 4 +'` did not print 7 ({r.describe_failure()}; stdout {r.stdout!r})")
        errors.append("sanity check `rpn -e '3 4 +'` failed")

    # --- throughput and memory ----------------------------------------------------------
    dc_cache = {}  # dc program -> finished Measure: unicode reuses the ascii dc runs
    for size in (sizes if "throughput" in parts else []):
        t = time.perf_counter()
        progs = generate(args.out, size)
        log(f"[{time.perf_counter() - t_start:6.1f}s] programs of {fmt_size(size)} tokens ready "
            f"({time.perf_counter() - t:.1f}s)")
        n = reps_large if size >= 10 ** 7 else reps
        n_dc = (dc_reps_large if size >= 10 ** 7 else reps)
        for variant in VARIANTS:
            rpn_path, dc_path, ntok = progs[variant]
            tag = f"{variant} {fmt_size(size)}"
            ev = Measure(f"rpn {tag}", [rpn, rpn_path], n, os.path.join(RUN_DIR, "eval.out"))
            fl = Measure(f"rpn --float {tag}", [rpn, "--float", rpn_path], n, os.path.join(RUN_DIR, "float.out"))
            de = Measure(f"rpn --describe {tag}", [rpn, "--describe", rpn_path], n)
            dcm = dc_cache.get(dc_path)
            todo = [ev, fl, de]
            if dcm is None:
                dcm = Measure(f"dc {tag}", [dc, dc_path], n_dc, os.path.join(RUN_DIR, "dc.out"),
                              fatal=False)
                dcm.value = None
                dc_cache[dc_path] = dcm
                todo.append(dcm)
            # Round-robin: rpn eval, rpn --describe, dc, again..., so drift hits all alike.
            while not all(m.done() for m in todo):
                for m in todo:
                    m.step()
                    if m is dcm and m.stdout:
                        dcm.value = parse_number(m.stdout)
            for m in todo:
                if m.failure:
                    (errors if m.fatal else warnings).append(m.failure)
            ev_value = parse_number(ev.stdout) if ev.failure is None else None
            dc_value = dcm.value if dcm.failure is None else None

            # Numeric agreement: rpn vs dc (and vs the exact sum for deep).
            if ev.failure is None:
                if ev_value is None:
                    errors.append(f"rpn {tag}: printed no number ({ev.stdout[:80]!r})")
                elif dc_value is not None and rel_diff(ev_value, dc_value) >= 1e-9:
                    warnings.append(f"WARNING: {tag}: rpn printed {ev_value!r}, dc {dc_value!r} "
                                    f"(relative difference {rel_diff(ev_value, dc_value):.2e})")
                if variant == "deep" and ev_value is not None and ev_value != deep_expected(size):
                    warnings.append(f"WARNING: {tag}: rpn printed {ev_value!r}, "
                                    f"expected {deep_expected(size)}")
            fl_value = parse_number(fl.stdout) if fl.failure is None else None
            if ev_value is not None and fl_value is not None and rel_diff(ev_value, fl_value) >= 1e-9:
                warnings.append(f"WARNING: {tag}: rpn printed {ev_value!r} exact, {fl_value!r} with --float")
            row = dict(variant=variant, size=size, ntok=ntok,
                       ev=ev.best(), fl=fl.best(), de=de.best(), dc=dcm.best(),
                       ev_rss=ev.rss_kb if ev.failure is None else None,
                       fl_rss=fl.rss_kb if fl.failure is None else None,
                       de_rss=de.rss_kb if de.failure is None else None,
                       dc_rss=dcm.rss_kb if dcm.failure is None else None)
            rows.append(row)

            def sec(x):
                return "FAIL" if x is None else f"{x:.4f}s"
            log(f"[{time.perf_counter() - t_start:6.1f}s] {variant:7} {fmt_size(size):>5}: "
                f"eval {sec(row['ev'])}, --float {sec(row['fl'])}, describe {sec(row['de'])}, dc {sec(row['dc'])}")

    # --- big integers -------------------------------------------------------------------
    big_rows = []
    if "big" in parts:
        big_rows = bench_big_integers(rpn, dc, reps, errors, warnings)
        log(f"[{time.perf_counter() - t_start:6.1f}s] big integers done")

    # --- programs: a loop and a recursion beside dc and CPython ------------------------------
    program_rows = []
    if "programs" in parts:
        program_rows, _ = bench_programs(rpn, dc, args.python, loop_n, program_reps, dc_loop_reps,
                                         10 if args.quick else 20, errors, warnings)
        log(f"[{time.perf_counter() - t_start:6.1f}s] programs done")

    # --- start-up -------------------------------------------------------------------------
    st_rpn, st_dc = [], []
    startup_failed = False
    argv_rpn, argv_dc = [rpn, "-e", "3 4 +"], [dc, "-e", "3 4 + p"]
    for i in range(startup_runs if "startup" in parts else 0):
        pair = [("rpn", argv_rpn), ("dc", argv_dc)]
        if i % 2:
            pair.reverse()
        for name, argv in pair:
            r = run_once(argv)
            if not r.ok():
                if name == "rpn" and not startup_failed:
                    startup_failed = True
                    errors.append(f"rpn start-up: {r.describe_failure()}")
                continue
            (st_rpn if name == "rpn" else st_dc).append(r.wall)
    rss_rpn = rss_dc = None
    if "startup" in parts:
        rss_rpn = max((run_once(argv_rpn, rss=True).rss_kb or 0) for _ in range(5)) or None
        rss_dc = max((run_once(argv_dc, rss=True).rss_kb or 0) for _ in range(5)) or None
        log(f"[{time.perf_counter() - t_start:6.1f}s] start-up done ({startup_runs} runs each)")

    # --- report ---------------------------------------------------------------------------
    print()
    try:
        head = subprocess.run(["git", "-C", ROOT, "describe", "--always", "--dirty"],
                              capture_output=True, text=True).stdout.strip()
    except OSError:
        head = ""
    print(f"rpn: {rpn}" + (f" (source: {head})" if head and not os.environ.get("RPN_BIN") else ""))
    print(f"dc:  {dc} ({subprocess.run([dc, '--version'], capture_output=True, text=True).stdout.splitlines()[0]})")
    if program_rows:
        py_version = subprocess.run([args.python, "-I", "-S", "-c", "import sys; print(sys.version.split()[0])"],
                                    capture_output=True, text=True).stdout.strip()
        print(f"CPython: {args.python} ({py_version}, run with -I -S)")
    if "throughput" in parts:
        print(f"runs: best of {reps} below 10^7 tokens; at 10^7 best of {reps_large} (rpn), "
              f"{dc_reps_large} (dc). tokens/s = tokens / whole-process wall time; "
              f"RSS = peak resident set (GNU time %M), MB")
    if rows:
        print()
        print_throughput_table(rows)
    if big_rows:
        print()
        print_big_table(big_rows, reps)
    if program_rows:
        print()
        print_program_table(program_rows, program_reps, dc_loop_reps)
    if "startup" in parts:
        print()
        print_startup_table(st_rpn, st_dc, startup_runs, rss_rpn, rss_dc)


    # --- targets --------------------------------------------------------------------------
    big = max(sizes)
    note = "" if big >= 10 ** 7 or not rows else f"  (measured at {fmt_size(big)}, not 10^7: indicative only)"
    print()
    print(f"Targets{note}:")

    def target(ok, text):
        print(f"- {'met   ' if ok else 'MISSED'} {text}")

    def throughput_targets(key, least, what):
        for row in rows:
            if row["size"] == big:
                r = ratio(row[key], row["dc"])
                target(r is not None and r >= least,
                       f"{what} >= {least}x dc throughput, {row['variant']} {fmt_size(big)}: {fmt_ratio(r)}")

    throughput_targets("ev", 50, "eval (exact)")
    throughput_targets("fl", 80, "eval --float")
    for b in big_rows:
        r = ratio(b["rpn"], b["dc"])
        target(r is not None and r >= 1, f"big integers at least as fast as dc, `{b['program']}`: {fmt_ratio(r)}")
    throughput_targets("de", 10, "describe")
    loop_note = "" if loop_n == LOOP_N else f" (loop of {loop_n}, not {LOOP_N}: indicative only)"
    for name, unit, _, _, _ in (program_benchmarks(loop_n) if program_rows else []):
        for tool in ("rpn", "rpn --float"):
            to_dc, to_py = program_ratios(program_rows, name, tool)
            what = f"{tool} {name}" + (loop_note if name == "loop" else "")
            target(to_dc is not None and to_dc >= 50, f"{what} >= 50x dc's {unit}/s: {fmt_ratio(to_dc)}")
            target(to_py is not None and to_py >= 3, f"{what} >= 3x CPython's {unit}/s: {fmt_ratio(to_py)}")
    if "startup" in parts:
        med_rpn, med_dc, st_ratio = startup_medians(st_rpn, st_dc)
        target(st_ratio is not None and st_ratio <= 1.2,
               f"start-up <= 1.2x dc: {fmt_ratio(st_ratio)} "
               f"({'FAIL' if med_rpn is None else f'{med_rpn:.2f}'} ms vs "
               f"{'n/a' if med_dc is None else f'{med_dc:.2f}'} ms)")
    for row in rows:
        if row["size"] != big:
            continue
        kb = row["ev_rss"]
        target(kb is not None and kb < 100 * 1024,
               f"eval peak RSS < 100 MB, {row['variant']} {fmt_size(big)}: {fmt_mb(kb)}{'' if kb is None else ' MB'}")

    if warnings or errors:
        print()
    for w in warnings:
        print(w if w.startswith("WARNING") else f"WARNING: {w}")
    for e in errors:
        print(f"ERROR: {e}")
    print()
    print(f"total bench time {time.perf_counter() - t_start:.0f} s")
    shutil.rmtree(RUN_DIR, ignore_errors=True)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
