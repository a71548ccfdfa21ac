"""The rule sets a game is played under: each law in the project's words with the text it
comes from (Britannica, Hoyle, the 1911 article, the American Cribbage Congress's
tournament rules), and the rulings they give on a count or a peg. The game variants are
:mod:`crib_trainer.core.variants`' (their names are here too).

>>> game_result(121, 72, ACC).text
'a skunk'
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from crib_trainer.core.variants import SIX_CARD, Variant, get_variant

# --- the rule texts, and the laws taken from them --------------------------------------

#: Each rule text by its short name (docs/rules.md) and the name it is cited by, as the
#: rule texts' own README names them: a reader can find the text and its section from it.
#: (Where the project keeps each text is docs/rules.md's business: no citation names it.)
TEXT_NAMES = {
    "Britannica": 'Britannica, "Cribbage"',
    "1911": 'Britannica 1911, "Cribbage"',
    "Hoyle": 'Hoyle, "Cribbage"',
    "All about": "All about Cribbage",
}


@dataclass(frozen=True, slots=True)
class Law:
    """One rule, stated in the project's words, and where it comes from.

    ``source`` starts with a text's short name (a key of :data:`TEXT_NAMES`, or ``ACC``
    for the American Cribbage Congress's tournament rules) followed by the law, rule or
    section.

    >>> LAW_19.cite()
    'Britannica, "Cribbage", law 19'
    >>> Law("the dealer scores two for his heels", "Hoyle, The Starter").cite()
    'Hoyle, "Cribbage", The Starter'
    """

    rule: str
    source: str

    def cite(self) -> str:
        """The text by the name it is cited by, then the law or section (``source``'s
        short name replaced; the ACC's rules and agreements as they are)."""
        short, comma, section = self.source.partition(",")
        name = TEXT_NAMES.get(short)
        if name is None:
            return self.source
        return f"{name}{comma}{section}"

    def to_json(self) -> dict[str, str]:
        return {"rule": self.rule, "source": self.source, "cite": self.cite()}


class Award(StrEnum):
    """What the opponent of a player who scored too much pegs for it."""

    NOTHING = "nothing"  # the score is put right, no more
    EXCESS = "excess"  # as many points as were scored too many
    TWO = "two"  # two points


@dataclass(frozen=True, slots=True)
class Fault:
    """A fault and what the opponent pegs for it, under one law."""

    award: Award
    law: Law

    def to_opponent(self, excess: int) -> int:
        """Points for the opponent when ``excess`` points too many were scored.

        >>> ACC.over_claim.to_opponent(3), HOYLE.over_peg.to_opponent(3)
        (3, 2)
        """
        if excess <= 0 or self.award is Award.NOTHING:
            return 0
        return excess if self.award is Award.EXCESS else 2


@dataclass(frozen=True, slots=True)
class ResultLine:
    """A loser with fewer than ``below`` points loses by more than a single game."""

    below: int
    kind: str  # "lurch", "skunk", "double-skunk"
    law: Law


@dataclass(frozen=True, slots=True)
class Muggins:
    """The optional rule that gives a player the points his opponent overlooked.
    ``in_play``: it covers points missed in the play as well as in the shows."""

    in_play: bool
    law: Law


@dataclass(frozen=True, slots=True)
class RuleSet:
    """The laws one text gives for a whole game, each with its source.

    A game engine reads: the game lengths it covers and, for each, the lines below which a
    loser is lurched or skunked (:meth:`result_lines`); what happens to a claim in the
    shows that is too low (``under_claim``) or too high (``over_claim``), to points pegged
    short (``under_peg``) or beyond what was announced (``over_peg``); whether muggins can
    be played and where; the penalty for showing a short hand; and how the five-card
    game's play ends.

    >>> ACC.result_lines(121)[0].kind, BRITANNICA.result_lines(61)[0].below
    ('double-skunk', 30)
    """

    name: str
    title: str
    short: str  # the title short enough for a title bar
    lines: tuple[tuple[int, tuple[ResultLine, ...]], ...]  # (target, lines, worst first)
    under_claim: Law
    over_claim: Fault
    under_peg: Law
    over_peg: Fault
    muggins: Muggins | None
    short_hand: Fault
    five_card_play: Law
    # Only for games saved before rule sets: the scorekeeper's first, looser checks.
    legacy: bool = False

    @property
    def targets(self) -> tuple[int, ...]:
        return tuple(target for target, _ in self.lines)

    def result_lines(self, target: int) -> tuple[ResultLine, ...]:
        """The lurch or skunk lines for a game of ``target``, worst first; ValueError for a
        game length these rules do not cover."""
        for length, lines in self.lines:
            if length == target:
                return lines
        raise ValueError(
            f"the {self.title} are for a game of {' or '.join(map(str, self.targets))}, "
            f"not {target}"
        )

    def laws(self) -> tuple[Law, ...]:
        """Every law this rule set applies."""
        out = [line.law for _, lines in self.lines for line in lines]
        out += [self.under_claim, self.over_claim.law, self.under_peg, self.over_peg.law]
        out += [self.muggins.law] if self.muggins else []
        out += [self.short_hand.law, self.five_card_play]
        return tuple(dict.fromkeys(out))


LAW_19 = Law(
    "a player who scores more than he is entitled to has his score put right by the "
    "adversary, who adds the points overscored to his own; scoring too few carries no "
    "penalty, and no one is bound to help him count",
    "Britannica, law 19",
)
_THIRTY_HOLES = Law(
    "in the game of 61, a loser who has not made thirty holes loses a double game (when "
    "the players agreed to count it)",
    "Britannica, the board",
)
_FIVE_CARD_PLAY = Law(
    "in the two-handed five-card game the play ends the first time neither player can come "
    "in (at a go or at 31); the cards left in hand are not played",
    "Britannica, the play",
)
_SHORT_BRITANNICA = Fault(
    Award.NOTHING,
    Law(
        "a player who laid out with too few cards plays with his hand short; there is no "
        "penalty for playing with too few",
        "Britannica, laws 10 and 13",
    ),
)
_HALF_THE_HOLES = Law(
    "a loser who fails to reach half the holes of the game of 121 (61) is lurched: the "
    "winner takes a double game",
    "1911, the board",
)

BRITANNICA = RuleSet(
    name="britannica",
    title="Britannica laws",
    short="Britannica laws",
    lines=(
        (61, (ResultLine(30, "lurch", _THIRTY_HOLES),)),
        (121, (ResultLine(61, "lurch", _HALF_THE_HOLES),)),
    ),
    under_claim=LAW_19,
    over_claim=Fault(Award.EXCESS, LAW_19),
    under_peg=LAW_19,
    over_peg=Fault(Award.EXCESS, LAW_19),
    muggins=None,
    short_hand=_SHORT_BRITANNICA,
    five_card_play=_FIVE_CARD_PLAY,
)

_HOYLE_MUGGINS = Law(
    "in some places, when a player counts his hand or crib short, the opponent calls "
    "muggins and pegs the points overlooked",
    "Hoyle, Muggins",
)
HOYLE = RuleSet(
    name="hoyle",
    title="Hoyle's rules",
    short="Hoyle's rules",
    lines=(
        (
            61,
            (
                ResultLine(
                    30,
                    "lurch",
                    Law(
                        "Hoyle gives a lurch only for the game of 121; for the game of 61 "
                        "Britannica's thirty holes apply",
                        "Britannica, the board",
                    ),
                ),
            ),
        ),
        (
            121,
            (
                ResultLine(
                    61,
                    "lurch",
                    Law(
                        "a loser who fails to reach 61 in the game of 121 is lurched: the "
                        "winner takes a double game",
                        "Hoyle, Scoring",
                    ),
                ),
            ),
        ),
    ),
    under_claim=Law(
        "a hand or crib counted short scores what was counted; the points overlooked are "
        "lost unless muggins is played",
        "Hoyle, Muggins",
    ),
    over_claim=Fault(
        Award.NOTHING,
        Law(
            "a count that claims more than is due is put right when the opponent asks; "
            "there is no further penalty",
            "Hoyle, Muggins",
        ),
    ),
    under_peg=Law(
        "a player who pegs short may put it right only until he plays his next card or the "
        "next deal is cut; after that the points are lost",
        "Hoyle, Error in Pegging",
    ),
    over_peg=Fault(
        Award.TWO,
        Law(
            "a player who pegs more than the score he announced is put right on demand "
            "(until the next cut) and his opponent pegs 2",
            "Hoyle, Error in Pegging",
        ),
    ),
    muggins=Muggins(in_play=False, law=_HOYLE_MUGGINS),
    short_hand=Fault(
        Award.TWO,
        Law(
            "a hand found with the wrong number of cards, the other hand and the crib being "
            "right: the opponent pegs 2 (or calls a new deal)",
            "Hoyle, Wrong Number of Cards",
        ),
    ),
    five_card_play=_FIVE_CARD_PLAY,
)

ACC = RuleSet(
    name="acc",
    title="American Cribbage Congress tournament rules",
    short="ACC rules",
    lines=(
        (
            61,
            (
                ResultLine(
                    30,
                    "lurch",
                    Law(
                        "the ACC's tournament rules are for the game of 121; for the game of "
                        "61 Britannica's thirty holes apply",
                        "Britannica, the board",
                    ),
                ),
            ),
        ),
        (
            121,
            (
                ResultLine(
                    61,
                    "double-skunk",
                    Law(
                        "a winner whose opponent has fewer than 61 (a win by 61 or more) "
                        "double skunks him",
                        "ACC, rule 1.6 (skunk, double)",
                    ),
                ),
                ResultLine(
                    91,
                    "skunk",
                    Law(
                        "a winner whose opponent has fewer than 91 (a win by 31 or more) "
                        "skunks him",
                        "ACC, rule 1.6 (skunk)",
                    ),
                ),
            ),
        ),
    ),
    under_claim=Law(
        "points counted or pegged short cannot be put right once the player lets go of "
        "his peg; they are lost unless muggins is played",
        "ACC, rule 8.3",
    ),
    over_claim=Fault(
        Award.EXCESS,
        Law(
            "points pegged beyond what is due (short of the game hole) are taken back, and "
            "the opponent pegs as many",
            "ACC, rule 8.4",
        ),
    ),
    under_peg=Law(
        "points pegged short cannot be put right once the player lets go of his peg; they "
        "are lost unless muggins is played",
        "ACC, rule 8.3",
    ),
    over_peg=Fault(
        Award.EXCESS,
        Law(
            "points pegged beyond what is due (short of the game hole) are taken back, and "
            "the opponent pegs as many",
            "ACC, rule 8.4",
        ),
    ),
    muggins=Muggins(
        in_play=True,
        law=Law(
            "muggins is optional (announced before play); when it is played the opponent "
            "pegs points left unpegged in the play or in a hand or crib, but never two for "
            "his heels",
            "ACC, rule 10",
        ),
    ),
    short_hand=Fault(
        Award.NOTHING,
        Law(
            "a wrong number of cards is settled by judges case by case; crib-trainer counts "
            "the short hand and leaves any penalty to the players",
            "ACC, rule 4.4",
        ),
    ),
    five_card_play=_FIVE_CARD_PLAY,
)

RULESETS: dict[str, RuleSet] = {r.name: r for r in (ACC, BRITANNICA, HOYLE)}

# Games saved before rule sets were kept like this: a short claim without muggins was put
# right, Hoyle's over-claim cost 2, and a loser under half the holes (31 of 61) was
# lurched. They are read under these so that they replay as they were played.
_HALF = Law(
    "as first kept: a loser under half the holes (31 of 61, 61 of 121) is lurched",
    "1911, the board",
)
_HALF_LINES = ((61, (ResultLine(31, "lurch", _HALF),)), (121, (ResultLine(61, "lurch", _HALF),)))
OLD_RULESETS: dict[str, RuleSet] = {
    old.name: old
    for old in (
        replace(
            BRITANNICA,
            name="britannica-first",
            title="Britannica laws (as first kept)",
            lines=_HALF_LINES,
            legacy=True,
        ),
        replace(
            HOYLE,
            name="hoyle-first",
            title="Hoyle's rules (as first kept)",
            lines=_HALF_LINES,
            over_claim=Fault(Award.TWO, HOYLE.over_peg.law),
            legacy=True,
        ),
    )
}


class RulesError(ValueError):
    """A rule set that is not one of ours; the message names those that are."""


def get_ruleset(name: str | RuleSet) -> RuleSet:
    """A rule set by name: ``acc``, ``britannica`` or ``hoyle`` (and the two kept for old
    saved games, ``britannica-first`` and ``hoyle-first``); :class:`RulesError` otherwise.

    >>> get_ruleset("ACC").title
    'American Cribbage Congress tournament rules'
    >>> get_ruleset("house")
    Traceback (most recent call last):
    crib_trainer.core.rules.RulesError: unknown rules 'house'; choose one of acc, britannica, hoyle
    """
    if isinstance(name, RuleSet):
        return name
    key = name.strip().lower()
    found = RULESETS.get(key) or OLD_RULESETS.get(key)
    if found is None:
        raise RulesError(f"unknown rules {name!r}; choose one of {', '.join(RULESETS)}")
    return found


def default_ruleset(target: int) -> RuleSet:
    """The tournament rules for a game of 121, Britannica's laws for a game of 61.

    >>> default_ruleset(121).name, default_ruleset(61).name
    ('acc', 'britannica')
    """
    return ACC if target == 121 else BRITANNICA


def resolve_ruleset(name: str | RuleSet | None, target: int) -> RuleSet:
    """The rule set a game is played under: the one named, or (None or ``""``, "the
    game's usual") the target's :func:`default_ruleset`. Every game, form and command
    resolves its choice here, once, and holds the value.

    >>> [resolve_ruleset(n, target).name for n, target in ((None, 61), ("", 121), ("hoyle", 61))]
    ['britannica', 'acc', 'hoyle']
    """
    return get_ruleset(name) if name else default_ruleset(target)


@dataclass(frozen=True, slots=True)
class GameResult:
    """How a game was won: ``single``, ``lurch``, ``skunk`` or ``double-skunk``, with the
    law that makes it so (None for a single game)."""

    kind: str
    law: Law | None = None

    @property
    def text(self) -> str:
        """In words: "a single game", "a lurch (a double game)", "a skunk"…"""
        return {
            "single": "a single game",
            "lurch": "a lurch (a double game)",
            "skunk": "a skunk",
            "double-skunk": "a double skunk",
        }[self.kind]

    def to_json(self) -> dict[str, object]:
        return {"kind": self.kind, "law": self.law.to_json() if self.law else None}


def game_result(
    winner_score: int,
    loser_score: int,
    ruleset: RuleSet | str,
    variant: Variant | str = SIX_CARD,
    *,
    target: int | None = None,
    doubles: bool = True,
) -> GameResult:
    """Classify a finished game by the loser's score. ``target`` is the game's length
    (the variant's by default); with ``doubles=False`` (the players agreed not to count
    lurches or skunks) every win is single. With several losers, pass the best of them.

    >>> game_result(121, 72, "acc").kind, game_result(121, 90, "acc").kind
    ('skunk', 'skunk')
    >>> game_result(121, 91, "acc").kind, game_result(121, 60, "acc").kind
    ('single', 'double-skunk')
    >>> game_result(61, 30, "britannica", "five-card").kind
    'single'
    >>> game_result(61, 29, "britannica", "five-card").text
    'a lurch (a double game)'
    """
    ruleset = get_ruleset(ruleset)
    target = target or get_variant(variant).target
    lines = ruleset.result_lines(target)
    if winner_score < target or not 0 <= loser_score < target:
        raise ValueError(
            f"{winner_score}–{loser_score} is not a finished game to {target}: the winner "
            f"reaches {target} and the loser is short of it"
        )
    if doubles:
        for line in lines:
            if loser_score < line.below:
                return GameResult(line.kind, line.law)
    return GameResult("single")


#: Five-card cribbage's head start for the first non-dealer (the scorekeeper's game and
#: the practice game both credit it, citing this).
THREE_FOR_LAST = Law(
    "at the two-handed five-card game the first non-dealer scores three holes, three for last",
    "Britannica, the deal",
)


# --- rulings on a count or a peg ----------------------------------------------------------

FRIENDLY_CORRECTION = Law(
    "a short count is put right for the player (a friendly game's agreement; no text's law)",
    "agreement",
)


@dataclass(frozen=True, slots=True)
class RuleOptions:
    """The rule set and the options a game is played with.

    ``muggins``: the opponent takes points a player overlooked (only where the rule set
    has muggins). ``correction``: a short count is put right instead (an agreement for a
    friendly game; muggins, when on, comes first). Both off by default.
    """

    ruleset: RuleSet = ACC
    muggins: bool = False
    correction: bool = False

    def __post_init__(self) -> None:
        if self.muggins and self.ruleset.muggins is None:
            raise ValueError(
                f"the {self.ruleset.title} have no muggins ({self.ruleset.under_claim.cite()}: "
                "scoring too few carries no penalty); choose hoyle or acc rules for muggins"
            )


@dataclass(frozen=True, slots=True)
class Ruling:
    """What a count or a peg earns: the points the player pegs, the points his opponent
    pegs because of it, and the laws that say so (none when it was right)."""

    due: int
    said: int
    scored: int
    to_opponent: int
    laws: tuple[Law, ...] = ()

    @property
    def verdict(self) -> str:
        if self.said == self.due:
            return "correct"
        return "under" if self.said < self.due else "over"


def rule_claim(options: RuleOptions, claim: int, due: int) -> Ruling:
    """Rule on a hand or crib counted as ``claim`` when it is worth ``due``.

    >>> r = rule_claim(RuleOptions(HOYLE), 15, 12)
    >>> r.verdict, r.scored, r.to_opponent, r.laws[0].cite()
    ('over', 12, 0, 'Hoyle, "Cribbage", Muggins')
    >>> r = rule_claim(RuleOptions(ACC, muggins=True), 28, 29)
    >>> r.scored, r.to_opponent
    (28, 1)
    """
    rules = options.ruleset
    if claim > due:
        fault = rules.over_claim
        return Ruling(due, claim, due, fault.to_opponent(claim - due), (fault.law,))
    if claim < due:
        return _short(options, claim, due, rules.under_claim, muggins=True)
    return Ruling(due, claim, due, 0)


def rule_peg(options: RuleOptions, pegged: int, due: int) -> Ruling:
    """Rule on ``pegged`` points pegged in the play for a score of ``due`` (announced
    and right).

    >>> r = rule_peg(RuleOptions(HOYLE), 3, 2)
    >>> r.scored, r.to_opponent, r.laws[0].source
    (2, 2, 'Hoyle, Error in Pegging')
    """
    rules = options.ruleset
    if pegged > due:
        fault = rules.over_peg
        return Ruling(due, pegged, due, fault.to_opponent(pegged - due), (fault.law,))
    if pegged < due:
        in_play = rules.muggins is not None and rules.muggins.in_play
        return _short(options, pegged, due, rules.under_peg, muggins=in_play)
    return Ruling(due, pegged, due, 0)


def _short(options: RuleOptions, said: int, due: int, law: Law, *, muggins: bool) -> Ruling:
    rules = options.ruleset
    if options.muggins and muggins and rules.muggins is not None:
        return Ruling(due, said, said, due - said, (rules.muggins.law,))
    if options.correction:
        return Ruling(due, said, due, 0, (FRIENDLY_CORRECTION,))
    return Ruling(due, said, said, 0, (law,))
