"""Issue 20 in the editor: an error in a word is one diagnostic with its calls as related
information; a store that changes a result still on the stack is a warning naming the read;
a document starting with a byte order mark is read without it, its positions counting it as
the client's text does.

Expected positions are found in the text by hand-chosen tokens (`Doc.span`), in the negotiated
encoding.
"""

from __future__ import annotations

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from test_lsp_clients import Doc, client, span  # noqa: F401

pytestmark = [pytest.mark.asyncio, pytest.mark.filterwarnings("error")]


async def test_a_store_that_changes_a_result_on_the_stack_is_a_warning_naming_the_read(client: LanguageClient):
    doc = Doc(client, "store.rpn", "2 →r r r × π ×\n3 →r r r × π ×\n")
    # (The unused-store lint also marks the first store, whose value no read sees: Lints.swift.)
    [diagnostic] = [d for d in await doc.open() if d.code != "unused-store"]
    assert span(diagnostic.range) == doc.span(1, "→r")
    assert diagnostic.severity == types.DiagnosticSeverity.Warning
    assert diagnostic.code == "store-changes-result"
    assert diagnostic.message == "'r' was read by a result still on the stack; this store changes that result too"
    [related] = diagnostic.related_information
    assert related.location.uri == doc.uri
    assert span(related.location.range) == doc.span(0, "r", nth=1)  # the first read, after →r
    assert related.message == "'r' was read here"


async def test_a_store_that_changes_nothing_seen_is_no_warning(client: LanguageClient):
    doc = Doc(client, "quiet.rpn", "2 →r r 2 →r\n5 →s s drop 6 →s\n")
    assert [d.code for d in await doc.open() if d.code != "unused-store"] == []


async def test_an_error_in_a_word_is_one_diagnostic_with_its_calls(client: LanguageClient):
    doc = Doc(client, "calls.rpn", ": f ( a -- r ) a 0 / ;\n2 f 3 f\n")
    [diagnostic] = await doc.open()
    assert span(diagnostic.range) == doc.span(0, "/")
    assert diagnostic.code == "division-by-zero"
    [related] = diagnostic.related_information
    assert related.location.uri == doc.uri
    assert span(related.location.range) == doc.span(1, "f")  # the first call
    assert related.message == "in f, called here"


async def test_a_byte_order_mark_at_the_start_is_no_token(client: LanguageClient):
    doc = Doc(client, "bom.rpn", "\ufeff1 0 ÷\n")
    [diagnostic] = await doc.open()
    assert diagnostic.code == "division-by-zero"
    assert span(diagnostic.range) == doc.span(0, "÷")  # the mark counts in the client's positions
