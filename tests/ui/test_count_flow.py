"""Counting drills, driven with key presses and read off the screen."""

from __future__ import annotations

from textual.widgets import Static

from crib_trainer.core.cards import format_cards
from crib_trainer.core.show import ItemKind
from crib_trainer.ui.screens.count import CountScreen
from crib_trainer.ui.widgets.card import CardView

SIZE = (80, 24)


def screen_text(pilot, selector: str) -> str:
    return str(pilot.app.screen.query_one(selector, Static).render())


async def open_count(pilot, key: str = "1") -> CountScreen:
    await pilot.press(key)
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, CountScreen)
    return screen


async def type_number(pilot, n: int) -> None:
    await pilot.press(*str(n))


async def test_right_total_is_stored_and_the_count_named_by_its_pattern(app):
    from crib_trainer.training.words.patterns import pattern

    async with app.run_test(size=SIZE) as pilot:
        screen = await open_count(pilot)
        total = screen.breakdown.total
        await type_number(pilot, total)
        await pilot.press("enter")
        await pilot.pause()
        assert "Right" in screen_text(pilot, "#verdict")
        attempt = app.session.history[-1]
        assert attempt.correct and attempt.kind == "count-hand"
        assert attempt.answer == {"total": total} and attempt.id is not None  # it was stored
        p = pattern(screen.breakdown)
        spoken = " ".join(screen_text(pilot, "#spoken").split())
        assert f"By pattern: {p.says}" in spoken and p.lesson.split(":")[0] in spoken


async def test_wrong_total_names_the_miss_and_muggins(app):
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_count(pilot, "2")  # a crib
        while screen.breakdown.total == 0:  # need something to miss
            screen.new_hand()
            await pilot.pause()
        await pilot.press("m")
        await type_number(pilot, screen.breakdown.total - 1)
        await pilot.press("enter")
        await pilot.pause()
        verdict = screen_text(pilot, "#verdict")
        assert f"it is {screen.breakdown.total}" in verdict
        assert "Muggins!" in verdict
        attempt = app.session.history[-1]
        assert attempt.kind == "count-crib" and not attempt.correct
        assert attempt.grade == "under"


async def test_over_claim(app):
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_count(pilot)
        await type_number(pilot, screen.breakdown.total + 3)
        await pilot.press("enter")
        await pilot.pause()
        assert "3 too many" in screen_text(pilot, "#verdict")
        assert app.session.history[-1].missed == {"over-claim": 3}


async def test_item_by_item_claims(app):
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_count(pilot)
        await pilot.press("i")
        assert screen.itemised
        by_kind = screen.breakdown.points_by_kind()
        for i, kind in enumerate(ItemKind):
            await type_number(pilot, by_kind[kind])
            if i < len(ItemKind) - 1:
                await pilot.press("tab")
        await pilot.press("enter")
        await pilot.pause()
        assert "Right, item by item" in screen_text(pilot, "#verdict")
        assert (
            app.session.history[-1].answer == {"by_kind": by_kind}
            and app.session.history[-1].correct
        )


async def test_item_boxes_show_two_digits_as_typed(app):
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_count(pilot)
        await pilot.press("i", "1", "2")  # twelve for fifteens, as in a big hand
        await pilot.pause()
        field = screen.query_one(f"#claim-{ItemKind.FIFTEEN}")
        assert field.value == "12"
        assert field.content_region.width >= len("12") + 1  # both digits and the cursor


async def test_item_by_item_missing_a_kind_marks_it(app):
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_count(pilot)
        while not screen.breakdown.points_by_kind()[ItemKind.FIFTEEN]:
            screen.new_hand()
            await pilot.pause()
        await pilot.press("i", "tab", "0", "enter")  # claims nothing at all
        await pilot.pause()
        fifteens = screen.breakdown.points_by_kind()[ItemKind.FIFTEEN]
        assert f"fifteen: said 0, it is {fifteens}" in screen_text(pilot, "#verdict")
        missed = app.session.history[-1].missed
        assert missed.get("fifteen-2", 0) + missed.get("fifteen-3plus", 0) == fifteens


async def test_items_light_up_their_cards_and_next_hand(app):
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_count(pilot)
        while not screen.breakdown.items:
            screen.new_hand()
            await pilot.pause()
        first = screen.deal
        await type_number(pilot, screen.breakdown.total)
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("down", "up")
        await pilot.pause()
        lit = {v.card for v in screen.query(CardView) if v.has_class("lit")}
        assert lit and lit <= {*first.cards, first.starter}
        await pilot.press("n")
        await pilot.pause()
        assert screen.deal != first and not screen.revealed
        assert screen.query_one("#total").value == ""


async def test_enter_with_nothing_typed_or_over_29_is_refused(app):
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_count(pilot)
        await pilot.press("enter")  # nothing typed: it asks for a number
        await pilot.pause()
        assert not screen.revealed and not app.session.history
        await type_number(pilot, 96)  # a typo
        await pilot.press("enter")
        await pilot.pause()
        assert not screen.revealed and not app.session.history
        assert screen.query_one("#total").value == "96"  # left to be put right


async def test_item_by_item_bare_enter_is_ignored(app):
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_count(pilot)
        await pilot.press("i", "enter")
        await pilot.pause()
        assert not screen.revealed and not app.session.history
        await pilot.press("0", "enter")  # a hand worth nothing is said with a 0
        await pilot.pause()
        assert screen.revealed and app.session.history[-1].answer["by_kind"][ItemKind.FIFTEEN] == 0


async def test_items_adding_up_over_29_are_refused_as_a_typo(app):
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_count(pilot)
        await pilot.press("i", "2", "4", "tab", "1", "2", "enter")
        await pilot.pause()
        assert not screen.revealed and not app.session.history


async def test_help_and_theme(app):
    async with app.run_test(size=SIZE) as pilot:
        await open_count(pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        text = str(app.screen.query_one("#help-text", Static).render())
        assert "item by item" in text and "muggins on or off" in text
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, CountScreen)
        before = app.theme
        await pilot.press("ctrl+t")
        assert app.theme != before


async def deal_until_under(pilot, screen: CountScreen) -> None:
    """Deal judge-a-claim hands until his claim falls short."""
    while screen.drill.claim >= screen.breakdown.total:
        screen.new_hand()
        await pilot.pause()


async def test_judge_drill_says_muggins_only_when_it_is_on(app):
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_count(pilot, "3")
        await deal_until_under(pilot, screen)
        assert "item by item" not in screen_text(pilot, "#status")
        await pilot.press("i")  # no item-by-item answer for a claim
        assert not screen.itemised
        await type_number(pilot, screen.breakdown.total)
        await pilot.press("enter")
        await pilot.pause()
        verdict = screen_text(pilot, "#verdict")
        assert "no penalty without muggins" in verdict and "muggins!" not in verdict
        screen.new_hand()
        await deal_until_under(pilot, screen)
        await pilot.press("m")
        await type_number(pilot, screen.breakdown.total)
        await pilot.press("enter")
        await pilot.pause()
        short = screen.breakdown.total - screen.drill.claim
        verdict = screen_text(pilot, "#verdict")
        assert f"muggins! You peg the {short} he missed." in verdict and "✓ Right" in verdict


async def test_hints_come_in_steps_and_a_hinted_answer_is_partly_right(app):
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_count(pilot, "2")
        assert screen_text(pilot, "#hint") == ""
        await pilot.press("h")
        first = screen_text(pilot, "#hint")
        assert first.startswith("Hint 1/3") and "fifteen" in first
        await pilot.press("h", "h", "h")  # a fourth press has no fourth step
        text = screen_text(pilot, "#hint")
        assert text.startswith("Hint 3/3") and text.count("Hint") == 1
        await type_number(pilot, screen.breakdown.total)
        await pilot.press("enter")
        await pilot.pause()
        attempt = app.session.history[-1]
        assert attempt.grade == "hinted" and not attempt.correct
        assert len(attempt.answer["hints"]) == 3 and attempt.answer["credit"] == 0.25
        assert attempt.answer["hints"][0] in first
        assert "worth 0.25 of a right answer" in screen_text(pilot, "#hint")
        await pilot.press("h")  # no hints once the answer is out
        assert len(app.session.history[-1].answer["hints"]) == 3
        await pilot.press("n")
        await pilot.pause()
        assert screen_text(pilot, "#hint") == ""  # a new hand starts without hints
        await type_number(pilot, screen.breakdown.total)
        await pilot.press("enter")
        await pilot.pause()
        assert (
            app.session.history[-1].grade == "correct"
            and "hints" not in app.session.history[-1].answer
        )
        await pilot.press("escape", "8")  # a hinted answer is among the mistakes to look at
        await pilot.pause()
        table = app.screen.query_one("#mistakes")
        assert table.row_count == 1 and table.get_row_at(0)[-1] == "right after 3 hints"


async def test_a_judged_claim_takes_a_hint(app):
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_count(pilot, "3")
        await pilot.press("h")
        await type_number(pilot, screen.breakdown.total)
        await pilot.press("enter")
        await pilot.pause()
        assert (
            app.session.history[-1].kind == "judge"
            and len(app.session.history[-1].answer["hints"]) == 1
        )


async def test_a_practice_crib_is_thrown_by_you_and_him(app):
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_count(pilot, "2")
        screen.adaptive = False
        screen.new_hand()
        await pilot.pause()
        pone, dealer = screen.deal.throws
        role = screen_text(pilot, "#role")
        assert f"you threw {format_cards(dealer)}, he threw {format_cards(pone)}" in role
        shown = [v.card for v in screen.query_one("#hand").query(CardView)]
        assert set(shown) == {*pone, *dealer, screen.deal.starter}
