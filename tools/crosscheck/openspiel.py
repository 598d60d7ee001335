#!/usr/bin/env python3
"""Cross-check Tabula's comparison games against OpenSpiel.

Plays seeded uniformly random games in OpenSpiel and, at every position, asks the `tabula` binary
for the same position (by replaying the tokens so far with `--after`) and compares:

* the set of legal moves, OpenSpiel's mapped to Tabula tokens, with `tabula moves GAME --after ...`;
* the board (every occupied cell and what is on it) and the player to move, with
  `tabula show GAME --after ... --format toml` (skip with --no-board);
* at the end, the outcome (who won, or a draw) with the last line of `tabula show GAME --after ...`.

Where OpenSpiel ends a game by a rule Tabula's game lacks (Nine Men's Morris's 200-turn draw, Go's
superko draw), the last board is compared but not the legal moves or the outcome; the report counts
those games. A game stops at its first mismatch (the next positions would only repeat it). Every
mismatch is listed with its game number, seed and token history; the exit status is 1 if there was
any.

See tools/crosscheck/README.md for installing OpenSpiel, the mappings and the known differences.

    .venv/bin/python tools/crosscheck/openspiel.py                  # every game, default counts
    .venv/bin/python tools/crosscheck/openspiel.py --games reversi -n 50
    .venv/bin/python tools/crosscheck/openspiel.py --games hex --first 17 -n 1   # replay game 17
"""

from __future__ import annotations

import argparse
import importlib.metadata
import os
import platform
import random
import re
import subprocess
import sys
import time
import tomllib
from dataclasses import dataclass, field

try:
    import pyspiel
except ImportError:  # pragma: no cover - depends on the machine
    sys.exit(
        "error: cannot import pyspiel; install OpenSpiel first (see tools/crosscheck/README.md):\n"
        "  python3 -m venv .venv && .venv/bin/pip install open_spiel==2.0.2"
    )

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
FILES = "abcdefghijklmnopqrstuvwxyz"


def cell(file: int, rank: int) -> str:
    """Tabula cell name: file 0 = a, rank 1 = the bottom rank."""
    return f"{FILES[file]}{rank}"


# --------------------------------------------------------------------------------------------
# Game adapters: OpenSpiel state -> Tabula tokens and board.


class Adapter:
    """One game as seen from both sides.

    `players` are Tabula's player names in OpenSpiel's player order (OpenSpiel player 0 first).
    A board is a dict from Tabula cell name to a label: a Tabula player name for that player's
    piece, or a neutral label such as "arrow".
    """

    tabula: str
    spiel: str
    params: dict
    players: tuple[str, str]
    default_n: int
    # Tabula options passed with every call (`--option NAME=VALUE`), to match OpenSpiel's rules.
    options: dict = {}

    def load(self):
        return pyspiel.load_game(self.spiel, self.params)

    def new_game(self) -> None:
        """Called before each game (adapters that track the history reset it here)."""

    def after_turn(self, state) -> None:
        """Called after each random turn has been applied."""

    def not_compared(self, state) -> str | None:
        """At a terminal OpenSpiel state: why the legal moves and the outcome are not compared there
        (an end that Tabula's rules do not have), or None to compare them as usual."""
        return None

    def extra(self, state, doc: dict) -> list[str]:
        """Differences in state beyond the board and the player to move (doc: `show --format toml`)."""
        return []

    def end_notes(self, state, tokens: list[str], tabula: "Tabula", target: str) -> tuple[list[str], str | None]:
        """For a game whose end is not compared: facts counted in the report, and a mismatch (text)
        found in checking what can still be checked there, or None."""
        return [], None

    # Legal turns: dict token -> list of OpenSpiel actions making that turn.
    def legal(self, state) -> dict[str, list[int]]:
        out: dict[str, list[int]] = {}
        for a in state.legal_actions():
            tok = self.token(state, a)
            if tok in out:
                raise RuntimeError(f"{self.tabula}: two OpenSpiel actions map to token {tok}")
            out[tok] = [a]
        return out

    # One random turn by OpenSpiel's uniform random policy; applies it, returns the token.
    def random_turn(self, state, rng: random.Random) -> str:
        a = rng.choice(state.legal_actions())
        tok = self.token(state, a)
        state.apply_action(a)
        return tok

    def token(self, state, action: int) -> str:
        raise NotImplementedError

    def board(self, state) -> dict[str, str]:
        raise NotImplementedError

    def tabula_label(self, player: str, kind: str | None) -> str:
        return player


class TicTacToe(Adapter):
    # OpenSpiel: action = 3 * row + col, row 0 at the top, printed as x(row,col).
    tabula, spiel, params = "tic-tac-toe", "tic_tac_toe", {}
    players = ("x", "o")
    default_n = 300

    def token(self, state, action):
        r, c = divmod(action, 3)
        return cell(c, 3 - r)

    def board(self, state):
        lines = str(state).split("\n")
        return parse_grid(lines[:3], 3, {"x": "x", "o": "o"})


class ConnectFour(Adapter):
    # OpenSpiel: action = column; Tabula's token is the cell the disc lands on.
    tabula, spiel = "connect-four", "connect_four"
    params = {"rows": 6, "columns": 7, "x_in_row": 4}
    players = ("red", "yellow")
    default_n = 300

    def token(self, state, action):
        height = sum(1 for c in self.board(state) if c[0] == FILES[action])
        return cell(action, height + 1)

    def board(self, state):
        lines = [ln for ln in str(state).split("\n") if ln]
        return parse_grid(lines[:6], 6, {"x": "red", "o": "yellow"})


class Othello(Adapter):
    # OpenSpiel: action = 8 * row + col, row 0 = its row "1" at the top; 64 = pass.
    tabula, spiel, params = "reversi", "othello", {}
    players = ("black", "white")
    default_n = 300
    PASS = 64

    def token(self, state, action):
        if action == self.PASS:
            return "pass"
        r, c = divmod(action, 8)
        return cell(c, 8 - r)

    def board(self, state):
        lines = str(state).split("\n")
        # "Black (x) to play:", a header, then 8 lines "1 - - x o - - - - 1".
        rows = ["".join(ln.split()[1:9]) for ln in lines[2:10]]
        return parse_grid(rows, 8, {"x": "black", "o": "white"}, empty="-")


class Hex(Adapter):
    # OpenSpiel: action = 11 * row + col, printed as letter (col) + number (row + 1). Its player 0
    # (x) joins row 1 to row 11, player 1 (o) joins column a to column k; a cell touches
    # (row-1, col), (row-1, col+1), (row, col+-1), (row+1, col-1), (row+1, col). With OpenSpiel's
    # row number as Tabula's rank, the same name is the same cell in both, the neighbours agree
    # (Tabula's nw = file-1 rank+1, se = file+1 rank-1), red = x and blue = o: no transposing.
    tabula, spiel = "hex", "hex"
    params = {"board_size": 11, "swap": False}
    players = ("red", "blue")
    default_n = 150
    N = 11

    def token(self, state, action):
        r, c = divmod(action, self.N)
        tok = cell(c, r + 1)
        # OpenSpiel names hex cells the same way: check it, since the mapping depends on it.
        name = state.action_to_string(state.current_player(), action)
        if name != tok:
            raise RuntimeError(f"hex: OpenSpiel action {action} is {name}, mapped to {tok}")
        return tok

    def board(self, state):
        lines = [ln.split() for ln in str(state).split("\n") if ln.strip()]
        out = {}
        for r, row in enumerate(lines):
            if len(row) != self.N:
                raise RuntimeError(f"hex: cannot read OpenSpiel row {row}")
            for c, ch in enumerate(row):
                if ch == ".":
                    continue
                # The standard string shows every black stone as x and every white one as o.
                who = {"x": "red", "o": "blue"}.get(ch.lower())
                if who is None:
                    raise RuntimeError(f"hex: unknown OpenSpiel cell {ch!r}")
                out[cell(c, r + 1)] = who
        return out



def hex_size(n: int, default_n: int) -> Hex:
    """Tabula's `hex-N` variants against OpenSpiel's `hex` with board_size=N: the same mapping as
    the 11 x 11 board (names, neighbours and sides agree on every size)."""
    return type(f"Hex{n}", (Hex,), {"tabula": f"hex-{n}", "params": {"board_size": n, "swap": False},
                                    "N": n, "default_n": default_n})()


class Amazons(Adapter):
    # OpenSpiel: cell = 10 * row + col, row 0 at the top; a turn is three actions: the amazon,
    # its destination, the arrow. Tabula's token is the whole turn, `from-to/arrow`.
    tabula, spiel = "amazons", "amazons"
    params = {"board_size": 10}
    players = ("white", "black")
    default_n = 50

    @staticmethod
    def name(i: int) -> str:
        r, c = divmod(i, 10)
        return cell(c, 10 - r)

    def legal(self, state):
        out = {}
        for a in state.legal_actions():
            s1 = state.child(a)
            for d in s1.legal_actions():
                s2 = s1.child(d)
                for x in s2.legal_actions():
                    out[f"{self.name(a)}-{self.name(d)}/{self.name(x)}"] = [a, d, x]
        return out

    def random_turn(self, state, rng):
        acts = []
        for _ in range(3):
            a = rng.choice(state.legal_actions())
            acts.append(a)
            state.apply_action(a)
        a, d, x = acts
        return f"{self.name(a)}-{self.name(d)}/{self.name(x)}"

    def board(self, state):
        lines = str(state).split("\n")
        return parse_grid(lines[:10], 10, {"X": "white", "O": "black", "#": "arrow"})

    def tabula_label(self, player, kind):
        # OpenSpiel's arrows are neutral; Tabula's belong to the player who shot them.
        return "arrow" if kind == "arrow" else player


MORRIS_COORDS = [(0, 0), (0, 7), (0, 14), (2, 2), (2, 7), (2, 12), (4, 4), (4, 7), (4, 10), (6, 0),
                 (6, 2), (6, 4), (6, 10), (6, 12), (6, 14), (8, 4), (8, 7), (8, 10), (10, 2), (10, 7),
                 (10, 12), (12, 0), (12, 7), (12, 14)]
MORRIS_FILE_OF_COL = {0: 0, 2: 1, 4: 2, 7: 3, 10: 4, 12: 5, 14: 6}


class NineMensMorris(Adapter):
    # OpenSpiel numbers the 24 points 0..23 row by row from the top left (its kPointStrCoords, on a
    # 13 x 15 character drawing); Tabula names them on a 7 x 7 grid, a1 at the bottom left.
    # Actions: 0..23 place a man on a point or, after a mill, remove the enemy man on it;
    # 24 + 24 * from + to moves (slides, or flies with three men). Tabula's tokens: `d1` (place),
    # `xd1` (the removal, a separate action by the same player), `a1-d1` (slide or fly).
    tabula, spiel, params = "nine-mens-morris", "nine_mens_morris", {}
    players = ("white", "black")
    default_n = 200
    N = 24
    MAX_TURNS = 200  # OpenSpiel's kMaxNumTurns: a draw after 200 turns; Tabula has no such limit.
    # Character (row, column) of each point in OpenSpiel's drawing, and its Tabula name: drawing
    # rows 0, 2, ..., 12 are ranks 7 down to 1, drawing columns 0, 2, 4, 7, 10, 12, 14 files a to g.
    COORDS = MORRIS_COORDS
    NAMES = [cell(MORRIS_FILE_OF_COL[c], 7 - r // 2) for r, c in MORRIS_COORDS]

    def info(self, state) -> dict:
        lines = str(state).split("\n")
        out = {"capture": any("Capture time!" in ln for ln in lines)}
        for ln in lines:
            key, _, val = ln.partition(": ")
            if key in ("Turn number", "Men to deploy", "Num men", "Current player"):
                out[key] = val.split()
        return out

    def token_for(self, action: int, capture: bool) -> str:
        if action < self.N:
            return ("x" if capture else "") + self.NAMES[action]
        f, t = divmod(action - self.N, self.N)
        return f"{self.NAMES[f]}-{self.NAMES[t]}"

    def token(self, state, action):
        return self.token_for(action, self.info(state)["capture"])

    def legal(self, state):
        capture = self.info(state)["capture"]
        out = {}
        for a in state.legal_actions():
            tok = self.token_for(a, capture)
            if tok in out:
                raise RuntimeError(f"{self.tabula}: two OpenSpiel actions map to token {tok}")
            out[tok] = [a]
        return out

    def board(self, state):
        lines = str(state).split("\n")
        out = {}
        for name, (r, c) in zip(self.NAMES, self.COORDS):
            ch = lines[r][c]
            if ch == ".":
                continue
            who = {"W": "white", "B": "black"}.get(ch)
            if who is None:
                raise RuntimeError(f"nine_mens_morris: unknown OpenSpiel point {ch!r} at {name}")
            out[name] = who
        return out

    def not_compared(self, state):
        # OpenSpiel's only draw is its turn limit (a win or loss at the 200th turn is compared).
        r = state.returns()
        if r[0] == r[1] and int(self.info(state)["Turn number"][0]) >= self.MAX_TURNS:
            return f"OpenSpiel's {self.MAX_TURNS}-turn limit (a draw there; Tabula plays on)"
        return None

    def extra(self, state, doc):
        info = self.info(state)
        diffs = []
        hand = doc.get("hand", {})
        for i, p in enumerate(self.players):
            want = int(info["Men to deploy"][i])
            got = hand.get(p, {}).get("man", 0)
            if got != want:
                diffs.append(f"{p} men in hand: OpenSpiel {want}, Tabula {got}")
        if not state.is_terminal():
            pending = doc.get("part") == "take"
            if pending != info["capture"]:
                diffs.append(f"removal pending: OpenSpiel {info['capture']}, Tabula part {doc.get('part')!r}")
        return diffs


class Go(Adapter):
    # OpenSpiel: action = 9 * row + col, row 0 = rank 1 at the bottom, 81 = pass; it names columns
    # a..h, j (skipping i), so its j is Tabula's i (on 13 x 13, its k..n are Tabula's j..m). Tabula is run with ko=simple (OpenSpiel forbids
    # the simple-ko retake through its ko point), komi_halves=15 (komi 7.5) and max_plies=162
    # (OpenSpiel's max_game_length for 9 x 9, after which it scores the board).
    tabula, spiel = "go", "go"
    params = {"board_size": 9, "komi": 7.5, "handicap": 0, "max_game_length": 162}
    options = {"ko": "simple", "komi_halves": 15, "max_plies": 162}
    players = ("black", "white")
    default_n = 200
    N = 9
    PASS = 81

    def __init__(self):
        # Every board of the game so far, with the players to move on it (0 black, 1 white).
        self.seen: dict[str, set[int]] = {}
        self.superko = False
        self.repeat_same_mover = False

    def new_game(self):
        self.seen = {self.board_key(None): {0}}
        self.superko = False
        self.repeat_same_mover = False

    def board_key(self, state) -> str:
        if state is None:
            return "." * (self.N * self.N)
        b = self.board(state)
        return "".join(b.get(cell(c, r), ".")[0] for r in range(1, self.N + 1) for c in range(self.N))

    def after_turn(self, state):
        # OpenSpiel ends the game as a draw when a move (not a pass) brings back any earlier board
        # (positional superko, by the stones alone); track the boards to know that end apart.
        key = self.board_key(state)
        h = state.history()
        mover_next = len(h) % 2  # no handicap: black moves at even plies
        if key in self.seen and h[-1] != self.PASS:
            self.superko = True
            self.repeat_same_mover = mover_next in self.seen[key]
        self.seen.setdefault(key, set()).add(mover_next)

    def token(self, state, action):
        if action == self.PASS:
            return "pass"
        r, c = divmod(action, self.N)
        tok = cell(c, r + 1)
        name = state.action_to_string(state.current_player(), action).split()[-1]
        # OpenSpiel's column letters skip i: its j is Tabula's i, its k Tabula's j, and so on.
        if cell("abcdefghjklmnopqrstuvwxyz".index(name[0]), int(name[1:])) != tok:
            raise RuntimeError(f"go: OpenSpiel action {action} is {name}, mapped to {tok}")
        return tok

    def board(self, state):
        lines = str(state).split("\n")
        # "GoState(komi=7.5, to_play=B, history.size()=0)", "", then " 9 +++++++++" ... " 1 ...".
        rows = [ln[3:] for ln in lines[2 : 2 + self.N]]
        for i, ln in enumerate(lines[2 : 2 + self.N]):
            if int(ln[:2]) != self.N - i:
                raise RuntimeError(f"go: cannot read OpenSpiel row {ln!r}")
        return parse_grid(rows, self.N, {"X": "black", "O": "white"}, empty="+")

    def not_compared(self, state):
        # With a komi of 7.5 the area count cannot tie, so OpenSpiel's only draw is its superko end
        # (which takes precedence even on the 162nd ply). Check that the tracking agrees.
        if self.superko != (state.returns()[0] == 0):
            raise RuntimeError(f"go: superko tracked {self.superko}, but OpenSpiel's returns are {state.returns()}")
        if self.superko:
            return "OpenSpiel's superko end (a move repeating an earlier board ends the game as a draw; Tabula, ko=simple, plays on)"
        return None

    def end_notes(self, state, tokens, tabula, target):
        # Tabula's own superko option is situational: a move may not bring back a board with the
        # same player to move. It must forbid the repeating move exactly when the board was seen
        # before with the same player to move.
        got, err = tabula.moves(target, tokens[:-1], {**self.options, "ko": "superko"})
        if err is not None:
            return [], f"tabula error (ko=superko): {err}"
        forbidden = tokens[-1] not in got
        case = ("the board had been seen with the same player to move" if self.repeat_same_mover
                else "the board had been seen only with the other player to move")
        note = f"{case}, and Tabula with ko=superko {'forbids' if forbidden else 'allows'} the move"
        if forbidden != self.repeat_same_mover:
            return [note], (f"with --option ko=superko, Tabula {'forbids' if forbidden else 'allows'} the last"
                            f" token {tokens[-1]} (at the position before it), but {case}")
        return [note], None

    def extra(self, state, doc):
        h = state.history()
        passes = 0
        while passes < len(h) and h[-1 - passes] == self.PASS:
            passes += 1
        got = doc.get("counters", {}).get("passes", 0)
        return [] if got == passes else [f"passes in a row: OpenSpiel {passes}, Tabula {got}"]


def go_size(n: int, default_n: int) -> Go:
    """Tabula's `go-N` variants against OpenSpiel's `go` with board_size=N and the options of the
    9 x 9 pair (komi 7.5, no handicap, simple ko), max_game_length 2 x N x N (OpenSpiel's default,
    loaded explicitly) and Tabula's max_plies the same; pass is action N x N."""
    limit = 2 * n * n
    return type(f"Go{n}", (Go,), {"tabula": f"go-{n}",
                                  "params": {**Go.params, "board_size": n, "max_game_length": limit},
                                  "options": {**Go.options, "max_plies": limit},
                                  "N": n, "PASS": n * n, "default_n": default_n})()


class Xiangqi(Adapter):
    # OpenSpiel: `S(6,0)-(5,0)`, (row, col) with row 0 at the top (Tabula's rank 10); uppercase is red
    # (its player 0). It ends every game at 500 plies as a draw, a limit Tabula's game does not have.
    tabula, spiel, params = "xiangqi", "xiangqi", {}
    players = ("red", "black")
    default_n = 100
    KINDS = {"g": "general", "a": "advisor", "e": "elephant", "h": "horse", "r": "chariot", "c": "cannon", "s": "soldier"}

    def token(self, state, action):
        text = state.action_to_string(state.current_player(), action)
        frm, to = text[1:].split("-")
        (fr, fc), (tr, tc) = (tuple(int(x) for x in p.strip("()").split(",")) for p in (frm, to))
        target = cell(tc, 10 - tr)
        capture = target in self.board(state)
        return f"{cell(fc, 10 - fr)}{'x' if capture else '-'}{target}"

    def board(self, state):
        rows = [ln for ln in str(state).split("\n") if ln][:10]
        symbols = {}
        for letter, kind in self.KINDS.items():
            symbols[letter.upper()] = f"red {kind}"
            symbols[letter] = f"black {kind}"
        return parse_grid(rows, 10, symbols)

    def tabula_label(self, player, kind):
        return f"{player} {kind}"

    def not_compared(self, state):
        if len(state.history()) >= 500 and state.returns()[0] == 0:
            return "OpenSpiel's 500-ply draw (Tabula's game has no length limit)"
        return None


class LinesOfAction(Adapter):
    # OpenSpiel: rows 0..7 are ranks 1..8 and columns a..h, and it names its actions as Tabula's
    # tokens (`b1-b3`, `c1xa3`). Its player 0 (x) is black, moving first from b1-g1 and b8-g8.
    # Tabula is run with OpenSpiel's readings of the rules the standard ones leave open or settle
    # otherwise (see games/lines-of-action.toml): a move that connects both players wins for the
    # mover, a player without a move loses, the game is drawn at its 1000th ply (before the
    # groups are looked at) and when a board comes back (repetition_draw=2; see not_compared).
    tabula, spiel = "lines-of-action", "lines_of_action"
    params = {"max_game_length": 1000}
    options = {"both_connected": "mover_wins", "no_move": "loses", "repetition_draw": 2, "max_plies": 1000}
    players = ("black", "white")
    default_n = 300

    def __init__(self):
        # Every board of the game so far, with the players to move on it (0 black, 1 white).
        self.seen: dict[str, set[int]] = {}
        self.repeat_other_mover_only = False

    def new_game(self):
        # The initial board, with black to move (`load` is called before each game).
        self.seen = {self.initial_key: {0}}
        self.repeat_other_mover_only = False

    def after_turn(self, state):
        # OpenSpiel ends the game as a draw when a move brings back any earlier board, whoever is
        # to move; Tabula's `repetitions` counts a position only with the same player to move.
        key = str(state).split("\n\n")[0]
        mover_next = len(state.history()) % 2
        movers = self.seen.setdefault(key, set())
        self.repeat_other_mover_only = bool(movers) and mover_next not in movers
        movers.add(mover_next)

    def load(self):
        game = super().load()
        self.initial_key = str(game.new_initial_state()).split("\n\n")[0]
        return game

    def token(self, state, action):
        return state.action_to_string(state.current_player(), action)

    def board(self, state):
        lines = str(state).split("\n")
        for i, ln in enumerate(lines[:8]):
            if ln[:1] != str(8 - i):
                raise RuntimeError(f"lines_of_action: cannot read OpenSpiel row {ln!r}")
        return parse_grid([ln[1:9] for ln in lines[:8]], 8, {"x": "black", "o": "white"})

    def not_compared(self, state):
        r = state.returns()
        if r[0] == r[1] and self.repeat_other_mover_only:
            return ("OpenSpiel's draw when a board comes back with the other player to move (Tabula's"
                    " repetition_draw counts positions with the same player to move)")
        return None



class Chess(Adapter):
    # OpenSpiel `chess`: its moves in UCI (`e2e4`, `e7e8q`, `e1g1`), its state printed as a FEN.
    # Tabula's tokens are `from-to` (`x` for a capture by landing; en passant lands on an empty
    # square, `e5-d6`), a promotion adds `=` and the piece (`e7-e8=Q`), castling is the king's move.
    # Both draw at once on the fifty-move rule, threefold repetition and K v K, K+minor v K.
    # OpenSpiel also draws when only kings and same-coloured bishops remain, a dead position
    # Tabula's game does not recognise: such ends are listed but not compared.
    tabula, spiel, params = "chess", "chess", {}
    players = ("black", "white")  # OpenSpiel's player 0 is black
    default_n = 100
    KINDS = {"p": "pawn", "n": "knight", "b": "bishop", "r": "rook", "q": "queen", "k": "king"}

    def token(self, state, action):
        lan = pyspiel.chess.action_to_move(action, state.board()).to_lan()
        frm, to, promo = lan[:2], lan[2:4], lan[4:]
        token = f"{frm}{'x' if to in self.board(state) else '-'}{to}"
        if promo:
            token += "=" + promo.upper()
        return token

    def board(self, state):
        placement = str(state).split()[0]
        rows = placement.split("/")
        out = {}
        for i, row in enumerate(rows):
            f = 0
            for ch in row:
                if ch.isdigit():
                    f += int(ch)
                    continue
                side = "white" if ch.isupper() else "black"
                out[cell(f, 8 - i)] = f"{side} {self.KINDS[ch.lower()]}"
                f += 1
        return out

    def tabula_label(self, player, kind):
        return f"{player} {kind}"

    def not_compared(self, state):
        kinds = [v.split()[1] for v in self.board(state).values()]
        if state.returns()[0] == 0 and set(kinds) <= {"king", "bishop"} and len(kinds) > 3:
            return "OpenSpiel's dead position of same-coloured bishops (Tabula plays on)"
        return None


class Kalah(Adapter):
    # OpenSpiel `mancala`: board_[0] is player 1's store, 1..6 player 0's pits, 7 player 0's
    # store, 8..13 player 1's pits, in sowing order; an action is the pit's index. Tabula: South's
    # pits b1..g1 and store h1, North's pits g2..b2 (8 = g2, 13 = b2) and store a2, so that the
    # pit opposite (index 14 - i) is the same file. Seeds are neutral stacks: a cell is compared
    # by its count, written as Tabula's position file writes it (`b1*4`, `h1` for one seed).
    tabula, spiel, params = "kalah", "mancala", {}
    players = ("south", "north")
    default_n = 1000
    # OpenSpiel ends a game after 1000 actions, counting seeds as at the normal end.
    options = {"max_plies": 1001}
    CELLS = ["a2", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "g2", "f2", "e2", "d2", "c2", "b2"]

    def token(self, state, action):
        return self.CELLS[action]

    def board(self, state):
        counts = [int(x) for x in state.observation_tensor(0)[:14]]
        if sum(counts) != 48:
            raise RuntimeError(f"kalah: cannot read OpenSpiel's board {counts}")
        return {(c if n == 1 else f"{c}*{n}"): "neutral" for c, n in zip(self.CELLS, counts) if n}

class Shogi(Adapter):
    # OpenSpiel `shogi`: its moves in USI (`7g7f`, `8h2b+`, `P*5e`), its state printed as an SFEN.
    # USI's square 9i (file 9 on black's left, rank i nearest black) is Tabula's a1, 1a is i9.
    # Tabula's token is `from-to` (`x` for a capture), `=` and the promoted piece's board symbol
    # for a promotion (`c7-c8=T`), and a drop names the kind (`pawn@e5`).
    tabula, spiel, params = "shogi", "shogi", {}
    players = ("black", "white")
    default_n = 20
    KINDS = {"p": "pawn", "l": "lance", "n": "knight", "s": "silver", "g": "gold", "b": "bishop",
             "r": "rook", "k": "king"}
    PROMOTED = {"p": "tokin", "l": "promoted_lance", "n": "promoted_knight", "s": "promoted_silver",
                "b": "horse", "r": "dragon"}
    # The board symbol of each promoted kind, as the token's `=` suffix writes it.
    SUFFIX = {"p": "T", "l": "U", "n": "M", "s": "A", "b": "H", "r": "D"}

    @staticmethod
    def square(usi: str) -> str:
        return cell(9 - int(usi[0]), 9 - (ord(usi[1]) - ord("a")))

    def token(self, state, action):
        usi = state.action_to_string(state.current_player(), action)
        if usi[1] == "*":
            return f"{self.KINDS[usi[0].lower()]}@{self.square(usi[2:4])}"
        frm, to = self.square(usi[0:2]), self.square(usi[2:4])
        board = self.board(state)
        token = f"{frm}{'x' if to in board else '-'}{to}"
        if usi.endswith("+"):
            kind = next(k for k, v in self.KINDS.items() if board[frm].endswith(" " + v))
            token += "=" + self.SUFFIX[kind]
        return token

    def board(self, state):
        rows = str(state).split()[0].split("/")
        out = {}
        for i, row in enumerate(rows):
            f, promoted = 0, False
            for ch in row:
                if ch.isdigit():
                    f += int(ch)
                    continue
                if ch == "+":
                    promoted = True
                    continue
                side = "black" if ch.isupper() else "white"
                kind = (self.PROMOTED if promoted else self.KINDS)[ch.lower()]
                out[cell(f, 9 - i)] = f"{side} {kind}"
                f, promoted = f + 1, False
        return out

    def tabula_label(self, player, kind):
        return f"{player} {kind}"

    # OpenSpiel ends a game by two rules Tabula's game does not have: a king in the enemy camp
    # (its last three ranks) wins with 28 material points, or draws when both kings are there
    # (its reading of the impasse rules); and at the fourth repetition the player who gave six
    # checks in a row loses (perpetual check). Such ends are listed, not compared.
    def new_game(self):
        self.seen = {}

    def after_turn(self, state):
        key = " ".join(str(state).split()[:3])
        self.seen[key] = self.seen.get(key, 0) + 1

    def not_compared(self, state):
        board = self.board(state)
        entered = [c for c, v in board.items()
                   if (v == "black king" and int(c[1:]) >= 7) or (v == "white king" and int(c[1:]) <= 3)]
        if entered:
            return "OpenSpiel's entering-king (impasse) rule (not in Tabula's game)"
        key = " ".join(str(state).split()[:3])
        if self.seen.get(key, 0) >= 3 and state.returns()[0] != 0:
            return "OpenSpiel's perpetual check at the fourth repetition (not in Tabula's game)"
        return None

    def extra(self, state, doc):
        hands = str(state).split()[2]
        spiel = {"black": {}, "white": {}}
        count = ""
        for ch in hands if hands != "-" else "":
            if ch.isdigit():
                count += ch
                continue
            side = spiel["black" if ch.isupper() else "white"]
            side[self.KINDS[ch.lower()]] = int(count or 1)
            count = ""
        ours = {p: {k: n for k, n in held.items() if n} for p, held in doc.get("hand", {}).items()}
        for p in spiel:
            ours.setdefault(p, {})
        return [] if ours == spiel else [f"hands: OpenSpiel {spiel}, Tabula {ours}"]


class EnglishDraughts(Adapter):
    # OpenSpiel `checkers` (8 x 8): its player 0 (`o`, king `8`) starts on ranks 1-3 and moves
    # first, as Tabula's black; player 1 (`+`, king `*`) is white. Rows print rank 8 first, files
    # a-h, a1 dark on both sides. An action is one step or one jump (`a3b4`, `a3c5`, named by its
    # start and end); a jump that can go on leaves the same player to move, with only that
    # piece's jumps legal, and a man crowned by a jump stops there. Tabula's token is the whole
    # turn, every landing of a capture listed (`a3xc5xe7`): the script enumerates the OpenSpiel
    # sequences of a turn and joins them. action = ((row * 8 + column) * 4 + direction) * 2 +
    # type, type 1 a jump.
    # OpenSpiel's only draw: 40 actions in a row without a capture end the game (its
    # `kMaxMovesWithoutCapture`, counted in actions, men's moves included). Tabula's draws (WCDF
    # 1.32: 40 moves each without a man's move or a capture, the third repetition) differ, so
    # Tabula is run with both switched off and OpenSpiel's draws are ends whose legal moves and
    # outcome are not compared (see not_compared).
    tabula, spiel, params = "english-draughts", "checkers", {"rows": 8, "columns": 8}
    players = ("black", "white")
    default_n = 130
    options = {"forty_move_rule": "false", "threefold_repetition": "false"}
    SYMBOLS = {"o": "black man", "8": "black king", "+": "white man", "*": "white king"}

    def __init__(self):
        self.quiet = 0  # OpenSpiel actions since the last capture

    def new_game(self):
        self.quiet = 0

    @staticmethod
    def is_jump(action: int) -> bool:
        return action % 2 == 1

    def legal(self, state):
        out: dict[str, list[int]] = {}
        player = state.current_player()

        def walk(st, path: list[int], landings: list[str]):
            for a in st.legal_actions():
                text = st.action_to_string(player, a)
                if not self.is_jump(a):
                    out[f"{text[:2]}-{text[2:]}"] = path + [a]
                    continue
                nxt = st.clone()
                nxt.apply_action(a)
                marks = (landings or [text[:2]]) + [text[2:]]
                if not nxt.is_terminal() and nxt.current_player() == player:
                    walk(nxt, path + [a], marks)
                else:
                    tok = "x".join(marks)
                    if tok in out:
                        raise RuntimeError(f"checkers: two OpenSpiel sequences make token {tok}")
                    out[tok] = path + [a]

        walk(state, [], [])
        return out

    def random_turn(self, state, rng):
        # OpenSpiel's random policy picks one action at a time, each jump of a capture apart.
        player = state.current_player()
        marks: list[str] = []
        while True:
            a = rng.choice(state.legal_actions())
            text = state.action_to_string(player, a)
            jump = self.is_jump(a)
            self.quiet = 0 if jump else self.quiet + 1
            state.apply_action(a)
            if not jump:
                return f"{text[:2]}-{text[2:]}"
            marks = (marks or [text[:2]]) + [text[2:]]
            if state.is_terminal() or state.current_player() != player:
                return "x".join(marks)

    def board(self, state):
        lines = str(state).split("\n")
        for i, ln in enumerate(lines[:8]):
            if ln[:1] != str(8 - i):
                raise RuntimeError(f"checkers: cannot read OpenSpiel row {ln!r}")
        return parse_grid([ln[1:9] for ln in lines[:8]], 8, self.SYMBOLS)

    def tabula_label(self, player, kind):
        return f"{player} {kind}"

    def not_compared(self, state):
        if state.returns()[0] == 0:
            if self.quiet < 40:
                raise RuntimeError(f"checkers: a draw after {self.quiet} actions without capture")
            return "OpenSpiel's draw after 40 actions without a capture (Tabula's draws are off)"
        return None


def parse_grid(rows: list[str], nranks: int, symbols: dict[str, str], empty=".") -> dict[str, str]:
    """Rows of one character a cell, the top row (Tabula's rank nranks) first."""
    out = {}
    if len(rows) != nranks:
        raise RuntimeError(f"expected {nranks} rows, got {rows!r}")
    for i, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch == empty:
                continue
            if ch not in symbols:
                raise RuntimeError(f"unknown OpenSpiel cell {ch!r} in {row!r}")
            out[cell(c, nranks - i)] = symbols[ch]
    return out


class Breakthrough(Adapter):
    # OpenSpiel: its player 0 (`b`, Black) starts on the top rows and moves first, player 1 (`w`)
    # on the bottom rows; rows are labelled 1 at the bottom (the label of row 10 is `:`, of row 11
    # `;`, of row 12 `<`: the character '0' + row), columns a, b, ... An action string is
    # `a7a6` or `a7b6*` (a capture). Tabula's White starts at the bottom and moves first: the
    # board is mirrored top to bottom (OpenSpiel's row r is Tabula's rank N + 1 - r, files
    # unchanged, a symmetry of the rules), OpenSpiel 0 = `white`, 1 = `black`. Tabula's tokens
    # are `a2-a3` and `a2xb3`. OpenSpiel sets up two rows each, one row each below 6 rows.
    tabula, spiel = "breakthrough", "breakthrough"
    params = {"rows": 8, "columns": 8}
    players = ("white", "black")
    default_n = 200
    N = 8

    def rank(self, label: str) -> int:
        return self.N + 1 - (ord(label) - ord("0"))

    def token(self, state, action):
        s = state.action_to_string(state.current_player(), action)
        capture = s.endswith("*")
        f1, r1, f2, r2 = s[0], s[1], s[2], s[3]
        if len(s) != 4 + capture:
            raise RuntimeError(f"breakthrough: cannot read OpenSpiel action {s!r}")
        return f"{f1}{self.rank(r1)}{'x' if capture else '-'}{f2}{self.rank(r2)}"

    def board(self, state):
        lines = [ln for ln in str(state).split("\n") if ln.strip()]
        rows = [ln for ln in lines if not ln.startswith(" ")]
        if len(rows) != self.N:
            raise RuntimeError(f"breakthrough: cannot read OpenSpiel board {lines!r}")
        out = {}
        for ln in rows:
            rank = self.rank(ln[0])
            if len(ln) != self.N + 1:
                raise RuntimeError(f"breakthrough: cannot read OpenSpiel row {ln!r}")
            for c, ch in enumerate(ln[1:]):
                if ch == ".":
                    continue
                who = {"b": "white", "w": "black"}.get(ch)
                if who is None:
                    raise RuntimeError(f"breakthrough: unknown OpenSpiel cell {ch!r}")
                out[cell(c, rank)] = who
        return out


def breakthrough_size(n: int, default_n: int) -> Breakthrough:
    """Tabula's `breakthrough-N` variants against OpenSpiel's `breakthrough` with rows=columns=N."""
    return type(f"Breakthrough{n}", (Breakthrough,), {"tabula": f"breakthrough-{n}",
                                                      "params": {"rows": n, "columns": n},
                                                      "N": n, "default_n": default_n})()


class Gomoku(Adapter):
    # OpenSpiel: action = N * row + col, row 0 printed at the top, named `row,col`; the board string
    # is a line with the player to move (B or W), then the rows, `b` for player 0's stones and `w`
    # for player 1's. Black (player 0) places first: OpenSpiel 0 = `black`, 1 = `white`. OpenSpiel's
    # row r is Tabula's rank N - r, column c its file c (free-style: five or more win, anti=false).
    tabula, spiel = "gomoku", "gomoku"
    params = {"size": 15, "connect": 5, "dims": 2, "wrap": False, "anti": False}
    players = ("black", "white")
    default_n = 50
    N = 15

    def token(self, state, action):
        r, c = divmod(action, self.N)
        # OpenSpiel names the point `row,col`: check it, since the mapping depends on it.
        name = state.action_to_string(state.current_player(), action)
        if name != f"{r},{c}":
            raise RuntimeError(f"gomoku: OpenSpiel action {action} is {name}, expected {r},{c}")
        return cell(c, self.N - r)

    def board(self, state):
        lines = [ln for ln in str(state).split("\n") if ln.strip()]
        if len(lines) != self.N + 1 or lines[0] not in ("B", "W"):
            raise RuntimeError(f"gomoku: cannot read OpenSpiel board {lines!r}")
        return parse_grid(lines[1:], self.N, {"b": "black", "w": "white"})


def gomoku_size(n: int, default_n: int) -> Gomoku:
    """Tabula's `gomoku-N` variants against OpenSpiel's `gomoku` with size=N: the same mapping."""
    return type(f"Gomoku{n}", (Gomoku,), {"tabula": f"gomoku-{n}",
                                          "params": {**Gomoku.params, "size": n},
                                          "N": n, "default_n": default_n})()


class Clobber(Adapter):
    # OpenSpiel: rows x columns (default 5 x 6), row 0 printed at the top with the label `rows`,
    # the bottom row labelled 1, columns a, b, ...: its names are Tabula's. Its player 0 (`o`,
    # White) has the bottom-left stone a1 and moves first, player 1 (`x`) is Black. An action
    # string is `a5b5` (the stone on a5 clobbers b5), Tabula's `a5xb5`. The game ends after a move
    # that leaves the other player without a move, the mover winning; Tabula's no_moves rule makes
    # the player without a move lose: the same outcome.
    tabula, spiel = "clobber", "clobber"
    params = {"rows": 5, "columns": 6}
    players = ("white", "black")
    default_n = 300
    ROWS, COLS = 5, 6

    def token(self, state, action):
        s = state.action_to_string(state.current_player(), action)
        m = re.fullmatch(r"([a-z])(\d+)([a-z])(\d+)", s)
        if m is None:
            raise RuntimeError(f"clobber: cannot read OpenSpiel action {s!r}")
        return f"{m[1]}{m[2]}x{m[3]}{m[4]}"

    def board(self, state):
        lines = [ln for ln in str(state).split("\n") if ln.strip()]
        rows = lines[:-1]  # the last line holds the column letters
        if len(rows) != self.ROWS:
            raise RuntimeError(f"clobber: cannot read OpenSpiel board {lines!r}")
        out = {}
        for i, ln in enumerate(rows):
            m = re.fullmatch(r"\s*(\d+)([ox.]+)", ln)
            if m is None or int(m[1]) != self.ROWS - i or len(m[2]) != self.COLS:
                raise RuntimeError(f"clobber: cannot read OpenSpiel row {ln!r}")
            for c, ch in enumerate(m[2]):
                if ch != ".":
                    out[cell(c, int(m[1]))] = {"o": "white", "x": "black"}[ch]
        return out


def clobber_size(rows: int, columns: int, default_n: int) -> Clobber:
    """Tabula's `clobber-RxC` variants against OpenSpiel's `clobber` with those rows and columns."""
    return type(f"Clobber{rows}x{columns}", (Clobber,), {"tabula": f"clobber-{rows}x{columns}",
                                                         "params": {"rows": rows, "columns": columns},
                                                         "ROWS": rows, "COLS": columns,
                                                         "default_n": default_n})()


ADAPTERS = {a.tabula: a for a in (TicTacToe(), ConnectFour(), Othello(), Hex(), Amazons(), NineMensMorris(), Go(),
                                   Xiangqi(), Chess(), LinesOfAction(), Kalah(), Shogi(),
                                   EnglishDraughts(), hex_size(5, 300), hex_size(6, 300), hex_size(8, 200),
                                   hex_size(10, 150), Breakthrough(),
                                   *(breakthrough_size(n, 150) for n in (5, 6, 7, 9, 10, 11, 12)),
                                   Gomoku(), gomoku_size(11, 50), gomoku_size(13, 50), go_size(13, 40),
                                   Clobber(), clobber_size(8, 8, 200), clobber_size(10, 10, 150))}


# --------------------------------------------------------------------------------------------
# Tabula side.


class Tabula:
    def __init__(self, binary: str, root: str):
        self.binary = binary
        self.root = root
        self.calls = 0

    def run(self, *args: str) -> subprocess.CompletedProcess:
        self.calls += 1
        return subprocess.run(
            [self.binary, *args], cwd=self.root, capture_output=True, text=True, check=False
        )

    @staticmethod
    def opts(options: dict) -> list[str]:
        return [x for k, v in options.items() for x in ("--option", f"{k}={v}")]

    def moves(self, game: str, tokens: list[str], options: dict):
        """(set of tokens, None) or (None, error text)."""
        p = self.run("moves", game, "--after", " ".join(tokens), *self.opts(options))
        if p.returncode != 0:
            return None, (p.stderr or p.stdout).strip()
        return {ln for ln in p.stdout.split("\n") if ln}, None

    def position(self, game: str, tokens: list[str], adapter: Adapter):
        """((board dict, player to move, the whole document), None) or (None, error text)."""
        p = self.run("show", game, "--after", " ".join(tokens), "--format", "toml", *self.opts(adapter.options))
        if p.returncode != 0:
            return None, (p.stderr or p.stdout).strip()
        doc = tomllib.loads(p.stdout)
        board = {}
        for player, pieces in doc.get("pieces", {}).items():
            groups = pieces.items() if isinstance(pieces, dict) else [(None, pieces)]
            for kind, cells in groups:
                for c in cells:
                    board[c] = adapter.tabula_label(player, kind)
        return (board, doc.get("to_move"), doc), None

    def outcome(self, game: str, tokens: list[str], options: dict):
        """('red wins' / 'draw' / 'red to move', None) or (None, error text)."""
        p = self.run("show", game, "--after", " ".join(tokens), *self.opts(options))
        if p.returncode != 0:
            return None, (p.stderr or p.stdout).strip()
        last = [ln for ln in p.stdout.split("\n") if ln.strip()][-1].strip()
        if last.startswith("game over: "):
            return last[len("game over: ") :], None
        if " to move" in last:
            return last.split(" (")[0], None
        return None, f"cannot read the last line of `tabula show`: {last!r}"


# --------------------------------------------------------------------------------------------
# The check.


@dataclass
class Mismatch:
    game: int
    seed: int
    ply: int
    what: str
    detail: str
    tokens: list[str]


@dataclass
class Stats:
    games: int = 0
    positions: int = 0
    moves_compared: int = 0
    tokens_compared: int = 0
    boards_compared: int = 0
    outcomes_compared: int = 0
    pass_positions: int = 0
    outcomes: dict[str, int] = field(default_factory=dict)
    not_compared: dict[str, int] = field(default_factory=dict)  # games ended by a rule Tabula lacks
    notes: dict[str, int] = field(default_factory=dict)
    mismatches: list[Mismatch] = field(default_factory=list)
    seconds: float = 0.0


def few(items, k=8) -> str:
    items = sorted(items)
    shown = " ".join(items[:k])
    return shown + (f" ... ({len(items)} in all)" if len(items) > k else "")


def spiel_outcome(adapter: Adapter, state) -> str:
    r = state.returns()
    if r[0] > r[1]:
        return f"{adapter.players[0]} wins"
    if r[1] > r[0]:
        return f"{adapter.players[1]} wins"
    return "draw"


def seed_for(base: int, game: str, index: int) -> int:
    # Stable across runs and Python versions (no hash()).
    return base * 1_000_003 + sum(ord(ch) for ch in game) * 10_007 + index


def check_game(adapter: Adapter, tabula: Tabula, target: str, index: int, seed: int, stats: Stats, boards: bool):
    rng = random.Random(seed)
    game = adapter.load()
    state = game.new_initial_state()
    adapter.new_game()
    tokens: list[str] = []
    opts = adapter.options

    def fail(what, detail):
        stats.mismatches.append(Mismatch(index, seed, len(tokens), what, detail, list(tokens)))

    while True:
        terminal = state.is_terminal()
        # An end that Tabula's rules do not have (OpenSpiel's turn limit, say): the board is still
        # compared, the legal moves (OpenSpiel has none) and the outcome are not.
        skip = adapter.not_compared(state) if terminal else None
        expected = {} if terminal else adapter.legal(state)
        stats.positions += 1
        if set(expected) == {"pass"}:
            stats.pass_positions += 1

        if skip is None:
            got, err = tabula.moves(target, tokens, opts)
            if err is not None:
                fail("tabula error", err)
                return
            stats.moves_compared += 1
            stats.tokens_compared += len(expected)
            if got != set(expected):
                only_os = set(expected) - got
                only_tab = got - set(expected)
                detail = []
                if only_os:
                    detail.append(f"legal in OpenSpiel only: {few(only_os)}")
                if only_tab:
                    detail.append(f"legal in Tabula only: {few(only_tab)}")
                if terminal:
                    detail.append(f"OpenSpiel: game over ({spiel_outcome(adapter, state)})")
                fail("legal moves", "; ".join(detail))
                return

        if boards:
            pos, err = tabula.position(target, tokens, adapter)
            if err is not None:
                fail("tabula error", err)
                return
            board, to_move, doc = pos
            stats.boards_compared += 1
            want = adapter.board(state)
            if board != want:
                diff = sorted(
                    f"{c}: OpenSpiel {want.get(c, 'empty')}, Tabula {board.get(c, 'empty')}"
                    for c in set(board) | set(want)
                    if board.get(c) != want.get(c)
                )
                fail("board", "; ".join(diff[:8]) + (f" ... ({len(diff)} cells)" if len(diff) > 8 else ""))
                return
            if not terminal and to_move != adapter.players[state.current_player()]:
                fail("player to move", f"OpenSpiel {adapter.players[state.current_player()]}, Tabula {to_move}")
                return
            diffs = adapter.extra(state, doc)
            if diffs:
                fail("state", "; ".join(diffs))
                return

        if terminal:
            if skip is not None:
                stats.not_compared[skip] = stats.not_compared.get(skip, 0) + 1
                notes, problem = adapter.end_notes(state, tokens, tabula, target)
                for note in notes:
                    stats.notes[note] = stats.notes.get(note, 0) + 1
                if problem is not None:
                    fail("end", problem)
                return
            want = spiel_outcome(adapter, state)
            got_outcome, err = tabula.outcome(target, tokens, opts)
            if err is not None:
                fail("tabula error", err)
                return
            stats.outcomes_compared += 1
            stats.outcomes[want] = stats.outcomes.get(want, 0) + 1
            if got_outcome != want:
                fail("outcome", f"OpenSpiel: {want}; Tabula: {got_outcome}")
            return

        tokens.append(adapter.random_turn(state, rng))
        adapter.after_turn(state)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", default=",".join(ADAPTERS), help="comma-separated Tabula game names (default: all)")
    ap.add_argument("-n", "--count", type=int, help="games to play per game (default: per game, see README)")
    ap.add_argument("--first", type=int, default=0, help="number of the first game (to replay one game)")
    ap.add_argument("--seed", type=int, default=1, help="base seed (default 1)")
    ap.add_argument("--tabula", default=os.path.join(REPO, "target", "release", "tabula"), help="tabula binary")
    ap.add_argument("--file", action="append", default=[], metavar="GAME=PATH",
                    help="check GAME's OpenSpiel game against another Tabula game file (a variant kept outside"
                         " the repository, or a deliberately broken copy to test this tool); repeatable")
    ap.add_argument("--root", default=REPO,
                    help="directory tabula runs in, whose games/ it reads (default: this repository)")
    ap.add_argument("--no-board", action="store_true", help="compare legal moves and outcomes only")
    ap.add_argument("--report", type=int, default=5, help="mismatches listed per game (default 5)")
    args = ap.parse_args()

    if not os.access(args.tabula, os.X_OK):
        print(f"error: no tabula binary at {args.tabula}; run `cargo build --release` first", file=sys.stderr)
        return 2
    names = [g.strip() for g in args.games.split(",") if g.strip()]
    for g in names:
        if g not in ADAPTERS:
            print(f"error: unknown game {g!r}; known: {', '.join(ADAPTERS)}", file=sys.stderr)
            return 2

    files = {}
    for f in args.file:
        g, sep, path = f.partition("=")
        if not sep or g not in ADAPTERS:
            print(f"error: --file wants GAME=PATH with GAME one of {', '.join(ADAPTERS)}", file=sys.stderr)
            return 2
        files[g] = os.path.abspath(path)

    tabula = Tabula(args.tabula, os.path.abspath(args.root))
    commit = subprocess.run(["git", "describe", "--always", "--dirty"], cwd=tabula.root,
                            capture_output=True, text=True)
    print(f"OpenSpiel {importlib.metadata.version('open_spiel')} (pyspiel {getattr(pyspiel, '__version__', '?')}),"
          f" Python {platform.python_version()}")
    print(f"Tabula {args.tabula}, run in {tabula.root} (git {commit.stdout.strip() or 'unknown'}),"
          f" base seed {args.seed}")
    print()

    summary = []
    for name in names:
        adapter = ADAPTERS[name]
        n = args.count if args.count is not None else adapter.default_n
        game = adapter.load()
        target = files.get(name, name)
        print(f"== {target}  <->  OpenSpiel {game.get_type().short_name}")
        print(f"   OpenSpiel parameters: {dict(sorted(game.get_parameters().items()))}")
        print(f"   players: {', '.join(f'OpenSpiel {i} = {p}' for i, p in enumerate(adapter.players))}")
        if adapter.options:
            print(f"   Tabula options: {' '.join(Tabula.opts(adapter.options))}")
        stats = Stats()
        start = time.monotonic()
        for i in range(args.first, args.first + n):
            check_game(adapter, tabula, target, i, seed_for(args.seed, name, i), stats, not args.no_board)
            stats.games += 1
        stats.seconds = time.monotonic() - start
        outcomes = ", ".join(f"{k} {v}" for k, v in sorted(stats.outcomes.items()))
        print(f"   games {stats.games}, positions {stats.positions} (legal-move sets {stats.moves_compared}"
              f" holding {stats.tokens_compared} tokens,"
              f" boards {stats.boards_compared}, outcomes {stats.outcomes_compared}), {stats.seconds:.0f} s")
        print(f"   outcomes: {outcomes or 'none'}" + (f"; positions where pass is the only move: {stats.pass_positions}"
                                                     if stats.pass_positions else ""))
        for why, k in sorted(stats.not_compared.items()):
            print(f"   games whose end is not compared ({why}): {k}")
        for note, k in sorted(stats.notes.items()):
            print(f"     of which {note}: {k}")
        print(f"   mismatches: {len(stats.mismatches)}")
        for m in stats.mismatches[: args.report]:
            print(f"   - game {m.game} (seed {m.seed}), after {m.ply} tokens: {m.what}: {m.detail}")
            opts = "".join(f" {o}" for o in Tabula.opts(adapter.options))
            print(f"     tabula moves {target}{opts} --after \"{' '.join(m.tokens)}\"")
        if len(stats.mismatches) > args.report:
            print(f"   ... {len(stats.mismatches) - args.report} more")
        print()
        summary.append((name, stats))

    print("summary:")
    for name, s in summary:
        print(f"  {name:16} games {s.games:5}  positions {s.positions:7}  mismatches {len(s.mismatches)}")
    total = sum(len(s.mismatches) for _, s in summary)
    print(f"{sum(s.positions for _, s in summary)} positions, {total} mismatches")
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
