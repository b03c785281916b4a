"""End-to-end tests of the calculator in the editor: `workspace/executeCommand rpn.evaluate`,
code lenses, the "Evaluate" code actions, lints, quick fixes with `context.only`, folding and
selection ranges, through the real `rpn lsp` with the client profiles of test_lsp_clients.py
(Neovim 0.7, Emacs 29.1/eglot, VS Code 1.65). Positions are computed in the negotiated encoding
(`Doc.pos`); expected values are worked out by hand (√8 = 2.8284271247461903, the double
nearest it, shortest round trip).
"""

from __future__ import annotations

import pytest
from lsprotocol import types
from pygls.exceptions import JsonRpcException
from pytest_lsp import LanguageClient

from lsp_wire import RawServer
from test_lsp_clients import Doc, bounded, client, diagnostics_of, edits_of, span, units  # noqa: F401 (the fixture)

pytestmark = [pytest.mark.filterwarnings("error")]

# Line 1 reads x, which line 3 stores: the document's variables are its final ones.
CALC = "3 5 + √ # 😀\nx 2 ×\n# only a comment\n7 →x\n"


async def execute(client: LanguageClient, argument: dict):
    return await bounded(client.workspace_execute_command_async(
        types.ExecuteCommandParams(command="rpn.evaluate", arguments=[argument])))


def position(p: types.Position) -> dict:
    return {"line": p.line, "character": p.character}


@pytest.mark.asyncio
async def test_capabilities_for_the_calculator(client: LanguageClient):
    caps = client.rpn_capabilities
    assert list(caps.execute_command_provider.commands) == ["rpn.evaluate"]
    assert caps.code_lens_provider is not None
    assert caps.folding_range_provider is True
    assert caps.selection_range_provider is True
    assert "source.rpn.evaluate" in list(caps.code_action_provider.code_action_kinds)


@pytest.mark.asyncio
async def test_evaluate_a_line_shows_the_result_as_a_message(client: LanguageClient):
    doc = Doc(client, "calc.rpn", CALC)
    await doc.open()
    before = len(client.messages)
    result = await execute(client, {"uri": doc.uri, "position": position(doc.pos(0, 0))})
    assert result["text"] == "√(3+5) = 2.8284271247461903"
    assert result["values"] == [2.8284271247461903]
    assert result["diagnostics"] == []
    # window/showMessage, Info, so that clients without inlay hints or lenses show it.
    shown = client.messages[before:]
    assert [(m.type, m.message) for m in shown] == [(types.MessageType.Info, "√(3+5) = 2.8284271247461903")]
    # Line 1 with x = 7, as stored on line 3.
    result = await execute(client, {"uri": doc.uri, "position": position(doc.pos(1, 3))})
    assert result["text"] == "x×2 = 14"
    assert result["values"] == [2.8284271247461903, 14]


@pytest.mark.asyncio
async def test_evaluate_a_selection_on_the_stack_before_it(client: LanguageClient):
    doc = Doc(client, "selection.rpn", "😀 3 5 + √\n")
    await doc.open()
    # "5 +" after the emoji (an unknown token) and "3": 3+5, positioned in the encoding.
    start, end = doc.at(0, "5"), doc.pos(0, doc.find(0, "+") + 1)
    result = await execute(client, {"uri": doc.uri, "range": {"start": position(start), "end": position(end)}})
    assert result["text"] == "3+5 = 8"
    assert result["values"] == [8]
    # The range of the expression: from 3 to +.
    assert (result["range"]["start"]["character"], result["range"]["end"]["character"]) == (
        doc.at(0, "3").character, end.character)


@pytest.mark.asyncio
async def test_evaluate_errors_and_refusals(client: LanguageClient):
    doc = Doc(client, "errors.rpn", "1 0 ÷\ny 2 ×\n")
    await doc.open()
    result = await execute(client, {"uri": doc.uri, "position": {"line": 0, "character": 0}})
    assert result["text"] == "1÷0: division by zero"
    assert [(d["code"], d["range"]["start"]["character"]) for d in result["diagnostics"]] == [
        ("division-by-zero", doc.at(0, "÷").character)]
    result = await execute(client, {"uri": doc.uri, "position": {"line": 1, "character": 0}})
    assert result["text"] == "y×2 has no value: y is free"
    with pytest.raises(JsonRpcException) as error:
        await bounded(client.workspace_execute_command_async(
            types.ExecuteCommandParams(command="rpn.unknown", arguments=[])))
    assert error.value.code == -32602
    with pytest.raises(JsonRpcException) as error:
        await execute(client, {"uri": doc.uri})
    assert error.value.code == -32602


@pytest.mark.asyncio
async def test_code_lenses_show_each_lines_value_and_evaluate_it(client: LanguageClient):
    doc = Doc(client, "lenses.rpn", CALC)
    await doc.open()
    lenses = await bounded(client.text_document_code_lens_async(
        types.CodeLensParams(text_document=doc.identifier)))
    assert [lens.command.title for lens in lenses] == ["= 2.8284271247461903", "= 14", "= 14"]
    # Over each line's code: line 0 ends before its comment (after the emoji's line).
    assert [span(lens.range) for lens in lenses] == [
        (0, 0, 0, units("3 5 + √", doc.encoding)), (1, 0, 1, units("x 2 ×", doc.encoding)),
        (3, 0, 3, units("7 →x", doc.encoding))]
    for lens in lenses:
        assert lens.command.command == "rpn.evaluate"
        result = await execute(client, lens.command.arguments[0])
        assert result["text"].endswith(lens.command.title[2:])


@pytest.mark.asyncio
async def test_evaluate_code_actions_and_context_only(client: LanguageClient):
    doc = Doc(client, "actions.rpn", "sqr 2 +\n3 5 + √\n")
    diagnostics = await doc.open()

    async def actions(only, start=(0, 0), end=(0, 0)):
        return await bounded(client.text_document_code_action_async(types.CodeActionParams(
            text_document=doc.identifier,
            range=types.Range(start=doc.pos(*start), end=doc.pos(*end)),
            context=types.CodeActionContext(diagnostics=diagnostics, only=only))))

    everything = await actions(None, end=(1, 3))
    assert [a.title for a in everything] == ["Replace 'sqr' with 'sqrt'", "Show as infix", "Evaluate: sqr+2",
                                             "Evaluate: √(3+5) = 2.83…", "Evaluate selection"]
    # lsprotocol reads any object with a "command" member as a Command (its _code_action_hook),
    # so the Evaluate actions, CodeActions with a kind and a Command, lose their kind here;
    # test_evaluate_actions_on_the_wire checks them as sent. Real clients tell the two apart by
    # the member's type: Neovim 0.7 (buf.lua: type(action.command) == 'table'), eglot 1.9
    # (eglot--dcase checks Command's :command is a string), vscode-languageclient (Command.is).
    assert [a.kind for a in everything[:2]] == ["quickfix", "refactor.rewrite"]
    assert [a.title for a in await actions([types.CodeActionKind.QuickFix])] == ["Replace 'sqr' with 'sqrt'"]
    assert [a.title for a in await actions([types.CodeActionKind.Refactor])] == ["Show as infix"]
    assert [a.title for a in await actions([types.CodeActionKind.Source])] == ["Evaluate: sqr+2"]
    assert not await actions([types.CodeActionKind.SourceOrganizeImports])


def test_evaluate_actions_on_the_wire():
    """The Evaluate actions exactly as sent: kind `source.rpn.evaluate`, a Command running
    rpn.evaluate up to the end of the line, and `context.only` by kind prefix."""
    server = RawServer()
    try:
        server.initialize()
        uri = "file:///wire.rpn"
        server.open(uri, "3 5 + √\n")
        server.diagnostics(uri)

        def actions(id, only):
            context = {"diagnostics": []} if only is None else {"diagnostics": [], "only": only}
            return server.call(id, "textDocument/codeAction", {
                "textDocument": {"uri": uri}, "context": context,
                "range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}}})["result"]

        [evaluate] = actions(1, ["source"])
        assert evaluate == {
            "title": "Evaluate: √(3+5) = 2.83…", "kind": "source.rpn.evaluate",
            "command": {"title": "Evaluate: √(3+5) = 2.83…", "command": "rpn.evaluate",
                        "arguments": [{"uri": uri, "position": {"line": 0, "character": 7}}]}}
        assert actions(2, ["source.rpn.evaluate"]) == [evaluate]
        assert actions(3, ["quickfix", "refactor.extract", "source.organizeImports"]) == []
        assert [a["kind"] for a in actions(4, None)] == ["refactor.rewrite", "source.rpn.evaluate"]
        result = server.call(5, "workspace/executeCommand", evaluate["command"])
        assert result["result"]["text"] == "√(3+5) = 2.8284271247461903"
        assert server.shutdown_and_exit() == 0
    finally:
        server.kill()
    assert server.violations == [], server.violations


@pytest.mark.asyncio
async def test_lints_are_published_with_the_diagnostics(client: LanguageClient):
    doc = Doc(client, "lints.rpn", "# 😀\nx 2 ×\n7 →x\n3 →unused\n1 →M M\n2 →M M +\n")
    diagnostics = await doc.open()
    got = [(d.code, d.severity, span(d.range), list(d.tags or [])) for d in diagnostics]
    W, H = types.DiagnosticSeverity.Warning, types.DiagnosticSeverity.Hint
    unnecessary = [types.DiagnosticTag.Unnecessary]  # all three profiles have tagSupport
    assert got == [
        # The core's warning first (issue 20): 2 →M changes the M read on line 4, still on the stack.
        ("store-changes-result", W, doc.span(5, "→M"), []),
        ("read-before-store", W, doc.span(1, "x"), []),
        ("unused-store", H, doc.span(3, "→unused"), unnecessary),
        # README: the M read on line 4 is evaluated at the end, with M = 2.
        ("unused-store", H, doc.span(4, "→M"), unnecessary),
    ]
    assert "the value x has at the end" in diagnostics[1].message
    assert diagnostics[2].message == "'unused' is stored but never read"


@pytest.mark.asyncio
@pytest.mark.parametrize("text,needle,fixed", [
    ("2x 3 +\n", "2x", "2 x"),
    ("sqrt(2)\n", "sqrt(2)", "2 sqrt"),
    ("1 sin(x) +\n", "sin(x)", "x sin"),
    ("sqrt(2+3)\n", "sqrt(2+3)", "2 3 + sqrt"),
    ("4+5\n", "4+5", "4 5 +"),
])
async def test_quick_fixes_for_common_mistakes(client: LanguageClient, text, needle, fixed):
    doc = Doc(client, "fixes.rpn", text)
    diagnostics = await doc.open()
    actions = await bounded(client.text_document_code_action_async(types.CodeActionParams(
        text_document=doc.identifier, range=types.Range(start=doc.pos(0, 0), end=doc.pos(0, 0)),
        context=types.CodeActionContext(diagnostics=diagnostics[:1], only=[types.CodeActionKind.QuickFix]))))
    assert len(actions) == 1 and actions[0].kind == types.CodeActionKind.QuickFix
    [edit] = edits_of(client, actions[0].edit, doc.uri)
    assert edit.new_text == fixed
    assert span(edit.range) == doc.span(0, needle)


@pytest.mark.asyncio
async def test_a_bare_arrow_gets_one_fix_per_variable(client: LanguageClient):
    doc = Doc(client, "arrow.rpn", "a 1 +\n3 →\ny 2 ×\n")
    diagnostics = await doc.open()
    arrow = [d for d in diagnostics if d.code == "store-needs-name"]
    actions = await bounded(client.text_document_code_action_async(types.CodeActionParams(
        text_document=doc.identifier, range=arrow[0].range,
        context=types.CodeActionContext(diagnostics=arrow, only=[types.CodeActionKind.QuickFix]))))
    # y is read after the arrow and never stored: likeliest first.
    assert [edits_of(client, a.edit, doc.uri)[0].new_text for a in actions] == ["→y", "→a"]
    assert all(span(edits_of(client, a.edit, doc.uri)[0].range) == doc.span(1, "→") for a in actions)


@pytest.mark.asyncio
async def test_quick_fixes_come_from_the_servers_own_diagnostics(client: LanguageClient):
    """A diagnostic sent back in the request only selects among the server's own fixes: a made
    up one, a stale one (where `sqr` was before `9; ` was typed) and one whose `data` lies get
    nothing of their own into a fix."""
    doc = Doc(client, "trust.rpn", "9; sqr dup\n")
    diagnostics = await doc.open()
    [sqr] = [d for d in diagnostics if d.code == "unset-variable"]

    def sent(start: int, end: int, replacement: str) -> types.Diagnostic:
        return types.Diagnostic(range=types.Range(start=doc.pos(0, start), end=doc.pos(0, end)), message="sent back",
                                code="unset-variable", source="rpn", data={"replacement": replacement})

    forged, stale = sent(0, 1, "rm -rf"), sent(2, 5, "sqrt")
    lying = sent(doc.find(0, "sqr"), doc.find(0, "sqr") + 3, "rm -rf")
    assert span(lying.range) == span(sqr.range)
    actions = await bounded(client.text_document_code_action_async(types.CodeActionParams(
        text_document=doc.identifier, range=types.Range(start=doc.pos(0, 0), end=doc.pos(0, 0)),
        context=types.CodeActionContext(diagnostics=[forged, stale, lying], only=[types.CodeActionKind.QuickFix]))))
    assert [(a.title, [(e.new_text, span(e.range)) for e in edits_of(client, a.edit, doc.uri)]) for a in actions] == [
        ("Replace 'sqr' with 'sqrt'", [("sqrt", doc.span(0, "sqr"))])]
    assert list(actions[0].diagnostics) == [lying]


@pytest.mark.asyncio
async def test_a_fix_names_the_version_it_was_made_for(client: LanguageClient):
    """To a client that takes `documentChanges` (Emacs, VS Code), a fix names the version of
    the text it was made for, so that the client refuses it on any other; Neovim 0.7 gets
    `changes`."""
    doc = Doc(client, "versioned.rpn", "sqr 2 +\n")
    await doc.open()
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=doc.uri, version=7),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text="1 sqr 2 +\n")]))
    doc.text = "1 sqr 2 +\n"
    [sqr] = [d for d in await diagnostics_of(client, doc.uri) if d.code == "unset-variable"]
    [fix] = await bounded(client.text_document_code_action_async(types.CodeActionParams(
        text_document=doc.identifier, range=sqr.range,
        context=types.CodeActionContext(diagnostics=[sqr], only=[types.CodeActionKind.QuickFix]))))
    assert [(e.new_text, span(e.range)) for e in edits_of(client, fix.edit, doc.uri, version=7)] == [
        ("sqrt", doc.span(0, "sqr"))]


@pytest.mark.asyncio
async def test_folding_ranges(client: LanguageClient):
    doc = Doc(client, "folding.rpn", "# 😀 a\n# b\n1 2 +\n3 ×\n\n4 5 +\n\n# lone\n7\n")
    await doc.open()
    folds = await bounded(client.text_document_folding_range_async(
        types.FoldingRangeParams(text_document=doc.identifier)))
    assert [(f.start_line, f.end_line, f.kind) for f in folds] == [
        (0, 3, None), (0, 1, types.FoldingRangeKind.Comment), (7, 8, None)]


@pytest.mark.asyncio
async def test_selection_ranges_expand_token_expression_line_paragraph(client: LanguageClient):
    doc = Doc(client, "selection.rpn", "😀 3 5 + √\nx 2 ×\n\n7 →x\n")
    await doc.open()
    [selection] = await bounded(client.text_document_selection_range_async(types.SelectionRangeParams(
        text_document=doc.identifier, positions=[doc.at(0, "+")])))
    chain = []
    while selection is not None:
        chain.append(span(selection.range))
        selection = selection.parent
    line0 = units(doc.lines[0], doc.encoding)
    assert chain == [
        doc.span(0, "+"),
        (0, doc.at(0, "3").character, 0, doc.at(0, "+").character + 1),  # 3 5 +
        (0, 0, 0, line0),                                                # the line
        (0, 0, 1, units("x 2 ×", doc.encoding)),                         # the paragraph
        (0, 0, 4, 0),                                                    # the document
    ]
