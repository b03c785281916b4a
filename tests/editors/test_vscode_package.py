"""editors/vscode without VS Code: the manifest, the language configuration, the grammar copy,
what `vsce package` checks (so that it runs without asking questions), and the extension
activated under Node.js against stand-in modules (a missing `node` fails, never skips).
Also the Helix and Sublime Text snippets parse and point at what exists."""

from __future__ import annotations

import json
import plistlib
import re
import shutil
import subprocess
import tomllib

import pytest

from editor_support import EDITORS, HERE, REPO, require_binary

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
    words = re.findall(conf["wordPattern"], "3 -4.5 sqrt →Mx 2+rate ÷ a<=b x≠y n!=m p&q :cube dup×; x;y")
    assert words == ["3", "-4.5", "sqrt", "Mx", "2", "rate", "a", "b", "x", "y", "n", "m", "p", "q",
                     "cube", "dup", "x", "y"]


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
    assert props["rpn.inlayHints.parameterNames"]["type"] == "boolean"
    assert props["rpn.inlayHints.parameterNames"]["default"] is True
    glyphs = props["rpn.formatting.glyphs"]
    assert glyphs["enum"] == ["keep", "unicode", "ascii"]
    assert glyphs["default"] == "keep"
    assert len(glyphs["enumDescriptions"]) == 3
    # the server takes 0 to 8 (ServerSettings.indentWidths); VS Code's tab size is not it
    indent = props["rpn.formatting.indentWidth"]
    assert (indent["type"], indent["default"], indent["minimum"], indent["maximum"]) == ("integer", 2, 0, 8)


def test_commands_are_registered_by_the_extension(manifest):
    source = (VSCODE / manifest["main"]).read_text(encoding="utf-8")
    for cmd in manifest["contributes"].get("commands", []):
        assert f"'{cmd['command']}'" in source, cmd["command"]
    for key in manifest["contributes"]["configuration"]["properties"]:
        short = key.removeprefix("rpn.")
        assert f"'{short}'" in source, f"extension.js never reads {key}"


def node() -> str:
    return shutil.which("nodejs") or require_binary("node")


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
    assert client["initializationOptions"] == {"formatting": {"glyphs": "keep", "indentWidth": 2},
                                               "inlayHints": {"enabled": True, "parameterNames": True}}
    assert client["synchronize"] == {"configurationSection": "rpn"}
    assert rep["commands"] == ["rpn.restartServer"]
    assert (rep["started"], rep["stopped"], rep["errors"]) == (1, 1, [])


def test_extension_reads_the_settings():
    rep = run_extension({"server.path": "/opt/rpn/bin/rpn", "formatting.glyphs": "ascii",
                         "formatting.indentWidth": 4,
                         "inlayHints.enabled": False, "inlayHints.parameterNames": False})
    (client,) = rep["clients"]
    assert client["serverOptions"]["run"]["command"] == "/opt/rpn/bin/rpn"
    assert client["initializationOptions"] == {"formatting": {"glyphs": "ascii", "indentWidth": 4},
                                               "inlayHints": {"enabled": False, "parameterNames": False}}


def test_extension_says_how_to_get_rpn_when_it_cannot_start():
    rep = run_extension({"__start_error": "spawn rpn ENOENT"})
    (message,) = rep["errors"]
    assert "spawn rpn ENOENT" in message and "rpn.server.path" in message, message
    assert "scripts/install" in message, message


# --- What vscode-languageclient needs and `vsce package` (@vscode/vsce 2.x) checks -----------------
# The checks and their messages are those of vsce's src/package.ts and src/validation.ts:
# three of them stop at a "Do you want to continue? [y/N]" prompt (no repository, no
# LICENSE, '*' activation), the others are errors.

# engines.vscode of each vscode-languageclient major version (its own package.json)
LANGUAGECLIENT_MIN_VSCODE = {7: (1, 52, 0), 8: (1, 67, 0), 9: (1, 82, 0)}
NAME = re.compile(r"^[a-z0-9][a-z0-9\-]*$", re.I)
ENGINE = re.compile(r"^\*$|^(\^|>=)?((\d+)|x)\.((\d+)|x)\.((\d+)|x)(\-.*)?$")


def minimum(version_range: str) -> tuple[int, ...]:
    m = re.fullmatch(r"(?:\^|>=|~)?(\d+)\.(\d+)\.(\d+)", version_range)
    assert m, f"expected ^X.Y.Z or >=X.Y.Z, got {version_range!r}"
    return tuple(int(g) for g in m.groups())


def test_engine_is_the_languageclient_minimum_or_later(manifest):
    client_major = minimum(manifest["dependencies"]["vscode-languageclient"])[0]
    needed = LANGUAGECLIENT_MIN_VSCODE[client_major]
    engine = manifest["engines"]["vscode"]
    assert ENGINE.match(engine), f"vsce: Invalid vscode engine compatibility version '{engine}'"
    assert minimum(engine) >= needed, (
        f"vscode-languageclient {client_major} needs VS Code {'.'.join(map(str, needed))}+; "
        f"engines.vscode is {engine}")


def test_vsce_manifest_validation(manifest):
    assert NAME.match(manifest["name"]) and NAME.match(manifest["publisher"])
    assert manifest["publisher"] != "vscode-samples"
    assert re.fullmatch(r"\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?", manifest["version"])
    assert manifest.get("activationEvents") and "*" not in manifest["activationEvents"]
    assert not str(manifest.get("icon", "")).lower().endswith(".svg")
    types = manifest.get("devDependencies", {}).get("@types/vscode")
    if types:
        assert minimum(types)[:2] <= minimum(manifest["engines"]["vscode"])[:2]


def test_no_placeholder_repository_and_vsce_is_told_so(manifest):
    # No repository rather than an address that is not one; `vsce package` then needs
    # --allow-missing-repository, or it asks to continue.
    assert "repository" not in manifest, manifest.get("repository")
    assert "--allow-missing-repository" in manifest["scripts"]["package"]
    readme = (VSCODE / "README.md").read_text(encoding="utf-8")
    assert re.search(r"vsce package --allow-missing-repository", readme)


def test_rpn_mode_names_no_repository():
    # package.el reads URL: (or Homepage:) from the header; with no public repository, none
    header = (EDITORS / "emacs" / "rpn-mode.el").read_text(encoding="utf-8").split(";;; Commentary:", 1)[0]
    assert not re.search(r"^;+ *(URL|Homepage):", header, re.M | re.I), header


@pytest.mark.parametrize("relative", ["editors/vscode/package.json", "editors/emacs/rpn-mode.el",
                                      "editors/README.md", "README.md"])
def test_no_placeholder_addresses(relative):
    text = (REPO / relative).read_text(encoding="utf-8")
    assert not re.search(r"example\.(invalid|com|org)|your-?name|TODO: ?url", text, re.I), relative


def test_the_repository_has_the_mit_license_the_packages_name():
    root = (REPO / "LICENSE").read_text(encoding="utf-8")
    assert root.startswith("MIT License") and "Permission is hereby granted, free of charge" in root
    assert (VSCODE / "LICENSE").read_text(encoding="utf-8") == root  # vsce wants its own copy


def test_vsce_finds_a_license_that_matches_the_manifest(manifest):
    declared = manifest.get("license", "")
    see = re.fullmatch(r"SEE LICENSE IN (.+)", declared)
    if see:
        files = [VSCODE / see.group(1)]
    else:  # vsce looks for extension/LICENSE, LICENSE.md or LICENSE.txt, in any case
        files = [p for p in VSCODE.iterdir() if re.fullmatch(r"licen[cs]e(\.(md|txt))?", p.name, re.I)]
    assert files and files[0].is_file(), "vsce: LICENSE, LICENSE.md, or LICENSE.txt not found (it asks to continue)"
    text = files[0].read_text(encoding="utf-8")
    if declared == "MIT":
        assert "MIT License" in text and "Permission is hereby granted, free of charge" in text


def test_vsce_readme_has_no_links_it_cannot_rewrite(manifest):
    readme = (VSCODE / "README.md").read_text(encoding="utf-8")
    assert "This is the README for your extension " not in readme
    repo = manifest.get("repository")
    url = repo.get("url") if isinstance(repo, dict) else repo
    if not re.match(r"^https://(github|gitlab)\.com/|^git@(github|gitlab)\.com:", url or ""):
        # without a GitHub/GitLab repository vsce fails on relative links and images
        links = re.findall(r"(!?)\[[^\]\[]*\]\(([^)]+)\)", readme)
        relative = [link for _, link in links
                    if not re.match(r"^\w+://", link) and not link.startswith(("#", "mailto:"))]
        assert not relative, f"vsce cannot rewrite these relative links in README.md: {relative}"


def test_vsce_packages_the_entry_point(manifest):
    ignore = VSCODE / ".vscodeignore"
    patterns = ignore.read_text(encoding="utf-8").split() if ignore.exists() else []
    main = manifest["main"].removeprefix("./")
    assert (VSCODE / main).is_file()
    assert not any(main.startswith(p.rstrip("*").rstrip("/")) for p in patterns if not p.startswith("!")), patterns


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
    assert server["config"]["formatting"] == {"glyphs": "keep", "indentWidth": 2}


def test_sublime_lsp_settings():
    text = (EDITORS / "sublime" / "LSP.sublime-settings").read_text(encoding="utf-8")
    # Sublime settings allow // comments; these are whole-line ones
    settings = json.loads("\n".join(l for l in text.splitlines() if not l.lstrip().startswith("//")))
    client = settings["clients"]["rpn"]
    assert client["enabled"] is True
    assert client["command"] == ["rpn", "lsp"]
    assert client["selector"] == "source.rpn"
    # initializationOptions at start, settings with workspace/didChangeConfiguration: the same
    assert client["initializationOptions"]["formatting"] == {"glyphs": "keep", "indentWidth": 2}
    assert client["settings"]["rpn"] == client["initializationOptions"]


def test_sublime_comment_preferences():
    prefs = plistlib.loads((EDITORS / "sublime" / "Comments.tmPreferences").read_bytes())
    assert prefs["scope"] == "source.rpn"
    assert {"name": "TM_COMMENT_START", "value": "# "} in prefs["settings"]["shellVariables"]
