"""The scheduler: pure, deterministic, spaced reviews, aimed at planted weaknesses."""

from __future__ import annotations

import random
import subprocess
import sys
from collections import Counter
from datetime import UTC, datetime, timedelta

import pytest

from crib_trainer.training.attempt import Attempt
from crib_trainer.training.scheduler import (
    LEITNER_INTERVALS,
    VARIETY,
    due_reviews,
    next_item,
    reviews,
    weaknesses,
)

NOW = datetime(2025, 6, 1, 12, 0, tzinfo=UTC)
COUNT_KINDS = ["count-hand", "count-crib", "judge"]
EVERYDAY = ["fifteen-2", "fifteen-3plus", "pair", "run", "double-run", "flush", "pair-royal"]


def attempt(
    kind="count-hand",
    *,
    at=NOW - timedelta(days=1),
    present=(),
    missed=(),
    correct=None,
    question=None,
    id=None,
):
    return Attempt(
        kind=kind,
        question=question if question is not None else {"n": id},
        answer={},
        truth={},
        correct=not missed if correct is None else correct,
        grade="x",
        missed={c: 1.0 for c in missed},
        seconds=5,
        answered_at=at,
        present={c: 1.0 for c in present} | {"over-claim": 0.0},
        id=id,
    )


def planted_history(n: int = 400, seed: int = 0) -> list[Attempt]:
    """Counting answers over two weeks: nobs missed 80% of the time, the rest 5%.
    Every answer is right in the end (so no reviews are due): this is about weakness."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        present = set(rng.sample(EVERYDAY, 3)) | ({"nobs"} if i % 3 == 0 else set())
        if i % 9 == 0:
            present |= {"triple-run", "double-double-run", "crib-flush-trap"}
        missed = {c for c in present if rng.random() < (0.8 if c == "nobs" else 0.05)}
        out.append(
            attempt(
                rng.choice(COUNT_KINDS),
                at=NOW - timedelta(hours=n - i),
                present=present,
                missed=missed,
                correct=True,  # marked right so no question enters the review boxes
                id=i + 1,
            )
        )
    return out


def choices(history, seed, n=300, kinds=COUNT_KINDS):
    rng = random.Random(seed)
    return [next_item(history, now=NOW, rng=rng, kinds=kinds) for _ in range(n)]


def test_same_history_now_and_seed_same_choices():
    history = planted_history()
    assert choices(history, 42, 50) == choices(history, 42, 50)
    assert choices(history, 42, 50) != choices(history, 43, 50)
    shuffled = history[:]
    random.Random(1).shuffle(shuffled)
    assert choices(shuffled, 42, 50) == choices(history, 42, 50)


def test_a_planted_weakness_is_drilled_most_but_not_only():
    picks = choices(planted_history(), seed=7)
    targets = Counter(c.category for c in picks)
    reasons = Counter(c.reason for c in picks)
    assert targets["nobs"] > 0.5 * len(picks)  # mostly the weakness
    assert targets["nobs"] < 0.9 * len(picks)  # but not only
    assert 0.15 * len(picks) < reasons["variety"] < 0.35 * len(picks)  # about VARIETY
    assert len(targets) >= 4  # other categories still come up
    assert {c.kind for c in picks} == set(COUNT_KINDS)
    assert weaknesses(planted_history(), now=NOW, kinds=COUNT_KINDS)[0].category == "nobs"


def test_an_unseen_category_is_tried_before_a_mastered_one():
    history = [attempt(present={"pair"}, at=NOW - timedelta(hours=i)) for i in range(50)]
    rates = {w.category: w.miss_rate for w in weaknesses(history, now=NOW, kinds=COUNT_KINDS)}
    assert rates["nobs"] == pytest.approx(0.25)  # the prior: never seen
    assert rates["pair"] < 0.05


def test_old_misses_count_for_less():
    old = [attempt(present={"nobs"}, missed={"nobs"}, at=NOW - timedelta(days=90))] * 10
    new = [attempt(present={"nobs"}, at=NOW - timedelta(hours=1))] * 10
    (nobs,) = [w for w in weaknesses(old + new, now=NOW) if w.category == "nobs"]
    assert nobs.miss_rate < 0.15


def test_a_wrong_answer_comes_back_after_its_interval():
    wrong = attempt("judge", at=NOW - timedelta(minutes=5), missed={"nobs"}, id=17)
    assert due_reviews([wrong], now=NOW) == []
    later = NOW + timedelta(minutes=6)
    choice = next_item([wrong], now=later, rng=random.Random(0))
    assert (choice.reason, choice.kind, choice.replay_id, choice.category) == (
        "review",
        "judge",
        17,
        "nobs",
    )
    # Not offered to a caller that cannot serve judge drills.
    assert next_item([wrong], now=later, rng=random.Random(0), kinds=["count-hand"]).reason != (
        "review"
    )


def test_leitner_boxes():
    q = {"cards": ["5H"], "starter": "5D"}
    t = NOW - timedelta(days=60)
    history = [attempt(at=t, question=q, missed={"nobs"}, id=1)]
    expected_boxes = [1]
    for i, interval in enumerate(LEITNER_INTERVALS, start=2):
        t += interval
        history.append(attempt(at=t, question=q, correct=True, id=i))
        expected_boxes.append(i if i <= len(LEITNER_INTERVALS) else 0)
    seen = []
    for n in range(1, len(history) + 1):
        found = reviews(history[:n])
        seen.append(found[0].box if found else 0)
        if found:
            assert found[0].due == history[n - 1].answered_at + LEITNER_INTERVALS[found[0].box - 1]
    assert seen == expected_boxes  # 1, 2, 3, 4, 5, then retired
    # A wrong answer anywhere sends it back to box 1.
    relapse = [*history[:3], attempt(at=t, question=q, missed={"nobs"}, id=99)]
    assert reviews(relapse)[0].box == 1
    # Questions answered right the first time never enter the boxes.
    assert reviews([attempt(correct=True, question={"other": 1})]) == []


def test_the_most_overdue_review_comes_first():
    a = attempt(at=NOW - timedelta(hours=2), question={"q": "a"}, missed={"pair"}, id=1)
    b = attempt(at=NOW - timedelta(minutes=30), question={"q": "b"}, missed={"run"}, id=2)
    assert [r.last.id for r in due_reviews([b, a], now=NOW)] == [1, 2]


def test_puzzles_are_reviewed_by_id():
    p1 = Attempt("judge", {"x": 1}, {}, {}, False, "x", {}, 3, NOW - timedelta(hours=1), "p-9")
    choice = next_item([p1], now=NOW, rng=random.Random(0))
    assert (choice.reason, choice.puzzle_id) == ("review", "p-9")


def test_categories_only_go_to_kinds_that_can_drill_them():
    history = [attempt("count-crib", present={"crib-flush-trap"}, correct=True, id=i,
                       missed={"crib-flush-trap"}) for i in range(5)]  # fmt: skip
    hand_only = choices(history, 1, 100, kinds=["count-hand"])
    assert all(c.kind == "count-hand" and c.category != "crib-flush-trap" for c in hand_only)
    cribs = [c for c in choices(history, 1, 100) if c.category == "crib-flush-trap"]
    assert cribs and {c.kind for c in cribs} <= {"count-crib", "judge"}


def test_categories_from_later_drills_are_learnt_from_the_history():
    history = [attempt("peg-score", present={"peg-fifteen"}, missed={"peg-fifteen"},
                       correct=True, id=i) for i in range(20)]  # fmt: skip
    picks = choices(history, 3, 100, kinds=["peg-score"])
    assert Counter(c.category for c in picks)["peg-fifteen"] > 50
    assert {c.kind for c in picks} == {"peg-score"}


def test_no_clock_and_no_global_random(monkeypatch):
    def boom(*args, **kwargs):
        raise AssertionError("the scheduler must not use global random or the clock")

    for name in ("random", "choice", "choices", "shuffle"):
        monkeypatch.setattr(random, name, boom)
    history = planted_history(50)
    choices(history, 5, 20)
    with pytest.raises(ValueError, match="timezone-aware"):
        next_item(history, now=datetime(2025, 1, 1), rng=random.Random(0))
    with pytest.raises(ValueError, match="at least one"):
        next_item(history, now=NOW, rng=random.Random(0), kinds=[])
    assert 0 < VARIETY < 0.5


def test_training_does_not_import_storage():
    code = (
        "import sys\n"
        "import crib_trainer.training.scheduler, crib_trainer.training.drills\n"
        "import crib_trainer.training.answers, crib_trainer.training.categories\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('sqlite3', 'textual')"
        " or m.startswith(('crib_trainer.storage', 'crib_trainer.ui', 'crib_trainer.cli'))]\n"
        "print(','.join(sorted(bad)))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
