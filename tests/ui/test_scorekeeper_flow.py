"""The scorekeeper, driven through its one input line as players at a table would.

Rule texts cited (../shared/rules): Britannica 000_9eb24ee60004c902.txt, 1911
001_e9ff528cbb8f3f06.txt, Hoyle 003_89bcfdda3f850483.txt; ACC, the American Cribbage
Congress's tournament rules."""

from __future__ import annotations

from textual.widgets import Checkbox, Input, Select

from crib_trainer.ui.screens.scorekeeper import NewGameScreen, ScorekeeperScreen
from tests.ui.conftest import enter_text, make_app

SIZE = (80, 24)


async def new_game(
    pilot, names="Ann, Bob", target=121, muggins=False, rules=None
) -> ScorekeeperScreen:
    await pilot.press("9")
    await pilot.pause()
    form = pilot.app.screen
    assert isinstance(form, NewGameScreen)
    form.query_one("#target", Select).value = target
    await pilot.pause()
    if rules is not None:
        form.query_one("#rules", Select).value = rules
    form.query_one("#game-muggins", Checkbox).value = muggins
    form.query_one("#names", Input).value = names
    form.query_one("#names", Input).focus()
    await pilot.press("enter")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, ScorekeeperScreen)
    return screen


async def say(pilot, *lines: str) -> None:
    for line in lines:
        await enter_text(pilot, line)


async def test_a_deal_with_cards_laid_and_shows(app):
    async with app.run_test(size=SIZE) as pilot:
        screen = await new_game(pilot)
        # Ann deals; Bob leads. The 1911 dialogue's play with Bob as A and Ann as B.
        await say(pilot, "2H", "2D", "9S", "4C", "4D", "JH", "bob:2S", "9D")
        status = str(screen.query_one("#deal-status").render())
        assert "next: Ann" in status  # Bob has laid all four: Ann plays on alone
        await say(pilot, "6H")
        state = screen.game.state()
        assert state.scores == [5, 4] and state.phase == "show"  # no end to type
        assert "Bob's hand: the 4 cards" in str(screen.query_one("#prompt-line").render())
        await say(pilot, "end")  # typed by habit: accepted, changes nothing
        assert screen.game.state() == state
        await say(pilot, "JH 4C 2D 2S 7", "9S 9D 6H 4D 10")  # Bob (pone) then Ann
        assert screen.game.state().scores == [15, 11]
        assert screen.game.state().next_show() == (0, True)
        await say(pilot, "KS 8C 3D AS 5")
        state = screen.game.state()
        assert state.deal == 2 and state.dealer == 1 and state.phase == "cut"


async def test_a_win_stops_the_game_and_says_single_or_lurch(app):
    async with app.run_test(size=SIZE) as pilot:
        screen = await new_game(pilot, target=61)
        await say(pilot, "5D", "ann 15", "ann 15", "ann 1", "bob 15", "bob 15", "bob 1", "end")
        await say(pilot, "5H 5C 5S JD 29")  # Bob: 31 + 29 = 60, one short
        assert screen.game.state().winner is None
        await say(pilot, "KS QH 9C 7H 4")  # Ann: K-Q-9-7 with a 5: 2 fifteens = 4 → 35
        await say(pilot, "AS 2S 3C 4D 7")  # Ann's crib: A-2-3-4-5 run 5 + fifteen 2 = 7
        state = screen.game.state()
        assert state.scores == [42, 60] and state.deal == 2
        await say(pilot, "2C", "bob 1")  # Bob pegs out in the play of deal 2
        state = screen.game.state()
        assert state.winner == 1 and state.phase == "over"
        assert state.result.kind == "single"  # Ann has 42: past thirty holes
        assert "Bob wins, a single game" in str(screen.query_one("#prompt-line").render())
        await say(pilot, "new")  # the finished game is in the history
        form = pilot.app.screen
        assert isinstance(form, NewGameScreen)
        assert "Bob beat Ann 61–42, single" in str(form.query_one("#last-games").render())


async def test_muggins_claim_and_undo(app):
    async with app.run_test(size=SIZE) as pilot:
        screen = await new_game(pilot, muggins=True)
        await say(pilot, "5D", "end", "5H 5C 5S JD 28")  # Bob under-claims by his nob
        assert screen.game.state().scores == [1, 28]
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert screen.game.state().scores == [0, 0] and screen.game.state().phase == "show"
        await say(pilot, "undo")
        assert screen.game.state().phase == "play"


async def test_a_bad_line_is_refused_kept_out_and_said_in_the_players_words(app):
    async with app.run_test(size=SIZE) as pilot:
        screen = await new_game(pilot)
        await say(pilot, "5X")
        assert screen.game.entries == ()
        assert screen.query_one("#entry", Input).value == "5X"  # kept, to be corrected
        await pilot.press("ctrl+u")
        await say(pilot, "5D", "KS QH 9C 5S")  # 34: past 31
        assert [type(e).__name__ for e in screen.game.entries] == ["Cut"]
        assert screen.query_one("#entry", Input).value == "KS QH 9C 5S"
        await pilot.press("ctrl+u")
        await say(pilot, "hello")
        await pilot.press("ctrl+u")
        await say(pilot, "ann 30")
        messages = [n.message for n in pilot.app._notifications]
        assert any("'hello' is not a card (5H, or bob:5H)" in m for m in messages)
        assert any("a card scores at most 15" in m for m in messages)
        internal = ("token", "entry ", "unknown rank")
        assert not any(word in m for m in messages for word in internal)


async def test_penalty_from_the_laws(app):
    async with app.run_test(size=SIZE) as pilot:
        screen = await new_game(pilot)
        await pilot.press("ctrl+r")
        await pilot.pause()
        await pilot.press("enter")  # the first irregularity: a misdeal
        await pilot.pause()
        await pilot.press("down", "enter")  # Bob pegs
        await pilot.pause()
        assert screen.game.state().scores == [0, 2]
        assert "law 4" in screen.game.state().events[-1].text
        await pilot.press("ctrl+r")
        await pilot.pause()
        await pilot.press("enter", "enter")  # a misdeal again, Ann (who deals) to peg it
        await pilot.pause()
        assert screen.game.state().scores == [0, 2]  # refused: the law gives it to Bob
        told = pilot.app._notifications
        assert any("to the non-dealer" in n.message and "Ann deals" in n.message for n in told)


async def test_a_mis_peg_is_recorded_in_a_play_entered_card_by_card(app):
    """Ann's K♠ makes fifteen; she pegs 3: the line says so and the ruling replaces the
    card's 2 (ACC, rule 8.4: Bob pegs the 1 too many), the log showing both."""
    async with app.run_test(size=SIZE) as pilot:
        screen = await new_game(pilot)
        await say(pilot, "2D", "5C", "KS", "5H", "ann 3 for 2")
        assert screen.game.state().scores == [2, 1]
        log = "\n".join(str(line.text) for line in screen.query_one("#game-log").lines)
        assert "Ann's 2 for K♠ taken off: Ann pegged 3" in log and "ACC, rule 8.4" in log


async def test_the_game_survives_closing_the_trainer():
    first = make_app()
    async with first.run_test(size=SIZE) as pilot:
        await new_game(pilot)
        await say(pilot, "JH", "ann 2")
        kept = pilot.app.screen.game
    second = make_app()
    async with second.run_test(size=SIZE) as pilot:
        await pilot.press("9")
        await pilot.pause()
        screen = pilot.app.screen
        assert isinstance(screen, ScorekeeperScreen)
        assert screen.game == kept and screen.game.state().scores == [4, 0]  # Ann dealt: heels + 2


async def test_winning_in_the_middle_of_the_shows(app):
    async with app.run_test(size=SIZE) as pilot:
        screen = await new_game(pilot, target=61)
        await say(pilot, "5D", "ann 15", "ann 15", "ann 15", "ann 6")
        await say(pilot, "bob 15", "bob 15", "bob 2", "end")
        await say(pilot, "5H 5C 5S JD 29")  # Bob, the pone, shows first and goes out
        state = screen.game.state()
        assert state.winner == 1 and state.scores == [51, 61]
        await say(pilot, "KS QH 9C 7H 4")  # the dealer's hand is never counted
        assert len(screen.game.entries) == 10


async def test_names_that_look_like_markup_show_as_typed_and_in_the_penalty_dialog(app):
    async with app.run_test(size=SIZE) as pilot:
        screen = await new_game(pilot, names="Ann[/x], [b]Bob")
        await pilot.press("ctrl+r")
        await pilot.pause()
        await pilot.press("enter", "down", "enter")  # a misdeal; [b]Bob pegs
        await pilot.pause()
        assert pilot.app.screen is screen
        assert screen.game.state().scores == [0, 2]
        await say(pilot, "2C")
        assert "Ann[/x]" in str(screen.query_one("#deal-status").render())


async def test_n_after_a_win_opens_the_form_as_the_prompt_says_and_a_new_game_starts(app):
    async with app.run_test(size=SIZE) as pilot:
        screen = await new_game(pilot, target=61)
        await say(pilot, "5D", *["ann 15"] * 4, "ann 1")
        assert screen.game.state().phase == "over"
        assert "n: new game" in str(screen.query_one("#prompt-line").render())
        await say(pilot, "n")  # ("new", as typed in full, in the test of a win)
        form = pilot.app.screen
        assert isinstance(form, NewGameScreen)
        form.query_one("#names", Input).value = "Cy, Di"
        await pilot.press("enter")
        await pilot.pause()
        started = pilot.app.screen
        assert isinstance(started, ScorekeeperScreen) and started is not screen
        assert started.game.config.names == ("Cy", "Di") and started.game.entries == ()


async def test_the_form_keeps_names_across_variants_and_refuses_what_cannot_be_played(app):
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("9")
        await pilot.pause()
        form = pilot.app.screen
        form.query_one("#names", Input).value = "Ann, ann"  # 'ann 2' could only mean the first
        await pilot.press("enter")
        await pilot.pause()
        assert pilot.app.screen is form
        assert "both called" in str(form.query_one("#new-game-hint").render())
        form.query_one("#names", Input).value = "Ann, Bob"
        form.query_one("#game-variant", Select).value = "five-card"
        await pilot.pause()
        assert form.query_one("#names", Input).value == "Ann, Bob"
        assert form.query_one("#target", Select).value == 61
        assert form.query_one("#rules", Select).value == "britannica"  # the usual at 61
        form.query_one("#game-variant", Select).value = "three-player"
        await pilot.pause()
        assert form.query_one("#names", Input).value == "Ann, Bob, Player 3"
        form.query_one("#game-variant", Select).value = "six-card"
        await pilot.pause()
        assert form.query_one("#names", Input).value == "Ann, Bob"
        assert form.query_one("#target", Select).value == 121
        assert form.query_one("#rules", Select).value == "acc"  # the usual at 121
        form.query_one("#target", Select).value = 61
        await pilot.pause()
        form.query_one("#rules", Select).value = "acc"  # any rule set goes with a game of 61
        form.query_one("#names", Input).focus()
        await pilot.press("enter")
        await pilot.pause()
        assert pilot.app.screen is not form
        assert pilot.app.screen.game.config.rules.name == "acc"
        assert pilot.app.screen.game.config.target == 61


async def test_the_form_starts_from_the_last_games_settings(app):
    async with app.run_test(size=SIZE) as pilot:
        await new_game(pilot, names="Cy, Di", target=121, muggins=True, rules="hoyle")
        await pilot.press("ctrl+n")
        await pilot.pause()
        form = pilot.app.screen
        assert isinstance(form, NewGameScreen)
        assert form.query_one("#names", Input).value == "Cy, Di"
        assert form.query_one("#rules", Select).value == "hoyle"
        assert form.query_one("#game-muggins", Checkbox).value is True
        await pilot.press("enter")
        await pilot.pause()
        config = pilot.app.screen.game.config
        assert config.names == ("Cy", "Di") and config.rules.name == "hoyle" and config.muggins


async def test_a_short_claim_is_lost_and_the_ruling_cites_its_law(app):
    """ACC rule 8.3 (the default for 121): no correction once the peg is let go."""
    async with app.run_test(size=SIZE) as pilot:
        screen = await new_game(pilot)
        await say(pilot, "5D", "end", "5H 5C 5S JD 28")
        assert screen.game.state().scores == [0, 28]
        assert "the 1 short is lost — ACC, rule 8.3" in screen.game.state().events[-1].text


async def test_hoyle_over_claim_and_over_peg_are_separate_faults(app):
    """Hoyle [003]: an over-claim is put right on demand; pegging more than announced
    costs 2 (Error in Pegging)."""
    async with app.run_test(size=SIZE) as pilot:
        screen = await new_game(pilot, rules="hoyle")
        await say(pilot, "9C", "ann 3 for 2")
        assert screen.game.state().scores == [2, 2]
        await say(pilot, "end", "7H 8C 8D KS 15")  # Bob's hand, worth 12
        assert screen.game.state().scores == [2, 2 + 12]


async def test_the_five_card_play_stops_at_31_and_law_16_is_not_offered(app):
    """Britannica [000], the play: the five-card play ends when neither can come in; law 16
    is for six-card and three- or four-handed cribbage."""
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("9")
        await pilot.pause()
        form = pilot.app.screen
        form.query_one("#game-variant", Select).value = "five-card"
        form.query_one("#names", Input).value = "Ann, Bob"
        await pilot.pause()
        form.query_one("#names", Input).focus()
        await pilot.press("enter")
        await pilot.pause()
        screen = pilot.app.screen
        await pilot.press("ctrl+r")
        await pilot.pause()
        ids = [o.id for o in pilot.app.screen.query_one("#irregularities").options]
        assert "failed-to-play" not in ids and "misdeal" in ids
        await pilot.press("escape")
        await pilot.pause()
        assert pilot.app.screen is screen
        await say(pilot, "2C", "KS", "QH", "5D", "6C")  # 31
        assert screen.game.state().phase == "show"
        await say(pilot, "3S")
        assert screen.query_one("#entry", Input).value == "3S"  # refused
        messages = [n.message for n in pilot.app._notifications]
        assert any('Britannica, "Cribbage", the play' in m for m in messages)
        assert "the 3 cards, then the score claimed (e.g. 4H 5H 6H 15)" in str(
            screen.query_one("#prompt-line").render()
        )


async def test_x_writes_the_game_log_and_home_mentions_the_game_in_progress(app):
    from crib_trainer.core.gamelog import replay_log

    async with app.run_test(size=SIZE) as pilot:
        home = pilot.app.screen
        assert "game in progress" not in str(home.query_one("#today").render())
        screen = await new_game(pilot, names="Ann[b], Bob")
        await say(pilot, "JH", "ann[b] 2", "x")
        messages = [n.message for n in pilot.app._notifications]
        written = next(m for m in messages if m.startswith("Game written to "))
        path = written.removeprefix("Game written to ")
        with open(path, encoding="utf-8") as log:
            assert replay_log(log).game == screen.game
        assert screen.query_one("#entry", Input).value == ""
        await pilot.press("escape")
        await pilot.pause()
        today = str(pilot.app.screen.query_one("#today").render())
        assert "A game in progress" in today and "Ann[b] 4, Bob 0" in today  # her heels and 2


async def test_the_penalties_offered_are_the_rule_sets(app):
    """Under Hoyle's rules a misdeal is a new deal with no score (Hoyle [003], Misdeal)."""
    async with app.run_test(size=SIZE) as pilot:
        await new_game(pilot, rules="hoyle")
        await pilot.press("ctrl+r")
        await pilot.pause()
        ids = [o.id for o in pilot.app.screen.query_one("#irregularities").options]
        assert "misdeal" not in ids and "wrong-crib" in ids


async def test_a_won_game_is_offered_for_analysis_and_a_shows_it(app):
    """The last line wins the game; the prompt offers the analysis, a shows it, and it is
    kept for the coach."""
    import io
    from dataclasses import replace

    from crib_trainer.analysis.selfplay import play_game
    from crib_trainer.core.gamelog import entry_line, replay_log
    from crib_trainer.storage.analyses import FOLDER
    from crib_trainer.storage.db import open_store
    from crib_trainer.storage.games import save_game
    from crib_trainer.storage.paths import data_dir
    from crib_trainer.training.game.game_analysis import record_log
    from crib_trainer.ui.screens.scorekeeper import AnalysisScreen
    from tests.ui.conftest import FROZEN_NOW

    game = replay_log(io.StringIO(record_log(play_game("beginner", "expert", seed=4)))).game
    last = entry_line(game.entries[-1], game.config)
    with open_store() as store:
        save_game(store, replace(game, entries=game.entries[:-1]), None, now=FROZEN_NOW)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("9")
        await pilot.pause()
        assert isinstance(pilot.app.screen, ScorekeeperScreen)
        await say(pilot, last)
        log = "\n".join(str(line.text) for line in pilot.app.screen.query_one("#game-log").lines)
        assert "a: analyse (every card and show graded)" in log
        await say(pilot, "a")
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        shown = pilot.app.screen
        assert isinstance(shown, AnalysisScreen)
        text = str(shown.query_one("#analysis-text").render())
        assert "Points lost" in text and "The biggest mistakes:" in text
        assert len(list((data_dir() / FOLDER).glob("*.json"))) == 1
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(pilot.app.screen, ScorekeeperScreen)
