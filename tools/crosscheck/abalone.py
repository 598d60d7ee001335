#!/usr/bin/env python3
"""An independent move generator for Abalone, to cross-check `games/abalone.toml`.

OpenSpiel has no Abalone, so this is a second implementation written from the rulebook, not from
Tabula's code: 61 cells named by row (A..I) and diagonal (1..9), a cell existing where its row and
diagonal differ by at most 4; a move takes 1, 2 or 3 own marbles in a row and moves them one cell
in one of the six directions, in line (along the row of marbles; the leading marble may push a
strictly smaller run of enemy marbles that is followed by an empty cell or the edge, the last one
then leaving the board) or broadside (2 or 3 marbles sideways, each into an empty cell). Black
moves first; the first to push six enemy marbles off wins.

It prints perft from the start and, with --tabula, compares it with `tabula perft abalone`; then it
plays seeded random games (a move that pushes a marble off is taken when there is one, with
probability --greed, so that games end), and at every position compares the legal tokens with
`tabula moves abalone --after ...`, and at the end the outcome with `tabula show`.

Tabula names the rulebook's cell C4 (row C, diagonal 4) `d3`: diagonal as a letter, row as a
number. Its token names the line from its rear to its front (`c3..e3`, one cell alone), then `>`
and the direction, then `*` if a marble is pushed off; a broadside line is written from the end
from which it runs east, north-east or north-west (the first of each pair of opposite directions
in the game file).

    python3 tools/crosscheck/abalone.py --depth 3
    python3 tools/crosscheck/abalone.py --depth 3 --tabula target/release/tabula --games 30
"""

from __future__ import annotations

import argparse
import random
import sys

from harness import outcome_said, tabula

# (row step, diagonal step) of each direction, with Tabula's name for it.
DIRECTIONS = {"e": (0, 1), "w": (0, -1), "ne": (1, 1), "sw": (-1, -1), "nw": (1, 0), "se": (-1, 0)}
# One of each pair of opposite directions: the way a line is read from its rear.
AXES = [(0, 1), (1, 1), (1, 0)]
NAME = {v: k for k, v in DIRECTIONS.items()}
PLAYERS = ["black", "white"]
TO_WIN = 6


def on_board(cell) -> bool:
    row, diag = cell
    return 0 <= row < 9 and 0 <= diag < 9 and abs(row - diag) <= 4


def name(cell) -> str:
    row, diag = cell
    return "abcdefghi"[diag] + str(row + 1)


def plus(cell, step, times=1):
    return (cell[0] + step[0] * times, cell[1] + step[1] * times)


def rulebook_cells(text: str):
    """`A1-A5` (a row of the rulebook) -> cells."""
    first, last = text.split("-")
    row = "ABCDEFGHI".index(first[0])
    return [(row, d - 1) for d in range(int(first[1:]), int(last[1:]) + 1)]


class Position:
    def __init__(self):
        self.board = {}  # cell -> 0 (black) or 1 (white)
        for text in ["A1-A5", "B1-B6", "C3-C5"]:
            for cell in rulebook_cells(text):
                self.board[cell] = 0
        for text in ["I5-I9", "H4-H9", "G5-G7"]:
            for cell in rulebook_cells(text):
                self.board[cell] = 1
        self.off = [0, 0]  # marbles of each player pushed off
        self.to_move = 0

    def copy(self) -> Position:
        p = Position.__new__(Position)
        p.board, p.off, p.to_move = dict(self.board), list(self.off), self.to_move
        return p

    def winner(self):
        for player in (0, 1):
            if self.off[1 - player] >= TO_WIN:
                return player
        return None

    def lines(self):
        """Every line of 1 to 3 own marbles: (cells from the rear along the axis, axis)."""
        me = self.to_move
        for cell, owner in self.board.items():
            if owner != me:
                continue
            yield [cell], None
            for axis in AXES:
                cells = [cell]
                for _ in range(2):
                    nxt = plus(cells[-1], axis)
                    if self.board.get(nxt) != me:
                        break
                    cells.append(nxt)
                    yield list(cells), axis

    def moves(self):
        """(token, cells moved, direction, enemy cells pushed, pushed off?) of each legal move."""
        if self.winner() is not None:
            return []
        me, out = self.to_move, []
        for cells, axis in self.lines():
            for dname, d in DIRECTIONS.items():
                inline = axis is None or d == axis or d == (-axis[0], -axis[1])
                move = self.in_line(cells, d, me) if inline else self.broadside(cells, d)
                if move is None:
                    continue
                pushed, off = move
                # In line the rear is the trailing marble; broadside, the line's first cell.
                trailing = inline and axis is not None and d != axis
                rear, front = (cells[-1], cells[0]) if trailing else (cells[0], cells[-1])
                token = name(rear) + (".." + name(front) if len(cells) > 1 else "") + ">" + dname
                out.append((token + ("*" if off else ""), cells, d, pushed, off))
        return out

    def in_line(self, cells, d, me):
        lead = max(cells, key=lambda c: c[0] * d[0] + c[1] * d[1])
        target = plus(lead, d)
        if not on_board(target):
            return None
        if target not in self.board:
            return [], False
        if self.board[target] == me:
            return None
        pushed = []
        cell = target
        while on_board(cell) and self.board.get(cell) == 1 - me:
            pushed.append(cell)
            cell = plus(cell, d)
        if len(pushed) >= len(cells):
            return None
        if on_board(cell) and cell in self.board:
            return None  # an own marble behind the enemy's
        return pushed, not on_board(cell)

    def broadside(self, cells, d):
        if len(cells) < 2:
            return None
        for cell in cells:
            target = plus(cell, d)
            if not on_board(target) or target in self.board:
                return None
        return [], False

    def play(self, move) -> Position:
        _, cells, d, pushed, off = move
        p = self.copy()
        me = self.to_move
        for cell in reversed(pushed):
            del p.board[cell]
            if on_board(plus(cell, d)):
                p.board[plus(cell, d)] = 1 - me
            else:
                p.off[1 - me] += 1
        for cell in cells:
            del p.board[cell]
        for cell in cells:
            p.board[plus(cell, d)] = me
        p.to_move = 1 - me
        return p

    def tokens(self):
        return sorted(m[0] for m in self.moves())

    def after(self, token: str) -> Position:
        return self.play(next(m for m in self.moves() if m[0] == token))


def perft(pos: Position, depth: int) -> int:
    if depth == 0:
        return 1
    return sum(perft(pos.play(m), depth - 1) for m in pos.moves())


def random_games(binary, game, games, seed, greed, max_plies):
    """Seeded random games compared position by position; returns (positions, outcomes, failures)."""
    rng = random.Random(seed)
    positions = failures = 0
    outcomes = {"black": 0, "white": 0, "unfinished": 0}
    for number in range(games):
        pos, played = Position(), []
        while True:
            mine = pos.tokens()
            theirs = sorted(tabula(binary, "moves", game, "--after", " ".join(played)).split())
            positions += 1
            if mine != theirs:
                print(f"game {number}: after {' '.join(played)!r}: mine {mine}, tabula {theirs}")
                failures += 1
                break
            winner = pos.winner()
            if winner is not None:
                said = outcome_said(binary, game, played)
                if said != f"game over: {PLAYERS[winner]} wins":
                    print(f"game {number}: after {' '.join(played)!r}: tabula {said!r}, "
                          f"mine {PLAYERS[winner]} wins")
                    failures += 1
                outcomes[PLAYERS[winner]] += 1
                break
            if not mine or len(played) >= max_plies:
                outcomes["unfinished"] += 1
                break
            offs = [t for t in mine if t.endswith("*")]
            choice = rng.choice(offs) if offs and rng.random() < greed else rng.choice(mine)
            played.append(choice)
            pos = pos.after(choice)
    return positions, outcomes, failures


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--depth", type=int, default=3)
    ap.add_argument("--tabula", help="a tabula binary to compare with")
    ap.add_argument("--games", type=int, default=20, help="random games compared with --tabula")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--greed", type=float, default=0.9,
                    help="the chance of taking a move that pushes a marble off, when there is one")
    ap.add_argument("--max-plies", type=int, default=400, help="a random game stops here, unfinished")
    ap.add_argument("--file", default="abalone", help="another Tabula game file (a broken copy)")
    args = ap.parse_args()
    failures = 0
    for d in range(1, args.depth + 1):
        mine = perft(Position(), d)
        line = f"perft({d}) = {mine}"
        if args.tabula:
            theirs = int(tabula(args.tabula, "perft", args.file, "--depth", str(d)).strip())
            line += f", tabula {theirs}" + ("" if theirs == mine else "  MISMATCH")
            failures += theirs != mine
        print(line, flush=True)
    if args.tabula:
        positions, outcomes, bad = random_games(
            args.tabula, args.file, args.games, args.seed, args.greed, args.max_plies)
        failures += bad
        print(f"{args.games} random games, {positions} positions compared, outcomes {outcomes}, "
              f"{failures} mismatch(es)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
