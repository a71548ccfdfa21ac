"""At the table: keep the score of a real game on a drawn board, and settle each show.

One input line does everything: the starter, each card laid (or points), each show as its
cards and the score claimed; the play ends by itself when every card is down (``end`` ends
it early). Each ruling cites its law under the game's rule set. ``undo`` takes back the last
entry, ``penalty`` pegs an irregularity under the laws, ``x`` writes the game as a log that
``crib-trainer game replay`` reads. The game is saved after every entry and can be resumed.
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from typing import TYPE_CHECKING

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Checkbox, Header, Input, OptionList, RichLog, Select, Static
from textual.widgets.option_list import Option

from crib_trainer.core.cards import CardError
from crib_trainer.core.game import (
    Entry,
    Game,
    GameConfig,
    GameError,
    Irregularity,
    Penalty,
    irregularities_for,
)
from crib_trainer.core.gamelog import entry_line
from crib_trainer.core.pegging import PlayError
from crib_trainer.core.rules import RULESETS, default_ruleset
from crib_trainer.core.variants import VARIANTS, get_variant
from crib_trainer.storage.records import GameChangedError, SavedGame, StorageError
from crib_trainer.ui.game_input import prompt, read
from crib_trainer.ui.screens.base import IN_A_WINDOW, TrainerScreen
from crib_trainer.ui.widgets.board import Board
from crib_trainer.ui.widgets.followlog import FollowingLog
from crib_trainer.ui.widgets.keybar import KeyBar
from crib_trainer.ui.widgets.tickbox import TickBox

if TYPE_CHECKING:
    from crib_trainer.ui.app import CribTrainerApp


class ScorekeeperScreen(TrainerScreen):
    """A real game on a drawn board: one line per entry, every ruling with its law."""

    HELP_TEXT = "\n".join(
        [
            "[b]What to type[/b] (a line, then enter; a name may be cut short)",
            "  [b]5D[/b]              the starter, at the cut",
            "  [b]5H[/b], [b]bob:5H[/b]      a card laid; bob:5H plays on after a go",
            "  [b]go[/b]              no one can play: the go",
            "  [b]ann 2[/b]           points pegged",
            "  [b]ann 3 for 2[/b]     pegged 3 for a score of 2",
            "  [b]end[/b]             the play stopped early",
            "  [b]5H 5C 5S JD 29[/b]  a show: its cards, then the claim",
            "  [b]penalty bob misdeal[/b], [b]penalty bob 2 REASON[/b]",
            "  [b]undo[/b], [b]penalty[/b], [b]new[/b], [b]x[/b]  (x writes the game as a log)",
            "  [b]a[/b]               once won: the game analysed",
        ]
    )
    HELP_KEYS = (
        ("enter", "record the line: a starter, cards laid, points, a show"),
        ("x (typed)", "write the game as a log and say where"),
        ("a (typed)", "once won: analyse the game, every card and show graded"),
        ("undo, penalty, new (typed)", "as ctrl+z, ctrl+r, ctrl+n"),
    )
    BINDINGS = [
        Binding(
            "escape", "app.pop_screen", "Home", tooltip="home; the game is saved after every line"
        ),
        Binding("ctrl+z", "undo", "Undo", tooltip="take back the last line"),
        Binding(
            "ctrl+r",
            "penalty",
            "Penalty",
            tooltip="record a penalty for an irregularity (a misdeal, a renege…)",
        ),
        Binding("ctrl+n", "new_game", "New game", tooltip="start a new game (names, game, rules)"),
    ]

    def __init__(self, game: Game, game_id: int | None = None) -> None:
        super().__init__()
        self.game = game
        self.game_id = game_id

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="scorekeeper"):
            yield Board(id="board")
            yield Static(id="deal-status")
            yield Static(id="prompt-line")
            yield Input(id="entry", placeholder="type here, enter to record")
            yield FollowingLog(id="game-log", wrap=True, markup=False, min_width=0)
        yield KeyBar()

    def on_mount(self) -> None:
        self.title = "Scorekeeper"
        self._write_log()
        self.refresh_game()
        self.query_one("#entry", Input).focus()

    def _write_log(self) -> None:
        log = self.query_one("#game-log", RichLog)
        log.clear()
        for event in self.game.state().events:
            log.write(event.text)

    def refresh_game(self) -> None:
        """Redraw the board, the log and the prompt from the game."""
        state = self.game.state()
        config = state.config
        self.query_one("#board", Board).show(
            config.target, config.names, state.scores, state.back, state.winner
        )
        dealer = config.names[config.side_of(state.dealer)]
        parts = [f"Deal {state.deal}", f"{dealer} deals"]
        if state.starter is not None:
            parts.append(f"starter {state.starter}")
        following = state.next_to_lay()
        if state.phase == "play" and state.play and following is not None:
            parts.append(f"count {state.play_count()}")
            parts.append(f"next: {config.names[config.side_of(following)]}")
        muggins = "muggins" if config.muggins else "no muggins"
        rules = config.rules.name.upper() if config.rules.name == "acc" else config.rules.title
        self.sub_title = f"{config.variant.name} to {config.target}, {rules}, {muggins}"
        status = Content.from_markup("[dim]$s", s=" · ".join(parts))
        self.query_one("#deal-status", Static).update(status)
        self.query_one("#prompt-line", Static).update(Content(prompt(state)))

    @on(Input.Submitted, "#entry")
    def record_line(self, event: Input.Submitted) -> None:
        """Read one typed line into the game (or say why it does not read)."""
        state = self.game.state()
        try:
            meaning = read(event.value, state)
        except (CardError, GameError, PlayError, ValueError) as err:
            self.notify(str(err), severity="warning", timeout=6, markup=False)
            return
        if isinstance(meaning, str):
            commands = {
                "undo": self.action_undo,
                "penalty": self.action_penalty,
                "new": self.action_new_game,
                "x": self.export,
                "analyse": self.analyse,
            }
            commands[meaning]()
        elif not self.add_entries(meaning):
            return  # refused: the line stays, to be corrected
        event.input.value = ""

    def add_entries(self, entries: Sequence[Entry]) -> bool:
        """Add every entry of a line, or none of them; say why when refused."""
        game = self.game
        before = len(game.state().events)
        try:
            for entry in entries:
                game = game.add(entry)
        except (GameError, CardError, PlayError) as err:
            self.notify(str(err), severity="warning", timeout=6, markup=False)
            return False
        self.save(game)
        state = game.state()
        log = self.query_one("#game-log", RichLog)
        for event in state.events[before:]:
            log.write(event.text)
        if state.winner is not None:
            log.write(prompt(state))  # (it offers the analysis: a)
        self.refresh_game()
        return True

    def save(self, game: Game) -> None:
        """Save ``game`` as the game now: at once in the copy every screen reads, and in
        the history file behind the screen (no key waits on the file)."""
        self.game = game
        self.game_id = save_game(self.trainer, game, self.game_id)

    def reload_changed(self, game_id: int, changed: GameChangedError) -> bool:
        """Another window changed this game while it was being saved here: show it as
        saved there, and say what entered here since was not recorded. False when this
        screen shows another game (or it does not read)."""
        if game_id != self.game_id or changed.game is None:
            return False
        theirs = changed.game
        same = 0
        for mine, kept in zip(self.game.entries, theirs.entries, strict=False):
            if mine != kept:
                break
            same += 1
        config = self.game.config
        lost = tuple(entry_line(e, config) for e in self.game.entries[same:])
        self.notify(
            str(GameChangedError(theirs, lost)), severity="warning", timeout=10, markup=False
        )
        self.game = theirs
        self._write_log()
        self.refresh_game()
        return True

    def action_undo(self) -> None:
        if not self.game.entries:
            self.notify("Nothing to undo.", severity="warning")
            return
        self.save(self.game.undo())
        self.query_one("#game-log", RichLog).write("(undone: the last entry)")
        self.refresh_game()

    def export(self) -> None:
        """Write the game as a log (``crib-trainer game replay`` reads it) and say where."""
        try:
            trainer = self.trainer
            path = trainer.records.write_game_log(self.game, self.game_id, now=trainer.now())
        except (GameError, OSError, ValueError) as err:
            self.notify(f"The game could not be written: {err}", severity="warning", markup=False)
            return
        self.query_one("#game-log", RichLog).write(f"(game written to {path})")
        self.notify(f"Game written to {path}", timeout=10, markup=False)

    def analyse(self) -> None:
        """Grade every decision of the game won (in a thread: a few seconds), keep the
        analysis for the coach, and show it."""
        self.query_one("#game-log", RichLog).write("(analysing the game: a few seconds…)")
        self._analyse(self.game)

    @work(thread=True, exclusive=True)
    def _analyse(self, game: Game) -> None:
        from crib_trainer.training.game.game_analysis import analyse_game

        records = self.trainer.records
        analysis = records.game_analysis(game)
        if analysis is None:
            analysis = analyse_game(game, when=self.trainer.now())
            with contextlib.suppress(StorageError):  # (not kept: it is shown all the same)
                records.keep_game_analysis(game, analysis)
        self.app.call_from_thread(self.app.push_screen, AnalysisScreen(analysis.lines()))

    def action_penalty(self) -> None:
        def chosen(penalty: Penalty | None) -> None:
            """Add the penalty chosen in the dialog (None: none was)."""
            if penalty is not None:
                self.add_entries([penalty])

        config = self.game.config
        self.app.push_screen(
            PenaltyScreen(config.names, irregularities_for(config.variant, config.rules)), chosen
        )

    def action_new_game(self) -> None:
        self.app.pop_screen()
        # From the app, not this screen: the new-game form's answer goes to whoever opened
        # it, and this screen is on its way out.
        self.app.call_later(self.trainer.open_scorekeeper, new=True)


class AnalysisScreen(ModalScreen[None]):
    """A finished game's analysis: the points each player lost by throws, play and
    counting, and the biggest mistakes (``crib-trainer game analyse`` prints the same)."""

    BINDINGS = [Binding("escape", "dismiss(None)", "Close", tooltip="back to the game")]

    def __init__(self, lines: list[str]) -> None:
        super().__init__()
        self.lines = lines

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="analysis"):
            yield Static("[b]The game analysed[/b]  [dim]escape closes[/dim]")
            yield Static(Content("\n".join(self.lines)), id="analysis-text")


class PenaltyScreen(ModalScreen[Penalty | None]):
    """Pick the irregularity (each with its law), then who pegs the points."""

    BINDINGS = [
        Binding("escape", "dismiss(None)", "Cancel", tooltip="close, changing nothing"),
        *IN_A_WINDOW,
    ]

    def __init__(self, names: tuple[str, ...], irregularities: Sequence[Irregularity]) -> None:
        super().__init__()
        self.names = names
        self.irregularities = tuple(irregularities)
        self.chosen: Irregularity | None = None

    def compose(self) -> ComposeResult:
        with Vertical(id="penalty"):
            yield Static("[b]Irregularity[/b] — enter to choose, escape to cancel")
            yield OptionList(
                *(
                    Option(f"{i.what} [dim]({i.points} to the {i.to})[/dim]", id=i.id)
                    for i in self.irregularities
                ),
                id="irregularities",
            )
            yield Static("[b]Who pegs the points?[/b]", id="who-title")
            yield OptionList(
                *(Option(Content(n), id=str(i)) for i, n in enumerate(self.names)), id="who"
            )

    def on_mount(self) -> None:
        self.query_one("#irregularities").focus()

    @on(OptionList.OptionSelected, "#irregularities")
    def pick_irregularity(self, event: OptionList.OptionSelected) -> None:
        """Ask which irregularity of the laws to apply."""
        self.chosen = next(i for i in self.irregularities if i.id == event.option.id)
        self.query_one("#who-title", Static).update(
            Content.from_markup(
                "[b]Who pegs $points?[/b] [dim]$law[/dim]",
                points=str(self.chosen.points),
                law=self.chosen.law_text,
            )
        )
        self.query_one("#who").focus()

    @on(OptionList.OptionSelected, "#who")
    def pick_side(self, event: OptionList.OptionSelected) -> None:
        """Ask who committed it."""
        if self.chosen is None:
            self.query_one("#irregularities").focus()
            return
        side = int(event.option.id or 0)
        self.dismiss(Penalty(side, self.chosen.points, self.chosen.law_text))


DEFAULT_NAMES = {2: ("Player 1", "Player 2"), 3: ("Ann", "Bob", "Cy")}
PARTNER_NAMES = ("North-South", "East-West")
RULE_CHOICES = [
    ("rules: ACC tournament", "acc"),
    ("rules: Britannica", "britannica"),
    ("rules: Hoyle", "hoyle"),
]


#: The longest name a side may have: three sides' names and scores fit one line at 80.
MAX_NAME = 12


class NewGameScreen(ModalScreen[Game | None]):
    """Settings for a new game: variant, names, target, rules, muggins, friendly
    correction, doubles, dealer; it starts from the last game's settings. Below, the last
    games played to the end."""

    BINDINGS = [
        Binding("escape", "dismiss(None)", "Cancel", tooltip="close, changing nothing"),
        *IN_A_WINDOW,
    ]

    def __init__(self, finished: Sequence[SavedGame] = (), last_game: Game | None = None) -> None:
        """``finished``: the last games played to the end; ``last_game``: the game played
        most recently, finished or not (else the first of ``finished``), whose settings
        start the form."""
        super().__init__()
        self.finished = list(finished)
        self.last_game = last_game
        self.last: GameConfig | None = None
        self.variant_name = "six-card"

    def _last_config(self) -> GameConfig | None:
        """The settings of the game played last (finished or not), if any."""
        game = self.last_game
        if game is None and self.finished:
            game = self.finished[0].game
        return game.config if game is not None else None

    def compose(self) -> ComposeResult:
        self.last = last = self._last_config()
        self.variant_name = last.variant.name if last else "six-card"
        names = ", ".join(last.names) if last else ", ".join(DEFAULT_NAMES[2])
        target = last.target if last else 121
        rules = last.rules.name if last and last.rules.name in RULESETS else None
        with Vertical(id="new-game"):
            yield Static("[b]New game[/b] — enter on the names starts it, escape cancels")
            yield Select(
                [(v.title, v.name) for v in VARIANTS.values()],
                value=self.variant_name,
                allow_blank=False,
                id="game-variant",
            )
            yield Input(value=names, id="names", placeholder="names, comma between")
            with Horizontal(classes="new-game-row"):
                yield Select(
                    [("to 121", 121), ("to 61", 61)], value=target, allow_blank=False, id="target"
                )
                yield Select(
                    RULE_CHOICES,
                    value=rules or default_ruleset(target).name,
                    allow_blank=False,
                    id="rules",
                )
            with Horizontal(classes="new-game-row"):
                yield TickBox("Muggins", last.muggins if last else False, id="game-muggins")
                yield TickBox(
                    "Fix short counts",
                    last.correction if last else False,
                    id="correction",
                )
                yield TickBox("Lurch/skunk counts", last.lurch if last else True, id="lurch")
            yield Static("The first name deals first.", id="new-game-hint")
            if self.finished:
                yield Static(
                    Content.from_markup(
                        "[b]Last games[/b]\n$games",
                        games="\n".join(result_line(g) for g in self.finished),
                    ),
                    id="last-games",
                )

    def on_mount(self) -> None:
        self.query_one("#names", Input).focus()

    @on(Select.Changed, "#game-variant")
    def variant_changed(self, event: Select.Changed) -> None:
        """A new variant: its target, and names for its number of sides (the names typed
        are kept, with defaults added or the extra dropped)."""
        name = str(event.value)
        if name == self.variant_name:
            return  # (the form's own first value)
        self.variant_name = name
        variant = get_variant(name)
        sides = 2 if variant.partnerships else variant.players
        names_input = self.query_one("#names", Input)
        typed = [n.strip() for n in names_input.value.split(",") if n.strip()]
        defaults = {", ".join(d) for d in (*DEFAULT_NAMES.values(), PARTNER_NAMES)}
        if not typed or names_input.value.strip() in defaults:
            typed = []
        fill = PARTNER_NAMES if variant.partnerships else DEFAULT_NAMES[sides]
        if typed and len(typed) < sides:
            fill = tuple(f"Player {i + 1}" for i in range(sides))
        names_input.value = ", ".join([*typed[:sides], *fill[len(typed[:sides]) :]])
        self.query_one("#target", Select).value = variant.target

    @on(Select.Changed, "#target")
    def target_changed(self, event: Select.Changed) -> None:
        """The usual rules follow the game's length (the ACC's at 121, Britannica's at 61);
        any rule set may then be chosen for either."""
        rules = self.query_one("#rules", Select)
        usual = {default_ruleset(target).name for target in (61, 121)}
        if rules.value in usual:
            rules.value = default_ruleset(int(str(event.value))).name

    @on(Input.Submitted, "#names")
    def start(self) -> None:
        """Start the game the form describes."""
        names = tuple(
            n.strip() for n in self.query_one("#names", Input).value.split(",") if n.strip()
        )
        try:
            folded = [n.casefold() for n in names]
            same = next((n for i, n in enumerate(names) if folded[i] in folded[:i]), None)
            if same is not None:
                raise GameError(
                    f"two sides are both called {same}: give each side its own name "
                    "(lines say who by name)"
                )
            bad = next((n for n in names if any(ch in n for ch in ";#:")), None)
            if bad is not None:
                raise GameError(f"a name cannot hold ; # or : (the game's lines use them): {bad}")
            long = next((n for n in names if len(n) > MAX_NAME), None)
            if long is not None:
                raise GameError(
                    f"a name can be {MAX_NAME} characters at most (three sides' scores "
                    f"share a line): {long[: MAX_NAME + 8]}…"
                )
            config = GameConfig(
                variant=get_variant(str(self.query_one("#game-variant", Select).value)),
                names=names,
                target=int(str(self.query_one("#target", Select).value)),
                ruleset=RULESETS[str(self.query_one("#rules", Select).value)],
                muggins=self.query_one("#game-muggins", Checkbox).value,
                correction=self.query_one("#correction", Checkbox).value,
                lurch=self.query_one("#lurch", Checkbox).value,
            )
        except GameError as err:
            self.query_one("#new-game-hint", Static).update(
                Content.from_markup("[$warning]$err", err=str(err))
            )
            return
        self.dismiss(Game.new(config, first_dealer=0))


def save_game(app: CribTrainerApp, game: Game, game_id: int | None) -> int | None:
    """Save a game after an entry (``Records.save_game``): its id. The file is written
    behind the screen (the header says what waits; a refusal is said once by the app)."""
    try:
        game_id = app.records.save_game(game, game_id, now=app.now())
    except StorageError as err:  # (the copy in memory: only if memory itself fails)
        app.notify(f"{err} The game could not be kept.", severity="error", markup=False)
        return game_id
    app.kept_behind()
    return game_id


def open_scorekeeper(app: CribTrainerApp, *, new: bool = False) -> None:
    """Resume the last unfinished game (unless ``new``), else start a new one from the
    settings form (which starts from the last game's settings)."""
    records = app.records
    resume = None
    if not new:
        try:
            resume = records.unfinished_game()
        except StorageError as err:
            app.storage_failed(err)
    if resume is not None:
        game_id, game = resume
        app.push_screen(ScorekeeperScreen(game, game_id))
        return
    finished: list[SavedGame] = []
    last = None
    try:
        finished = records.finished_games(limit=5)
    except StorageError as err:
        app.storage_failed(err)
    with contextlib.suppress(StorageError):  # (else the form starts from the defaults)
        last = records.last_game()

    def start(game: Game | None) -> None:
        """Open the scorekeeper on the new game (None: the form was left)."""
        if game is not None:
            app.push_screen(ScorekeeperScreen(game, save_game(app, game, None)))

    app.push_screen(NewGameScreen(finished, last), start)


RESULT_WORDS = {
    "single": "single",
    "lurch": "a lurch",
    "skunk": "a skunk",
    "double-skunk": "a double skunk",
}


def result_line(saved: SavedGame) -> str:
    """One finished game: when, who won, the scores, and how (by its rules).

    >>> from datetime import datetime, UTC
    >>> from crib_trainer.core.game import Pegged, Cut
    >>> from crib_trainer.core.cards import parse_card
    >>> g = Game.new(GameConfig(names=("Ann", "Bob"), target=61)).add(Cut(parse_card("2D")))
    >>> for _ in range(4):
    ...     g = g.add(Pegged(1, 15))
    >>> g = g.add(Pegged(1, 1))
    >>> t = datetime(2026, 11, 21, tzinfo=UTC)
    >>> result_line(SavedGame(1, t, t, True, g))
    '21 Nov: Bob beat Ann 61–0, a lurch'
    """
    state = saved.game.state()
    names = saved.game.config.names
    winner = state.winner or 0
    losers = [i for i in range(len(names)) if i != winner]
    scores = "–".join(str(state.scores[i]) for i in [winner, *losers])
    beaten = " and ".join(names[i] for i in losers)
    kind = RESULT_WORDS[state.result.kind] if state.result else "unfinished"
    return f"{saved.updated_at:%d %b}: {names[winner]} beat {beaten} {scores}, {kind}"
