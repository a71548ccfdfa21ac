"""Game analyses kept beside the history: a scorekeeper's game graded once (``game
analyse`` takes seconds a game) is read back at once by the coach.

One JSON file a game in the ``analyses`` folder beside the history file, named by a hash
of the game as saved (its settings and every entry), so a game changed later is analysed
again. A file that does not read is passed over (the game is analysed again); nothing here
is the only copy of anything.

>>> import tempfile, pathlib
>>> from crib_trainer.core.game import Game, GameConfig
>>> from crib_trainer.training.game.game_analysis import analyse_game
>>> game = Game.new(GameConfig())
>>> with tempfile.TemporaryDirectory() as folder:
...     _ = save_analysis(pathlib.Path(folder), game, analyse_game(game))
...     load_analysis(pathlib.Path(folder), game).names
('You', 'Opponent')
"""

from __future__ import annotations

import hashlib
import json
import os
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from crib_trainer.storage.db import StorageError, Store

if TYPE_CHECKING:
    from crib_trainer.core.game import Game
    from crib_trainer.training.game.game_analysis import GameAnalysis
    from crib_trainer.training.learning.coach import GameDecisions

FOLDER = "analyses"


def analysis_key(game: Game | dict[str, Any]) -> str:
    """The name a game's analysis is kept under: a hash of the game as saved (a game, or
    its JSON as the games table keeps it)."""
    data = game if isinstance(game, dict) else game.to_json()
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:24]


@dataclass(frozen=True, slots=True)
class FinishedGame:
    """A finished scorekeeper game as the coach reads it: its id, when it was last saved,
    its names, whether sides are partners, its kept analysis (None if none), and the saved
    JSON (to read the game itself only when it must be analysed)."""

    id: int
    updated_at: datetime
    names: tuple[str, ...]
    partners: bool
    analysis: GameAnalysis | None
    data: dict[str, Any]

    def game(self) -> Game:
        """The game itself (replayed: every entry checked)."""
        from crib_trainer.core.game import Game

        return Game.from_json(self.data)


def finished_with_analyses(
    store: Store, folder: Path, limit: int, *, player: Callable[[tuple[str, ...]], str | None]
) -> list[FinishedGame]:
    """The finished games, the most recent first, each with its kept analysis of the
    decisions of ``player(names)`` (a name, or None: the game is passed over), read without
    replaying the games (a row that does not read is passed over, as ``storage.games``
    does)."""
    rows = store.read(
        "SELECT id, updated_at, game FROM games WHERE finished = 1 "
        "ORDER BY updated_at DESC LIMIT ?",
        (limit,),
    )
    from crib_trainer.core.variants import get_variant

    out = []
    for game_id, updated_at, text in rows:
        try:
            data = json.loads(text)
            config = data["config"]
            names = tuple(str(n) for n in config["names"])
            partners = get_variant(str(config.get("variant", "six-card"))).partnerships
            when = datetime.fromisoformat(updated_at)
        except (ValueError, KeyError, TypeError, AttributeError):
            continue
        who = player(names)
        if who is None:
            continue
        analysis = _load(folder / f"{analysis_key(data)}.json", who)
        out.append(FinishedGame(int(game_id), when, names, partners, analysis, data))
    return out


def load_analysis(folder: Path, game: Game) -> GameAnalysis | None:
    """The analysis kept for ``game`` in ``folder``, or None (none kept, or one that does
    not read)."""
    return _load(folder / f"{analysis_key(game)}.json")


def _load(path: Path, player: str | None = None) -> GameAnalysis | None:
    from crib_trainer.training.game.game_analysis import GameAnalysis

    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return GameAnalysis.from_cache(data, player=player)
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None


def save_analysis(folder: Path, game: Game, analysis: GameAnalysis) -> Path:
    """Keep ``analysis`` of ``game`` in ``folder`` (written whole, then put in place);
    a ``StorageError`` saying why if it cannot be written."""
    path = folder / f"{analysis_key(game)}.json"
    part = path.with_suffix(".part")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        part.write_text(json.dumps(analysis.to_cache(), ensure_ascii=False), encoding="utf-8")
        os.replace(part, path)
    except OSError as err:
        raise StorageError(f"cannot keep the game's analysis in {folder}: {err.strerror}") from None
    return path


def game_decisions(
    store: Store, *, name: str | None = None, analyse: bool = False, limit: int = 10_000
) -> tuple[list[GameDecisions], int]:
    """Your graded decisions in each finished scorekeeper game, the most recent first: as
    kept; else analysed now and kept (``analyse``), or its shows alone (quick). ``name``:
    yours in the games (default: the name in most of them, :func:`usual_name`). Also how
    many games were read by their shows alone. Partners' games are passed over (a side's
    name does not say whose card is whose)."""
    from crib_trainer.training.game.game_analysis import analyse_game

    folder = store.path.parent / FOLDER
    if name is None:
        rows = store.read("SELECT game FROM games WHERE finished = 1 ORDER BY updated_at DESC")
        name = usual_name([_names(text) for (text,) in rows])
    me = (name or "").lower()

    def mine(names: tuple[str, ...]) -> str | None:
        return next((n for n in names if n.lower() == me), None)

    out, shows_only = [], 0
    for saved in finished_with_analyses(store, folder, limit, player=mine):
        if saved.partners:
            continue
        analysis = saved.analysis
        if analysis is None:
            game = saved.game()
            if analyse:
                analysis = analyse_game(game, when=saved.updated_at)
                save_analysis(folder, game, analysis)
            else:
                analysis = analyse_game(game, when=saved.updated_at, cards=False)
                shows_only += 1
        player = [n.lower() for n in saved.names].index(me)
        out.append(analysis.decisions(player, f"game {saved.id}"))
    return out, shows_only


def usual_name(names: list[tuple[str, ...]]) -> str | None:
    """The name in the most games (you play in all of yours; your opponents change), ties
    to the one in the most recent game; names compare without case.

    >>> usual_name([("Ann", "Bob"), ("ann", "Cy"), ("Bob", "Dee")])
    'ann'
    """
    counts = Counter(n.lower() for game in names for n in set(game))
    if not counts:
        return None
    best = max(counts.values())
    return next(n.lower() for game in names for n in game if counts[n.lower()] == best)


def _names(text: str) -> tuple[str, ...]:
    """The names of a saved game's JSON (none if it does not read)."""
    try:
        return tuple(str(n) for n in json.loads(text)["config"]["names"])
    except (ValueError, KeyError, TypeError):
        return ()
