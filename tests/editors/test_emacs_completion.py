"""Completion through eglot 1.9 (Emacs 28, batch) with editors/emacs/rpn-mode.el against the
real `rpn lsp`: what eglot lists for the text at point, and the text a chosen item leaves.

eglot lists the items whose filterText (or label) starts with the symbol at point, and applies
the chosen item's textEdit. So the symbol at point must be what the server's edits replace
(rpn-mode: `>` is punctuation, like `-`, so after `2 ->` nothing is typed yet) and filterText
must be the spelling typed (`pi` and `chs` list π and ±).
tests/editors/emacs_completion_check.el does the editing; the assertions are here.
"""

from __future__ import annotations

import json

import pytest

from editor_support import EDITORS, HERE, Events, require_binary, require_server, run_json_lines

# Line 0 stores M, N and 𝑥y (an astral letter); each following line is typed up to its end.
TEXT = "1 →M 2 →N 3 →𝑥y\n2 ->\n2 →\n√ π 😀 2 →𝑥\n3 4+sq\n2 pi\n2 ch\n2 PI\n"

# (line, the item to choose: the first of these labels listed (the store's label before the
# fix, the name after it), the candidates that must be listed, the line once chosen): by hand.
PICKS = [
    (1, ["->M", "M"], {"M", "N"}, "2 ->M"),
    (2, ["→N", "N"], {"M", "N"}, "2 →N"),
    (3, ["→𝑥y", "𝑥y"], {"𝑥y"}, "√ π 😀 2 →𝑥y"),
    (4, ["sqrt"], {"sqrt", "√"}, "3 4+sqrt"),
    (5, ["π"], {"pi", "π"}, "2 π"),
    (6, ["±"], {"chs", "±"}, "2 ±"),
    (7, ["pi"], set(), "2 PI"),  # constants are case-sensitive: PI is a variable, not pi
]


@pytest.fixture(scope="module")
def completions(tmp_path_factory) -> Events:
    emacs = require_binary("emacs")
    rpn = require_server()
    d = tmp_path_factory.mktemp("emacs-completion")
    f = d / "completion.rpn"
    f.write_text(TEXT, encoding="utf-8")
    home = d / "home"
    home.mkdir()
    env = {"RPN_MODE_EL": str(EDITORS / "emacs" / "rpn-mode.el"), "RPN_BIN": rpn, "RPN_FILE": str(f),
           "RPN_PICKS": json.dumps([[line, labels] for line, labels, _, _ in PICKS]), "HOME": str(home)}
    cmd = ["timeout", "60", emacs, "-Q", "--batch", "-l", str(HERE / "emacs_completion_check.el")]
    events, r = run_json_lines(cmd, env)
    return Events(events, r)


def test_script_ran_to_the_end(completions):
    assert not completions.all("error"), completions.all("error")
    assert completions.run.returncode == 0, completions.run.stderr.decode()[-3000:]


@pytest.mark.parametrize("index, pick", list(enumerate(PICKS)), ids=[p[3] for p in PICKS])
def test_listed_and_chosen_as_typed(completions, index, pick):
    line, _, listed, expected = pick
    e = completions.one("completed", index)
    assert e["line"] == line
    assert listed <= set(e["candidates"]), e
    assert e["text"] == expected, e
