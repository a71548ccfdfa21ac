"""Pegging drills at a table of three or four: moments of seeded deals, tagged by theme
and graded like the two-player drills (:mod:`.pegdrills`).

A drill is dealt like a real hand: five cards a seat, each keeps the four a good player
keeps (the dealer's side throws to its own crib), a starter is turned, and the play runs
from the lead with every seat laying the card best for its side with everything known
(:class:`~crib_trainer.analysis.pegging.TableSearch`, ties broken at random). A moment
after the first round (so the analysis of the hidden hands is quick), where the player to
move has cards of two ranks that come in, becomes the drill, seen from his seat. The
themes are the two-player drills' (:data:`~.pegdrills.THEMES`), "the opponent" being any
seat of the other side.

>>> import random
>>> d = table_drill(random.Random(4), variant="three-player", theme="near-31")
>>> "near-31" in d.themes, d.hit, len(d.hidden)
(True, True, 3)
>>> drill_from_question(d.question()) == d
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from crib_trainer.analysis.pegging import (
    TableSearch,
    TableSituation,
    read_table,
    side_of,
)
from crib_trainer.core.cards import FULL_DECK, Card, parse_card, parse_cards
from crib_trainer.core.pegging import PlayState, parse_peg_tokens
from crib_trainer.core.variants import Variant, get_variant
from crib_trainer.training.drills.pegdrills import (
    MAX_TRIES,
    THEMES,
    KeepRule,
    PegDrill,
    default_keep,
    moment_themes,
    peg_command,
    play_tokens,
    stored_themes,
)
from crib_trainer.training.shapes import TableQuestion

#: Deals of the hidden hands the drills' analysis averages over.
DRILL_SAMPLES = 200
SEATS = "ABCD"
#: The games played at a table of three or four.
TABLE_VARIANTS = ("three-player", "four-player")


def table_themes(situation: TableSituation) -> tuple[str, ...]:
    """The themes of a moment at a table, from the player to move's side."""
    pos = read_table(situation)
    v = situation.variant
    mine = side_of(situation.seat, v)
    theirs = {p.card for p in situation.played if side_of(p.player, v) != mine}
    said_go = any(side_of(q, v) != mine and pos.left[q] for q in pos.passed)
    return moment_themes(pos.count_cards, pos.hand, theirs, said_go)


@dataclass(frozen=True, slots=True)
class TableDrill:
    """A moment of a play at a table of three or four, seen from one seat: the situation,
    its themes, and every seat's hidden cards (``hidden[seat]`` is empty for the player
    to move), to show after the answer."""

    situation: TableSituation
    themes: tuple[str, ...]
    hidden: tuple[tuple[Card, ...], ...]
    theme: str | None = None
    hit: bool = True

    kind = "peg-play"

    def tokens(self) -> list[str]:
        """The play so far as ``crib-trainer peg`` tokens, seats A, B, C (D)."""
        return play_tokens(self.situation.played)

    def question(self) -> TableQuestion:
        """The JSON stored with an answer (the variant and seat say which table);
        :func:`drill_from_question` reads it back."""
        s = self.situation
        return {
            "hand": [c.code for c in s.hand],
            "played": self.tokens(),
            "starter": s.starter.code if s.starter else None,
            "discards": [c.code for c in s.discards],
            "dealer": s.dealer,
            "seat": s.seat,
            "variant": s.variant.name,
            "themes": list(self.themes),
            "others": [[c.code for c in h] for h in self.hidden],
            "target": self.theme,
        }

    @classmethod
    def from_question(cls, q: Mapping[str, Any]) -> TableDrill:
        situation = TableSituation.from_sequence(
            parse_peg_tokens(q["played"]),
            parse_cards(q["hand"]),
            variant=q["variant"],
            holder=SEATS[int(q["seat"])],
            starter=parse_card(q["starter"]) if q.get("starter") else None,
            discards=parse_cards(q.get("discards", [])),
        )
        themes = stored_themes(q)
        hidden = tuple(parse_cards(h) for h in q["others"])
        if len(hidden) != situation.players:
            raise ValueError(f"the {situation.variant.name} game has {situation.players} seats")
        return cls(situation, themes, hidden, q.get("target"))

    def command(self) -> str:
        """The same question for the command line."""
        s = self.situation
        parts = peg_command(self.tokens(), s.hand, s.starter, s.discards)
        parts += ["--player", SEATS[s.seat], "--variant", s.variant.name]
        return " ".join(parts)


def drill_from_question(q: Mapping[str, Any]) -> PegDrill | TableDrill:
    """A stored pegging question read back: at a table of three or four when its variant
    says so, else a two-player drill."""
    if q.get("variant") in TABLE_VARIANTS:
        return TableDrill.from_question(q)
    return PegDrill.from_question(q)


def table_drill(
    rng: random.Random,
    *,
    variant: Variant | str,
    theme: str | None = None,
    keep: KeepRule | None = None,
) -> TableDrill:
    """Deal and play until a moment with a real choice (of ``theme``, when given)."""
    v = get_variant(variant)
    if v.players < 3:
        raise ValueError(f"table drills are for three or four players; {v.name} has two")
    if theme is not None and theme not in THEMES:
        raise ValueError(f"unknown pegging theme {theme!r}; choose one of {', '.join(THEMES)}")
    keep = keep or default_keep()
    fallback: TableDrill | None = None
    for _ in range(MAX_TRIES if theme else 8):
        moments = table_moments(rng, v, keep)
        if theme is not None:
            wanted = [m for m in moments if theme in m.themes]
            if wanted:
                return _aimed(rng.choice(wanted), theme, True)
        if moments:
            fallback = fallback or rng.choice(moments)
            if theme is None:
                return fallback
    if fallback is None:  # pragma: no cover - a deal without a choice after the first round
        raise RuntimeError("no pegging moment with a choice was dealt")
    return _aimed(fallback, theme, False)


def _aimed(drill: TableDrill, theme: str | None, hit: bool) -> TableDrill:
    return TableDrill(drill.situation, drill.themes, drill.hidden, theme, hit)


def table_moments(
    rng: random.Random, v: Variant | str, keep: KeepRule | None = None
) -> list[TableDrill]:
    """Deal, keep, play out; the moments after the first round with a real choice."""
    v = get_variant(v)
    keep = keep or default_keep()
    deck = list(FULL_DECK)
    rng.shuffle(deck)
    n, dealt = v.players, v.dealt
    hands = [deck[q * dealt : (q + 1) * dealt] for q in range(n)]
    starter = deck[n * dealt]
    dealer_side = side_of(n - 1, v)
    kept = [keep(hands[q], dealer=side_of(q, v) == dealer_side, variant=v) for q in range(n)]
    thrown = [tuple(c for c in hands[q] if c not in kept[q]) for q in range(n)]
    state = PlayState.start(kept, v, starter=starter)
    search = TableSearch(v)
    moments: list[TableDrill] = []
    while not state.over:
        legal = state.legal_cards()
        seat = state.turn
        if len(state.plays) >= n and len({c.rank for c in legal}) >= 2:
            s = TableSituation.from_state(state, starter=starter, discards=thrown[seat])
            hidden = tuple(() if q == seat else state.hands[q] for q in range(n))
            moments.append(TableDrill(s, table_themes(s), hidden))
        state = state.play(_best(rng, search, state))
    return moments


def _best(rng: random.Random, search: TableSearch, state: PlayState) -> Card:
    """The card best for the mover's side with every hand known (ties at random)."""
    hands = tuple(tuple(sorted(int(c.rank) for c in h)) for h in state.hands)
    seq = [int(c.rank) for c in state.count_cards]
    scored = [
        (search.net_after(state.turn, hands, seq, int(c.rank)), c) for c in state.legal_cards()
    ]
    best = max(v for v, _ in scored)
    return rng.choice([c for v, c in scored if v == best])


def replay_table(drill: TableDrill) -> PlayState:
    """The play so far as a state machine with every hand known (checks the hidden cards
    fit the play)."""
    s = drill.situation
    hands: list[list[Card]] = [[] for _ in range(s.players)]
    for p in s.played:
        hands[p.player].append(p.card)
    for q in range(s.players):
        hands[q] += list(s.hand) if q == s.seat else list(drill.hidden[q])
    state = PlayState.start([tuple(h) for h in hands], s.variant, starter=s.starter)
    for p in s.played:
        state = state.play(p.card)
    return state
