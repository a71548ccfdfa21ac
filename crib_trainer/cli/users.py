"""``crib-trainer users``: the members of a served trainer (``serve --users FILE``): add one,
give one a new password, take one off, list them."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TextIO

from crib_trainer.cli.common import PROG, UsageError


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register ``users`` and its actions."""
    users = sub.add_parser(
        "users",
        help="the members who sign in to `serve --users`",
        description="Manage the members of a served trainer: each signs in with a name "
        "and password (kept hashed with Argon2id, never in clear) and practises on a "
        "history of their own, the folder members/NAME beside the file.",
        epilog="Examples: users add alice | users add bob --file club.txt | users list | "
        "users remove bob --file club.txt | echo 'a long secret' | users add carol "
        "--password-stdin",
    )
    actions = users.add_subparsers(dest="action", metavar="ACTION", required=True)
    for action, text in (
        ("add", "add a member (asks for the password)"),
        ("password", "give a member a new password"),
        ("remove", "take a member off (the history folder stays)"),
        ("list", "list the members and their history folders"),
    ):
        parser = actions.add_parser(action, help=text, description=text[0].upper() + text[1:])
        if action != "list":
            parser.add_argument("name", metavar="NAME", help="the member's name")
        parser.add_argument(
            "--file",
            type=Path,
            help="the members file (default: members.txt in the trainer's data folder)",
        )
        if action in ("add", "password"):
            parser.add_argument(
                "--password-stdin",
                action="store_true",
                help="read the password from the first line of standard input",
            )
    users.set_defaults(run=cmd_users)


def read_password(name: str, from_stdin: bool) -> str:
    """The new password: the first line of standard input, or asked twice on the
    terminal without echo."""
    if from_stdin:
        return sys.stdin.readline().rstrip("\r\n")
    if not sys.stdin.isatty():
        raise UsageError("no terminal to ask the password on: pipe it in with --password-stdin")
    import getpass

    password = getpass.getpass(f"Password for {name}: ")
    if getpass.getpass("The same again: ") != password:
        raise UsageError("the two passwords differ: nothing changed")
    return password


def cmd_users(args: argparse.Namespace, out: TextIO) -> int:
    """``crib-trainer users ACTION``."""
    from crib_trainer.ui import members

    file = members.members_file(args.file)
    if args.action == "list":
        names = members.read_members(file)
        for name in names:
            print(f"{name}  (history: {members.home_of(file, name)})", file=out)
        if not names:
            print(f"No members in {file}: add one with {PROG} users add NAME", file=out)
        return 0
    name = members.check_name(args.name)
    if args.action == "remove":
        members.remove_member(file, name)
        home = members.home_of(file, name)
        print(f"Removed {name} from {file}; the history folder stays: {home}", file=out)
        return 0
    if args.action == "add" and file.exists() and name in members.read_members(file):
        raise UsageError(
            f"{name} is a member already (a new password: {PROG} users password {name})"
        )
    password = members.check_password(read_password(name, args.password_stdin))
    if args.action == "add":
        members.add_member(file, name, password)
        print(f"Added {name} to {file}; history folder: {members.home_of(file, name)}", file=out)
    else:
        members.set_password(file, name, password)
        print(f"New password for {name} in {file}", file=out)
    return 0
