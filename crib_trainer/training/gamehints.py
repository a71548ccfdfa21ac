"""Help in the practice game: the best choice for the decision waiting, with its reason,
from the same analyses the game's grading uses (and the count drills' hint steps).

- a throw: the exact discard analysis against the weighted opponent, the best throw and
  why (:func:`~crib_trainer.training.discard_advice.why_best`);
- a card: the exact pegging analysis (at a table, the table analysis sampled as the grade
  is), the best card, its reason and its expected net beside the next best's;
- a count: the count drills' hint steps (:func:`~crib_trainer.training.hints.hints`), one a
  press, vaguest first;
- his claimed count (with the computer's mis-counts): what his show is worth.

A decision made after a hint is graded as hinted (:func:`~crib_trainer.training.hints.with_hints`).

>>> from crib_trainer.training.practice import Practice, PracticeSettings
>>> p = Practice.new(PracticeSettings(strength="beginner"), seed=5).advance()
>>> hint(p).startswith("Throw ")
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from crib_trainer.analysis.discard import analyse_discards
from crib_trainer.analysis.pegging import PlayOption, TableOption, analyse, analyse_table
from crib_trainer.core.cards import format_cards
from crib_trainer.training.discard_advice import why_best
from crib_trainer.training.gamegrading import TABLE_SAMPLES
from crib_trainer.training.hints import hints
from crib_trainer.training.pegreasons import explain_analysis, explain_table

if TYPE_CHECKING:
    from crib_trainer.training.practice import Practice

YOU = 0


def hint(practice: Practice, step: int = 0) -> str:
    """The hint for the decision ``practice`` waits for (``step``: how many hints this
    decision has had already, for a count's steps); ValueError when none waits."""
    wait = practice.waiting_for
    game = practice.game
    if wait == "discard":
        own = game.side_of(game.dealer) == game.side_of(YOU)
        analysis = analyse_discards(
            game.hands[YOU], dealer=own, variant=game.variant, opponent="weighted"
        )
        return why_best(analysis)
    if wait == "play":
        state = game.play_state
        assert state is not None
        legal = state.legal_cards()
        if len(legal) == 1:
            return f"Only the {legal[0]} comes in: lay it."
        if len({c.rank for c in legal}) == 1:
            return f"Only your {format_cards(legal)} come in, one rank: either is as good."
        options: list[PlayOption] | list[TableOption]
        if game.seats == 2:
            options = explain_analysis(analyse(practice.situation()))
        else:
            table = analyse_table(
                practice.table_situation(), samples=TABLE_SAMPLES, seed=len(game.actions)
            )
            options = explain_table(table)
        best = options[0]
        others = [o for o in options if o.card.rank != best.card.rank]
        beside = (
            f"; the next best, the {others[0].card}, {others[0].expected_net:+.2f}"
            if others
            else ""
        )
        return (
            f"Lay the {best.card}: {best.reason} (net {best.expected_net:+.2f} points to the "
            f"end of the play{beside})."
        )
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
