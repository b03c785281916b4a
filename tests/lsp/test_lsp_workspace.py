"""The language server across the workspace's files (issue 17), end to end over stdio with
pytest-lsp, once per real client profile (see test_lsp_clients.py), in a workspace of its own
(a tmp_path folder): a library, `a.rpn` including it (open in the editor) and `b.rpn` including
it (closed, on the disk only). References, rename and call hierarchy of the library's word reach
all three; a client that watches files for the server is asked to, and a change of the closed
library on the disk shows in the open includer's diagnostics.

Positions are computed from the text in the negotiated encoding (`Doc.pos`); what a rename does
is checked on the texts the edits give.
"""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

from lsp_wire import RPN, require_server
from test_lsp_clients import CLIENTS, Doc, bounded, diagnostics_of, span, units

pytestmark = [pytest.mark.asyncio, pytest.mark.filterwarnings("error")]

LIB = ": square ( x -- y ) x x × ;\n: quad ( x -- y ) x square square ;\n"
A = 'include "lib.rpn"\n3 square 2 quad +\n'
B = 'include "lib.rpn"\n: area ( r -- a ) r square π × ;\n'


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[RPN, "lsp"]), params=CLIENTS)
async def workspace(request, lsp_client: LanguageClient):
    """A client on a workspace folder of its own, holding lib.rpn, a.rpn and b.rpn; it records
    the server's `client/registerCapability` requests."""
    require_server()
    root: Path = request.getfixturevalue("tmp_path").resolve()
    for name, text in (("lib.rpn", LIB), ("a.rpn", A), ("b.rpn", B)):
        (root / name).write_text(text)
    caps = pytest_lsp.client_capabilities(request.param)
    lsp_client.rpn_registrations = []

    @lsp_client.feature(types.CLIENT_REGISTER_CAPABILITY)
    def registered(params: types.RegistrationParams):
        lsp_client.rpn_registrations.extend(params.registrations)

    result = await bounded(lsp_client.initialize_session(types.InitializeParams(
        capabilities=caps, process_id=os.getpid(), root_uri=root.as_uri())))
    lsp_client.rpn_encoding = result.capabilities.position_encoding
    lsp_client.rpn_client_capabilities = caps
    lsp_client.rpn_root = root
    yield
    await bounded(lsp_client.shutdown_session())
    assert lsp_client._server is not None and lsp_client._server.returncode == 0
    assert lsp_client.error is None, lsp_client.error


async def open_a(client: LanguageClient) -> Doc:
    doc = Doc(client, "a.rpn", A)
    doc.uri = (client.rpn_root / "a.rpn").as_uri()
    assert await doc.open() == []
    return doc


def file_of(client: LanguageClient, uri: str) -> str:
    return uri.removeprefix(client.rpn_root.as_uri() + "/")


def offset(text: str, position: types.Position, encoding: str) -> int:
    """The Python index of an LSP position in `text`."""
    lines = text.split("\n")
    start = sum(len(line) + 1 for line in lines[:position.line])
    line, character = lines[position.line], 0
    while character < len(line) and units(line[:character], encoding) < position.character:
        character += 1
    return start + character


def applied(text: str, edits: list[types.TextEdit], encoding: str) -> str:
    """`text` with the edits made (none overlap)."""
    for edit in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        start, end = offset(text, edit.range.start, encoding), offset(text, edit.range.end, encoding)
        text = text[:start] + edit.new_text + text[end:]
    return text


async def test_references_reach_the_library_and_every_includer(workspace: LanguageClient):
    client = workspace
    a = await open_a(client)
    found = await bounded(client.text_document_references_async(types.ReferenceParams(
        text_document=a.identifier, position=a.at(1, "square"), context=types.ReferenceContext(include_declaration=True))))
    # ASCII before each name: the same columns in every encoding.
    assert sorted((file_of(client, r.uri), span(r.range)) for r in found) == [
        ("a.rpn", (1, 2, 1, 8)),
        ("b.rpn", (1, 20, 1, 26)),
        ("lib.rpn", (0, 2, 0, 8)), ("lib.rpn", (1, 20, 1, 26)), ("lib.rpn", (1, 27, 1, 33)),
    ]


async def test_rename_from_an_includer_edits_all_three_files(workspace: LanguageClient):
    client = workspace
    a = await open_a(client)
    edit = await bounded(client.text_document_rename_async(types.RenameParams(
        text_document=a.identifier, position=a.at(1, "square"), new_name="sq2")))
    caps = client.rpn_client_capabilities
    edits: dict[str, list[types.TextEdit]] = {}
    if caps.workspace and caps.workspace.workspace_edit and caps.workspace.workspace_edit.document_changes:
        assert edit.changes is None
        for change in edit.document_changes:
            edits[file_of(client, change.text_document.uri)] = list(change.edits)
            # The open document's edits name the version they were made for; the closed files' none.
            assert change.text_document.version == (1 if change.text_document.uri == a.uri else None)
    else:
        assert edit.document_changes is None
        edits = {file_of(client, uri): list(e) for uri, e in edit.changes.items()}
    texts = {"lib.rpn": LIB, "a.rpn": A, "b.rpn": B}
    assert {name: applied(texts[name], e, client.rpn_encoding) for name, e in edits.items()} == {
        "lib.rpn": ": sq2 ( x -- y ) x x × ;\n: quad ( x -- y ) x sq2 sq2 ;\n",
        "a.rpn": 'include "lib.rpn"\n3 sq2 2 quad +\n',
        "b.rpn": 'include "lib.rpn"\n: area ( r -- a ) r sq2 π × ;\n',
    }
    # A name b.rpn already has is refused, and says where.
    with pytest.raises(Exception, match="'area' is already a name in b.rpn"):
        await bounded(client.text_document_rename_async(types.RenameParams(
            text_document=a.identifier, position=a.at(1, "square"), new_name="area")))


async def test_call_hierarchy_across_the_files(workspace: LanguageClient):
    client = workspace
    a = await open_a(client)
    [square] = await bounded(client.text_document_prepare_call_hierarchy_async(types.CallHierarchyPrepareParams(
        text_document=a.identifier, position=a.at(1, "square"))))
    assert (square.name, file_of(client, square.uri), span(square.selection_range)) == ("square", "lib.rpn", (0, 2, 0, 8))
    incoming = await bounded(client.call_hierarchy_incoming_calls_async(types.CallHierarchyIncomingCallsParams(item=square)))
    assert sorted((c.from_.name, file_of(client, c.from_.uri), [span(r) for r in c.from_ranges]) for c in incoming) == [
        ("area", "b.rpn", [(1, 20, 1, 26)]),
        ("quad", "lib.rpn", [(1, 20, 1, 26), (1, 27, 1, 33)]),
        ("top level", "a.rpn", [(1, 2, 1, 8)]),
    ]
    # From the caller in the closed file, on into the library.
    [area] = [c.from_ for c in incoming if c.from_.name == "area"]
    outgoing = await bounded(client.call_hierarchy_outgoing_calls_async(types.CallHierarchyOutgoingCallsParams(item=area)))
    assert [(c.to.name, file_of(client, c.to.uri)) for c in outgoing] == [("square", "lib.rpn")]


async def test_a_watched_change_of_the_closed_library_shows_in_the_includer(workspace: LanguageClient):
    client = workspace
    caps = client.rpn_client_capabilities
    watches = bool(caps.workspace and caps.workspace.did_change_watched_files
                   and caps.workspace.did_change_watched_files.dynamic_registration)
    a = await open_a(client)
    for _ in range(50):  # the registration follows `initialized`
        if client.rpn_registrations or not watches:
            break
        await asyncio.sleep(0.1)
    patterns = [w["globPattern"] for r in client.rpn_registrations
                if r.method == types.WORKSPACE_DID_CHANGE_WATCHED_FILES for w in r.register_options["watchers"]]
    assert patterns == (["**/*.rpn"] if watches else [])
    if not watches:
        return  # such a client sends no file events
    lib = client.rpn_root / "lib.rpn"
    lib.write_text(LIB + "1 0 ÷\n")
    client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(
        changes=[types.FileEvent(uri=lib.as_uri(), type=types.FileChangeType.Changed)]))
    [diagnostic] = await diagnostics_of(client, a.uri)
    assert diagnostic.message == "lib.rpn:3:5: division by zero"
    assert span(diagnostic.range) == a.span(0, 'include "lib.rpn"')
    lib.unlink()
    client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(
        changes=[types.FileEvent(uri=lib.as_uri(), type=types.FileChangeType.Deleted)]))
    [diagnostic] = await diagnostics_of(client, a.uri)
    assert diagnostic.code == "include-failed"
