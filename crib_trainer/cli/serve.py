"""``crib-trainer serve``: the trainer as a web page, one trainer process per browser tab."""

from __future__ import annotations

import argparse
from typing import TextIO

from crib_trainer.cli.common import PROG, UsageError


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register ``serve`` (host, port)."""
    serve = sub.add_parser(
        "serve",
        help="the trainer as a web page (each browser tab its own trainer)",
        description="Serve the trainer as a web page until ctrl+c. Each browser tab runs "
        "its own trainer on your history. There is no login: served on anything but "
        "localhost, anyone who can reach the address can use it.",
        epilog="Examples: serve | serve --port 8001 | serve --host 0.0.0.0 --port 8000",
    )
    serve.add_argument(
        "--host", default="localhost", help="the address to listen on (default localhost)"
    )
    serve.add_argument(
        "--port", type=port_number, default=8000, help="the port to listen on (default 8000)"
    )
    serve.set_defaults(run=cmd_serve)


def port_number(text: str) -> int:
    """A TCP port, 1–65535 (argparse quotes the text when this raises ``ValueError``)."""
    port = int(text.strip(), 10)
    if not 1 <= port <= 65535:
        raise ValueError(text)
    return port


port_number.__name__ = "port (1-65535)"  # what argparse calls it in its error


def warning(host: str) -> str | None:
    """The line said before serving on anything but this machine, or None.

    >>> warning("localhost") is None
    True
    >>> warning("0.0.0.0").split(": ")[:3]
    ['crib-trainer serve', 'warning', 'serving on 0.0.0.0 with no login']
    """
    from crib_trainer.ui.web import is_loopback

    if is_loopback(host):
        return None
    return (
        f"{PROG} serve: warning: serving on {host} with no login: anyone who "
        "can reach it can use the trainer and read and change your history"
    )


def cmd_serve(args: argparse.Namespace, out: TextIO) -> int:
    """``crib-trainer serve``: the trainer as a web page until ctrl+c."""
    from crib_trainer.ui.web import serve

    if not args.host.strip():
        raise UsageError("--host is empty: give a name or an address, e.g. localhost")
    try:
        serve(args.host, args.port, out, warning(args.host))
    except OSError as err:
        raise UsageError(
            f"cannot serve on {args.host} port {args.port}: {err.strerror or err}"
        ) from None
    return 0
