"""The learner model as kept between runs: the same model back, and a guard that a change
to the fold changes the name a kept model is checked against."""

from __future__ import annotations

import hashlib
import inspect
import json
import random
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from crib_trainer.training.attempt import Attempt
from crib_trainer.training.grading.credit import HINTED
from crib_trainer.training.learning import learner
from crib_trainer.training.learning.learner import Learner
from crib_trainer.training.learning.learner_state import (
    FOLD_VERSION,
    StateError,
    attempt_ids,
    from_state,
    to_state,
)

T0 = datetime(2025, 10, 20, 19, tzinfo=UTC)


def history(seed: int, n: int) -> list[Attempt]:
    rng = random.Random(seed)
    out, at = [], T0
    for i in range(n):
        at += timedelta(minutes=rng.choice([1, 30, 600, 2000, 9000]))
        present = set(rng.sample(["nobs", "pair", "run", "discard-pone", "peg-lead"], 2))
        missed = {c: 1.0 for c in present if rng.random() < 0.3}
        maybe = {c: 0.6 for c in present - set(missed) if rng.random() < 0.1}
        grade = HINTED if rng.random() < 0.1 else "under" if missed else "correct"
        out.append(
            Attempt(
                "judge",
                {"n": rng.randrange(8)},
                {},
                {},
                not missed,
                grade,
                missed,
                4.0,
                at,
                present={c: 1.0 for c in present},
                id=i + 1,
                maybe=maybe,
            )
        )
    return out


@pytest.mark.parametrize("seed", range(8))
def test_a_kept_model_comes_back_the_same(seed: int) -> None:
    answers = history(seed, 60 + 10 * seed)
    model = Learner.of(answers)
    state = json.loads(json.dumps(to_state(model)))  # (as the file keeps it)
    named = {a.id: a for a in answers if a.id in attempt_ids(state)}
    back = from_state(state, named, asked_before=lambda key: model.asked.get(key, 0))
    assert back.tracks == model.tracks and back.hinted == model.hinted
    assert list(back.hinted) == list(model.hinted)
    now = answers[-1].answered_at + timedelta(days=3)
    assert back.masteries(now=now) == model.masteries(now=now)
    assert all(back.times_asked(k) == n for k, n in model.asked.items())
    more = history(seed + 100, 20)
    for a in more:
        a = replace(a, id=None, answered_at=a.answered_at + (now - T0))  # (not stored yet)
        assert back.add(a) == model.add(a)
    assert back.tracks == model.tracks


def test_a_state_that_does_not_read_is_refused() -> None:
    answers = history(1, 30)
    good = to_state(Learner.of(answers))
    named = {a.id: a for a in answers}
    wrong = [
        {**good["tracks"]["nobs"], "seen": "7"},
        {**good["tracks"]["nobs"], "num": None},
        {**good["tracks"]["nobs"], "state": "forgotten"},
        {**good["tracks"]["nobs"], "due": 3},
        {**good["tracks"]["nobs"], "last_miss": 10**6},
    ]
    for track in wrong:
        with pytest.raises(StateError):
            from_state({**good, "tracks": {"nobs": track}}, named, asked_before=lambda key: 0)
    for state in ({"tracks": 3}, {"tracks": {"nobs": {}}, "hinted": []}, {}):
        with pytest.raises(StateError):
            from_state(state, {}, asked_before=lambda key: 0)
    with pytest.raises(StateError):
        attempt_ids({"tracks": {"nobs": {}}})


#: The fold's source as of FOLD_VERSION: a kept model is used only by the fold that made it.
#: (Pinned again, FOLD_VERSION kept, when training/ moved into rooms: only the paths of
#: its imports changed, not the fold.)
FOLD_SOURCE = "9316ad2f"


def test_the_fold_is_the_one_kept_models_are_named_by() -> None:
    source = "".join(inspect.getsource(f) for f in (Learner.add, learner.fold, learner._fade))
    digest = hashlib.sha256(source.encode()).hexdigest()[:8]
    assert (FOLD_VERSION, digest) == (2, FOLD_SOURCE), (
        "Learner.add or what it calls changed: raise learner_state.FOLD_VERSION (so models "
        "kept by the old fold are folded again) and pin the new digest and version here"
    )
