#!/usr/bin/env python3
"""An independent move generator for Knightthrough, to cross-check `games/knightthrough.toml`.

Written from the rules (Regular Boardgames' games/knightthrough.rbg, Ludii's Knightthrough page),
not from Tabula's code: Breakthrough with knights on an 8x8 board, White's on ranks 1-2 and
Black's on ranks 7-8, White first. A knight makes one of the four chess-knight moves that gain
rank (towards the opponent), onto an empty square or an enemy knight, which it takes. A knight on
the far row wins at once; a player with no move (every knight taken, or none able to move) loses.

It prints perft from the start and, with --tabula, compares it with `tabula perft knightthrough`,
and the legal tokens along seeded random games with `tabula moves knightthrough --after ...`.

    python3 tools/crosscheck/knightthrough.py --depth 4
    python3 tools/crosscheck/knightthrough.py --depth 4 --tabula target/release/tabula --games 30
"""

from __future__ import annotations

import sys

from harness import generator_main, perft

SIZE = 8
JUMPS = [(1, 2), (-1, 2), (2, 1), (-2, 1)]  # White's; Black's are these with the rank negated


def name(f: int, r: int) -> str:
    return "abcdefgh"[f] + str(r + 1)


class Position:
    def __init__(self):
        # board[(file, rank)] = 0 (white) or 1 (black), ranks counted from 0
        self.board = {}
        for f in range(SIZE):
            for r in (0, 1):
                self.board[(f, r)] = 0
            for r in (SIZE - 2, SIZE - 1):
                self.board[(f, r)] = 1
        self.to_move = 0

    def copy(self) -> Position:
        p = Position.__new__(Position)
        p.board, p.to_move = dict(self.board), self.to_move
        return p

    def over(self) -> bool:
        """The player who just moved has a knight on the far row: the game is over."""
        last = 1 - self.to_move
        far = SIZE - 1 if last == 0 else 0
        return any(o == last and r == far for (f, r), o in self.board.items())

    def moves(self):
        if self.over():
            return []
        me = self.to_move
        sign = 1 if me == 0 else -1
        out = []
        for (f, r), o in self.board.items():
            if o != me:
                continue
            for df, dr in JUMPS:
                t = (f + df, r + sign * dr)
                if not (0 <= t[0] < SIZE and 0 <= t[1] < SIZE):
                    continue
                there = self.board.get(t)
                if there == me:
                    continue
                sep = "-" if there is None else "x"
                out.append((name(f, r) + sep + name(*t), (f, r), t))
        return out

    def play(self, move) -> Position:
        _, a, b = move
        p = self.copy()
        p.board[b] = p.board.pop(a)
        p.to_move = 1 - self.to_move
        return p

    def tokens(self):
        return sorted(m[0] for m in self.moves())

    def after(self, token: str) -> Position:
        return self.play(next(m for m in self.moves() if m[0] == token))


def main() -> int:
    return generator_main(__doc__, "knightthrough", Position, perft, depth=4, games=30)


if __name__ == "__main__":
    sys.exit(main())
