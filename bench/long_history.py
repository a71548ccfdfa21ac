"""A long, realistic learner's history for the start-up bench: seeded, built once per run.

>>> answers = list(learner_answers(40, end=datetime(2026, 11, 25, tzinfo=UTC), seed=3))
>>> len(answers), answers == sorted(answers, key=lambda a: a.answered_at)
(40, True)

The learner practises about :data:`PER_DAY` answers on four days in five, in one or two
sittings in the evening (Europe/London, so the days cross summer time), over as many days as
that takes, ending the day before ``end``. The kinds mix as :data:`MIX` says; counts are
dealt and graded as the trainer does (``training.answers``), right more often as the months
go by, some after hints; throws and plays give up a seeded number of points (the analysis
is not run: the stored rows are what matter here); a few answers are puzzles. A count
right after hints is asked again ten minutes on and answered without them (the trainer
asks it again before anything but a check).
:func:`write_history` records them through ``storage.progress.record_attempt`` into a
history in memory and copies that to the file (one commit, not one per answer), then opens
it once as the trainer does (in WAL mode and with the model kept, as a later launch finds
it), and records the last session's answers.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

from crib_trainer.core.cards import Card, parse_cards
from crib_trainer.storage.db import open_memory_copy, open_store
from crib_trainer.storage.progress import record_attempt
from crib_trainer.storage.records import Records
from crib_trainer.training import categories as cat
from crib_trainer.training.attempt import Attempt, DrillKind
from crib_trainer.training.drills.hands import CountDrill, count_drill, discard_drill, drill_for
from crib_trainer.training.grading.answers import count_attempt, judge_attempt, peg_score_attempt
from crib_trainer.training.grading.credit import HINTED
from crib_trainer.training.grading.decisions import decision_attempt
from crib_trainer.training.grading.hints import with_hints
from crib_trainer.training.grading.verdict import Choice, Verdict
from crib_trainer.training.learning.session import Session

PER_DAY = 55
#: The answers of the last session, recorded after the model was kept.
LAST_SESSION = 50
ZONE = ZoneInfo("Europe/London")
#: The share of each kind of drill among the answers.
MIX = {
    "count-hand": 0.30,
    "count-crib": 0.12,
    "judge": 0.15,
    "discard": 0.18,
    "peg-play": 0.12,
    "peg-score": 0.05,
    "position": 0.08,
}
_DECK = parse_cards([r + s for s in "SHDC" for r in "A23456789TJQK"])


def learner_answers(n: int, *, end: datetime, seed: int = 1) -> Iterator[Attempt]:
    """``n`` answers, oldest first, the last on the day before ``end`` (see the module)."""
    rng = random.Random(seed)
    days = max(1, round(n / PER_DAY / 0.8))
    first = (end.astimezone(ZONE) - timedelta(days=days)).date()
    per_day = [0] * days
    practised = [d for d in range(days) if rng.random() < 0.8] or [0]
    for _ in range(n):
        per_day[rng.choice(practised)] += 1
    done = 0
    hinted: list[Attempt] = []  # (asked again, as the trainer does, ten minutes on)
    for d, count in enumerate(per_day):
        day = first + timedelta(days=d)
        start = datetime(day.year, day.month, day.day, 18, tzinfo=ZONE)
        moments = sorted(start + timedelta(seconds=rng.uniform(0, 5 * 3600)) for _ in range(count))
        for moment in moments:
            if hinted and moment - hinted[0].answered_at >= timedelta(minutes=10):
                a = hinted.pop(0)
                drill = CountDrill.from_question(a.question)
                total = drill.breakdown().total
                yield count_attempt(drill, total=total, seconds=9.0, answered_at=moment)
            else:
                skill = done / max(n, 1)
                kind = rng.choices(list(MIX), list(MIX.values()))[0]
                a = _answer(rng, kind, moment, skill)
                hinted += [a] if a.grade == HINTED else []
                yield a
            done += 1


def _answer(rng: random.Random, kind: str, at: datetime, skill: float) -> Attempt:
    """One answer of ``kind`` at ``at`` by a learner right ``0.55 + 0.35 * skill`` of the time."""
    right = rng.random() < 0.55 + 0.35 * skill
    seconds = rng.uniform(3, 40)
    lost = 0.0 if right else rng.choice([0.2, 0.4, 0.8, 1.3, 2.5])
    puzzle = f"p-{rng.randrange(60)}" if rng.random() < 0.02 else None
    if kind in ("count-hand", "count-crib"):
        drill = count_drill(rng, crib=kind == "count-crib")
        total = drill.breakdown().total
        said = total if right else max(0, total - rng.choice([1, 2, 2, 4]) * rng.choice([1, -1]))
        a = count_attempt(drill, total=said, seconds=seconds, answered_at=at, puzzle_id=puzzle)
        if right and rng.random() < 0.08:
            a = with_hints(a, ["Three fifteens here."][: rng.randint(1, 1)])
        return a
    if kind == "judge":
        drill = drill_for("judge", rng)
        truth = drill.deal.breakdown().total
        verdict = (
            ("correct" if drill.claim == truth else "under" if drill.claim < truth else "over")
            if right
            else rng.choice(["correct", "under", "over"])
        )
        return judge_attempt(drill, verdict=verdict, seconds=seconds, answered_at=at)
    if kind == "discard":
        d = discard_drill(rng)
        thrown, best = _two(rng, d.cards), _two(rng, d.cards)
        return _decided(d, thrown, best, lost, "points", seconds, at, puzzle)
    question, theme = _peg_question(rng)
    if kind == "peg-play":
        hand = parse_cards(question["hand"])
        asked = _Asked("peg-play", question, False, theme)
        return _decided(asked, [rng.choice(hand)], [rng.choice(hand)], lost, "points",
                        seconds, at, puzzle)  # fmt: skip
    if kind == "peg-score":
        actual = rng.choice([0, 0, 2, 2, 3, 6])
        said = actual if right else actual + rng.choice([-2, 2])
        return peg_score_attempt(
            theme=theme,
            question=question,
            claimed=max(said, 0),
            actual=actual,
            seconds=seconds,
            answered_at=at,
        )
    d = discard_drill(rng)
    question = {
        "cards": [c.code for c in d.cards],
        "role": "dealer" if d.dealer else "pone",
        "variant": "six-card",
        "score": [rng.randrange(90, 121), rng.randrange(90, 121)],
    }
    win_lost = 0.0 if right else rng.choice([0.01, 0.03, 0.08])
    asked = _Asked(DrillKind.POSITION.value, question, d.dealer)
    return _decided(
        asked, _two(rng, d.cards), _two(rng, d.cards), win_lost, "win", seconds, at, None
    )


@dataclass(frozen=True)
class _Asked:
    """A decision's question as stored, for ``decision_attempt`` (which reads the kind,
    the role or the theme)."""

    kind: str
    asked: dict[str, object]
    dealer: bool = False
    theme: str | None = None
    themes: tuple[str, ...] = ()

    def question(self) -> dict[str, object]:
        return self.asked


def _decided(
    drill: object,
    chosen: list[Card],
    best: list[Card],
    lost: float,
    unit: str,
    seconds: float,
    at: datetime,
    puzzle: str | None,
) -> Attempt:
    """A decision that gave up ``lost`` (in ``unit``) against ``best``, made the one way the
    trainer makes them: a verdict, then ``decision_attempt`` (the analysis is not run)."""
    mine, top = tuple(chosen), tuple(best)
    if frozenset(mine) == frozenset(top):
        ranking: tuple[Choice, ...] = (Choice(mine, 0.0),)
    else:
        ranking = (Choice(top, 0.0), Choice(mine, -lost))
    decision = "card" if len(mine) == 1 else "throw"
    verdict = Verdict(decision, unit, mine, ranking)
    return decision_attempt(drill, verdict, seconds=seconds, answered_at=at, puzzle_id=puzzle)


def _two(rng: random.Random, cards: tuple[Card, ...] | list[Card]) -> list[Card]:
    return rng.sample(list(cards), 2)


def _peg_question(rng: random.Random) -> tuple[dict[str, object], str]:
    """A pegging situation shaped as the drill stores it (not played out: a bench needs
    the row, not the play), and its theme."""
    cards = rng.sample(_DECK, 10)
    theme = rng.choice(cat.PEG_THEMES)
    question = {
        "hand": [c.code for c in cards[:3]],
        "played": [f"{'AB'[i % 2]}:{c.code}" for i, c in enumerate(cards[3:6])],
        "starter": cards[6].code,
        "discards": [c.code for c in cards[7:9]],
        "dealer": rng.random() < 0.5,
        "variant": "six-card",
        "themes": [theme],
        "opponent": [c.code for c in cards[8:10]],
        "target": None,
    }
    return question, theme


def write_history(path: Path, n: int, *, end: datetime, seed: int = 1) -> None:
    """A history file at ``path`` (new) holding :func:`learner_answers` ``(n)``, as a
    learner leaves it: the model kept by the trainer's last start (``storage.learner_cache``),
    and the answers of that last session (:data:`LAST_SESSION`) after it."""
    answers = list(learner_answers(n, end=end, seed=seed))
    before, last = answers[:-LAST_SESSION], answers[-LAST_SESSION:]
    memory = open_memory_copy(path.with_name("none.sqlite3"))
    for a in before:
        record_attempt(memory, a)
    with memory:
        memory._conn.execute("VACUUM INTO ?", (str(path),))
    records = Records.open(path)  # (a start: its session keeps the model, at close)
    Session(records.history, rng=random.Random(seed), clock=lambda: end)
    records.close()
    with open_store(path) as store:
        for a in last:
            record_attempt(store, a)


if __name__ == "__main__":
    import sys
    import time

    start = time.perf_counter()
    write_history(Path(sys.argv[1]), int(sys.argv[2]), end=datetime.now(UTC))
    print(f"{time.perf_counter() - start:.1f} s")
