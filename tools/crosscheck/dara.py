#!/usr/bin/env python3
"""An independent move generator for Dara, to cross-check `games/dara.toml`.

Written from the published rules (Wikipedia's "Dara (game)", Ludii's "Niger" drop phase,
salvi.chaosnet.org for one removal per move), not from Tabula's code: a board of six files and
five ranks, twelve stones each, White first. While a player has stones in hand, a turn places
one on an empty cell, but never so as to make three of one's stones in a row (across or down).
A player whose stones are all placed moves one a cell up, down or sideways to an empty cell; a
move that makes a row of three through the moved stone is followed, as a second action of the
same turn, by the removal of one enemy stone not standing in a row of three or more (`xe3`),
skipped when there is none. No action may leave a row of four or more of the mover's stones. A
player with fewer than three stones loses; a player who cannot act passes, and the game is drawn
when neither can.

It prints perft from the start (the drop phase: depth 4 is 30 x 29 x 28 x 27) and, with
--tabula, compares it with `tabula perft dara`, then the legal tokens along seeded random games
with `tabula moves dara --after ...`, then their outcomes with `tabula show`.

    python3 tools/crosscheck/dara.py --depth 4
    python3 tools/crosscheck/dara.py --depth 4 --tabula target/release/tabula --games 20

--file names another game file to compare with instead of `dara` (a deliberately broken copy).
"""

from __future__ import annotations

import argparse
import random
import sys

from harness import compare_generator, outcome_said, perft

FILES, RANKS = 6, 5
CELLS = [(f, r) for r in range(RANKS) for f in range(FILES)]
STEPS = [(0, 1), (1, 0), (0, -1), (-1, 0)]


def name(c) -> str:
    return "abcdef"[c[0]] + str(c[1] + 1)


def run(board, c, d, owner) -> int:
    """How many stones of `owner` stand in a row from c (excluded) along d."""
    n, (f, r) = 0, c
    while True:
        f, r = f + d[0], r + d[1]
        if board.get((f, r)) != owner:
            return n
        n += 1


def longest_through(board, c, owner) -> int:
    """The longest row of `owner`'s stones, across or down, through c (which holds one)."""
    return max(1 + run(board, c, (1, 0), owner) + run(board, c, (-1, 0), owner),
               1 + run(board, c, (0, 1), owner) + run(board, c, (0, -1), owner))


def longest(board, owner) -> int:
    return max([longest_through(board, c, owner) for c, o in board.items() if o == owner] or [0])


class Position:
    def __init__(self):
        self.board = {}  # cell -> 0 (white) or 1 (black)
        self.hand = [12, 12]
        self.to_move = 0
        self.taking = False  # the mover has just made a row and removes a stone

    def copy(self) -> Position:
        p = Position.__new__(Position)
        p.board, p.hand = dict(self.board), list(self.hand)
        p.to_move, p.taking = self.to_move, self.taking
        return p

    def stones(self, player) -> int:
        return sum(1 for o in self.board.values() if o == player) + self.hand[player]

    def winner(self):
        """0 or 1 when the player to move has fewer than three stones, else None."""
        if self.stones(self.to_move) < 3:
            return 1 - self.to_move
        return None

    def actions(self, me):
        """The actions `me` could start a turn with: (token, from, to), removals apart."""
        out = []
        if self.hand[me] > 0:
            for c in CELLS:
                if c not in self.board:
                    b = dict(self.board)
                    b[c] = me
                    if longest_through(b, c, me) < 3:
                        out.append((name(c), None, c))
            return out
        for a, o in self.board.items():
            if o != me:
                continue
            for d in STEPS:
                c = (a[0] + d[0], a[1] + d[1])
                if not (0 <= c[0] < FILES and 0 <= c[1] < RANKS) or c in self.board:
                    continue
                b = dict(self.board)
                del b[a]
                b[c] = me
                if longest(b, me) < 4:
                    out.append((name(a) + "-" + name(c), a, c))
        return out

    def removals(self):
        you = 1 - self.to_move
        in_rows = {c for c, o in self.board.items() if o == you and longest_through(self.board, c, you) >= 3}
        return [("x" + name(c), c, None) for c, o in self.board.items() if o == you and c not in in_rows]

    def moves(self):
        if self.winner() is not None:
            return []
        if self.taking:
            return self.removals()
        out = self.actions(self.to_move)
        if out:
            return out
        if self.actions(1 - self.to_move):
            return [("pass", None, None)]
        return []  # neither can move: a draw

    def play(self, move) -> Position:
        token, a, c = move
        me = self.to_move
        p = self.copy()
        if token == "pass":
            p.to_move = 1 - me
        elif self.taking:
            del p.board[a]
            p.taking, p.to_move = False, 1 - me
        elif a is None:
            p.board[c] = me
            p.hand[me] -= 1
            p.to_move = 1 - me
        else:
            del p.board[a]
            p.board[c] = me
            if longest_through(p.board, c, me) >= 3 and p.removals():
                p.taking = True
            else:
                p.to_move = 1 - me
        return p

    def tokens(self):
        return sorted(m[0] for m in self.moves())

    def after(self, token: str) -> Position:
        return self.play(next(m for m in self.moves() if m[0] == token))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--depth", type=int, default=4)
    ap.add_argument("--tabula", help="a tabula binary to compare with")
    ap.add_argument("--games", type=int, default=20, help="random games compared with --tabula")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--file", help="another Tabula game file to compare with (a broken copy)")
    args = ap.parse_args()
    game = args.file or "dara"
    failures = compare_generator(args.tabula, game, Position, perft, args.depth, args.games, args.seed)
    if not args.tabula or failures:
        return 1 if failures else 0
    rng = random.Random(args.seed)
    results = {}
    for number in range(args.games):
        pos, played = Position(), []
        while pos.tokens():
            played.append(rng.choice(pos.tokens()))
            pos = pos.after(played[-1])
        w = pos.winner()
        mine = "game over: draw" if w is None else f"game over: {('white', 'black')[w]} wins"
        results[mine] = results.get(mine, 0) + 1
        said = outcome_said(args.tabula, game, played)
        if said != mine:
            print(f"game {number}: after {' '.join(played)!r}: tabula {said!r}, mine {mine!r}")
            failures += 1
    print(f"outcomes {results}, {failures} mismatch(es) in all")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
