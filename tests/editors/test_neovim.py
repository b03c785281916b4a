"""Headless Neovim (Debian 12: 0.7.2) with editors/neovim against the real `rpn lsp`.

tests/editors/nvim_check.lua does the editing and writes JSON lines; the assertions are here.
Runs: the example document (diagnostics, hover and the K key, completion, rename, incremental
changes, formatting, exit status, the buffer's keys and omnifunc), a formatting run with
initializationOptions glyphs = unicode, one with indentWidth = 4 given to setup(), the evaluate key against a stand-in server
(fake_rpn_lsp.py: the rpn.evaluate contract), and the README's set-up code with `rpn` on PATH.
"""

from __future__ import annotations

import json
import re
import sys

import pytest

from editor_support import (EDITORS, EXAMPLE, HERE, Events, path_with_rpn, path_without_rpn,
                            require_binary, require_server, run_json_lines)

README = EDITORS / "neovim" / "README.md"


def run_nvim(tmp_path_factory, text: str, mode: str, extra_env: dict | None = None) -> Events:
    nvim = require_binary("nvim")
    rpn = require_server()
    d = tmp_path_factory.mktemp(f"nvim-{mode}")
    f = d / "example.rpn"
    f.write_text(text, encoding="utf-8")
    home = d / "home"
    home.mkdir()
    env = {"RPN_PLUGIN": str(EDITORS / "neovim"), "RPN_BIN": rpn, "RPN_FILE": str(f),
           "RPN_MODE": mode, "HOME": str(home), "XDG_CONFIG_HOME": str(home / ".config"),
           "XDG_DATA_HOME": str(home / ".local/share"), "XDG_STATE_HOME": str(home / ".local/state"),
           "XDG_CACHE_HOME": str(home / ".cache"), **(extra_env or {})}
    cmd = ["timeout", "60", nvim, "--headless", "-u", "NONE", "-i", "NONE", "-n",
           "-c", f"luafile {HERE / 'nvim_check.lua'}"]
    events, r = run_json_lines(cmd, env)
    ev = Events(events, r)
    ev.file = f
    return ev


@pytest.fixture(scope="module")
def nvim(tmp_path_factory) -> Events:
    return run_nvim(tmp_path_factory, EXAMPLE, "main")


@pytest.fixture(scope="module")
def nvim_glyphs(tmp_path_factory) -> Events:
    return run_nvim(tmp_path_factory, "3 4 * 2 / sqrt pi - ->X X\n", "glyphs")


@pytest.fixture(scope="module")
def nvim_indent(tmp_path_factory) -> Events:
    return run_nvim(tmp_path_factory, INDENT_PROGRAM, "indent")


# A definition whose body formatting indents one level (issue 17: the width is a setting).
INDENT_PROGRAM = ": square ( x -- y )\nx x ×\n;\n3 square\n"


def rng(r: dict) -> tuple[int, int, int, int]:
    return (r["start"]["line"], r["start"]["character"], r["end"]["line"], r["end"]["character"])


def test_script_ran_to_the_end(nvim):
    assert not nvim.all("error"), nvim.all("error")
    assert nvim.run.returncode == 0, nvim.run.stderr.decode()[-3000:]


def test_filetype_detection_and_ftplugin(nvim):
    e = nvim.one("open")
    assert e["filetype"] == "rpn"
    assert e["commentstring"] == "# %s"
    assert e["syntax"] == "rpn"
    assert e["client"], "the plugin did not attach the rpn client to the buffer"


def test_positions_are_utf16(nvim):
    assert nvim.one("initialized")["offset_encoding"] == "utf-16"


def test_published_diagnostics(nvim):
    params = nvim.one("published")["params"]
    assert params["uri"] == nvim.file.as_uri()
    diags = sorted(params["diagnostics"], key=lambda d: rng(d["range"]))
    assert [(rng(d["range"]), d["severity"], d.get("code"), d.get("source")) for d in diags] == [
        ((1, 0, 1, 1), 1, "missing-operand", "rpn"),
        ((1, 10, 1, 11), 1, "division-by-zero", "rpn"),
        ((2, 0, 2, 3), 2, "unset-variable", "rpn"),
    ]
    assert diags[1]["message"] == "division by zero"
    assert diags[2]["message"] == "'sqr' is a free variable; did you mean 'sqrt'?"


def test_neovim_places_diagnostics_on_the_right_bytes(nvim):
    # Neovim 0.7 stores byte columns: the ÷ of "√ π × 1 0 ÷" is bytes 14-16 (UTF-16 10-11),
    # the √ bytes 0-3 (UTF-16 0-1).
    items = sorted(nvim.one("vim_diagnostics")["items"], key=lambda d: (d["lnum"], d["col"]))
    assert [(d["lnum"], d["col"], d["end_lnum"], d["end_col"], d["severity"], d["code"])
            for d in items] == [
        (1, 0, 1, 3, 1, "missing-operand"),
        (1, 14, 1, 16, 1, "division-by-zero"),
        (2, 0, 2, 3, 2, "unset-variable"),
    ]


def test_hover_builtin(nvim):
    h = nvim.one("hover", 0)
    assert h["position"] == {"line": 1, "character": 0}
    assert h.get("err") is None, h.get("err")
    assert h["kind"] == "markdown"
    assert "( a -- √a )" in h["text"]
    assert "Square root" in h["text"]


def test_hover_expression_and_value(nvim):
    h = nvim.one("hover", 1)
    assert h["position"] == {"line": 3, "character": 8}
    assert "`3+5`" in h["text"] and "= 8" in h["text"], h["text"]


def test_hover_free_variable_expression(nvim):
    h = nvim.one("hover", 2)
    assert h["position"] == {"line": 3, "character": 10}
    assert "M×(3+5)" in h["text"], h["text"]


BUILTINS = ["sqrt", "sin", "cos", "tan", "asin", "acos", "atan", "ln", "log", "exp", "abs", "neg",
            "chs", "pi", "e", "pow", "dup", "drop", "swap", "over", "rot", "clear"]


def test_completion(nvim):
    e = nvim.one("completion")
    assert e.get("err") is None, e.get("err")
    labels = {it["label"] for it in e["items"]}
    missing = [w for w in BUILTINS + ["M", "N", "→M", "→N"] if w not in labels]
    assert not missing, f"completion lacks {missing}; got {sorted(labels)}"
    sqrt = next(it for it in e["items"] if it["label"] == "sqrt")
    assert isinstance(sqrt.get("kind"), int)
    doc = sqrt.get("documentation") or e.get("resolved_sqrt_doc")
    assert doc, "no documentation for sqrt (neither in the item nor from completionItem/resolve)"


def test_prepare_rename(nvim):
    e = nvim.one("prepare_rename")
    assert e["character"] == 11
    assert e.get("err") is None, e.get("err")
    res = e["result"]
    r = res.get("range", res)
    assert rng(r) == (2, 11, 2, 12)


@pytest.mark.parametrize("index, name", [(0, "sqrt"), (1, "3x")])
def test_rename_refused(nvim, index, name):
    e = nvim.one("rename_refused", index)
    assert e["new_name"] == name
    assert e.get("err"), f"renaming N to {name!r} was not refused: {e.get('result')}"
    assert e.get("result") is None


def test_rename_edits(nvim):
    e = nvim.one("rename_edit")
    assert e.get("err") is None, e.get("err")
    ws = e["result"]
    uri = nvim.file.as_uri()
    if "documentChanges" in ws:
        edits = [te for dc in ws["documentChanges"] if dc["textDocument"]["uri"] == uri for te in dc["edits"]]
    else:
        edits = ws["changes"][uri]
    assert sorted((rng(te["range"]), te["newText"]) for te in edits) == [
        ((2, 11, 2, 12), "total"),
        ((3, 0, 3, 1), "total"),
    ]


def test_rename_applied_by_neovim(nvim):
    assert nvim.one("renamed")["lines"] == [
        "# π √ 😀 comment", "√ π × 1 0 ÷", "sqr 2 + M →total", "total M 3 5 + ×"]


def test_incremental_changes_after_multibyte_characters(nvim):
    e = nvim.one("changed")
    assert e["lines"] == ["# π √ 😀 comment more", "√ π × 1 2 ÷", "sqr 2 + M →total",
                          "total M 3 5 + ×", "  3   4+5×  # x"]
    codes = [(d.get("code"), rng(d["range"])) for d in e["params"]["diagnostics"]]
    assert ("division-by-zero", (1, 10, 1, 11)) not in codes, codes
    assert ("unset-variable", (2, 0, 2, 3)) in codes, codes


def test_formatting(nvim):
    assert nvim.one("formatted")["lines"] == [
        "# π √ 😀 comment more", "√ π × 1 2 ÷", "sqr 2 + M →total", "total M 3 5 + ×",
        "3 4 + 5 × # x"]


def test_clean_exit(nvim):
    assert nvim.one("exit")["server_exit"] == {"code": 0, "signal": 0}


def test_formatting_with_unicode_glyphs(nvim_glyphs):
    assert not nvim_glyphs.all("error"), nvim_glyphs.all("error")
    assert nvim_glyphs.one("formatted")["lines"] == ["3 4 × 2 ÷ √ π − →X X"]
    assert nvim_glyphs.one("exit")["server_exit"] == {"code": 0, "signal": 0}


def test_setup_sends_the_default_indent_width(nvim):
    # the test's setup() gives glyphs only: indentWidth comes from the plugin's defaults
    assert nvim.one("initialized")["init_options"]["formatting"] == {"glyphs": "keep", "indentWidth": 2}


def test_formatting_with_indent_width_4_from_setup(nvim_indent):
    assert not nvim_indent.all("error"), nvim_indent.all("error")
    assert nvim_indent.one("initialized")["init_options"]["formatting"] == {"glyphs": "keep", "indentWidth": 4}
    assert nvim_indent.one("formatted")["lines"] == [": square ( x -- y )", "    x x ×", ";", "3 square"]
    assert nvim_indent.one("exit")["server_exit"] == {"code": 0, "signal": 0}


# --- Keys and omnifunc of rpn buffers -------------------------------------------------------

def test_on_attach_sets_buffer_local_omnifunc(nvim):
    keys = nvim.one("keys")
    assert keys["omnifunc"] == "v:lua.vim.lsp.omnifunc"
    assert keys["other_buffer_omnifunc"] == "", "omnifunc leaked out of the rpn buffer"


def test_on_attach_maps_K_and_the_evaluate_key(nvim):
    keys = nvim.one("keys")
    assert keys["hover"] != None and keys["hover"]["callback"], keys  # noqa: E711 (JSON null)
    assert keys["evaluate"] != None and keys["evaluate"]["callback"], keys  # noqa: E711
    assert "<leader>=" in README.read_text(encoding="utf-8"), "README does not document <leader>="


def test_K_shows_the_hover(nvim):
    e = nvim.one("K")
    assert e["text"] and "( a -- √a )" in e["text"] and "Square root" in e["text"], e


def test_inlay_hints_are_turned_on_where_neovim_has_them(nvim):
    # Neovim 0.10+: the plugin calls vim.lsp.inlay_hint.enable(true, {bufnr = b}) by default
    calls = nvim.one("inlay_hints")["calls"]
    assert len(calls) == 1, calls
    assert calls[0]["enable"] is True and set(calls[0]["filter"]) == {"bufnr"}, calls


# --- The evaluate key, against a stand-in server with the rpn.evaluate command ---------------

EVALUATED = "√(3+5) = 2.8284271247461903"


@pytest.fixture(scope="module", params=["before", "after"])
def nvim_evaluate(request, tmp_path_factory):
    log = tmp_path_factory.mktemp("fake-lsp") / "received.jsonl"
    cmd = [sys.executable, str(HERE / "fake_rpn_lsp.py"), str(log), request.param]
    # line 1: 𝑥 (U+1D465, a letter) is 4 bytes in UTF-8 and 2 units in UTF-16
    ev = run_nvim(tmp_path_factory, "3 5 + √ π cos\n𝑥 √\n", "evaluate", {"RPN_FAKE_CMD": json.dumps(cmd)})
    ev.received = [json.loads(l) for l in log.read_text(encoding="utf-8").splitlines()] if log.exists() else []
    return ev


def test_evaluate_key_sends_rpn_evaluate_through_the_cursor(nvim_evaluate):
    assert not nvim_evaluate.all("error"), nvim_evaluate.all("error")
    calls = [m for m in nvim_evaluate.received if m.get("method") == "workspace/executeCommand"]
    uri = nvim_evaluate.file.as_uri()
    # the cursor on the √ of "3 5 + √ π cos" (UTF-16 column 6): through it is column 7;
    # on the √ of "𝑥 √" (column 3 in UTF-16 units: 𝑥 is two): column 4
    assert [c["params"] for c in calls] == [
        {"command": "rpn.evaluate", "arguments": [{"uri": uri, "position": {"line": 0, "character": 7}}]},
        {"command": "rpn.evaluate", "arguments": [{"uri": uri, "position": {"line": 1, "character": 4}}]},
    ], nvim_evaluate.received


@pytest.mark.parametrize("press", [0, 1])
def test_evaluate_key_shows_the_result_once(nvim_evaluate, press):
    shown = nvim_evaluate.one("evaluated", press)["messages"]
    # the server's own showMessage of the same text is not shown a second time
    assert [m for m in shown if "2.8284271247461903" in m] == [EVALUATED], shown


# --- The README's set-up, with rpn on PATH ----------------------------------------------------

def lua_blocks(text: str) -> list[str]:
    return re.findall(r"```lua\n(.*?)```", text, re.S)


def readme_snippet(directory) -> tuple[str, list[str]]:
    """The README's runnable set-up code as an init.lua in `directory`: its path and blocks."""
    text = README.read_text(encoding="utf-8")
    runnable = [b for b in lua_blocks(text) if b.lstrip().startswith(("require(\"rpn\").setup(",
                                                                       "vim.diagnostic.config("))]
    snippet = directory / "init.lua"
    snippet.write_text("\n".join(runnable), encoding="utf-8")
    return str(snippet), runnable


@pytest.fixture(scope="module")
def nvim_readme(tmp_path_factory):
    d = tmp_path_factory.mktemp("nvim-readme-snippet")
    snippet, runnable = readme_snippet(d)
    ev = run_nvim(tmp_path_factory, EXAMPLE, "readme",
                  {"RPN_SNIPPET": snippet, "PATH": path_with_rpn(d, require_server())})
    ev.runnable = runnable
    return ev


@pytest.fixture(scope="module")
def nvim_readme_without_rpn(tmp_path_factory):
    snippet, _ = readme_snippet(tmp_path_factory.mktemp("nvim-readme-no-rpn"))
    return run_nvim(tmp_path_factory, EXAMPLE, "readme",
                    {"RPN_SNIPPET": snippet, "PATH": path_without_rpn(), "RPN_NO_SERVER": "1"})


def test_without_rpn_on_path_the_message_says_what_to_do(nvim_readme_without_rpn):
    e = nvim_readme_without_rpn.one("no_server")
    assert e["filetype"] == "rpn" and e["clients"] == 0
    said = [m for m in e["messages"] if "rpn" in m]
    assert any("server not found" in m and "scripts/install" in m for m in said), e["messages"]


def test_readme_setup_finds_rpn_on_path(nvim_readme):
    assert any("require(\"rpn\").setup(" in b for b in nvim_readme.runnable), "no setup() block"
    assert not nvim_readme.all("error"), nvim_readme.all("error")
    assert nvim_readme.one("readme")["cmd"] == ["rpn", "lsp"]


def test_readme_says_when_diagnostics_update_and_how_to_change_it(nvim_readme):
    text = README.read_text(encoding="utf-8")
    assert re.search(r"leav\w* insert mode", text), "README does not say diagnostics wait for leaving insert mode"
    assert nvim_readme.one("readme")["update_in_insert"] is True
