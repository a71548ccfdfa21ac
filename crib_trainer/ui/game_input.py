"""What the scorekeeper's one input line asks for, and what it means at each point of a
game (the meaning is the game log's: :mod:`crib_trainer.core.gamelog`).

>>> from crib_trainer.core.game import Game, GameConfig, Cut
>>> from crib_trainer.core.cards import parse_card
>>> game = Game.new(GameConfig(names=("Ann", "Bob")), 1).add(Cut(parse_card("2H")))
>>> read("ann 2", game.state())
[Pegged(side=0, points=2, due=None)]
"""

from __future__ import annotations

from crib_trainer.core import gamelog
from crib_trainer.core.game import Entry, GameError, GameState


def prompt(state: GameState) -> str:
    """What to type next, in one or two short sentences."""
    config = state.config
    names = config.names
    dealer = names[config.side_of(state.dealer)]
    if state.phase == "over":
        assert state.winner is not None and state.result is not None
        return (
            f"{names[state.winner]} wins, {state.result.text}. "
            "a: analyse (every card and show graded) · n: new game · x: export · escape: "
            "home · undo"
        )
    if state.phase == "cut":
        return f"Deal {state.deal}: {dealer} deals. Type the starter (turn-up), e.g. 5D."
    if state.phase == "play":
        return (
            "The play: each card as laid (5H, or bob:5H to play on after a go), go, or "
            "points (ann 2; ann 3 for 2 if pegged wrong); end if it stops early."
        )
    player, crib = state.next_show() or (0, False)
    whose = names[config.side_of(player)]
    size = config.variant.shown_size(crib)
    what = "crib" if crib else "hand"
    example = gamelog.show_example(state)
    return f"{whose}'s {what}: the {size} cards, then the score claimed (e.g. {example})."


#: What analyses a game once it is over (typed on the input line).
ANALYSE = ("a", "analyse", "analyze")


def read(text: str, state: GameState) -> list[Entry] | str:
    """The entries a line stands for, or a command word (``undo``, ``penalty``, ``new``,
    ``x``, and once the game is over ``analyse``); an empty line is answered with the
    prompt."""
    if not text.strip():
        raise GameError(prompt(state))
    if state.phase == "over" and text.strip().lower() in ANALYSE:
        return "analyse"
    return gamelog.read(text, state)


__all__ = ["prompt", "read"]
