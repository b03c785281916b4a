"""Tidy: rules about the source tree that no compiler checks (as rust-analyzer's tidy test).

* Layering (ARCHITECTURE.md): arrows point down only. Read from the `import` lines of
  Sources/, so a new import that breaks the picture fails here, not in review.
* Platform code lives in Sources/Platform: no other module chooses a C library, retries a
  call after EINTR or asks strerror for errno's words.
* The version is written once, in Swift (RPN.version); everything else reads it.
* One engine (issue 16): one loop runs every instruction. Only Machine+Interpreter.swift
  switches on an instruction to run it (the compiler's files switch to build and fuse code);
  the executors the engine replaced stay gone; the arithmetic of the loop's quick cases is the
  first step of `combine`, not a copy of it.
* Every spelling of every built-in word (Sources/RPNCore/Builtins/BuiltinTable.swift) has a
  corpus case (grammar/corpus/) and a TextMate rule (grammar/rpn.tmLanguage.json) giving it
  its kind's scope.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
SOURCES = REPO / "Sources"
sys.path.insert(0, str(REPO / "tests" / "grammar"))

from rpn_grammar_support import (BUILTIN_TABLE, CORPUS_DIR, KIND_TO_SCOPE, SCOPE_TO_KIND,  # noqa: E402
                                 TextMateTokenizer, builtin_spellings, scope_of, swift_tokens)

# --- Layering ---------------------------------------------------------------------------------

C_LIBRARY = {"Glibc", "Musl", "Darwin", "WinSDK", "ucrt"}
# The modules each module may import. Read as ARCHITECTURE.md draws it:
#   rpn, rpn-fuzz -> RPNShell / RPNCommandLine / RPNLanguageServer -> RPNCore (+ RPNJSON, CEditLine)
#   and everything above the core -> Platform (the C library); RPNCore -> PlatformMath (libm)
# RPNShell also sits on RPNCommandLine: `rpn fav` and `rpn plot` are commands run through its
# CommandLineIO, and the shell renders diagnostics with its DiagnosticRenderer.
# RPNJSON reads the core's Number for ValueJSON, the one JSON encoding of values both the
# command line and the language server write.
# Only Platform imports the C library: the others get it from Platform (which re-exports it
# with its EINTR-retrying calls and errno's words), the core only <math.h> from PlatformMath.
PLATFORM = "Platform"
BOTTOM = {"RPNCore", "RPNJSON", "CEditLine", PLATFORM}
FRONT_ENDS = {"RPNShell", "RPNCommandLine", "RPNLanguageServer"}
ALLOWED_IMPORTS = {
    PLATFORM: C_LIBRARY,
    "PlatformMath": set(),
    "CGMP": set(),
    "CMPFR": set(),
    "CMPC": set(),
    "RPNCore": {"PlatformMath", "CGMP", "CMPFR", "CMPC"},
    "RPNJSON": {"RPNCore"},
    "CEditLine": set(),
    "RPNCommandLine": {"RPNCore", "RPNJSON", PLATFORM},
    "RPNLanguageServer": {"RPNCore", "RPNJSON", PLATFORM},
    "RPNShell": {"RPNCore", "RPNJSON", "CEditLine", "RPNCommandLine", PLATFORM},
    # Synchronization (the standard library's atomics): the SIGINT flag main owns.
    "rpn": FRONT_ENDS | BOTTOM | {"ArgumentParser", "Synchronization"},
    "rpn-fuzz": FRONT_ENDS | BOTTOM,
    # The man page: made from the command line's usage, the word table and the shell's
    # command table; its executable reads the command tree and writes the page.
    "RPNManual": {"RPNCore", "RPNJSON", "RPNCommandLine", "RPNShell"},
    "rpn-manual": {"RPNManual", PLATFORM},
}
IMPORT = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|private|fileprivate)\s+)?"
                    r"import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?([A-Za-z_]\w*)",
                    re.M)


def imports_of(module: Path) -> dict[str, list[str]]:
    """Imported module -> the files (with line numbers) that import it."""
    found: dict[str, list[str]] = {}
    for path in sorted(module.rglob("*")):
        if path.suffix not in (".swift", ".h", ".c", ".modulemap") or not path.is_file():
            continue
        text = path.read_text(encoding="utf-8")
        for match in IMPORT.finditer(text):
            line = text.count("\n", 0, match.start()) + 1
            found.setdefault(match.group(1), []).append(f"{path.relative_to(REPO)}:{line}")
    return found


def test_every_module_has_a_place_in_the_layers():
    modules = {p.name for p in SOURCES.iterdir() if p.is_dir()}
    assert modules == set(ALLOWED_IMPORTS), (
        "Sources/ and the layer table differ; place new modules in ARCHITECTURE.md and in "
        f"ALLOWED_IMPORTS: {sorted(modules ^ set(ALLOWED_IMPORTS))}")


@pytest.mark.parametrize("module", sorted(ALLOWED_IMPORTS))
def test_imports_point_down_only(module):
    allowed = ALLOWED_IMPORTS[module]
    wrong = {name: where for name, where in imports_of(SOURCES / module).items() if name not in allowed}
    assert not wrong, f"{module} may import only {sorted(allowed) or 'nothing'}; " + \
        "; ".join(f"it imports {name} at {', '.join(where)}" for name, where in sorted(wrong.items()))


def test_the_import_reader_sees_every_form():
    text = ("import A\n@testable import B\n@preconcurrency import C\ninternal import D\n"
            "import struct E.Thing\n  import F // comment\n// import G\nlet importer = 1\n")
    assert [m.group(1) for m in IMPORT.finditer(text)] == ["A", "B", "C", "D", "E", "F"]


# --- Platform code in one place -----------------------------------------------------------------

# What only Platform may contain: the choice of C library, loops that retry a call a signal
# interrupted (anything naming EINTR; elsewhere `Retrying` and `SystemError.isInterruption`),
# and errno's words (`SystemError.reason`).
PLATFORM_ONLY = re.compile(r"canImport\((?:Glibc|Musl|Darwin|WinSDK|ucrt)\)|\bEINTR\b|\bstrerror\b")
COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.S)
STRING = re.compile(r'"(?:[^"\\\n]|\\.)*"')


def platform_code(text: str) -> list[tuple[int, str]]:
    """(line, what) for each piece of platform code outside comments and string literals."""
    blanked = STRING.sub(lambda m: " " * len(m.group()), text)
    blanked = COMMENT.sub(lambda m: re.sub(r"[^\n]", " ", m.group()), blanked)
    return [(blanked.count("\n", 0, m.start()) + 1, m.group()) for m in PLATFORM_ONLY.finditer(blanked)]


def test_the_platform_code_reader_sees_code_not_comments():
    text = ('#if canImport(Glibc)\nimport Glibc\n#endif\n'
            '/// ends with EINTR\nif errno == EINTR { continue } // retried\n'
            'let s = "EINTR"\n/* strerror */ String(cString: strerror(errno))\n')
    assert platform_code(text) == [(1, "canImport(Glibc)"), (5, "EINTR"), (7, "strerror")]


@pytest.mark.parametrize("module", sorted(set(ALLOWED_IMPORTS) - {PLATFORM}))
def test_platform_code_lives_in_platform(module):
    found = [f"{path.relative_to(REPO)}:{line}: {what}"
             for path in sorted((SOURCES / module).rglob("*"))
             if path.suffix in (".swift", ".h", ".c") and path.is_file()
             for line, what in platform_code(path.read_text(encoding="utf-8"))]
    assert not found, (f"{module} has platform code; use Platform (Retrying for calls a signal "
                       "interrupts, SystemError for errno and its words): " + "; ".join(found))


def test_the_core_gets_only_libm_from_the_c_library():
    """RPNCore's one way into the C library is PlatformMath, so it must stay <math.h> alone."""
    includes = [line.strip() for path in sorted((SOURCES / "PlatformMath").glob("*.h"))
                for line in path.read_text(encoding="utf-8").splitlines() if line.strip().startswith("#")]
    assert includes == ["#include <math.h>"], f"PlatformMath must declare <math.h> only, not {includes}"


# --- The version --------------------------------------------------------------------------------

VERSION_FILE = SOURCES / "RPNCore" / "Version.swift"


def the_version() -> str:
    match = re.search(r'public static let version = "(\d+\.\d+\.\d+)"', VERSION_FILE.read_text())
    assert match, f"{VERSION_FILE.relative_to(REPO)} must define RPN.version"
    return match.group(1)


def test_the_version_is_written_once_in_swift():
    version = the_version()
    copies = [str(p.relative_to(REPO)) for root in ("Sources", "Tests")
              for p in (REPO / root).rglob("*.swift")
              if p != VERSION_FILE and version in p.read_text(encoding="utf-8")]
    assert not copies, f"the version {version} is written again in {copies}; use RPN.version"


def test_the_vscode_extension_has_the_same_version():
    manifest = json.loads((REPO / "editors" / "vscode" / "package.json").read_text(encoding="utf-8"))
    assert manifest["version"] == the_version()


def test_rpn_reports_the_version(tmp_path):
    from rpn_grammar_support import rpn_binary
    proc = subprocess.run([str(rpn_binary()), "--version"], capture_output=True, text=True, timeout=30)
    assert proc.stdout.strip() == the_version(), proc.stderr


# --- Built-in words: corpus cases and TextMate rules --------------------------------------------

SPELLINGS = builtin_spellings()


def test_the_table_reader_finds_every_word():
    entries = len(re.findall(r"\bBuiltin\(\s*id:", BUILTIN_TABLE.read_text(encoding="utf-8")))
    assert entries > 0 and len({word for word, _, _ in SPELLINGS}) == entries


def word_key(text: str) -> str:
    """Words are case-insensitive over ASCII letters only (so ſin is not sin)."""
    return text.lower() if text.isascii() else text


@pytest.fixture(scope="module")
def corpus_words() -> dict[tuple[str, str], list[str]]:
    """(token kind, spelling) -> where the corpus programs use it, read by the Swift lexer."""
    found: dict[tuple[str, str], list[str]] = {}
    for path in sorted(CORPUS_DIR.glob("*.rpn")):
        for token in swift_tokens(path):
            kind = SCOPE_TO_KIND[token.scope]
            found.setdefault((kind, word_key(token.text)), []).append(f"{path.name}:{token.line}")
    return found


@pytest.mark.parametrize("word, kind, spelling", SPELLINGS, ids=[f"{w}:{s}" for w, _, s in SPELLINGS])
def test_every_builtin_spelling_has_a_corpus_case(corpus_words, word, kind, spelling):
    if (kind, word_key(spelling)) not in corpus_words:
        pytest.fail(f"no corpus program in grammar/corpus/ uses {spelling!r} ({word}); add a case "
                    "with its expected values and description", pytrace=False)


@pytest.fixture(scope="module")
def tm_tokens() -> TextMateTokenizer:
    return TextMateTokenizer()


@pytest.mark.parametrize("word, kind, spelling", SPELLINGS, ids=[f"{w}:{s}" for w, _, s in SPELLINGS])
def test_every_builtin_spelling_has_a_textmate_rule(tm_tokens, word, kind, spelling):
    # Words match in any ASCII case; constants only as spelled (`E` and `PI` are variables).
    variants = {spelling, spelling.upper(), spelling.capitalize()} if spelling.isascii() else {spelling}
    for text in sorted(variants):
        expected = scope_of(kind, text) if kind != "constant" or text == spelling else KIND_TO_SCOPE["variable"]
        tokens = tm_tokens(f"1 2 {text}\n")
        assert [(t.text, t.scope) for t in tokens[2:]] == [(text, expected)], (
            f"grammar/rpn.tmLanguage.json gives {text!r} ({word}) "
            f"{[(t.text, t.scope) for t in tokens[2:]]}, expected the scope {expected}")


# --- One engine -------------------------------------------------------------------------------

ENGINE = SOURCES / "RPNCore"
# Files that switch on an instruction word's opcode: the loop, the instruction's own description
# of its shape (width, jumps) and the compiler's pass that fuses code (neither runs it).
OPCODE_SWITCHES = {"Programs/Machine+Interpreter.swift", "Programs/Instruction.swift", "Programs/Superinstructions.swift"}


def swift_code(path: Path) -> str:
    """A Swift file without its comments (line comments and doc comments)."""
    return re.sub(r"//.*", "", path.read_text())


def test_one_loop_runs_every_instruction():
    switching = {str(path.relative_to(ENGINE)) for path in ENGINE.rglob("*.swift")
                 if re.search(r"switch\s+[\w.]*opcode\b", swift_code(path))}
    assert switching == OPCODE_SWITCHES, "a second place runs instructions: give the loop a hook instead"
    interpreter = swift_code(ENGINE / "Programs/Machine+Interpreter.swift")
    assert len(re.findall(r"\bfunc interpret\(", interpreter)) == 1


@pytest.mark.parametrize("name", ["executeInProgram", "runFast", "executeTraced", "func execute(", "advanceLoop(counter"
                                  " ", "StepFusion", "RunLocals"])
def test_the_replaced_executors_stay_gone(name):
    found = [str(path.relative_to(REPO)) for path in SOURCES.rglob("*.swift") if name in swift_code(path)]
    assert not found, f"{name!r} is back in {found}"


def test_the_quick_arithmetic_is_written_once():
    # The loop computes + − × and the comparisons of small integers in place (`quick`);
    # `combine`, the general path of every binary word, starts with that same function.
    values = swift_code(ENGINE / "Evaluation/Machine+Values.swift")
    combine = values[values.index("mutating func combine(_ op: BuiltinID, _ x: Double, _ y: Double"):]
    combine = combine[:combine.index("\n    }\n")]
    assert "Self.quick(" in combine
    assert "a &+ b" not in combine and "StackSlot.small(a + b)" not in combine
