"""Issue 22's targets, measured through Session with a scripted learner (5 seeds each).

The learner counts perfectly but for one planted mistake, made up to answer 50
(crib_trainer/training/learning/simulate.py). Shares are pooled over the five seeds;
bench/learner.py prints the same numbers as a table (docs/learning.md)."""

from __future__ import annotations

from functools import cache

import pytest

from crib_trainer.training.learning.simulate import MISTAKES, base_rate, play
from tests.conftest import FULL_TESTS

pytestmark = pytest.mark.slow  # (hundreds of simulated answers per learner: the slow checks)

SEEDS = range(5)
RARE = ("nobs", "double-run", "crib-flush-trap")


def pooled(runs, measure) -> float:
    return sum(measure(r) for r in runs) / len(runs)


@pytest.fixture(scope="module")
def base_rates():
    """Each mistake's base rate, worked out when a test first asks for it (a worker may run
    only some of these tests). 1,000 deals: the tests' margins are far wider than the
    rates' sampling error (the crib flush trap's, about 0.5% of cribs thrown as players
    throw, is known to about ±0.4 points; its thrown cribs, two discard analyses each,
    take a second)."""
    return cache(lambda mistake: base_rate(mistake, seed=1, deals=1000))


@pytest.mark.parametrize("mistake", [*RARE, "fifteen-3plus"])
def test_a_planted_mistake_is_found_drilled_and_let_go(mistake, base_rates):
    runs = [play(mistake, seed=s, answers=150, stop_at=50) for s in SEEDS]
    category = MISTAKES[mistake].category
    base = base_rates(mistake)
    first_20 = pooled(runs, lambda r: r.share_holding(1, 20))
    if mistake in RARE:
        assert base < 0.2 and first_20 >= 3 * base, (first_20, base)
    else:
        assert base > 0.3 and first_20 >= 0.75, first_20
    # Stopped at 50: by answers 101-150 it is asked no more than 1.5x its base rate (or
    # than the 1.5% the scheduler's practice of a never-missed category gives a category
    # rarer than that: a crib flush trap in cribs thrown as players throw, under 1%)...
    assert pooled(runs, lambda r: r.share_holding(101, 150)) <= max(1.5 * base, 0.015)
    # ... and the stats no longer name it first.
    assert all(first != category for r in runs for first in r.weak_first[100:150])
    # While weak (answers 21-50), the stats name it first in at least 95% of checks.
    named = pooled(runs, lambda r: sum(f == category for f in r.weak_first[20:50]) / 30)
    assert named >= 0.95, named
    # Identical-card reviews are at most a quarter of answers 1-100.
    assert pooled(runs, lambda r: r.share_identical(1, 100)) <= 0.25


def test_a_guess_never_accuses_a_category_never_missed():
    """Forgetting only the pair inside double runs (2 short: a fifteen could be 2 too)
    never shows fifteens of 3+ cards above 5% missed, all time or now."""
    for seed in SEEDS:
        run = play("double-run-pair", seed=seed, answers=60, stop_at=60)
        for rates in run.rates:
            rate_all, now = rates.get("fifteen-3plus", (None, None))
            assert (rate_all or 0.0) <= 0.05 and (now or 0.0) <= 0.05, (seed, rates)
        assert run.weak_first[-1] == "double-run"


# --- issue 35: habits found, drilled, let go; moving on ----------------------------------

HABIT_SEEDS = range(5) if FULL_TESTS else range(2)
HABIT_LEARNERS = ["double-run-four", "hand-four-flush", "heels", "throws-five-to-dealer"]
if FULL_TESTS:
    HABIT_LEARNERS.append("leads-five")  # (a card judged exactly each answer: the slowest)


@pytest.mark.parametrize("mistake", HABIT_LEARNERS)
def test_a_habit_is_found_fast_let_go_after_the_fix_and_named_only_while_weak(mistake):
    """Found fast: the share of answers 1-30 holding the habit's situation is at least
    three times its base rate; fixed at answer 50, the share in 101-200 is back near base
    (at most 1.5 times it, or 2% for a rarer one); named first while weak (21-50) and never
    in 101-200."""
    deals = 300 if mistake == "leads-five" else 3000
    base = base_rate(mistake, seed=1, deals=deals)
    runs = [play(mistake, seed=s, answers=200, stop_at=50) for s in HABIT_SEEDS]
    first_30 = pooled(runs, lambda r: r.share_holding(1, 30))
    assert first_30 >= 3 * base, (first_30, base)
    late = pooled(runs, lambda r: r.share_holding(101, 200))
    assert late <= max(1.5 * base, 0.02), (late, base)
    assert pooled(runs, lambda r: r.named(21, 50)) >= 0.95
    assert pooled(runs, lambda r: r.named(101, 200)) == 0


def test_a_learner_with_no_weak_spot_is_moved_on_and_the_slow_one_given_a_pace():
    """Right every time: after answer 30 half the hands are harder (a run with pairs or a
    pair royal), three times the share of plain hands; the slow one (45 s a hand) is given
    a goal of 0.8 of his own pace, the quick one (8 s) none."""
    from crib_trainer.training.learning.session import HARDER
    from crib_trainer.training.learning.simulate import SLOW_SECONDS

    def harder(r, first, last):
        asked = r.questions[first - 1 : last]
        return sum(bool(set(HARDER) & q.holds) for q in asked) / len(asked)

    import random

    from crib_trainer.training.categories import count_categories
    from crib_trainer.training.drills.hands import count_drill

    rng = random.Random(9)
    hands = [count_drill(rng, crib=False).breakdown() for _ in range(2000)]
    plain = sum(bool(set(HARDER) & count_categories(b).keys()) for b in hands) / len(hands)
    quick = play("none", seed=1, answers=200)
    slow = play("none", seed=1, answers=200, seconds=SLOW_SECONDS)
    assert plain < 0.15 and harder(quick, 101, 200) >= 3 * plain
    assert any(q.reason == "harder" for q in quick.questions[30:])
    assert all(q.goal is None for q in quick.questions)
    goals = {q.goal for q in slow.questions[40:]}
    assert goals == {36.0}
