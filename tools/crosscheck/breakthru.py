#!/usr/bin/env python3
"""An independent move generator for Breakthru, to cross-check `games/breakthru.toml`.

Written from the rules of Regular Boardgames' games/breakthru.rbg, not from Tabula's code. An
11 x 11 board: gold's flagship on f6, silver's 20 ships on d10-h10, d2-h2, b4-b8 and j4-j8. Gold
first places its 12 escort ships one at a time (12 actions in a row) on empty squares of the
central 5 x 5, d4-h8, and then moves first. A turn is: two ship moves, one action `a-b/c-d`, each
a rook move over empty squares, the second by any of the mover's ships (the one just moved too);
or one ship capturing an enemy piece one square diagonally (`axb`); or, for gold, the flagship
alone making a rook move or a diagonal capture of a silver ship. The flagship on an edge square
wins for gold; its capture wins for silver. After 200 turns following the set-up, or when the
player to move has no move, the game is drawn.

It prints perft from the start and, with --tabula, compares it with `tabula perft breakthru`, the
legal tokens along seeded random games with `tabula moves breakthru --after ...`, and the outcome
of each of those games with the one `tabula show` states after its tokens.

    python3 tools/crosscheck/breakthru.py --depth 4
    python3 tools/crosscheck/breakthru.py --depth 4 --tabula target/release/tabula --games 20
"""

from __future__ import annotations

import sys

from harness import generator_main, perft

SIZE = 11
FILES = "abcdefghijk"
GOLD, SILVER = 0, 1
SHIP, FLAG = "ship", "flag"
ROOK = [(1, 0), (-1, 0), (0, 1), (0, -1)]
DIAG = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
SETUP_PLIES = 12
LAST_PLY = SETUP_PLIES + 200  # 100 turns each after the set-up


def name(c) -> str:
    return FILES[c[0]] + str(c[1] + 1)


def cell(s: str):
    return (FILES.index(s[0]), int(s[1:]) - 1)


def on_edge(c) -> bool:
    return c[0] in (0, SIZE - 1) or c[1] in (0, SIZE - 1)


class Position:
    def __init__(self):
        self.board = {cell("f6"): (GOLD, FLAG)}
        for f in "defgh":
            for r in (2, 10):
                self.board[cell(f + str(r))] = (SILVER, SHIP)
        for f in "bj":
            for r in range(4, 9):
                self.board[cell(f + str(r))] = (SILVER, SHIP)
        self.to_move = GOLD
        self.ply = 0
        self.played = []  # the tokens that led here

    def copy(self) -> Position:
        p = Position.__new__(Position)
        p.board, p.to_move, p.ply = dict(self.board), self.to_move, self.ply
        p.played = list(self.played)
        return p

    def outcome(self):
        """'gold wins', 'silver wins', 'draw' or None while the game goes on."""
        flag = [c for c, v in self.board.items() if v == (GOLD, FLAG)]
        if flag and on_edge(flag[0]):
            return "gold wins"
        if not flag:
            return "silver wins"
        if self.ply >= LAST_PLY:
            return "draw"
        if not self.moves():
            return "draw"
        return None

    def slides(self, who, kind):
        """(from, to) rook moves over empty squares of `who`'s pieces of `kind`."""
        out = []
        for c, v in self.board.items():
            if v != (who, kind):
                continue
            for df, dr in ROOK:
                f, r = c[0] + df, c[1] + dr
                while 0 <= f < SIZE and 0 <= r < SIZE and (f, r) not in self.board:
                    out.append((c, (f, r)))
                    f, r = f + df, r + dr
        return out

    def captures(self, who, kind):
        out = []
        for c, v in self.board.items():
            if v != (who, kind):
                continue
            for df, dr in DIAG:
                t = (c[0] + df, c[1] + dr)
                there = self.board.get(t)
                if there is not None and there[0] != who:
                    out.append((c, t))
        return out

    def moves(self):
        """Each move: (token, list of (from, to) steps, or a placement cell)."""
        flag = [c for c, v in self.board.items() if v == (GOLD, FLAG)]
        if not flag or on_edge(flag[0]) or self.ply >= LAST_PLY:
            return []
        me = self.to_move
        if self.ply < SETUP_PLIES:
            return [
                (name((f, r)), ("place", (f, r)))
                for f in range(3, 8)
                for r in range(3, 8)
                if (f, r) not in self.board
            ]
        out = []
        for a, b in self.slides(me, SHIP):
            mid = self.apply_steps([(a, b)])
            for c, d in mid.slides(me, SHIP):
                out.append((f"{name(a)}-{name(b)}/{name(c)}-{name(d)}", ("steps", [(a, b), (c, d)])))
        for a, b in self.captures(me, SHIP):
            out.append((f"{name(a)}x{name(b)}", ("steps", [(a, b)])))
        if me == GOLD:
            for a, b in self.slides(me, FLAG):
                out.append((f"{name(a)}-{name(b)}", ("steps", [(a, b)])))
            for a, b in self.captures(me, FLAG):
                out.append((f"{name(a)}x{name(b)}", ("steps", [(a, b)])))
        return out

    def apply_steps(self, steps) -> Position:
        p = self.copy()
        for a, b in steps:
            p.board[b] = p.board.pop(a)
        return p

    def play(self, move) -> Position:
        kind, what = move[1]
        if kind == "place":
            p = self.copy()
            p.board[what] = (GOLD, SHIP)
            p.ply += 1  # gold keeps the move through the set-up and after it
            return p
        p = self.apply_steps(what)
        p.ply += 1
        p.to_move = 1 - self.to_move
        return p

    def tokens(self):
        return sorted(m[0] for m in self.moves())

    def after(self, token: str) -> Position:
        """The position after `token`, one of `tokens()` (read from the token, not looked up)."""
        if self.ply < SETUP_PLIES:
            p = self.play((token, ("place", cell(token))))
        else:
            steps = [tuple(cell(c) for c in part.replace("x", "-").split("-")) for part in token.split("/")]
            p = self.play((token, ("steps", steps)))
        p.played.append(token)
        return p


def main() -> int:
    return generator_main(__doc__, "breakthru", Position, perft, depth=4, games=20)


if __name__ == "__main__":
    sys.exit(main())
