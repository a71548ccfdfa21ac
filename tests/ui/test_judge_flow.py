"""The judge: type a deal and a claim, get the verdict, copy it."""

from __future__ import annotations

import pyperclip
from textual.widgets import Static

from crib_trainer.ui.screens.judge import JudgeScreen
from tests.ui.conftest import enter_text

SIZE = (80, 24)


async def open_judge(pilot) -> JudgeScreen:
    await pilot.press("7")
    await pilot.pause()
    assert isinstance(pilot.app.screen, JudgeScreen)
    return pilot.app.screen


def text_of(screen, selector: str) -> str:
    return str(screen.query_one(selector, Static).render())


async def fill(pilot, screen, cards: str, starter: str, claim: str) -> None:
    """Fill the three boxes (typing itself is tested in test_validation_as_you_type)."""
    for box, text in (("#cards", cards), ("#starter", starter), ("#claim", claim)):
        await enter_text(pilot, text, submit=False, box=screen.query_one(box))


async def test_judge_a_short_claim_and_copy(app, monkeypatch):
    copied: list[str] = []
    monkeypatch.setattr(pyperclip, "copy", copied.append)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_judge(pilot)
        await fill(pilot, screen, "5h 5c 5s jd", "5d", "28")
        assert "✓ 4 cards and the starter" in text_of(screen, "#check")
        await pilot.press("enter")
        await pilot.pause()
        verdict = text_of(screen, "#judge-verdict")
        assert "Claimed 28, but the hand is worth 29: 1 missed." in verdict
        assert "his nob J♦" in verdict
        await pilot.press("ctrl+y")
        await pilot.app.workers.wait_for_complete()  # the copy runs in a thread
        await pilot.pause()
        assert copied and copied[-1].startswith("Claimed 28")
        assert not app.session.history  # settling a dispute is not a drill answer


async def test_validation_and_suit_completion_as_you_type(app):
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_judge(pilot)
        await pilot.press(*"5h 5x")
        await pilot.pause()
        assert "unknown suit 'x'" in text_of(screen, "#check")
        await pilot.press("backspace", "backspace", "5", "h")
        await pilot.pause()
        assert "duplicate card 5♥" in text_of(screen, "#check")
        await pilot.press(*["backspace"] * len("5h 5h"))
        await pilot.press(*"5s 5")
        await pilot.pause()
        await pilot.press("right")  # accept the suggestion
        await pilot.pause()
        assert screen.query_one("#cards").value == "5s 5H"


async def test_no_clipboard_falls_back_to_the_terminal(app, monkeypatch):
    def no_clipboard(text):
        raise pyperclip.PyperclipException("none")

    monkeypatch.setattr(pyperclip, "copy", no_clipboard)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_judge(pilot)
        await fill(pilot, screen, "7h 8c 8d ks", "9c", "12")
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("ctrl+y")
        await pilot.app.workers.wait_for_complete()  # the copy runs in a thread
        await pilot.pause()
        assert app.clipboard.startswith("Claimed 12: correct.")


async def test_bad_deal_says_what_is_wrong_as_typed_and_keeps_the_text(app):
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_judge(pilot)
        await fill(pilot, screen, "5h 5c 5s", "5d", "12")
        await pilot.press("enter")
        await pilot.pause()
        assert "has 4 cards plus the starter; got 3" in text_of(screen, "#check")
        assert screen.query_one("#cards").value == "5h 5c 5s"
        await fill(pilot, screen, "5h [/x] 5s jd", "5d", "12")  # text that looks like markup
        await pilot.press("enter")
        await pilot.pause()
        assert "'[/x]'" in text_of(screen, "#check")


async def test_enter_on_crib_or_muggins_judges_and_leaves_the_box_as_it_was(app):
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_judge(pilot)
        await fill(pilot, screen, "5h 5c 5s jd", "5d", "28")
        for box in ("#crib", "#muggins"):
            screen.query_one(box).focus()
            await pilot.press("enter")
            await pilot.pause()
            assert not screen.query_one(box).value
            assert "Claimed 28, but the hand is worth 29" in text_of(screen, "#judge-verdict")
        assert app.focused is screen.query_one("#cards")
        screen.query_one("#muggins").focus()
        await pilot.press("space")  # space still ticks
        assert screen.query_one("#muggins").value


async def test_after_a_verdict_typing_goes_to_the_cards(app, monkeypatch):
    copied: list[str] = []
    monkeypatch.setattr(pyperclip, "copy", copied.append)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_judge(pilot)
        await fill(pilot, screen, "5h 5c 5s jd", "5d", "28")
        await pilot.press("enter")
        await pilot.pause()
        assert app.focused is screen.query_one("#cards")
        await pilot.press(*"4c 5c")  # the old cards were selected: typed over
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        assert screen.query_one("#cards").value == "4c 5c" and not copied
        assert text_of(screen, "#judge-verdict") == ""  # no verdict on other cards


async def test_changing_muggins_or_crib_judges_again(app):
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_judge(pilot)
        await fill(pilot, screen, "5h 5c 5s jd", "5d", "28")
        await pilot.press("enter")
        await pilot.pause()
        before = text_of(screen, "#judge-verdict")
        screen.query_one("#muggins").focus()
        await pilot.press("space")
        await pilot.pause()
        after = text_of(screen, "#judge-verdict")
        assert after != before and "Claimed 28" in after
        await pilot.press("space")
        await pilot.pause()
        assert text_of(screen, "#judge-verdict") == before


async def test_the_starter_as_a_fifth_card_or_after_a_bar(app):
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_judge(pilot)
        for cards in ("5h 5c 5s jd 5d", "5h 5c 5s jd | 5d"):
            await fill(pilot, screen, cards, "", "29")
            assert "✓ 4 cards and the starter" in text_of(screen, "#check")
            await pilot.press("enter")
            await pilot.pause()
            assert "Claimed 29: correct." in text_of(screen, "#judge-verdict")
        await fill(pilot, screen, "5h 5c 5s jd | 5d", "5d", "29")
        assert "not both" in text_of(screen, "#check")
