"""Adding a drill kind an existing screen asks is one ``Kind`` in the registry: the home
screen's list and key, the palette, the opener and Progress's replays all follow, with no
file in ``ui/`` changed (issue 40)."""

from __future__ import annotations

import importlib
from dataclasses import replace

import pytest

from crib_trainer.training import kinds
from crib_trainer.ui import entries


@pytest.fixture
def crib_flush_drill(monkeypatch):
    """A "crib flush only" count kind, as a new drill module would register it."""
    new = replace(kinds.KINDS["count-crib"], name="count-flush", label="Crib flushes", key="f")
    monkeypatch.setitem(kinds.KINDS, "count-flush", new)
    yield importlib.reload(entries)
    monkeypatch.undo()
    importlib.reload(entries)


def test_one_kind_is_a_home_entry_a_palette_command_an_opener_and_a_replay(crib_flush_drill):
    e = crib_flush_drill.entry("count-flush")
    assert (e.key, e.title, e.is_drill, e.per_kind) == ("f", "Crib flushes", True, True)
    assert e.screen == "crib_trainer.ui.screens.count:CountScreen"
    assert "count-flush" in crib_flush_drill.REPLAYABLE
    assert crib_flush_drill.drill_entry("count-flush") is e
    screen = e.drill_screen("count-flush")
    assert type(screen).__name__ == "CountScreen" and screen.kind == "count-flush"


def test_the_home_list_and_the_palette_are_made_from_the_entries():
    from crib_trainer.ui.screens.home import TITLES

    assert list(TITLES) == [e.id for e in entries.ENTRIES]
    assert [e.key for e in entries.ENTRIES] == list("1234567890tw")
