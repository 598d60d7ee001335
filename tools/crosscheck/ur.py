#!/usr/bin/env python3
"""An independent move generator for the Royal Game of Ur, to cross-check `games/ur.toml`.

Neither OpenSpiel nor Regular Boardgames has Ur, so this is a second implementation written from
Finkel's rules (RoyalUr.net's "Finkel" rule set), not from Tabula's code: seven pieces each, four
binary dice, tracks of 14 squares sharing the middle eight, rosettes on the 4th, 8th and 14th
squares that throw again, the central rosette safe, the exact throw to bear off.

It counts perft the way Tabula does in a game of chance: a throw is a chance event whose distinct
totals are each expanded once, unweighted, without using depth; a move or a pass is a ply. It
prints perft from the start and, with --tabula, compares it with `tabula perft ur`, and the legal
tokens along seeded random games with `tabula moves ur --after ...`.

    python3 tools/crosscheck/ur.py --depth 6
    python3 tools/crosscheck/ur.py --depth 6 --tabula target/release/tabula --games 30
"""

from __future__ import annotations

import sys

from harness import generator_main

PIECES = 7
TRACK = 14
SHARED = range(4, 12)  # the middle row, the same squares for both players
ROSETTES = {3, 7, 13}
SAFE = 7  # the central rosette
OFF = TRACK


def square(player: int, index: int) -> str:
    """Tabula's cell name of a player's track index: white's row is rank 1, black's rank 3."""
    if index in SHARED:
        return "abcdefgh"[index - 4] + "2"
    row = "1" if player == 0 else "3"
    return ("dcba"[index] if index < 4 else "hg"[index - 12]) + row


class Position:
    def __init__(self):
        self.on = [set(), set()]  # track indices of each player's pieces on the board
        self.hand = [PIECES, PIECES]
        self.off = [0, 0]
        self.to_move = 0
        self.roll = None  # the total thrown this turn, or None before the throw

    def copy(self) -> Position:
        p = Position()
        p.on = [set(self.on[0]), set(self.on[1])]
        p.hand = list(self.hand)
        p.off = list(self.off)
        p.to_move, p.roll = self.to_move, self.roll
        return p

    def winner(self):
        for player in (0, 1):
            if self.off[player] == PIECES:
                return player
        return None

    def moves(self):
        """(token, from index or -1 for an entry, to index) for the player to move."""
        me, you, n = self.to_move, 1 - self.to_move, self.roll
        out = []
        if n == 0:
            return out
        if self.hand[me] > 0 and n - 1 not in self.on[me]:
            out.append((square(me, n - 1), -1, n - 1))
        for i in sorted(self.on[me]):
            t = i + n
            if t == OFF:
                out.append((square(me, i) + "-off", i, t))
            elif t < OFF and t not in self.on[me]:
                hit = t in SHARED and t in self.on[you]
                if hit and t == SAFE:
                    continue
                sep = "x" if hit else "-"
                out.append((square(me, i) + sep + square(me, t), i, t))
        return out

    def play(self, move) -> Position:
        _, i, t = move
        me, you = self.to_move, 1 - self.to_move
        p = self.copy()
        if i < 0:
            p.hand[me] -= 1
        else:
            p.on[me].discard(i)
        if t == OFF:
            p.off[me] += 1
        else:
            p.on[me].add(t)
            if t in SHARED and t in p.on[you]:
                p.on[you].discard(t)
                p.hand[you] += 1
        p.roll = None
        if t not in ROSETTES:
            p.to_move = you
        return p

    def pass_turn(self) -> Position:
        p = self.copy()
        p.roll, p.to_move = None, 1 - self.to_move
        return p

    def thrown(self, total: int) -> Position:
        p = self.copy()
        p.roll = total
        return p

    def tokens(self):
        """The legal tokens as Tabula lists them."""
        if self.winner() is not None:
            return []
        if self.roll is None:
            return [f"roll:{t}" for t in range(5)]
        return sorted(m[0] for m in self.moves()) or ["pass"]

    def after(self, token: str) -> Position:
        if token.startswith("roll:"):
            return self.thrown(int(token[5:]))
        if token == "pass":
            return self.pass_turn()
        return self.play(next(m for m in self.moves() if m[0] == token))


def perft(pos: Position, depth: int) -> int:
    if depth == 0:
        return 1
    if pos.winner() is not None:
        return 0
    if pos.roll is None:
        return sum(perft(pos.thrown(t), depth) for t in range(5))
    moves = pos.moves()
    if not moves:
        return perft(pos.pass_turn(), depth - 1)
    return sum(perft(pos.play(m), depth - 1) for m in moves)



def main() -> int:
    return generator_main(__doc__, "ur", Position, perft, depth=5, games=20)


if __name__ == "__main__":
    sys.exit(main())
