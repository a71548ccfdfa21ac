"""The trainer as a web page (``crib-trainer serve``), served by textual-serve.

Each browser tab that opens the page gets its own trainer process: this Python running
``-m crib_trainer.cli`` with the server's environment, so every tab works on the history
of the user who runs the server (``CRIB_TRAINER_HOME`` included), as the terminal does.

Two checks keep other web pages out: the page's socket (which drives a trainer) is
refused to a page from another origin (a site you visit cannot open it in the
background), and, served on this machine alone, a request that names the server by any
but a loopback name is refused (a site whose name was pointed at 127.0.0.1, "DNS
rebinding", cannot reach it). Anyone who can reach the address can use it: there is no
login.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
import os
import shlex
import signal
import subprocess
import sys
from collections.abc import Awaitable, Callable
from typing import Any, TextIO

from aiohttp import web
from textual_serve.server import Server

#: Host names that always mean this machine.
LOOPBACK_NAMES = frozenset({"localhost", "localhost.localdomain", "ip6-localhost"})

#: Host names that mean every address of this machine.
WILDCARDS = frozenset({"0.0.0.0", "::", ""})

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def is_loopback(host: str) -> bool:
    """Whether ``host`` (a name or an address, IPv6 with or without brackets) can only be
    reached from this machine.

    >>> [is_loopback(h) for h in ("localhost", "127.0.0.1", "127.8.0.1", "::1", "[::1]")]
    [True, True, True, True, True]
    >>> [is_loopback(h) for h in ("0.0.0.0", "192.168.1.5", "example.org", "", "::")]
    [False, False, False, False, False]
    """
    host = host.strip("[]").lower().rstrip(".")
    if host in LOOPBACK_NAMES or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def page_address(host: str, port: int) -> str:
    """The address to open in a browser.

    >>> page_address("localhost", 8000), page_address("::1", 8001)
    ('http://localhost:8000/', 'http://[::1]:8001/')
    >>> page_address("0.0.0.0", 80)
    'http://localhost:80/'
    """
    if host in WILDCARDS:
        host = "localhost"  # (reachable from elsewhere under this machine's names too)
    elif ":" in host and not host.startswith("["):
        host = f"[{host}]"
    return f"http://{host}:{port}/"


def trainer_command() -> str:
    """The shell command each tab runs: the trainer, under this very Python.

    >>> trainer_command().endswith("-m crib_trainer.cli")
    True
    """
    words = [sys.executable, "-m", "crib_trainer.cli"]
    # (textual-serve hands it to the system's shell: cmd's quoting on Windows)
    return subprocess.list2cmdline(words) if os.name == "nt" else shlex.join(words)


class TrainerServer(Server):
    """textual-serve's server, with the origin checks above, the page's addresses taken
    from the request (so a page reached by any name of the machine finds its socket), and
    one line said at start-up instead of a banner."""

    def __init__(self, host: str, port: int, out: TextIO, warn: str | None = None) -> None:
        super().__init__(trainer_command(), host=host, port=port, title="crib-trainer")
        self.out = out
        self.warn = warn
        self.local_only = is_loopback(host)
        self.tabs: set[asyncio.Task[Any]] = set()  # each open tab's socket handler

    def initialize_logging(self) -> None:
        """Problems only: no line for every request."""
        logging.basicConfig(level=logging.WARNING, format="crib-trainer serve: %(message)s")

    async def on_startup(self, app: web.Application) -> None:
        """(No banner: the line is said once the server listens, in :meth:`serve`.)"""

    async def on_shutdown(self, app: web.Application) -> None:
        """Close the tabs' sockets, each of which then tells its trainer to quit: ctrl+c
        with a tab open stops at once, not after aiohttp's minute of grace."""
        for tab in self.tabs:
            tab.cancel()

    def serve(self, debug: bool = False) -> None:
        """Serve until ctrl+c (or SIGTERM); say where once the server listens."""
        self.debug = debug
        self.initialize_logging()
        loop = asyncio.new_event_loop()
        with contextlib.suppress(NotImplementedError):  # (no signal handlers on Windows)
            loop.add_signal_handler(signal.SIGINT, self.request_exit)
            loop.add_signal_handler(signal.SIGTERM, self.request_exit)
        address = page_address(self.host, self.port)
        web.run_app(
            self._make_app(),
            host=self.host,
            port=self.port,
            handle_signals=False,
            loop=loop,
            print=lambda _: self._listening(address),
        )

    def _listening(self, address: str) -> None:
        """Say where it serves (and the warning, if any: only once it listens, so a host
        it cannot serve on is one line of error, not a warning too)."""
        if self.warn:
            print(self.warn, file=sys.stderr, flush=True)
        print(f"Serving the trainer at {address} (ctrl+c stops it)", file=self.out, flush=True)

    async def _make_app(self) -> web.Application:
        app = await super()._make_app()
        app.middlewares.append(self._checked)
        return app

    @web.middleware
    async def _checked(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        refusal = refused(request.host, request.headers.get("Origin"), self.local_only)
        if refusal:
            raise web.HTTPForbidden(text=refusal)
        if request.path != "/ws":
            return await handler(request)
        tab = asyncio.current_task()
        assert tab is not None
        self.tabs.add(tab)
        try:
            return await handler(request)
        finally:
            self.tabs.discard(tab)

    async def handle_index(self, request: web.Request) -> Any:
        # The page's script opens its socket at the address it is given: the one the
        # browser used. (No await before the page is made: no other request sees it.)
        """The page, with the socket address taken from the request."""
        self.public_url = f"{request.scheme}://{request.host}"
        return await super().handle_index(request)


def refused(host: str, origin: str | None, local_only: bool) -> str | None:
    """Why a request naming ``host`` (its Host header) from a page at ``origin`` is
    refused, or None when it is not.

    >>> refused("localhost:8000", "http://localhost:8000", local_only=True) is None
    True
    >>> refused("localhost:8000", None, local_only=True) is None  # not from a web page
    True
    >>> refused("localhost:8000", "https://evil.example", local_only=True)
    'a page from another site may not use the trainer'
    >>> refused("evil.example:8000", "http://evil.example:8000", local_only=True)
    'served on this machine only: open it as localhost'
    >>> refused("box.lan:8000", "http://box.lan:8000", local_only=False) is None
    True
    """
    host = host.lower()
    name = host if host.endswith("]") else host.rsplit(":", 1)[0]
    if local_only and not is_loopback(name):
        return "served on this machine only: open it as localhost"
    if origin is not None and origin.lower() not in (f"http://{host}", f"https://{host}"):
        return "a page from another site may not use the trainer"
    return None


def serve(host: str, port: int, out: TextIO, warn: str | None = None) -> None:
    """Serve the trainer until ctrl+c; ``warn``, a line for standard error, is said once
    it listens. Raises ``OSError`` when it cannot listen there (the port is taken, the
    host is unknown)."""
    TrainerServer(host, port, out, warn).serve()
