#!/usr/bin/env python3
"""An independent move generator for Yavalath, to cross-check `games/yavalath.toml`.

Written from Regular Boardgames' games/yavalath.rbg (https://github.com/marekesz/rbgGames) and
Cameron Browne's rules, not from Tabula's code. The board is the hexagon of side 5, 61 cells, in
axial coordinates: file f and rank r from 1 to 9 with |f - r| <= 4 (a1..e1 on rank 1, a5..i5 on
rank 5, e9..i9 on rank 9). The three lines through a cell run along (1, 0), (0, 1) and (1, 1).
White first, then alternately, a player places a stone on an empty cell (token: the cell). If the
stone makes a line of four or more of its colour, its player wins; else, if it makes a line of
three, its player loses; a full board is a draw. No swap (pie) rule, as in Regular Boardgames.

It prints perft from the start and, with --tabula, compares it with `tabula perft yavalath`, then
the legal tokens and the outcome along seeded random games with `tabula moves/show --after ...`.

    python3 tools/crosscheck/yavalath.py --depth 4
    python3 tools/crosscheck/yavalath.py --tabula /tmp/tabula-cat/tabula --games 50
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys

from harness import compare_generator, outcome_said, perft, tabula

CELLS = [(f, r) for r in range(1, 10) for f in range(1, 10) if abs(f - r) <= 4]
CELL_SET = set(CELLS)
AXES = [(1, 0), (0, 1), (1, 1)]


def name(cell) -> str:
    return "abcdefghi"[cell[0] - 1] + str(cell[1])


NAMES = {name(c): c for c in CELLS}


def line_length(board, cell, owner, axis) -> int:
    """How many stones of `owner` stand in an unbroken line through `cell` along the axis."""
    n = 1
    for sign in (1, -1):
        f, r = cell
        while True:
            f, r = f + sign * axis[0], r + sign * axis[1]
            if (f, r) not in CELL_SET or board.get((f, r)) != owner:
                break
            n += 1
    return n


class Position:
    def __init__(self):
        self.board = {}  # cell -> 0 (white) or 1 (black)
        self.to_move = 0
        self.result = None  # None, 0 or 1 (the winner), or "draw"
        self.how = None  # "four", "three" or "full" once over

    def copy(self) -> "Position":
        p = Position.__new__(Position)
        p.board, p.to_move, p.result = dict(self.board), self.to_move, self.result
        p.how = self.how
        return p

    def moves(self):
        if self.result is not None:
            return []
        return [c for c in CELLS if c not in self.board]

    def play(self, cell) -> "Position":
        p = self.copy()
        me = self.to_move
        p.board[cell] = me
        longest = max(line_length(p.board, cell, me, axis) for axis in AXES)
        if longest >= 4:
            p.result, p.how = me, "four"
        elif longest == 3:
            p.result, p.how = 1 - me, "three"
        elif len(p.board) == len(CELLS):
            p.result, p.how = "draw", "full"
        p.to_move = 1 - me
        return p

    def tokens(self):
        return sorted(name(c) for c in self.moves())

    def after(self, token: str) -> "Position":
        return self.play(NAMES[token])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--depth", type=int, default=4)
    ap.add_argument("--tabula", help="a tabula binary to compare with")
    ap.add_argument("--games", type=int, default=50, help="random games compared with --tabula")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--file", help="another Tabula game file (a broken copy)")
    ap.add_argument("--careful", type=int, default=20,
                    help="further random games whose players avoid a move that loses at once")
    args = ap.parse_args()
    game = args.file or "yavalath"
    # perft, and the legal tokens of every position of the random games
    failures = compare_generator(args.tabula, game, Position, perft, args.depth, args.games, args.seed)
    if not args.tabula:
        return 1 if failures else 0
    # the outcomes of the same random games
    rng = random.Random(args.seed)
    seen = {"white": 0, "black": 0, "draw": 0}
    for number in range(args.games):
        pos, played = Position(), []
        while pos.tokens():
            played.append(rng.choice(pos.tokens()))
            pos = pos.after(played[-1])
        mine = "draw" if pos.result == "draw" else ("white", "black")[pos.result]
        seen[mine] += 1
        expected = "game over: draw" if mine == "draw" else f"game over: {mine} wins"
        try:
            said = outcome_said(args.tabula, game, played)
        except subprocess.CalledProcessError as error:
            said = f"an error: {error.stderr.strip()}"
        if said != expected:
            print(f"game {number}: after {' '.join(played)!r}: tabula {said!r}, mine {expected!r}")
            failures += 1
    print(f"outcomes {seen}")
    # games of careful random players, which reach fours and full boards: the legal tokens of
    # every position and the outcome
    positions = 0
    seen = {"white": 0, "black": 0, "draw": 0}
    ends = {"four": 0, "three": 0, "full": 0}
    for number in range(args.careful):
        pos, played = Position(), []
        while True:
            mine = pos.tokens()
            theirs = sorted(tabula(args.tabula, "moves", game, "--after", " ".join(played)).split())
            positions += 1
            if mine != theirs:
                print(f"careful game {number}: after {' '.join(played)!r}: mine {mine}, tabula {theirs}")
                failures += 1
                break
            if not mine:
                break
            safe = [t for t in mine if pos.after(t).result != 1 - pos.to_move]
            played.append(rng.choice(safe or mine))
            pos = pos.after(played[-1])
        if mine != theirs:
            continue
        result = "draw" if pos.result == "draw" else ("white", "black")[pos.result]
        seen[result] += 1
        ends[pos.how] += 1
        expected = "game over: draw" if result == "draw" else f"game over: {result} wins"
        try:
            said = outcome_said(args.tabula, game, played)
        except subprocess.CalledProcessError as error:
            said = f"an error: {error.stderr.strip()}"
        if said != expected:
            print(f"careful game {number}: after {' '.join(played)!r}: tabula {said!r}, mine {expected!r}")
            failures += 1
    print(f"{args.careful} careful games, {positions} positions compared, outcomes {seen}, ended by {ends}")
    print(f"{failures} mismatch(es) in all")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
