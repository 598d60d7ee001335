#!/usr/bin/env python3
"""Cross-checks Havannah (`games/havannah.toml`, the side-4 test game) and Y against OpenSpiel.

OpenSpiel's `havannah` names its cells as Tabula's Havannah files do (letters for the columns of
the hexagon, numbers for its rows, cells touching along [1, 1]), so its action strings are Tabula's
tokens. Seeded random games are played in OpenSpiel; at every position the legal moves are
compared with `tabula moves`, and at the end the outcome with `tabula show`. OpenSpiel's `y`
names its cells as `games/y.toml` does too (its row 1, the long side, is rank 1), so `--game y`
compares Y the same way. Needs open_spiel (see README.md in this folder).

    .venv/bin/python tools/crosscheck/havannah.py --tabula target/release/tabula --size 4 -n 50
    .venv/bin/python tools/crosscheck/havannah.py --tabula target/release/tabula --size 8 -n 10
    .venv/bin/python tools/crosscheck/havannah.py --tabula target/release/tabula --game y --size 11
"""

from __future__ import annotations

import argparse
import random
import sys

import pyspiel

from harness import outcome_said, tabula

FILES = {
    "havannah": {4: "tests/games/havannah-4.toml", 8: "havannah"},
    "y": {11: "y"},
}
PLAYERS = ["white", "black"]



def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tabula", required=True)
    ap.add_argument("--game", choices=sorted(FILES), default="havannah")
    ap.add_argument("--size", type=int, default=4, help="havannah: 4 or 8; y: 11")
    ap.add_argument("-n", "--count", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--file", help="another Tabula game file for this board size (a broken copy)")
    args = ap.parse_args()
    files = FILES[args.game]
    if args.size not in files:
        ap.error(f"{args.game} is compared on sizes {sorted(files)}")
    if args.file:
        files[args.size] = args.file
    game = pyspiel.load_game(f"{args.game}(board_size={args.size})")
    rng = random.Random(args.seed)
    positions = mismatches = 0
    outcomes = {"white": 0, "black": 0, "draw": 0}
    for number in range(args.count):
        state, played = game.new_initial_state(), []
        while True:
            mine = sorted(tabula(args.tabula, "moves", files[args.size], "--after", " ".join(played)).split())
            theirs = [] if state.is_terminal() else sorted(
                state.action_to_string(a) for a in state.legal_actions())
            positions += 1
            if mine != theirs:
                print(f"game {number}: after {' '.join(played)!r}: tabula {mine}, OpenSpiel {theirs}")
                mismatches += 1
                break
            if state.is_terminal():
                returns = state.returns()
                expected = "draw" if returns[0] == 0 else f"{PLAYERS[0 if returns[0] > 0 else 1]} wins"
                said = outcome_said(args.tabula, files[args.size], played)
                if said != f"game over: {expected}":
                    print(f"game {number}: after {' '.join(played)!r}: tabula {said!r}, OpenSpiel {expected}")
                    mismatches += 1
                outcomes[expected.split()[0]] += 1
                break
            action = rng.choice(state.legal_actions())
            played.append(state.action_to_string(action))
            state.apply_action(action)
    print(f"side {args.size}: {args.count} games, {positions} positions, outcomes {outcomes}, "
          f"{mismatches} mismatch(es)")
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
