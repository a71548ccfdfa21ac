"""The learner's records as the trainer uses them: one object, opened once, that every
screen goes through (no screen imports another storage module).

:meth:`Records.open` opens the history file and starts its writer (``storage.writer``:
answers go to a copy in memory at once and to the file behind the screen). Two things
are kept only in memory, each on purpose and in one place:

- **a history that cannot be written** (a read-only folder, a lock, a newer version):
  the records work from a copy in memory (``db.open_memory_copy``); what was learnt still
  shows, this run's answers and games count, nothing is written. :attr:`Records.problem`
  says why; :attr:`Records.keeping` is False.
- **a scorekeeper game whose save failed** (the file locked past the wait, a full disk):
  :attr:`Records.unsaved` keeps it under a negative id (never a stored one) until a save
  of it succeeds or the trainer closes; being newer than the file's copy, it is the one
  resumed.

Every read or write that fails raises :class:`StorageError` (one sentence for people);
the screen that asked says it.

>>> import tempfile, pathlib
>>> from datetime import UTC, datetime
>>> from crib_trainer.core.game import Game, GameConfig
>>> records = Records.open(pathlib.Path(tempfile.mkdtemp()) / "h.sqlite3")
>>> now = datetime(2026, 1, 5, tzinfo=UTC)
>>> game_id, error = records.save_game(Game.new(GameConfig()), None, now=now)
>>> error is None, records.unfinished_game()[0] == game_id, records.keeping
(True, True, True)
>>> records.close()
0
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING

from crib_trainer.storage import game_records, games, practice_games, progress
from crib_trainer.storage.db import (
    DEFAULT_BUSY_TIMEOUT_S,
    StorageError,
    Store,
    open_memory_copy,
    open_store,
)
from crib_trainer.storage.games import GameChangedError, SavedGame
from crib_trainer.storage.progress import PeriodStats, Summary
from crib_trainer.storage.writer import WriteBehind
from crib_trainer.training.attempt import Attempt

if TYPE_CHECKING:  # (the practice game's rules load when a game is saved or resumed, not
    # at start-up: they bring in every analysis the game grades with; a scorekeeper
    # game's rules load when one is read)
    from crib_trainer.core.game import Game
    from crib_trainer.training.gamerecord import GameOutcome
    from crib_trainer.training.practice import Practice, PracticeSettings

__all__ = [
    "DEFAULT_BUSY_TIMEOUT_S",
    "GameChangedError",
    "PeriodStats",
    "Records",
    "SavedGame",
    "StorageError",
    "Summary",
]


class Records:
    """The answers, the scorekeeper's games and the practice games of one run.

    ``store`` is the history file, or a copy in memory when it cannot be written
    (``problem`` then says why); ``writer`` carries answers to the file (None in memory).
    """

    def __init__(
        self,
        store: Store,
        writer: WriteBehind | None = None,
        *,
        problem: StorageError | None = None,
    ) -> None:
        self.store = store
        self.writer = writer
        self.problem = problem
        self.unsaved: dict[int, Game] = {}  # scorekeeper games whose save failed

    @classmethod
    def open(
        cls,
        path: Path | None = None,
        *,
        busy_timeout_s: float = DEFAULT_BUSY_TIMEOUT_S,
        on_change: Callable[[], object] = lambda: None,
    ) -> Records:
        """Open the history at ``path`` (default: the data folder's); if it cannot be
        opened for writing, a copy in memory (see the module notes). ``on_change`` is the
        writer's: called from its thread after each pass over the waiting answers."""
        try:
            store = open_store(path, busy_timeout_s=busy_timeout_s)
        except StorageError as err:
            return cls(open_memory_copy(path), problem=err)
        mirror = open_memory_copy(store.path, checked=True)  # (open_store checked it)
        return cls(store, WriteBehind(store, mirror, on_change=on_change))

    @property
    def keeping(self) -> bool:
        """Whether answers and games reach the history file (not a copy in memory)."""
        return self.problem is None

    @property
    def history(self) -> WriteBehind | Store:
        """Where answers are loaded from and saved to (a ``training.session.History``)."""
        return self.writer or self.store

    @property
    def _answers(self) -> Store:
        """The store the answers are read from: the writer's copy, which has them all."""
        return self.writer.mirror if self.writer is not None else self.store

    def close(self) -> int:
        """Write the answers still waiting and close; returns how many the file still
        refused (lost)."""
        unkept = 0
        if self.writer is not None:
            unkept = self.writer.close()  # (waits for the answers not yet written)
            self.writer.mirror.close()
        self.store.close()
        return unkept

    # -- the answers, as the screens show them (``storage.progress``)

    def summary(self, now: datetime) -> Summary:
        """Answers today and in all, accuracy, streaks."""
        return progress.summary(self._answers, now)

    def accuracy_over_time(
        self, *, period: progress.Period, since: datetime, now: datetime
    ) -> list[PeriodStats]:
        """Accuracy and mean time per day or week from ``since`` to the end of ``now``'s
        day: an answer dated later (a clock once set years ahead, a file changed by hand)
        is left out rather than stretching the span to it."""
        end = progress.midnight(now) + timedelta(days=1)
        return progress.accuracy_over_time(
            self._answers, period=period, since=since, until=end, now=now
        )

    def recent_mistakes(self, limit: int) -> list[Attempt]:
        """The latest wrong answers, newest first."""
        return progress.recent_mistakes(self._answers, limit)

    def count_attempts(self) -> int:
        """How many answers there are."""
        return progress.count_attempts(self._answers)

    def attempts(self, kind: str) -> list[Attempt]:
        """Every answer of one drill kind, oldest first."""
        return progress.attempts(self._answers, kind=kind)

    # -- the scorekeeper's games (``storage.games``)

    def save_game(
        self, game: Game, game_id: int | None, *, now: datetime, replacing: Game | None = None
    ) -> tuple[int, StorageError | None]:
        """Keep a game after each entry: its id, and None once the file has it, else the
        error (the game is then kept in :attr:`unsaved`, and its next save tries again).
        ``replacing`` is the game as this window last saved it: if another window has
        changed it since, ``GameChangedError``."""
        stored_id = game_id if game_id is not None and game_id > 0 else None
        if game_id in self.unsaved:  # the file holds an older copy we failed to replace
            replacing = None
        try:
            new_id = games.save_game(self.store, game, stored_id, now=now, replacing=replacing)
        except GameChangedError:
            raise
        except StorageError as err:
            if game_id is None:
                game_id = min([*self.unsaved, 0]) - 1  # (negative: never a stored id)
            self.unsaved[game_id] = game
            return game_id, err
        if game_id is not None:
            self.unsaved.pop(game_id, None)
        return new_id, None

    def unfinished_game(self) -> tuple[int, Game] | None:
        """The most recent game not yet won, to resume: one kept in :attr:`unsaved` first
        (it is newer than the file's copy), else the file's."""
        for game_id in sorted(self.unsaved, key=abs, reverse=True):
            if self.unsaved[game_id].state().winner is None:
                return game_id, self.unsaved[game_id]
        return games.unfinished_game(self.store)

    def finished_games(self, limit: int) -> list[SavedGame]:
        """Games played to the end, the most recent first."""
        return games.finished_games(self.store, limit=limit)

    def last_game(self) -> Game | None:
        """The game played most recently, finished or not (its settings start the next)."""
        return games.last_game(self.store)

    def write_game_log(self, game: Game, game_id: int | None, *, now: datetime) -> Path:
        """Write the game as a log into the data folder's ``games``; returns the path."""
        return games.write_game_log(game, game_id, now=now)

    # -- the practice games (``storage.practice_games``)

    def save_practice(self, practice: Practice, game_id: int | None, *, now: datetime) -> int:
        """Save a practice game after a move (a new row when ``game_id`` is None); its id.
        A finished game's outcome goes into the record across games as well."""
        game_id = practice_games.save_practice(self.store, practice, game_id, now=now)
        if practice.over:
            from crib_trainer.training.gamerecord import outcome_of

            game_records.record_game(self.store, game_id, outcome_of(practice, now))
        return game_id

    def game_outcomes(self) -> list[GameOutcome]:
        """Every finished practice game's outcome, oldest first (the record across games)."""
        return game_records.game_outcomes(self.store)

    def unfinished_practice(self) -> tuple[int, Practice] | None:
        """The practice game most recently played and not yet won, if any."""
        return practice_games.unfinished_practice(self.store)

    def last_practice_settings(self) -> PracticeSettings | None:
        """The settings of the practice game played most recently (they start the next)."""
        return practice_games.last_practice_settings(self.store)
