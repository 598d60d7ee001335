#!/usr/bin/env python3
"""Random playouts per CPU-second: Tabula against OpenSpiel's games, a quick look.

OpenSpiel's games run in C++ through `pyspiel.evaluate_bots` with uniform random bots: the whole
game loop (legal actions, the bot's choice, chance outcomes, applying the action) stays in C++, and
Python only starts each game. The bots' work on every ply lowers OpenSpiel's figures, about twice
in a game as cheap as Kalah: for figures, use `openspiel_bench.cc` (tools/peers/README.md).
Tabula runs `tabula bench GAME --depth 0 --json`, one thread. Both count CPU time of one core
(OpenSpiel's with `time.process_time`; Tabula's process is single-threaded and timed by wall clock,
so run this on a quiet machine). The figures are ratios within one run: the machines are shared
and noisy.

Tabula's `bench` lists every legal action each ply, as OpenSpiel does (its `--sample` flag, not
used here, judges a `forbid` rule only for the drawn action).

    .venv/bin/python tools/peers/openspiel.py                       # every pair, 3 s each
    .venv/bin/python tools/peers/openspiel.py --games havannah,y -s 5
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time

try:
    import pyspiel
except ImportError:  # pragma: no cover - depends on the machine
    sys.exit(
        "error: cannot import pyspiel; install OpenSpiel first (see tools/crosscheck/README.md):\n"
        "  python3 -m venv .venv && .venv/bin/pip install open_spiel==2.0.2"
    )

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))

# Tabula game, Tabula options, OpenSpiel game, its parameters. The rules agree (tools/crosscheck/).
PAIRS = [
    ("tic-tac-toe", {}, "tic_tac_toe", {}),
    ("connect-four", {}, "connect_four", {}),
    ("reversi", {}, "othello", {}),
    ("hex", {}, "hex", {"board_size": 11}),
    ("amazons", {}, "amazons", {}),
    ("nine-mens-morris", {}, "nine_mens_morris", {}),
    ("go", {"ko": "simple", "komi_halves": "15", "max_plies": "162"}, "go",
     {"board_size": 9, "komi": 7.5, "max_game_length": 162}),
    ("kalah", {"max_plies": "1001"}, "mancala", {}),
    ("english-draughts", {"forty_move_rule": "false", "threefold_repetition": "false"}, "checkers", {}),
    ("havannah", {}, "havannah", {"board_size": 8}),
    ("y", {}, "y", {"board_size": 11}),
    ("pentago", {}, "pentago", {}),
    ("oware", {}, "oware", {}),
    ("backgammon", {}, "backgammon", {}),
    ("chess", {}, "chess", {}),
    ("chess960", {}, "chess", {"chess960": True}),
]


def openspiel_rate(name: str, params: dict, seconds: float, seed: int) -> tuple[float, float]:
    """Playouts and actions per CPU-second of OpenSpiel's C++ game."""
    game = pyspiel.load_game(name, params)
    players = game.num_players()
    games = actions = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        bots = [pyspiel.make_uniform_random_bot(p, seed + games * players + p) for p in range(players)]
        state = game.new_initial_state()
        pyspiel.evaluate_bots(state, bots, seed + games)
        games += 1
        actions += len(state.history())
    spent = time.process_time() - start
    return games / spent, actions / spent


def tabula_rate(binary: str, game: str, options: dict, seconds: float, seed: int) -> dict:
    command = [binary, "bench", game, "--depth", "0", "--json", "--seconds", str(seconds),
               "--seed", str(seed)]
    for key, value in options.items():
        command += ["--option", f"{key}={value}"]
    out = subprocess.run(command, cwd=REPO, capture_output=True, text=True, check=True).stdout
    return json.loads(out)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", help="comma-separated Tabula names (default: every pair)")
    parser.add_argument("-s", "--seconds", type=float, default=3.0, help="per game and side")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--tabula", default=os.path.join(REPO, "target", "release", "tabula"))
    args = parser.parse_args()
    wanted = set(args.games.split(",")) if args.games else None
    known = {pair[0] for pair in PAIRS}
    if wanted and wanted - known:
        parser.error(f"no OpenSpiel pair for {', '.join(sorted(wanted - known))}")

    print("| game | OpenSpiel playouts/s | Tabula playouts/s | ratio | plies (OpenSpiel / Tabula) |")
    print("|---|---|---|---|---|")
    for tabula, options, spiel, params in PAIRS:
        if wanted and tabula not in wanted:
            continue
        peer_games, peer_actions = openspiel_rate(spiel, params, args.seconds, args.seed)
        ours = tabula_rate(args.tabula, tabula, options, args.seconds, args.seed)
        ratio = ours["playouts_per_s"] / peer_games
        print(f"| {tabula} | {peer_games:,.0f} | {ours['playouts_per_s']:,.0f} | {ratio:.2f}x | "
              f"{peer_actions / peer_games:.1f} / {ours['average_length']:.1f} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
