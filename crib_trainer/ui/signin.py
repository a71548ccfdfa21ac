"""Signing in to a served trainer (``crib-trainer serve --users FILE``): the form, the
password checked, and the cookie that says which member a browser is.

A sign-in lasts :data:`LIFETIME` seconds or until the server stops (the server keeps them
in memory only). The members file is read again at each sign-in and each new tab, so
``crib-trainer users`` can add, change and remove members while the server runs: a member
removed is signed out at the next tab. A refused sign-in answers after
:data:`REFUSAL_WAIT` seconds, and no more than :data:`CHECKS_AT_ONCE` passwords are checked
at a time (each check is about 0.1 s of work and 64 MiB), so guessing is slow and cannot
flood the server.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Callable
from pathlib import Path

import aiohttp_jinja2
from aiohttp import web

from crib_trainer.ui.members import (
    MemberError,
    check_name,
    home_of,
    password_matches,
    read_members,
)

#: The cookie that holds a browser's sign-in.
COOKIE = "crib_trainer_signin"

#: How long a sign-in lasts, in seconds (12 hours).
LIFETIME = 12 * 3600

#: Seconds a refused sign-in waits before it answers.
REFUSAL_WAIT = 1.0

#: Passwords checked at once, at most.
CHECKS_AT_ONCE = 2

log = logging.getLogger("crib_trainer.serve")


class SignIns:
    """The members of ``file`` and who is signed in (``secure``: the cookie only over
    https). ``clock`` gives seconds (a test passes its own)."""

    def __init__(
        self, file: Path, *, secure: bool, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.file = file
        self.secure = secure
        self.clock = clock
        self.tokens: dict[str, tuple[str, float]] = {}  # cookie -> (member, until)
        self.checking = asyncio.Semaphore(CHECKS_AT_ONCE)

    def routes(self) -> list[web.RouteDef]:
        """The form (``GET /signin``), the sign-in (``POST /signin``), ``POST /signout``."""
        return [
            web.get("/signin", self.form),
            web.post("/signin", self.sign_in),
            web.post("/signout", self.sign_out),
        ]

    def members(self) -> dict[str, str]:
        """The members as the file says now (none, said in one line, when it cannot be read)."""
        try:
            return read_members(self.file)
        except MemberError as err:
            log.warning("%s", err)
            return {}

    def member_of(self, request: web.Request) -> str | None:
        """The member this request's browser signed in as, or None."""
        token = request.cookies.get(COOKIE, "")
        name, until = self.tokens.get(token, ("", 0.0))
        if not name:
            return None
        if self.clock() >= until or name not in self.members():
            del self.tokens[token]
            return None
        return name

    def home_of(self, name: str) -> Path:
        """The folder of a member's history."""
        return home_of(self.file, name)

    async def form(self, request: web.Request) -> web.StreamResponse:
        """The sign-in form (the trainer, to a browser signed in already)."""
        if self.member_of(request) is not None:
            raise web.HTTPSeeOther("/")
        return page(request, name="", problem=None)

    async def sign_in(self, request: web.Request) -> web.StreamResponse:
        """Check the name and password posted: the trainer with a new sign-in cookie, or
        the form again (401) saying they did not match."""
        data = await request.post()
        given, password = str(data.get("name", "")), str(data.get("password", ""))
        try:
            name = check_name(given)
        except MemberError:
            name = ""
        hashed = self.members().get(name)
        async with self.checking:
            matches = await asyncio.to_thread(password_matches, hashed, password)
        if not (matches and hashed):
            log.warning("a sign-in as %r was refused: wrong name or password", given[:40])
            await asyncio.sleep(REFUSAL_WAIT)
            return page(request, name=given, problem="Wrong name or password.", status=401)
        now = self.clock()
        self.tokens = {t: entry for t, entry in self.tokens.items() if entry[1] > now}
        token = secrets.token_urlsafe(32)
        self.tokens[token] = (name, now + LIFETIME)
        signed_in = web.HTTPSeeOther("/")
        signed_in.set_cookie(
            COOKIE,
            token,
            max_age=LIFETIME,
            path="/",
            httponly=True,
            samesite="Strict",
            secure=self.secure,
        )
        raise signed_in

    async def sign_out(self, request: web.Request) -> web.StreamResponse:
        """Forget this browser's sign-in; the form."""
        self.tokens.pop(request.cookies.get(COOKIE, ""), None)
        signed_out = web.HTTPSeeOther("/signin")
        signed_out.del_cookie(COOKIE, path="/")
        raise signed_out


def page(
    request: web.Request, *, name: str, problem: str | None, status: int = 200
) -> web.Response:
    """The sign-in form, the name given kept in it and the problem, if any, said above."""
    context = {"name": name, "problem": problem}
    return aiohttp_jinja2.render_template("signin.html", request, context, status=status)
