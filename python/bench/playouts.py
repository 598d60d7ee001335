"""Random playouts from Python: a Python loop (legal actions, choose, apply) against the batch
call that stays in Rust. Run: python python/bench/playouts.py [GAME ...] [--seconds S]."""

import argparse
import random
import time

import tabula


def python_loop(game, seconds):
    rng = random.Random(1)
    playouts = actions = 0
    until = time.perf_counter() + seconds
    started = time.perf_counter()
    while time.perf_counter() < until:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(outcomes, weights)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            actions += 1
        playouts += 1
    elapsed = time.perf_counter() - started
    return playouts / elapsed, actions / elapsed


def batch(game, seconds):
    n = 10
    while True:
        started = time.perf_counter()
        done, actions, _, _ = game.random_playouts(n, seed=1)
        elapsed = time.perf_counter() - started
        if elapsed > seconds / 2:
            return done / elapsed, actions / elapsed
        n *= 2


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", nargs="*", default=["breakthrough", "backgammon"])
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    print("| game | Python loop playouts/s | actions/s | batch playouts/s | actions/s |")
    print("|---|---|---|---|---|")
    for name in args.games:
        game = tabula.load_game(name)
        loop = python_loop(game, args.seconds)
        fast = batch(game, args.seconds)
        print(f"| {name} | {loop[0]:,.0f} | {loop[1]:,.0f} | {fast[0]:,.0f} | {fast[1]:,.0f} |")
