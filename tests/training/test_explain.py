from __future__ import annotations

import pytest

from crib_trainer.core.pegging import parse_peg_tokens, score_sequence
from crib_trainer.core.show import score_show
from crib_trainer.training.grading.claims import judge_claim
from crib_trainer.training.words.explain import (
    explain_play,
    explain_show,
    explain_verdict,
    itemised_lines,
    number_word,
    rarity_line,
    spoken_count,
)
from tests.conftest import card, cards


@pytest.mark.parametrize(
    ("hand", "starter", "crib", "spoken"),
    [
        (
            "9S 9D 6H 4D",
            "2H",
            False,
            "Fifteen two, fifteen four, fifteen six, fifteen eight, and a pair is ten.",
        ),
        ("KS 8C 3D AS", "2H", True, "Fifteen two, and a run of three is five."),
        ("JH 4C 2D 2S", "2H", False, "A pair royal is six, and one for his nob is seven."),
        (
            "9H 6C 5D 4S",
            "4D",
            False,
            "Fifteen two, fifteen four, fifteen six, and a double run is fourteen.",
        ),
        (
            "6H 7C 7D 8S",
            "8D",
            True,
            "Fifteen two, fifteen four, fifteen six, fifteen eight, "
            "and a double-double run is twenty-four.",
        ),
        ("KS KH KC QD", "JH", False, "A triple run is fifteen."),
        ("2H 2C 9D 9S", "KD", False, "Two pairs is four."),
        ("2H 4H 8H QH", "KS", False, "A flush of four is four."),
        ("JH 3C 7D 9S", "4H", False, "One for his nob."),
        ("2H 7C 9D KS", "QD", False, "Nineteen — nothing to count."),
        ("4S 3H 3C 2D", "AH", False, "A double run of four is ten."),
        ("5S 5H 5C 9D", "9H", False, "Fifteen two, and a pair royal is eight, and a pair is ten."),
    ],
)
def test_spoken_count(hand, starter, crib, spoken):
    b = score_show(cards(hand), card(starter), crib=crib)
    assert spoken_count(b) == spoken


def test_spoken_total_always_matches(rng_deals=None):
    import random

    from crib_trainer.core.cards import FULL_DECK

    words = {number_word(n): n for n in range(30)}
    rng = random.Random(11)
    for _ in range(2000):
        five = rng.sample(FULL_DECK, 5)
        b = score_show(tuple(five[:4]), five[4], crib=rng.random() < 0.3)
        text = spoken_count(b)
        if b.total == 0:
            assert text.startswith("Nineteen")
            continue
        last = text.rstrip(".").split()[-1]
        # the last number said is the total (or "nob" when his nob alone scores one)
        assert words.get(last, 1 if last == "nob" else None) == b.total, text


def test_number_words():
    assert [number_word(n) for n in (0, 15, 21, 29, 30, 31)] == [
        "zero", "fifteen", "twenty-one", "twenty-nine", "thirty", "thirty-one",
    ]  # fmt: skip


def test_itemised_lines_group_and_subtotal():
    lines = itemised_lines(score_show(cards("7H 8C 8D KS"), card("9C")), ascii=True)
    assert lines[0].split() == ["Fifteens", "4"]
    assert lines[-1].split() == ["Total", "12"]
    assert any(line.split() == ["7H", "8C", "9C", "3"] for line in lines)


def test_rarity_line():
    assert rarity_line(score_show(cards("6H 7C 7D 8S"), card("8D"))).startswith(
        "24 points: 1 hand in 3,531"
    )
    assert "1 crib in" in rarity_line(score_show(cards("6H 7C 7D 8S"), card("8D"), crib=True))
    assert rarity_line(score_show(cards("JH AC 3D 9S"), card("7H"))).startswith("1 point: 1 hand")


def test_explain_show_has_every_part():
    text = explain_show(score_show(cards("5H 5C 5S JD"), card("5D")))
    assert "Hand 5♥ 5♣ 5♠ J♦  starter 5♦" in text
    assert "Total" in text and "twenty-nine" in text and "1 hand in 3,248,700" in text


def test_explain_play():
    record = score_sequence(parse_peg_tokens("3S 4H 6C 5D".split()))
    assert explain_play(record.plays[-1]) == "run of four 3-4-5-6 for 4; last card for 1"
    assert explain_play(record.plays[0]) == "no score"
    record = score_sequence(parse_peg_tokens("7S 8H".split()))
    assert explain_play(record.plays[-1]) == "makes 15 for 2; last card for 1"
    record = score_sequence(parse_peg_tokens("7S 7H 7C".split()), finished=False)
    assert explain_play(record.plays[-1]) == "pair royal of 7s for 6"


def test_the_rule_given_for_a_missed_run_counts_only_the_longest_run():
    # All about, Run: a run of four "scores 4 points ... The runs of 3 within it don't
    # count". The rule quoted beside a missed run must not say every set of three or
    # more cards in sequence scores (9-10-J-Q would then be 3 + 3 + 4).
    text = explain_verdict(judge_claim(score_show(cards("9S TH JC QD"), card("2H")), 0))
    run_line = next(line for line in text.splitlines() if line.strip().startswith("run of four"))
    assert "each set of three or more" not in run_line
    assert "inside it do not count" in run_line and "All about" in run_line
