"""The trainer as a web page (``crib-trainer serve``), served by textual-serve's machinery.

Each browser tab that opens the page gets its own trainer process: this Python running
``-m crib_trainer.cli``, with the server's environment (so the history of the user who
runs the server, ``CRIB_TRAINER_HOME`` included), or, with members (``--users``), with
``CRIB_TRAINER_HOME`` set to the signed-in member's own folder.

The page is this package's (``webpage/``): it loads textual-serve's script, its terminal
stylesheet and its font from this server and nothing from anywhere else, and says so in
its Content-Security-Policy; no other site may frame it.

Bounds: at most ``max_sessions`` tabs at once (one more gets a page saying the trainer is
full, and no process); the terminal a tab asks for is at most :data:`MOST_COLUMNS` ×
:data:`MOST_ROWS`; a tab with no key, click or resize for ``idle_seconds`` is closed; a
message a browser would not send closes its tab, with one line on the server's terminal.

Two checks keep other web pages out: the page's socket (which drives a trainer) is
refused to a page from another origin (a site you visit cannot open it in the
background), and, served on this machine alone, a request that names the server by any
but a loopback name is refused (a site whose name was pointed at 127.0.0.1, "DNS
rebinding", cannot reach it).
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import contextvars
import hashlib
import ipaddress
import json
import logging
import os
import signal
import ssl
import sys
from asyncio.subprocess import Process
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

import aiohttp_jinja2
import jinja2
import textual_serve
from aiohttp import WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.server import Server

from crib_trainer.core.safe_text import shown
from crib_trainer.storage.paths import HOME_ENV
from crib_trainer.ui.favicon import icon
from crib_trainer.ui.signin import SignIns

#: Host names that always mean this machine.
LOOPBACK_NAMES = frozenset({"localhost", "localhost.localdomain", "ip6-localhost"})

#: Host names that mean every address of this machine.
WILDCARDS = frozenset({"0.0.0.0", "::", ""})

#: The largest terminal a tab gets, whatever it asks for (a 4K screen at 16 px is about
#: 400 × 110; the trainer is laid out for 80 × 24).
MOST_COLUMNS, MOST_ROWS = 240, 80

#: The memory a tab is counted at (bytes): its trainer takes about 28 MiB at the home
#: screen and 68 MiB once every drill has been opened (bench/serve_bench.py).
TAB_MEMORY = 80 * 2**20

#: The smallest terminal a tab gets.
LEAST_COLUMNS, LEAST_ROWS = 20, 8

#: Minutes a tab may go without a key, a click or a resize before it is closed.
IDLE_MINUTES = 30

#: The longest line the server logs (a problem's message is cut there).
LONGEST_LINE = 300

#: Seconds a trainer has to quit when its tab closes, before it is stopped.
QUIT_GRACE = 0.5

#: The page's font sizes (px): the one a window gets unless it asks (``?fontsize=``),
#: and the range it may ask for.
FONT_SIZE, FONT_SIZES = 16, range(12, 41)

PAGE = Path(__file__).with_name("webpage")
TEXTUAL_STATIC = Path(textual_serve.__file__).parent / "static"

#: The stylesheet textual-serve's script adds to the page, an empty style element first
#: and then this text in it (a test holds it to the script): the page's
#: Content-Security-Policy allows both by their hashes; page.css repeats the rules.
TEXTUAL_STYLE = (
    "h1{color:#fff;background-color:#000}body{margin:0;padding:0}"
    ".textual-terminal{width:100vw;height:100vh}"
)

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]

log = logging.getLogger("crib_trainer.serve")


def style_hash(css: str) -> str:
    """A stylesheet as a Content-Security-Policy source (the empty one's as Chromium
    names it when it blocks one).

    >>> style_hash("")
    "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='"
    """
    digest = hashlib.sha256(css.encode()).digest()
    return f"'sha256-{base64.b64encode(digest).decode()}'"


def content_policy(host: str, https: bool) -> str:
    """The Content-Security-Policy of every response: everything from this server only
    (its socket named as well, for browsers whose ``'self'`` leaves sockets out), and no
    framing by any page.

    >>> policy = content_policy("localhost:8000", https=False)
    >>> "default-src 'self'" in policy and "frame-ancestors 'none'" in policy
    True
    >>> "connect-src 'self' ws://localhost:8000" in policy
    True
    """
    socket = f"{'wss' if https else 'ws'}://{host}"
    return "; ".join(
        (
            "default-src 'self'",
            f"style-src 'self' {style_hash('')} {style_hash(TEXTUAL_STYLE)}",
            f"connect-src 'self' {socket}",
            "frame-ancestors 'none'",
            "base-uri 'none'",
            "form-action 'self'",
            "object-src 'none'",
        )
    )


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


def page_address(host: str, port: int, https: bool = False) -> str:
    """The address to open in a browser.

    >>> page_address("localhost", 8000), page_address("::1", 8001)
    ('http://localhost:8000/', 'http://[::1]:8001/')
    >>> page_address("0.0.0.0", 443, https=True)
    'https://localhost:443/'
    """
    if host in WILDCARDS:
        host = "localhost"  # (reachable from elsewhere under this machine's names too)
    elif ":" in host and not host.startswith("["):
        host = f"[{host}]"
    return f"{'https' if https else 'http'}://{host}:{port}/"


def trainer_command() -> list[str]:
    """The program each tab runs: the trainer, under this very Python.

    >>> trainer_command()[1:]
    ['-m', 'crib_trainer.cli']
    """
    return [sys.executable, "-m", "crib_trainer.cli"]


def default_max_sessions(cpus: int | None = None, memory: int | None = None) -> int:
    """How many tabs at once, unless ``--max-sessions`` says: eight a core, and no more
    than a quarter of the memory holds at :data:`TAB_MEMORY` a tab; two at least. ``cpus``
    and ``memory`` (bytes) default to this machine's.

    >>> default_max_sessions(cpus=2, memory=24 * 2**30)
    16
    >>> default_max_sessions(cpus=8, memory=2 * 2**30)
    6
    >>> default_max_sessions(cpus=1, memory=2**28)
    2
    """
    cpus = cpus or os.cpu_count() or 1
    if memory is None:
        try:
            memory = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
        except (AttributeError, ValueError, OSError):  # (Windows)
            memory = 4 * 2**30
    return max(2, min(8 * cpus, memory // 4 // TAB_MEMORY))


def terminal_size(width: object, height: object) -> tuple[int, int]:
    """The terminal a tab gets for the size it asks (text or numbers, as the page sends
    them), within :data:`LEAST_COLUMNS`…:data:`MOST_COLUMNS` and the same for rows; 80 × 24
    for what is no whole number.

    >>> terminal_size("5000", "2000"), terminal_size(3, -1), terminal_size("x", None)
    ((240, 80), (20, 8), (80, 24))
    """

    def whole(value: object, default: int) -> int:
        if isinstance(value, bool) or not isinstance(value, int | str):
            return default
        try:
            return int(value)
        except ValueError:
            return default

    columns = min(max(whole(width, 80), LEAST_COLUMNS), MOST_COLUMNS)
    rows = min(max(whole(height, 24), LEAST_ROWS), MOST_ROWS)
    return columns, rows


class Malformed(ValueError):
    """A message from a page that textual-serve's page would never send."""


def read_message(text: str) -> tuple[str, Any]:
    """A message from the page: ``("stdin", text)``, ``("resize", (columns, rows))``,
    ``("ping", text)``, ``("focus", None)`` or ``("blur", None)``; ``Malformed`` says what
    was wrong with anything else.

    >>> read_message('["stdin", "7"]'), read_message('["resize", {"width": 90, "height": 30}]')
    (('stdin', '7'), ('resize', (90, 30)))
    >>> read_message('["stdin", 7]')
    Traceback (most recent call last):
    ...
    crib_trainer.ui.web.Malformed: a "stdin" message without its text
    """
    try:
        envelope = json.loads(text)
    except ValueError:
        raise Malformed("a message that is not JSON") from None
    if not isinstance(envelope, list) or not envelope or not isinstance(envelope[0], str):
        raise Malformed("a message that is not a list starting with its kind")
    kind, data = envelope[0], envelope[1] if len(envelope) > 1 else None
    if kind in ("stdin", "ping"):
        if not isinstance(data, str):
            raise Malformed(f"a {json.dumps(kind)} message without its text")
        return kind, data
    if kind == "resize":
        if not isinstance(data, dict) or not {"width", "height"} <= data.keys():
            raise Malformed('a "resize" message without its width and height')
        return kind, terminal_size(data["width"], data["height"])
    if kind in ("focus", "blur"):
        return kind, None
    raise Malformed(f"a message of an unknown kind, {json.dumps(kind)[:40]}")


class OneLine(logging.Formatter):
    """Each log record as one line of at most :data:`LONGEST_LINE` characters: the message
    and, for an error, what it was (never a traceback), made safe to print.

    >>> try:
    ...     raise ValueError("Invalid character:\\n\\n    b'x\\x1b'")
    ... except ValueError:
    ...     record = logging.makeLogRecord({"msg": "Error", "exc_info": sys.exc_info()})
    >>> OneLine().format(record)
    "crib-trainer serve: Error: ValueError: Invalid character: b'x\\\\u001b'"
    """

    def format(self, record: logging.LogRecord) -> str:
        message = record.getMessage()
        if record.exc_info and record.exc_info[1] is not None:
            error = record.exc_info[1]
            message = f"{message}: {type(error).__name__}: {error}"
        line = shown(" ".join(message.split()))
        return f"crib-trainer serve: {line[:LONGEST_LINE]}"


class Trainer(AppService):
    """One tab's trainer process, started directly (no shell between), in a session of
    its own (ctrl+c on the server's terminal is the server's to pass on), on ``home``'s
    history when given."""

    def __init__(self, home: Path | None, **kwargs: Any) -> None:
        super().__init__("crib-trainer", **kwargs)
        self.home = home
        self.quitting = False

    async def start(self, width: int, height: int) -> None:
        await self._open_app_process(width, height)
        token = _reading.set(self)  # (what the task that reads it sees: see StartedLate)
        self._task = asyncio.create_task(self.run())
        _reading.reset(token)

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        environment = super()._build_environment(width, height)
        if self.home is not None:
            environment[HOME_ENV] = str(self.home)
        return environment

    async def _open_app_process(self, width: int = 80, height: int = 24) -> Process:
        if self.home is not None:
            self.home.mkdir(parents=True, exist_ok=True, mode=0o700)
        self._process = process = await asyncio.create_subprocess_exec(
            *trainer_command(),
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=self._build_environment(width, height),
            start_new_session=True,
        )
        self._stdin = process.stdin
        return process

    async def end(self) -> None:
        """Ask the trainer to quit; stop it if it has not within :data:`QUIT_GRACE` s."""
        if self._task is None or self._process is None:
            return
        task, process, self._task = self._task, self._process, None
        self.quitting = True
        await self._download_manager.cancel_app_downloads(app_service_id=self.app_service_id)
        await self.send_meta({"type": "quit"})
        try:
            await asyncio.wait_for(process.wait(), QUIT_GRACE)
        except TimeoutError:
            with contextlib.suppress(ProcessLookupError):
                process.kill()
            await process.wait()
        await task


#: The trainer whose output a task reads (set for the task that :meth:`Trainer.start` makes).
_reading: contextvars.ContextVar[Trainer] = contextvars.ContextVar("reading")


class StartedLate(logging.Filter):
    """Leaves out textual-serve's "Application failed to start" for a trainer told to quit
    before it had started (a tab closed at once), and asyncio's "Unknown child process" for
    one that ended before its pid was registered: no failure, and nothing to say."""

    def filter(self, record: logging.LogRecord) -> bool:
        trainer = _reading.get(None)
        started_late = trainer is not None and trainer.quitting
        if started_late and record.getMessage() == "Application failed to start":
            return False
        # asyncio's child watcher, when a trainer closed at once ends before its pid is
        # registered (seen under load): its return code is not ours to report
        return not (record.name == "asyncio" and record.getMessage().startswith("Unknown child"))


@dataclass(frozen=True)
class Settings:
    """How to serve: where, how many tabs at once, after how long idle a tab closes, the
    members file (None: no sign-in) and the https certificate (None: http)."""

    host: str = "localhost"
    port: int = 8000
    max_sessions: int = 8
    idle_seconds: float = IDLE_MINUTES * 60
    members: Path | None = None
    tls: ssl.SSLContext | None = None


class TrainerServer(Server):
    """textual-serve's server, with this package's page, the bounds and checks above, the
    sign-in when there are members, and one line said at start-up instead of a banner."""

    def __init__(self, settings: Settings, out: TextIO, warn: str | None = None) -> None:
        super().__init__("crib-trainer", host=settings.host, port=settings.port)
        self.settings = settings
        self.out = out
        self.warn = warn
        self.local_only = is_loopback(settings.host)
        self.https = settings.tls is not None
        self.signins = SignIns(settings.members, secure=self.https) if settings.members else None
        self.tabs: set[asyncio.Task[Any]] = set()  # each open tab's socket handler

    def initialize_logging(self) -> None:
        """Problems only, a line each: no line for every request, no traceback."""
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(OneLine())
        handler.addFilter(StartedLate())
        logging.basicConfig(level=logging.WARNING, handlers=[handler], force=True)

    def serve(self, debug: bool = False) -> None:
        """Serve until ctrl+c (or SIGTERM); say where once the server listens."""
        self.debug = debug
        self.initialize_logging()
        loop = asyncio.new_event_loop()
        with contextlib.suppress(NotImplementedError):  # (no signal handlers on Windows)
            loop.add_signal_handler(signal.SIGINT, self.request_exit)
            loop.add_signal_handler(signal.SIGTERM, self.request_exit)
        address = page_address(self.host, self.port, self.https)
        web.run_app(
            self._make_app(),
            host=self.host,
            port=self.port,
            ssl_context=self.settings.tls,
            handle_signals=False,
            loop=loop,
            print=lambda _: self._listening(address),
            shutdown_timeout=QUIT_GRACE * 2,
        )

    def _listening(self, address: str) -> None:
        """Say where it serves (and the warning, if any: only once it listens, so a host
        it cannot serve on is one line of error, not a warning too)."""
        if self.warn:
            print(self.warn, file=sys.stderr, flush=True)
        print(f"Serving the trainer at {address} (ctrl+c stops it)", file=self.out, flush=True)

    async def _make_app(self) -> web.Application:
        app = web.Application(middlewares=[self._checked])
        aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(PAGE / "templates"))
        app.add_routes(
            [
                web.get("/", self.handle_index),
                web.get("/ws", self.handle_websocket),
                web.get("/favicon.ico", self.handle_icon),
                web.static("/static", TEXTUAL_STATIC),
                web.static("/page", PAGE / "static"),
            ]
        )
        if self.signins is not None:
            app.add_routes(self.signins.routes())
        app.on_response_prepare.append(self._headers)
        app.on_shutdown.append(self.on_shutdown)
        return app

    async def on_shutdown(self, app: web.Application) -> None:
        """Close the tabs' sockets, each of which then stops its trainer: ctrl+c with tabs
        open stops within a second, not after aiohttp's minute of grace."""
        for tab in self.tabs:
            tab.cancel()

    async def _headers(self, request: web.Request, response: web.StreamResponse) -> None:
        """What every response says about itself: everything from this server only, and
        framed by no page."""
        response.headers["Content-Security-Policy"] = content_policy(request.host, self.https)
        response.headers["X-Frame-Options"] = "DENY"
        if not request.path.startswith(("/static/", "/page/")):
            response.headers["Cache-Control"] = "no-store"  # (a member's page is no one else's)
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Referrer-Policy"] = (
            "same-origin"  # (no-referrer: a form posts Origin null)
        )

    @web.middleware
    async def _checked(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        refusal = refused(request.host, request.headers.get("Origin"), self.local_only)
        if refusal:
            raise web.HTTPForbidden(text=refusal)
        return await handler(request)

    def full(self) -> str | None:
        """Why no tab more can open now, or None."""
        most = self.settings.max_sessions
        if len(self.tabs) < most:
            return None
        tabs = f"{len(self.tabs)} tabs are" if len(self.tabs) != 1 else "1 tab is"
        return (
            f"The trainer is full: {tabs} open, the most this server takes at once "
            f"({most}). Close a tab, or try again in a minute."
        )

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        """The page (its socket at the address the browser used), the sign-in form to a
        browser not signed in, or the page saying the trainer is full."""
        member = None
        if self.signins is not None:
            member = self.signins.member_of(request)
            if member is None:
                raise web.HTTPSeeOther("/signin")
        if full := self.full():
            return full_page(request, full)
        asked = request.query.get("fontsize", "")
        chosen = asked.isdigit() and int(asked) in FONT_SIZES
        context: dict[str, object] = {
            "member": member,
            "websocket_url": f"{'wss' if self.https else 'ws'}://{request.host}/ws",
            "font_size": int(asked) if chosen else FONT_SIZE,
            "font_chosen": chosen,
            "idle": duration(self.settings.idle_seconds),
        }
        return aiohttp_jinja2.render_template("index.html", request, context)

    async def handle_icon(self, request: web.Request) -> web.StreamResponse:
        """The page's icon."""
        return web.Response(body=icon(), content_type="image/x-icon")

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """A tab's socket: its trainer started, and the two joined until either ends (or
        the tab is idle too long); refused (403) to a browser not signed in when there
        are members, and (503) beyond ``max_sessions``."""
        home = None
        if self.signins is not None:
            member = self.signins.member_of(request)
            if member is None:
                raise web.HTTPForbidden(text="sign in first")
            home = self.signins.home_of(member)
        if full := self.full():
            raise web.HTTPServiceUnavailable(text=full)
        tab = asyncio.current_task()
        assert tab is not None
        self.tabs.add(tab)  # (no await since the count above: no other tab in between)
        try:
            return await self._run_tab(request, home)
        finally:
            self.tabs.discard(tab)

    async def _run_tab(self, request: web.Request, home: Path | None) -> web.WebSocketResponse:
        columns, rows = terminal_size(request.query.get("width"), request.query.get("height"))
        websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=2**20)
        await websocket.prepare(request)
        trainer = Trainer(
            home,
            write_bytes=websocket.send_bytes,
            write_str=websocket.send_str,
            close=websocket.close,
            download_manager=self.download_manager,
        )
        try:
            await trainer.start(columns, rows)
            await self._relay(websocket, trainer)
        except asyncio.CancelledError:  # the server stops
            pass
        finally:
            await trainer.end()
            await websocket.close()
        return websocket

    async def _relay(self, websocket: web.WebSocketResponse, trainer: Trainer) -> None:
        """Pass the page's keys, clicks and sizes to the trainer until the page goes, sends
        what no page would, or goes :attr:`Settings.idle_seconds` without a message."""
        loop = asyncio.get_running_loop()
        idle = self.settings.idle_seconds
        try:
            async with asyncio.timeout(idle) as deadline:
                async for message in websocket:
                    if message.type != WSMsgType.TEXT:
                        continue
                    deadline.reschedule(loop.time() + idle)
                    try:
                        kind, data = read_message(message.data)
                    except Malformed as err:
                        log.warning("closed a tab that sent %s", err)
                        return
                    if kind == "stdin":
                        await trainer.send_bytes(data.encode("utf-8"))
                    elif kind == "resize":
                        await trainer.set_terminal_size(*data)
                    elif kind == "ping":
                        await websocket.send_json(["pong", data])
                    elif kind == "focus":
                        await trainer.focus()
                    else:
                        await trainer.blur()
        except TimeoutError:
            pass  # (idle: the tab's page says how long a tab may idle)


def full_page(request: web.Request, why: str) -> web.Response:
    """The page saying the trainer is full (503, try again in a minute)."""
    context = {"heading": "The trainer is full", "text": why}
    response = aiohttp_jinja2.render_template("message.html", request, context, status=503)
    response.headers["Retry-After"] = "60"
    return response


def duration(seconds: float) -> str:
    """A time in words, in whole minutes from a minute on.

    >>> duration(1800), duration(60), duration(72), duration(1.2)
    ('30 minutes', '1 minute', '1 minute', '1 second')
    """
    if seconds >= 60:
        minutes = round(seconds / 60)
        return f"{minutes} minute{'s' if minutes != 1 else ''}"
    whole = max(1, round(seconds))
    return f"{whole} second{'s' if whole != 1 else ''}"


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


def serve(settings: Settings, out: TextIO, warn: str | None = None) -> None:
    """Serve the trainer until ctrl+c; ``warn``, a line for standard error, is said once
    it listens. Raises ``OSError`` when it cannot listen there (the port is taken, the
    host is unknown)."""
    TrainerServer(settings, out, warn).serve()
