#!/usr/bin/env python3
"""An independent move generator for Fox and Hounds, to cross-check `games/fox-and-hounds.toml`
(8 x 8) and its variants `fox-and-hounds-10` and `fox-and-hounds-12`.

Written from Regular Boardgames' games/foxAndHounds.rbg, foxAndHounds-10x10.rbg and
foxAndHounds-12x12.rbg (https://github.com/marekesz/rbgGames), not from Tabula's code. Only the
dark squares are used (a1 is dark). N/2 hounds start on the dark squares of rank N; the fox is off
the board. The fox plays first: it chooses a dark square of rank 1 (token: the square), then
moves again; from then on the hounds and the fox alternate. The fox steps one square diagonally
in any direction, a hound one square diagonally forward (down the board), both onto empty squares;
nothing is captured. The fox on rank N has won at once; a player who cannot move loses.

It prints perft from the start and, with --tabula, compares it with `tabula perft`, then the legal
tokens and the outcome along seeded random games with `tabula moves/show --after ...`.

    python3 tools/crosscheck/fox_and_hounds.py --size 8 --depth 6
    python3 tools/crosscheck/fox_and_hounds.py --size 10 --tabula /tmp/tabula-cat/tabula --games 30
"""

from __future__ import annotations

import argparse
import random
import sys

from harness import compare_generator, outcome_said, perft, tabula

GAMES = {8: "fox-and-hounds", 10: "fox-and-hounds-10", 12: "fox-and-hounds-12"}
FOX_DIRS = [(1, 1), (-1, 1), (1, -1), (-1, -1)]
HOUND_DIRS = [(1, -1), (-1, -1)]  # towards rank 1


def make_start(size: int):
    def name(sq) -> str:
        return "abcdefghijkl"[sq[0]] + str(sq[1] + 1)

    def on_board(sq) -> bool:
        return 0 <= sq[0] < size and 0 <= sq[1] < size

    class Position:
        def __init__(self):
            self.fox = None  # (file, rank) from 0, or None while still to be placed
            self.hounds = frozenset((f, size - 1) for f in range(1, size, 2))
            self.to_move = "fox"

        def winner(self):
            """The winner if the game is over, else None."""
            if self.fox is not None and self.fox[1] == size - 1:
                return "fox"
            if not self.moves():
                return "hounds" if self.to_move == "fox" else "fox"
            return None

        def moves(self):
            if self.fox is not None and self.fox[1] == size - 1:
                return []
            out = []
            if self.to_move == "fox":
                if self.fox is None:
                    for f in range(0, size, 2):
                        out.append((name((f, 0)), None, (f, 0)))
                    return out
                for df, dr in FOX_DIRS:
                    t = (self.fox[0] + df, self.fox[1] + dr)
                    if on_board(t) and t not in self.hounds:
                        out.append((name(self.fox) + "-" + name(t), self.fox, t))
            else:
                for h in self.hounds:
                    for df, dr in HOUND_DIRS:
                        t = (h[0] + df, h[1] + dr)
                        if on_board(t) and t not in self.hounds and t != self.fox:
                            out.append((name(h) + "-" + name(t), h, t))
            return out

        def play(self, move) -> Position:
            _, a, b = move
            p = Position.__new__(Position)
            p.fox, p.hounds = self.fox, self.hounds
            if self.to_move == "fox":
                p.fox = b
                # the placement is followed by a move of the fox
                p.to_move = "fox" if a is None else "hounds"
            else:
                p.hounds = (self.hounds - {a}) | {b}
                p.to_move = "fox"
            return p

        def tokens(self):
            return sorted(m[0] for m in self.moves())

        def after(self, token: str) -> Position:
            return self.play(next(m for m in self.moves() if m[0] == token))

    return Position


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", type=int, choices=sorted(GAMES), default=8)
    ap.add_argument("--depth", type=int, default=6)
    ap.add_argument("--tabula", help="a tabula binary to compare with")
    ap.add_argument("--games", type=int, default=30, help="random games compared with --tabula")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--file", help="another Tabula game file for this size (a broken copy)")
    args = ap.parse_args()
    game = args.file or GAMES[args.size]
    start = make_start(args.size)
    # perft, and the legal tokens of every position of the random games
    failures = compare_generator(args.tabula, game, start, perft, args.depth, args.games, args.seed)
    if not args.tabula or failures:
        return 1 if failures else 0
    # the outcomes of the same random games
    rng = random.Random(args.seed)
    wins = {"fox": 0, "hounds": 0}
    for number in range(args.games):
        pos, played = start(), []
        while pos.tokens():
            played.append(rng.choice(pos.tokens()))
            pos = pos.after(played[-1])
        mine = pos.winner()
        wins[mine] += 1
        said = outcome_said(args.tabula, game, played)
        if said != f"game over: {mine} wins":
            print(f"game {number}: after {' '.join(played)!r}: tabula {said!r}, mine {mine} wins")
            failures += 1
    print(f"outcomes {wins}, {failures} mismatch(es) in all")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
