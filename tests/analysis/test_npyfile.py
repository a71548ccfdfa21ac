"""The shipped ``.npz`` files read without numpy (issue 38): every member of every shipped
file is what numpy reads, a file numpy writes either way (stored or deflated) reads back,
and a file this reader cannot read is refused with one line naming the file and member."""

from __future__ import annotations

import struct
import zipfile
from pathlib import Path

import numpy as np
import pytest

from crib_trainer.analysis.npyfile import read_arrays

DATA = Path(__file__).parents[2] / "crib_trainer" / "analysis" / "data"


@pytest.mark.parametrize("path", sorted(DATA.glob("*.npz")), ids=lambda p: p.name)
def test_every_shipped_member_is_what_numpy_reads(path):
    with np.load(path) as data:
        expected = {name: data[name] for name in data.files}
    got = read_arrays(path, expected)
    for name, array in expected.items():
        assert got[name].shape == array.shape, name
        assert got[name].values.tolist() == array.ravel().tolist(), name


@pytest.mark.parametrize("save", [np.savez, np.savez_compressed])
def test_a_file_numpy_writes_reads_back(tmp_path, save):
    path = tmp_path / "t.npz"
    arrays = {
        "small": np.array([-128, 0, 127], dtype=np.int8),
        "bytes": np.arange(256, dtype=np.uint8),
        "shorts": np.array([[-2, 3], [4, -5]], dtype=np.int16),
        "ints": np.arange(-7, 8, dtype=np.int32).reshape(3, 5),
        "longs": np.array(2**40, dtype=np.int64),
        "floats": np.linspace(0.0, 1.0, 12).reshape(2, 2, 3),
        "empty": np.zeros((0, 4)),
    }
    save(path, **arrays)
    got = read_arrays(path, arrays)
    for name, array in arrays.items():
        assert got[name].shape == array.shape
        assert got[name].values.tolist() == array.ravel().tolist()
    assert got["floats"].at(1, 0, 2) == arrays["floats"][1, 0, 2]
    assert got["shorts"].rows() == arrays["shorts"].tolist()


def test_what_it_cannot_read_is_refused_by_name(tmp_path):
    path = tmp_path / "t.npz"
    np.savez(path, fortran=np.asfortranarray(np.ones((2, 3))), text=np.array(["a"]), ok=np.ones(2))
    with pytest.raises(ValueError, match=r"^no array 'missing' in t\.npz$"):
        read_arrays(path, ["missing"])
    with pytest.raises(ValueError, match=r"fortran in t\.npz is '<f8' in Fortran order"):
        read_arrays(path, ["fortran"])
    with pytest.raises(ValueError, match=r"text in t\.npz is '<U1': this reader takes"):
        read_arrays(path, ["text"])
    notzip = tmp_path / "n.npz"
    notzip.write_bytes(b"not a zip at all")
    with pytest.raises(ValueError, match=r"^n\.npz is not a zip file$"):
        read_arrays(notzip, ["ok"])


def test_damaged_data_are_refused_not_misread(tmp_path):
    path = tmp_path / "t.npz"
    np.savez(path, ok=np.arange(6, dtype=np.int64))
    with zipfile.ZipFile(path) as archive:
        info = archive.getinfo("ok.npy")
    data = bytearray(path.read_bytes())
    # (the local header's name and extra, which may differ from the directory's, come first)
    length, extra = struct.unpack_from("<HH", data, info.header_offset + 26)
    last = info.header_offset + 30 + length + extra + info.compress_size - 1
    data[last] ^= 0xFF  # a value's last byte
    path.write_bytes(bytes(data))
    with pytest.raises(ValueError, match=r"^ok in t\.npz: its data do not match their CRC-32$"):
        read_arrays(path, ["ok"])


def test_a_file_cut_short_is_refused_by_name(tmp_path):
    """Cut inside its end record (the directory's counts and offset half there): one
    ValueError naming the file; a member's name that is not text is not the one asked for."""
    path = tmp_path / "t.npz"
    np.savez(path, ok=np.arange(3))
    whole = path.read_bytes()
    end = whole.rfind(b"PK\x05\x06")
    for cut in (end + 6, end + 10, end + 15):
        path.write_bytes(whole[:cut])
        with pytest.raises(ValueError, match=r"^t\.npz is damaged: it ends inside a zip record$"):
            read_arrays(path, ["ok"])
    path.write_bytes(whole.replace(b"ok.npy", b"\xff\xfe.npy"))
    with pytest.raises(ValueError, match=r"^no array 'ok' in t\.npz$"):
        read_arrays(path, ["ok"])
