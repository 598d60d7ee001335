#!/usr/bin/env python3
"""Cross-check Chess960 (games/chess960.toml) against OpenSpiel's `chess(chess960=true)`.

Two checks, each comparing move counts (perft), so that no move notation needs mapping:

* every set-up: OpenSpiel's start is a chance node of 960 outcomes; for each, perft to
  `--depth` from the position it leads to is compared with the row of the same arrangement in
  `tabula perft chess960 --depth N --divide` (rows `setup:RNBQKBNR COUNT`);
* random games: `-n` seeded random games are played in OpenSpiel from random set-ups, and at
  every position of its first `--plies` plies (written as OpenSpiel's Shredder-FEN, castling
  rights by rook files) perft to `--game-depth` is compared with `tabula perft chess960 --fen
  FEN`. The comparison stops at the first position with fewer than 8 pieces, where the two
  judge dead positions differently (OpenSpiel ends K+N+N against K, Tabula plays on), and skips
  positions near the fifty-move rule. A repetition within the perft's depth (OpenSpiel knows the
  game's history, a FEN does not) would show as a difference.

    /tmp/ospiel/bin/python tools/crosscheck/chess960.py --tabula target/release/tabula
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys

import pyspiel


def perft(state, depth: int) -> int:
    if depth == 0:
        return 1
    if state.is_terminal():
        return 0
    actions = state.legal_actions()
    if depth == 1:
        return len(actions)
    total = 0
    for a in actions:
        child = state.clone()
        child.apply_action(a)
        total += perft(child, depth - 1)
    return total


def tabula(binary: str, *args: str, dead_positions: bool = False) -> str:
    """`tabula ARGS`; published perft plays on in a dead position, OpenSpiel's games do not."""
    options = [] if dead_positions else ["-o", "insufficient_material=false"]
    out = subprocess.run(
        [binary, *args, *options],
        check=True,
        capture_output=True,
        text=True,
    )
    return out.stdout


def check_setups(game, binary: str, depth: int) -> int:
    rows = {}
    for line in tabula(binary, "perft", "chess960", "--depth", str(depth), "--divide").splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[0].startswith("setup:"):
            rows[parts[0][len("setup:"):]] = int(parts[1])
    start = game.new_initial_state()
    bad = 0
    outcomes = start.chance_outcomes()
    for action, _ in outcomes:
        state = start.clone()
        state.apply_action(action)
        back_rank = str(state).split()[0].split("/")[-1]
        want = perft(state, depth)
        got = rows.get(back_rank)
        if got != want:
            bad += 1
            print(f"set-up {back_rank}: OpenSpiel {want}, Tabula {got}")
    print(f"set-ups: {len(outcomes)} compared (Tabula lists {len(rows)}), perft {depth}, {bad} differ")
    return bad


def check_games(game, binary: str, games: int, depth: int, seed: int, plies: int) -> int:
    bad = positions = 0
    for g in range(games):
        rng = random.Random(seed + g)
        state = game.new_initial_state()
        outcomes = state.chance_outcomes()
        state.apply_action(rng.choice(outcomes)[0])
        for _ in range(plies):
            if state.is_terminal():
                break
            fen = str(state)
            if sum(c.isalpha() for c in fen.split()[0]) < 8:
                break
            halfmove = int(fen.split()[4])
            if halfmove < 90:
                want = perft(state, depth)
                got = tabula(binary, "perft", "chess960", "--fen", fen, "--depth", str(depth), dead_positions=True)
                got = int(got.split()[-1])
                positions += 1
                if got != want:
                    bad += 1
                    print(f"game {g} {fen}: OpenSpiel {want}, Tabula {got}")
                    break
            state.apply_action(rng.choice(state.legal_actions()))
    print(f"games: {games} random games, {positions} positions, perft {depth}, {bad} differ")
    return bad


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tabula", default="target/release/tabula")
    parser.add_argument("--depth", type=int, default=2, help="perft depth of every set-up")
    parser.add_argument("-n", type=int, default=20, help="random games")
    parser.add_argument("--game-depth", type=int, default=2, help="perft depth in the games")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--plies", type=int, default=120, help="plies compared in each game")
    args = parser.parse_args()
    game = pyspiel.load_game("chess(chess960=true)")
    bad = check_setups(game, args.tabula, args.depth)
    bad += check_games(game, args.tabula, args.n, args.game_depth, args.seed, args.plies)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
