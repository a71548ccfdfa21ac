"""Cards: ranks, suits, parsing and formatting.

Card text is a rank (``A 2-9 T 10 J Q K``) followed by a suit (``S H D C`` or
``♠ ♥ ♦ ♣``), in any case. Formatting gives ``5♥`` (or ``5H`` with ``ascii=True``);
JSON always uses two ASCII characters (``TD``).

>>> parse_card("10d")
Card(Rank.TEN, Suit.DIAMONDS)
>>> str(parse_card("t♣"))
'10♣'
>>> [c.code for c in parse_cards("5h, J♣ a♠")]
['5H', 'JC', 'AS']
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import Enum, IntEnum


class CardError(ValueError):
    """Raised for card text that cannot be read, or a set of cards that is not allowed."""


class Rank(IntEnum):
    """Card ranks, ace low (1) to king (13)."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def pips(self) -> int:
        """Counting value: ace 1, pips as printed, tens and court cards 10."""
        return min(int(self), 10)

    @property
    def letter(self) -> str:
        """One-character ASCII name: ``A 2 … 9 T J Q K``."""
        return RANK_LETTERS[self - 1]

    @property
    def label(self) -> str:
        """Name for people: ``A 2 … 10 J Q K``."""
        return "10" if self is Rank.TEN else self.letter


class Suit(Enum):
    """The four suits, in the order S H D C used for sorting and card indexes."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def glyph(self) -> str:
        return SUIT_GLYPHS[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @property
    def index(self) -> int:
        return SUIT_ORDER.index(self)

    def __repr__(self) -> str:
        return f"Suit.{self.name}"


RANK_LETTERS = "A23456789TJQK"
SUIT_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
SUIT_GLYPHS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}

_RANK_TEXT = {letter: Rank(i + 1) for i, letter in enumerate(RANK_LETTERS)} | {"10": Rank.TEN}
_SUIT_TEXT = {s.value: s for s in Suit} | {g: s for s, g in SUIT_GLYPHS.items()}
# The outline glyphs people sometimes paste (♤ ♡ ♢ ♧) mean the same suits.
_SUIT_TEXT |= {"♤": Suit.SPADES, "♡": Suit.HEARTS, "♢": Suit.DIAMONDS, "♧": Suit.CLUBS}
# Emoji variation selectors ride along when suits are copied from chat apps.
_VARIATION_SELECTORS = re.compile("[\ufe0e\ufe0f]")

VALID_RANKS = "A 2 3 4 5 6 7 8 9 T (or 10) J Q K"
VALID_SUITS = "S H D C (or ♠ ♥ ♦ ♣)"


@dataclass(frozen=True, slots=True)
class Card:
    """A playing card. Sorted by rank, then suit (S H D C).

    >>> Card(Rank.KING, Suit.SPADES).code
    'KS'
    """

    rank: Rank
    suit: Suit
    # Counting value for fifteens and the play (court cards count 10).
    value: int = field(init=False, repr=False, compare=False)
    # 0..51: (rank - 1) * 4 + suit index; the order cards sort in.
    index: int = field(init=False, repr=False, compare=False)
    # Two ASCII characters, as used in JSON: ``TD``, ``5H``.
    code: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        rank = Rank(self.rank)
        suit = self.suit if isinstance(self.suit, Suit) else Suit(self.suit)
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "suit", suit)
        object.__setattr__(self, "value", rank.pips)
        object.__setattr__(self, "index", (rank - 1) * 4 + suit.index)
        object.__setattr__(self, "code", rank.letter + suit.value)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Card) and self.index == other.index

    def __hash__(self) -> int:
        return self.index

    def __lt__(self, other: Card) -> bool:  # suits sort S H D C, not alphabetically
        return self.index < other.index

    def __le__(self, other: Card) -> bool:
        return self.index <= other.index

    def __gt__(self, other: Card) -> bool:
        return self.index > other.index

    def __ge__(self, other: Card) -> bool:
        return self.index >= other.index

    @classmethod
    def from_index(cls, index: int) -> Card:
        """Inverse of :attr:`index`.

        >>> Card.from_index(0), Card.from_index(51)
        (Card(Rank.ACE, Suit.SPADES), Card(Rank.KING, Suit.CLUBS))
        """
        if not 0 <= index < 52:
            raise CardError(f"card index {index} is out of range; it must be 0 to 51")
        return cls(Rank(index // 4 + 1), SUIT_ORDER[index % 4])

    def format(self, ascii: bool = False) -> str:
        """``5♥`` for people, or ``5H`` with ``ascii=True``."""
        if ascii:
            return self.code
        return self.rank.label + self.suit.glyph

    def __str__(self) -> str:
        return self.format()

    def __repr__(self) -> str:
        return f"Card(Rank.{self.rank.name}, Suit.{self.suit.name})"


FULL_DECK: tuple[Card, ...] = tuple(Card.from_index(i) for i in range(52))

#: Every card written plainly (``5h``, ``10D``, ``T♣``: either case, any suit spelling) and
#: the card it is: most card text is one of these, read at once by :func:`parse_card`.
PLAIN_CARDS = {
    rank_text + suit_text: card
    for card in FULL_DECK
    for rank_text in {card.rank.letter, card.rank.letter.lower(), card.rank.label}
    for suit_text in [text for text, suit in _SUIT_TEXT.items() if suit is card.suit]
    + [card.suit.value.lower()]
}


def parse_card(token: str) -> Card:
    """Read one card such as ``5h``, ``10D``, ``T♣`` or ``a♠``.

    >>> parse_card("QS")
    Card(Rank.QUEEN, Suit.SPADES)
    >>> parse_card("1H")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    crib_trainer.core.cards.CardError: '1H': unknown rank '1' (an ace is A); ranks are A 2 ...
    """
    card = PLAIN_CARDS.get(token)
    if card is not None:
        return card
    text = _VARIATION_SELECTORS.sub("", token.strip().strip(",").strip())  # (5D, 5C: a list)
    if not text:
        raise CardError(f"empty card; a card is a rank ({VALID_RANKS}) then a suit ({VALID_SUITS})")
    if text.upper() in _RANK_TEXT:
        raise CardError(f"{token!r}: the suit is missing; add one of {VALID_SUITS}, like 5H")
    if len(text) < 2:
        raise CardError(
            f"{token!r}: a card needs a rank and a suit, like 5H or 10♦; "
            f"ranks are {VALID_RANKS}, suits are {VALID_SUITS}"
        )
    rank_text, suit_text = text[:-1].upper(), text[-1].upper()
    rank = _RANK_TEXT.get(rank_text)
    suit = _SUIT_TEXT.get(suit_text)
    if rank is None and _is_card(text[:-1]):
        raise CardError(
            f"{token!r}: {text[-1]!r} after {text[:-1]} is not part of a card; separate "
            "cards with spaces or commas"
        )
    if rank is None:
        hint = " (an ace is A)" if rank_text in ("1", "11", "14") else ""
        raise CardError(
            f"{_quoted(token)}: unknown rank {_quoted(rank_text)}{hint}; ranks are {VALID_RANKS}"
        )
    if suit is None:
        raise CardError(f"{_quoted(token)}: unknown suit {text[-1]!r}; suits are {VALID_SUITS}")
    return Card(rank, suit)


def _is_card(text: str) -> bool:
    """Whether ``text`` is a rank and a suit (a card, as :func:`parse_card` reads one)."""
    return len(text) >= 2 and text[:-1].upper() in _RANK_TEXT and text[-1].upper() in _SUIT_TEXT


def _quoted(text: str, limit: int = 24) -> str:
    """``text`` quoted for an error, a long one cut with its length (a pasted paragraph is
    not a card: the error stays a short line).

    >>> _quoted("5HH"), _quoted("x" * 100)
    ("'5HH'", "'xxxxxxxxxxxxxxxxxxxxxxxx'… (100 characters)")
    """
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}… ({len(text):,} characters)"


def split_card_text(text: str) -> list[str]:
    """Split text on spaces and commas into card tokens.

    >>> split_card_text("5h, 5c  jd,")
    ['5h', '5c', 'jd']
    """
    return [t for t in re.split(r"[\s,]+", text) if t]


def parse_cards(cards: str | Iterable[str], *, count: int | None = None) -> tuple[Card, ...]:
    """Read several cards from text (spaces or commas between) or from a list of tokens.

    Duplicates are refused, naming the card; ``count`` checks how many there are.

    >>> parse_cards("5h jd")
    (Card(Rank.FIVE, Suit.HEARTS), Card(Rank.JACK, Suit.DIAMONDS))
    >>> parse_cards("5h 5H")
    Traceback (most recent call last):
    ...
    crib_trainer.core.cards.CardError: duplicate card 5♥: each card can appear only once in a deal
    """
    tokens = split_card_text(cards) if isinstance(cards, str) else [t for t in cards]
    parsed = tuple(parse_card(t) for t in tokens)
    check_distinct(parsed)
    if count is not None and len(parsed) != count:
        raise CardError(f"expected {n_cards(count)}, got {len(parsed)}: {format_cards(parsed)}")
    return parsed


def check_cards(cards: Iterable[object]) -> None:
    """Raise :class:`CardError` naming the first item that is not a :class:`Card`.

    >>> check_cards(["5H"])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    crib_trainer.core.cards.CardError: expected a Card, got '5H' (str); read card text with ...
    """
    for card in cards:
        if not isinstance(card, Card):
            raise CardError(
                f"expected a Card, got {card!r} ({type(card).__name__}); "
                "read card text with parse_card or parse_cards"
            )


def check_distinct(cards: Iterable[Card]) -> None:
    """Raise :class:`CardError` naming the first card that appears twice (or the first
    item that is not a card at all)."""
    seen: set[int] = set()
    for card in cards:
        if not isinstance(card, Card):
            check_cards((card,))  # (says what it is)
        if card.index in seen:
            raise CardError(f"duplicate card {card}: each card can appear only once in a deal")
        seen.add(card.index)


def format_cards(cards: Iterable[Card], ascii: bool = False, sep: str = " ") -> str:
    """Format cards for people.

    >>> format_cards(parse_cards("5h td"))
    '5♥ 10♦'
    >>> format_cards(parse_cards("5h td"), ascii=True)
    '5H TD'
    """
    return sep.join(c.format(ascii) for c in cards) or "(none)"


def n_cards(n: int) -> str:
    """``1 card``, ``2 cards``: a number of cards in words for messages.

    >>> n_cards(1), n_cards(0), n_cards(4)
    ('1 card', '0 cards', '4 cards')
    """
    return f"{n} card" if n == 1 else f"{n} cards"
