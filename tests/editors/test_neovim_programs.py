"""Programs (issue 10) in headless Neovim (Debian 12: 0.7.2) with editors/neovim against the real
`rpn lsp`: the effects and errors the user sees while typing a definition.

tests/editors/nvim_programs_check.lua does the editing and writes JSON lines; the assertions are
here. Values by hand: 3 4 hyp = √(9+16) = 5.
"""

from __future__ import annotations

import pytest

from editor_support import EDITORS, HERE, Events, require_binary, require_server, run_json_lines

PROGRAM = ": hyp ( a b -- c ) a 2 ^ b 2 ^ + √ ;\n3 4 hyp\n"


@pytest.fixture(scope="module")
def nvim(tmp_path_factory) -> Events:
    nvim = require_binary("nvim")
    rpn = require_server()
    d = tmp_path_factory.mktemp("nvim-programs")
    f = d / "words.rpn"
    f.write_text(PROGRAM, encoding="utf-8")
    home = d / "home"
    home.mkdir()
    env = {"RPN_PLUGIN": str(EDITORS / "neovim"), "RPN_BIN": rpn, "RPN_FILE": str(f), "HOME": str(home),
           "XDG_CONFIG_HOME": str(home / ".config"), "XDG_DATA_HOME": str(home / ".local/share"),
           "XDG_STATE_HOME": str(home / ".local/state"), "XDG_CACHE_HOME": str(home / ".cache")}
    cmd = ["timeout", "60", nvim, "--headless", "-u", "NONE", "-i", "NONE", "-n",
           "-c", f"luafile {HERE / 'nvim_programs_check.lua'}"]
    events, r = run_json_lines(cmd, env)
    return Events(events, r)


def test_script_ran_to_the_end(nvim):
    assert not nvim.all("error"), nvim.all("error")
    assert nvim.run.returncode == 0, nvim.run.stderr.decode()[-3000:]


def test_a_program_without_mistakes_has_no_diagnostics(nvim):
    assert nvim.one("opened")["diagnostics"] == []


def test_hover_on_a_call_shows_the_word_and_the_calls_value(nvim):
    h = nvim.one("hover")
    assert h["position"] == {"line": 1, "character": 4}
    for part in ["**hyp** `( a b -- c )`", "`hyp(a,b) = √(a^2+b^2)`", "`hyp(3,4)` = 5"]:
        assert part in h["text"], h["text"]


def test_K_shows_the_description_in_a_window(nvim):
    text = nvim.one("K")["text"]
    assert text and "hyp(a,b) = √(a^2+b^2)" in text and "hyp(3,4)" in text, text


def test_typing_unbalanced_branches_shows_the_error_at_the_if(nvim):
    e = nvim.one("unbalanced")
    assert e["lines"][2] == ": f 0 > if 1 2 else 3 then ;"
    [d] = e["diagnostics"]
    # Neovim keeps byte columns: `if` is bytes 8-10 of the line.
    assert (d["lnum"], d["col"], d["end_col"], d["severity"], d["code"]) == (2, 8, 10, 1, "unbalanced-branches")
    assert d["message"] == ("the two parts of this if have different stack effects: "
                            "( -- x y ) before else, ( -- x ) after it")


def test_the_fix_leaves_a_hint_until_the_word_is_called(nvim):
    fixed = nvim.one("fixed")
    assert fixed["lines"][2] == ": f 0 > if 1 2 else 4 3 then ;"
    [d] = fixed["diagnostics"]
    assert (d["lnum"], d["col"], d["end_col"], d["severity"], d["code"]) == (2, 2, 3, 4, "unused-word")
    assert d["message"] == "'f' is defined but never called"
    called = nvim.one("called")
    assert called["lines"][3] == "5 f"
    assert called["diagnostics"] == []


def test_inlay_hints_show_the_inferred_effect_and_each_lines_stack(nvim):
    hints = [(h["line"], h["character"], h["label"]) for h in nvim.one("hints")["hints"]]
    # f takes x (the flag's operand) and leaves two entries; `5 f` is 5>0, so 1 2 (by hand).
    assert (2, 3, "( x -- x y )") in hints, hints
    assert (1, 7, "⇒ hyp(3,4) = 5") in hints, hints
    assert (3, 3, "⇒ 2 = 2") in hints, hints


def test_go_to_definition_of_a_call(nvim):
    assert nvim.one("definition")["cursor"] == [1, 2]


def test_rename_of_a_word_edits_its_definition_and_calls(nvim):
    assert nvim.one("renamed")["lines"][:2] == [": hypotenuse ( a b -- c ) a 2 ^ b 2 ^ + √ ;", "3 4 hypotenuse"]


def test_clean_exit(nvim):
    assert nvim.one("exit")["server_exit"] == {"code": 0, "signal": 0}
