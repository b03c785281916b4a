"""editors/vscode without VS Code: the manifest, the language configuration, the grammar copy,
and (when Node.js is installed) the extension activated against stand-in modules.
Also the Helix and Sublime Text snippets parse and point at what exists."""

from __future__ import annotations

import json
import plistlib
import re
import shutil
import subprocess
import tomllib

import pytest

from editor_support import EDITORS, HERE, REPO

VSCODE = EDITORS / "vscode"


@pytest.fixture(scope="module")
def manifest() -> dict:
    return json.loads((VSCODE / "package.json").read_text(encoding="utf-8"))


def test_grammar_copy_is_identical():
    original = (REPO / "grammar" / "rpn.tmLanguage.json").read_bytes()
    copy = (VSCODE / "syntaxes" / "rpn.tmLanguage.json").read_bytes()
    assert copy == original, ("editors/vscode/syntaxes/rpn.tmLanguage.json differs from "
                              "grammar/rpn.tmLanguage.json: cp grammar/rpn.tmLanguage.json "
                              "editors/vscode/syntaxes/")


def test_manifest_basics(manifest):
    for key in ("name", "displayName", "version", "publisher", "engines", "main"):
        assert manifest.get(key), key
    assert (VSCODE / manifest["main"]).is_file()
    assert "onLanguage:rpn" in manifest["activationEvents"]
    assert "vscode-languageclient" in manifest["dependencies"]
    assert "vscode" in manifest["engines"]


def test_language_contribution(manifest):
    (lang,) = manifest["contributes"]["languages"]
    assert lang["id"] == "rpn"
    assert lang["extensions"] == [".rpn"]
    conf = json.loads((VSCODE / lang["configuration"]).read_text(encoding="utf-8"))
    assert conf["comments"] == {"lineComment": "#"}
    assert conf["brackets"] == []
    re.compile(conf["wordPattern"])  # a JS RegExp; Python's syntax is close enough to check it
    words = re.findall(conf["wordPattern"], "3 -4.5 sqrt →Mx 2+rate ÷")
    assert words == ["3", "-4.5", "sqrt", "Mx", "2", "rate"]


def test_grammar_contribution(manifest):
    (g,) = manifest["contributes"]["grammars"]
    assert g["language"] == "rpn"
    assert g["scopeName"] == "source.rpn"
    grammar = json.loads((VSCODE / g["path"]).read_text(encoding="utf-8"))
    assert grammar["scopeName"] == g["scopeName"]


def test_configuration_contribution(manifest):
    props = manifest["contributes"]["configuration"]["properties"]
    assert props["rpn.server.path"]["type"] == "string"
    assert props["rpn.server.path"]["default"] == "rpn"
    assert props["rpn.inlayHints.enabled"]["type"] == "boolean"
    glyphs = props["rpn.formatting.glyphs"]
    assert glyphs["enum"] == ["keep", "unicode", "ascii"]
    assert glyphs["default"] == "keep"
    assert len(glyphs["enumDescriptions"]) == 3


def test_commands_are_registered_by_the_extension(manifest):
    source = (VSCODE / manifest["main"]).read_text(encoding="utf-8")
    for cmd in manifest["contributes"].get("commands", []):
        assert f"'{cmd['command']}'" in source, cmd["command"]
    for key in manifest["contributes"]["configuration"]["properties"]:
        short = key.removeprefix("rpn.")
        assert f"'{short}'" in source, f"extension.js never reads {key}"


def node() -> str:
    path = shutil.which("node") or shutil.which("nodejs")
    if path is None:
        pytest.skip("Node.js is not installed (tests/run installs Debian's nodejs): extension.js not run")
    return path


def run_extension(settings: dict) -> dict:
    r = subprocess.run([node(), str(HERE / "vscode_extension_check.js"),
                        str(VSCODE / "src" / "extension.js"), json.dumps(settings)],
                       capture_output=True, timeout=60, stdin=subprocess.DEVNULL)
    assert r.returncode == 0, r.stdout.decode() + r.stderr.decode()
    return json.loads(r.stdout)


def test_extension_starts_rpn_lsp_with_defaults():
    rep = run_extension({})
    (client,) = rep["clients"]
    assert client["serverOptions"]["run"]["command"] == "rpn"
    assert client["serverOptions"]["run"]["args"] == ["lsp"]
    assert {"scheme": "file", "language": "rpn"} in client["documentSelector"]
    assert client["initializationOptions"] == {"formatting": {"glyphs": "keep"},
                                               "inlayHints": {"enabled": True}}
    assert client["synchronize"] == {"configurationSection": "rpn"}
    assert rep["commands"] == ["rpn.restartServer"]
    assert (rep["started"], rep["stopped"], rep["errors"]) == (1, 1, [])


def test_extension_reads_the_settings():
    rep = run_extension({"server.path": "/opt/rpn/bin/rpn", "formatting.glyphs": "ascii",
                         "inlayHints.enabled": False})
    (client,) = rep["clients"]
    assert client["serverOptions"]["run"]["command"] == "/opt/rpn/bin/rpn"
    assert client["initializationOptions"] == {"formatting": {"glyphs": "ascii"},
                                               "inlayHints": {"enabled": False}}


# --- Helix and Sublime Text snippets --------------------------------------------------------

def test_helix_languages_toml():
    conf = tomllib.loads((EDITORS / "helix" / "languages.toml").read_text(encoding="utf-8"))
    (lang,) = conf["language"]
    assert lang["name"] == "rpn"
    assert lang["file-types"] == ["rpn"]
    assert lang["comment-token"] == "#"
    assert lang["language-servers"] == ["rpn-lsp"]
    server = conf["language-server"]["rpn-lsp"]
    assert server["command"] == "rpn" and server["args"] == ["lsp"]
    assert server["config"]["formatting"]["glyphs"] in ("keep", "unicode", "ascii")


def test_sublime_lsp_settings():
    text = (EDITORS / "sublime" / "LSP.sublime-settings").read_text(encoding="utf-8")
    # Sublime settings allow // comments; these are whole-line ones
    settings = json.loads("\n".join(l for l in text.splitlines() if not l.lstrip().startswith("//")))
    client = settings["clients"]["rpn"]
    assert client["enabled"] is True
    assert client["command"] == ["rpn", "lsp"]
    assert client["selector"] == "source.rpn"
    assert client["initializationOptions"]["formatting"]["glyphs"] == "keep"


def test_sublime_grammar_is_the_tmlanguage_as_a_plist():
    # Sublime Text reads .tmLanguage as an XML plist, not JSON: the plist must hold exactly
    # grammar/rpn.tmLanguage.json (regenerate with the command in editors/sublime/README.md).
    plist = plistlib.loads((EDITORS / "sublime" / "RPN.tmLanguage").read_bytes())
    assert plist == json.loads((REPO / "grammar" / "rpn.tmLanguage.json").read_text(encoding="utf-8"))


def test_sublime_comment_preferences():
    prefs = plistlib.loads((EDITORS / "sublime" / "Comments.tmPreferences").read_bytes())
    assert prefs["scope"] == "source.rpn"
    assert {"name": "TM_COMMENT_START", "value": "# "} in prefs["settings"]["shellVariables"]
