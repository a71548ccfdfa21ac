"""What the show and the play both score by: a run of ranks, and his heels.

Its own module so that the play (:mod:`crib_trainer.core.pegging`) does not load the
show's scoring (:mod:`crib_trainer.core.show`, which names both here too).

>>> from crib_trainer.core.cards import parse_card
>>> is_run([3, 5, 4]), heels(parse_card("JD"))
(True, 2)
"""

from __future__ import annotations

from crib_trainer.core.cards import Card, Rank


def is_run(ranks: list[Rank] | list[int]) -> bool:
    """True when the ranks are distinct and consecutive (ace low, no wrapping).

    >>> is_run([3, 5, 4]), is_run([12, 13, 1]), is_run([4, 4, 5])
    (True, False, False)
    """
    return len(set(ranks)) == len(ranks) and max(ranks) - min(ranks) == len(ranks) - 1


def heels(starter: Card) -> int:
    """Points the dealer pegs at the cut: 2 for his heels when the starter is a jack."""
    return 2 if starter.rank == Rank.JACK else 0
