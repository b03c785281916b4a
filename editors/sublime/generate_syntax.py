#!/usr/bin/env python3
"""Writes editors/sublime/RPN.sublime-syntax from grammar/rpn.tmLanguage.json.

    python3 editors/sublime/generate_syntax.py           # rewrite RPN.sublime-syntax
    python3 editors/sublime/generate_syntax.py --check   # exit 1 if it is not up to date

Sublime Text 4 reads its own YAML format; the TextMate grammar is the source of truth. The
grammar uses only `match` rules with a `name`, grouped by `patterns` and `include`s of the
repository, so each repository entry becomes a context of `match` + `scope` rules and the
top-level patterns become `main`. Both engines take the leftmost match and, among matches at
the same place, the first rule, so the translation keeps the tokens (tests/editors/
test_sublime_syntax.py runs both on the corpus). Anything else in the grammar (begin/end,
captures, ...) stops the script with a message: extend it then.
"""

from __future__ import annotations

import json
import sys
import textwrap
from pathlib import Path

HERE = Path(__file__).resolve().parent
GRAMMAR = HERE.parents[1] / "grammar" / "rpn.tmLanguage.json"
TARGET = HERE / "RPN.sublime-syntax"

RULE_KEYS = {"match", "name", "comment"}
ENTRY_KEYS = {"patterns", "comment"}


class Unsupported(Exception):
    pass


def quoted(text: str) -> str:
    """A YAML single-quoted scalar: nothing is an escape there but '' for '."""
    if any(ord(c) < 0x20 for c in text):
        raise Unsupported(f"control character in {text!r}")
    return "'" + text.replace("'", "''") + "'"


def comment_lines(text: str | None, indent: str) -> list[str]:
    if not text:
        return []
    return [f"{indent}# {line}" for line in textwrap.wrap(text, 96 - len(indent))]


def include_target(include: str) -> str:
    if include == "$self":
        return "main"
    if not include.startswith("#"):
        raise Unsupported(f"include of another grammar: {include!r}")
    return include[1:]


def rule_lines(rule: dict, indent: str) -> list[str]:
    if "include" in rule:
        if set(rule) - {"include", "comment"}:
            raise Unsupported(f"include with other keys: {sorted(rule)}")
        return comment_lines(rule.get("comment"), indent) + [
            f"{indent}- include: {include_target(rule['include'])}"]
    if set(rule) - RULE_KEYS or "match" not in rule or "name" not in rule:
        raise Unsupported(f"only match + name rules are translated, not {sorted(rule)}")
    return comment_lines(rule.get("comment"), indent) + [
        f"{indent}- match: {quoted(rule['match'])}",
        f"{indent}  scope: {rule['name']}",
    ]


def context_lines(name: str, entry: dict) -> list[str]:
    lines = [f"  {name}:"]
    if "patterns" in entry:
        if set(entry) - ENTRY_KEYS:
            raise Unsupported(f"repository entry {name!r} has {sorted(entry)}")
        lines += comment_lines(entry.get("comment"), "    ")
        for rule in entry["patterns"]:
            lines += rule_lines(rule, "    ")
    else:
        lines += rule_lines(entry, "    ")
    return lines


def sublime_syntax(grammar: dict) -> str:
    known = {"$schema", "name", "scopeName", "fileTypes", "comment", "patterns", "repository"}
    if set(grammar) - known:
        raise Unsupported(f"top-level keys {sorted(set(grammar) - known)}")
    lines = [
        "%YAML 1.2",
        "---",
        "# Generated from grammar/rpn.tmLanguage.json by editors/sublime/generate_syntax.py:",
        "# edit the grammar and run the script, not this file.",
        "# See https://www.sublimetext.com/docs/syntax.html",
        *comment_lines(grammar.get("comment"), ""),
        f"name: {grammar['name']}",
        f"scope: {grammar['scopeName']}",
        "version: 2",
        "file_extensions:",
        *[f"  - {ext}" for ext in grammar.get("fileTypes", [])],
        "",
        "contexts:",
        "  main:",
    ]
    for rule in grammar["patterns"]:
        lines += rule_lines(rule, "    ")
    for name, entry in grammar.get("repository", {}).items():
        lines.append("")
        lines += context_lines(name, entry)
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    grammar = json.loads(GRAMMAR.read_text(encoding="utf-8"))
    try:
        text = sublime_syntax(grammar)
    except Unsupported as problem:
        print(f"generate_syntax.py: {GRAMMAR.name}: {problem}; extend the script", file=sys.stderr)
        return 2
    if argv[1:] == ["--check"]:
        current = TARGET.read_text(encoding="utf-8") if TARGET.exists() else None
        if current != text:
            print(f"{TARGET} is not generated from the current {GRAMMAR}: run "
                  f"python3 editors/sublime/generate_syntax.py", file=sys.stderr)
            return 1
        return 0
    if argv[1:]:
        print(__doc__, file=sys.stderr)
        return 64
    TARGET.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
