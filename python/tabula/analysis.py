"""`tabula analyze` from Python, its games spread over any ``map``: the built-in one, a process
pool, or a Ray cluster (:func:`tabula.analysis.ray_map`). Game ``i`` is played from seed
``seed + i`` exactly as the command line plays it, and the measures are computed by the same Rust
code, so the totals are the command line's wherever the games ran."""

from __future__ import annotations

import json
from functools import lru_cache

import tabula


@lru_cache(maxsize=16)
def _game(name: str, options: tuple) -> tabula.Game:
    return tabula.load_game(name, **dict(options))


def play_one(job: tuple) -> dict:
    """One self-play game: ``job`` is ``(game, options, players, seed, max_actions)``."""
    name, options, players, seed, max_actions = job
    return _game(name, options).self_play(list(players), seed, max_actions)


def analyze(game: str, players: str = "random", games: int = 100, seed: int = 1,
            max_actions: int = 2000, map=map, **options) -> dict:
    """What ``tabula analyze GAME --players SPEC --games N --seed S --format json`` reports of
    ``game`` (its entry in ``games``), the games played through ``map``."""
    loaded = _game(game, tuple(sorted(options.items())))
    seats = tuple([players] * len(loaded.players))
    jobs = [(game, tuple(sorted(options.items())), seats, seed + i, max_actions) for i in range(games)]
    records = list(map(play_one, jobs))
    return json.loads(loaded.measure(records))


def ray_map(function, jobs):
    """``map`` over a Ray cluster: each job a task (``ray.init`` first; ``ray.init(address=...)``
    joins a real cluster). The results come back in the jobs' order."""
    import ray

    remote = ray.remote(function)
    return ray.get([remote.remote(job) for job in jobs])
