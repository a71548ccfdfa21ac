"""Start-up stays light: a command imports its own module and what it needs, no more
(checked in a fresh interpreter; bench/cli_bench.py measures the time)."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys

import pytest

from crib_trainer import cli


def modules_after(*argv: str) -> set[str]:
    """The modules a fresh interpreter holds after running ``crib-trainer ARGV``."""
    code = (
        "import io, json, sys\n"
        "from crib_trainer.cli import main\n"
        "try:\n"
        f"    main({list(argv)!r}, out=io.StringIO())\n"
        "except SystemExit:\n"
        "    pass\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    return set(json.loads(proc.stdout.splitlines()[-1]))


def command_modules(loaded: set[str]) -> set[str]:
    return {name for name in cli.COMMANDS if f"crib_trainer.cli.{name}" in loaded}


def test_score_loads_no_numpy_no_metadata_and_no_other_command():
    loaded = modules_after("score", "5H", "5C", "5S", "JD", "--starter", "5D")
    assert command_modules(loaded) == {"score"}
    heavy = ("numpy", "importlib.metadata", "textual", "crib_trainer.core.pegging")
    assert not {m for m in loaded if m.startswith(heavy)}
    # nor the grading of claims (none made), nor shutil (argparse's way to the width)
    assert not {"crib_trainer.training.grading.claims", "shutil"} & loaded


def test_a_claim_loads_the_grading():
    loaded = modules_after("score", "5H", "5C", "5S", "JD", "--starter", "5D", "--claim", "9")
    assert "crib_trainer.training.grading.claims" in loaded


@pytest.mark.parametrize("columns", ["", "50", "132", "x"])
def test_the_help_is_as_wide_as_shutil_says(monkeypatch, columns):
    """The help's width is read without shutil, the way shutil reads it."""
    import shutil

    from crib_trainer.cli.common import terminal_columns

    monkeypatch.setenv("COLUMNS", columns)
    assert terminal_columns() == shutil.get_terminal_size().columns


def test_odds_loads_no_numpy():
    loaded = modules_after("odds", "--json")
    assert command_modules(loaded) == {"odds"}
    assert "numpy" not in loaded


def test_help_loads_no_command():
    assert command_modules(modules_after("--help")) == set()


@pytest.mark.parametrize("name", list(cli.COMMANDS))
def test_each_command_registers_under_its_name_with_the_help_listed(name):
    """``COMMANDS`` lists each command's help for ``--help`` without importing it: the
    module, when it is the command run, registers the same name and help."""
    sub = cli.build_parser(name)._subparsers._group_actions[0]  # type: ignore[union-attr]
    assert isinstance(sub, argparse._SubParsersAction)
    listed = {action.dest: action.help for action in sub._choices_actions}
    assert listed == cli.COMMANDS
    built = [a for a in sub.choices[name]._actions if not isinstance(a, argparse._HelpAction)]
    assert built  # the module's own parser, not the name alone


@pytest.mark.parametrize("argv", [["--help"], ["--help", "score"], ["scor"]])
def test_every_command_is_listed_unless_one_is_run(argv, capsys):
    """Running a command builds its parser alone; help, or a word that is no command,
    still lists them all."""
    with pytest.raises(SystemExit):
        cli.main(argv)
    said = capsys.readouterr()
    assert all(name in said.out + said.err for name in cli.COMMANDS)


def test_the_trainer_starts_without_numpy_or_the_practice_game():
    """The first screen's imports: no numpy, and no practice game (it loads every
    analysis it grades with) until one is saved or resumed."""
    code = (
        "import json, sys\n"
        "from crib_trainer.ui.app import CribTrainerApp\n"
        "from crib_trainer.ui.screens.home import HomeScreen\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    loaded = set(json.loads(proc.stdout.splitlines()[-1]))
    assert (
        not {"numpy", "crib_trainer.training.game.practice", "crib_trainer.analysis.endplay"}
        & loaded
    )


def test_discard_of_one_hand_loads_no_numpy():
    loaded = modules_after("discard", "5H", "5D", "5S", "JC", "2C", "9D", "--dealer", "--json")
    assert "numpy" not in loaded and "fractions" not in loaded


HOME_SHOWN = (
    "import asyncio, json, sys\n"
    "from crib_trainer.ui.app import CribTrainerApp\n"
    "from crib_trainer.ui.screens.home import HomeScreen\n"
    "async def main():\n"
    "    app = CribTrainerApp(seed=1)\n"
    "    async with app.run_test(size=(80, 24)) as pilot:\n"
    "        while not isinstance(app.screen, HomeScreen):\n"
    "            await pilot.pause()\n"
    "        await pilot.pause()\n"
    "        print(json.dumps(sorted(sys.modules)))\n"
    "asyncio.run(main())\n"
)


def test_the_home_screen_shows_without_the_games_rules(tmp_path):
    """With a history already there (and no game in it), showing the home screen loads
    neither game's rules nor numpy: they load when a saved game is read."""
    env = dict(os.environ, CRIB_TRAINER_HOME=str(tmp_path))
    for _ in range(2):  # the first launch makes the history, the second reads it
        proc = subprocess.run(
            [sys.executable, "-c", HOME_SHOWN], capture_output=True, text=True, env=env
        )
        loaded = set(json.loads(proc.stdout.splitlines()[-1]))
        heavy = ("numpy", "crib_trainer.training.game.practice", "crib_trainer.core.game")
        assert not {m for m in loaded if m.startswith(heavy)}


def test_peg_for_two_loads_neither_the_tables_analysis_nor_numpy():
    """The two-player analysis does without the table's modules (three and four players),
    which load on first use of one of their names."""
    loaded = modules_after("peg", "KS", "--hand", "5H", "9C", "2D", "8S", "--starter", "3C")
    assert command_modules(loaded) == {"peg"}
    table = {f"crib_trainer.analysis.pegging.{m}" for m in ("table", "tablesearch", "sampled")}
    assert not (table | {"numpy", "random"}) & loaded


def test_the_tables_names_load_on_first_use():
    code = (
        "import json, sys\n"
        "import crib_trainer.analysis.pegging as pegging\n"
        "before = 'crib_trainer.analysis.pegging.sampled' in sys.modules\n"
        "from crib_trainer.analysis.pegging import analyse_table\n"
        "from crib_trainer.analysis.pegging.sampled import analyse_table as direct\n"
        "print(json.dumps([before, analyse_table is direct, 'analyse_table' in vars(pegging)]))\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert json.loads(proc.stdout) == [False, True, True]
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        import crib_trainer.analysis.pegging as pegging

        _ = pegging.nothing  # type: ignore[attr-defined]


def builders(loaded: set[str]) -> set[str]:
    """The offline builders (``build_*`` modules) among ``loaded``."""
    return {m for m in loaded if m.rsplit(".", 1)[-1].startswith("build_")}


def test_discard_at_a_score_loads_no_builder():
    """The play of each kept hand and the deal sample are read from their files by the
    modules that read them, not through the builders (which drag in self-play)."""
    loaded = modules_after(
        "discard", "5H", "5D", "5S", "JC", "2C", "9D", "--dealer", "--score", "100", "110"
    )
    assert "crib_trainer.analysis.keepplay" in loaded  # (the analysis ran)
    assert not builders(loaded)
    assert "crib_trainer.analysis.selfplay" not in loaded


@pytest.mark.parametrize(
    "argv",
    [
        ("--dealer", "--score", "100", "110"),
        ("--pone", "--score", "117", "119", "--json"),
        ("--dealer", "--score", "50", "55", "--variant", "five-card"),
    ],
)
def test_discard_at_a_score_loads_no_numpy(argv):
    """The position analysis and the files it reads need no numpy (its import alone was
    most of the command's time: issue 38)."""
    cards = ("5H", "5D", "5S", "JC", "2C", "9D")[: 5 if "five-card" in argv else 6]
    loaded = modules_after("discard", *cards, *argv)
    assert "crib_trainer.analysis.keepplay" in loaded  # (the analysis ran)
    assert not {m for m in loaded if m.startswith("numpy")}


def test_peg_at_a_score_loads_no_builder():
    loaded = modules_after(
        "peg", "--hand", "5H", "9C", "2D", "8S", "--starter", "3C", "--score", "110", "115"
    )
    assert "crib_trainer.analysis.endplay" in loaded
    assert not builders(loaded)


def test_winprob_loads_neither_numpy_nor_the_laws():
    loaded = modules_after("winprob", "100", "110", "--dealer")
    assert "crib_trainer.analysis.winprob" in loaded
    assert not {m for m in loaded if m.startswith(("numpy", "crib_trainer.core.rules"))}
