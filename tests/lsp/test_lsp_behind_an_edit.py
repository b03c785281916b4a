"""Requests sent right behind an edit, without waiting for its diagnostics, end to end over
stdio with pytest-lsp, once per real client profile (see test_lsp_clients.py): the server
answers them before it analyses the new version, from the analysis before it where the edit
left their lines alone (issue 17), and their places are those of the new text, in the
negotiated encoding.
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from test_lsp_clients import Doc, bounded, change, client, diagnostics_of, span  # noqa: F401  (client is the fixture)

pytestmark = [pytest.mark.asyncio, pytest.mark.filterwarnings("error")]


@contextlib.contextmanager
def one_write(client: LanguageClient):
    """What is sent inside goes out in one write, as a client writes what it has at once: the
    server reads it together, so the request is queued behind the edit before the edit is
    handled (written one by one, the request may come after the analysis has started)."""
    writer = client.protocol.writer
    frames: list[bytes] = []
    writer.write = frames.append
    try:
        yield
        assert len(frames) > 1, "sent at once"
    finally:
        del writer.write  # the class's write again
        written = writer.write(b"".join(frames))
        if inspect.isawaitable(written):
            asyncio.ensure_future(written)


async def test_a_hover_behind_an_edit_answers_in_the_new_texts_places(client: LanguageClient):
    doc = Doc(client, "behind.rpn", "π 2 × →r\nr 1 +\n")
    await doc.open()

    async def edit_then_hover(version: int, edit: types.TextDocumentContentChangePartial, at: types.Position):
        """The didChange and the hover written back to back; the hover's answer and the new
        version's diagnostics, in whatever order they come."""
        diagnostics = asyncio.ensure_future(diagnostics_of(client, doc.uri))
        with one_write(client):
            client.text_document_did_change(types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=doc.uri, version=version), content_changes=[edit]))
            # pygls' own send_request writes at once (pytest-lsp's async one only once awaited).
            hover = asyncio.wrap_future(client.protocol.send_request(
                types.TEXT_DOCUMENT_HOVER, types.HoverParams(text_document=doc.identifier, position=at)))
        return await bounded(asyncio.gather(hover, diagnostics))

    # A line inserted above (with an emoji: two UTF-16 units, four UTF-8 bytes) moves the + a
    # line down; the text before it on its line is untouched.
    above = "# 😀 a line above\n"
    edit = change(doc.pos(0, 0), doc.pos(0, 0), above)
    doc.text = above + doc.text
    hover, diagnostics = await edit_then_hover(2, edit, doc.at(2, "+"))
    assert span(hover.range) == doc.span(2, "+")
    assert "r+1" in hover.contents.value
    assert diagnostics == []
    # An edit on the line of the hover, before the token: the + moves right.
    edit = change(doc.pos(2, 0), doc.pos(2, 0), "π ")
    doc.text = doc.text.replace("r 1 +", "π r 1 +")
    hover, _ = await edit_then_hover(3, edit, doc.at(2, "+"))
    assert span(hover.range) == doc.span(2, "+")
    assert "r+1" in hover.contents.value
    # An edit below a hover leaves its place as it was.
    edit = change(doc.pos(2, doc.find(2, "+")), doc.pos(2, doc.find(2, "+") + 1), "×")
    doc.text = doc.text.replace("π r 1 +", "π r 1 ×")
    hover, _ = await edit_then_hover(4, edit, doc.at(1, "×"))
    assert span(hover.range) == doc.span(1, "×")
    assert "π×2" in hover.contents.value
