"""Progress and replays, with a history that holds rows changed outside crib-trainer."""

from __future__ import annotations

import json
import random
from datetime import timedelta

import pytest
from textual.widgets import DataTable

from crib_trainer.storage.db import open_store
from crib_trainer.storage.progress import record_attempt
from crib_trainer.training.drills.hands import count_drill, discard_drill
from crib_trainer.training.grading.answers import count_attempt
from crib_trainer.ui.screens.count import CountScreen
from crib_trainer.ui.screens.discard import DiscardScreen
from crib_trainer.ui.screens.progress import ProgressScreen
from tests.decision_support import throw_attempt
from tests.ui.conftest import FROZEN_NOW

SIZE = (80, 24)
UNREADABLE = [
    {"cards": ["ZZ", "5H", "5C", "5S"], "starter": "5D"},  # not a card
    {"cards": ["5H", "5C"], "starter": "5D"},  # too few cards
    {"cards": "5H", "starter": 7},  # not even the right types
    {},
]


def plant_mistake(kind: str, question: dict) -> None:
    """One wrong answer, an hour before FROZEN_NOW (due for review), whose stored question
    was then changed by hand."""
    rng = random.Random(3)
    at = FROZEN_NOW - timedelta(hours=1)
    if kind == "discard":
        d = discard_drill(rng)
        attempt = throw_attempt(
            cards=d.cards,
            dealer=d.dealer,
            thrown=d.cards[:2],
            best=d.cards[2:4],
            gave_up=3.0,
            seconds=5.0,
            answered_at=at,
        )
    else:
        drill = count_drill(rng, crib=False)
        wrong = drill.breakdown().total + 1
        attempt = count_attempt(drill, total=wrong, seconds=5.0, answered_at=at)
    with open_store() as store:
        attempt_id = record_attempt(store, attempt)
        with store.write() as conn:
            conn.execute(
                "UPDATE attempts SET question = ? WHERE id = ?", (json.dumps(question), attempt_id)
            )


async def test_progress_shows_mistakes_that_do_not_read(app):
    for question in UNREADABLE:  # one of each
        plant_mistake("count-hand", question)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("8")
        await pilot.pause()
        screen = pilot.app.screen
        assert isinstance(screen, ProgressScreen)
        table = screen.query_one("#mistakes", DataTable)
        assert table.row_count == len(UNREADABLE)
        screen.query_one("#progress-tabs").active = "tab-mistakes"
        await pilot.pause()
        table.focus()
        for row in range(len(UNREADABLE)):
            table.move_cursor(row=row)
            await pilot.press("enter")  # replay it: it cannot be, and it says so
            await pilot.pause()
            assert pilot.app.screen is screen, row
            messages = [n.message for n in pilot.app._notifications]
            assert len(messages) == row + 1 and "does not read back" in messages[-1], row


@pytest.mark.parametrize("question", UNREADABLE)
async def test_a_review_that_does_not_read_deals_a_fresh_hand(app, question):
    plant_mistake("count-hand", question)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("1")
        await pilot.pause()
        screen = pilot.app.screen
        assert isinstance(screen, CountScreen) and screen.breakdown is not None


async def test_a_discard_review_that_does_not_read_deals_afresh(app):
    plant_mistake("discard", {"cards": ["5H", "5C"], "role": "dealer"})
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("4")
        await pilot.pause()
        await pilot.app.workers.wait_for_complete()
        screen = pilot.app.screen
        assert isinstance(screen, DiscardScreen) and len(screen.drill.cards) == 6


async def test_a_review_that_does_not_read_is_not_offered_again(app):
    plant_mistake("count-hand", UNREADABLE[0])  # an over-claim, on cards changed by hand
    rng = random.Random(5)
    with open_store() as store:  # then right four times running: one short of learnt
        for n in range(4):
            drill = count_drill(rng, crib=False)
            at = FROZEN_NOW - timedelta(minutes=30 - n)
            total = drill.breakdown().total
            record_attempt(store, count_attempt(drill, total=total, seconds=4, answered_at=at))
    async with app.run_test(size=SIZE) as pilot:
        plan = pilot.app.suggest(["count-hand"])
        assert (plan.reason, plan.aimed_at) == ("final-check", "over-claim")  # the same cards
        await pilot.press("1")  # the check is tried, does not read, and a fresh hand comes
        await pilot.pause()
        assert isinstance(pilot.app.screen, CountScreen) and pilot.app.screen.breakdown
        assert pilot.app.suggest(["count-hand"]).reason != "final-check"


def plant_decisions() -> None:
    """A pegging play, a pegging score and a discard, each answered wrongly an hour ago."""
    from crib_trainer.training.drills.pegdrills import peg_drill
    from crib_trainer.training.grading.answers import peg_score_attempt
    from tests.decision_support import card_attempt

    rng = random.Random(5)
    at = FROZEN_NOW - timedelta(hours=1)
    peg = peg_drill(rng, theme="near-31")  # (cards laid: a score question to ask)
    s = peg.situation
    d = discard_drill(rng)
    with open_store() as store:
        for attempt in (
            throw_attempt(
                cards=d.cards,
                dealer=d.dealer,
                thrown=d.cards[:2],
                best=d.cards[2:4],
                gave_up=3.0,
                seconds=5.0,
                answered_at=at,
            ),
            peg_score_attempt(
                theme="lead",
                question=peg.question(),
                claimed=7,
                actual=2,
                seconds=4.0,
                answered_at=at,
            ),
            card_attempt(
                theme="lead",
                question=peg.question(),
                played=s.hand[0],
                best=s.hand[-1],
                gave_up=2.5,
                seconds=4.0,
                answered_at=at,
            ),
        ):
            record_attempt(store, attempt)


async def open_mistakes(pilot) -> tuple[ProgressScreen, DataTable]:
    """Open Progress on its Mistakes tab: the screen and its table of mistakes."""
    await pilot.press("8")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, ProgressScreen)
    screen.query_one("#progress-tabs").active = "tab-mistakes"
    await pilot.pause()
    return screen, screen.query_one("#mistakes", DataTable)


async def replays_as_position(pilot, drill):
    """Enter on the first mistake asks ``drill`` again in the position drill: its screen."""
    from crib_trainer.ui.screens.position import PositionScreen

    await pilot.press("enter")
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    again = pilot.app.screen
    assert isinstance(again, PositionScreen)
    assert again.drill == drill and "Replaying a position" in again.why
    return again


async def test_mistakes_show_pegging_cards_fit_80_columns_and_enter_replays(app):
    plant_decisions()
    async with app.run_test(size=SIZE) as pilot:
        screen, table = await open_mistakes(pilot)
        rows = [[str(c) for c in table.get_row_at(i)] for i in range(table.row_count)]
        kinds = [row[1] for row in rows]
        assert kinds == ["peg play", "peg score", "discard"]
        play, score, throw = rows
        assert play[2] and play[3] and play[4] and "…" not in play  # hand, said, best
        assert score[3:5] == ["7", "2"] and score[2].endswith(" laid")
        assert throw[3] and throw[4]
        width = sum(col.get_render_width(table) for col in table.columns.values())
        assert width <= table.size.width  # the missed column whole at 80 columns
        table.move_cursor(row=2)
        await pilot.pause()
        note = str(screen.query_one("#progress-note").render())
        assert f"said {throw[3]}, right {throw[4]}; missed as " in note
        table.move_cursor(row=0)
        await pilot.pause()
        await pilot.press("enter")  # no tab into the table first
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        assert type(pilot.app.screen).__name__ == "PegScreen"


def screen_words(app) -> str:
    import html

    return html.unescape(app.export_screenshot()).replace("\xa0", " ")


async def test_a_new_learner_is_told_the_plots_need_a_few_days(app):
    from tests.ui.conftest import make_app, seed_history

    seed_history(days=1)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("8")
        await pilot.pause()
        assert "not enough answers yet" in screen_words(app)
    seed_history(days=6, seed=9)
    later = make_app()  # (a second run of the trainer)
    async with later.run_test(size=(100, 30)) as pilot:
        await pilot.press("8")
        await pilot.pause()
        assert "not enough answers yet" not in screen_words(later)


async def test_the_weak_spots_tab_names_each_spot_and_what_was_learnt(app):
    rng = random.Random(9)
    with open_store() as store:  # his nob missed twice, then right five times running
        for n in range(7):
            drill = count_drill(rng, crib=False, target_category="nobs")
            total = drill.breakdown().total - (1 if n < 2 else 0)
            at = FROZEN_NOW - timedelta(days=2, minutes=10 - n)
            record_attempt(store, count_attempt(drill, total=total, seconds=4, answered_at=at))
        drill = count_drill(rng, crib=False, target_category="double-run")
        short = drill.breakdown().total - 3  # one run of the double run left out
        record_attempt(store, count_attempt(drill, total=short, seconds=4, answered_at=FROZEN_NOW))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("8")
        await pilot.pause()
        words = str(pilot.app.screen.query_one("#weak-words").render())
        assert "Weak spots now: double runs (100% now, 100% all time)" in words
        assert "his nob: learnt on 20 Nov after 5 right in a row." in words


async def test_a_position_mistake_is_listed_and_enter_asks_it_again(app):
    from crib_trainer.core.cards import parse_cards
    from crib_trainer.training.drills.position_drill import PositionDrill
    from tests.decision_support import judged

    drill = PositionDrill(parse_cards("3C 3S QH AH JH 6H"), False, 116, 100)
    p = drill.analyse()
    attempt = judged(drill, p.points_best.option.discard, seconds=5.0,
        answered_at=FROZEN_NOW - timedelta(hours=1),
    )  # fmt: skip
    with open_store() as store:
        record_attempt(store, attempt)
    async with app.run_test(size=SIZE) as pilot:
        _, table = await open_mistakes(pilot)
        row = [str(c) for c in table.get_row_at(0)]
        assert row[1] == "position" and "as pone" in row[-1]
        await replays_as_position(pilot, drill)


async def test_a_position_play_mistake_is_listed_with_its_cards_and_asked_again(app):
    from crib_trainer.training.drills.position_plays import position_play
    from tests.decision_support import judged

    drill = position_play(random.Random(3))
    c = drill.chances()
    worst = min(range(len(c.options)), key=lambda i: c.wins[i])
    attempt = judged(
        drill, (c.options[worst].card,), seconds=5.0, answered_at=FROZEN_NOW - timedelta(hours=1)
    )
    with open_store() as store:
        record_attempt(store, attempt)
    async with app.run_test(size=SIZE) as pilot:
        _, table = await open_mistakes(pilot)
        row = [str(c) for c in table.get_row_at(0)]
        assert row[1] == "position" and row[-1].startswith("play")
        assert str(c.options[worst].card) in row
        again = await replays_as_position(pilot, drill)
        assert "The play: " in str(again.query_one("#position-score").render())


async def test_an_answer_dated_years_ahead_leaves_the_plots_on_the_last_30_days(app):
    """A history changed outside the trainer (or a clock once set years ahead) holds an
    answer from 2400: the plots still show the last 30 days, not every day until then."""
    import re
    from datetime import UTC, datetime

    from tests.ui.conftest import seed_history

    seed_history(days=10)
    with open_store() as store:
        drill = count_drill(random.Random(2), crib=False)
        ahead = datetime(2400, 1, 1, tzinfo=UTC)
        record_attempt(store, count_attempt(drill, total=0, seconds=5, answered_at=ahead))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("8")
        await pilot.pause()
        labels = set(re.findall(r"\b\d\d/\d\d\b", screen_words(app)))
    window = {(FROZEN_NOW - timedelta(days=d)).strftime("%d/%m") for d in range(30)}
    assert labels and labels <= window, sorted(labels - window)
