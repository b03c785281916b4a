"""scripts/install and scripts/install --uninstall, end to end, into a temporary prefix.

The install builds (incrementally) rpn and rpn-manual, the man page's generator, so the first
test of this module takes a while; the rest read what it installed.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
# The word table read from its source by the grammar tests' helper: a list of the words made
# without the man page's generator.
sys.path.insert(0, str(REPO / "tests" / "grammar"))
from rpn_grammar_support import builtin_spellings  # noqa: E402
INSTALL = REPO / "scripts" / "install"
VERSION_SWIFT = REPO / "Sources" / "RPNCore" / "Version.swift"

INSTALLED = {
    "bin/rpn": 0o755,
    "share/man/man1/rpn.1": 0o644,
    "share/bash-completion/completions/rpn": 0o644,
    "share/zsh/site-functions/_rpn": 0o644,
    "share/fish/vendor_completions.d/rpn.fish": 0o644,
}
SUBCOMMANDS = ["check", "tokens", "lsp", "fav", "plot"]


def tool(name: str) -> str:
    """A tool the test needs; skipped when missing (a failure under CI=true, see conftest)."""
    path = shutil.which(name)
    if path is None:
        pytest.skip(f"{name} is not installed (tests/run installs it)")
    return path


def expected_version() -> str:
    match = re.search(r'static let version = "([^"]+)"', VERSION_SWIFT.read_text())
    assert match, f"no version constant in {VERSION_SWIFT}"
    return match.group(1)


def run_install(*arguments: str, home: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, HOME=str(home))
    return subprocess.run([str(INSTALL), *arguments], cwd=REPO, env=env, capture_output=True,
                          text=True, timeout=1800, stdin=subprocess.DEVNULL)


@pytest.fixture(scope="module")
def prefix(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("install")
    prefix = root / "prefix with space"
    proc = run_install("--prefix", str(prefix), home=root)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return prefix


def user_env(prefix: Path, home: Path) -> dict[str, str]:
    """A user's environment after the install: the prefix's bin first on PATH."""
    env = {k: v for k, v in os.environ.items() if k not in ("MANPATH", "RPN_BIN")}
    env.update(PATH=f"{prefix}/bin:/usr/local/bin:/usr/bin:/bin", HOME=str(home),
               LANG="C.UTF-8", TERM="dumb", XDG_DATA_HOME=str(home / "data"),
               XDG_CONFIG_HOME=str(home / "config"))
    return env


@pytest.mark.parametrize("relative, mode", INSTALLED.items())
def test_every_file_is_installed_with_its_mode(prefix, relative, mode):
    path = prefix / relative
    assert path.is_file(), f"{relative} is missing"
    assert path.stat().st_mode & 0o777 == mode, f"{relative}: mode {oct(path.stat().st_mode & 0o777)}"
    assert path.stat().st_size > 0


def test_the_installed_rpn_runs_from_path(prefix, tmp_path):
    env = user_env(prefix, tmp_path)
    proc = subprocess.run(["rpn", "-e", "3 4 +", "-e", "2 √"], env=env, capture_output=True,
                          text=True, timeout=30)
    assert (proc.returncode, proc.stdout) == (0, "7\n1.4142135623730951\n"), proc.stderr
    proc = subprocess.run(["rpn", "--version"], env=env, capture_output=True, text=True, timeout=30)
    assert proc.stdout.strip() == expected_version()


def test_the_installed_binary_is_the_release_build(prefix):
    built = REPO / ".build" / "release" / "rpn"
    assert (prefix / "bin/rpn").read_bytes() == built.read_bytes()


def test_man_finds_the_page_through_path_and_it_renders_without_warnings(prefix, tmp_path):
    man = tool("man")
    env = user_env(prefix, tmp_path)
    # man-db looks in ../share/man next to every directory on PATH: no MANPATH needed.
    where = subprocess.run([man, "-w", "rpn"], env=env, capture_output=True, text=True, timeout=60)
    assert where.returncode == 0, where.stderr
    assert Path(where.stdout.strip()) == prefix / "share/man/man1/rpn.1"

    env["MANWIDTH"] = "100"
    page = subprocess.run([man, "--warnings", "-l", str(prefix / "share/man/man1/rpn.1")], env=env,
                          capture_output=True, text=True, timeout=60)
    assert page.returncode == 0, page.stderr
    assert page.stderr == "", f"roff warnings: {page.stderr}"
    text = page.stdout
    for heading in ("NAME", "SYNOPSIS", "DESCRIPTION"):
        assert re.search(rf"^{heading}$", text, re.M), f"no {heading} section"
    assert "rpn - evaluate, describe and check RPN" in text
    # The evaluator's options and every command, with options only that command has.
    for word in ["--expression", "--describe", "--set", "--ascii", "--degrees", "FILE",
                 *SUBCOMMANDS, "--stdio", "--from", "--svg"]:
        assert re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text), f"{word} is not in the man page"
    for fav_command in ("list", "add", "rm", "show"):
        assert re.search(rf"^\s+rpn fav {fav_command}\s", text, re.M), f"fav {fav_command} is not in the man page"


# The page's sections, in order.
MAN_SECTIONS = ["NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "COMMANDS", "THE LANGUAGE", "WORDS",
                "THE SHELL", "FILES", "ENVIRONMENT", "EXIT STATUS", "EXAMPLES", "SEE ALSO"]


def rendered_page(prefix: Path, home: Path) -> str:
    """`man rpn` as a user reads it: the installed page, a UTF-8 locale, 80 columns."""
    env = user_env(prefix, home)
    env.update(LANG="C.UTF-8", MANWIDTH="80", MANPAGER="cat", PAGER="cat")
    env.pop("LC_ALL", None)
    proc = subprocess.run([tool("man"), "-l", str(prefix / "share/man/man1/rpn.1")], env=env,
                          capture_output=True, text=True, encoding="utf-8", timeout=60)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def man_section(text: str, heading: str) -> str:
    """The text of one section: from its heading to the next heading at the margin."""
    match = re.search(rf"^{re.escape(heading)}\n(.*?)(?=^\S)", text, re.M | re.S)
    assert match, f"no {heading} section"
    return match.group(1)


def test_the_man_page_shows_its_glyphs_as_they_are(prefix, tmp_path):
    text = rendered_page(prefix, tmp_path)
    for glyph in ("√", "π", "→", "×", "÷"):
        assert glyph in text, f"{glyph} is missing from the man page"
    # The --ascii option's help names the glyphs it replaces; the old page showed spaces.
    assert re.search(r"sqrt pi instead of × ÷ − √ π", text), man_section(text, "OPTIONS")


def test_the_man_page_has_its_sections_in_order(prefix, tmp_path):
    text = rendered_page(prefix, tmp_path)
    headings = [line for line in text.splitlines() if re.fullmatch(r"[A-Z][A-Z ]+", line)]
    assert headings == MAN_SECTIONS


def test_the_man_page_documents_no_internal_command(prefix, tmp_path):
    text = rendered_page(prefix, tmp_path)
    assert "rpn width" not in text
    assert "terminal width of each line" not in text, "the hidden width command's help is on the page"


def test_the_synopsis_shows_the_real_forms(prefix, tmp_path):
    synopsis = " ".join(man_section(rendered_page(prefix, tmp_path), "SYNOPSIS").split())
    for form in ("rpn [-e PROGRAM]... [FILE]...", "rpn [--fresh | --session NAME] [--set NAME=VALUE]...", "rpn check [--json]",
                 "rpn tokens [--json] FILE", "rpn lsp [--stdio]", "rpn fav list|add PROGRAM",
                 "rpn plot -e PROGRAM"):
        assert form in synopsis, f"{form!r} is not in the synopsis: {synopsis}"
    assert "subcommand" not in synopsis


def test_every_built_in_word_is_in_the_words_section(prefix, tmp_path):
    words = man_section(rendered_page(prefix, tmp_path), "WORDS")
    # Each word's line: its spellings, separated by commas, then its stack effect.
    tokens = {token.rstrip(",") for token in words.split()}
    missing = sorted({spelling for _, _, spelling in builtin_spellings()} - tokens)
    assert not missing, f"words missing from the WORDS section: {missing}"


def test_the_shell_files_and_environment_are_documented(prefix, tmp_path):
    text = rendered_page(prefix, tmp_path)
    shell = man_section(text, "THE SHELL")
    for command in (":help", ":undo", ":save FILE", ":load FILE", ":fav", ":quit"):
        assert re.search(rf"^\s+{re.escape(command)}\b", shell, re.M), f"{command} is not in THE SHELL"
    files = man_section(text, "FILES")
    for path in ("$XDG_STATE_HOME/rpn/history", "$XDG_STATE_HOME/rpn/sessions/NAME.rpn",
                 "$XDG_DATA_HOME/rpn/favorites.json"):
        assert path in files, f"{path} is not in FILES"
    environment = man_section(text, "ENVIRONMENT")
    for variable in ("NO_COLOR", "PAGER", "XDG_STATE_HOME", "XDG_DATA_HOME", "HOME"):
        assert re.search(rf"^\s+{variable}\b", environment, re.M), f"{variable} is not in ENVIRONMENT"


def test_groff_finds_nothing_to_warn_about_in_the_page(prefix):
    groff = tool("groff")
    proc = subprocess.run([groff, "-ww", "-z", "-k", "-man", "-Tutf8", str(prefix / "share/man/man1/rpn.1")],
                          capture_output=True, text=True, timeout=60)
    assert (proc.returncode, proc.stderr) == (0, "")


def test_bash_completion_is_valid_and_completes_commands_and_their_options(prefix, tmp_path):
    bash = tool("bash")
    script = prefix / "share/bash-completion/completions/rpn"
    syntax = subprocess.run([bash, "-n", str(script)], capture_output=True, text=True, timeout=30)
    assert syntax.returncode == 0, syntax.stderr

    def complete(line: str) -> list[str]:
        words = line.split(" ")
        program = (f'source "{script}"; COMP_WORDS=({" ".join(repr(w) for w in words)}); '
                   f'COMP_CWORD={len(words) - 1}; COMP_LINE={line!r}; COMP_POINT={len(line)}; '
                   f'_rpn rpn {words[-1]!r} {words[-2]!r}; printf "%s\\n" "${{COMPREPLY[@]}}"')
        proc = subprocess.run([bash, "-c", program], env=user_env(prefix, tmp_path),
                              capture_output=True, text=True, timeout=30)
        assert proc.returncode == 0, proc.stderr
        return sorted(filter(None, proc.stdout.split("\n")))

    assert complete("rpn pl") == ["plot"]
    assert complete("rpn plot --f") == ["--from"]
    assert {"add", "list", "rm", "show"} <= set(complete("rpn fav "))
    assert "--describe" in complete("rpn --d")
    assert complete("rpn check --j") == ["--json"]


def test_fish_completion_is_valid_and_completes_commands_options_and_files(prefix, tmp_path):
    fish = tool("fish")
    script = prefix / "share/fish/vendor_completions.d/rpn.fish"
    syntax = subprocess.run([fish, "--no-execute", str(script)], capture_output=True, text=True, timeout=30)
    assert syntax.returncode == 0, syntax.stderr
    (tmp_path / "prog.rpn").write_text("3 4 +\n")

    def complete(line: str) -> list[str]:
        # fish reads vendor_completions.d under ~/.local/share and XDG_DATA_DIRS; a temporary
        # prefix is on neither, so the script is sourced as fish would load it.
        proc = subprocess.run([fish, "--no-config", "-c", f"source '{script}'; complete -C '{line}'"],
                              env=user_env(prefix, tmp_path), cwd=tmp_path, capture_output=True,
                              text=True, timeout=30)
        assert proc.returncode == 0, proc.stderr
        return sorted(line.split("\t")[0] for line in proc.stdout.splitlines())

    assert complete("rpn pl") == ["plot"]
    assert complete("rpn plot --f") == ["--from"]
    assert complete("rpn fav ") == ["add", "list", "rm", "show"]
    assert complete("rpn check pro") == ["prog.rpn"]


def test_zsh_completion_is_valid_and_defines_the_completion_function(prefix, tmp_path):
    zsh = tool("zsh")
    script = prefix / "share/zsh/site-functions/_rpn"
    syntax = subprocess.run([zsh, "-n", str(script)], capture_output=True, text=True, timeout=30)
    assert syntax.returncode == 0, syntax.stderr
    text = script.read_text()
    assert text.startswith("#compdef rpn")
    for command in SUBCOMMANDS:
        assert re.search(rf"^_rpn_{command}\(\) {{", text, re.M), f"no completion function for rpn {command}"
    # compinit loads it from fpath, as it would from <prefix>/share/zsh/site-functions.
    program = (f"fpath=('{script.parent}' $fpath); autoload -Uz compinit; compinit -u -d '{tmp_path}/zcompdump'; "
               "print -r -- ${_comps[rpn]}")
    proc = subprocess.run([zsh, "-f", "-c", program], env=user_env(prefix, tmp_path), capture_output=True,
                          text=True, timeout=60)
    assert proc.stdout.strip() == "_rpn", proc.stdout + proc.stderr


def test_default_prefix_is_dot_local_and_uninstall_removes_exactly_the_installed_files(tmp_path):
    prefix = tmp_path / ".local"
    installed = run_install(home=tmp_path)
    assert installed.returncode == 0, installed.stdout + installed.stderr
    neighbour = prefix / "bin" / "other-tool"
    neighbour.write_text("#!/bin/sh\n")
    other_page = prefix / "share/man/man1/other.1"
    other_page.write_text(".TH OTHER 1\n")

    assert all((prefix / relative).is_file() for relative in INSTALLED)
    found_by_itself(prefix, tmp_path)
    removed = run_install("--uninstall", home=tmp_path)
    assert removed.returncode == 0, removed.stdout + removed.stderr
    for relative in INSTALLED:
        assert not (prefix / relative).exists(), f"{relative} is still there"
    assert neighbour.exists() and other_page.exists(), "uninstall removed a file it did not install"

    again = run_install("--uninstall", "--prefix", str(prefix), home=tmp_path)
    assert again.returncode == 0, "uninstalling twice must not fail: " + again.stderr


def found_by_itself(prefix: Path, home: Path) -> None:
    """With the default prefix, a user with ~/.local/bin on PATH needs no further set-up for
    bash (bash-completion's user folder) and fish (its vendor_completions.d under
    ~/.local/share), as README says."""
    env = {k: v for k, v in user_env(prefix, home).items() if k not in ("XDG_DATA_HOME", "XDG_CONFIG_HOME")}
    tool("bash")
    bash_completion = "/usr/share/bash-completion/bash_completion"
    if not Path(bash_completion).is_file():
        pytest.skip("bash-completion is not installed (tests/run installs it)")
    proc = subprocess.run(["bash", "-c", f"source {bash_completion}; __load_completion rpn && complete -p rpn"],
                          env=env, capture_output=True, text=True, timeout=60)
    assert proc.stdout.strip() == "complete -o filenames -F _rpn rpn", proc.stdout + proc.stderr
    proc = subprocess.run([tool("fish"), "-c", "complete -C 'rpn pl'"], env=env, capture_output=True,
                          text=True, timeout=60)
    assert [line.split("\t")[0] for line in proc.stdout.splitlines()] == ["plot"], proc.stdout + proc.stderr


@pytest.mark.parametrize("arguments", [["--prefix"], ["--frobnicate"]])
def test_bad_arguments_are_usage_errors(arguments, tmp_path):
    proc = run_install(*arguments, home=tmp_path)
    assert proc.returncode == 64
    assert "install:" in proc.stderr
    assert not (tmp_path / ".local").exists(), "a usage error must install nothing"
