#!/usr/bin/env python3
"""An independent move generator for Achi, to cross-check `games/achi.toml`.

Written from the published rules (Wikipedia's "Achi (game)", the four-piece version; CSIRO
Double Helix's "Play Achi" for the skipped turn), not from Tabula's code: a 3 x 3 board whose
points are joined by the rows, the columns and the two long diagonals; four pieces each, White
first. The players take turns placing a piece on an empty point; once all eight are placed, a
turn moves a piece along a line to the adjacent empty point, and a player who cannot move passes.
Three pieces in a row (the eight lines of the board) win at once.

It prints perft from the start and, with --tabula, compares it with `tabula perft achi`, and the
legal tokens along seeded random games with `tabula moves achi --after ...`.

    python3 tools/crosscheck/achi.py --depth 9
    python3 tools/crosscheck/achi.py --depth 9 --tabula target/release/tabula --games 30

--file names another game file to compare with instead of `achi` (a deliberately broken copy).
"""

from __future__ import annotations

import argparse
import random
import sys

from harness import compare_generator, outcome_said, perft

POINTS = [(f, r) for r in range(3) for f in range(3)]
LINES = [[(0, r), (1, r), (2, r)] for r in range(3)] + [[(f, 0), (f, 1), (f, 2)] for f in range(3)]
LINES += [[(0, 0), (1, 1), (2, 2)], [(0, 2), (1, 1), (2, 0)]]
# Two points are adjacent when they follow each other on one of the eight lines.
ADJ = {p: set() for p in POINTS}
for line in LINES:
    for a, b in zip(line, line[1:]):
        ADJ[a].add(b)
        ADJ[b].add(a)


def name(p) -> str:
    return "abc"[p[0]] + str(p[1] + 1)


class Position:
    def __init__(self):
        self.board = {}  # point -> 0 (white) or 1 (black)
        self.hand = [4, 4]
        self.to_move = 0

    def copy(self) -> Position:
        p = Position.__new__(Position)
        p.board, p.hand, p.to_move = dict(self.board), list(self.hand), self.to_move
        return p

    def winner(self):
        for line in LINES:
            owners = {self.board.get(p) for p in line}
            if len(owners) == 1 and None not in owners:
                return owners.pop()
        return None

    def moves(self):
        """(token, from or None, to); [] when the game is over, ['pass'] when stuck."""
        if self.winner() is not None:
            return []
        me = self.to_move
        if self.hand[me] > 0:
            return [(name(p), None, p) for p in POINTS if p not in self.board]
        out = [(name(a) + "-" + name(b), a, b) for a, o in self.board.items() if o == me
               for b in ADJ[a] if b not in self.board]
        return out or [("pass", None, None)]

    def play(self, move) -> Position:
        _, a, b = move
        p = self.copy()
        me = self.to_move
        if b is not None:
            if a is None:
                p.hand[me] -= 1
            else:
                del p.board[a]
            p.board[b] = me
        p.to_move = 1 - me
        return p

    def tokens(self):
        return sorted(m[0] for m in self.moves())

    def after(self, token: str) -> Position:
        return self.play(next(m for m in self.moves() if m[0] == token))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--depth", type=int, default=9)
    ap.add_argument("--tabula", help="a tabula binary to compare with")
    ap.add_argument("--games", type=int, default=30, help="random games compared with --tabula")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--file", help="another Tabula game file to compare with (a broken copy)")
    args = ap.parse_args()
    game = args.file or "achi"
    # perft, and the legal tokens of every position of the random games
    failures = compare_generator(args.tabula, game, Position, perft, args.depth, args.games, args.seed)
    if not args.tabula or failures:
        return 1 if failures else 0
    # the outcomes of the same random games
    rng = random.Random(args.seed)
    wins = {"white": 0, "black": 0}
    for number in range(args.games):
        pos, played = Position(), []
        while pos.tokens():
            played.append(rng.choice(pos.tokens()))
            pos = pos.after(played[-1])
        mine = ("white", "black")[pos.winner()]
        wins[mine] += 1
        said = outcome_said(args.tabula, game, played)
        if said != f"game over: {mine} wins":
            print(f"game {number}: after {' '.join(played)!r}: tabula {said!r}, mine {mine} wins")
            failures += 1
    print(f"outcomes {wins}, {failures} mismatch(es) in all")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
