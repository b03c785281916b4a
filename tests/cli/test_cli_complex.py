"""Complex values from the release binary (issue 18): `--json` gives each as `{"re", "im"}`
beside its exact text, `--polar` prints modulus∠argument (in degrees with --degrees), and
`rpn plot` of complex values says it draws their real part. Expected values by hand or from
Python's complex numbers and math.atan2.
"""
from __future__ import annotations

import json
import math

import pytest

from cli_support import rpn, text


@pytest.mark.parametrize("options, program, values, exact", [
    ([], "3 4i +", [{"re": 3, "im": 4}], ["3+4i"]),
    ([], "1 2 ÷ 3i - 7", [{"re": 0.5, "im": -3}, 7], ["1/2-3i", "7"]),
    (["--complex"], "-4 √", [{"re": 0, "im": 2}], ["2i"]),
    (["--float"], "1 2i + 3 4i + ×", [{"re": -5, "im": 10}], ["-5+10i"]),
    ([], "1i 1i ×", [-1], ["-1"]),
])
def test_json_gives_complex_values_their_parts(options, program, values, exact):
    assert (1 + 2j) * (3 + 4j) == -5 + 10j
    status, out, err = text(rpn(*options, "--json", "-e", program))
    assert status == 0, err
    result = json.loads(out)
    assert result["values"] == values
    assert result["exact"] == exact


def test_json_gives_a_complex_variable_its_parts():
    status, out, _ = text(rpn("--json", "-e", "3 4i + →z"))
    assert status == 0
    assert json.loads(out)["variables"] == {"z": {"re": 3, "im": 4}}


@pytest.mark.parametrize("options, expected", [
    (["--polar"], f"5∠{math.atan2(4, 3)!r}\n"),
    (["--polar", "--degrees"], f"5∠{math.degrees(math.atan2(4, 3))!r}°\n"),
    ([], "3+4i\n"),
])
def test_polar(options, expected):
    assert text(rpn(*options, "-e", "3 4i +")) == (0, expected, "")


def test_set_takes_a_complex_value():
    assert text(rpn("--set", "z=3 4i +", "-e", "z conj")) == (0, "3-4i\n", "")
    assert text(rpn("--complex", "--set", "w=-9 √", "-e", "w")) == (0, "3i\n", "")


def test_plot_of_complex_values_draws_the_real_part():
    status, out, err = text(rpn("plot", "--from", "-2", "--to", "2", "-e", "M M 1i × +"))
    assert status == 0
    assert "M+M×1i" in out.splitlines()[0] or "M" in out.splitlines()[0]
    assert err == "rpn: note: the plot shows the real part of complex values; their imaginary part was left out\n"
