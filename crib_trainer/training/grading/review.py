"""Whether a stored answer's question can be asked again.

A history row changed outside crib-trainer may hold a question that no longer reads (a
card that is not a card, a hand of the wrong size); such rows are passed over, never
replayed.

>>> import random
>>> from datetime import datetime, UTC
>>> from crib_trainer.training.attempt import Attempt
>>> from crib_trainer.training.drills.hands import drill_for
>>> t = datetime(2025, 6, 1, tzinfo=UTC)
>>> asked = drill_for("count-hand", random.Random(1)).question()
>>> replayable(Attempt("count-hand", asked, {}, {}, False, "under", {}, 3, t))
True
>>> broken = {**asked, "cards": ["5H", "ZZ"]}
>>> replayable(Attempt("count-hand", broken, {}, {}, False, "under", {}, 3, t))
False
"""

from __future__ import annotations

from crib_trainer.training.attempt import Attempt
from crib_trainer.training.kinds import KINDS


def replayable(attempt: Attempt) -> bool:
    """Whether ``attempt``'s question can be asked again: its kind's ``replay`` in the
    registry reads it and checks it fits (every kind alike)."""
    if attempt.kind not in KINDS:
        return False
    try:
        KINDS[attempt.kind].replay(attempt.question)
    except (ValueError, KeyError, TypeError, AttributeError):
        return False
    return True
