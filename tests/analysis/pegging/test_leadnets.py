"""The shipped opening-lead nets: rows of the file against a fresh search, and the
analysis the same, float for float, with the file or without it."""

from __future__ import annotations

import math
import os
import random
import struct

import pytest

from crib_trainer.analysis.build.leadnets import hand_records
from crib_trainer.analysis.pegging import PegSituation, Solver, analyse, ranking, read_situation
from crib_trainer.analysis.pegging.holdings import holding_distribution
from crib_trainer.analysis.pegging.leadnets import (
    LEAD_NETS_FILE,
    RECORD,
    STARTER_SLOTS,
    rank_hands,
    shipped_lead_nets,
)
from crib_trainer.analysis.pegging.ranking import expected_nets
from crib_trainer.core.cards import FULL_DECK
from crib_trainer.core.variants import FIVE_CARD
from tests.conftest import card, cards


def test_the_file_has_a_record_for_every_hand_and_starter_slot():
    assert os.path.getsize(LEAD_NETS_FILE) == len(rank_hands()) * STARTER_SLOTS * 4 * 8


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.slow
def test_rows_equal_a_fresh_search(seed):
    rng = random.Random(seed)
    deal = rng.sample(FULL_DECK, 5)
    hand, starter = tuple(deal[:4]), deal[4] if seed != 3 else None
    situation = PegSituation(hand, starter=starter)
    position = read_situation(situation)
    fresh = expected_nets(position, holding_distribution(position), Solver())
    assert shipped_lead_nets(situation, position) == fresh  # the same floats, bit for bit


@pytest.mark.parametrize("hand", [(5, 5, 5, 5), (1, 1, 13, 13)])
@pytest.mark.slow
def test_the_builder_makes_the_shipped_records(hand):
    with open(LEAD_NETS_FILE, "rb") as f:
        data = f.read()
    row = rank_hands().index(hand) * STARTER_SLOTS * RECORD.size
    assert hand_records(hand) == data[row : row + STARTER_SLOTS * RECORD.size]


def test_unused_slots_are_nan_and_a_fifth_card_of_a_rank_has_no_record():
    with open(LEAD_NETS_FILE, "rb") as f:
        data = f.read()
    row = rank_hands().index((5, 5, 5, 5))
    values = [struct.unpack_from("<4d", data, (row * STARTER_SLOTS + slot) * 32) for slot in (5, 6)]
    assert all(math.isnan(v) for v in values[0])  # a fifth five
    assert not math.isnan(values[1][0]) and all(math.isnan(v) for v in values[1][1:])


@pytest.mark.parametrize(
    "situation",
    [
        PegSituation(cards("5H 9C 2D 8S"), starter=card("3C"), discards=cards("QS JS")),
        PegSituation(cards("5H 9C 2D"), starter=card("3C"), variant=FIVE_CARD),
    ],
)
def test_the_file_covers_only_what_it_was_built_for(situation):
    assert shipped_lead_nets(situation, read_situation(situation)) is None


def test_analysis_is_the_same_with_the_file_or_without_it(monkeypatch):
    situation = PegSituation(cards("7H 8C 8D KS"), starter=card("6C"))
    shipped = analyse(situation)
    monkeypatch.setattr(ranking, "shipped_lead_nets", lambda *_: None)
    searched = analyse(situation)
    assert shipped.states == 0 < searched.states
    assert shipped.options == searched.options
