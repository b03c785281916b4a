"""editors/sublime: RPN.sublime-syntax is generated from the current TextMate grammar and
tokenizes like it, and every file the settings and the README name exists.

The token comparison runs the .sublime-syntax the way Sublime Text does (contexts of match +
scope rules, includes expanded in order, the leftmost match and among equals the first rule,
each line with its newline) with Oniguruma (onigurumacffi, Sublime's regex dialect), and
grammar/rpn.tmLanguage.json with textmate-grammar-python, on every corpus file.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from editor_support import EDITORS, REPO

sys.path.insert(0, str(REPO / "tests" / "grammar"))
from rpn_grammar_support import (CORPUS_DIR, TextMateTokenizer, Token, decode_source,  # noqa: E402
                                 token_text)

SUBLIME = EDITORS / "sublime"
SYNTAX = SUBLIME / "RPN.sublime-syntax"
GENERATOR = SUBLIME / "generate_syntax.py"


def test_every_file_the_settings_and_readme_name_exists():
    named = set()
    for source in (SUBLIME / "LSP.sublime-settings", SUBLIME / "README.md"):
        named |= set(re.findall(r"[\w-]+\.(?:sublime-syntax|tmLanguage|tmPreferences|sublime-settings)(?![\w.])",
                                source.read_text(encoding="utf-8")))
    assert "RPN.sublime-syntax" in named
    missing = sorted(n for n in named if not (SUBLIME / n).is_file())
    assert not missing, f"editors/sublime names files it does not have: {missing}"


def test_one_syntax_for_rpn_files():
    # two syntaxes for *.rpn would both be listed as "RPN", and Sublime would pick one
    assert sorted(p.name for p in SUBLIME.iterdir()
                  if p.suffix in (".sublime-syntax", ".tmLanguage")) == ["RPN.sublime-syntax"]


def test_syntax_is_generated_from_the_current_grammar():
    r = subprocess.run([sys.executable, str(GENERATOR), "--check"], capture_output=True, text=True,
                       timeout=60)
    assert r.returncode == 0, r.stderr


@pytest.fixture(scope="module")
def syntax() -> dict:
    return yaml.safe_load(SYNTAX.read_text(encoding="utf-8"))


def test_syntax_header(syntax):
    assert SYNTAX.read_text(encoding="utf-8").startswith("%YAML 1.2\n---\n")
    assert syntax["scope"] == "source.rpn"  # the selector of the LSP client settings
    assert syntax["file_extensions"] == ["rpn"]
    assert syntax["name"] == "RPN"


class SublimeSyntaxTokenizer:
    """The subset of Sublime's engine the generated syntax uses: no push, pop or captures."""

    def __init__(self, syntax: dict) -> None:
        import onigurumacffi

        self.rules = [(onigurumacffi.compile(match), scope)
                      for match, scope in self.flatten(syntax["contexts"], "main", ())]

    def flatten(self, contexts: dict, name: str, seen: tuple) -> list[tuple[str, str]]:
        assert name not in seen, f"include cycle {seen + (name,)}"
        rules = []
        for rule in contexts[name]:
            if "include" in rule:
                rules += self.flatten(contexts, rule["include"], seen + (name,))
            else:
                assert set(rule) == {"match", "scope"}, rule
                rules.append((rule["match"], rule["scope"]))
        return rules

    def __call__(self, data: bytes) -> list[Token]:
        raw_lines = re.split(r"\r\n|\r|\n", data.decode("utf-8", errors="surrogateescape"))
        tokens = []
        for number, raw in enumerate(raw_lines):
            line = decode_source(raw.encode("utf-8", errors="surrogateescape")) + "\n"
            position = 0
            while position < len(line):
                best = None
                for pattern, scope in self.rules:
                    m = pattern.search(line, position)
                    if m and m.end() > m.start() and (best is None or m.start() < best[0].start()):
                        best = (m, scope)
                if best is None:
                    break
                m, scope = best
                tokens.append(Token(number + 1, m.start() + 1, number + 1, m.end(),
                                    token_text(raw_lines, number, m.start(), m.end()), scope))
                position = m.end()
        return tokens


@pytest.fixture(scope="module")
def sublime_tokens(syntax):
    return SublimeSyntaxTokenizer(syntax)


@pytest.fixture(scope="module")
def textmate_tokens():
    return TextMateTokenizer()


SNIPPETS = ["3 -4 + 3-4 4+5× 2π× ->M →rate ->3x -> -2x 1e+5x 1.5.3 .5 5. 6.02e23 1E-9",
            "sqrt SQRT ſin PI pi E e pow POW dup Rot deg RAD unset M x_1 α $x @ x$ #c 3#c",
            "\u00a0 \u2003x \ufeff1 π√± −×÷^ ->π →_ 3 4 + # 😀 comment"]


@pytest.mark.parametrize("path", sorted(CORPUS_DIR.glob("*.rpn")), ids=lambda p: p.name)
def test_syntax_tokenizes_the_corpus_like_the_textmate_grammar(path: Path, sublime_tokens, textmate_tokens):
    data = path.read_bytes()
    assert sublime_tokens(data) == textmate_tokens(data)


@pytest.mark.parametrize("text", SNIPPETS)
def test_syntax_tokenizes_snippets_like_the_textmate_grammar(text, sublime_tokens, textmate_tokens):
    data = text.encode("utf-8")
    tokens = sublime_tokens(data)
    assert tokens, "no tokens"
    assert tokens == textmate_tokens(data)
