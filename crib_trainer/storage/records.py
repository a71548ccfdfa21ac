"""The learner's records as the trainer uses them: one object, opened once, that every
screen goes through (no screen imports another storage module).

:meth:`Records.open` opens the history file and starts its writer (``storage.writer``:
answers and saved games go to a copy in memory at once, and to the file behind the
screen; every read is from the copy). Two things are kept only in memory, each on purpose
and in one place:

- **a history that cannot be written** (a read-only folder, a lock, a newer version):
  the records work from a copy in memory (``db.open_memory_copy``); what was learnt still
  shows, this run's answers and games count, nothing is written. :attr:`Records.problem`
  says why; :attr:`Records.keeping` is False.
- **what the file refuses** (locked past the wait, a full disk): it waits in the
  writer's queue, tried again, and counts everywhere meanwhile; :meth:`Records.close`
  says what was still refused (``Unkept``).

A saved game that does not read (changed outside the trainer: ``storage.saves``) is set
aside: copied into the ``set-aside`` folder beside the history, dropped from it, and said
once in :attr:`Records.notes`. A scorekeeper game another window changed meanwhile is
not written over: :meth:`Records.take_conflicts` gives it back as saved there.

Every read or write that fails raises :class:`StorageError` (one sentence for people);
the screen that asked says it.

>>> import tempfile, pathlib
>>> from datetime import UTC, datetime
>>> from crib_trainer.core.game import Game, GameConfig
>>> records = Records.open(pathlib.Path(tempfile.mkdtemp()) / "h.sqlite3")
>>> now = datetime(2026, 1, 5, tzinfo=UTC)
>>> game_id = records.save_game(Game.new(GameConfig()), None, now=now)
>>> records.unfinished_game()[0] == game_id, records.keeping
(True, True)
>>> records.close()
Unkept(answers=0, games=0)
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING

from crib_trainer.storage import game_records, games, practice_games, progress, saves
from crib_trainer.storage.db import (
    DEFAULT_BUSY_TIMEOUT_S,
    StorageError,
    Store,
    open_memory_copy,
    open_store,
)
from crib_trainer.storage.games import GameChangedError, SavedGame
from crib_trainer.storage.paths import database_path
from crib_trainer.storage.progress import PeriodStats, Summary
from crib_trainer.storage.saves import Damaged, SaveError
from crib_trainer.storage.writer import RowDrop, RowSave, Unkept, WriteBehind
from crib_trainer.training.attempt import Attempt

if TYPE_CHECKING:  # (the practice game's rules load when a game is saved or resumed, not
    # at start-up: they bring in every analysis it grades with; a scorekeeper
    # game's rules load when one is read)
    from crib_trainer.core.game import Game
    from crib_trainer.training.game.game_analysis import GameAnalysis
    from crib_trainer.training.game.gamerecord import GameOutcome
    from crib_trainer.training.game.practice import Practice, PracticeSettings
    from crib_trainer.training.learning.coach import GameDecisions

__all__ = [
    "DEFAULT_BUSY_TIMEOUT_S",
    "GameChangedError",
    "PeriodStats",
    "Records",
    "SavedGame",
    "StorageError",
    "Summary",
    "Unkept",
]


class Records:
    """The answers, the scorekeeper's games and the practice games of one run.

    ``store`` is the history file, or a copy in memory when it cannot be written
    (``problem`` then says why); ``writer`` carries answers and games to the file (None
    in memory). ``folder`` is the history's (saves that do not read are set aside there).
    """

    def __init__(
        self,
        store: Store,
        writer: WriteBehind | None = None,
        *,
        problem: StorageError | None = None,
        folder: Path | None = None,
    ) -> None:
        self.store = store
        self.writer = writer
        self.problem = problem
        self.folder = folder or database_path().parent
        self.notes: list[str] = []  # saves set aside this run, one line each (for Home)
        self._noted: set[tuple[str, int]] = set()
        self._outcomes: game_records.Cache = {}  # (games saved before they kept one)

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
        writer's: called from its thread after each pass over what waits."""
        folder = (path or database_path()).parent
        try:
            store = open_store(path, busy_timeout_s=busy_timeout_s)
        except StorageError as err:
            return cls(open_memory_copy(path), problem=err, folder=folder)
        mirror = open_memory_copy(store.path, checked=True)  # (open_store checked it)
        return cls(store, WriteBehind(store, mirror, on_change=on_change), folder=folder)

    @property
    def keeping(self) -> bool:
        """Whether answers and games reach the history file (not a copy in memory)."""
        return self.problem is None

    @property
    def history(self) -> WriteBehind | Store:
        """Where answers are loaded from and saved to (a ``training.session.History``)."""
        return self.writer or self.store

    @property
    def _copy(self) -> Store:
        """The store everything is read from: the writer's copy, which has it all."""
        return self.writer.mirror if self.writer is not None else self.store

    def close(self) -> Unkept:
        """Write the answers and games still waiting (while the file stays locked, for
        ``storage.writer.CLOSE_WAIT_S`` at most) and close; returns what the file still
        refused (lost)."""
        unkept = Unkept()
        if self.writer is not None:
            unkept = self.writer.close()
            self.writer.mirror.close()
        self.store.close()
        return unkept

    # -- the answers, as the screens show them (``storage.progress``)

    def summary(self, now: datetime) -> Summary:
        """Answers today and in all, accuracy, streaks."""
        return progress.summary(self._copy, now)

    def accuracy_over_time(
        self, *, period: progress.Period, since: datetime, now: datetime
    ) -> list[PeriodStats]:
        """Accuracy and mean time per day or week from ``since`` to the end of ``now``'s
        day: an answer dated later (a clock once set years ahead, a file changed by hand)
        is left out rather than stretching the span to it."""
        end = progress.midnight(now) + timedelta(days=1)
        return progress.accuracy_over_time(
            self._copy, period=period, since=since, until=end, now=now
        )

    def recent_mistakes(self, limit: int) -> list[Attempt]:
        """The latest wrong answers, newest first."""
        return progress.recent_mistakes(self._copy, limit)

    def count_attempts(self) -> int:
        """How many answers there are."""
        return progress.count_attempts(self._copy)

    def attempts(self, kind: str) -> list[Attempt]:
        """Every answer of one drill kind, oldest first."""
        return progress.attempts(self._copy, kind=kind)

    # -- the scorekeeper's games (``storage.games``)

    def save_game(self, game: Game, game_id: int | None, *, now: datetime) -> int:
        """Keep a game after each entry (a new one when ``game_id`` is None): in the copy
        at once, in the file behind the screen; returns its id. If another window has
        changed the file's copy meanwhile, it is not written over (:meth:`take_conflicts`)."""
        data, finished = games.game_data(game)
        return self._save_row("games", game_id, data, finished, now, check=True)

    def take_conflicts(self) -> list[tuple[int, GameChangedError]]:
        """The scorekeeper games another window changed while this one saved them: each
        id, with the game as saved there, which the copy takes. (One saved there that
        does not read is written over with ours.)"""
        writer = self.writer
        found: list[tuple[int, GameChangedError]] = []
        for table, key in list(writer.conflicts) if writer is not None else []:
            assert writer is not None
            text = writer.take_conflict(table, key)
            if text is None:
                continue
            try:
                theirs = games.read_game(text)
            except SaveError:  # (not a game: ours is written over it, expecting it)
                ours = saves.row_text(self._copy, table, key)
                if ours is not None:
                    finished = games.read_game(ours).state().winner is not None
                    stamp = datetime.now().astimezone().isoformat()
                    writer.save_row(RowSave(table, key, ours, finished, stamp, False, text))
                continue
            _, finished = games.game_data(theirs)
            with self._copy.write() as conn:
                conn.execute(
                    f"UPDATE {table} SET game = ?, finished = ? WHERE id = ?",
                    (text, int(finished), key),
                )
            found.append((key, GameChangedError(theirs)))
        return found

    def unfinished_game(self) -> tuple[int, Game] | None:
        """The most recent game not yet won, to resume."""
        damaged: list[Damaged] = []
        try:
            return games.unfinished_game(self._copy, damaged)
        finally:
            self._set_aside(damaged)

    def finished_games(self, limit: int) -> list[SavedGame]:
        """Games played to the end, the most recent first."""
        damaged: list[Damaged] = []
        try:
            return games.finished_games(self._copy, limit=limit, damaged=damaged)
        finally:
            self._set_aside(damaged)

    def last_game(self) -> Game | None:
        """The game played most recently, finished or not (its settings start the next)."""
        damaged: list[Damaged] = []
        try:
            return games.last_game(self._copy, damaged)
        finally:
            self._set_aside(damaged)

    def game_analysis(self, game: Game) -> GameAnalysis | None:
        """The analysis kept for a game (``storage.analyses``), or None."""
        from crib_trainer.storage.analyses import FOLDER, load_analysis

        return load_analysis(self.store.path.parent / FOLDER, game)

    def game_decisions(self) -> list[GameDecisions]:
        """Your graded decisions in each finished game, as the coach reads them (kept
        analyses, else the shows alone: ``storage.analyses.game_decisions``)."""
        from crib_trainer.storage.analyses import game_decisions

        return game_decisions(self.store)[0]

    def keep_game_analysis(self, game: Game, analysis: GameAnalysis) -> None:
        """Keep a game's analysis beside the history (a ``StorageError`` if it cannot)."""
        from crib_trainer.storage.analyses import FOLDER, save_analysis

        save_analysis(self.store.path.parent / FOLDER, game, analysis)

    def write_game_log(self, game: Game, game_id: int | None, *, now: datetime) -> Path:
        """Write the game as a log into the data folder's ``games``; returns the path."""
        return games.write_game_log(game, game_id, now=now)

    # -- the practice games (``storage.practice_games``)

    def save_practice(self, practice: Practice, game_id: int | None, *, now: datetime) -> int:
        """Save a practice game after a move (a new row when ``game_id`` is None): in the
        copy at once, in the file behind the screen; returns its id."""
        data, over = practice_games.practice_data(practice)
        return self._save_row("practice_games", game_id, data, over, now, check=False)

    def unfinished_practice(self) -> tuple[int, Practice] | None:
        """The practice game most recently played and not yet won, if any."""
        damaged: list[Damaged] = []
        try:
            return practice_games.unfinished_practice(self._copy, damaged)
        finally:
            self._set_aside(damaged)

    def last_practice_settings(self) -> PracticeSettings | None:
        """The settings of the practice game played most recently (they start the next)."""
        return practice_games.last_practice_settings(self._copy)

    def game_outcomes(self) -> list[GameOutcome]:
        """Every finished practice game's outcome, oldest first (the record across games;
        ``storage.game_records``)."""
        return game_records.game_outcomes(self._copy, self._outcomes)

    # -- what waits, what is set aside

    @property
    def waiting_games(self) -> int:
        """Saved games not yet in the file (each game once)."""
        return self.writer.waiting_games if self.writer is not None else 0

    def _save_row(
        self,
        table: str,
        game_id: int | None,
        data: str,
        finished: bool,
        now: datetime,
        *,
        check: bool,
    ) -> int:
        copy = self._copy
        before = saves.row_text(copy, table, game_id) if game_id is not None else None
        stamp = now.isoformat()
        with copy.write() as conn:
            row_id = saves.put_row(conn, table, game_id, data=data, finished=finished, stamp=stamp)
        if self.writer is not None:
            new = game_id is None or before is None
            expect = before if check else None
            self.writer.save_row(RowSave(table, row_id, data, finished, stamp, new, expect))
        return row_id

    def _set_aside(self, damaged: list[Damaged]) -> None:
        """Copy each save that does not read into the ``set-aside`` folder, drop it from
        the history, and note it in one line (once)."""
        for row in damaged:
            if (row.table, row.id) in self._noted:
                continue
            self._noted.add((row.table, row.id))
            what = row.what[0].upper() + row.what[1:]
            try:
                path = saves.set_aside(self._copy, row, self.folder / "set-aside")
            except (OSError, StorageError) as err:
                why = getattr(err, "strerror", None) or str(err)
                self.notes.append(
                    f"{what} could not be read ({row.reason}); it could not be set aside "
                    f"({why}), so it stays in your history file, unused."
                )
                continue
            with self._copy.write() as conn:
                conn.execute(f"DELETE FROM {row.table} WHERE id = ?", (row.id,))
            if self.writer is not None:
                self.writer.drop_row(RowDrop(row.table, row.id, row.updated_at))
            self.notes.append(
                f"{what} could not be read ({row.reason}); it was set aside as {path}."
            )
