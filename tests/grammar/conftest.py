"""Fixtures of the grammar tests; the helpers are in rpn_grammar_support.py."""

import pytest

from rpn_grammar_support import TextMateTokenizer


@pytest.fixture(scope="session")
def tm_tokens() -> TextMateTokenizer:
    return TextMateTokenizer()
