#!/usr/bin/env python3
"""An independent move generator for Shatranj and Makruk, to cross-check `games/shatranj.toml` and
`games/makruk.toml`.

Written from the published rules (H. J. R. Murray's A History of Chess, the Chess Variants Pages
and the ICC's help page for shatranj; the Chess Variants Pages and Wikipedia for makruk), not from
Tabula's code. Both are chess on 8 x 8 without castling, double steps or en passant; a move may
not leave one's own king attacked.

* Shatranj: kings d1/d8, fers (Q) e1/e8 stepping one square diagonally, alfil (B) leaping two
  squares diagonally, pawns on ranks 2 and 7 stepping one square and becoming a fers on the last
  rank. A player without a legal move loses (checkmate or stalemate). Bare king: a lone king
  loses, unless it takes the enemy's last piece besides the king on its very next move (two bare
  kings draw); against two pieces or more besides the king it has lost at once. Engine rules:
  140 plies without a capture or pawn move, or the third occurrence of a position, draw.
* Makruk: white king d1, met (M) e1; black king e8, met d8; khon (S) stepping one square
  diagonally or straight forward; pawns on ranks 3 and 6, becoming a met on the sixth rank
  (rank 6 for white, 3 for black). Checkmate wins, stalemate draws, king against king draws, the
  third occurrence of a position draws; the counting rules are not modelled.

It prints perft from the start and, with --tabula, compares it with `tabula perft`, then plays
seeded random games and compares, at every position, the legal tokens with `tabula moves GAME
--after ...` and, at the end, the outcome with the last line of `tabula show`.

    python3 tools/crosscheck/shatranj.py --variant makruk --depth 4
    python3 tools/crosscheck/shatranj.py --variant both --depth 4 --tabula target/release/tabula --games 30

With --fairy (Fairy-Stockfish's Python binding, `pip install pyffish`, tested with 0.0.90), it
compares Tabula with Fairy-Stockfish instead: perft from the start, then the legal moves as
from-to pairs along seeded random games, up to the end either program sees; the ends are
tallied (Fairy-Stockfish's makruk ends games by its counting rules, which Tabula does not model,
and plays on at king against king, which Tabula draws).
Run it from the repository root (`tabula` reads ./games/).
"""

from __future__ import annotations

import argparse
import random
import sys

from harness import outcome_said, tabula

WHITE, BLACK = 0, 1
NAMES = ("white", "black")
KING_STEPS = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)]
DIAGONAL = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
ORTHOGONAL = [(1, 0), (-1, 0), (0, 1), (0, -1)]
KNIGHT = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]
ALFIL = [(2, 2), (2, -2), (-2, 2), (-2, -2)]

VARIANTS = {
    # back ranks from file a, white's then black's; the pawns' ranks (0-based); the rank a pawn
    # is promoted on; the kind it becomes
    "shatranj": dict(back=("RNBKQBNR", "RNBKQBNR"), pawns=(1, 6), promote=(7, 0), to="Q"),
    "makruk": dict(back=("RNSKMSNR", "RNSMKSNR"), pawns=(2, 5), promote=(5, 2), to="M"),
}


def name(sq) -> str:
    return "abcdefgh"[sq[0]] + str(sq[1] + 1)


def on_board(f: int, r: int) -> bool:
    return 0 <= f < 8 and 0 <= r < 8


class Position:
    variant = "shatranj"

    def __init__(self):
        v = VARIANTS[self.variant]
        self.board = {}  # (file, rank) -> (colour, kind)
        for f in range(8):
            self.board[(f, 0)] = (WHITE, v["back"][0][f])
            self.board[(f, 7)] = (BLACK, v["back"][1][f])
            self.board[(f, v["pawns"][0])] = (WHITE, "P")
            self.board[(f, v["pawns"][1])] = (BLACK, "P")
        self.to_move = WHITE
        self.quiet = 0  # plies since a capture or a pawn move (shatranj's move rule)
        self.seen = {self.key(): 1}

    def key(self):
        return (frozenset(self.board.items()), self.to_move)

    def copy(self) -> Position:
        p = Position.__new__(type(self))
        p.board, p.to_move, p.quiet, p.seen = dict(self.board), self.to_move, self.quiet, self.seen
        return p

    # --- the moves of each piece, ignoring check -------------------------------------------
    def targets(self, sq, colour, kind):
        """(to, promotes) for each square the piece on `sq` may move to, ignoring check."""
        f, r = sq
        fwd = 1 if colour == WHITE else -1
        out = []

        def leap(steps):
            for df, dr in steps:
                t = (f + df, r + dr)
                if on_board(*t) and self.board.get(t, (None,))[0] != colour:
                    out.append(t)

        if kind == "K":
            leap(KING_STEPS)
        elif kind in ("Q", "M"):  # fers, met
            leap(DIAGONAL)
        elif kind == "B":  # alfil
            leap(ALFIL)
        elif kind == "S":  # khon
            leap(DIAGONAL + [(0, fwd)])
        elif kind == "N":
            leap(KNIGHT)
        elif kind == "R":
            for df, dr in ORTHOGONAL:
                t = (f + df, r + dr)
                while on_board(*t):
                    there = self.board.get(t)
                    if there is None:
                        out.append(t)
                    else:
                        if there[0] != colour:
                            out.append(t)
                        break
                    t = (t[0] + df, t[1] + dr)
        elif kind == "P":
            t = (f, r + fwd)
            if on_board(*t) and t not in self.board:
                out.append(t)
            for df in (-1, 1):
                t = (f + df, r + fwd)
                if on_board(*t) and self.board.get(t, (colour,))[0] != colour:
                    out.append(t)
        return out

    def attacked(self, sq, by) -> bool:
        for s, (c, k) in self.board.items():
            if c != by:
                continue
            if k == "P":
                fwd = 1 if c == WHITE else -1
                if sq[1] == s[1] + fwd and abs(sq[0] - s[0]) == 1:
                    return True
            elif sq in self.targets(s, c, k):
                return True
        return False

    def king(self, colour):
        return next(s for s, (c, k) in self.board.items() if c == colour and k == "K")

    def count(self, colour) -> int:
        return sum(1 for c, _ in self.board.values() if c == colour)

    # --- moves ------------------------------------------------------------------------------
    def legal(self):
        v = VARIANTS[self.variant]
        me = self.to_move
        out = []
        for s, (c, k) in list(self.board.items()):
            if c != me:
                continue
            for t in self.targets(s, c, k):
                capture = t in self.board
                kind = k
                if k == "P" and t[1] == v["promote"][me]:
                    kind = v["to"]
                p = self.copy()
                del p.board[s]
                p.board[t] = (me, kind)
                if p.attacked(p.king(me), 1 - me):
                    continue
                p.to_move = 1 - me
                p.quiet = 0 if capture or k == "P" else self.quiet + 1
                out.append((name(s) + ("x" if capture else "-") + name(t), p))
        return out

    def outcome(self, moves=None):
        """None while the game goes on, else 'white wins', 'black wins' or 'draw'."""
        me, other = self.to_move, 1 - self.to_move
        mine, theirs = self.count(me), self.count(other)
        if self.variant == "shatranj":
            # bare king
            if mine == 1 and theirs == 1:
                return "draw"
            if theirs == 1:
                return NAMES[me] + " wins"
            if mine == 1 and theirs >= 3:
                return NAMES[other] + " wins"
            if self.quiet >= 140:
                return "draw"
            if self.seen[self.key()] >= 3:
                return "draw"
            if moves is None:
                moves = self.legal()
            if not moves:
                return NAMES[other] + " wins"  # checkmate or stalemate
            return None
        # makruk
        if mine + theirs == 2:
            return "draw"
        if self.seen[self.key()] >= 3:
            return "draw"
        if moves is None:
            moves = self.legal()
        if not moves:
            return NAMES[other] + " wins" if self.attacked(self.king(me), other) else "draw"
        return None

    def moves(self):
        moves = self.legal()
        return [] if self.outcome(moves) else moves

    def tokens(self):
        return sorted(t for t, _ in self.moves())

    def after(self, token: str) -> Position:
        p = next(q for t, q in self.moves() if t == token)
        p.seen = dict(self.seen)
        p.seen[p.key()] = p.seen.get(p.key(), 0) + 1
        return p


def perft(pos: Position, depth: int) -> int:
    if depth == 0:
        return 1
    moves = pos.moves()
    if depth == 1:
        return len(moves)
    total = 0
    for _, p in moves:
        p.seen = dict(pos.seen)
        p.seen[p.key()] = p.seen.get(p.key(), 0) + 1
        total += perft(p, depth - 1)
    return total


def compare(variant, binary, game, depth, games, seed, max_plies) -> int:
    cls = type(variant.capitalize(), (Position,), {"variant": variant})
    failures = 0
    print(f"== {variant} ({game})")
    for d in range(1, depth + 1):
        mine = perft(cls(), d)
        line = f"perft({d}) = {mine}"
        if binary:
            theirs = int(tabula(binary, "perft", game, "--depth", str(d)).strip().splitlines()[-1])
            line += f", tabula {theirs}" + ("" if theirs == mine else "  MISMATCH")
            failures += theirs != mine
        print(line, flush=True)
    if not binary:
        return failures
    rng = random.Random(f"{seed}-{variant}")
    positions, outcomes, cut = 0, {}, 0
    for number in range(games):
        pos, played = cls(), []
        while True:
            mine = pos.tokens()
            theirs = sorted(tabula(binary, "moves", game, "--after", " ".join(played)).split())
            positions += 1
            if mine != theirs:
                print(f"game {number}: after {' '.join(played)!r}: mine {mine}, tabula {theirs}")
                failures += 1
                break
            if not mine:
                said = outcome_said(binary, game, played)
                want = f"game over: {pos.outcome()}"
                outcomes[pos.outcome()] = outcomes.get(pos.outcome(), 0) + 1
                if said != want:
                    print(f"game {number}: after {' '.join(played)!r}: outcome mine {want!r}, tabula {said!r}")
                    failures += 1
                break
            if len(played) >= max_plies:
                cut += 1
                break
            played.append(rng.choice(mine))
            pos = pos.after(played[-1])
    seen = ", ".join(f"{k} {v}" for k, v in sorted(outcomes.items()))
    print(f"{games} random games, {positions} positions compared, outcomes: {seen}"
          f"{f', {cut} cut at {max_plies} plies' if cut else ''}; {failures} mismatch(es)", flush=True)
    return failures


def compare_fairy(variant, binary, game, depth, games, seed) -> int:
    import pyffish as sf  # only for --fairy

    start = sf.start_fen(variant)

    def fperft(fen, d):
        moves = sf.legal_moves(variant, fen, [])
        if d == 1:
            return len(moves)
        return sum(fperft(sf.get_fen(variant, fen, [m]), d - 1) for m in moves)

    failures = 0
    print(f"== {variant} ({game}) against Fairy-Stockfish {'.'.join(map(str, sf.version()))}")
    for d in range(1, depth + 1):
        mine = fperft(start, d)
        theirs = int(tabula(binary, "perft", game, "--depth", str(d)).strip().splitlines()[-1])
        print(f"perft({d}) = {mine}, tabula {theirs}" + ("" if theirs == mine else "  MISMATCH"), flush=True)
        failures += theirs != mine
    rng = random.Random(f"{seed}-{variant}")
    positions, ends = 0, {}
    for number in range(games):
        played, uci = [], []
        while True:
            ffish = sf.legal_moves(variant, start, uci)
            mine = sorted(m[:4] for m in ffish)  # from-to; the promotion letter dropped
            tokens = tabula(binary, "moves", game, "--after", " ".join(played)).split()
            theirs = sorted(t.replace("x", "").replace("-", "") for t in tokens)
            positions += 1
            over, value = sf.is_immediate_game_end(variant, start, uci)
            optional, _ = sf.is_optional_game_end(variant, start, uci)
            if over or optional or not mine or not theirs:
                said = outcome_said(binary, game, played)
                if over or not mine:  # a decided end: the same result in both
                    value = value if over else sf.game_result(variant, start, uci)
                    to_move = len(uci) % 2  # the mover's view; white first in both
                    want = "draw" if value == 0 else NAMES[to_move if value > 0 else 1 - to_move] + " wins"
                    if said != f"game over: {want}":
                        failures += 1
                        print(f"game {number}: after {' '.join(played)!r}: Fairy-Stockfish {want}, tabula {said!r}")
                if not mine and theirs:
                    failures += 1
                    print(f"game {number}: after {' '.join(played)!r}: no Fairy-Stockfish move, tabula {tokens}")
                kind = ("Fairy-Stockfish ends (immediate)" if over else
                        "Fairy-Stockfish ends (optional: counting, move rule or repetition)" if optional else
                        "Fairy-Stockfish has no move" if not mine else
                        f"only Tabula ends, at {sf.get_fen(variant, start, uci).split()[0]}"
                        if said.startswith("game over") else "?")
                key = f"{kind}; tabula: {said if said.startswith('game over') else 'plays on'}"
                ends[key] = ends.get(key, 0) + 1
                break
            if mine != theirs:
                print(f"game {number}: after {' '.join(played)!r}: Fairy-Stockfish {mine}, tabula {theirs}")
                failures += 1
                break
            played.append(rng.choice(sorted(tokens)))
            step = played[-1].replace("x", "").replace("-", "")
            uci.append(next(m for m in ffish if m[:4] == step))
    print(f"{games} random games, {positions} positions compared, {failures} mismatch(es); ends:")
    for key, n in sorted(ends.items()):
        print(f"  {n} x {key}")
    return failures


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variant", choices=["shatranj", "makruk", "both"], default="both")
    ap.add_argument("--depth", type=int, default=4)
    ap.add_argument("--tabula", help="a tabula binary to compare with")
    ap.add_argument("--games", type=int, default=30, help="random games compared with --tabula")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-plies", type=int, default=2000, help="stop comparing a game after this many plies")
    ap.add_argument("--file", help="another game file to compare (one variant only), e.g. a broken copy")
    ap.add_argument("--fairy", action="store_true", help="compare Tabula with Fairy-Stockfish (pyffish) instead")
    args = ap.parse_args()
    variants = ["shatranj", "makruk"] if args.variant == "both" else [args.variant]
    failures = 0
    for v in variants:
        game = args.file if args.file else v
        if args.fairy:
            failures += compare_fairy(v, args.tabula, game, args.depth, args.games, args.seed)
        else:
            failures += compare(v, args.tabula, game, args.depth, args.games, args.seed, args.max_plies)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
