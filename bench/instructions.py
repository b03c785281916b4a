#!/usr/bin/env python3
"""Instructions per unit of work (callgrind) for rpn and peer interpreters, side by side.

Run it through `bench/instructions`, which installs valgrind and the peers and builds the
release binary first. See bench/README.md. Standard library only.

Why instructions and not time: this VM's 2 shared cores make wall and CPU time drift by 20%;
callgrind's count of executed instructions moves by a few parts in 10^5 (Swift's and
CPython's hashing is seeded at random), so a change of a few percent in the interpreter shows.
Each program runs at two sizes and the figure is the difference over the difference in work,
so start-up and exit cancel out.
"""

import argparse
import concurrent.futures
import math
import os
import re
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True          # importing bench.py leaves no __pycache__ behind
sys.path.insert(0, HERE)
import bench  # noqa: E402  (bench.py: the straight-line programs' generator, fib by iteration)

PARTS = ("fib", "loop", "straight", "startup")
PEERS = ("rpn", "dc", "cpython", "lua", "luajit", "gforth")

# Issue 16's figures. rpn's are "before" (the build the issue measured), shown beside today's;
# the peers' are what they were then, shown beside ours as a check that we measure the same
# thing (another Debian release of a peer gives other figures).
BEFORE = {("rpn (exact)", "fib"): 403, ("rpn (exact)", "loop"): 171,
          ("rpn --float", "fib"): 442, ("rpn --float", "loop"): 169}
PEER_REFERENCE = {"dc": (5864, 12575), "CPython": (544, 478), "Lua 5.4": (252, 69),
                  "LuaJIT -joff": (121, 37), "gforth-fast": (58, 20)}
STRAIGHT_BEFORE = {"rpn (exact)": {"ascii": 314e6, "unicode": 338e6, "deep": 227e6},
                   "rpn --float": {"ascii": 198e6, "unicode": 222e6, "deep": 194e6}}
TARGETS = {"fib": 200, "loop": 60}      # issue 16: at most this many, and fewer than Lua 5.4's

# ---------------------------------------------------------------------------------------------
# The programs. Each tool runs its idiomatic form of the two workloads; `size` is fib's n or
# the loop's N. The dc programs are bench.py's (its yardstick): fib recurses on the main stack
# (`r` swaps; F runs G when n > 1), the loop keeps the sum on the stack and the counter in
# register i. CPython's loop runs in a function, where variables are fast locals (as bench.py).
# ---------------------------------------------------------------------------------------------

RPN_FIB = ": fib ( n -- f ) n 2 < if n else n 1 - fib n 2 - fib + then ; {n} fib"
RPN_LOOP = "0 1 {n} for i i + next"
LUA_FIB = ("local function fib(n) if n < 2 then return n end return fib(n-1) + fib(n-2) end "
           "print(fib({n}))")
LUA_LOOP = "local s = 0 for i = 1, {n} do s = s + i end print(s)"

PROGRAMS = {
    "rpn (exact)": {"fib": ["{rpn}", "-e", RPN_FIB], "loop": ["{rpn}", "-e", RPN_LOOP]},
    "rpn --float": {"fib": ["{rpn}", "--float", "-e", RPN_FIB],
                    "loop": ["{rpn}", "--float", "-e", RPN_LOOP]},
    "dc": {"fib": ["dc", "-e", "[d 1 - lFx r 2 - lFx +]sG [d 1 <G]sF {n} lFx p"],
           "loop": ["dc", "-e", "0 1 si [li + li 1 + d si {n} !<L] d sL x p"]},
    "CPython": {"fib": ["{python}", "-I", "-S", "-c",
                        "def fib(n): return n if n < 2 else fib(n-1) + fib(n-2)\nprint(fib({n}))"],
                "loop": ["{python}", "-I", "-S", "-c",
                         "def run(n):\n    s = 0\n    for i in range(1, n + 1): s += i\n    return s\n"
                         "print(run({n}))"]},
    "Lua 5.4": {"fib": ["lua5.4", "-e", LUA_FIB], "loop": ["lua5.4", "-e", LUA_LOOP]},
    "LuaJIT -joff": {"fib": ["luajit", "-joff", "-e", LUA_FIB],
                     "loop": ["luajit", "-joff", "-e", LUA_LOOP]},
    "gforth-fast": {
        "fib": ["gforth-fast", "-e",
                ": fib ( n -- f ) dup 2 < if exit then dup 1- recurse swap 2 - recurse + ; {n} fib . bye"],
        "loop": ["gforth-fast", "-e", ": sum ( n -- s ) 0 swap 1+ 1 do i + loop ; {n} sum . bye"]},
}
PEER_OF = {"rpn (exact)": "rpn", "rpn --float": "rpn", "dc": "dc", "CPython": "cpython",
           "Lua 5.4": "lua", "LuaJIT -joff": "luajit", "gforth-fast": "gforth"}

# Sizes (small, big) per workload, the same for every tool: dc's cost per iteration grows with
# the digits of the sum, so a smaller N would flatter it (10^4 and 2·10^4 give 11,224, not the
# 12,575 of 10^5 and 2·10^5). Its runs are the slowest, about 8 s. fib(n) makes 2·fib(n+1) − 1
# calls.
SIZES = {"fib": (18, 22), "loop": (100_000, 200_000)}
QUICK_SIZES = {"fib": (14, 18), "loop": (20_000, 40_000)}
UNIT = {"fib": "fib call", "loop": "loop iteration"}


def work(workload, n):
    return 2 * bench.fib(n + 1) - 1 if workload == "fib" else n


def answer(workload, n):
    return bench.fib(n) if workload == "fib" else n * (n + 1) // 2


# ---------------------------------------------------------------------------------------------
# One callgrind run
# ---------------------------------------------------------------------------------------------

class Failure(Exception):
    pass


COLLECTED = re.compile(r"^==\d+== Collected : (\d+)$", re.M)
VALGRIND_LINE = re.compile(r"^==\d+==")


def callgrind(argv):
    """(instructions, stdout) of one run of argv under callgrind; Failure if it did not exit 0
    quietly. The profile goes to /dev/null: only the total, printed on stderr, is wanted."""
    p = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"] + argv,
                       stdin=subprocess.DEVNULL, capture_output=True, text=True, errors="replace")
    own_stderr = [ln for ln in p.stderr.splitlines() if not VALGRIND_LINE.match(ln)]
    m = COLLECTED.search(p.stderr)
    if p.returncode != 0 or own_stderr or not m:
        why = (own_stderr or ["no 'Collected' line from valgrind"])[0][:200]
        raise Failure(f"exit {p.returncode}: {why}")
    return int(m.group(1)), p.stdout


def last_number(text):
    """The last thing printed, as an int when it is integral (gforth's `.` adds a space, an
    answer of --float may print as 6765.0)."""
    words = text.replace("\\\n", "").split()
    if not words:
        return None
    try:
        return int(words[-1])
    except ValueError:
        try:
            x = float(words[-1])
        except ValueError:
            return words[-1]
        return int(x) if math.isfinite(x) and x == int(x) else x


def shown(argv):
    return " ".join(a if re.fullmatch(r"[\w./+-]+", a) else "'" + a.replace("\n", "\\n") + "'"
                    for a in argv)


# ---------------------------------------------------------------------------------------------
# Formatting
# ---------------------------------------------------------------------------------------------

def num(x):
    return "FAIL" if x is None else f"{x:,.0f}"


def mega(x):
    return "FAIL" if x is None else f"{x / 1e6:,.0f} M" if x >= 1e8 else f"{x / 1e6:,.1f} M"


def met(ok, text):
    print(f"- {'met   ' if ok else 'MISSED'} {text}")


def log(msg):
    print(msg, file=sys.stderr, flush=True)


# ---------------------------------------------------------------------------------------------
# Main
# ---------------------------------------------------------------------------------------------

def main():
    ap = argparse.ArgumentParser(description="Instructions per unit of work (callgrind): rpn beside "
                                             "dc, CPython, Lua 5.4, LuaJIT -joff and gforth-fast.")
    ap.add_argument("--rpn", required=True, help="path of the rpn binary")
    ap.add_argument("--python", default=sys.executable,
                    help="the CPython to measure (default: the one running this; a pyenv shim would "
                         "be measured as the shell script it is)")
    ap.add_argument("--only", default=",".join(PARTS), help=f"parts, of {','.join(PARTS)} (default all)")
    ap.add_argument("--peers", default=",".join(PEERS), help=f"tools, of {','.join(PEERS)} (default all)")
    ap.add_argument("--quick", action="store_true",
                    help="smaller sizes, and straight-line at 10^5 tokens (no before figures)")
    ap.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1),
                    help="callgrind runs at once (counts do not depend on load; default 2)")
    args = ap.parse_args()
    parts = [p for p in args.only.split(",") if p]
    peers = [p for p in args.peers.split(",") if p]
    for what, given, known in (("--only", parts, PARTS), ("--peers", peers, PEERS)):
        if set(given) - set(known):
            ap.error(f"{what}: unknown {', '.join(sorted(set(given) - set(known)))}; known: {', '.join(known)}")
    args.rpn = os.path.abspath(args.rpn)
    t_start = time.perf_counter()

    tools, skipped = installed_tools(peers, args)
    workloads = [w for w in ("fib", "loop") if w in parts]
    straight_size = 10 ** 5 if args.quick else 10 ** 6
    straight_modes = [("rpn (exact)", []), ("rpn --float", ["--float"])] if "rpn" in peers else []
    if "straight" not in parts:
        straight_modes = []
    startup = [t for t in ("rpn", "dc") if "startup" in parts and t in peers and shutil.which(
        args.rpn if t == "rpn" else "dc")]
    runs = plan(args, tools, workloads, straight_size, straight_modes, startup)

    # Counts do not depend on the load, so runs may share the cores.
    counts, errors = {}, []

    def one(run):
        key, argv, want = run
        t = time.perf_counter()
        try:
            n, out = callgrind(argv)
        except Failure as e:
            return key, None, f"`{shown(argv)}`: {e}"
        log(f"[{time.perf_counter() - t_start:6.1f}s] {n:>13,} instructions, {time.perf_counter() - t:5.1f}s: "
            f"{shown(argv)[:100]}")
        got = last_number(out)
        if not (close(got, want) if isinstance(want, float) else got == want):
            return key, None, f"`{shown(argv)}` printed {got!r}, not {want!r}: a wrong answer"
        return key, n, None

    with concurrent.futures.ThreadPoolExecutor(max(1, args.jobs)) as pool:
        for key, n, error in pool.map(one, runs):
            counts[key] = n
            if error:
                errors.append(error)

    print()
    print(f"rpn: {args.rpn}")
    print(versions(tools, args.python))
    per_unit = {}
    if workloads and tools:
        per_unit = print_per_unit(counts, tools, workloads, args.quick)
    if straight_modes:
        print_straight(counts, straight_modes, straight_size, args.quick)
    if startup:
        print()
        print("start-up (callgrind instructions, whole process)")
        print("| command | instructions |")
        print("|---|---:|")
        rows = [("rpn", "rpn -e '3 4 +'"), ("rpn FILE", "rpn FILE (3 4 +)"), ("dc", "dc -e '3 4 + p'")]
        for tool, cmd in rows:
            if ("startup", tool) in counts:
                print(f"| `{cmd}` | {num(counts['startup', tool])} |")
    print_targets(per_unit, [t for t in ("rpn (exact)", "rpn --float") if t in tools], workloads,
                  (counts, straight_modes) if straight_modes and not args.quick else None)

    if skipped or errors:
        print()
    for s in skipped:
        print(f"SKIPPED: {s}")
    for e in errors:
        print(f"ERROR: {e}")
    print()
    print(f"total time {time.perf_counter() - t_start:.0f} s")
    return 1 if errors else 0


def installed_tools(peers, args):
    """The tools of the peers asked for whose interpreter is installed, and what was skipped."""
    tools, skipped = [], []
    for tool, peer in PEER_OF.items():
        exe = PROGRAMS[tool]["fib"][0].format(rpn=args.rpn, python=args.python)
        if peer not in peers:
            continue
        if shutil.which(exe) is None:
            if f"{peer} ({exe} not found)" not in skipped:
                skipped.append(f"{peer} ({exe} not found)")
            continue
        tools.append(tool)
    return tools, skipped


def plan(args, tools, workloads, straight_size, straight_modes, startup):
    """Every callgrind run of the report, as (key, argv, the answer it must print)."""
    runs = []
    for workload in workloads:
        for tool in tools:
            for n in (QUICK_SIZES if args.quick else SIZES)[workload]:
                argv = [a.format(rpn=args.rpn, python=args.python, n=n) for a in PROGRAMS[tool][workload]]
                runs.append(((tool, workload, n), argv, answer(workload, n)))
    if straight_modes:
        programs = bench.generate(ensure_dir(os.path.join(HERE, "out")), straight_size)
        for variant in bench.VARIANTS:
            path = programs[variant][0]
            want = bench.deep_expected(straight_size) if variant == "deep" else chain_value(path)
            for tool, flags in straight_modes:
                runs.append(((tool, variant), [args.rpn] + flags + [path], want))
    if "rpn" in startup:
        runs.append((("startup", "rpn"), [args.rpn, "-e", "3 4 +"], 7))
        # The same program from a file: `rpn FILE` is how scripts run.
        path = os.path.join(ensure_dir(os.path.join(HERE, "out")), "startup.rpn")
        with open(path, "w") as f:
            f.write("3 4 +\n")
        runs.append((("startup", "rpn FILE"), [args.rpn, path], 7))
    if "dc" in startup:
        runs.append((("startup", "dc"), ["dc", "-e", "3 4 + p"], 7))
    return runs


def print_per_unit(counts, tools, workloads, quick):
    """The main table; returns {(tool, workload): instructions per unit, None if a run failed}."""
    per_unit = {}
    for tool in tools:
        for w in workloads:
            small, big = (QUICK_SIZES if quick else SIZES)[w]
            a, b = counts.get((tool, w, small)), counts.get((tool, w, big))
            per_unit[tool, w] = None if a is None or b is None else \
                (b - a) / (work(w, big) - work(w, small))
    print()
    print("instructions per unit of work (callgrind; two sizes, start-up cancelled)")
    print("| | " + " | ".join(UNIT[w] for w in workloads) + " |")
    print("|---|" + "---:|" * len(workloads))
    for tool in tools:
        cells = []
        for w in workloads:
            now = num(per_unit[tool, w])
            if (tool, w) in BEFORE:
                cells.append(f"{BEFORE[tool, w]:,} → {now}")
            else:
                cells.append(f"{now} ({PEER_REFERENCE[tool][('fib', 'loop').index(w)]:,})")
        print(f"| {tool} | " + " | ".join(cells) + " |")
    print("rpn: issue 16's figure → today's; peers: today's (issue 16's). "
          + sizes_note(quick, workloads))
    return per_unit


def print_straight(counts, modes, size, quick):
    print()
    print(f"straight-line evaluation, {bench.fmt_size(size)} tokens "
          f"(callgrind instructions of the whole `rpn FILE`, bench.py's programs)")
    print("| | " + " | ".join(bench.VARIANTS) + " |")
    print("|---|" + "---:|" * len(bench.VARIANTS))
    for tool, _ in modes:
        cells = [mega(counts.get((tool, v))) if quick else
                 f"{mega(STRAIGHT_BEFORE[tool][v])} → {mega(counts.get((tool, v)))}"
                 for v in bench.VARIANTS]
        print(f"| {tool} | " + " | ".join(cells) + " |")
    print("(--quick: 10^5 tokens; issue 16's figures are at 10^6)" if quick
          else "issue 16's figure → today's")


def print_targets(per_unit, rpn_tools, workloads, straight=None):
    """The issue's targets, met or missed. `straight`: (counts, modes) of a full-size
    straight-line run, whose target is no more instructions than before the engine."""
    if not (rpn_tools and workloads) and not straight:
        return
    print()
    print("Targets (issue 16):")
    if straight:
        counts, modes = straight
        for tool, _ in modes:
            for v in bench.VARIANTS:
                x, before = counts.get((tool, v)), STRAIGHT_BEFORE[tool][v]
                met(x is not None and x <= before,
                    f"{tool} straight-line {v} at 10^6 tokens no more than before the engine "
                    f"({mega(before)}): {mega(x)}")
    for tool in rpn_tools:
        for w in workloads:
            x = per_unit[tool, w]
            met(x is not None and x <= TARGETS[w], f"{tool} {UNIT[w]} ≤ {TARGETS[w]}: {num(x)}")
            lua = per_unit.get(("Lua 5.4", w))
            lua_text = num(lua)
            if lua is None:  # Lua not measured here: its figure in the issue
                lua = PEER_REFERENCE["Lua 5.4"][("fib", "loop").index(w)]
                lua_text = f"{lua} (issue 16's; not measured here)"
            met(x is not None and x < lua, f"{tool} {UNIT[w]} fewer than Lua 5.4's {lua_text}: {num(x)}")


def ensure_dir(path):
    os.makedirs(path, exist_ok=True)
    return path


def chain_value(path):
    """The chain program at path evaluated here in floating point: what `rpn FILE` must print
    (rpn's exact answer, rounded to a double, agrees with it well within `close`'s 1e-9)."""
    ops = {"+": float.__add__, "-": float.__sub__, "*": float.__mul__, "/": float.__truediv__,
           "\u2212": float.__sub__, "\u00d7": float.__mul__, "\u00f7": float.__truediv__}
    with open(path, encoding="utf-8") as f:
        words = f.read().split()
    x = float(words[0])
    for operand, op in zip(words[1::2], words[2::2]):
        x = ops[op](x, float(operand))
    return x


def close(got, want):
    return isinstance(got, (int, float)) and abs(got - want) <= 1e-9 * abs(want)


def sizes_note(quick, workloads):
    sizes = QUICK_SIZES if quick else SIZES
    text = {"fib": "fib(n), n = {:,} and {:,}", "loop": "loop to {:,} and {:,}"}
    return "Sizes: " + "; ".join(text[w].format(*sizes[w]) for w in workloads) + "."


def versions(tools, python):
    """One line naming the peers' versions (their figures depend on them)."""
    probes = {"dc": ["dc", "--version"], "CPython": [python, "--version"],
              "Lua 5.4": ["lua5.4", "-v"], "LuaJIT -joff": ["luajit", "-v"],
              "gforth-fast": ["gforth-fast", "--version"]}
    found = []
    for tool in tools:
        if tool in probes:
            p = subprocess.run(probes[tool], capture_output=True, text=True)
            first = (p.stdout + p.stderr).strip().splitlines()
            found.append(first[0].split(" Copyright")[0].split(" --")[0].strip() if first else tool)
    valgrind = subprocess.run(["valgrind", "--version"], capture_output=True, text=True).stdout.strip()
    return f"peers: {'; '.join(found) or 'none'}; {valgrind}"


if __name__ == "__main__":
    sys.exit(main())
