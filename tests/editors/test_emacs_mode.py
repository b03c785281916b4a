"""editors/emacs/rpn-mode.el on its own (no server): byte-compiles cleanly, auto-mode-alist,
comment syntax, font-lock faces, eglot registration. Emacs 28 in batch mode."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from editor_support import (EDITORS, HERE, Events, describe_run, path_with_rpn, require_binary,
                            run_json_lines)

MODE_EL = EDITORS / "emacs" / "rpn-mode.el"

SAMPLE = ("3 -4.5 1e3 3+4 + − - * × / ÷ ^ pow POW\n"
          "√ sqrt SQRT sin cos tan asin acos atan ln log exp abs neg ± chs\n"
          "π pi PI e E dup DROP swap over rot clear →M ->rate M sqr ſin # comment sqrt\n"
          "mod XOR gcd atan2 log2 fact pick dup2 lastx\n"
          "< > <= >= = == != ≤ ≥ ≠ and OR not 2<3 5!=\n")

FUNCTIONS = "√ sqrt SQRT sin cos tan asin acos atan ln log exp abs neg ± chs".split()
EXPECTED_FACE = {
    **{w: "rpn-number" for w in ["3", "-4.5", "1e3"]},
    **{w: "rpn-operator" for w in "+ − - * × / ÷ ^ pow POW mod XOR".split()},
    **{w: "rpn-function" for w in "gcd atan2 log2 fact".split()},
    **{w: "rpn-operator" for w in "< > <= >= = == != ≤ ≥ ≠ and OR".split()},
    "not": "rpn-function",
    **{w: "rpn-stack-word" for w in "pick dup2 lastx".split()},
    **{w: "rpn-function" for w in FUNCTIONS},
    **{w: "rpn-constant" for w in "π pi e".split()},
    **{w: "rpn-stack-word" for w in "dup DROP swap over rot clear".split()},
    **{w: "rpn-store" for w in ["→M", "->rate"]},
    # variables (ſin is not sin: ASCII-only case; constants are case-sensitive: PI, E)
    **{w: "none" for w in ["M", "sqr", "ſin", "PI", "E"]},
}


@pytest.fixture(scope="module")
def mode(tmp_path_factory) -> Events:
    emacs = require_binary("emacs")
    # the eglot contact looks for `rpn' on PATH: any executable of that name will do here
    path = path_with_rpn(tmp_path_factory.mktemp("emacs-mode"), shutil.which("true"))
    events, r = run_json_lines(
        ["timeout", "60", emacs, "-Q", "--batch", "-l", str(HERE / "emacs_mode_check.el")],
        {"RPN_MODE_EL": str(MODE_EL), "RPN_SAMPLE": SAMPLE, "PATH": path})
    return Events(events, r)


def test_byte_compiles_without_warnings(tmp_path):
    emacs = require_binary("emacs")
    copy = tmp_path / "rpn-mode.el"
    shutil.copy(MODE_EL, copy)
    r = subprocess.run(["timeout", "60", emacs, "-Q", "--batch",
                        "--eval", "(setq byte-compile-error-on-warn t)",
                        "-f", "batch-byte-compile", str(copy)],
                       capture_output=True, timeout=90, stdin=subprocess.DEVNULL)
    assert r.returncode == 0, describe_run(r)
    assert b"Warning" not in r.stderr and b"Error" not in r.stderr, describe_run(r)
    assert (tmp_path / "rpn-mode.elc").exists()


def test_loads_and_registers_rpn_files(mode):
    assert not mode.all("error"), mode.all("error")
    e = mode.one("loaded")
    assert e["feature"] is True
    assert e["auto_mode"] == "rpn-mode"


def test_comment_syntax(mode):
    e = mode.one("mode")
    assert e["major_mode"] == "rpn-mode"
    assert e["comment_start"] == "# "
    assert e["hash_syntax"] == "<"
    assert mode.one("commented")["text"] == "# 3 4 +"


def test_font_lock_faces(mode):
    words = mode.all("word")
    got = {}
    for w in words:
        if w["line"] == 2 and w["text"] in ("#", "comment", "sqrt"):
            continue
        faces = set(w["faces"])
        got[w["text"]] = faces.pop() if len(faces) == 1 else sorted(faces)
    got.pop("3+4", None)
    got.pop("2<3", None)
    got.pop("5!=", None)
    assert got == EXPECTED_FACE


def test_number_operator_number_without_spaces(mode):
    w = next(w for w in mode.all("word") if w["text"] == "3+4")
    assert w["faces"] == ["rpn-number", "rpn-operator", "rpn-number"]


def test_comparisons_without_spaces(mode):
    """< is self-delimiting like +, and != is one operator, not the factorial ! and =."""
    words = {w["text"]: w["faces"] for w in mode.all("word")}
    assert words["2<3"] == ["rpn-number", "rpn-operator", "rpn-number"]
    assert words["5!="] == ["rpn-number", "rpn-operator", "rpn-operator"]


def test_comment_is_not_highlighted_as_code(mode):
    comment_words = [w for w in mode.all("word") if w["line"] == 2 and w["text"] in ("#", "comment", "sqrt")]
    assert len(comment_words) == 3
    for w in comment_words:
        assert all(f.startswith("font-lock-comment") for f in w["faces"]), w


def test_eglot_registration(mode):
    e = mode.one("eglot")
    assert e["registered"] is True
    assert e["contact"] == ('("rpn" "lsp" :initializationOptions'
                            ' (:formatting (:glyphs "keep" :indentWidth 2)))')
