"""The timed drill's runs, read back from the history."""

from __future__ import annotations

import random
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from crib_trainer.training.drills.hands import CountDrill
from crib_trainer.training.drills.timed import (
    HANDS,
    PENALTY_SECONDS,
    deal_run,
    next_run,
    personal_best,
    timed_answer,
    timed_runs,
)
from crib_trainer.training.grading.answers import count_attempt
from tests.conftest import card, cards

T = datetime(2026, 3, 1, 18, tzinfo=UTC)
DRILL = CountDrill(cards("7H 8C 8D KS"), card("9D"), crib=False)  # 12


def a_run(run: int, started: datetime, *, wrong: int = 0, seconds: float = 3.0, hands=HANDS):
    return [
        timed_answer(
            count_attempt(
                DRILL,
                total=8 if i < wrong else 12,
                seconds=seconds,
                answered_at=started + timedelta(seconds=seconds * (i + 1)),
            ),
            run=run,
            started=started,
            hand=i + 1,
        )
        for i in range(hands)
    ]


def test_a_run_is_its_ten_answers_with_a_penalty_for_each_wrong_one():
    (run,) = timed_runs(a_run(1, T, wrong=2, seconds=4.5))
    assert (run.run, run.started, run.right) == (1, T, 8)
    assert run.seconds == pytest.approx(45.0)
    assert run.score == pytest.approx(45.0 + 2 * PENALTY_SECONDS)


def test_unfinished_runs_and_other_answers_are_not_runs():
    plain = count_attempt(DRILL, total=12, seconds=2, answered_at=T)
    history = [plain, *a_run(1, T, hands=HANDS - 1), *a_run(2, T + timedelta(hours=1))]
    assert [r.run for r in timed_runs(history)] == [2]
    assert next_run(history) == 3 and next_run([plain]) == 1
    # A hand answered twice in one run (two windows?) does not make it a run of eleven.
    doubled = a_run(3, T) + a_run(3, T)[:1]
    assert len(timed_runs(doubled)) == 1


@pytest.mark.parametrize(
    "mark",
    [
        None,
        "run 1",
        {"run": "1", "started": "x", "hand": 1},
        {"run": 1, "hand": 1},
        {"run": 1, "started": "not a time", "hand": 1},
        {"run": True, "started": "", "hand": 1},
    ],
)
def test_a_mark_out_of_shape_is_passed_over(mark):
    history = a_run(1, T)
    history[0] = replace(history[0], answer={**history[0].answer, "timed": mark})
    assert timed_runs(history) == []


def test_the_personal_best_is_the_lowest_time_with_penalties():
    fast_but_wrong = a_run(1, T, wrong=3, seconds=2.0)  # 20 s + 30
    slow_and_right = a_run(2, T + timedelta(days=1), seconds=4.0)  # 40 s
    runs = timed_runs(fast_but_wrong + slow_and_right)
    assert personal_best(runs).run == 2
    assert personal_best([]) is None


def test_a_run_deals_ten_hands_from_the_seed():
    first, again = deal_run(random.Random(5)), deal_run(random.Random(5))
    assert len(first) == HANDS and first == again
    assert not any(d.crib for d in first)
    with pytest.raises(ValueError, match="1 to 10"):
        timed_answer(
            count_attempt(DRILL, total=12, seconds=1, answered_at=T), run=1, started=T, hand=11
        )
