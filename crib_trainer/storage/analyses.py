"""Game analyses kept beside the history: a scorekeeper's game graded once (``game
analyse`` takes seconds a game) is read back at once by the coach.

One JSON file a game in the ``analyses`` folder beside the history file, named by a hash
of the game as saved (its settings and every entry), so a game changed later is analysed
again. A file that does not read is passed over (the game is analysed again); nothing here
is the only copy of anything.

>>> import tempfile, pathlib
>>> from crib_trainer.core.game import Game, GameConfig
>>> from crib_trainer.training.game_analysis import analyse_game
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
from pathlib import Path
from typing import TYPE_CHECKING

from crib_trainer.storage.db import StorageError

if TYPE_CHECKING:
    from crib_trainer.core.game import Game
    from crib_trainer.training.game_analysis import GameAnalysis

FOLDER = "analyses"


def analysis_key(game: Game) -> str:
    """The name a game's analysis is kept under: a hash of the game as saved."""
    text = json.dumps(game.to_json(), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:24]


def load_analysis(folder: Path, game: Game) -> GameAnalysis | None:
    """The analysis kept for ``game`` in ``folder``, or None (none kept, or one that does
    not read)."""
    from crib_trainer.training.game_analysis import GameAnalysis

    path = folder / f"{analysis_key(game)}.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return GameAnalysis.from_cache(data)
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
