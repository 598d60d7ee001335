//! Irreversible actions (`tabula::compile::fast::irreversible`): found from the shape of the rules, they
//! let a random playout forget the positions before them. Along random games, no position before
//! such an action comes back after it, and playouts end as they do with the whole history kept.

use rand::RngExt;
use tabula::engine::deferred_forbids::Drawn;
use tabula::engine::movegen::Outcome;
use tabula::engine::playout::seeded_rng;
use tabula::{Game, load_game_file};

fn load(name: &str) -> Game {
    load_with(name, &[])
}

fn load_with(name: &str, options: &[(&str, &str)]) -> Game {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("games/{name}.toml"));
    let options: Vec<(String, String)> = options
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    load_game_file(&path, &options)
        .unwrap_or_else(|e| panic!("{e}"))
        .0
}

fn kind(game: &Game, name: &str) -> u8 {
    game.pieces
        .iter()
        .position(|p| p.name == name)
        .expect("a kind") as u8
}

#[test]
fn the_shape_of_the_rules_tells_which_actions_are_irreversible() {
    let draughts = load("english-draughts");
    let irreversible = draughts.irreversible.as_ref().expect("captures are");
    // Men step and jump forward only and nothing makes a man; kings go both ways.
    for player in 0..2 {
        assert!(irreversible.is_one_way(player, kind(&draughts, "man")));
        assert!(!irreversible.is_one_way(player, kind(&draughts, "king")));
    }
    // Castling's `shift` may move any piece: no kind is sure to be one-way, captures still are.
    let chess = load("chess");
    let irreversible = chess.irreversible.as_ref().expect("captures are");
    assert!(!irreversible.is_one_way(0, kind(&chess, "pawn")));
    // Drops put captured pieces back on the board: a capture can be undone.
    assert!(load("shogi").irreversible.is_none());
}

/// Plays random games keeping every position's key, and checks that no key before an action
/// called irreversible occurs again after it. Returns how many such actions were played.
fn no_position_comes_back(game: &Game, games: u64, plies: usize) -> usize {
    let irreversible = game.irreversible.as_ref().expect("the game has some");
    let mut rng = seeded_rng(5);
    let mut actions = Vec::new();
    let mut resets = 0;
    for _ in 0..games {
        let mut state = game.initial;
        let mut history = Vec::new();
        // The keys of the positions before the last irreversible action.
        let mut gone = std::collections::HashSet::new();
        for _ in 0..plies {
            let key = game.position_key(&state);
            assert!(
                !gone.contains(&key),
                "a position came back in {}",
                game.name
            );
            if game
                .legal_actions_with_history(&state, &history, &mut actions)
                .is_some()
            {
                break;
            }
            let pick = actions[rng.random_range(0..actions.len())];
            game.note_position(&mut history, &state);
            if irreversible.resets(&state, &pick) {
                resets += 1;
                gone.extend(history.iter().copied());
            }
            game.apply(&mut state, &pick);
        }
    }
    resets
}

#[test]
fn no_position_before_an_irreversible_action_comes_back() {
    for (name, games) in [
        ("english-draughts", 60),
        ("international-draughts", 10),
        ("chess", 6),
        ("lines-of-action", 6),
    ] {
        let game = load(name);
        assert!(
            no_position_comes_back(&game, games, 400) > games as usize,
            "{name}"
        );
    }
}

/// The outcome and length of a random game played with every earlier position kept, picking as
/// [`Game::random_playout`] does.
fn with_whole_history(game: &Game, seed: u64, max: u64) -> (u64, Option<Outcome>) {
    let mut rng = seeded_rng(seed);
    let mut state = game.initial;
    let mut history = Vec::new();
    let mut actions = Vec::new();
    for played in 0..max {
        let pick = match game.draw_legal_action(&state, &history, &mut None, &mut actions, &mut rng)
        {
            Drawn::Over(outcome) => return (played, Some(outcome)),
            Drawn::Chance => unreachable!("{} has no chance", game.name),
            Drawn::Action(pick) => pick,
        };
        game.note_position(&mut history, &state);
        game.apply(&mut state, &pick);
    }
    (max, None)
}

#[test]
fn playouts_that_forget_end_as_those_that_keep_everything() {
    // Without the forty-move rule a draughts game is drawn only by repetition.
    let draughts = load_with("english-draughts", &[("forty_move_rule", "false")]);
    for (game, games) in [(draughts, 300), (load("chess"), 4)] {
        let name = &game.name;
        let mut draws = 0;
        for seed in 0..games {
            let mut buffer = Vec::new();
            let playout = game.random_playout(&mut seeded_rng(seed), &mut buffer, 2000);
            let (actions, outcome) = with_whole_history(&game, seed, 2000);
            assert_eq!(
                (playout.actions, playout.outcome),
                (actions, outcome),
                "{name} {seed}"
            );
            draws += usize::from(outcome == Some(Outcome::Draw));
        }
        // Some random draughts games are drawn by repetition (8 of these 300): the history
        // matters in them.
        assert!(games < 300 || draws >= 5, "{name}: {draws} draws");
    }
}
