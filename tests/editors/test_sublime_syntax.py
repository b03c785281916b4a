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
    """The subset of Sublime's engine the generated syntax uses: contexts of match rules with a
    scope or captures, includes expanded in order, and anonymous contexts pushed by a match,
    with a meta_scope, that a match pops. The leftmost match wins, among equals the first rule.

    Gives the tokens as TextMateTokenizer does: scoped matches, the groups of a match that
    scopes only its captures, and a pushed context's meta_scope over its whole text, from the
    match that pushed it to the one that popped it; with `nested`, each token is followed by
    the scoped pieces inside it."""

    def __init__(self, syntax: dict) -> None:
        import onigurumacffi

        self.compile = onigurumacffi.compile
        self.contexts = syntax["contexts"]
        self.main = self.rules(self.contexts["main"], ())

    def rules(self, context: list, seen: tuple) -> list[dict]:
        """The rules of a context with its includes expanded, regexes compiled."""
        rules = []
        for rule in context:
            if "include" in rule:
                name = rule["include"]
                assert name not in seen, f"include cycle {seen + (name,)}"
                rules += self.rules(self.contexts[name], seen + (name,))
            elif "meta_scope" in rule:
                assert set(rule) == {"meta_scope"}, rule
            else:
                assert set(rule) <= {"match", "scope", "captures", "push", "pop"}, rule
                compiled = dict(rule, regex=self.compile(rule["match"]))
                if "push" in rule:
                    pushed = rule["push"]
                    assert isinstance(pushed, list), f"only anonymous contexts are pushed: {rule}"
                    metas = [r["meta_scope"] for r in pushed if "meta_scope" in r]
                    compiled["meta_scope"] = metas[0] if metas else None
                    compiled["pushed"] = self.rules(pushed, seen)
                rules.append(compiled)
        return rules

    def __call__(self, data: bytes, nested: bool = False) -> list[Token]:
        raw_lines = re.split(r"\r\n|\r|\n", data.decode("utf-8", errors="surrogateescape"))
        pieces: list[tuple[int, Token]] = []  # (depth, token), in order
        stack = [(self.main, None, None)]  # (rules, meta scope, index of its piece in pieces)

        def piece(number: int, start: int, end: int, scope: str, depth: int) -> None:
            pieces.append((depth, Token(number + 1, start + 1, number + 1, end,
                                        token_text(raw_lines, number, start, end), scope)))

        for number, raw in enumerate(raw_lines):
            line = decode_source(raw.encode("utf-8", errors="surrogateescape")) + "\n"
            position = 0
            while position < len(line):
                rules = stack[-1][0]
                best = None
                for rule in rules:
                    m = rule["regex"].search(line, position)
                    if m and (m.end() > m.start() or "push" in rule or "pop" in rule) \
                            and (best is None or m.start() < best[0].start()):
                        best = (m, rule)
                if best is None:
                    break
                m, rule = best
                depth = len(stack) - 1
                if "push" in rule:
                    stack.append((rule["pushed"], rule["meta_scope"], len(pieces)))
                    if rule["meta_scope"]:
                        piece(number, m.start(), m.end(), rule["meta_scope"], depth)  # its end comes at the pop
                        depth += 1
                if rule.get("scope"):
                    piece(number, m.start(), m.end(), rule["scope"], depth)
                    depth += 1
                for group, scope in sorted(rule.get("captures", {}).items()):
                    if m.start(group) >= 0 and m.end(group) > m.start(group):
                        piece(number, m.start(group), m.end(group), scope, depth)
                if rule.get("pop"):
                    _, meta, index = stack.pop()
                    if meta:
                        opened_depth, opened = pieces[index]
                        assert opened.line == number + 1, f"a context spans lines: {opened}"
                        pieces[index] = (opened_depth, opened._replace(
                            end_column=m.end(), text=token_text(raw_lines, number, opened.column - 1, m.end())))
                position = m.end()
        return [token for depth, token in pieces if nested or depth == 0]


@pytest.fixture(scope="module")
def sublime_tokens(syntax):
    return SublimeSyntaxTokenizer(syntax)


@pytest.fixture(scope="module")
def textmate_tokens():
    return TextMateTokenizer()


SNIPPETS = ["3 -4 + 3-4 4+5× 2π× ->M →rate ->3x -> -2x 1e+5x 1.5.3 .5 5. 6.02e23 1E-9",
            "sqrt SQRT ſin PI pi E e pow POW dup Rot deg RAD unset M x_1 α $x @ x$ #c 3#c",
            "\u00a0 \u2003x \ufeff1 π√± −×÷^ ->π →_ 3 4 + # 😀 comment",
            # issue 10: definitions, keywords, stack effects
            ": hyp ( a b -- c ) a 2 ^ b 2 ^ + √ ; :cube dup dup××; x;y 3;-4 ->: ;;",
            "0 1 10 FOR i i + Next 1 begin 2 × dup 9 > until x 0 < if -1 Else 1 then",
            "( a ) b ) (x) ( # -- c ) ( a b -- c ( d -- ) sqrt(2) x(a -- b) ( unclosed ( a -- b # c"]
PROGRAMS = REPO / "tests" / "grammar" / "programs.rpn"


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


def test_syntax_tokenizes_programs_like_the_textmate_grammar(sublime_tokens, textmate_tokens):
    """Definitions, keywords and stack effects, with the parameters inside the effects."""
    data = PROGRAMS.read_bytes()
    tokens = sublime_tokens(data, nested=True)
    assert any(t.scope == "variable.parameter.rpn" for t in tokens)
    assert tokens == textmate_tokens(data, nested=True)


@pytest.mark.parametrize("text", SNIPPETS)
def test_syntax_scopes_inside_tokens_like_the_textmate_grammar(text, sublime_tokens, textmate_tokens):
    data = text.encode("utf-8")
    assert sublime_tokens(data, nested=True) == textmate_tokens(data, nested=True)
