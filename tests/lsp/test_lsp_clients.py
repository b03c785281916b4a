"""End-to-end tests of `rpn lsp` over stdio with pytest-lsp, once per real client profile
(the initialize capabilities pytest-lsp ships for Neovim 0.7, Emacs 29.1/eglot and
VS Code 1.65).

Every test runs under `-W error` (the module's filterwarnings mark): pytest-lsp checks some
results against the client's capabilities and reports a mismatch as an
LspSpecificationWarning, which thereby fails the test. Every wait is bounded, and the teardown
checks that the server exits with status 0 after shutdown + exit.

Positions: the Emacs profile offers `general.positionEncodings` [utf-32, utf-8, utf-16], so the
server negotiates UTF-8 with it; the other two profiles get UTF-16. Expected columns are
therefore computed from the text in the negotiated encoding (`Doc.pos`), never hard-coded in
one unit; the UTF-16 values are spelled out in comments.
"""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types
from pygls.exceptions import JsonRpcException
from pytest_lsp import ClientServerConfig, LanguageClient

from lsp_wire import RPN, require_server

pytestmark = [pytest.mark.asyncio, pytest.mark.filterwarnings("error")]

WAIT = 10  # seconds: the bound of every wait
CLIENTS = ["neovim@v0.7.0", "emacs", "visual-studio-code"]
ROOT = Path("/tmp/rpn-lsp-e2e")

# The example document (0-based lines):
#   0: a comment with characters of 1 and 2 UTF-16 units (the emoji is two)
#   1: √ on an empty stack: missing operand at UTF-16 (1,0)-(1,1); ÷ by zero at (1,10)-(1,11)
#   2: 'sqr' is a free variable close to 'sqrt' (warning (2,0)-(2,3), did-you-mean data); N stored
#   3: N used, M free; 3 5 + ×
#   4: an emoji token (unknown token, UTF-16 (4,0)-(4,2)), then ÷ by zero at (4,7)-(4,8)
#      (the stack runs on across lines: the earlier lines leave operands enough)
EXAMPLE = "# π √ 😀 comment\n√ π × 1 0 ÷\nsqr 2 + M →N\nN M 3 5 + ×\n😀 1 0 ÷\n"


def units(text: str, encoding: str) -> int:
    """The length of `text` in code units of a position encoding."""
    if encoding == "utf-8":
        return len(text.encode("utf-8"))
    if encoding == "utf-32":
        return len(text)
    return len(text.encode("utf-16-le")) // 2


class Doc:
    """A document and the negotiated encoding: turns (line, Python string index) into LSP
    positions, and finds tokens by their text."""

    def __init__(self, client: LanguageClient, name: str, text: str):
        self.client = client
        self.uri = (ROOT / name).as_uri()
        self.text = text
        self.encoding = client.rpn_encoding

    @property
    def lines(self) -> list[str]:
        return self.text.split("\n")

    def pos(self, line: int, index: int) -> types.Position:
        return types.Position(line=line, character=units(self.lines[line][:index], self.encoding))

    def find(self, line: int, needle: str, nth: int = 0) -> int:
        """The Python index of the nth occurrence of `needle` on a line."""
        index = -1
        for _ in range(nth + 1):
            index = self.lines[line].index(needle, index + 1)
        return index

    def at(self, line: int, needle: str, nth: int = 0) -> types.Position:
        return self.pos(line, self.find(line, needle, nth))

    def span(self, line: int, needle: str, nth: int = 0) -> tuple[int, int, int, int]:
        """(line, start, line, end) of a token, in the negotiated encoding."""
        index = self.find(line, needle, nth)
        start, end = self.pos(line, index), self.pos(line, index + len(needle))
        return (line, start.character, line, end.character)

    @property
    def identifier(self) -> types.TextDocumentIdentifier:
        return types.TextDocumentIdentifier(uri=self.uri)

    async def open(self) -> list[types.Diagnostic]:
        self.client.text_document_did_open(types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=self.uri, language_id="rpn", version=1, text=self.text)))
        return await diagnostics_of(self.client, self.uri)


def span(range_: types.Range) -> tuple[int, int, int, int]:
    return (range_.start.line, range_.start.character, range_.end.line, range_.end.character)


def edits_of(client: LanguageClient, edit: types.WorkspaceEdit, uri: str, version: int | None = None) -> list:
    """The edits of one document in a WorkspaceEdit: as `documentChanges` naming the version
    they were made for (checked when `version` is given) for a client that takes them, else
    as `changes`."""
    caps = client.rpn_client_capabilities
    if caps.workspace and caps.workspace.workspace_edit and caps.workspace.workspace_edit.document_changes:
        assert edit.changes is None
        [change] = edit.document_changes
        assert change.text_document.uri == uri and change.text_document.version is not None
        assert version is None or change.text_document.version == version
        return list(change.edits)
    assert edit.document_changes is None
    return list(edit.changes[uri])


async def diagnostics_of(client: LanguageClient, uri: str) -> list[types.Diagnostic]:
    """Waits (bounded) for the next publishDiagnostics of `uri`."""
    while True:
        params = await asyncio.wait_for(
            client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS), timeout=WAIT)
        if params.uri == uri:
            return list(params.diagnostics)


async def bounded(awaitable):
    return await asyncio.wait_for(awaitable, timeout=WAIT)


@pytest_lsp.fixture(
    config=ClientServerConfig(server_command=[RPN, "lsp"]),
    params=CLIENTS,
)
async def client(request, lsp_client: LanguageClient):
    require_server()
    caps = pytest_lsp.client_capabilities(request.param)
    # A client that announces refreshSupport is asked to refresh inlay hints, semantic tokens
    # and code lenses after a configuration change: answer as an editor does (null), and count them.
    lsp_client.rpn_refreshes = []

    def refreshed(params):
        lsp_client.rpn_refreshes.append(params)

    for method in (types.WORKSPACE_INLAY_HINT_REFRESH, types.WORKSPACE_SEMANTIC_TOKENS_REFRESH,
                   types.WORKSPACE_CODE_LENS_REFRESH):
        lsp_client.feature(method)(refreshed)
    # A client that watches files for the server is asked to watch the `*.rpn` files: accepted,
    # as an editor does (test_lsp_workspace.py checks what is asked).
    lsp_client.feature(types.CLIENT_REGISTER_CAPABILITY)(lambda params: None)
    result = await bounded(lsp_client.initialize_session(types.InitializeParams(
        capabilities=caps, process_id=os.getpid(), root_uri=ROOT.as_uri())))
    offered = (caps.general.position_encodings if caps.general else None) or ["utf-16"]
    encoding = result.capabilities.position_encoding
    # The server speaks UTF-8 when offered, else the mandatory UTF-16.
    assert encoding == ("utf-8" if "utf-8" in offered else "utf-16")
    lsp_client.rpn_encoding = encoding
    lsp_client.rpn_profile = request.param
    lsp_client.rpn_capabilities = result.capabilities
    lsp_client.rpn_client_capabilities = caps
    yield
    # A clean exit: shutdown (result null), exit, status 0.
    await bounded(lsp_client.shutdown_session())
    assert lsp_client._server is not None
    assert lsp_client._server.returncode == 0
    assert lsp_client.error is None, lsp_client.error


async def test_initialize_advertises_what_is_implemented(client: LanguageClient):
    caps = client.rpn_capabilities
    sync = caps.text_document_sync
    assert sync.open_close is True
    assert sync.change == types.TextDocumentSyncKind.Incremental
    assert caps.hover_provider is True
    assert list(caps.completion_provider.trigger_characters) == ["→", ">"]
    assert caps.completion_provider.resolve_provider is True
    assert caps.rename_provider.prepare_provider is True
    assert list(caps.semantic_tokens_provider.legend.token_types) == [
        "number", "operator", "function", "variable", "keyword", "comment", "parameter", "string"]
    assert list(caps.semantic_tokens_provider.legend.token_modifiers) == ["declaration", "readonly", "defaultLibrary"]
    assert client.rpn_capabilities.experimental == {"rpnEvaluateProvider": True, "rpnDescribeProvider": True}
    # These clients do not pull diagnostics (no textDocument.diagnostic): they are pushed them
    # and offered no pull (test_lsp_pull_diagnostics.py has the clients that pull).
    assert client.rpn_client_capabilities.text_document.diagnostic is None
    assert caps.diagnostic_provider is None


async def test_diagnostics_at_the_right_columns(client: LanguageClient):
    doc = Doc(client, "diagnostics.rpn", EXAMPLE)
    diagnostics = await doc.open()
    got = [(span(d.range), d.severity, d.code, d.source, d.message) for d in diagnostics]
    E, W = types.DiagnosticSeverity.Error, types.DiagnosticSeverity.Warning
    expected = [
        (doc.span(1, "√"), E, "missing-operand", "rpn", "√ needs 1 operand, found 0"),    # (1,0)-(1,1)
        (doc.span(1, "÷"), E, "division-by-zero", "rpn", "division by zero"),             # (1,10)-(1,11)
        (doc.span(2, "sqr"), W, "unset-variable", "rpn", "'sqr' is a free variable; did you mean 'sqrt'?"),
        (doc.span(4, "😀"), E, "unknown-token", "rpn", "unknown token '😀'"),             # (4,0)-(4,2)
        (doc.span(4, "÷"), E, "division-by-zero", "rpn", "division by zero"),             # (4,7)-(4,8)
    ]
    assert sorted(got) == sorted(expected)
    if client.rpn_encoding == "utf-16":  # the columns spelled out, as an editor counts them
        assert sorted(g[0] for g in got) == [(1, 0, 1, 1), (1, 10, 1, 11), (2, 0, 2, 3), (4, 0, 4, 2), (4, 7, 4, 8)]
    else:
        assert sorted(g[0] for g in got) == [(1, 0, 1, 3), (1, 14, 1, 16), (2, 0, 2, 3), (4, 0, 4, 4), (4, 9, 4, 11)]
    typo = next(d for d in diagnostics if d.code == "unset-variable")
    assert typo.data == {"replacement": "sqrt"}


async def hover_text(client: LanguageClient, doc: Doc, position: types.Position) -> str | None:
    hover = await bounded(client.text_document_hover_async(
        types.HoverParams(text_document=doc.identifier, position=position)))
    if hover is None:
        return None
    assert isinstance(hover.contents, types.MarkupContent)
    # All three profiles take markdown (their hover contentFormat lists it).
    assert hover.contents.kind == types.MarkupKind.Markdown
    return hover.contents.value


async def test_hover_shows_stack_effect_description_and_value(client: LanguageClient):
    doc = Doc(client, "hover.rpn", EXAMPLE)
    await doc.open()
    sqrt = await hover_text(client, doc, doc.at(1, "√"))
    for part in ["**√**", "( a -- √a )", "Square root", "`√(?)`"]:
        assert part in sqrt
    pi = await hover_text(client, doc, doc.at(1, "π"))
    assert "**π**" in pi and "`π` = 3.141592653589793" in pi
    # After multi-byte characters and the emoji token: ×, then +, on lines 1 and 3
    times = await hover_text(client, doc, doc.at(1, "×"))
    assert "**×**" in times and "( a b -- a×b )" in times
    plus = await hover_text(client, doc, doc.at(3, "+"))
    assert "( a b -- a+b )" in plus and "`3+5` = 8" in plus
    # A number: its kind and, for an integer, its other bases (its value is its text).
    five = await hover_text(client, doc, doc.at(3, "5"))
    assert five == "**5** integer  \nhexadecimal `0x5`, octal `0o5`, binary `0b101`"
    last = await hover_text(client, doc, doc.at(3, "×"))
    assert "`M×(3+5)`" in last
    free = await hover_text(client, doc, doc.at(3, "M"))
    assert "`M`" in free and "free variable" in free
    store = await hover_text(client, doc, doc.at(2, "→N"))
    assert "stores the top of the stack into `N`" in store
    divide = await hover_text(client, doc, doc.at(4, "÷"))  # after the two-unit emoji
    assert "**÷**" in divide and "( a b -- a÷b )" in divide
    # The hover's range is the token's, in the negotiated encoding.
    hover = await bounded(client.text_document_hover_async(
        types.HoverParams(text_document=doc.identifier, position=doc.at(4, "÷"))))
    assert span(hover.range) == doc.span(4, "÷")
    # Comments and whitespace: null.
    assert await hover_text(client, doc, doc.at(0, "comment")) is None
    assert await hover_text(client, doc, doc.pos(3, len(doc.lines[3]))) is None


async def completion_labels(client: LanguageClient, doc: Doc, position: types.Position):
    result = await bounded(client.text_document_completion_async(
        types.CompletionParams(text_document=doc.identifier, position=position)))
    items = result.items if isinstance(result, types.CompletionList) else result
    return items


async def test_completion_offers_builtins_variables_and_stores(client: LanguageClient, request):
    doc = Doc(client, "completion.rpn", EXAMPLE)
    await doc.open()
    items = await completion_labels(client, doc, doc.pos(3, 0))
    labels = {item.label for item in items}
    for label in ["sqrt", "√", "sin", "dup", "swap", "pi", "π", "e", "pow", "M", "N", "sqr", "→M", "->M",
                  "→N", "->N"]:
        assert label in labels, label
    by_label = {item.label: item for item in items}
    assert by_label["√"].filter_text == "sqrt"
    assert by_label["√"].kind == types.CompletionItemKind.Function
    assert by_label["π"].kind == types.CompletionItemKind.Constant
    assert by_label["+"].kind == types.CompletionItemKind.Operator
    assert by_label["dup"].kind == types.CompletionItemKind.Keyword
    assert by_label["N"].kind == types.CompletionItemKind.Variable
    assert by_label["→M"].detail == "store the top of the stack into M"
    # Documentation comes with completionItem/resolve, for the item looked at.
    assert by_label["√"].documentation is None
    resolved = await bounded(client.completion_item_resolve_async(by_label["√"]))
    documentation = resolved.documentation
    text = documentation.value if isinstance(documentation, types.MarkupContent) else documentation
    assert "Square root" in text


async def test_completion_shows_variable_values(client: LanguageClient, request):
    doc = Doc(client, "values.rpn", "2 3 + →total\ntotal \n")
    await doc.open()
    items = await completion_labels(client, doc, doc.pos(1, 6))
    by_label = {item.label: item for item in items}
    assert by_label["total"].detail == "= 5"
    assert "→total" in by_label and "->total" in by_label


async def test_rename_and_its_refusals(client: LanguageClient):
    doc = Doc(client, "rename.rpn", EXAMPLE)
    await doc.open()
    prepared = await bounded(client.text_document_prepare_rename_async(
        types.PrepareRenameParams(text_document=doc.identifier, position=doc.pos(3, 0))))
    assert span(prepared.range) == doc.span(3, "N")
    assert prepared.placeholder == "N"
    edit = await bounded(client.text_document_rename_async(
        types.RenameParams(text_document=doc.identifier, position=doc.pos(3, 0), new_name="total")))
    edits = edits_of(client, edit, doc.uri)
    # The store's name after the arrow (UTF-16 (2,11)-(2,12)) and the use (3,0)-(3,1).
    assert sorted(span(e.range) for e in edits) == sorted([doc.span(2, "N"), doc.span(3, "N")])
    assert all(e.new_text == "total" for e in edits)
    # Renaming from right after the name works too (the cursor at the end of a word).
    edit = await bounded(client.text_document_rename_async(
        types.RenameParams(text_document=doc.identifier, position=doc.pos(2, len(doc.lines[2])), new_name="n2")))
    assert len(edits_of(client, edit, doc.uri)) == 2
    # Refusals: a built-in's name, not a name, and a token that is not a variable.
    for bad in ["sin", "2x", "a b", "", "→x"]:
        with pytest.raises(JsonRpcException) as error:
            await bounded(client.text_document_rename_async(
                types.RenameParams(text_document=doc.identifier, position=doc.pos(3, 0), new_name=bad)))
        assert error.value.code == -32803, bad
    with pytest.raises(JsonRpcException) as error:
        await bounded(client.text_document_rename_async(
            types.RenameParams(text_document=doc.identifier, position=doc.at(1, "√"), new_name="y")))
    assert "only variables" in str(error.value)
    # prepareRename on something else than a variable: null.
    assert await bounded(client.text_document_prepare_rename_async(
        types.PrepareRenameParams(text_document=doc.identifier, position=doc.at(1, "π")))) is None


async def test_formatting(client: LanguageClient):
    text = "# 😀  keep   this\n3   4+5×  √\n\n  2π× "
    doc = Doc(client, "format.rpn", text)
    await doc.open()
    options = types.FormattingOptions(tab_size=4, insert_spaces=True)
    edits = await bounded(client.text_document_formatting_async(
        types.DocumentFormattingParams(text_document=doc.identifier, options=options)))
    # Edits of only the blanks that change (a run keeps its first blank), positioned in the
    # negotiated encoding (the comment stays).
    e = client.rpn_encoding
    assert [(span(e.range), e.new_text) for e in edits] == [
        ((1, 2, 1, 4), ""), ((1, 5, 1, 5), " "), ((1, 6, 1, 6), " "),
        ((1, units("3   4+5", e), 1, units("3   4+5", e)), " "),
        ((1, units("3   4+5× ", e), 1, units("3   4+5×  ", e)), ""),
        ((3, 0, 3, 2), ""), ((3, units("  2", e), 3, units("  2", e)), " "),
        ((3, units("  2π", e), 3, units("  2π", e)), " "), ((3, units("  2π×", e), 3, units("  2π× ", e)), "")]
    # An already formatted document: no edits.
    done = Doc(client, "formatted.rpn", "3 4 + # ok\n")
    await done.open()
    assert await bounded(client.text_document_formatting_async(
        types.DocumentFormattingParams(text_document=done.identifier, options=options))) in ([], ())


async def test_definition_references_highlight(client: LanguageClient):
    doc = Doc(client, "navigation.rpn", "# 😀 r\n2 √ →r\nr r × π ×\n3 ->r")
    await doc.open()
    use = doc.pos(2, 0)
    definitions = await bounded(client.text_document_definition_async(
        types.DefinitionParams(text_document=doc.identifier, position=use)))
    assert [span(d.range) for d in definitions] == [doc.span(1, "r"), doc.span(3, "r")]
    assert all(d.uri == doc.uri for d in definitions)
    references = await bounded(client.text_document_references_async(types.ReferenceParams(
        text_document=doc.identifier, position=doc.pos(2, 2),
        context=types.ReferenceContext(include_declaration=False))))
    assert [span(r.range) for r in references] == [doc.span(2, "r"), doc.span(2, "r", 1)]
    references = await bounded(client.text_document_references_async(types.ReferenceParams(
        text_document=doc.identifier, position=doc.pos(2, 2),
        context=types.ReferenceContext(include_declaration=True))))
    assert len(references) == 4
    highlights = await bounded(client.text_document_document_highlight_async(
        types.DocumentHighlightParams(text_document=doc.identifier, position=doc.at(1, "r"))))
    W, R = types.DocumentHighlightKind.Write, types.DocumentHighlightKind.Read
    assert [(span(h.range), h.kind) for h in highlights] == [
        (doc.span(1, "r"), W), (doc.span(2, "r"), R), (doc.span(2, "r", 1), R), (doc.span(3, "r"), W)]
    # Not a variable (π), and the comment: nothing.
    assert await bounded(client.text_document_definition_async(
        types.DefinitionParams(text_document=doc.identifier, position=doc.at(2, "π")))) is None
    assert await bounded(client.text_document_definition_async(
        types.DefinitionParams(text_document=doc.identifier, position=doc.at(0, "r")))) is None


async def test_document_symbols(client: LanguageClient):
    doc = Doc(client, "symbols.rpn", "# 😀\n3 4 + →s\ns 2 × ->twice\nπ √ →é\n")
    await doc.open()
    symbols = await bounded(client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=doc.identifier)))
    assert [s.name for s in symbols] == ["s", "twice", "é"]
    assert [s.detail for s in symbols] == ["3+4", "s×2", "√(π)"]
    assert all(s.kind == types.SymbolKind.Variable for s in symbols)
    assert [span(s.selection_range) for s in symbols] == [doc.span(1, "s"), doc.span(2, "twice"),
                                                          doc.span(3, "é")]
    assert [span(s.range) for s in symbols] == [doc.span(1, "→s"), doc.span(2, "->twice"),
                                                doc.span(3, "→é")]


async def test_semantic_tokens_decode_to_the_expected_kinds(client: LanguageClient):
    doc = Doc(client, "semantic.rpn", "3 →x # 😀 c\nx √ π dup 😀 ×\n-2.5e3 ->y y")
    await doc.open()
    tokens = await bounded(client.text_document_semantic_tokens_full_async(
        types.SemanticTokensParams(text_document=doc.identifier)))
    legend = client.rpn_capabilities.semantic_tokens_provider.legend
    data = tokens.data
    assert len(data) % 5 == 0
    decoded = []
    line = character = 0
    for i in range(0, len(data), 5):
        delta_line, delta_start, length, type_index, bits = data[i:i + 5]
        line += delta_line
        character = delta_start if delta_line else character + delta_start
        modifiers = {m for k, m in enumerate(legend.token_modifiers) if bits & (1 << k)}
        decoded.append(((line, character, line, character + length), legend.token_types[type_index], modifiers))
    expected = [
        (doc.span(0, "3"), "number", set()),
        (doc.span(0, "→x"), "variable", {"declaration"}),
        (doc.span(0, "# 😀 c"), "comment", set()),
        (doc.span(1, "x"), "variable", set()),
        (doc.span(1, "√"), "function", {"defaultLibrary"}),
        (doc.span(1, "π"), "variable", {"readonly", "defaultLibrary"}),
        (doc.span(1, "dup"), "keyword", set()),
        # (the emoji is an invalid token: no semantic token, the diagnostic shows it)
        (doc.span(1, "×"), "operator", set()),
        (doc.span(2, "-2.5e3"), "number", set()),
        (doc.span(2, "->y"), "variable", {"declaration"}),
        (doc.span(2, "y", 1), "variable", set()),
    ]
    assert decoded == expected


async def test_inlay_hints_show_each_lines_result(client: LanguageClient):
    text = "3 5 + √ # 😀\nx 2 ×\n# only a comment\n7 →x\n"
    doc = Doc(client, "hints.rpn", text)
    await doc.open()
    hints = await bounded(client.text_document_inlay_hint_async(types.InlayHintParams(
        text_document=doc.identifier,
        range=types.Range(start=types.Position(line=0, character=0), end=types.Position(line=4, character=0)))))
    assert [h.label for h in hints] == ["⇒ √(3+5) = 2.8284271247461903", "⇒ x×2 = 14", "⇒ x×2 = 14"]
    # At the end of each line (after the emoji comment on line 0), padded on the left.
    assert [(h.position.line, h.position.character) for h in hints] == [
        (0, units(doc.lines[0], doc.encoding)), (1, units("x 2 ×", doc.encoding)), (3, units(doc.lines[3], doc.encoding))]
    assert all(h.padding_left for h in hints)
    # Only the lines of the range.
    hints = await bounded(client.text_document_inlay_hint_async(types.InlayHintParams(
        text_document=doc.identifier,
        range=types.Range(start=types.Position(line=1, character=0), end=types.Position(line=1, character=5)))))
    assert [h.label for h in hints] == ["⇒ x×2 = 14"]


async def test_code_actions_quick_fix_and_show_as_infix(client: LanguageClient):
    doc = Doc(client, "actions.rpn", "sqr 2 +\n# 😀\n3 5 + √\n")
    diagnostics = await doc.open()
    assert [d.code for d in diagnostics] == ["unset-variable"]
    actions = await bounded(client.text_document_code_action_async(types.CodeActionParams(
        text_document=doc.identifier,
        range=types.Range(start=doc.pos(0, 0), end=doc.pos(2, 3)),
        context=types.CodeActionContext(diagnostics=diagnostics))))
    assert [a.title for a in actions] == ["Replace 'sqr' with 'sqrt'", "Show as infix", "Evaluate: sqr+2",
                                          "Evaluate: √(3+5) = 2.83…", "Evaluate selection"]
    fix, infix = actions[:2]  # the Evaluate actions: test_lsp_calculator.py
    assert fix.kind == types.CodeActionKind.QuickFix and fix.is_preferred
    [edit] = edits_of(client, fix.edit, doc.uri)
    assert edit.new_text == "sqrt" and span(edit.range) == doc.span(0, "sqr")
    assert fix.diagnostics[0].code == "unset-variable"
    assert infix.kind == types.CodeActionKind.RefactorRewrite
    edits = edits_of(client, infix.edit, doc.uri)
    assert [(e.new_text, span(e.range)) for e in edits] == [
        (" # sqr+2", (0, 7, 0, 7)), (" # √(3+5)", (2, units("3 5 + √", doc.encoding), 2, units("3 5 + √", doc.encoding)))]


async def test_custom_requests_evaluate_and_describe(client: LanguageClient):
    doc = Doc(client, "custom.rpn", "7 M + √ # 😀\n9 →M 14 +\n")
    await doc.open()
    whole = await bounded(client.protocol.send_request_async("rpn/evaluate", {"textDocument": {"uri": doc.uri}}))
    assert list(whole.values) == [18.0]
    assert whole.description == "√(7+M)+14"
    assert whole.variables.M == 9.0
    assert list(whole.diagnostics) == []
    # Up to a position (the start of line 1, after the emoji comment), with a variable given.
    prefix = await bounded(client.protocol.send_request_async("rpn/evaluate", {
        "textDocument": {"uri": doc.uri}, "position": {"line": 1, "character": 0}, "variables": {"M": 2}}))
    assert list(prefix.values) == [3.0]
    unset = await bounded(client.protocol.send_request_async("rpn/evaluate", {
        "textDocument": {"uri": doc.uri}, "position": {"line": 1, "character": 0}}))
    assert list(unset.values) == [None]
    assert unset.diagnostics[0].code == "unset-variable"
    described = await bounded(client.protocol.send_request_async("rpn/describe", {
        "text": "3 5 + √ π cos", "ascii": True}))
    assert described.description == "sqrt(3+5),cos(pi)"
    assert list(described.diagnostics) == []
    unicode = await bounded(client.protocol.send_request_async("rpn/describe", {"text": "x 2 × 1 −"}))
    assert unicode.description == "x×2−1"
    # Diagnostics of a text are positioned in the negotiated encoding too.
    bad = await bounded(client.protocol.send_request_async("rpn/describe", {"text": "√ π 😀 1 0 ÷"}))
    codes = [(d.code, d.range.start.character, d.range.end.character) for d in bad.diagnostics]
    enc = client.rpn_encoding
    assert ("division-by-zero", units("√ π 😀 1 0 ", enc), units("√ π 😀 1 0 ÷", enc)) in codes
    assert ("unknown-token", units("√ π ", enc), units("√ π 😀", enc)) in codes
    with pytest.raises(JsonRpcException) as error:
        await bounded(client.protocol.send_request_async("rpn/evaluate", {"text": "x", "variables": {"x": "one"}}))
    assert error.value.code == -32602


def change(start: types.Position, end: types.Position, text: str):
    return types.TextDocumentContentChangePartial(range=types.Range(start=start, end=end), text=text)


async def test_incremental_edits_with_multibyte_characters(client: LanguageClient):
    text = "# 😀 c\n4 √ 0 ÷\n"
    doc = Doc(client, "edits.rpn", text)
    diagnostics = await doc.open()
    assert [(d.code, span(d.range)) for d in diagnostics] == [("division-by-zero", doc.span(1, "÷"))]

    async def edit(version: int, *changes) -> list[types.Diagnostic]:
        client.text_document_did_change(types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=doc.uri, version=version),
            content_changes=list(changes)))
        return await diagnostics_of(client, doc.uri)

    # Insert "π × " at the start of line 1 (positions computed on the old text).
    diagnostics = await edit(2, change(doc.pos(1, 0), doc.pos(1, 0), "π × "))
    doc.text = "# 😀 c\nπ × 4 √ 0 ÷\n"
    assert sorted((d.code, span(d.range)) for d in diagnostics) == sorted([
        ("missing-operand", doc.span(1, "×")),    # UTF-16 (1,2)-(1,3)
        ("division-by-zero", doc.span(1, "÷")),   # UTF-16 (1,10)-(1,11)
    ])
    # Delete "√ " (after the two-byte π and × in UTF-8, one unit each in UTF-16).
    start = doc.find(1, "√")
    diagnostics = await edit(3, change(doc.pos(1, start), doc.pos(1, start + 2), ""))
    doc.text = "# 😀 c\nπ × 4 0 ÷\n"
    assert sorted((d.code, span(d.range)) for d in diagnostics) == sorted([
        ("missing-operand", doc.span(1, "×")), ("division-by-zero", doc.span(1, "÷"))])  # ÷ at UTF-16 8
    # Delete the emoji of the comment (two UTF-16 units, four UTF-8 bytes), then put an emoji
    # token and a − into line 1, in one didChange of two changes (the second is positioned
    # on the text after the first).
    emoji = doc.find(0, "😀")
    first = change(doc.pos(0, emoji), doc.pos(0, emoji + 1), "")
    doc.text = "#  c\nπ × 4 0 ÷\n"
    second = change(doc.pos(1, 0), doc.pos(1, 4), "😀 1 − ")   # replaces "π × "
    doc.text = "#  c\n😀 1 − 4 0 ÷\n"
    diagnostics = await edit(4, first, second)
    assert sorted((d.code, span(d.range)) for d in diagnostics) == sorted([
        ("unknown-token", doc.span(1, "😀")),      # UTF-16 (1,0)-(1,2)
        ("missing-operand", doc.span(1, "−")),     # UTF-16 (1,5)-(1,6)
        ("division-by-zero", doc.span(1, "÷")),    # UTF-16 (1,11)-(1,12)
    ])
    # The server's text is exactly ours: with a double space put back in, formatting takes
    # the extra space out.
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=doc.uri, version=5),
        content_changes=[change(doc.pos(1, doc.find(1, "4")), doc.pos(1, doc.find(1, "4")), " ")]))
    await diagnostics_of(client, doc.uri)
    edits = await bounded(client.text_document_formatting_async(types.DocumentFormattingParams(
        text_document=doc.identifier, options=types.FormattingOptions(tab_size=2, insert_spaces=True))))
    assert [(e.new_text, span(e.range)) for e in edits] == [
        ("", (1, units("😀 1 − ", doc.encoding), 1, units("😀 1 −  ", doc.encoding)))]
    # The replacement of the whole text (a change without a range) is accepted too.
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=doc.uri, version=6),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text="1 0 ÷")]))
    diagnostics = await diagnostics_of(client, doc.uri)
    assert [(d.code, span(d.range)) for d in diagnostics] == [
        ("division-by-zero", (0, 4, 0, units("1 0 ÷", doc.encoding)))]


async def test_a_change_past_the_end_is_refused_until_the_whole_text_comes_back(client: LanguageClient):
    """A change at a line the text does not have: the client's text is another. The server
    refuses it (no clamping), withdraws the diagnostics, tells the user, and answers requests
    with RequestFailed saying why, until a change without a range gives it the whole text."""
    doc = Doc(client, "desync.rpn", "1 2 +\n")
    await doc.open()
    before = len(client.messages)
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=doc.uri, version=2),
        content_changes=[change(types.Position(line=9, character=9), types.Position(line=9, character=9), "0 ÷")]))
    assert await diagnostics_of(client, doc.uri) == []
    with pytest.raises(JsonRpcException) as error:
        await bounded(client.text_document_hover_async(types.HoverParams(
            text_document=doc.identifier, position=doc.pos(0, 0))))
    assert error.value.code == -32803 and "out of sync" in str(error.value) and "line 9" in str(error.value)
    # Messages arrive in order: the showMessage came before the hover's answer.
    [shown] = client.messages[before:]
    assert shown.type == types.MessageType.Error
    assert "desync.rpn is out of sync" in shown.message and "reopen" in shown.message
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=doc.uri, version=3),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text="1 2 +\n0 ÷\n")]))
    doc.text = "1 2 +\n0 ÷\n"
    assert [(d.code, span(d.range)) for d in await diagnostics_of(client, doc.uri)] == [
        ("division-by-zero", doc.span(1, "÷"))]
    hover = await bounded(client.text_document_hover_async(types.HoverParams(
        text_document=doc.identifier, position=doc.at(1, "÷"))))
    assert "(1+2)÷0" in hover.contents.value


async def test_published_version_follows_the_document(client: LanguageClient):
    doc = Doc(client, "version.rpn", "1 2 +")
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=doc.uri, language_id="rpn", version=7, text=doc.text)))
    params = await bounded(client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS))
    assert params.uri == doc.uri and params.version == 7 and list(params.diagnostics) == []
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=doc.uri, version=8),
        content_changes=[change(doc.pos(0, 5), doc.pos(0, 5), " √ −")]))
    params = await bounded(client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS))
    assert params.version == 8
    assert [d.code for d in params.diagnostics] == ["missing-operand"]


async def test_did_close_publishes_an_empty_list(client: LanguageClient):
    doc = Doc(client, "close.rpn", EXAMPLE)
    assert len(await doc.open()) == 5  # see test_diagnostics_at_the_right_columns
    client.text_document_did_close(types.DidCloseTextDocumentParams(text_document=doc.identifier))
    assert await diagnostics_of(client, doc.uri) == []
    assert list(client.diagnostics[doc.uri]) == []
    # The document is gone: requests about it fail (and the server keeps going).
    with pytest.raises(JsonRpcException) as error:
        await bounded(client.text_document_hover_async(
            types.HoverParams(text_document=doc.identifier, position=doc.pos(1, 0))))
    assert error.value.code == -32803 and "is not open" in str(error.value)


async def test_configuration_changes_formatting_inlay_hints_and_angles(client: LanguageClient):
    doc = Doc(client, "config.rpn", "3 4 × √ π →x\n90 sin\n")
    await doc.open()
    options = types.FormattingOptions(tab_size=4, insert_spaces=True)

    async def formatted():
        edits = await bounded(client.text_document_formatting_async(
            types.DocumentFormattingParams(text_document=doc.identifier, options=options)))
        return [e.new_text for e in edits]

    async def hints():
        return await bounded(client.text_document_inlay_hint_async(types.InlayHintParams(
            text_document=doc.identifier,
            range=types.Range(start=types.Position(line=0, character=0), end=types.Position(line=2, character=0)))))

    async def sine():
        result = await bounded(client.protocol.send_request_async("rpn/evaluate", {"text": "90 sin"}))
        return list(result.values)[0]

    assert await formatted() == []
    assert len(await hints()) == 2
    assert abs(await sine() - 0.8939966636005579) < 1e-12  # radians by default
    # eglot sends empty settings after initialized: nothing changes.
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings={}))
    assert await formatted() == []
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings={"rpn": {
        "formatting": {"glyphs": "ascii"}, "inlayHints": {"enabled": False}, "angleUnit": "degrees"}}))
    assert await formatted() == ["*", "sqrt", "pi", "->x"]  # the tokens that change, alone
    assert list(await hints()) == []
    assert await sine() == pytest.approx(1.0)
