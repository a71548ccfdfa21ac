"""The position drill: a deal near the end of the game with the score shown; pick the
throw (or, a third of the time, the card to lay in the play); see every throw (or card)
ranked by the chance to win, yours highlighted, and why in words.

Keys: 1–6 pick cards, enter throws (or lays), ``d``/``p`` deal throws as dealer or pone,
``l`` plays only, ``r`` either, ``n`` deals again.
"""

from __future__ import annotations

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import DataTable, Header, Static

from crib_trainer.analysis.pegging import PegSituation, read_situation
from crib_trainer.analysis.position import PositionAnalysis
from crib_trainer.core.cards import Card, format_cards
from crib_trainer.core.variants import get_variant
from crib_trainer.training.categories import POSITION_DEALER, POSITION_PLAY, POSITION_PONE
from crib_trainer.training.drills.position_drill import PositionDrill
from crib_trainer.training.drills.position_plays import (
    PlayChances,
    PositionPlay,
)
from crib_trainer.training.grading.decisions import decision_attempt
from crib_trainer.training.grading.judge import chances_verdict, position_verdict
from crib_trainer.training.learning.session import Plan
from crib_trainer.training.words.position_words import position_reason
from crib_trainer.ui.screens.base import BACK, pick_keys
from crib_trainer.ui.screens.decision import verdict_markup
from crib_trainer.ui.screens.pegging import counts_of
from crib_trainer.ui.screens.throwing import ROLE_KEYS, ThrowPicking, throw_widgets
from crib_trainer.ui.widgets.card import HandView
from crib_trainer.ui.widgets.keybar import KeyBar

#: Throws shown before yours when yours ranks lower.
PINNED = 3
#: The title while a position is dealt; each question then names what it asks.
TITLE = "Position: throws and plays to the score"
#: The table's columns for a throw, and for a card laid.
THROW_COLUMNS = ("", "#", "throw", "keep", "hand", "crib", "net", "win")
PLAY_COLUMNS = ("", "#", "card", "now", "net", "he pegs out", "win")


def play_so_far(situation: PegSituation) -> str:
    """The cards laid, count by count, from your side, and where the count stands.

    >>> from crib_trainer.core.cards import parse_cards
    >>> from crib_trainer.core.pegging import parse_peg_tokens
    >>> s = PegSituation.from_sequence(parse_peg_tokens(["A:5S", "B:8H"]), parse_cards("KS 2D 3C"),
    ...                                holder="A")
    >>> play_so_far(s)
    'The play: you 5♠, he 8♥ · count 13'
    """
    parts = [
        ", ".join(f"{'you' if p == situation.me else 'he'} {c}" for p, c in count)
        for count in counts_of(situation)
    ]
    count = read_situation(situation).count
    now = f"count {count}" if count else "a new count: you lead"
    return f"The play: {' · '.join([*parts, now])}"


class PositionScreen(ThrowPicking):
    """Throw to the score: ranked by the chance to win the game, not by points."""

    AUTO_FOCUS = None
    HELP_KEYS = (
        ("1–6", "pick a card to throw (again to put it back), or the card to lay"),
        ("d / p", "throws as dealer, or as pone"),
        ("l / r", "plays only, or throws and plays"),
    )
    BINDINGS = [
        BACK,
        *pick_keys(6),
        Binding(
            "enter", "throw", "Answer", tooltip="throw the cards picked, or lay the card picked"
        ),
        Binding("n", "next_deal", "Next", tooltip="deal the next position, once this is thrown"),
        *(Binding(k, f"role('{role}')", show=False) for k, role in ROLE_KEYS.items()),
        Binding("l", "role('play')", show=False),
    ]

    def __init__(self, *, replay_id: int | None = None, plan: Plan | None = None) -> None:
        super().__init__()
        self.replay_id = replay_id
        self.plan = plan
        self.role = "either"
        self.drill: PositionDrill | PositionPlay | None = None
        self.analysis: PositionAnalysis | PlayChances | None = None
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
        self.title = TITLE
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
        table.clear(columns=True)
        table.display = False
        table.can_focus = False
        self.set_focus(None)
        self.deal()

    @work(thread=True, exclusive=True)
    def deal(self) -> None:
        drill, why = self._choose()
        analysis = drill.chances() if isinstance(drill, PositionPlay) else drill.analyse()
        self.app.call_from_thread(self._dealt, drill, analysis, why)

    def _choose(self) -> tuple[PositionDrill | PositionPlay, str]:
        trainer = self.trainer
        if self.replay_id is not None:
            question = trainer.replay_question(self.replay_id)
            self.replay_id = None
            if question is not None and question.kind == "position" and question.again:
                assert isinstance(question.drill, PositionDrill | PositionPlay)
                return (
                    question.drill,
                    f"Replaying a position from {question.again.answered_at:%d %b}.",
                )
        plan, self.plan = self.plan, None
        if self.role != "either":  # the learner chose throws in a role, or plays
            aim = {"dealer": POSITION_DEALER, "pone": POSITION_PONE}.get(self.role, POSITION_PLAY)
            plan = Plan("position", aim, "random")
        question = trainer.next_question(["position"], plan)
        assert isinstance(question.drill, PositionDrill | PositionPlay)
        return question.drill, question.why

    def _dealt(
        self,
        drill: PositionDrill | PositionPlay,
        analysis: PositionAnalysis | PlayChances,
        why: str,
    ) -> None:
        self.drill, self.analysis, self.why = drill, analysis, why
        v = get_variant(drill.variant)
        mine, his = v.target - drill.me, v.target - drill.him
        head = (
            f"[b]You {drill.me}, him {drill.him}[/b] in a game to {v.target}: you need "
            f"{mine}, he needs {his}."
        )
        table = self.query_one("#throws", DataTable)
        if isinstance(drill, PositionPlay):
            self.title = "Position: lay a card to the score"
            s = drill.situation
            role = "You deal: he counts first" if drill.dealer else "He deals: you count first"
            self.query_one("#position-score", Static).update(
                f"{head} {role}.\n{play_so_far(s)}\n[dim]Lay a card to win the game, not "
                f"for points. {why}[/dim]"
            )
            self.query_one("#dealt", HandView).show(s.hand, s.starter)
            table.add_columns(*PLAY_COLUMNS)
        else:
            self.title = "Position: throw to the score"
            role = (
                "You deal (your crib)" if drill.dealer else "He deals (his crib): you count first"
            )
            self.query_one("#position-score", Static).update(
                f"{head} {role}.\n[dim]Throw two to win the game, not for points. {why}[/dim]"
            )
            self.query_one("#dealt", HandView).show(drill.cards)
            table.add_columns(*THROW_COLUMNS)
        self._status()
        self.started = self.trainer.ticks()

    def _status(self) -> None:
        if self.revealed:
            text = "n next position · d/p throws, l plays, r either"
        elif isinstance(self.drill, PositionPlay):
            held = len(self.drill.situation.hand)
            text = f"1–{held} pick a card, enter lays it · d/p throws, l plays, r either"
        else:
            text = "1–6 pick 2, enter throws · d/p throws as dealer/pone, l plays, r either"
        self.query_one("#discard-status", Static).update(f"[dim]{text}[/dim]")

    # -- keys

    def action_pick(self, number: int) -> None:
        """Pick (or put back) a card: the ``number``-th dealt, or held in the play."""
        if not isinstance(self.drill, PositionPlay):
            super().action_pick(number)
            return
        hand = self.drill.situation.hand
        if self.revealed or number > len(hand):
            return
        card = hand[number - 1]
        self.picked = [] if self.picked == [card] else [card]
        self.query_one("#dealt", HandView).mark(self.picked, "picked")

    def action_throw(self) -> None:
        """Throw the cards picked, or lay the card picked (once it comes in)."""
        if not isinstance(self.drill, PositionPlay):
            super().action_throw()
            return
        if self.revealed:
            return
        if not self.picked:
            self.notify(f"Pick the card to lay first (keys 1–{len(self.drill.situation.hand)}).")
            return
        legal = read_situation(self.drill.situation).legal_cards()
        if self.picked[0] not in legal:
            count = read_situation(self.drill.situation).count
            self.notify(f"The {self.picked[0]} does not come in on {count}.")
            return
        self.thrown = (self.picked[0],)
        if self.analysis is not None:
            self.reveal()

    def reveal(self) -> None:
        """Grade the choice by the chance to win it gave up; every choice ranked, and why."""
        if isinstance(self.drill, PositionPlay):
            self._reveal_play()
            return
        assert self.drill is not None and self.analysis is not None and self.thrown is not None
        assert isinstance(self.analysis, PositionAnalysis)
        seconds = self.trainer.ticks() - self.started
        p = self.analysis
        verdict = position_verdict(p, self.thrown)
        self.trainer.record(
            decision_attempt(self.drill, verdict, seconds=seconds, answered_at=self.trainer.now())
        )
        self.revealed = True
        mine = next(o for o in p.options if set(o.option.discard) == set(self.thrown))
        self.query_one("#discard-verdict", Static).update(
            f"{verdict_markup(verdict)} You win {mine.win:.1%}. "
            f"[dim]Graded by {verdict.basis}. {seconds:.1f} s[/dim]"
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
            as_good = verdict.for_choice(x.discard).correct
            mark = "you" if o is mine else ("★" if as_good else "")
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

    def _reveal_play(self) -> None:
        """The card laid graded by the chance to win; every legal card ranked, and why."""
        drill, c = self.drill, self.analysis
        assert isinstance(drill, PositionPlay) and isinstance(c, PlayChances)
        assert self.thrown is not None
        seconds = self.trainer.ticks() - self.started
        card = self.thrown[0]
        verdict = chances_verdict(c, card)
        self.trainer.record(
            decision_attempt(drill, verdict, seconds=seconds, answered_at=self.trainer.now())
        )
        self.revealed = True
        mine = c.index_of(card)
        self.query_one("#discard-verdict", Static).update(
            f"{verdict_markup(verdict)} You win {c.wins[mine]:.1%}. "
            f"[dim]Graded by {verdict.basis}. {seconds:.1f} s[/dim]"
        )
        table = self.query_one("#throws", DataTable)
        table.clear()
        order = sorted(range(len(c.options)), key=lambda i: (-c.wins[i], i))
        for rank, i in enumerate(order, start=1):
            o = c.options[i]
            as_good = verdict.for_choice((o.card,)).correct
            mark = "you" if i == mine else ("★" if as_good else "")
            if i == 0 and not mark:
                mark = "pts"
            table.add_row(
                mark,
                str(rank),
                str(o.card),
                str(o.immediate),
                f"{o.expected_net:+.2f}".replace("-", "−"),
                f"{c.outs[i]:.0%}",
                f"{c.wins[i]:.1%}",
            )
        table.display = True
        table.can_focus = True
        table.move_cursor(row=order.index(mine))
        table.focus()
        held = format_cards(drill.peg.opponent_hand) or "nothing"
        self.query_one("#discard-why", Static).update(
            f"Why: {c.reason()}.\n[dim]He held {held}. now: the card's points; net: points "
            "to the end of the play; pts: the most; he pegs out: holds a card that does; "
            "win: the game, the shows from expert self-play.[/dim]"
        )
        self._status()

    def action_next_deal(self) -> None:
        if self.revealed:
            self.new_deal()

    def action_role(self, role: str) -> None:
        """Deal throws as dealer or pone, plays, or either from now on (a position not yet
        answered is dealt again)."""
        self.role = role
        words = {"dealer": "throws as dealer", "pone": "throws as pone", "play": "plays"}
        self.notify(f"Positions dealt: {words.get(role, 'throws and plays')}.")
        if not self.revealed:
            self.new_deal()
