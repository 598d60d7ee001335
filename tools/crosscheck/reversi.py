#!/usr/bin/env python3
"""An independent move generator for Reversi on any square board, to cross-check `games/reversi.toml`
(8 x 8) and its sizes `games/reversi-4.toml`, `reversi-6.toml`, `reversi-10.toml`.

Written from the rules (standard Othello; Regular Boardgames' games/reversi.rbg, reversi_4x4.rbg,
reversi_6x6.rbg, reversi_10x10.rbg), not from Tabula's code. The board is N x N (N even); the
four centre cells start with white on the top-left and bottom-right ones, black on the other two;
black moves first. A disc goes on an empty cell from which, in at least one of the eight
directions, a run of one or more enemy discs ends at a disc of the mover's; every such run turns
over. A player with no such cell passes (token `pass`); when neither player has one, the game is
over and the player with more discs wins (equal: a draw).

It prints perft from the start and, with --tabula, compares it with `tabula perft GAME`, then the
legal tokens of every position along seeded random games with `tabula moves GAME --after ...` and
each game's outcome with `tabula show`.

    python3 tools/crosscheck/reversi.py --size 6 --depth 6
    python3 tools/crosscheck/reversi.py --size 4 --depth 7 --tabula target/release/tabula -n 50
    python3 tools/crosscheck/reversi.py --tabula target/release/tabula          # 8 x 8, `reversi`
"""

from __future__ import annotations

import argparse
import random
import sys

from harness import compare_generator, outcome_said, tabula

STEPS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]
COLOURS = ["black", "white"]


def game_name(size: int) -> str:
    return "reversi" if size == 8 else f"reversi-{size}"


class Position:
    size = 8

    def __init__(self, cells, to_move):
        self.cells = cells  # cells[(file, rank)] = 0 (black) or 1 (white); ranks from 0 at the bottom
        self.to_move = to_move

    @classmethod
    def start(cls) -> Position:
        lo, hi = cls.size // 2 - 1, cls.size // 2
        # top-left (lo, hi) and bottom-right (hi, lo) of the centre are white
        cells = {(lo, hi): 1, (hi, lo): 1, (lo, lo): 0, (hi, hi): 0}
        return cls(cells, 0)

    def name(self, cell) -> str:
        return "abcdefghijklmnopqrstuvwxyz"[cell[0]] + str(cell[1] + 1)

    def flips(self, cell, me):
        """The enemy discs a disc of `me` on the empty `cell` would turn over."""
        out = []
        n = self.size
        for df, dr in STEPS:
            run = []
            f, r = cell[0] + df, cell[1] + dr
            while 0 <= f < n and 0 <= r < n and self.cells.get((f, r)) == 1 - me:
                run.append((f, r))
                f, r = f + df, r + dr
            if run and 0 <= f < n and 0 <= r < n and self.cells.get((f, r)) == me:
                out.extend(run)
        return out

    def placements(self, me):
        n = self.size
        out = {}
        for f in range(n):
            for r in range(n):
                if (f, r) not in self.cells:
                    turned = self.flips((f, r), me)
                    if turned:
                        out[self.name((f, r))] = ((f, r), turned)
        return out

    def moves(self):
        """Token -> the position after it; empty when the game is over."""
        mine = self.placements(self.to_move)
        if mine:
            out = {}
            for token, (cell, turned) in mine.items():
                cells = dict(self.cells)
                cells[cell] = self.to_move
                for c in turned:
                    cells[c] = self.to_move
                out[token] = type(self)(cells, 1 - self.to_move)
            return out
        if self.placements(1 - self.to_move):
            return {"pass": type(self)(dict(self.cells), 1 - self.to_move)}
        return {}

    def outcome(self) -> str:
        black = sum(1 for v in self.cells.values() if v == 0)
        white = len(self.cells) - black
        if black == white:
            return "draw"
        return ("black" if black > white else "white") + " wins"

    def tokens(self):
        return sorted(self.moves())

    def after(self, token: str) -> Position:
        return self.moves()[token]


def perft(pos: Position, depth: int) -> int:
    moves = pos.moves()
    if depth == 1:
        return len(moves)
    return sum(perft(p, depth - 1) for p in moves.values())


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", type=int, default=8, help="the side of the board (even, 4 to 26)")
    ap.add_argument("--tabula", help="a tabula binary to compare with; without it, perft alone")
    ap.add_argument("--depth", type=int, default=4)
    ap.add_argument("-n", "--count", type=int, default=20, help="random games compared with --tabula")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--file", help="the Tabula game (default reversi or reversi-SIZE; a broken copy)")
    args = ap.parse_args()
    if args.size % 2 or not 4 <= args.size <= 26:
        ap.error("--size must be even, from 4 to 26")
    Position.size = args.size
    game = args.file or game_name(args.size)
    failures = compare_generator(args.tabula, game, Position.start, perft, args.depth, 0, 0)
    if not args.tabula:
        return 1 if failures else 0
    rng = random.Random(args.seed)
    positions = passes = 0
    outcomes = {"black wins": 0, "white wins": 0, "draw": 0}
    for number in range(args.count):
        pos, played = Position.start(), []
        while True:
            moves = pos.moves()
            mine = sorted(moves)
            theirs = sorted(tabula(args.tabula, "moves", game, "--after", " ".join(played)).split())
            positions += 1
            passes += mine == ["pass"]
            if mine != theirs:
                print(f"game {number}: after {' '.join(played)!r}: mine {mine}, tabula {theirs}")
                failures += 1
                break
            if not mine:
                expected = f"game over: {pos.outcome()}"
                said = outcome_said(args.tabula, game, played)
                if said != expected:
                    print(f"game {number}: after {' '.join(played)!r}: tabula {said!r}, mine {expected!r}")
                    failures += 1
                outcomes[pos.outcome()] += 1
                break
            played.append(rng.choice(mine))
            pos = moves[played[-1]]
    print(f"{game}: {args.count} random games, {positions} positions ({passes} with pass alone), "
          f"outcomes {outcomes}, {failures} mismatch(es)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
