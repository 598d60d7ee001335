"""`analyze` from Python, with its games on a local Ray cluster, totals the command line's."""

import json
import os
import subprocess
from pathlib import Path

import pytest

from tabula.analysis import analyze

ROOT = Path(__file__).resolve().parents[2]
BINARY = Path(os.environ.get("TABULA_BIN", ROOT / "target" / "debug" / "tabula"))


def cli_analyze(game, players, games, seed):
    out = subprocess.run(
        [str(BINARY), "analyze", game, "--players", players, "--games", str(games), "--seed", str(seed),
         "--format", "json"],
        cwd=ROOT, capture_output=True, text=True, check=True).stdout
    return json.loads(out)["games"][0]


@pytest.mark.parametrize("game,players", [("tic-tac-toe", "random"), ("backgammon", "random"),
                                          ("breakthrough", "mcts:iterations=50")])
def test_analyze_in_python_totals_the_command_line(game, players):
    assert analyze(game, players=players, games=12, seed=5) == cli_analyze(game, players, 12, 5)


def test_analyze_on_a_local_ray_cluster_totals_the_command_line():
    ray = pytest.importorskip("ray")
    from tabula.analysis import ray_map

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        on_ray = analyze("connect-four", games=20, seed=3, map=ray_map)
    finally:
        ray.shutdown()
    assert on_ray == cli_analyze("connect-four", "random", 20, 3)
