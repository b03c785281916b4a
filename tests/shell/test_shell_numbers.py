"""The shell's number commands under a real terminal (issue 9): :fix 2, :hex, :float, :digits
N (issue 18), the shell started with --fix 2 / --float / --digits N, and Ctrl-C during a long exact computation. Expected
values by hand or from Python's fractions and floats.
"""
from __future__ import annotations

import time

from shell_support import PROMPT, line, quit
from shell_support import spawn as spawn_shell


def spawn(home, args=None):
    return spawn_shell(home, args or [], settle=0.3)


def test_fix_two(tmp_path):
    child = spawn(tmp_path)
    assert "10÷3 = 3.333333333333333" in line(child, "10 3 ÷")
    shown = line(child, ":fix 2")
    assert "1: 3.33\r\n" in shown and "10÷3 = 3.33\r\n" in shown
    assert "= 3.33\r\n" in line(child, "")  # Enter duplicates, shown the same way
    assert "x = 3.33" in line(child, ":set x 10 3 ÷")
    assert "x = 3.33" in line(child, ":vars")
    assert "= 3.333333333333333" in line(child, ":std")
    assert quit(child) == 0


def test_hex_and_back(tmp_path):
    child = spawn(tmp_path)
    line(child, "255")
    assert "1: 0xFF\r\n" in line(child, ":hex")
    assert "= -0x10\r\n" in line(child, "-16")
    assert "= 0.5\r\n" in line(child, "1 2 ÷")  # non-integers stay decimal
    line(child, "drop drop")
    assert "1: 255\r\n" in line(child, ":dec")
    assert "= 31\r\n" in line(child, "0x1F")
    assert quit(child) == 0


def test_float_and_exact(tmp_path):
    child = spawn(tmp_path)
    assert "= 0.3\r\n" in line(child, "0.1 0.2 +")
    assert "float:" in line(child, ":float")
    assert f"= {0.1 + 0.2!r}\r\n" in line(child, "0.1 0.2 +")
    line(child, ":exact")
    assert "= 0.3\r\n" in line(child, "0.1 0.2 +")
    assert quit(child) == 0


def test_digits_and_back(tmp_path):
    # √2 to 30 digits and π to 20, from mpmath (mp.dps = 80, nstr(..., 30)).
    child = spawn(tmp_path)
    assert "= 1.4142135623730951\r\n" in line(child, "2 √")
    assert "digits 30:" in line(child, ":digits 30")
    assert "= 1.41421356237309504880168872421\r\n" in line(child, "2 √")
    assert "digits 30: " in line(child, ":digits")
    assert "exact:" in line(child, ":digits off")
    assert "= 1.4142135623730951\r\n" in line(child, "2 √")
    line(child, ":undo")
    line(child, ":undo")
    assert "digits 30: " in line(child, ":digits")
    assert "usage: :digits N" in line(child, ":digits 0")
    assert quit(child) == 0


def test_started_with_digits(tmp_path):
    child = spawn(tmp_path, ["--digits", "20"])
    assert "= 3.1415926535897932385\r\n" in line(child, "π")
    assert quit(child) == 0


def test_started_with_digits_and_float_refuses(tmp_path):
    import pexpect
    from shell_support import RPN, environment
    child = pexpect.spawn(RPN, ["--digits", "20", "--float"], env=environment(tmp_path), encoding="utf-8", timeout=10)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 64
    assert "choose one" in child.before


def test_started_with_fix_two_and_float(tmp_path):
    child = spawn(tmp_path, ["--fix", "2"])
    assert "10÷3 = 3.33\r\n" in line(child, "10 3 ÷")
    assert quit(child) == 0
    child = spawn(tmp_path, ["--fresh", "--float"])  # not the --fix 2 session restored
    assert f"= {0.1 + 0.2!r}\r\n" in line(child, "0.1 0.2 +")
    assert quit(child) == 0


def test_started_with_a_bad_fix_refuses(tmp_path):
    import pexpect
    from shell_support import RPN, environment
    child = pexpect.spawn(RPN, ["--fix", "-1"], env=environment(tmp_path), encoding="utf-8", timeout=10)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 64
    assert "--fix takes 0 to 1000 digits, got -1" in child.before


# Every operation is bounded by the 10^6-digit cap, so no single one takes seconds: 205000! has
# about 950,000 digits and takes some 20 ms; a line of 150 pairs of them takes a few seconds.
LONG_LINE = "0" + " 205000 ! 205000 ! - +" * 150


def test_ctrl_c_stops_a_long_exact_computation_and_keeps_the_stack(tmp_path):
    child = spawn(tmp_path)
    assert "= 7\r\n" in line(child, "7")
    child.sendline(LONG_LINE)
    time.sleep(1.0)
    started = time.monotonic()
    child.sendintr()
    child.expect_exact("interrupted; the stack is unchanged", timeout=10)
    assert time.monotonic() - started < 2, "Ctrl-C is asked between operations"
    child.expect_exact(PROMPT)
    shown = line(child, ":describe")
    assert shown.split("\r\n")[1] == "7"  # after the echo: only the 7
    assert "7+1 = 8" in line(child, "1 +")
    assert quit(child) == 0


def test_the_long_line_does_finish_without_ctrl_c(tmp_path):
    # the line really is long: run to its end, it takes more than a second
    child = spawn(tmp_path)
    child.sendline(LONG_LINE)
    started = time.monotonic()
    child.expect_exact(PROMPT, timeout=120)
    assert time.monotonic() - started > 1.0
    assert quit(child) == 0


def resident_megabytes(pid: int) -> float:
    with open(f"/proc/{pid}/status") as status:
        for field in status:
            if field.startswith("VmRSS:"):
                return int(field.split()[1]) / 1024
    raise AssertionError("no VmRSS")


def test_a_long_loop_runs_in_flat_memory_and_ctrl_c_answers_at_once(tmp_path):
    # Issue 16: the shell kept a tree for every step of a loop, grew 100-300 MB a second and
    # died of it. It keeps trees for what it can show: past 10^5 nodes the loop goes on
    # without them. Ctrl-C answers within the next 4096 steps, and the stack is as it was.
    child = spawn(tmp_path)
    assert "= 5\r\n" in line(child, "5")
    child.sendline("0 1 1000000000 for i i + next")
    samples = []
    for _ in range(6):
        time.sleep(0.4)
        samples.append(resident_megabytes(child.pid))
    assert max(samples) < 100, f"resident MB while the loop ran: {samples}"
    assert samples[-1] - samples[1] < 10, f"memory grew while the loop ran: {samples}"
    started = time.monotonic()
    child.sendintr()
    child.expect_exact("interrupted; the stack is unchanged", timeout=10)
    answered = time.monotonic() - started
    assert answered < 0.1, f"Ctrl-C took {answered:.3f} s"
    child.expect_exact(PROMPT)
    shown = line(child, ":describe")
    assert shown.split("\r\n")[1] == "5"
    assert "5+1 = 6" in line(child, "1 +")
    assert quit(child) == 0
