"""Shared helpers for the grammar tests.

Two tokenizers produce the same shape, a list of ``Token`` (1-based line, 1-based column in
Unicode scalars, text, scope):

* ``tm_tokens(source)``: grammar/rpn.tmLanguage.json run by textmate-grammar-python;
* ``swift_tokens(path)``: the Swift lexer, ``$RPN_BIN tokens --json FILE``
  (RPN_BIN defaults to .build/debug/rpn, relative to the repository root).
"""

from __future__ import annotations

import json
import logging
import os
import subprocess
from pathlib import Path
from typing import NamedTuple

import pytest

REPO = Path(__file__).resolve().parents[2]
GRAMMAR_PATH = REPO / "grammar" / "rpn.tmLanguage.json"
CORPUS_DIR = REPO / "grammar" / "corpus"

# The token kinds of the Swift lexer and the TextMate scope each one gets.
KIND_TO_SCOPE = {
    "number": "constant.numeric.rpn",
    "operator": "keyword.operator.arithmetic.rpn",
    "function": "support.function.rpn",
    "constant": "constant.language.rpn",
    "stackWord": "keyword.control.stack.rpn",
    "variable": "variable.other.rpn",
    "store": "storage.type.store.rpn",
    "comment": "comment.line.number-sign.rpn",
    "invalid": "invalid.illegal.rpn",
}
SCOPE_TO_KIND = {scope: kind for kind, scope in KIND_TO_SCOPE.items()}

# The language's whitespace: ASCII space, tab, CR, LF, VT, FF (nothing else).
RPN_WHITESPACE = " \t\r\n\x0b\x0c"


class Token(NamedTuple):
    line: int  # 1-based
    column: int  # 1-based, in Unicode scalars
    text: str
    scope: str

    def describe(self) -> str:
        kind = SCOPE_TO_KIND.get(self.scope, self.scope)
        return f"{self.line}:{self.column} {kind} {self.text!r}"


def decode_source(data: bytes) -> str:
    """How the tests turn file bytes into text for the TextMate side.

    Invalid UTF-8 cannot go through a Python str into Oniguruma unchanged, so each
    ill-formed sequence becomes one U+FFFD (Python's "replace" follows the same
    maximal-subpart practice as Swift's String(decoding:as: UTF8.self)). U+FFFD is a word
    character, so an invalid byte stays inside an invalid word and columns still count
    one scalar per replaced sequence.
    """
    return data.decode("utf-8", errors="replace")


class TextMateTokenizer:
    def __init__(self, grammar_path: Path = GRAMMAR_PATH) -> None:
        # textmate-grammar-python writes a ./.textmate_cache/ folder (gitignored).
        from textmate_grammar.parsers.base import LanguageParser

        logging.getLogger("textmate_grammar").setLevel(logging.ERROR)
        with open(grammar_path, encoding="utf-8") as f:
            self.grammar = json.load(f)
        self.parser = LanguageParser(self.grammar)

    def __call__(self, source: str) -> list[Token]:
        # textmate-grammar-python turns every CR into a line break before matching (an
        # editor never hands a CR to a grammar either). CR is whitespace in this language,
        # just like VT, and the grammar treats the two alike everywhere (both end a word,
        # both are inside a comment's "rest of the line"), so hand it VT instead: line
        # numbers and columns then stay those of the file, which counts lines by LF only.
        prepared = source.replace("\r", "\x0b")
        # textmate-grammar-python crashes (IndexError) when the last line ends in whitespace
        # that no token takes; a final empty line avoids that and changes no token.
        prepared += "\n"
        element = self.parser.parse_string(prepared)
        if element is None:
            return []
        lines = source.split("\n")
        tokens: list[Token] = []
        # flatten() merges neighbouring tokens of one scope (`++`, `ππ`), so read the
        # individual matches instead: the grammar has no captures or nesting, each child
        # of the root element is exactly one match of one pattern.
        for child in element.children:
            positions = sorted(child.characters)
            (line, col), (end_line, end_col) = positions[0], positions[-1]
            assert line == end_line, f"TextMate token spans lines: {child!r}"
            assert end_col - col + 1 == len(positions), f"TextMate token has a gap: {child!r}"
            text = lines[line][col : end_col + 1]
            tokens.append(Token(line + 1, col + 1, text, child.token))
        return tokens


def rpn_binary() -> Path:
    value = os.environ.get("RPN_BIN", ".build/debug/rpn")
    path = Path(value)
    return path if path.is_absolute() else REPO / path


def swift_tokens(path: Path) -> list[Token]:
    binary = rpn_binary()
    if not binary.is_file():
        pytest.fail(
            f"rpn binary not found at {binary}: build it (swift build) or set RPN_BIN "
            "to a built rpn that has the `tokens --json` subcommand",
            pytrace=False,
        )
    proc = subprocess.run(
        [str(binary), "tokens", "--json", str(path)],
        capture_output=True,
        timeout=60,
    )
    if proc.returncode != 0:
        pytest.fail(
            f"`{binary} tokens --json {path}` exited {proc.returncode}\n"
            f"stderr: {proc.stderr.decode('utf-8', 'replace')}",
            pytrace=False,
        )
    try:
        items = json.loads(proc.stdout.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        pytest.fail(f"`rpn tokens --json {path}` printed no JSON array: {error}\n"
                    f"stdout: {proc.stdout[:2000]!r}", pytrace=False)
    assert isinstance(items, list), f"expected a JSON array, got {type(items).__name__}"
    tokens: list[Token] = []
    for index, item in enumerate(items):
        kind = item["kind"]
        assert kind in KIND_TO_SCOPE, f"token {index} has an unknown kind {kind!r}: {item}"
        text = item["text"]
        token = Token(item["line"], item["column"], text, KIND_TO_SCOPE[kind])
        # The JSON contract: end position inclusive, i.e. the token's last scalar. Tokens
        # never contain a line break, so it is on the same line.
        expected_end = (token.line, token.column + len(text) - 1)
        actual_end = (item["endLine"], item["endColumn"])
        assert actual_end == expected_end, (
            f"token {index} {token.describe()}: endLine/endColumn {actual_end} but its "
            f"text ends at {expected_end} (end is inclusive, columns count Unicode scalars)"
        )
        tokens.append(token)
    return tokens


@pytest.fixture(scope="session")
def tm_tokens() -> TextMateTokenizer:
    return TextMateTokenizer()
