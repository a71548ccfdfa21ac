"""The served trainer without a browser: the page, its socket, and who may use them."""

from __future__ import annotations

import asyncio
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import aiohttp
import pytest

from crib_trainer.storage.paths import database_path
from crib_trainer.ui import web
from tests.web.conftest import start_server

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


async def open_tab(http: aiohttp.ClientSession, address: str) -> aiohttp.ClientWebSocketResponse:
    """Open the page's socket as the page does, and read until the home screen is drawn."""
    url = address.replace("http:", "ws:") + "ws?width=80&height=24"
    socket = await http.ws_connect(url, headers={"Origin": address.rstrip("/")})
    screen = ""
    async for message in socket:
        if message.type == aiohttp.WSMsgType.BINARY:
            screen += ESCAPES.sub("", message.data.decode("utf-8", "replace"))
        if "Drills and tools" in screen and "Nothing answered yet" in screen:
            return socket
    raise AssertionError(f"the socket closed before the home screen: {screen!r}")


async def test_the_socket_runs_the_trainer_on_the_servers_history(served):
    """What the page's socket starts: the trainer, in the environment of the server, so
    the history of the user who serves it (here the test's CRIB_TRAINER_HOME)."""
    assert not database_path().exists()
    async with aiohttp.ClientSession() as http:
        socket = await open_tab(http, served)
        await socket.close()
    assert database_path().is_file()  # the trainer opened (made) that history


async def drain(socket: aiohttp.ClientWebSocketResponse) -> None:
    async for _ in socket:
        pass


def state(pid: int) -> str | None:
    """A process's state letter (``Z`` for a zombie), or None once it is gone (Linux)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return None


def descendants(pid: int) -> set[int]:
    """The live processes under ``pid``."""
    parents: dict[int, int] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents[int(stat.parent.name)] = int(fields[1])
    found, frontier = set(), {pid}
    while frontier:
        frontier = {child for child, parent in parents.items() if parent in frontier}
        found |= frontier
    return {p for p in found if state(p) not in (None, "Z")}


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads Linux's /proc")
async def test_ctrl_c_with_tabs_open_stops_at_once_and_their_trainers_with_it():
    server, address = start_server()
    try:
        async with aiohttp.ClientSession() as http:
            tabs = [await open_tab(http, address) for _ in range(2)]
            trainers = descendants(server.pid)
            assert len(trainers) >= 2  # a trainer for each tab (each under a shell)
            # The tabs read on, as a browser does (so they answer the server's closing).
            reading = [asyncio.create_task(drain(tab)) for tab in tabs]
            server.send_signal(signal.SIGINT)
            end = time.monotonic() + 5
            while server.poll() is None and time.monotonic() < end:
                await asyncio.sleep(0.05)
            assert server.poll() == 0
            await asyncio.wait_for(asyncio.gather(*reading), timeout=5)
    finally:
        server.kill()
        server.wait()
    end = time.monotonic() + 5
    while any(state(p) not in (None, "Z") for p in trainers) and time.monotonic() < end:
        time.sleep(0.05)
    assert all(state(p) in (None, "Z") for p in trainers)


def test_the_tab_command_survives_a_python_path_with_spaces(tmp_path, monkeypatch):
    """Each tab's trainer is started with no shell between: a venv in "My Documents" works."""
    python = tmp_path / "my venv's bin" / "python"
    python.parent.mkdir()
    python.symlink_to(sys.executable)
    monkeypatch.setattr(sys, "executable", str(python))
    command = [*web.trainer_command(), "--version"]
    out = subprocess.run(command, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and out.stdout.startswith("crib-trainer "), out.stderr
