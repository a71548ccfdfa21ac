"""The members of a served trainer (``crib-trainer serve --users FILE``): who may sign in,
with what password, and where each keeps a history.

The file is text, one member a line, ``NAME:HASH``, where HASH is the password hashed by
Argon2id (argon2-cffi, with its default cost: about 0.1 s and 64 MiB a check), never the
password itself; ``#`` starts a comment. ``crib-trainer users`` writes it (and only the
user who runs it can read it). Each member's history is a folder of its own beside the
file, ``members/NAME/``: that member's trainers run with ``CRIB_TRAINER_HOME`` set to it.

>>> check_name(" Alice ")
'alice'
>>> home_of(Path("/srv/club/members.txt"), "alice")
PosixPath('/srv/club/members/alice')
"""

from __future__ import annotations

import functools
import os
import re
import tempfile
from pathlib import Path

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

#: A member's name: what it may be (it names the member's folder too).
NAME = re.compile(r"[a-z0-9][a-z0-9._-]{0,31}")
NAME_RULE = "1 to 32 letters, digits, '.', '_' or '-', starting with a letter or a digit"

#: The shortest password ``users add`` takes.
SHORTEST_PASSWORD = 8

#: The members file's name in the trainer's data folder, where it is unless one is given.
DEFAULT_NAME = "members.txt"

HEADER = "# crib-trainer members, NAME:HASH a line (Argon2id); written by `crib-trainer users`\n"

_hasher = PasswordHasher()


class MemberError(ValueError):
    """A bad name, password or members file; the message says what would be right."""


def check_name(name: str) -> str:
    """The member's name as kept (lower case, no spaces around it), or ``MemberError``.

    >>> check_name("bob.smith")
    'bob.smith'
    >>> check_name("../etc")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    crib_trainer.ui.members.MemberError: a member's name is 1 to 32 letters, ..., not '../etc'
    """
    kept = name.strip().lower()
    if not NAME.fullmatch(kept):
        raise MemberError(f"a member's name is {NAME_RULE}, not {name!r}")
    return kept


def check_password(password: str) -> str:
    """The password, once it is long enough, or ``MemberError``.

    >>> check_password("short")
    Traceback (most recent call last):
    ...
    crib_trainer.ui.members.MemberError: the password is 5 characters long: give at least 8
    """
    if len(password) < SHORTEST_PASSWORD:
        raise MemberError(
            f"the password is {len(password)} characters long: give at least {SHORTEST_PASSWORD}"
        )
    return password


def members_file(given: Path | str | None = None) -> Path:
    """The members file: the one given, or :data:`DEFAULT_NAME` in the data folder."""
    if given:
        return Path(given).expanduser()
    from crib_trainer.storage.paths import data_dir

    return data_dir() / DEFAULT_NAME


def home_of(file: Path, name: str) -> Path:
    """The folder of ``name``'s history: ``members/NAME`` beside the members file."""
    return file.parent / "members" / check_name(name)


def read_members(file: Path) -> dict[str, str]:
    """Each member's name and password hash, in the file's order. ``MemberError`` names the
    file (and the line) when it cannot be read or a line is not ``NAME:HASH``."""
    try:
        text = file.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise MemberError(
            f"{file}: no such members file (make it with: crib-trainer users add NAME "
            f"--file {file})"
        ) from None
    except (OSError, UnicodeDecodeError) as err:
        raise MemberError(f"{file}: cannot read it ({getattr(err, 'strerror', err)})") from None
    members: dict[str, str] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        name, colon, hashed = line.strip().partition(":")
        if not colon or not NAME.fullmatch(name) or not hashed.startswith("$argon2"):
            raise MemberError(
                f"{file} line {number}: expected NAME:HASH as `crib-trainer users` writes it"
            )
        if name in members:
            raise MemberError(f"{file} line {number}: {name} is a member twice")
        members[name] = hashed
    return members


def write_members(file: Path, members: dict[str, str]) -> None:
    """Write the members file whole (a new file put in the old one's place, readable by
    its owner only), so a reader never sees half of it."""
    file.parent.mkdir(parents=True, exist_ok=True)
    text = HEADER + "".join(f"{name}:{hashed}\n" for name, hashed in members.items())
    handle, temporary = tempfile.mkstemp(dir=file.parent, prefix=f".{file.name}.")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(temporary, file)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def hash_password(password: str) -> str:
    """The password hashed (Argon2id, a fresh salt each time)."""
    return _hasher.hash(check_password(password))


def password_matches(hashed: str | None, password: str) -> bool:
    """Whether ``password`` is the one ``hashed`` was made from. With no hash (no such
    member) a check is made all the same, so an unknown name takes as long to refuse."""
    try:
        return _hasher.verify(hashed or _unknown(), password)
    except (VerificationError, InvalidHashError):
        return False


@functools.cache
def _unknown() -> str:
    """A hash no password matches (of random bytes), checked for names that are no
    member's."""
    return _hasher.hash(os.urandom(32).hex())


def add_member(file: Path, name: str, password: str) -> str:
    """Add a member (the name as kept); ``MemberError`` when already one."""
    name = check_name(name)
    members = read_members(file) if file.exists() else {}
    if name in members:
        raise MemberError(
            f"{name} is a member already (a new password: crib-trainer users password {name})"
        )
    members[name] = hash_password(password)
    write_members(file, members)
    return name


def set_password(file: Path, name: str, password: str) -> str:
    """Give a member a new password; ``MemberError`` when no member has that name."""
    name = check_name(name)
    members = read_members(file)
    if name not in members:
        raise MemberError(f"{name} is not a member of {file}")
    members[name] = hash_password(password)
    write_members(file, members)
    return name


def remove_member(file: Path, name: str) -> str:
    """Take a member off the file (the history folder stays); ``MemberError`` when no
    member has that name."""
    name = check_name(name)
    members = read_members(file)
    if members.pop(name, None) is None:
        raise MemberError(f"{name} is not a member of {file}")
    write_members(file, members)
    return name
