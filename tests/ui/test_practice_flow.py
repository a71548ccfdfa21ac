"""The practice game, played through its keys: whole games, resume, muggins, go, take-back."""

from __future__ import annotations

import random

from textual.widgets import Checkbox, RichLog, Select

from crib_trainer.core.engine import cuts_for_deal
from crib_trainer.storage.db import open_store
from crib_trainer.storage.practice_games import unfinished_practice
from crib_trainer.storage.progress import attempts
from crib_trainer.training.game.practice import Practice, PracticeSettings
from crib_trainer.ui.screens.practice import (
    NewPracticeScreen,
    PracticeScreen,
    ReviewScreen,
    SummaryScreen,
)
from tests.ui.conftest import enter_text, make_app, settle

SIZE = (80, 24)


async def start(pilot, **settings) -> PracticeScreen:
    """Open the practice game from home (key 0) and start it with ``settings``."""
    await pilot.press("0")
    await pilot.pause()
    form = pilot.app.screen
    assert isinstance(form, NewPracticeScreen)
    for name in ("variant", "rules", "strength"):
        if name in settings:
            form.query_one(f"#practice-{name}", Select).value = settings[name]
    for name in ("muggins", "auto-go", "at-once", "itemised", "miscounts", "count-for-me"):
        if name in settings:
            form.query_one(f"#practice-{name}", Checkbox).value = settings[name]
    await pilot.pause()
    await pilot.press("enter")  # the Start button has the focus
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, PracticeScreen)
    return screen


async def decide(pilot, screen: PracticeScreen, rng: random.Random, short: int = 0) -> None:
    """One decision by keys: a random throw or card, go, or a count ``short`` too few."""
    p = screen.practice
    wait = p.waiting_for
    if wait == "discard":
        picks = rng.sample(range(1, len(p.hand) + 1), p.game.variant.discard)
        await pilot.press(*(str(n) for n in picks), "enter")
    elif wait == "play":
        assert p.game.play_state is not None
        card = rng.choice(p.game.play_state.legal_cards())
        await pilot.press(str(p.game.kept(0).index(card) + 1))  # (a card keeps its key)
    elif wait == "go":
        await pilot.press("g")
    elif wait == "count":
        total = p.next_show()[2].total
        said = max(total - short, 0)
        await enter_text(pilot, str(said if said != 19 else 18))  # (19 is refused)
    await settle(pilot)


async def play_to_the_end(pilot, screen: PracticeScreen, rng: random.Random) -> list[str]:
    """Play on until the game's summary shows: no window opens by itself before it (each
    hand's review is a key away); returns the log's notes of the hands graded."""
    seen: list[str] = []
    for _ in range(300):
        seen += [n for n in screen.practice.log if " graded: " in n and n not in seen]
        shown = pilot.app.screen
        if isinstance(shown, SummaryScreen):
            return seen
        assert shown is screen
        await decide(pilot, screen, rng, short=rng.choice([0, 0, 2]))
    raise AssertionError("the game did not end")


async def test_a_whole_five_card_game_with_every_decision_graded_and_kept():
    app = make_app(seed=7)  # (a short game: five deals, 20 decisions)
    async with app.run_test(size=SIZE) as pilot:
        screen = await start(pilot, variant="five-card", strength="beginner")
        notes = await play_to_the_end(pilot, screen, random.Random(7))
        p = screen.practice
        assert p.over and not p.pending and p.game.winner is not None
        assert [n.split(" graded")[0] for n in notes] == [
            f"Deal {d + 1}" for d in range(p.game.deal_number + 1)
        ]
        summary = pilot.app.screen
        text = " ".join(str(w.render()) for w in summary.query("Static"))
        assert "Points given up:" in text and "decisions were the best" in text
        stored = attempts(app.records.store)
        kinds = {a.kind for a in stored}
        assert {"discard", "count-hand"} <= kinds <= {"discard", "peg-play", "count-hand",
                                                     "count-crib", "position"}  # fmt: skip
        assert len(stored) == len(p.all_grades())
        assert all(g.attempt.id is not None for g in p.all_grades())
        assert app.records.unfinished_practice() is None  # finished: nothing to resume


async def test_the_summary_replays_a_decision_as_its_drill():
    from tests.training.test_practice import learner_step

    rng = random.Random(5)
    p = Practice.new(PracticeSettings("five-card", strength="expert"), seed=5).advance()
    while not p.over:  # played by the flow itself: the keys are tested above
        p = learner_step(p, rng, short=1).advance()
    app = make_app(seed=5)
    async with app.run_test(size=SIZE) as pilot:
        screen = PracticeScreen(p)
        pilot.app.push_screen(screen)  # grades the game's throws and cards
        for _ in range(50):  # every grade filed
            await settle(pilot)
            if not screen.practice.pending:
                break
        await pilot.press("s")  # (a game opened over: its summary on the key)
        await pilot.pause()
        summary = pilot.app.screen
        assert isinstance(summary, SummaryScreen) and summary.costly
        first = summary.costly[0]  # the decisions at the score first, then by points
        same_unit = [g for g in summary.practice.all_grades() if g.unit == first.unit]
        assert first.points_lost == max(g.points_lost for g in same_unit)
        assert first.unit == "win" or all(g.unit == "points" for g in summary.costly)
        asked = []
        replay_question = app.replay_question
        app.replay_question = lambda i: asked.append(i) or replay_question(i)  # type: ignore[method-assign]
        summary.query_one("OptionList").focus()
        await pilot.press("enter")
        await settle(pilot)
        drill = pilot.app.screen
        assert type(drill).__name__ in {
            "DiscardScreen",
            "PegScreen",
            "CountScreen",
            "PositionScreen",
        }
        assert asked == [first.attempt.id] and first.attempt.id is not None


async def test_a_game_resumes_exactly_after_quitting(tmp_path):
    rng = random.Random(4)
    app = make_app(seed=4)
    async with app.run_test(size=SIZE) as pilot:
        screen = await start(pilot, strength="good")
        for _ in range(3):
            await decide(pilot, screen, rng)
        before = screen.practice
    with open_store() as store:
        assert unfinished_practice(store)[1] == before
    again = make_app(seed=99)
    async with again.run_test(size=SIZE) as pilot:
        await pilot.press("0")
        await pilot.pause()
        resumed = pilot.app.screen
        assert isinstance(resumed, PracticeScreen) and resumed.practice == before
        assert "Your" in str(resumed.query_one("#practice-hand").render())


async def test_the_cut_for_first_deal_then_home_mentions_the_game_and_resumes_it_by_its_key():
    rng = random.Random(6)
    async with make_app(seed=6).run_test(size=SIZE) as pilot:
        assert "practice game" not in str(pilot.app.screen.query_one("#today").render())
        screen = await start(pilot, strength="beginner")
        game = screen.practice.game  # the cut for first deal: both cards and the dealer
        first = screen.query_one("#practice-log", RichLog).lines[0].text
        (a, b), *_ = reversed(cuts_for_deal(game.seed))
        assert f"you {a}, Beginner {b}" in first
        assert first.endswith(
            f"{'You deal' if game.first_dealer == 0 else 'Beginner deals'} first."
        )
        while screen.practice.game.scores == (0, 0) or screen.practice.waiting_for == "count":
            await decide(pilot, screen, rng)
        scores = screen.practice.game.scores
        await pilot.press("escape")
        await pilot.pause()
        today = str(pilot.app.screen.query_one("#today").render())
        assert "A practice game in progress" in today and "0 resumes it" in today
        assert f"You {scores[0]}, Beginner {scores[1]}" in today
        await pilot.press("0")
        await pilot.pause()
        assert isinstance(pilot.app.screen, PracticeScreen)
        assert pilot.app.screen.practice.game.scores == scores


def played_until(settings: PracticeSettings, seed: int, moment) -> Practice:
    """A game played by a seeded learner through the flow (the keys are the whole-game
    test's) until ``moment(practice)``."""
    from tests.training.test_practice import learner_step

    rng = random.Random(seed)
    p = Practice.new(settings, seed=seed).advance()
    while not moment(p):
        p = learner_step(p, rng).advance()
    return p


async def test_muggins_and_a_count_by_item():
    settings = PracticeSettings(ruleset="hoyle", muggins=True, itemised=True, strength="beginner")
    p = played_until(settings, 6, lambda p: p.waiting_for == "count" and p.next_show()[2].total)
    app = make_app(seed=6)
    async with app.run_test(size=SIZE) as pilot:
        screen = PracticeScreen(p)
        pilot.app.push_screen(screen)
        await settle(pilot)  # (the decisions before, graded)
        assert screen.query_one("#practice-items").display
        assert not screen.query_one("#practice-total").display
        before = screen.practice.game.scores
        await pilot.press("enter")  # every kind left at 0: the whole show missed
        await pilot.pause()
        log = screen.practice.log
        assert any(line.startswith("Muggins! Beginner takes") for line in log)
        assert screen.practice.game.scores[1] > before[1]
        assert screen.practice.all_grades()[-1].attempt.answer["by_kind"]["fifteen"] == 0


async def test_go_is_said_by_the_learner_when_asked_to():
    rng = random.Random(1)
    app = make_app(seed=1)
    async with app.run_test(size=SIZE) as pilot:
        screen = await start(pilot, strength="beginner", **{"auto-go": False})
        said_when_playing = False
        for _ in range(60):
            if isinstance(pilot.app.screen, ReviewScreen):
                break
            wait = screen.practice.waiting_for
            if wait == "play" and not said_when_playing:
                await pilot.press("g")  # a card comes in: no go
                await pilot.pause()
                assert screen.practice.waiting_for == "play"
                said_when_playing = True
            if wait == "go":
                assert "g says go" in str(screen.query_one("#practice-prompt").render())
                await pilot.press("g")
                await pilot.pause()
                assert screen.practice.log[-1] == "You: go." or screen.practice.waiting_for
                return
            await decide(pilot, screen, rng)
        raise AssertionError("no go in the first hand")


async def test_take_back_a_card_after_the_cut_but_never_the_throw():
    app = make_app(seed=2)
    async with app.run_test(size=SIZE) as pilot:
        screen = await start(pilot, strength="expert")
        await pilot.press("1", "2", "enter")
        await settle(pilot)
        thrown = screen.practice
        assert thrown.waiting_for != "discard" and thrown.game.starter is not None
        await pilot.press("ctrl+z")  # the starter is seen: the throw stands, and it says why
        await settle(pilot)
        assert screen.practice == thrown
        said = [n.message for n in pilot.app._notifications]
        assert any(m.startswith(f"The starter is turned ({thrown.game.starter})") for m in said)
        rng = random.Random(2)
        while screen.practice.waiting_for != "play":
            await decide(pilot, screen, rng)
        before = screen.practice
        card = before.game.play_state.legal_cards()[0]
        await pilot.press(str(before.hand.index(card) + 1))
        await settle(pilot)
        await pilot.press("ctrl+z")
        await settle(pilot)
        back = screen.practice
        assert back.waiting_for == "play" and back.hand == before.hand
        assert back.kept == before.kept and back.game.starter == before.game.starter


async def test_leaving_while_a_card_is_graded_grades_it_once_on_resuming(monkeypatch):
    import threading

    from crib_trainer.ui.screens import practice as screen_module

    release = threading.Event()
    real = screen_module.grade_pending

    def slow(*args):
        release.wait(10)  # as an opening lead's analysis would take its time
        return real(*args)

    monkeypatch.setattr(screen_module, "grade_pending", slow)
    app = make_app(seed=9)
    async with app.run_test(size=SIZE) as pilot:
        screen = await start(pilot, strength="beginner")
        await pilot.press("1", "2", "enter", "escape")  # home before the grade is filed
        release.set()
        await settle(pilot)
        assert len(screen.practice.pending) == 1 and not attempts(app.records.store)
        await pilot.press("0")
        await settle(pilot)
        resumed = pilot.app.screen
        assert isinstance(resumed, PracticeScreen) and not resumed.practice.pending
        [kept] = attempts(app.records.store)
        assert kept.kind == "discard" and resumed.practice.all_grades()[0].attempt.id == kept.id


async def test_muggins_on_the_computers_short_count_by_key():
    settings = PracticeSettings(ruleset="hoyle", muggins=True, miscounts=True, strength="beginner")
    p = played_until(settings, 7, lambda p: p.waiting_for == "check" and p.computer_claim()[1])
    claim, left_out = p.computer_claim()
    app = make_app(seed=7)
    async with app.run_test(size=SIZE) as pilot:
        screen = PracticeScreen(p)
        pilot.app.push_screen(screen)
        await settle(pilot)  # (the decisions before, graded)
        prompt = str(screen.query_one("#practice-prompt").render())
        assert f"He claims {claim}" in prompt and "calls muggins" in prompt
        before = screen.practice.game.scores[0]
        await pilot.press("m")
        await pilot.pause()
        assert screen.practice.game.scores[0] - before >= left_out[0].points
        assert any(line.startswith("Muggins! You take") for line in screen.practice.log)
        assert attempts(app.records.store)[-1].kind == "judge"


async def test_a_whole_seeded_three_player_game_by_keys(monkeypatch):
    from crib_trainer.training.grading import judge

    monkeypatch.setattr(judge, "TABLE_SAMPLES", 4)  # (the grades' speed, not their sense)
    monkeypatch.setattr(judge, "TABLE_SAMPLES_MAX", 4)
    app = make_app(seed=3)
    async with app.run_test(size=SIZE) as pilot:
        screen = await start(pilot, variant="three-player", strength="beginner")
        p = screen.practice
        assert p.game.names == ("You", "Left", "Right") and len(p.hand) == 5
        assert "Throw 1 to" in str(screen.query_one("#practice-prompt").render())
        board = str(screen.query_one("#practice-board").render())
        assert all(name in board for name in ("You", "Left", "Right"))
        rng = random.Random(3)
        while screen.practice.waiting_for != "play":
            await decide(pilot, screen, rng)
        table = str(screen.query_one("#practice-table").render())
        assert "Left holds" in table and "Right holds" in table
        notes = await play_to_the_end(pilot, screen, rng)
        p = screen.practice
        assert p.over and not p.pending and p.game.variant.target == 61
        assert len(notes) == p.game.deal_number + 1
        stored = attempts(app.records.store)
        assert len(stored) == len(p.all_grades()) and "peg-play" in {a.kind for a in stored}
        table_plays = [a for a in stored if a.kind == "peg-play"]
        assert all(a.question["variant"] == "three-player" for a in table_plays)
        summary = " ".join(str(w.render()) for w in pilot.app.screen.query("Static"))
        assert f"{p.side_name(p.game.winner)} won" in summary


async def open_form(pilot) -> NewPracticeScreen:
    await pilot.press("0")
    await pilot.pause()
    form = pilot.app.screen
    assert isinstance(form, NewPracticeScreen)
    return form


def shown(widget) -> str:
    """What a widget shows (a menu: the name of its choice)."""
    if isinstance(widget, Select):
        widget = widget.query_one("#label")
    return str(widget.render())


async def test_the_form_starts_from_the_last_games_settings():
    async with make_app(seed=3).run_test(size=SIZE) as pilot:
        screen = await start(
            pilot,
            variant="five-card",
            rules="hoyle",
            strength="master",
            muggins=True,
            **{"at-once": True, "auto-go": False},
        )
        chosen = screen.practice.settings
        await pilot.press("ctrl+n")  # a new game: the form again, as the last one was
        await pilot.pause()
        form = pilot.app.screen
        assert isinstance(form, NewPracticeScreen)
        assert form.query_one("#practice-variant", Select).value == "five-card"
        assert form.query_one("#practice-rules", Select).value == "hoyle"
        assert form.query_one("#practice-strength", Select).value == "master"
        assert form.query_one("#practice-muggins", Checkbox).value
        assert form.query_one("#practice-at-once", Checkbox).value
        assert not form.query_one("#practice-auto-go", Checkbox).value
        await pilot.press("enter")
        await pilot.pause()
        assert pilot.app.screen.practice.settings == chosen


async def test_the_games_usual_rules_are_named_and_a_game_without_muggins_says_so():
    async with make_app(seed=3).run_test(size=SIZE) as pilot:
        form = await open_form(pilot)
        rules = form.query_one("#practice-rules", Select)
        hint = form.query_one("#practice-hint")
        assert "usual rules: ACC tournament" in shown(rules)
        form.query_one("#practice-muggins", Checkbox).value = True
        form.query_one("#practice-variant", Select).value = "five-card"
        await pilot.pause()
        assert "usual rules: Britannica" in shown(rules)  # the usual for a game of 61
        muggins = form.query_one("#practice-muggins", Checkbox)
        assert muggins.disabled and not muggins.value
        said = shown(hint)
        assert "Britannica has no muggins" in said and "(Britannica, law 19)" in said
        assert "rules: Hoyle or rules: ACC tournament" in said and "[000]" not in said
        rules.value = "acc"  # the ACC's laws at a game of 61: muggins again
        await pilot.pause()
        assert not muggins.disabled and "no muggins" not in shown(hint)
        muggins.value = True
        await pilot.press("enter")
        await pilot.pause()
        settings = pilot.app.screen.practice.settings
        assert (settings.variant, settings.ruleset, settings.muggins) == ("five-card", "acc", True)


async def test_a_finished_game_joins_the_record_in_progress_with_the_rating():
    """The last decision of a game, by its key: the game is in Progress's Games tab
    (played, won or lost against its level, the rating moved by that result)."""
    from textual.widgets import TabbedContent

    from crib_trainer.training.game.gamerecord import games_summary
    from crib_trainer.ui.screens.progress import ProgressScreen
    from tests.training.test_practice import learner_step

    rng = random.Random(9)
    p = Practice.new(PracticeSettings("five-card", strength="good"), seed=9).advance()
    while not (after := learner_step(p, rng).advance()).over:
        p = after
    app = make_app(seed=9)
    async with app.run_test(size=SIZE) as pilot:
        screen = PracticeScreen(p)
        pilot.app.push_screen(screen)
        await settle(pilot)
        while not screen.practice.over:
            await decide(pilot, screen, random.Random(1))
        await settle(pilot)
        record = pilot.app.records.game_outcomes()
        assert len(record) == 1 and record[0].opponent == "good"
        assert record[0].won == (screen.practice.game.winner == 0)
        pilot.app.push_screen(ProgressScreen())
        await pilot.pause()
        pilot.app.screen.query_one("#progress-tabs", TabbedContent).active = "tab-games"
        await pilot.pause()
        words = str(pilot.app.screen.query_one("#games-words").render())
        s = games_summary(record)
        assert f"1 game played, {s.won} won" in words
        assert f"good {s.won} of 1" in words and f"Rating {s.rating:.0f}" in words


async def test_a_grade_worked_out_later_joins_the_open_review_without_taking_focus(monkeypatch):
    import threading

    from crib_trainer.analysis.discard import analyse_discards
    from crib_trainer.ui.screens import practice as screen_module

    release = threading.Event()
    real = screen_module.grade_pending

    def slow(*args):
        release.wait(10)
        return real(*args)

    monkeypatch.setattr(screen_module, "grade_pending", slow)
    async with make_app(seed=9).run_test(size=SIZE) as pilot:
        screen = await start(pilot, strength="beginner")
        p = screen.practice
        worst = analyse_discards(p.hand, dealer=p.you_deal, opponent="weighted").options[-1]
        await pilot.press(*(str(p.hand.index(c) + 1) for c in worst.discard), "enter")
        await pilot.pause()
        await pilot.press("r")  # the review asked for while the throw is still graded
        await pilot.pause()
        review = pilot.app.screen
        assert isinstance(review, ReviewScreen) and review.grades == []
        focused = pilot.app.focused
        release.set()
        await settle(pilot)
        assert pilot.app.screen is review and pilot.app.focused is focused
        [grade] = review.grades
        assert grade.decision == "discard" and grade.points_lost > 0
        listed = review.query_one("#review-list")
        assert listed.display and listed.option_count == 1


async def test_h_gives_a_hint_in_the_log_and_the_review_marks_the_decision_hinted():
    from crib_trainer.analysis.discard import analyse_discards

    async with make_app(seed=5).run_test(size=SIZE) as pilot:
        screen = await start(pilot, strength="beginner")
        bar = [k.description for k in screen.query_one("KeyBar").spans()]
        assert "Hint" in bar and "Go" not in bar and "Summary" not in bar
        await pilot.press("h")
        await settle(pilot)
        p = screen.practice
        [(_, text)] = p.hints
        assert p.log[-1] == f"Hint: {text}"
        worst = analyse_discards(p.hand, dealer=p.you_deal, opponent="weighted").options[-1]
        await pilot.press(*(str(p.hand.index(c) + 1) for c in worst.discard), "enter")
        await settle(pilot)  # (the hint not taken: a costly throw, made after a hint)
        [grade] = screen.practice.all_grades()
        assert grade.points_lost > 0 and grade.attempt.answer["hints"] == [text]
        await pilot.press("r")
        await pilot.pause()
        review = pilot.app.screen
        assert isinstance(review, ReviewScreen) and review.grades == [grade]
        listed = review.query_one("#review-list")
        assert "(hinted)" in str(listed.get_option_at_index(0).prompt)


async def test_every_key_the_game_answers_is_in_its_footer_or_its_help():
    from crib_trainer.ui.screens.help import HelpScreen

    async with make_app(seed=5).run_test(size=SIZE) as pilot:
        screen = await start(pilot, strength="beginner")
        footer = {k.key for k in screen.query_one("KeyBar").spans()}
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(pilot.app.screen, HelpScreen)
        helped = str(pilot.app.screen.query_one("#help-text").render())
        for binding in screen.BINDINGS:
            key = binding.key
            shown = "1–6" if key.isdigit() else key
            assert key in footer or f" {shown} " in helped, key


async def test_count_for_me_is_a_setting_of_the_form():
    async with make_app(seed=2).run_test(size=SIZE) as pilot:
        screen = await start(pilot, strength="beginner", **{"count-for-me": True})
        assert screen.practice.settings.count_for_me
        rng = random.Random(2)
        while screen.practice.deal == 0:
            assert screen.practice.waiting_for != "count"
            await decide(pilot, screen, rng)
        assert any("counted for you" in line for line in screen.practice.log)


async def test_a_click_on_a_card_picks_it_to_throw_and_lays_it_in_the_play():
    async with make_app(seed=5).run_test(size=SIZE) as pilot:
        screen = await start(pilot, strength="beginner")
        hand_line = screen.query_one("#practice-hand")

        async def click_card(n: int) -> None:
            text = str(hand_line.render())
            x = 1 + text.index(f"{n} {screen._keyed()[n - 1]}")  # (the padding's column)
            await pilot.click("#practice-hand", offset=(x + 2, 0))
            await settle(pilot)

        dealt = screen.practice.hand
        await click_card(1)
        await click_card(3)
        assert screen.picked == [dealt[0], dealt[2]]
        await pilot.press("enter")
        await settle(pilot)
        assert screen.practice.kept == tuple(c for c in dealt if c not in (dealt[0], dealt[2]))
        rng = random.Random(5)
        while screen.practice.waiting_for != "play":
            await decide(pilot, screen, rng)
        legal = screen.practice.game.play_state.legal_cards()
        n = screen._keyed().index(legal[0]) + 1
        held = len(screen.practice.hand)
        await click_card(n)
        assert len(screen.practice.hand) == held - 1 and legal[0] not in screen.practice.hand
