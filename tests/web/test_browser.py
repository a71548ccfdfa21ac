"""``crib-trainer serve`` in a real browser: headless Chromium opens the page, and a person's
keys go through it to the trainer.

Needs Debian's ``chromium`` (CI installs it where it can, see .ci/run); skipped without it.
``CRIB_TRAINER_SCREENSHOT=docs/served.png`` keeps a picture of the page (the README's).
"""

from __future__ import annotations

import asyncio
import os
import re
from pathlib import Path

import pytest

from crib_trainer.storage.db import open_store
from crib_trainer.storage.progress import attempts
from tests.web.cdp import Chromium, find_chromium

CHROMIUM = find_chromium()
pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="needs Debian's chromium (apt-get install chromium)"
)

HOME = "Drills and tools"
VERDICT = re.compile(r"✓ Right: 7\.|✗ You said 7; it is \d+")


async def test_count_a_hand_in_the_browser_and_see_it_in_another_tab(served):
    async with Chromium(CHROMIUM) as browser:
        page = await browser.new_page()
        await page.open(served)
        await page.wait_for_text(HOME)
        await page.press("1")
        await page.wait_for_text("Your count")
        await page.type("7")
        await page.press("enter")
        screen = await page.wait_for_text("✓ Right: 7.", "✗ You said 7;")
        assert VERDICT.search(screen), screen
        if shot := os.environ.get("CRIB_TRAINER_SCREENSHOT"):
            await page.screenshot(Path(shot))
        # The answer is in the history of the user who serves the page ...
        with open_store() as store:
            [answer] = attempts(store)
        assert answer.kind == "count-hand" and answer.answer == {"total": 7}
        # ... and a second tab, its own trainer, starts from that history.
        other = await browser.new_page()
        await other.open(served)
        await other.wait_for_text("1 answered today")
        await page.press("n")  # the first tab carries on by itself
        await page.wait_for_text("A fresh hand", "Your count")


async def test_copy_the_verdict_to_the_browsers_clipboard(served):
    async with Chromium(CHROMIUM) as browser:
        page = await browser.new_page()
        await page.open(served)
        await page.wait_for_text(HOME)
        await page.press("7")
        await page.wait_for_text("Claimed")
        await page.type("5h 5c 5s jd")
        await page.wait_for_text("give the starter card")  # (checked as it is typed)
        await page.press("tab")
        await asyncio.sleep(0.5)  # (the focus moves before the next key, even under load)
        await page.type("5d")
        await page.wait_for_text("now the claimed score")
        await page.press("tab")
        await asyncio.sleep(0.5)  # (the focus moves before the next key, even under load)
        await page.type("28")
        await page.press("enter")
        await page.wait_for_text("Claimed 28, but the hand is worth 29")
        await page.press("ctrl+y")
        await page.wait_for_text("Sent to your browser's clipboard")
        copied = await page.clipboard()
        assert copied.startswith("Claimed 28, but the hand is worth 29: 1 missed."), copied
