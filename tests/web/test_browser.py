"""``crib-trainer serve`` in a real browser: headless Chromium opens the page, and a person's
keys go through it to the trainer.

Needs Debian's ``chromium`` (CI installs it where it can, see .ci/run); skipped without it.
``CRIB_TRAINER_SCREENSHOT=docs/served.png`` keeps a picture of the page (the README's).
"""

from __future__ import annotations

import asyncio
import os
import re
import time
from pathlib import Path

import pytest

from crib_trainer.storage.db import open_store
from crib_trainer.storage.progress import attempts
from tests.web.cdp import Chromium, find_chromium
from tests.web.conftest import PASSWORDS, start_server, stop

CHROMIUM = find_chromium()
pytestmark = [
    pytest.mark.slow,  # (a real server, a trainer per tab and Chromium: the slow checks)
    pytest.mark.skipif(
        CHROMIUM is None, reason="needs Debian's chromium (apt-get install chromium)"
    ),
]

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


@pytest.fixture
async def black_hole():
    """A proxy that takes every connection and never answers: the network as a page sees
    it where a name resolves but its host never replies. Its port."""
    held: list[asyncio.StreamWriter] = []

    async def hold(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        held.append(writer)

    server = await asyncio.start_server(hold, "127.0.0.1", 0)
    yield server.sockets[0].getsockname()[1]
    for writer in held:
        writer.close()
    server.close()


async def test_the_page_draws_with_the_network_cut_and_asks_nothing_of_it(served, black_hole):
    """Every address but this machine's goes to a proxy that never answers (Chromium sends
    loopback addresses past a proxy): the page draws all the same, and every request it
    makes is to the server, with nothing the page's own policy had to block."""
    options = (f"--proxy-server=http://127.0.0.1:{black_hole}",)
    async with Chromium(CHROMIUM, options=options) as browser:
        page = await browser.new_page()
        await page.send("Network.enable")
        await page.send("Log.enable")
        await page.open(served)
        await page.wait_for_text(HOME, timeout=15)
        assert await page.evaluate("document.title") == "crib-trainer"
        assert await page.evaluate("""document.fonts.check("16px 'Roboto Mono'")""")
        requests = [p["request"]["url"] for m, p in page.events if m == "Network.requestWillBeSent"]
        assert requests and all(url.startswith(served) for url in requests), requests
        blocked = [p["entry"]["text"] for m, p in page.events if m == "Log.entryAdded"]
        assert not [text for text in blocked if "Content Security Policy" in text], blocked


async def test_a_tab_beyond_the_cap_gets_a_page_that_says_so():
    server, address = start_server("--max-sessions", "1")
    try:
        async with Chromium(CHROMIUM) as browser:
            first = await browser.new_page()
            await first.open(address)
            await first.wait_for_text(HOME)
            second = await browser.new_page()
            await second.open(address)
            text = await until_text(second, "The trainer is full")
            assert "1 tab is open, the most this server takes at once (1)" in text
    finally:
        stop(server)


async def until_text(page, words: str, timeout: float = 15) -> str:
    """Wait until the page's own text (not its terminal's) holds ``words``; the text."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if words in (text := await page.text()):
            return text
        await asyncio.sleep(0.05)
    raise TimeoutError(f"{words!r} not on the page after {timeout} s: {await page.text()}")


async def test_a_tap_on_a_card_picks_it_on_a_phone(served):
    """390 px wide, touched: the text is 12 px (54 columns), and a tap on a dealt card in
    the discard drill picks it as its number key does."""
    async with Chromium(CHROMIUM, 390, 844, mobile=True) as browser:
        page = await browser.new_page()
        await page.open(served)
        await page.wait_for_text(HOME)
        size = await page.evaluate("[window.trainerTerminal.options.fontSize, innerWidth]")
        assert [int(size[0]), size[1]] == [12, 390]
        await page.press("4")
        screen = await page.wait_for_text("throw two cards")
        lines = screen.splitlines()
        numbers = next(i for i, line in enumerate(lines) if re.match(r"\s+1\s+2\s+3", line))
        assert lines[numbers - 4].count("╭────╮") == 6  # six cards dealt, none picked
        for picked, n in enumerate((1, 6), start=1):  # the middle of each card's face
            x, y = await page.cell(numbers - 2, lines[numbers].index(str(n)))
            await page.tap(x, y)
            end = time.monotonic() + 10
            while (await page.screen()).count("┏━━━━┓") < picked and time.monotonic() < end:
                await asyncio.sleep(0.05)
        top = (await page.screen()).splitlines()[numbers - 4]
        assert top.split() == ["┏━━━━┓", *["╭────╮"] * 4, "┏━━━━┓"], top
        await page.press("enter")
        await page.wait_for_text(" you ")


async def sign_in(page, address: str, name: str, password: str) -> None:
    """Fill in the sign-in form and send it, as a person would."""
    await page.open(address)
    await until_text(page, "sign in")
    await page.evaluate(
        f"document.querySelector('input[name=name]').value = {name!r};"
        f"document.querySelector('input[name=password]').value = {password!r};"
        "document.querySelector('button[type=submit]').click()"
    )


async def test_two_members_at_once_each_see_only_their_own_progress(club):
    server, address = start_server("--users", str(club))
    try:
        async with Chromium(CHROMIUM) as browser:
            alice = await browser.new_page(await browser.new_context())
            bob = await browser.new_page(await browser.new_context())

            async def alice_answers() -> None:
                await sign_in(alice, address, "alice", PASSWORDS["alice"])
                await alice.wait_for_text(HOME)
                await alice.press("1")
                await alice.wait_for_text("Your count")
                await alice.type("7")
                await alice.press("enter")
                await alice.wait_for_text("✓ Right: 7.", "✗ You said 7;")

            async def bob_is_refused() -> None:  # (the refusal's wait while alice answers)
                await sign_in(bob, address, "bob", PASSWORDS["alice"])
                await until_text(bob, "Wrong name or password.")

            await asyncio.gather(alice_answers(), bob_is_refused())
            await sign_in(bob, address, "bob", PASSWORDS["bob"])
            await bob.wait_for_text("Nothing answered yet")  # bob's history has not ...
            await alice.press("escape")
            await alice.wait_for_text("1 answered today")  # ... alice's has
    finally:
        stop(server)
