"""One judge for every decision (issue 34): each verdict agrees with the ranking it comes
with, its words are made from its numbers and name their unit, and a decision met in a
practice game gets the same grade when it is asked again as a drill."""

from __future__ import annotations

import json
import random
import re
from datetime import UTC, datetime

import pytest

from crib_trainer.analysis.discard import analyse_discards
from crib_trainer.analysis.pegging import PegSituation, analyse
from crib_trainer.core.cards import parse_card, parse_cards
from crib_trainer.core.pegging import parse_peg_tokens
from crib_trainer.training.drills.hands import DiscardDrill
from crib_trainer.training.drills.pegdrills import peg_drill
from crib_trainer.training.drills.position_drill import PositionDrill
from crib_trainer.training.drills.position_plays import position_play
from crib_trainer.training.drills.tabledrills import table_drill
from crib_trainer.training.game.practice import Practice, PracticeError, PracticeSettings
from crib_trainer.training.grading import judge
from crib_trainer.training.grading.decisions import decision_attempt, judge_drill, table_seed
from crib_trainer.training.grading.verdict import (
    AS_GOOD_CAP,
    BANDS,
    SAME,
    Choice,
    Verdict,
    band,
)
from crib_trainer.training.kinds import KINDS
from crib_trainer.training.learning.session import MemoryHistory, Plan, Session

T = datetime(2026, 11, 29, tzinfo=UTC)
UNIT_WORDS = {"points": r"\d point", "win": r"\d% of (the )?games?"}


def check_verdicts(ranking: Verdict) -> int:
    """Judge every choice of one ranking and hold each verdict to its numbers; how many."""
    top = ranking.ranking[0].value
    bands = []
    for choice in ranking.ranking:
        v = ranking.for_choice(choice.cards)
        gap = top - choice.value
        assert v.gave_up == pytest.approx(max(gap, 0.0))
        assert v.band == band(v.gave_up, v.unit, v.error)
        if v.band == "best":  # only the top, or tied with it
            assert gap <= SAME[v.unit] + 1e-12
            assert "tied with" in v.headline() or not v.ties()
        if v.band == "as-good":  # within twice the error and never over the cap
            assert gap <= 2 * v.error + 1e-12 and gap <= AS_GOOD_CAP[v.unit] + 1e-12
        assert v.correct == (v.band in ("best", "as-good"))
        text = v.text()
        assert re.search(UNIT_WORDS[v.unit], text), text  # every verdict names its unit
        if v.band != "best":
            assert v.gap_text() in text and v.name(v.top) in text
        if v.error:
            assert "±" in text
        assert "as good as any" not in text
        bands.append((gap, BANDS.index(v.band)))
    # a choice that gives up more is never graded better
    for (g1, b1), (g2, b2) in zip(sorted(bands), sorted(bands)[1:], strict=False):
        assert g1 > g2 or b1 <= b2 or g1 == g2
    return len(ranking.ranking)


def test_throws_by_points_with_and_without_the_play_at_every_table_size():
    rng = random.Random(34)
    judged = 0
    for i in range(120):
        variant = ("six-card", "five-card", "three-player", "four-player")[i % 4]
        d = KINDS["discard"].generate(rng, None, variant)
        pegging = variant in ("six-card", "five-card") and i % 3 == 0
        analysis = analyse_discards(d.cards, dealer=d.dealer, variant=variant, opponent="weighted")
        first = analysis.options[0].discard
        v = judge.throw_verdict(analysis, first, pegging=pegging)
        judged += check_verdicts(v)
        # the numbers are those `discard --opponent weighted` gives
        if not pegging:
            assert [c.value for c in v.ranking] == [o.net_ev for o in analysis.options]
    assert judged > 1000


def test_cards_of_the_play_two_players_and_at_tables(monkeypatch):
    monkeypatch.setattr(judge, "TABLE_SAMPLES", 24)
    monkeypatch.setattr(judge, "TABLE_SAMPLES_MAX", 48)
    rng = random.Random(8)
    judged = 0
    for i in range(24):
        d = peg_drill(rng, variant="six-card" if i % 2 else "five-card")
        judged += check_verdicts(judge_drill(d, (d.situation.hand[0],)))
    for variant in ("three-player", "four-player"):
        for _ in range(3):
            d = table_drill(rng, variant=variant)
            v = judge_drill(d, (d.situation.hand[0],))
            judged += check_verdicts(v)
    assert judged > 60


def test_throws_and_cards_at_the_score():
    rng = random.Random(5)
    judged = 0
    for i in range(6):
        d = KINDS["position"].generate(rng, "position-dealer" if i % 2 else "position-pone")
        judged += check_verdicts(judge_drill(d, d.cards[:2]))
    for seed in range(3):
        d = position_play(random.Random(seed))
        judged += check_verdicts(judge_drill(d, (d.situation.hand[0],)))
    assert judged > 60


def test_a_position_throw_far_behind_the_best_is_never_called_as_good():
    """Item 1: 28.4% against 42.7% was called "as good within the error"; the error is
    now written and as-good never covers more than 2% of the game."""
    rng = random.Random(12)
    for _ in range(4):
        d = KINDS["position"].generate(rng, "position-pone")
        top = judge_drill(d, d.cards[:2])
        worst = top.for_choice(top.ranking[-1].cards)
        if worst.gave_up > 0.02:
            assert worst.band in ("close", "fair", "costly") and not worst.correct
            assert "± " in worst.text() or worst.error == 0


def test_the_practice_game_and_its_replay_as_a_drill_give_the_same_grade(monkeypatch):
    """Item 2: every decision graded in a game (throws against the weighted opponent,
    cards, and near the end both at the score) is graded the same when asked again."""
    monkeypatch.setattr(judge, "TABLE_SAMPLES", 8)
    monkeypatch.setattr(judge, "TABLE_SAMPLES_MAX", 16)
    from crib_trainer.training.game.practice import grade_pending

    for variant, seed, deals in (("five-card", 3, 3), ("three-player", 2, 1)):
        rng = random.Random(seed)
        p = Practice.new(PracticeSettings(variant, strength="beginner"), seed=seed).advance()
        while not p.over and p.game.deal_number < deals:
            if p.waiting_for == "discard":
                p = p.discard(p.hand[: p.game.variant.discard], seconds=1, answered_at=T)
            elif p.waiting_for == "play":
                legal = p.game.play_state.legal_cards()
                p = p.play(rng.choice(legal), seconds=1, answered_at=T)
            elif p.waiting_for == "go":
                p = p.say_go()
            elif p.waiting_for == "count":
                p, _ = p.count(total=p.next_show()[2].total, seconds=1, answered_at=T)
            p = p.advance()
        decisions = 0
        for pending in p.pending:
            grade = grade_pending(p, pending)
            if grade is None:
                continue
            a = grade.attempt
            drill = KINDS[a.kind].replay(json.loads(json.dumps(a.question)))
            chosen = parse_cards(a.answer["discard"]) if "discard" in a.answer else (
                parse_card(a.answer["card"]),)  # fmt: skip
            again = decision_attempt(drill, judge_drill(drill, chosen), seconds=1, answered_at=T)
            assert (again.grade, again.truth) == (a.grade, a.truth), a.kind
            decisions += 1
        assert decisions >= 3


def test_a_game_near_the_end_judges_by_the_chance_to_win_as_the_position_drill():
    from crib_trainer.training.grading.gamegrading import grade_discard

    cards = parse_cards("3C 3S QH AH JH 6H")
    g = grade_discard(cards, parse_cards("3C 3S"), dealer=False, deal=9, seconds=1,
                      answered_at=T, score=(116, 100))  # fmt: skip
    drill = PositionDrill(cards, False, 116, 100)
    assert g.unit == "win" and g.attempt.kind == "position"
    assert g.attempt.truth == judge_drill(drill, parse_cards("3C 3S")).truth()


def test_session_grade_and_answer_take_a_throw_or_a_card():
    session = Session(MemoryHistory(), rng=random.Random(2), clock=lambda: T)
    q = session.deal(Plan("discard", None, "random"))
    best = judge_drill(q.drill, q.drill.cards[:2]).top.cards
    a = session.grade(q, throw=list(best), seconds=4.0)
    assert a.kind == "discard" and a.grade == "best" and a.truth["best"] == [c.code for c in best]
    assert a.truth["unit"] == "points" and a.truth["error"] == 0 and a.truth["gave_up"] == 0
    codes = [c.code for c in q.drill.cards[-2:]]
    answered = session.answer(q, throw=codes, seconds=2.0)
    assert answered.attempt.id is not None and session.history[-1] == answered.attempt
    q = session.deal(Plan("peg-play", None, "random"))
    card = q.drill.situation.hand[0]
    a = session.grade(q, card=card, seconds=1.0)
    assert a.answer == {"card": card.code} and a.grade in BANDS
    assert a.truth == judge_drill(q.drill, (card,)).truth() | {"best": a.truth["best"]}


def test_the_card_that_makes_31_is_best_and_the_card_that_does_not_is_named_by_its_gap():
    """Item 4: 3♥ on 28 makes 31; the A♠ makes 29 for nothing: never "as good as any"."""
    s = PegSituation.from_sequence(
        parse_peg_tokens(["A:TS", "B:9D", "A:9C"]), parse_cards("3H AS KC"), holder="B", dealer=True
    )
    v = judge.judge_card(s, parse_card("3H"))
    other = v.for_choice(parse_cards("AS"))
    if v.band == "best" and other.band == "best":
        assert v.headline().startswith("Best: 3♥, tied with A♠ (")
    else:
        assert v.headline().startswith("Best: 3♥, ") and "ahead of the next best (A♠)" in v.text()
        assert other.headline().startswith(f"{other.band.capitalize().replace('-', ' ')}")
    assert "makes 31 for 2" in v.text()


def test_both_cards_compared_list_every_threat_and_how_often_he_holds_one():
    """Item 5: the card called worse may not look the safer for want of its threats."""
    s = PegSituation.from_sequence(parse_peg_tokens(["A:7S"]), parse_cards("8H 9C 2D KS"))
    analysis = analyse(s)
    v = judge.card_verdict(analysis, parse_card("KS"))
    for option in analysis.options:
        scoring = [r for r in option.replies if r.points >= 2]
        reason = next(c.reason for c in v.ranking if c.cards[0].rank == option.card.rank)
        assert len(re.findall(r"\(\d+%", reason)) >= len(scoring)
        if len(scoring) > 1:
            assert f"he holds one of them {option.risk:.0%} of the time" in reason
    text = v.text()
    assert v.ranking[0].reason in text and v.mine.reason in text


def test_a_count_of_19_is_refused_in_the_game_with_the_rule():
    """Item 6: 19 is no score; "nineteen" is the players' word for nothing."""
    p = Practice.new(PracticeSettings(strength="beginner"), seed=4).advance()
    while p.waiting_for != "count":
        if p.waiting_for == "discard":
            p = p.discard(p.hand[:2], seconds=1, answered_at=T)
        elif p.waiting_for == "play":
            p = p.play(p.game.play_state.legal_cards()[0], seconds=1, answered_at=T)
        elif p.waiting_for == "go":
            p = p.say_go()
        p = p.advance()
    with pytest.raises(PracticeError, match=r"19 is no score a hand can have.*type 0"):
        p.count(total=19, seconds=1, answered_at=T)


def test_throws_are_named_one_way_in_every_verdict():
    """Item 8: a throw is its ranks, lowest first, 10 written 10 (never T)."""
    rng = random.Random(9)
    for _ in range(4):
        d = KINDS["position"].generate(rng, "position-dealer")
        v = judge_drill(d, d.cards[:2])
        assert not re.search(r"\bT\b|-T\b|\bT-", v.text()), v.text()
    d = DiscardDrill(parse_cards("8H TD 3C TS KD 2S"), True)
    assert "10" in judge_drill(d, parse_cards("3C TS")).text()


def test_the_go_is_told_after_it_is_said():
    """Item 9: the card that earns the go is told, then the goes, then the point."""
    for seed in range(6):
        p = Practice.new(PracticeSettings(strength="beginner"), seed=seed).advance()
        while p.game.deal_number == 0 and not p.over:
            if p.waiting_for == "discard":
                p = p.discard(p.hand[:2], seconds=1, answered_at=T)
            elif p.waiting_for == "play":
                p = p.play(p.game.play_state.legal_cards()[0], seconds=1, answered_at=T)
            elif p.waiting_for == "go":
                p = p.say_go()
            elif p.waiting_for == "count":
                p, _ = p.count(total=p.next_show()[2].total, seconds=1, answered_at=T)
            p = p.advance()
            lines = list(p.log)
            for i, line in enumerate(lines):
                if line.endswith(": the go for 1."):
                    assert lines[i - 1].split(" (")[0].rstrip(".").endswith(": go")


def test_a_verdict_refuses_a_ranking_out_of_order_or_a_choice_not_in_it():
    a, b = parse_cards("3H"), parse_cards("AS")
    with pytest.raises(ValueError, match="best first"):
        Verdict("card", "points", a, (Choice(b, 0.0), Choice(a, 1.0)))
    with pytest.raises(ValueError, match="not among"):
        Verdict("card", "points", parse_cards("KD"), (Choice(a, 1.0),))


def test_the_table_seed_is_the_moments_own():
    rng = random.Random(4)
    d = table_drill(rng, variant="three-player")
    again = KINDS["peg-play"].replay(d.question())
    assert table_seed(d) == table_seed(again)
