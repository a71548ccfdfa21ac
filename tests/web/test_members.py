"""The served trainer with members (``serve --users FILE``): the file, signing in, and each
member on a history of his own (without a browser; tests/web/test_browser.py has one)."""

from __future__ import annotations

import asyncio
import stat
import time

import aiohttp
import pytest
from argon2 import PasswordHasher, extract_parameters

from crib_trainer.storage.paths import DATABASE_NAME, database_path
from crib_trainer.ui.members import (
    MemberError,
    add_member,
    home_of,
    password_matches,
    read_members,
    remove_member,
    set_password,
)
from crib_trainer.ui.signin import COOKIE, REFUSAL_WAIT
from tests.web.conftest import PASSWORDS, start_server, stop
from tests.web.test_server import open_tab

# -- the file


def test_the_file_holds_hashes_never_passwords_and_only_its_owner_reads_it(club):
    text = club.read_text()
    assert all(password not in text for password in PASSWORDS.values())
    members = read_members(club)
    assert list(members) == ["alice", "bob"]
    assert all(hashed.startswith("$argon2id$") for hashed in members.values())
    assert password_matches(members["alice"], PASSWORDS["alice"])
    assert not password_matches(members["alice"], PASSWORDS["bob"])
    assert not password_matches(None, PASSWORDS["bob"])  # no such member
    assert stat.S_IMODE(club.stat().st_mode) == 0o600


def test_a_password_is_hashed_at_the_served_trainers_cost(tmp_path):
    """argon2-cffi's default cost, which the other tests skip (``cheap_hashes``)."""
    add_member(tmp_path / "one.txt", "carol", "a long secret")
    cost = extract_parameters(read_members(tmp_path / "one.txt")["carol"])
    default = PasswordHasher()
    assert (cost.time_cost, cost.memory_cost, cost.parallelism) == (
        default.time_cost,
        default.memory_cost,
        default.parallelism,
    )
    assert cost.type.name == "ID"


def test_a_password_hashes_differently_each_time(tmp_path, cheap_hashes):
    one, two = tmp_path / "one.txt", tmp_path / "two.txt"
    add_member(one, "carol", "the same secret")
    add_member(two, "carol", "the same secret")
    assert read_members(one)["carol"] != read_members(two)["carol"]  # (salted)


def test_add_change_and_remove(club, cheap_hashes):
    with pytest.raises(MemberError, match="alice is a member already"):
        add_member(club, "Alice", "another secret")
    set_password(club, "alice", "a new long secret")
    assert password_matches(read_members(club)["alice"], "a new long secret")
    assert not password_matches(read_members(club)["alice"], PASSWORDS["alice"])
    remove_member(club, "bob")
    assert list(read_members(club)) == ["alice"]
    with pytest.raises(MemberError, match="bob is not a member of"):
        remove_member(club, "bob")
    with pytest.raises(MemberError, match="bob is not a member of"):
        set_password(club, "bob", "a new long secret")


@pytest.mark.parametrize(
    ("line", "error"),
    [
        ("alice", "line 2: expected NAME:HASH as `crib-trainer users` writes it"),
        ("alice:secret", "line 2: expected NAME:HASH as `crib-trainer users` writes it"),
        ("../x:$argon2id$v=19$", "line 2: expected NAME:HASH as `crib-trainer users` writes it"),
    ],
)
def test_a_bad_line_is_named(tmp_path, line, error):
    file = tmp_path / "members.txt"
    file.write_text(f"# members\n{line}\n")
    with pytest.raises(MemberError) as raised:
        read_members(file)
    assert str(raised.value) == f"{file} {error}"


def test_a_member_twice_is_named(tmp_path, club):
    club.write_text(club.read_text() + club.read_text().splitlines()[1] + "\n")
    with pytest.raises(MemberError, match="line 4: alice is a member twice"):
        read_members(club)


def test_each_member_has_a_folder_beside_the_file(club):
    assert home_of(club, "alice") == club.parent / "members" / "alice"
    with pytest.raises(MemberError):
        home_of(club, "../bob")


# -- signing in


async def sign_in(http: aiohttp.ClientSession, address: str, name: str, password: str):
    """Post the sign-in form as the page does; the response (not followed)."""
    form = {"name": name, "password": password}
    headers = {"Origin": address.rstrip("/")}
    return await http.post(
        address + "signin", data=form, headers=headers, allow_redirects=False, ssl=False
    )


@pytest.fixture
def club_server(club):
    server, address = start_server("--users", str(club))
    try:
        yield address
    finally:
        stop(server)


@pytest.mark.slow
async def test_a_browser_not_signed_in_gets_the_form_and_no_trainer(club_server):
    async with aiohttp.ClientSession() as http:
        async with http.get(club_server, allow_redirects=False) as page:
            assert (page.status, page.headers["Location"]) == (303, "/signin")
        async with http.get(club_server + "signin") as form:
            text = await form.text()
            assert form.status == 200 and '<form method="post" action="/signin">' in text
        url = club_server.replace("http:", "ws:") + "ws?width=80&height=24"
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await http.ws_connect(url)
        assert refused.value.status == 403


WRONG = [("alice", PASSWORDS["bob"]), ("carol", PASSWORDS["bob"]), ("../bob", PASSWORDS["bob"])]


@pytest.mark.slow
async def test_a_wrong_name_or_password_is_refused_after_a_wait(club):
    server, address = start_server("--users", str(club))

    async def refused(http: aiohttp.ClientSession, name: str, password: str) -> float:
        start = time.monotonic()
        async with await sign_in(http, address, name, password) as refused:
            assert refused.status == 401
            assert "Wrong name or password." in await refused.text()
            assert COOKIE not in refused.cookies
        return time.monotonic() - start

    try:
        async with aiohttp.ClientSession() as http:
            waits = await asyncio.gather(*(refused(http, *wrong) for wrong in WRONG))
            assert min(waits) >= REFUSAL_WAIT
            async with http.get(address, allow_redirects=False) as page:
                assert page.status == 303
    finally:
        log = stop(server)
    assert sorted(log.splitlines()) == sorted(
        f"crib-trainer serve: a sign-in as {name!r} was refused: wrong name or password"
        for name, _ in WRONG
    )


@pytest.mark.slow
async def test_each_member_signed_in_trains_on_a_history_of_his_own(club, club_server):
    async with aiohttp.ClientSession() as alice, aiohttp.ClientSession() as bob:
        async with await sign_in(alice, club_server, "Alice", PASSWORDS["alice"]) as signed:
            assert (signed.status, signed.headers["Location"]) == (303, "/")
            cookie = signed.cookies[COOKIE]
            assert cookie["httponly"] and cookie["samesite"] == "Strict"
            assert cookie["path"] == "/" and not cookie["secure"]  # (http: no Secure)
        async with alice.get(club_server) as page:
            assert page.status == 200 and "alice" in await page.text()
        tab = await open_tab(alice, club_server)
        await tab.close()
        assert (home_of(club, "alice") / DATABASE_NAME).is_file()
        assert not home_of(club, "bob").exists()
        assert not database_path().exists()  # (not the history of the one who serves)
        async with await sign_in(bob, club_server, "bob", PASSWORDS["bob"]):
            pass
        tab = await open_tab(bob, club_server)
        await tab.close()
        assert (home_of(club, "bob") / DATABASE_NAME).is_file()


@pytest.mark.slow
async def test_signing_out_and_being_removed_end_a_sign_in(club, club_server):
    async with aiohttp.ClientSession() as alice, aiohttp.ClientSession() as bob:
        async with await sign_in(alice, club_server, "alice", PASSWORDS["alice"]):
            pass
        async with await sign_in(bob, club_server, "bob", PASSWORDS["bob"]):
            pass
        headers = {"Origin": club_server.rstrip("/")}
        async with alice.post(
            club_server + "signout", headers=headers, allow_redirects=False
        ) as out:
            assert (out.status, out.headers["Location"]) == (303, "/signin")
        remove_member(club, "bob")
        for http in (alice, bob):
            async with http.get(club_server, allow_redirects=False) as page:
                assert page.status == 303


@pytest.mark.slow
async def test_the_form_posted_from_another_site_is_refused(club_server):
    async with aiohttp.ClientSession() as http:
        form = {"name": "alice", "password": PASSWORDS["alice"]}
        headers = {"Origin": "https://evil.example"}
        async with http.post(club_server + "signin", data=form, headers=headers) as refused:
            assert refused.status == 403


@pytest.mark.slow
async def test_https_with_members(club, certificate):
    cert, key = certificate
    options = ("--users", str(club), "--certfile", str(cert), "--keyfile", str(key))
    server, address = start_server(*options, scheme="https")
    try:
        async with aiohttp.ClientSession() as http:
            async with await sign_in(http, address, "alice", PASSWORDS["alice"]) as signed:
                assert signed.status == 303 and signed.cookies[COOKIE]["secure"]
            async with http.get(address, ssl=False) as page:
                assert page.status == 200
                host = address.removeprefix("https://").strip("/")
                assert f'data-session-websocket-url="wss://{host}/ws"' in await page.text()
                assert f"connect-src 'self' wss://{host}" in page.headers["Content-Security-Policy"]
    finally:
        stop(server)
