"""A picture of each screen at 80×24, seeded and with frozen clocks.

Update after an intended change with: python -m pytest tests/ui --snapshot-update
"""

from __future__ import annotations

from crib_trainer.ui.app import CribTrainerApp
from tests.ui.conftest import enter_text, make_app, seed_history, settle

SIZE = (80, 24)


def still_app(seed: int = 7) -> CribTrainerApp:
    """The app with animations ending at once: a picture is of a screen at rest. A tab's
    underline starts sliding 20 ms after the key and takes 0.3 s, and a picture taken as
    the key's work went idle could catch it where it was (the Weak spots picture showed
    it under Speed once in about 20 runs of the suite under load).

    At rest, too, the history file has everything: whether the writer thread has
    written the last answer or game 0.25 s after it was given depends on the machine's
    load (the practice summary's picture caught "the game being written to your
    history…" once in three runs under load), so the header says nothing of it here.
    What it says while something waits is tested by keys against a held lock
    (test_writes_behind, test_games_behind)."""
    app = make_app(seed)
    app.animation_level = "none"
    app.writes_text = lambda: ""  # type: ignore[method-assign]
    return app


def test_home(snap_compare):
    assert snap_compare(still_app(), terminal_size=SIZE)


def test_count_hand_question(snap_compare):
    assert snap_compare(still_app(), terminal_size=SIZE, press=["1"])


def test_count_hand_wrong_answer_revealed(snap_compare):
    assert snap_compare(still_app(), terminal_size=SIZE, press=["1", "9", "enter", "down"])


def test_count_crib_item_by_item(snap_compare):
    assert snap_compare(still_app(), terminal_size=SIZE, press=["2", "i", "4", "tab", "2"])


def test_count_muggins_reveal(snap_compare):
    assert snap_compare(still_app(seed=3), terminal_size=SIZE, press=["1", "m", "0", "enter"])


def test_judge_verdict(snap_compare):
    async def fill(pilot):
        await pilot.press("7")
        await pilot.pause()
        screen = pilot.app.screen
        await enter_text(pilot, "7h 8c 8d ks", submit=False, box=screen.query_one("#cards"))
        await enter_text(pilot, "9c", submit=False, box=screen.query_one("#starter"))
        await enter_text(pilot, "10", box=screen.query_one("#claim"))

    assert snap_compare(still_app(), terminal_size=SIZE, run_before=fill)


def test_help(snap_compare):
    assert snap_compare(still_app(), terminal_size=SIZE, press=["1", "question_mark"])


def test_light_theme(snap_compare):
    assert snap_compare(still_app(), terminal_size=SIZE, press=["ctrl+t", "1"])


def test_discard_reveal(snap_compare):
    async def throw(pilot):
        await pilot.press("4")
        await pilot.app.workers.wait_for_complete()
        await pilot.press("1", "3", "enter")
        await settle(pilot)

    assert snap_compare(still_app(), terminal_size=SIZE, run_before=throw)


def test_position_reveal(snap_compare):
    async def throw(pilot):
        await pilot.press("w")
        await settle(pilot)
        await pilot.press("1", "3", "enter")
        await pilot.pause()

    assert snap_compare(still_app(seed=2), terminal_size=SIZE, run_before=throw)  # (a throw)


def test_position_play_reveal(snap_compare):
    async def lay(pilot):
        await pilot.press("w")
        await settle(pilot)
        await pilot.press("1", "enter")
        await pilot.pause()

    assert snap_compare(still_app(seed=3), terminal_size=SIZE, run_before=lay)  # (a play)


def test_scorekeeper_board(snap_compare):
    async def play(pilot):
        await pilot.press("9")
        await pilot.pause()
        await pilot.press("enter")  # Player 1 and Player 2, to 121
        await pilot.pause()
        lines = ("5D", "1 15", "1 15", "1 15", "1 15", "1 3", "2 12", "2 5", "end")
        for line in (*lines, "5H 5C 5S JD 29"):
            await enter_text(pilot, line)

    assert snap_compare(still_app(), terminal_size=SIZE, run_before=play)


def test_puzzle_library(snap_compare):
    assert snap_compare(still_app(), terminal_size=SIZE, press=["6"])


def test_puzzle_answered(snap_compare):
    assert snap_compare(
        still_app(), terminal_size=SIZE, press=["6", "enter", "enter", "2", "8", "enter"]
    )


def test_pegging_answered(snap_compare):
    async def answer(pilot):
        await pilot.press("5")
        await pilot.app.workers.wait_for_complete()
        await pilot.press("1", "enter")
        await settle(pilot)

    assert snap_compare(still_app(), terminal_size=SIZE, run_before=answer)


def test_progress_accuracy(snap_compare):
    seed_history()
    assert snap_compare(still_app(), terminal_size=SIZE, press=["8"])


def test_progress_weak_spots(snap_compare):
    seed_history()
    assert snap_compare(still_app(), terminal_size=SIZE, press=["8", "right", "right"])


def test_progress_mistakes(snap_compare):
    seed_history()
    assert snap_compare(still_app(), terminal_size=SIZE, press=["8", "right", "right", "right"])


def test_progress_coach(snap_compare):
    """The Coach tab on a learner who throws a 5 to the dealer as pone."""
    from tests.ui.test_coach_tab import plant_habit

    plant_habit()

    async def coach(pilot):
        await pilot.press("8")
        await pilot.pause()
        pilot.app.screen.query_one("#progress-tabs").active = "tab-coach"
        await pilot.pause()
        await pilot.app.workers.wait_for_complete()
        await settle(pilot)

    assert snap_compare(still_app(), terminal_size=SIZE, run_before=coach)


def test_progress_games(snap_compare):
    """Eight finished practice games against three levels: the trend and the record."""
    import random
    from datetime import timedelta

    from crib_trainer.storage.db import open_store
    from crib_trainer.training.game.gamerecord import GameOutcome
    from tests.storage.support import keep_outcome
    from tests.ui.conftest import FROZEN_NOW

    rng = random.Random(4)
    with open_store() as store:
        for n in range(8):
            won = rng.random() < 0.5
            lost = {d: round(rng.uniform(0, 6), 2) for d in ("discard", "play", "count")}
            score = (121, rng.randint(80, 118)) if won else (rng.randint(80, 118), 121)
            at = FROZEN_NOW - timedelta(days=8 - n)
            level = ("good", "expert", "master")[n % 3]
            kind = "skunk" if min(score) < 91 else "single"
            keep_outcome(store, GameOutcome(at, "six-card", level, won, kind, *score, lost))
    assert snap_compare(still_app(), terminal_size=SIZE, press=["8", "left"])


def test_scorekeeper_three_players_near_the_end(snap_compare):
    async def play(pilot):
        await pilot.press("9")
        await pilot.pause()
        form = pilot.app.screen
        form.query_one("#game-variant").value = "three-player"
        await pilot.pause()
        form.query_one("#target").value = 61
        form.query_one("#names").value = "Ann, Bob, Cy"
        form.query_one("#names").focus()
        await pilot.press("enter")
        await pilot.pause()
        pegs = ("ann 15", "ann 15", "ann 15", "ann 10", "bob 15", "bob 15", "bob 10", "cy 15")
        for line in ("2D", *pegs, "cy 2", "end"):
            await enter_text(pilot, line)

    assert snap_compare(still_app(), terminal_size=SIZE, run_before=play)


def test_scorekeeper_new_game_form(snap_compare):
    assert snap_compare(still_app(), terminal_size=SIZE, press=["9"])


def test_scorekeeper_won_with_a_lurch(snap_compare):
    async def play(pilot):
        await pilot.press("9")
        await pilot.pause()
        form = pilot.app.screen
        form.query_one("#target").value = 61
        form.query_one("#names").value = "Ann, Bob"
        form.query_one("#names").focus()
        await pilot.press("enter")
        await pilot.pause()
        for line in ("5D", "bob 15", "bob 15", "bob 2", "ann 12", "end", "5H 5C 5S JD 29"):
            await enter_text(pilot, line)

    assert snap_compare(still_app(), terminal_size=SIZE, run_before=play)


def test_timed_drill(snap_compare):
    async def first_hand(pilot):
        await pilot.press("t")
        await pilot.pause()
        await pilot.press("enter")  # the clock starts
        await pilot.pause()
        await enter_text(pilot, "4")

    assert snap_compare(still_app(), terminal_size=SIZE, run_before=first_hand)


def test_practice_deal(snap_compare):
    assert snap_compare(still_app(), terminal_size=SIZE, press=["0", "enter"])


def test_practice_play(snap_compare):
    async def play(pilot):
        await pilot.press("0", "enter")
        await pilot.pause()
        await pilot.press("1", "2", "enter")
        await settle(pilot)
        screen = pilot.app.screen
        if screen.practice.waiting_for == "play":
            await pilot.press("1")
        await settle(pilot)

    assert snap_compare(still_app(), terminal_size=SIZE, run_before=play)


def _practice_played(variant: str, deals: int | None):
    """A practice game played by a seeded learner (the flow, not the keys) for ``deals``
    deals, or to the end."""
    import random

    from crib_trainer.training.game.practice import Practice, PracticeSettings
    from tests.training.test_practice import learner_step

    rng = random.Random(11)
    p = Practice.new(PracticeSettings(variant, strength="expert"), seed=11).advance()
    while not p.over and (deals is None or p.deal < deals):
        p = learner_step(p, rng, short=rng.choice([0, 2])).advance()
    return p


def test_practice_hand_review(snap_compare):
    async def review(pilot):
        from crib_trainer.ui.screens.practice import PracticeScreen

        pilot.app.push_screen(PracticeScreen(_practice_played("six-card", 1)))
        await settle(pilot)
        await pilot.press("r")
        await pilot.pause()

    assert snap_compare(still_app(), terminal_size=SIZE, run_before=review)


def test_practice_game_summary(snap_compare):
    async def summary(pilot):
        from crib_trainer.ui.screens.practice import PracticeScreen, SummaryScreen

        screen = PracticeScreen(_practice_played("five-card", None))
        pilot.app.push_screen(screen)
        for _ in range(1000):  # (the summary counts every grade: once they are all in)
            await pilot.app.workers.wait_for_complete()
            await pilot.pause()
            if not screen.practice.pending:
                break
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(pilot.app.screen, SummaryScreen)

    assert snap_compare(still_app(), terminal_size=SIZE, run_before=summary)


def test_practice_three_player_table(snap_compare):
    async def play(pilot):
        from textual.widgets import Select

        await pilot.press("0")
        await pilot.pause()
        pilot.app.screen.query_one("#practice-variant", Select).value = "three-player"
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("1", "enter")  # throw the first card
        await settle(pilot)
        screen = pilot.app.screen
        if screen.practice.waiting_for == "play":
            await pilot.press("1")
        await settle(pilot)

    assert snap_compare(still_app(), terminal_size=SIZE, run_before=play)


def test_practice_new_game_form_without_muggins(snap_compare):
    async def choose(pilot):
        from textual.widgets import Select

        await pilot.press("0")
        await pilot.pause()
        pilot.app.screen.query_one("#practice-variant", Select).value = "five-card"
        await pilot.pause()

    assert snap_compare(still_app(), terminal_size=SIZE, run_before=choose)
