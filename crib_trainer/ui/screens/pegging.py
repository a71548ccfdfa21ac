"""The pegging drill: a moment of a real play, seen from your side. Choose your card (or
say what the last card scored); see every legal card ranked by the points it leads to by
the end of the play, yours highlighted, with the risk and why. Then play on, if you like,
against the analysis' choices.

The play so far is a log beside your hand, one line per card laid (the count and what it
scored), each go said, each go or last-card point; playing on adds to it.

Keys: 1–4 pick a card and enter plays it; ``q`` switches the question (choose a card /
score the last card), and after an answer asks the other one about the same moment;
``p`` plays on after an answer; ``n`` a new situation; ``s`` switches scheduler/random;
``v`` the table (two, three or four players); escape goes back. Each new situation starts
with "choose a card".
"""

from __future__ import annotations

from collections.abc import Sequence

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.reactive import reactive
from textual.widgets import DataTable, Header, Input, Static

from crib_trainer.analysis.pegging import (
    PegSituation,
    PlayOption,
    TableOption,
    TableSituation,
    analyse,
    read_situation,
    read_table,
)
from crib_trainer.core.cards import Card, format_cards
from crib_trainer.core.pegging import MAX_CARD_POINTS, PegKind, Played, PlayState, SaidGo
from crib_trainer.training.categories import PEG_THEME_WORDS
from crib_trainer.training.drills.pegdrills import (
    PegDrill,
    replay_state,
    situation_themes,
)
from crib_trainer.training.drills.tabledrills import (
    TABLE_VARIANTS,
    TableDrill,
    replay_table,
)
from crib_trainer.training.grading.answers import peg_score_attempt
from crib_trainer.training.grading.decisions import decision_attempt, table_seed
from crib_trainer.training.grading.judge import card_verdict, table_analysis, table_verdict
from crib_trainer.training.grading.verdict import Verdict
from crib_trainer.training.learning.session import Plan
from crib_trainer.training.words.explain import explain_play
from crib_trainer.training.words.pegreasons import explain_analysis, explain_table
from crib_trainer.training.words.playlog import play_lines
from crib_trainer.ui.screens.base import BACK, pick_keys
from crib_trainer.ui.screens.decision import DecisionScreen, verdict_markup
from crib_trainer.ui.widgets.card import HandView
from crib_trainer.ui.widgets.inputs import PointsInput
from crib_trainer.ui.widgets.keybar import KeyBar
from crib_trainer.ui.widgets.rankedtable import RankedTable

NO_GO = frozenset({PegKind.GO, PegKind.LAST})
COLUMNS = ("", "card", "now", "net to end", "risk")
#: Columns the table needs besides the why (marks, card, numbers, padding, scrollbar).
WHY_ROOM = 40


def counts_of(situation: PegSituation | TableSituation) -> list[list[tuple[int, Card]]]:
    """The cards played, split into counts: [(player, card), …] for each count. A card
    starts a new count exactly when the count after it is its own value."""
    counts: list[list[tuple[int, Card]]] = []
    for p in situation.cards_played:
        if not counts or p.count == p.card.value:
            counts.append([])
        counts[-1].append((p.player, p.card))
    return counts


def last_card_points(situation: PegSituation | TableSituation) -> int | None:
    """What the last card laid scored as it was laid (fifteen, 31, pairs, runs)."""
    if not situation.cards_played:
        return None
    last = situation.cards_played[-1]
    return sum(i.points for i in last.items if i.kind not in NO_GO)


class PegScreen(DecisionScreen):
    """A moment of a real play: pick the card, see every legal card ranked with its risk and why."""

    AUTO_FOCUS = None
    HELP_KEYS = (
        ("1–4", "pick your card"),
        ("enter", "play it, or give the points"),
        ("v", "two, three or four players at the table"),
    )
    SOURCE_WORDS = ("Situations from the scheduler.", "Random situations.")
    #: Whether this one is answered: ``n`` is dimmed until it is (it would do nothing).
    answered = reactive(False, bindings=True)
    BINDINGS = [
        BACK,
        *pick_keys(4),
        Binding("enter", "answer", "Answer", show=False),
        Binding(
            "q",
            "toggle_question",
            "Question",
            tooltip="choose a card, or score the last card laid (after an answer: the other)",
        ),
        Binding(
            "p",
            "play_on",
            "Play on",
            tooltip="after an answer, lay your card and play on against the analysis",
        ),
        Binding("n", "new_situation", "Next", tooltip="a new situation, once this one is answered"),
        Binding(
            "s",
            "toggle_source",
            "Source",
            tooltip="situations from the scheduler (weak themes) or purely random",
        ),
        Binding("v", "toggle_variant", "Players", show=False),
    ]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        waiting = self.drill is not None and not self.answered
        return None if action == "new_situation" and waiting else True

    def __init__(
        self, *, adaptive: bool = True, replay_id: int | None = None, plan: Plan | None = None
    ) -> None:
        super().__init__(adaptive=adaptive, replay_id=replay_id, plan=plan)
        self.mode = "play"
        self.asked: set[str] = set()  # the questions answered on this situation
        self.notes: dict[Card, str] = {}  # cards laid for you as you played on
        self.variant = "six-card"  # or a table of three or four (``v``)
        self.drill: PegDrill | TableDrill | None = None
        self.options: list[PlayOption | TableOption] | None = None
        self.ranking: Verdict | None = None  # the judge's ranking, for whichever card
        self.picked: Card | None = None
        self.answered = False
        self.waiting = False  # the learner answered before the analysis was ready
        self.started = 0.0
        self.why = ""
        self.why_column = False

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="pegging"):
            yield Static(id="peg-role")
            yield Static(id="peg-count")
            with Horizontal(id="peg-table"):
                yield HandView(id="peg-hand", numbered=True)
                with VerticalScroll(id="peg-log"):
                    yield Static(id="peg-log-text")
            yield PointsInput(id="peg-points", placeholder="points")
            yield Static(id="peg-status")
            yield Static(id="peg-verdict")
            yield RankedTable(id="peg-options", cursor_type="row", zebra_stripes=True)
            yield Static(id="peg-why")
        yield KeyBar()

    def on_mount(self) -> None:
        self.title = "Pegging"
        self.action_new_situation()

    # -- dealing

    def action_new_situation(self) -> None:
        if self.drill is not None and not self.answered:
            return
        if self.still_working():
            return
        self._clear("Dealing a situation…")
        self.notes = {}
        self.deal()

    @work(thread=True, exclusive=True, group="deal")
    def deal(self) -> None:
        """Choose and deal the next situation (a thread: dealing plays hands out)."""
        trainer = self.trainer
        if self.replay_id is not None:
            question = trainer.replay_question(self.replay_id)
            self.replay_id = None
            if question is not None and question.kind == "peg-play":
                self.app.call_from_thread(
                    self.show, question.drill, "Replaying a situation you missed."
                )
                return
        plan, self.plan = self.plan, None
        if not self.adaptive or self.variant in TABLE_VARIANTS:  # (the session plans two)
            plan = Plan("peg-play", None, "random", variant=self.variant)
        question = trainer.next_question(["peg-play"], plan)
        self.app.call_from_thread(self.show, question.drill, question.why)

    def show(self, drill: PegDrill | TableDrill, why: str = "") -> None:
        """Show a situation: the play so far, the hand, the question."""
        self.drill = drill
        self.why = why
        self.options = None
        self.ranking = None
        self.picked = None
        self.answered = False
        self.waiting = False
        s = drill.situation
        counts = counts_of(s)
        position = read_table(s) if isinstance(s, TableSituation) else read_situation(s)
        current = list(position.count_cards)
        players = s.variant.players
        me = s.seat if isinstance(s, TableSituation) else s.me
        role = "You deal" if s.dealer else "You are pone"
        if players > 2 and not s.dealer:
            role = f"You are seat {'ABCD'[me]} of {players} ({'ABCD'[players - 1]} deals)"
        known = [f"starter {s.starter}" if s.starter else "", ""]
        if s.discards:
            known[1] = f"you threw {format_cards(s.discards)}"
        themes = ", ".join(PEG_THEME_WORDS[t] for t in drill.themes)
        themes = capitalised(themes)  # a sentence of its own
        self.query_one("#peg-role", Static).update(
            f"{role}. {capitalised(' · '.join(k for k in known if k))}. "
            f"[dim]{' '.join(t for t in (f'{themes}.' if themes else '', why) if t)}[/dim]"
        )

        def laid(count: list[tuple[int, Card]]) -> str:
            """The cards on a count, each with who laid it."""
            return ", ".join(f"{seat_word(p, me, players)} {c}" for p, c in count)

        self._write_log(play_events(drill), me, players)
        this_count = [c for c in counts if [card for _, card in c] == current]
        holds = holds_text(drill)
        if current:
            text = f"[b]Count {position.count}[/b]: {laid(this_count[-1])}. [dim]{holds}[/dim]"
        else:
            text = f"[b]You lead[/b] a new count. [dim]{holds}[/dim]"
        self.query_one("#peg-count", Static).update(text)
        self.query_one("#peg-hand", HandView).show(s.hand)
        self.mode = "play"  # each situation asks for a card first; q asks the other question
        self.asked = set()
        self._ask()
        self.analyse(drill)

    def _clear(self, status: str) -> None:
        self.query_one("#peg-verdict", Static).update("")
        self.query_one("#peg-why", Static).update("")
        table = self.query_one("#peg-options", DataTable)
        table.clear()
        table.display = False
        table.can_focus = False
        self.query_one("#peg-status", Static).update(f"[dim]{status}[/dim]")

    def _ask(self) -> None:
        self._clear(self._status_text())
        self.query_one("#peg-table", Horizontal).display = True
        hand = self.query_one("#peg-hand", HandView)
        hand.mark([self.picked] if self.picked and self.mode == "play" else [], "picked")
        points = self.query_one("#peg-points", Input)
        points.value = ""
        scoring = self.mode == "score"
        points.display = scoring
        points.disabled = not scoring
        if scoring:
            points.focus()
        else:
            self.set_focus(None)
        self.started = self.trainer.ticks()

    def _status_text(self) -> str:
        if self.answered:
            other = self._other_question()
            ask = {"play": " · q choose a card", "score": " · q score the last card"}
            return f"p play on · n next situation{ask.get(other or '', '')} · v players"
        if self.mode == "score":
            return "What did the last card laid score? Type the points, enter · q: choose a card"
        return f"Pick your card ({self._keys()}), enter plays it · q: score the last card instead"

    def _other_question(self) -> str | None:
        """The question not yet answered on this situation, if it can be asked."""
        other = "score" if self.mode == "play" else "play"
        if other in self.asked or self.drill is None:
            return None
        if other == "score" and last_card_points(self.drill.situation) is None:
            return None
        return other

    def _keys(self) -> str:
        """The number keys that pick a card now: ``1–3`` for three cards."""
        held = len(self.drill.situation.hand) if self.drill else 4
        return "1" if held == 1 else f"1–{held}"

    @work(thread=True, exclusive=True, group="analyse")
    def analyse(self, drill: PegDrill | TableDrill) -> None:
        """Rank the legal cards and make the ranking the judge grades by (a thread: an
        opening lead takes up to a second, longer at a table of three or four)."""
        options: list[PlayOption | TableOption]
        if isinstance(drill, TableDrill):
            at_table = table_analysis(drill.situation, seed=table_seed(drill))
            options = [*explain_table(at_table)]
            verdict = table_verdict(at_table, options[0].card)
        else:
            analysis = analyse(drill.situation)
            options = [*explain_analysis(analysis)]
            verdict = card_verdict(analysis, options[0].card)
        self.app.call_from_thread(self._analysed, drill, options, verdict)

    def _analysed(
        self,
        drill: PegDrill | TableDrill,
        options: list[PlayOption | TableOption],
        verdict: Verdict,
    ) -> None:
        if drill is not self.drill:
            return
        self.options = options
        self.ranking = verdict
        if self.waiting:
            self.waiting = False
            self.reveal_play()

    # -- keys

    def action_pick(self, number: int) -> None:
        if self.drill is None or self.answered or self.mode != "play":
            return
        hand = self.drill.situation.hand
        if number > len(hand):
            return
        self.picked = hand[number - 1]
        self.query_one("#peg-hand", HandView).mark([self.picked], "picked")

    def action_answer(self) -> None:
        if self.drill is None or self.answered or self.mode != "play":
            return
        if self.picked is None:
            self.notify(f"Pick a card first ({self._keys()}).")
            return
        s = self.drill.situation
        legal = (
            read_table(s) if isinstance(s, TableSituation) else read_situation(s)
        ).legal_cards()
        if self.picked not in legal:
            self.notify(f"{self.picked} would take the count past 31; pick another.")
            return
        self.answered = True
        self.asked.add("play")
        if self.options is None:
            self.waiting = True
            self.query_one("#peg-status", Static).update("[dim]Working it out…[/dim]")
            return
        self.reveal_play()

    def reveal_play(self) -> None:
        """Judge the card (``training.judge``), record it, and show the ranked plays, the
        learner's highlighted."""
        assert self.drill is not None and self.options is not None and self.picked is not None
        assert self.ranking is not None
        seconds = self.trainer.ticks() - self.started
        options = self.options
        verdict = self.ranking.for_choice((self.picked,))
        self.trainer.record(
            decision_attempt(self.drill, verdict, seconds=seconds, answered_at=self.trainer.now())
        )
        self.query_one("#peg-verdict", Static).update(
            f"{verdict_markup(verdict)}  [dim]{seconds:.1f} s[/dim]"
        )
        table = self.query_one("#peg-options", DataTable)
        # The why column only where every reason fits; else the highlighted card's reason
        # is said in full below the table.
        self.why_column = max(len(o.reason) for o in options) + WHY_ROOM <= self.size.width
        table.clear(columns=True)
        table.add_columns(*COLUMNS, *(("why",) if self.why_column else ()))
        mine_row = 0
        for row, option in enumerate(options):
            if option.card == self.picked:
                mine_row = row
            as_good = verdict.for_choice((option.card,)).correct
            mark = "you" if option.card == self.picked else ("★" if as_good else "")
            table.add_row(
                mark,
                str(option.card),
                str(option.immediate or ""),
                f"{option.expected_net:+.2f}",
                f"±{option.stderr:.2f}"
                if isinstance(option, TableOption)
                else f"{100 * option.risk:.0f}%",
                *((option.reason,) if self.why_column else ()),
            )
        table.display = True
        table.can_focus = True
        table.move_cursor(row=mine_row)
        table.focus()
        self.query_one("#peg-table", Horizontal).display = False  # room for the ranking
        self._say_why(mine_row)
        self.query_one("#peg-status", Static).update(f"[dim]{self._status_text()}[/dim]")

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        if self.options is not None and self.answered and "play" in self.asked:
            self._say_why(event.cursor_row)

    def _say_why(self, row: int) -> None:
        """Why the best card is best, why yours is not, and (with no why column) why the
        highlighted one is what it is; then his hidden cards."""
        assert self.drill is not None and self.options is not None
        best = self.options[0]
        mine = next((o for o in self.options if o.card == self.picked), best)
        lines = [f"Best: {best.card} — {best.reason}"]
        if mine is not best:
            lines.append(f"Yours: {mine.card} — {mine.reason}")
        if not self.why_column and 0 <= row < len(self.options):
            lit = self.options[row]
            if lit is not best and lit is not mine:
                lines.append(f"{lit.card} — {lit.reason}")
        lines.append(f"[dim]{held_text(self.drill)}[/dim]")
        self.query_one("#peg-why", Static).update("\n".join(lines))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if self.drill is None or self.answered or self.mode != "score":
            return
        value = event.value
        if not value:
            self.notify("Type the points first.")
            return
        s = self.drill.situation
        actual = last_card_points(s)
        assert actual is not None
        claimed = int(value)
        if self.refused_as_typo(claimed, MAX_CARD_POINTS, "a card scores in the play"):
            return  # (a typo, not an answer: never recorded)
        self.answered = True
        self.asked.add("score")
        theme = self.drill.theme or (self.drill.themes[0] if self.drill.themes else "lead")
        self.trainer.record(
            peg_score_attempt(
                theme=theme,
                question=self.drill.question(),
                claimed=claimed,
                actual=actual,
                seconds=self.trainer.ticks() - self.started,
                answered_at=self.trainer.now(),
            )
        )
        last = s.cards_played[-1]
        shown = type(last)(
            last.player, last.card, last.count, tuple(i for i in last.items if i.kind not in NO_GO)
        )
        verdict = (
            "[b $success]✓ Right.[/]"
            if claimed == actual
            else f"[b $error]✗ It scored {actual}.[/]"
        )
        self.query_one("#peg-verdict", Static).update(
            f"{verdict} {last.card} at {last.count}: {explain_play(shown)}"
        )
        self.query_one("#peg-points", Input).disabled = True
        self.query_one("#peg-status", Static).update(f"[dim]{self._status_text()}[/dim]")

    def holds_an_answer(self) -> bool:
        """Whether an answer is waiting on the analysis (the palette will not leave then)."""
        return self.waiting

    def action_toggle_question(self) -> None:
        """Switch between choosing a card and scoring the last card; after an answer, ask
        the other question about the same moment (once)."""
        if self.drill is None or self.still_working():
            return
        if self.answered and self._other_question() is None:
            self.notify("Both questions are answered here: p plays on, n deals the next.")
            return
        if self.mode == "play" and last_card_points(self.drill.situation) is None:
            self.notify("No card has been laid yet: there is nothing to score.")
            return
        self.mode = "score" if self.mode == "play" else "play"
        self.answered = False
        self._ask()

    def action_toggle_variant(self) -> None:
        """Two, three or four at the table: the next situation is dealt for it."""
        if self.still_working():
            return
        order = ("six-card", *TABLE_VARIANTS)
        self.variant = order[(order.index(self.variant) + 1) % len(order)]
        self.notify(f"{VARIANT_WORDS[self.variant]} at the table.")
        self._clear("Dealing a situation…")
        self.deal()

    # -- playing on

    def action_play_on(self) -> None:
        """Lay your card (or the best, after a scoring question) and let the analysis play
        his cards, up to your next choice."""
        if self.drill is None or not self.answered or self.still_working():
            return
        if isinstance(self.drill, TableDrill):
            self.notify("Playing on is for two players; n deals the next situation.")
            return
        card = self.picked if "play" in self.asked else None
        if card is None:
            if self.options is None:
                self.notify("Still working it out; try again in a moment.")
                return
            card = self.options[0].card
            self.notes[card] = "the best card, played for you"
            self.notify(f"You chose no card: {card}, the best, is played for you.")
        self._clear("He is thinking…")
        self.play_on(self.drill, card)

    @work(thread=True, exclusive=True, group="deal")
    def play_on(self, drill: PegDrill, card: Card) -> None:
        """Lay ``card`` and play on to the next choice or the end of the play, in the log."""
        state = replay_state(drill).play(card)
        s = drill.situation
        forced: dict[Card, str] = {}
        while not state.over:  # his cards, and any card of yours that is forced
            legal = state.legal_cards()
            if len({c.rank for c in legal}) == 1:  # one card, or one rank: no real choice
                choice = legal[0]
                if state.turn == s.me:
                    forced[choice] = "played for you: no other choice"
            elif state.turn == s.me:
                break  # a real choice: ask
            else:
                his_view = PegSituation.from_state(state, starter=s.starter)
                choice = analyse(his_view).options[0].card
            state = state.play(choice)
        if state.over:
            self.app.call_from_thread(self._play_over, state, forced)
            return
        mine = PegSituation.from_state(state, starter=s.starter, discards=s.discards)
        opponent = state.hands[1 - s.me]
        nxt = PegDrill(mine, situation_themes(mine), opponent, drill.theme)
        self.app.call_from_thread(self._played_on, nxt, forced)

    def _played_on(self, drill: PegDrill, forced: dict[Card, str]) -> None:
        self.notes.update(forced)
        self.show(drill, "Playing on.")

    def _play_over(self, state: PlayState, forced: dict[Card, str]) -> None:
        self.notes.update(forced)
        me = self.drill.situation.me if isinstance(self.drill, PegDrill) else 0
        self._write_log(state.events, me)
        self.query_one("#peg-hand", HandView).show(())
        self.query_one("#peg-table", Horizontal).display = True
        self.query_one("#peg-points", Input).display = False
        self.asked = {"play", "score"}
        mine, his = state.scores[me], state.scores[1 - me]
        self.query_one("#peg-count", Static).update("")
        self.query_one("#peg-verdict", Static).update(
            f"The play is over: you pegged {mine}, he pegged {his}."
        )
        self.query_one("#peg-status", Static).update("[dim]n next situation[/dim]")

    def _write_log(self, events: Sequence[Played | SaidGo], me: int, players: int = 2) -> None:
        """The play so far, one line an event, scrolled to the latest."""
        names = [capitalised(seat_word(q, me, players)) for q in range(players)]
        lines = play_lines(events, me, notes=self.notes, names=names if players > 2 else None)
        text = "\n".join(f"[dim]{line}[/dim]" if line == "New count." else line for line in lines)
        self.query_one("#peg-log-text", Static).update(text or "[dim]No card laid yet.[/dim]")
        log = self.query_one("#peg-log", VerticalScroll)
        self.set_timer(0.05, lambda: log.scroll_end(animate=False))  # the latest line in view


def play_events(drill: PegDrill | TableDrill) -> tuple[Played | SaidGo, ...]:
    """The play up to this moment, with the goes said (replayed with every hand known; a
    stored question without the hidden cards gives the cards laid alone)."""
    try:
        if isinstance(drill, TableDrill):
            return replay_table(drill).events
        return replay_state(drill).events
    except ValueError:
        return drill.situation.cards_played


VARIANT_WORDS = {"six-card": "Two", "three-player": "Three", "four-player": "Four"}
# Where each other seat sits, by how many seats after you it plays.
_SEAT_WORDS = {
    2: ("you", "he"),
    3: ("you", "left", "right"),
    4: ("you", "left", "partner", "right"),
}


def seat_word(seat: int, me: int, players: int) -> str:
    """Who a seat is to you: "you", "he" (two players), or "left", "partner", "right".

    >>> seat_word(2, 0, 3), seat_word(1, 3, 4), seat_word(1, 0, 2)
    ('right', 'partner', 'he')
    """
    return _SEAT_WORDS[players][(seat - me) % players]


def holds_text(drill: PegDrill | TableDrill) -> str:
    """How many cards the others hold: "He holds 3 cards." or "Left 2, right 3 cards."."""
    if isinstance(drill, PegDrill):
        n = len(drill.opponent_hand)
        return f"He holds {n} card{'s' if n != 1 else ''}."
    s = drill.situation
    held = [
        f"{seat_word(q, s.seat, s.players)} {len(h)}"
        for q, h in enumerate(drill.hidden)
        if q != s.seat
    ]
    return capitalised(", ".join(held)) + " cards."


def held_text(drill: PegDrill | TableDrill) -> str:
    """The hidden cards, shown after the answer."""
    if isinstance(drill, PegDrill):
        return f"He held {format_cards(drill.opponent_hand)}."
    s = drill.situation
    held = [
        f"{seat_word(q, s.seat, s.players)} {format_cards(h) or 'nothing'}"
        for q, h in enumerate(drill.hidden)
        if q != s.seat
    ]
    return "They held: " + " · ".join(held) + "."


def capitalised(text: str) -> str:
    """``text`` with its first letter a capital, as a sentence starts."""
    return text[:1].upper() + text[1:]
