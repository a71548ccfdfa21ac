"""Plays in the position drill: dealt where the score changes the card, graded by the
chance to win (``analysis.endplay.play_wins``), stored as ``position``, replayed."""

from __future__ import annotations

import random
from datetime import UTC, datetime

import pytest

from crib_trainer.analysis.endplay import play_wins
from crib_trainer.analysis.pegging import PegSituation, analyse, read_situation
from crib_trainer.core.cards import parse_card, parse_cards
from crib_trainer.core.pegging import parse_peg_tokens
from crib_trainer.training import categories as cat
from crib_trainer.training.attempt import Attempt
from crib_trainer.training.drills.pegdrills import PegDrill
from crib_trainer.training.drills.position_plays import (
    HIS_NEEDS,
    MIN_PLAYED,
    MY_NEEDS,
    TEACHES,
    PositionPlay,
    play_chances,
    position_play,
)
from crib_trainer.training.grading.decisions import decision_attempt, judge_drill
from crib_trainer.training.grading.review import replayable
from crib_trainer.training.grading.verdict import band
from crib_trainer.training.kinds import KINDS
from tests.decision_support import judged

NOW = datetime(2026, 11, 25, 12, 0, tzinfo=UTC)


@pytest.fixture(scope="module")
def dealt() -> list[PositionPlay]:
    return [position_play(random.Random(seed)) for seed in range(4)]


def test_a_seed_deals_the_same_moment_and_the_question_reads_back(dealt):
    assert position_play(random.Random(2)) == dealt[2]
    for d in dealt:
        assert PositionPlay.from_question(d.question()) == d
        assert d.question()["score"] == [d.me, d.him]


def test_moments_come_after_the_lead_near_the_end(dealt):
    for d in dealt:
        assert len(d.situation.cards_played) >= MIN_PLAYED  # late in the play
        assert MY_NEEDS[0] <= 121 - d.me <= MY_NEEDS[1]
        assert HIS_NEEDS[0] <= 121 - d.him <= HIS_NEEDS[1]
        assert len(read_situation(d.situation).legal_cards()) >= 2


def test_dealt_moments_mostly_teach(dealt):
    """Each seed's moment: the best chance beats the most points' (the dealer's aim)."""
    teach = [(c := d.chances()).wins[c.best] - c.wins[0] >= TEACHES for d in dealt]
    assert sum(teach) >= 3


def test_the_chances_are_play_wins_in_the_analysis_order(dealt):
    d = dealt[0]
    analysis = analyse(d.situation)
    c = d.chances()
    assert [o.card for o in c.options] == [o.card for o in analysis.options]
    assert list(c.wins) == pytest.approx(play_wins(d.situation, analysis, me=d.me, him=d.him))


def test_every_card_is_graded_by_the_chance_it_gives_up(dealt):
    for d in dealt:
        analysis = analyse(d.situation)
        wins = play_wins(d.situation, analysis, me=d.me, him=d.him)
        for i, option in enumerate(analysis.options):
            a = judged(d, (option.card,), seconds=2.0, answered_at=NOW)
            lost = max(wins) - wins[i]
            assert a.kind == "position" and a.question == d.question()
            assert a.truth["gave_up"] == pytest.approx(lost, abs=1e-6)
            assert a.truth["unit"] == "win" and a.truth["error"] == 0
            assert a.correct == (lost <= 0.005) and a.grade == band(a.truth["gave_up"], "win")
            assert set(a.present) == {cat.POSITION_PLAY}
            assert (a.missed.get(cat.POSITION_PLAY, 0) > 0) != a.correct
            assert a.answer == {"card": option.card.code}
            assert a == decision_attempt(
                d, judge_drill(d, (option.card,)), seconds=2.0, answered_at=NOW
            )


def test_a_card_of_the_same_rank_is_the_same_play():
    """Two 5s held: each is found as itself and both give up the same chance."""
    s = PegSituation.from_sequence(
        parse_peg_tokens(["A:6D", "B:4S", "A:8S"]), parse_cards("5D 5H 3C"),
        starter=parse_card("JC"),
    )  # fmt: skip
    c = play_chances(s, 112, 116)
    fives = [c.index_of(card) for card in parse_cards("5D 5H")]
    assert [c.options[i].card for i in fives] == list(parse_cards("5D 5H")) or len(set(fives)) == 1
    d = PositionPlay(PegDrill(s, (), ()), 112, 116)
    lost = {
        judged(d, (card,), seconds=1, answered_at=NOW).truth["gave_up"]
        for card in parse_cards("5D 5H")
    }
    assert len(lost) == 1


def test_a_card_that_pegs_out_wins_now_and_says_so():
    """You need 2 and hold a 5 on a count of 10: the fifteen wins at once."""
    s = PegSituation.from_sequence(
        parse_peg_tokens(["A:KS"]), parse_cards("5H 9C 4D 7S"), starter=parse_card("2C")
    )
    c = play_chances(s, 119, 110)
    five = c.index_of(parse_card("5H"))
    assert c.wins[five] == 1.0 and c.best == five
    assert c.reason().startswith("you need 2: the 5♥ pegs 2 and wins now")


def test_he_pegs_out_first_whenever_he_can():
    """Short of pegging out yourself, a card wins only when he has no card that pegs out
    on it (he lays before the shows): the chance is at most one less his."""
    s = PegSituation.from_sequence(
        parse_peg_tokens(["A:KS", "B:3H"]), parse_cards("2D 8C 9S"), starter=parse_card("JC")
    )
    c = play_chances(s, 112, 119)
    assert max(c.outs) > 0
    for i in range(len(c.options)):
        assert c.wins[i] <= 1 - c.outs[i] + 1e-12


def test_the_kind_deals_plays_when_aimed_and_replays_them(dealt):
    kind = KINDS["position"]
    assert cat.POSITION_PLAY in kind.targets
    d = kind.generate(random.Random(5), cat.POSITION_PLAY)
    assert isinstance(d, PositionPlay) and kind.holds(d) == {cat.POSITION_PLAY}
    assert kind.replay(d.question()) == d
    throw = kind.generate(random.Random(5), cat.POSITION_PONE)
    assert kind.holds(throw) == {cat.POSITION_PONE}


def test_unaimed_questions_are_a_third_plays(monkeypatch):
    import crib_trainer.training.drills.position_drill as pd
    import crib_trainer.training.drills.position_plays as pp
    from crib_trainer.training.kinds import PLAY_SHARE

    monkeypatch.setattr(pp, "position_play", lambda rng, variant: "play")
    monkeypatch.setattr(pd, "position_drill", lambda rng, dealer, variant: "throw")
    rng = random.Random(0)
    dealt = [KINDS["position"].generate(rng, None) for _ in range(3000)]
    assert dealt.count("play") / len(dealt) == pytest.approx(PLAY_SHARE, abs=0.03)


def test_a_stored_play_is_replayable_and_a_broken_one_is_not(dealt):
    d = dealt[1]
    a = judged(d, (d.situation.hand[0],), seconds=1, answered_at=NOW)
    assert replayable(a)
    broken = Attempt("position", {**a.question, "score": [121, 3]}, {}, {}, False, "costly",
                     {}, 1.0, NOW)  # fmt: skip
    assert not replayable(broken)
    impossible = {**a.question, "hand": [*a.question["hand"], *a.question["opponent"]]}
    assert not replayable(Attempt("position", impossible, {}, {}, False, "costly", {}, 1, NOW))


def test_the_question_is_the_pegging_drills_plus_the_score(dealt):
    d = dealt[0]
    q = d.question()
    peg = PegDrill.from_question({**q, "target": None})
    assert peg == d.peg and "target" not in q
