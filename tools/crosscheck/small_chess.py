#!/usr/bin/env python3
"""An independent move generator for the four small king-capture chess games of Regular Boardgames.

Written from the rules of Regular Boardgames (https://github.com/marekesz/rbgGames) games/
chessGardner5x5_kingCapture.rbg, chessLosAlamos6x6_kingCapture.rbg, chessQuick5x6_kingCapture.rbg
and chessSilverman4x5_kingCapture.rbg, not from Tabula's code, to cross-check
games/gardner-chess.toml, games/los-alamos-chess.toml, games/quick-chess.toml and
games/silverman-chess.toml (`--variant gardner|los-alamos|quick|silverman`).

What the four share: chess moves, no check (a move may leave one's own king attacked), the game
won by capturing the enemy king (tested right after each move), drawn once 40 plies pass without
a capture or a pawn move (RBG's `stagnation` counter, bounded by 40), and drawn when the player
to move has no move. A pawn moves one square forward onto an empty square and captures one square
diagonally forward; on the last rank it becomes a piece of its player's choice. What differs:

* gardner (5 x 5, RNBQK): promotion to queen, rook, bishop or knight; a pawn standing where two
  steps backwards would leave the board (its own second rank) may move two squares over empty
  squares, and the enemy pawn beside its landing square may take it en passant on the next move
  only; castling with the unmoved king and an unmoved rook three squares to its right (king two
  right, rook beside it on the other side) or four to its left (three empty squares between;
  king two left, rook onto the square the king crossed), attacks ignored.
* los-alamos (6 x 6, RNQKNR): promotion to queen, rook or knight.
* quick (5 x 6 -- 5 files, 6 ranks -- RBQKN): promotion only to a kind (knight, bishop, rook,
  queen) of which the player has no piece on the board; with none missing, the pawn cannot move
  onto the last rank at all.
* silverman (4 x 5, RQKR): promotion to queen or rook.

It prints perft from the start, and with --tabula compares it with `tabula perft GAME`, then the
legal tokens at every position of seeded random games with `tabula moves GAME --after ...`, and
the outcome at each game's end with `tabula show GAME --after ...`.

    python3 tools/crosscheck/small_chess.py --variant gardner --depth 4
    python3 tools/crosscheck/small_chess.py --variant quick --depth 4 --tabula /path/to/tabula --games 20
"""

from __future__ import annotations

import argparse
import random
import sys

from harness import outcome_said, perft, tabula

WHITE, BLACK = 0, 1
LETTER = {"pawn": "P", "knight": "N", "bishop": "B", "rook": "R", "queen": "Q", "king": "K"}
KIND_OF = {v: k for k, v in LETTER.items()}

VARIANTS = {
    # name: (tabula game, files, ranks, white's back rank from file a, promotion kinds,
    #        promotion only to missing kinds, two-square step + en passant + castling)
    "gardner": ("gardner-chess", 5, 5, "RNBQK", "QRBN", False, True),
    "los-alamos": ("los-alamos-chess", 6, 6, "RNQKNR", "QRN", False, False),
    "quick": ("quick-chess", 5, 6, "RBQKN", "QRBN", True, False),
    "silverman": ("silverman-chess", 4, 5, "RQKR", "QR", False, False),
}

ORTHO = [(0, 1), (0, -1), (1, 0), (-1, 0)]
DIAG = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
KNIGHT = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]
STAGNATION_BOUND = 40


class Rules:
    def __init__(self, variant: str):
        (self.game, self.files, self.ranks, self.back, promo, self.missing_only,
         self.full_chess) = VARIANTS[variant]
        self.promo = [KIND_OF[c] for c in promo]

    def on(self, f: int, r: int) -> bool:
        return 0 <= f < self.files and 0 <= r < self.ranks

    def name(self, f: int, r: int) -> str:
        return "abcdefghij"[f] + str(r + 1)


class Position:
    """board[(f, r)] = [colour, kind, unmoved_rook]; `moved_king[c]` as RBG's xKingMoved;
    `double` is the landing square of a two-square pawn move just made (RBG's pawnDoubleMove with
    the position where the last move ended)."""

    def __init__(self, rules: Rules):
        self.rules = rules
        self.board = {}
        top = rules.ranks - 1
        for f, c in enumerate(rules.back):
            kind = KIND_OF[c]
            rook_unmoved = kind == "rook" and rules.full_chess
            self.board[(f, 0)] = (WHITE, kind, rook_unmoved)
            self.board[(f, top)] = (BLACK, kind, rook_unmoved)
            self.board[(f, 1)] = (WHITE, "pawn", False)
            self.board[(f, top - 1)] = (BLACK, "pawn", False)
        self.to_move = WHITE
        self.moved_king = [False, False]
        self.double = None
        self.stagnation = 0

    def copy(self) -> Position:
        p = Position.__new__(Position)
        p.rules, p.board, p.to_move = self.rules, dict(self.board), self.to_move
        p.moved_king, p.double, p.stagnation = list(self.moved_king), self.double, self.stagnation
        return p

    # --- the end of the game ---------------------------------------------------------------

    def outcome(self):
        """None while the game goes on, else "white wins", "black wins" or "draw"."""
        me = self.to_move
        if not any(p[0] == me and p[1] == "king" for p in self.board.values()):
            return ("black" if me == WHITE else "white") + " wins"
        if self.stagnation >= STAGNATION_BOUND:
            return "draw"  # RBG: [$ stagnation = stagnation + 1] exceeds the bound: no move
        if not self.pseudo_moves():
            return "draw"  # no legal move: the game ends with the scores 50 : 50
        return None

    # --- moves ---------------------------------------------------------------------------------

    def pseudo_moves(self):
        """Moves as (token, changes, resets_stagnation, double_landing, king_moves):
        `changes` maps squares to their new contents (None: empty)."""
        R = self.rules
        me = self.to_move
        fwd = 1 if me == WHITE else -1
        out = []
        b = self.board

        def land(frm, to, piece):
            there = b.get(to)
            if there is None:
                out.append((R.name(*frm) + "-" + R.name(*to), {frm: None, to: piece}, False, None, piece[1] == "king"))
            elif there[0] != me:
                out.append((R.name(*frm) + "x" + R.name(*to), {frm: None, to: piece}, True, None, piece[1] == "king"))

        for (f, r), (colour, kind, unmoved) in list(b.items()):
            if colour != me:
                continue
            frm = (f, r)
            if kind == "pawn":
                self.pawn_moves(frm, fwd, out)
                continue
            moved_piece = (me, kind, False)  # a rook that moves is RBG's RookMoved
            if kind == "knight":
                for df, dr in KNIGHT:
                    t = (f + df, r + dr)
                    if R.on(*t):
                        land(frm, t, moved_piece)
            elif kind == "king":
                for df, dr in ORTHO + DIAG:
                    t = (f + df, r + dr)
                    if R.on(*t):
                        land(frm, t, moved_piece)
                if R.full_chess and not self.moved_king[me]:
                    self.castlings(frm, out)
            else:
                dirs = {"bishop": DIAG, "rook": ORTHO, "queen": ORTHO + DIAG}[kind]
                for df, dr in dirs:
                    t = (f + df, r + dr)
                    while R.on(*t):
                        land(frm, t, moved_piece)
                        if t in b:
                            break
                        t = (t[0] + df, t[1] + dr)
        if R.full_chess and self.double is not None:
            self.en_passant(fwd, out)
        return out

    def promotions(self, me):
        R = self.rules
        if not R.missing_only:
            return R.promo
        have = {p[1] for p in self.board.values() if p[0] == me}
        return [k for k in R.promo if k not in have]

    def pawn_moves(self, frm, fwd, out):
        R = self.rules
        b = self.board
        me = self.to_move
        f, r = frm
        t = (f, r + fwd)
        targets = []
        if R.on(*t) and t not in b:
            targets.append((t, "-"))
        for df in (-1, 1):
            c = (f + df, r + fwd)
            if R.on(*c) and c in b and b[c][0] != me:
                targets.append((c, "x"))
        for t, sep in targets:
            base = R.name(*frm) + sep + R.name(*t)
            if R.on(t[0], t[1] + fwd):
                out.append((base, {frm: None, t: (me, "pawn", False)}, True, None, False))
            else:
                for k in self.promotions(me):
                    out.append((base + "=" + LETTER[k], {frm: None, t: (me, k, False)}, True, None, False))
        # Two squares: `{! backward^2}`, both squares ahead empty; never a promotion.
        if R.full_chess and not R.on(f, r - 2 * fwd):
            one, two = (f, r + fwd), (f, r + 2 * fwd)
            if R.on(*two) and one not in b and two not in b:
                out.append((R.name(*frm) + "-" + R.name(*two),
                            {frm: None, two: (me, "pawn", False)}, True, two, False))

    def en_passant(self, fwd, out):
        R = self.rules
        b = self.board
        me = self.to_move
        d = self.double  # the enemy pawn that has just moved two squares
        for df in (1, -1):
            s = (d[0] + df, d[1])
            if R.on(*s) and b.get(s) == (me, "pawn", False):
                t = (d[0], d[1] + fwd)
                out.append((R.name(*s) + "-" + R.name(*t),
                            {s: None, d: None, t: (me, "pawn", False)}, True, None, False))

    def castlings(self, k, out):
        R = self.rules
        b = self.board
        me = self.to_move
        f, r = k

        def rook_at(sq):
            return R.on(*sq) and b.get(sq) == (me, "rook", True)

        # right: two empty squares, the king on the second, an unmoved rook on the third
        e1, e2, e3 = (f + 1, r), (f + 2, r), (f + 3, r)
        if R.on(*e2) and e1 not in b and e2 not in b and rook_at(e3):
            out.append((R.name(*k) + "-" + R.name(*e2),
                        {k: None, e2: (me, "king", False), e3: None, e1: (me, "rook", False)}, False, None, True))
        # left: three empty squares, the king on the second, an unmoved rook on the fourth
        w1, w2, w3, w4 = (f - 1, r), (f - 2, r), (f - 3, r), (f - 4, r)
        if R.on(*w3) and w1 not in b and w2 not in b and w3 not in b and rook_at(w4):
            out.append((R.name(*k) + "-" + R.name(*w2),
                        {k: None, w2: (me, "king", False), w4: None, w1: (me, "rook", False)}, False, None, True))

    def moves(self):
        if self.outcome() is not None:
            return []
        return self.pseudo_moves()

    def play(self, move) -> Position:
        _, changes, resets, double, king_moves = move
        p = self.copy()
        for sq, piece in changes.items():
            if piece is None:
                p.board.pop(sq, None)
            else:
                p.board[sq] = piece
        p.stagnation = 0 if resets else self.stagnation + 1
        p.double = double
        if king_moves:
            p.moved_king[self.to_move] = True
        p.to_move = 1 - self.to_move
        return p

    def tokens(self):
        return sorted(m[0] for m in self.moves())

    def after(self, token: str) -> Position:
        return self.play(next(m for m in self.moves() if m[0] == token))


def kind_of_move(pos: Position, token: str):
    """The rule a token played in `pos` exercises, if it is one worth counting."""
    frm = ("abcdefghij".index(token[0]), int(token[1:].split("-")[0].split("x")[0]) - 1)
    to_name = token.replace("x", "-").split("-")[1].split("=")[0]
    to = ("abcdefghij".index(to_name[0]), int(to_name[1:]) - 1)
    kind = pos.board[frm][1]
    if "=" in token:
        return "promotion"
    if kind == "king" and abs(to[0] - frm[0]) == 2:
        return "castling"
    if kind == "pawn" and abs(to[1] - frm[1]) == 2:
        return "two-square step"
    if kind == "pawn" and to[0] != frm[0] and to not in pos.board:
        return "en passant"
    if "x" in token and pos.board[to][1] == "king":
        return "king capture"
    return None


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variant", choices=sorted(VARIANTS), required=True)
    ap.add_argument("--depth", type=int, default=4)
    ap.add_argument("--tabula", help="a tabula binary to compare with")
    ap.add_argument("--game", help="the Tabula game (name or file) to compare with; default the variant's")
    ap.add_argument("--games", type=int, default=20, help="random games compared with --tabula")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rules = Rules(args.variant)
    game = args.game or rules.game
    failures = 0
    for d in range(1, args.depth + 1):
        mine = perft(Position(rules), d)
        line = f"perft({d}) = {mine}"
        if args.tabula:
            theirs = int(tabula(args.tabula, "perft", game, "--depth", str(d)).strip().splitlines()[-1])
            line += f", tabula {theirs}" + ("" if theirs == mine else "  MISMATCH")
            failures += theirs != mine
        print(line, flush=True)
    if not args.tabula:
        return 1 if failures else 0
    rng = random.Random(args.seed)
    positions = 0
    ends = {}
    seen = {}
    for number in range(args.games):
        pos, played = Position(rules), []
        while True:
            mine = pos.tokens()
            theirs = sorted(tabula(args.tabula, "moves", game, "--after", " ".join(played)).split())
            positions += 1
            if mine != theirs:
                print(f"game {number}: after {' '.join(played)!r}: mine {mine}, tabula {theirs}")
                failures += 1
                break
            if not mine:
                said = outcome_said(args.tabula, game, played)
                expected = "game over: " + pos.outcome()
                if said != expected:
                    print(f"game {number}: after {' '.join(played)!r}: mine {expected!r}, tabula {said!r}")
                    failures += 1
                why = pos.outcome()
                if why == "draw":
                    why += " (40 quiet plies)" if pos.stagnation >= STAGNATION_BOUND else " (no move)"
                ends[why] = ends.get(why, 0) + 1
                break
            played.append(rng.choice(mine))
            special = kind_of_move(pos, played[-1])
            if special:
                seen[special] = seen.get(special, 0) + 1
            pos = pos.after(played[-1])
    print(f"{args.games} random games, {positions} positions compared, {failures} mismatch(es); "
          f"ends: {', '.join(f'{k} {v}' for k, v in sorted(ends.items()))}; "
          f"special moves played: {', '.join(f'{k} {v}' for k, v in sorted(seen.items())) or 'none'}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
