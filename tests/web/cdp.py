"""Headless Chromium driven through its DevTools protocol, over aiohttp's websocket
client (aiohttp comes with textual-serve): enough to open the served trainer, type into
it, read its screen and take a picture of it. Used by tests/web and bench/serve_bench.py.

The page draws the terminal on a canvas, so its text is read from the terminal itself:
a script added before the page's own finds textual-serve's terminal object as it is made
(the object that owns the xterm.js terminal is the one given a ``fitAddon``).
"""

from __future__ import annotations

import asyncio
import base64
import itertools
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

import aiohttp

NAMES = ("chromium", "chromium-browser", "google-chrome")

#: Finds the page's terminal as it is made (see the module's docstring).
FIND_TERMINAL = """
Object.defineProperty(Object.prototype, "fitAddon", {
  configurable: true,
  get() { return undefined; },
  set(value) {
    Object.defineProperty(this, "fitAddon", {value, writable: true, configurable: true});
    window.trainerTerminal = this.terminal;
  },
});
"""

#: The terminal's visible lines, as text (null before the terminal exists).
SCREEN_TEXT = """(() => {
  const t = window.trainerTerminal;
  if (!t) return null;
  const b = t.buffer.active, lines = [];
  for (let i = 0; i < t.rows; i++) {
    const line = b.getLine(b.viewportY + i);
    lines.push(line ? line.translateToString(true) : "");
  }
  return lines.join("\\n");
})()"""

#: The page position (x, y) of the middle of a terminal cell (row, column from 0).
CELL = """((row, column) => {
  const t = window.trainerTerminal;
  const box = t.element.querySelector(".xterm-screen").getBoundingClientRect();
  const width = box.width / t.cols, height = box.height / t.rows;
  return [box.left + (column + 0.5) * width, box.top + (row + 0.5) * height];
})"""

#: Keys that are not characters: (key, code, virtual key code, text sent).
SPECIAL = {
    "enter": ("Enter", "Enter", 13, "\r"),
    "escape": ("Escape", "Escape", 27, ""),
    "tab": ("Tab", "Tab", 9, ""),
    " ": (" ", "Space", 32, " "),
}


def find_chromium() -> str | None:
    """The Chromium (or Chrome) on the PATH, if any."""
    return next((path for name in NAMES if (path := shutil.which(name))), None)


class Chromium:
    """A headless browser: ``async with Chromium(path) as browser``, then
    ``await browser.new_page()`` for each tab. ``mobile``: a phone's screen, touched (taps,
    no mouse); ``options``: more of Chromium's command-line switches."""

    def __init__(
        self,
        executable: str,
        width: int = 1000,
        height: int = 640,
        *,
        mobile: bool = False,
        options: tuple[str, ...] = (),
    ) -> None:
        self.executable = executable
        self.size = (width, height)
        self.mobile = mobile
        self.options = options
        self.process: subprocess.Popen[bytes] | None = None
        self.profile: tempfile.TemporaryDirectory[str] | None = None
        self.http: aiohttp.ClientSession | None = None
        self.port = 0
        self.pages: list[Page] = []

    async def __aenter__(self) -> Chromium:
        # (Chromium's helper processes may still be writing its cache as it is removed)
        self.profile = tempfile.TemporaryDirectory(
            prefix="crib-chromium-", ignore_cleanup_errors=True
        )
        self.process = subprocess.Popen(
            [
                self.executable,
                "--headless",
                "--no-sandbox",  # (CI runs as root, where the sandbox will not start)
                "--disable-gpu",
                "--disable-dev-shm-usage",
                "--no-first-run",
                "--remote-debugging-port=0",
                f"--user-data-dir={self.profile.name}",
                *self.options,
                "about:blank",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        self.port = await self._devtools_port(Path(self.profile.name) / "DevToolsActivePort")
        self.http = aiohttp.ClientSession()
        return self

    async def __aexit__(self, *exc: object) -> None:
        for page in self.pages:
            await page.close()
        if self.http is not None:
            await self.http.close()
        if self.process is not None:
            self.process.terminate()
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        if self.profile is not None:
            self.profile.cleanup()

    async def _devtools_port(self, file: Path, timeout: float = 20) -> int:
        """The port Chromium chose, from the file it writes once it listens."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            assert self.process is not None
            if self.process.poll() is not None:
                raise RuntimeError(f"chromium exited at start with status {self.process.poll()}")
            if file.is_file() and (text := file.read_text()).strip():
                return int(text.split()[0])
            await asyncio.sleep(0.05)
        raise TimeoutError("chromium did not open its DevTools port")

    async def new_context(self) -> str:
        """A browser context of its own (cookies and all, as another person's browser);
        its id, for :meth:`new_page`."""
        reply = await self._browser_call("Target.createBrowserContext")
        return reply["browserContextId"]

    async def _browser_call(self, method: str, **params: Any) -> dict[str, Any]:
        """Call a method of the browser itself (not of a tab)."""
        assert self.http is not None
        async with self.http.get(f"http://127.0.0.1:{self.port}/json/version") as response:
            url = (await response.json())["webSocketDebuggerUrl"]
        async with self.http.ws_connect(url, max_msg_size=0) as socket:
            await socket.send_json({"id": 1, "method": method, "params": params})
            async for message in socket:
                data = message.json()
                if data.get("id") == 1:
                    if "error" in data:
                        raise RuntimeError(f"{method}: {data['error']}")
                    return data["result"]
        raise RuntimeError(f"{method}: the browser closed its socket")

    async def new_page(self, context: str | None = None) -> Page:
        """A new tab (in ``context``, from :meth:`new_context`, or the first one), the size
        given, ready to find the trainer's terminal."""
        assert self.http is not None
        if context is None:
            url = f"http://127.0.0.1:{self.port}/json/new?about:blank"
            async with self.http.put(url) as response:
                address = (await response.json())["webSocketDebuggerUrl"]
        else:
            target = await self._browser_call(
                "Target.createTarget", url="about:blank", browserContextId=context
            )
            address = f"ws://127.0.0.1:{self.port}/devtools/page/{target['targetId']}"
        socket = await self.http.ws_connect(address, max_msg_size=0)
        page = Page(socket, context)
        self.pages.append(page)
        width, height = self.size
        await page.send("Page.enable")
        await page.send(
            "Emulation.setDeviceMetricsOverride",
            width=width,
            height=height,
            deviceScaleFactor=1,
            mobile=self.mobile,
        )
        if self.mobile:
            await page.send("Emulation.setTouchEmulationEnabled", enabled=True, maxTouchPoints=1)
        await page.send("Page.addScriptToEvaluateOnNewDocument", source=FIND_TERMINAL)
        return page


class Page:
    """One tab, driven over its DevTools socket."""

    def __init__(self, socket: aiohttp.ClientWebSocketResponse, context: str | None) -> None:
        self.socket = socket
        self.context = context  # the browser context it is in (None: the first)
        self.ids = itertools.count(1)
        self.pending: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self.events: list[tuple[str, dict[str, Any]]] = []  # (method, params), as they came
        self.reader = asyncio.create_task(self._read())

    async def close(self) -> None:
        self.reader.cancel()
        await self.socket.close()

    async def _read(self) -> None:
        async for message in self.socket:
            if message.type != aiohttp.WSMsgType.TEXT:
                continue
            data = message.json()
            if "method" in data:
                self.events.append((data["method"], data.get("params", {})))
            future = self.pending.pop(data.get("id", -1), None)
            if future is not None and not future.done():
                future.set_result(data)

    async def send(self, method: str, **params: Any) -> dict[str, Any]:
        """Call a DevTools method; its result, or ``RuntimeError`` with its error."""
        call_id = next(self.ids)
        future = asyncio.get_running_loop().create_future()
        self.pending[call_id] = future
        await self.socket.send_json({"id": call_id, "method": method, "params": params})
        reply = await asyncio.wait_for(future, timeout=20)
        if "error" in reply:
            raise RuntimeError(f"{method}: {reply['error']}")
        return reply.get("result", {})

    async def open(self, url: str) -> None:
        await self.send("Page.navigate", url=url)

    async def evaluate(self, expression: str) -> Any:
        result = await self.send(
            "Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True
        )
        return result.get("result", {}).get("value")

    async def screen(self) -> str:
        """The terminal's text ("" before it exists)."""
        return await self.evaluate(SCREEN_TEXT) or ""

    async def wait_for_text(self, *words: str, timeout: float = 15, every: float = 0.05) -> str:
        """Wait until the screen shows any of ``words`` (looking ``every`` seconds); the
        screen's text."""
        end = time.monotonic() + timeout
        text = ""
        while time.monotonic() < end:
            text = await self.screen()
            if any(word in text for word in words):
                return text
            await asyncio.sleep(every)
        raise TimeoutError(f"none of {words} on the page after {timeout} s; it shows:\n{text}")

    async def press(self, *keys: str) -> None:
        """Press keys as a person would: one character each, a name in SPECIAL, or
        ``ctrl+`` a letter (into the terminal, which takes the keyboard's focus first, as
        a click on it would)."""
        await self.evaluate("window.trainerTerminal.focus()")
        for key in keys:
            ctrl = key.startswith("ctrl+")
            key = key.removeprefix("ctrl+")
            if key in SPECIAL:
                name, code, vk, text = SPECIAL[key]
            else:
                name, text, vk = key, key, ord(key.upper())
                code = f"Digit{key}" if key.isdigit() else f"Key{key.upper()}"
            down = {"key": name, "code": code, "windowsVirtualKeyCode": vk}
            if ctrl:
                down["modifiers"], text = 2, ""
            await self.send("Input.dispatchKeyEvent", type="keyDown", text=text, **down)
            await self.send("Input.dispatchKeyEvent", type="keyUp", **down)

    async def clipboard(self) -> str:
        """What the browser's clipboard holds (this page is allowed to read it)."""
        origin = await self.evaluate("location.origin")
        await self.send(
            "Browser.grantPermissions",
            origin=origin,
            permissions=["clipboardReadWrite", "clipboardSanitizedWrite"],
        )
        return await self.evaluate("navigator.clipboard.readText()")

    async def type(self, text: str) -> None:
        """Type ``text``, a key for each character."""
        await self.press(*text)

    async def cell(self, row: int, column: int) -> tuple[float, float]:
        """Where on the page (CSS pixels) the middle of the terminal's cell is."""
        x, y = await self.evaluate(f"{CELL}({row}, {column})")
        return x, y

    async def tap(self, x: float, y: float) -> None:
        """Touch the page at ``x``, ``y`` and let go, as a finger does."""
        await self.send(
            "Input.dispatchTouchEvent", type="touchStart", touchPoints=[{"x": x, "y": y}]
        )
        await self.send("Input.dispatchTouchEvent", type="touchEnd", touchPoints=[])

    async def text(self) -> str:
        """The page's own text (not the terminal's)."""
        return await self.evaluate("document.body.innerText") or ""

    async def screenshot(self, path: Path) -> None:
        shot = await self.send("Page.captureScreenshot", format="png")
        path.write_bytes(base64.b64decode(shot["data"]))
