"""Byte-identity harness for ``peg --hand``: run seeded pegging situations through the
command line and write what it printed to a folder, so that two versions of the code can be
compared file by file with ``cmp``.

Run:  python bench/peg_identity.py OUT_DIR [--deals N] [--seed S]

Each deal (``--deals`` per two-player variant: six-card and five-card) is dealt at random,
each player keeping random cards, and played out with random legal cards; at a few of its
turns (the opening lead among them, replies to the first card most often) the player to move
is asked ``peg TOKEN... --hand CARD...`` with options varied by the seed: ``--starter``
(most often), ``--discards``, ``--opponent weighted``, ``--player``, ``--score``, ``--ascii``
and ``--json``. A few deals at a table of three (``--samples`` small) and a few written
sequences to score (no ``--hand``) ride along. Each variant's runs go to one file,
``VARIANT.out``: the command line, its exit status, and what it printed (stdout then
stderr).

To compare a version of the code with another, run this script from outside the work
tree with ``PYTHONPATH`` at each version in turn, then ``cmp`` the two folders' files::

    cd /tmp && PYTHONPATH=/path/to/main python /path/to/bench/peg_identity.py old
    cd /tmp && PYTHONPATH=/path/to/branch python /path/to/bench/peg_identity.py new
    for f in old/*; do cmp "$f" "new/${f#old/}" || echo "$f"; done
"""

from __future__ import annotations

import argparse
import contextlib
import io
import random
from pathlib import Path

from crib_trainer.cli import main as cli_main
from crib_trainer.core.cards import FULL_DECK
from crib_trainer.core.pegging import Played, PlayState
from crib_trainer.core.variants import Variant, get_variant

NAMES = "ABCD"


def run(argv: list[str]) -> str:
    """The command line run in this process: the line, its exit status and its output."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stderr(err):
        code = cli_main(argv, out)
    return f"$ {' '.join(argv)}\n{code}\n{out.getvalue()}{err.getvalue()}"


def tokens_of(state: PlayState) -> list[str]:
    """The play so far as labelled tokens, a ``go`` where a count ended short of 31."""
    tokens: list[str] = []
    plays = [e for e in state.events if isinstance(e, Played)]
    for i, p in enumerate(plays):
        tokens.append(f"{NAMES[p.player]}:{p.card.code}")
        ended = i + 1 < len(plays) and plays[i + 1].count == plays[i + 1].card.value
        if ended and p.count != 31:
            tokens.append("go")
    return tokens


def deal_runs(rng: random.Random, variant: Variant) -> list[list[str]]:
    """The command lines for one deal: a few turns of its play, with varied options."""
    deck = rng.sample(FULL_DECK, variant.players * variant.dealt + 1)
    starter = deck.pop()
    dealt = [deck[i * variant.dealt : (i + 1) * variant.dealt] for i in range(variant.players)]
    hands = [d[: variant.hand_size] for d in dealt]
    state = PlayState.start(hands, variant, starter=starter)
    states = [state]
    while not state.over:
        state = state.play(rng.choice(state.legal_cards()))
        states.append(state)
    states.pop()  # (the play is over: no one to move)
    # The lead, the first reply, and two other turns (replies weigh most: they are the target).
    picks = {0, 1} if len(states) > 1 else {0}
    picks.update(rng.sample(range(len(states)), min(2, len(states))))
    out = []
    for i in sorted(picks):
        s = states[i]
        me = s.turn
        argv = ["peg", *tokens_of(s), "--hand", *(c.code for c in s.hands[me])]
        if variant.name != "six-card":
            argv += ["--variant", variant.name]
        if rng.random() < 0.85:
            argv += ["--starter", starter.code]
        if variant.players == 2:
            if rng.random() < 0.15:
                argv += ["--discards", *(c.code for c in dealt[me][variant.hand_size :])]
            if rng.random() < 0.2:
                argv += ["--opponent", "weighted"]
            if rng.random() < 0.2:
                top = variant.target - 6
                argv += ["--score", str(rng.randint(0, top)), str(rng.randint(0, top))]
        else:
            argv += ["--samples", str(rng.choice([4, 12])), "--seed", str(rng.randint(0, 9))]
        if rng.random() < 0.3 and s.plays:
            argv += ["--player", NAMES[me]]
        if rng.random() < 0.3:
            argv.append("--ascii")
        if rng.random() < 0.4:
            argv.append("--json")
        out.append(argv)
    if rng.random() < 0.1:  # the whole play written out, to be scored
        out.append(["peg", *tokens_of(states[-1])])
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("out", type=Path)
    parser.add_argument("--deals", type=int, default=90)
    parser.add_argument("--seed", type=int, default=16)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    total = 0
    for name, deals in (("six-card", args.deals), ("five-card", args.deals), ("three-player", 4)):
        variant = get_variant(name)
        rng = random.Random(f"{args.seed} {name}")
        texts = []
        for _ in range(deals):
            for argv in deal_runs(rng, variant):
                texts.append(run(argv))
        (args.out / f"{name}.out").write_text("".join(texts), encoding="utf-8")
        total += len(texts)
    print(f"{total} peg command lines written to {args.out}")


if __name__ == "__main__":
    main()
