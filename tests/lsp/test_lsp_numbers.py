"""The `exact` and `display` settings of the real `rpn lsp` (issue 9): a
`workspace/didChangeConfiguration` changes what hover and inlay hints show; `exact: false`
computes in doubles; `rpn/evaluate` answers with `exact` strings. Expected values from Python's
fractions and floats, not from the server.
"""
from __future__ import annotations

from fractions import Fraction

from lsp_wire import RawServer, notification

URI = "file:///numbers.rpn"
WHOLE = {"start": {"line": 0, "character": 0}, "end": {"line": 10, "character": 0}}


def fixed(value: Fraction, digits: int) -> str:
    """HP FIX: rounded half away from zero, from the exact value."""
    scaled = abs(value) * 10 ** digits
    whole = int(scaled)
    if scaled - whole >= Fraction(1, 2):
        whole += 1
    text = str(whole).rjust(digits + 1, "0")
    return ("-" if value < 0 else "") + text[:-digits] + "." + text[-digits:]


def started(text: str, **initialize) -> RawServer:
    server = RawServer()
    server.initialize(**initialize)
    server.open(URI, text)
    server.diagnostics(URI)
    return server


def configure(server: RawServer, settings: dict):
    server.send(notification("workspace/didChangeConfiguration", {"settings": {"rpn": settings}}))


def hover(server: RawServer, id, line: int, character: int) -> str:
    result = server.call(id, "textDocument/hover", {"textDocument": {"uri": URI},
                                                    "position": {"line": line, "character": character}})["result"]
    return result["contents"]["value"]


def hints(server: RawServer, id) -> list[str]:
    result = server.call(id, "textDocument/inlayHint", {"textDocument": {"uri": URI}, "range": WHOLE})["result"]
    return [hint["label"] for hint in result]


def test_display_setting_changes_hover_and_inlay_hints():
    server = started("10 3 ÷\n1 8 ÷\n")
    try:
        third = Fraction(10, 3)
        # std: 10/3 correctly rounded to 16 significant digits; 1/8 exactly
        assert hints(server, 1) == ["⇒ 10÷3 = 3." + "3" * 15, "⇒ 1÷8 = 0.125"]
        configure(server, {"display": {"mode": "fix", "digits": 2}})
        assert fixed(third, 2) == "3.33" and fixed(Fraction(1, 8), 2) == "0.13"
        assert hints(server, 2) == ["⇒ 10÷3 = 3.33", "⇒ 1÷8 = 0.13"]
        assert "= 3.33" in hover(server, 3, 0, 5)
        assert "3.333" not in hover(server, 4, 0, 5)
        configure(server, {"display": {"mode": "std"}})
        assert hints(server, 5)[1] == "⇒ 1÷8 = 0.125"
        server.assert_alive()
    finally:
        server.kill()


def test_exact_false_computes_in_doubles():
    server = started("0.1 0.2 +\n")
    try:
        assert Fraction("0.1") + Fraction("0.2") == Fraction("0.3")
        assert hints(server, 1) == ["⇒ 0.1+0.2 = 0.3"]
        configure(server, {"exact": False})
        assert repr(0.1 + 0.2) == "0.30000000000000004"
        assert hints(server, 2) == ["⇒ 0.1+0.2 = 0.30000000000000004"]
        assert "= 0.30000000000000004" in hover(server, 3, 0, 8)
        configure(server, {"exact": True})
        assert hints(server, 4) == ["⇒ 0.1+0.2 = 0.3"]
    finally:
        server.kill()


def test_lines_of_exact_literals_do_not_crash_the_server():
    # 0.5 is the exact 1/2, kept apart from its node: describing it once killed the server.
    server = started("0.5\n1234567.5\n")
    try:
        assert hints(server, 1) == ["⇒ 0.5 = 0.5", "⇒ 1234567.5 = 1234567.5"]
        server.assert_alive()
    finally:
        server.kill()


def test_rpn_evaluate_returns_exact_strings():
    server = started("2 100 ^\n")
    try:
        result = server.call(1, "rpn/evaluate", {"text": "2 100 ^ 1 3 ÷ 0.75 x",
                                                 "variables": {"x": "1 7 ÷ 2 ×"}})["result"]
        assert result["exact"] == [str(2 ** 100), "1/3", "3/4", str(Fraction(2, 7))]
        assert result["values"] == [float(2 ** 100), 1 / 3, 0.75, 2 / 7]
        document = server.call(2, "rpn/evaluate", {"textDocument": {"uri": URI}})["result"]
        assert document["exact"] == ["1267650600228229401496703205376"] == [str(2 ** 100)]
        configure(server, {"exact": False})
        floated = server.call(3, "rpn/evaluate", {"text": "0.1 0.2 +"})["result"]
        assert floated["exact"] == [repr(0.1 + 0.2)]
    finally:
        server.kill()


def test_hover_on_a_number_says_what_it_is():
    """Its exact value written out, its kind, an integer's other bases (Python's hex, oct, bin);
    with `exact: false` a double, and the decimal it is exactly (decimal.Decimal of the float)."""
    from decimal import Decimal

    server = started("6.02e23 0.375 ÷\n0.1\n")
    try:
        n = 602 * 10 ** 21
        assert hover(server, 1, 0, 0) == (
            f"6.02e23 integer: {n}\nhexadecimal 0x{n:X}, octal 0o{n:o}, binary 0b{n:b}")
        assert Fraction("0.375") == Fraction(3, 8)
        assert hover(server, 2, 0, 8) == "0.375 fraction: 3/8"
        configure(server, {"exact": False})
        assert hover(server, 3, 1, 0) == f"0.1 inexact, a double: {Decimal(0.1)}"
        assert hover(server, 4, 0, 8) == "0.375 inexact, a double"  # a double exactly: 3/8
        server.assert_alive()
    finally:
        server.kill()
