"""The puzzle library: browse by theme and difficulty, solve, and see what is solved.

Keys (library): enter opens a puzzle, ``d`` cycles the difficulty shown, escape goes back.
Keys (a puzzle): type points and enter, or pick cards with 1–6 and enter; ``n`` the next.
"""

from __future__ import annotations

from collections import Counter

from rich.table import Table
from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Header, Input, OptionList, Static
from textual.widgets.option_list import Option

from crib_trainer.core.cards import Card, format_cards
from crib_trainer.core.pegging import MAX_CARD_POINTS, parse_peg_tokens, score_sequence
from crib_trainer.core.show import MAX_SHOW
from crib_trainer.core.variants import get_variant
from crib_trainer.training.attempt import Attempt
from crib_trainer.training.drills.hands import CountDrill, DiscardDrill
from crib_trainer.training.drills.pegdrills import PegDrill, situation_themes
from crib_trainer.training.grading.answers import count_attempt, peg_score_attempt
from crib_trainer.training.grading.decisions import decision_attempt
from crib_trainer.training.grading.judge import (
    card_verdict,
    chances_verdict,
    position_verdict,
    throw_verdict,
)
from crib_trainer.training.puzzles import (
    Puzzle,
    is_right,
    load_puzzles,
    pegging_options,
    pegging_situation,
    pegging_truth,
    solve,
)
from crib_trainer.training.shapes import (
    PuzzlePlayQuestion,
)
from crib_trainer.ui.screens.base import TrainerScreen, pick_keys
from crib_trainer.ui.widgets.card import HandView
from crib_trainer.ui.widgets.inputs import PointsInput
from crib_trainer.ui.widgets.keybar import KeyBar

PICKS = ("discard", "pegging-play")
#: The most points each kind's answer can be: more is a typo, refused (never recorded).
MOST = {
    "count": (MAX_SHOW, "any hand scores"),
    "crib-count": (MAX_SHOW, "any crib scores"),
    "pegging-score": (MAX_CARD_POINTS, "a card scores in the play"),
}
KIND_WORDS = {
    "count": "count the hand",
    "crib-count": "count the crib",
    "discard": "choose the throw",
    "pegging-score": "score the last card",
    "pegging-play": "choose the card to play",
}


def solved_ids(history: list[Attempt]) -> set[str]:
    """Puzzles answered right at least once."""
    return {a.puzzle_id for a in history if a.puzzle_id and a.correct}


class PuzzleLibraryScreen(TrainerScreen):
    """The curated puzzles by theme and difficulty."""

    HELP_KEYS = (
        ("↑ ↓", "move along the themes or the puzzles"),
        ("enter", "a theme: on to its puzzles; a puzzle: open it"),
        ("tab", "between the themes and the puzzles"),
    )
    BINDINGS = [
        Binding(
            "escape", "app.pop_screen", "Back", tooltip="back to the list (from a puzzle) or home"
        ),
        Binding(
            "d",
            "cycle_difficulty",
            "Difficulty",
            tooltip="show one difficulty, then the next, then all",
        ),
    ]

    def __init__(self) -> None:
        super().__init__()
        loaded = load_puzzles()
        self.puzzles = loaded.puzzles
        self.problems = loaded.problems
        self.difficulty: int | None = None
        self.theme: str | None = None
        self.solved: set[str] = set()

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="library"):
            with Vertical(id="themes-pane"):
                yield Static("[b]Themes[/b]", classes="pane-title")
                yield OptionList(id="themes")
            with Vertical(id="puzzles-pane"):
                yield Static(id="puzzles-title", classes="pane-title")
                yield OptionList(id="puzzle-list")
        yield Static(id="library-note")
        yield KeyBar()

    def on_mount(self) -> None:
        self.title = "Puzzles"
        if self.problems:
            self.notify(
                f"{len(self.problems)} puzzle(s) could not be loaded and were skipped "
                "(crib-trainer puzzles check lists them).",
                severity="warning",
                timeout=8,
            )
        self.refresh_library()
        self.query_one("#themes", OptionList).focus()

    def on_screen_resume(self) -> None:
        self.refresh_library()

    def _shown(self) -> list[Puzzle]:
        return [p for p in self.puzzles if self.difficulty in (None, p.difficulty)]

    def refresh_library(self) -> None:
        """Load the puzzles again and list them."""
        self.solved = solved_ids(self.trainer.history())
        shown = self._shown()
        counts = Counter(p.theme for p in shown)
        done = Counter(p.theme for p in shown if p.id in self.solved)
        themes = self.query_one("#themes", OptionList)
        highlighted = themes.highlighted
        themes.clear_options()
        for theme, n in counts.items():
            label = Content.from_markup("$theme  [dim]$done/$n", theme=theme, done=done[theme], n=n)
            themes.add_option(Option(label, id=theme))
        if counts:
            themes.highlighted = min(highlighted or 0, len(counts) - 1)
            self.theme = self.theme if self.theme in counts else next(iter(counts))
        level = "all difficulties" if self.difficulty is None else "★" * self.difficulty
        self.query_one("#library-note", Static).update(
            f"[dim]{len(self.solved & {p.id for p in shown})} of {len(shown)} solved · "
            f"{level} (d) · enter opens[/dim]"
        )
        self._fill_puzzles()

    def _fill_puzzles(self) -> None:
        listing = self.query_one("#puzzle-list", OptionList)
        listing.clear_options()
        in_theme = [p for p in self._shown() if p.theme == self.theme]
        title = in_theme[0].title if in_theme and in_theme[0].title else (self.theme or "")
        self.query_one("#puzzles-title", Static).update(Content.from_markup("[b]$t", t=title))
        for p in in_theme:
            row = Table.grid(padding=(0, 1))
            row.add_column(width=1)
            row.add_column(width=5)
            row.add_column(ratio=1)  # the question in full, wrapped under itself
            done = (
                Text("✓", style=self.app.theme_variables["success"]) if p.id in self.solved else ""
            )
            row.add_row(done, "★" * p.difficulty, Text(p.question))
            listing.add_option(Option(row, id=p.id))
        if in_theme:
            listing.highlighted = 0

    @on(OptionList.OptionHighlighted, "#themes")
    def theme_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        """Show the highlighted theme's puzzles."""
        self.theme = event.option.id
        self._fill_puzzles()

    @on(OptionList.OptionSelected, "#themes")
    def theme_selected(self) -> None:
        """Open the first puzzle of the chosen theme."""
        self.query_one("#puzzle-list", OptionList).focus()

    @on(OptionList.OptionSelected, "#puzzle-list")
    def open_puzzle(self, event: OptionList.OptionSelected) -> None:
        """Open one puzzle of the list."""
        in_theme = [p for p in self._shown() if p.theme == self.theme]
        index = next(i for i, p in enumerate(in_theme) if p.id == event.option.id)
        self.app.push_screen(PuzzleScreen(in_theme, index))

    def action_cycle_difficulty(self) -> None:
        order = [None, 1, 2, 3, 4, 5]
        self.difficulty = order[(order.index(self.difficulty) + 1) % len(order)]
        self.refresh_library()


class PuzzleScreen(TrainerScreen):
    """One puzzle: the question, the cards, an answer, then the engine's answer and the note."""

    AUTO_FOCUS = None
    HELP_KEYS = (("1–6", "pick cards (a throw, or the card to play)"), ("enter", "answer"))
    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back", tooltip="back to the list of puzzles"),
        *pick_keys(6),
        Binding("enter", "answer", "Answer", show=False),
        Binding("n", "next_puzzle", "Next", tooltip="the next puzzle in the list"),
    ]

    def __init__(self, puzzles: list[Puzzle], index: int) -> None:
        super().__init__()
        self.puzzles = puzzles
        self.index = index
        self.picked: list[Card] = []
        self.answered = False
        self.truth: object = None
        self.options: list | None = None  # a pegging puzzle's ranked plays, once worked out
        self.started = 0.0

    @property
    def puzzle(self) -> Puzzle:
        """The puzzle on screen."""
        return self.puzzles[self.index]

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="puzzle"):
            yield Static(id="puzzle-question")
            yield Static(id="puzzle-play")
            yield HandView(id="puzzle-cards")
            yield PointsInput(id="puzzle-points", placeholder="points")
            yield Static(id="puzzle-hint")
            yield Static(id="puzzle-result")
        yield KeyBar()

    def on_mount(self) -> None:
        self.show_puzzle()

    def show_puzzle(self) -> None:
        """Show the puzzle: its cards, its question, the way to answer."""
        p = self.puzzle
        self.title = f"Puzzle: {p.title or p.theme}"
        self.answered = False
        self.truth = None
        self.options = None
        self.picked = []
        stars = "★" * p.difficulty
        self.query_one("#puzzle-question", Static).update(
            Content.from_markup(
                "[b]$question[/b]  [dim]$where",
                question=p.question,
                where=f"{stars} · {self.index + 1} of {len(self.puzzles)}",
            )
        )
        play = self.query_one("#puzzle-play", Static)
        pegging = p.kind in ("pegging-score", "pegging-play")
        play.update(_play_text(p) if pegging else "")
        play.display = pegging
        hand = self.query_one("#puzzle-cards", HandView)
        picking = p.kind in PICKS
        cards = p.hand if p.kind == "pegging-play" else p.cards
        hand.numbered = picking
        hand.show(cards, p.starter if p.kind in ("count", "crib-count") else None)
        hand.display = bool(cards)
        points = self.query_one("#puzzle-points", PointsInput)
        points.value = ""
        points.display = not picking
        points.disabled = picking  # a picking puzzle leaves the number keys to the screen
        if not picking:
            points.focus()
        else:
            self.set_focus(None)
        how = "pick with the number keys, then enter" if picking else "type the points, enter"
        self.query_one("#puzzle-hint", Static).update(f"[dim]{how} · escape: the library[/dim]")
        self.query_one("#puzzle-result", Static).update("")
        self.started = self.trainer.ticks()
        if p.kind in PICKS:
            self.work_out(p)

    @work(thread=True, exclusive=True)
    def work_out(self, puzzle: Puzzle) -> None:
        """The engine's answer (in a thread: the analysis can take a moment)."""
        self.app.call_from_thread(self._solved, puzzle, *engine_answer(puzzle))

    def _solved(self, puzzle: Puzzle, truth: object, options: list | None) -> None:
        if puzzle is self.puzzle and self.truth is None:
            self.truth = truth
        if puzzle is self.puzzle and self.options is None:
            self.options = options

    def _need(self) -> int:
        """How many cards the answer is: the variant's throw, or the one card to play."""
        if self.puzzle.kind == "pegging-play":
            return 1
        return get_variant(self.puzzle.variant).discard

    def _ready(self) -> bool:
        return len(self.picked) == self._need()

    def action_pick(self, number: int) -> None:
        p = self.puzzle
        if self.answered or p.kind not in PICKS:
            return
        cards = p.hand if p.kind == "pegging-play" else p.cards
        if number > len(cards):
            return
        card = cards[number - 1]
        if card in self.picked:
            self.picked.remove(card)
        else:
            self.picked.append(card)
            if len(self.picked) > self._need():
                self.picked.pop(0)
        self.query_one("#puzzle-cards", HandView).mark(self.picked, "picked")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_answer()

    def action_answer(self) -> None:
        if self.answered:
            return
        p = self.puzzle
        if p.kind in PICKS:
            if not self._ready():
                self.notify(f"Pick {self._need()} card(s) first (number keys).")
                return
            if self.truth is None:  # answered before the worker finished: work it out now
                self.truth, options = engine_answer(p)
                self.options = self.options if self.options is not None else options
            given: object = tuple(self.picked) if p.kind == "discard" else self.picked[0]
        else:
            value = self.query_one("#puzzle-points", PointsInput).value
            if not value:
                self.notify("Type the points first.")
                return
            given = int(value)
            counted = p.kind in ("count", "crib-count")
            if self.refused_count(given) if counted else self.refused_as_typo(given, *MOST[p.kind]):
                return
            self.truth = solve(p)
        self.answered = True
        right = is_right(p, given, self.truth)
        self.trainer.record(self._attempt(given, right))
        self.query_one("#puzzle-points", PointsInput).disabled = True
        verdict = "[b $success]✓ Right.[/]" if right else "[b $error]✗ Not quite.[/]"
        self.query_one("#puzzle-result", Static).update(
            Content.from_markup(
                f"{verdict} The answer: $answer\n\n$note\n[dim]Source: $source",
                answer=_answer_text(p),
                note=p.note,
                source=p.source,
            )
        )
        self.query_one("#puzzle-hint", Static).update("[dim]n next puzzle · escape library[/dim]")

    def _attempt(self, given: object, right: bool) -> Attempt:
        p = self.puzzle
        seconds = self.trainer.ticks() - self.started
        now = self.trainer.now()
        if p.kind in ("count", "crib-count"):
            assert p.starter is not None and isinstance(given, int)
            drill = CountDrill(p.cards, p.starter, p.kind == "crib-count", p.variant)
            return count_attempt(
                drill, total=given, seconds=seconds, answered_at=now, puzzle_id=p.id
            )
        if p.kind == "discard":
            return self._discard_attempt(tuple(given), seconds)  # type: ignore[arg-type]
        question: PuzzlePlayQuestion = {
            "sequence": list(p.sequence),
            "hand": [c.code for c in p.hand],
        }
        if p.kind == "pegging-score":
            assert isinstance(given, int)
            return peg_score_attempt(
                theme="scoring",
                question=question,
                claimed=given,
                actual=int(str(self.truth)),
                seconds=seconds,
                answered_at=now,
                puzzle_id=p.id,
            )
        assert isinstance(given, Card)
        situation = pegging_situation(p)
        if p.score is not None:  # a position puzzle: judged by the chance to win
            from crib_trainer.training.drills.position_plays import play_chances

            verdict = chances_verdict(play_chances(situation, *p.score), given)
            question["score"] = list(p.score)
        else:
            from crib_trainer.analysis.pegging import analyse

            verdict = card_verdict(analyse(situation), given)
        peg = PegDrill(situation, situation_themes(situation), ())
        return decision_attempt(
            peg, verdict, seconds=seconds, answered_at=now, puzzle_id=p.id, question=question
        )

    def _discard_attempt(self, thrown: tuple[Card, ...], seconds: float) -> Attempt:
        """A discard puzzle's throw judged: by expected points against the random opponent
        (the model its answer is checked by, docs/puzzles.md); with a score, by the chance
        to win, and kept as the position question it is (so the review asks it again at
        its score and books it with the throws at the score)."""
        p = self.puzzle
        now = self.trainer.now()
        if p.score is not None:
            from crib_trainer.training.drills.position_drill import PositionDrill

            position = PositionDrill(p.cards, p.dealer, *p.score, p.variant)
            verdict = position_verdict(position.analyse(), thrown)
            return decision_attempt(
                position, verdict, seconds=seconds, answered_at=now, puzzle_id=p.id
            )
        from crib_trainer.analysis.discard import analyse_discards

        drill = DiscardDrill(p.cards, p.dealer, p.variant)
        verdict = throw_verdict(
            analyse_discards(p.cards, dealer=p.dealer, variant=p.variant), thrown
        )
        return decision_attempt(drill, verdict, seconds=seconds, answered_at=now, puzzle_id=p.id)

    def action_next_puzzle(self) -> None:
        if self.index + 1 < len(self.puzzles):
            self.index += 1
            self.show_puzzle()
        else:
            self.notify("That was the last puzzle of this theme.")


def engine_answer(puzzle: Puzzle) -> tuple[object, list | None]:
    """The engine's answer, and for a pegging play the ranked plays it came from (ranked
    once, for the answer and for grading)."""
    if puzzle.kind == "pegging-play":
        options = pegging_options(puzzle)
        truth = solve(puzzle) if puzzle.score is not None else pegging_truth(options)
        return truth, options
    return solve(puzzle), None


def _play_text(p: Puzzle) -> Content:
    """The play so far, card by card, with the count; and what else is known."""
    record = score_sequence(parse_peg_tokens(list(p.sequence)), finished=False)
    shown = [f"{record.players[q.player]} {q.card} ({q.count})" for q in record.plays]
    text = "The play: " + ", ".join(shown) if shown else "No card played yet."
    known = []
    if p.kind == "pegging-play" and p.starter is not None:
        known.append(f"starter {p.starter}")
    if p.discards:
        known.append(f"you threw {format_cards(p.discards)}")
    return Content.from_markup("$text  [dim]$known", text=text, known=" · ".join(known))


def _answer_text(p: Puzzle) -> str:
    if isinstance(p.answer, tuple):
        return "throw " + format_cards(p.answer)
    if isinstance(p.answer, Card):
        return f"play {p.answer}"
    return f"{p.answer} points"
