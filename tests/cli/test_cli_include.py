"""`include "FILE"` on the command line (issue 17): `rpn FILE` and `rpn check` read the files a
program includes relative to the including file, `-e` and standard input relative to the
working directory; a file runs once however many includes name it; cycles, missing and
unreadable files, and nesting deeper than 64 files are errors at the include, naming the chain
of files; a diagnostic in an included file is shown at its own line and column, followed by
the includes that led there.

Expected outputs are worked out by hand from the files (columns counted in the source).
"""
from __future__ import annotations

import json
import os
import subprocess

import pytest

from cli_support import RPN

LIB = ": square ( x -- y ) x x × ;\ninclude \"consts.rpn\"\n"


def run(cwd, *args: str, stdin: str = ""):
    """`rpn ARGS` in the folder `cwd`: status, standard output, standard error."""
    result = subprocess.run([RPN, *args], input=stdin.encode(), capture_output=True, cwd=cwd, timeout=60)
    return result.returncode, result.stdout.decode(), result.stderr.decode()


@pytest.fixture
def tree(tmp_path):
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "math.rpn").write_text(LIB)
    (tmp_path / "lib" / "consts.rpn").write_text("5 →five\n")
    (tmp_path / "main.rpn").write_text('include "lib/math.rpn"\ninclude "lib/math.rpn"\n3 square five +\n')
    return tmp_path


def test_a_file_includes_a_library_once(tree):
    assert run(tree, "main.rpn") == (0, "14\n", "")
    assert run(tree, "-d", "main.rpn") == (0, "square(3)+five\n", "")
    # From another folder: names are relative to the including file, not to the working directory.
    assert run(tree / "lib", "../main.rpn") == (0, "14\n", "")


def test_e_and_standard_input_include_relative_to_the_working_directory(tree):
    assert run(tree, "-e", 'include "lib/math.rpn" 4 square') == (0, "16\n", "")
    assert run(tree, stdin='include "lib/math.rpn" five') == (0, "5\n", "")
    assert run(tree / "lib", "-e", 'include "math.rpn" five') == (0, "5\n", "")


def test_a_name_with_spaces_and_a_library_given_first(tree):
    (tree / "my lib.rpn").write_text("2 3\n")
    assert run(tree, "-e", 'include "my lib.rpn" ×') == (0, "6\n", "")
    # lib/consts.rpn ran before the -e program that includes it: it is not included again.
    assert run(tree, "lib/consts.rpn", "-e", 'include "lib/consts.rpn" five') == (0, "5\n", "")


def test_a_file_reached_through_a_symbolic_link_is_the_same_file(tree):
    os.symlink("lib/consts.rpn", tree / "link.rpn")
    assert run(tree, "-e", 'include "link.rpn" include "lib/consts.rpn" include "lib/../lib/consts.rpn" depth') \
        == (0, "0\n", "")


def test_an_error_in_an_included_file_names_its_place_and_the_chain(tree):
    (tree / "bad.rpn").write_text("1\n  1 0 ÷\n")
    (tree / "lib" / "usesbad.rpn").write_text('include "../bad.rpn"\n')
    (tree / "top.rpn").write_text('# a library with a mistake\ninclude "lib/usesbad.rpn"\n')
    expected = (
        "bad.rpn:2:7: error: division by zero\n"
        "  1 0 ÷\n"
        "      ^\n"
        "lib/usesbad.rpn:1:1: note: bad.rpn is included here\n"
        "top.rpn:2:1: note: lib/usesbad.rpn is included here\n"
    )
    assert run(tree, "top.rpn") == (1, "", expected)
    assert run(tree, "check", "top.rpn") == (1, "", expected)
    code, out, _ = run(tree, "check", "--json", "top.rpn")
    diagnostic = json.loads(out)[0]["diagnostics"][0]
    assert code == 1 and diagnostic["file"] == "bad.rpn" and diagnostic["range"]["start"] == {"line": 2, "column": 7}
    assert diagnostic["includedFrom"] == [
        {"file": "lib/usesbad.rpn", "range": {"start": {"line": 1, "column": 1}, "end": {"line": 1, "column": 20}}},
        {"file": "top.rpn", "range": {"start": {"line": 2, "column": 1}, "end": {"line": 2, "column": 25}}},
    ]


def test_a_cycle_is_an_error_at_the_include_that_closes_it(tree):
    (tree / "main.rpn").write_text('1\n\ninclude "a.rpn"\n2\n')
    (tree / "a.rpn").write_text('include "main.rpn"\n')
    assert run(tree, "main.rpn") == (1, "", (
        "a.rpn:1:1: error: include cycle: main.rpn → a.rpn → main.rpn\n"
        'include "main.rpn"\n'
        "^^^^^^^^^^^^^^^^^^\n"
        "main.rpn:3:1: note: a.rpn is included here\n"))
    (tree / "self.rpn").write_text('include "self.rpn"\n')
    code, _, err = run(tree, "check", "self.rpn")
    assert code == 1 and err.startswith("self.rpn:1:1: error: include cycle: self.rpn → self.rpn\n")


@pytest.mark.parametrize("name, reason", [
    ("nope.rpn", "No such file or directory"),
    ("lib", "it is a directory, not a regular file"),
    ("/dev/zero", "it is a character device, not a regular file"),
    ("big.rpn", "it has 104857600 bytes, more than the 16 MiB allowed"),
    ("fifo", "it is a FIFO, not a regular file"),
])
def test_what_cannot_be_included_is_an_error_at_the_include(tree, name, reason):
    with open(tree / "big.rpn", "wb") as big:
        big.truncate(100 * 1024 * 1024)  # sparse: 100 MB that take no room
    os.mkfifo(tree / "fifo")  # nobody writes to it: an open that waited would hang
    program = f'1 include "{name}" 2'
    code, out, err = run(tree, "-e", program)
    assert (code, out) == (1, "")
    assert err == (f"-e:1:3: error: cannot include {name}: {reason} (-e → {name})\n"
                   f"{program}\n"
                   f"  {'^' * (len(name) + 10)}\n")


def test_a_file_that_cannot_be_read(tree):
    # /proc/self/mem is a regular file whose first page no process has mapped: reading it
    # fails, for root too.
    code, _, err = run(tree, "-e", 'include "/proc/self/mem"')
    assert code == 1 and "cannot include /proc/self/mem: Input/output error (-e → /proc/self/mem)" in err
    if os.geteuid() != 0:  # root reads every file whatever its mode
        (tree / "secret.rpn").write_text("1\n")
        os.chmod(tree / "secret.rpn", 0)
        code, _, err = run(tree, "-e", 'include "secret.rpn"')
        assert code == 1 and "cannot include secret.rpn: Permission denied (-e → secret.rpn)" in err


def test_nesting_deeper_than_64_files_is_an_error(tmp_path):
    for level in range(70):
        (tmp_path / f"f{level}.rpn").write_text(f'include "f{level + 1}.rpn"\n')
    (tmp_path / "f70.rpn").write_text("1\n")
    code, out, err = run(tmp_path, "f0.rpn")
    assert (code, out) == (1, "")
    assert err.startswith("f63.rpn:1:1: error: includes nest deeper than 64 files: "
                          "f0.rpn → f1.rpn → f2.rpn → … → f62.rpn → f63.rpn → f64.rpn\n")
    assert err.count("note:") == 63  # each include that led there


@pytest.mark.parametrize("program, message", [
    ("include", "'include' needs the name of a file in quotes after it on its line, as in include \"lib.rpn\""),
    ('include ""', "include needs the name of a file between the quotes"),
    ('include "lib.rpn', "'\"lib.rpn' needs a closing '\"' on the same line"),
    (': f ( -- ) include "lib.rpn" ;', "include brings a file in at the top level only, not inside a definition"),
])
def test_a_malformed_include(tree, program, message):
    code, out, err = run(tree, "-e", program)
    assert (code, out) == (1, "") and f"error: {message}\n" in err


def test_a_nul_byte_in_a_name(tree):
    (tree / "nul.rpn").write_bytes(b'include "a\x00b"\n')
    code, _, err = run(tree, "nul.rpn")
    assert code == 1 and err.startswith(
        "nul.rpn:1:1: error: cannot include a\\u{0}b: a file's name cannot hold a NUL byte (nul.rpn → a\\u{0}b)\n")
