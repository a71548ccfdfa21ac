"""Shared test helpers."""

from __future__ import annotations

import os
import sys

import pytest
from hypothesis import settings
from hypothesis import strategies as st

from crib_trainer.core.cards import FULL_DECK, Card, parse_card, parse_cards

# Where PYTHONDONTWRITEBYTECODE is set, every fresh interpreter the suite starts (the
# xdist workers, the command-line tests' subprocesses) would compile the package and
# assertion-rewrite the tests again: the suite keeps its bytecode (__pycache__, ignored by
# git) whatever that says.
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

# Tests never touch the learner's real data or clipboard.
os.environ.setdefault("CRIB_TRAINER_NO_TTY", "1")

# Tests check answers, not speed (that is bench/'s job): no per-example deadline, which a
# loaded CI machine or a table built on first use would otherwise trip.
settings.register_profile("crib-trainer", deadline=None)
settings.load_profile("crib-trainer")


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def card(text: str) -> Card:
    return parse_card(text)


def deals(size: int) -> st.SearchStrategy[tuple[tuple[Card, ...], Card]]:
    """Random distinct cards: ``size`` for the hand and one starter."""
    return st.lists(
        st.sampled_from(FULL_DECK), min_size=size + 1, max_size=size + 1, unique=True
    ).map(lambda cs: (tuple(cs[:size]), cs[size]))


@pytest.fixture(autouse=True)
def _isolated_home(tmp_path, monkeypatch):
    monkeypatch.setenv("CRIB_TRAINER_HOME", str(tmp_path / "home"))
