#!/usr/bin/env python3
"""Cross-checks Pentago (`games/pentago.toml`) against OpenSpiel's `pentago`.

OpenSpiel's action `a1t` places a marble on a1 (its row 1 is the top row, Tabula's rank 6) and
turns a block, the letter naming block and way (s/t the top-left block anticlockwise/clockwise,
u/v the top-right, w/x the bottom-right, y/z the bottom-left, as OpenSpiel's drawing shows them;
checked by turning a marble in each corner). Tabula's token is `a6/nw_block:cw`. Seeded random
games are played in OpenSpiel; at every position the legal turns are compared with `tabula moves`
and at the end the outcome with `tabula show`. Needs open_spiel (see README.md in this folder).

    .venv/bin/python tools/crosscheck/pentago.py --tabula target/release/tabula -n 100
"""

from __future__ import annotations

import argparse
import random
import sys

import pyspiel

from harness import outcome_said, tabula

TURNS = {"s": "nw_block:ccw", "t": "nw_block:cw", "u": "ne_block:ccw", "v": "ne_block:cw",
         "w": "se_block:ccw", "x": "se_block:cw", "y": "sw_block:ccw", "z": "sw_block:cw"}
PLAYERS = ["white", "black"]


def token(action: str) -> str:
    """`a1t` -> `a6/nw_block:cw`."""
    file, row, turn = action[0], int(action[1]), action[2]
    return f"{file}{7 - row}/{TURNS[turn]}"



def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tabula", required=True)
    ap.add_argument("-n", "--count", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--file", default="pentago", help="another Tabula game file (a broken copy)")
    args = ap.parse_args()
    game = pyspiel.load_game("pentago")
    rng = random.Random(args.seed)
    positions = mismatches = 0
    outcomes = {"white": 0, "black": 0, "draw": 0}
    for number in range(args.count):
        state, played = game.new_initial_state(), []
        while True:
            mine = sorted(tabula(args.tabula, "moves", args.file, "--after", " ".join(played)).split())
            theirs = [] if state.is_terminal() else sorted(
                token(state.action_to_string(a)) for a in state.legal_actions())
            positions += 1
            if mine != theirs:
                print(f"game {number}: after {' '.join(played)!r}: tabula {mine[:8]}..., "
                      f"OpenSpiel {theirs[:8]}...")
                mismatches += 1
                break
            if state.is_terminal():
                returns = state.returns()
                expected = "draw" if returns[0] == 0 else f"{PLAYERS[0 if returns[0] > 0 else 1]} wins"
                said = outcome_said(args.tabula, args.file, played)
                if said != f"game over: {expected}":
                    print(f"game {number}: after {' '.join(played)!r}: tabula {said!r}, OpenSpiel {expected}")
                    mismatches += 1
                outcomes[expected.split()[0]] += 1
                break
            action = rng.choice(state.legal_actions())
            played.append(token(state.action_to_string(action)))
            state.apply_action(action)
    print(f"pentago: {args.count} games, {positions} positions, outcomes {outcomes}, "
          f"{mismatches} mismatch(es)")
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
