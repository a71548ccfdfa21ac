"""The game log: a header line, then one entry a line in the scorekeeper's own syntax;
exported and replayed to the same game, every ruling on the way; a bad line named by its
number with the rule it breaks (Britannica 000_9eb24ee60004c902.txt, the play; Hoyle
003_89bcfdda3f850483.txt)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crib_trainer.core.cards import FULL_DECK
from crib_trainer.core.game import (
    IRREGULARITIES,
    Cut,
    Game,
    GameConfig,
    GameError,
    GameState,
    Laid,
    NoOneCanPlay,
    Pegged,
    Penalty,
    PlayOver,
    Shown,
    irregularities_for,
)
from crib_trainer.core.gamelog import GameLogError, export_log, read_header, replay_log
from crib_trainer.core.pegging import PegKind, PlayState
from crib_trainer.core.rules import ACC, BRITANNICA, HOYLE, RULESETS
from crib_trainer.core.show import MAX_SHOW, score_show
from crib_trainer.core.variants import get_variant
from tests.conftest import examples


def test_the_header_sets_the_game_and_defaults_the_rest():
    game = read_header("game: Ann, Bob, Cy; variant three-player; deals Bob")
    config = game.config
    assert config.names == ("Ann", "Bob", "Cy") and game.first_dealer == 1
    assert config.target == 61 and config.rules is BRITANNICA  # the texts' three-player game
    assert not config.muggins and not config.correction and config.lurch
    game = read_header("GAME: A, B; rules hoyle; muggins on; target 121; lurch off")
    assert game.config.rules is HOYLE and game.config.muggins and not game.config.lurch


@pytest.mark.parametrize(
    ("header", "message"),
    [
        ("Ann, Bob", "starts with its header"),
        ("game: Ann", "has 2 sides"),
        ("game: Ann, Bob; colour red", "unknown setting 'colour'"),
        ("game: Ann, Bob; muggins maybe", "muggins is on or off"),
        ("game: Ann, Bob; rules britannica; muggins on", "no muggins"),
        ("game: Ann, Bob; rules tv", "unknown rules 'tv'"),
        ("game: Ann, Bob; deals Zed", "who deals first"),
        ("game: Ann, Bob; target 0", "a game is to 61 or 121, not 0"),
        ("game: Ann, Bob; target 00", "a game is to 61 or 121, not 0"),
        ("game: Ann, ann", "two sides are both called ann"),
        ("game: Ann, Bob; muggins on; muggins off", "muggins is set twice"),
        ("game: Ann, Bob; target abc", "a game is to 61 or 121, not 'abc'"),
        ("game: Ann, Bob; target 121.0", "a game is to 61 or 121, not '121.0'"),
        ("game: Ann, Bob; target ²", "a game is to 61 or 121, not '²'"),
        ("game: Ann, Bob; deals ²", "who deals first, '²'"),
    ],
)
def test_a_bad_header_says_what_is_wrong(header, message):
    with pytest.raises(GameLogError, match=f"line 1: .*{message}"):
        replay_log([header])


def log(*lines: str, header: str = "game: Ann, Bob") -> list[str]:
    return [header, *lines]


def test_a_bad_line_names_its_number_and_the_rule():
    lines = log(
        "# K-Q-5-6 is 31", "2H", "KS", "QH", "5D", "6C", "3S", header="game: A, B; variant 5"
    )
    with pytest.raises(GameLogError) as raised:  # the five-card play is over at 31
        replay_log(lines)
    assert raised.value.line == 8 and 'Britannica, "Cribbage", the play' in str(raised.value)
    with pytest.raises(GameLogError, match=r"line 4: 5♦ would make the count 34, past 31"):
        replay_log(log("2H", "KS QH 9C", "5D"))
    with pytest.raises(GameLogError, match="line 3: 'undo' is a scorekeeper command"):
        replay_log(log("2H", "undo"))
    with pytest.raises(GameLogError, match="line 1: the log is empty"):
        replay_log(["", "# nothing"])


def test_each_ruling_is_in_the_replay():
    replay = replay_log(
        log("5D", "end", "5H 5C 5S JD 28", "7H 8C 8D KS 15", header="game: Ann, Bob; rules hoyle")
    )
    texts = [e.text for row in replay.entries for e in row.events]
    assert (
        'Bob\'s hand: claimed 28, worth 29: the 1 short is lost — Hoyle, "Cribbage", Muggins'
        in texts
    )
    assert 'Ann\'s hand: claimed 15, worth 8: put right — Hoyle, "Cribbage", Muggins' in texts
    assert replay.entries[-1].scores == (8, 28)


def test_the_result_of_a_logged_game():
    """ACC rule 1.6: 121 to 72 is a skunk."""
    lines = ["5D", *["bob 12"] * 6, "ann 0", "end", "KS QS 8D 7D 0"]
    pegs = ["ann 15"] * 8 + ["ann 1"]
    replay = replay_log(log(*lines[:-2], *pegs))
    state = replay.game.state()
    assert state.winner == 0 and state.scores == [121, 72]
    assert state.result.kind == "skunk" and state.result.law.source.startswith("ACC, rule 1.6")


# --- round trips: any game, exported, replays to itself -------------------------------------


def random_game(
    rng: random.Random, variant_name: str, ruleset, target: int
) -> tuple[Game, GameState]:
    """A game played with random legal cards, random claims, a mis-peg and a penalty now
    and then, entered as the scorekeeper takes them (each entry applied to one running
    state, so a long game stays quick), and that state, checked to be the game's."""
    variant = get_variant(variant_name)
    sides = 2 if variant.partnerships else variant.players
    names = {2: ("Ann", "Bob"), 3: ("Ann", "Bob", "Cy")}[sides]
    config = GameConfig(
        variant=variant,
        names=("North South", "East-West") if variant.partnerships else names,
        target=target,
        ruleset=ruleset,
        muggins=ruleset.muggins is not None and rng.random() < 0.5,
        correction=rng.random() < 0.3,
    )
    game = Game.new(config, first_dealer=rng.randrange(variant.players))
    state = game.state()
    entries: list = []
    n = variant.players

    def add(entry) -> None:
        if state.phase == "over" or (
            state.phase != "play" and not isinstance(entry, Penalty | Cut | Shown)
        ):
            return
        state.apply(entry)
        entries.append(entry)

    while state.phase != "over" and len(entries) < 300:
        deck = list(FULL_DECK)
        rng.shuffle(deck)
        size = variant.hand_size
        leader = (state.dealer + 1) % n
        hands = [tuple(deck[i * size : (i + 1) * size]) for i in range(n)]  # from the leader
        crib = tuple(deck[n * size : n * size + variant.crib_size])
        starter = deck[-1]
        add(Cut(starter))
        if variant.partnerships:
            for _ in range(rng.randrange(4)):
                add(Pegged(rng.randrange(2), rng.randrange(4)))
        else:
            play = PlayState.start(hands, variant)
            while not play.over:
                play = play.play(rng.choice(play.legal_cards()))
            for p in play.plays:
                who = (leader + p.player) % n
                usual = state.phase == "play" and state.next_to_lay() == who
                add(Laid(p.card, None if usual and rng.random() < 0.5 else who))
                side = config.side_of(who)
                pegs = [c for c in state.card_pegs if side in c.points]
                if pegs and rng.random() < 0.05:  # a mis-peg of one of the side's cards
                    due = rng.choice(pegs).points[side] if rng.random() < 0.5 else None
                    add(Pegged(side, rng.randrange(5), due))
                if any(i.kind is PegKind.GO for i in p.items):
                    add(NoOneCanPlay())
        add(PlayOver())
        if rng.random() < 0.1:
            law = rng.choice(irregularities_for(variant))
            dealer = config.side_of(state.dealer)  # (the non-dealer's penalties are his)
            sides = [s for s in range(config.sides) if law.to != "non-dealer" or s != dealer]
            add(Penalty(rng.choice(sides), law.points, law.law_text))
        while state.phase == "show":
            player, is_crib = state.next_show()
            shown = crib if is_crib else hands[(player - leader) % n]
            truth = score_show(shown, starter, crib=is_crib, variant=variant).total
            # (a claim over 29 is refused as a typo when a line is read)
            claim = min(MAX_SHOW, max(0, truth + rng.choice([0, 0, 0, -1, 1, -2, 2])))
            add(Shown(config.side_of(player), is_crib, shown, claim))
    game = Game(config, game.first_dealer, tuple(entries))
    assert game.state() == state  # the entries, replayed, are the game as it was played
    return game, state


@settings(max_examples=examples(100))
@given(
    st.sampled_from(["six-card", "five-card", "three-player", "four-player"]),
    st.sampled_from(list(RULESETS)),
    st.integers(0, 2**32),
)
def test_any_game_exported_replays_to_the_same_game(variant_name, rules, seed):
    rng = random.Random(seed)
    ruleset = RULESETS[rules]
    target = 121 if ruleset is ACC else rng.choice([61, 121])
    game, state = random_game(rng, variant_name, ruleset, target)  # state: game.state()
    replay = replay_log(export_log(game).splitlines())
    assert replay.game == game  # and so its state() is game.state(), checked to be state
    assert Game.from_json(game.to_json()) == game
    assert [row.scores for row in replay.entries][-1] == tuple(state.scores)


def test_names_a_log_cannot_hold_are_refused_on_export():
    with pytest.raises(GameError, match="cannot be written in a game log"):
        export_log(Game.new(GameConfig(names=("A;B", "C"))))


@pytest.mark.parametrize(
    "names",
    [("Penalty", "Bob"), ("undo", "Bob"), ("go", "end"), ("5H", "Bob"), ("2", "1"),
     ("B", "3"), ("undo", "1", "for"), ("3", "crib", "undo"), ("penalty", "2", "Cy")],
)  # fmt: skip
def test_a_side_named_like_a_word_of_the_log_reads_back(names):
    """A line says who by name only when the name cannot be read as something else, else
    by number; the header says who deals the same way."""
    variant = "three-player" if len(names) == 3 else "six-card"
    game = Game.new(GameConfig(variant=get_variant(variant), names=names), len(names) - 1)
    game = game.add(Cut(FULL_DECK[30])).add(Laid(FULL_DECK[0])).add(Laid(FULL_DECK[1], 0))
    game = game.add(Pegged(0, 2)).add(Laid(FULL_DECK[2], 1))  # (a mis-peg of Laid(…, 0))
    game = game.add(Penalty(0, 2, "touched the board"))
    assert replay_log(export_log(game).splitlines()).game == game


def test_names_a_line_cannot_tell_apart_are_refused_on_export():
    """'penalty 2' is a penalty line, and '1' is the name of the other side."""
    game = Game.new(GameConfig(names=("penalty", "1"))).add(Cut(FULL_DECK[30]))
    with pytest.raises(GameError, match="cannot be told apart"):
        export_log(game.add(Pegged(0, 2)))


def test_every_irregularity_reads_back_by_its_id():
    game = Game.new(GameConfig(names=("Ann", "Bob")))
    for irregularity in IRREGULARITIES:
        game = game.add(Penalty(1, irregularity.points, irregularity.law_text))
    text = export_log(game)
    assert all(f"penalty bob {i.id}" in text for i in IRREGULARITIES)
    assert replay_log(text.splitlines()).game == game


# --- points entered in a play entered card by card ---------------------------------------

# Ann deals: Bob leads 5♣, Ann's K♠ makes fifteen (2 for Ann), Bob's 5♥ makes 20.
CARD_PLAY = ["game: Ann, Bob; rules acc", "2D", "5C", "KS", "5H"]


def scores_after(*lines: str) -> tuple[int, ...]:
    return replay_log([*CARD_PLAY, *lines]).entries[-1].scores


def test_a_mis_peg_in_a_play_entered_card_by_card_replaces_the_cards_pegging():
    """ACC rule 8.4 (as over-claims): Ann pegged 3 for the 2 her K♠ scored; she keeps the
    2 it was worth and Bob pegs the 1 too many, once, not on top of the card's 2."""
    assert scores_after() == (2, 0)
    assert scores_after("ann 3 for 2") == (2, 1)
    assert scores_after("ann 3") == (2, 1)  # (what she pegged for her latest card)
    assert scores_after("ann 2") == (2, 0)  # what the card scored: nothing changes
    replay = replay_log([*CARD_PLAY, "ann 3 for 2"])
    texts = [e.text for e in replay.entries[-1].events]
    assert texts[0] == "Ann's 2 for K♠ taken off: Ann pegged 3"
    assert "Bob pegs 1 for the 1 too many — ACC, rule 8.4" in texts[-1]
    assert sum(sum(e.points) for row in replay.entries for e in row.events) == 3


def test_a_short_peg_of_a_card_is_ruled_under_the_games_rules():
    """Hoyle, Error in Pegging and Muggins: no muggins, the point short is lost."""
    log = ["game: Ann, Bob; rules hoyle", "2D", "5C", "KS", "5H", "ann 1 for 2"]
    replay = replay_log(log)
    assert replay.entries[-1].scores == (1, 0)
    assert "the 1 short is lost — Hoyle" in replay.entries[-1].events[-1].text


def test_points_no_card_scored_are_refused_in_a_play_entered_card_by_card():
    with pytest.raises(GameLogError, match=r"line 6: .*entered card by card") as raised:
        replay_log([*CARD_PLAY, "ann 3 for 1"])  # the K♠ scored 2, not 1
    assert "of Ann's that scored 1" in str(raised.value)
    with pytest.raises(GameLogError, match="line 7"):  # one ruling for a card
        replay_log([*CARD_PLAY, "ann 3 for 2", "ann 3 for 2"])
    # Bob's 5♥ scored nothing: 'bob 2' says he pegged 2 for it, too many by 2.
    assert scores_after("bob 2") == (4, 0)


def test_the_last_card_of_the_play_can_be_mis_pegged_before_the_shows():
    """The play ends by itself with the last card; its points can still be put right."""
    log = ["game: Ann, Bob", "2H", "2D", "9S", "4C", "4D", "JH", "bob:2S", "9D", "6H"]
    assert replay_log(log).entries[-1].scores == (5, 4)  # Ann's 6♥: fifteen 2, last 1
    replay = replay_log([*log, "ann 2 for 3"])
    assert replay.entries[-1].scores == (4, 4)  # ACC: a short peg is lost (no muggins)
    with pytest.raises(GameLogError, match="before the shows"):
        replay_log([*log, "JH 4C 2D 2S 7", "ann 2 for 3"])


def test_cards_after_points_in_one_play_are_refused():
    with pytest.raises(GameLogError, match="line 4: this deal's play is entered as points"):
        replay_log(["game: Ann, Bob", "2D", "bob 2", "5C"])
    # (a new deal may be entered either way)


# --- penalties the laws give to the non-dealer --------------------------------------------


@pytest.mark.parametrize(
    ("header", "irregularity", "law"),
    [
        ("game: Ann, Bob; target 61", "misdeal", 'Britannica, "Cribbage", law 4'),
        ("game: Ann, Bob; target 61", "exposed-or-wrong-count", 'Britannica, "Cribbage", law 8'),
        ("game: Ann, Bob; rules hoyle", "wrong-crib", 'Hoyle, "Cribbage", Wrong Number of Cards'),
    ],
)
def test_a_penalty_for_the_non_dealer_cannot_be_taken_by_the_dealer(header, irregularity, law):
    with pytest.raises(GameLogError, match="line 2") as raised:
        replay_log([header, f"penalty ann {irregularity}"])  # Ann deals
    assert f"{law} gives the 2 to the non-dealer" in str(raised.value)
    assert "Ann deals, so Bob pegs them" in str(raised.value)
    assert replay_log([header, f"penalty bob {irregularity}"]).entries[-1].scores == (0, 2)
    penalty = next(i for i in IRREGULARITIES if i.id == irregularity)
    dealing = Game.new(read_header(header).config, first_dealer=0)
    with pytest.raises(GameError, match="non-dealer"):  # (the scorekeeper's dialog's way)
        dealing.add(Penalty(0, penalty.points, penalty.law_text))


# --- shows named by who shows ------------------------------------------------------------

DEAL = ["game: Ann, Bob", "2H", "2D", "9S", "4C", "4D", "JH", "bob:2S", "9D", "6H"]


def test_show_lines_name_who_shows_so_the_wrong_order_is_caught():
    """The shows go from the dealer's left round to him, then the crib (Britannica; Hoyle,
    Scoring): a line naming another show than the next is refused."""
    named = [*DEAL, "bob: JH 4C 2D 2S 7", "ann: 9S 9D 6H 4D 10", "ann crib: KS 8C 3D AS 5"]
    assert replay_log(named).entries[-1].scores == (20, 11)
    with pytest.raises(GameLogError, match="line 11: the next show is Bob's hand, not Ann's"):
        replay_log([*DEAL, "ann: 9S 9D 6H 4D 10"])
    with pytest.raises(GameLogError, match="line 12: the next show is Ann's hand, not Ann's crib"):
        replay_log([*DEAL, "bob: JH 4C 2D 2S 7", "ann crib: KS 8C 3D AS 5"])
    with pytest.raises(GameLogError, match="whose show is 'cy'"):
        replay_log([*DEAL, "cy: JH 4C 2D 2S 7"])
    unnamed = [*DEAL, "JH 4C 2D 2S 7", "9S 9D 6H 4D 10", "KS 8C 3D AS 5"]
    game = replay_log(unnamed).game  # (a line without a name is the next show, as before)
    assert game == replay_log(named).game
    assert export_log(game).splitlines()[-3:] == named[-3:]  # an export names each show
