"""``crib-trainer match``: the JSON contract, seeded runs, bad input."""

from __future__ import annotations

import io
import json
import re
import sys

import pytest

from crib_trainer.cli import main

ROLE_KEYS = {"pegging", "hand", "crib", "total"}


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    code = main(list(argv), out=out)
    return code, out.getvalue()


def test_json_has_the_issues_keys():
    code, out = run(
        "match", "expert", "beginner", "--games", "2", "--seed", "7", "--variant", "six-card",
        "--json",
    )  # fmt: skip
    assert code == 0
    data = json.loads(out)
    assert {"games", "players", "wins", "first_dealer_wins", "per_deal", "seconds"} <= set(data)
    assert data["games"] == 2 and data["players"] == ["expert", "beginner"]
    assert sum(data["wins"].values()) == 2
    assert sum(sum(kinds.values()) for kinds in data["results"].values()) == 2
    assert 0 <= data["first_dealer_wins"] <= 1
    for name in data["players"]:
        assert set(data["per_deal"][name]) == {"dealer", "pone"}
        for role in ("dealer", "pone"):
            row = data["per_deal"][name][role]
            assert set(row) == ROLE_KEYS
            assert row["total"] == pytest.approx(
                row["pegging"] + row["hand"] + row["crib"], abs=2e-4
            )
        assert data["per_deal"][name]["pone"]["crib"] == 0


def test_a_seeded_run_is_reproducible_and_the_pool_changes_nothing():
    args = ["match", "beginner", "good", "--games", "3", "--seed", "11", "--json"]
    first = json.loads(run(*args)[1])
    again = json.loads(run(*args, "--workers", "2")[1])
    for data in (first, again):
        data.pop("seconds")
    assert first == again
    other = json.loads(
        run("match", "beginner", "good", "--games", "3", "--seed", "12", "--json")[1]
    )
    other.pop("seconds")
    assert other != first


def test_same_strengths_are_told_apart_and_five_card_is_to_61(capsys):
    code, out = run("match", "beginner", "beginner", "--games", "2", "--variant", "five", "--json")
    data = json.loads(out)
    assert data["players"] == ["beginner", "beginner-2"]
    assert code == 0


def test_the_master_can_be_chosen_and_plays_a_game_to_its_end():
    code, out = run("match", "master", "expert", "--games", "2", "--seed", "3", "--json")
    data = json.loads(out)
    assert code == 0 and data["players"] == ["master", "expert"]
    assert sum(data["wins"][name] for name in data["players"]) == 2


def test_text_output_names_both_players():
    code, out = run("match", "good", "beginner", "--games", "1", "--rules", "britannica")
    assert code == 0
    assert "good against beginner: 1 six-card games, seed 0" in out
    assert "first dealer won" in out and "pegging" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["grandmaster", "beginner"], "unknown player 'grandmaster'"),
        (["expert", "beginner", "--games", "0"], "--games must be 1"),
        (["expert", "beginner", "--games", "x"], "invalid int value"),
        (["expert", "beginner", "--variant", "three-player"], "takes 3 players (one a seat)"),
        (["expert", "good", "beginner"], "six-card game takes 2 players"),
        (["expert"] * 3 + ["--variant", "four"], "not 3"),
        (["expert", "beginner", "--variant", "seven"], "unknown variant"),
        (["expert", "beginner", "--rules", "house"], "unknown rules"),
        (["expert", "beginner", "--workers", "0"], "--workers must be 1"),
        (["expert"], "takes 2 players (one a seat), not 1"),
        ([], "the following arguments are required"),
    ],
)
def test_bad_input_is_one_line_and_status_2(argv, message, capsys):
    try:
        code = main(["match", *argv], out=io.StringIO())
    except SystemExit as exit:  # argparse's own errors
        code = exit.code
    err = capsys.readouterr().err
    assert code == 2
    assert message in err
    assert len(err.strip().splitlines()) == 1


TABLE_KEYS = {"variant", "seats", "per_position", "first_deal_seat"}


@pytest.mark.parametrize(
    ("variant", "players", "sides", "places"),
    [
        ("three-player", ["expert", "good", "beginner"], 3, {"left", "right", "dealer"}),
        ("four-player", ["expert", "beginner"], 2, {"left", "partner", "right", "dealer"}),
    ],
)
def test_a_table_match_reports_sides_places_and_the_first_dealers_seat(
    variant, players, sides, places
):
    args = ["match", *players, "--games", "4", "--seed", "3", "--variant", variant, "--json"]
    data = json.loads(run(*args)[1])
    assert TABLE_KEYS | {"games", "players", "wins", "first_dealer_wins", "per_deal"} <= set(data)
    assert data["variant"] == variant and len(data["players"]) == sides
    assert len(data["seats"]) == int(variant[0] == "f") + 3
    assert sum(data["wins"].values()) == 4
    assert set(data["per_position"]) == places
    first = data["first_deal_seat"]
    assert sum(row["wins"] for row in first.values()) == 4
    for row in first.values():
        low, high = row["ci95"]
        assert row["games"] == 4 and low <= row["share"] <= high
    dealer = "dealer"
    assert first[dealer]["share"] == data["first_dealer_wins"]
    for row in data["per_position"].values():
        assert row["total"] == pytest.approx(row["pegging"] + row["hand"] + row["crib"], abs=2e-4)
    assert data["per_position"]["left"]["crib"] == 0
    again = json.loads(run(*args, "--workers", "2")[1])
    for d in (data, again):
        d.pop("seconds")
    assert again == data


def test_a_table_match_in_words():
    code, out = run("match", "beginner", "beginner", "beginner", "--variant", "3", "--games", "2")
    assert code == 0
    assert "beginner against beginner-2 against beginner-3: 2 three-player games" in out
    assert "Wins by the seat taken from the first dealer (95% interval):" in out


def test_winprob_json_and_its_bounds():
    code, out = run("winprob", "85", "90", "--dealer", "--json")
    assert code == 0
    data = json.loads(out)
    assert {"win", "me", "him", "dealer"} <= set(data)
    assert (data["me"], data["him"], data["dealer"]) == (85, 90, True)
    assert 0 < data["win"] < 1
    pone = json.loads(run("winprob", "85", "90", "--pone", "--json")[1])
    assert pone["dealer"] is False and pone["win"] != data["win"]
    dealing = json.loads(run("winprob", "0", "0", "--dealer", "--json")[1])["win"]
    assert dealing > 0.5 > json.loads(run("winprob", "0", "0", "--pone", "--json")[1])["win"]
    code, out = run("winprob", "0", "0", "--pone", "--variant", "five")
    assert code == 0 and "game to 61" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["121", "0", "--dealer"], "ME is 121: scores run from 0 to 120"),
        (["0", "-1", "--pone"], "HIM is -1"),
        (["60", "0", "--dealer", "--variant", "five"], None),
        (["61", "0", "--dealer", "--variant", "five"], "0 to 60"),
        (["1", "2"], "one of the arguments --dealer --pone is required"),
        (["1", "2", "--dealer", "--pone"], "not allowed with argument"),
        (["1", "2", "--dealer", "--variant", "three"], "two-player games"),
    ],
)
def test_winprob_bad_input_is_one_line_and_status_2(argv, message, capsys):
    try:
        code = main(["winprob", *argv], out=io.StringIO())
    except SystemExit as exit:  # argparse's own errors
        code = exit.code
    err = capsys.readouterr().err
    if message is None:
        assert code == 0
        return
    assert code == 2
    assert message in err
    assert len(err.strip().splitlines()) == 1


class _Terminal(io.StringIO):
    """Standard error as a terminal: the progress bar is drawn on it."""

    def isatty(self) -> bool:
        return True


def test_the_progress_bar_is_redrawn_in_place_on_a_terminal(monkeypatch):
    """The bar returns to the start of its line with a carriage return, which the
    escaping of untrusted text must not turn into the six characters ``\\u000d``."""
    terminal = _Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert main(["match", "expert", "beginner", "--games", "2", "--workers", "1"]) == 0
    drawn = terminal.getvalue()
    assert drawn.startswith("\r[") and drawn.count("\r") == 2 and drawn.endswith("\n")
    assert "2/2 games" in drawn and "\\u000d" not in drawn


def test_ctrl_c_under_the_progress_bar_is_said_on_a_line_of_its_own(monkeypatch):
    from crib_trainer.analysis import selfplay

    def interrupted(*players, progress=None, **options):
        progress(1)
        raise KeyboardInterrupt

    monkeypatch.setattr(selfplay, "run_match", interrupted)
    terminal = _Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert main(["match", "expert", "beginner", "--games", "4", "--workers", "1"]) == 130
    bar, said, end = terminal.getvalue().split("\n")
    assert bar.startswith("\r[") and "1/4 games" in bar
    assert (said, end) == ("crib-trainer match: interrupted", "")


DUPLICATE_KEYS = {"seatings", "seeds", "seats", "differed", "sides"}


def test_a_duplicate_match_keeps_the_keys_and_adds_the_paired_result():
    args = ["match", "beginner", "expert", "--duplicate", "--games", "4", "--seed", "2"]
    code, out = run(*args, "--json")
    assert code == 0
    data = json.loads(out)
    plain = json.loads(run("match", "beginner", "expert", "--games", "2", "--json")[1])
    assert set(data) == set(plain) | {"duplicate"}
    assert data["games"] == 4 and data["players"] == ["beginner", "expert"]
    dup = data["duplicate"]
    assert set(dup) == DUPLICATE_KEYS
    assert (dup["seatings"], dup["seeds"]) == (2, 2)
    assert dup["seats"] == [["beginner", "expert"], ["expert", "beginner"]]
    for name in data["players"]:
        side = dup["sides"][name]
        assert set(side) == {"wins", "share", "ci95", "won_all"}
        assert side["wins"] == data["wins"][name]  # (the games told in the named seating)
        low, high = side["ci95"]
        assert low <= side["share"] == side["wins"] / 4 <= high
    again = json.loads(run(*args, "--json", "--workers", "2")[1])
    for d in (data, again):
        d.pop("seconds")
    assert again == data


def test_a_duplicate_match_in_words():
    code, out = run("match", "beginner", "expert", "--duplicate", "--games", "4", "--seed", "2")
    assert code == 0
    assert "Duplicate: 2 deal seeds, each played twice (the seats swapped" in out
    assert "95% interval is from the 2 seeds' totals (the paired seatings)" in out
    assert "The seatings came out differently on " in out
    alike = run("match", "beginner", "beginner", "--duplicate", "--games", "4", "--seed", "2")[1]
    assert "The seatings came out differently on 0 of the 2 seeds" in alike
    assert "Every seed gave each side the same share, so the intervals have no width" in alike
    varied = run("match", "beginner", "expert", "--duplicate", "--games", "16", "--seed", "2")[1]
    low, high = map(
        float, re.search(r"expert +\d+ of 16 +[\d.]+% +\(([\d.]+)% to ([\d.]+)%\)", varied).groups()
    )
    assert low < high
    assert "Every seed gave" not in varied


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--games", "9"], "--games counts games, and --duplicate plays each seed in 2 seatings"),
        (["--games", "9"], "give a multiple of 2, not 9"),
        (["--variant", "three", "--games", "100"], "multiple of 3, not 100"),
        (["--variant", "four", "--games", "3"], "in 2 seatings at the four-player game"),
        (["--games", "0"], "--games must be 1"),
    ],
)
def test_duplicate_games_must_be_whole_seeds(argv, message, capsys):
    players = ["beginner"] * (3 if "three" in argv else 2)
    code = main(["match", *players, "--duplicate", *argv], out=io.StringIO())
    err = capsys.readouterr().err
    assert code == 2
    assert message in err
    assert len(err.strip().splitlines()) == 1


@pytest.mark.parametrize(
    ("argv", "games"),
    [
        (["--duplicate"], 100),
        (["beginner", "--variant", "three", "--duplicate"], 102),  # (34 seeds, 3 seatings)
        (["beginner", "--variant", "three"], 100),
    ],
)
def test_the_default_games_are_whole_seeds(argv, games, monkeypatch):
    from crib_trainer.analysis import duplicate, selfplay

    asked = {}

    def stop(*players, **options):
        asked.update(options)
        raise KeyboardInterrupt  # (nothing played: said as interrupted)

    monkeypatch.setattr(duplicate, "run_duplicate", stop)
    monkeypatch.setattr(selfplay, "run_match", stop)
    code = main(["match", "beginner", "beginner", *argv], out=io.StringIO())
    assert code == 130 and asked["games"] == games


def test_ctrl_c_in_a_duplicate_match_reports_the_whole_seeds_finished(monkeypatch, capsys):
    """Ctrl-C after three games of a duplicate match: the two of the whole seed are
    reported (a seed's one seating alone is not a duplicate result), status 130."""
    from crib_trainer.analysis import selfplay

    played = []
    original = selfplay._play_one

    def play_one(job):
        if len(played) == 3:
            raise KeyboardInterrupt
        played.append(job)
        return original(job)

    monkeypatch.setattr(selfplay, "_play_one", play_one)
    args = ["match", "beginner", "expert", "--duplicate", "--games", "6", "--workers", "1"]
    code, out = run(*args, "--json")
    assert code == 130
    data = json.loads(out)
    assert data["games"] == 2 and data["duplicate"]["seeds"] == 1
    err = capsys.readouterr().err
    assert "interrupted after 3 of 6 games; the results of the 2 in whole seeds (1 seed" in err


def test_ctrl_c_before_a_whole_seed_says_there_is_no_result(monkeypatch, capsys):
    from crib_trainer.analysis import selfplay

    original = selfplay._play_one
    played = []

    def play_one(job):
        if played:
            raise KeyboardInterrupt
        played.append(job)
        return original(job)

    monkeypatch.setattr(selfplay, "_play_one", play_one)
    args = ["match", "beginner", "expert", "--duplicate", "--games", "4", "--workers", "1"]
    assert run(*args) == (130, "")
    err = capsys.readouterr().err
    assert err == (
        "crib-trainer match: interrupted after 1 of 4 games; no seed played in every seating "
        "yet: no results\n"
    )


@pytest.mark.parametrize(
    ("players", "variant", "games"),
    [
        (("beginner", "expert"), "six-card", 8),
        (("beginner", "expert", "beginner"), "three-player", 3),
    ],
)
@pytest.mark.slow
def test_the_duplicate_words_are_made_from_its_numbers(players, variant, games):
    """Over seeded matches, each side's line and the seeds that differed say exactly the
    JSON's wins, share, interval, won-every-seating counts and differed."""
    for seed in range(2):
        args = ("match", *players, "--duplicate", "--variant", variant, "--games", str(games))
        args += ("--seed", str(seed), "--quiet")
        dup = json.loads(run(*args, "--json")[1])["duplicate"]
        text = run(*args)[1].split("Duplicate:")[1]
        for label, side in dup["sides"].items():
            low, high = (f"{100 * x:.2f}%" for x in side["ci95"])
            line = f"{label} +{side['wins']} of {games} +{100 * side['share']:.2f}% +"
            assert re.search(line + re.escape(f"({low} to {high})"), text), (label, text)
        differed = dup["differed"]
        assert f"differently on {differed} of the {dup['seeds']} seeds" in text
        won_all = ", ".join(f"{k} {v['won_all']}" for k, v in dup["sides"].items())
        assert f"every seating: {won_all});" in text
        assert f"on the other {dup['seeds'] - differed} the same seat" in text
