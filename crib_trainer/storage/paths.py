"""Where the learner's history lives.

The platform's user data directory for ``crib-trainer`` (``~/.local/share/crib-trainer``
on Linux, ``~/Library/Application Support/crib-trainer`` on macOS,
``%LOCALAPPDATA%\\crib-trainer`` on Windows), or ``$CRIB_TRAINER_HOME`` when it is set
(the tests always set it to a temporary directory).

>>> database_path().name
'history.sqlite3'
"""

from __future__ import annotations

import os
from pathlib import Path

APP_NAME = "crib-trainer"
HOME_ENV = "CRIB_TRAINER_HOME"
DATABASE_NAME = "history.sqlite3"


def data_dir() -> Path:
    """The directory for the learner's data (not created here). Raises ``ValueError`` when
    ``CRIB_TRAINER_HOME`` starts with ``~user`` for a user the system does not know."""
    override = os.environ.get(HOME_ENV, "").strip()
    if override:
        try:
            return Path(override).expanduser()
        except RuntimeError:  # ~name of a user this system does not know
            raise ValueError(
                f"{HOME_ENV} is {override!r}, but there is no such user's home folder here; "
                "set it to a folder path"
            ) from None
    import platformdirs

    return platformdirs.user_data_path(APP_NAME, appauthor=False)


def database_path() -> Path:
    """The history database: ``data_dir() / "history.sqlite3"``."""
    return data_dir() / DATABASE_NAME
