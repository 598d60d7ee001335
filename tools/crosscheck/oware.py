#!/usr/bin/env python3
"""Cross-checks Oware (`games/oware.toml`) against OpenSpiel's `oware`.

OpenSpiel's houses 0-5 are South's pits b1..g1 and 6-11 North's g2..b2, in sowing order; its
actions `A`-`F` sow South's houses 0-5 and `a`-`f` North's 6-11, Tabula's tokens being the pit
(`c1`). Perft from the start is compared, then seeded random games: the legal moves at every
position, the seeds in every pit and store, and the outcome. Needs open_spiel (see README.md).

    .venv/bin/python tools/crosscheck/oware.py --tabula target/release/tabula -n 100
"""

from __future__ import annotations

import argparse
import random
import sys
import tomllib

import pyspiel

from harness import outcome_said, tabula

PLAYERS = ["south", "north"]
HOUSES = [f"{f}1" for f in "bcdefg"] + [f"{f}2" for f in "gfedcb"]


def token(state, action: int) -> str:
    return HOUSES[action + 6 * state.current_player()]



def perft(state, depth: int) -> int:
    if depth == 0:
        return 1
    if state.is_terminal():
        return 0
    total = 0
    for a in state.legal_actions():
        child = state.clone()
        child.apply_action(a)
        total += perft(child, depth - 1)
    return total


def seeds_of(binary: str, game: str, played: list[str]) -> dict[str, int]:
    """The seeds on each pit and store, from `tabula show --format toml`."""
    text = tabula(binary, "show", game, "--after", " ".join(played), "--format", "toml")
    pieces = tomllib.loads(text).get("pieces", {}).get("neutral", [])
    out = {}
    for entry in pieces:
        cell, _, count = entry.partition("*")
        out[cell] = int(count or 1)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tabula", required=True)
    ap.add_argument("--depth", type=int, default=6)
    ap.add_argument("-n", "--count", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--file", default="oware", help="another Tabula game file (a broken copy)")
    args = ap.parse_args()
    game = pyspiel.load_game("oware")
    mismatches = 0
    for depth in range(1, args.depth + 1):
        theirs = perft(game.new_initial_state(), depth)
        mine = int(tabula(args.tabula, "perft", args.file, "--depth", str(depth)).strip())
        print(f"perft({depth}): tabula {mine}, OpenSpiel {theirs}" + ("" if mine == theirs else "  MISMATCH"))
        mismatches += mine != theirs
    rng = random.Random(args.seed)
    positions = 0
    outcomes = {"south": 0, "north": 0, "draw": 0}
    for number in range(args.count):
        state, played = game.new_initial_state(), []
        while True:
            mine = sorted(tabula(args.tabula, "moves", args.file, "--after", " ".join(played)).split())
            theirs = [] if state.is_terminal() else sorted(token(state, a) for a in state.legal_actions())
            positions += 1
            board = {}
            if not state.is_terminal():
                # OpenSpiel's observation: the twelve houses, then the two scores, over 48.
                obs = state.observation_tensor(0)
                for i, cell in enumerate(HOUSES):
                    if round(obs[i] * 48):
                        board[cell] = round(obs[i] * 48)
                for cell, score in (("h1", obs[12]), ("a2", obs[13])):
                    if round(score * 48):
                        board[cell] = round(score * 48)
            if mine != theirs or (board and board != seeds_of(args.tabula, args.file, played)):
                print(f"game {number}: after {' '.join(played)!r}: tabula {mine}, OpenSpiel {theirs}, "
                      f"board {board}")
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
            played.append(token(state, action))
            state.apply_action(action)
    print(f"oware: {args.count} games, {positions} positions, outcomes {outcomes}, {mismatches} mismatch(es)")
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
