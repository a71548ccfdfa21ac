"""Puzzle files: the curated set is right, and broken files are reported, not fatal."""

from __future__ import annotations

import io
import json
from pathlib import Path

from crib_trainer.cli import main
from crib_trainer.cli import puzzles as puzzles_cli
from crib_trainer.core.cards import parse_card, parse_cards
from crib_trainer.training.kinds import PUZZLE_KINDS
from crib_trainer.training.puzzles import (
    check_puzzles,
    default_puzzle_dir,
    is_right,
    load_puzzles,
    solve,
)

GOOD = """
theme = "test"

[[puzzle]]
id = "good-one"
kind = "count"
difficulty = 1
cards = "9S TH JC QD"
starter = "2H"
question = "Count it."
answer = 4
note = "A run of four."
source = "constructed"
"""


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_the_curated_puzzles_are_all_right(monkeypatch):
    """``puzzles check`` with no path checks the curated set (every answer recomputed, once:
    the command's own check is the one looked at here)."""
    checked = []

    def check(paths):
        checked.append(check_puzzles(paths))
        return checked[-1]

    monkeypatch.setattr(puzzles_cli, "check_puzzles", check)
    out = io.StringIO()
    assert main(["puzzles", "check"], out=out) == 0
    [result] = checked
    assert result.problems == [], "\n".join(map(str, result.problems))
    files = len(list(default_puzzle_dir().glob("*.toml")))
    assert out.getvalue() == f"{len(result.puzzles)} puzzles right, 0 problems, in {files} files.\n"
    assert len(result.puzzles) >= 60
    assert {p.kind for p in result.puzzles} <= set(PUZZLE_KINDS)
    ids = [p.id for p in result.puzzles]
    assert len(ids) == len(set(ids))
    assert all(p.note and p.source for p in result.puzzles)


def test_a_wrong_answer_is_reported_with_file_id_and_field(tmp_path):
    path = write(tmp_path, "wrong.toml", GOOD.replace("answer = 4", "answer = 5"))
    result = check_puzzles([path])
    assert not result.puzzles
    [problem] = result.problems
    assert (problem.file, problem.puzzle_id, problem.field) == (str(path), "good-one", "answer")
    assert "the file says 5, the engine says 4" in str(problem)


def test_a_broken_puzzle_is_skipped_and_the_rest_load(tmp_path):
    broken = GOOD.replace('id = "good-one"', 'id = "bad-card"').replace("9S TH", "9X TH")
    path = write(tmp_path, "mixed.toml", GOOD + broken.split('theme = "test"')[1])
    result = load_puzzles([path])
    assert [p.id for p in result.puzzles] == ["good-one"]
    [problem] = result.problems
    assert problem.puzzle_id == "bad-card" and problem.field == "cards"
    assert "unknown suit 'X'" in problem.message


def test_field_problems_are_named(tmp_path):
    cases = {
        "kind": GOOD.replace('kind = "count"', 'kind = "guess"'),
        "difficulty": GOOD.replace("difficulty = 1", "difficulty = 9"),
        "starter": GOOD.replace('starter = "2H"', 'starter = "9S"'),
        "cards": GOOD.replace('cards = "9S TH JC QD"', 'cards = "9S TH JC"'),
        "answer": GOOD.replace("answer = 4", 'answer = "four"'),
        "note": GOOD.replace('note = "A run of four."\n', ""),
        "colour": GOOD.replace("answer = 4", "answer = 4\ncolour = 'red'"),
    }
    for field, text in cases.items():
        result = load_puzzles([write(tmp_path, f"{field}.toml", text)])
        assert [p.field for p in result.problems] == [field], (field, result.problems)


def test_bad_toml_and_empty_files(tmp_path):
    result = load_puzzles(
        [write(tmp_path, "a.toml", "this is = = not toml"), write(tmp_path, "b.toml", "x = 1")]
    )
    assert not result.puzzles
    assert "not valid TOML" in str(result.problems[0])
    assert "no [[puzzle]] tables" in str(result.problems[1])


def test_duplicate_ids_across_files(tmp_path):
    result = load_puzzles([write(tmp_path, "a.toml", GOOD), write(tmp_path, "b.toml", GOOD)])
    assert len(result.puzzles) == 1
    assert "duplicate id" in result.problems[0].message


def test_binary_garbage_file(tmp_path):
    path = tmp_path / "junk.toml"
    path.write_bytes(b"\xff\xfe\x00\x01garbage")
    result = load_puzzles([path])
    assert not result.puzzles and "not UTF-8 text" in str(result.problems[0])


def test_pegging_score_puzzle(tmp_path):
    text = GOOD.replace('kind = "count"', 'kind = "pegging-score"').replace(
        'cards = "9S TH JC QD"\nstarter = "2H"', 'sequence = "4S 2H 5D 3C"'
    )
    result = check_puzzles([write(tmp_path, "peg.toml", text)])
    assert [p.id for p in result.puzzles] == ["good-one"]  # the 3 makes a run of four
    assert solve(result.puzzles[0]) == 4


def test_is_right_for_a_learner_answer():
    puzzle = load_puzzles([default_puzzle_dir()]).by_id()["texts-the-29-hand"]
    assert is_right(puzzle, 29) and not is_right(puzzle, 28)
    assert parse_card("5D") == puzzle.starter and puzzle.cards == parse_cards("5H 5C 5S JD")


def test_cli_check(tmp_path):
    bad = write(tmp_path, "wrong.toml", GOOD.replace("answer = 4", "answer = 5"))
    out = io.StringIO()
    assert main(["puzzles", "check", str(bad), "--json"], out=out) == 2
    data = json.loads(out.getvalue())
    assert data["problems"][0]["field"] == "answer" and data["problems"][0]["puzzle"] == "good-one"
    assert set(data) == {"ok", "problems"}  # the keys the README gives
    assert set(data["problems"][0]) == {"file", "puzzle", "field", "message"}


def test_cli_list():
    out = io.StringIO()
    assert main(["puzzles", "list", "--theme", "runs"], out=out) == 0
    assert "runs-four-not-two-threes" in out.getvalue()
    out = io.StringIO()
    assert main(["puzzles", "list", "--theme", "runs", "--json"], out=out) == 0
    listed = json.loads(out.getvalue())
    assert {p["theme"] for p in listed} == {"runs"}
    assert "runs-ace-to-five" in {p["id"] for p in listed}
    assert all(set(p) == {"id", "theme", "kind", "difficulty", "question"} for p in listed)


def test_wrong_types_are_problems_not_crashes(tmp_path):
    cases = {
        "puzzle": "puzzle = [1, 2]\n",
        "variant": GOOD.replace('kind = "count"', 'kind = "count"\nvariant = ["six-card"]'),
        "difficulty": GOOD.replace("difficulty = 1", "difficulty = true"),
        "title": GOOD.replace('theme = "test"', 'theme = "test"\ntitle = 5'),
        "answer": GOOD.replace("answer = 4", "answer = true"),
    }
    for field, text in cases.items():
        result = load_puzzles([write(tmp_path, f"{field}.toml", text)])
        assert not result.puzzles
        assert {p.field for p in result.problems} == {field}, (field, result.problems)


def test_a_folder_with_no_puzzle_files_is_reported(tmp_path):
    empty = tmp_path / "empty"
    empty.mkdir()
    result = load_puzzles([empty])
    assert "no .toml puzzle files" in str(result.problems[0])


def test_cli_list_unknown_theme(capsys):
    assert main(["puzzles", "list", "--theme", "run"], out=io.StringIO()) == 2
    assert "no theme 'run'" in capsys.readouterr().err


# --- a puzzle asks what its id and note say (issue 19.8) ----------------------------------

_NO_NOB = ("no-nob", "wrong-jack", "another-suit", "heels-is-not-nob")
_HAS_NOB = ("nobs-alone", "run-and-nob", "with-nob", "jack-matches")


def _count_puzzles():
    from crib_trainer.training.puzzles import load_puzzles

    return [p for p in load_puzzles().puzzles if p.kind in ("count", "crib-count")]


def test_a_total_in_a_counting_puzzles_id_is_its_answer():
    import re

    for p in _count_puzzles():
        for token in re.findall(r"(?<![a-z0-9])(\d{1,2})(?![0-9])", p.id):
            if 12 <= int(token) <= 29 and not p.id.startswith("texts-britannica-five-card"):
                assert p.answer == int(token), f"{p.id} asks a hand worth {p.answer}"


def test_what_an_id_says_of_his_nob_and_nineteen_is_what_it_asks():
    from crib_trainer.core.show import ItemKind, score_show

    for p in _count_puzzles():
        b = score_show(p.cards, p.starter, crib=p.kind == "crib-count", variant=p.variant)
        nob = bool(b.of_kind(ItemKind.NOBS))
        if any(word in p.id for word in _NO_NOB):
            assert not nob, f"{p.id} says no nob, but the hand holds one"
            assert any(c.rank.letter == "J" for c in (*p.cards, p.starter)), p.id
        if any(word in p.id for word in _HAS_NOB):
            assert nob, f"{p.id} promises his nob, but the hand has none"
        if p.id.startswith("nineteen-") and "not-quite" not in p.id:
            assert p.answer == 0, f"{p.id} is a nineteen hand, but is worth {p.answer}"


def test_the_29_hand_and_its_28_neighbours_differ_only_by_the_jacks_suit():
    ids = {p.id: p for p in _count_puzzles()}
    for id_ in ("big-28-wrong-jack", "big-28-jack-of-another-suit"):
        p = ids[id_]
        jack = next(c for c in p.cards if c.rank.letter == "J")
        assert p.answer == 28 and jack.suit != p.starter.suit
    p = ids["big-29-jack-matches-the-turned-five"]
    jack = next(c for c in p.cards if c.rank.letter == "J")
    assert p.answer == 29 and jack.suit == p.starter.suit
