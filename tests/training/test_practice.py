"""The practice game's flow: the learner's decisions, the computer's, grading, undo, JSON."""

import itertools
import json
import random
from datetime import UTC, datetime

import pytest

from crib_trainer.core.engine import cuts_for_deal
from crib_trainer.core.pegging import SaidGo
from crib_trainer.core.rules import get_ruleset
from crib_trainer.core.show import score_show
from crib_trainer.training.game.practice import (
    Practice,
    PracticeError,
    PracticeSettings,
    grade_pending,
)

T = datetime(2025, 5, 1, tzinfo=UTC)


def learner_step(p: Practice, rng: random.Random, *, short: int = 0) -> Practice:
    """One decision of a learner who plays at random and counts ``short`` too few."""
    wait = p.waiting_for
    if wait == "discard":
        return p.discard(rng.sample(p.hand, p.game.variant.discard), seconds=2, answered_at=T)
    if wait == "play":
        assert p.game.play_state is not None
        return p.play(rng.choice(p.game.play_state.legal_cards()), seconds=1, answered_at=T)
    if wait == "go":
        return p.say_go()
    if wait == "check":
        return p.check(muggins=False, seconds=1, answered_at=T)[0]
    assert wait == "count"
    b = p.next_show()[2]
    return p.count(total=max(b.total - short, 0), seconds=3, answered_at=T)[0]


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_log_shows_both_cut_cards_and_who_deals_first(seed):
    p = Practice.new(PracticeSettings(strength="beginner"), seed=seed)
    line = p.log[0]
    for a, b in cuts_for_deal(seed):
        assert f"you {a}, Beginner {b}" in line
    dealer = "You deal" if p.game.first_dealer == 0 else "Beginner deals"
    assert line.endswith(f"{dealer} first.")


def test_a_whole_five_card_game_is_played_graded_and_saved_at_every_move():
    rng = random.Random(3)
    p = Practice.new(PracticeSettings("five-card", strength="beginner", auto_go=False), seed=3)
    p = p.advance()
    moves = 0
    while not p.over:
        p = learner_step(p, rng).advance()
        for pending in p.pending:
            p = p.graded(pending, grade_pending(p, pending))
        assert Practice.from_json(json.loads(json.dumps(p.to_json()))) == p
        moves += 1
    winner = p.game.winner
    assert winner is not None and p.game.scores[winner] >= 61 > p.game.scores[1 - winner]
    kinds = {g.attempt.kind for g in p.all_grades()}
    assert {"discard", "count-hand"} <= kinds and kinds <= {
        "discard",
        "peg-play",
        "position",  # (a decision near the end: judged by the chance to win)
        "count-hand",
        "count-crib",
    }
    assert not p.pending and p.waiting_for is None and moves > 10
    assert any(g.decision == "discard" for g in p.all_grades())
    assert p.log[-1].endswith(f"{p.game.scores[0]}–{p.game.scores[1]}.")


def test_the_computer_decides_the_same_way_on_a_resumed_game():
    rng = random.Random(8)
    p = Practice.new(PracticeSettings(strength="good"), seed=8).advance()
    for _ in range(6):
        p = learner_step(p, rng).advance()
    resumed = Practice.from_json(p.to_json()).advance()
    assert resumed == p.advance()


def test_the_learner_says_go_unless_the_trainer_says_it_for_him():
    for auto in (False, True):
        rng = random.Random(1)
        p = Practice.new(PracticeSettings(strength="beginner", auto_go=auto), seed=1).advance()
        waits = set()
        for _ in range(40):
            if p.over:
                break
            waits.add(p.waiting_for)
            p = learner_step(p, rng).advance()
        assert ("go" in waits) is not auto
        assert any(line.startswith("You: go") for line in p.log) or p.game.deal_number > 0


def test_go_cannot_be_said_while_a_card_comes_in():
    rng = random.Random(2)
    p = Practice.new(PracticeSettings(strength="beginner"), seed=2).advance()
    while p.waiting_for != "play":
        p = learner_step(p, rng).advance()
    with pytest.raises(PracticeError, match=r"No go: .* will come in"):
        p.say_go()
    with pytest.raises(PracticeError, match="Not your discard now"):
        p.discard(p.hand[:2], seconds=1, answered_at=T)


def test_muggins_takes_what_the_learner_missed_and_says_so():
    rng = random.Random(4)
    settings = PracticeSettings(ruleset="hoyle", muggins=True, strength="beginner")
    p = Practice.new(settings, seed=4).advance()
    while True:
        if p.waiting_for == "count" and p.next_show()[2].total >= 2:
            break
        p = learner_step(p, rng).advance()
    before = p.game.scores
    b = p.next_show()[2]
    after, grade = p.count(total=b.total - 2, seconds=1, answered_at=T)
    assert after.game.scores[0] - before[0] == b.total - 2
    assert after.game.scores[1] - before[1] >= 2  # muggins (and maybe his own show after)
    assert any(line.startswith("Muggins! Beginner takes 2 you missed:") for line in after.log)
    assert grade.points_lost == 4 and grade.attempt.kind in ("count-hand", "count-crib")


def test_an_itemised_count_pegs_its_items():
    rng = random.Random(6)
    p = Practice.new(PracticeSettings(strength="beginner", itemised=True), seed=6).advance()
    while p.waiting_for != "count":
        p = learner_step(p, rng).advance()
    _, crib, b = p.next_show()
    before = p.game.scores[0]
    after, grade = p.count(items=b.items, seconds=1, answered_at=T)
    assert after.game.scores[0] - before == b.total and grade.points_lost == 0
    assert grade.attempt.answer["items"] == [i.to_json() for i in b.items]
    assert score_show(b.cards, b.starter, crib=crib).total == b.total


def test_undo_takes_back_the_last_decision_and_marks_its_grade():
    rng = random.Random(5)
    p = Practice.new(PracticeSettings(strength="expert"), seed=5).advance()
    with pytest.raises(PracticeError, match="Nothing to take back"):
        p.undo()
    p = learner_step(p, rng).advance()
    assert p.waiting_for != "discard" and p.game.starter is not None
    with pytest.raises(PracticeError, match=f"The starter is turned \\({p.game.starter}\\)"):
        p.undo()  # the throw stands once the starter is seen
    while p.waiting_for != "play":
        p = learner_step(p, rng).advance()
    held, kept = p.hand, p.kept
    played = learner_step(p, rng).advance()
    back = played.undo()  # a card laid after the cut: taken back, the throw kept
    assert back.waiting_for == "play" and back.hand == held and back.kept == kept
    assert back.game.starter == p.game.starter
    assert [q.take_back for q in back.pending][-1]
    # after a count: the count is taken back too, and its grade is kept, marked
    while p.waiting_for != "count":
        p = learner_step(p, rng).advance()
    b = p.next_show()[2]
    counted = p.count(total=b.total, seconds=1, answered_at=T)[0].advance()
    again = counted.undo()
    assert again.waiting_for == "count" and again.game.scores == p.game.scores
    assert again.all_grades()[-1].take_back


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"ruleset": "britannica", "muggins": True}, "no muggins"),
        (
            {"variant": "three-player", "ruleset": "hoyle", "muggins": True, "miscounts": True},
            "two-player",
        ),
        ({"strength": "genius"}, "not genius"),
        ({"variant": "nine-card"}, "nine-card"),
        ({"miscounts": True}, "turn muggins on"),
    ],
)
def test_settings_that_do_not_go_together_are_refused(settings, message):
    with pytest.raises(PracticeError, match=message):
        PracticeSettings(**settings)


@pytest.mark.parametrize("variant", ["six-card", "five-card", "three-player", "four-player"])
@pytest.mark.parametrize("ruleset", ["acc", "hoyle", "britannica"])
def test_every_rule_set_goes_with_every_variant(variant, ruleset):
    settings = PracticeSettings(variant, ruleset, muggins=ruleset != "britannica")
    assert settings.options().ruleset.name == ruleset
    game = Practice.new(settings, seed=1).game
    assert game.ruleset == ruleset
    assert get_ruleset(ruleset).result_lines(game.variant.target)


def test_a_saved_game_that_does_not_read_is_one_error():
    p = Practice.new(PracticeSettings(strength="beginner"), seed=1)
    data = p.to_json()
    with pytest.raises(PracticeError, match="version"):
        Practice.from_json({**data, "version": 99})
    with pytest.raises(PracticeError, match="does not read"):
        Practice.from_json({**data, "mine": "x"})


def test_a_short_count_of_the_computer_is_caught_with_muggins_or_let_go():
    settings = PracticeSettings(ruleset="hoyle", muggins=True, miscounts=True, strength="beginner")
    rng = random.Random(7)
    p = Practice.new(settings, seed=7).advance()
    outcomes = set()
    for _ in range(400):
        if p.over or len(outcomes) == 3:
            break
        if p.waiting_for != "check":
            p = learner_step(p, rng).advance()
            continue
        claim, left_out = p.computer_claim()
        due = p.next_show()[2].total
        assert claim == due - sum(i.points for i in left_out)
        before = p.game.scores
        call = bool(left_out) if "caught" not in outcomes else rng.random() < 0.5
        p, grade = p.check(muggins=call, seconds=1, answered_at=T)
        assert grade.attempt.kind == "judge" and grade.attempt.question["claim"] == claim
        if call and left_out:
            outcomes.add("caught")
            assert p.log[-1].startswith("Muggins! You take") or p.game.deal_number
            assert p.game.scores[0] - before[0] >= due - claim and grade.points_lost == 0
        elif left_out:
            outcomes.add("let go")
            assert grade.points_lost == due - claim and not grade.attempt.correct
        elif call:
            outcomes.add("wrong call")
            assert grade.points_lost == 0 and not grade.attempt.correct
        p = p.advance()
    assert {"caught", "let go"} <= outcomes


def test_the_computer_counts_right_without_the_setting():
    rng = random.Random(7)
    p = Practice.new(PracticeSettings(strength="beginner"), seed=7).advance()
    while p.game.deal_number == 0:
        p = learner_step(p, rng).advance()
        assert p.waiting_for != "check"
    assert all("claims" not in line for line in p.log)


def _play_told_in_order(p: Practice) -> tuple[list[str], list[str]]:
    """The play's lines in this deal's log (who and what: ``Left: 9♥`` or ``You: go``) and
    the same from the engine's events, in the order they happened."""
    g = p.game
    assert g.play_state is not None
    start = max(i for i, line in enumerate(p.log) if line.startswith(("Deal ", "Cut for deal")))
    names = tuple(f"{name}: " for name in g.names)
    lines = [line for line in p.log[start:] if line.startswith(names)]
    for before, line in itertools.pairwise(lines):  # a go point told after the go said
        if line.endswith(": the go for 1."):
            assert before.split(" (")[0].rstrip(".").endswith(": go"), (before, line)
    told = [
        line.split(" (")[0].rstrip(".") for line in lines if not line.endswith(": the go for 1.")
    ]
    events = [
        f"{g.names[g.seat_of(e.player)]}: {'go' if isinstance(e, SaidGo) else e.card}"
        for e in g.play_state.events
    ]
    return told, events


@pytest.mark.parametrize("auto_go", [True, False])
@pytest.mark.parametrize("variant", ["six-card", "five-card", "three-player", "four-player"])
def test_the_log_tells_the_play_in_the_order_it_happened(variant, auto_go):
    rng = random.Random(1)
    settings = PracticeSettings(variant, strength="beginner", auto_go=auto_go)
    p = Practice.new(settings, seed=1).advance()
    go_first = 0  # plays where the learner's go came before another seat's
    while not p.over:
        q = learner_step(p, rng).advance()
        if q.game.deal_number != p.game.deal_number:  # p: the play over, the shows counted
            told, events = _play_told_in_order(p)
            assert told == events
            go_first += any(
                a == "You: go" and b.endswith(": go") for a, b in itertools.pairwise(events)
            )
        p = q
    assert go_first


@pytest.mark.parametrize("variant", ["six-card", "three-player"])
def test_the_computer_is_told_the_score_and_the_master_can_be_chosen(variant, monkeypatch):
    """Every decision of the computer is asked with the score as its seat sees it (its
    side's, then the best other's): the master plays by it."""
    from crib_trainer.analysis import players
    from crib_trainer.training.game import practice

    told = []

    class Telling(players.Master):
        def discard(self, hand, *, dealer, variant, score=None):
            told.append(score)
            return super().discard(hand, dealer=dealer, variant=variant, score=score)

        def play(self, situation, score=None):
            told.append(score)
            return super().play(situation, score)

        def play_table(self, situation, score=None):
            told.append(score)
            return super().play_table(situation, score)

    monkeypatch.setattr(practice, "make_player", lambda name, rng: Telling(rng=rng))
    rng = random.Random(4)
    p = Practice.new(PracticeSettings(variant, strength="master"), seed=4).advance()
    for _ in range(12):
        p = learner_step(p, rng).advance()
    assert told and all(isinstance(s, tuple) and len(s) == 2 for s in told)
    assert p.game.names[1] == ("Left" if variant == "three-player" else "Master")


@pytest.mark.parametrize("seed", [1, 2])
def test_the_five_card_games_three_for_last_is_told_before_the_play(seed):
    p = Practice.new(PracticeSettings("five-card", strength="beginner"), seed=seed)
    pone = p.game.names[p.game.pone]
    assert p.log[1].startswith(f"Three for last: {pone} peg")
    assert p.game.scores[p.game.side_of(p.game.pone)] == 3
    six = Practice.new(PracticeSettings(strength="beginner"), seed=seed)
    assert not any("three for last" in line.lower() for line in six.log)


@pytest.mark.parametrize("auto_go", [True, False])
def test_the_five_card_plays_end_at_its_first_count_is_told_where_it_happens(auto_go):
    """When the five-card play ends with cards still held, the log says so (with the law's
    source) after the play's last event and before the first show; never in six-card."""
    for variant, seed in (("five-card", 3), ("six-card", 3)):
        rng = random.Random(seed)
        p = Practice.new(PracticeSettings(variant, strength="beginner", auto_go=auto_go), seed=seed)
        p = p.advance()
        told = 0
        while not p.over and p.deal < 3:
            before = p
            p = learner_step(p, rng).advance()
            new = p.log[len(before.log) :] if p.deal == before.deal else ()
            ends = [i for i, line in enumerate(new) if line.startswith("The play is over")]
            told += len(ends)
            for i in ends:
                assert "; Britannica, the play)." in new[i]
                assert not any("counts" in line for line in new[:i])  # before the shows
        assert told > 0 if variant == "five-card" else told == 0


def test_a_hint_gives_the_graders_best_throw_and_the_throw_is_graded_as_hinted():
    from crib_trainer.training.game.gamehints import hint
    from crib_trainer.training.grading.judge import judge_throw

    p = Practice.new(PracticeSettings(strength="beginner"), seed=5).advance()
    text = hint(p)
    verdict = judge_throw(p.hand, p.hand[:2], dealer=p.you_deal)  # (as the grade judges it)
    best = verdict.best
    assert text.startswith(f"Best: {verdict.name(best)}, ") and verdict.why in text
    p = p.hinted(text)
    assert p.log[-1] == f"Hint: {text}" and p.hint_texts() == [text]
    assert Practice.from_json(json.loads(json.dumps(p.to_json()))) == p
    p = p.discard(best, seconds=2, answered_at=T).advance()
    [pending] = p.pending
    graded = p.graded(pending, grade_pending(p, pending))
    [grade] = graded.all_grades()
    assert grade.points_lost == 0 and grade.attempt.answer["hints"] == [text]
    assert grade.attempt.grade == "hinted" and not grade.attempt.correct


def test_a_hint_in_the_play_names_the_card_the_grade_calls_best():
    from crib_trainer.training.game.gamehints import hint

    rng = random.Random(4)
    p = Practice.new(PracticeSettings(strength="beginner"), seed=4).advance()
    while not (
        p.waiting_for == "play" and len({c.rank for c in p.game.play_state.legal_cards()}) > 1
    ):
        p = learner_step(p, rng).advance()
    text = hint(p)
    card = next(c for c in p.game.play_state.legal_cards() if text.startswith(f"Best: {c}"))
    played = p.hinted(text).play(card, seconds=1, answered_at=T)
    pending = played.pending[-1]
    graded = played.graded(pending, grade_pending(played, pending)).all_grades()[-1]
    assert graded.points_lost == 0 and graded.attempt.grade == "hinted"


def test_a_counts_hints_are_the_drills_steps_one_a_press():
    from crib_trainer.training.game.gamehints import hint
    from crib_trainer.training.grading.hints import hints

    rng = random.Random(6)
    p = Practice.new(PracticeSettings(strength="beginner"), seed=6).advance()
    while p.waiting_for != "count":
        p = learner_step(p, rng).advance()
    steps = hints(p.next_show()[2])
    for n, step in enumerate(steps):
        text = hint(p, len(p.hint_texts()))
        assert text == f"Hint {n + 1} of 3: {step}"
        p = p.hinted(text)
    assert hint(p, 3).startswith("No more hints")
    total = p.next_show()[2].total
    _, grade = p.count(total=total, seconds=2, answered_at=T)
    assert grade.attempt.grade == "hinted" and grade.attempt.answer["credit"] == 0.25


def test_nothing_to_hint_while_the_computer_decides():
    from crib_trainer.training.game.gamehints import hint

    p = Practice.new(PracticeSettings(strength="beginner"), seed=5)  # (not advanced)
    if p.waiting_for is None:
        with pytest.raises(ValueError, match="nothing to hint"):
            hint(p)
        with pytest.raises(PracticeError, match="nothing to hint"):
            p.hinted("x")


@pytest.mark.parametrize("variant", ["six-card", "three-player"])
def test_count_for_me_counts_every_show_of_yours_and_grades_none(variant):
    rng = random.Random(2)
    settings = PracticeSettings(variant, strength="beginner", count_for_me=True)
    p = Practice.new(settings, seed=2).advance()
    said: set[str] = set()
    while not p.over and p.deal < 3:
        assert p.waiting_for != "count"
        p = learner_step(p, rng).advance()
        said |= {line for line in p.log if "counted for you" in line}
    assert len(said) >= 3  # your hand each deal, and your crib when you dealt
    assert not any(g.decision == "count" for g in p.all_grades())
    assert PracticeSettings.from_json(settings.to_json()) == settings


def test_five_card_three_for_last_is_said_with_its_law_at_the_start():
    """Britannica, the deal: the engine credits the first non-dealer three for last before
    the first deal; the game's log says so, with the law (it said nothing)."""
    for seed in (1, 2):
        p = Practice.new(PracticeSettings("five-card"), seed=seed)
        pone = 1 - p.game.first_dealer
        assert p.game.scores[pone] == 3
        who = "You score" if pone == 0 else f"{p.game.names[1]} scores"
        assert p.log[0].endswith(f'{who} three for last (Britannica, "Cribbage", the deal).')
    assert "three for last" not in Practice.new(PracticeSettings(), seed=1).log[0]
