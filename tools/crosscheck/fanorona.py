#!/usr/bin/env python3
"""An independent Fanorona move generator, to cross-check `games/fanorona.toml`.

OpenSpiel has no Fanorona, so this is a second implementation written from the rules (Wikipedia,
Boardspace), not from Tabula's code. It counts perft the way Tabula plays a turn: every capture
is an action of its own, and after a capture the player may go on capturing with the same piece
(not in the direction of its last step, not onto a point visited this turn) or stop (`pass`).
It prints perft for the start position at the given depths and, with --tabula, compares them
with `tabula perft fanorona`, and the move lists along random games with `tabula moves`.

    python3 tools/crosscheck/fanorona.py --depth 6
    python3 tools/crosscheck/fanorona.py --depth 6 --tabula target/release/tabula --games 50
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys

FILES, RANKS = 9, 5
DIRS = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)]


def name(c):
    return "abcdefghi"[c[0]] + str(c[1] + 1)


def on_board(c):
    return 0 <= c[0] < FILES and 0 <= c[1] < RANKS


def linked(a, d):
    """Whether a line joins a to its neighbour along d: always orthogonally, diagonally only
    from a strong point (file + rank even, as a1)."""
    b = (a[0] + d[0], a[1] + d[1])
    if not on_board(b):
        return False
    return d[0] == 0 or d[1] == 0 or (a[0] + a[1]) % 2 == 0


def start():
    board = {}
    for f in range(FILES):
        for r in range(RANKS):
            board[(f, r)] = "W" if r < 2 else "B" if r > 2 else None
    for f, who in zip(range(FILES), "BWBW.BWBW"):
        board[(f, 2)] = None if who == "." else who
    return board


def run(board, cell, d, enemy):
    """The enemy pieces in a row from `cell` (included) along d, each linked to the one before."""
    out = []
    prev = None
    while on_board(cell) and board[cell] == enemy and (prev is None or linked(prev, d)):
        out.append(cell)
        prev = cell
        cell = (cell[0] + d[0], cell[1] + d[1])
    return out


def captures(board, me, frm=None, last_dir=None, visited=()):
    enemy = "B" if me == "W" else "W"
    moves = []
    for a, who in board.items():
        if who != me or (frm is not None and a != frm):
            continue
        for d in DIRS:
            if not linked(a, d):
                continue
            b = (a[0] + d[0], a[1] + d[1])
            if board[b] is not None or b in visited or d == last_dir:
                continue
            ahead = (b[0] + d[0], b[1] + d[1])
            if on_board(ahead) and linked(b, d):
                taken = run(board, ahead, d, enemy)
                if taken:
                    moves.append((name(a) + "x" + name(b) + "A", a, b, d, taken))
            back = (a[0] - d[0], a[1] - d[1])
            nd = (-d[0], -d[1])
            if on_board(back) and linked(a, nd):
                taken = run(board, back, nd, enemy)
                if taken:
                    moves.append((name(a) + "x" + name(b) + "W", a, b, d, taken))
    return moves


class Pos:
    def __init__(self):
        self.board = start()
        self.me = "W"
        self.chain = None  # (piece cell, last direction, visited) while a turn goes on

    def copy(self):
        p = Pos.__new__(Pos)
        p.board = dict(self.board)
        p.me = self.me
        p.chain = self.chain
        return p

    def moves(self):
        me = self.me
        if sum(1 for v in self.board.values() if v == me) == 0:
            return []
        if self.chain:
            cell, last, visited = self.chain
            return captures(self.board, me, cell, last, visited) + [("pass",)]
        caps = captures(self.board, me)
        if caps:
            return caps
        out = []
        for a, who in self.board.items():
            if who != me:
                continue
            for d in DIRS:
                b = (a[0] + d[0], a[1] + d[1])
                if linked(a, d) and self.board[b] is None:
                    out.append((name(a) + "-" + name(b), a, b, d, []))
        return out

    def play(self, m):
        p = self.copy()
        if m[0] == "pass":
            p.chain = None
            p.me = "B" if p.me == "W" else "W"
            return p
        _, a, b, d, taken = m
        for c in taken:
            p.board[c] = None
        p.board[b] = p.board[a]
        p.board[a] = None
        if not taken:
            p.me = "B" if p.me == "W" else "W"
            return p
        visited = (self.chain[2] if self.chain else (a,)) + (b,)
        p.chain = (b, d, visited)
        if not captures(p.board, p.me, b, d, visited):
            p.chain = None
            p.me = "B" if p.me == "W" else "W"
        return p


def perft(pos, depth):
    if depth == 0:
        return 1
    return sum(perft(pos.play(m), depth - 1) for m in pos.moves())


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--depth", type=int, default=5)
    ap.add_argument("--tabula", help="path to the tabula binary, to compare with")
    ap.add_argument("--games", type=int, default=0, help="random games whose move lists to compare")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    bad = 0
    for d in range(1, args.depth + 1):
        mine = perft(Pos(), d)
        line = f"depth {d}: {mine}"
        if args.tabula:
            out = subprocess.run([args.tabula, "perft", "fanorona", "--depth", str(d),
                                  "-o", "quiet_limit=0", "-o", "no_move=draws"],
                                 capture_output=True, text=True, check=True).stdout.split()[-1]
            line += f"  tabula {out}" + ("" if int(out) == mine else "  MISMATCH")
            bad += int(out) != mine
        print(line)
    rng = random.Random(args.seed)
    positions = 0
    for g in range(args.games):
        pos, tokens = Pos(), []
        while True:
            mine = sorted(m[0] for m in pos.moves())
            theirs = subprocess.run([args.tabula, "moves", "fanorona", "-o", "quiet_limit=0",
                                     "--after", " ".join(tokens)],
                                    capture_output=True, text=True, check=True).stdout.split()
            positions += 1
            if mine != sorted(theirs):
                print(f"game {g}: mismatch after {' '.join(tokens)}\n  mine   {mine}\n  tabula {theirs}")
                bad += 1
                break
            if not mine or len(tokens) > 400:
                break
            m = rng.choice(pos.moves())
            tokens.append(m[0])
            pos = pos.play(m)
    if args.games:
        print(f"{args.games} games, {positions} positions compared, {bad} mismatches")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
