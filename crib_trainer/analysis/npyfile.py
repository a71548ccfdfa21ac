"""Arrays of numpy's ``.npz`` files read without numpy: a command that needs a few numbers
of a shipped table should not pay numpy's import (about 65 ms, more than its whole work).

An ``.npz`` file is a zip of ``.npy`` members; a ``.npy`` member is a magic string, a
format version, a header (a Python dict literal: ``descr``, ``fortran_order``, ``shape``)
and the values, row after row. :func:`read_arrays` returns each member asked for as its
shape and an :class:`array.array` of its values in that order; only the plain numeric
types the builders write are read (``descr`` ``|i1``, ``|u1``, ``<i2``, ``<i4``,
``<i8``, ``<f8``), C order, and anything else is refused by name.

>>> from crib_trainer.analysis.winprob import TABLE_PATH
>>> table = read_arrays(TABLE_PATH, ["six_card"])["six_card"]
>>> table.shape, table.values.typecode, 0.5 < table.at(121, 121) < 0.6
((122, 122), 'd', True)
"""

from __future__ import annotations

import ast
import struct
import sys
import zipfile
from array import array
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

#: numpy's little-endian ``descr`` of each type read, and the :mod:`array` typecode of the
#: same size (``array``'s own sizes are checked when a file is read).
TYPECODES = {"|i1": "b", "|u1": "B", "<i2": "h", "<i4": "i", "<i8": "q", "<f8": "d"}
MAGIC = b"\x93NUMPY"


@dataclass(frozen=True, slots=True)
class NpyArray:
    """One ``.npy`` member: its shape and its values, row after row (C order)."""

    shape: tuple[int, ...]
    values: array

    def at(self, *index: int) -> int | float:
        """The value at ``index`` (one number per axis).

        >>> NpyArray((2, 3), array("b", [0, 1, 2, 3, 4, 5])).at(1, 2)
        5
        """
        flat = 0
        for i, size in zip(index, self.shape, strict=True):
            flat = flat * size + i
        return self.values[flat]

    def rows(self) -> list[list[float]]:
        """A two-dimensional array as a list of its rows.

        >>> NpyArray((2, 2), array("d", [0.5, 1.0, 1.5, 2.0])).rows()
        [[0.5, 1.0], [1.5, 2.0]]
        """
        _, width = self.shape
        values = self.values
        return [values[start : start + width].tolist() for start in range(0, len(values), width)]


def read_arrays(path: Path, names: Iterable[str]) -> dict[str, NpyArray]:
    """The members ``names`` (without ``.npy``) of the ``.npz`` file ``path``; a
    :class:`ValueError` naming the file and the member when one is missing or not an
    array this module reads."""
    with zipfile.ZipFile(path) as archive:
        out = {}
        for name in names:
            try:
                raw = archive.read(f"{name}.npy")
            except KeyError:
                raise ValueError(f"no array {name!r} in {path.name}") from None
            out[name] = parse_npy(raw, f"{name} in {path.name}")
    return out


def parse_npy(raw: bytes, where: str = "the array") -> NpyArray:
    """A ``.npy`` file's bytes as an :class:`NpyArray` (``where`` names it in errors).

    >>> header = b"{'descr': '<i4', 'fortran_order': False, 'shape': (2,), }\\n"
    >>> raw = MAGIC + bytes([1, 0]) + struct.pack("<H", len(header)) + header
    >>> parse_npy(raw + struct.pack("<2i", 7, -1))
    NpyArray(shape=(2,), values=array('i', [7, -1]))
    """
    if raw[:6] != MAGIC:
        raise ValueError(f"{where} is not a .npy array")
    size_format, start = ("<H", 10) if raw[6] == 1 else ("<I", 12)  # (by the version)
    (length,) = struct.unpack_from(size_format, raw, 8)
    header = ast.literal_eval(raw[start : start + length].decode("latin-1"))
    code = TYPECODES.get(header.get("descr"))
    if (
        code is None
        or header.get("fortran_order")
        or array(code).itemsize != int(header["descr"][2:])
    ):
        raise ValueError(
            f"{where} is {header.get('descr')!r}"
            f"{' in Fortran order' if header.get('fortran_order') else ''}: this reader "
            f"takes {', '.join(TYPECODES)} in C order"
        )
    values = array(code)
    values.frombytes(raw[start + length :])
    if sys.byteorder == "big" and values.itemsize > 1:
        values.byteswap()
    shape = tuple(int(n) for n in header["shape"])
    count = 1
    for n in shape:
        count *= n
    if len(values) != count:
        raise ValueError(f"{where} holds {len(values)} values, not the {count} of {shape}")
    return NpyArray(shape, values)
