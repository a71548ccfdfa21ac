"""Duplicate matches (issue 36): the decks are the seed's whatever the players do, the
seatings rotate the strengths, and the interval is the paired seeds' one."""

from __future__ import annotations

import pytest

from crib_trainer.analysis.duplicate import (
    duplicate_summary,
    relabel,
    rotations,
    run_duplicate,
    seatings,
    t95,
)
from crib_trainer.analysis.selfplay import play_game


@pytest.mark.parametrize("variant", ["six-card", "five-card", "three-player", "four-player"])
def test_the_cards_are_the_seeds_whatever_the_players_decide(variant):
    """Two games on one seed by different players (who throw and play differently) see
    the same first dealer, and the same hands and starter in every deal both reach."""
    seats = {"three-player": 3, "four-player": 4}.get(variant, 2)
    weak = play_game(*["beginner"] * seats, seed=11, variant=variant)
    strong = play_game(*["expert", "good", "master", "expert"][:seats], seed=11, variant=variant)
    assert weak.first_dealer == strong.first_dealer
    assert weak.deals[0].dealt == strong.deals[0].dealt
    assert weak.deals[0].starter == strong.deals[0].starter
    both = min(len(weak.deals), len(strong.deals))
    pairs = list(zip(weak.deals[:both], strong.deals[:both], strict=True))
    assert any(a.thrown != b.thrown for a, b in pairs)  # (they did decide differently)
    for a, b in pairs:
        assert (a.dealer, a.dealt, a.starter, a.pack) == (b.dealer, b.dealt, b.starter, b.pack)


def test_the_seatings_rotate_every_strength_through_every_seat():
    assert seatings(("master", "expert")) == [("master", "expert"), ("expert", "master")]
    three = seatings(("a", "b", "c"), "three-player")
    assert len(three) == rotations("three-player") == 3
    for seat in range(3):
        assert sorted(s[seat] for s in three) == ["a", "b", "c"]
    four = seatings(("a", "b", "c", "d"), "four-player")  # partners a+c against b+d
    assert four == [("a", "b", "c", "d"), ("d", "a", "b", "c")]
    assert {four[1][0], four[1][2]} == {"d", "b"}  # b+d now hold a+c's seats' cards


def test_the_second_seating_swaps_the_seats_and_the_same_cards_fall_to_them():
    named, swapped = run_duplicate("beginner", "expert", games=2, seed=3)
    game_seed = 3 * 1_000_003  # (seed i of a match seeded s: s * 1_000_003 + i)
    assert named == play_game("beginner", "expert", seed=game_seed)
    played = play_game("expert", "beginner", seed=game_seed)  # the expert in seat 0
    assert swapped == relabel(played, 1, "six-card")
    # (told back in the named seating: seat 1, the expert, held seat 0's cards)
    assert swapped.deals[0].dealt[1] == named.deals[0].dealt[0] == played.deals[0].dealt[0]
    assert swapped.first_dealer == 1 - named.first_dealer
    assert swapped.winner == 1 - played.winner
    assert swapped.scores == played.scores[::-1]


@pytest.mark.slow
def test_a_duplicate_match_shows_the_expert_stronger_than_the_beginner():
    records = run_duplicate("beginner", "expert", games=16, seed=2)
    result = duplicate_summary([r.winner for r in records], ("beginner", "expert"), "six-card")
    expert = result["sides"]["expert"]
    assert result["seeds"] == 8 and result["differed"] > 0
    assert expert["wins"] == sum(r.winner == 1 for r in records)
    assert expert["won_all"] > result["sides"]["beginner"]["won_all"]
    assert expert["ci95"][0] > 0.5  # (the cards' luck cancels: 8 seeds show it)


def test_the_interval_is_the_paired_seeds_not_the_games():
    """Four seeds of a against b, worked by hand. Seed 0: a won both seatings; seeds 1
    and 2: a from seat 0, then b from seat 0; seed 3: b from seat 1, then a from seat 1.
    a's share per seed is 1, ½, ½, ½: mean 0.625, deviations 0.375 and −0.125 ×3, sample
    variance (0.140625 + 3 × 0.015625) / 3 = 0.0625, standard deviation 0.25, standard
    error 0.25 / √4 = 0.125; four seeds leave three degrees of freedom, Student's t 3.182:
    half-width 3.182 × 0.125 = 0.39775 (1.96 × 0.125 = 0.245 would cover far less than
    95% of such intervals at four seeds)."""
    result = duplicate_summary([0, 0, 0, 1, 0, 1, 1, 0], ("a", "b"), "six-card")
    assert (result["seatings"], result["seeds"], result["differed"]) == (2, 4, 1)
    a, b = result["sides"]["a"], result["sides"]["b"]
    assert (a["wins"], a["share"], a["won_all"]) == (5, 0.625, 1)
    assert a["ci95"] == [pytest.approx(0.625 - 0.39775, abs=1e-4), 1.0]  # (capped at 1)
    assert (b["wins"], b["share"], b["won_all"]) == (3, 0.375, 0)
    assert b["ci95"] == [0.0, pytest.approx(0.375 + 0.39775, abs=1e-4)]  # (capped at 0)


def test_t_is_students_for_few_seeds_and_the_normals_for_many():
    assert [t95(df) for df in (1, 2, 3, 10, 30)] == [12.706, 4.303, 3.182, 2.228, 2.042]
    assert t95(40) == pytest.approx(2.021, abs=1e-3) and t95(120) == pytest.approx(1.980, abs=1e-3)
    assert t95(10**6) == pytest.approx(1.96, abs=1e-4)
    assert all(t95(df) > t95(df + 1) for df in range(1, 200))
    with pytest.raises(ValueError, match="degree of freedom"):
        t95(0)


def test_three_seatings_and_too_few_seeds():
    """At three: seed 0 won by side 0 from every seat, seed 1 from seat 0 each time
    (side 0, then 2, then 1 sitting there). One seed gives no spread: [0, 1]."""
    result = duplicate_summary([0, 0, 0, 0, 2, 1], ("x", "y", "z"), "three-player")
    assert result["differed"] == 1 and result["sides"]["x"]["won_all"] == 1
    assert [result["sides"][s]["wins"] for s in "xyz"] == [4, 1, 1]
    assert result["seats"] == [["x", "y", "z"], ["z", "x", "y"], ["y", "z", "x"]]
    one = duplicate_summary([0, 1], ("x", "y"), "six-card")
    assert one["sides"]["x"]["ci95"] == [0.0, 1.0] and one["sides"]["x"]["share"] == 0.5


def test_games_not_whole_seeds_are_refused():
    with pytest.raises(ValueError, match="multiple of 3, not 4"):
        run_duplicate("beginner", "beginner", "beginner", games=4, seed=0, variant="three")
