"""Helpers for the grammar tests (a module of its own: test modules import it by name).

Two tokenizers produce the same shape, a list of ``Token`` (1-based line and column in
Unicode scalars of the first and of the last character, text, scope):

* ``tm_tokens(data)``: grammar/rpn.tmLanguage.json run by textmate-grammar-python;
* ``swift_tokens(path)``: the Swift lexer, ``$RPN_BIN tokens --json FILE``
  (RPN_BIN defaults to .build/debug/rpn, relative to the repository root).
"""

from __future__ import annotations

import json
import re
import logging
import os
import subprocess
import unicodedata
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
    "directive": "keyword.other.directive.rpn",
    "variable": "variable.other.rpn",
    "store": "storage.type.store.rpn",
    "comment": "comment.line.number-sign.rpn",
    "invalid": "invalid.illegal.rpn",
    "keyword": "keyword.control.rpn",  # if else then for next step begin until
    "stackEffect": "comment.block.stack-effect.rpn",  # ( a b -- c ), a comment elsewhere
    "path": "string.quoted.double.rpn",  # "lib.rpn" right after include on its line
}
# Two tokens get a scope of their own, which the grammar decides from the text around them:
# the keywords : and ; (DEFINITION_SCOPE), and the word right after a : on its line, the
# name a definition defines (NAME_SCOPE), whatever kind the lexer gives it (`: sq` and the
# faulty `: dup` alike).
DEFINITION_KEYWORDS = (":", ";")
DEFINITION_SCOPE = "keyword.other.definition.rpn"
NAME_SCOPE = "entity.name.function.rpn"
# Scopes inside a token, which no token kind has: the parameters of a stack effect.
PARAMETER_SCOPE = "variable.parameter.rpn"
SCOPE_TO_KIND = {scope: kind for kind, scope in KIND_TO_SCOPE.items()}
SCOPE_TO_KIND[DEFINITION_SCOPE] = "keyword"
SCOPE_TO_KIND[NAME_SCOPE] = "variable"


# --- The built-in words (Sources/RPNCore/Builtins/BuiltinTable.swift) ---------------------------

BUILTIN_TABLE = REPO / "Sources" / "RPNCore" / "Builtins" / "BuiltinTable.swift"
# WordKind (Builtin.swift) -> the token kind `rpn tokens` reports, which maps to a scope.
WORD_KIND_TO_TOKEN_KIND = {
    "binaryOperator": "operator",
    "function": "function",
    "constant": "constant",
    "stackWord": "stackWord",
    "directive": "directive",
    "keyword": "keyword",  # : ; if else then for next step begin until include
}
# The spellings are string literals, which may hold "]" ("]" ends a quotation): read them as such.
BUILTIN_ENTRY = re.compile(r'Builtin\(\s*id:\s*\.(\w+),\s*kind:\s*\.(\w+),\s*spellings:\s*\[((?:\s*"(?:[^"\\]|\\.)*"\s*,?)*)\s*\]')


def builtin_spellings() -> list[tuple[str, str, str]]:
    """(word id, token kind, spelling) for every spelling in the table."""
    text = BUILTIN_TABLE.read_text(encoding="utf-8")
    rows = []
    for word, kind, spellings in BUILTIN_ENTRY.findall(text):
        assert kind in WORD_KIND_TO_TOKEN_KIND, f"{word}: unknown word kind {kind}"
        for spelling in re.findall(r'"((?:[^"\\]|\\.)*)"', spellings):
            rows.append((word, WORD_KIND_TO_TOKEN_KIND[kind], spelling))
    return rows


def spelling_variants(kind: str, spelling: str) -> list[str]:
    """The ways a program may write a spelling: ASCII words in any case (lower, upper,
    capitalized), constants and other spellings only as they are (`E` and `PI` are variables)."""
    if kind == "constant" or not spelling.isascii():
        return [spelling]
    return sorted({spelling, spelling.upper(), spelling.capitalize()})


def is_identifier(text: str) -> bool:
    """An identifier as grammar/rpn.ebnf defines it: a letter (not π) or _, then letters,
    ASCII digits and _, and at the end one optional ?."""
    def letter(c: str) -> bool:
        return c == "_" or (c != "π" and unicodedata.category(c).startswith("L"))
    if text.endswith("?"):
        text = text[:-1]
    return bool(text) and letter(text[0]) and all(letter(c) or "0" <= c <= "9" for c in text[1:])


def scope_of(kind: str, text: str) -> str:
    """The scope of a token of `kind` with `text`, the name after : aside (see swift_tokens)."""
    if kind == "keyword" and text in DEFINITION_KEYWORDS:
        return DEFINITION_SCOPE
    return KIND_TO_SCOPE[kind]


class Token(NamedTuple):
    line: int  # 1-based
    column: int  # 1-based, in Unicode scalars (an invalid UTF-8 byte counts as one)
    end_line: int  # position of the token's last character (inclusive)
    end_column: int
    text: str
    scope: str

    def describe(self) -> str:
        kind = SCOPE_TO_KIND.get(self.scope, self.scope)
        return f"{self.line}:{self.column}-{self.end_line}:{self.end_column} {kind} {self.text!r}"


def token_at(line: int, column: int, text: str, scope: str) -> Token:
    """A token of valid text that starts at line:column (tokens never contain a line break)."""
    return Token(line, column, line, column + len(text) - 1, text, scope)


def decode_source(data: bytes) -> str:
    """File bytes as the TextMate side sees them: one character per scalar.

    Invalid UTF-8 cannot go through a Python str into Oniguruma, so each byte that is not
    part of a valid UTF-8 sequence becomes one U+FFFD. That is how the Swift lexer counts
    columns too (an invalid byte is a character of its own), and U+FFFD is a word character
    like the byte it stands for, so the tokens and their positions are unchanged.
    """
    return "".join(
        "\ufffd" if "\udc80" <= c <= "\udcff" else c
        for c in data.decode("utf-8", errors="surrogateescape")
    )


def token_text(data_by_line: list[str], line: int, start: int, end: int) -> str:
    """The text of a token as `rpn tokens` prints it: its bytes decoded with one U+FFFD per
    maximal ill-formed subsequence (Swift's String(decoding:as:) and Python's "replace" both
    follow Unicode's recommended practice)."""
    raw = data_by_line[line][start:end]
    return raw.encode("utf-8", errors="surrogateescape").decode("utf-8", errors="replace")


class TextMateTokenizer:
    def __init__(self, grammar_path: Path = GRAMMAR_PATH) -> None:
        # textmate-grammar-python writes a ./.textmate_cache/ folder (gitignored).
        from textmate_grammar.parsers.base import LanguageParser

        logging.getLogger("textmate_grammar").setLevel(logging.ERROR)
        with open(grammar_path, encoding="utf-8") as f:
            self.grammar = json.load(f)
        self.parser = LanguageParser(self.grammar)

    def __call__(self, data: bytes | str, nested: bool = False) -> list[Token]:
        """The tokens of `data` in order. With `nested`, each token is followed by the scoped
        pieces inside it (the parameters of a stack effect), depth first."""
        if isinstance(data, str):
            data = data.encode("utf-8")
        # Lines end at LF, CRLF or a lone CR, in the Swift lexer (a comment ends there) as in
        # editors, so the grammar sees the same lines.
        raw_lines = re.split(r"\r\n|\r|\n", data.decode("utf-8", errors="surrogateescape"))
        lines = raw_lines
        # textmate-grammar-python raises IndexError when the last line ends in whitespace
        # that no token takes; a final empty line avoids that and changes no token.
        prepared = decode_source("\n".join(lines).encode("utf-8", errors="surrogateescape")) + "\n"
        element = self.parser.parse_string(prepared)
        if element is None:
            return []
        tokens: list[Token] = []

        # flatten() merges neighbouring tokens of one scope (`++`, `ππ`), so read the
        # individual matches instead. Each child of the root element is one token: a match
        # of one pattern, one capture of a pattern that names only its groups (`:` and the
        # name after it), or a begin/end block (a stack effect) holding the pieces inside it.
        def add(element) -> None:
            positions = sorted(element.characters)
            (line, col), (end_line, end_col) = positions[0], positions[-1]
            assert line == end_line, f"TextMate token spans lines: {element!r}"
            assert end_col - col + 1 == len(positions), f"TextMate token has a gap: {element!r}"
            text = token_text(raw_lines, line, col, end_col + 1)
            tokens.append(Token(line + 1, col + 1, end_line + 1, end_col + 1, text, element.token))
            if nested:
                inner = [*getattr(element, "begin", []), *element.children, *getattr(element, "end", [])]
                for piece in sorted(inner, key=lambda e: min(e.characters)):
                    add(piece)

        for child in element.children:
            add(child)
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
        tokens.append(Token(item["line"], item["column"], item["endLine"], item["endColumn"],
                            item["text"], scope_of(kind, item["text"])))
    return with_definition_names(tokens)


def with_definition_names(tokens: list[Token]) -> list[Token]:
    """The tokens with NAME_SCOPE on each identifier right after a `:` on the same line: the
    grammar knows a definition's name from the `:` before it, the lexer leaves that to the
    machine (a variable, or the built-in word `: dup` tries to redefine)."""
    named = list(tokens)
    for index in range(1, len(named)):
        colon, word = named[index - 1], named[index]
        if colon.text == ":" and colon.scope == DEFINITION_SCOPE and word.line == colon.line \
                and is_identifier(word.text):
            named[index] = word._replace(scope=NAME_SCOPE)
    return named
