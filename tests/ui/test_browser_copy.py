"""Copying when the trainer is served to a browser: the browser's clipboard, not the
server machine's (the real browser is in tests/web/test_browser.py)."""

from __future__ import annotations

import pyperclip
import pytest

from crib_trainer.ui.app import BROWSER_COPY, CribTrainerApp
from tests.ui.test_judge_flow import SIZE, fill, open_judge


async def test_copy_in_a_browser_goes_through_the_page(app, monkeypatch):
    monkeypatch.setattr(CribTrainerApp, "is_web", property(lambda self: True))
    monkeypatch.setattr(pyperclip, "copy", lambda text: pytest.fail("copied on the server"))
    sent: list[str] = []
    monkeypatch.setattr(app, "copy_to_clipboard", sent.append)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_judge(pilot)
        await fill(pilot, screen, "5h 5c 5s jd", "5d", "28")
        await pilot.press("enter", "ctrl+y")
        await pilot.pause()
        assert sent == [screen.verdict_text]
        assert sent[0].startswith("Claimed 28, but the hand is worth 29")
        assert [n.message for n in app._notifications][-1] == BROWSER_COPY
