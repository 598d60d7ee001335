#!/usr/bin/env python3
"""Cross-checks Lasca (`games/lasca.toml`) against a move generator written here from the rules.

There is no OpenSpiel Lasca: this file plays the rules as games/lasca.toml's header states them,
without the engine. A position is each dark square's column, top piece first (`w`/`b` soldiers,
`W`/`B` officers), and the player to move. A step is `c3-d4`, a capture its landings in turn,
`c3xe5xc7`. Perft from the start is compared with `tabula perft`, then seeded random games: at
every position the legal moves (`tabula moves`) and the columns (`tabula show --format toml`),
and at the end the outcome (`tabula show`).

    python3 tools/crosscheck/lasca.py --tabula target/release/tabula -n 300 --depth 7
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import tomllib

from harness import compare_generator, outcome_said, tabula

PLAYERS = ["white", "black"]
FILES = "abcdefg"
FORWARD = {"white": [(1, 1), (-1, 1)], "black": [(1, -1), (-1, -1)]}
DIAGONAL = [(1, 1), (-1, 1), (1, -1), (-1, -1)]
SYMBOL = {("white", False): "w", ("white", True): "W", ("black", False): "b", ("black", True): "B"}


def owner(piece: str) -> str:
    return "white" if piece.lower() == "w" else "black"


def name(f: int, r: int) -> str:
    return f"{FILES[f]}{r + 1}"


def on_board(f: int, r: int) -> bool:
    return 0 <= f < 7 and 0 <= r < 7


class Position:
    def __init__(self, columns: dict[tuple[int, int], str], to_move: str):
        self.columns = columns  # (file, rank) -> pieces, top first
        self.to_move = to_move

    @staticmethod
    def start() -> "Position":
        columns = {}
        for f in range(7):
            for r in range(7):
                if (f + r) % 2 == 0 and r < 3:
                    columns[(f, r)] = "w"
                elif (f + r) % 2 == 0 and r > 3:
                    columns[(f, r)] = "b"
        return Position(columns, "white")

    def directions(self, top: str) -> list[tuple[int, int]]:
        return DIAGONAL if top.isupper() else FORWARD[owner(top)]

    def far_row(self, rank: int) -> bool:
        return rank == (6 if self.to_move == "white" else 0)

    def jumps(self, at, column, board, jumped, landings, out):
        """Every capture sequence of `column` (top first) standing on `at` (already lifted off
        `board`); `jumped`: the cells jumped so far, never jumped again."""
        extended = False
        for df, dr in self.directions(column[0]):
            over, land = (at[0] + df, at[1] + dr), (at[0] + 2 * df, at[1] + 2 * dr)
            if not on_board(*land) or over in jumped or land in board or over not in board:
                continue
            if owner(board[over][0]) == self.to_move:
                continue
            extended = True
            after = dict(board)
            rest = board[over][1:]
            if rest:
                after[over] = rest
            else:
                del after[over]
            grown = column + board[over][0]
            route = landings + [land]
            if column[0].islower() and self.far_row(land[1]):
                # A soldier reaching the far row is promoted and its move ends.
                out.append((route, grown[0].upper() + grown[1:], after))
                continue
            self.jumps(land, grown, after, jumped | {over}, route, out)
        if not extended and landings:
            out.append((landings, column, board))

    def moves(self) -> dict[str, "Position"]:
        mine = [c for c, col in self.columns.items() if owner(col[0]) == self.to_move]
        other = "black" if self.to_move == "white" else "white"
        result = {}
        for cell in mine:
            board = dict(self.columns)
            column = board.pop(cell)
            found = []
            self.jumps(cell, column, board, frozenset(), [], found)
            for route, grown, after in found:
                token = name(*cell) + "".join("x" + name(*c) for c in route)
                after = dict(after)
                after[route[-1]] = grown
                result[token] = Position(after, other)
        if result:
            return result
        for cell in mine:
            column = self.columns[cell]
            for df, dr in self.directions(column[0]):
                to = (cell[0] + df, cell[1] + dr)
                if not on_board(*to) or to in self.columns:
                    continue
                after = dict(self.columns)
                del after[cell]
                if column[0].islower() and self.far_row(to[1]):
                    column = column[0].upper() + column[1:]
                after[to] = column
                column = self.columns[cell]
                result[f"{name(*cell)}-{name(*to)}"] = Position(after, other)
        return result

    def tokens(self) -> list[str]:
        return list(self.moves())

    def after(self, token: str) -> "Position":
        return self.moves()[token]


def perft(pos: Position, depth: int) -> int:
    if depth == 0:
        return 1
    moves = pos.moves()
    if depth == 1:
        return len(moves)
    return sum(perft(p, depth - 1) for p in moves.values())


def columns_of(binary: str, game: str, played: list[str]) -> dict[str, str]:
    """Each occupied cell's column, top first, from `tabula show --format toml`: the top pieces
    of `[pieces]` and the pieces under them of `under`."""
    text = tabula(binary, "show", game, "--after", " ".join(played), "--format", "toml")
    doc = tomllib.loads(text)
    out = {}
    for player, kinds in doc.get("pieces", {}).items():
        for kind, cells in kinds.items():
            for cell in cells:
                out[cell] = SYMBOL[(player, kind == "officer")]
    for cell, under in doc.get("under", {}).items():
        out[cell] += under
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tabula", help="without it, perft of this generator alone")
    ap.add_argument("--depth", type=int, default=6)
    ap.add_argument("-n", "--count", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--file", default="lasca", help="another Tabula game file (a broken copy)")
    args = ap.parse_args()
    failures = compare_generator(args.tabula, args.file, Position.start, perft, args.depth, 0, 0)
    if not args.tabula:
        return 1 if failures else 0
    rng = random.Random(args.seed)
    positions = 0
    outcomes = {"white": 0, "black": 0}
    tallest = 0
    for number in range(args.count):
        pos, played = Position.start(), []
        while True:
            moves = pos.moves()
            mine = sorted(moves)
            theirs = sorted(tabula(args.tabula, "moves", args.file, "--after", " ".join(played)).split())
            board = {name(*c): col for c, col in pos.columns.items()}
            tallest = max([tallest] + [len(col) for col in board.values()])
            positions += 1
            if mine != theirs or board != columns_of(args.tabula, args.file, played):
                print(f"game {number}: after {' '.join(played)!r}: mine {mine}, tabula {theirs}, "
                      f"board {board}")
                failures += 1
                break
            if not mine:
                expected = f"game over: {'black' if pos.to_move == 'white' else 'white'} wins"
                said = outcome_said(args.tabula, args.file, played)
                if said != expected:
                    print(f"game {number}: after {' '.join(played)!r}: tabula {said!r}, mine {expected!r}")
                    failures += 1
                outcomes[expected.split()[2]] += 1
                break
            if len(played) >= 400:
                break
            played.append(rng.choice(mine))
            pos = moves[played[-1]]
    print(f"lasca: {args.count} games, {positions} positions, outcomes {outcomes}, "
          f"tallest column {tallest}, {failures} mismatch(es)")
    return 1 if failures else 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except subprocess.CalledProcessError as e:
        print(f"tabula failed: {e.cmd}: {e.stderr}")
        sys.exit(1)
