"""The points matrices shipped with the package are the ones the builder makes."""

from __future__ import annotations

import numpy as np
import pytest

from crib_trainer.analysis.ranksets import (
    SHIPPED_MATRICES,
    build_points_matrix,
    multisets,
    points_matrix,
)
from crib_trainer.analysis.tables import rank_points


@pytest.mark.parametrize(("size_a", "size_b"), SHIPPED_MATRICES)
def test_the_shipped_matrix_is_a_fresh_build(size_a, size_b):
    shipped = points_matrix(size_a, size_b)
    assert shipped.dtype == np.int64 and not shipped.flags.writeable
    assert np.array_equal(shipped, build_points_matrix(size_a, size_b))


def test_a_built_matrix_holds_the_points_of_each_pair_of_multisets():
    keys_a, _ = multisets(2)
    keys_b, _ = multisets(3)
    table = build_points_matrix(2, 3)
    assert table[keys_a.index((5, 5)), keys_b.index((5, 5, 11))] == rank_points((5, 5, 5, 5, 11))
    assert table[keys_a.index((5, 5)), keys_b.index((5, 5, 5))] == 0  # five fives: never dealt
