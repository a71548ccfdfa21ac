"""A game kept with the scorekeeper, graded decision by decision once its shows are in.

The shows give each hand's cards, so every card laid can be judged from what its player
could know then: his hand less the cards he had laid, the starter, every card laid so far
(and who laid it), his own throw when the log has a throw line (docs/gamelog.md). Each
decision is graded as the practice game grades it (:mod:`.gamegrading`: the same judge, the
same drills' questions, so a decision can be replayed as a drill):

- each **card** laid with a choice of rank (two players: the exact pegging analysis);
- each **show**: the count claimed against the show's worth, ruled on under the game's
  rules (points not pegged plus points the opponent took);
- each **throw** given by a throw line: the throw against the six cards (his hand shown
  and the throw), by expected points against the weighted opponent.

Cards and throws are graded in two-player games (a table of three or four: the shows
only); a deal whose hand was never shown (the game was won before its show) has its cards
ungraded, said in ``notes``.

>>> from crib_trainer.core.gamelog import replay_log
>>> log = ["game: Ann, Bob", "throw bob 5h 5c", "throw ann 2c 3c", "KD", "bob:4S", "ann:KS",
...        "bob:2S", "ann:QS", "bob:AS", "ann:3D", "go", "bob:9H", "ann:JS",
...        "4S 2S AS 9H 4", "KS QS JS 3D 8", "5H 5C 2C 3C 8"]
>>> replay = replay_log(log)
>>> a = analyse_game(replay.game, replay.throws)
>>> [round(a.lost(p)["count"], 1) for p in (0, 1)]
[2.0, 0.0]
>>> a.grades[0].player, a.grades[0].grade.decision, round(a.grades[0].grade.points_lost, 2)
(1, 'discard', 8.77)
>>> [(g.grade.decision, g.grade.deal) for g in a.biggest(2)]
[('discard', 1), ('discard', 1)]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any

from crib_trainer.core.cards import Card
from crib_trainer.core.game import Cut, Game, GameState, Laid, NoOneCanPlay, Shown
from crib_trainer.core.gamelog import Thrown
from crib_trainer.training.grading.verdict import POINTS
from crib_trainer.training.learning.coach import GameDecisions

#: What the summary adds up: throws, cards of the play, counts.
PARTS = ("discard", "play", "count")
#: The biggest mistakes listed.
BIGGEST = 5
#: The version of :meth:`GameAnalysis.to_cache`'s data (raise when grading changes).
CACHE_VERSION = 1
#: When a game has no time of its own (a log read from a file, no date in it).
UNDATED = datetime(2000, 1, 1, tzinfo=UTC)


class AnalysisError(ValueError):
    """A game log that replays but cannot be graded as it stands (a throw line that does
    not fit the crib shown): says which line and why."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(f"line {line}: {message}")
        self.line = line
        self.reason = message


@dataclass(frozen=True, slots=True)
class Graded:
    """One decision of one player (``player``: his number in the game) in deal ``deal``."""

    player: int
    grade: Any  # gamegrading.Grade

    def to_json(self, names: Sequence[str]) -> dict[str, Any]:
        g = self.grade
        return {"player": names[self.player], **g.to_json(), "maybe": g.attempt.maybe}


@dataclass(frozen=True, slots=True)
class GameAnalysis:
    """Every graded decision of a game, in the order they came, and what could not be."""

    names: tuple[str, ...]
    grades: tuple[Graded, ...]
    notes: tuple[str, ...] = ()
    deals: int = 0

    def lost(self, player: int) -> dict[str, float]:
        """Points lost by ``player`` per part (:data:`PARTS`) and in all (``total``)."""
        out = dict.fromkeys(PARTS, 0.0)
        for g in self.grades:
            if g.player == player and g.grade.unit == POINTS:
                out[g.grade.decision] += g.grade.points_lost
        return out | {"total": sum(out.values())}

    def graded(self, player: int) -> dict[str, int]:
        """How many decisions of each part were graded for ``player``."""
        out = dict.fromkeys(PARTS, 0)
        for g in self.grades:
            if g.player == player:
                out[g.grade.decision] += 1
        return out

    def biggest(self, n: int = BIGGEST) -> list[Graded]:
        """The costliest decisions, the most points lost first (ties in game order)."""
        costly = [g for g in self.grades if g.grade.points_lost > 0]
        return sorted(costly, key=lambda g: -g.grade.points_lost)[:n]

    def decisions(self, player: int, ref: str) -> GameDecisions:
        """One player's graded answers, as the coach reads a game."""
        return GameDecisions(ref, tuple(g.grade.attempt for g in self.grades if g.player == player))

    def to_cache(self) -> dict[str, Any]:
        """The analysis as JSON data to keep (:meth:`from_cache` reads it back)."""
        names = list(self.names)
        return {
            "version": CACHE_VERSION,
            "names": names,
            "grades": [g.to_json(names) for g in self.grades],
            "notes": list(self.notes),
            "deals": self.deals,
        }

    @classmethod
    def from_cache(cls, data: dict[str, Any], *, player: str | None = None) -> GameAnalysis:
        """An analysis kept by :meth:`to_cache` (``ValueError``, ``KeyError`` or
        ``TypeError`` if it does not read, or was kept by another version); ``player``: his
        decisions only (the coach reads no more)."""
        from crib_trainer.training.grading.gamegrading import Grade

        if data["version"] != CACHE_VERSION:
            raise ValueError(f"an analysis of version {data['version']!r}")
        names = tuple(str(n) for n in data["names"])
        grades = []
        for raw in data["grades"]:
            if player is not None and raw["player"] != player:
                continue
            grade = Grade.from_json(raw)  # (its attempt's maybe is kept beside it)
            grade = replace(grade, attempt=replace(grade.attempt, maybe=raw.get("maybe", {})))
            grades.append(Graded(names.index(raw["player"]), grade))
        return cls(names, tuple(grades), tuple(map(str, data["notes"])), int(data["deals"]))

    def to_json(self) -> dict[str, Any]:
        names = list(self.names)
        return {
            "players": {
                name: {
                    "lost": {k: round(v, 3) for k, v in self.lost(p).items()},
                    "graded": self.graded(p),
                }
                for p, name in enumerate(names)
            },
            "decisions": [g.to_json(names) for g in self.grades],
            "biggest": [g.to_json(names) for g in self.biggest()],
            "deals": self.deals,
            "notes": list(self.notes),
        }

    def lines(self) -> list[str]:
        """The analysis in words: points lost per player and part, the biggest mistakes."""
        head = ["throws", "play", "counting", "total"]
        rows = [["Points lost", *head]]
        for p, name in enumerate(self.names):
            lost, graded = self.lost(p), self.graded(p)
            cells = [
                f"{lost[part]:.1f}" if graded[part] else "—"
                for part in ("discard", "play", "count")
            ]
            rows.append([name, *cells, f"{lost['total']:.1f}"])
        widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
        out = [
            "  ".join(
                [
                    r[0].ljust(widths[0]),
                    *(c.rjust(w) for c, w in zip(r[1:], widths[1:], strict=True)),
                ]
            )
            for r in rows
        ]
        for p, name in enumerate(self.names):
            n = self.graded(p)
            out.append(
                f"{name}: {n['discard']} throw{'s' * (n['discard'] != 1)}, "
                f"{n['play']} card{'s' * (n['play'] != 1)} with a choice, "
                f"{n['count']} show{'s' * (n['count'] != 1)} graded."
            )
        big = self.biggest()
        if big:
            out += ["", "The biggest mistakes:"]
            for k, g in enumerate(big, start=1):
                out.append(f"{k}. Deal {g.grade.deal}, {self.names[g.player]}: {g.grade.text}")
        out += [f"Note: {note}" for note in self.notes]
        return out


@dataclass(slots=True)
class _Deal:
    number: int
    dealer: int
    start: tuple[int, ...]
    starter: Card | None = None
    laid: list[tuple[int | None, Card | None, tuple[int, ...]]] = field(default_factory=list)
    shows: list[tuple[int, Shown]] = field(default_factory=list)


def analyse_game(
    game: Game, throws: Sequence[Thrown] = (), *, when: datetime = UNDATED, cards: bool = True
) -> GameAnalysis:
    """Grade every decision of ``game`` that its entries make known (see the module notes);
    ``throws``: its throw lines (``Replay.throws``); ``when``: the time given to its
    answers (the game's, for the coach's order); ``cards=False``: the shows only (quick:
    no analysis of the play)."""
    config = game.config
    state = Game.new(config, game.first_dealer).state()
    deals: list[_Deal] = []
    for entry in game.entries:
        if not deals or deals[-1].number != state.deal:
            deals.append(_Deal(state.deal, state.dealer, tuple(state.scores)))
        deal = deals[-1]
        if isinstance(entry, Cut):
            deal.starter = entry.starter
        elif isinstance(entry, Laid):
            player = entry.player if entry.player is not None else state.next_to_lay()
            deal.laid.append((player, entry.card, tuple(state.scores)))
        elif isinstance(entry, NoOneCanPlay):
            deal.laid.append((None, None, tuple(state.scores)))
        elif isinstance(entry, Shown):
            shown = state.next_show()
            assert shown is not None  # (the game replays: the show was due)
            deal.shows.append((shown[0], entry))
        state.apply(entry)
    grades: list[Graded] = []
    notes: list[str] = []
    two = config.variant.players == 2
    if not two and throws:
        notes.append("throws and cards are graded in two-player games only")
    for deal in deals:
        if deal.starter is None:
            continue
        grades += _shows(deal, state, when)
        if two and cards:
            grades += _deal_decisions(
                deal, state, [t for t in throws if t.deal == deal.number], when, notes
            )
    order = {"discard": 0, "play": 1, "count": 2}
    grades.sort(key=lambda g: (g.grade.deal, order[g.grade.decision]))
    return GameAnalysis(config.names, tuple(grades), tuple(notes), len(deals))


def _shows(deal: _Deal, state: GameState, when: datetime) -> list[Graded]:
    from crib_trainer.training.grading.gamegrading import rule_count

    config = state.config
    out = []
    assert deal.starter is not None
    for player, shown in deal.shows:
        if len(shown.cards) < config.variant.shown_size(shown.crib):
            continue  # (a short hand: its count is ruled on by the law, not graded)
        counted = rule_count(
            shown.cards,
            deal.starter,
            crib=shown.crib,
            variant=config.variant.name,
            total=shown.claim,
            options=config.options,
            deal=deal.number,
            seconds=0.0,
            answered_at=when,
        )
        out.append(Graded(player, counted.grade))
    return out


def _deal_decisions(
    deal: _Deal, state: GameState, throws: list[Thrown], when: datetime, notes: list[str]
) -> list[Graded]:
    """The throws and the cards of a two-player deal."""
    from crib_trainer.training.grading.gamegrading import grade_discard

    config = state.config
    size = config.variant.hand_size
    hands = {p: s.cards for p, s in deal.shows if not s.crib and len(s.cards) == size}
    crib = next((s.cards for _, s in deal.shows if s.crib), None)
    unshown = [p for p in (1 - deal.dealer, deal.dealer) if p not in hands]
    if unshown:
        who = " and ".join(config.names[p] for p in unshown)
        whose = "their throws" if len(unshown) > 1 else "the throw"
        notes.append(
            f"deal {deal.number}: no hand shown for {who}: {whose} and cards are not graded"
        )
    out: list[Graded] = []
    for t in throws:
        if crib is not None and not set(t.cards) <= set(crib):
            raise AnalysisError(
                t.line, f"{config.names[t.player]}'s throw is not in the crib shown"
            )
        hand = hands.get(t.player)
        if hand is None:
            continue
        if set(t.cards) & set(hand):
            raise AnalysisError(
                t.line, f"{config.names[t.player]}'s throw holds a card of the hand shown"
            )
        out.append(
            Graded(
                t.player,
                grade_discard(
                    (*hand, *t.cards),
                    t.cards,
                    dealer=t.player == deal.dealer,
                    variant=config.variant.name,
                    deal=deal.number,
                    seconds=0.0,
                    answered_at=when,
                ),
            )
        )
    thrown = {t.player: t.cards for t in throws}
    out += _cards(deal, hands, thrown, state, when)
    return out


def _cards(
    deal: _Deal,
    hands: dict[int, tuple[Card, ...]],
    thrown: dict[int, tuple[Card, ...]],
    state: GameState,
    when: datetime,
) -> list[Graded]:
    from crib_trainer.analysis.pegging import PegSituation
    from crib_trainer.core.pegging import parse_peg_tokens
    from crib_trainer.training.grading.gamegrading import grade_play

    config = state.config
    pone = (deal.dealer + 1) % 2
    tokens: list[str] = []
    laid: dict[int, list[Card]] = {0: [], 1: []}
    out = []
    for player, card, _ in deal.laid:
        if player is None or card is None:
            tokens.append("go")
            continue
        if player in hands:
            hand = tuple(c for c in hands[player] if c not in laid[player])
            other = 1 - player
            held = tuple(c for c in hands.get(other, ()) if c not in laid[other])
            situation = PegSituation.from_sequence(
                parse_peg_tokens(tokens),
                hand,
                starter=deal.starter,
                discards=thrown.get(player, ()),
                variant=config.variant,
                holder="A" if player == pone else "B",
                dealer=player == deal.dealer,
            )
            grade = grade_play(
                situation, card, opponent_hand=held, deal=deal.number, seconds=0.0, answered_at=when
            )
            if grade is not None:
                out.append(Graded(player, grade))
        tokens.append(f"{'A' if player == pone else 'B'}:{card.code}")
        laid[player].append(card)
    return out


def record_log(
    record: Any, names: tuple[str, str] = ("Ann", "Bob"), *, misses: Sequence[int] = ()
) -> str:
    """A two-player self-play game (``analysis.selfplay.GameRecord``) written as a
    scorekeeper's log with a throw line for each player each deal, up to the line that wins
    it; ``misses``: the deals (numbered from 1) in which each show is claimed 2 short (to
    have counts to grade; the game may then end unfinished). The tests and
    ``bench/game_analyse.py`` analyse these."""
    from crib_trainer.core.gamelog import read, read_header
    from crib_trainer.core.pegging import PegKind, PlayState
    from crib_trainer.core.show import score_show

    lines = [f"game: {names[0]}, {names[1]}; deals {names[record.first_dealer]}"]
    state = read_header(lines[0]).state()

    def add(line: str) -> bool:
        """Add a line (an entry applied to the game); False once the game is over."""
        if state.phase == "over":
            return False
        lines.append(line)
        if not line.startswith("throw "):
            entries = read(line, state)
            assert not isinstance(entries, str)  # (never a scorekeeper command)
            for entry in entries:
                state.apply(entry)
        return True

    for n, deal in enumerate(record.deals, start=1):
        dealer, pone = deal.dealer, 1 - deal.dealer
        kept = [tuple(c for c in deal.dealt[s] if c not in deal.thrown[s]) for s in (0, 1)]
        for seat in (pone, dealer):
            add(f"throw {names[seat].lower()} {' '.join(c.code for c in deal.thrown[seat])}")
        add(deal.starter.code)
        cards = [e.card for e in deal.events if e.kind == "play" and e.card is not None]
        play = PlayState.start([kept[pone], kept[dealer]], "six-card", starter=deal.starter)
        for card in cards:
            play = play.play(card)
        left = len(kept[pone]) + len(kept[dealer])
        for p in play.plays:
            add(f"{names[pone if p.player == 0 else dealer].lower()}:{p.card.code}")
            left -= 1
            if any(i.kind is PegKind.GO for i in p.items) and left:  # (else: the last card)
                add("go")
        crib = tuple(c for s in (pone, dealer) for c in deal.thrown[s])
        for shown, is_crib in ((kept[pone], False), (kept[dealer], False), (crib, True)):
            total = score_show(shown, deal.starter, crib=is_crib).total
            claim = max(0, total - 2) if n in misses and total >= 2 else total
            add(f"{' '.join(c.code for c in shown)} {claim}")
        if state.phase == "over":
            break
    return "\n".join(lines) + "\n"
