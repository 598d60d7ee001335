"""A PettingZoo AEC environment for any Tabula game.

Each agent is one of the game's players. An action is an index into the legal actions of the
position, sorted by token; ``observation["action_mask"]`` marks the legal indices, and the action
space is ``Discrete(max_actions)`` (1,024 unless given: enough for every shipped game). Chance
(dice, reveals) is played by the environment with its real odds, from the seed of ``reset``. The
observation is :func:`tabula.observation_tensor` of the agent: nothing hidden from it.
"""

from __future__ import annotations

import random

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

import tabula


class TabulaEnv(AECEnv):
    metadata = {"render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, game: str, max_actions: int = 1024, render_mode: str | None = None, **options):
        super().__init__()
        self.game = tabula.load_game(game, **options)
        self.metadata = {**TabulaEnv.metadata, "name": f"tabula_{game}_v0"}
        self.render_mode = render_mode
        self.max_actions = max_actions
        self.possible_agents = list(self.game.players)
        state = self.game.new_initial_state()
        size = len(state.observation(0))
        self.observation_spaces = {
            agent: spaces.Dict({
                "observation": spaces.Box(-np.inf, np.inf, (size,), np.float32),
                "action_mask": spaces.Box(0, 1, (max_actions,), np.int8),
            })
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(max_actions) for agent in self.possible_agents}
        self._rng = random.Random()

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def _sorted_legal(self):
        pairs = sorted(zip(self.state.legal_tokens(), self.state.legal_actions()))
        if len(pairs) > self.max_actions:
            raise ValueError(f"{len(pairs)} legal actions: more than max_actions={self.max_actions}")
        return [action for _, action in pairs]

    def _play_chance(self):
        while self.state.is_chance_node():
            actions, weights = zip(*self.state.chance_outcomes())
            self.state.apply_action(self._rng.choices(actions, weights)[0])

    def _settle(self):
        """Plays chance, then records whose turn it is, or the end and the rewards."""
        self._play_chance()
        if self.state.is_terminal():
            returns = self.state.returns()
            for i, agent in enumerate(self.agents):
                self.rewards[agent] = returns[i]
                self.terminations[agent] = True
        else:
            self.agent_selection = self.possible_agents[self.state.current_player()]

    def reset(self, seed=None, options=None):
        self._rng = random.Random(seed)
        self.state = self.game.new_initial_state()
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos = {agent: {} for agent in self.agents}
        self.agent_selection = self.agents[0]
        self._settle()

    def observe(self, agent):
        player = self.possible_agents.index(agent)
        mask = np.zeros(self.max_actions, dtype=np.int8)
        if not self.state.is_terminal() and self.state.current_player() == player:
            mask[: len(self.state.legal_actions())] = 1
        return {"observation": tabula.observation_tensor(self.state, player), "action_mask": mask}

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        legal = self._sorted_legal()
        if action is None or not 0 <= int(action) < len(legal):
            raise ValueError(f"action {action} is not legal: the mask has {len(legal)} legal actions")
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        self.state.apply_action(legal[int(action)])
        self._settle()
        self._accumulate_rewards()

    def render(self):
        if self.render_mode == "ansi":
            return str(self.state)
        return None

    def close(self):
        pass


def env(game: str, **kwargs) -> TabulaEnv:
    """The environment of `game` (a name in ``games/`` or a path), its options as keywords."""
    return TabulaEnv(game, **kwargs)
