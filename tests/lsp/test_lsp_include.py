"""`include "FILE"` in the editor (issue 17), end to end over stdio with pytest-lsp, once per real
client profile (see test_lsp_clients.py): the included file read from disk, or as the client has
it open; its diagnostics shown at the include line, with their place in the file as related
information; go to definition into it; hover and completion know its words; an edit of it
analyses the documents that include it again.

Positions are computed from the text in the negotiated encoding (`Doc.pos`); expected values
by hand: 3 square = 9.
"""

from __future__ import annotations

import asyncio

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from test_lsp_clients import ROOT, Doc, bounded, client, diagnostics_of, span, units  # noqa: F401
from test_lsp_programs import change

pytestmark = [pytest.mark.asyncio, pytest.mark.filterwarnings("error")]

LIB = ": square ( x -- y ) x x × ;\n5 →five\n"


def folder(client: LanguageClient, name: str):
    """A folder on disk of this test and client profile, under the documents' root."""
    path = ROOT / f"include-{client.rpn_profile.replace('@', '-')}-{name}"
    path.mkdir(parents=True, exist_ok=True)
    return path


async def test_a_library_on_disk(client: LanguageClient):
    here = folder(client, "disk")
    (here / "lib.rpn").write_text(LIB)
    doc = Doc(client, f"{here.name}/main.rpn", 'include "lib.rpn"\n3 square five +\n')
    assert await doc.open() == []
    hover = await bounded(client.text_document_hover_async(types.HoverParams(
        text_document=doc.identifier, position=doc.at(1, "square"))))
    assert "square(x) = x×x" in hover.contents.value
    [definition] = await bounded(client.text_document_definition_async(types.DefinitionParams(
        text_document=doc.identifier, position=doc.at(1, "square"))))
    assert definition.uri == (here / "lib.rpn").as_uri()
    assert span(definition.range) == (0, 2, 0, 8)  # ASCII: the same in every encoding
    [file] = await bounded(client.text_document_definition_async(types.DefinitionParams(
        text_document=doc.identifier, position=doc.at(0, "lib"))))
    assert file.uri == (here / "lib.rpn").as_uri() and span(file.range) == (0, 0, 0, 0)
    completion = await bounded(client.text_document_completion_async(types.CompletionParams(
        text_document=doc.identifier, position=doc.pos(1, 4))))
    items = completion.items if isinstance(completion, types.CompletionList) else completion
    assert "square" in [item.label for item in items]


async def test_an_included_files_error_is_shown_at_the_include(client: LanguageClient):
    here = folder(client, "error")
    (here / "lib.rpn").write_text("# π\n1 0 ÷\n")
    doc = Doc(client, f"{here.name}/main.rpn", '1\ninclude "lib.rpn"\n')
    [diagnostic] = await doc.open()
    assert span(diagnostic.range) == doc.span(1, 'include "lib.rpn"')
    assert diagnostic.message == "lib.rpn:2:5: division by zero"
    assert diagnostic.code == "division-by-zero" and diagnostic.severity == types.DiagnosticSeverity.Error
    [related] = diagnostic.related_information
    assert related.location.uri == (here / "lib.rpn").as_uri()
    assert span(related.location.range) == (1, 4, 1, 4 + units("÷", client.rpn_encoding))
    assert related.message == "division by zero"


async def test_a_cycle_is_shown_at_the_include_naming_the_chain(client: LanguageClient):
    here = folder(client, "cycle")
    (here / "a.rpn").write_text('include "main.rpn"\n')
    doc = Doc(client, f"{here.name}/main.rpn", '1\n2\ninclude "a.rpn"\n')
    (here / "main.rpn").write_text(doc.text)
    [diagnostic] = await doc.open()
    assert span(diagnostic.range) == doc.span(2, 'include "a.rpn"')
    assert diagnostic.message == "a.rpn:1:1: include cycle: main.rpn → a.rpn → main.rpn"
    assert diagnostic.code == "include-cycle"


async def test_an_open_included_file_is_read_as_the_client_has_it(client: LanguageClient):
    here = folder(client, "open")
    (here / "lib.rpn").write_text("1\n")  # on disk: nothing wrong
    lib = Doc(client, f"{here.name}/lib.rpn", "1 0 ÷\n")  # in the editor, not saved
    await lib.open()
    doc = Doc(client, f"{here.name}/main.rpn", 'include "lib.rpn"\n')
    [diagnostic] = await doc.open()
    assert diagnostic.message == "lib.rpn:1:5: division by zero"
    # Fixed in the editor: the document that includes it is analysed again (its diagnostics
    # are published right after the edited one's: read from the client's record of them).
    change(lib, 2, "1 2 +\n")
    for _ in range(100):
        if list(client.diagnostics.get(doc.uri, [diagnostic])) == []:
            break
        await asyncio.sleep(0.1)
    assert list(client.diagnostics[doc.uri]) == []


async def test_a_missing_file(client: LanguageClient):
    here = folder(client, "missing")
    doc = Doc(client, f"{here.name}/main.rpn", 'include "nope.rpn"\n')
    [diagnostic] = await doc.open()
    assert diagnostic.message == "cannot include nope.rpn: No such file or directory (main.rpn → nope.rpn)"
    assert diagnostic.code == "include-failed"
