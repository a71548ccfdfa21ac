"""The discard drill: six cards (or five) and a role; pick the throw; see every throw
ranked by expected points, yours highlighted, with what it gave up and why the best wins.

Keys: 1–6 pick cards, enter throws, ``c`` turns a starter and counts the kept hand,
``v`` changes the game, ``s`` switches scheduler/random deals, ``n`` deals again.
"""

from __future__ import annotations

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import DataTable, Footer, Header, Static

from crib_trainer.analysis.discard import DiscardAnalysis, analyse_discards
from crib_trainer.core.cards import FULL_DECK, Card, format_cards
from crib_trainer.core.rules import VARIANTS, get_variant
from crib_trainer.training.answers import decision_grade, discard_attempt
from crib_trainer.training.discard_advice import rank_text, throw_reason, why_best
from crib_trainer.training.drills import CountDrill, DiscardDrill, discard_drill
from crib_trainer.training.session import Plan
from crib_trainer.ui.screens.base import BACK, pick_keys
from crib_trainer.ui.screens.decision import DecisionScreen
from crib_trainer.ui.widgets.card import HandView

#: The role keys: deal as dealer, as pone, or either.
ROLE_KEYS = {"d": "dealer", "p": "pone", "r": "either"}
ROLE_WORDS = {"dealer": "as dealer", "pone": "as pone", "either": "as dealer or pone at random"}


#: Throws shown before yours when yours ranks lower (the rest follow it, in rank order).
PINNED = 3


class DiscardScreen(DecisionScreen):
    """Choose a throw to the crib; then every throw ranked, yours highlighted, and why the
    best wins."""

    AUTO_FOCUS = None  # the number keys and enter pick and throw; the table waits
    HELP_KEYS = (
        ("1–6", "pick a card to throw (again to put it back)"),
        ("d", "deal only as dealer (your crib)"),
        ("p", "deal only as pone (his crib)"),
        ("r", "deal either role at random (the scheduler may aim at one)"),
    )
    BEST = "Best throw."
    GAVE = "You gave up"
    SOURCE_WORDS = ("Deals from the scheduler.", "Random deals.")
    BINDINGS = [
        BACK,
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
        Binding(
            "s",
            "toggle_source",
            "Source",
            tooltip="deals from the scheduler (weak spots, reviews) or purely random",
        ),
        Binding("n", "next_deal", "Next", tooltip="deal the next hand, once this one is thrown"),
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

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="discard"):
            yield Static(id="discard-role")
            yield HandView(id="dealt", numbered=True)
            yield Static(id="discard-status")
            yield Static(id="discard-verdict")
            yield DataTable(id="throws", cursor_type="row", zebra_stripes=True)
            yield Static(id="discard-why")
        yield Footer()

    def on_mount(self) -> None:
        self.title = "Discards"
        self.query_one("#throws", DataTable).add_columns(
            "", "#", "throw", "keep", "hand", "crib", "net", "loss", "hand range"
        )
        self.new_deal()

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
                return question.drill
        plan, self.plan = self.plan, None
        if self.role != "either":  # the learner chose the role
            self.why = ""
            return discard_drill(trainer.rng, dealer=self.role == "dealer", variant=self.variant)
        if self.adaptive and self.variant == "six-card":
            question = trainer.next_question(["discard"], plan)
            self.why = question.why
            return question.drill
        self.why = ""
        return discard_drill(trainer.rng, variant=self.variant)

    def new_deal(self, drill: DiscardDrill | None = None) -> None:
        """Deal the next six (or five) cards."""
        self.drill = drill or self._choose()
        self.picked = []
        self.analysis = None
        self.thrown = None
        self.revealed = False
        variant = get_variant(self.drill.variant)
        crib = "your crib" if self.drill.dealer else "the dealer's crib"
        if variant.partnerships:
            crib = "your side's crib" if self.drill.dealer else "the other side's crib"
        role = "You deal" if self.drill.dealer else "You are pone"
        count = "two cards" if variant.discard == 2 else "one card"
        self.query_one("#discard-role", Static).update(
            f"{role}: throw {count} to {crib}. [dim]{variant.title.capitalize()} game. "
            f"{self.why}[/dim]"
        )
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
        analysis = analyse_discards(drill.cards, dealer=drill.dealer, variant=drill.variant)
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
        if self.revealed:
            text = "n next deal · c turn a starter and count your keep · v game · s source"
        else:
            text = f"1–{len(self.drill.cards)} pick {need}, enter throws"
            text += " · d dealer, p pone, r either · v game · s source"
        self.query_one("#discard-status", Static).update(f"[dim]{text}[/dim]")

    # -- keys

    def action_pick(self, number: int) -> None:
        if self.revealed or self.drill is None or number > len(self.drill.cards):
            return
        card = self.drill.cards[number - 1]
        need = get_variant(self.drill.variant).discard
        if card in self.picked:
            self.picked.remove(card)
        else:
            self.picked.append(card)
            if len(self.picked) > need:
                self.picked.pop(0)
        self.query_one("#dealt", HandView).mark(self.picked, "picked")

    def action_throw(self) -> None:
        if self.revealed or self.drill is None:
            return
        need = get_variant(self.drill.variant).discard
        if len(self.picked) != need:
            self.notify(f"Pick {need} card(s) to throw first (keys 1–{len(self.drill.cards)}).")
            return
        self.thrown = tuple(self.picked)
        if self.analysis is not None:
            self.reveal()

    def reveal(self) -> None:
        """Show every throw ranked, the learner's highlighted, with the reasons."""
        assert self.drill is not None and self.analysis is not None and self.thrown is not None
        seconds = self.trainer.ticks() - self.started
        analysis = self.analysis
        mine = analysis.option_for(self.thrown)
        self.revealed = True
        given_up = 0.0 if mine.as_good else mine.loss  # a near-tie is as good as the best
        grade = decision_grade(given_up)
        self.trainer.record(
            discard_attempt(
                cards=self.drill.cards,
                dealer=self.drill.dealer,
                thrown=self.thrown,
                best=analysis.best.discard,
                points_lost=given_up,
                seconds=seconds,
                answered_at=self.trainer.now(),
                variant=self.drill.variant,
                truth={"net_ev": mine.net_ev, "best_net_ev": analysis.best.net_ev},
            )
        )
        self.query_one("#discard-verdict", Static).update(self.verdict(grade, mine.loss, seconds))
        table = self.query_one("#throws", DataTable)
        table.clear()
        sign = "+" if analysis.dealer else "−"
        ranked = list(enumerate(analysis.options, start=1))
        mine_at = next(i for i, (_, o) in enumerate(ranked) if o is mine)
        if mine_at > PINNED:  # yours next to the best, in view at 80×24: then the rest
            ranked.insert(PINNED, ranked.pop(mine_at))
        mine_row = min(mine_at, PINNED)
        for rank, option in ranked:
            mark = "you" if option is mine else ("★" if option.as_good else "")
            table.add_row(
                mark,
                str(rank),
                format_cards(option.discard),
                format_cards(option.keep),
                f"{option.hand_ev:.2f}",
                f"{sign}{option.crib_ev:.2f}",
                f"{option.net_ev:.2f}".replace("-", "−"),
                f"{option.loss:.2f}",
                f"{option.hand_min}–{option.hand_max}",
            )
        table.display = True
        table.can_focus = True
        table.move_cursor(row=mine_row)
        table.focus()
        lines = [why_best(analysis)]
        if mine is not analysis.best:
            lines.append(f"Yours ({rank_text(mine.discard)}): {throw_reason(mine, analysis)}")
        self.query_one("#discard-why", Static).update("\n".join(lines))
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
