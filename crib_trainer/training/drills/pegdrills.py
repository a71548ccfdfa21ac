"""Pegging drills: realistic situations from seeded deals, tagged by theme.

A drill is dealt like a real hand: six cards each (five in the five-card game), each side
keeps what a good player keeps (:func:`default_keep`), a starter is turned, and the play
runs from the lead with both sides laying the card that is best with everything known
(the exact play-out of :class:`~crib_trainer.analysis.pegging.Solver`, ties broken at
random). One moment of that play where the player to move has a real choice (two legal
cards of different ranks) becomes the drill, seen from that player's side.

Everything random comes from the ``rng`` passed in, so a seed gives the same drills.

Themes (stable ids, stored with answers as ``peg-<theme>``), judged from the player to
move's side:

- ``lead``: a count starts with his card (the opening lead, or after a go or 31);
- ``reply-5``, ``reply-ten``: the count holds one card, the opponent's 5 (or ten-card);
- ``near-31``: the count is 21 to 30;
- ``pair-royal-danger``: he can pair the last card, which leaves a pair royal to the
  opponent's third card of that rank;
- ``run-trap``: he can lay a card one or two ranks from the last card, which leaves a run
  to the card between or beside them;
- ``go``: the go is in play: the opponent has said go on this count (and still holds
  cards), or the count is 21 or more and he holds a card that will not come in.

>>> import random
>>> d = peg_drill(random.Random(4), theme="near-31")
>>> "near-31" in d.themes, d.hit, 21 <= read_situation(d.situation).count <= 30
(True, True, True)
>>> PegDrill.from_question(d.question()) == d
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from crib_trainer.analysis.discard import analyse_discards
from crib_trainer.analysis.pegging import (
    PegSituation,
    Position,
    Solver,
    check_supported,
    pack_hand,
    pack_tail,
    read_situation,
    tail_of,
)
from crib_trainer.core.cards import FULL_DECK, Card, parse_card, parse_cards
from crib_trainer.core.pegging import LIMIT, PegKind, Played, PlayState, parse_peg_tokens
from crib_trainer.core.variants import Variant, get_variant
from crib_trainer.training.categories import PEG_THEMES
from crib_trainer.training.shapes import PegQuestion

#: The themes (defined once, in :mod:`~crib_trainer.training.categories`).
THEMES: tuple[str, ...] = PEG_THEMES
#: Deals tried for a theme before giving up (``hit=False``); not reached in practice.
MAX_TRIES = 300

#: Chooses the cards to keep: ``keep(dealt, dealer=..., variant=...) -> kept cards``.
KeepRule = Callable[..., tuple[Card, ...]]


# --- keeping well ----------------------------------------------------------------------------


def discard_analysis_keep(
    cards: Sequence[Card], *, dealer: bool, variant: Variant | str
) -> tuple[Card, ...]:
    """The discard analysis' best keep against a good opponent (its ``weighted`` crib model).

    >>> keep = discard_analysis_keep(parse_cards("5H 5D JC QS 2H 9C"), dealer=False,
    ...                              variant="six-card")
    >>> sorted(c.code for c in keep)
    ['5D', '5H', 'JC', 'QS']
    """
    analysis = analyse_discards(tuple(cards), dealer=dealer, variant=variant, opponent="weighted")
    return tuple(analysis.best.keep)


def default_keep() -> KeepRule:
    """How the drills' players keep: the discard analysis' best keep."""
    return discard_analysis_keep


# --- themes ------------------------------------------------------------------------------------


def situation_themes(situation: PegSituation) -> tuple[str, ...]:
    """The themes of a situation, in :data:`THEMES` order (see the module notes)."""
    return position_themes(read_situation(situation), situation)


def position_themes(pos: Position, situation: PegSituation) -> tuple[str, ...]:
    theirs = {p.card for p in situation.cards_played if p.player != situation.me}
    he_said_go = pos.opponent_passed and pos.opponent_left > 0
    return moment_themes(pos.count_cards, pos.hand, theirs, he_said_go)


def moment_themes(
    count_cards: Sequence[Card], hand: Sequence[Card], theirs: set[Card], they_said_go: bool
) -> tuple[str, ...]:
    """The themes of a moment (see the module notes): the current count, the hand, the
    cards the other side laid, and whether one of them has said go on this count (and
    still holds cards). Shared by the two-player drills and those at a table."""
    found: set[str] = set()
    count = sum(c.value for c in count_cards)
    legal = [c for c in hand if c.value <= LIMIT - count]
    if not count_cards:
        found.add("lead")
    else:
        last = count_cards[-1]
        if len(count_cards) == 1 and last in theirs:
            if last.rank == 5:
                found.add("reply-5")
            elif last.value == 10:
                found.add("reply-ten")
        if 21 <= count <= 30:
            found.add("near-31")
        if last in theirs and any(c.rank == last.rank for c in legal):
            found.add("pair-royal-danger")
        if any(1 <= abs(c.rank - last.rank) <= 2 for c in legal):
            found.add("run-trap")
    stuck = count >= 21 and any(c.value > LIMIT - count for c in hand)
    if they_said_go or stuck:
        found.add("go")
    return tuple(t for t in THEMES if t in found)


# --- the drill -----------------------------------------------------------------------------------


def play_tokens(played: Sequence[Played]) -> list[str]:
    """Cards laid as ``crib-trainer peg`` tokens: each card after its seat's letter (``A``
    leads), ``go`` after a card that took the go."""
    out: list[str] = []
    for p in played:
        out.append(f"{'ABCD'[p.player]}:{p.card.code}")
        if any(i.kind is PegKind.GO for i in p.items):
            out.append("go")
    return out


@dataclass(frozen=True, slots=True)
class PegDrill:
    """A moment of a play to choose a card in: the situation (the player to move's view),
    its themes, and the opponent's hidden cards (to show after the answer).

    ``theme`` is what the drill was asked for; ``hit`` is False when it could not be dealt
    in :data:`MAX_TRIES` deals (a drill with other themes is given instead).
    """

    situation: PegSituation
    themes: tuple[str, ...]
    opponent_hand: tuple[Card, ...]
    theme: str | None = None
    hit: bool = True

    kind = "peg-play"

    def tokens(self) -> list[str]:
        """The play so far as ``crib-trainer peg`` tokens: ``A:`` the non-dealer, ``B:`` the
        dealer, ``go`` where no one could play."""
        return play_tokens(self.situation.cards_played)

    def question(self) -> PegQuestion:
        """The JSON stored with an answer; :meth:`from_question` reads it back."""
        s = self.situation
        return {
            "hand": [c.code for c in s.hand],
            "played": self.tokens(),
            "starter": s.starter.code if s.starter else None,
            "discards": [c.code for c in s.discards],
            "dealer": s.dealer,
            "variant": s.variant.name,
            "themes": list(self.themes),
            "opponent": [c.code for c in self.opponent_hand],
            "target": self.theme,
        }

    @classmethod
    def from_question(cls, q: Mapping[str, Any]) -> PegDrill:
        """Rebuild a drill from a stored question (to replay it)."""
        situation = PegSituation.from_sequence(
            parse_peg_tokens(q["played"]),
            parse_cards(q["hand"]),
            starter=parse_card(q["starter"]) if q.get("starter") else None,
            discards=parse_cards(q.get("discards", [])),
            variant=q.get("variant", "six-card"),
            holder="B" if q["dealer"] else "A",
            dealer=bool(q["dealer"]),
        )
        themes = stored_themes(q)
        return cls(situation, themes, parse_cards(q.get("opponent", [])), q.get("target"))

    def command(self) -> str:
        """The same question for the command line: ``crib-trainer peg … --hand …``."""
        s = self.situation
        parts = peg_command(self.tokens(), s.hand, s.starter, s.discards)
        parts += ["--player", "B" if s.dealer else "A"]
        if s.variant.name != "six-card":
            parts += ["--variant", s.variant.name]
        return " ".join(parts)


def stored_themes(q: Mapping[str, Any]) -> tuple[str, ...]:
    """The themes of a stored pegging question, each checked against :data:`THEMES`."""
    themes = tuple(q.get("themes", ()))
    unknown = [t for t in themes if t not in THEMES]
    if unknown:
        raise ValueError(f"unknown pegging theme {unknown[0]!r}; the themes are {THEMES}")
    return themes


def peg_command(
    tokens: Sequence[str], hand: Sequence[Card], starter: Card | None, discards: Sequence[Card]
) -> list[str]:
    """The words of ``crib-trainer peg`` for a pegging moment, up to its ``--player``.

    >>> " ".join(peg_command(["A:5S"], parse_cards("5H 9C"), None, ()))
    'crib-trainer peg A:5S --hand 5H 9C'
    """
    parts = ["crib-trainer peg", *tokens, "--hand", *(c.code for c in hand)]
    if starter:
        parts += ["--starter", starter.code]
    if discards:
        parts += ["--discards", *(c.code for c in discards)]
    return parts


def peg_drill(
    rng: random.Random,
    *,
    theme: str | None = None,
    variant: Variant | str = "six-card",
    keep: KeepRule | None = None,
) -> PegDrill:
    """Deal and play until a moment with a real choice (with ``theme``, one of that theme);
    return it as a drill.

    When the theme is ``reply-5`` or ``reply-ten`` the leader of a count lays a 5 (or a
    ten-card) when he holds one, as players often do; otherwise both play their best.
    """
    v = get_variant(variant)
    check_supported(v)
    if theme is not None and theme not in THEMES:
        raise ValueError(f"unknown pegging theme {theme!r}; choose one of {', '.join(THEMES)}")
    keep = keep or default_keep()
    fallback: PegDrill | None = None
    for _ in range(MAX_TRIES if theme else 1):
        moments = deal_moments(rng, v, keep, theme)
        if theme is not None:
            wanted = [m for m in moments if theme in m.themes]
            if wanted:
                return _with_target(rng.choice(wanted), theme, True)
        if moments:
            fallback = fallback or rng.choice(moments)
            if theme is None:
                return fallback
    if fallback is None:  # pragma: no cover - every deal has choices
        raise RuntimeError("no pegging moment with a choice was dealt")
    return _with_target(fallback, theme, False)


def peg_drills(
    rng: random.Random, count: int, *, variant: Variant | str = "six-card"
) -> list[PegDrill]:
    """``count`` drills cycling through every theme in turn (a balanced set)."""
    return [peg_drill(rng, theme=THEMES[i % len(THEMES)], variant=variant) for i in range(count)]


def _with_target(drill: PegDrill, theme: str | None, hit: bool) -> PegDrill:
    return PegDrill(drill.situation, drill.themes, drill.opponent_hand, theme, hit)


def deal_moments(
    rng: random.Random,
    v: Variant | str = "six-card",
    keep: KeepRule | None = None,
    theme: str | None = None,
) -> list[PegDrill]:
    """Deal, keep, play out; every moment of the play with a real choice, as drills, in the
    order they came (the opening lead first)."""
    v = get_variant(v)
    keep = keep or default_keep()
    deck = list(FULL_DECK)
    rng.shuffle(deck)
    n = v.dealt
    dealt = [deck[:n], deck[n : 2 * n]]  # the non-dealer's, then the dealer's
    starter = deck[2 * n]
    kept = [keep(dealt[q], dealer=q == 1, variant=v) for q in (0, 1)]
    thrown = [tuple(c for c in dealt[q] if c not in kept[q]) for q in (0, 1)]
    state = PlayState.start(kept, v, starter=starter)
    solver = Solver(v)
    moments: list[PegDrill] = []
    while not state.over:
        legal = state.legal_cards()
        me = state.turn
        if len({c.rank for c in legal}) >= 2:
            situation = PegSituation.from_state(state, starter=starter, discards=thrown[me])
            pos = read_situation(situation)
            moments.append(
                PegDrill(situation, position_themes(pos, situation), state.hands[1 - me])
            )
        state = state.play(_choose(rng, solver, state, theme))
    return moments


def _choose(rng: random.Random, solver: Solver, state: PlayState, theme: str | None) -> Card:
    legal = state.legal_cards()
    if not state.count_cards and theme in ("reply-5", "reply-ten"):
        liked = [c for c in legal if (c.rank == 5 if theme == "reply-5" else c.value == 10)]
        if liked:
            return rng.choice(liked)
    me = state.turn
    mine = [int(c.rank) for c in state.hands[me]]
    other = pack_hand([int(c.rank) for c in state.hands[1 - me]])
    tail = pack_tail(state.count, *tail_of([int(c.rank) for c in state.count_cards]))
    scored: list[tuple[int, Card]] = []
    for c in legal:
        rest = list(mine)
        rest.remove(int(c.rank))
        scored.append((solver.play(pack_hand(rest), other, tail, int(c.rank)), c))
    best = max(v for v, _ in scored)
    return rng.choice([c for v, c in scored if v == best])


def replay_state(drill: PegDrill) -> PlayState:
    """The play so far as a state machine, with both hands known (to play on).

    >>> d = peg_drill(random.Random(3))
    >>> len(replay_state(d).plays) == len(d.situation.cards_played)
    True
    """
    s = drill.situation
    played = [(p.player, p.card) for p in s.cards_played]
    hands: list[list[Card]] = [[], []]
    for player, card in played:
        hands[player].append(card)
    hands[s.me] += list(s.hand)
    hands[1 - s.me] += list(drill.opponent_hand)
    state = PlayState.start([tuple(h) for h in hands], s.variant, starter=s.starter)
    for _, card in played:
        state = state.play(card)
    return state
