"""When the history file cannot be opened for writing (a read-only folder, a lock), the
trainer works from a copy in memory: what was learnt still shows, this session's answers
count, and nothing is written."""

from __future__ import annotations

from textual.widgets import Static

import crib_trainer.storage.records as records_module
from crib_trainer.storage.db import StorageError, open_store
from crib_trainer.storage.progress import count_attempts
from crib_trainer.ui.screens.count import CountScreen
from crib_trainer.ui.screens.progress import ProgressScreen
from tests.ui.conftest import seed_history

SIZE = (80, 24)


def stored_answers() -> int:
    with open_store() as store:
        return count_attempts(store)


async def test_history_that_cannot_be_written_is_shown_and_left_alone(app, monkeypatch):
    seed_history(days=5)
    before = stored_answers()

    def refuse(path=None, **_):
        raise StorageError("Cannot write your history: the folder is read-only.")

    monkeypatch.setattr(records_module, "open_store", refuse)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        today = str(app.screen.query_one("#today", Static).render())
        assert f"{before} in all" in today and "not being saved" in today
        await pilot.press("1")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, CountScreen)
        await pilot.press(*str(screen.breakdown.total), "enter")
        await pilot.pause()
        assert count_attempts(app.records.store) == before + 1  # counted for this session
        await pilot.press("escape", "8")
        await pilot.pause()
        assert isinstance(app.screen, ProgressScreen)
        note = str(app.screen.query_one("#progress-note", Static).render())
        assert f"{before + 1} answers in all" in note
    assert stored_answers() == before  # and nothing written to the file
