"""``crib-trainer serve``: the trainer as a web page, one trainer process per browser tab."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from crib_trainer.cli.common import PROG, UsageError

if TYPE_CHECKING:
    import ssl


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register ``serve`` (where, how many, who)."""
    serve = sub.add_parser(
        "serve",
        help="the trainer as a web page (each browser tab its own trainer)",
        description="Serve the trainer as a web page until ctrl+c. Each browser tab runs "
        "its own trainer: on your history, or, with --users, on the history of the member "
        "signed in. Served on anything but this machine it needs --users (sign-in) or "
        "--no-login (anyone who reaches it uses your history).",
        epilog="Examples: serve | serve --port 8001 | "
        "serve --host 0.0.0.0 --users club.txt --certfile cert.pem --keyfile key.pem",
    )
    serve.add_argument(
        "--host", default="localhost", help="the address to listen on (default localhost)"
    )
    serve.add_argument(
        "--port", type=port_number, default=8000, help="the port to listen on (default 8000)"
    )
    serve.add_argument(
        "--max-sessions",
        type=count_of("tabs"),
        metavar="N",
        help="tabs open at once, at most (default: 8 a core, within a quarter of the "
        "memory at 80 MiB a tab); one more gets a page saying the trainer is full",
    )
    serve.add_argument(
        "--idle-minutes",
        type=minutes,
        default=None,
        metavar="M",
        help="close a tab after M minutes without a key, click or resize (default 30)",
    )
    who = serve.add_mutually_exclusive_group()
    who.add_argument(
        "--users",
        nargs="?",
        const="",
        metavar="FILE",
        help="members sign in, each to a history of their own (FILE: the members file "
        "`crib-trainer users` keeps; default members.txt in the trainer's data folder)",
    )
    who.add_argument(
        "--no-login",
        action="store_true",
        help="serve on a network address with no sign-in: anyone who reaches it uses your history",
    )
    serve.add_argument(
        "--certfile", type=Path, metavar="FILE", help="serve https with this certificate (PEM)"
    )
    serve.add_argument(
        "--keyfile",
        type=Path,
        metavar="FILE",
        help="the certificate's private key (PEM), if not in --certfile",
    )
    serve.set_defaults(run=cmd_serve)


def port_number(text: str) -> int:
    """A TCP port, 1–65535 (argparse quotes the text when this raises ``ValueError``)."""
    port = int(text.strip(), 10)
    if not 1 <= port <= 65535:
        raise ValueError(text)
    return port


port_number.__name__ = "port (1-65535)"  # what argparse calls it in its error


def count_of(what: str):  # type: ignore[no-untyped-def]
    """A whole number of ``what``, 1–10000, for argparse."""

    def count(text: str) -> int:
        number = int(text.strip(), 10)
        if not 1 <= number <= 10_000:
            raise ValueError(text)
        return number

    count.__name__ = f"number of {what} (1-10000)"
    return count


def minutes(text: str) -> float:
    """Minutes, more than 0 and at most a week (fractions allowed: 0.5 is 30 s)."""
    value = float(text.strip())
    if not 0 < value <= 7 * 24 * 60:
        raise ValueError(text)
    return value


minutes.__name__ = "minutes (more than 0, at most 10080)"


def warning(host: str, login: bool, https: bool) -> str | None:
    """The line said before serving on anything but this machine, or None.

    >>> warning("localhost", login=False, https=False) is None
    True
    >>> warning("0.0.0.0", login=False, https=False).split(": ")[:3]
    ['crib-trainer serve', 'warning', 'serving on 0.0.0.0 with no login']
    >>> warning("0.0.0.0", login=True, https=False).split(": ")[2]
    'serving on 0.0.0.0 over plain http'
    >>> warning("0.0.0.0", login=True, https=True) is None
    True
    """
    from crib_trainer.ui.web import is_loopback

    if is_loopback(host):
        return None
    if not login:
        return (
            f"{PROG} serve: warning: serving on {host} with no login: anyone who "
            "can reach it can use the trainer and read and change your history"
        )
    if not https:
        return (
            f"{PROG} serve: warning: serving on {host} over plain http: passwords cross "
            "the network readable (give --certfile and --keyfile for https)"
        )
    return None


def tls_context(certfile: Path | None, keyfile: Path | None) -> ssl.SSLContext | None:
    """The https set-up for ``--certfile``/``--keyfile``, or None for http; ``UsageError``
    in one line when they cannot be read."""
    if certfile is None:
        if keyfile is not None:
            raise UsageError("--keyfile needs --certfile, the certificate it belongs to")
        return None
    import ssl

    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    try:
        context.load_cert_chain(certfile, keyfile)
    except ssl.SSLError as err:  # (an OSError too: first)
        raise UsageError(
            f"{certfile}{' and ' + str(keyfile) if keyfile else ''} are not a PEM "
            f"certificate and its private key ({err.reason or err})"
        ) from None
    except OSError as err:
        raise UsageError(
            f"cannot read the certificate or key ({err.filename or certfile}): "
            f"{err.strerror or err}"
        ) from None
    return context


def cmd_serve(args: argparse.Namespace, out: TextIO) -> int:
    """``crib-trainer serve``: the trainer as a web page until ctrl+c."""
    from crib_trainer.ui import web

    if not args.host.strip():
        raise UsageError("--host is empty: give a name or an address, e.g. localhost")
    if not web.is_loopback(args.host) and args.users is None and not args.no_login:
        raise UsageError(
            f"--host {args.host} lets others on the network in: give --users FILE so "
            "members sign in, or --no-login to let anyone who reaches it use your history"
        )
    members = None
    if args.users is not None:
        from crib_trainer.ui.members import members_file, read_members

        given = members_file(args.users)
        members = given.resolve()
        if not read_members(given):
            raise UsageError(
                f"{given} has no members: add one with {PROG} users add NAME --file {given}"
            )
    tls = tls_context(args.certfile, args.keyfile)
    settings = web.Settings(
        host=args.host,
        port=args.port,
        max_sessions=args.max_sessions or web.default_max_sessions(),
        idle_seconds=(args.idle_minutes or web.IDLE_MINUTES) * 60,
        members=members,
        tls=tls,
    )
    try:
        web.serve(settings, out, warning(args.host, members is not None, tls is not None))
    except OSError as err:
        raise UsageError(
            f"cannot serve on {args.host} port {args.port}: {err.strerror or err}"
        ) from None
    return 0
