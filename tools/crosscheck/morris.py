#!/usr/bin/env python3
"""An independent move generator for the morris games, to cross-check `games/six-mens-morris.toml`
and `games/twelve-mens-morris.toml` (and, as a control, the shipped `games/nine-mens-morris.toml`).

Written from the published rules (Wikipedia's Nine men's morris article and its sections on Six
and Twelve men's morris; bead.game and Masters of Games for Six; Novel Games and Cyningstan for
Twelve), not from Tabula's code. The board is given as its lines, each a list of points in order:
two points are neighbours when they stand next to each other on a line, and three points of one
line are a mill.

* six: the 16 points of two squares (a 5 x 5 grid), six men each, NO flying.
* nine: the 24 points of three squares (7 x 7), nine men each, flying with three.
* twelve: the nine men's board with the four corner diagonals (which make mills too), twelve men
  each, flying with three; the board filled by the placements is a draw.

White first. While a player has men in hand, a turn places one on an empty point (token `a1`);
then a man moves to a neighbouring empty point (`a1-d1`), or, with exactly three men and flying,
to any empty point. A placement or move that makes a mill through the man just played is followed
by a removal by the same player, a separate action (`xd7`): an enemy man not in a mill, or any if
all are in mills. A player with fewer than three men on the board and in hand loses; a player with
no move loses, except on a full board (twelve), which is a draw.

It prints perft from the start and, with --tabula, compares it with `tabula perft`, then the legal
tokens and the outcome along seeded random games with `tabula moves/show --after ...`.

    python3 tools/crosscheck/morris.py --variant six --depth 5
    python3 tools/crosscheck/morris.py --variant twelve --tabula /tmp/tabula-cat/tabula --games 30
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys

from harness import compare_generator, outcome_said

NINE_LINES = [
    # ranks
    "a7 d7 g7", "b6 d6 f6", "c5 d5 e5", "a4 b4 c4", "e4 f4 g4", "c3 d3 e3", "b2 d2 f2", "a1 d1 g1",
    # files
    "a1 a4 a7", "b2 b4 b6", "c3 c4 c5", "d1 d2 d3", "d5 d6 d7", "e3 e4 e5", "f2 f4 f6", "g1 g4 g7",
]
VARIANTS = {
    "six": {
        "game": "six-mens-morris",
        "men": 6,
        "fly": False,
        "lines": [
            "a1 c1 e1", "b2 c2 d2", "b4 c4 d4", "a5 c5 e5",  # the sides across
            "a1 a3 a5", "b2 b3 b4", "d2 d3 d4", "e1 e3 e5",  # the sides up
            "c1 c2", "c4 c5", "a3 b3", "d3 e3",  # the joins: two points, no mill
        ],
    },
    "nine": {"game": "nine-mens-morris", "men": 9, "fly": True, "lines": NINE_LINES},
    "twelve": {
        "game": "twelve-mens-morris",
        "men": 12,
        "fly": True,
        "lines": NINE_LINES + ["a1 b2 c3", "g1 f2 e3", "a7 b6 c5", "g7 f6 e5"],
    },
}


def make_start(variant: str):
    spec = VARIANTS[variant]
    lines = [line.split() for line in spec["lines"]]
    points = sorted({p for line in lines for p in line})
    adjacent = {p: set() for p in points}
    for line in lines:
        for a, b in zip(line, line[1:]):
            adjacent[a].add(b)
            adjacent[b].add(a)
    mills = [line for line in lines if len(line) == 3]
    mills_of = {p: [m for m in mills if p in m] for p in points}
    men, fly = spec["men"], spec["fly"]

    class Position:
        def __init__(self):
            self.board = {}  # point -> 0 (white) or 1 (black)
            self.hand = [men, men]
            self.to_move = 0
            self.removing = False  # the mover has closed a mill and removes a man now

        def copy(self) -> "Position":
            p = Position.__new__(Position)
            p.board, p.hand = dict(self.board), list(self.hand)
            p.to_move, p.removing = self.to_move, self.removing
            return p

        def in_mill(self, point) -> bool:
            owner = self.board[point]
            return any(all(self.board.get(q) == owner for q in m) for m in mills_of[point])

        def count(self, player) -> int:
            return sum(1 for o in self.board.values() if o == player)

        def result(self):
            """None while the game goes on, else 0 or 1 (the winner) or 'draw'."""
            if self.removing:
                return None
            me = self.to_move
            if self.count(me) + self.hand[me] < 3:
                return 1 - me
            if self.moves():
                return None
            if len(self.board) == len(points):
                return "draw"
            return 1 - me

        def moves(self):
            me = self.to_move
            if self.removing:
                theirs = [p for p, o in self.board.items() if o != me]
                free = [p for p in theirs if not self.in_mill(p)]
                return [("x" + p, "take", p) for p in (free or theirs)]
            if self.count(me) + self.hand[me] < 3:
                return []
            empty = [p for p in points if p not in self.board]
            if self.hand[me] > 0:
                return [(p, "place", p) for p in empty]
            mine = [p for p, o in self.board.items() if o == me]
            out = []
            for a in mine:
                targets = empty if fly and len(mine) == 3 else [b for b in adjacent[a] if b not in self.board]
                out += [(f"{a}-{b}", "move", (a, b)) for b in targets]
            return out

        def play(self, move) -> "Position":
            _, kind, arg = move
            p = self.copy()
            me = self.to_move
            if kind == "take":
                del p.board[arg]
                p.removing = False
                p.to_move = 1 - me
                return p
            if kind == "place":
                p.hand[me] -= 1
                to = arg
            else:
                del p.board[arg[0]]
                to = arg[1]
            p.board[to] = me
            if p.in_mill(to) and any(o != me for o in p.board.values()):
                p.removing = True
            else:
                p.to_move = 1 - me
            return p

        def tokens(self):
            if self.result() is not None:
                return []
            return sorted(m[0] for m in self.moves())

        def after(self, token: str) -> "Position":
            return self.play(next(m for m in self.moves() if m[0] == token))

    return Position


def perft(pos, depth: int) -> int:
    if depth == 0:
        return 1
    moves = pos.moves() if pos.result() is None else []
    if depth == 1:
        return len(moves)
    return sum(perft(pos.play(m), depth - 1) for m in moves)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variant", choices=sorted(VARIANTS), default="six")
    ap.add_argument("--depth", type=int, default=4)
    ap.add_argument("--tabula", help="a tabula binary to compare with")
    ap.add_argument("--games", type=int, default=30, help="random games compared with --tabula")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--file", help="another Tabula game file for this variant (a broken copy)")
    args = ap.parse_args()
    game = args.file or VARIANTS[args.variant]["game"]
    start = make_start(args.variant)
    # perft, and the legal tokens of every position of the random games
    failures = compare_generator(args.tabula, game, start, perft, args.depth, args.games, args.seed)
    if not args.tabula:
        return 1 if failures else 0
    # the outcomes of the same random games
    rng = random.Random(args.seed)
    seen = {"white": 0, "black": 0, "draw": 0}
    for number in range(args.games):
        pos, played = start(), []
        while pos.tokens():
            played.append(rng.choice(pos.tokens()))
            pos = pos.after(played[-1])
        result = pos.result()
        mine = "draw" if result == "draw" else ("white", "black")[result]
        seen[mine] += 1
        expected = "game over: draw" if mine == "draw" else f"game over: {mine} wins"
        try:
            said = outcome_said(args.tabula, game, played)
        except subprocess.CalledProcessError as error:
            said = f"an error: {error.stderr.strip()}"
        if said != expected:
            print(f"game {number}: after {' '.join(played)!r}: tabula {said!r}, mine {expected!r}")
            failures += 1
    print(f"outcomes {seen}, {failures} mismatch(es) in all")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
