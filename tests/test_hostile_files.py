"""Hostile files and hostile bytes (issue 14): nothing from a puzzle file, a history file or
a pipe can crash, hang, use unbounded memory, or write a control character to a terminal.

Each promise is checked as a user would meet it: the command line in process (fast) or in
a subprocess under a memory limit and a timeout (for what could hang or grow), the trainer
through Pilot.
"""

from __future__ import annotations

import csv
import io
import json
import os
import resource
import select
import signal
import sqlite3
import stat
import subprocess
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crib_trainer.cli import main
from crib_trainer.core.safe_text import csv_cell, is_safe, shown
from crib_trainer.storage import db
from crib_trainer.storage.db import StorageError, open_store
from crib_trainer.storage.progress import export_csv, record_attempt
from crib_trainer.training.attempt import Attempt
from crib_trainer.training.puzzles import load_puzzles
from tests.conftest import examples, hears_ctrl_c
from tests.inprocess import run_cli

# Control characters a terminal obeys: C0 (but newline and tab), DEL, C1, bidi controls.
CONTROLS = [chr(c) for c in (*range(0, 9), *range(11, 32), 127, *range(0x80, 0xA0))]
CONTROLS += ["\u202e", "\u2066", "\u200f", "\u061c", "\u2028"]

EVIL_PUZZLE = r"""
theme = "evil\u202e"
[[puzzle]]
id = "evil"
kind = "count"
difficulty = 1
cards = "5H 5C 5S JD"
starter = "5D"
question = "Count it.\u001b]52;c;ZWNobyBwd25lZA==\u0007 [bold red]boo[/]"
note = "Set the title\u001b]0;pwned\u0007 and clear\u009b2J"
source = "nobody\u001b[2J"
answer = 29
"""


def run(*argv: str) -> tuple[int, str, str]:
    """The command line in process: exit status, stdout, stderr."""
    out, err = io.StringIO(), io.StringIO()
    real = sys.stderr
    sys.stderr = err
    try:
        code = main(list(argv), out=out)
    except SystemExit as exit_:  # argparse's own exits (usage errors, --help)
        code = int(exit_.code or 0)
    finally:
        sys.stderr = real
    return code, out.getvalue(), err.getvalue()


def run_limited(*argv: str, stdin=None, timeout: float = 30) -> subprocess.CompletedProcess:
    """The command line in a subprocess with 1 GB of address space and a timeout."""

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))

    return subprocess.run(
        [sys.executable, "-m", "crib_trainer.cli", *argv],
        capture_output=True,
        text=True,
        timeout=timeout,
        preexec_fn=limit,
        stdin=stdin,
        env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"},
    )


def one_clean_line(text: str) -> None:
    lines = text.strip().splitlines()
    assert len(lines) == 1, text
    assert "Traceback" not in text and is_safe(text)


# --- 1. untrusted text ---------------------------------------------------------------------


def test_the_rule_escapes_every_control_and_keeps_the_rest():
    for ch in CONTROLS:
        assert is_safe(shown(f"a{ch}b")) and shown(f"a{ch}b") != f"a{ch}b"
    assert shown("5♥ — fifteen two, ünïcode") == "5♥ — fifteen two, ünïcode"
    assert shown("a\nb\tc", lines=True) == "a\nb\tc"


@given(st.text())
def test_nothing_shown_holds_a_control(text):
    assert is_safe(shown(text), lines=False) and is_safe(shown(text, lines=True))


def test_a_puzzle_files_text_is_shown_never_obeyed(tmp_path):
    path = tmp_path / "evil.toml"
    path.write_text(EVIL_PUZZLE, encoding="utf-8")
    (puzzle,) = load_puzzles([path]).puzzles
    for text in (puzzle.question, puzzle.note, puzzle.source, puzzle.theme):
        assert is_safe(text)
    assert "\\u001b]52" in puzzle.question and "[bold red]" in puzzle.question
    for argv in (["puzzles", "list", str(path)], ["puzzles", "list", str(path), "--json"]):
        code, out, err = run(*argv)
        assert code == 0 and is_safe(out) and is_safe(err) and "evil" in out


async def test_the_trainer_shows_a_hostile_puzzle_escaped(tmp_path, monkeypatch):
    from crib_trainer.ui.app import CribTrainerApp
    from crib_trainer.ui.screens.puzzles import PuzzleScreen

    (tmp_path / "evil.toml").write_text(EVIL_PUZZLE, encoding="utf-8")
    monkeypatch.setenv("CRIB_TRAINER_PUZZLES", str(tmp_path))
    app = CribTrainerApp(seed=1, store_path=tmp_path / "h.sqlite3")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("6")
        await pilot.pause()
        library = "".join(str(s.render()) for s in app.screen.query("Static"))
        assert "\u202e" not in library
        await pilot.press("enter")  # the theme
        await pilot.pause()
        await pilot.press("enter")  # its one puzzle
        await pilot.pause()
        assert isinstance(app.screen, PuzzleScreen)
        text = "".join(str(s.render()) for s in app.screen.query("Static"))
        assert "\x1b" not in text and "\x07" not in text and "\\u001b" in text
        assert "[bold red]boo[/]" in text  # markup in a puzzle is text, not style


@settings(max_examples=60)
@given(
    st.sampled_from(["score", "peg", "puzzles list", "puzzles check", "odds --bogus"]),
    st.lists(st.text(alphabet=st.sampled_from([*CONTROLS, "5", "H", "|", "x", " ", "é"])),
             min_size=1, max_size=4),
)  # fmt: skip
def test_no_control_reaches_a_stream_whatever_is_typed(command, words):
    code, out, err = run(*command.split(), *[w for w in words if w.strip()] or ["?"])
    assert code in (0, 2) and is_safe(out) and is_safe(err) and "Traceback" not in err


def test_a_command_line_too_long_to_be_typed_is_refused_in_one_line():
    code, out, err = run("score", *["5H"] * 2000)
    assert code == 2 and not out
    one_clean_line(err)
    assert "too long" in err


def test_csv_cells_cannot_be_formulas(tmp_path):
    assert csv_cell("=cmd|' /C calc'!A0").startswith("'")
    assert csv_cell("@SUM(A1)").startswith("'") and csv_cell("+1").startswith("'")
    store = open_store(tmp_path / "h.sqlite3")
    when = datetime(2026, 1, 1, tzinfo=UTC)
    record_attempt(
        store,
        Attempt("count-hand", {"cards": []}, {}, {}, True, "correct", {}, 1.0, when, "=2+5"),
    )
    buffer = io.StringIO()
    export_csv(store, buffer)
    rows = list(csv.reader(io.StringIO(buffer.getvalue())))
    assert rows[1][3] == "'=2+5"


# --- 2, 5, 10, 11. the history ----------------------------------------------------------------


def test_an_unknown_schema_version_is_set_aside_not_a_traceback(tmp_path, monkeypatch):
    path = tmp_path / "history.sqlite3"
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA user_version = -1")
    conn.close()
    original = path.read_bytes()
    monkeypatch.setenv("CRIB_TRAINER_HOME", str(tmp_path))
    code, _out, err = run("stats")
    assert code == 0 and "damaged" in err and "Traceback" not in err
    (kept,) = tmp_path.glob("history.sqlite3.damaged-*")
    assert kept.read_bytes() == original


def test_a_read_only_history_file_is_noticed_at_once(tmp_path, monkeypatch):
    path = tmp_path / "history.sqlite3"
    open_store(path).close()
    real = os.access
    monkeypatch.setattr(
        db.os,
        "access",
        lambda p, mode: False if Path(p) == path and mode == os.W_OK else real(p, mode),
    )  # (as root every file is writable, so the read-only answer is simulated)
    with pytest.raises(StorageError, match="read-only"):
        open_store(path)


def test_stats_reads_a_history_it_cannot_write(tmp_path, monkeypatch):
    monkeypatch.setenv("CRIB_TRAINER_HOME", str(tmp_path))
    with open_store(tmp_path / "history.sqlite3") as store:
        record_attempt(
            store,
            Attempt("judge", {"q": 1}, {}, {}, True, "correct", {}, 1.0, datetime.now(UTC)),
        )

    def refuse(*_a, **_k):
        raise StorageError("Cannot use your history file: the folder is read-only.")

    monkeypatch.setattr("crib_trainer.cli.stats.open_store", refuse)
    code, out, err = run("stats", "--json")
    assert code == 0 and json.loads(out)["summary"]["answered"] == 1
    assert "read-only" in err and "Showing your history" in err


def test_the_history_is_private(tmp_path):
    folder = tmp_path / "new" / "data"
    open_store(folder / "history.sqlite3").close()
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert stat.S_IMODE((folder / "history.sqlite3").stat().st_mode) == 0o600


# --- 3, 4. pipes, endless lines, deep TOML ---------------------------------------------------


@pytest.mark.parametrize(
    "argv",
    [
        ["score", "--batch", "/dev/zero"],
        ["discard", "--batch", "/dev/zero", "--dealer"],
        ["puzzles", "check", "/dev/zero"],
        ["puzzles", "list", "/dev/zero"],
    ],
)
def test_a_line_with_no_end_fails_fast_in_bounded_memory(argv):
    started = time.monotonic()
    done = run_limited(*argv)
    assert done.returncode == 2 and time.monotonic() - started < 20
    assert "Traceback" not in done.stderr and "MemoryError" not in done.stderr
    assert is_safe(done.stdout) and is_safe(done.stderr)


def test_a_fifo_is_refused_by_name_without_blocking(tmp_path):
    fifo = tmp_path / "x.toml"
    os.mkfifo(fifo)
    done = run_limited("puzzles", "check", str(fifo), timeout=20)
    assert done.returncode == 2 and "pipe (FIFO)" in done.stdout


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("x = " + "[" * 1200 + "]" * 1200, "nesting deeper"),
        ("x = " + "{a = " * 100 + "1" + "}" * 100, "nesting deeper"),
        ("a" + ".b" * 200 + " = 1", "dotted parts"),
        ("a" + ".b" * 50_000 + " = 1", "too long"),
        ("x = 1\n" * 300_000, "too big"),
        ('x = ["""a"""", ' + "[" * 1200 + "]" * 1201, "nesting deeper"),
        ("x = " + "9" * 5000, "not a puzzle file"),  # (past Python's int digits limit)
    ],
)
def test_toml_built_to_exhaust_the_parser_is_refused(tmp_path, text, says):
    path = tmp_path / "deep.toml"
    path.write_text(text, encoding="utf-8")
    result = load_puzzles([path])
    assert not result.puzzles and says in str(result.problems[0])


async def test_the_trainer_survives_a_hostile_puzzle_folder(tmp_path, monkeypatch):
    from crib_trainer.ui.app import CribTrainerApp

    (tmp_path / "deep.toml").write_text("x = " + "[" * 1200 + "]" * 1200)
    os.mkfifo(tmp_path / "pipe.toml")
    os.symlink("loop.toml", tmp_path / "loop.toml")
    monkeypatch.setenv("CRIB_TRAINER_PUZZLES", str(tmp_path))
    app = CribTrainerApp(seed=1, store_path=tmp_path / "h.sqlite3")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("6")
        await pilot.pause()
        assert app.screen.title == "Puzzles" and app.is_running


# --- 9. ctrl-c ----------------------------------------------------------------------------


def test_ctrl_c_is_one_line_and_status_130():
    proc = subprocess.Popen(
        [sys.executable, "-m", "crib_trainer.cli", "score", "--batch", "-"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=hears_ctrl_c,
    )
    assert proc.stdin is not None
    proc.stdin.write("5H 5C 5S JD | 5D\n")
    proc.stdin.flush()
    assert proc.stdout is not None
    ready, _, _ = select.select([proc.stdout], [], [], 60)
    assert ready, "no answer to the first line while standard input is still open"
    assert proc.stdout.readline().startswith('{"total": 29')
    proc.send_signal(signal.SIGINT)
    # standard input stays open until the child has gone: closing it at once (as
    # communicate does) raced the signal on a loaded machine, an end of input read first
    try:
        proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        # A signal that lands after Python last looked for one and before it blocks
        # reading is only seen when the read returns (CPython's own race, seen under
        # heavy load): press Ctrl-C again, as a person would
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            with open(f"/proc/{proc.pid}/status") as f:
                masks = [line for line in f if line.startswith(("Sig", "Shd", "State"))]
            proc.kill()
            raise AssertionError(f"Ctrl-C twice did not stop the child: {masks}") from None
    _out, err = proc.communicate(timeout=20)
    assert proc.returncode == 130
    one_clean_line(err)
    assert "interrupted" in err


def test_a_game_log_that_is_not_a_file_is_refused(tmp_path):
    done = run_limited("game", "replay", "/dev/zero", timeout=20)
    assert done.returncode == 2 and "is a device, not a game log" in done.stderr


# --- what the first pass left open ----------------------------------------------------------
# Undecodable bytes, newlines in what was typed, symlink loops, a TOML string that hides
# brackets from the shape check, an endless standard input, Ctrl-C before a command runs.

SURROGATES = st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF)


@given(st.text(st.one_of(st.characters(exclude_categories=()), SURROGATES)))
def test_a_byte_that_is_not_utf8_is_shown_escaped(text):
    # (an argument or a file name with such a byte reaches Python as a lone surrogate, and
    # would be written back as the raw byte: 0x9b is CSI to an 8-bit terminal)
    assert is_safe(shown(text), lines=False) and is_safe(shown(text, lines=True))
    shown(text).encode("utf-8")  # (raises UnicodeEncodeError on a lone surrogate)


def run_on_bytes(*argv: str) -> tuple[int, bytes, bytes]:
    """The command line in process with streams as Python gives a real terminal (UTF-8,
    undecodable bytes written back raw), so what reaches the terminal is seen as bytes."""

    def stream() -> io.TextIOWrapper:
        return io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="surrogateescape")

    out, err = stream(), stream()
    real = sys.stderr
    sys.stderr = err
    try:
        code = main(list(argv), out=out)
    except SystemExit as exit_:
        code = int(exit_.code or 0)
    finally:
        sys.stderr = real
    out.flush(), err.flush()
    return code, out.buffer.getvalue(), err.buffer.getvalue()  # type: ignore[attr-defined]


def clean_bytes(data: bytes) -> str:
    """The bytes as text: valid UTF-8 with nothing a terminal would obey."""
    text = data.decode("utf-8")  # (a raw 0x80-0xff byte of its own fails here)
    assert is_safe(text), text
    return text


def test_names_and_file_names_with_any_bytes_stay_on_their_line(tmp_path):
    name_with_bytes = os.fsdecode(b"B\x9b[2J\xff")  # as Python reads such an argument
    code, out, err = run_on_bytes("peg", "A\nB:5H", f"{name_with_bytes}:5C")
    lines = clean_bytes(out).splitlines()
    assert code == 0 and not err and len(lines) == 4  # a heading, two plays, the totals
    assert "A\\u000aB" in lines[1] and "B\\udc9b[2J\\udcff" in lines[2]
    assert lines[3] == "Totals: A\\u000aB 0, B\\udc9b[2J\\udcff 3"

    (tmp_path / os.fsdecode(b"bad\n\x9bname.toml")).write_text("x = 1\n")
    code, out, err = run_on_bytes("puzzles", "check", str(tmp_path))
    assert code == 2 and len(clean_bytes(out).splitlines()) == 2  # one problem, the total
    code, out, err = run_on_bytes("puzzles", "list", str(tmp_path))
    assert code == 2 and len(clean_bytes(err).splitlines()) == 1


@pytest.mark.parametrize(
    "argv",
    [["game", "replay"], ["score", "--batch"], ["discard", "--batch"], ["puzzles", "check"]],
)
def test_a_newline_in_a_file_name_is_shown_as_u000a_in_every_error(tmp_path, argv):
    """README: a newline in a file name is printed as ``\\u000a`` (not Python's ``\\n``),
    whichever command names the file."""
    done = run_cli(*argv, str(tmp_path / "no\nsuch.txt"))
    said = done.stdout + done.stderr
    assert done.returncode == 2 and "no\\u000asuch.txt" in said and "\\n" not in said


@settings(max_examples=60)
@given(
    st.sampled_from(["score", "peg", "odds --bogus", "discard --dealer", "stats --since"]),
    st.lists(st.text(alphabet=st.sampled_from(["\n", "\r", "\x85", "\u2028", "\udc9b",
                                               "\x1b", "5", "H", "|", ":", "x", " "])),
             min_size=1, max_size=4),
)  # fmt: skip
def test_an_error_is_one_whole_line_whatever_is_typed(command, words):
    code, out, err = run(*command.split(), *[w for w in words if w.strip()] or ["?"])
    assert is_safe(out) and is_safe(err) and "Traceback" not in err
    if code == 2:
        assert len(err.splitlines()) == 1 and err.startswith("crib-trainer"), err


def test_a_symlink_loop_is_a_file_that_cannot_be_read(tmp_path, monkeypatch):
    os.symlink("loop.toml", tmp_path / "loop.toml")
    os.symlink(tmp_path / "b.toml", tmp_path / "a.toml")
    os.symlink(tmp_path / "a.toml", tmp_path / "b.toml")
    result = load_puzzles([tmp_path, tmp_path / "loop.toml"])
    assert not result.puzzles and len(result.problems) == 3
    assert all("cannot read" in p.message for p in result.problems)
    # and through the trainer's own setting, pointing at a loop or at a device
    from crib_trainer.training.puzzles import default_puzzle_dir

    for target in (tmp_path / "loop.toml", Path("/dev/zero")):
        monkeypatch.setenv("CRIB_TRAINER_PUZZLES", str(target))
        (problem,) = load_puzzles([default_puzzle_dir()]).problems
        assert problem.file == str(target)


TRICKY_STRINGS = [
    '"a"', "'b'", '"""c""""', '"""d"""""', "'''e'''''", '"\\""', '"[[{"', "'{['",
    '"""x\n]]"""', "'''\n[[\n'''", '"#["', "1.5", "true",
]  # fmt: skip

toml_values = st.recursive(
    st.sampled_from(TRICKY_STRINGS),
    lambda inner: st.one_of(
        st.lists(inner, max_size=3).map(lambda vs: "[" + ", ".join(vs) + "]"),
        st.lists(inner, min_size=1, max_size=2).map(
            lambda vs: "{" + ", ".join(f"k{i}.j = {v}" for i, v in enumerate(vs)) + "}"
        ),
    ),
    max_leaves=12,
)


def depth_of(value: object) -> int:
    if isinstance(value, list):
        return 1 + max(map(depth_of, value), default=0)
    if isinstance(value, dict):  # (an inline table: its dotted keys are tables, no brackets)
        return 1 + max((depth_of(v["j"]) for v in value.values()), default=0)
    return 0


@settings(max_examples=examples(150))
@given(toml_values)
def test_the_shape_check_sees_the_nesting_tomllib_sees(value):
    import tomllib

    from crib_trainer.textfiles import TextFileError, check_toml_shape

    text = f"x = {value}\n"
    depth = depth_of(tomllib.loads(text)["x"])
    try:
        check_toml_shape(text, name="t.toml", max_depth=2)
    except TextFileError:
        assert depth > 2
    else:
        assert depth <= 2


def test_an_endless_game_log_on_standard_input_is_refused_in_bounded_memory():
    with open("/dev/zero", "rb") as zero:
        done = run_limited("game", "replay", "-", stdin=zero, timeout=20)
    assert done.returncode == 2 and "too big for a game log" in done.stderr
    one_clean_line(done.stderr)


def test_ctrl_c_before_the_command_runs_is_one_line_and_status_130(monkeypatch):
    def interrupted(*_args, **_kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr("crib_trainer.cli.build_parser", interrupted)
    code, out, err = run("score", "5H", "5C", "5S", "JD", "|", "5D")
    assert code == 130 and not out and err == "crib-trainer: interrupted\n"


def test_a_csv_export_is_private_like_the_history(tmp_path, monkeypatch):
    monkeypatch.setenv("CRIB_TRAINER_HOME", str(tmp_path))
    code, _out, _err = run("stats", "--csv", str(tmp_path / "answers.csv"))
    assert code == 0
    assert stat.S_IMODE((tmp_path / "answers.csv").stat().st_mode) == 0o600
