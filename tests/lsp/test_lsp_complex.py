"""Complex values in the real `rpn lsp` (issue 18), with pytest-lsp once per real client profile
(see test_lsp_clients.py): a hover on a complex result, the `complex` setting (`-4 √` is an
error without it, 2i with it), the `polar` setting, and `rpn/evaluate`'s `{"re", "im"}`.
Expected values by hand: 3+4i has modulus 5 and argument atan2(4, 3) (Python's math.atan2).
"""

from __future__ import annotations

import math

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from test_lsp_clients import Doc, bounded, client, diagnostics_of, hover_text  # noqa: F401 (the fixture)

pytestmark = [pytest.mark.asyncio, pytest.mark.filterwarnings("error")]

TEXT = "3 4i +\n-4 √\n"


async def hints(client: LanguageClient, doc: Doc) -> list[str]:
    found = await bounded(client.text_document_inlay_hint_async(types.InlayHintParams(
        text_document=doc.identifier,
        range=types.Range(start=types.Position(line=0, character=0), end=types.Position(line=3, character=0)))))
    return [hint.label for hint in found]


def configure(client: LanguageClient, settings: dict):
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings={"rpn": settings}))


async def test_hover_on_a_complex_result(client: LanguageClient):
    doc = Doc(client, "complex-hover.rpn", TEXT)
    await doc.open()
    plus = await hover_text(client, doc, doc.at(0, "+"))
    assert "= 3+4i" in plus
    literal = await hover_text(client, doc, doc.at(0, "4i"))
    assert "imaginary" in literal
    configure(client, {"polar": True})
    assert repr(math.atan2(4, 3)) == "0.9272952180016122"
    assert "= 5∠0.9272952180016122" in await hover_text(client, doc, doc.at(0, "+"))
    configure(client, {"angleUnit": "degrees"})
    assert repr(math.degrees(math.atan2(4, 3))) == "53.13010235415598"
    assert "= 5∠53.13010235415598°" in await hover_text(client, doc, doc.at(0, "+"))


async def test_the_complex_setting(client: LanguageClient):
    doc = Doc(client, "complex-setting.rpn", TEXT)
    diagnostics = await doc.open()
    assert [d.code for d in diagnostics] == ["sqrt-of-negative"]
    configure(client, {"complex": True})
    assert await diagnostics_of(client, doc.uri) == []
    assert await hints(client, doc) == ["⇒ 3+4i = 3+4i", "⇒ √(−4) = 2i"]
    evaluated = await bounded(client.protocol.send_request_async("rpn/evaluate", {"textDocument": {"uri": doc.uri}}))
    assert [(v.re, v.im) for v in evaluated.values] == [(3, 4), (0, 2)]
    assert list(evaluated.exact) == ["3+4i", "2i"]
    configure(client, {"complex": False})
    assert [d.code for d in await diagnostics_of(client, doc.uri)] == ["sqrt-of-negative"]
