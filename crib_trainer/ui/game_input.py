"""What the scorekeeper's one input line means at each point of a game.

Pure functions from text to game entries, so they are tested without a screen.

>>> from crib_trainer.core.game import Game, GameConfig, Cut
>>> from crib_trainer.core.cards import parse_card
>>> game = Game.new(GameConfig(names=("Ann", "Bob")), 1).add(Cut(parse_card("2H")))
>>> read_play("ann 2", game.state())
[Pegged(side=0, points=2, note='')]
"""

from __future__ import annotations

from crib_trainer.core.cards import CardError, parse_card, parse_cards, split_card_text
from crib_trainer.core.game import (
    Cut,
    Entry,
    GameError,
    GameState,
    Laid,
    NoOneCanPlay,
    Pegged,
    PlayOver,
    Shown,
)
from crib_trainer.core.pegging import parse_peg_tokens
from crib_trainer.core.show import MAX_SHOW

COMMANDS = ("undo", "penalty", "new")


def prompt(state: GameState) -> str:
    """What to type next, in one or two short sentences."""
    names = state.config.names
    dealer = names[state.config.side_of(state.dealer)]
    if state.phase == "over":
        assert state.winner is not None
        kind = "a lurch — a double game" if state.lurched else "a single game"
        return f"{names[state.winner]} wins, {kind}. n: new game · escape: home · undo"
    if state.phase == "cut":
        return f"Deal {state.deal}: {dealer} deals. Type the starter (turn-up), e.g. 5D."
    if state.phase == "play":
        return (
            "The play: each card as laid (5H, or bob:5H when one plays on after a go), "
            "go, or points (ann 2); end when the play is over."
        )
    player, crib = state.next_show() or (0, False)
    whose = names[state.config.side_of(player)]
    size = state.config.variant.shown_size(crib)
    what = "crib" if crib else "hand"
    return f"{whose}'s {what}: the {size} cards, then the score claimed (e.g. 5H 5C 5S JD 29)."


def read(text: str, state: GameState) -> list[Entry] | str:
    """The entries a line stands for, or a command word (``undo``, ``penalty``, ``new``).

    Raises ``CardError`` or ``GameError`` with a message saying what was wrong.
    """
    words = text.strip()
    if not words:
        raise GameError(prompt(state))
    if words.lower() in COMMANDS:
        return words.lower()
    if state.phase == "over" and words.lower() == "n":
        return "new"  # as the prompt offers
    if state.phase == "over":
        raise GameError("the game is over: n for a new game, or undo")
    if state.phase == "cut":
        return [Cut(parse_card(words))]
    if state.phase == "play":
        return read_play(words, state)
    return [read_show(words, state)]


def read_play(text: str, state: GameState) -> list[Entry]:
    """Points (``ann 2``, ``2 3``), ``go``, ``end``, or cards laid (``5H``, ``bob:5H``)."""
    words = text.lower().split()
    if words == ["end"]:
        return [PlayOver()]
    if len(words) == 2 and _is_number(words[1]):
        side = _side(words[0], state)
        if side is not None:
            return [Pegged(side, int(words[1]))]
    if state.config.variant.players != state.config.sides:
        raise GameError("with partners, enter points (e.g. 'north 2'); cards laid are for 2 or 3")
    entries: list[Entry] = []
    for token in parse_peg_tokens(split_card_text(text)):
        if token.card is None:
            entries.append(NoOneCanPlay())
            continue
        player = None
        if token.player is not None:
            player = _side(token.player.lower(), state)
            if player is None:
                raise GameError(f"who is {token.player!r}? the players are {_names(state)}")
        entries.append(Laid(token.card, player))
    return entries


def read_show(text: str, state: GameState) -> Shown:
    """The cards of the next show, then the score claimed: ``5H 5C 5S JD 29``."""
    expected = state.next_show()
    assert expected is not None
    player, crib = expected
    words = split_card_text(text)
    if len(words) < 2:
        raise GameError("give the cards, then the score claimed (e.g. 5H 5C 5S JD 29)")
    *card_words, claim = words
    if not _is_number(claim):
        raise GameError("end with the score claimed, a number (e.g. 5H 5C 5S JD 29)")
    if int(claim) > MAX_SHOW:  # a typo (290 for 29) must not hand the game to the opponent
        raise GameError(
            f"a claim of {claim} cannot be meant: no hand or crib scores more than {MAX_SHOW}"
        )
    cards = parse_cards(card_words)
    return Shown(state.config.side_of(player), crib, cards, int(claim))


def _side(word: str, state: GameState) -> int | None:
    names = [n.lower() for n in state.config.names]
    if word in names:
        return names.index(word)
    if _is_number(word) and 1 <= int(word) <= len(names):
        return int(word) - 1
    matches = [i for i, n in enumerate(names) if n.startswith(word)]
    return matches[0] if len(matches) == 1 else None


def _is_number(word: str) -> bool:
    """Plain digits 0-9 (not ², not other scripts' digits), short enough to be points."""
    return word.isascii() and word.isdigit() and len(word) <= 3


def _names(state: GameState) -> str:
    return ", ".join(state.config.names)


__all__ = ["CardError", "prompt", "read", "read_play", "read_show"]
