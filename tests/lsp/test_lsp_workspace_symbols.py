"""`workspace/symbol` end to end over stdio with pytest-lsp, once per real client profile (see
test_lsp_clients.py, whose clients open the workspace ROOT): the words defined and the
variables stored in the workspace's `*.rpn` files on disk, and in the open documents as the
client has them.
"""

from __future__ import annotations

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from test_lsp_clients import ROOT, Doc, bounded, client, span, units  # noqa: F401

pytestmark = [pytest.mark.asyncio, pytest.mark.filterwarnings("error")]


async def test_words_and_stores_of_the_workspace_files(client: LanguageClient):
    here = ROOT / f"symbols-{client.rpn_profile.replace('@', '-')}" / "lib"
    here.mkdir(parents=True, exist_ok=True)
    (here / "zq.rpn").write_text("# π\n: zqhyp ( a b -- c ) a 2 ^ b 2 ^ + √ ;\n9.81 →zqg 1 →zqg\n")
    (here / "zq.txt").write_text(": zqnot 1 ;\n")
    found = await bounded(client.workspace_symbol_async(types.WorkspaceSymbolParams(query="ZQ")))
    mine = sorted((s.name, s.kind, s.location.uri, span(s.location.range)) for s in found
                  if s.location.uri.startswith(here.as_uri()))
    arrow = units("→", client.rpn_encoding)
    assert mine == [
        ("zqg", types.SymbolKind.Variable, (here / "zq.rpn").as_uri(), (2, 5 + arrow, 2, 8 + arrow)),
        ("zqhyp", types.SymbolKind.Function, (here / "zq.rpn").as_uri(), (1, 2, 1, 7)),
    ]
    # Open in the editor with other text: the client's text is searched, not the disk's.
    doc = Doc(client, f"{here.parent.name}/lib/zq.rpn", ": zqother 1 ;\n")
    await doc.open()
    found = await bounded(client.workspace_symbol_async(types.WorkspaceSymbolParams(query="zqo")))
    assert [(s.name, s.location.uri) for s in found if s.location.uri.startswith(here.as_uri())] == [("zqother", doc.uri)]
