"""Grading a practice game's decisions: throws, cards laid, counts, the review and summary."""

from datetime import UTC, datetime

import pytest

from crib_trainer.analysis.discard import analyse_discards
from crib_trainer.analysis.pegging import PegSituation, TableSituation, analyse
from crib_trainer.core.cards import parse_card, parse_cards
from crib_trainer.core.pegging import PlayState
from crib_trainer.core.rules import ACC, BRITANNICA, HOYLE, RuleOptions
from crib_trainer.core.show import ItemKind, ShowItem, score_show
from crib_trainer.training.drills.pegdrills import PegDrill
from crib_trainer.training.drills.tabledrills import TableDrill, table_themes
from crib_trainer.training.grading import judge
from crib_trainer.training.grading.decisions import table_seed
from crib_trainer.training.grading.gamegrading import (
    COSTLY,
    Grade,
    game_summary,
    grade_discard,
    grade_play,
    grade_table_play,
    hand_review,
    has_choice,
    rule_count,
)
from crib_trainer.training.grading.review import replayable
from crib_trainer.training.words.pegreasons import explain_table

T = datetime(2025, 5, 1, 12, tzinfo=UTC)
HAND = parse_cards("5H 5D JC QS 2H 9C")


def test_the_best_throw_gives_up_nothing_and_a_worse_one_its_loss():
    analysis = analyse_discards(HAND, dealer=False, opponent="weighted")
    best = grade_discard(
        HAND, analysis.best.discard, dealer=False, deal=2, seconds=3, answered_at=T
    )
    assert best.points_lost == 0 and best.attempt.correct and best.attempt.grade == "best"
    worst = analysis.options[-1]
    bad = grade_discard(HAND, worst.discard, dealer=False, deal=2, seconds=3, answered_at=T)
    assert bad.points_lost == pytest.approx(worst.loss) and not bad.attempt.correct
    assert bad.attempt.kind == "discard" and bad.attempt.missed == {"discard-pone": worst.loss}
    assert bad.deal == 2 and f"Gives up {worst.loss:.2f} points" in bad.text
    assert replayable(bad.attempt)


def test_a_throw_near_the_best_of_an_exact_analysis_is_close_not_as_good():
    """The discard analysis is exact (no error): 0.04 points behind is close, said so."""
    hand = parse_cards("7C KH 7D 2C AD TD")
    near = analyse_discards(hand, dealer=True, opponent="weighted").options[1]
    assert near.as_good and 0.01 < near.loss < 0.1  # the analysis' own near-tie
    g = grade_discard(hand, near.discard, dealer=True, deal=0, seconds=1, answered_at=T)
    assert g.points_lost == pytest.approx(near.loss) and g.attempt.grade == "close"
    assert g.text.startswith(f"Close, ¾ credit: you threw 2-K, {near.loss:.2f} points behind")


@pytest.fixture(scope="module")
def lead():
    """An opening lead, the hand that answers it, and the exact analysis's ranked plays
    (seconds of search: worked out once for the tests that read it)."""
    state = PlayState.start([parse_cards("5H 9C 2D 8S"), parse_cards("KS KD 4C 3H")])
    situation = PegSituation.from_state(state, starter=parse_card("7D"))
    return situation, parse_cards("KS KD 4C 3H"), analyse(situation).options


def test_a_card_laid_is_graded_by_the_exact_pegging_analysis(lead):
    situation, his, options = lead
    best, worst = options[0], options[-1]
    g = grade_play(situation, worst.card, opponent_hand=his, deal=1, seconds=2, answered_at=T)
    assert g is not None and g.decision == "play"
    assert g.points_lost == pytest.approx(best.expected_net - worst.expected_net)
    assert g.attempt.kind == "peg-play" and g.attempt.answer == {"card": worst.card.code}
    assert str(best.card) in g.text
    drill = PegDrill.from_question(g.attempt.question)
    assert drill.situation.hand == situation.hand and drill.opponent_hand == his
    assert replayable(g.attempt)
    top = grade_play(situation, best.card, opponent_hand=his, deal=1, seconds=2, answered_at=T)
    assert top is not None and top.points_lost == 0 and top.attempt.correct


def test_a_card_with_no_choice_is_not_graded_and_an_illegal_one_is_refused():
    state = PlayState.start([parse_cards("5H 5C 5S 5D"), parse_cards("KS QD JC TH")])
    situation = PegSituation.from_state(state)
    assert not has_choice(situation)  # four 5s: one rank, no choice
    assert grade_play(situation, parse_card("5H"), opponent_hand=(), deal=0, seconds=1,
                      answered_at=T) is None  # fmt: skip
    state = PlayState.start([parse_cards("KH QC 9H 7H"), parse_cards("KS QD 2D 3D")])
    for code in ("KH", "KS", "7H"):  # 27: the queen will not come in
        state = state.play(parse_card(code))
    situation = PegSituation.from_state(state)
    assert has_choice(situation)
    with pytest.raises(ValueError, match="cannot be laid"):
        grade_play(situation, parse_card("QD"), opponent_hand=(), deal=0, seconds=1,
                   answered_at=T)  # fmt: skip


def test_a_right_count_loses_nothing():
    g = rule_count(parse_cards("5H 5C 5S JD"), parse_card("5D"), crib=False, total=29, deal=0,
                   seconds=2, answered_at=T).grade  # fmt: skip
    assert g.points_lost == 0 and g.attempt.correct and g.text.endswith("right.")


@pytest.mark.parametrize(
    ("options", "taken"),
    [
        (RuleOptions(ACC), 0),  # no muggins: he simply pegs less
        (RuleOptions(ACC, muggins=True), 2),  # muggins: the opponent takes the 2
        (RuleOptions(HOYLE, muggins=True), 2),
        (RuleOptions(BRITANNICA), 0),  # law 19: no one is bound to help him count
    ],
)
def test_a_short_count_is_ruled_by_the_rule_set(options, taken):
    cards, starter = parse_cards("7H 8C 2D KS"), parse_card("9D")
    due = score_show(cards, starter).total
    c = rule_count(cards, starter, crib=False, total=due - 2, options=options, deal=0,
                   seconds=1, answered_at=T)  # fmt: skip
    assert (c.ruling.scored, c.ruling.to_opponent) == (due - 2, taken)
    assert c.grade.points_lost == 2 + taken
    assert c.grade.attempt.kind == "count-hand" and not c.grade.attempt.correct
    assert ("He pegs 2 for it." in c.grade.text) == bool(taken)


def test_an_itemised_count_names_what_was_missed_and_what_is_not_there():
    cards, starter = parse_cards("2H 4H 6H 8H"), parse_card("KS")
    b = score_show(cards, starter, crib=True)
    claimed = [i for i in b.items if i.kind != ItemKind.FIFTEEN]
    claimed.append(ShowItem(ItemKind.FLUSH, cards, 4))  # a crib's four-card flush: not there
    c = rule_count(cards, starter, crib=True, items=claimed, options=RuleOptions(HOYLE),
                   deal=3, seconds=5, answered_at=T)  # fmt: skip
    assert c.missed == tuple(i for i in b.items if i.kind == ItemKind.FIFTEEN)
    assert [i.kind for i in c.over] == [ItemKind.FLUSH]
    assert c.grade.attempt.kind == "count-crib"
    assert "crib-flush-trap" in c.grade.attempt.missed
    assert "Not there" in c.grade.text


def test_a_count_needs_a_total_or_items():
    with pytest.raises(ValueError, match="a total, as items or by kind"):
        rule_count(parse_cards("2H 4H 6H 8H"), parse_card("KS"), crib=False, deal=0, seconds=1,
                   answered_at=T)  # fmt: skip


def _count(total, deal):
    return rule_count(parse_cards("5H 5C 5S JD"), parse_card("5D"), crib=False, total=total,
                      deal=deal, seconds=1, answered_at=T).grade  # fmt: skip


def test_the_hand_review_lists_the_costly_decisions_of_the_deal_costliest_first():
    small, big, right, other = _count(28, 0), _count(20, 0), _count(29, 0), _count(2, 1)
    review = hand_review([small, big, right, other], 0)
    assert review == [big, small] and all(g.points_lost > COSTLY for g in review)
    assert hand_review([right.taken_back()], 0)[0].take_back  # a take-back always shows


def test_the_game_summary_adds_up_by_decision_and_leaves_out_take_backs(lead):
    situation, his, options = lead
    worst = options[-1].card
    play = grade_play(situation, worst, opponent_hand=his, deal=0, seconds=1, answered_at=T)
    assert play is not None
    a, b, back = _count(28, 0), _count(24, 1), _count(0, 1).taken_back()
    s = game_summary([a, b, back, play])
    assert s.lost["count"] == 1 + 5 and s.lost["play"] == play.points_lost
    assert s.lost["discard"] == 0 and s.decisions == 3 and s.take_backs == 1
    assert s.biggest is b and s.best == 0
    assert s.total_lost == pytest.approx(6 + play.points_lost)
    assert game_summary([]).biggest is None


def test_a_grade_round_trips_through_json():
    g = _count(28, 4).taken_back()
    g = Grade(g.decision, g.deal, g.points_lost, g.text, g.attempt.with_id(17), True)
    assert Grade.from_json(g.to_json()) == g
    with pytest.raises(ValueError, match="unknown decision"):
        Grade.from_json({**g.to_json(), "decision": "cut"})


def test_a_count_by_kind_names_the_items_short_in_each_kind():
    cards, starter = parse_cards("7H 8C 8D KS"), parse_card("9D")
    b = score_show(cards, starter)
    claimed = {ItemKind.FIFTEEN: 4, ItemKind.RUN: 3}  # the pair and one run forgotten
    mug = RuleOptions(HOYLE, muggins=True)
    c = rule_count(cards, starter, crib=False, by_kind=claimed, options=mug, deal=0, seconds=2,
                   answered_at=T)  # fmt: skip
    assert sorted(i.kind for i in c.missed) == sorted([ItemKind.PAIR, ItemKind.RUN])
    assert sum(i.points for i in c.missed) == b.total - 7
    assert c.ruling.scored == 7 and c.ruling.to_opponent == b.total - 7
    assert c.grade.attempt.answer == {"by_kind": {"fifteen": 4, "run": 3}}


def test_a_card_laid_at_a_table_is_graded_against_the_sampled_table_analysis(monkeypatch):
    monkeypatch.setattr(judge, "TABLE_SAMPLES", 10)  # (the grade's speed, not its sense)
    monkeypatch.setattr(judge, "TABLE_SAMPLES_MAX", 20)
    situation = TableSituation(parse_cards("5H 9C 2D 8S"))
    hidden = ((), (), ())
    drill = TableDrill(situation, table_themes(situation), hidden)
    analysis = judge.table_analysis(situation, seed=table_seed(drill))
    options = explain_table(analysis)
    best, worst = options[0], options[-1]
    kw = dict(hidden=hidden, deal=1, seconds=2, answered_at=T)
    good = grade_table_play(situation, best.card, **kw)
    assert good is not None and good.points_lost == 0 and good.attempt.grade == "best"
    assert good.text.startswith(f"Best: {best.card}")
    bad = grade_table_play(situation, worst.card, **kw)
    assert bad is not None
    lost = best.expected_net - worst.expected_net
    assert bad.points_lost == pytest.approx(lost)
    error = bad.attempt.truth["error"]
    assert error >= (best.stderr**2 + worst.stderr**2) ** 0.5 - 1e-6
    assert f"you laid {worst.card}, {lost:.2f} ± {error:.2f} points behind {best.card}" in bad.text
    assert f"{best.card} {best.reason}" in bad.text and f"Yours: {worst.reason}" in bad.text
