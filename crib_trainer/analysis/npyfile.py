"""Arrays of numpy's ``.npz`` files read without numpy: a command that needs a few numbers
of a shipped table should not pay numpy's import (about 65 ms, more than its whole work),
nor :mod:`zipfile`'s (4 ms: it brings :mod:`shutil`, :mod:`bz2`, :mod:`lzma` and threads).

An ``.npz`` file is a zip of ``.npy`` members, each stored or deflated; a ``.npy`` member
is a magic string, a format version, a header (a Python dict literal: ``descr``,
``fortran_order``, ``shape``) and the values, row after row. :func:`read_arrays` finds
each member asked for in the zip's central directory and returns it as its shape and an
:class:`array.array` of its values in that order. Only what the builders write is read:
a zip of one part, members stored or deflated, of the plain numeric types (``descr``
``|i1``, ``|u1``, ``<i2``, ``<i4``, ``<i8``, ``<f8``) in C order; anything else is
refused by name (a test reads every shipped file's members and compares them with
numpy's).

>>> from crib_trainer.analysis.winprob import TABLE_PATH
>>> table = read_arrays(TABLE_PATH, ["six_card"])["six_card"]
>>> table.shape, table.values.typecode, 0.5 < table.at(121, 121) < 0.6
((122, 122), 'd', True)
"""

from __future__ import annotations

import ast
import math
import struct
import sys
import zlib
from array import array
from collections.abc import Iterable
from pathlib import Path
from typing import NamedTuple

#: numpy's little-endian ``descr`` of each type read, and the :mod:`array` typecode of the
#: same size (``array``'s own sizes are checked when a file is read).
TYPECODES = {"|i1": "b", "|u1": "B", "<i2": "h", "<i4": "i", "<i8": "q", "<f8": "d"}
MAGIC = b"\x93NUMPY"
#: The zip's records: the end of the central directory, a directory entry, a local header.
END, ENTRY, LOCAL = b"PK\x05\x06", b"PK\x01\x02", b"PK\x03\x04"
STORED, DEFLATED = 0, 8


class NpyArray(NamedTuple):
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
    data = path.read_bytes()
    try:
        members = _directory(data, path.name)
        out = {}
        for name in names:
            member = members.get(f"{name}.npy")
            if member is None:
                raise ValueError(f"no array {name!r} in {path.name}")
            where = f"{name} in {path.name}"
            out[name] = parse_npy(_read(data, member, where), where)
    except struct.error:  # (a record that runs past the file's end)
        raise ValueError(f"{path.name} is damaged: it ends inside a zip record") from None
    return out


#: A central directory entry's fixed part: signature, versions, flags, compression, time,
#: date, CRC-32, compressed and full size, lengths of name, extra and comment, disk,
#: attributes, the local header's offset.
_ENTRY = struct.Struct("<4s6H3I5H2I")
_ZIP64 = 0xFFFFFFFF


class _Member(NamedTuple):
    method: int
    crc: int
    compressed_size: int
    offset: int


def _directory(data: bytes, where: str) -> dict[str, _Member]:
    """Each member by name, from the zip's central directory (found from the end record,
    the last 22 bytes but for a comment)."""
    end = data.rfind(END, max(0, len(data) - 22 - 65535))
    if end < 0:
        raise ValueError(f"{where} is not a zip file")
    disk, _, _, count, _, start = struct.unpack_from("<HHHHII", data, end + 4)
    if disk or start == _ZIP64:
        raise ValueError(f"{where} is a zip of several parts or a zip64: not read here")
    out = {}
    for _ in range(count):
        if data[start : start + 4] != ENTRY or start + _ENTRY.size > len(data):
            raise ValueError(f"{where}: its zip directory is damaged")
        fields = _ENTRY.unpack_from(data, start)
        method, crc, size, length, extra, comment, offset = (
            fields[i] for i in (4, 7, 8, 10, 11, 12, 16)
        )
        if _ZIP64 in (size, offset):
            raise ValueError(f"{where} is a zip64: not read here")
        # (latin-1 reads any bytes: a name that is not the one asked for is not found)
        name = data[start + _ENTRY.size : start + _ENTRY.size + length].decode("latin-1")
        out[name] = _Member(method, crc, size, offset)
        start += _ENTRY.size + length + extra + comment
    return out


def _read(data: bytes, member: _Member, where: str) -> bytes:
    """A member's bytes (its local header says where they start), checked against its
    CRC-32."""
    if data[member.offset : member.offset + 4] != LOCAL:
        raise ValueError(f"{where}: its zip header is damaged")
    length, extra = struct.unpack_from("<HH", data, member.offset + 26)
    start = member.offset + 30 + length + extra
    if member.method == STORED:
        raw = data[start : start + member.compressed_size]
    elif member.method == DEFLATED:
        try:
            raw = zlib.decompress(data[start : start + member.compressed_size], -15)
        except zlib.error:
            raise ValueError(f"{where}: its compressed data are damaged") from None
    else:
        raise ValueError(
            f"{where} is compressed by zip method {member.method}: only stored (0) or "
            "deflated (8) members are read"
        )
    if zlib.crc32(raw) != member.crc:
        raise ValueError(f"{where}: its data do not match their CRC-32")
    return raw


def parse_npy(raw: bytes, where: str = "the array") -> NpyArray:
    """A ``.npy`` file's bytes as an :class:`NpyArray` (``where`` names it in errors).

    >>> header = b"{'descr': '<i4', 'fortran_order': False, 'shape': (2,), }\\n"
    >>> raw = MAGIC + bytes([1, 0]) + struct.pack("<H", len(header)) + header
    >>> parse_npy(raw + struct.pack("<2i", 7, -1))
    NpyArray(shape=(2,), values=array('i', [7, -1]))
    """
    if raw[:6] != MAGIC or len(raw) < 12:
        raise ValueError(f"{where} is not a .npy array")
    size_format, start = ("<H", 10) if raw[6] == 1 else ("<I", 12)  # (by the version)
    (length,) = struct.unpack_from(size_format, raw, 8)
    try:
        header = ast.literal_eval(raw[start : start + length].decode("latin-1"))
        descr, fortran = header["descr"], header["fortran_order"]
        shape = tuple(int(n) for n in header["shape"])
    except (ValueError, SyntaxError, KeyError, TypeError):
        raise ValueError(f"{where}: its header is not a .npy header") from None
    code = TYPECODES.get(descr) if isinstance(descr, str) else None
    if code is None or fortran or array(code).itemsize != int(descr[2:]):
        raise ValueError(
            f"{where} is {descr!r}{' in Fortran order' if fortran else ''}: this reader "
            f"takes {', '.join(TYPECODES)} in C order"
        )
    body = raw[start + length :]
    size = math.prod(shape) * array(code).itemsize
    if len(body) != size:
        raise ValueError(f"{where} holds {len(body)} bytes, not the {size} of {descr} {shape}")
    values = array(code)
    values.frombytes(body)
    if sys.byteorder == "big" and values.itemsize > 1:
        values.byteswap()
    return NpyArray(shape, values)
