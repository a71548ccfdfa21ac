"""The position drill: a deal near the end of the game with the score shown; pick the
throw; see every throw ranked by the chance to win, yours highlighted, and why in words.

Keys: 1–6 pick cards, enter throws, ``d``/``p``/``r`` deal as dealer, pone or either,
``n`` deals again.
"""

from __future__ import annotations

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import DataTable, Header, Static

from crib_trainer.analysis.position import PositionAnalysis
from crib_trainer.core.cards import Card, format_cards
from crib_trainer.core.rules import get_variant
from crib_trainer.training.categories import POSITION_DEALER, POSITION_PONE
from crib_trainer.training.position_drill import PositionDrill, position_attempt
from crib_trainer.training.position_words import SAME, position_reason
from crib_trainer.training.session import Plan
from crib_trainer.ui.screens.base import BACK, pick_keys
from crib_trainer.ui.screens.decision import grade_text
from crib_trainer.ui.screens.throwing import ROLE_KEYS, ThrowPicking, throw_widgets
from crib_trainer.ui.widgets.card import HandView
from crib_trainer.ui.widgets.keybar import KeyBar

#: Throws shown before yours when yours ranks lower.
PINNED = 3


class PositionScreen(ThrowPicking):
    """Throw to the score: ranked by the chance to win the game, not by points."""

    AUTO_FOCUS = None
    HELP_KEYS = (
        ("1–6", "pick a card to throw (again to put it back)"),
        ("d / p / r", "deal as dealer, as pone, or either"),
    )
    BINDINGS = [
        BACK,
        *pick_keys(6),
        Binding("enter", "throw", "Throw", tooltip="throw the cards picked"),
        Binding("n", "next_deal", "Next", tooltip="deal the next position, once this is thrown"),
        *(Binding(k, f"role('{role}')", show=False) for k, role in ROLE_KEYS.items()),
    ]

    def __init__(self, *, replay_id: int | None = None, plan: Plan | None = None) -> None:
        super().__init__()
        self.replay_id = replay_id
        self.plan = plan
        self.role = "either"
        self.drill: PositionDrill | None = None
        self.analysis: PositionAnalysis | None = None
        self.picked: list[Card] = []
        self.thrown: tuple[Card, ...] | None = None
        self.revealed = False
        self.started = 0.0
        self.why = ""

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="discard"):
            yield from throw_widgets("position-score")
        yield KeyBar()

    def on_mount(self) -> None:
        self.title = "Position: throw to the score"
        self.query_one("#throws", DataTable).add_columns(
            "", "#", "throw", "keep", "hand", "crib", "net", "win"
        )
        self.new_deal()

    # -- dealing (in a thread: a deal is chosen by analysing a few)

    def new_deal(self) -> None:
        """Clear the table and deal the next position."""
        self.drill = None
        self.analysis = None
        self.picked = []
        self.thrown = None
        self.revealed = False
        self.query_one("#position-score", Static).update("Dealing a position near the end…")
        self.query_one("#dealt", HandView).show(())
        for selector in ("#discard-verdict", "#discard-why", "#discard-status"):
            self.query_one(selector, Static).update("")
        table = self.query_one("#throws", DataTable)
        table.clear()
        table.display = False
        table.can_focus = False
        self.set_focus(None)
        self.deal()

    @work(thread=True, exclusive=True)
    def deal(self) -> None:
        drill, why = self._choose()
        analysis = drill.analyse()
        self.app.call_from_thread(self._dealt, drill, analysis, why)

    def _choose(self) -> tuple[PositionDrill, str]:
        trainer = self.trainer
        if self.replay_id is not None:
            question = trainer.replay_question(self.replay_id)
            self.replay_id = None
            if question is not None and question.kind == "position" and question.again:
                return (
                    question.drill,
                    f"Replaying a position from {question.again.answered_at:%d %b}.",
                )
        plan, self.plan = self.plan, None
        if self.role != "either":  # the learner chose the role
            role = POSITION_DEALER if self.role == "dealer" else POSITION_PONE
            plan = Plan("position", role, "random")
        question = trainer.next_question(["position"], plan)
        return question.drill, question.why

    def _dealt(self, drill: PositionDrill, analysis: PositionAnalysis, why: str) -> None:
        self.drill, self.analysis, self.why = drill, analysis, why
        v = get_variant(drill.variant)
        mine, his = v.target - drill.me, v.target - drill.him
        role = "You deal (your crib)" if drill.dealer else "He deals (his crib): you count first"
        self.query_one("#position-score", Static).update(
            f"[b]You {drill.me}, him {drill.him}[/b] in a game to {v.target}: you need "
            f"{mine}, he needs {his}. {role}.\n[dim]Throw two to win the game, not for "
            f"points. {why}[/dim]"
        )
        self.query_one("#dealt", HandView).show(drill.cards)
        self._status()
        self.started = self.trainer.ticks()

    def _status(self) -> None:
        if self.revealed:
            text = "n next position · d/p/r role"
        else:
            text = "1–6 pick 2, enter throws · d/p/r role: dealer, pone, either"
        self.query_one("#discard-status", Static).update(f"[dim]{text}[/dim]")

    # -- keys

    def reveal(self) -> None:
        """Grade the throw by the chance to win it gave up; every throw ranked, and why."""
        assert self.drill is not None and self.analysis is not None and self.thrown is not None
        seconds = self.trainer.ticks() - self.started
        p = self.analysis
        attempt = position_attempt(
            self.drill, p, self.thrown, seconds=seconds, answered_at=self.trainer.now()
        )
        self.trainer.record(attempt)
        self.revealed = True
        mine = next(o for o in p.options if set(o.option.discard) == set(self.thrown))
        lost = attempt.truth["win_lost"]
        given = "" if attempt.grade == "best" else f" You gave up {lost:.1%} of the game."
        grade = grade_text(attempt.grade, "Best chance.", to_win=True)
        self.query_one("#discard-verdict", Static).update(
            f"{grade}{given} You win {mine.win:.1%}. "
            f"[dim]Graded by the chance to win. {seconds:.1f} s[/dim]"
        )
        table = self.query_one("#throws", DataTable)
        table.clear()
        sign = "+" if p.points.dealer else "−"
        ranked = list(enumerate(p.options, start=1))
        mine_at = next(i for i, (_, o) in enumerate(ranked) if o is mine)
        if mine_at > PINNED:
            ranked.insert(PINNED, ranked.pop(mine_at))
        for rank, o in ranked:
            x = o.option
            mark = "you" if o is mine else ("★" if p.best.win - o.win < SAME else "")
            if o is p.points_best and not mark:
                mark = "pts"
            table.add_row(
                mark,
                str(rank),
                format_cards(x.discard),
                format_cards(x.keep),
                f"{x.hand_ev:.2f}",
                f"{sign}{x.crib_ev:.2f}",
                f"{x.net_ev:.2f}".replace("-", "−"),
                f"{o.win:.1%}",
            )
        table.display = True
        table.can_focus = True
        table.move_cursor(row=min(mine_at, PINNED))
        table.focus()
        self.query_one("#discard-why", Static).update(
            f"Why: {position_reason(p)}.\n[dim]pts: the most points. win: the chance to win "
            "the game; hand and crib exact, the play and his hand from expert self-play.[/dim]"
        )
        self._status()

    def action_next_deal(self) -> None:
        if self.revealed:
            self.new_deal()

    def action_role(self, role: str) -> None:
        """Deal as dealer, pone or either from now on (a position not yet thrown is dealt
        again)."""
        self.role = role
        self.notify(f"Positions dealt {'as ' + role if role != 'either' else 'either way'}.")
        if not self.revealed:
            self.new_deal()
