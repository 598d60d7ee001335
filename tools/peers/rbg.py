#!/usr/bin/env python3
"""Tabula against Regular Boardgames' compiled reasoners: perft equality and random playouts.

Needs the RBG programs built by tools/peers/build-rbg.sh (GAME-perft DEPTH, GAME-bench MS in
RBG_BIN, default /tmp/rbg/build/bin) and a Tabula binary (TABULA, default target/release/tabula),
run from the repository root (Tabula reads ./games/). See tools/peers/RBG.md.

Perft: both count move sequences of exactly D plies from the start (a position with no move
before depth D adds nothing). RBG's perft resolves its keeper's moves (the referee) between the
players' moves, so they are not plies; a player's move is one whole RBG move (`->player ... ->`),
one Tabula action in every pair listed but theMillGame (see PAIRS and RBG.md). Depths 1, 2, ...
are run while the game's time budget lasts (both programs' times added; the next depth is skipped when the last one's time times the
growth of the counts would pass it).

Playouts: RBG's test/benchmark.cpp (flat Monte Carlo, its own generator, seed 1) for S wall
seconds, and `tabula bench GAME --depth 0 --seconds S --seed 1 --threads 1 --json`. Both are
pinned to one core (`taskset -c CPU`) and both figures are playouts per CPU-second of the process
(user + system time from the kernel, startup included), so a busy machine lowers them less than a
wall clock would. Best of R runs each, interleaved.

    python3 tools/peers/rbg.py                                  # every pair
    python3 tools/peers/rbg.py --games reversi-4,yavalath --perft-seconds 30 --bench-seconds 3
    python3 tools/peers/rbg.py --no-bench --json out.json
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import subprocess
import sys
import time

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))

# Tabula game, Tabula options, RBG game file (games/NAME.rbg), what differs (perft or playouts).
PAIRS = [
    ("breakthrough", {}, "breakthrough", ""),
    ("breakthrough-5", {}, "breakthrough_5x5",
     "set-up differs: Tabula (OpenSpiel's board) has one row of pawns each, RBG two"),
    ("breakthrough-6", {}, "breakthrough_6x6", ""),
    ("breakthrough-7", {}, "breakthrough_7x7", ""),
    ("breakthrough-9", {}, "breakthrough_9x9", ""),
    ("breakthrough-10", {}, "breakthrough_10x10", ""),
    ("breakthrough-11", {}, "breakthrough_11x11", ""),
    ("breakthrough-12", {}, "breakthrough_12x12", ""),
    ("knightthrough", {}, "knightthrough", ""),
    ("reversi-4", {}, "reversi_4x4", ""),
    ("reversi-6", {}, "reversi_6x6", ""),
    ("reversi", {}, "reversi", ""),
    ("reversi-10", {}, "reversi_10x10", ""),
    ("fox-and-hounds", {}, "foxAndHounds", ""),
    ("fox-and-hounds-10", {}, "foxAndHounds-10x10", ""),
    ("fox-and-hounds-12", {}, "foxAndHounds-12x12", ""),
    ("silverman-chess", {}, "chessSilverman4x5_kingCapture", ""),
    ("gardner-chess", {}, "chessGardner5x5_kingCapture", ""),
    ("quick-chess", {}, "chessQuick5x6_kingCapture", ""),
    ("los-alamos-chess", {}, "chessLosAlamos6x6_kingCapture", ""),
    ("yavalath", {}, "yavalath", ""),
    ("tic-tac-toe", {}, "ticTacToe", ""),
    ("connect-four", {}, "connect4", ""),
    ("hex-5", {}, "hex_5x5", ""),
    ("hex-6", {}, "hex_6x6", ""),
    ("hex-7", {}, "hex_7x7", ""),
    ("hex-8", {}, "hex_8x8", ""),
    ("hex-9", {}, "hex_9x9", ""),
    ("hex-10", {}, "hex_10x10", ""),
    ("hex", {}, "hex", ""),
    ("gomoku", {}, "gomoku_freeStyle", ""),
    ("gomoku-11", {}, "gomoku_standard_11x11",
     "RBG's standard gomoku wins with exactly five (an overline does not count), Tabula's with five or more"),
    ("gomoku-13", {}, "gomoku_standard_13x13",
     "RBG's standard gomoku wins with exactly five (an overline does not count), Tabula's with five or more"),
    ("amazons", {}, "amazons", ""),
    ("english-draughts", {}, "englishDraughts",
     "draws: RBG after 20 moves each without a capture or a man's move, no repetition rule; "
     "Tabula after 40 (WCDF) and on threefold repetition"),
    ("international-draughts", {}, "internationalDraughts",
     "draws: RBG after 20 moves each without a capture or a man's move; Tabula FMJD 6.1-6.2"),
    ("nine-mens-morris", {}, "theMillGame_split",
     "RBG draws after 20 moves without a mill after the placing phase; Tabula has no draw rule"),
    ("nine-mens-morris", {}, "theMillGame",
     "RBG's unsplit file makes a mill and its capture one move, Tabula two plies (`take`): perft "
     "differs from depth 5 by the mill-closing sequences; theMillGame_split counts as Tabula does"),
    ("pentago", {}, "pentago", ""),
    ("chess", {"insufficient_material": "false"}, "chess",
     "draws: RBG has the fifty-move rule only; Tabula also threefold repetition"),
    ("go-19", {"ko": "none", "max_plies": "722"}, "go",
     "RBG's go: 19 x 19, no ko, suicide forbidden, 722-turn limit, area scoring"),
]


def cpu_run(cmd: list[str], timeout: float | None = None) -> tuple[str, float, float]:
    """Run cmd; its stdout, the child's CPU seconds (user + system) and wall seconds."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run(cmd, cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          text=True, timeout=timeout)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)}: exit {proc.returncode}: {proc.stderr.strip()[-400:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return proc.stdout, cpu, wall


def opts(options: dict[str, str]) -> list[str]:
    out: list[str] = []
    for k, v in options.items():
        out += ["--option", f"{k}={v}"]
    return out


def rbg_perft(rbg_bin: str, game: str, depth: int, timeout: float) -> tuple[int, float]:
    out, cpu, _ = cpu_run([os.path.join(rbg_bin, f"{game}-perft"), str(depth)], timeout)
    m = re.search(r"^perft: (\d+)", out, re.M)
    if not m:
        raise RuntimeError(f"{game}-perft {depth}: no count in {out!r}")
    return int(m.group(1)), cpu


def tabula_perft(tabula: str, game: str, options: dict, depth: int, timeout: float) -> tuple[int, float]:
    out, cpu, _ = cpu_run([tabula, "perft", game, "--depth", str(depth)] + opts(options), timeout)
    return int(out.strip().splitlines()[-1]), cpu


def compare_perft(args, tabula_game, options, rbg_game) -> dict:
    budget = args.perft_seconds
    spent = 0.0
    rows = []
    last_cost = 0.0
    growth = 1.0
    for depth in range(1, args.max_depth + 1):
        if depth > 1 and spent + last_cost * max(growth, 1.0) * 1.2 > budget:
            break
        remaining = max(budget - spent, 5.0) * 3
        try:
            r, rc = rbg_perft(args.rbg_bin, rbg_game, depth, remaining)
            t, tc = tabula_perft(args.tabula, tabula_game, options, depth, remaining)
        except subprocess.TimeoutExpired:
            break
        rows.append({"depth": depth, "rbg": r, "tabula": t, "rbg_cpu": round(rc, 3),
                     "tabula_cpu": round(tc, 3)})
        spent += rc + tc
        if len(rows) >= 2 and rows[-2]["rbg"] > 0:
            growth = r / rows[-2]["rbg"]
        last_cost = rc + tc
        if r != t or r == 0:
            break
    agreed = 0
    for row in rows:
        if row["rbg"] != row["tabula"]:
            break
        agreed = row["depth"]
    return {"rows": rows, "agreed_depth": agreed,
            "mismatch": next((r for r in rows if r["rbg"] != r["tabula"]), None)}


def rbg_bench(rbg_bin: str, game: str, seconds: float, cpu_id: str) -> dict:
    cmd = ["taskset", "-c", cpu_id, os.path.join(rbg_bin, f"{game}-bench"), str(int(seconds * 1000))]
    out, cpu, wall = cpu_run(cmd)
    playouts = int(re.search(r"number of playouts: (\d+)", out).group(1))
    states = int(re.search(r"number of states: (\d+)", out).group(1))
    return {"playouts": playouts, "cpu": cpu, "wall": wall, "per_cpu_s": playouts / cpu,
            "average_length": states / playouts}


def tabula_bench(tabula: str, game: str, options: dict, seconds: float, cpu_id: str) -> dict:
    cmd = ["taskset", "-c", cpu_id, tabula, "bench", game, "--depth", "0", "--seconds", str(seconds),
           "--seed", "1", "--threads", "1", "--json"] + opts(options)
    out, cpu, wall = cpu_run(cmd)
    j = json.loads(out.strip().splitlines()[-1])
    return {"playouts": j["playouts"], "cpu": cpu, "wall": wall,
            "per_cpu_s": j["playouts"] / cpu, "average_length": j["average_length"]}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", help="comma-separated Tabula games (default: every pair)")
    ap.add_argument("--rbg-bin", default=os.environ.get("RBG_BIN", "/tmp/rbg/build/bin"))
    ap.add_argument("--tabula", default=os.environ.get("TABULA", os.path.join(REPO, "target/release/tabula")))
    ap.add_argument("--perft-seconds", type=float, default=30.0, help="CPU budget per game for perft")
    ap.add_argument("--max-depth", type=int, default=12)
    ap.add_argument("--bench-seconds", type=float, default=3.0)
    ap.add_argument("--repeats", type=int, default=3, help="best of this many playout runs")
    ap.add_argument("--cpu", default="1", help="core for taskset")
    ap.add_argument("--no-perft", action="store_true")
    ap.add_argument("--no-bench", action="store_true")
    ap.add_argument("--json", help="also write the results here")
    args = ap.parse_args()

    pairs = PAIRS
    if args.games:
        wanted = args.games.split(",")
        pairs = [p for p in PAIRS if p[0] in wanted]
        missing = set(wanted) - {p[0] for p in pairs}
        if missing:
            sys.exit(f"no pair for: {', '.join(sorted(missing))}")

    results = []
    for tabula_game, options, rbg_game, note in pairs:
        res = {"tabula": tabula_game, "options": options, "rbg": rbg_game, "note": note}
        if not os.path.exists(os.path.join(args.rbg_bin, f"{rbg_game}-perft")):
            res["error"] = f"no {rbg_game}-perft in {args.rbg_bin} (build-rbg.sh)"
            print(f"{tabula_game}: {res['error']}", flush=True)
            results.append(res)
            continue
        if not args.no_perft:
            p = compare_perft(args, tabula_game, options, rbg_game)
            res["perft"] = p
            counts = ", ".join(str(r["rbg"]) for r in p["rows"] if r["rbg"] == r["tabula"])
            line = f"{tabula_game} / {rbg_game}: perft agrees to depth {p['agreed_depth']} ({counts})"
            if p["mismatch"]:
                m = p["mismatch"]
                line += f"; DIFFERS at depth {m['depth']}: RBG {m['rbg']}, Tabula {m['tabula']}"
            print(line, flush=True)
        if not args.no_bench:
            rb, tb = [], []
            for _ in range(args.repeats):
                rb.append(rbg_bench(args.rbg_bin, rbg_game, args.bench_seconds, args.cpu))
                tb.append(tabula_bench(args.tabula, tabula_game, options, args.bench_seconds, args.cpu))
            r = max(rb, key=lambda x: x["per_cpu_s"])
            t = max(tb, key=lambda x: x["per_cpu_s"])
            res["bench"] = {"rbg": r, "tabula": t, "ratio": t["per_cpu_s"] / r["per_cpu_s"]}
            print(f"{tabula_game} / {rbg_game}: playouts per CPU-second: RBG {r['per_cpu_s']:,.0f} (length {r['average_length']:.2f}), "
                  f"Tabula {t['per_cpu_s']:,.0f} (length {t['average_length']:.2f}), "
                  f"Tabula/RBG {t['per_cpu_s'] / r['per_cpu_s']:.2f}x", flush=True)
        results.append(res)

    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
