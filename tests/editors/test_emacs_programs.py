"""Programs (issue 10) in Emacs 28 in batch with editors/emacs/rpn-mode.el and eglot 1.9 against
the real `rpn lsp`: the effects and errors the user sees while typing a definition (flymake),
hover on a call, the inlay hints, the definition of a call and renaming a word.

tests/editors/emacs_eglot_check.el (RPN_MODE=programs) does the editing and writes JSON lines;
the assertions are here. Values by hand: 3 4 hyp = √(9+16) = 5.
"""

from __future__ import annotations

import pytest

from editor_support import Events
from test_emacs import run_emacs

PROGRAM = ": hyp ( a b -- c ) a 2 ^ b 2 ^ + √ ;\n3 4 hyp\n"


@pytest.fixture(scope="module")
def emacs(tmp_path_factory) -> Events:
    return run_emacs(tmp_path_factory, PROGRAM, "programs")


def rng(r: dict) -> tuple[int, int, int, int]:
    return (r["start"]["line"], r["start"]["character"], r["end"]["line"], r["end"]["character"])


def test_script_ran_to_the_end(emacs):
    assert not emacs.all("error"), emacs.all("error")
    assert emacs.run.returncode == 0, emacs.run.stderr.decode()[-3000:]


def test_a_program_without_mistakes_has_no_diagnostics(emacs):
    assert emacs.one("opened")["params"]["diagnostics"] == []


def test_hover_on_a_call_shows_the_word_and_the_calls_value(emacs):
    h = emacs.one("hover")
    assert h["position"] == {"line": 1, "character": 4}
    assert h["error"] is None
    for part in ["hyp(a,b) = √(a^2+b^2)", "hyp(3,4)", "= 5", "( a b -- c )"]:
        assert part in h["text"], h["text"]
    shown = emacs.one("hover_info")["text"]
    assert "hyp(a,b) = √(a^2+b^2)" in shown, shown


def test_typing_unbalanced_branches_shows_the_error_at_the_if(emacs):
    e = emacs.one("unbalanced")
    assert e["lines"][2] == ": f 0 > if 1 2 else 3 then ;"
    [d] = e["params"]["diagnostics"]
    assert (rng(d["range"]), d["severity"], d["code"]) == ((2, 8, 2, 10), 1, "unbalanced-branches")
    # flymake marks the if (Emacs columns count characters)
    [mark] = e["flymake"]
    assert (mark["line"], mark["col"], mark["end_col"], mark["type"]) == (2, 8, 10, "eglot-error")
    assert "( -- x y ) before else, ( -- x ) after it" in mark["text"], mark["text"]


def test_the_fix_leaves_a_hint_until_the_word_is_called(emacs):
    fixed = emacs.one("fixed")
    assert fixed["lines"][2] == ": f 0 > if 1 2 else 4 3 then ;"
    [mark] = fixed["flymake"]
    assert (mark["line"], mark["col"], mark["end_col"]) == (2, 2, 3)
    assert mark["type"] == "eglot-note"
    assert "'f' is defined but never called" in mark["text"], mark["text"]
    called = emacs.one("called")
    assert called["lines"][3] == "5 f"
    assert called["flymake"] == []


def test_inlay_hints_show_the_inferred_effect(emacs):
    e = emacs.one("hints")
    assert e["error"] is None
    hints = [(h["position"]["line"], h["position"]["character"], h["label"]) for h in e["result"]]
    assert (2, 3, "( x -- x y )") in hints, hints
    assert (1, 7, "⇒ hyp(3,4) = 5") in hints, hints


def test_definition_of_a_call(emacs):
    e = emacs.one("definition")
    assert e["error"] is None
    [location] = e["result"]
    assert rng(location["range"]) == (0, 2, 0, 5)


def test_eglot_rename_of_a_word(emacs):
    e = emacs.one("renamed")
    assert e["error"] is None
    assert e["lines"][:2] == [": hypotenuse ( a b -- c ) a 2 ^ b 2 ^ + √ ;", "3 4 hypotenuse"]


def test_clean_exit(emacs):
    e = emacs.one("exit")
    assert (e["status"], e["code"]) == ("exit", 0)
