"""The trainer's two themes, Textual's dark and light with the colours that carry text
changed so every text meets WCAG AA (a contrast of 4.5:1) on the backgrounds it sits on:
headings ($accent), red cards ($error, also on a lit or picked card), verdicts ($success,
$warning, $error), the footer's keys (tests/ui/test_contrast.py reads them all).

>>> round(contrast("#FFFFFF", "#000000"), 1), round(contrast("#777777", "#FFFFFF"), 2)
(21.0, 4.48)
"""

from __future__ import annotations

from dataclasses import replace

from textual.color import Color
from textual.theme import BUILTIN_THEMES, Theme

DARK: Theme = replace(BUILTIN_THEMES["textual-dark"], name="crib-dark", error="#FF8FA3")
LIGHT: Theme = replace(
    BUILTIN_THEMES["textual-light"],
    name="crib-light",
    primary="#004578",
    accent="#8A5200",
    warning="#8A5200",
    error="#8E1B36",
    success="#1B6B34",
    variables={**BUILTIN_THEMES["textual-light"].variables, "footer-key-foreground": "#004578"},
)
THEMES = (DARK, LIGHT)


def contrast(a: str | Color, b: str | Color) -> float:
    """The WCAG contrast ratio of two opaque colours, 1 to 21."""

    def luminance(color: Color) -> float:
        def channel(v: int) -> float:
            s = v / 255
            return s / 12.92 if s <= 0.03928 else ((s + 0.055) / 1.055) ** 2.4

        return 0.2126 * channel(color.r) + 0.7152 * channel(color.g) + 0.0722 * channel(color.b)

    la, lb = sorted((luminance(Color.parse(a)), luminance(Color.parse(b))), reverse=True)
    return (la + 0.05) / (lb + 0.05)
