#!/usr/bin/env python3
"""An independent move generator for Ludo, to cross-check `games/ludo.toml`.

Neither OpenSpiel nor Regular Boardgames has Ludo, so this is a second implementation written from
the rules as the game file states them (four players of four pieces, one die, a six to come out
and to throw again, capture by landing sends the piece back, the exact throw home, no landing on
one's own piece, no entry onto an occupied start square), not from Tabula's code. Its track is
built by walking round the cross, not from the file's paths.

Perft counts throws as Tabula does: each distinct total once, unweighted, using no depth.

    python3 tools/crosscheck/ludo.py --depth 6
    python3 tools/crosscheck/ludo.py --depth 6 --tabula target/release/tabula --games 10
    python3 tools/crosscheck/ludo.py --players 2 --depth 6 --tabula target/release/tabula
"""

from __future__ import annotations

import argparse
import sys

from harness import compare_generator

PIECES = 4


def red_track():
    """Red's 56 squares as (file, rank), 1-based: up the left of the bottom arm, clockwise round
    the cross (corners are diagonal steps), and up the middle file home."""
    walk = [((7, 2), (0, 1), 5), ((6, 7), (-1, 0), 6), ((1, 8), (0, 1), 1), ((1, 9), (1, 0), 6),
            ((7, 10), (0, 1), 6), ((8, 15), (1, 0), 1), ((9, 15), (0, -1), 6),
            ((10, 9), (1, 0), 6), ((15, 8), (0, -1), 1), ((15, 7), (-1, 0), 6),
            ((9, 6), (0, -1), 6), ((8, 1), (0, 1), 1), ((8, 2), (0, 1), 5)]
    out = []
    for (x, y), (dx, dy), n in walk:
        out.extend((x + i * dx, y + i * dy) for i in range(n))
    assert len(out) == 56 and len(set(out)) == 56
    return out


def rotate(cell):
    """A quarter turn clockwise about the centre h8: the bottom arm goes to the left."""
    x, y = cell
    return (y, 16 - x)


ALL_TRACKS = [red_track()]
for _ in range(3):
    ALL_TRACKS.append([rotate(c) for c in ALL_TRACKS[-1]])
END = 56
# Set by --players: four players, or Red and Yellow on opposite sides.
TRACKS = ALL_TRACKS
PLAYERS = 4


def name(cell):
    return "abcdefghijklmno"[cell[0] - 1] + str(cell[1])


class Position:
    def __init__(self):
        self.on = [set() for _ in range(PLAYERS)]  # track indices
        self.hand = [PIECES] * PLAYERS
        self.off = [0] * PLAYERS
        self.to_move = 0
        self.roll = None

    def copy(self):
        p = Position()
        p.on = [set(s) for s in self.on]
        p.hand, p.off = list(self.hand), list(self.off)
        p.to_move, p.roll = self.to_move, self.roll
        return p

    def holder(self, cell):
        for player in range(PLAYERS):
            if any(TRACKS[player][i] == cell for i in self.on[player]):
                return player
        return None

    def finished(self):
        return any(n == PIECES for n in self.off)

    def moves(self):
        me, n, out = self.to_move, self.roll, []
        track = TRACKS[me]
        if n == 6 and self.hand[me] > 0 and self.holder(track[0]) is None:
            out.append((name(track[0]), -1, 0))
        for i in sorted(self.on[me]):
            t = i + n
            if t == END:
                out.append((name(track[i]) + "-off", i, t))
            elif t < END:
                who = self.holder(track[t])
                if who == me:
                    continue
                sep = "-" if who is None else "x"
                out.append((name(track[i]) + sep + name(track[t]), i, t))
        return out

    def play(self, move):
        _, i, t = move
        me = self.to_move
        p = self.copy()
        if i < 0:
            p.hand[me] -= 1
        else:
            p.on[me].discard(i)
        if t == END:
            p.off[me] += 1
        else:
            cell = TRACKS[me][t]
            victim = p.holder(cell)
            if victim is not None:
                p.on[victim] = {j for j in p.on[victim] if TRACKS[victim][j] != cell}
                p.hand[victim] += 1
            p.on[me].add(t)
        if self.roll != 6:
            p.to_move = (me + 1) % PLAYERS
        p.roll = None
        return p

    def pass_turn(self):
        p = self.copy()
        p.roll, p.to_move = None, (self.to_move + 1) % PLAYERS
        return p

    def thrown(self, total):
        p = self.copy()
        p.roll = total
        return p

    def tokens(self):
        if self.finished():
            return []
        if self.roll is None:
            return [f"roll:{t}" for t in range(1, 7)]
        return sorted(m[0] for m in self.moves()) or ["pass"]

    def after(self, token):
        if token.startswith("roll:"):
            return self.thrown(int(token[5:]))
        if token == "pass":
            return self.pass_turn()
        return self.play(next(m for m in self.moves() if m[0] == token))


def perft(pos, depth):
    if depth == 0:
        return 1
    if pos.finished():
        return 0
    if pos.roll is None:
        return sum(perft(pos.thrown(t), depth) for t in range(1, 7))
    moves = pos.moves()
    if not moves:
        return perft(pos.pass_turn(), depth - 1)
    return sum(perft(pos.play(m), depth - 1) for m in moves)



def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--depth", type=int, default=5)
    ap.add_argument("--tabula", help="a tabula binary to compare with")
    ap.add_argument("--games", type=int, default=5, help="random games compared with --tabula")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", type=int, choices=[2, 4], default=4,
                    help="2: Red and Yellow on opposite sides (games/ludo-2.toml)")
    args = ap.parse_args()
    global TRACKS, PLAYERS
    if args.players == 2:
        TRACKS, PLAYERS = [ALL_TRACKS[0], ALL_TRACKS[2]], 2
    game_name = "ludo" if args.players == 4 else "ludo-2"
    failures = compare_generator(
        args.tabula, game_name, Position, perft, args.depth, args.games, args.seed
    )
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
