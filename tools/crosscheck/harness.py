"""What the cross-check scripts share: running `tabula`, and comparing an independent generator
with it (perft from the start, then the legal tokens along seeded random games and, where the
generator judges them, the games' outcomes)."""

from __future__ import annotations

import argparse
import random
import subprocess


def tabula(binary: str, *args: str) -> str:
    """The standard output of `tabula ARGS`; an error if it fails."""
    return subprocess.run([binary, *args], check=True, capture_output=True, text=True).stdout


def outcome_said(binary: str, game: str, played: list[str]) -> str:
    """The last line `tabula show` prints after the tokens: `game over: white wins`, ..."""
    return tabula(binary, "show", game, "--after", " ".join(played)).strip().splitlines()[-1]


def perft(pos, depth: int) -> int:
    """Move sequences of `depth` moves from `pos`, a position with `moves()` and `play(move)`."""
    if depth == 0:
        return 1
    moves = pos.moves()
    if depth == 1:
        return len(moves)
    return sum(perft(pos.play(m), depth - 1) for m in moves)


def compare_generator(binary, game, start, perft, depth, games, seed) -> int:
    """Perft of `start()` to `depth` against `tabula perft`, then `games` random games from
    `start()` (a position with `tokens()` and `after(token)`) against `tabula moves`, and, where
    the position has `outcome()` (`"white wins"`, `"draw"`), each game's end against the outcome
    `tabula show` states; prints each mismatch and a summary, and returns how many there were.
    Without `binary`, perft alone."""
    failures = 0
    for d in range(1, depth + 1):
        mine = perft(start(), d)
        line = f"perft({d}) = {mine}"
        if binary:
            theirs = int(tabula(binary, "perft", game, "--depth", str(d)).strip())
            line += f", tabula {theirs}" + ("" if theirs == mine else "  MISMATCH")
            failures += theirs != mine
        print(line)
    if not binary:
        return failures
    rng = random.Random(seed)
    positions = 0
    for number in range(games):
        pos, played = start(), []
        while True:
            mine = sorted(pos.tokens())
            theirs = sorted(tabula(binary, "moves", game, "--after", " ".join(played)).split())
            positions += 1
            if mine != theirs:
                print(f"game {number}: after {' '.join(played)!r}: mine {mine}, tabula {theirs}")
                failures += 1
                break
            if not mine:
                failures += outcome_differs(binary, game, pos, played, number)
                break
            played.append(rng.choice(mine))
            pos = pos.after(played[-1])
    print(f"{games} random games, {positions} positions compared, {failures} mismatch(es)")
    return failures


def outcome_differs(binary, game, pos, played, number) -> bool:
    """Whether the outcome `pos.outcome()` judges at a game's end (if the generator judges one)
    differs from the one `tabula show` states after the same tokens; prints it if so."""
    if not hasattr(pos, "outcome"):
        return False
    mine, theirs = pos.outcome(), outcome_said(binary, game, played)
    if theirs == f"game over: {mine}":
        return False
    print(f"outcome of game {number}: mine {mine!r}, tabula {theirs!r} after {len(played)} actions")
    return True


def generator_main(doc: str, game: str, start, perft, depth: int, games: int) -> int:
    """The command line of a script whose generator needs nothing more: `--depth`, `--tabula`,
    `--games` and `--seed` (defaults `depth` and `games`), then [`compare_generator`]; the exit
    status is 1 on any mismatch."""
    ap = argparse.ArgumentParser(description=doc.splitlines()[0])
    ap.add_argument("--depth", type=int, default=depth)
    ap.add_argument("--tabula", help="a tabula binary to compare with")
    ap.add_argument("--games", type=int, default=games, help="random games compared with --tabula")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    failures = compare_generator(
        args.tabula, game, start, perft, args.depth, args.games, args.seed
    )
    return 1 if failures else 0
