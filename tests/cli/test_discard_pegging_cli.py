"""``crib-trainer discard ... --with-pegging``: a pegging column, ranked by the total."""

from __future__ import annotations

import io
import json

import pytest

from crib_trainer.analysis.pegnet import pegging_net
from crib_trainer.cli import main

DEAL = ["5H", "5D", "JS", "QC", "2C", "9D"]


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    code = main(list(argv), out=out)
    return code, out.getvalue()


def test_json_adds_pegging_per_option_and_ranks_by_the_total():
    code, out = run("discard", *DEAL, "--dealer", "--with-pegging", "--json")
    assert code == 0
    data = json.loads(out)
    options = data["options"]
    assert len(options) == 15
    for o in options:
        peg = pegging_net(_ranks(o["keep"]), dealer=True)
        assert o["pegging"] == pytest.approx(peg.net, abs=1e-4)
        assert o["pegging_se"] == pytest.approx(peg.se, abs=1e-4)
        assert o["total"] == pytest.approx(o["net_ev"] + o["pegging"], abs=1e-3)
        assert {"reason", "principles", "hand_ev", "crib_ev", "loss"} <= set(o)
    totals = [o["total"] for o in options]
    assert totals == sorted(totals, reverse=True) and options[0]["total_loss"] == 0
    assert data["why"].startswith("With the play counted")


def _ranks(codes: list[str]) -> list[int]:
    return ["A23456789TJQK".index(c[0]) + 1 for c in codes]


def test_without_the_flag_there_is_no_pegging_key():
    data = json.loads(run("discard", *DEAL, "--dealer", "--json")[1])
    assert "pegging" not in data["options"][0]


def test_the_text_table_has_a_peg_column_and_says_where_it_comes_from():
    code, out = run("discard", *DEAL, "--pone", "--with-pegging", "--ascii")
    assert code == 0
    header = next(line for line in out.splitlines() if "throw" in line)
    assert "peg" in header and "total" in header
    assert "standard error at most" in out and out.count(" * ") >= 1


def test_a_batch_line_gets_the_pegging_keys(tmp_path):
    batch = tmp_path / "hands.txt"
    batch.write_text("5H 5D JS QC 2C dealer\nAS 2H 3D KC QH pone\n", encoding="utf-8")
    code, out = run("discard", "--batch", str(batch), "--with-pegging", "--variant", "five-card")
    records = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and len(records) == 2
    for record in records:
        assert all(len(o["keep"]) == 3 and "pegging" in o for o in record["options"])


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--score", "100", "110"], "--score already counts the play"),
        (["--variant", "four-player"], "two-player games"),
    ],
)
def test_refusals_are_one_line(extra, message, capsys):
    assert main(["discard", *DEAL, "--dealer", "--with-pegging", *extra]) == 2
    err = capsys.readouterr().err.strip()
    assert message in err and "\n" not in err
