"""Helpers for driving the trainer as a person would: fixed seed, frozen clocks."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from crib_trainer.ui.app import CribTrainerApp

FROZEN_NOW = datetime(2026, 11, 22, 9, 30, tzinfo=UTC)


class SteppingClock:
    """A monotonic clock that moves 2.5 s each time it is read."""

    def __init__(self) -> None:
        self.t = 100.0

    def __call__(self) -> float:
        self.t += 2.5
        return self.t


def make_app(seed: int = 7) -> CribTrainerApp:
    return CribTrainerApp(seed=seed, now=lambda: FROZEN_NOW, ticks=SteppingClock())


@pytest.fixture
def app() -> CribTrainerApp:
    return make_app()
