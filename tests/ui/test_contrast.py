"""Every text colour meets WCAG AA (4.5:1) on what it sits on, in both themes (issue 15.7).

The colours are read from the themes the trainer registers; the pairs are the ones the
stylesheet and the screens use for text."""

from __future__ import annotations

import pytest
from textual.color import Color, ColorParseError
from textual.constants import DIM_FACTOR

from crib_trainer.ui.themes import contrast

AA = 4.5


def pairs(v: dict[str, str]) -> dict[str, tuple[Color, Color]]:
    """Text colour and background for each use, with translucent layers blended."""
    c = {}
    for name, value in v.items():
        try:
            c[name] = Color.parse(value)
        except ColorParseError:  # ("auto 60%", styles such as "bold"): not a plain colour
            continue
    bg, surface = c["background"], c["surface"]
    lit = bg.blend(c["accent"], 0.25)  # CardView.lit: background $accent 25%
    picked = bg.blend(c["warning"], 0.20)  # CardView.picked: background $warning 20%
    muted = bg.blend(bg.get_contrast_text(), 0.6)  # $text-muted is auto 60%
    dim = bg.blend(c["foreground"], DIM_FACTOR)  # [dim] text
    footer = c["footer-background"]
    out = {
        "text": (c["foreground"], bg),
        "text on a panel": (c["foreground"], surface),
        "heading ($accent)": (c["accent"], bg),
        "muted text": (muted, bg),
        "dim text": (dim, bg),
        "footer key": (c["footer-key-foreground"], footer),
        "footer words": (c["footer-description-foreground"], footer),
    }
    for name, back in (("", bg), (" on a lit card", lit), (" on a picked card", picked)):
        out[f"red card{name}"] = (c["error"], back)
        out[f"black card{name}"] = (c["foreground"], back)
    for verdict in ("success", "warning", "error"):
        out[f"verdict (${verdict})"] = (c[verdict], bg)
    return out


@pytest.mark.parametrize("theme_name", ["crib-dark", "crib-light"])
async def test_every_text_colour_meets_aa(app, theme_name):
    async with app.run_test(size=(80, 24)) as pilot:
        app.theme = theme_name
        await pilot.pause()
        variables = app.theme_variables
        low = {
            use: round(contrast(fg, back), 2)
            for use, (fg, back) in pairs(variables).items()
            if contrast(fg, back) < AA
        }
        assert not low, f"{theme_name}: {low}"


async def test_ctrl_t_switches_between_the_two_themes(app):
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.theme == "crib-dark"
        await pilot.press("ctrl+t")
        assert app.theme == "crib-light"
