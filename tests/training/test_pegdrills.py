"""Pegging drills: seeded, realistic, at every stage of the play, tagged by theme."""

from __future__ import annotations

import io
import json
import random
from collections import Counter

import pytest

from crib_trainer.analysis.pegging import read_situation
from crib_trainer.cli import main
from crib_trainer.core.pegging import PlayError
from crib_trainer.training.drills.pegdrills import (
    THEMES,
    PegDrill,
    default_keep,
    peg_drill,
    peg_drills,
    situation_themes,
)
from crib_trainer.training.words.pegreasons import rank_plays
from tests.conftest import cards


def themes_by_hand(drill: PegDrill) -> set[str]:
    """The themes, worked out again from the definitions in the module notes."""
    s = drill.situation
    pos = read_situation(s)
    count, legal = pos.count, pos.legal_cards()
    his = {p.card for p in s.cards_played if p.player != s.me}
    out = set()
    if not pos.count_cards:
        out.add("lead")
    else:
        last = pos.count_cards[-1]
        if len(pos.count_cards) == 1 and last in his and last.rank == 5:
            out.add("reply-5")
        if len(pos.count_cards) == 1 and last in his and last.value == 10:
            out.add("reply-ten")
        if 21 <= count <= 30:
            out.add("near-31")
        if last in his and any(c.rank == last.rank for c in legal):
            out.add("pair-royal-danger")
        if any(abs(c.rank - last.rank) in (1, 2) for c in legal):
            out.add("run-trap")
    if (pos.opponent_passed and pos.opponent_left) or (
        count >= 21 and any(count + c.value > 31 for c in s.hand)
    ):
        out.add("go")
    return out


@pytest.mark.parametrize("theme", THEMES)
def test_each_theme_is_dealt(theme):
    rng = random.Random(THEMES.index(theme))
    for _ in range(3):
        drill = peg_drill(rng, theme=theme)
        assert drill.hit and drill.theme == theme
        assert theme in drill.themes
        assert set(drill.themes) == themes_by_hand(drill) == set(situation_themes(drill.situation))


def test_drills_are_seeded():
    a = [d.question() for d in peg_drills(random.Random(11), 7)]
    b = [d.question() for d in peg_drills(random.Random(11), 7)]
    c = [d.question() for d in peg_drills(random.Random(12), 7)]
    assert a == b and a != c


def test_every_stage_of_the_play_and_a_real_choice():
    rng = random.Random(2)
    stages = Counter()
    for _ in range(120):
        drill = peg_drill(rng)
        pos = read_situation(drill.situation)
        stages[len(drill.situation.cards_played)] += 1
        assert len({c.rank for c in pos.legal_cards()}) >= 2
        # the opponent's real cards are hidden ones, as many as he holds
        assert len(drill.opponent_hand) == pos.opponent_left
        assert set(drill.opponent_hand) <= set(pos.unseen)
        assert set(drill.themes) == themes_by_hand(drill)
    assert set(stages) >= set(range(7))  # from the opening lead to the seventh card


def test_a_drill_round_trips_and_reads_like_the_command_line():
    drill = peg_drill(random.Random(5), theme="run-trap")
    q = drill.question()
    assert json.loads(json.dumps(q)) == q
    assert PegDrill.from_question(q) == drill
    assert q["played"][0].startswith("A:")  # the non-dealer leads
    out = io.StringIO()
    argv = [*drill.command().split()[1:], "--json"]
    assert main(argv, out=out) == 0
    from_cli = [p["card"] for p in json.loads(out.getvalue())["plays"]]
    assert from_cli == [o.card.code for o in rank_plays(drill.situation)]


def test_five_card_drills():
    drill = peg_drill(random.Random(8), variant="five-card", theme="near-31")
    assert drill.situation.variant.name == "five-card" and drill.hit
    assert (
        len(drill.situation.hand)
        + sum(1 for p in drill.situation.cards_played if p.player == drill.situation.me)
        == 3
    )


def test_the_drills_keep_what_the_discard_analysis_keeps():
    from crib_trainer.analysis.discard import analyse_discards
    from crib_trainer.training.drills.pegdrills import discard_analysis_keep

    six = cards("4H 9S 3S 5D KH 2D")
    for dealer in (True, False):
        best = analyse_discards(six, dealer=dealer, opponent="weighted").best.keep
        assert discard_analysis_keep(six, dealer=dealer, variant="six-card") == best
    assert default_keep() is discard_analysis_keep


def test_a_custom_keep_rule_is_used():
    seen = []

    def keep_first(dealt, *, dealer, variant):
        seen.append(dealer)
        return tuple(dealt[:4])

    peg_drill(random.Random(3), keep=keep_first)
    assert seen == [False, True]


def test_bad_requests():
    with pytest.raises(ValueError, match="unknown pegging theme 'bluff'"):
        peg_drill(random.Random(1), theme="bluff")
    with pytest.raises(PlayError, match="not supported"):
        peg_drill(random.Random(1), variant="three-player")
