"""The served page's icon (``/favicon.ico``): a white club on the page's dark ground, drawn
from the picture below as a 16×16 Windows icon (the format every browser reads).

>>> data = icon()
>>> data[:6] == bytes([0, 0, 1, 0, 1, 0])  # an icon file holding one image
True
>>> len(data) == 6 + 16 + 40 + 16 * 16 * 4 + 16 * 4
True
"""

from __future__ import annotations

import struct

#: ``#`` the club, ``.`` the ground.
CLUB = """\
................
.......##.......
......####......
.....######.....
.....######.....
......####......
..###..##..###..
.#####.##.#####.
.##############.
.#####.##.#####.
..###..##..###..
.......##.......
......####......
.....######.....
................
................"""

#: Blue, green, red, alpha (the order an icon's pixels are stored in).
COLOURS = {"#": (255, 255, 255, 255), ".": (0x1F, 0x18, 0x0C, 255)}


def icon(picture: str = CLUB) -> bytes:
    """An ``.ico`` file of one square 32-bit image drawn from ``picture``'s characters."""
    rows = picture.splitlines()
    size = len(rows)
    assert all(len(row) == size for row in rows), "the picture is a square"
    # The pixels bottom row first, then the transparency mask (all opaque: zero bits),
    # each mask row padded to four bytes.
    pixels = b"".join(bytes(COLOURS[c]) for row in reversed(rows) for c in row)
    mask = bytes(((size + 31) // 32) * 4 * size)
    header = struct.pack("<IiiHHIIiiII", 40, size, size * 2, 1, 32, 0, 0, 0, 0, 0, 0)
    image = header + pixels + mask
    directory = struct.pack("<HHH", 0, 1, 1)
    entry = struct.pack("<BBBBHHII", size, size, 0, 0, 1, 32, len(image), 6 + 16)
    return directory + entry + image
