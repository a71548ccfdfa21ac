"""A game written as text: the scorekeeper's input lines, and a whole game log.

One line stands for what the scorekeeper's input line takes at that point of the game: the
starter; in the play each card as laid (``5H``, ``bob:5H``), ``go``, points (``ann 2``), a
mis-peg (``ann 3 for 2``: pegged 3 for a score of 2) or ``end``; in the shows the cards
then the score claimed (``5H 5C 5S JD 29``); and at any time a penalty (``penalty bob
misdeal``, or ``penalty bob 2 REASON``).

A game log is a header line, then one entry a line, in that syntax::

    game: Ann, Bob; variant six-card; target 121; rules acc; muggins off
    5D
    4H
    ...

Blank lines and lines starting with ``#`` are skipped. The header names the sides (the first
deals first unless ``deals NAME``, or ``deals N`` for a player's number, says otherwise) and
may set ``variant``, ``target``, ``rules``, ``muggins``, ``correction`` and ``lurch``
(``on``/``off``); what it leaves out takes the defaults of a new game.

>>> game = replay_log(["game: Ann, Bob; rules hoyle", "JH", "bob 2"]).game
>>> game.state().scores   # Ann deals first: two for his heels, then Bob pegs 2
[2, 2]
>>> print(export_log(game), end="")
game: Ann, Bob; variant six-card; target 121; rules hoyle; muggins off; correction off; lurch on
JH
bob 2
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from crib_trainer.core.cards import Card, CardError, parse_card, parse_cards, split_card_text
from crib_trainer.core.game import (
    IRREGULARITIES,
    Cut,
    Entry,
    Event,
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
from crib_trainer.core.pegging import PlayError, parse_peg_tokens
from crib_trainer.core.rules import Law, get_ruleset
from crib_trainer.core.show import MAX_SHOW
from crib_trainer.core.variants import get_variant

#: Why law 16 is not in the five-card game.
LIBERTY_TO_PLAY = Law("at the five-card game a player may play on or not", "Britannica, the play")

# Words the scorekeeper's line takes as commands rather than entries.
COMMANDS = ("undo", "penalty", "new", "x", "export")

HEADER = "game:"
_SWITCHES = {"on": True, "off": False, "yes": True, "no": False}


class GameLogError(ValueError):
    """A line of a game log that cannot be read or does not fit the game: says which."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(f"line {line}: {message}")
        self.line = line
        self.reason = message


# --- one line -----------------------------------------------------------------------------


def read(text: str, state: GameState) -> list[Entry] | str:
    """The entries a line stands for, or a command word (``undo``, ``penalty``, ``new``,
    ``x``). Raises ``CardError`` or ``GameError`` with a message saying what was wrong.

    >>> from crib_trainer.core.game import Game, GameConfig, Cut
    >>> from crib_trainer.core.cards import parse_card
    >>> game = Game.new(GameConfig(names=("Ann", "Bob")), 1).add(Cut(parse_card("2H")))
    >>> read("ann 3 for 2", game.state())
    [Pegged(side=0, points=3, due=2)]
    """
    words = text.strip()
    lowered = words.lower()
    if not words:
        raise GameError("the line is empty")
    if lowered in COMMANDS:
        return "x" if lowered == "export" else lowered
    if lowered.split()[0] == "penalty":
        return [read_penalty(words, state)]
    if state.phase == "over" and lowered == "n":
        return "new"  # as the prompt offers
    if state.phase == "over":
        raise GameError("the game is over: n for a new game, x to export it, or undo")
    if state.phase == "cut":
        try:
            return [Cut(parse_card(words))]
        except CardError as err:
            raise GameError(f"{words!r} is not a starter card ({err})") from None
    if state.phase == "play":
        return read_play(words, state)
    points = _read_points(lowered.split(), state)
    if points is not None and state.shown:
        raise GameError("points in the play come after the cut and before the shows")
    if points is not None:
        return [points]  # what was pegged for a card, the play over before a show
    closed = state.play_closed()
    if closed and lowered == "end":
        return []  # the play ended by itself: saying so changes nothing
    if closed and not _is_number(words.split()[-1]):
        raise GameError(closed)  # cards laid after the play ended
    return [read_show(words, state)]


def read_play(text: str, state: GameState) -> list[Entry]:
    """Points (``ann 2``, ``2 3``), a mis-peg (``ann 3 for 2``), ``go``, ``end``, or cards
    laid (``5H``, ``bob:5H``)."""
    words = text.lower().split()
    if words == ["end"]:
        return [PlayOver()]
    pegged = _read_points(words, state)
    if pegged is not None:
        return [pegged]
    named = len(words) == 2 and _side(words[0], state.config.names) is not None
    if named and not _is_number(words[1]) and not _is_card(words[0]):
        raise GameError(f"{words[1]!r} is not a number of points (e.g. {words[0]} 2)")
    if len(words) >= 2 and _is_number(words[-1]):
        if len(words) == 2:
            raise GameError(f"who pegs {words[-1]}? the players are {_names(state)}")
        raise GameError("that looks like a show: type end when the play is over, then the show")
    if state.config.variant.players != state.config.sides:
        raise GameError("with partners, enter points (e.g. 'north 2'); cards laid are for 2 or 3")
    entries: list[Entry] = []
    for word in split_card_text(text):
        try:
            (token,) = parse_peg_tokens([word])
        except CardError:
            raise GameError(
                f"{word!r} is not a card (5H, or bob:5H), points (ann 2), go or end"
            ) from None
        if token.card is None:
            entries.append(NoOneCanPlay())
            continue
        player = None
        if token.player is not None:
            player = _side(token.player.lower(), state.config.names)
            if player is None:
                raise GameError(f"who is {token.player!r}? the players are {_names(state)}")
        entries.append(Laid(token.card, player))
    return entries


def _read_points(words: list[str], state: GameState) -> Pegged | None:
    """Points (``ann 2``) or a mis-peg (``ann 3 for 2``), if the words are one."""
    if len(words) in (2, 4) and all(_is_number(w) for w in words[1::2]):
        side = _side(words[0], state.config.names)
        if side is not None and (len(words) == 2 or words[2] == "for"):
            due = int(words[3]) if len(words) == 4 else None
            return Pegged(side, int(words[1]), due=due)
    return None


def read_show(text: str, state: GameState) -> Shown:
    """The cards of the next show, then the score claimed: ``5H 5C 5S JD 29``, or named
    (``ann: 5H 5C 5S JD 29``, ``bob crib: KS 8C 3D AS 5``): a named show that is not the
    next one is refused, so shows written in the wrong order are caught."""
    expected = state.next_show()
    assert expected is not None
    player, crib = expected
    who, colon, rest = text.partition(":")
    if colon:
        _check_shower(who, state)
        text = rest
    words = split_card_text(text)
    example = show_example(state)
    if len(words) < 2:
        raise GameError(f"give the cards, then the score claimed (e.g. {example})")
    *card_words, claim = words
    if not _is_number(claim):
        raise GameError(f"end with the score claimed, a number (e.g. {example})")
    if int(claim) > MAX_SHOW:  # a typo (290 for 29) must not hand the game to the opponent
        raise GameError(
            f"a claim of {claim} cannot be meant: no hand or crib scores more than {MAX_SHOW}"
        )
    try:
        cards = parse_cards(card_words)
    except CardError as err:
        raise GameError(f"{err} (the show is its cards, then the score claimed)") from None
    return Shown(state.config.side_of(player), crib, cards, int(claim))


def _check_shower(who: str, state: GameState) -> None:
    """The show a line names (``ann``, ``bob crib``) must be the next one."""
    config = state.config
    player, crib = state.next_show() or (0, False)
    side = config.side_of(player)
    words = who.lower().split()
    named_crib = words[-1:] == ["crib"] and len(words) > 1
    named = _side(" ".join(words[:-1] if named_crib else words), config.names)
    due = f"{config.names[side]}'s {'crib' if crib else 'hand'}"
    if named is None:
        raise GameError(f"whose show is {who.strip()!r}? the next show is {due}")
    if named != side or named_crib != crib:
        shown = f"{config.names[named]}'s {'crib' if named_crib else 'hand'}"
        raise GameError(
            f"the next show is {due}, not {shown}: hands from the dealer's left round "
            "to him, then the crib"
        )


def show_example(state: GameState) -> str:
    """A show line with as many cards as the next show holds.

    The four-card example is the 29 hand; the three-card one Britannica's five-card hand
    (4-5-6 of a suit, a 5 turned: 15)."""
    crib = (state.next_show() or (0, False))[1]
    size = state.config.variant.shown_size(crib)
    return "4H 5H 6H 15" if size == 3 else "5H 5C 5S JD 29"


def read_penalty(text: str, state: GameState) -> Penalty:
    """``penalty NAME ID`` (an irregularity from the laws: ``misdeal``, ``touched-pegs``…)
    or ``penalty NAME POINTS REASON``; NAME is who pegs the points."""
    words = text.split(maxsplit=3)
    ids = ", ".join(i.id for i in irregularities_for(state.config.variant, state.config.rules))
    if len(words) < 3:
        raise GameError(f"write penalty NAME ID (IDs: {ids}), or penalty NAME POINTS REASON")
    side = _side(words[1].lower(), state.config.names)
    if side is None:
        raise GameError(f"who pegs the penalty, {words[1]!r}? the players are {_names(state)}")
    if _is_number(words[2]):
        return Penalty(side, int(words[2]), " ".join(words[3:]) or "penalty")
    found = next((i for i in IRREGULARITIES if i.id == words[2].lower()), None)
    if found is None:
        raise GameError(f"no irregularity {words[2]!r}; the laws give: {ids}")
    if not found.applies_to(state.config.variant):
        raise GameError(
            f"{found.law.cite()} is not in the {state.config.variant.name} game: there a "
            f"player is at liberty to play on or not ({LIBERTY_TO_PLAY.cite()})"
        )
    instead = found.law_instead(state.config.rules)
    if instead is not None:
        raise GameError(
            f"no penalty for {words[2].lower()} under {state.config.rules.title}: "
            f"{instead.rule} ({instead.cite()})"
        )
    return Penalty(side, found.points, found.law_text)


def entry_line(entry: Entry, config: GameConfig) -> str:
    """The line that stands for ``entry`` in a game played with ``config``.

    >>> from crib_trainer.core.game import GameConfig, Laid
    >>> from crib_trainer.core.cards import parse_card
    >>> entry_line(Laid(parse_card("TD"), 1), GameConfig(names=("Ann", "Bob")))
    'bob:TD'
    """
    if isinstance(entry, Cut):
        return entry.starter.code
    if isinstance(entry, Pegged):
        text = f"{_ref(entry.side, config)} {entry.points}"
        return text if entry.due is None else f"{text} for {entry.due}"
    if isinstance(entry, Laid):
        card = entry.card.code
        if entry.player is None:
            return card
        return f"{_ref(config.side_of(entry.player), config, player=entry.player)}:{card}"
    if isinstance(entry, NoOneCanPlay):
        return "go"
    if isinstance(entry, PlayOver):
        return "end"
    if isinstance(entry, Shown):
        who = f"{_ref(entry.side, config)}{' crib' if entry.crib else ''}:"
        return " ".join([who, *(c.code for c in entry.cards), str(entry.claim)])
    found = next(
        (i for i in IRREGULARITIES if i.law_text == entry.law and i.points == entry.points),
        None,
    )
    who = _ref(entry.side, config)
    if found is not None and found.applies_to(config.variant, config.rules):
        return f"penalty {who} {found.id}"
    # (else in full: one these rules give no points for, pegged in a game kept before
    # they were checked, replays as it was pegged)
    return f"penalty {who} {entry.points} {entry.law}"


def _ref(side: int, config: GameConfig, *, player: int | None = None) -> str:
    """A side as a line names it: its name when that is one word that reads back as this
    side (and is not ``penalty``, which starts a penalty line), else its number (1, 2, …)
    when that reads back as this side. Raises ``GameError`` when neither does."""
    if player is not None and player != side:
        return str(player + 1)
    name = config.names[side].lower()
    plain = name and " " not in name and ":" not in name and name != "penalty"
    for ref in ([name] if plain else []) + [str(side + 1)]:
        if _side(ref, config.names) == side:
            return ref
    raise GameError(
        f"the names {', '.join(config.names)} cannot be told apart in a game log: a line "
        f"for {config.names[side]} by name or by number reads as another side's"
    )


def _side(word: str, names: tuple[str, ...]) -> int | None:
    """The side a word names: its name, its number (1, 2, …) or a start of one name."""
    names = tuple(n.lower() for n in names)
    if word in names:
        return names.index(word)
    if _is_number(word) and 1 <= int(word) <= len(names):
        return int(word) - 1
    matches = [i for i, n in enumerate(names) if n.startswith(word)]
    return matches[0] if len(matches) == 1 else None


def _is_card(word: str) -> bool:
    try:
        parse_peg_tokens([word])
    except CardError:
        return False
    return True


def _is_number(word: str) -> bool:
    """Plain digits 0-9 (not ², not other scripts' digits), short enough to be points."""
    return word.isascii() and word.isdigit() and len(word) <= 3


def _names(state: GameState) -> str:
    return ", ".join(state.config.names)


# --- a whole game -------------------------------------------------------------------------


def header_line(game: Game) -> str:
    """The header of a game's log. Raises ``GameError`` for a name a log cannot hold."""
    config = game.config
    for name in config.names:
        if any(ch in name for ch in ";,\n#") or not name.strip():
            raise GameError(f"the name {name!r} cannot be written in a game log (no ; , or #)")
    parts = [
        f"{HEADER} {', '.join(config.names)}",
        f"variant {config.variant.name}",
        f"target {config.target}",
        f"rules {config.rules.name}",
        f"muggins {'on' if config.muggins else 'off'}",
        f"correction {'on' if config.correction else 'off'}",
        f"lurch {'on' if config.lurch else 'off'}",
    ]
    if game.first_dealer:
        dealer = game.first_dealer
        name = "" if config.variant.partnerships else config.names[dealer]  # (sides, not seats)
        named = name and " " not in name and not name.isdigit()  # (digits: a number)
        parts.append(f"deals {name if named else dealer + 1}")
    return "; ".join(parts)


def read_header(text: str) -> Game:
    """The game a header line starts (no entries yet)."""
    if not text.lower().startswith(HEADER):
        raise GameError(f"a game log starts with its header, e.g. '{HEADER} Ann, Bob'")
    names_text, *parts = text[len(HEADER) :].split(";")
    names = tuple(n.strip() for n in names_text.split(",") if n.strip())
    folded = [n.casefold() for n in names]
    same = next((n for i, n in enumerate(names) if folded[i] in folded[:i]), None)
    if same is not None:  # (as the scorekeeper's form: lines say who by name)
        raise GameError(f"two sides are both called {same}: give each side its own name")
    settings: dict[str, str] = {}
    keys = ("variant", "target", "rules", "muggins", "correction", "lurch", "deals")
    for part in parts:
        key, _, value = part.strip().partition(" ")
        if key.lower() not in keys:
            raise GameError(f"unknown setting {key!r}; the header takes {', '.join(keys)}")
        if key.lower() in settings:
            raise GameError(f"{key.lower()} is set twice in the header")
        settings[key.lower()] = value.strip()
    try:
        variant = get_variant(settings.get("variant", "six-card"))
        target_text = settings.get("target", str(variant.target))
        if not _is_number(target_text):  # (int() would take "²" or "1_21", or say "literal")
            raise GameError(f"a game is to 61 or 121, not {target_text!r}")
        target = int(target_text)
        if not target:  # (0 is GameConfig's "the variant's own"; a header says which)
            raise GameError("a game is to 61 or 121, not 0")
        switches = {k: _switch(k, settings.get(k)) for k in ("muggins", "correction", "lurch")}
        config = GameConfig(
            variant=variant,
            names=names,
            target=target,
            ruleset=get_ruleset(settings["rules"]) if "rules" in settings else None,
            muggins=bool(switches["muggins"]),
            correction=bool(switches["correction"]),
            lurch=switches["lurch"] is not False,
        )
    except GameError:
        raise
    except ValueError as err:
        raise GameError(str(err)) from None
    first = 0
    if "deals" in settings:
        dealer = settings["deals"].lower()
        side = _side(dealer, names) if not _is_number(dealer) else int(dealer) - 1
        if side is None or not 0 <= side < variant.players:
            raise GameError(
                f"who deals first, {settings['deals']!r}? a name ({', '.join(names)}) or a "
                f"player's number, 1 to {variant.players}"
            )
        first = side
    return Game.new(config, first_dealer=first)


def _switch(key: str, value: str | None) -> bool | None:
    if value is None:
        return None
    if value.lower() not in _SWITCHES:
        raise GameError(f"{key} is on or off, not {value!r}")
    return _SWITCHES[value.lower()]


def export_log(game: Game) -> str:
    """The game as a log: its header, then one line an entry; ``replay_log`` reads it back
    to the same game."""
    lines = [header_line(game), *(entry_line(e, game.config) for e in game.entries)]
    return "\n".join(lines) + "\n"


@dataclass(frozen=True, slots=True)
class LoggedEntry:
    """One line of a replayed log: its number, its text, what it did, and the scores."""

    line: int
    text: str
    events: tuple[Event, ...]
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Thrown:
    """A throw line (``throw bob 5H 5C``, two-player games): what a player threw to the
    crib in deal ``deal``. Not an entry of the score (the scorekeeper takes none, and an
    export writes none): ``game analyse`` grades the throw."""

    line: int
    deal: int
    player: int
    cards: tuple[Card, ...]


THROW = "throw"


def read_throw(text: str, state: GameState, line: int = 0) -> Thrown:
    """A throw line read at ``state`` (before the deal's shows). Raises ``GameError`` or
    ``CardError`` saying what is wrong.

    >>> state = read_header("game: Ann, Bob").state()
    >>> t = read_throw("throw bob 5h 5c", state)
    >>> t.player, [c.code for c in t.cards]
    (1, ['5H', '5C'])
    """
    config = state.config
    words = text.split()
    example = f"{THROW} {config.names[0].lower()} " + " ".join(
        ["5H", "5C"][: config.variant.discard]
    )
    if config.variant.players != 2:
        raise GameError("a throw line is read in two-player games only")
    if len(words) < 3 or words[0].lower() != THROW:
        raise GameError(f"a throw line names the player and the cards thrown, e.g. '{example}'")
    player = _side(words[1].lower(), config.names)
    if player is None:
        raise GameError(f"no player {words[1]!r} in this game: the players are {_names(state)}")
    cards = parse_cards(" ".join(words[2:]))
    if len(cards) != config.variant.discard or len(set(cards)) != len(cards):
        raise GameError(
            f"a throw is {config.variant.discard} different cards in the "
            f"{config.variant.name} game, e.g. '{example}'"
        )
    if state.phase not in ("cut", "play") or state.shown:
        raise GameError("a throw line comes before the deal's shows")
    played = {t.card for t in state.play}
    for card in cards:
        if card == state.starter or card in played:
            why = "the starter" if card == state.starter else "laid in the play"
            raise GameError(f"{card} is {why}: it cannot have been thrown to the crib")
    return Thrown(line, state.deal, player, cards)


@dataclass(frozen=True, slots=True)
class Replay:
    game: Game
    entries: tuple[LoggedEntry, ...]
    throws: tuple[Thrown, ...] = ()


def replay_log(lines: Iterable[str]) -> Replay:
    """Read a game log and replay it, every ruling on the way. A line that cannot be read
    or does not fit the game raises :class:`GameLogError` naming its number and why."""
    game: Game | None = None
    state: GameState | None = None
    logged: list[LoggedEntry] = []
    throws: list[Thrown] = []
    for number, raw in enumerate(lines, start=1):
        text = raw.strip()
        if not text or text.startswith("#"):
            continue
        try:
            if game is None or state is None:
                game = read_header(text)
                state = game.state()
                if state.events:  # (what the game starts with: five-card's three for last)
                    logged.append(
                        LoggedEntry(number, text, tuple(state.events), tuple(state.scores))
                    )
                continue
            if text.split(None, 1)[0].lower() == THROW:
                logged.append(_throw_line(text, state, number, throws))
                continue
            meaning = read(text, state)
            if isinstance(meaning, str):
                raise GameError(f"{text!r} is a scorekeeper command, not an entry of a game")
            before = len(state.events)
            for entry in meaning:
                state.apply(entry)
                game = replace(game, entries=(*game.entries, entry))
        except (GameError, CardError, PlayError) as err:
            raise GameLogError(number, str(err)) from None
        events = tuple(state.events[before:])
        logged.append(LoggedEntry(number, text, events, tuple(state.scores)))
    if game is None:
        raise GameLogError(
            1, f"the log is empty: it starts with a header, e.g. '{HEADER} Ann, Bob'"
        )
    return Replay(game, tuple(logged), tuple(throws))


def _throw_line(text: str, state: GameState, number: int, throws: list[Thrown]) -> LoggedEntry:
    thrown = read_throw(text, state, number)
    name = state.config.names[thrown.player]
    for other in throws:
        if other.deal == thrown.deal and (
            other.player == thrown.player or set(other.cards) & set(thrown.cards)
        ):
            raise GameError(
                f"line {other.line} has a throw of this deal already: {name}'s, or these cards"
            )
    throws.append(thrown)
    event = Event(
        f"{name} threw {' '.join(map(str, thrown.cards))} to the crib", (0,) * state.config.sides
    )
    return LoggedEntry(number, text, (event,), tuple(state.scores))
