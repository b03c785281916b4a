"""Completion in headless Neovim 0.7 (<C-x><C-o>, vim.lsp.omnifunc) with editors/neovim
against the real `rpn lsp`: the text an item puts into the buffer.

Neovim 0.7 replaces the text from where the items' textEdit starts (or, without one, from the
start of the keyword under the cursor, which knows no arrows and no astral letters) with the
item's text. Without edits, choosing the store of M after `2 ->` made `2 ->->M`.
tests/editors/nvim_completion_check.lua does the editing; the assertions are here.
"""

from __future__ import annotations

import json

import pytest

from editor_support import EDITORS, HERE, Events, require_binary, require_server, run_json_lines

# Line 0 stores M, N and 𝑥y (an astral letter: two UTF-16 units, four bytes); each following
# line is typed up to the cursor at its end.
TEXT = "1 →M 2 →N 3 →𝑥y\n2 ->\n2 →\n2 -\n√ π 😀 2 →𝑥\n3 4+sq\n𝑥\n"

# (line, the item to choose: the first of these labels listed (the store's label before the
# fix, the name after it), the line then): by hand.
PICKS = [
    (1, ["->M", "M"], "2 ->M"),
    (2, ["→N", "N"], "2 →N"),
    (3, ["->M"], "2 ->M"),
    (4, ["→𝑥y", "𝑥y"], "√ π 😀 2 →𝑥y"),
    (5, ["sqrt"], "3 4+sqrt"),
    (6, ["𝑥y"], "𝑥y"),
]


@pytest.fixture(scope="module")
def completions(tmp_path_factory) -> Events:
    nvim = require_binary("nvim")
    rpn = require_server()
    d = tmp_path_factory.mktemp("nvim-completion")
    f = d / "completion.rpn"
    f.write_text(TEXT, encoding="utf-8")
    home = d / "home"
    home.mkdir()
    env = {"RPN_PLUGIN": str(EDITORS / "neovim"), "RPN_BIN": rpn, "RPN_FILE": str(f),
           "RPN_PICKS": json.dumps([[line, labels] for line, labels, _ in PICKS]),
           "HOME": str(home), "XDG_CONFIG_HOME": str(home / ".config"),
           "XDG_DATA_HOME": str(home / ".local/share"), "XDG_STATE_HOME": str(home / ".local/state"),
           "XDG_CACHE_HOME": str(home / ".cache")}
    cmd = ["timeout", "60", nvim, "--headless", "-u", "NONE", "-i", "NONE", "-n",
           "-c", f"luafile {HERE / 'nvim_completion_check.lua'}"]
    events, r = run_json_lines(cmd, env)
    return Events(events, r)


def test_script_ran_to_the_end(completions):
    assert not completions.all("error"), completions.all("error")
    assert completions.run.returncode == 0, completions.run.stderr.decode()[-3000:]


@pytest.mark.parametrize("index, pick", list(enumerate(PICKS)), ids=[p[2] for p in PICKS])
def test_the_chosen_item_lands_as_typed(completions, index, pick):
    line, _, expected = pick
    e = completions.one("completed", index)
    assert e["line"] == line
    assert e.get("chosen"), f"none of {pick[1]} in the menu: {e['menu']}"
    assert e["text"] == expected, e
