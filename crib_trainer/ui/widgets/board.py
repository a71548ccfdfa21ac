"""A cribbage board drawn in text: for each side two rows of holes in groups of five, the
first half of the track on the first row and the second half on the next, both left to
right and numbered by a scale above and below, with the front peg (●) and the back peg (○)
where they stand, the gap between them showing the last score, and the game hole (◎) after
the last hole of the second row, where the winner's front peg stands at the end.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.widgets import Static

SIDE_STYLES = ("bold cyan", "bold magenta", "bold green")
EMPTY, FRONT, BACK, GAME = "·", "●", "○", "◎"


def track_rows(target: int, front: int, back: int) -> tuple[str, str]:
    """The two rows of one side's track as plain text.

    Holes 1 … half run left to right on the first row, the rest (half + 1 … 2 × half) left
    to right on the second, so a hole sits under the one half the board before it; the
    second ends with the game hole, the front peg's once it reaches the target.

    >>> first, second = track_rows(61, 37, 3)
    >>> first[:11], second[:11], second[-2:]
    ('··○·· ·····', '····· ·●···', ' ◎')
    >>> track_rows(61, 61, 58)[1][-7:]  # the winner: his back peg 58, his front in the game hole
    '··○·· ●'
    """
    half = (target - 1) // 2

    def hole(n: int) -> str:
        """The mark for hole ``n``: the front peg, the back peg, or empty."""
        if n == front:
            return FRONT
        if n == back and back != front:
            return BACK
        return EMPTY

    outer = [hole(n) for n in range(1, half + 1)]
    inner = [hole(n) for n in range(half + 1, 2 * half + 1)]
    game = FRONT if front >= target else GAME
    return _grouped(outer), f"{_grouped(inner)} {game}"


def _grouped(holes: Sequence[str]) -> str:
    return " ".join("".join(holes[i : i + 5]) for i in range(0, len(holes), 5))


def board_text(
    target: int,
    names: Sequence[str],
    scores: Sequence[int],
    backs: Sequence[int],
    winner: int | None = None,
) -> Text:
    """The whole board: the first half's scale, each side's two rows (name beside the
    first, score beside the second), the second half's scale, and a line with each score,
    its last peg and the game hole.

    Fits 80 columns for a game of 121 (names are cut to six letters on the board there,
    eight at 61; the legend has them whole).

    >>> print(board_text(61, ["Ann", "Bob"], [7, 61], [3, 58], winner=1).plain)
            5    10    15    20    25    30
    Ann ··○·· ·●··· ····· ····· ····· ·····
      7 ····· ····· ····· ····· ····· ····· ◎
    Bob ····· ····· ····· ····· ····· ·····
     61 ····· ····· ····· ····· ····· ··○·· ●
           35    40    45    50    55    60
    Ann 7 (+4)   Bob 61 (+3) ◎ wins
    """
    half = (target - 1) // 2
    # a 121 board's rows are 73 wide with the game hole: 6 + 1 + 73 = 80
    width = min(max(len(n) for n in names), 8, 79 - (half // 5) * 6 - 1)

    def scale(start: int) -> Text:
        """The numbered scale over a row of the board."""
        marks = "".join(f"{start + n:>5} " for n in range(5, half + 1, 5)).rstrip()
        return Text(f"{'':>{width + 1}}{marks}\n", style="dim")

    text = scale(0)
    legend: list[Text] = []
    for side, name in enumerate(names):
        style = SIDE_STYLES[side % len(SIDE_STYLES)]
        front, back = scores[side], backs[side]
        outer, inner = track_rows(target, front, back)
        text.append(f"{_cut(name, width):>{width}} ", style=style)
        text.append(_peg_styled(outer, style))
        text.append(f"\n{front:>{width}} ", style=style)
        text.append(_peg_styled(inner, style))
        text.append("\n")
        entry = Text(f"{name} {front}", style=style)
        if front - back:
            entry.append(f" (+{front - back})", style="dim")
        if winner == side:
            entry.append(f" {GAME} wins", style=style)
        legend.append(entry)
    text.append_text(scale(half))
    text.append_text(Text("   ").join(legend))
    return text


def _cut(name: str, width: int) -> str:
    """A name cut to ``width`` in its middle, so that its end still tells names apart.

    >>> _cut("Player 1", 6), _cut("Beginner", 6), _cut("Ann", 6)
    ('Play…1', 'Begi…r', 'Ann')
    """
    return name if len(name) <= width else f"{name[: width - 2]}…{name[-1]}"


def _peg_styled(row: str, style: str) -> Text:
    out = Text()
    for ch in row:
        out.append(ch, style=style if ch in (FRONT, BACK, GAME) else "dim")
    return out


class Board(Static):
    """The board widget; call :meth:`show` with the scores to redraw it."""

    def show(
        self,
        target: int,
        names: Sequence[str],
        scores: Sequence[int],
        backs: Sequence[int],
        winner: int | None = None,
    ) -> None:
        """Draw the board to ``target`` with each side's front and back pegs."""
        self.update(board_text(target, names, scores, backs, winner))
