"""The words of ``discard --with-pegging``: what the play changes, and when it cannot tell."""

from __future__ import annotations

from dataclasses import replace

from crib_trainer.analysis.discard import analyse_discards
from crib_trainer.analysis.pegnet import PeggedThrow, PegNet
from crib_trainer.training.words.pegging_advice import explain_with_pegging, pegging_reason

A = analyse_discards("5H 5D JS QC 2C 9D", dealer=True)  # points-best: throw 2-9
TOP, SECOND = A.options[0], A.options[1]


def ranked(first, second, *, as_good: bool, pegs=(0.5, 1.5)):
    lead = PeggedThrow(first, PegNet(pegs[0], 0.3), first.net_ev + pegs[0], 0.0, True)
    gap = lead.total - (second.net_ev + pegs[1])
    return (lead, PeggedThrow(second, PegNet(pegs[1], 0.3), second.net_ev + pegs[1], gap, as_good))


def test_the_points_best_still_leading_is_said_so():
    text = pegging_reason(A, ranked(TOP, SECOND, as_good=False))
    expected = (
        "With the play counted the points-best throw still leads: throw 2-9, keep 5-5-J-Q "
        "(the play +0.50 on average)"
    )
    assert text == expected


def test_a_new_best_names_both_keeps_and_what_it_gives_up_in_points():
    text = pegging_reason(A, ranked(SECOND, TOP, as_good=False, pegs=(5.0, 0.0)))
    assert text.startswith("With the play counted throw ") and ", not 2-9: " in text
    assert f"{SECOND.loss:.2f} points it gives up in hand and crib" in text


def test_within_the_error_both_are_as_good():
    lead, top = ranked(SECOND, TOP, as_good=True, pegs=(4.5, 0.0))
    text = pegging_reason(A, (lead, top))
    assert text.endswith("as good as each other within the pegging table's error")
    assert "or the points-best 2-9" in text


def test_the_table_marks_every_throw_as_good_and_states_the_largest_error():
    rows = ranked(TOP, SECOND, as_good=True)
    rows = (rows[0], replace(rows[1], pegging=PegNet(1.5, 0.41)))
    text = explain_with_pegging(A, rows, ascii=True)
    assert text.count("\n * ") == 2 and "standard error at most 0.41 here" in text
