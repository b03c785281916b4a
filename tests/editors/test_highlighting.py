"""The highlighting of Emacs (editors/emacs/rpn-mode.el) and Neovim (editors/neovim/syntax/rpn.vim)
against the TextMate grammar, character by character.

The TextMate grammar is the reference (tests/grammar checks it against the lexer): each
character of a sample gets the face or syntax group of the innermost scope the grammar gives
it. Samples: tests/grammar/programs.rpn (definitions, stack effects with parameters, branches,
loops) and every spelling of every built-in word of Sources/RPNCore/Builtins/BuiltinTable.swift
in the cases a program may write it, so a word the table gains (the keywords of issue 10) fails
here until both editors know it.
"""

from __future__ import annotations

import re
import shutil
import sys

import pytest

from editor_support import EDITORS, HERE, REPO, path_with_rpn, require_binary, run_json_lines

sys.path.insert(0, str(REPO / "tests" / "grammar"))
from rpn_grammar_support import TextMateTokenizer, builtin_spellings, spelling_variants  # noqa: E402

PROGRAMS = REPO / "tests" / "grammar" / "programs.rpn"
SPELLINGS_SAMPLE = "".join(f"{variant}\n" for _, kind, spelling in builtin_spellings()
                           for variant in spelling_variants(kind, spelling))
# Where the new tokens meet others: a ( in a comment, : and ; ending words, built-in words
# after :, parameters written against the parentheses, ( without a -- standing alone (no
# stack effect), two -- in one effect.
EDGES = ("1 # ( a -- b ) : x ; if\n"
         ": dup ; :  IF ; :\tpi ;\n"
         ":cube dup×; x;y 3;4 ->M; :: sin:;\n"
         "( a ) b ( a-- b ) ( x -- ) (y -- z) 2 ( a b -- c ( d -- e ) ÷ Then (-- )\n"
         'include "my lib2.rpn" 3 INCLUDE\t"a+b;c" include\n')
SAMPLES = {"programs": PROGRAMS.read_text(encoding="utf-8"), "builtins": SPELLINGS_SAMPLE, "edges": EDGES}

COMMENT = "comment"  # Emacs: font-lock-comment-face, or its delimiter face on the #
# TextMate scope -> Emacs face, Neovim syntax group (None: characters no token covers)
EDITOR_STYLES = {
    "constant.numeric.rpn": ("rpn-number", "rpnNumber"),
    "keyword.operator.arithmetic.rpn": ("rpn-operator", "rpnOperator"),
    "support.function.rpn": ("rpn-function", "rpnFunction"),
    "constant.language.rpn": ("rpn-constant", "rpnConstant"),
    "keyword.control.stack.rpn": ("rpn-stack-word", "rpnStack"),
    "keyword.other.directive.rpn": ("rpn-directive", "rpnDirective"),
    "variable.other.rpn": ("none", "rpnVariable"),
    "storage.type.store.rpn": ("rpn-store", "rpnStore"),
    "comment.line.number-sign.rpn": (COMMENT, "rpnComment"),
    # editors leave invalid tokens as they are: the samples have only those that contain no
    # valid token (a ( or ) alone)
    "invalid.illegal.rpn": ("none", ""),
    "keyword.control.rpn": ("rpn-keyword", "rpnKeyword"),
    "keyword.other.definition.rpn": ("rpn-definition", "rpnDefine"),
    "entity.name.function.rpn": ("rpn-word-name", "rpnWordName"),
    "comment.block.stack-effect.rpn": ("rpn-stack-effect", "rpnStackEffect"),
    "variable.parameter.rpn": ("rpn-parameter", "rpnParameter"),
    "string.quoted.double.rpn": ("rpn-path", "rpnPath"),
}
EMACS, NEOVIM = 0, 1


def expected_words(text: str, editor: int) -> list[tuple[int, str, list[str]]]:
    """(0-based line, word, style of each character) for each run of characters other than
    space and tab (the words the editor scripts report), from the TextMate grammar."""
    scopes: dict[tuple[int, int], str] = {}
    for piece in TextMateTokenizer()(text, nested=True):  # pieces inside a token come after it
        for column in range(piece.column, piece.end_column + 1):
            scopes[(piece.line, column)] = piece.scope
    words = []
    for number, line in enumerate(text.split("\n")):
        for match in re.finditer(r"[^ \t]+", line):
            styles = []
            for column in range(match.start() + 1, match.end() + 1):
                scope = scopes.get((number + 1, column))
                assert scope is None or scope in EDITOR_STYLES, f"no editor style for {scope}"
                styles.append(EDITOR_STYLES[scope][editor] if scope else ("none" if editor == EMACS else ""))
            words.append((number, match.group(), styles))
    return words


def differences(expected: list, got: list) -> list[str]:
    assert [(line, word) for line, word, _ in got] == [(line, word) for line, word, _ in expected]
    return [f"line {line + 1} {word!r}: expected {want}, got {styles}"
            for (line, word, want), (_, _, styles) in zip(expected, got) if styles != want]


@pytest.fixture(scope="module")
def emacs_words(tmp_path_factory) -> dict[str, list[tuple[int, str, list[str]]]]:
    emacs = require_binary("emacs")
    # the eglot contact looks for `rpn' on PATH: any executable of that name will do here
    path = path_with_rpn(tmp_path_factory.mktemp("emacs-highlighting"), shutil.which("true"))
    found = {}
    for name, text in SAMPLES.items():
        events, r = run_json_lines(
            ["timeout", "60", emacs, "-Q", "--batch", "-l", str(HERE / "emacs_mode_check.el")],
            {"RPN_MODE_EL": str(EDITORS / "emacs" / "rpn-mode.el"), "RPN_SAMPLE": text, "PATH": path})
        errors = [e for e in events if e.get("event") == "error"]
        assert not errors and r.returncode == 0, (errors, r.stderr.decode()[-2000:])
        found[name] = [(e["line"], e["text"], [COMMENT if f.startswith("font-lock-comment") else f
                                               for f in e["faces"]])
                       for e in events if e.get("event") == "word"]
    return found


@pytest.fixture(scope="module")
def neovim_words(tmp_path_factory) -> dict[str, list[tuple[int, str, list[str]]]]:
    nvim = require_binary("nvim")
    directory = tmp_path_factory.mktemp("nvim-highlighting")
    found = {}
    for name, text in SAMPLES.items():
        file = directory / f"{name}.rpn"
        file.write_text(text, encoding="utf-8")
        home = directory / "home"
        home.mkdir(exist_ok=True)
        events, r = run_json_lines(
            ["timeout", "60", nvim, "--headless", "-u", "NONE", "-i", "NONE", "-n",
             "-c", f"luafile {HERE / 'nvim_syntax_check.lua'}"],
            {"RPN_PLUGIN": str(EDITORS / "neovim"), "RPN_FILE": str(file), "HOME": str(home),
             "XDG_CONFIG_HOME": str(home / ".config"), "XDG_DATA_HOME": str(home / ".local/share")})
        errors = [e for e in events if e.get("event") == "error"]
        assert not errors and any(e.get("event") == "done" for e in events), \
            (errors, r.stderr.decode()[-2000:])
        found[name] = [(e["line"], e["text"], e["groups"]) for e in events if e.get("event") == "word"]
    return found


@pytest.mark.parametrize("sample", SAMPLES)
def test_emacs_highlights_like_the_textmate_grammar(emacs_words, sample):
    wrong = differences(expected_words(SAMPLES[sample], EMACS), emacs_words[sample])
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("sample", SAMPLES)
def test_neovim_highlights_like_the_textmate_grammar(neovim_words, sample):
    wrong = differences(expected_words(SAMPLES[sample], NEOVIM), neovim_words[sample])
    assert not wrong, "\n".join(wrong)


def test_every_style_has_a_face_and_a_group():
    """Each face the table names is defined in rpn-mode.el, each group linked in rpn.vim."""
    mode = (EDITORS / "emacs" / "rpn-mode.el").read_text(encoding="utf-8")
    syntax = (EDITORS / "neovim" / "syntax" / "rpn.vim").read_text(encoding="utf-8")
    faces = {face for face, _ in EDITOR_STYLES.values()} - {"none", COMMENT}
    groups = {group for _, group in EDITOR_STYLES.values()} - {""}
    assert sorted(f for f in faces if f"(defface {f} " not in mode) == []
    assert sorted(g for g in groups if not re.search(rf"^highlight default link {g}\s+\w+$", syntax, re.M)) == []


def test_the_samples_have_the_new_syntax():
    """The programs sample has every scope of issue 10, so the tests above see them."""
    scopes = {piece.scope for piece in TextMateTokenizer()(SAMPLES["programs"], nested=True)}
    assert {"keyword.control.rpn", "keyword.other.definition.rpn", "entity.name.function.rpn",
            "comment.block.stack-effect.rpn", "variable.parameter.rpn"} <= scopes
