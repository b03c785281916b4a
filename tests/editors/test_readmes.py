"""The editor READMEs say what a first run needs: `rpn` on PATH (from scripts/install), the
editor versions the set-ups need, and which editors show inlay hints and what the others get.

The set-up code in the Neovim and Emacs READMEs is run by test_neovim.py and test_emacs.py;
the keys the READMEs document are checked against what the plugins bind there.
"""

from __future__ import annotations

import re

import pytest

from editor_support import EDITORS, REPO

EDITOR_READMES = ["neovim", "emacs", "vscode", "helix", "sublime"]


def read(path) -> str:
    return path.read_text(encoding="utf-8")


def before_first_code_block(text: str) -> str:
    return text.split("```", 1)[0]


@pytest.mark.parametrize("editor", EDITOR_READMES)
def test_readme_starts_from_rpn_on_path(editor):
    intro = before_first_code_block(read(EDITORS / editor / "README.md"))
    assert "scripts/install" in intro, f"{editor}/README.md: say that scripts/install gives rpn"
    assert "`PATH`" in intro, f"{editor}/README.md: say that rpn must be on PATH"
    assert "full path" in intro, f"{editor}/README.md: say what to do when rpn is elsewhere"


def test_install_section_of_the_main_readme_points_at_the_editors():
    install = read(REPO / "README.md").split("## Install", 1)[1].split("\n## ", 1)[0]
    assert "editors/README.md" in install and "PATH" in install


def test_helix_readme_states_the_minimum_version():
    text = read(EDITORS / "helix" / "README.md")
    assert re.search(r"Helix 23\.10 or later", text), "the language-servers syntax needs Helix 23.10"


def inlay_table() -> dict[str, str]:
    """editors/README.md's inlay-hint table: editor -> the rest of its row."""
    text = read(EDITORS / "README.md")
    section = text.split("inlay hints", 1)[1]
    rows = {}
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("|") and len(cells) == 3 and not set(cells[0]) <= set("-"):
            rows[cells[0]] = " | ".join(cells[1:])
    return rows


@pytest.mark.parametrize("editor, shows, how", [
    ("Neovim 0.10+", "yes", "vim.lsp.inlay_hint"),
    ("Neovim 0.7–0.9", "no", "<leader>="),
    ("Emacs 29.1+ (eglot 1.12+)", "yes", "eglot-inlay-hints-mode"),
    ("Emacs 26.3–28", "no", "C-c C-e"),
    ("VS Code", "yes", "editor.inlayHints.enabled"),
    ("Helix 23.03+", "yes", "display-inlay-hints"),
    ("Sublime Text 4, LSP package 1.18+", "yes", "show_inlay_hints"),
])
def test_inlay_hint_table(editor, shows, how):
    rows = inlay_table()
    row = next((r for e, r in rows.items() if e.startswith(editor)), None)
    assert row is not None, f"editors/README.md: no inlay-hint row for {editor}; rows: {list(rows)}"
    assert row.startswith(shows) and how in row, row
