"""Emacs 28 in batch with editors/emacs/rpn-mode.el and eglot 1.9 (Debian's elpa-eglot)
against the real `rpn lsp`.

tests/editors/emacs_eglot_check.el does the editing and writes JSON lines; the assertions are
here. Runs: the example document (flymake diagnostics, hover, completion, rename and the
messages of refused renames, incremental changes, formatting, exit status), formatting with
glyphs = unicode and with `rpn-formatting-indent-width' 4, C-c C-e against a stand-in server (fake_rpn_lsp.py: the rpn.evaluate
contract), and the README's first snippet with `rpn` on PATH.
"""

from __future__ import annotations

import json
import re
import sys

import pytest

from editor_support import (EDITORS, EXAMPLE, HERE, Events, path_with_rpn, path_without_rpn,
                            require_binary, require_server, run_json_lines)

README = EDITORS / "emacs" / "README.md"


def run_emacs(tmp_path_factory, text: str, mode: str, extra_env: dict | None = None) -> Events:
    emacs = require_binary("emacs")
    rpn = require_server()
    d = tmp_path_factory.mktemp(f"emacs-{mode}")
    f = d / "example.rpn"
    f.write_text(text, encoding="utf-8")
    home = d / "home"
    home.mkdir()
    env = {"RPN_MODE_EL": str(EDITORS / "emacs" / "rpn-mode.el"), "RPN_BIN": rpn,
           "RPN_FILE": str(f), "RPN_MODE": mode, "HOME": str(home), **(extra_env or {})}
    cmd = ["timeout", "60", emacs, "-Q", "--batch", "-l", str(HERE / "emacs_eglot_check.el")]
    events, r = run_json_lines(cmd, env)
    ev = Events(events, r)
    ev.file = f
    return ev


@pytest.fixture(scope="module")
def emacs(tmp_path_factory) -> Events:
    return run_emacs(tmp_path_factory, EXAMPLE, "main")


@pytest.fixture(scope="module")
def emacs_glyphs(tmp_path_factory) -> Events:
    return run_emacs(tmp_path_factory, "3 4 * 2 / sqrt pi - ->X X\n", "glyphs")


@pytest.fixture(scope="module")
def emacs_indent(tmp_path_factory) -> Events:
    # a definition whose body formatting indents one level
    return run_emacs(tmp_path_factory, ": square ( x -- y )\nx x ×\n;\n3 square\n", "indent")


def rng(r: dict) -> tuple[int, int, int, int]:
    return (r["start"]["line"], r["start"]["character"], r["end"]["line"], r["end"]["character"])


def test_script_ran_to_the_end(emacs):
    assert not emacs.all("error"), emacs.all("error")
    assert emacs.run.returncode == 0, emacs.run.stderr.decode()[-3000:]


def test_mode_and_server(emacs):
    e = emacs.one("open")
    assert e["major_mode"] == "rpn-mode"
    assert e["language_id"] == "rpn"
    assert e["server"] == "rpn"
    assert e["command"][1:] == ["lsp"]


def test_published_diagnostics(emacs):
    params = emacs.one("published")["params"]
    assert params["uri"] == emacs.file.as_uri()
    diags = sorted(params["diagnostics"], key=lambda d: rng(d["range"]))
    assert [(rng(d["range"]), d["severity"], d.get("code"), d.get("source")) for d in diags] == [
        ((1, 0, 1, 1), 1, "missing-operand", "rpn"),
        ((1, 10, 1, 11), 1, "division-by-zero", "rpn"),
        ((2, 0, 2, 3), 2, "unset-variable", "rpn"),
    ]


def test_flymake_places_diagnostics(emacs):
    # Emacs columns count characters: √ π × ÷ are one character (and one UTF-16 unit) each.
    items = emacs.one("flymake")["items"]
    assert [(d["line"], d["col"], d["end_line"], d["end_col"], d["type"]) for d in items] == [
        (1, 0, 1, 1, "eglot-error"),
        (1, 10, 1, 11, "eglot-error"),
        (2, 0, 2, 3, "eglot-warning"),
    ]
    assert "division by zero" in items[1]["text"]
    assert "did you mean 'sqrt'?" in items[2]["text"]


def test_hover_builtin(emacs):
    h = emacs.one("hover", 0)
    assert h["position"] == {"line": 1, "character": 0}
    assert h["error"] is None
    # eglot 1.9 asks for markdown only when markdown-mode is installed: plaintext here
    assert h["kind"] in ("plaintext", "markdown")
    assert "( a -- √a )" in h["text"] and "Square root" in h["text"], h["text"]


def test_hover_expression_and_value(emacs):
    h = emacs.one("hover", 1)
    assert h["position"] == {"line": 3, "character": 8}
    assert "3+5" in h["text"] and "= 8" in h["text"], h["text"]


def test_hover_free_variable_expression(emacs):
    h = emacs.one("hover", 2)
    assert h["position"] == {"line": 3, "character": 10}
    assert "M×(3+5)" in h["text"], h["text"]


def test_eglot_hover_info(emacs):
    text = emacs.one("hover_info")["text"]
    assert "( a -- √a )" in text and "Square root" in text, text


BUILTINS = ["sqrt", "sin", "cos", "tan", "asin", "acos", "atan", "ln", "log", "exp", "abs", "neg",
            "chs", "pi", "e", "pow", "dup", "drop", "swap", "over", "rot", "clear"]


def test_completion(emacs):
    e = emacs.one("completion")
    assert e["error"] is None
    assert e["position"] == {"line": 3, "character": 11}
    labels = {it["label"] for it in e["items"]}
    missing = [w for w in BUILTINS + ["M", "N", "→M", "→N"] if w not in labels]
    assert not missing, f"completion lacks {missing}; got {sorted(labels)}"
    sqrt = next(it for it in e["items"] if it["label"] == "sqrt")
    assert isinstance(sqrt["kind"], int)
    # Documentation comes with completionItem/resolve (the list stays small).
    assert sqrt["documentation"] is None
    assert "Square root" in e["resolved_sqrt_doc"]


def test_completion_at_point(emacs):
    candidates = set(emacs.one("capf")["candidates"])
    assert {"sqrt", "dup", "M", "N", "→N"} <= candidates, sorted(candidates)


def test_prepare_rename(emacs):
    e = emacs.one("prepare_rename")
    assert e["error"] is None
    res = e["result"]
    assert rng(res.get("range", res)) == (2, 11, 2, 12)


@pytest.mark.parametrize("index, name", [(0, "sqrt"), (1, "3x")])
def test_rename_refused(emacs, index, name):
    e = emacs.one("rename_refused", index)
    assert e["new_name"] == name
    assert e["error"], f"renaming N to {name!r} was not refused: {e['result']}"
    assert e["result"] is None


def test_eglot_rename(emacs):
    e = emacs.one("renamed")
    assert e["error"] is None
    assert e["lines"] == ["# π √ 😀 comment", "√ π × 1 0 ÷", "sqr 2 + M →total",
                          "total M 3 5 + ×", ""]


def test_incremental_changes_after_multibyte_characters(emacs):
    e = emacs.one("changed")
    assert e["lines"] == ["# π √ 😀 comment more", "√ π × 1 2 ÷", "sqr 2 + M →total",
                          "total M 3 5 + ×", "  3   4+5×  # x"]
    codes = [(d.get("code"), rng(d["range"])) for d in e["params"]["diagnostics"]]
    assert ("division-by-zero", (1, 10, 1, 11)) not in codes, codes
    assert ("unset-variable", (2, 0, 2, 3)) in codes, codes
    assert not any("division by zero" in d["text"] for d in e["flymake"]), e["flymake"]


def test_eglot_format_buffer(emacs):
    # eglot sends insertFinalNewline = require-final-newline (t in prog-mode): the last line,
    # typed without one, gets its line ending.
    assert emacs.one("formatted")["lines"] == [
        "# π √ 😀 comment more", "√ π × 1 2 ÷", "sqr 2 + M →total", "total M 3 5 + ×",
        "3 4 + 5 × # x", ""]


def test_clean_exit(emacs):
    e = emacs.one("exit")
    assert e["shutdown_error"] is None and e["shutdown_result"] is None
    assert (e["status"], e["code"]) == ("exit", 0)


def test_formatting_with_unicode_glyphs(emacs_glyphs):
    assert not emacs_glyphs.all("error"), emacs_glyphs.all("error")
    assert emacs_glyphs.one("formatted")["lines"] == ["3 4 × 2 ÷ √ π − →X X", ""]
    e = emacs_glyphs.one("exit")
    assert (e["status"], e["code"]) == ("exit", 0)


def test_formatting_with_indent_width_4_from_the_defcustom(emacs_indent):
    assert not emacs_indent.all("error"), emacs_indent.all("error")
    assert emacs_indent.one("formatted")["lines"] == [": square ( x -- y )", "    x x ×", ";", "3 square", ""]
    e = emacs_indent.one("exit")
    assert (e["status"], e["code"]) == ("exit", 0)


# --- Refused renames: the message the user sees ------------------------------------------------

def readable(seen: str | None) -> bool:
    return bool(seen) and "jsonrpc-error" not in seen and "(jsonrpc-" not in seen


def test_mx_eglot_rename_of_a_builtin_says_why_in_words(emacs):
    # eglot 1.9 sends no prepareRename: the server's refusal of the rename itself is what
    # the user sees, and it must read as a sentence, not as a jsonrpc-error form
    seen = emacs.one("rename_builtin")["mx"]["seen"]
    assert readable(seen), seen
    assert "only variables, words of one's own and their parameters can be renamed" in seen and "π" in seen, seen


def test_rename_key_refuses_a_builtin_before_asking_for_a_name(emacs):
    e = emacs.one("rename_builtin")
    for how in ("remapped", "key"):  # [remap eglot-rename] and C-c C-r in rpn-mode-map
        assert e[how]["command"] == "rpn-rename", e
        assert e[how]["prompts"] == [], e[how]   # refused at once: no "Rename `π' to:" first
        # the same words as the server's refusal: words of one's own and parameters rename too
        assert readable(e[how]["seen"]), e[how]
        assert "only variables, words of one's own and their parameters can be renamed" in e[how]["seen"], e[how]


def test_renaming_to_a_builtin_name_says_why_in_words(emacs):
    seen = emacs.one("rename_to_builtin")["mx"]["seen"]
    assert readable(seen) and "'sqrt' is the built-in word sqrt" in seen, seen


# --- C-c C-e: rpn.evaluate at point, against a stand-in server ------------------------------------

EVALUATED = "√(3+5) = 2.8284271247461903"


@pytest.fixture(scope="module", params=["before", "after"])
def emacs_evaluate(request, tmp_path_factory):
    log = tmp_path_factory.mktemp("fake-lsp") / "received.jsonl"
    cmd = [sys.executable, str(HERE / "fake_rpn_lsp.py"), str(log), request.param]
    ev = run_emacs(tmp_path_factory, "3 5 + √ π cos\n", "evaluate", {"RPN_FAKE_CMD": json.dumps(cmd)})
    ev.received = [json.loads(l) for l in log.read_text(encoding="utf-8").splitlines()] if log.exists() else []
    ev.order = request.param
    return ev


def test_evaluate_key_sends_rpn_evaluate_at_point(emacs_evaluate):
    assert not emacs_evaluate.all("error"), emacs_evaluate.all("error")
    assert emacs_evaluate.one("evaluated")["key_command"] == "rpn-evaluate-at-point"
    calls = [m for m in emacs_evaluate.received if m.get("method") == "workspace/executeCommand"]
    assert len(calls) == 1, emacs_evaluate.received
    # point is right after the √ of "3 5 + √ π cos": UTF-16 column 7
    assert calls[0]["params"] == {"command": "rpn.evaluate", "arguments": [
        {"uri": emacs_evaluate.file.as_uri(), "position": {"line": 0, "character": 7}}]}


def test_evaluate_key_shows_the_text_in_the_echo_area(emacs_evaluate):
    assert emacs_evaluate.one("evaluated")["seen"]["seen"] == EVALUATED
    # the server's own copy (eglot shows it as "[eglot] ..."), if it comes later, keeps the text
    assert EVALUATED in emacs_evaluate.one("last_message")["text"]


# --- The README's first snippet, with rpn on PATH -----------------------------------------------

def elisp_blocks(text: str) -> list[str]:
    return re.findall(r"```elisp\n(.*?)```", text, re.S)


@pytest.fixture(scope="module")
def emacs_readme(tmp_path_factory):
    first = elisp_blocks(README.read_text(encoding="utf-8"))[0]
    d = tmp_path_factory.mktemp("emacs-readme-snippet")
    snippet = d / "init.el"
    snippet.write_text(first.replace("/path/to/rpn", str(EDITORS.parent)), encoding="utf-8")
    ev = run_emacs(tmp_path_factory, EXAMPLE, "readme",
                   {"RPN_SNIPPET": str(snippet), "PATH": path_with_rpn(d, require_server())})
    ev.snippet = first
    return ev


def test_readme_first_snippet_names_the_server_command(emacs_readme):
    assert "rpn-server-command" in emacs_readme.snippet, emacs_readme.snippet


def test_readme_first_snippet_starts_the_server_from_path(emacs_readme):
    assert not emacs_readme.all("error"), emacs_readme.all("error")
    e = emacs_readme.one("readme")
    assert e["major_mode"] == "rpn-mode"
    assert e["command"] == ["rpn", "lsp"]
    assert any("division by zero" in d["text"] for d in e["flymake"]), e["flymake"]
    assert (emacs_readme.one("exit")["status"], emacs_readme.one("exit")["code"]) == ("exit", 0)


@pytest.fixture(scope="module")
def emacs_readme_without_rpn(tmp_path_factory):
    first = elisp_blocks(README.read_text(encoding="utf-8"))[0]
    d = tmp_path_factory.mktemp("emacs-readme-no-rpn")
    snippet = d / "init.el"
    snippet.write_text(first.replace("/path/to/rpn", str(EDITORS.parent)), encoding="utf-8")
    return run_emacs(tmp_path_factory, EXAMPLE, "readme",
                     {"RPN_SNIPPET": str(snippet), "PATH": path_without_rpn(), "RPN_NO_SERVER": "1"})


def test_without_rpn_on_path_the_message_says_what_to_do(emacs_readme_without_rpn):
    assert not emacs_readme_without_rpn.all("error"), emacs_readme_without_rpn.all("error")
    seen = emacs_readme_without_rpn.one("connect")["seen"]
    assert seen and "scripts/install" in seen and "rpn-server-command" in seen, seen
    assert emacs_readme_without_rpn.one("readme")["command"] is None
