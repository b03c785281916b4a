"""Programs (issue 10) in the editor, end to end over stdio with pytest-lsp, once per real client
profile (Neovim 0.7, Emacs/eglot, VS Code; see test_lsp_clients.py): the static checks as the
user types, hover on words and parameters, the inferred effect as an inlay hint, semantic
tokens, navigation and rename, document symbols, completion, folding, the unused-word lint,
and the editor's step budget (an endless loop neither hangs the server nor stops it answering).

Expected values are worked out by hand: 3 4 hyp = √(9+16) = 5, 5 fac = 120. Positions are
computed from the text in the negotiated encoding (`Doc.pos`), as in test_lsp_clients.py.
"""

from __future__ import annotations

import asyncio
import time

import pytest
from lsprotocol import types
from pygls.exceptions import JsonRpcException
from pytest_lsp import LanguageClient

from test_lsp_clients import WAIT, Doc, bounded, client, diagnostics_of, edits_of, span, units  # noqa: F401

pytestmark = [pytest.mark.asyncio, pytest.mark.filterwarnings("error")]

# 0: a function word with named parameters (√ and the emoji before it: multi-byte characters)
# 1: a call of it
# 2: a recursive word with an if
# 3: a call, and a top-level loop with a counter
PROGRAM = ("# 😀 √ words\n"
           ": hyp ( a b -- c ) a 2 ^ b 2 ^ + √ ;\n"
           "3 4 hyp\n"
           ": fac ( n -- f ) n 2 < if 1 else n n 1 - fac × then ;\n"
           "5 fac 0 1 3 for i i + next\n")


def change(doc: Doc, version: int, text: str):
    """Replaces the whole text (as eglot and Neovim do for a big change)."""
    doc.text = text
    doc.client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=doc.uri, version=version),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)]))


async def test_static_checks_appear_as_the_definition_is_typed(client: LanguageClient):
    doc = Doc(client, "typing.rpn", "")
    await doc.open()
    steps = [
        # (text typed so far, the codes published)
        (": f", ["unmatched-keyword"]),                        # a ':' with no ';'
        (": f 0 > if 1 2 else 3 then ;", ["unbalanced-branches"]),  # two entries before else, one after
        (": f 0 > if 1 else 2 then ;", ["unused-word"]),       # fine, but never called
        (": f 0 > if 1 else 2 then ;\n5 f", []),
    ]
    for version, (text, codes) in enumerate(steps, start=2):
        change(doc, version, text)
        diagnostics = await diagnostics_of(client, doc.uri)
        assert [d.code for d in diagnostics] == codes, text
        if codes == ["unbalanced-branches"]:
            [unbalanced] = diagnostics
            assert unbalanced.severity == types.DiagnosticSeverity.Error
            assert span(unbalanced.range) == doc.span(0, "if")  # at the if, naming both effects
            assert unbalanced.message == ("the two parts of this if have different stack effects: "
                                          "( -- x y ) before else, ( -- x ) after it")


async def hover_text(client: LanguageClient, doc: Doc, position: types.Position) -> str:
    hover = await bounded(client.text_document_hover_async(
        types.HoverParams(text_document=doc.identifier, position=position)))
    assert hover is not None, position
    return hover.contents.value


async def test_hover_on_words_and_parameters(client: LanguageClient):
    doc = Doc(client, "hover.rpn", PROGRAM)
    await doc.open()
    call = await hover_text(client, doc, doc.at(2, "hyp"))
    assert "**hyp** `( a b -- c )`" in call, call
    assert "`hyp(a,b) = √(a^2+b^2)`" in call, call
    assert "`hyp(3,4)` = 5" in call, call
    name = await hover_text(client, doc, doc.at(1, "hyp"))
    assert "`hyp(a,b) = √(a^2+b^2)`" in name and "hyp(3,4)" not in name, name
    parameter = await hover_text(client, doc, doc.at(1, "a", 1))  # the a used after the effect
    assert "parameter a of hyp" in parameter, parameter
    declared = await hover_text(client, doc, doc.at(1, "b"))      # the b declared in ( a b -- c )
    assert "parameter b of hyp" in declared, declared
    recursive = await hover_text(client, doc, doc.at(3, "fac", 1))
    assert "`fac(n) = if(n<2, 1, n×fac(n−1))`" in recursive, recursive
    value = await hover_text(client, doc, doc.at(4, "fac"))
    assert "`fac(5)` = 120" in value, value
    counter = await hover_text(client, doc, doc.at(4, "i", 1))
    assert "loop counter i" in counter, counter
    # The hover's range is the parameter's name, not the whole ( a b -- c ).
    hover = await bounded(client.text_document_hover_async(
        types.HoverParams(text_document=doc.identifier, position=doc.at(1, "b"))))
    assert span(hover.range) == doc.span(1, "b")


async def test_inlay_hint_shows_the_inferred_effect(client: LanguageClient):
    text = "# 😀\n: cube dup dup × × ;\n2 cube\n"
    doc = Doc(client, "effects.rpn", text)
    await doc.open()
    hints = await bounded(client.text_document_inlay_hint_async(types.InlayHintParams(
        text_document=doc.identifier,
        range=types.Range(start=types.Position(line=0, character=0), end=types.Position(line=3, character=0)))))
    got = [((h.position.line, h.position.character), h.label) for h in hints]
    assert got == [((1, units(": cube", doc.encoding)), "( x -- x )"),
                   ((2, units("2 cube", doc.encoding)), "⇒ cube(2) = 8")]


async def test_no_lens_or_evaluate_action_on_a_definitions_line_or_a_bare_free_variable(client: LanguageClient):
    """A definition runs nothing where it stands: its line has no result of its own (the entry
    on top there is line 0's). `sqr` alone is a free variable (a slip for `sqrt`): nothing to
    evaluate. `sqr 2 +` is an expression of it, described and offered."""
    text = "3\n: cube dup dup × × ;\nsqr\nsqr 2 +\n"
    doc = Doc(client, "lines.rpn", text)
    await doc.open()
    lenses = await bounded(client.text_document_code_lens_async(types.CodeLensParams(text_document=doc.identifier)))
    assert [(lens.range.start.line, lens.command.title) for lens in lenses] == [(0, "= 3"), (3, "no value")]
    actions = await bounded(client.text_document_code_action_async(types.CodeActionParams(
        text_document=doc.identifier, range=types.Range(start=doc.pos(0, 0), end=doc.pos(4, 0)),
        context=types.CodeActionContext(diagnostics=[], only=[types.CodeActionKind.Source]))))
    assert [a.title for a in actions] == ["Evaluate: 3 = 3", "Evaluate: sqr+2", "Evaluate selection"]
    hints = await bounded(client.text_document_inlay_hint_async(types.InlayHintParams(
        text_document=doc.identifier, range=types.Range(start=doc.pos(0, 0), end=doc.pos(4, 0)))))
    assert [(h.position.line, h.label) for h in hints] == [
        (0, "⇒ 3 = 3"), (1, "( x -- x )"), (2, "⇒ sqr"), (3, "⇒ sqr+2")]


async def test_semantic_tokens_of_words_and_parameters(client: LanguageClient):
    legend = client.rpn_capabilities.semantic_tokens_provider.legend
    assert list(legend.token_types) == ["number", "operator", "function", "variable", "keyword", "comment",
                                        "parameter", "string"]
    doc = Doc(client, "semantic-words.rpn", "# 😀\n: hyp ( a b -- c ) a 2 ^ b 2 ^ + √ ;\n3 4 hyp\n")
    await doc.open()
    tokens = await bounded(client.text_document_semantic_tokens_full_async(
        types.SemanticTokensParams(text_document=doc.identifier)))
    decoded = {}
    line = character = 0
    for i in range(0, len(tokens.data), 5):
        delta_line, delta_start, length, type_index, bits = tokens.data[i:i + 5]
        line += delta_line
        character = delta_start if delta_line else character + delta_start
        modifiers = {m for k, m in enumerate(legend.token_modifiers) if bits & (1 << k)}
        decoded[(line, character, line, character + length)] = (legend.token_types[type_index], modifiers)
    assert decoded[doc.span(1, ":")] == ("keyword", set())
    assert decoded[doc.span(1, "hyp")] == ("function", {"declaration"})
    assert decoded[doc.span(1, "a")] == ("parameter", {"declaration"})
    assert decoded[doc.span(1, "b")] == ("parameter", {"declaration"})
    assert decoded[doc.span(1, "-- c )")] == ("comment", set())
    assert decoded[doc.span(1, "a", 1)] == ("parameter", set())
    assert decoded[doc.span(1, ";")] == ("keyword", set())
    assert decoded[doc.span(2, "hyp")] == ("function", set())


async def test_call_hierarchy_of_words(client: LanguageClient):
    # fac is called by itself (line 3) and by the top level (line 4); hyp by the top level (line 2).
    doc = Doc(client, "calls.rpn", PROGRAM)
    await doc.open()
    [fac] = await bounded(client.text_document_prepare_call_hierarchy_async(types.CallHierarchyPrepareParams(
        text_document=doc.identifier, position=doc.at(4, "fac"))))
    assert (fac.name, fac.kind, span(fac.selection_range)) == ("fac", types.SymbolKind.Function, doc.span(3, "fac"))
    assert fac.detail == "( n -- f )"
    incoming = await bounded(client.call_hierarchy_incoming_calls_async(types.CallHierarchyIncomingCallsParams(item=fac)))
    assert [(c.from_.name, [span(r) for r in c.from_ranges]) for c in incoming] == [
        ("fac", [doc.span(3, "fac", 1)]), ("top level", [doc.span(4, "fac")])]
    top = incoming[1].from_
    assert top.kind == types.SymbolKind.File
    outgoing = await bounded(client.call_hierarchy_outgoing_calls_async(types.CallHierarchyOutgoingCallsParams(item=top)))
    assert [(c.to.name, [span(r) for r in c.from_ranges]) for c in outgoing] == [
        ("hyp", [doc.span(2, "hyp")]), ("fac", [doc.span(4, "fac")])]
    assert await bounded(client.text_document_prepare_call_hierarchy_async(types.CallHierarchyPrepareParams(
        text_document=doc.identifier, position=doc.at(2, "3")))) is None


async def test_navigation_and_rename_of_words_and_parameters(client: LanguageClient):
    doc = Doc(client, "words.rpn", PROGRAM)
    await doc.open()
    definitions = await bounded(client.text_document_definition_async(
        types.DefinitionParams(text_document=doc.identifier, position=doc.at(4, "fac"))))
    assert [span(d.range) for d in definitions] == [doc.span(3, "fac")]
    references = await bounded(client.text_document_references_async(types.ReferenceParams(
        text_document=doc.identifier, position=doc.at(3, "fac"),
        context=types.ReferenceContext(include_declaration=True))))
    assert [span(r.range) for r in references] == [doc.span(3, "fac"), doc.span(3, "fac", 1), doc.span(4, "fac")]
    highlights = await bounded(client.text_document_document_highlight_async(
        types.DocumentHighlightParams(text_document=doc.identifier, position=doc.at(3, "n", 2))))
    assert [span(h.range) for h in highlights] == [doc.span(3, "n"), doc.span(3, "n", 1), doc.span(3, "n", 2),
                                                   doc.span(3, "n", 3)]
    edit = await bounded(client.text_document_rename_async(types.RenameParams(
        text_document=doc.identifier, position=doc.at(1, "a", 1), new_name="x")))
    assert sorted(span(e.range) for e in edits_of(client, edit, doc.uri)) == [doc.span(1, "a"), doc.span(1, "a", 1)]
    edit = await bounded(client.text_document_rename_async(types.RenameParams(
        text_document=doc.identifier, position=doc.at(2, "hyp"), new_name="hypotenuse")))
    assert sorted(span(e.range) for e in edits_of(client, edit, doc.uri)) == [doc.span(1, "hyp"), doc.span(2, "hyp")]
    for bad in ["fac", "sin", "if", "2x"]:  # another word, a built-in, a keyword, no name
        with pytest.raises(JsonRpcException) as error:
            await bounded(client.text_document_rename_async(types.RenameParams(
                text_document=doc.identifier, position=doc.at(2, "hyp"), new_name=bad)))
        assert error.value.code == -32803, bad


async def test_document_symbols_completion_and_folding(client: LanguageClient):
    doc = Doc(client, "outline.rpn", "# 😀\n: hyp ( a b -- c )\n  a 2 ^ b 2 ^ + √\n;\n3 4 hyp\n")
    await doc.open()
    symbols = await bounded(client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=doc.identifier)))
    [hyp] = symbols
    assert (hyp.name, hyp.kind, hyp.detail) == ("hyp", types.SymbolKind.Function, "( a b -- c )")
    assert span(hyp.selection_range) == doc.span(1, "hyp")
    assert [(c.name, span(c.selection_range)) for c in hyp.children] == [("a", doc.span(1, "a")),
                                                                         ("b", doc.span(1, "b"))]
    items = await bounded(client.text_document_completion_async(types.CompletionParams(
        text_document=doc.identifier, position=doc.pos(4, len("3 4 h")))))
    word = next(item for item in items.items if item.label == "hyp")
    assert word.kind == types.CompletionItemKind.Function and word.detail == "( a b -- c )"
    folds = await bounded(client.text_document_folding_range_async(
        types.FoldingRangeParams(text_document=doc.identifier)))
    assert (1, 3) in [(f.start_line, f.end_line) for f in folds]


async def test_an_unused_word_is_a_faded_hint(client: LanguageClient):
    doc = Doc(client, "unused.rpn", "# 😀\n: twice 2 × ;\n: down ( n -- ) n 0 > if n 1 - down then ;\n3\n")
    diagnostics = await doc.open()
    got = [(d.code, d.severity, span(d.range), list(d.tags or [])) for d in diagnostics]
    H, unnecessary = types.DiagnosticSeverity.Hint, [types.DiagnosticTag.Unnecessary]
    assert got == [("unused-word", H, doc.span(1, "twice"), unnecessary),
                   ("unused-word", H, doc.span(2, "down"), unnecessary)]  # its own call is no use
    assert diagnostics[0].message == "'twice' is defined but never called"


async def test_an_endless_loop_stops_at_the_editors_budget(client: LanguageClient):
    doc = Doc(client, "endless.rpn", "begin 0 until\n3 4 +\n")
    started = time.monotonic()
    diagnostics = await doc.open()
    assert time.monotonic() - started < WAIT
    [limit] = [d for d in diagnostics if d.code == "step-limit"]
    assert limit.severity == types.DiagnosticSeverity.Warning
    assert "the editor runs each line for 10^6 steps, 10^7 in all; rpn FILE runs up to 10^9" in limit.message
    # The server still answers, about what follows the loop too.
    plus = await hover_text(client, doc, doc.at(1, "+"))
    assert "`3+4` = 7" in plus


async def test_compaction_inside_an_undecided_if_keeps_the_server_alive(client: LanguageClient):
    # The command line's reproduction of issue 16 (tests/cli/test_cli_programs.py) as a word:
    # opening the document runs it; the value store is compacted while an if on M (free here)
    # keeps entries aside. The server must stay up and answer: w is the function `w`.
    text = (": w ( -- r ) 1 3000 for j 1 j 2 + / drop next "
            "1 3 / M if 1 1100 for i 1 i 2 + / drop next 1 + else 2 + then ;\nw\n")
    doc = Doc(client, "compaction.rpn", text)
    assert await doc.open() == []
    assert "`w`" in await hover_text(client, doc, doc.at(1, "w"))


async def test_a_semicolon_in_parentheses_without_dashes_ends_the_definition(client: LanguageClient):
    # `( ; )` has no `--`: no stack effect, so `(` is an unknown word and the `;` ends f, as
    # `rpn -e` reports it (1:5, 1:9, 1:11) and as the shell reads the line (it runs at once).
    doc = Doc(client, "parens.rpn", ": f ( ; ) dup\n")
    diagnostics = await doc.open()
    assert [(d.code, span(d.range)) for d in diagnostics] == [
        ("unknown-token", doc.span(0, "(")), ("unknown-token", doc.span(0, ")")), ("missing-operand", doc.span(0, "dup"))]
    # With a `--` it is f's stack effect, which hides its `;`: f has no end.
    change(doc, 2, ": f ( x -- ; ) dup\n")
    assert [d.code for d in await diagnostics_of(client, doc.uri)] == ["unmatched-keyword"]
