"""The PettingZoo environment passes PettingZoo's own API test on several kinds of game."""

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test  # noqa: E402

from tabula.pettingzoo import env  # noqa: E402


@pytest.mark.parametrize("game,options", [
    ("tic-tac-toe", {}),
    ("breakthrough", {}),
    ("backgammon", {}),
    ("hold-pley", {"max_plies": 60}),
    ("nine-mens-morris", {}),
])
def test_api_test_passes(game, options):
    api_test(env(game, **options), num_cycles=200)


def test_a_game_runs_to_its_end_with_the_masks():
    e = env("connect-four")
    e.reset(seed=4)
    rng = np.random.default_rng(4)
    for agent in e.agent_iter(max_iter=200):
        observation, reward, termination, truncation, _ = e.last()
        if termination or truncation:
            action = None
        else:
            action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        e.step(action)
    assert all(e.terminations.values()) or not e.agents
