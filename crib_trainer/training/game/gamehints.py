"""Help in the practice game: the best choice for the decision waiting, with its reason,
from the judge that grades it (:func:`~crib_trainer.training.grading.decisions.judge_drill`, on
the drill the grade would be: by points, or near the end of a two-player game by the
chance to win), and for a count the count drills' hint steps.

- a throw or a card: the judge's verdict on its best choice ("Best: 2-9, 2.87 points
  ahead of the next best (9-Q). …why…");
- a count: the count drills' hint steps (:func:`~crib_trainer.training.grading.hints.hints`), one
  a press, vaguest first;
- his claimed count (with the computer's mis-counts): what his show is worth.

A decision made after a hint is graded as hinted
(:func:`~crib_trainer.training.grading.hints.with_hints`).

>>> from crib_trainer.training.game.practice import Practice, PracticeSettings
>>> p = Practice.new(PracticeSettings(strength="beginner"), seed=5).advance()
>>> hint(p).startswith("Best: ")
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from crib_trainer.analysis.pegging import PegSituation, TableSituation, read_situation
from crib_trainer.core.cards import Card, format_cards
from crib_trainer.training.drills.hands import DiscardDrill
from crib_trainer.training.drills.pegdrills import PegDrill, position_themes
from crib_trainer.training.drills.position_drill import PositionDrill
from crib_trainer.training.drills.position_plays import PositionPlay
from crib_trainer.training.drills.tabledrills import TableDrill, table_themes
from crib_trainer.training.grading.decisions import judge_drill
from crib_trainer.training.grading.hints import hints
from crib_trainer.training.words.position_words import near_end

if TYPE_CHECKING:
    from crib_trainer.core.engine import EngineGame
    from crib_trainer.training.game.practice import Practice

YOU, COMPUTER = 0, 1


def hint(practice: Practice, step: int = 0) -> str:
    """The hint for the decision ``practice`` waits for (``step``: how many hints this
    decision has had already, for a count's steps); ValueError when none waits."""
    wait = practice.waiting_for
    game = practice.game
    if wait in ("discard", "play"):
        if wait == "play":
            assert game.play_state is not None
            legal = game.play_state.legal_cards()
            if len(legal) == 1:
                return f"Only the {legal[0]} comes in: lay it."
            if len({c.rank for c in legal}) == 1:
                return f"Only your {format_cards(legal)} come in, one rank: either is as good."
        drill, choice = _drill(game)
        verdict = judge_drill(drill, choice)
        return verdict.for_choice(verdict.best).text()
    if wait == "count":
        steps = hints(practice.next_show()[2])
        if step >= len(steps):
            return f"No more hints (that was {len(steps)} of {len(steps)}): count it."
        return f"Hint {step + 1} of {len(steps)}: {steps[step]}"
    if wait == "check":
        worth = practice.next_show()[2].total
        claim = practice.computer_claim()[0]
        if claim == worth:
            return f"His show is worth {worth}, as he claims: accept it (enter)."
        return f"His show is worth {worth}, not {claim}: call muggins (m) for {worth - claim}."
    raise ValueError("No decision of yours waits now: nothing to hint.")


def _drill(game: EngineGame) -> tuple[Any, tuple[Card, ...]]:
    """The drill the learner's throw or card now would be graded as (as
    :func:`~crib_trainer.training.game.practice.grade_pending` grades it), and a choice in it."""
    two = game.seats == 2
    score = (game.scores[YOU], game.scores[COMPUTER]) if two else None
    near = score is not None and near_end(*score, game.variant.target)
    if game.phase == "discard":
        hand = game.hands[YOU]
        dealer = game.side_of(game.dealer) == game.side_of(YOU)
        choice = hand[: game.variant.discard]
        if near and score is not None:
            return PositionDrill(hand, dealer, *score, game.variant.name), choice
        return DiscardDrill(hand, dealer, game.variant.name), choice
    state = game.play_state
    assert state is not None
    card = (state.legal_cards()[0],)
    discards = game.thrown[YOU] or ()
    if not two:
        table = TableSituation.from_state(state, starter=game.starter, discards=discards)
        me = game.role_of(YOU)
        hidden = tuple(() if role == me else hand for role, hand in enumerate(state.hands))
        return TableDrill(table, table_themes(table), hidden), card
    situation = PegSituation.from_state(state, starter=game.starter, discards=discards)
    themes = position_themes(read_situation(situation), situation)
    peg = PegDrill(situation, themes, tuple(state.hands[game.role_of(COMPUTER)]))
    if near and score is not None:
        return PositionPlay(peg, *score), card
    return peg, card
