"""Everything the trainer opens, in one table: the home screen's list and keys, the command
palette, the opener of each drill kind, and which kinds Progress can ask again are all made
from :data:`ENTRIES` (as harlequin makes its actions from one table).

The drills' entries are made from the kinds' registry
(:data:`crib_trainer.training.kinds.KINDS`: each kind with a home ``key``, its title and the
``screen`` that asks it), each screen named as ``module:Class`` and loaded only when opened
(the home screen loads none of them); the tools are listed here. Adding a drill kind that an
existing screen can ask (a count, a throw, a card) is one ``Kind`` and its drill module: no
file in ``ui/`` changes.

>>> [e.key for e in ENTRIES][:5]
['1', '2', '3', '4', '5']
>>> drill_entry("peg-score").screen  # (the last card's points are asked in the pegging drill)
'crib_trainer.ui.screens.pegging:PegScreen'
>>> "position" in REPLAYABLE and "puzzles" not in REPLAYABLE
True
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from typing import TYPE_CHECKING, Any

from crib_trainer.training.kinds import KINDS, Kind

if TYPE_CHECKING:
    from textual.screen import Screen


@dataclass(frozen=True, slots=True)
class Entry:
    """One thing the trainer opens: its ``id``, its key and title on the home screen, the
    palette's help for it, and either a drill ``screen`` (``module:Class``, given the
    stored ``kinds`` it asks: the first is the entry's own) or the app's ``opener``
    method; ``per_kind``: the screen serves several kinds and is told which (the count
    drills); ``replays``: the drill asks a stored question again from Progress."""

    id: str
    key: str
    title: str
    help: str
    screen: str = ""
    kinds: tuple[str, ...] = ()
    opener: str = ""
    per_kind: bool = False
    replays: bool = True

    @property
    def is_drill(self) -> bool:
        return bool(self.screen)

    def drill_screen(
        self, kind: str, *, adaptive: bool = True, replay_id: int | None = None, plan: Any = None
    ) -> Screen[Any]:
        """The drill's screen for ``kind``, its first question ``plan`` (or the stored
        question ``replay_id``); the screen's module is imported now."""
        module, _, name = self.screen.partition(":")
        cls = getattr(import_module(module), name)
        if self.per_kind:
            screen: Screen[Any] = cls(kind, adaptive=adaptive, replay_id=replay_id, plan=plan)
        else:
            screen = cls(replay_id=replay_id, plan=plan)
        return screen


#: The screen of each kind of drill screen a ``Kind`` names (``Kind.screen``), and
#: whether it serves several kinds and is told which.
SCREENS: dict[str, tuple[str, bool]] = {
    "count": ("crib_trainer.ui.screens.count:CountScreen", True),
    "discard": ("crib_trainer.ui.screens.discard:DiscardScreen", False),
    "peg": ("crib_trainer.ui.screens.pegging:PegScreen", False),
    "position": ("crib_trainer.ui.screens.position:PositionScreen", False),
}

#: The tools on the home screen (the drills come from the kinds' registry).
TOOLS: tuple[Entry, ...] = (
    Entry("puzzles", "6", "Puzzles", "The curated puzzle library", opener="open_puzzles"),
    Entry("dispute", "7", "Settle a dispute", "Judge a real claim", opener="open_judge"),
    Entry("progress", "8", "Progress", "Accuracy, speed and weak spots", opener="open_progress"),
    Entry(
        "scorekeeper",
        "9",
        "Scorekeeper at the table",
        "Keep score of a real game",
        opener="open_scorekeeper",
    ),
    Entry(
        "practice",
        "0",
        "Practice game",
        "Play the computer, every decision graded",
        opener="open_practice",
    ),
    Entry(
        "timed", "t", "Timed count (10 hands)", "Ten hands against the clock", opener="open_timed"
    ),
)

#: The home screen's keys, in the order it lists them.
KEY_ORDER = "1234567890tw"


def _drill(kind: Kind[Any]) -> Entry:
    """A kind's entry: its own key and title, and the screen its ``screen`` names."""
    screen, per_kind = SCREENS[kind.screen]
    kinds = (kind.name, *(k.name for k in KINDS.values() if k.screen == kind.screen and not k.key))
    return Entry(kind.name, kind.key, kind.title, kind.blurb, screen, kinds, per_kind=per_kind)


#: Everything on the home screen, in its order: each drill kind with a key, and the tools.
ENTRIES: tuple[Entry, ...] = tuple(
    sorted(
        (*(_drill(k) for k in KINDS.values() if k.key), *TOOLS),
        key=lambda e: (KEY_ORDER.find(e.key) % (len(KEY_ORDER) + 1), e.key),
    )
)

#: The drill kinds the home screen's suggestion may name (one per drill entry).
HOME_KINDS: tuple[str, ...] = tuple(e.kinds[0] for e in ENTRIES if e.is_drill)
#: The stored kinds Progress can ask again.
REPLAYABLE: tuple[str, ...] = tuple(
    k for e in ENTRIES if e.is_drill and e.replays for k in e.kinds if k != "peg-score"
)


def entry(entry_id: str) -> Entry:
    """The entry of this id (``KeyError`` for none)."""
    for e in ENTRIES:
        if e.id == entry_id:
            return e
    raise KeyError(entry_id)


def drill_entry(kind: str) -> Entry:
    """The drill entry that asks a stored kind (``KeyError`` for none)."""
    for e in ENTRIES:
        if kind in e.kinds:
            return e
    raise KeyError(kind)
