"""The scorekeeper's game: order of scoring, the win, lurch, muggins, over-claims, undo."""

from __future__ import annotations

import pytest

from crib_trainer.core.game import (
    IRREGULARITIES,
    Cut,
    Game,
    GameConfig,
    GameError,
    Pegged,
    Penalty,
    PlayOver,
    Shown,
)
from crib_trainer.core.rules import OverscoreLaw, get_variant
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
    """Peg ``total`` for a side in the play, at most 31 an entry."""
    while total > 0:
        step = min(total, 31)
        game = game.add(Pegged(side, step))
        total -= step
    return game


def test_win_in_the_middle_of_the_shows_stops_the_game():
    g = two_player(target=61).add(Cut(card("5D")))
    g = peg_many(peg_many(g, ANN, 40), BOB, 30).add(PlayOver())
    g = g.add(Shown(ANN, False, cards("5H 5C 5S JD"), 29))  # 40 + 29: Ann is out
    state = g.state()
    assert state.winner == ANN and state.phase == "over" and state.scores[ANN] == 61
    assert state.lurched  # Bob has 30, short of half the holes (31)
    with pytest.raises(GameError, match="the game is over: Ann won"):
        g.add(Shown(BOB, False, cards("KS QS 8D 7D"), 4))


def test_lurch():
    g = peg_many(two_player(target=61).add(Cut(card("2D"))), ANN, 61)
    assert g.state().lurched
    g = peg_many(peg_many(two_player(target=61).add(Cut(card("2D"))), BOB, 31), ANN, 61)
    assert not g.state().lurched
    g = peg_many(two_player(target=61, lurch=False).add(Cut(card("2D"))), ANN, 61)
    assert not g.state().lurched
    g = peg_many(peg_many(two_player().add(Cut(card("2D"))), BOB, 60), ANN, 121)
    assert g.state().lurched  # 60 of 121: short of 61


def test_win_on_his_heels_before_anyone_shows():
    g = peg_many(two_player(target=61).add(Cut(card("2D"))), ANN, 59).add(PlayOver())
    g = g.add(Shown(ANN, False, cards("KS QH 9C 7D"), 0))  # nothing, with a 2 turned
    g = g.add(Shown(BOB, False, cards("KD QS 9H 7C"), 0))
    g = g.add(Shown(BOB, True, cards("KC QC 9S 7H"), 0))
    assert g.state().dealer == ANN
    g = g.add(Cut(card("JS")))
    assert g.state().winner == ANN and g.state().scores == [61, 0]


def test_muggins_gives_missed_points_to_the_opponent():
    g = two_player(muggins=True).add(Cut(card("5D"))).add(PlayOver())
    g = g.add(Shown(ANN, False, cards("5H 5C 5S JD"), 28))
    assert g.state().scores == [28, 1]


def test_without_muggins_the_count_is_corrected():
    g = two_player().add(Cut(card("5D"))).add(PlayOver())
    g = g.add(Shown(ANN, False, cards("5H 5C 5S JD"), 28))
    assert g.state().scores == [29, 0]


@pytest.mark.parametrize(("law", "bob"), [(OverscoreLaw.BRITANNICA, 3), (OverscoreLaw.HOYLE, 2)])
def test_over_claim_under_each_law(law, bob):
    g = two_player(overscore=law).add(Cut(card("9C"))).add(PlayOver())
    g = g.add(Shown(ANN, False, cards("7H 8C 8D KS"), 15))  # worth 12
    assert g.state().scores == [12, bob]


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
    g = two_player().add(Penalty(ANN, law.points, law.law))
    assert g.state().scores == [2, 0] and "law 4" in g.state().events[-1].text


def test_entries_out_of_place_are_refused():
    g = two_player()
    with pytest.raises(GameError, match="after the cut"):
        g.add(Pegged(ANN, 2))
    with pytest.raises(GameError, match="no show is due"):
        g.add(Shown(ANN, False, cards("5H 5C 5S JD"), 29))
    g = g.add(Cut(card("5D"))).add(PlayOver())
    with pytest.raises(GameError, match="has 4 cards"):
        g.add(Shown(ANN, False, cards("5H 5C 5S"), 6))
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
    """The 1911 dialogue entered card by card: A (Ann, non-dealer) 4, B (Bob) 5."""
    from crib_trainer.core.game import Laid, NoOneCanPlay

    g = two_player().add(Cut(card("2H")))
    for c in cards("2D 9S 4C 4D JH"):
        g = g.add(Laid(c))
    g = g.add(Laid(card("2S"), player=ANN))  # Bob said go; Ann plays on to 31
    g = g.add(Laid(card("9D"))).add(Laid(card("6H"), player=BOB)).add(PlayOver())
    state = g.state()
    assert state.scores == [4, 5]
    assert state.phase == "show"
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
    from crib_trainer.core.game import Laid

    g = two_player().add(Cut(card("2H")))
    for c in cards("2D 9S 4C 4D JH"):
        g = g.add(Laid(c))
    g = g.add(Laid(card("2S"), player=ANN)).add(Laid(card("9D"))).add(Laid(card("6H"), player=BOB))
    with pytest.raises(GameError, match="laid all 4 cards"):
        g.add(Laid(card("KS"), player=ANN))
    g = g.add(PlayOver())
    with pytest.raises(GameError, match="this hand laid 2♦ in the play"):
        g.add(Shown(ANN, False, cards("JH 4C 3D 2S"), 0))
    g = g.add(Shown(ANN, False, cards("JH 4C 2D 2S"), 7))
    g = g.add(Shown(BOB, False, cards("9S 9D 6H 4D"), 10))
    with pytest.raises(GameError, match="J♥ has been shown already"):
        g.add(Shown(BOB, True, cards("JH 8C 3D AS"), 0))


def test_the_five_card_play_ends_at_the_first_go():
    from crib_trainer.core.game import Laid, NoOneCanPlay

    config = GameConfig(variant=get_variant("five-card"), names=("A", "B"))
    assert config.target == 61  # the five-card game's own target
    g = Game.new(config, 1).add(Cut(card("2H")))
    for c in cards("KS QH 9C"):
        g = g.add(Laid(c))
    g = g.add(NoOneCanPlay())
    with pytest.raises(GameError, match="play ends at the first go"):
        g.add(Laid(card("5D")))
    assert g.add(PlayOver()).state().phase == "show"


def test_points_after_the_win_are_not_logged():
    g = two_player(target=61).add(Cut(card("5D")))
    g = g.add(Pegged(ANN, 31)).add(Pegged(ANN, 1)).add(PlayOver())
    g = g.add(Shown(ANN, False, cards("5H 5C 5S JD"), 31))  # out, though 2 over-claimed
    state = g.state()
    assert state.winner == ANN
    assert not any("law 19" in e.text for e in state.events)
    assert state.events[-1].points == (29, 0)
