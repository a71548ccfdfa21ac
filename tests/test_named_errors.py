"""Each lookup by name refuses a wrong name with its own error, a ValueError that names
what would be right (issue 40)."""

from __future__ import annotations

import pytest

from crib_trainer.core.rules import RulesError, get_ruleset
from crib_trainer.core.variants import VariantError, get_variant
from crib_trainer.training.kinds import KindError, get_kind


@pytest.mark.parametrize(
    ("lookup", "error", "names"),
    [
        (get_variant, VariantError, "six-card, five-card, three-player, four-player"),
        (get_ruleset, RulesError, "acc, britannica, hoyle"),
        (get_kind, KindError, "count-hand, count-crib, judge"),
    ],
)
def test_a_wrong_name_is_its_own_value_error_naming_the_right_ones(lookup, error, names):
    with pytest.raises(error, match=r"choose one of|kinds are") as raised:
        lookup("nonsense")
    assert isinstance(raised.value, ValueError) and names in str(raised.value)
    assert "'nonsense'" in str(raised.value)
