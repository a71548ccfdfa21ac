"""The scorekeeper's game: order of scoring, the win, lurch and skunk, the rulings on counts
and pegs under each rule set, the end of the play, short hands, undo.

The rule texts are cited by their file in ../shared/rules: Britannica 000_9eb24ee60004c902.txt,
1911 001_e9ff528cbb8f3f06.txt, Hoyle 003_89bcfdda3f850483.txt; ACC is the American Cribbage
Congress's tournament rules."""

from __future__ import annotations

import pytest

from crib_trainer.core.game import (
    IRREGULARITIES,
    Cut,
    Game,
    GameConfig,
    GameError,
    Laid,
    NoOneCanPlay,
    Pegged,
    Penalty,
    PlayOver,
    Shown,
    irregularities_for,
)
from crib_trainer.core.gamelog import replay_log
from crib_trainer.core.rules import ACC, BRITANNICA, HOYLE
from crib_trainer.core.variants import get_variant
from tests.conftest import card, cards

ANN, BOB = 0, 1


def two_player(**kw) -> Game:
    # Bob deals first, so Ann (on his left) shows first.
    return Game.new(GameConfig(names=("Ann", "Bob"), **kw), first_dealer=BOB)


def test_heels_to_the_dealer_and_the_show_order():
    g = two_player().add(Cut(card("JH")))
    assert g.state().scores == [0, 2]
    g = g.add(Pegged(ANN, 2)).add(Pegged(BOB, 1)).add(PlayOver())
    assert g.state().next_show() == (ANN, False)
    with pytest.raises(GameError, match="the next show is Ann's hand"):
        g.add(Shown(BOB, False, cards("2C 3C 4C 6D"), 0))
    g = g.add(Shown(ANN, False, cards("2C 3C 4C 6D"), 5))  # with JH: run 3, 2-3-4-6 is 15
    assert g.state().next_show() == (BOB, False)
    g = g.add(Shown(BOB, False, cards("KS QS 8D 7D"), 4))
    assert g.state().next_show() == (BOB, True)
    g = g.add(Shown(BOB, True, cards("AS 9C TC 5H"), 4))
    state = g.state()
    assert state.phase == "cut" and state.deal == 2 and state.dealer == ANN


def peg_many(game: Game, side: int, total: int) -> Game:
    """Peg ``total`` for a side in the play, at most 15 an entry (one card's most)."""
    while total > 0:
        step = min(total, 15)
        game = game.add(Pegged(side, step))
        total -= step
    return game


def test_win_in_the_middle_of_the_shows_stops_the_game():
    """Hoyle [003], Scoring: if the non-dealer goes out on showing his hand, he wins."""
    g = two_player(target=61).add(Cut(card("5D")))
    g = peg_many(peg_many(g, ANN, 40), BOB, 30).add(PlayOver())
    g = g.add(Shown(ANN, False, cards("5H 5C 5S JD"), 29))  # 40 + 29: Ann is out
    state = g.state()
    assert state.winner == ANN and state.phase == "over" and state.scores[ANN] == 61
    assert state.result.kind == "single"  # Bob made thirty holes
    with pytest.raises(GameError, match="the game is over: Ann won"):
        g.add(Shown(BOB, False, cards("KS QS 8D 7D"), 4))


def won(loser: int, target: int = 61, **kw) -> str:
    """The result of a game Ann wins with Bob on ``loser``."""
    g = peg_many(two_player(target=target, **kw).add(Cut(card("2D"))), BOB, loser)
    return peg_many(g, ANN, target).state().result.kind


def test_britannica_000_lurch_in_61_is_failing_to_obtain_thirty_holes():
    """Britannica [000], the board: a loser who fails to obtain thirty holes is lurched; 30
    itself is a single game."""
    assert won(29) == "lurch"
    assert won(30) == "single"
    assert won(29, lurch=False) == "single"  # a double only when so agreed


@pytest.mark.parametrize("rules", [BRITANNICA, HOYLE])
def test_1911_001_and_hoyle_003_lurch_in_121_is_under_61(rules):
    """1911 [001]: fails to obtain half the holes; Hoyle [003], Scoring: fails to reach 61."""
    assert won(60, 121, ruleset=rules) == "lurch"
    assert won(61, 121, ruleset=rules) == "single"


def test_acc_skunk_under_91_and_double_skunk_under_61():
    """ACC rule 1.6: a skunk is a win by 31 or more, a double skunk by 61 or more."""
    assert two_player().config.rules is ACC  # the default for 121
    assert won(72, 121) == "skunk"  # 121-72 is no single game for ACC players
    assert won(90, 121) == "skunk"
    assert won(91, 121) == "single"
    assert won(60, 121) == "double-skunk"
    assert won(61, 121) == "skunk"


@pytest.mark.parametrize("variant", ["three-player", "four-player", "five-card"])
def test_britannica_000_and_1911_001_only_the_six_card_game_is_121(variant):
    """Britannica [000]: a game is won at sixty-one holes, whether two, three or four play;
    the 1911 article [001]: in six-card cribbage 121 holes are scored."""
    config = GameConfig(
        variant=get_variant(variant), names=("A", "B", "C")[: 3 if variant == "three-player" else 2]
    )
    assert config.target == 61 and config.rules is BRITANNICA
    assert GameConfig().target == 121 and GameConfig().rules is ACC


def test_acc_rules_at_61_take_britannicas_thirty_holes():
    """The ACC's rules are for 121; chosen for a game of 61 (their counting laws and
    muggins), the result takes Britannica's lurch under thirty holes, with its source."""
    lines = ACC.result_lines(61)
    assert [(line.kind, line.law.source) for line in lines] == [("lurch", "Britannica, the board")]
    assert two_player(target=61, ruleset=ACC).config.rules is ACC


def test_win_on_his_heels_before_anyone_shows():
    g = peg_many(two_player(target=61).add(Cut(card("2D"))), ANN, 59).add(PlayOver())
    g = g.add(Shown(ANN, False, cards("KS QH 9C 7D"), 0))  # nothing, with a 2 turned
    g = g.add(Shown(BOB, False, cards("KD QS 9H 7C"), 0))
    g = g.add(Shown(BOB, True, cards("KC QC 9S 7H"), 0))
    assert g.state().dealer == ANN
    g = g.add(Cut(card("JS")))
    assert g.state().winner == ANN and g.state().scores == [61, 0]


def show_29_claimed(claim: int, **kw) -> list[int]:
    g = two_player(**kw).add(Cut(card("5D"))).add(PlayOver())
    return g.add(Shown(ANN, False, cards("5H 5C 5S JD"), claim)).state().scores


@pytest.mark.parametrize("rules", [ACC, HOYLE])
def test_muggins_gives_missed_points_to_the_opponent(rules):
    """Hoyle [003], Muggins ("in some localities"); ACC rule 10: muggins optional."""
    assert show_29_claimed(28, ruleset=rules, target=121, muggins=True) == [28, 1]


def test_britannica_000_law_19_has_no_muggins():
    with pytest.raises(GameError, match="no muggins"):
        two_player(ruleset=BRITANNICA, muggins=True)


@pytest.mark.parametrize("rules", [ACC, BRITANNICA, HOYLE])
def test_without_muggins_points_counted_short_are_lost(rules):
    """Britannica [000] law 19: scoring too few, no penalty, no assistance; Hoyle [003]; ACC
    rule 8.3: no correction once the peg is let go."""
    g = two_player(ruleset=rules).add(Cut(card("5D"))).add(PlayOver())
    state = g.add(Shown(ANN, False, cards("5H 5C 5S JD"), 28)).state()
    assert state.scores == [28, 0]
    assert "the 1 short is lost" in state.events[-1].text
    assert rules.under_claim.cite() in state.events[-1].text


def test_friendly_correction_puts_a_short_count_right():
    assert show_29_claimed(28, correction=True) == [29, 0]
    assert show_29_claimed(28, correction=True, muggins=True) == [28, 1]  # muggins first


@pytest.mark.parametrize(("rules", "bob"), [(BRITANNICA, 3), (HOYLE, 0), (ACC, 3)])
def test_over_claim_under_each_rule_set(rules, bob):
    """Britannica [000] law 19: the adversary adds the points overscored; Hoyle [003],
    Muggins: the opponent may require correction (no penalty); ACC rule 8.4."""
    g = two_player(ruleset=rules).add(Cut(card("9C"))).add(PlayOver())
    state = g.add(Shown(ANN, False, cards("7H 8C 8D KS"), 15)).state()  # worth 12
    assert state.scores == [12, bob]
    assert rules.over_claim.law.cite() in state.events[-1].text


@pytest.mark.parametrize("rules", [BRITANNICA, HOYLE, ACC])
def test_nineteen_for_a_hand_of_nothing_is_right_not_an_over_claim(rules):
    """Hoyle [003], Showing, and All about [004], Finale: "nineteen" is what players say for
    a hand that scores nothing (no hand can make 19), as the judge (score --claim) reads it."""
    g = two_player(ruleset=rules).add(Cut(card("KH"))).add(PlayOver())
    state = g.add(Shown(ANN, False, cards("2H 4C 8D QS"), 19)).state()  # worth 0
    assert state.scores == [0, 0]
    assert "claimed" not in state.events[-1].text
    # Worth 4: "nineteen" still claims nothing (no hand makes 19, and no one pegs 19 for
    # it), so the 4 are overlooked, not 15 over-claimed for the opponent to peg.
    short = g.add(Shown(ANN, False, cards("2H 3C 7D QS"), 19)).state()
    assert short.scores == [0, 0]
    assert "the 4 short is lost" in short.events[-1].text
    if rules.muggins is not None:
        muggins = two_player(ruleset=rules, muggins=True).add(Cut(card("KH"))).add(PlayOver())
        assert muggins.add(Shown(ANN, False, cards("2H 3C 7D QS"), 19)).state().scores == [0, 4]


@pytest.mark.parametrize(("rules", "bob"), [(BRITANNICA, 1), (HOYLE, 2), (ACC, 1)])
def test_pegging_more_than_announced_is_its_own_fault(rules, bob):
    """Hoyle [003], Error in Pegging: pegging more than the announced score is corrected and
    the opponent pegs 2 (not the over-claim's correction on demand); Britannica law 19 and
    ACC rule 8.4 give the excess."""
    g = two_player(ruleset=rules).add(Cut(card("9C"))).add(Pegged(ANN, 3, due=2))
    state = g.state()
    assert state.scores == [2, bob]
    assert rules.over_peg.law.cite() in state.events[-1].text


@pytest.mark.parametrize(
    ("rules", "muggins", "scores"),
    [(BRITANNICA, False, [1, 0]), (HOYLE, True, [1, 0]), (ACC, False, [1, 0]), (ACC, True, [1, 1])],
)
def test_pegging_short_in_the_play(rules, muggins, scores):
    """Britannica [000] law 19: too few, no penalty; Hoyle [003], Error in Pegging: a short
    peg stands once the next card is played (its muggins is for hands and cribs); ACC rule
    10.2: muggins covers points left unpegged in the play."""
    g = two_player(ruleset=rules, muggins=muggins).add(Cut(card("9C")))
    assert g.add(Pegged(ANN, 1, due=2)).state().scores == scores


def test_undo_and_json_round_trip():
    g = two_player().add(Cut(card("JH"))).add(Pegged(ANN, 2))
    assert g.undo().state().scores == [0, 2]
    assert g.undo().undo().entries == ()
    assert Game.from_json(g.to_json()) == g
    with pytest.raises(GameError, match="nothing to undo"):
        two_player().undo()


def test_five_card_game_starts_with_three_for_last():
    g = Game.new(GameConfig(variant=get_variant("five-card"), names=("A", "B"), target=61), 0)
    assert g.state().scores == [0, 3]  # B is the non-dealer


def test_three_players_show_round_to_the_dealer_then_crib():
    config = GameConfig(variant=get_variant("three-player"), names=("A", "B", "C"))
    g = Game.new(config, first_dealer=2).add(Cut(card("2D"))).add(PlayOver())
    order = g.state().show_order()
    assert order == [(0, False), (1, False), (2, False), (2, True)]


def test_four_players_score_by_partnership():
    config = GameConfig(variant=get_variant("four-player"), names=("North-South", "East-West"))
    g = Game.new(config, first_dealer=3).add(Cut(card("JH")))
    assert g.state().scores == [0, 2]  # player 3 deals for East-West
    assert g.state().show_order()[0] == (0, False)


def test_penalties_and_irregularities():
    law = next(i for i in IRREGULARITIES if i.id == "misdeal")
    g = two_player().add(Penalty(ANN, law.points, law.law_text))
    assert (
        g.state().scores == [2, 0] and 'Britannica, "Cribbage", law 4:' in g.state().events[-1].text
    )


def test_britannica_000_law_16_is_not_in_the_five_card_game():
    """Britannica [000]: law 16 names six-card and three- or four-handed cribbage; in the
    five-card game a player is at liberty to play on or not."""
    five = [i.id for i in irregularities_for(get_variant("five-card"))]
    six = [i.id for i in irregularities_for(get_variant("six-card"))]
    assert "failed-to-play" not in five and "failed-to-play" in six


def test_hoyle_scores_no_penalty_for_a_misdeal_or_a_card_exposed_in_dealing():
    """Hoyle [003], Misdeal: "There must be a new deal by the same dealer if ... a card is
    exposed in dealing" (no score); Britannica's laws 4 and 8 give the non-dealer 2.
    Hoyle's own 2 for a hand of the wrong number and for a wrong crib stay."""
    six = get_variant("six-card")
    every = [i.id for i in irregularities_for(six)]
    for rules in (ACC, BRITANNICA):
        assert [i.id for i in irregularities_for(six, rules)] == every
    hoyle = [i.id for i in irregularities_for(six, HOYLE)]
    assert [i for i in every if i not in hoyle] == ["misdeal", "exposed-or-wrong-count"]
    assert {"laid-out-too-many", "wrong-crib"} <= set(hoyle)


def test_entries_out_of_place_are_refused():
    g = two_player()
    with pytest.raises(GameError, match="after the cut"):
        g.add(Pegged(ANN, 2))
    with pytest.raises(GameError, match="no show is due"):
        g.add(Shown(ANN, False, cards("5H 5C 5S JD"), 29))
    g = g.add(Cut(card("5D"))).add(PlayOver())
    with pytest.raises(GameError, match="has 4 cards"):
        g.add(Shown(ANN, False, cards("5H 5C 5S 4D 3D"), 6))
    with pytest.raises(GameError, match="duplicate card 5♦"):
        g.add(Shown(ANN, False, cards("5H 5C 5S 5D"), 6))
    with pytest.raises(GameError, match="sides"):
        GameConfig(names=("one",))
    with pytest.raises(GameError, match="61 or 121"):
        GameConfig(target=100)


def test_back_peg_shows_the_last_score():
    g = two_player().add(Cut(card("2D"))).add(Pegged(ANN, 2)).add(Pegged(ANN, 3))
    state = g.state()
    assert state.scores[ANN] == 5 and state.back[ANN] == 2


def test_cards_laid_are_scored_as_in_the_play():
    """The 1911 [001] dialogue entered card by card: A (Ann, non-dealer) 4, B (Bob) 5."""
    g = two_player().add(Cut(card("2H")))
    for c in cards("2D 9S 4C 4D JH"):
        g = g.add(Laid(c))
    g = g.add(Laid(card("2S"), player=ANN))  # Bob said go; Ann plays on to 31
    g = g.add(Laid(card("9D")))
    assert g.state().next_to_lay() == BOB  # Ann has laid all four: Bob plays on alone
    g = g.add(Laid(card("6H")))
    state = g.state()
    assert state.scores == [4, 5]
    assert state.phase == "show"  # every card is down: the play ended by itself
    assert g.add(PlayOver()).state() == state  # (an end typed by habit changes nothing)
    with pytest.raises(GameError, match="played already"):
        two_player().add(Cut(card("2H"))).add(Laid(card("5S"))).add(Laid(card("5S")))
    with pytest.raises(GameError, match="past 31"):
        g2 = two_player().add(Cut(card("2H")))
        for c in cards("KS QH 9C 5D"):
            g2 = g2.add(Laid(c))
    g3 = two_player().add(Cut(card("2H")))
    for c in cards("KS QH 9C"):
        g3 = g3.add(Laid(c))
    g3 = g3.add(NoOneCanPlay())
    assert g3.state().scores == [1, 0]  # the go to Ann, who laid the 9
    assert Game.from_json(g3.to_json()) == g3


def test_shows_must_agree_with_the_play_and_each_other():
    g = two_player().add(Cut(card("2H")))
    for c in cards("2D 9S 4C 4D JH"):
        g = g.add(Laid(c))
    g = g.add(Laid(card("2S"), player=ANN)).add(Laid(card("9D")))
    with pytest.raises(GameError, match="laid all 4 cards"):
        g.add(Laid(card("KS"), player=ANN))
    g = g.add(Laid(card("6H"), player=BOB))
    with pytest.raises(GameError, match="every card has been laid"):
        g.add(Laid(card("KS"), player=ANN))
    with pytest.raises(GameError, match="this hand laid 2♦ in the play"):
        g.add(Shown(ANN, False, cards("JH 4C 3D 2S"), 0))
    g = g.add(Shown(ANN, False, cards("JH 4C 2D 2S"), 7))
    g = g.add(Shown(BOB, False, cards("9S 9D 6H 4D"), 10))
    with pytest.raises(GameError, match="J♥ has been shown already"):
        g.add(Shown(BOB, True, cards("JH 8C 3D AS"), 0))


def five_card() -> Game:
    config = GameConfig(variant=get_variant("five-card"), names=("A", "B"))
    assert config.target == 61 and config.rules is BRITANNICA  # the five-card game's own
    return Game.new(config, 1).add(Cut(card("2H")))


def test_britannica_000_the_five_card_play_ends_at_the_first_go():
    """Britannica [000], the play: at the two-handed five-card game, when neither can come
    in the play is at an end."""
    g = five_card()
    for c in cards("KS QH 9C"):
        g = g.add(Laid(c))
    g = g.add(NoOneCanPlay())
    assert g.state().phase == "show"  # no end to type
    with pytest.raises(
        GameError, match=r"the play is over: .*Britannica, \"Cribbage\", the play\)"
    ):
        g.add(Laid(card("5D")))


def test_britannica_000_the_five_card_play_ends_at_31():
    """The issue's example: KS QH 5D 6C makes 31; the 3s still held are not played."""
    g = five_card()
    for c in cards("KS QH 5D 6C"):
        g = g.add(Laid(c))
    state = g.state()
    assert state.phase == "show" and state.scores == [3, 2]  # A's three for last; B's 31
    for late in ("3S", "3H"):
        with pytest.raises(GameError, match="the play is over"):
            g.add(Laid(card(late)))


def test_one_card_scores_at_most_15_in_the_play():
    """The most one card scores (a double pair royal at 15 as the last card: Britannica
    [000], Pairs, Fifteens, the go) is found by search in test_play_laws; '1 30' after the
    cut is refused with that reason."""
    g = two_player().add(Cut(card("2D")))
    assert g.add(Pegged(ANN, 15)).state().scores == [15, 0]
    with pytest.raises(GameError, match="at most 15 in the play"):
        g.add(Pegged(ANN, 30))  # '1 30' after the cut


def test_a_go_while_a_card_would_come_in_is_noted():
    """Britannica [000], the play: a player is bound to play while he can (law 16)."""
    g = two_player().add(Cut(card("2D")))
    for c in cards("KS 6H 5D"):
        g = g.add(Laid(c))
    g = g.add(NoOneCanPlay()).add(Laid(card("5C")))  # Bob held the 5 at 21
    notes = [e.text for e in g.state().events if e.text.startswith("note:")]
    assert len(notes) == 1 and "Bob lays 5♣ later" in notes[0] and "law 16" in notes[0]
    # The penalty as a line to type (the scorekeeper's or a game log's), not a key of one
    # screen: Ann, Bob's adversary, may claim it.
    assert "penalty ann failed-to-play" in notes[0] and "ctrl+r" not in notes[0]


def test_britannica_000_laws_10_and_13_a_short_hand_is_shown_without_penalty():
    g = two_player(ruleset=BRITANNICA).add(Cut(card("5D"))).add(PlayOver())
    state = g.add(Shown(ANN, False, cards("5H 5C JD"), 15)).state()
    assert state.scores == [15, 0] and "short by 1" in state.events[-2].text


def test_hoyle_003_wrong_number_of_cards_a_short_hand_costs_2():
    g = two_player(ruleset=HOYLE).add(Cut(card("5D"))).add(PlayOver())
    state = g.add(Shown(ANN, False, cards("5H 5C JD"), 15)).state()
    assert (
        state.scores == [15, 2]
        and 'Hoyle, "Cribbage", Wrong Number of Cards' in state.events[-2].text
    )


def test_a_short_crib_is_still_refused():
    g = two_player().add(Cut(card("5D"))).add(PlayOver())
    g = g.add(Shown(ANN, False, cards("5H 5C 5S JD"), 29))
    g = g.add(Shown(BOB, False, cards("KS QS 8D 7D"), 4))
    with pytest.raises(GameError, match="crib has 4 cards"):
        g.add(Shown(BOB, True, cards("AS 2S 3S"), 4))


def test_errors_on_an_entry_name_no_entry_number_but_a_saved_game_does():
    g = two_player().add(Cut(card("2D")))
    with pytest.raises(GameError) as raised:
        g.add(Laid(card("2D")))
    assert str(raised.value) == "2♦ is the starter; it cannot be played"
    bad = g.to_json()
    bad["entries"].append({"type": "laid", "card": "2D", "player": None})
    with pytest.raises(GameError, match=r"^entry 2: 2♦ is the starter"):
        Game.from_json(bad)


def old_json(config: dict, entries: list[dict]) -> Game:
    """A game as saved before rule sets: an ``overscore`` law, no ``rules``."""
    base = {"variant": "six-card", "names": ["Ann", "Bob"], "target": 121, "muggins": False}
    base |= {"lurch": True, "overscore": "britannica"} | config
    return Game.from_json({"config": base, "first_dealer": 1, "entries": entries})


CUT_5D = {"type": "cut", "starter": "5D"}
OVER = {"type": "play-over"}


def shown(side: int, text: str, claim: int, crib: bool = False) -> dict:
    return {"type": "shown", "side": side, "crib": crib, "cards": text.split(), "claim": claim}


def test_an_old_saved_game_replays_as_it_was_played():
    """Games saved before rule sets keep their scores: a short claim was put right, Hoyle's
    over-claim cost 2, a loser of 30 in 61 was lurched, 31 could be pegged at once, and
    the five-card play went on after 31."""
    g = old_json({}, [CUT_5D, OVER, shown(0, "5H 5C 5S JD", 28)])
    assert g.state().scores == [29, 0]
    g = old_json({"overscore": "hoyle"}, [CUT_5D, OVER, shown(0, "7H 8C 8D KS", 15)])
    assert g.state().scores == [8, 2]  # 7-8-8-K with a 5 is worth 8
    pegs = [{"type": "pegged", "side": s, "points": p} for s, p in ((1, 30), (0, 31), (0, 30))]
    g = old_json({"target": 61}, [{"type": "cut", "starter": "2D"}, *pegs])
    assert g.state().result.kind == "lurch"  # as first kept: under 31 of 61
    assert g.to_json()["config"]["rules"] == "britannica-first"
    assert Game.from_json(g.to_json()) == g
    laid = [{"type": "laid", "card": c, "player": None} for c in "KS QH 5H 6C 3S 3H".split()]
    g = old_json({"variant": "five-card", "target": 61}, [CUT_5D, *laid, OVER])
    assert g.state().scores == [3, 2 + 2 + 1]  # as it was kept: the 3s scored after 31


def test_points_after_the_win_are_not_logged():
    g = peg_many(two_player(target=61).add(Cut(card("5D"))), ANN, 32).add(PlayOver())
    g = g.add(Shown(ANN, False, cards("5H 5C 5S JD"), 31))  # out, though 2 over-claimed
    state = g.state()
    assert state.winner == ANN
    assert not any("law 19" in e.text for e in state.events)
    assert state.events[-2].points == (29, 0) and state.scores == [61, 0]
    # The score stops at the game hole, and the log says so: 32 + 29 is 61 exactly.
    assert state.events[-1].text == "Ann pegs out: 61, the game hole"


def test_pegging_out_past_the_game_hole_is_said():
    """A replay shows the winner at the game hole (121), and says what was past it."""
    log = ["game: Ann, Bob", "2D", *["ann 15"] * 8, "ann 3"]
    replay = replay_log(log)
    assert replay.entries[-1].scores == (121, 0)
    texts = [e.text for e in replay.entries[-1].events]
    assert texts == ["Ann pegs 3", "Ann pegs out: 121, the game hole; the 2 past it not pegged"]


def test_five_card_three_for_last_is_said_with_its_law_in_a_replay():
    """Britannica, the deal: at the two-handed five-card game the first non-dealer scores
    three for last; the replay shows it on the header's line, before any entry."""
    replay = replay_log(["game: Ann, Bob; variant five-card"])  # Ann deals: Bob scores 3
    [header] = replay.entries
    assert header.line == 1 and header.scores == (0, 3)
    assert [e.text for e in header.events] == [
        'Bob: three for last, at the start — Britannica, "Cribbage", the deal'
    ]
    assert header.events[0].points == (0, 3)
