"""Text the server must never corrupt, end to end over stdio with pytest-lsp, once per real
client profile (Neovim 0.7, Emacs 29/eglot, VS Code 1.65; see test_lsp_clients.py).

Every edit the server returns is applied here the way a client applies it (`apply`, positions
counted in the negotiated encoding with Python's own codecs) and the resulting text is
compared with the one worked out by hand. Markdown is rendered with markdown-it-py (CommonMark)
and must read exactly as the text means.
"""

from __future__ import annotations

import html
import re

import pytest
from lsprotocol import types
from markdown_it import MarkdownIt
from pygls.exceptions import JsonRpcException
from pytest_lsp import LanguageClient

from test_lsp_clients import Doc, bounded, client, edits_of, units  # noqa: F401  (client is the fixture)

pytestmark = [pytest.mark.asyncio, pytest.mark.filterwarnings("error")]


def line_starts(text: str) -> list[int]:
    """String indices where lines start: after \\n, \\r\\n or a lone \\r (as LSP counts lines)."""
    starts = [0]
    i = 0
    while i < len(text):
        if text[i] == "\r" and text[i + 1:i + 2] == "\n":
            i += 1
        if text[i] in "\r\n":
            starts.append(i + 1)
        i += 1
    return starts


def index_of(text: str, position: types.Position, encoding: str) -> int:
    """The string index of an LSP position; fails when it is not exactly on a character."""
    starts = line_starts(text)
    assert position.line < len(starts), position
    i = starts[position.line]
    counted = 0
    while counted < position.character:
        assert i < len(text) and text[i] not in "\r\n", (position, text)
        counted += units(text[i], encoding)
        i += 1
    assert counted == position.character, (position, text)
    return i


def apply(text: str, edits, encoding: str) -> str:
    """TextEdits applied as a client applies them: all positions on the original text; the
    edits must not overlap."""
    spans = sorted((index_of(text, e.range.start, encoding), index_of(text, e.range.end, encoding), e.new_text)
                   for e in edits)
    for (_, end, _), (start, _, _) in zip(spans, spans[1:]):
        assert end <= start, f"overlapping edits: {edits}"
    for start, end, new_text in reversed(spans):
        text = text[:start] + new_text + text[end:]
    return text


# --- Completion -------------------------------------------------------------------------------

STORES = "1 →M 2 →N 3 →𝑥y\n"  # 𝑥 is an astral letter: two UTF-16 units, four UTF-8 bytes
AFTER = " 7 +"

# (the line up to the cursor, the item chosen, that line once the item is applied): by hand.
COMPLETIONS = [
    ("2 ->", "M", "2 ->M"),
    ("2 →", "N", "2 →N"),
    ("2 -", "->M", "2 ->M"),
    ("√ π 😀 2 ->", "𝑥y", "√ π 😀 2 ->𝑥y"),
    ("√ π 😀 2 →𝑥", "𝑥y", "√ π 😀 2 →𝑥y"),
    ("√ π 😀 sq", "√", "√ π 😀 √"),
    ("√ π 😀 sq", "sqrt", "√ π 😀 sqrt"),
    ("3 4+sq", "sqrt", "3 4+sqrt"),
    ("√π𝑥y ", "→M", "√π𝑥y →M"),
]


async def completion_items(client: LanguageClient, doc: Doc, position: types.Position):
    result = await bounded(client.text_document_completion_async(
        types.CompletionParams(text_document=doc.identifier, position=position)))
    return list(result.items) if isinstance(result, types.CompletionList) else list(result or [])


async def test_completion_edits_exactly_what_is_typed(client: LanguageClient):
    for n, (typed, label, expected) in enumerate(COMPLETIONS):
        doc = Doc(client, f"complete{n}.rpn", STORES + typed + AFTER + "\n")
        await doc.open()
        cursor = doc.pos(1, len(typed))
        items = await completion_items(client, doc, cursor)
        assert items, typed
        # Every item edits, all over the same range, which ends at the cursor.
        ranges = {(e.range.start.line, e.range.start.character, e.range.end.line, e.range.end.character)
                  for e in (item.text_edit for item in items)}
        assert all(isinstance(item.text_edit, types.TextEdit) for item in items), typed
        assert len(ranges) == 1 and next(iter(ranges))[2:] == (1, cursor.character), (typed, ranges)
        chosen = next((item for item in items if item.label == label), None)
        assert chosen is not None, f"{label} not offered after {typed!r}: {[i.label for i in items]}"
        assert apply(doc.text, [chosen.text_edit], doc.encoding) == STORES + expected + AFTER + "\n"


# (typed, the words offered and shown): glyphs under the letter spelling being typed.
WORDS = [("pi", {"pi", "π", "pick"}), ("ch", {"chs", "±"}), ("ne", {"neg", "±", "next", "nextprime"}), ("sq", {"sqrt", "√", "sq"}),
         ("E", {"else", "exact", "exp", "exp10"})]


async def test_filter_text_is_what_is_typed(client: LanguageClient):
    for n, (typed, expected) in enumerate(WORDS):
        doc = Doc(client, f"filter{n}.rpn", "1 " + typed)
        await doc.open()
        items = await completion_items(client, doc, doc.pos(0, len(doc.text)))
        assert {item.label for item in items} == expected, typed
        for item in items:
            # What eglot and VS Code match the typed text against, and what is inserted.
            assert (item.filter_text or item.label).lower().startswith(typed.lower()), item
            assert item.text_edit.new_text == item.label


async def test_no_completion_in_comments_or_of_the_word_being_typed(client: LanguageClient):
    doc = Doc(client, "comment.rpn", "3 # sqr 2 ->\n2 sqr")
    await doc.open()
    for index in (len("3 # sqr"), len("3 # sqr 2 ->")):
        assert await completion_items(client, doc, doc.pos(0, index)) == []
    labels = {item.label for item in await completion_items(client, doc, doc.pos(1, 5))}
    assert labels == {"sqrt", "√"}, "sqr is no variable: it is being typed"


# --- Rename and navigation ----------------------------------------------------------------------

async def test_rename_refuses_to_merge_two_variables(client: LanguageClient):
    doc = Doc(client, "merge.rpn", "2 →M 3 →N M N +\n")
    await doc.open()
    for new_name, why in [("N", "already"), ("sin", "built-in"), ("SIN", "built-in"), ("e", "built-in"),
                          ("π", "built-in"), ("3x", "not a variable name")]:
        with pytest.raises(JsonRpcException) as error:
            await bounded(client.text_document_rename_async(types.RenameParams(
                text_document=doc.identifier, position=doc.at(0, "M"), new_name=new_name)))
        assert error.value.code == -32803, new_name
        assert why in str(error.value) and f"'{new_name}'" in str(error.value), str(error.value)
    # E is a variable (constants are case-sensitive): the rename is made.
    edit = await bounded(client.text_document_rename_async(types.RenameParams(
        text_document=doc.identifier, position=doc.at(0, "M"), new_name="E")))
    assert apply(doc.text, edits_of(client, edit, doc.uri), doc.encoding) == "2 →E 3 →N E N +\n"


async def test_navigation_from_the_end_of_a_name(client: LanguageClient):
    doc = Doc(client, "end.rpn", "π 1 →𝑥y 𝑥y+ 𝑥y\n")
    await doc.open()
    after = doc.pos(0, doc.find(0, "+"))  # the cursor after 𝑥y, on the +
    prepared = await bounded(client.text_document_prepare_rename_async(
        types.PrepareRenameParams(text_document=doc.identifier, position=after)))
    assert prepared.placeholder == "𝑥y"
    definitions = await bounded(client.text_document_definition_async(
        types.DefinitionParams(text_document=doc.identifier, position=after)))
    assert [(d.range.start.character, d.range.end.character) for d in definitions] == \
        [doc.span(0, "𝑥y")[1::2]]
    highlights = await bounded(client.text_document_document_highlight_async(
        types.DocumentHighlightParams(text_document=doc.identifier, position=after)))
    assert len(highlights) == 3
    edit = await bounded(client.text_document_rename_async(types.RenameParams(
        text_document=doc.identifier, position=after, new_name="z")))
    assert apply(doc.text, edits_of(client, edit, doc.uri), doc.encoding) == "π 1 →z z+ z\n"


# --- Hover --------------------------------------------------------------------------------------

def rendered(markdown: str) -> str:
    """What a CommonMark renderer shows: the HTML's text, one line per line."""
    page = MarkdownIt("commonmark").render(markdown)
    assert "<em>" not in page and "<h" not in page and "<li>" not in page and "<a " not in page, page
    text = re.sub(r"<br />\n?", "\n", page)
    text = re.sub(r"</p>\n?", "\n", text)
    return html.unescape(re.sub(r"<[^>]+>", "", text)).strip()


# (document, the token and which of its occurrences, what the hover reads): by hand.
HOVERS = [
    ("2 3 *", "*", 0, "* ( a b -- a×b )\nMultiplies the top two values.\n2×3 = 6"),
    ("1 →_a_b_ _a_b_", "→_a_b_", 0, "→_a_b_ stores the top of the stack into _a_b_; finally _a_b_ = 1"),
    ("1 →_a_b_ _a_b_", "_a_b_", 1, "_a_b_ = 1"),
    ("2 3 ^", "^", 0, "^ ( a b -- a^b )\nRaises a to the power b (right-associative).\n2^3 = 8"),
]


async def test_hover_markdown_reads_as_written(client: LanguageClient):
    for n, (text, token, nth, expected) in enumerate(HOVERS):
        doc = Doc(client, f"markdown{n}.rpn", text)
        await doc.open()
        hover = await bounded(client.text_document_hover_async(
            types.HoverParams(text_document=doc.identifier, position=doc.at(0, token, nth))))
        assert hover.contents.kind == types.MarkupKind.Markdown  # all three profiles offer it first
        assert rendered(hover.contents.value) == expected, hover.contents.value


async def test_hover_on_an_invalid_token_says_what_is_wrong(client: LanguageClient):
    # Unknown tokens hold whatever the document has between delimiters: markup characters too
    # (& ~ | ! are operators since issue 9, < > = since issue 10, so they end a token).
    for n, token in enumerate(["😀", "`x`_[a](b)\\", "$_b_", "``", "$\\_b_"]):
        doc = Doc(client, f"invalid{n}.rpn", f"2 {token} +")
        diagnostics = await doc.open()
        hover = await bounded(client.text_document_hover_async(
            types.HoverParams(text_document=doc.identifier, position=doc.at(0, token))))
        message = next(d.message for d in diagnostics if d.code == "unknown-token")
        assert message == f"unknown token '{token}'"
        assert rendered(hover.contents.value) == message, hover.contents.value


# --- Formatting ---------------------------------------------------------------------------------

async def test_formatting_keeps_line_endings_and_honours_the_options(client: LanguageClient):
    text = "3   4+\r\n# 😀 keep  \r\n5×  √\r1  2"
    doc = Doc(client, "endings.rpn", text)
    await doc.open()

    async def formatted(**options):
        edits = await bounded(client.text_document_formatting_async(types.DocumentFormattingParams(
            text_document=doc.identifier, options=types.FormattingOptions(tab_size=4, insert_spaces=True, **options))))
        return edits, apply(text, edits, doc.encoding)

    edits, result = await formatted()
    assert result == "3 4 +\r\n# 😀 keep  \r\n5 × √\r1 2"
    assert len(edits) == 5, "one edit per run of blanks that changes"
    _, result = await formatted(trim_trailing_whitespace=True, insert_final_newline=True)
    assert result == "3 4 +\r\n# 😀 keep\r\n5 × √\r1 2\r"
    ending = Doc(client, "final.rpn", "1  2\n\n\n")
    await ending.open()
    edits = await bounded(client.text_document_formatting_async(types.DocumentFormattingParams(
        text_document=ending.identifier,
        options=types.FormattingOptions(tab_size=4, insert_spaces=True, trim_final_newlines=True))))
    assert apply(ending.text, edits, ending.encoding) == "1 2\n"


# A definition, its if parts and loop, and a block left open at the end (0-based lines):
#   1: the body one level in (2 spaces by default), 2 and 3 over-indented with spaces and a tab
#   4: a comment line indented as code, its text kept; 5: else level with its if
#   9: `;` level with its `:`; 10: an if the text never closes: the lines after it keep theirs
LAYOUT = ("# 😀 layout\n"
          ": alternating ( n -- s )   # odd k  added\n"
          "0\n"
          "      n 1 -1 for k\n"
          "\tk 2 mod 1 = if  k +\n"
          "# 😀  even k\n"
          " else\n"
          "k -\n"
          "then\n"
          "   step\n"
          "  ;\n"
          "5 alternating 0 > if\n"
          "      7   8\n")
LAID_OUT = ("# 😀 layout\n"
            ": alternating ( n -- s ) # odd k  added\n"
            "  0\n"
            "  n 1 -1 for k\n"
            "    k 2 mod 1 = if k +\n"
            "      # 😀  even k\n"
            "    else\n"
            "      k -\n"
            "    then\n"
            "  step\n"
            ";\n"
            "5 alternating 0 > if\n"
            "      7 8\n")


async def test_formatting_indents_by_the_structure_with_edits_of_blanks_alone(client: LanguageClient):
    doc = Doc(client, "layout.rpn", LAYOUT)
    await doc.open()
    options = types.FormattingOptions(tab_size=8, insert_spaces=False)  # neither matters

    async def formatted(text: str):
        return await bounded(client.text_document_formatting_async(types.DocumentFormattingParams(
            text_document=doc.identifier, options=options)))

    edits = await formatted(LAYOUT)
    assert apply(LAYOUT, edits, doc.encoding) == LAID_OUT
    # Only blanks are replaced, by blanks: every token stays where the client's cursor is.
    for edit in edits:
        start, end = index_of(LAYOUT, edit.range.start, doc.encoding), index_of(LAYOUT, edit.range.end, doc.encoding)
        assert LAYOUT[start:end].strip(" \t") == "" and edit.new_text.strip(" ") == "", edit
    # Formatting twice is formatting once: the laid-out text gets no edits.
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=doc.uri, version=2),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=LAID_OUT)]))
    assert list(await formatted(LAID_OUT)) == []
    # The width is the `formatting.indentWidth` setting's.
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(
        settings={"rpn": {"formatting": {"indentWidth": 4}}}))
    wide = apply(LAID_OUT, await formatted(LAID_OUT), doc.encoding).split("\n")
    assert wide[2:11] == ["    0", "    n 1 -1 for k", "        k 2 mod 1 = if k +", "            # 😀  even k",
                          "        else", "            k -", "        then", "    step", ";"]
    # Range formatting, where offered, indents the lines of the range by the whole document.
    if client.rpn_capabilities.document_range_formatting_provider:
        edits = await bounded(client.text_document_range_formatting_async(types.DocumentRangeFormattingParams(
            text_document=doc.identifier, options=options,
            range=types.Range(start=doc.pos(6, 0), end=doc.pos(7, 0)))))
        assert apply(LAID_OUT, edits, doc.encoding).split("\n")[5:8] == ["      # 😀  even k", "        else", "      k -"]


# --- rpn/evaluate -------------------------------------------------------------------------------

async def test_evaluate_checks_its_variables(client: LanguageClient):
    for variables, name in [({"3x": 1}, "'3x'"), ({"sin": 1}, "'sin'"), ({"": 1}, "''"),
                            ({"x": 10 ** 400}, "'x'")]:  # a JSON number too big for a double
        for method in ["rpn/evaluate", "rpn/describe"]:
            with pytest.raises(JsonRpcException) as error:
                await bounded(client.protocol.send_request_async(method, {"text": "x", "variables": variables}))
            assert error.value.code == -32602 and name in str(error.value), str(error.value)
    result = await bounded(client.protocol.send_request_async("rpn/evaluate", {
        "text": "x E +", "variables": {"x": 1, "E": 2}}))
    assert list(result.values) == [3.0]
