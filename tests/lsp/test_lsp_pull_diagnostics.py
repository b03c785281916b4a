"""Pull diagnostics (LSP 3.17, issue 17) end to end over stdio with pytest-lsp, for clients
that announce `textDocument.diagnostic`: Neovim 0.10's profile as pytest-lsp ships it, and
VS Code 1.65's made a client that pulls and can be asked to refresh (what VS Code announces
since 1.74). They are offered `diagnosticProvider`, pull `textDocument/diagnostic` and
`workspace/diagnostic` with result ids, get `unchanged` when nothing changed, and are pushed
no `publishDiagnostics`. The clients that push are in test_lsp_clients.py, which checks that
they are offered no `diagnosticProvider`.

Expected diagnostics are worked out by hand: `1 0 ÷` divides by zero, `√` lacks its operand,
and `1 90 cos ÷` divides by zero in degrees only (cos 90° is exactly 0).
"""

from __future__ import annotations

import os

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

from lsp_wire import RPN, require_server
from test_lsp_clients import ROOT, Doc, bounded, span

pytestmark = [pytest.mark.asyncio, pytest.mark.filterwarnings("error")]


@pytest_lsp.fixture(
    config=ClientServerConfig(server_command=[RPN, "lsp"]),
    params=["neovim@v0.10.0", "visual-studio-code"],
)
async def puller(request, lsp_client: LanguageClient):
    require_server()
    caps = pytest_lsp.client_capabilities(request.param)
    if caps.text_document.diagnostic is None:  # VS Code 1.65 predates pull diagnostics
        caps.text_document.diagnostic = types.DiagnosticClientCapabilities(dynamic_registration=False)
        caps.workspace.diagnostics = types.DiagnosticWorkspaceClientCapabilities(refresh_support=True)
    # Refreshes of what a configuration change changes are answered as an editor does (null).
    for method in (types.WORKSPACE_INLAY_HINT_REFRESH, types.WORKSPACE_SEMANTIC_TOKENS_REFRESH,
                   types.WORKSPACE_CODE_LENS_REFRESH):
        lsp_client.feature(method)(lambda params: None)
    lsp_client.feature(types.CLIENT_REGISTER_CAPABILITY)(lambda params: None)  # watching the *.rpn files
    result = await bounded(lsp_client.initialize_session(types.InitializeParams(
        capabilities=caps, process_id=os.getpid(), root_uri=ROOT.as_uri())))
    lsp_client.rpn_encoding = result.capabilities.position_encoding
    lsp_client.rpn_capabilities = result.capabilities
    lsp_client.rpn_refresh_support = bool(caps.workspace.diagnostics and caps.workspace.diagnostics.refresh_support)
    yield
    await bounded(lsp_client.shutdown_session())
    assert lsp_client._server.returncode == 0
    assert lsp_client.error is None, lsp_client.error


def open_document(client: LanguageClient, name: str, text: str) -> Doc:
    doc = Doc(client, name, text)
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=doc.uri, language_id="rpn", version=1, text=text)))
    return doc


def replace(doc: Doc, version: int, text: str) -> None:
    doc.text = text
    doc.client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=doc.uri, version=version),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)]))


async def pull(client: LanguageClient, doc: Doc, previous: str | None = None):
    return await bounded(client.text_document_diagnostic_async(types.DocumentDiagnosticParams(
        text_document=doc.identifier, previous_result_id=previous)))


async def test_a_client_that_pulls_is_offered_pull_and_pushed_nothing(puller: LanguageClient):
    provider = puller.rpn_capabilities.diagnostic_provider
    assert provider is not None
    assert (provider.inter_file_dependencies, provider.workspace_diagnostics) == (False, True)
    doc = open_document(puller, "pulled.rpn", "√ 1 0 ÷\n")
    report = await pull(puller, doc)
    assert report.kind == "full" and report.result_id
    assert [(d.code, span(d.range)) for d in report.items] == [
        ("missing-operand", doc.span(0, "√")), ("division-by-zero", doc.span(0, "÷"))]
    # The server handles messages in order: a push for the open or the edit would have come
    # before the answer to the request behind it.
    replace(doc, 2, "1 2 ÷\n")
    assert list((await pull(puller, doc, report.result_id)).items) == []
    puller.text_document_did_close(types.DidCloseTextDocumentParams(text_document=doc.identifier))
    await bounded(puller.workspace_diagnostic_async(types.WorkspaceDiagnosticParams(previous_result_ids=[])))
    assert doc.uri not in puller.diagnostics


async def test_unchanged_until_the_text_changes(puller: LanguageClient):
    doc = open_document(puller, "ids.rpn", "1 0 ÷\n")
    first = await pull(puller, doc)
    again = await pull(puller, doc, first.result_id)
    assert (again.kind, again.result_id) == ("unchanged", first.result_id)
    replace(doc, 2, "1 0 ÷ √\n")
    edited = await pull(puller, doc, first.result_id)
    assert edited.kind == "full" and edited.result_id != first.result_id
    assert [d.code for d in edited.items] == ["division-by-zero"]  # √ has the NaN: no second error
    replace(doc, 3, "1 0 ÷ 2\n")
    assert [d.code for d in (await pull(puller, doc, edited.result_id)).items] == ["division-by-zero"]


async def test_workspace_diagnostics_of_the_open_documents(puller: LanguageClient):
    a = open_document(puller, "a.rpn", "√\n")
    b = open_document(puller, "b.rpn", "1 2 +\n")
    report = await bounded(puller.workspace_diagnostic_async(types.WorkspaceDiagnosticParams(previous_result_ids=[])))
    by_uri = {item.uri: item for item in report.items}
    assert set(by_uri) == {a.uri, b.uri}
    assert [d.code for d in by_uri[a.uri].items] == ["missing-operand"] and list(by_uri[b.uri].items) == []
    assert by_uri[a.uri].version == 1
    replace(b, 4, "1 0 ÷\n")
    ids = {item.uri: item.result_id for item in report.items}
    previous = [types.PreviousResultId(uri=uri, value=value) for uri, value in ids.items()]
    again = await bounded(puller.workspace_diagnostic_async(types.WorkspaceDiagnosticParams(previous_result_ids=previous)))
    by_uri = {item.uri: item for item in again.items}
    assert (by_uri[a.uri].kind, by_uri[a.uri].result_id) == ("unchanged", ids[a.uri])
    assert by_uri[b.uri].kind == "full" and by_uri[b.uri].version == 4
    assert [d.code for d in by_uri[b.uri].items] == ["division-by-zero"]


async def test_a_setting_that_changes_diagnostics_asks_for_a_pull(puller: LanguageClient):
    doc = open_document(puller, "angles.rpn", "1 90 cos ÷\n")
    radians = await pull(puller, doc)
    assert list(radians.items) == []
    puller.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings={"rpn": {"angleUnit": "degrees"}}))
    degrees = await pull(puller, doc, radians.result_id)
    assert degrees.kind == "full" and [d.code for d in degrees.items] == ["division-by-zero"]
    # A client that can be asked to refresh is asked (pytest-lsp counts the requests), once; the
    # other finds out at its next pull. The refresh is sent before the answer to the pull.
    assert puller.diagnostic_refresh_count == (1 if puller.rpn_refresh_support else 0)
    assert doc.uri not in puller.diagnostics
