"""Sentences and the table for a discard analysis."""

from __future__ import annotations

from crib_trainer.analysis.discard import analyse_discards
from crib_trainer.training.discard_advice import (
    crib_owner,
    explain_discards,
    rank_text,
    throw_reason,
    why_best,
)
from tests.conftest import cards


def test_why_best_names_keep_average_spread_crib_and_margin():
    a = analyse_discards("5H 5D 5S JC 2C 9D", dealer=True)
    text = why_best(a)
    assert text.startswith("Throw 2-9: it keeps 5-5-5-J (avg 16.63 in hand, 14 to 29)")
    assert "puts 2-9 in your crib (avg 4.14 there)" in text
    assert f"by {a.options[1].loss:.2f}" in text and text.endswith(".")


def test_pone_baulks_the_crib_only_when_the_best_throw_is_also_the_safest():
    safest = analyse_discards("5H 5D 5S JC KC 9D", dealer=False)
    assert safest.best.crib_ev == min(o.crib_ev for o in safest.options)
    assert "baulks the dealer's crib with 9-K (avg 3.08 there)" in why_best(safest)
    not_safest = analyse_discards("4S 5H 6D KC 9C 2H", dealer=False)
    assert not_safest.best.crib_ev > min(o.crib_ev for o in not_safest.options)
    assert "gives the dealer's crib 2-K" in why_best(not_safest)


def test_ties_say_just_as_good_and_name_the_cards_when_ranks_match():
    a = analyse_discards("7D 3D KS 6H 3H 8C", dealer=False)
    assert a.options[1].loss == 0
    text = why_best(a)
    assert "is just as good" in text
    assert "3♥" in text or "3♦" in text  # the same ranks: say which cards
    assert throw_reason(a.options[1], a) == "As good as the best throw."


def test_reason_splits_the_loss_into_hand_and_crib():
    a = analyse_discards("5H 5D 5S JC 2C 9D", dealer=True)
    worst = a.options[-1]
    reason = throw_reason(worst, a)
    hand = a.best.hand_ev - worst.hand_ev
    crib = worst.crib_ev - a.best.crib_ev
    assert reason.startswith(f"Gives up {worst.loss:.2f} against throwing 2-9: ")
    assert f"{hand:.2f} less in hand, for {crib:.2f} more in your crib" in reason


def test_crib_owner_by_variant_and_role():
    deal = "5H 5D 5S JC 2C"
    assert crib_owner(analyse_discards(deal + " 9D", dealer=False)) == "the dealer's crib"
    assert crib_owner(analyse_discards(deal, dealer=True, variant="four")) == "your side's crib"
    assert crib_owner(analyse_discards(deal, dealer=False, variant="four")) == (
        "the other side's crib"
    )
    assert crib_owner(analyse_discards(deal, dealer=True, variant="three")) == "your crib"


def test_rank_text_and_table_in_ascii():
    assert rank_text(cards("KS 9D")) == "9-K"
    text = explain_discards(analyse_discards("4S 5H 6D KC 9C 2H", dealer=False), ascii=True)
    assert "♠" not in text and "–" not in text and "min-max" in text
