"""The board in text: both rows run left to right, each under its own numbered scale."""

from __future__ import annotations

import pytest

from crib_trainer.ui.widgets.board import FRONT, board_text, track_rows


@pytest.mark.parametrize("target", [61, 121])
def test_every_hole_sits_under_its_number(target):
    """A peg in hole 5, 10, … (and 65, 70, … on the second row) lines up with the last
    digit of that number on the scale of its row."""
    half = (target - 1) // 2
    for hole in range(5, target, 5):
        lines = board_text(target, ["Ann", "Bob"], [hole, 0], [0, 0]).plain.splitlines()
        top, first, second, bottom = lines[0], lines[1], lines[2], lines[5]
        row, scale = (first, top) if hole <= half else (second, bottom)
        column = row.index(FRONT)
        assert scale[: column + 1].rstrip().endswith(str(hole)), (hole, scale, row)


def test_the_second_row_runs_forwards():
    first, second = track_rows(121, 61, 0)
    assert first.count(FRONT) == 0 and second.index(FRONT) == 0
    first, second = track_rows(121, 120, 0)
    assert second.removesuffix(" ◎").endswith(FRONT)


@pytest.mark.parametrize("target", [61, 121])
def test_the_winning_peg_stands_in_the_game_hole_and_the_board_fits_80_columns(target):
    text = board_text(
        target, ["Beginner", "Partners"], [target - 9, target], [target - 20, target - 4], winner=1
    )
    lines = text.plain.splitlines()
    assert max(len(line) for line in lines) <= 80
    loser, winner = lines[2], lines[4]
    assert loser.endswith(" ◎") and winner.endswith(" " + FRONT)
    assert winner.count(FRONT) == 1  # his front peg has left the track for the game hole
    assert "Beginner" in lines[-1] and f"Partners {target}" in lines[-1]
