#!/usr/bin/env python3
"""An independent move generator for 8 x 8 draughts with flying kings: Brazilian and Russian.

Written from the published rules, not from Tabula's code. Both games: 32 dark squares (a1 dark),
12 men each, White first from ranks 1-3; a man steps one square diagonally forward, a king slides
any distance diagonally; capturing is compulsory, men capture forwards and backwards, a king
captures at a distance (passing empty squares to the piece it takes and landing on any empty
square beyond); a capture goes on while the capturing piece can jump again; jumped pieces stay on
the board until the capture is over (no piece is jumped twice, and a jumped piece blocks); a
player with no move loses.

  brazilian  Wikipedia "Brazilian draughts", the CBD rules (brazil.fmjd.org): the capture taking
             the most pieces is compulsory; a man only passing the far row during a capture stays a
             man (crowned only when the capture ends there). Draws: the same position (same player
             to move) for the third time; 20 moves by each player (40 plies) moving only kings
             without capture, the draw taking effect when the player to move could still move.
  russian    Wikipedia "Russian draughts", the rules of the Russian draughts federation: any
             capture sequence may be chosen (no majority rule); a man reaching the far row during
             a capture becomes a king at once and goes on capturing as a king; a king that can
             go on capturing after a jump must land on a square from which it can. Perft only
             (there is no Tabula game file for it); draw rules are not modelled.

Tokens are Tabula's: `c3-d4` for a step, `c3xe5xc7` for a capture listing every landing.

    python3 tools/crosscheck/draughts.py --variant brazilian --depth 7
    python3 tools/crosscheck/draughts.py --variant brazilian --depth 6 --tabula /tmp/tabula-cat/tabula --games 30
    python3 tools/crosscheck/draughts.py --variant russian --depth 7
"""

from __future__ import annotations

import argparse
import random
import sys

from harness import compare_generator, tabula

SIZE = 8
DIAG = [(1, 1), (-1, 1), (1, -1), (-1, -1)]
WHITE, BLACK = 0, 1
MAN, KING = "m", "k"
KING_PLIES = 40  # Brazilian: 20 moves by each player

# Published perft from the start. Brazilian: Rein Halbersma, damforum.nl "Perft for all recognized
# draughts variants" (2010).
PUBLISHED = {
    "brazilian": [7, 49, 302, 1469, 7473, 37628, 187302],
}


# Endgames with kings, to reach the draw rules (random games from the start end in a win).
ENDGAMES = [
    "W:WK29:BK4",
    "W:WK29,K30,24:BK3,K4,12",
    "B:WK29,K32:BK1,5",
    "W:WK13,22,23:BK9,K26",
    "W:W21,22,23,K1:B10,11,K28",
    "B:WK18:BK15",
]


def name(c) -> str:
    return "abcdefgh"[c[0]] + str(c[1] + 1)


def on_board(c) -> bool:
    return 0 <= c[0] < SIZE and 0 <= c[1] < SIZE


def far_row(player: int) -> int:
    return SIZE - 1 if player == WHITE else 0


class Position:
    variant = "brazilian"

    def __init__(self):
        # board[(file, rank)] = (player, MAN|KING), ranks and files from 0
        self.board = {}
        for r in range(SIZE):
            for f in range(SIZE):
                if (f + r) % 2 == 0:
                    if r < 3:
                        self.board[(f, r)] = (WHITE, MAN)
                    elif r >= SIZE - 3:
                        self.board[(f, r)] = (BLACK, MAN)
        self.to_move = WHITE
        self.king_plies = 0
        self.seen = {self.key(): 1}  # position (board, player to move) -> occurrences so far
        self.result = None
        self._moves = None

    @classmethod
    def from_fen(cls, fen: str) -> Position:
        """`W:WK29,30:BK4,12`: the player to move, then each player's squares, numbered 1 (b8)
        to 32 (g1) over the dark squares row by row from Black's side, a king's with K."""
        dark = [(f, r) for r in range(SIZE - 1, -1, -1) for f in range(SIZE) if (f + r) % 2 == 0]
        p = cls()
        p.board = {}
        fields = fen.split(":")
        p.to_move = WHITE if fields[0] == "W" else BLACK
        for field in fields[1:]:
            owner = WHITE if field[0] == "W" else BLACK
            for sq in filter(None, field[1:].split(",")):
                kind = KING if sq.startswith("K") else MAN
                p.board[dark[int(sq.lstrip("K")) - 1]] = (owner, kind)
        p.seen = {p.key(): 1}
        return p

    def key(self):
        return (frozenset(self.board.items()), self.to_move)

    def copy(self) -> Position:
        p = Position.__new__(Position)
        p.board, p.to_move, p.king_plies = dict(self.board), self.to_move, self.king_plies
        p.seen, p.result, p._moves = self.seen, None, None
        return p

    # ---- captures -------------------------------------------------------------------------
    def king_jumps(self, board, at, me, jumped):
        """Each (enemy square, [landings]) of one flying jump from `at`."""
        out = []
        for df, dr in DIAG:
            c = (at[0] + df, at[1] + dr)
            while on_board(c) and c not in board:
                c = (c[0] + df, c[1] + dr)
            if not on_board(c) or board[c][0] == me or c in jumped:
                continue
            lands = []
            l = (c[0] + df, c[1] + dr)
            while on_board(l) and l not in board:
                lands.append(l)
                l = (l[0] + df, l[1] + dr)
            if lands:
                out.append((c, lands))
        return out

    def man_jumps(self, board, at, me, jumped):
        out = []
        for df, dr in DIAG:
            over = (at[0] + df, at[1] + dr)
            land = (at[0] + 2 * df, at[1] + 2 * dr)
            if not on_board(land) or land in board or over not in board:
                continue
            if board[over][0] == me or over in jumped:
                continue
            out.append((over, [land]))
        return out

    def captures_from(self, start):
        """Every complete capture sequence of the piece on `start`: (landings, jumped, crowned)."""
        me, kind = self.board[start]
        board = dict(self.board)
        del board[start]  # the capturing piece has left its square
        results = []
        russian = self.variant == "russian"

        def jumps(at, k, jumped):
            return (self.king_jumps if k == KING else self.man_jumps)(board, at, me, jumped)

        def go(at, k, jumped, path):
            options = jumps(at, k, jumped)
            if not options:
                if path:
                    crowned = k == KING and kind == MAN
                    if not russian and k == MAN and at[1] == far_row(me):
                        crowned = True
                    results.append((path, jumped, crowned))
                return
            for over, lands in options:
                now = jumped | {over}
                nexts = []
                for land in lands:
                    nk = k
                    if russian and k == MAN and land[1] == far_row(me):
                        nk = KING  # crowned at once, goes on as a king
                    nexts.append((land, nk))
                if russian and k == KING or russian and any(nk == KING for _, nk in nexts):
                    # a king that can go on capturing must land where it can
                    going = [(l, nk) for l, nk in nexts if jumps(l, nk, now)]
                    if going:
                        nexts = going
                for land, nk in nexts:
                    go(land, nk, now, path + [land])

        go(start, kind, frozenset(), [])
        return results

    # ---- moves ----------------------------------------------------------------------------
    def moves(self):
        """(token, from, to, jumped, crowned) of every legal action."""
        if self._moves is not None:
            return self._moves
        me = self.to_move
        caps = []
        for sq, (o, _) in list(self.board.items()):
            if o == me:
                for path, jumped, crowned in self.captures_from(sq):
                    tok = name(sq) + "".join("x" + name(l) for l in path)
                    caps.append((tok, sq, path[-1], jumped, crowned))
        if caps:
            if self.variant == "brazilian":
                most = max(len(c[3]) for c in caps)
                caps = [c for c in caps if len(c[3]) == most]
            out = {c[0]: c for c in caps}
            self._moves = list(out.values())
            return self._moves
        out = []
        for sq, (o, k) in self.board.items():
            if o != me:
                continue
            for df, dr in DIAG:
                if k == MAN:
                    if (dr > 0) != (me == WHITE):
                        continue
                    t = (sq[0] + df, sq[1] + dr)
                    if on_board(t) and t not in self.board:
                        out.append((name(sq) + "-" + name(t), sq, t, frozenset(), t[1] == far_row(me)))
                else:
                    t = (sq[0] + df, sq[1] + dr)
                    while on_board(t) and t not in self.board:
                        out.append((name(sq) + "-" + name(t), sq, t, frozenset(), False))
                        t = (t[0] + df, t[1] + dr)
        self._moves = out
        return out

    def play(self, move, track=True) -> Position:
        _, a, b, jumped, crowned = move
        p = self.copy()
        o, k = p.board.pop(a)
        for j in jumped:
            del p.board[j]
        p.board[b] = (o, KING if crowned else k)
        p.to_move = 1 - self.to_move
        if jumped or k == MAN:
            p.king_plies = 0
        else:
            p.king_plies = self.king_plies + 1
        if track:
            p.seen = dict(self.seen)
            key = p.key()
            p.seen[key] = p.seen.get(key, 0) + 1
        return p

    # ---- the game's end (Brazilian) ---------------------------------------------------------
    def outcome(self):
        """None while the game goes on, else 'draw', 'white wins' or 'black wins'."""
        moves = self.moves()
        if self.variant == "brazilian" and moves:
            if self.king_plies >= KING_PLIES:
                return "draw"
            if self.seen.get(self.key(), 0) >= 3:
                return "draw"
        if self.variant == "brazilian" and self.seen.get(self.key(), 0) >= 3:
            return "draw"
        if not moves:
            return ("black" if self.to_move == WHITE else "white") + " wins"
        return None

    def tokens(self):
        if self.outcome() is not None:
            return []
        return sorted(m[0] for m in self.moves())

    def after(self, token: str) -> Position:
        return self.play(next(m for m in self.moves() if m[0] == token))


def perft(pos: Position, depth: int) -> int:
    moves = pos.moves()
    if depth == 1:
        return len(moves)
    return sum(perft(pos.play(m, track=False), depth - 1) for m in moves)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variant", choices=["brazilian", "russian"], default="brazilian")
    ap.add_argument("--depth", type=int, default=6)
    ap.add_argument("--tabula", help="a tabula binary to compare with (Brazilian only)")
    ap.add_argument("--games", type=int, default=30, help="random games compared with --tabula")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--fen-games", type=int, default=0,
                    help="more games from the endgame positions ENDGAMES in turn, mostly with moves that "
                    "leave no capture, to reach the draw rules")
    ap.add_argument("--game", help="the Tabula game name or file (default VARIANT-draughts)")
    args = ap.parse_args()
    Position.variant = args.variant
    game = args.game or args.variant + "-draughts"
    binary = args.tabula if args.variant == "brazilian" else None
    if args.tabula and not binary:
        print("no Tabula game file for", args.variant, "- perft only")
    # perft (and, with --tabula, tokens along random games) through the shared harness
    failures = compare_generator(binary, game, Position, perft, args.depth, 0, args.seed)
    published = PUBLISHED.get(args.variant, [])
    for d in range(1, min(args.depth, len(published)) + 1):
        mine = perft(Position(), d)
        if mine != published[d - 1]:
            print(f"perft({d}) = {mine}, published {published[d - 1]}  MISMATCH")
            failures += 1
    if published:
        print(f"published perft compared to depth {min(args.depth, len(published))}")
    if not binary:
        return 1 if failures else 0
    # random games: the legal tokens of every position and the outcome at the end
    rng = random.Random(args.seed)
    positions, outcomes = 0, {}
    starts = [None] * args.games + [ENDGAMES[i % len(ENDGAMES)] for i in range(args.fen_games)]
    for number, fen in enumerate(starts):
        pos, played = (Position.from_fen(fen) if fen else Position()), []
        where = ["--fen", fen] if fen else []
        while True:
            mine = pos.tokens()
            theirs = sorted(tabula(binary, "moves", game, *where, "--after", " ".join(played)).split())
            positions += 1
            if mine != theirs:
                print(f"game {number}: after {' '.join(played)!r}: mine {mine}, tabula {theirs}")
                failures += 1
                break
            if not mine:
                said = tabula(binary, "show", game, *where, "--after", " ".join(played))
                said = said.strip().splitlines()[-1]
                expect = pos.outcome()
                if expect not in said:
                    print(f"game {number}: outcome mine {expect!r}, tabula {said!r}")
                    failures += 1
                if expect == "draw":
                    expect += " (20 moves)" if pos.king_plies >= KING_PLIES else " (repetition)"
                outcomes[expect] = outcomes.get(expect, 0) + 1
                break
            if fen and rng.random() < 0.9:
                # from an endgame, mostly moves that leave the opponent no capture, so that the
                # kings shuffle long enough to reach the draw rules
                safe = [t for t in mine if not any(m[3] for m in pos.after(t).moves())]
                played.append(rng.choice(safe or mine))
            else:
                played.append(rng.choice(mine))
            pos = pos.after(played[-1])
    print(f"{len(starts)} random games, {positions} positions compared, outcomes {outcomes}, "
          f"{failures} mismatch(es)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
