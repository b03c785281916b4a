"""The editor READMEs say what a first run needs: `rpn` on PATH (from scripts/install), the
editor versions the set-ups need, and editors/README.md's table of which features each editor
version shows (a row per supported version, a column per feature the server advertises).

The set-up code in the Neovim and Emacs READMEs is run by test_neovim.py and test_emacs.py;
the keys the READMEs document are checked against what the plugins bind there.
"""

from __future__ import annotations

import re

import pytest

from editor_support import EDITORS, REPO, require_server, server_capabilities

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


# --- editors/README.md's table of what each editor shows -------------------------------------

# The editor versions the set-ups support, as the table's rows start.
EDITOR_ROWS = ["Neovim 0.7", "Neovim 0.9", "Neovim 0.10+", "Emacs 28", "Emacs 29", "Emacs 30",
               "VS Code", "Helix", "Sublime Text 4"]

# Each entry of the server's ServerCapabilities and the table's column that says what
# editors do with it.
COLUMN_OF_CAPABILITY = {
    "diagnosticProvider": "diagnostics",
    "hoverProvider": "hover",
    "completionProvider": "completion",
    "signatureHelpProvider": "signature help",
    "definitionProvider": "definition, references",
    "referencesProvider": "definition, references",
    "documentHighlightProvider": "highlights",
    "renameProvider": "rename",
    "callHierarchyProvider": "call hierarchy",
    "documentSymbolProvider": "symbols",
    "workspaceSymbolProvider": "symbols",
    "semanticTokensProvider": "semantic tokens",
    "inlayHintProvider": "inlay hints",
    "codeLensProvider": "code lens",
    "codeActionProvider": "code actions",
    "documentFormattingProvider": "formatting",
    "documentRangeFormattingProvider": "formatting",
    "foldingRangeProvider": "folding",
    "selectionRangeProvider": "selection ranges",
    "executeCommandProvider": "`rpn.evaluate`",
}
# Entries that are no feature a user sees: how text and positions travel, and the
# rpn/evaluate and rpn/describe requests only the project's own set-ups could send
# (they send the rpn.evaluate command instead).
NOT_SHOWN = {"positionEncoding", "textDocumentSync", "experimental"}


def feature_table() -> tuple[list[str], dict[str, list[str]]]:
    """The table under "## What each editor shows": its columns and, by row label, the cells."""
    text = read(EDITORS / "README.md")
    assert "\n## What each editor shows\n" in text, "editors/README.md: no section 'What each editor shows'"
    section = text.split("\n## What each editor shows\n", 1)[1].split("\n## ", 1)[0]
    lines = [l.strip() for l in section.splitlines() if l.strip().startswith("|")]
    split = lambda line: [c.strip() for c in line.strip("|").split(" | ")]
    columns = split(lines[0])
    assert set(lines[1]) <= set("|-: "), "the second line of the table is its separator"
    rows = {}
    for line in lines[2:]:
        cells = split(line)
        assert len(cells) == len(columns), f"{len(cells)} cells for {len(columns)} columns: {line}"
        rows[cells[0]] = cells[1:]
    return columns, rows


def row(rows: dict[str, list[str]], editor: str) -> list[str]:
    found = [cells for label, cells in rows.items() if label.startswith(editor)]
    assert len(found) == 1, f"editors/README.md: {len(found)} rows for {editor}; rows: {list(rows)}"
    return found[0]


@pytest.mark.parametrize("editor", EDITOR_ROWS)
def test_feature_table_has_a_row_per_supported_version(editor):
    row(feature_table()[1], editor)


def test_feature_table_has_a_column_per_advertised_feature():
    advertised = set(server_capabilities(require_server()))
    unknown = advertised - set(COLUMN_OF_CAPABILITY) - NOT_SHOWN
    assert not unknown, f"the server advertises {sorted(unknown)}: give each a column (and an entry here)"
    columns = feature_table()[0]
    missing = {COLUMN_OF_CAPABILITY[c] for c in advertised & set(COLUMN_OF_CAPABILITY)} - set(columns)
    assert not missing, f"editors/README.md's table lacks the columns {sorted(missing)}"


def test_feature_table_has_no_empty_cell():
    columns, rows = feature_table()
    empty = [(label, columns[i + 1]) for label, cells in rows.items() for i, c in enumerate(cells) if not c]
    assert not empty, empty


# Inlay hints (values as you write), and what editors without them offer instead.
@pytest.mark.parametrize("editor, shows, how", [
    ("Neovim 0.10+", "yes", "vim.lsp.inlay_hint"),
    ("Neovim 0.9", "no", "<leader>="),
    ("Neovim 0.7", "no", "<leader>="),
    ("Emacs 29", "yes", "eglot-inlay-hints-mode"),
    ("Emacs 30", "yes", "eglot-inlay-hints-mode"),
    ("Emacs 28", "no", "C-c C-e"),
    ("VS Code", "yes", "editor.inlayHints.enabled"),
    ("Helix", "yes", "display-inlay-hints"),
    ("Sublime Text 4", "yes", "show_inlay_hints"),
])
def test_inlay_hint_column(editor, shows, how):
    columns, rows = feature_table()
    cell = row(rows, editor)[columns.index("inlay hints") - 1]
    assert cell.startswith(shows) and how in cell, cell
