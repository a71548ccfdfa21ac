"""Judge a claim: enter the hand, the starter and the score claimed; get the verdict.

Cards are checked as you type, and a lone rank at the end is completed with a suit (press
→ to accept). The starter goes in its box, or after the cards as one more card, or after a
``|`` as on the command line (``5H 5C 5S JD | 5D``). Enter judges, from any box (space
ticks Crib and Muggins); the focus goes back to the cards, ready for the next hand, and
changing Crib, Muggins or the game judges again. ctrl+y copies the verdict (``c`` too,
when no box has the focus).
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.suggester import Suggester
from textual.widgets import Checkbox, Header, Input, Select, Static

from crib_trainer.core.cards import (
    RANK_LETTERS,
    SUIT_ORDER,
    Card,
    CardError,
    parse_card,
    parse_cards,
    split_card_text,
)
from crib_trainer.core.rules import RuleOptions
from crib_trainer.core.show import score_show
from crib_trainer.core.variants import VARIANTS, get_variant
from crib_trainer.training.grading.claims import judge_claim
from crib_trainer.training.words.explain import explain_show, explain_verdict
from crib_trainer.ui.screens.base import BACK, TrainerScreen
from crib_trainer.ui.widgets.inputs import PointsInput
from crib_trainer.ui.widgets.keybar import KeyBar
from crib_trainer.ui.widgets.tickbox import TickBox


class SuitSuggester(Suggester):
    """Completes a lone rank at the end of the text with the first suit not yet used.

    "5h 5c 5" suggests "5h 5c 5S".
    """

    def __init__(self) -> None:
        super().__init__(use_cache=False, case_sensitive=True)

    async def get_suggestion(self, value: str) -> str | None:
        """Complete the card being typed, if it can only be one."""
        tokens = split_card_text(value)
        if not tokens or value[-1:].isspace() or value.endswith(","):
            return None
        rank = tokens[-1].upper()
        if rank not in set(RANK_LETTERS) | {"10"}:
            return None
        used = set()
        for token in tokens[:-1]:
            try:
                used.add(parse_card(token))
            except CardError:
                continue
        for suit in SUIT_ORDER:
            candidate = parse_card(rank + suit.value)
            if candidate not in used:
                return value + suit.value
        return None


class JudgeCheckbox(TickBox, inherit_bindings=False):
    """A checkbox that space ticks and enter leaves to the screen (enter judges)."""

    BINDINGS = [
        Binding("space", "toggle_button", "Toggle", show=False),
        Binding("enter", "screen.judge", "Judge", show=False),
    ]


class JudgeScreen(TrainerScreen):
    """Settle a dispute: type the cards, the starter and the claim; the verdict with every item."""

    HELP_KEYS = (
        ("enter", "judge the claim, from any box"),
        ("space", "tick or untick Crib and Muggins"),
        ("c", "copy the verdict, when no box has the focus"),
    )
    BINDINGS = [
        BACK,
        Binding("c", "copy", "Copy verdict", show=False),
        Binding(
            "ctrl+y",
            "copy",
            "Copy verdict",
            priority=True,
            tooltip="copy the verdict, even while typing",
        ),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.verdict_text = ""

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="judge"):
            yield Static(
                "The cards shown, the starter, the score claimed. [dim]enter judges[/dim]",
                id="judge-intro",
            )
            with Horizontal(classes="judge-row"):
                yield Static("Cards", classes="judge-label")
                yield Input(id="cards", placeholder="5H 5C 5S JD", suggester=SuitSuggester())
                yield Static("Starter", classes="judge-label")
                yield Input(id="starter", placeholder="5D", suggester=SuitSuggester())
            with Horizontal(classes="judge-row"):
                yield Static("Claimed", classes="judge-label")
                yield PointsInput(id="claim", placeholder="pts")
                yield JudgeCheckbox("Crib", id="crib")
                yield JudgeCheckbox("Muggins", id="muggins")
                yield Select(
                    [(v.title, v.name) for v in VARIANTS.values()],
                    value="six-card",
                    allow_blank=False,
                    id="variant",
                )
            yield Static(id="check")
            with VerticalScroll(id="verdict-box", can_focus=True):
                yield Static(id="judge-verdict")
        yield KeyBar()

    def on_mount(self) -> None:
        self.title = "Settle a dispute"
        self.query_one("#cards", Input).focus()
        self._check()

    def on_input_changed(self, event: Input.Changed) -> None:
        self._check()
        if self.verdict_text:  # a verdict on other cards or another claim: gone
            self.verdict_text = ""
            self.query_one("#judge-verdict", Static).update("")

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        self._check()
        self._judge_again()

    def on_select_changed(self, event: Select.Changed) -> None:
        self._check()
        self._judge_again()

    def _judge_again(self) -> None:
        """A rule changed under a verdict: judge again, keeping the focus where it is."""
        if self.verdict_text:
            self.judge(refocus=False)

    def _read(self):
        """The entered deal, or raise CardError/ValueError saying what is wrong."""
        variant = get_variant(str(self.query_one("#variant", Select).value))
        crib = self.query_one("#crib", Checkbox).value
        cards, starter = read_deal(
            self.query_one("#cards", Input).value,
            self.query_one("#starter", Input).value,
            variant.shown_size(crib),
        )
        return score_show(cards, starter, crib=crib, variant=variant)

    def _check(self) -> None:
        """Validate as the user types: say what is wrong, or that the deal is complete."""
        status = self.query_one("#check", Static)
        if not self.query_one("#cards", Input).value.strip():
            status.update(
                "[dim]Cards like 5H 10d J♣, spaces or commas between; then the starter.[/dim]"
            )
            return
        try:
            b = self._read()
        except (CardError, ValueError) as err:
            status.update(Content.from_markup("[$warning]$err", err=str(err)))
            return
        claim = self.query_one("#claim", Input).value
        need = "" if claim else " — now the claimed score"
        status.update(f"[$success]✓ {len(b.cards)} cards and the starter{need}.[/]")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.judge()

    def action_judge(self) -> None:
        self.judge()

    def judge(self, *, refocus: bool = True) -> None:
        """Judge the claim typed in the form and show the verdict."""
        try:
            b = self._read()
        except (CardError, ValueError) as err:
            self.query_one("#check", Static).update(
                Content.from_markup("[b $warning]$err", err=str(err))
            )
            return
        claim_text = self.query_one("#claim", Input).value
        options = RuleOptions(muggins=self.query_one("#muggins", Checkbox).value)
        parts = []
        if claim_text:
            verdict = judge_claim(b, int(claim_text), options)
            parts.append(explain_verdict(verdict))
        parts.append(explain_show(b))
        self.verdict_text = "\n\n".join(parts)
        self.query_one("#judge-verdict", Static).update(Text(self.verdict_text))
        self.query_one("#verdict-box").scroll_home(animate=False)
        if refocus:  # ready for the next hand: typing goes to the cards (all selected)
            self.query_one("#cards", Input).focus()

    def action_copy(self) -> None:
        if not self.verdict_text:
            self.notify("Nothing to copy yet: judge a claim first.", severity="warning")
            return
        self.trainer.copy(self.verdict_text)


def read_deal(cards_text: str, starter_text: str, shown: int) -> tuple[tuple[Card, ...], Card]:
    """The cards shown and the starter, from the cards box and the starter box. The starter
    may instead follow a ``|`` in the cards box, or be one card more than the ``shown``.

    >>> cards, starter = read_deal("5h 5c 5s jd | 5d", "", 4)
    >>> len(cards), starter.code
    (4, '5D')
    >>> read_deal("5h 5c 5s jd 5d", "", 4)[1].code
    '5D'
    >>> read_deal("5h 5c 5s jd", "", 4)
    Traceback (most recent call last):
    crib_trainer.core.cards.CardError: give the starter card (in its box, or after the cards)
    """
    hand_text, bar, after = cards_text.partition("|")
    starter_text = starter_text.strip()
    if bar:
        if starter_text:
            raise CardError("give the starter after '|' or in its box, not both")
        words = split_card_text(after)
        if len(words) != 1:
            raise CardError(
                f"after '|' give exactly one starter card; got {' '.join(words) or 'nothing'}"
            )
        return parse_cards(hand_text), parse_card(words[0])
    cards = parse_cards(hand_text)
    if starter_text:
        return cards, parse_card(starter_text)
    if len(cards) == shown + 1:
        return cards[:-1], cards[-1]
    raise CardError("give the starter card (in its box, or after the cards)")
