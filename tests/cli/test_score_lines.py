"""``score --batch``'s fast lines are the ordinary rendering, byte for byte."""

from __future__ import annotations

import io
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crib_trainer.cli.score import parse_show
from crib_trainer.cli.score_lines import ShowLines
from crib_trainer.cli.show_json import score_json
from crib_trainer.core.cards import FULL_DECK, CardError
from crib_trainer.core.show import score_show
from crib_trainer.core.variants import VARIANTS
from tests.conftest import examples

# One renderer per variant for the whole module: later examples fill in the templates
# that earlier ones made, which is what the batch does.
LINES = {name: ShowLines(variant) for name, variant in VARIANTS.items()}
FIVES_AND_TENS = [c for c in FULL_DECK if c.value in (5, 10)]


def ordinary(cards, starter, crib, variant):
    b = score_show(cards, starter, crib=crib, variant=variant)
    return json.dumps(score_json(b), ensure_ascii=False)


# Deals heavy in what changes a show's shape: fives and ten-cards (the named hands),
# jacks (his nob), one suit (flushes, the crib's flush note), in any order.
shown_cards = st.one_of(
    st.lists(st.sampled_from(FULL_DECK), min_size=5, max_size=5, unique=True),
    st.lists(st.sampled_from(FIVES_AND_TENS), min_size=5, max_size=5, unique=True),
    st.lists(
        st.sampled_from(FULL_DECK[:20:4] + FULL_DECK[1::4]), min_size=5, max_size=5, unique=True
    ),
    st.sampled_from(["SHDC"[i] for i in range(4)]).flatmap(
        lambda s: st.lists(
            st.sampled_from([c for c in FULL_DECK if c.suit.value == s or c.rank == 11]),
            min_size=5,
            max_size=5,
            unique=True,
        )
    ),
)


@settings(max_examples=examples(100))
@given(five=shown_cards, crib=st.booleans(), variant=st.sampled_from(list(VARIANTS)))
def test_a_line_is_the_ordinary_rendering(five, crib, variant):
    rules = VARIANTS[variant]
    size = rules.shown_size(crib)
    cards, starter = tuple(five[:size]), five[size]
    assert LINES[variant].line(cards, starter, crib=crib) == ordinary(cards, starter, crib, rules)


@pytest.mark.parametrize(
    ("text", "crib"), [("5H 5C 5S | 5D", False), ("5H 5C 5S JD | 5H", False), ("5H | 5D", True)]
)
def test_a_bad_show_is_refused_as_ordinarily(text, crib):
    deal = parse_show(text)
    with pytest.raises(CardError) as fast:
        LINES["six-card"].line(deal.cards, deal.starter, crib=crib)
    with pytest.raises(CardError) as slow:
        score_show(deal.cards, deal.starter, crib=crib)
    assert str(fast.value) == str(slow.value)


words = st.one_of(
    st.sampled_from([c.code for c in FULL_DECK] + ["10d", "t♣", "5h"]),
    st.sampled_from(["|", "crib", "CRIB", "1H", ",", "5H,", "|5D", "x"]),
)


@given(tokens=st.lists(words, max_size=8), gap=st.sampled_from([" ", "  ", "\t", " \u00a0"]))
def test_the_quick_reader_reads_what_parse_show_reads(tokens, gap):
    """A plainly written line gives the line of the deal parse_show reads; any other line,
    a bad one included, is left to the ordinary reader (None)."""
    text = gap.join(tokens)
    lines = LINES["six-card"]
    quick = lines.plain_line(text)
    try:
        deal = parse_show(text)
        slow = lines.line(deal.cards, deal.starter, crib=deal.crib)
    except CardError:
        assert quick is None
    else:
        assert quick in (None, slow)


def test_shows_of_one_shape_share_a_template_and_still_match():
    """Deals from fives, tens and jacks alone repeat shapes often: every line is still
    the ordinary rendering, the hands' order and suits included."""
    import random

    rng = random.Random(16)
    pool = [c for c in FULL_DECK if c.rank in (5, 10, 11)]
    lines = ShowLines(VARIANTS["six-card"])
    for _ in range(300):
        five = rng.sample(pool, 5)
        crib = rng.random() < 0.3
        cards, starter = tuple(five[:4]), five[4]
        assert lines.line(cards, starter, crib=crib) == ordinary(
            cards, starter, crib, lines.variant
        )
    assert len(lines.templates) < 150


def seeded_batch(variant, seed, n=300):
    """Lines of a batch file as people write them: random deals and deals heavy in fives
    and ten-cards, jacks or one suit, cribs, cards in other spellings, and bad lines (one
    with a terminal's escape sequence in it)."""
    import random

    rng = random.Random(seed)
    pools = [
        list(FULL_DECK),
        FIVES_AND_TENS,
        [c for c in FULL_DECK if c.rank in (4, 5, 6, 11)],
        [c for c in FULL_DECK if c.suit.value == "H" or c.rank == 11],
    ]
    bad = ["5H 5C | 5D", "5H 5H 5S JD | 5D", "5H 5C 5S JD | 5H", "5X 5C 5S JD | 5D", "x"]
    bad += ["5H 5C 5S JD 5D", "\x1b]52;c;eA==\x07 5C 5S JD | 5D", "5H,5C,5S,JD|5D crib"]
    lines = []
    for _ in range(n):
        if rng.random() < 0.05:
            lines.append(rng.choice(bad))
            continue
        crib = rng.random() < 0.3
        size = variant.shown_size(crib)
        cards = rng.sample(rng.choice(pools), size + 1)
        words = [c.code if rng.random() < 0.9 else c.format().lower() for c in cards]
        lines.append(" ".join(words[:size]) + " | " + words[size] + " crib" * crib)
    return lines


@pytest.mark.parametrize("variant", ["six-card", "five-card", "three-player"])
def test_a_batch_writes_each_line_as_the_ordinary_single_show(tmp_path, variant):
    """``score --batch`` line by line against the ordinary path: each deal read by
    parse_show, scored by score_show and written by score_json, or its error record, made
    safe to print (as every line was before the lines were known to be safe)."""
    from crib_trainer.cli import main
    from crib_trainer.core.safe_text import shown

    rules = VARIANTS[variant]
    lines = seeded_batch(rules, seed=len(variant))
    path = tmp_path / "deals.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    out = io.StringIO()
    main(["score", "--batch", str(path), "--variant", variant], out=out)
    expected = []
    for number, line in enumerate(lines, 1):
        try:
            deal = parse_show(line)
            expected.append(shown(ordinary(deal.cards, deal.starter, deal.crib, rules)))
        except CardError as err:
            error = {"line": number, "error": str(err)}
            expected.append(shown(json.dumps(error, ensure_ascii=False)))
    assert out.getvalue().splitlines() == expected
    assert any('"error"' in line for line in expected) and "\x1b" not in out.getvalue()


def test_lines_typed_at_a_terminal_are_answered_as_they_come():
    """A batch read from a terminal answers each line at once, not when the input ends."""
    import os
    import pty
    import select
    import subprocess
    import sys

    leader, follower = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "crib_trainer.cli", "score", "--batch", "-"],
        stdin=follower,
        stdout=subprocess.PIPE,
    )
    os.close(follower)
    try:
        for hand, total in (("5H 5C 5S JD | 5D", 29), ("9H 6C 5D 4S | 4D", 14)):
            os.write(leader, hand.encode() + b"\n")
            ready, _, _ = select.select([proc.stdout], [], [], 60)
            assert ready, "no answer to a line while the terminal is still open"
            assert json.loads(proc.stdout.readline())["total"] == total
    finally:
        os.write(leader, b"\x04")  # end of input
        proc.wait(timeout=60)
        os.close(leader)


@pytest.mark.slow
def test_every_multiset_of_ranks_is_the_ordinary_rendering():
    """Every multiset of five ranks (6,175: each tuple of counting values and each run of
    steps between ranks), its suits dealt round so that flushes, cribs and his nob come
    up among them, against the ordinary rendering."""
    from itertools import combinations_with_replacement

    lines = ShowLines(VARIANTS["six-card"])
    shown = 0
    for k, ranks in enumerate(combinations_with_replacement(range(13), 5)):
        if max(ranks.count(r) for r in ranks) > 4:
            continue
        cards = [FULL_DECK[4 * r + (ranks[:j].count(r) + k) % 4] for j, r in enumerate(ranks)]
        flush = [FULL_DECK[4 * r + (k + (j == 4)) % 4] for j, r in enumerate(ranks)]
        if k % 3 == 0 and len(set(flush)) == 5:  # four of one suit where the ranks allow
            cards = flush
        order = cards[k % 5 :] + cards[: k % 5]
        hand, starter, crib = tuple(order[:4]), order[4], k % 2 == 1
        assert lines.line(hand, starter, crib=crib) == ordinary(hand, starter, crib, lines.variant)
        shown += 1
    assert shown == 6_175


def test_a_program_writing_lines_into_a_pipe_gets_each_answer_at_once():
    """A program that writes a line to the batch's pipe and waits for its answer gets it
    then, however Python buffers standard output."""
    import os
    import select
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "crib_trainer.cli", "score", "--batch", "-"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        env=env,
    )
    assert proc.stdin is not None and proc.stdout is not None
    try:
        for hand, total in (("5H 5C 5S JD | 5D", 29), ("9H 6C 5D 4S | 4D", 14)):
            proc.stdin.write(hand.encode() + b"\n")
            proc.stdin.flush()
            ready, _, _ = select.select([proc.stdout], [], [], 60)
            assert ready, "no answer to a line while the pipe is still open"
            assert json.loads(proc.stdout.readline())["total"] == total
    finally:
        proc.stdin.close()
        proc.wait(timeout=60)
