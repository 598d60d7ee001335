#!/usr/bin/env python3
"""An independent move generator for Janggi (Korean chess), to cross-check `games/janggi.toml`.

Written from the published rules (the Korean Janggi Association's, as summarised on Wikipedia,
"Janggi", and on the Chess Variants Pages), not from Tabula's code:

* a 9 x 10 board of points without a river; each palace (d1-f3, d8-f10) has its two diagonals
  through the centre as lines, besides the orthogonal grid;
* the general and the guards step one point along a line of their own palace and never leave it;
* the horse moves one point orthogonally then one diagonally outward, the elephant one point
  orthogonally then two diagonally outward; a piece on any point passed blocks them;
* the chariot slides orthogonally, or along a palace diagonal;
* the cannon moves and captures only over exactly one piece (the screen), orthogonally or along a
  palace diagonal; the screen may not be a cannon, and a cannon never captures a cannon;
* a soldier steps forward or sideways, and inside a palace also diagonally forward along its lines;
* a move may not leave one's own general attacked; a checkmated player loses.

The choices of `games/janggi.toml` (not the published rules): one fixed set-up (horses b/h,
elephants c/g, the generals on e2 and e9), no voluntary pass (a player with no move who is not in
check passes; two passes in a row draw), no bikjang and no point count; a draw after 100 plies
without a capture, at the third occurrence of a position, and when neither side has a piece
besides its general and guards.

It prints perft from the start and, with --tabula, compares it with `tabula perft`, then plays
seeded random games and compares, at every position, the legal tokens with `tabula moves janggi
--after ...` and, at the end, the outcome with the last line of `tabula show`.

    python3 tools/crosscheck/janggi.py --depth 4 --tabula target/release/tabula --games 30

With --fairy (Fairy-Stockfish's Python binding, `pip install pyffish`, tested with 0.0.90), it
compares Tabula with Fairy-Stockfish's variant `janggicasual` instead (the same set-up, no bikjang,
no point count): perft from the start and the legal moves along seeded random games, as from-to
pairs, with Fairy-Stockfish's pass (the general moving to its own point) left out except where it
is the only move; the ends are tallied. Run it from the repository root (`tabula` reads ./games/).
"""

from __future__ import annotations

import argparse
import random
import re
import sys

from harness import outcome_said, tabula

CHO, HAN = 0, 1
NAMES = ("cho", "han")
ALL8 = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)]
# (target, legs): one point orthogonally, then one (horse) or two (elephant) diagonally outward
HORSE, ELEPHANT = [], []
for (ox, oy) in [(1, 0), (-1, 0), (0, 1), (0, -1)]:
    for side in (1, -1):
        dx, dy = (ox or side), (oy or side)  # the outward diagonal
        HORSE.append(((ox + dx, oy + dy), [(ox, oy)]))
        ELEPHANT.append(((ox + 2 * dx, oy + 2 * dy), [(ox, oy), (ox + dx, oy + dy)]))
# The palace diagonals: d1-e2-f3, f1-e2-d3, d8-e9-f10, f8-e9-d10 (0-based file, rank).
DIAGONAL_LINKS = set()
for cr in (1, 8):
    for dx, dy in [(1, 1), (1, -1), (-1, 1), (-1, -1)]:
        DIAGONAL_LINKS.add(frozenset([(4, cr), (4 + dx, cr + dy)]))
PALACE = {CHO: {(f, r) for f in (3, 4, 5) for r in (0, 1, 2)},
          HAN: {(f, r) for f in (3, 4, 5) for r in (7, 8, 9)}}
BACK = "RNBA.ABNR"


def name(sq) -> str:
    return "abcdefghi"[sq[0]] + str(sq[1] + 1)


def on_board(sq) -> bool:
    return 0 <= sq[0] < 9 and 0 <= sq[1] < 10


def linked(a, b) -> bool:
    """A step from a to b follows a line of the board."""
    if a[0] == b[0] or a[1] == b[1]:
        return True
    return frozenset([a, b]) in DIAGONAL_LINKS


class Position:
    def __init__(self):
        self.board = {}  # (file, rank) -> (colour, kind)
        for f, k in enumerate(BACK):
            if k != ".":
                self.board[(f, 0)] = (CHO, k)
                self.board[(f, 9)] = (HAN, k)
        self.board[(4, 1)] = (CHO, "K")
        self.board[(4, 8)] = (HAN, "K")
        for f in (1, 7):
            self.board[(f, 2)] = (CHO, "C")
            self.board[(f, 7)] = (HAN, "C")
        for f in (0, 2, 4, 6, 8):
            self.board[(f, 3)] = (CHO, "P")
            self.board[(f, 6)] = (HAN, "P")
        self.to_move = CHO
        self.quiet = 0  # plies since a capture
        self.passes = 0  # passes in a row
        self.seen = {self.key(): 1}

    def key(self):
        return (frozenset(self.board.items()), self.to_move)

    def copy(self) -> Position:
        p = Position.__new__(Position)
        p.board, p.to_move, p.quiet, p.passes, p.seen = (
            dict(self.board), self.to_move, self.quiet, self.passes, self.seen)
        return p

    def targets(self, sq, colour, kind):
        """Each point the piece on `sq` may move to, ignoring check."""
        f, r = sq
        out = []

        def free_for_me(t):
            return on_board(t) and self.board.get(t, (None,))[0] != colour

        if kind in ("K", "A"):
            for df, dr in ALL8:
                t = (f + df, r + dr)
                if t in PALACE[colour] and linked(sq, t) and free_for_me(t):
                    out.append(t)
        elif kind in ("N", "B"):
            for (df, dr), legs in (HORSE if kind == "N" else ELEPHANT):
                t = (f + df, r + dr)
                if free_for_me(t) and all((f + lf, r + lr) not in self.board for lf, lr in legs):
                    out.append(t)
        elif kind == "R":
            for df, dr in ALL8:
                a, t = sq, (f + df, r + dr)
                while on_board(t) and linked(a, t):
                    there = self.board.get(t)
                    if there is None:
                        out.append(t)
                    else:
                        if there[0] != colour:
                            out.append(t)
                        break
                    a, t = t, (t[0] + df, t[1] + dr)
        elif kind == "C":
            for df, dr in ALL8:
                a, t = sq, (f + df, r + dr)
                screen = None
                while on_board(t) and linked(a, t):
                    there = self.board.get(t)
                    if screen is None:
                        if there is not None:
                            if there[1] == "C":
                                break  # a cannon is never a screen
                            screen = t
                    elif there is None:
                        out.append(t)
                    else:
                        if there[0] != colour and there[1] != "C":
                            out.append(t)
                        break
                    a, t = t, (t[0] + df, t[1] + dr)
        elif kind == "P":
            fwd = 1 if colour == CHO else -1
            for df, dr in [(0, fwd), (1, 0), (-1, 0), (1, fwd), (-1, fwd)]:
                t = (f + df, r + dr)
                if free_for_me(t) and linked(sq, t):
                    out.append(t)
        return out

    def attacked(self, sq, by) -> bool:
        for s, (c, k) in self.board.items():
            if c != by:
                continue
            dx, dy = abs(s[0] - sq[0]), abs(s[1] - sq[1])
            # pieces too far away or off the lines to reach sq are not asked
            if k in ("K", "A", "P") and max(dx, dy) > 1:
                continue
            if k == "N" and sorted((dx, dy)) != [1, 2]:
                continue
            if k == "B" and sorted((dx, dy)) != [2, 3]:
                continue
            if k in ("R", "C") and dx and dy and not (dx == dy and dx <= 2 and 3 <= sq[0] <= 5
                                                      and 3 <= s[0] <= 5):
                continue
            if sq in self.targets(s, c, k):
                return True
        return False

    def general(self, colour):
        return next(s for s, (c, k) in self.board.items() if c == colour and k == "K")

    def legal(self):
        me = self.to_move
        out = []
        for s, (c, k) in list(self.board.items()):
            if c != me:
                continue
            for t in self.targets(s, c, k):
                capture = t in self.board
                p = self.copy()
                del p.board[s]
                p.board[t] = (me, k)
                if p.attacked(p.general(me), 1 - me):
                    continue
                p.to_move = 1 - me
                p.quiet = 0 if capture else self.quiet + 1
                p.passes = 0
                out.append((name(s) + ("x" if capture else "-") + name(t), p))
        return out

    def in_check(self) -> bool:
        return self.attacked(self.general(self.to_move), 1 - self.to_move)

    def ended(self):
        """The end tests before any move: 'draw' or None."""
        if self.passes >= 2 or self.quiet >= 100 or self.seen[self.key()] >= 3:
            return "draw"
        if all(k in ("K", "A") for _, k in self.board.values()):
            return "draw"
        return None

    def outcome(self):
        """None while the game goes on, else 'cho wins', 'han wins' or 'draw'."""
        end = self.ended()
        if end:
            return end
        if not self.legal() and self.in_check():
            return NAMES[1 - self.to_move] + " wins"
        return None

    def moves(self):
        """(token, position after) for each legal action; a lone pass when stalemated."""
        if self.ended():
            return []
        moves = self.legal()
        if moves:
            return moves
        if self.in_check():
            return []
        p = self.copy()
        p.to_move, p.quiet, p.passes = 1 - self.to_move, self.quiet + 1, self.passes + 1
        return [("pass", p)]

    def tokens(self):
        return sorted(t for t, _ in self.moves())

    def after(self, token: str) -> Position:
        p = next(q for t, q in self.moves() if t == token)
        p.seen = dict(self.seen)
        p.seen[p.key()] = p.seen.get(p.key(), 0) + 1
        return p


def perft(pos: Position, depth: int) -> int:
    moves = pos.moves()
    if depth == 1:
        return len(moves)
    total = 0
    for _, p in moves:
        p.seen = dict(pos.seen)
        p.seen[p.key()] = p.seen.get(p.key(), 0) + 1
        total += perft(p, depth - 1)
    return total


def tabula_perft(binary, game, d) -> int:
    return int(tabula(binary, "perft", game, "--depth", str(d)).strip().splitlines()[-1])


def compare(binary, game, depth, games, seed, max_plies) -> int:
    failures = 0
    for d in range(1, depth + 1):
        mine = perft(Position(), d)
        line = f"perft({d}) = {mine}"
        if binary:
            theirs = tabula_perft(binary, game, d)
            line += f", tabula {theirs}" + ("" if theirs == mine else "  MISMATCH")
            failures += theirs != mine
        print(line, flush=True)
    if not binary:
        return failures
    rng = random.Random(f"{seed}-janggi")
    positions, outcomes, cut = 0, {}, 0
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
            if not mine:
                result = pos.outcome()
                said = outcome_said(binary, game, played)
                outcomes[result] = outcomes.get(result, 0) + 1
                if said != f"game over: {result}":
                    print(f"game {number}: after {' '.join(played)!r}: outcome mine {result!r}, tabula {said!r}")
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


UCI = re.compile(r"([a-i])(\d+)([a-i])(\d+)")


def is_pass(move: str) -> bool:
    m = UCI.match(move)
    return m.group(1, 2) == m.group(3, 4)


def compare_fairy(binary, game, depth, games, seed) -> int:
    import pyffish as sf  # only for --fairy

    variant = "janggicasual"
    start = sf.start_fen(variant)

    def fmoves(fen, uci):
        """Fairy-Stockfish's moves without its pass, unless the pass is the only move."""
        moves = sf.legal_moves(variant, fen, uci)
        real = [m for m in moves if not is_pass(m)]
        return real if real or not moves else moves

    def fperft(fen, d):
        moves = fmoves(fen, [])
        if d == 1:
            return len(moves)
        return sum(fperft(sf.get_fen(variant, fen, [m]), d - 1) for m in moves)

    failures = 0
    print(f"== {game} against Fairy-Stockfish {'.'.join(map(str, sf.version()))}, {variant}")
    for d in range(1, depth + 1):
        mine = fperft(start, d)
        theirs = tabula_perft(binary, game, d)
        print(f"perft({d}) = {mine}, tabula {theirs}" + ("" if theirs == mine else "  MISMATCH"), flush=True)
        failures += theirs != mine
    rng = random.Random(f"{seed}-janggi")
    positions, ends = 0, {}
    for number in range(games):
        played, uci = [], []
        while True:
            ffish = fmoves(start, uci)
            mine = sorted("pass" if is_pass(m) else m for m in ffish)
            tokens = tabula(binary, "moves", game, "--after", " ".join(played)).split()
            theirs = sorted(t.replace("x", "").replace("-", "") for t in tokens)
            positions += 1
            over, value = sf.is_immediate_game_end(variant, start, uci)
            optional, _ = sf.is_optional_game_end(variant, start, uci)
            if over or optional or not mine or not theirs:
                said = outcome_said(binary, game, played)
                if over or not mine:  # a decided end: the same result in both
                    value = value if over else sf.game_result(variant, start, uci)
                    to_move = len(uci) % 2  # the mover's view; cho (white) first in both
                    want = "draw" if value == 0 else NAMES[to_move if value > 0 else 1 - to_move] + " wins"
                    if said != f"game over: {want}":
                        failures += 1
                        print(f"game {number}: after {' '.join(played)!r}: Fairy-Stockfish {want}, tabula {said!r}")
                if not mine and theirs:
                    failures += 1
                    print(f"game {number}: after {' '.join(played)!r}: no Fairy-Stockfish move, tabula {tokens}")
                kind = ("Fairy-Stockfish ends (immediate)" if over else
                        "Fairy-Stockfish ends (optional: move rule or repetition)" if optional else
                        "Fairy-Stockfish has no move (checkmate)" if not mine else
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
            if played[-1] == "pass":
                uci.append(ffish[0])
            else:
                step = played[-1].replace("x", "").replace("-", "")
                uci.append(next(m for m in ffish if m == step))
    print(f"{games} random games, {positions} positions compared, {failures} mismatch(es); ends:")
    for key, n in sorted(ends.items()):
        print(f"  {n} x {key}")
    return failures


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--depth", type=int, default=3)
    ap.add_argument("--tabula", help="a tabula binary to compare with")
    ap.add_argument("--games", type=int, default=30, help="random games compared with --tabula")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-plies", type=int, default=3000, help="stop comparing a game after this many plies")
    ap.add_argument("--file", default="janggi", help="another game file to compare, e.g. a broken copy")
    ap.add_argument("--fairy", action="store_true", help="compare Tabula with Fairy-Stockfish (pyffish) instead")
    args = ap.parse_args()
    if args.fairy:
        failures = compare_fairy(args.tabula, args.file, args.depth, args.games, args.seed)
    else:
        failures = compare(args.tabula, args.file, args.depth, args.games, args.seed, args.max_plies)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
