"""A fast pegging policy for a table of three or four: the computer players' play there.

The sampled table analysis (:func:`~crib_trainer.analysis.pegging.analyse_table`) takes
seconds for an early card; a computer player must answer in milliseconds. So:

- Late in the play, when the hidden hands can lie in at most :data:`EXACT_DEALS` ways
  (rank by rank), every one of them is played out with every hand known
  (:class:`~crib_trainer.analysis.pegging.TableSearch`): the table analysis' own exact
  figure (:func:`exact_table_values`).
- Before that, a greedy look-ahead (:func:`lookahead_table_values`): a card's points now,
  plus the reply of the first seat after the mover who can come in, each seat holding
  each rank with the chance the unseen cards (that fit what the play told of him) give
  it; the replier lays the card that scores most for him, and it counts for the mover's
  side (his partner) or against it (anyone else). When no one can reply, the go is the
  mover's.

- The opening lead of the four-player game is a rule instead (:func:`partners_lead`):
  the highest card, never a 5 while another card can be led. The look-ahead leads low
  there (to keep the next seat off fifteen) and the analysis disagrees: on 36 opening
  leads (seed 99, 100 samples) it gave up 0.52 a lead, the rule 0.17 (docs/benchmarks.md).

``bench/table_policy.py`` measures how often this agrees with the sampled analysis.

>>> from crib_trainer.core.cards import parse_cards
>>> from crib_trainer.analysis.pegging import TableSituation
>>> v = table_values(TableSituation(parse_cards("5H 9C 2D 8S"), variant="three-player"))
>>> max(v, key=v.get) != 5  # a 5 led gives the next seat fifteen with any ten-card
True
"""

from __future__ import annotations

from functools import lru_cache
from math import comb

from crib_trainer.analysis.pegging import (
    TablePosition,
    TableSearch,
    TableSituation,
    exact_deals,
    read_table,
    side_of,
)
from crib_trainer.analysis.pegging.tablesearch import cards_of, count_tail
from crib_trainer.core.pegging import LIMIT, score_card

#: Late in the play: average exactly over the hidden hands when they lie in at most this
#: many ways (rank by rank).
EXACT_DEALS = 200
_PIPS = tuple(min(r, 10) for r in range(14))  # index 0 unused


@lru_cache(maxsize=100_000)
def _points(tail: tuple[int, ...], count: int, r: int) -> int:
    """What rank ``r`` scores laid on a count whose scoring part is ``tail`` (ranks)."""
    cards = cards_of((*tail, r))
    made = count + _PIPS[r]
    points = sum(i.points for i in score_card(cards[:-1], cards[-1]))
    tail_pips = sum(_PIPS[x] for x in tail)
    # The tail leaves out older cards; fifteen and 31 turn on the whole count.
    if made != tail_pips + _PIPS[r]:
        points -= 2 * ((tail_pips + _PIPS[r]) in (15, LIMIT))
        points += 2 * (made in (15, LIMIT))
    return points


def table_values(situation: TableSituation) -> dict[int, float]:
    """Each legal rank's value for the player to move (higher is better): exact late in
    the play, the look-ahead before."""
    position = read_table(situation)
    if position.variant.partnerships and not situation.played:
        return partners_lead(position)
    deals = exact_deals(position, EXACT_DEALS)
    if deals is not None:
        return exact_table_values(position, deals)
    return lookahead_table_values(position)


def partners_lead(position: TablePosition) -> dict[int, float]:
    """The four-player opening lead's values: higher for a higher card, a 5 last.

    >>> from crib_trainer.core.cards import parse_cards
    >>> v = partners_lead(read_table(TableSituation(parse_cards("5H KC 2D 8S"),
    ...     variant="four-player")))
    >>> sorted(v, key=v.get, reverse=True)
    [13, 8, 2, 5]
    """
    return {
        int(c.rank): c.value + int(c.rank) / 100 - 100 * (c.rank == 5)
        for c in position.legal_cards()
    }


def exact_table_values(position: TablePosition, deals) -> dict[int, float]:  # type: ignore[no-untyped-def]
    """The expected net of each legal rank over ``deals`` (``exact_deals``' weighted list)."""
    search = TableSearch(position.variant)
    seq = tuple(int(c.rank) for c in position.count_cards)
    ranks = sorted({int(c.rank) for c in position.legal_cards()})
    return {
        r: sum(w * search.net_after(position.seat, hands, seq, r) for hands, w in deals)
        for r in ranks
    }


def lookahead_table_values(position: TablePosition) -> dict[int, float]:
    """The greedy one-reply estimate of each legal rank's net (see the module's text).

    >>> from crib_trainer.core.cards import parse_cards
    >>> from crib_trainer.core.pegging import parse_peg_tokens
    >>> s = TableSituation.from_sequence(parse_peg_tokens("KS QH".split()),
    ...     parse_cards("AD 2S 9C 8C"), variant="three-player")
    >>> v = lookahead_table_values(read_table(s))
    >>> max(v, key=v.get)  # 20 + 9 = 29: no one can make 31 with a two or come in with much
    9
    """
    v = position.variant
    n = v.players
    seat, count = position.seat, position.count
    seq = tuple(int(c.rank) for c in position.count_cards)
    tail = count_tail(seq)
    mine = side_of(seat, v)
    order = [(seat + k) % n for k in range(1, n)]
    repliers = [
        q for q in order if position.left[q] and q not in position.passed
    ]  # who may come in next, in turn
    unseen = [[0] * 14 for _ in range(n)]
    for q in repliers:
        for c in position.unseen:
            if c.value >= position.min_pips[q]:
                unseen[q][c.rank] += 1
    values: dict[int, float] = {}
    for r in sorted({int(c.rank) for c in position.legal_cards()}):
        points = _points(tail, count, r)
        made = count + _PIPS[r]
        if made == LIMIT:
            values[r] = float(points)
            continue
        after = count_tail((*tail, r))
        expected, nobody = 0.0, 1.0
        for q in repliers:
            sign = 1.0 if side_of(q, v) == mine else -1.0
            total, held = sum(unseen[q]), position.left[q]
            replies = []
            for s in range(1, 14):
                if unseen[q][s] and _PIPS[s] <= LIMIT - made:
                    chance = 1.0 - comb(total - unseen[q][s], held) / comb(total, held)
                    replies.append((_points(after, made, s), chance))
            replies.sort(reverse=True)
            out = 1.0  # the chance he holds none of the ranks that come in
            for his, chance in replies:
                expected += nobody * out * chance * sign * his
                out *= 1.0 - chance
            nobody *= out
        values[r] = points + expected + nobody  # no one comes in: the go is the mover's
    return values
