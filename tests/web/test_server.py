"""The served trainer without a browser: the page, its socket, and who may use them."""

from __future__ import annotations

import asyncio
import re
import signal
import socket
import struct
import subprocess
import sys
import time
from pathlib import Path

import aiohttp
import pytest

from crib_trainer.storage.paths import database_path
from crib_trainer.ui import web
from tests.web.conftest import start_server, stop

#: Escape sequences, to read the terminal's output as text.
ESCAPES = re.compile(r"\x1b(\[[0-9;?<>=]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[()][0-9A-B]|.)")


@pytest.mark.slow
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


@pytest.mark.slow
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
@pytest.mark.slow
async def test_ctrl_c_with_tabs_open_stops_within_a_second_and_their_trainers_with_it():
    server, address = start_server()
    try:
        async with aiohttp.ClientSession() as http:
            tabs = [await open_tab(http, address) for _ in range(2)]
            trainers = descendants(server.pid)
            assert len(trainers) >= 2  # a trainer for each tab (each under a shell)
            # The tabs read on, as a browser does (so they answer the server's closing).
            reading = [asyncio.create_task(drain(tab)) for tab in tabs]
            server.send_signal(signal.SIGINT)
            sent = time.monotonic()
            while server.poll() is None and time.monotonic() < sent + 5:
                await asyncio.sleep(0.01)
            assert server.poll() == 0
            assert time.monotonic() - sent < 1.0  # (within a second, as promised)
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


LINKS = re.compile(r'(?:src|href|action)="([^"]*)"')


@pytest.mark.slow
async def test_the_page_and_all_it_loads_come_from_this_server_with_its_headers(served):
    async with aiohttp.ClientSession() as http:
        async with http.get(served) as page:
            html = await page.text()
            headers = page.headers
        links = LINKS.findall(html)
        assert links and all(link.startswith("/") and "//" not in link for link in links)
        assert "<title>crib-trainer</title>" in html
        assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in html
        assert headers["X-Frame-Options"] == "DENY"
        assert headers["Cache-Control"] == "no-store"
        policy = [part.strip() for part in headers["Content-Security-Policy"].split(";")]
        assert "default-src 'self'" in policy and "frame-ancestors 'none'" in policy
        assert "form-action 'self'" in policy and "base-uri 'none'" in policy
        # (every source the policy names is this server, or a stylesheet by its hash)
        sources = {word for part in policy for word in part.split()[1:]}
        host = served.removeprefix("http://").strip("/")
        assert sources <= {"'self'", "'none'", f"ws://{host}"} | {
            word for word in sources if word.startswith("'sha256-")
        }
        for link in links:
            async with http.get(served.rstrip("/") + link) as loaded:
                assert loaded.status == 200, link
                assert loaded.headers["X-Frame-Options"] == "DENY"
        async with http.get(served + "static/") as listing:
            assert listing.status in (403, 404)  # no index of the server's files


@pytest.mark.slow
async def test_the_favicon_is_an_icon(served):
    async with aiohttp.ClientSession() as http, http.get(served + "favicon.ico") as response:
        assert response.status == 200 and response.content_type == "image/x-icon"
        data = await response.read()
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    width, height, *_, size, offset = struct.unpack("<BBBBHHII", data[6:22])
    assert (reserved, kind, count, width, height) == (0, 1, 1, 16, 16)
    assert offset + size == len(data)


def test_the_policy_allows_the_stylesheet_textual_serves_script_adds():
    """The page's script adds one stylesheet: the policy names it by its hash, so it must
    be the one the policy knows (a new textual-serve with another fails here, not as an
    error in every visitor's console)."""
    script = (web.TEXTUAL_STATIC / "js" / "textual.js").read_text()
    assert script.count(web.TEXTUAL_STYLE) == 1


def trainers_of(server) -> set[int]:
    """The trainer processes under a server (each started directly, no shell between),
    once each runs the trainer (not while it is still a copy of the server)."""
    return {p for p in descendants(server.pid) if arguments(p)[1:] == web.trainer_command()[1:]}


def arguments(pid: int) -> list[str]:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().decode().split("\0")[:-1]
    except OSError:
        return []


LINUX = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads Linux's /proc")


@LINUX
@pytest.mark.slow
async def test_a_tab_beyond_max_sessions_gets_the_full_page_and_no_trainer():
    server, address = start_server("--max-sessions", "1")
    try:
        async with aiohttp.ClientSession() as http:
            tab = await open_tab(http, address)
            assert len(trainers_of(server)) == 1
            async with http.get(address) as page:
                assert page.status == 503
                text = await page.text()
            assert (
                "The trainer is full: 1 tab is open, the most this server takes at once (1). "
                "Close a tab, or try again in a minute." in text
            )
            url = address.replace("http:", "ws:") + "ws?width=80&height=24"
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await http.ws_connect(url)
            assert refused.value.status == 503
            assert len(trainers_of(server)) == 1
            await tab.close()
            end = time.monotonic() + 5  # (its place is free once its trainer has quit)
            while time.monotonic() < end:
                async with http.get(address) as page:
                    if page.status == 200:
                        break
                await asyncio.sleep(0.05)
            assert page.status == 200
    finally:
        stop(server)


def environment(pid: int) -> dict[str, str]:
    pairs = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
    return dict(pair.decode().split("=", 1) for pair in pairs if b"=" in pair)


@LINUX
@pytest.mark.slow
async def test_the_terminal_a_tab_asks_for_is_capped():
    server, address = start_server()
    try:
        async with aiohttp.ClientSession() as http:
            url = address.replace("http:", "ws:") + "ws?width=5000&height=2000"
            async with http.ws_connect(url):
                end = time.monotonic() + 5
                while not (trainers := trainers_of(server)) and time.monotonic() < end:
                    await asyncio.sleep(0.02)
                [trainer] = trainers
                size = environment(trainer)
                assert (size["COLUMNS"], size["ROWS"]) == ("240", "80")
    finally:
        stop(server)


@LINUX
@pytest.mark.slow
async def test_an_idle_tab_is_closed_and_its_trainer_ends():
    server, address = start_server("--idle-minutes", "0.01")  # 0.6 s
    try:
        async with aiohttp.ClientSession() as http:
            url = address.replace("http:", "ws:") + "ws?width=80&height=24"
            opened = time.monotonic()
            tab = await http.ws_connect(url)
            end = time.monotonic() + 5
            while not (trainers := trainers_of(server)) and time.monotonic() < end:
                await asyncio.sleep(0.02)
            await asyncio.wait_for(drain(tab), timeout=10)
            assert time.monotonic() - opened >= 0.6
        end = time.monotonic() + 5
        while any(state(p) not in (None, "Z") for p in trainers) and time.monotonic() < end:
            await asyncio.sleep(0.05)
        assert trainers and all(state(p) in (None, "Z") for p in trainers)
    finally:
        stop(server)


class Page:
    """A page's side of a socket, for :meth:`TrainerServer._relay`: it sends ``messages``
    (text, each after its pause in seconds), then nothing, for as long as it is read."""

    def __init__(self, messages: list[tuple[float, str]]) -> None:
        self.messages = messages

    async def __aiter__(self):
        for pause, text in self.messages:
            await asyncio.sleep(pause)
            yield aiohttp.WSMessage(aiohttp.WSMsgType.TEXT, text, None)
        await asyncio.Event().wait()

    async def send_json(self, data) -> None:
        pass


class Trainer:
    """A trainer's side: what it was sent."""

    def __init__(self) -> None:
        self.keys: list[bytes] = []

    async def send_bytes(self, data: bytes) -> None:
        self.keys.append(data)


async def test_each_message_from_the_page_starts_the_idle_clock_again():
    server = web.TrainerServer(web.Settings(idle_seconds=0.2), sys.stdout)
    page = Page([(0.1, '["stdin", "1"]'), (0.1, '["stdin", "2"]'), (0.1, '["stdin", "3"]')])
    trainer = Trainer()
    start = time.monotonic()
    await server._relay(page, trainer)  # type: ignore[arg-type]
    took = time.monotonic() - start
    assert trainer.keys == [b"1", b"2", b"3"]
    assert 0.5 <= took < 1.5  # (the last key at 0.3 s, then 0.2 s idle; not 0.2 s in all)


MALFORMED = {
    "not json": "a message that is not JSON",
    '["resize", {"width": 90}]': 'a "resize" message without its width and height',
    '["stdin", 7]': 'a "stdin" message without its text',
    '{"stdin": "x"}': "a message that is not a list starting with its kind",
    '["paste", "x"]': 'a message of an unknown kind, "paste"',
}


@pytest.mark.parametrize(("message", "why"), MALFORMED.items())
def test_what_is_wrong_with_a_message_is_said(message, why):
    with pytest.raises(web.Malformed) as error:
        web.read_message(message)
    assert str(error.value) == why


@pytest.mark.slow
async def test_a_malformed_message_is_one_line_and_closes_its_tab():
    server, address = start_server()
    try:
        async with aiohttp.ClientSession() as http:
            url = address.replace("http:", "ws:") + "ws?width=80&height=24"
            for message in MALFORMED:
                tab = await http.ws_connect(url)
                await tab.send_str(message)
                await asyncio.wait_for(drain(tab), timeout=10)
    finally:
        log = stop(server)
    said = [f"crib-trainer serve: closed a tab that sent {why}" for why in MALFORMED.values()]
    assert log.splitlines() == said, log


@pytest.mark.slow
async def test_a_malformed_request_is_one_line(served):
    host, port = served.removeprefix("http://").strip("/").split(":")
    for request in (
        b"GET / HTTP/1.1\r\nHost: localhost\r\nContent-Length: abc\r\n\r\n",
        b"\x16\x03\x01\x00\xa5\x01\x00\x00\xa1\x03\x03" + bytes(64),  # https spoken to http
    ):
        with socket.create_connection((host, int(port))) as raw:
            raw.sendall(request)
            assert raw.recv(100).startswith(b"HTTP/1.0 400 Bad Request")


@pytest.mark.slow
async def test_a_malformed_request_says_one_line_and_no_traceback():
    server, address = start_server()
    host, port = address.removeprefix("http://").strip("/").split(":")
    try:
        with socket.create_connection((host, int(port))) as raw:
            raw.sendall(b"GET / HTTP/1.1\r\nHost: localhost\r\nContent-Length: abc\r\n\r\n")
            assert raw.recv(100).startswith(b"HTTP/1.0 400 Bad Request")
    finally:
        log = stop(server)
    assert "Traceback" not in log and len(log.splitlines()) <= 1, log
    assert all(line.startswith("crib-trainer serve: ") for line in log.splitlines())
