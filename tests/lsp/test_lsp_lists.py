"""Lists, quotations and statistics in the real `rpn lsp` (issue 19), with pytest-lsp once per
real client profile (see test_lsp_clients.py): diagnostics of list errors at the right ranges
after characters of several UTF-8 bytes and of two UTF-16 units, hovers on a list result and
on `map` and `mean` (their stack effect and summary as BuiltinTable.swift gives them),
completion offering `mean`, semantic tokens for `{ } [ ]`, `rpn/evaluate`'s arrays, and, over
raw stdio, that nothing but framed protocol reaches stdout.

Expected values by hand: {1 4 9} √ is {1 2 3}, squared {1 4 9}, whose mean is 14/3.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from lsp_wire import RawServer
from test_lsp_clients import (Doc, bounded, client, completion_labels, hover_text,  # noqa: F401 (the fixture)
                              span)

pytestmark = [pytest.mark.asyncio, pytest.mark.filterwarnings("error")]

REPO = Path(__file__).resolve().parents[2]

# 0-based lines:
#   0: a comment with π (2 UTF-8 bytes, 1 UTF-16 unit) and 😀 (4 bytes, 2 units)
#   1: no error: {1 2 3} squared, its mean 14/3
#   2: after π and √, lists of 2 and 1 elements added: length-mismatch at +
#   3: after the emoji (an unknown token), get past the end: index-out-of-range at get
#   4: map of a quotation ( x y -- x ): quotation-effect at map
#   5: the mean of the empty list: empty-list at mean
TEXT = ("# π 😀 lists\n"
        "{ 1 4 9 } √ [ dup × ] map mean\n"
        "π { 1 2 } √ { 3 } +\n"
        "😀 { 5 6 7 } 4 get\n"
        "{ 1 2 } [ + ] map\n"
        "{ } mean\n")


def table_entry(name: str) -> tuple[str, str]:
    """The stack effect and summary of a word, read from the one table of words."""
    source = (REPO / "Sources/RPNCore/Builtins/BuiltinTable.swift").read_text(encoding="utf-8")
    match = re.search(r'spellings: \["' + re.escape(name) + r'"[^\]]*\].*?stackEffect: "([^"]*)",\s*summary: "([^"]*)"',
                      source, re.S)
    assert match, name
    return match.group(1), match.group(2)


async def test_list_errors_at_their_ranges(client: LanguageClient):
    doc = Doc(client, "list-errors.rpn", TEXT)
    diagnostics = await doc.open()
    got = sorted((span(d.range), d.code, d.message) for d in diagnostics)
    expected = sorted([
        (doc.span(2, "+"), "length-mismatch", "+ works element by element, and the lists have 2 and 1 elements"),
        (doc.span(3, "😀"), "unknown-token", "unknown token '😀'"),
        (doc.span(3, "get"), "index-out-of-range", "get: position 4 is outside a list of 3 elements"),
        (doc.span(4, "map"), "quotation-effect", "map needs a quotation ( x -- x ), and [ + ] is ( x y -- x )"),
        (doc.span(5, "mean"), "empty-list", "mean of an empty list has no value"),
    ])
    assert got == expected
    assert all(d.severity == types.DiagnosticSeverity.Error and d.source == "rpn" for d in diagnostics)
    if client.rpn_encoding == "utf-16":  # as an editor counts: π and √ one unit, the emoji two
        assert [g[0] for g in got] == [(2, 18, 2, 19), (3, 0, 3, 2), (3, 15, 3, 18), (4, 14, 4, 17), (5, 4, 5, 8)]


async def test_hover_on_a_list_result_and_on_list_words(client: LanguageClient):
    doc = Doc(client, "list-hover.rpn", TEXT)
    await doc.open()
    close = await hover_text(client, doc, doc.at(1, "}"))
    assert "{1, 4, 9}" in close and "= { 1 4 9 }" in close
    root = await hover_text(client, doc, doc.at(1, "√"))
    assert "√({1, 4, 9})" in root and "= { 1 2 3 }" in root
    for word, result in [("map", "= { 1 4 9 }"), ("mean", "= 4.666666666666667")]:
        effect, summary = table_entry(word)
        shown = await hover_text(client, doc, doc.at(1, word))
        assert f"**{word}**" in shown, shown
        assert effect in shown, shown
        assert summary in shown.replace("\\", ""), shown  # markdown may escape [ ] *
        assert result in shown, shown
    assert 14 / 3 == 4.666666666666667
    # The hover's range is the word's, in the negotiated encoding.
    hover = await bounded(client.text_document_hover_async(
        types.HoverParams(text_document=doc.identifier, position=doc.at(1, "mean"))))
    assert span(hover.range) == doc.span(1, "mean")


async def test_completion_offers_mean(client: LanguageClient):
    doc = Doc(client, "list-completion.rpn", "{ 1 2 3 } me\n{ 1 2 3 } \n")
    await doc.open()
    items = await completion_labels(client, doc, doc.pos(0, len("{ 1 2 3 } me")))
    by_label = {item.label: item for item in items}
    assert {"mean", "median"} <= set(by_label)
    assert "map" not in by_label  # what is typed, "me", filters
    assert by_label["mean"].detail == table_entry("mean")[0]
    everything = {item.label for item in await completion_labels(client, doc, doc.pos(1, len("{ 1 2 3 } ")))}
    for label in ["mean", "median", "map", "filter", "fold", "sdev", "quantile", "→list", "list→", "Σ", "sum"]:
        assert label in everything, label
    resolved = await bounded(client.completion_item_resolve_async(by_label["mean"]))
    documentation = resolved.documentation
    shown = documentation.value if isinstance(documentation, types.MarkupContent) else documentation
    effect, summary = table_entry("mean")
    assert summary in shown.replace("\\", "")


async def test_semantic_tokens_of_braces_and_brackets(client: LanguageClient):
    doc = Doc(client, "list-tokens.rpn", "π { 1 2 } [ dup × ] map\n")
    await doc.open()
    tokens = await bounded(client.text_document_semantic_tokens_full_async(
        types.SemanticTokensParams(text_document=doc.identifier)))
    legend = client.rpn_capabilities.semantic_tokens_provider.legend
    decoded = []
    line = character = 0
    for i in range(0, len(tokens.data), 5):
        delta_line, delta_start, length, type_index, _ = tokens.data[i:i + 5]
        line += delta_line
        character = delta_start if delta_line else character + delta_start
        decoded.append(((line, character, line, character + length), legend.token_types[type_index]))
    kinds = dict(decoded)
    for bracket in "{}[]":
        assert kinds[doc.span(0, bracket)] == "keyword", bracket
    assert kinds[doc.span(0, "1")] == "number"
    assert kinds[doc.span(0, "map")] == "function"
    assert kinds[doc.span(0, "×")] == "operator"


async def test_evaluate_gives_lists_as_arrays(client: LanguageClient):
    doc = Doc(client, "list-evaluate.rpn", "{ 1 2 { 3 } } 1 3 ÷\n{ 1 4 9 } mean\n")
    assert await doc.open() == []
    evaluated = await bounded(client.protocol.send_request_async("rpn/evaluate", {"textDocument": {"uri": doc.uri}}))
    assert list(evaluated.values) == [[1, 2, [3]], 1 / 3, 14 / 3]
    assert list(evaluated.exact) == [["1", "2", ["3"]], "1/3", "14/3"]


async def test_nothing_but_protocol_on_stdout():
    # (async only for the module's asyncio mark: the raw server is driven synchronously)
    server = RawServer()
    try:
        server.initialize({})
        uri = "file:///tmp/rpn-lsp-e2e/lists-raw.rpn"
        server.open(uri, TEXT)
        assert len(server.diagnostics(uri)["diagnostics"]) == 5
        where = {"textDocument": {"uri": uri}}
        for k, (line, character) in enumerate([(1, 8), (1, 22), (1, 26), (2, 18), (4, 14)]):
            response = server.call(f"hover{k}", "textDocument/hover", {**where, "position": {"line": line, "character": character}})
            assert response["result"]["contents"]["value"], response
        assert server.call("c", "textDocument/completion", {**where, "position": {"line": 5, "character": 6}})["result"]
        assert server.call("t", "textDocument/semanticTokens/full", where)["result"]["data"]
        evaluated = server.call("e", "rpn/evaluate", where)["result"]
        assert evaluated["values"][0] == 14 / 3
        server.assert_alive()
        assert server.shutdown_and_exit() == 0
        assert server.violations == [], server.violations
    finally:
        server.kill()


async def test_a_long_list_result_stays_short(client: LanguageClient):
    doc = Doc(client, "list-long.rpn", "1 1000 seq\n")
    assert await doc.open() == []
    shown = await hover_text(client, doc, doc.at(0, "seq"))
    assert "seq(1,1000)" in shown and "= { 1 2 3 " in shown
    assert len(shown) < 2000  # 1000 numbers would be 3893 characters
    hints = await bounded(client.text_document_inlay_hint_async(types.InlayHintParams(
        text_document=doc.identifier,
        range=types.Range(start=types.Position(line=0, character=0), end=types.Position(line=1, character=0)))))
    [hint] = hints
    assert hint.label.startswith("⇒ seq(1,1000) = { 1 2 3 ") and len(hint.label) <= 100


async def test_a_long_list_is_abbreviated_by_elements(client: LanguageClient):
    doc = Doc(client, "list-long-hint.rpn", "1 1000 seq\n")
    await doc.open()
    [hint] = await bounded(client.text_document_inlay_hint_async(types.InlayHintParams(
        text_document=doc.identifier,
        range=types.Range(start=types.Position(line=0, character=0), end=types.Position(line=1, character=0)))))
    assert "digits" not in hint.label, hint.label
    assert "1000 }" in hint.label, hint.label  # the last element whole


async def test_completion_of_the_list_words_spelled_with_an_arrow(client: LanguageClient):
    doc = Doc(client, "list-arrow.rpn", "1 2 2 ->li\n")
    await doc.open()
    items = await completion_labels(client, doc, doc.pos(0, len("1 2 2 ->li")))
    labels = {item.label for item in items}
    assert "->list" in labels or "list" in labels, labels


async def test_completion_of_list_arrow_after_its_letters(client: LanguageClient):
    doc = Doc(client, "list-arrow-after.rpn", "{ 1 } lis\n")
    await doc.open()
    labels = {item.label for item in await completion_labels(client, doc, doc.pos(0, len("{ 1 } lis")))}
    assert {"list→", "list->"} <= labels
