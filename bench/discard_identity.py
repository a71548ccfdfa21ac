"""Byte-identity harness for ``discard``: write seeded inputs and the command's outputs to a
folder, so that two versions of the code can be compared file by file with ``cmp``.

Run:  python bench/discard_identity.py OUT_DIR [--hands N] [--texts N] [--seed S]

Each (variant, opponent model) gets ``--hands`` seeded hands as one ``discard --batch``
file: plain random deals, deals heavy in fives, in jacks, and of one suit (or nearly), some
lines without a role (the batch's ``--dealer``/``--pone`` fills it in), and bad lines among
them (a card twice, a card too few, a bad token, two roles). Each file is run as a batch
with and without ``--json`` and, for the two-player games, ``--with-pegging``; then
``--texts`` of its hands are run one at a time in this process, text (``--ascii`` for half
of them) and ``--json``. Each run writes ``NAME.out`` (what was printed) and ``NAME.rc``.

To compare a version of the code with another, run this script from outside the work
tree with ``PYTHONPATH`` at each version in turn, then ``cmp`` the two folders' files::

    cd /tmp && PYTHONPATH=/path/to/main python /path/to/bench/discard_identity.py old
    cd /tmp && PYTHONPATH=/path/to/branch python /path/to/bench/discard_identity.py new
    for f in old/*; do cmp "$f" "new/${f#old/}" || echo "$f"; done
"""

from __future__ import annotations

import argparse
import contextlib
import io
import random
import sys
from pathlib import Path

from crib_trainer.cli import main as cli_main
from crib_trainer.core.cards import FULL_DECK, Card, Rank
from crib_trainer.core.variants import VARIANTS

OPPONENTS = ("random", "weighted")


def _sample(rng: random.Random, n: int, kind: str) -> list[Card]:
    """``n`` distinct cards, drawn to favour ``kind`` (plain, fives, jacks, suited)."""
    if kind == "plain":
        return rng.sample(FULL_DECK, n)
    if kind == "suited":
        suit = rng.choice(FULL_DECK).suit
        pool = [c for c in FULL_DECK if c.suit is suit]
        k = n if rng.random() < 0.5 else n - 1
        rest = [c for c in FULL_DECK if c.suit is not suit]
        return rng.sample(pool, k) + rng.sample(rest, n - k)
    rank = Rank.FIVE if kind == "fives" else Rank.JACK
    pool = [c for c in FULL_DECK if c.rank == rank]
    k = rng.randint(2, 4)
    rest = [c for c in FULL_DECK if c.rank != rank]
    # with jacks, some of the rest near a jack or worth fifteen with it
    if kind == "jacks" and rng.random() < 0.5:
        rest = [c for c in rest if c.rank in (Rank.FIVE, Rank.TEN, Rank.QUEEN, Rank.KING)]
    cards = rng.sample(pool, k) + rng.sample(rest, n - k)
    rng.shuffle(cards)
    return cards


def batch_lines(rng: random.Random, n: int, dealt: int) -> list[str]:
    """``n`` hand lines (a few of them bad, a few without a role) plus comments."""
    lines = []
    for i in range(n):
        kind = rng.choice(["plain", "plain", "fives", "jacks", "suited"])
        cards = [c.code for c in _sample(rng, dealt, kind)]
        role = rng.choice([" dealer", " pone", " DEALER", " Pone", ""])
        bad = rng.random()
        if bad < 0.01:
            cards[1] = cards[0]  # a card twice
        elif bad < 0.02:
            cards = cards[:-1]  # a card too few
        elif bad < 0.025:
            cards[2] = "XZ"  # not a card
        elif bad < 0.03:
            role = " dealer pone"  # two roles
        elif bad < 0.04:
            cards = [c.lower() for c in cards]  # lower case is fine
        lines.append(" ".join(cards) + role)
        if i % 97 == 5:
            lines.append("# a comment")
        if i % 131 == 7:
            lines.append("")
    return lines


def run(argv: list[str], stdin: str | None = None) -> tuple[int, str]:
    """The command line run in this process: its exit status and what it printed."""
    out = io.StringIO()
    old_stdin = sys.stdin
    if stdin is not None:
        sys.stdin = io.StringIO(stdin)
    try:
        with contextlib.redirect_stderr(io.StringIO()):
            code = cli_main(argv, out)
    finally:
        sys.stdin = old_stdin
    return code, out.getvalue()


def write(folder: Path, name: str, code: int, text: str) -> None:
    (folder / f"{name}.out").write_text(text, encoding="utf-8")
    (folder / f"{name}.rc").write_text(f"{code}\n", encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("out", type=Path)
    parser.add_argument("--hands", type=int, default=500)
    parser.add_argument("--texts", type=int, default=60)
    parser.add_argument("--seed", type=int, default=16)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    total = 0
    for variant in VARIANTS.values():
        for opponent in OPPONENTS:
            rng = random.Random(f"{args.seed} {variant.name} {opponent}")
            lines = batch_lines(rng, args.hands, variant.dealt)
            source = "\n".join(lines) + "\n"
            (args.out / f"{variant.name}-{opponent}.in").write_text(source, encoding="utf-8")
            base = ["discard", "--batch", "-", "--variant", variant.name, "--opponent", opponent]
            runs = {"batch": [*base, "--dealer"], "batch-json": [*base, "--json", "--pone"]}
            if variant.players == 2:
                runs["batch-pegging"] = [*base, "--with-pegging", "--dealer"]
            for label, argv in runs.items():
                code, text = run(argv, source)
                write(args.out, f"{variant.name}-{opponent}-{label}", code, text)
                total += args.hands
            texts = []
            for i, line in enumerate(rng.sample(lines, min(args.texts, len(lines)))):
                words = line.split()
                role = words.pop() if words and words[-1].lower() in ("dealer", "pone") else "pone"
                argv = ["discard", *words, f"--{role.lower()}", "--variant", variant.name]
                argv += ["--opponent", opponent] + (["--ascii"] if i % 2 else [])
                for extra in ([], ["--json"]):
                    code, text = run(argv + extra)
                    texts.append(f"$ {' '.join(argv + extra)}\n{code}\n{text}")
            name = f"{variant.name}-{opponent}-one"
            (args.out / f"{name}.out").write_text("".join(texts), encoding="utf-8")
    print(f"{total} hand analyses in batches written to {args.out}")


if __name__ == "__main__":
    main()
