"""``discard --batch`` writes, byte for byte, what ``discard --json`` writes for each hand
alone: every variant, both opponent models, hands heavy in fives, jacks or one suit, bad
lines in place. (The large comparison against another version of the code is
``bench/discard_identity.py``, run by hand.)"""

from __future__ import annotations

import io
import json
import random
import sys

import pytest

from crib_trainer.cli import main
from crib_trainer.core.cards import FULL_DECK, Rank
from crib_trainer.core.safe_text import is_safe
from crib_trainer.core.variants import VARIANTS


def _hand(rng: random.Random, n: int, kind: str) -> list[str]:
    if kind == "suited":
        suit = rng.choice(FULL_DECK).suit
        cards = rng.sample([c for c in FULL_DECK if c.suit is suit], n)
    elif kind in ("fives", "jacks"):
        rank = Rank.FIVE if kind == "fives" else Rank.JACK
        k = rng.randint(2, 3)
        cards = rng.sample([c for c in FULL_DECK if c.rank == rank], k)
        cards += rng.sample([c for c in FULL_DECK if c.rank != rank], n - k)
    else:
        cards = rng.sample(FULL_DECK, n)
    return [c.code for c in cards]


def _run(argv: list[str], stdin: str, monkeypatch: pytest.MonkeyPatch) -> tuple[int, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    out = io.StringIO()
    return main(argv, out=out), out.getvalue()


@pytest.mark.parametrize("opponent", ["random", "weighted"])
@pytest.mark.parametrize("variant", list(VARIANTS))
def test_each_batch_line_is_the_hand_alone_byte_for_byte(variant, opponent, monkeypatch):
    rules = VARIANTS[variant]
    rng = random.Random(f"{variant} {opponent}")
    hands = [
        (_hand(rng, rules.dealt, kind), rng.choice(["dealer", "pone"]))
        for kind in ("plain", "fives", "jacks", "suited") * 3
    ]
    lines = [" ".join(cards) + " " + role for cards, role in hands]
    lines.insert(5, " ".join(hands[0][0][:-1]) + " dealer")  # a card too few
    args = ["discard", "--batch", "-", "--variant", variant, "--opponent", opponent]
    code, out = _run(args, "\n".join(lines) + "\n", monkeypatch)
    written = out.splitlines()
    assert code == 2 and len(written) == len(lines)
    assert json.loads(written.pop(5))["line"] == 6
    for (cards, role), line in zip(hands, written, strict=True):
        argv = ["discard", *cards, f"--{role}", "--variant", variant, "--opponent", opponent]
        code, alone = _run([*argv, "--json"], "", monkeypatch)
        assert code == 0
        assert line == json.dumps(json.loads(alone), ensure_ascii=False)
        assert is_safe(line)  # (written as it is: see analysis_line)
