"""What the score says near the end (issue 18 item 3): the words of the position-aware
best for a throw and a card, and the practice game's grades that carry them."""

from __future__ import annotations

from datetime import UTC, datetime

from crib_trainer.analysis.endplay import his_peg_outs, play_wins
from crib_trainer.analysis.pegging import PegSituation, analyse
from crib_trainer.analysis.position import analyse_position
from crib_trainer.core.cards import parse_cards
from crib_trainer.core.pegging import parse_peg_tokens
from crib_trainer.training.grading.gamegrading import grade_discard, grade_play
from crib_trainer.training.words.position_words import near_end, play_reason

T = datetime(2026, 11, 25, tzinfo=UTC)
FLUSH = parse_cards("3C 3S QH AH JH 6H")  # pone at 116 needs 5: keep the four hearts


def test_near_the_end_is_either_side_within_thirty_of_121_or_fifteen_of_61():
    assert near_end(91, 0, 121) and near_end(0, 91, 121) and not near_end(90, 90, 121)
    assert near_end(46, 0, 61) and not near_end(45, 45, 61)


def test_the_practice_game_judges_a_throw_near_the_end_by_the_chance_to_win():
    p = analyse_position(FLUSH, dealer=False, me=116, him=100)
    thrown = p.points_best.option.discard
    near = grade_discard(FLUSH, thrown, dealer=False, deal=3, seconds=2, answered_at=T,
                         score=(116, 100))  # fmt: skip
    far = grade_discard(FLUSH, thrown, dealer=False, deal=3, seconds=2, answered_at=T,
                        score=(16, 10))  # fmt: skip
    assert near.unit == "win" and near.attempt.kind == "position"
    gap = p.best.win - p.points_best.win
    error = near.attempt.truth["error"]
    assert near.text.startswith(
        f"Costly, no credit: you threw 6-Q, {gap:.1%} ± {error:.1%} of the game"
    )
    assert "behind 3-3" in near.text and "% of the game" in near.text
    assert "You need 5 and you count first: keep the hand that gets there alone" in near.text
    assert far.unit == "points" and far.attempt.kind == "discard" and "game" not in far.text


def _situation() -> PegSituation:
    # he led a king; you hold 5-9-2-8 and need 2: the 5 makes fifteen for 2
    return PegSituation.from_sequence(
        parse_peg_tokens(["KS"]), parse_cards("5H 9C 2D 8S"), dealer=True
    )


def test_a_card_that_pegs_out_is_the_best_chance_and_says_so():
    s = _situation()
    a = analyse(s)
    wins = play_wins(s, a, me=119, him=100)
    outs = his_peg_outs(s, a, me=119, him=100)
    five = next(i for i, o in enumerate(a.options) if o.card.rank == 5)
    assert wins[five] == 1.0 and outs[five] == 0.0
    labels = [f"the {o.card}" for o in a.options]
    reason = play_reason(labels, [o.immediate for o in a.options], wins, outs, 2, 21)
    assert reason == "you need 2: the 5♥ pegs 2 and wins now"
    nine = parse_cards("9C")[0]
    g = grade_play(s, nine, opponent_hand=(), deal=1, seconds=1, answered_at=T, score=(119, 100))
    assert g.text.startswith("Close, ¾ credit: you laid 9♣, 0.7% of the game behind 5♥.")
    assert "You need 2: the 5♥ pegs 2 and wins now." in g.text
    laid = next(i for i, o in enumerate(a.options) if o.card == nine)
    assert f"Yours: it wins {wins[laid]:.1%}" in g.text
    far = grade_play(s, nine, opponent_hand=(), deal=1, seconds=1, answered_at=T, score=(19, 10))
    assert "best chance" not in far.text


def test_when_he_needs_little_the_card_that_leaves_him_least_is_named():
    # on a 7, with 8-7-K-4: the 8 (fifteen) and the 7 (a pair) score most, but after
    # them more of his cards score 2 (a pair, a run, a pair royal); the king (like the 4)
    # leaves him only its pair
    s = PegSituation.from_sequence(parse_peg_tokens(["7S"]), parse_cards("8H 7C 4D KS"))
    a = analyse(s)
    assert str(a.options[0].card) == "8♥"
    wins = play_wins(s, a, me=112, him=119)
    outs = his_peg_outs(s, a, me=112, him=119)
    king = next(i for i, o in enumerate(a.options) if o.card.rank == 13)
    assert outs[king] == min(outs) < outs[0]
    assert max(range(4), key=lambda i: (wins[i], -i)) == king
    labels = [f"the {o.card}" for o in a.options]
    reason = play_reason(labels, [o.immediate for o in a.options], wins, outs, 9, 2)
    assert reason.startswith("he needs 2: lay the K♠, not the 8♥ (the most points)")
    assert f"{outs[king]:.0%} of the time, against {outs[0]:.0%}" in reason
