"""Complex values in the shell under a real terminal (issue 18): typing `1 2i +`, `:polar`,
`:complex` and `-4 √`, and the shell started with --complex --polar. Expected values by hand or
from Python's complex numbers and math.atan2.
"""
from __future__ import annotations

import math

from shell_support import line, quit
from shell_support import spawn as spawn_shell


def spawn(home, args=None):
    return spawn_shell(home, args or [], settle=0.3)


def test_complex_values_polar_and_complex_mode(tmp_path):
    child = spawn(tmp_path)
    assert "1+2i = 1+2i\r\n" in line(child, "1 2i +")
    modulus, argument = abs(1 + 2j), math.atan2(2, 1)
    assert f"1: {modulus!r}∠{argument!r}\r\n" in line(child, ":polar")
    assert "1: 1+2i\r\n" in line(child, ":rect")
    assert "error" in line(child, "-4 √")
    shown = line(child, ":complex")
    assert "complex: " in shown
    assert "√(−4) = 2i\r\n" in line(child, "-4 √")
    assert "3: 1+2i\r\n  2: 2i\r\n  1: 2i\r\n" in line(child, "")  # Enter duplicates
    assert "real: " in line(child, ":real")
    assert "error" in line(child, "-9 √")
    assert quit(child) == 0


def test_started_with_complex_and_polar(tmp_path):
    child = spawn(tmp_path, ["--complex", "--polar", "--degrees"])
    assert f"= 3∠{math.degrees(math.pi)!r}°\r\n" not in line(child, "-9 √")  # 3i is at 90°
    shown = line(child, "")
    assert "3∠90°\r\n" in shown
    line(child, ":save saved.rpn")
    assert (tmp_path / "saved.rpn").read_text().splitlines()[:2] == ["deg", "complex"]
    assert quit(child) == 0
