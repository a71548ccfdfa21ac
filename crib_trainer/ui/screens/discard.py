"""The discard drill: six cards (or five) and a role; pick the throw; see every throw
ranked by expected points, yours highlighted, with what it gave up and why the best wins.

Keys: 1–6 pick cards, enter throws, ``c`` turns a starter and counts the kept hand,
``v`` changes the game, ``s`` switches scheduler/random deals, ``n`` deals again, ``g``
counts the play too (a pegging column; throws ranked and graded by hand + crib + pegging,
two-player games).
"""

from __future__ import annotations

from rich.markup import escape
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import DataTable, Header, Static

from crib_trainer.analysis.discard import DiscardAnalysis, ThrowOption, analyse_discards
from crib_trainer.analysis.pegnet import PeggedThrow, with_pegging
from crib_trainer.core.cards import FULL_DECK, Card, format_cards
from crib_trainer.core.variants import VARIANTS, get_variant
from crib_trainer.training.categories import discard_category
from crib_trainer.training.drills.hands import CountDrill, DiscardDrill
from crib_trainer.training.grading.decisions import decision_attempt
from crib_trainer.training.grading.judge import throw_verdict
from crib_trainer.training.learning.session import Plan
from crib_trainer.ui.screens.base import BACK, THEME_UNSHOWN, pick_keys
from crib_trainer.ui.screens.decision import DecisionScreen, verdict_markup
from crib_trainer.ui.screens.throwing import ROLE_KEYS, ThrowPicking, throw_widgets
from crib_trainer.ui.widgets.card import HandView
from crib_trainer.ui.widgets.keybar import KeyBar

#: The role keys: deal as dealer, as pone, or either.
ROLE_WORDS = {"dealer": "as dealer", "pone": "as pone", "either": "as dealer or pone at random"}


#: Throws shown before yours when yours ranks lower (the rest follow it, in rank order).
PINNED = 3


class DiscardScreen(ThrowPicking, DecisionScreen):
    """Choose a throw to the crib; then every throw ranked, yours highlighted, and why the
    best wins."""

    AUTO_FOCUS = None  # the number keys and enter pick and throw; the table waits
    HELP_KEYS = (
        ("1–6", "pick a card to throw (again to put it back)"),
        ("d", "deal only as dealer (your crib)"),
        ("p", "deal only as pone (his crib)"),
        ("r", "deal either role at random (the scheduler may aim at one)"),
        ("s", "deals from the scheduler (weak spots, reviews) or purely random"),
    )
    SOURCE_WORDS = ("Deals from the scheduler.", "Random deals.")
    BINDINGS = [
        BACK,
        THEME_UNSHOWN,
        *pick_keys(6),
        Binding("enter", "throw", "Throw", tooltip="throw the cards picked"),
        Binding(
            "c", "count_kept", "Count keep", tooltip="turn a starter and count the hand you kept"
        ),
        Binding(
            "v",
            "next_variant",
            "Game",
            tooltip="deal for the next game: six-card, five-card, three or four players",
        ),
        Binding("s", "toggle_source", "Source", show=False),  # no room at 80 columns
        Binding("n", "next_deal", "Next", tooltip="deal the next hand, once this one is thrown"),
        Binding(
            "g",
            "toggle_pegging",
            "Pegging",
            tooltip="count the play too: rank and grade by hand + crib + pegging",
        ),
        *(Binding(k, f"role('{role}')", show=False) for k, role in ROLE_KEYS.items()),
    ]

    def __init__(
        self, *, adaptive: bool = True, replay_id: int | None = None, plan: Plan | None = None
    ) -> None:
        super().__init__(adaptive=adaptive, replay_id=replay_id, plan=plan)
        self.variant = "six-card"
        self.role = "either"  # d, p, r
        self.drill: DiscardDrill | None = None
        self.picked: list[Card] = []
        self.analysis: DiscardAnalysis | None = None
        self.thrown: tuple[Card, ...] | None = None
        self.revealed = False
        self.started = 0.0
        self.why = ""
        self.with_pegging = False  # rank and grade by hand + crib + pegging (key g)
        self.graded_by_pegging = False  # how the throw on the table was graded

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="discard"):
            yield from throw_widgets("discard-role")
        yield KeyBar()

    def on_mount(self) -> None:
        self.title = "Discards"
        self._columns()
        self.new_deal()

    def _columns(self) -> None:
        table = self.query_one("#throws", DataTable)
        table.clear(columns=True)
        middle = ("peg", "total") if self.with_pegging else ("net",)
        table.add_columns("", "#", "throw", "keep", "hand", "crib", *middle, "loss", "hand range")

    def _role_line(self) -> None:
        """Who deals, what to throw, the game, and the ranking the throw is graded by."""
        assert self.drill is not None
        variant = get_variant(self.drill.variant)
        crib = "your crib" if self.drill.dealer else "the dealer's crib"
        if variant.partnerships:
            crib = "your side's crib" if self.drill.dealer else "the other side's crib"
        role = "You deal" if self.drill.dealer else "You are pone"
        count = "two cards" if variant.discard == 2 else "one card"
        ranking = ""
        if self._pegging_on():
            ranking = "Ranked by hand + crib + pegging. "
        elif self.with_pegging:
            ranking = "Pegging is counted in two-player games only. "
        self.query_one("#discard-role", Static).update(
            f"{role}: throw {count} to {crib}. [dim]{variant.title.capitalize()} game. "
            f"{ranking}{self.why}[/dim]"
        )

    def _pegging_on(self) -> bool:
        """Whether the play counts for this deal (the table is for two-player games)."""
        assert self.drill is not None
        return self.with_pegging and get_variant(self.drill.variant).players == 2

    # -- dealing

    def _choose(self) -> DiscardDrill:
        """The next deal: one asked again from the Progress screen, the home screen's
        suggestion or the session's choice (the six-card game), or a random deal."""
        trainer = self.trainer
        if self.replay_id is not None:
            question = trainer.replay_question(self.replay_id)
            self.replay_id = None
            if question is not None and question.kind == "discard" and question.again:
                self.why = f"Replaying a deal from {question.again.answered_at:%d %b}."
                assert isinstance(question.drill, DiscardDrill)
                return question.drill
        plan, self.plan = self.plan, None
        if self.role != "either":  # the learner chose the role
            role = discard_category(self.role == "dealer")
            plan = Plan("discard", role, "random", variant=self.variant)
        elif not self.adaptive or self.variant != "six-card":  # (the session plans six-card)
            plan = Plan("discard", None, "random", variant=self.variant)
        question = trainer.next_question(["discard"], plan)
        self.why = question.why
        assert isinstance(question.drill, DiscardDrill)
        return question.drill

    def new_deal(self, drill: DiscardDrill | None = None) -> None:
        """Deal the next six (or five) cards."""
        self.drill = drill or self._choose()
        self.picked = []
        self.analysis = None
        self.thrown = None
        self.revealed = False
        self._role_line()
        self.query_one("#dealt", HandView).show(self.drill.cards)
        self.query_one("#discard-verdict", Static).update("")
        self.query_one("#discard-why", Static).update("")
        table = self.query_one("#throws", DataTable)
        table.clear()
        table.display = False
        table.can_focus = False  # the keys 1–6 and enter belong to the screen until the reveal
        self.set_focus(None)
        self._status()
        self.started = self.trainer.ticks()
        self.analyse(self.drill)

    @work(thread=True, exclusive=True)
    def analyse(self, drill: DiscardDrill) -> None:
        """Every throw, ranked (in a thread: the first call builds the tables)."""
        analysis = analyse_discards(
            drill.cards, dealer=drill.dealer, variant=drill.variant, opponent="weighted"
        )
        self.app.call_from_thread(self._analysed, drill, analysis)

    def _analysed(self, drill: DiscardDrill, analysis: DiscardAnalysis) -> None:
        if drill is not self.drill:
            return  # a newer deal replaced it
        self.analysis = analysis
        if self.holds_an_answer():
            self.reveal()

    def _status(self) -> None:
        assert self.drill is not None
        need = get_variant(self.drill.variant).discard
        pegging = "g pegging " + ("on" if self.with_pegging else "off")
        if self.revealed:
            text = f"n next · c count your keep · v game · s source · {pegging}"
        else:
            text = f"1–{len(self.drill.cards)} pick {need}, enter throws"
            text += f" · d/p/r role · v game · s source · {pegging}"
        self.query_one("#discard-status", Static).update(f"[dim]{text}[/dim]")

    # -- keys

    def reveal(self) -> None:
        """Judge the throw (``training.judge``), record it, and show every throw ranked,
        the learner's highlighted, with the verdict's words."""
        assert self.drill is not None and self.analysis is not None and self.thrown is not None
        seconds = self.trainer.ticks() - self.started
        self.revealed = True
        self.graded_by_pegging = self._pegging_on()
        verdict = throw_verdict(self.analysis, self.thrown, pegging=self.graded_by_pegging)
        self.trainer.record(
            decision_attempt(self.drill, verdict, seconds=seconds, answered_at=self.trainer.now())
        )
        self.query_one("#discard-verdict", Static).update(
            f"{verdict_markup(verdict)} [dim]Graded by {verdict.basis}. {seconds:.1f} s[/dim]"
        )
        self._show_throws()
        self._status()

    def _show_throws(self) -> None:
        """The ranked table (by hand + crib, or with the play when pegging is on), yours
        highlighted (★ the throws as good as the best), and why the best wins."""
        assert self.analysis is not None and self.thrown is not None
        analysis = self.analysis
        mine = analysis.option_for(self.thrown)
        pegged = with_pegging(analysis) if self._pegging_on() else None
        verdict = throw_verdict(analysis, self.thrown, pegging=pegged is not None)
        self._columns()
        table = self.query_one("#throws", DataTable)
        sign = "+" if analysis.dealer else "−"
        rows: list[ThrowOption | PeggedThrow] = list(pegged or analysis.options)
        ranked = list(enumerate(rows, start=1))
        mine_at = next(i for i, (_, r) in enumerate(ranked) if _option(r) is mine)
        if mine_at > PINNED:  # yours next to the best, in view at 80×24: then the rest
            ranked.insert(PINNED, ranked.pop(mine_at))
        mine_row = min(mine_at, PINNED)
        for rank, row in ranked:
            option = _option(row)
            as_good = verdict.for_choice(option.discard).correct
            mark = "you" if option is mine else ("★" if as_good else "")
            if isinstance(row, PeggedThrow):
                middle = [f"{row.pegging.net:+.2f}", f"{row.total:.2f}", f"{row.loss:.2f}"]
            else:
                middle = [f"{option.net_ev:.2f}", f"{option.loss:.2f}"]
            table.add_row(
                mark,
                str(rank),
                format_cards(option.discard),
                format_cards(option.keep),
                f"{option.hand_ev:.2f}",
                f"{sign}{option.crib_ev:.2f}",
                *(m.replace("-", "−") for m in middle),
                f"{option.hand_min}–{option.hand_max}",
            )
        table.display = True
        table.can_focus = True
        table.move_cursor(row=mine_row)
        table.focus()
        lines = [verdict.why]
        if verdict.mine is not verdict.top:
            lines.append(f"Yours ({verdict.name(verdict.mine)}): {verdict.mine.reason}")
        self.query_one("#discard-why", Static).update(escape("\n".join(lines)))

    def action_toggle_pegging(self) -> None:
        """Count the play too (or not): the table's columns and ranking change at once;
        a throw already graded keeps its grade."""
        self.with_pegging = not self.with_pegging
        self.notify(
            "Pegging counted: ranked and graded by hand + crib + pegging."
            if self.with_pegging
            else "Pegging not counted: ranked and graded by hand + crib."
        )
        if self.revealed:
            self._show_throws()
        else:
            self._columns()
        if self.drill is not None:
            self._role_line()
            self._status()

    def action_count_kept(self) -> None:
        """The combined drill: turn a starter and count the hand you kept."""
        if not self.revealed or self.drill is None or self.thrown is None:
            return
        from crib_trainer.ui.screens.count import CountScreen

        keep = tuple(c for c in self.drill.cards if c not in self.thrown)
        unseen = [c for c in FULL_DECK if c not in self.drill.cards]
        starter = self.trainer.rng.choice(unseen)
        drill = CountDrill(keep, starter, crib=False, variant=self.drill.variant)
        self.app.push_screen(CountScreen("count-hand", drill=drill))

    def holds_an_answer(self) -> bool:
        """Whether an answer is waiting on the analysis (the palette will not leave then)."""
        return self.thrown is not None and not self.revealed

    def action_next_variant(self) -> None:
        if self.still_working():
            return  # a new deal now would lose the throw
        names = list(VARIANTS)
        self.variant = names[(names.index(self.variant) + 1) % len(names)]
        self.notify(f"Dealing for the {get_variant(self.variant).title} game.")
        self.new_deal()

    def action_role(self, role: str) -> None:
        """Deal as dealer, as pone, or either from now on; a question not yet answered is
        dealt again in the new role."""
        if self.still_working():
            return
        self.role = role
        self.notify(f"Dealing {ROLE_WORDS[role]}.")
        if not self.revealed and self.drill is not None and self._role_fits(self.drill):
            return  # (the deal on the table already fits)
        self.new_deal()

    def _role_fits(self, drill: DiscardDrill) -> bool:
        return self.role == "either" or drill.dealer == (self.role == "dealer")

    def action_next_deal(self) -> None:
        if self.revealed:
            self.new_deal()


def _option(row: ThrowOption | PeggedThrow) -> ThrowOption:
    return row.option if isinstance(row, PeggedThrow) else row
