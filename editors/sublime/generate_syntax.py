#!/usr/bin/env python3
"""Writes editors/sublime/RPN.sublime-syntax from grammar/rpn.tmLanguage.json.

    python3 editors/sublime/generate_syntax.py           # rewrite RPN.sublime-syntax
    python3 editors/sublime/generate_syntax.py --check   # exit 1 if it is not up to date

Sublime Text 4 reads its own YAML format; the TextMate grammar is the source of truth. Each
repository entry becomes a context and the top-level patterns become `main`:

* a `match` rule keeps its regex; its `name` becomes `scope`, its `captures` (names only)
  Sublime's `captures`; a rule with neither consumes text without a scope;
* a `begin`/`end` rule with a `name` and `patterns` becomes a match of `begin` that pushes an
  anonymous context: `meta_scope` (the name, which Sublime puts on the text of the push and
  the pop too, as TextMate does), a match of `end` that pops, first because TextMate tries
  `end` before the patterns, then the patterns;
* `patterns` and `include`s of the repository are kept as they are.

Both engines take the leftmost match and, among matches at the same place, the first rule,
so the translation keeps the tokens (tests/editors/test_sublime_syntax.py runs both on the
corpus). Anything else in the grammar (beginCaptures, contentName, captures with patterns,
...) stops the script with a message: extend it then.
"""

from __future__ import annotations

import json
import sys
import textwrap
from pathlib import Path

HERE = Path(__file__).resolve().parent
GRAMMAR = HERE.parents[1] / "grammar" / "rpn.tmLanguage.json"
TARGET = HERE / "RPN.sublime-syntax"

RULE_KEYS = {"match", "name", "captures", "comment"}
BLOCK_KEYS = {"begin", "end", "name", "patterns", "comment"}
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
    lines = comment_lines(rule.get("comment"), indent)
    if "include" in rule:
        if set(rule) - {"include", "comment"}:
            raise Unsupported(f"include with other keys: {sorted(rule)}")
        return lines + [f"{indent}- include: {include_target(rule['include'])}"]
    if "begin" in rule:
        if set(rule) - BLOCK_KEYS or not {"end", "name"} <= set(rule):
            raise Unsupported(f"only begin + end + name (+ patterns) blocks are translated, not {sorted(rule)}")
        lines += [f"{indent}- match: {quoted(rule['begin'])}",
                  f"{indent}  push:",
                  f"{indent}    - meta_scope: {rule['name']}",
                  f"{indent}    - match: {quoted(rule['end'])}",
                  f"{indent}      pop: true"]
        for inner in rule.get("patterns", []):
            lines += rule_lines(inner, indent + "    ")
        return lines
    if set(rule) - RULE_KEYS or "match" not in rule:
        raise Unsupported(f"only match rules and begin/end blocks are translated, not {sorted(rule)}")
    lines.append(f"{indent}- match: {quoted(rule['match'])}")
    if "name" in rule:
        lines.append(f"{indent}  scope: {rule['name']}")
    if "captures" in rule:
        lines.append(f"{indent}  captures:")
        for group, capture in sorted(rule["captures"].items(), key=lambda item: int(item[0])):
            if set(capture) != {"name"}:
                raise Unsupported(f"a capture with {sorted(capture)}: only names are translated")
            lines.append(f"{indent}    {int(group)}: {capture['name']}")
    return lines


def context_lines(name: str, entry: dict) -> list[str]:
    lines = [f"  {name}:"]
    if "patterns" in entry and "begin" not in entry:
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
