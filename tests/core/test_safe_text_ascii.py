""":func:`shown` checks ASCII text bytewise before its pattern: the same result either way."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from crib_trainer.core.safe_text import _UNSAFE, _UNSAFE_ONE_LINE, _escape, shown

ascii_text = st.text(st.characters(max_codepoint=0x7F))
any_text = st.text(st.characters(max_codepoint=0x3000, blacklist_categories=()))


@given(st.one_of(ascii_text, any_text), st.booleans())
def test_shown_is_the_pattern_escaping(text, lines):
    pattern = _UNSAFE if lines else _UNSAFE_ONE_LINE
    assert shown(text, lines=lines) == pattern.sub(_escape, text)


def test_every_ascii_control_is_escaped():
    for code in [*range(32), 127]:
        char = chr(code)
        kept = char in "\n\t"
        assert shown(f"a{char}b", lines=True) == ("a" + char + "b" if kept else f"a\\u{code:04x}b")
        assert shown(f"a{char}b") == f"a\\u{code:04x}b"
