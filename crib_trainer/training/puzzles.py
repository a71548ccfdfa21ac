"""Curated puzzles: load ``puzzles/*.toml``, validate every field, and check each answer
against the engine.

A broken puzzle is reported (file, puzzle id, field, what is wrong) and skipped; the rest
still load. The format is documented in ``docs/puzzles.md``.

>>> from pathlib import Path
>>> result = load_puzzles([default_puzzle_dir()])
>>> result.puzzles[0].kind in PUZZLE_KINDS
True
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from crib_trainer.core.cards import Card, CardError, n_cards, parse_card, parse_cards
from crib_trainer.core.pegging import PlayError, parse_peg_tokens, score_sequence
from crib_trainer.core.safe_text import shown
from crib_trainer.core.show import score_show
from crib_trainer.core.variants import VARIANTS, Variant, get_variant
from crib_trainer.textfiles import TextFileError, check_toml_shape, read_text_file
from crib_trainer.training.kinds import PUZZLE_KINDS

ROLES = ("dealer", "pone")
DIFFICULTIES = range(1, 6)


@dataclass(frozen=True, slots=True)
class Puzzle:
    """One puzzle. Which card fields are set depends on ``kind``:

    - ``count`` / ``crib-count``: ``cards`` (the hand or crib) and ``starter``; the answer
      is the total.
    - ``discard``: ``cards`` (as dealt) and ``role``; the answer is the cards to throw.
    - ``pegging-score``: ``sequence`` (tokens as for ``crib-trainer peg``); the answer is
      what the last card scored.
    - ``pegging-play``: ``sequence``, ``hand`` (the cards left to play), optional ``starter``
      and ``discards``; the answer is the card to play.

    A ``discard`` or ``pegging-play`` puzzle with a ``score`` (mine, his) is answered by
    the chance to win the game, not by points (the position drill's puzzles).
    """

    id: str
    theme: str
    kind: str
    difficulty: int
    question: str
    answer: Any
    note: str
    source: str
    file: str
    variant: str = "six-card"
    cards: tuple[Card, ...] = ()
    starter: Card | None = None
    role: str | None = None
    sequence: tuple[str, ...] = ()
    hand: tuple[Card, ...] = ()
    discards: tuple[Card, ...] = ()
    title: str = ""
    score: tuple[int, int] | None = None  # (mine, his) before the deal or the card laid

    @property
    def dealer(self) -> bool:
        return self.role == "dealer"


@dataclass(frozen=True, slots=True)
class Problem:
    """What is wrong with a puzzle file or one puzzle in it."""

    file: str
    puzzle_id: str | None
    field: str | None
    message: str

    def __str__(self) -> str:
        where = [shown(self.file)]  # (a file name may hold any byte but "/": one line)
        if self.puzzle_id:
            where.append(f"puzzle {self.puzzle_id!r}")
        if self.field:
            where.append(f"field {self.field!r}")
        return f"{': '.join(where)}: {self.message}"


@dataclass(slots=True)
class LoadResult:
    puzzles: list[Puzzle] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)

    def by_id(self) -> dict[str, Puzzle]:
        return {p.id: p for p in self.puzzles}


class _Bad(Exception):
    def __init__(self, field: str | None, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message


def default_puzzle_dir() -> Path:
    """``CRIB_TRAINER_PUZZLES`` if set, else the ``puzzles/`` folder beside the package."""
    override = os.environ.get("CRIB_TRAINER_PUZZLES")
    if override:
        return Path(override)
    return Path(__file__).resolve().parents[2] / "puzzles"


def puzzle_files(paths: Iterable[Path]) -> list[Path]:
    """The ``.toml`` files named, or found in the folders named, in a stable order, each
    once. A folder with none is returned as itself, so that loading it reports the fact."""
    files: list[Path] = []
    for path in paths:
        if _is_dir(path):
            found = sorted(path.glob("*.toml"))
            files += found or [path]
        else:
            files.append(path)
    unique: dict[Path, Path] = {}
    for file in files:
        # (realpath, not Path.resolve: a symlink loop is then a file that cannot be read,
        # reported as such, not a RuntimeError)
        unique.setdefault(Path(os.path.realpath(file)), file)
    return list(unique.values())


def _is_dir(path: Path) -> bool:
    """Whether ``path`` is a folder; False when it cannot be looked at (a name too long
    for the system), which reading it as a file then reports."""
    try:
        return path.is_dir()
    except OSError:
        return False


def load_puzzles(paths: Iterable[Path] | None = None) -> LoadResult:
    """Read and validate puzzles; each broken one is reported and left out."""
    result = LoadResult()
    seen: dict[str, str] = {}
    for path in puzzle_files(paths if paths is not None else [default_puzzle_dir()]):
        name = str(path)
        if _is_dir(path):
            result.problems.append(Problem(name, None, None, "no .toml puzzle files in it"))
            continue
        try:
            text = read_text_file(path, what="puzzle file")
            check_toml_shape(text, name=name)
            data = tomllib.loads(text)
        except OSError as err:
            result.problems.append(Problem(name, None, None, f"cannot read: {err.strerror}"))
            continue
        except TextFileError as err:
            message = str(err).removeprefix(f"{name}: ").removeprefix(f"{name} ")
            result.problems.append(Problem(name, None, None, message))
            continue
        except (tomllib.TOMLDecodeError, RecursionError, MemoryError) as err:
            result.problems.append(Problem(name, None, None, f"not valid TOML: {err}"))
            continue
        except ValueError as err:  # valid TOML Python will not hold: an integer of 5,000 digits
            reason = str(err).split(";")[0]
            result.problems.append(Problem(name, None, None, f"not a puzzle file: {reason}"))
            continue
        entries = data.get("puzzle")
        if not isinstance(entries, list) or not entries:
            result.problems.append(
                Problem(name, None, "puzzle", "no [[puzzle]] tables in this file")
            )
            continue
        defaults = {k: v for k, v in data.items() if k != "puzzle"}
        for index, entry in enumerate(entries, start=1):
            raw_id = entry.get("id") if isinstance(entry, dict) else None
            label = raw_id if isinstance(raw_id, str) and raw_id else f"#{index}"
            if not isinstance(entry, dict):
                result.problems.append(
                    Problem(name, label, "puzzle", "each puzzle must be a [[puzzle]] table")
                )
                continue
            try:
                puzzle = _build(name, {**defaults, **entry})
            except _Bad as bad:
                result.problems.append(Problem(name, label, bad.field, bad.message))
                continue
            if puzzle.id in seen:
                result.problems.append(
                    Problem(name, puzzle.id, "id", f"duplicate id (also in {seen[puzzle.id]})")
                )
                continue
            seen[puzzle.id] = name
            result.puzzles.append(puzzle)
    return result


_ALLOWED = {
    "id", "theme", "title", "kind", "difficulty", "question", "answer", "note", "source",
    "variant", "cards", "starter", "role", "sequence", "hand", "discards", "score",
}  # fmt: skip


def _score(raw: dict[str, Any], variant: Variant) -> tuple[int, int]:
    """``score = [ME, HIM]``: both scores before the deal, in a two-player game."""
    from crib_trainer.analysis.position import check_scores

    score = raw["score"]
    if not (isinstance(score, list) and len(score) == 2 and all(type(x) is int for x in score)):
        raise _Bad("score", f"must be two whole numbers [mine, his], not {score!r}")
    try:
        check_scores(score[0], score[1], variant)
    except ValueError as err:
        raise _Bad("score", str(err)) from None
    return score[0], score[1]


def _build(file: str, raw: dict[str, Any]) -> Puzzle:
    unknown = sorted(set(raw) - _ALLOWED)
    if unknown:
        raise _Bad(unknown[0], f"unknown field; allowed fields are {', '.join(sorted(_ALLOWED))}")
    pid = _text(raw, "id")
    kind = _text(raw, "kind")
    if kind not in PUZZLE_KINDS:
        raise _Bad("kind", f"{kind!r} is not a kind; use one of {', '.join(PUZZLE_KINDS)}")
    difficulty = raw.get("difficulty")
    if type(difficulty) is not int or difficulty not in DIFFICULTIES:
        raise _Bad("difficulty", f"must be a whole number 1 to 5, not {difficulty!r}")
    variant = raw.get("variant", "six-card")
    if not isinstance(variant, str) or variant not in VARIANTS:
        raise _Bad("variant", f"{variant!r} is not a variant; use one of {', '.join(VARIANTS)}")
    title = raw.get("title", "")
    if not isinstance(title, str):
        raise _Bad("title", f"must be text, not {title!r}")
    title = shown(title)
    common: dict[str, Any] = {
        "id": pid,
        "theme": _text(raw, "theme"),
        "title": title,
        "kind": kind,
        "difficulty": difficulty,
        "question": _text(raw, "question"),
        "note": _text(raw, "note"),
        "source": _text(raw, "source"),
        "file": file,
        "variant": variant,
    }
    size = get_variant(variant)
    if "score" in raw and kind not in ("discard", "pegging-play"):
        raise _Bad("score", "only a discard or pegging-play puzzle takes a score")
    if kind in ("count", "crib-count"):
        crib = kind == "crib-count"
        cards = _cards(raw, "cards", size.shown_size(crib))
        cut = _card(raw, "starter")
        _distinct("starter", (*cards, cut))
        return Puzzle(**common, cards=cards, starter=cut, answer=_points(raw))
    if kind == "discard":
        cards = _cards(raw, "cards", size.dealt)
        role = raw.get("role")
        if role not in ROLES:
            raise _Bad("role", f"must be 'dealer' or 'pone', not {role!r}")
        throw = _cards(raw, "answer", size.discard)
        if not set(throw) <= set(cards):
            raise _Bad("answer", "the throw must be cards from 'cards'")
        score = _score(raw, size) if "score" in raw else None
        return Puzzle(**common, cards=cards, role=role, answer=throw, score=score)
    sequence = _sequence(raw)
    if kind == "pegging-score":
        if not sequence:
            raise _Bad("sequence", "give at least one card played")
        return Puzzle(**common, sequence=sequence, answer=_points(raw))
    hand = _cards(raw, "hand", None)
    if not hand:
        raise _Bad("hand", "give the cards left to play")
    starter = _card(raw, "starter") if "starter" in raw else None
    discards = _cards(raw, "discards", None) if "discards" in raw else ()
    played = [t.card for t in parse_peg_tokens(list(sequence)) if t.card is not None]
    _distinct("hand", (*hand, *discards, *played, *([starter] if starter else [])))
    card = _card(raw, "answer")
    if card not in hand:
        raise _Bad("answer", f"{card} is not in the hand")
    score = _score(raw, size) if "score" in raw else None
    return Puzzle(
        **common,
        sequence=sequence,
        hand=hand,
        starter=starter,
        discards=discards,
        answer=card,
        score=score,
    )


def _text(raw: dict[str, Any], name: str) -> str:
    value = raw.get(name)
    if value is not None and not isinstance(value, str):
        raise _Bad(name, f"must be text, not {value!r}")
    if not value or not value.strip():
        raise _Bad(name, "missing or empty; it must be text")
    # A puzzle file is shared between players: its text is shown, never obeyed.
    return shown(value.strip(), lines=name == "note")


def _cards(raw: dict[str, Any], name: str, count: int | None) -> tuple[Card, ...]:
    value = raw.get(name)
    if isinstance(value, list):
        value = " ".join(str(v) for v in value)
    if value is None:
        raise _Bad(name, "missing; give cards as text like '5H 5C 5S JD'")
    if not isinstance(value, str):
        raise _Bad(name, f"give cards as text like '5H 5C 5S JD', not {value!r}")
    try:
        cards = parse_cards(value)
    except CardError as err:
        raise _Bad(name, str(err)) from None
    if count is not None and len(cards) != count:
        raise _Bad(name, f"needs {n_cards(count)}, has {len(cards)}")
    return cards


def _card(raw: dict[str, Any], name: str) -> Card:
    value = raw.get(name)
    if value is None:
        raise _Bad(name, "missing; give one card like '5D'")
    if not isinstance(value, str):
        raise _Bad(name, f"give one card like '5D' as text, not {value!r}")
    try:
        return parse_card(value)
    except CardError as err:
        raise _Bad(name, str(err)) from None


def _points(raw: dict[str, Any]) -> int:
    value = raw.get("answer")
    if type(value) is not int or value < 0:
        raise _Bad("answer", f"must be a number of points (0 or more), not {value!r}")
    return value


def _sequence(raw: dict[str, Any]) -> tuple[str, ...]:
    value = raw.get("sequence", "")
    tokens = value.split() if isinstance(value, str) else value
    if not isinstance(tokens, list) or not all(isinstance(t, str) for t in tokens):
        raise _Bad("sequence", "give the play as text like 'A:4S B:2H go A:5D'")
    try:
        parse_peg_tokens(tokens)
    except CardError as err:
        raise _Bad("sequence", str(err)) from None
    return tuple(tokens)


def _distinct(name: str, cards: Iterable[Card]) -> None:
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise _Bad(name, f"duplicate card {card}: each card can appear only once")
        seen.add(card)


# --- solving: the engine's answer to each kind ------------------------------------------


def solve(puzzle: Puzzle) -> Any:
    """The engine's answer: points, a throw (sorted cards), or the set of best cards."""
    return _SOLVERS[puzzle.kind](puzzle)


def _solve_count(p: Puzzle) -> int:
    assert p.starter is not None
    return score_show(p.cards, p.starter, crib=p.kind == "crib-count", variant=p.variant).total


def _solve_pegging_score(p: Puzzle) -> int:
    record = score_sequence(parse_peg_tokens(list(p.sequence)), finished=False)
    return record.plays[-1].points


def _solve_discard(p: Puzzle) -> tuple[frozenset[Card], ...]:
    """Every throw as good as the best (within ``AS_GOOD`` of its net expectation; with a
    score, as good as the best chance to win for all we know:
    :meth:`~crib_trainer.analysis.position.PositionAnalysis.as_good_as_best`)."""
    from crib_trainer.analysis.discard import analyse_discards

    if p.score is not None:
        from crib_trainer.analysis.position import analyse_position

        me, him = p.score
        ranked = analyse_position(p.cards, dealer=p.dealer, me=me, him=him, variant=p.variant)
        return tuple(
            frozenset(o.option.discard) for o in ranked.options if ranked.as_good_as_best(o)
        )

    options = analyse_discards(p.cards, dealer=p.dealer, variant=p.variant).options
    return tuple(frozenset(o.discard) for o in options if o.as_good)


def _solve_pegging_play(p: Puzzle) -> tuple[Card, ...]:
    """Every card marked as good as the best play (random opponent); with a score, every
    card of the hand within ``SAME`` of the best chance to win."""
    if p.score is not None:
        return position_truth(p)
    return pegging_truth(pegging_options(p))


def position_truth(p: Puzzle) -> tuple[Card, ...]:
    """The cards of a ``pegging-play`` puzzle's hand with the best chance to win at its
    score (:func:`~crib_trainer.analysis.endplay.play_wins`)."""
    from crib_trainer.training.drills.position_plays import play_chances
    from crib_trainer.training.words.position_words import SAME

    assert p.score is not None
    c = play_chances(pegging_situation(p), *p.score)
    best = c.wins[c.best]
    ranks = {o.card.rank for o, w in zip(c.options, c.wins, strict=True) if best - w < SAME}
    return tuple(card for card in p.hand if card.rank in ranks)


def pegging_truth(options: list[Any]) -> tuple[Card, ...]:
    """The right answers among ranked plays: every card as good as the best."""
    return tuple(o.card for o in options if o.as_good)


def pegging_situation(p: Puzzle) -> Any:
    """The pegging situation a ``pegging-play`` puzzle asks about."""
    from crib_trainer.analysis.pegging import PegSituation

    return PegSituation.from_sequence(
        parse_peg_tokens(list(p.sequence)),
        p.hand,
        starter=p.starter,
        discards=p.discards,
        variant=p.variant,
    )


def pegging_options(p: Puzzle) -> list[Any]:
    """The ranked plays for a ``pegging-play`` puzzle, best first, with reasons."""
    from crib_trainer.training.words.pegreasons import rank_plays

    return rank_plays(pegging_situation(p))


_SOLVERS: dict[str, Callable[[Puzzle], Any]] = {
    "count": _solve_count,
    "crib-count": _solve_count,
    "pegging-score": _solve_pegging_score,
    "discard": _solve_discard,
    "pegging-play": _solve_pegging_play,
}


def is_right(puzzle: Puzzle, given: Any, truth: Any | None = None) -> bool:
    """Whether ``given`` (a learner's or the file's answer) is right for the puzzle."""
    truth = solve(puzzle) if truth is None else truth
    if puzzle.kind == "discard":
        return frozenset(given) in truth
    if puzzle.kind == "pegging-play":
        return given in truth
    return given == truth


def check_puzzles(paths: Iterable[Path] | None = None) -> LoadResult:
    """Load, then recompute every answer with the engine: a stated answer the engine does
    not agree with is a problem, and that puzzle is left out."""
    loaded = load_puzzles(paths)
    checked = LoadResult(problems=list(loaded.problems))
    for puzzle in loaded.puzzles:
        try:
            truth = solve(puzzle)
        except (CardError, PlayError, ValueError) as err:
            field_name = "sequence" if puzzle.kind.startswith("pegging") else "cards"
            checked.problems.append(Problem(puzzle.file, puzzle.id, field_name, str(err)))
            continue
        if not is_right(puzzle, puzzle.answer, truth):
            checked.problems.append(
                Problem(
                    puzzle.file,
                    puzzle.id,
                    "answer",
                    f"the file says {_show(puzzle.answer)}, the engine says {_show(truth)}",
                )
            )
            continue
        checked.puzzles.append(puzzle)
    return checked


def _show(answer: Any) -> str:
    if isinstance(answer, Card):
        return str(answer)
    if isinstance(answer, tuple | list | frozenset | set):
        parts = [_show(a) for a in answer]
        return (
            " / ".join(parts)
            if answer and not isinstance(next(iter(answer)), Card)
            else (" ".join(parts))
        )
    return str(answer)
