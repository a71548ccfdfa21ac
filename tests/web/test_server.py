"""The served trainer without a browser: the page, its socket, and who may use them."""

from __future__ import annotations

import re

import aiohttp
import pytest

from crib_trainer.storage.paths import database_path

#: Escape sequences, to read the terminal's output as text.
ESCAPES = re.compile(r"\x1b(\[[0-9;?<>=]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[()][0-9A-B]|.)")


async def test_the_page_points_its_socket_at_the_address_the_browser_used(served):
    port = served.rsplit(":", 1)[1].strip("/")
    async with aiohttp.ClientSession() as http:
        async with http.get(served) as page:
            assert page.status == 200
            assert f'data-session-websocket-url="ws://localhost:{port}/ws"' in await page.text()
        by_address = {"Host": f"127.0.0.1:{port}"}
        async with http.get(served, headers=by_address) as page:
            assert f'"ws://127.0.0.1:{port}/ws"' in await page.text()


async def test_the_socket_runs_the_trainer_on_the_servers_history(served):
    """What the page's socket starts: the trainer, in the environment of the server, so
    the history of the user who serves it (here the test's CRIB_TRAINER_HOME)."""
    assert not database_path().exists()
    url = served.replace("http:", "ws:") + "ws?width=80&height=24"
    origin = {"Origin": served.rstrip("/")}
    screen = ""
    async with aiohttp.ClientSession() as http, http.ws_connect(url, headers=origin) as socket:
        async for message in socket:
            if message.type == aiohttp.WSMsgType.BINARY:
                screen += ESCAPES.sub("", message.data.decode("utf-8", "replace"))
            if "Drills and tools" in screen and "Nothing answered yet" in screen:
                break
    assert database_path().is_file()  # the trainer opened (made) that history


@pytest.mark.parametrize(
    ("headers", "why"),
    [
        ({"Host": "evil.example"}, "served on this machine only: open it as localhost"),
        ({"Origin": "http://evil.example"}, "a page from another site may not use the trainer"),
    ],
)
async def test_other_sites_are_refused(served, headers, why):
    async with aiohttp.ClientSession() as http:
        for path in ("", "ws"):
            async with http.get(served + path, headers=headers) as response:
                assert (response.status, await response.text()) == (403, why)
    assert not database_path().exists()  # no trainer started
