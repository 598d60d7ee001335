#!/usr/bin/env python3
"""An independent move generator for Surakarta, to cross-check `games/surakarta.toml`.

Neither OpenSpiel nor Regular Boardgames has Surakarta, so this is a second implementation
written from the rules (Wikipedia's account, R. C. Bell's), not from Tabula's code: a piece steps
to one of the eight adjoining empty points, or captures by travelling along a circuit, over empty
points (the one it left counts as empty), through at least one corner loop, onto the first piece
it meets, an enemy's. The circuits are built here from the board's geometry: the lines at
distance k from the edge (k = 1 and 2), joined at each corner by a loop. Red moves first; a
player with no piece or no move loses; 100 plies without a capture draw (the game's option).

    python3 tools/crosscheck/surakarta.py --depth 4
    python3 tools/crosscheck/surakarta.py --depth 4 --tabula target/release/tabula --games 200
"""

from __future__ import annotations

import sys

from harness import generator_main

N = 6
QUIET_DRAW = 100


def name(x: int, y: int) -> str:
    return "abcdef"[x] + str(y + 1)


def circuit(k: int) -> list[tuple[tuple[int, int], bool]]:
    """The points of the circuit through lines k and N-1-k, in order, each with whether the
    step from it to the next goes round a corner loop."""
    far = N - 1 - k
    lines = [
        [(k, y) for y in range(N)],            # up the file at distance k from the left
        [(x, far) for x in range(N)],          # round the top-left corner, along the top line
        [(far, y) for y in reversed(range(N))],  # round the top-right corner, down the right file
        [(x, k) for x in reversed(range(N))],  # round the bottom-right corner, along the bottom line
    ]
    out = []
    for line in lines:
        out += [(p, i == N - 1) for i, p in enumerate(line)]
    return out


CIRCUITS = [circuit(1), circuit(2)]
NEIGHBOURS = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0)]


class Position:
    def __init__(self):
        self.board = {}
        for x in range(N):
            for y in (0, 1):
                self.board[(x, y)] = 0
            for y in (4, 5):
                self.board[(x, y)] = 1
        self.to_move = 0
        self.quiet = 0

    def copy(self) -> Position:
        p = Position.__new__(Position)
        p.board, p.to_move, p.quiet = dict(self.board), self.to_move, self.quiet
        return p

    def over(self) -> bool:
        me = self.to_move
        if not any(v == me for v in self.board.values()):
            return True
        return self.quiet >= QUIET_DRAW

    def captures_from(self, start):
        me, found = self.to_move, set()
        for points in CIRCUITS:
            n = len(points)
            for i, (p, _) in enumerate(points):
                if p != start:
                    continue
                for way in (1, -1):
                    at, loops = i, 0
                    for _ in range(n):
                        nxt = (at + way) % n
                        loops += points[at if way == 1 else nxt][1]
                        at = nxt
                        q = points[at][0]
                        if q == start or q not in self.board:
                            continue
                        if self.board[q] != me and loops > 0:
                            found.add(q)
                        break
        return found

    def moves(self):
        out = []
        me = self.to_move
        for (x, y), owner in sorted(self.board.items()):
            if owner != me:
                continue
            for dx, dy in NEIGHBOURS:
                q = (x + dx, y + dy)
                if 0 <= q[0] < N and 0 <= q[1] < N and q not in self.board:
                    out.append((f"{name(x, y)}-{name(*q)}", (x, y), q))
            for q in self.captures_from((x, y)):
                out.append((f"{name(x, y)}x{name(*q)}", (x, y), q))
        return out

    def play(self, move) -> Position:
        _, a, b = move
        p = self.copy()
        p.quiet = 0 if b in p.board else p.quiet + 1
        p.board[b] = p.board.pop(a)
        p.to_move = 1 - p.to_move
        return p

    def tokens(self):
        if self.over():
            return []
        return sorted(m[0] for m in self.moves())

    def after(self, token: str) -> Position:
        return self.play(next(m for m in self.moves() if m[0] == token))


def perft(pos: Position, depth: int) -> int:
    if depth == 0:
        return 1
    if pos.over():
        return 0
    return sum(perft(pos.play(m), depth - 1) for m in pos.moves())


def main() -> int:
    return generator_main(__doc__, "surakarta", Position, perft, depth=4, games=50)


if __name__ == "__main__":
    sys.exit(main())
