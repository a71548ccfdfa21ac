"""Ranking the plays at a table of any size: every legal card by the net points it leads
to by the end of the play, averaged over the hidden hands of every other seat.

For each way the other seats' cards could lie (a deal of the unseen cards that fits the
play so far, :mod:`.table`) the rest of the play is played out with every hand known
(:mod:`.tablesearch`): each player lays the card that is best for his side, by his side's
points minus the others' from then to the end of the play (partners pool their points in
the four-player game; with three, each plays for himself).

The average is exact — every deal of the hidden hands, rank by rank, each weighed by the
card sets it stands for — when there are no more such deals than ``samples``; otherwise it
is over ``samples`` deals drawn uniformly with a seeded generator, the same deals for every
card, and each card's ``stderr`` is the standard error of its mean.

With ``samples=None`` the deals are drawn (from the same seeded stream) until the ranking
is clear: at least :data:`MIN_DEALS`, then every :data:`STEP` deals the best card's lead
over the next is weighed against its error (the standard error of the difference over the
same deals, twice it: about 95%); it stops when the lead is larger (``stopped`` is
``"clear"``), when the two are tied within :data:`TIED` points even at the far end of that
error (``"tied"``), when ``budget`` seconds of search are spent (``"budget"``: the answer
then depends on the machine's speed, not its load) or at :data:`DEFAULT_SAMPLES` deals
(``"limit"``).

>>> from crib_trainer.core.cards import parse_cards
>>> from crib_trainer.core.pegging import parse_peg_tokens
>>> from crib_trainer.analysis.pegging.table import TableSituation
>>> s = TableSituation.from_sequence(parse_peg_tokens("KS QH".split()),
...     parse_cards("4D 2S 9C 8C"), variant="three-player")
>>> a = analyse_table(s, samples=50, seed=1)
>>> a.method, a.deals, sorted(o.card.code for o in a.options)
('sampled', 50, ['2S', '4D', '8C', '9C'])
>>> analyse_table(s, samples=50, seed=1) == a  # the same seed, the same answer
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace

from crib_trainer.analysis.pegging.holdings import holdings
from crib_trainer.analysis.pegging.ranking import AS_GOOD
from crib_trainer.analysis.pegging.table import (
    TablePosition,
    TableSituation,
    read_table,
)
from crib_trainer.analysis.pegging.tablesearch import RankDeal, TableSearch
from crib_trainer.core.cards import Card
from crib_trainer.core.pegging import PegItem, score_card

#: Deals averaged over by default (the sampled method's work, and the exact one's limit).
DEFAULT_SAMPLES = 300
#: The most samples asked for at once (a mistyped number should not run for hours).
MAX_SAMPLES = 100_000
#: Sampling until clear (``samples=None``): the fewest deals, how many are drawn between
#: looks at the ranking, two cards' nets taken as the same within this, and the seconds of
#: search it may spend once it has the fewest (CPU seconds of its thread: a loaded machine
#: takes longer over the same deals rather than stopping at fewer).
MIN_DEALS = 30
STEP = 10
TIED = 0.05
BUDGET_S = 0.5

_PIPS = tuple(min(r, 10) for r in range(14))  # index 0 unused


# --- the hidden hands ---------------------------------------------------------------------


def exact_deals(position: TablePosition, limit: int) -> list[tuple[RankDeal, float]] | None:
    """Every deal of the hidden hands, rank by rank, with its probability (the share of
    the card sets that fit); None when there are more than ``limit``.

    >>> from crib_trainer.core.cards import parse_cards
    >>> exact_deals(read_table(TableSituation(parse_cards("AS 2S 3S 4S"))), 10) is None
    True
    """
    avail = [0] * 14
    for c in position.unseen:
        avail[c.rank] += 1
    hidden = position.hidden
    mine = tuple(sorted(int(c.rank) for c in position.hand))
    out: list[tuple[RankDeal, float]] = []

    def rec(i: int, chosen: list[tuple[int, ...]], ways: int) -> bool:
        if i == len(hidden):
            hands: list[tuple[int, ...]] = [()] * len(position.left)
            hands[position.seat] = mine
            for q, h in zip(hidden, chosen, strict=True):
                hands[q] = h
            out.append((tuple(hands), float(ways)))
            return len(out) <= limit
        q = hidden[i]
        bound = position.min_pips[q]
        usable = [k if _PIPS[r] >= bound else 0 for r, k in enumerate(avail)]
        for ranks, n in holdings(usable, position.left[q]):
            for r in ranks:
                avail[r] -= 1
            going = rec(i + 1, [*chosen, ranks], ways * n)
            for r in ranks:
                avail[r] += 1
            if not going:
                return False
        return True

    if not rec(0, [], 1):
        return None
    total = sum(w for _, w in out)
    return [(d, w / total) for d, w in out]


def sample_deals(position: TablePosition, rng: random.Random, n: int) -> Iterator[RankDeal]:
    """``n`` deals of the hidden hands, each card set that fits equally likely.

    The seats' pip bounds are nested (each is "more than 31 − c"), so dealing the most
    bounded seat first, uniformly from the cards it may hold, then the next from what is
    left, gives every fitting deal the same chance: however the first seat's cards fall,
    the next has as many sets to choose from.
    """
    hidden = sorted(position.hidden, key=lambda q: -position.min_pips[q])
    mine = tuple(sorted(int(c.rank) for c in position.hand))
    for _ in range(n):
        pool = list(position.unseen)
        hands: list[tuple[int, ...]] = [()] * len(position.left)
        hands[position.seat] = mine
        for q in hidden:
            fits = [c for c in pool if c.value >= position.min_pips[q]]
            got = rng.sample(fits, position.left[q])
            hands[q] = tuple(sorted(int(c.rank) for c in got))
            taken = set(got)
            pool = [c for c in pool if c not in taken]
        yield tuple(hands)


# --- the ranking ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TableOption:
    """One legal card: what it scores as it is laid (``immediate``, its ``items``: never
    the go or last card), the expected net to the end of the play (``expected_net``: his
    side's points minus the others', this card included), the standard error of that
    mean (0 when exact), the count it makes, and whether it is as good as the best
    (within :data:`~crib_trainer.analysis.pegging.ranking.AS_GOOD`, as for two players).
    ``reason`` is filled in by ``training.pegreasons``."""

    card: Card
    immediate: int
    expected_net: float
    stderr: float
    count: int
    items: tuple[PegItem, ...] = ()
    as_good: bool = False
    reason: str = ""

    def to_json(self) -> dict[str, object]:
        return {
            "card": self.card.code,
            "immediate": self.immediate,
            "expected_net": round(self.expected_net, 4),
            "stderr": round(self.stderr, 4),
            "reason": self.reason,
            "as_good": self.as_good,
        }


@dataclass(frozen=True, slots=True)
class TableAnalysis:
    """Every legal play, best first; ``method`` is ``exact`` or ``sampled``, ``deals``
    how many deals of the hidden hands were averaged over; sampled until clear
    (``samples`` None), why it stopped (``clear``, ``tied``, ``budget``, ``limit``) and the
    best card's lead over the next with that lead's standard error."""

    position: TablePosition
    options: tuple[TableOption, ...]
    method: str
    deals: int
    samples: int | None
    seed: int
    states: int = 0
    stopped: str = ""
    lead: float = 0.0
    lead_stderr: float = 0.0


def analyse_table(
    situation: TableSituation,
    *,
    samples: int | None = DEFAULT_SAMPLES,
    seed: int = 0,
    exact: bool | None = None,
    budget: float = BUDGET_S,
) -> TableAnalysis:
    """Rank every legal card of the player to move by expected net (see the module notes).

    ``exact``: True to average over every deal however many, False to sample however
    few, None (the default) to be exact when there are no more deals than ``samples``
    (:data:`DEFAULT_SAMPLES` when sampling until clear, ``samples=None``). The same
    situation, ``samples`` and ``seed`` always give the same answer (until clear: the same
    but when the ``budget`` of seconds ran out).
    """
    if samples is not None and not 2 <= samples <= MAX_SAMPLES:
        raise ValueError(f"samples must be 2 to {MAX_SAMPLES:,}; got {samples}")
    position = read_table(situation)
    limit = DEFAULT_SAMPLES if samples is None else samples
    deals = None
    if exact is not False:
        deals = exact_deals(position, limit if exact is None else math.inf)  # type: ignore[arg-type]
    search = TableSearch(position.variant)
    seq = tuple(int(c.rank) for c in position.count_cards)
    seat = position.seat
    ranks = list(dict.fromkeys(int(c.rank) for c in position.legal_cards()))
    by_rank: dict[int, tuple[float, float]] = {}
    stopped, lead = "", (0.0, 0.0)
    if deals is None and samples is None:
        method = "sampled"
        drawn, nets, stopped = _until_clear(position, search, seq, ranks, seed, budget)
        for r in ranks:
            mean = math.fsum(nets[r]) / len(drawn)
            by_rank[r] = (mean, _stderr(nets[r], mean))
        lead = _lead(nets, by_rank)
        deals = [(d, 1 / len(drawn)) for d in drawn]
    else:
        if deals is None:
            drawn = list(sample_deals(position, random.Random(seed), limit))
            deals = [(d, 1 / limit) for d in drawn]
            method = "sampled"
        else:
            method = "exact"
        for r in ranks:
            values = [search.net_after(seat, hands, seq, r) for hands, _ in deals]
            mean = sum(w * x for (_, w), x in zip(deals, values, strict=True))
            by_rank[r] = (mean, _stderr(values, mean) if method == "sampled" else 0.0)
    options = []
    for card in position.legal_cards():
        items = score_card(position.count_cards, card)
        mean, err = by_rank[int(card.rank)]
        options.append(
            TableOption(
                card, sum(i.points for i in items), mean, err, position.count + card.value, items
            )
        )
    options.sort(key=lambda o: (-o.expected_net, -o.immediate, o.card))
    best = options[0].expected_net
    final = tuple(replace(o, as_good=o.expected_net >= best - AS_GOOD - 1e-9) for o in options)
    return TableAnalysis(
        position, final, method, len(deals), samples, seed, search.positions, stopped, *lead
    )


def _until_clear(
    position: TablePosition,
    search: TableSearch,
    seq: tuple[int, ...],
    ranks: list[int],
    seed: int,
    budget: float,
) -> tuple[list[RankDeal], dict[int, list[int]], str]:
    """Deals drawn and each rank's net in each, until the ranking is clear (see the
    module notes), and why it stopped. A deal drawn again (the same ranks in every hand)
    is not searched again."""
    started = time.thread_time()
    stream = sample_deals(position, random.Random(seed), DEFAULT_SAMPLES)
    drawn: list[RankDeal] = []
    nets: dict[int, list[int]] = {r: [] for r in ranks}
    seen: dict[RankDeal, list[int]] = {}
    for hands in stream:
        row = seen.get(hands)
        if row is None:
            row = seen[hands] = [search.net_after(position.seat, hands, seq, r) for r in ranks]
        drawn.append(hands)
        for r, net in zip(ranks, row, strict=True):
            nets[r].append(net)
        n = len(drawn)
        if n < MIN_DEALS or (n - MIN_DEALS) % STEP:
            continue
        verdict = _verdict(nets)
        if verdict:
            return drawn, nets, verdict
        if time.thread_time() - started >= budget:
            return drawn, nets, "budget"
    return drawn, nets, _verdict(nets) or "limit"


def _verdict(nets: dict[int, list[int]]) -> str:
    """``clear`` when the best rank's lead over the next is more than twice its standard
    error (or there is one rank), ``tied`` when the two are within :data:`TIED` points
    even at twice the error, else "".

    >>> _verdict({5: [2, 3, 2, 3], 9: [0, 0, 1, 0]}), _verdict({5: [1, 3, 0], 9: [2, 1, 1]})
    ('clear', '')
    >>> _verdict({10: [1, -2, 0], 13: [1, -2, 0]}), _verdict({7: [1]})
    ('tied', 'clear')
    """
    if len(nets) == 1:
        return "clear"
    means = {r: (math.fsum(row) / len(row), 0.0) for r, row in nets.items()}
    lead, error = _lead(nets, means)
    if lead > 2 * error:
        return "clear"
    return "tied" if lead + 2 * error <= TIED else ""


def _lead(
    nets: dict[int, list[int]], by_rank: dict[int, tuple[float, float]]
) -> tuple[float, float]:
    """The best rank's lead over the next by mean, and its standard error over the same
    deals (0, 0 with one rank).

    >>> _lead({1: [2, 0, 1], 2: [0, 0, 1]}, {1: (1.0, 0.0), 2: (1 / 3, 0.0)})
    (0.6666666666666666, 0.6666666666666667)
    """
    if len(by_rank) < 2:
        return 0.0, 0.0
    best, second = sorted(by_rank, key=lambda r: -by_rank[r][0])[:2]
    gaps = [a - b for a, b in zip(nets[best], nets[second], strict=True)]
    mean = math.fsum(gaps) / len(gaps)
    return mean, _stderr(gaps, mean)


def _stderr(values: Sequence[float], mean: float) -> float:
    n = len(values)
    variance = sum((x - mean) ** 2 for x in values) / (n - 1)
    return math.sqrt(variance / n)
