"""Whether a stored answer's question can be asked again.

A history row changed outside crib-trainer may hold a question that no longer reads (a
card that is not a card, a hand of the wrong size); such rows are passed over, never
replayed.

>>> import random
>>> from datetime import datetime, UTC
>>> from crib_trainer.training.attempt import Attempt
>>> from crib_trainer.training.drills import drill_for
>>> t = datetime(2025, 6, 1, tzinfo=UTC)
>>> asked = drill_for("count-hand", random.Random(1)).question()
>>> replayable(Attempt("count-hand", asked, {}, {}, False, "under", {}, 3, t))
True
>>> broken = {**asked, "cards": ["5H", "ZZ"]}
>>> replayable(Attempt("count-hand", broken, {}, {}, False, "under", {}, 3, t))
False
"""

from __future__ import annotations

from crib_trainer.analysis.pegging import read_situation
from crib_trainer.core.variants import get_variant
from crib_trainer.training.attempt import Attempt
from crib_trainer.training.drills import DiscardDrill, JudgeDrill, replay
from crib_trainer.training.pegdrills import PegDrill, replay_state
from crib_trainer.training.tabledrills import TABLE_VARIANTS, TableDrill, replay_table


def replayable(attempt: Attempt) -> bool:
    """Whether ``attempt``'s question can be asked again, as the drills' screens ask it."""
    try:
        if attempt.kind == "peg-play" and attempt.question.get("variant") in TABLE_VARIANTS:
            replay_table(TableDrill.from_question(attempt.question))  # reads, and fits
            return True
        if attempt.kind == "peg-play":
            peg = PegDrill.from_question(attempt.question)
            read_situation(peg.situation)
            replay_state(peg)  # the hidden cards must fit too, to play on
            return True
        if attempt.kind == "position":  # a throw or a play, score and all
            from crib_trainer.training.kinds import KINDS
            from crib_trainer.training.position_plays import PositionPlay

            drill = KINDS["position"].replay(attempt.question)
            if isinstance(drill, PositionPlay):
                replay_state(drill.peg)  # the hidden cards must fit too
                return True
            return len(set(drill.cards)) == len(drill.cards)
        drill = replay(attempt.kind, attempt.question)
        if isinstance(drill, DiscardDrill):
            return len(set(drill.cards)) == get_variant(drill.variant).dealt
        (drill.deal if isinstance(drill, JudgeDrill) else drill).breakdown()
    except (ValueError, KeyError, TypeError, AttributeError):
        return False
    return True
