"""The record across practice games: each finished game as a value, what they add up to,
and a rating against the computer's levels that moves with each result.

:func:`outcome_of` reads a finished :class:`~crib_trainer.training.game.practice.Practice`
into a :class:`GameOutcome` (who won and how, the scores, the computer's level, the points
given up by throws, the play and counting, how many decisions were graded and hinted).
:func:`games_summary` adds outcomes up (played, won, by opponent, skunks given and taken,
the rating after each game).

The rating is Elo's, against the levels as rated in :data:`LEVELS`: the expected result
against a level rated ``L`` with ``s`` sides at the table (two, or three at a table of
three) is ``1 / (1 + (s - 1) * 10 ** ((L - R) / 400))`` and each game moves the rating by
``K`` (:data:`K_FACTOR`) times the result (1 a win, 0 a loss) less that. The levels'
ratings come from their matches against the expert (``crib-trainer match``, the six-card
game; docs/benchmarks.md): a level that wins a share ``p`` of its games against the expert
is rated ``1500 + 400 log10(p / (1 - p))``.

>>> outcomes = [GameOutcome(T0, "six-card", "expert", True, "single", 121, 110)] * 3
>>> [round(r) for r in ratings(outcomes)]  # from the beginner's 1418, three wins
[1428, 1437, 1447]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # (the game and its grading load the analyses: only for a finished game)
    from crib_trainer.training.game.practice import Practice

#: Each computer level's rating (the expert's is 1500; see the module's text): the master
#: won 51.22% of 4,000 games against him in a duplicate match (2,000 seeds, each with the
#: seats swapped: ``match master expert --duplicate``), the good player 47.2% of 4,000
#: games, the beginner 38.4% of 1,000 (docs/benchmarks.md).
LEVELS = {"master": 1509.0, "expert": 1500.0, "good": 1480.0, "beginner": 1418.0}
#: Where a learner's rating starts (the beginner's: below it a level is not yet beaten).
START = LEVELS["beginner"]
#: How far one result moves the rating (each game at most this many points).
K_FACTOR = 16.0
#: Each kind of decision as the record names it.
DECISION_WORDS = {"discard": "throws", "play": "the play", "count": "counting"}
#: Results that are a double game or more for the winner.
DOUBLES = ("lurch", "skunk", "double-skunk")
T0 = datetime(2026, 1, 1, tzinfo=UTC)  # (for the examples)


@dataclass(frozen=True, slots=True)
class GameOutcome:
    """One finished practice game: when, which game, the computer's level, whether the
    learner (his side) won, the result's kind (``single``, ``lurch``, ``skunk``,
    ``double-skunk``), his side's score and the best other side's, the points he gave up by
    decision (``discard``, ``play``, ``count``; taken-back decisions left out), and how many
    decisions were graded and how many of them he asked a hint for."""

    finished_at: datetime
    variant: str
    opponent: str
    won: bool
    kind: str
    you: int
    them: int
    lost: dict[str, float] = field(default_factory=dict)
    decisions: int = 0
    hinted: int = 0
    sides: int = 2

    @property
    def total_lost(self) -> float:
        return sum(self.lost.values())

    @property
    def skunk_given(self) -> bool:
        """He won a double game (a lurch or a skunk) or more."""
        return self.won and self.kind in DOUBLES

    @property
    def skunk_taken(self) -> bool:
        """He lost a double game or more."""
        return not self.won and self.kind in DOUBLES

    def to_json(self) -> dict[str, Any]:
        return {
            "finished_at": self.finished_at.isoformat(),
            "variant": self.variant,
            "opponent": self.opponent,
            "won": self.won,
            "kind": self.kind,
            "you": self.you,
            "them": self.them,
            "lost": dict(self.lost),
            "decisions": self.decisions,
            "hinted": self.hinted,
            "sides": self.sides,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameOutcome:
        """Read :meth:`to_json` back (``ValueError``, ``KeyError`` or ``TypeError`` when
        it does not read)."""
        lost = data.get("lost") or {}
        if not isinstance(lost, dict):
            raise TypeError("lost is not a mapping")
        return cls(
            datetime.fromisoformat(str(data["finished_at"])),
            str(data["variant"]),
            str(data["opponent"]),
            bool(data["won"]),
            str(data["kind"]),
            int(data["you"]),
            int(data["them"]),
            {str(d): float(v) for d, v in lost.items()},
            int(data.get("decisions", 0)),
            int(data.get("hinted", 0)),
            int(data.get("sides", 2)),
        )


def outcome_of(practice: Practice, finished_at: datetime) -> GameOutcome:
    """A finished practice game as an outcome."""
    from crib_trainer.training.grading.gamegrading import game_summary  # (the analyses: only here)

    game = practice.game
    if game.winner is None or game.result is None:
        raise ValueError("the game is not over")
    you, them = game.score_of(0)
    summary = game_summary(practice.all_grades())
    return GameOutcome(
        finished_at,
        game.variant.name,
        practice.settings.strength,
        game.winner == game.side_of(0),
        game.result.kind,
        you,
        them,
        summary.lost,
        summary.decisions,
        sum(1 for g in practice.all_grades() if not g.take_back and g.attempt.answer.get("hints")),
        game.sides,
    )


def outcome_data(practice: Practice) -> dict[str, Any]:
    """A finished game's outcome as its saved game keeps it (``"outcome"``): without its
    time, which is the row's last save."""
    data = outcome_of(practice, T0).to_json()
    del data["finished_at"]
    return data


def expected(rating: float, level: float, sides: int = 2) -> float:
    """The expected result (the chance to win) of a player rated ``rating`` against a table
    whose other sides are rated ``level``.

    >>> expected(1500, 1500), round(expected(1500, 1500, sides=3), 3)
    (0.5, 0.333)
    """
    return 1.0 / (1.0 + (sides - 1) * 10 ** ((level - rating) / 400))


def ratings(outcomes: Sequence[GameOutcome], start: float = START) -> list[float]:
    """The rating after each game, oldest first (see the module's text)."""
    rating, out = start, []
    for o in outcomes:
        level = LEVELS.get(o.opponent, LEVELS["expert"])
        rating += K_FACTOR * (float(o.won) - expected(rating, level, o.sides))
        out.append(rating)
    return out


@dataclass(frozen=True, slots=True)
class GamesSummary:
    """What the finished games add up to: how many were played and won, by opponent
    (``{level: (played, won)}``), skunks (double games or more) given and taken, the
    rating now and its change at the last game, and the points given up per game by
    decision."""

    played: int
    won: int
    by_opponent: dict[str, tuple[int, int]]
    skunks_given: int
    skunks_taken: int
    rating: float
    last_change: float
    lost_per_game: dict[str, float]

    def to_json(self) -> dict[str, Any]:
        """The ``games`` key of ``stats --json``."""
        return {
            "played": self.played,
            "won": self.won,
            "by_opponent": {
                level: {"played": p, "won": w} for level, (p, w) in self.by_opponent.items()
            },
            "skunks": {"given": self.skunks_given, "taken": self.skunks_taken},
            "rating": round(self.rating),
            "rating_change": round(self.last_change, 1),
            "lost_per_game": {d: round(v, 2) for d, v in self.lost_per_game.items()},
        }

    def lines(self) -> list[str]:
        """The summary in words, each figure beside what it counts.

        >>> o = GameOutcome(T0, "six-card", "expert", True, "skunk", 121, 80, {"play": 2.0})
        >>> games_summary([o]).lines()[0]
        '1 game played, 1 won (100%); skunks: 1 given, 0 taken.'
        """
        if not self.played:
            return ["No practice game finished yet: key 0 on the home screen starts one."]
        won = f"{self.won} won ({self.won / self.played:.0%})"
        game = "game" if self.played == 1 else "games"
        out = [
            f"{self.played} {game} played, {won}; skunks: {self.skunks_given} given, "
            f"{self.skunks_taken} taken."
        ]
        out.append(
            "Won against "
            + ", ".join(
                f"{level} {w} of {p} ({w / p:.0%})" for level, (p, w) in self.by_opponent.items()
            )
            + "."
        )
        sign = "+" if self.last_change >= 0 else "−"
        out.append(
            f"Rating {self.rating:.0f} ({sign}{abs(self.last_change):.0f} at the last game; "
            + ", ".join(f"{level} {LEVELS[level]:.0f}" for level in LEVELS)
            + ")."
        )
        lost = ", ".join(
            f"{DECISION_WORDS.get(d, d)} {v:.1f}" for d, v in self.lost_per_game.items()
        )
        out.append(f"Points given up per game: {lost}.")
        return out


def games_summary(outcomes: Sequence[GameOutcome]) -> GamesSummary:
    """Add up the finished games (oldest first).

    >>> o = GameOutcome(T0, "six-card", "expert", True, "single", 121, 100, {"play": 2.0})
    >>> s = games_summary([o, GameOutcome(T0, "six-card", "good", False, "single", 90, 121)])
    >>> s.played, s.won, s.by_opponent, s.lost_per_game["play"]
    (2, 1, {'expert': (1, 1), 'good': (1, 0)}, 1.0)
    """
    by: dict[str, tuple[int, int]] = {}
    for level in LEVELS:  # (strongest first)
        mine = [o for o in outcomes if o.opponent == level]
        if mine:
            by[level] = (len(mine), sum(o.won for o in mine))
    history = ratings(outcomes)
    n = len(outcomes)
    decisions = dict.fromkeys(d for o in outcomes for d in o.lost)  # (in the games' order)
    return GamesSummary(
        n,
        sum(o.won for o in outcomes),
        by,
        sum(o.skunk_given for o in outcomes),
        sum(o.skunk_taken for o in outcomes),
        history[-1] if history else START,
        history[-1] - (history[-2] if n > 1 else START) if history else 0.0,
        {d: sum(o.lost.get(d, 0.0) for o in outcomes) / n for d in decisions},
    )
