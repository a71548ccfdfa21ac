"""The learner model as plain JSON data, to keep it between runs instead of folding the
whole history again at every start (``storage.learner_cache`` keeps it).

:func:`to_state` gives every category's track and the questions answered with hints, the
answers they hold named by id; :func:`from_state` rebuilds the same model from that and
those answers. Numbers go through JSON exactly (floats as their shortest repr), times as
UTC ISO text. How many times each question was answered is kept apart (it is as long as
the history): the restored model asks ``asked_before`` for it.

:data:`MODEL` names the fold: a kept state made by another fold (other constants, or
:data:`FOLD_VERSION` raised because :meth:`Learner.add` changed) is not used.

>>> from datetime import datetime, UTC
>>> from crib_trainer.training.attempt import Attempt
>>> t = datetime(2025, 11, 24, 20, tzinfo=UTC)
>>> miss = Attempt("count-hand", {"n": 1}, {}, {}, False, "under", {"nobs": 1}, 5, t,
...                present={"nobs": 1}, id=7)
>>> learner = Learner.of([miss])
>>> state = to_state(learner)
>>> sorted(attempt_ids(state))
[7]
>>> again = from_state(state, {7: miss}, asked_before=lambda key: 1)
>>> again.tracks == learner.tracks, again.times_asked(miss.item_key)
(True, 1)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import fields
from datetime import datetime
from typing import Any

from crib_trainer.training.attempt import Attempt
from crib_trainer.training.learning import habits
from crib_trainer.training.learning import learner as model
from crib_trainer.training.learning.learner import Learner, Track

#: Raise when :meth:`Learner.add` (or what it calls) folds an answer differently.
FOLD_VERSION = 2
#: The fold a kept state was made by: its version and every constant it uses.
MODEL = repr(
    (
        FOLD_VERSION,
        model.HALF_LIFE_ANSWERS,
        model.HALF_LIFE_DAYS,
        model.UNSURE_WEIGHT,
        model.LIKELY,
        model.LEARN_STREAK,
        tuple(d.total_seconds() for d in model.CHECK_INTERVALS),
        model.RECENT,
        habits.CONFIRM,
        model.PACE_ANSWERS,
    )
)

_TIMES = ("last", "learnt_at", "due")
_ANSWERS = ("last_miss", "doubted")
_FIELDS = tuple(f.name for f in fields(Track))


class StateError(ValueError):
    """A kept state that does not read (made outside this code, or damaged)."""


def to_state(learner: Learner) -> dict[str, Any]:
    """The model as JSON data (every answer it names has an id)."""
    tracks = {}
    for category, track in learner.tracks.items():
        row: dict[str, Any] = {}
        for name in _FIELDS:
            value = getattr(track, name)
            if name in _TIMES:
                value = value.isoformat() if value is not None else None
            elif name in _ANSWERS:
                value = _id(value) if value is not None else None
            row[name] = value
        tracks[category] = row
    hinted = [[key, _id(a)] for key, a in learner.hinted.items()]
    paces = {kind: [[s, ok] for s, ok in latest] for kind, latest in learner.paces.items()}
    return {"tracks": tracks, "hinted": hinted, "paces": paces}


def attempt_ids(state: Mapping[str, Any]) -> set[int]:
    """The ids of the answers a state names (to load before :func:`from_state`)."""
    try:
        ids = {
            t[name] for t in state["tracks"].values() for name in _ANSWERS if t[name] is not None
        }
        return ids | {i for _, i in state["hinted"]}
    except (KeyError, TypeError, ValueError, AttributeError) as err:
        raise StateError(f"a kept learner model that does not read: {err!r}") from None


def from_state(
    state: Mapping[str, Any],
    attempts: Mapping[int, Attempt],
    *,
    asked_before: Callable[[str], int],
) -> Learner:
    """The model a state was made from; ``attempts`` by id (every one it names)."""
    try:
        tracks = {}
        for category, row in state["tracks"].items():
            values = dict(row)
            for name in _TIMES:
                if values[name] is not None:
                    values[name] = datetime.fromisoformat(values[name])
            for name in _ANSWERS:
                if values[name] is not None:
                    values[name] = attempts[values[name]]
            track = Track(**{name: values[name] for name in _FIELDS})
            _check(track)
            tracks[str(category)] = track
        hinted = {str(key): attempts[i] for key, i in state["hinted"]}
        paces = {
            str(kind): [(float(s), _flag(ok)) for s, ok in latest]
            for kind, latest in state["paces"].items()
        }
    except (KeyError, TypeError, ValueError, AttributeError) as err:
        raise StateError(f"a kept learner model that does not read: {err!r}") from None
    return Learner(tracks, {}, hinted, paces, asked_before)


def _flag(value: Any) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"not true or false: {value!r}")
    return value


_NUMBERS = ("probably", "num", "den", "sure", "all", "doubt")
_COUNTS = ("seen", "missed", "streak", "learnt_after", "box", "recent")


def _check(track: Track) -> None:
    """Raise ValueError unless every field of a restored track has its type."""
    numbers = [getattr(track, n) for n in _NUMBERS]
    counts = [getattr(track, n) for n in _COUNTS]
    if (
        not all(isinstance(x, int | float) and not isinstance(x, bool) for x in numbers)
        or not all(isinstance(x, int) and not isinstance(x, bool) for x in counts)
        or track.state not in ("fine", "weak", "learnt")
        or not isinstance(track.certain, bool)
        or not all(isinstance(getattr(track, n), datetime | None) for n in _TIMES)
    ):
        raise ValueError(f"a track that does not read: {track}")


def _id(attempt: Attempt) -> int:
    if attempt.id is None:
        raise ValueError("only a model of stored answers (with ids) can be kept")
    return attempt.id
