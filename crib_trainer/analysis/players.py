"""Computer players at four strengths, for the match command and the practice game.

A player answers two questions: which cards to throw to the crib (:meth:`Player.discard`)
and which card to lay in the play (:meth:`Player.play`, given the
:class:`~crib_trainer.analysis.pegging.PegSituation` of the player to move). Both may be
told the ``score`` (the mover's side, then the best other side's, before the decision);
only the master reads it.

- ``master``: the expert, but near the end of a two-player game (either side needs at
  most :data:`MASTER_NEED` points, scaled to the target) it plays for the chance to win
  the game wherever the score makes that differ from the most points. Its throw is the
  best of :func:`~crib_trainer.analysis.position.analyse_position` unless the expert's
  throw is as good a chance within that analysis' error; its card is the expert's unless
  a card pegs it out now, or the chance that the opponent pegs out on the card laid
  differs between the cards (then the best of
  :func:`~crib_trainer.analysis.endplay.play_wins`, ties to the expert's values). At a
  table of three or four (no win-probability table there) it plays as the expert but
  lays a card that reaches the target when it holds one.

- ``expert``: throws the best throw of the exact discard analysis with the weighted
  opponent; plays by :func:`fast_values`, a fast pegging policy in four parts. The
  opening lead, the reply to it and the leader's second card come from tables the exact
  pegging analysis built offline for every hand of ranks and cards laid, with the
  player's discards and the starter left unseen (:func:`lead_values`,
  :mod:`~crib_trainer.analysis.build.leads`; :func:`reply_values`,
  :mod:`~crib_trainer.analysis.build.replies`). Once few cards are left (the opponent
  holds at most :data:`EXACT_OPPONENT_CARDS`, the mover at most :data:`EXACT_OWN_CARDS`)
  it is the exact analysis itself (:func:`exact_values`, about a millisecond). In
  between, a two-ply look-ahead on ranks (:func:`lookahead_values`): the card's points
  now, less the best reply the opponent could hold (its points less the mover's best
  answer to it), each reply weighed by the chance that he holds that rank, plus the go
  when he cannot reply. ``bench/match.py`` measures how often it picks a card the exact
  analysis rates within 0.1 of its best.
- ``good``: the expert, but now and then (:data:`GOOD_SLIP`) it takes the second-best throw
  or card when that costs little (at most :data:`GOOD_SLIP_LIMIT` expected points).
- ``beginner``: keeps the hand with the highest expected show (the crib ignored) and lays
  the card that scores the most at once (the highest card on a tie).

At a table of three or four (:meth:`Player.play_table`) the expert and good players play
by :func:`~crib_trainer.analysis.tablepolicy.table_values` instead, and the beginner the
same way as with two.

Every player is a pure function of its inputs and its own seeded ``random.Random``.

>>> from crib_trainer.core.cards import parse_cards
>>> from crib_trainer.analysis.pegging import PegSituation
>>> make_player("beginner").play(PegSituation(parse_cards("5H 9C 2D 8S"))).code
'9C'
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from math import comb
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from crib_trainer.analysis.discard import analyse_discards
from crib_trainer.analysis.pegging import (
    Analysis,
    PegSituation,
    PlayOption,
    Position,
    Solver,
    TablePosition,
    TableSituation,
    holding_distribution,
    pack_hand,
    pack_tail,
    read_situation,
    read_table,
    tail_of,
)
from crib_trainer.analysis.pegging.solver import RANK_PIPS
from crib_trainer.analysis.ranksets import multiset_index
from crib_trainer.analysis.tablepolicy import table_values
from crib_trainer.core.cards import Card, Rank
from crib_trainer.core.pegging import LIMIT, score_card
from crib_trainer.core.variants import Variant

if TYPE_CHECKING:
    import numpy as np

#: The opening leads, built by :mod:`crib_trainer.analysis.build.leads`.
LEAD_TABLE = Path(__file__).parent / "data" / "peg_leads.json"
#: The reply to the lead and the leader's second card, built by
#: :mod:`crib_trainer.analysis.build.replies`.
REPLY_TABLE = Path(__file__).parent / "data" / "peg_replies.npz"
#: The reply table's values are in thousandths of a point.
REPLY_SCALE = 1000
RANK_BY_LETTER = {r.letter: r for r in Rank}
#: The strengths, strongest first.
PLAYERS = ("master", "expert", "good", "beginner")
#: The master plays for the chance to win once either side needs at most this many
#: points in a game to 121 (scaled to the target: 25 in a game to 61). Measured on the
#: same deals against the expert (bench/master.py, 3,000 games each): its throws from 30
#: points out won +0.57% ± 0.59% more games, from 50 out +0.87% ± 0.67%.
MASTER_NEED = 50
#: Chances to win closer than this are the same to the master (half a percent).
MASTER_SAME = 0.005
#: The fast policy asks the exact analysis once the opponent holds at most this many
#: cards and the mover at most :data:`EXACT_OWN_CARDS` (each such call takes about a
#: millisecond; earlier ones take up to a second).
EXACT_OPPONENT_CARDS = 2
EXACT_OWN_CARDS = 3
#: The fast policy's exact searches share one search table per variant (what a position
#: is worth is a fact of the rules, whatever asked), started afresh past this many
#: positions (about 30 MB; a table four times as large saved only a further 15%).
SHARED_TABLE_LIMIT = 50_000
_SHARED_SOLVERS: dict[str, Solver] = {}
#: How often the ``good`` player slips, and the most a slip may cost (expected points).
GOOD_SLIP = 0.15
GOOD_SLIP_LIMIT = 1.0


#: The score before a decision: the mover's side's, then the best other side's.
Score = tuple[int, int]


def near_end(score: Score | None, target: int) -> bool:
    """Whether either side needs at most :data:`MASTER_NEED` points (scaled to
    ``target``), where the master plays for the chance to win.

    >>> near_end((95, 60), 121), near_end((60, 65), 121), near_end((10, 37), 61)
    (True, False, True)
    >>> near_end(None, 121)  # no score given: as the expert
    False
    """
    if score is None:
        return False
    return target - max(score) <= round(MASTER_NEED * target / 121)


class Player(Protocol):
    """What the engine's driver asks a computer player."""

    name: str

    def discard(
        self, hand: Sequence[Card], *, dealer: bool, variant: Variant, score: Score | None = None
    ) -> tuple[Card, ...]:
        """The cards to throw to the crib from the dealt ``hand``."""
        ...

    def play(self, situation: PegSituation, score: Score | None = None) -> Card:
        """The card to lay (the situation's holder must have one that comes in)."""
        ...

    def play_table(self, situation: TableSituation, score: Score | None = None) -> Card:
        """The card to lay at a table of three or four."""
        ...


@lru_cache(maxsize=4)
def _steps() -> Solver:
    """A solver used only for its table of points per rank on a count (the rules' facts)."""
    return Solver()


def _pegging_tail(position: Position) -> int:
    return pack_tail(position.count, *tail_of([int(c.rank) for c in position.count_cards]))


def lookahead_values(position: Position) -> dict[int, float]:
    """The two-ply estimate of each legal rank's net points (see the module's text).

    >>> from crib_trainer.core.cards import parse_cards
    >>> v = lookahead_values(read_situation(PegSituation(parse_cards("5H 9C 2D 8S"))))
    >>> v[2] > v[5]  # a 5 led gives him fifteen with any ten-card; a 2 gives none
    True
    """
    solver = _steps()
    tail = _pegging_tail(position)
    mine = [int(c.rank) for c in position.hand]
    unseen = [0] * 14
    for c in position.unseen:
        if c.value >= position.opponent_min_pips:
            unseen[c.rank] += 1
    total, held = sum(unseen), position.opponent_left
    holds = [0.0] * 14  # the chance he holds at least one card of each rank
    if held and not position.opponent_passed:
        for s in range(1, 14):
            if unseen[s]:
                holds[s] = 1.0 - comb(total - unseen[s], held) / comb(total, held)
    values: dict[int, float] = {}
    for r in sorted({int(c.rank) for c in position.legal_cards()}):
        points, after = solver.step(tail, r)
        count = after & 63
        rest = list(mine)
        rest.remove(r)
        if count == LIMIT:
            values[r] = float(points)
            continue
        replies = []
        for s in range(1, 14):
            if holds[s] and RANK_PIPS[s] <= LIMIT - count:
                his, after2 = solver.step(after, s)
                room = LIMIT - (after2 & 63)
                answer = max(
                    (solver.step(after2, t)[0] for t in rest if RANK_PIPS[t] <= room), default=0
                )
                replies.append((his - answer, holds[s]))
        replies.sort(reverse=True)
        expected, none = 0.0, 1.0
        for net, chance in replies:
            expected += none * chance * net
            none *= 1.0 - chance
        # He cannot come in: the go (or the last card) is the mover's, or he plays on.
        values[r] = points - expected + none
    return values


def fast_values(situation: PegSituation) -> dict[int, float]:
    """Each legal rank's value for the fast policy (higher is better): from the tables for
    the first three cards of the play, the exact expected net from then on, the
    look-ahead's estimate in the rare positions left (the opponent holding three cards
    after a go)."""
    if not situation.played:
        return lead_values(situation.hand, situation.variant)
    if len(situation.played) <= 2:
        return reply_values(situation)
    position = read_situation(situation)
    if position.opponent_left <= EXACT_OPPONENT_CARDS and len(position.hand) <= EXACT_OWN_CARDS:
        return exact_values(position, _shared_solver(position.variant))
    return lookahead_values(position)


def _shared_solver(variant: Variant) -> Solver:
    """The search table the fast policy's exact searches share (see
    :data:`SHARED_TABLE_LIMIT`)."""
    solver = _SHARED_SOLVERS.get(variant.name)
    if solver is None or len(solver.table) > SHARED_TABLE_LIMIT:
        solver = _SHARED_SOLVERS[variant.name] = Solver(variant)
    return solver


@lru_cache(maxsize=1)
def _lead_table() -> dict[str, dict[str, dict[str, float]]]:
    return json.loads(LEAD_TABLE.read_text(encoding="utf-8"))


def lead_values(hand: Sequence[Card], variant: Variant) -> dict[int, float]:
    """The opening lead's value for each rank in ``hand``: the exact expected net with only
    the leader's hand known, from the table :mod:`~crib_trainer.analysis.build.leads` makes.

    >>> from crib_trainer.core.cards import parse_cards
    >>> from crib_trainer.core.variants import SIX_CARD
    >>> v = lead_values(parse_cards("5H 9C 2D 8S"), SIX_CARD)
    >>> sorted(v, key=v.get, reverse=True)[0]
    2
    """
    key = "".join(Rank(r).letter for r in sorted(int(c.rank) for c in hand))
    row = _lead_table()[variant.name][key]
    return {int(RANK_BY_LETTER[letter]): value for letter, value in row.items()}


@lru_cache(maxsize=1)
def _reply_tables() -> dict[str, np.ndarray]:
    import numpy as np

    with np.load(REPLY_TABLE) as data:
        return {name: data[name] for name in data.files}


def reply_values(situation: PegSituation) -> dict[int, float]:
    """The value of each rank in ``hand`` as the reply to the lead (one card played) or
    the leader's second card (two played): the exact expected net with the player's
    discards and the starter unseen, from the table
    :mod:`~crib_trainer.analysis.build.replies` makes.

    >>> from crib_trainer.core.cards import parse_cards
    >>> from crib_trainer.core.pegging import parse_peg_tokens
    >>> s = PegSituation.from_sequence(parse_peg_tokens(["KS"]), parse_cards("5H 9C 2D 8S"))
    >>> {r: round(v, 2) for r, v in sorted(reply_values(s).items())}  # analyse's doctest
    {2: 0.88, 5: 2.17, 8: 1.04, 9: 1.7}
    """
    seen = tuple(int(p.card.rank) - 1 for p in situation.cards_played)
    table = "reply" if len(seen) == 1 else "second"
    hand = tuple(sorted(int(c.rank) for c in situation.hand))
    row = _reply_tables()[f"{table}_{situation.variant.name}"][seen][
        multiset_index(len(hand))[hand]
    ]
    return {r: int(v) / REPLY_SCALE for r, v in zip(hand, row, strict=True)}


def exact_values(position: Position, solver: Solver | None = None) -> dict[int, float]:
    """Each legal rank's expected net by the exact analysis (random opponent): the
    :func:`~crib_trainer.analysis.pegging.analyse` figure, without its replies and risk.
    A ``solver`` of the position's variant may be passed to reuse its search table.

    >>> from crib_trainer.core.cards import parse_cards
    >>> from crib_trainer.core.pegging import parse_peg_tokens
    >>> from crib_trainer.analysis.pegging import analyse
    >>> played = parse_peg_tokens("KS 5D 2H 4C".split())
    >>> s = PegSituation.from_sequence(played, parse_cards("5H 9C"))
    >>> v = exact_values(read_situation(s))
    >>> [round(v[int(o.card.rank)], 9) == round(o.expected_net, 9) for o in analyse(s).options]
    [True, True]
    """
    solver = solver or Solver(position.variant)
    tail = _pegging_tail(position)
    mine = pack_hand([int(c.rank) for c in position.hand])
    dist = [(pack_hand(ranks), p) for ranks, p in holding_distribution(position)]
    values: dict[int, float] = {}
    for r in sorted({int(c.rank) for c in position.legal_cards()}):
        rest = mine - (1 << (3 * (r - 1)))
        values[r] = sum(p * solver.play(rest, his, tail, r) for his, p in dist)
    return values


@dataclass
class Expert:
    """The exact discard analysis (weighted opponent) and the fast pegging policy."""

    name: str = "expert"
    rng: random.Random = field(default_factory=lambda: random.Random(0))

    def discard(
        self, hand: Sequence[Card], *, dealer: bool, variant: Variant, score: Score | None = None
    ) -> tuple[Card, ...]:
        options = analyse_discards(
            hand, dealer=dealer, variant=variant, opponent="weighted"
        ).options
        return self._choose([(o.net_ev, o.discard) for o in options])

    def play(self, situation: PegSituation, score: Score | None = None) -> Card:
        return self._pick(fast_values(situation), situation.hand)

    def play_table(self, situation: TableSituation, score: Score | None = None) -> Card:
        """The card to lay at a table of three or four (:func:`table_values`)."""
        return self._pick(table_values(situation), situation.hand)

    def _pick(self, values: dict[int, float], hand: Sequence[Card]) -> Card:
        ranked = sorted(values.items(), key=lambda kv: (-kv[1], -kv[0]))
        rank = self._choose([(v, r) for r, v in ranked])
        return min(c for c in hand if int(c.rank) == rank)

    def _choose(self, ranked: list[tuple[float, object]]):  # type: ignore[no-untyped-def]
        """The best of ``(value, choice)`` pairs, best first."""
        return ranked[0][1]


@dataclass
class Good(Expert):
    """The expert, who now and then takes the second-best choice when it costs little."""

    name: str = "good"

    def _choose(self, ranked: list[tuple[float, object]]):  # type: ignore[no-untyped-def]
        if (
            len(ranked) > 1
            and ranked[0][0] - ranked[1][0] <= GOOD_SLIP_LIMIT
            and self.rng.random() < GOOD_SLIP
        ):
            return ranked[1][1]
        return ranked[0][1]


@dataclass
class Master(Expert):
    """The expert, playing for the chance to win near the end (see the module's text).

    >>> from crib_trainer.core.cards import parse_cards
    >>> from crib_trainer.core.rules import SIX_CARD
    >>> hand = parse_cards("3C 3S QH AH JH 6H")
    >>> master, expert = make_player("master"), make_player("expert")
    >>> e = expert.discard(hand, dealer=False, variant=SIX_CARD)
    >>> master.discard(hand, dealer=False, variant=SIX_CARD, score=(60, 60)) == e  # far off
    True
    >>> master.discard(hand, dealer=False, variant=SIX_CARD, score=(116, 100)) == e  # needs 5
    False
    """

    name: str = "master"

    def discard(
        self, hand: Sequence[Card], *, dealer: bool, variant: Variant, score: Score | None = None
    ) -> tuple[Card, ...]:
        mine = super().discard(hand, dealer=dealer, variant=variant)
        if variant.players != 2 or not near_end(score, variant.target):
            return mine
        assert score is not None
        # (imported here: the other players, and the screens that list them, need neither)
        from crib_trainer.analysis.position import analyse_position

        p = analyse_position(hand, dealer=dealer, me=score[0], him=score[1], variant=variant)
        expert = next(o for o in p.options if set(o.option.discard) == set(mine))
        return mine if p.as_good_as_best(expert) else p.best.option.discard

    def play(self, situation: PegSituation, score: Score | None = None) -> Card:
        values = fast_values(situation)
        if not near_end(score, situation.variant.target):
            return self._pick(values, situation.hand)
        assert score is not None
        from crib_trainer.analysis.endplay import his_peg_outs, play_wins

        me, him = score
        analysis = _card_facts(situation, values)
        ranks = [int(o.card.rank) for o in analysis.options]
        outs = [r for r, o in zip(ranks, analysis.options, strict=True)
                if o.immediate >= situation.variant.target - me]  # fmt: skip
        if outs:  # a card that wins the game now
            return self._pick({r: values[r] for r in outs}, situation.hand)
        risks = his_peg_outs(situation, analysis, me=me, him=him)
        if max(risks) - min(risks) <= MASTER_SAME:  # only the points differ: the expert's
            return self._pick(values, situation.hand)
        wins = play_wins(situation, analysis, me=me, him=him)
        best = max(wins)
        near = {r for r, w in zip(ranks, wins, strict=True) if w >= best - MASTER_SAME}
        return self._pick({r: v for r, v in values.items() if r in near}, situation.hand)

    def play_table(self, situation: TableSituation, score: Score | None = None) -> Card:
        """The expert's card, unless a card reaches the target now (then the expert's best
        of those)."""
        values = table_values(situation)
        if score is not None:
            position = read_table(situation)
            need = situation.variant.target - score[0]
            outs = {
                int(c.rank)
                for c in position.legal_cards()
                if sum(i.points for i in score_card(position.count_cards, c)) >= need
            }
            if outs:
                return self._pick({r: values[r] for r in outs}, situation.hand)
        return self._pick(values, situation.hand)


def _card_facts(situation: PegSituation, values: dict[int, float]) -> Analysis:
    """What :func:`~crib_trainer.analysis.endplay.play_wins` reads of each legal rank (its
    card, what it scores now, the count after it), with ``values`` as its expected net:
    the pegging analysis' shape without its search, which the master does not need.

    >>> from crib_trainer.core.cards import parse_cards
    >>> from crib_trainer.core.pegging import parse_peg_tokens
    >>> s = PegSituation.from_sequence(parse_peg_tokens(["KS"]), parse_cards("5H 9C 2D 8S"))
    >>> [(str(o.card), o.immediate, o.count) for o in _card_facts(s, reply_values(s)).options]
    [('5♥', 2, 15), ('9♣', 0, 19), ('2♦', 0, 12), ('8♠', 0, 18)]
    """
    position = read_situation(situation)
    by_rank: dict[int, PlayOption] = {}
    for card in position.legal_cards():
        r = int(card.rank)
        if r not in by_rank:
            points = sum(i.points for i in score_card(position.count_cards, card))
            by_rank[r] = PlayOption(card, points, values[r], 0.0, position.count + card.value)
    return Analysis(position, tuple(by_rank.values()), "random", 0)


@dataclass
class Beginner:
    """Keeps the highest expected hand, lays the card that scores most at once."""

    name: str = "beginner"
    rng: random.Random = field(default_factory=lambda: random.Random(0))

    def discard(
        self, hand: Sequence[Card], *, dealer: bool, variant: Variant, score: Score | None = None
    ) -> tuple[Card, ...]:
        options = analyse_discards(hand, dealer=dealer, variant=variant).options
        best = max(options, key=lambda o: (o.hand_ev, -options.index(o)))
        return best.discard

    def play(self, situation: PegSituation, score: Score | None = None) -> Card:
        return self._greedy(read_situation(situation))

    def play_table(self, situation: TableSituation, score: Score | None = None) -> Card:
        return self._greedy(read_table(situation))

    @staticmethod
    def _greedy(position: Position | TablePosition) -> Card:
        count_cards = position.count_cards

        def now(card: Card) -> tuple[int, int, Card]:
            return (sum(i.points for i in score_card(count_cards, card)), card.value, card)

        return max(position.legal_cards(), key=now)


def make_player(name: str, rng: random.Random | None = None) -> Player:
    """A player by strength (:data:`PLAYERS`), with its own random numbers."""
    rng = rng or random.Random(0)
    if name == "master":
        return Master(rng=rng)
    if name == "expert":
        return Expert(rng=rng)
    if name == "good":
        return Good(rng=rng)
    if name == "beginner":
        return Beginner(rng=rng)
    raise ValueError(f"unknown player {name!r}; choose one of {', '.join(PLAYERS)}")
