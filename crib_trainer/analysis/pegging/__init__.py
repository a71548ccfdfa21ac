"""Pegging analysis: which card gives the most net points from now to the end of the play.

Four rooms, each with one job:

- :mod:`.situation` — the position: :class:`PegSituation` (what the player to move
  knows) and :func:`read_situation` (checked against the rules, read into a
  :class:`Position`);
- :mod:`.solver` — the exact rank-level play-out with both hands known (:class:`Solver`);
- :mod:`.holdings` — the hidden cards' holdings and their weights, the opponent models;
- :mod:`.ranking` — :func:`analyse`: every legal card with its expected net, risk and
  the opponent's replies;
- :mod:`.table`, :mod:`.tablesearch`, :mod:`.sampled` — the same question at a table of
  any size (three and four players): :class:`TableSituation`, :func:`read_table`, the
  play-out with every hand known (:class:`TableSearch`) and :func:`analyse_table`, exact
  or sampled over the hidden hands of every other seat.

The rules of the play come from :mod:`crib_trainer.core.pegging`; written sequences are
read with :func:`crib_trainer.core.pegging.parse_peg_tokens`.

>>> from crib_trainer.core.cards import parse_cards
>>> best = analyse(PegSituation(parse_cards("5H 9C 2D 8S"))).options[0]
>>> best.card.code, best.as_good
('2D', True)
"""

from typing import TYPE_CHECKING

from crib_trainer.analysis.pegging.holdings import (
    HoldingWeight,
    OpponentModelError,
    holding_distribution,
    holdings,
    opponent_weight,
    weighted_opponent,
)
from crib_trainer.analysis.pegging.ranking import (
    AS_GOOD,
    Analysis,
    PlayOption,
    Reply,
    analyse,
    analyse_plays,
)
from crib_trainer.analysis.pegging.situation import (
    PegSituation,
    Position,
    UnknownHolderError,
    check_supported,
    read_situation,
    supported,
)
from crib_trainer.analysis.pegging.solver import Solver, pack_hand, pack_tail, tail_of

if TYPE_CHECKING:  # (for type checkers: the same names, as __getattr__ gives them)
    from crib_trainer.analysis.pegging.sampled import (
        DEFAULT_SAMPLES,
        MAX_SAMPLES,
        TableAnalysis,
        TableOption,
        analyse_table,
        exact_deals,
        sample_deals,
    )
    from crib_trainer.analysis.pegging.table import (
        TablePosition,
        TableSituation,
        read_table,
        side_of,
    )
    from crib_trainer.analysis.pegging.tablesearch import TableSearch

# The table's modules (three and four players) load when one of their names is first
# asked for: the two-player analysis, the command line's common case, needs none of them.
_TABLE_NAMES = {
    "DEFAULT_SAMPLES": "sampled",
    "MAX_SAMPLES": "sampled",
    "TableAnalysis": "sampled",
    "TableOption": "sampled",
    "analyse_table": "sampled",
    "exact_deals": "sampled",
    "sample_deals": "sampled",
    "TablePosition": "table",
    "TableSituation": "table",
    "read_table": "table",
    "side_of": "table",
    "TableSearch": "tablesearch",
}


def __getattr__(name: str) -> object:
    """A name of the table's modules, imported on first use (PEP 562)."""
    module = _TABLE_NAMES.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


__all__ = [
    "AS_GOOD",
    "DEFAULT_SAMPLES",
    "MAX_SAMPLES",
    "Analysis",
    "HoldingWeight",
    "OpponentModelError",
    "PegSituation",
    "PlayOption",
    "Position",
    "Reply",
    "Solver",
    "TableAnalysis",
    "TableOption",
    "TablePosition",
    "TableSearch",
    "TableSituation",
    "UnknownHolderError",
    "analyse",
    "analyse_plays",
    "analyse_table",
    "check_supported",
    "exact_deals",
    "holding_distribution",
    "holdings",
    "opponent_weight",
    "pack_hand",
    "pack_tail",
    "read_situation",
    "read_table",
    "sample_deals",
    "side_of",
    "supported",
    "tail_of",
    "weighted_opponent",
]
