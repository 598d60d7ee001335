"""The Python API against the command line: perft, records, chance, hidden information."""

import os
import random
import subprocess
from pathlib import Path

import numpy as np
import pytest

import tabula

ROOT = Path(__file__).resolve().parents[2]
BINARY = Path(os.environ.get("TABULA_BIN", ROOT / "target" / "debug" / "tabula"))


def cli(*args: str) -> str:
    done = subprocess.run([str(BINARY), *args], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return done.stdout


def perft(state: tabula.State, depth: int) -> int:
    """Action sequences of `depth` from `state`, as `tabula perft` counts them: each chance
    outcome expanded, without using depth (the rulings' convention); a leaf is counted before
    any chance event it would start."""
    if depth == 0:
        return 1
    if state.is_terminal():
        return 0
    if state.is_chance_node():
        total = 0
        for action, _ in state.chance_outcomes():
            child = state.clone()
            child.apply_action(action)
            total += perft(child, depth)
        return total
    total = 0
    for action in state.legal_actions():
        child = state.clone()
        child.apply_action(action)
        total += perft(child, depth - 1)
    return total


@pytest.mark.parametrize("name,depth", [("breakthrough", 3), ("tic-tac-toe", 4), ("hold-pley", 2), ("kalah", 3), ("backgammon", 1), ("ur", 4), ("ludo", 3), ("pentago", 1), ("surakarta", 3), ("y", 2)])
def test_perft_agrees_with_the_command_line(name, depth):
    game = tabula.load_game(name)
    counted = cli("perft", name, "--depth", str(depth)).split()[-1]
    assert perft(game.new_initial_state(), depth) == int(counted)


def random_game(name: str, seed: int, **options) -> tabula.State:
    rng = random.Random(seed)
    state = tabula.load_game(name, **options).new_initial_state()
    for _ in range(5000):
        if state.is_terminal():
            break
        if state.is_chance_node():
            actions, weights = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, weights)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("name", ["breakthrough", "backgammon", "hold-pley", "connect-four", "ur", "oware"])
def test_a_game_played_in_python_is_a_record_the_command_line_replays(name, tmp_path):
    state = random_game(name, seed=3, **({"max_plies": 300} if name == "hold-pley" else {}))
    assert state.is_terminal()
    tokens = state.history_tokens()
    options = '\n[options]\nmax_plies = "300"\n' if name == "hold-pley" else ""
    record = tmp_path / "game.toml"
    record.write_text(f'game = "{name}"\ntokens = \'\'\'\n{" ".join(tokens)}\n\'\'\'\n{options}')
    said = cli("replay", str(record), "--check")
    assert f"{len(tokens)} actions, all legal; the game is over" in said
    returns = state.returns()
    assert len(returns) == 2 and abs(sum(returns)) < 1e-9
    if returns[0] > 0:
        assert f"the game is over: {tabula.load_game(name).players[0]} wins" in said


def test_chance_outcomes_are_the_dice_with_their_odds():
    state = tabula.load_game("backgammon").new_initial_state()
    assert state.is_chance_node() and state.current_player() == tabula.CHANCE_PLAYER_ID
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 21
    assert abs(sum(p for _, p in outcomes) - 1) < 1e-12
    doublets = [p for a, p in outcomes if state.action_to_string(a).split(":")[1] in {f"{d}-{d}" for d in range(1, 7)}]
    assert len(doublets) == 6 and all(abs(p - 1 / 36) < 1e-12 for p in doublets)


def test_a_throw_of_binary_dice_has_the_odds_of_its_total():
    """Ur's four binary dice (`[roll]`): totals 0 to 4, as likely as 1, 4, 6, 4 and 1 in 16."""
    state = tabula.load_game("ur").new_initial_state()
    assert state.is_chance_node()
    odds = {state.action_to_string(a): p for a, p in state.chance_outcomes()}
    assert odds == {"roll:0": 1 / 16, "roll:1": 4 / 16, "roll:2": 6 / 16, "roll:3": 4 / 16, "roll:4": 1 / 16}
    state.apply_token("roll:3")
    assert not state.is_chance_node() and state.legal_tokens() == ["b1"]


def test_actions_are_the_same_ids_in_every_position_and_illegal_ones_are_refused():
    game = tabula.load_game("breakthrough")
    state = game.new_initial_state()
    first = dict(zip(state.legal_tokens(), state.legal_actions()))
    state.apply_token("a2-a3")
    state.apply_token("a7-a6")
    again = dict(zip(state.legal_tokens(), state.legal_actions()))
    assert again["b2-b3"] == first["b2-b3"]
    with pytest.raises(ValueError, match="not legal"):
        state.apply_action(first["a2-a3"])
    with pytest.raises(ValueError):
        state.apply_token("a2-a5")
    copy = state.clone()
    copy.apply_token("b2-b3")
    assert len(copy.history_tokens()) == len(state.history_tokens()) + 1


def test_an_observation_holds_nothing_hidden():
    game = tabula.load_game("hold-pley")
    state = game.new_initial_state()
    kinds = game.piece_kinds
    for player in range(2):
        planes, scalars = tabula.observation_planes(game, state, player)
        assert planes.shape == (len(kinds) * 2, game.num_cells)
        # Before any reveal, no plane of a numbered kind has a piece: they are all face down.
        numbered = [i for i, k in enumerate(kinds) if k.startswith("n")]
        assert all(planes[k * 2 + owner].sum() == 0 for k in numbered for owner in range(2))
        assert planes.sum() == 14
    # Both players are shown the same: a face-down piece is hidden from its owner too.
    assert np.array_equal(tabula.observation_tensor(state, 0), tabula.observation_tensor(state, 1))


def test_batch_playouts_run_in_rust():
    games, actions, wins, draws = tabula.load_game("tic-tac-toe").random_playouts(2000, seed=1)
    assert games == 2000 and sum(wins) + draws == 2000 and actions >= 5 * 2000


def test_records_and_positions_go_in_and_out():
    game = tabula.load_game("breakthrough")
    played = random_game("breakthrough", seed=9)
    again = game.replay(played.history_tokens())
    assert again.returns() == played.returns() and again.is_terminal()
    with pytest.raises(ValueError, match="action 2 `a2-a5`"):
        game.replay(["a2-a3", "a2-a5"])
    middle = game.replay(played.history_tokens()[:10])
    read = game.state_from_position(middle.to_position())
    assert read.legal_tokens() == middle.legal_tokens()
    assert str(read) == str(middle)
    with pytest.raises(ValueError):
        game.state_from_position("to_move = 3\n")


def test_the_search_finds_a_win_in_one():
    # Tic-tac-toe: x on a1 and b1, o on a2 and b2; x to move wins at c1.
    game = tabula.load_game("tic-tac-toe")
    state = game.replay(["a1", "a2", "b1", "b2"])
    action, token, win_rate = state.mcts_action("solver:iterations=2000")
    assert token == "c1" and win_rate > 0.9
    state.apply_action(action)
    assert state.is_terminal() and state.returns()[0] > 0
    with pytest.raises(ValueError):
        state.mcts_action()


def test_a_record_written_in_python_is_read_by_the_command_line_and_back(tmp_path):
    game = tabula.load_game("hold-pley", max_plies=200)
    state = random_game("hold-pley", seed=4, max_plies=200)
    text = game.record(state)
    path = tmp_path / "game.toml"
    path.write_text(text)
    said = cli("replay", str(path), "--check")
    assert "all legal; the game is over" in said
    again = game.state_from_record(text)
    assert again.history_tokens() == state.history_tokens() and again.returns() == state.returns()
    with pytest.raises(ValueError, match="not `breakthrough`"):
        tabula.load_game("breakthrough").state_from_record(text)
