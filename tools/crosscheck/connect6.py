#!/usr/bin/env python3
"""An independent move generator for Connect6, to cross-check `games/connect6.toml`.

Written from the rules (Regular Boardgames' games/connect6_split.rbg and connect6.rbg), not from
Tabula's code: a 19 x 19 board, empty at the start. Black places one stone; after that each turn,
white's first, is two stones on empty points, each stone an action of its own (token `a1`), by
the same player, as in connect6_split.rbg. Six or more stones of one colour in a row, across, up
or diagonally, win at once: a first stone that makes six ends the game. A full board is a draw.

It prints perft from the start and, with --tabula, compares it with `tabula perft connect6`, and
the legal tokens along seeded random games with `tabula moves connect6 --after ...`, and the
outcome of each of those games with the one `tabula show` states after its tokens.

    python3 tools/crosscheck/connect6.py --depth 3
    python3 tools/crosscheck/connect6.py --depth 3 --tabula target/release/tabula --games 20
"""

from __future__ import annotations

import sys

from harness import generator_main, perft

SIZE = 19
FILES = "abcdefghijklmnopqrs"
LINES = [(1, 0), (0, 1), (1, 1), (1, -1)]
CELLS = [(f, r) for r in range(SIZE) for f in range(SIZE)]
NAMES = {c: FILES[c[0]] + str(c[1] + 1) for c in CELLS}


def name(c) -> str:
    return NAMES[c]


class Position:
    def __init__(self):
        self.board = {}  # (file, rank) -> 0 black, 1 white
        self.to_move = 0
        self.left = 1  # stones the player to move still places this turn: black's opening one
        self.won = False  # the player who placed the last stone has six in a row
        self.last = 0  # who placed the last stone
        self.played = []  # the tokens that led here

    def copy(self) -> Position:
        p = Position.__new__(Position)
        p.board, p.to_move, p.left, p.won, p.last = (
            dict(self.board), self.to_move, self.left, self.won, self.last)
        p.played = list(self.played)
        return p

    def outcome(self):
        """'black wins', 'white wins', 'draw' (a full board) or None while the game goes on."""
        if self.won:
            return ("black", "white")[self.last] + " wins"
        return None if self.empties() else "draw"

    def six(self, cell, who) -> bool:
        """Would `who` have six or more in a row through `cell` with a stone there?"""
        for df, dr in LINES:
            n = 1
            for s in (1, -1):
                f, r = cell[0] + s * df, cell[1] + s * dr
                while 0 <= f < SIZE and 0 <= r < SIZE and self.board.get((f, r)) == who:
                    n += 1
                    f, r = f + s * df, r + s * dr
            if n >= 6:
                return True
        return False

    def empties(self):
        return [c for c in CELLS if c not in self.board]

    def moves(self):
        return [] if self.won else self.empties()

    def play(self, cell) -> Position:
        p = self.copy()
        p.won = p.six(cell, self.to_move)
        p.board[cell] = self.to_move
        p.last = self.to_move
        if self.left == 2:
            p.left = 1  # the second stone of the turn, by the same player
        else:
            p.to_move, p.left = 1 - self.to_move, 2
        return p

    def tokens(self):
        return sorted(NAMES[c] for c in self.moves())

    def after(self, token: str) -> Position:
        cell = (FILES.index(token[0]), int(token[1:]) - 1)
        assert not self.won and cell not in self.board, token
        p = self.play(cell)
        p.played.append(token)
        return p


def main() -> int:
    return generator_main(__doc__, "connect6", Position, perft, depth=3, games=20)


if __name__ == "__main__":
    sys.exit(main())
