//! The search player: deterministic on any number of threads, blind to hidden values, sound with
//! chance, and stronger than random play.

use tabula::ai::{Budget, MctsConfig};
use tabula::engine::movegen::Outcome;
use tabula::engine::playout::seeded_rng;
use tabula::{Game, State, load_game_file};

fn load(name: &str) -> Game {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("games/{name}.toml"));
    load_game_file(&path, &[])
        .unwrap_or_else(|e| panic!("{e}"))
        .0
}

fn config(iterations: u64, threads: usize) -> MctsConfig {
    MctsConfig {
        budget: Budget::Iterations(iterations),
        threads,
        ..MctsConfig::default()
    }
}

/// The position after some seeded random actions (chance drawn from the same generator).
fn after_random(game: &Game, seed: u64, actions: usize) -> State {
    let mut rng = seeded_rng(seed);
    let mut state = game.initial;
    for _ in 0..actions {
        match game.random_action(&state, &mut rng) {
            Some(a) => game.apply(&mut state, &a),
            None => break,
        }
    }
    state
}

#[test]
fn the_same_seed_and_iterations_give_the_same_search_on_any_number_of_threads() {
    for (name, plies) in [
        ("breakthrough", 6),
        ("connect-four", 4),
        ("epaminondas-8x8", 4),
    ] {
        let game = load(name);
        let state = after_random(&game, 5, plies);
        let one = game
            .mcts(&state, &[], &config(1200, 1))
            .expect("a decision");
        for threads in [2, 3, 8] {
            let many = game
                .mcts(&state, &[], &config(1200, threads))
                .expect("a decision");
            assert_eq!(one.action, many.action, "{name}, {threads} threads");
            let visits = |r: &tabula::ai::SearchResult| -> Vec<_> {
                r.choices.iter().map(|c| (c.action, c.visits)).collect()
            };
            assert_eq!(visits(&one), visits(&many), "{name}, {threads} threads");
        }
        assert_eq!(one.iterations, 1200);
    }
}

#[test]
fn a_search_never_reads_a_hidden_value() {
    // Hold pley's face-down pieces: the same position with their hidden kinds dealt two ways.
    let game = load("hold-pley");
    let mut state = after_random(&game, 3, 0);
    while game.is_chance(&state) {
        let a = game
            .random_action(&state, &mut seeded_rng(9))
            .expect("an outcome");
        game.apply(&mut state, &a);
    }
    let hiding: Vec<u16> = (0..game.board.cells as u16)
        .filter(|&c| game.is_face_down(&state, c))
        .collect();
    assert!(hiding.len() >= 2, "the test needs face-down pieces");
    let hidden_kinds: Vec<u8> = game
        .pieces
        .iter()
        .find(|p| !p.hides.is_empty())
        .map(|p| p.hides.clone())
        .expect("a kind that hides others");
    let deal = |shift: usize| {
        let mut dealt = state;
        for (i, &cell) in hiding.iter().enumerate() {
            let (owner, _) = dealt.piece(cell).expect("a piece");
            let kind = hidden_kinds[(i + shift) % hidden_kinds.len()];
            dealt.put(cell, owner, kind);
            dealt.face_down.insert(cell);
        }
        dealt
    };
    let (a, b) = (deal(0), deal(3));
    assert_ne!(a, b, "two different deals");
    let search = |s: &State| game.mcts(s, &[], &config(400, 1)).expect("a decision");
    let (ra, rb) = (search(&a), search(&b));
    assert_eq!(ra.action, rb.action);
    let stats = |r: &tabula::ai::SearchResult| -> Vec<_> {
        r.choices
            .iter()
            .map(|c| (c.action, c.visits, c.value.to_bits()))
            .collect()
    };
    assert_eq!(
        stats(&ra),
        stats(&rb),
        "the deal changed what the search saw"
    );
}

#[test]
fn a_search_takes_a_win_in_one() {
    let game = load("tic-tac-toe");
    let mut state = game.initial;
    game.play_tokens(&mut state, "a1 b1 a2 b2").expect("legal");
    let found = game
        .mcts(&state, &[], &config(2000, 1))
        .expect("a decision");
    assert_eq!(game.action_token(&found.action), "a3");
    assert!(found.win_rate > 0.9, "{}", found.win_rate);
}

#[test]
fn a_search_plays_through_dice() {
    // Backgammon after the opening roll: the search's move is legal, and chance is not its choice.
    let game = load("backgammon");
    let state = after_random(&game, 2, 1);
    assert!(!game.is_chance(&state));
    let found = game.mcts(&state, &[], &config(300, 1)).expect("a decision");
    let mut legal = Vec::new();
    game.legal_actions(&state, &mut legal);
    assert!(legal.contains(&found.action));
}

#[test]
fn a_search_beats_random_play_at_tic_tac_toe_and_breakthrough() {
    for (name, games, iterations) in [("tic-tac-toe", 6, 1500), ("breakthrough", 4, 1500)] {
        let game = load(name);
        let mut rng = seeded_rng(17);
        for g in 0..games {
            let searcher = (g % 2) as u8;
            let mut state = game.initial;
            let outcome = loop {
                let mut legal = Vec::new();
                if let Some(o) = game.legal_actions(&state, &mut legal) {
                    break o;
                }
                let action = if state.to_move == searcher {
                    let c = MctsConfig {
                        seed: g,
                        ..config(iterations, 1)
                    };
                    game.mcts(&state, &[], &c).expect("a decision").action
                } else {
                    game.random_action(&state, &mut rng).expect("a move")
                };
                game.apply(&mut state, &action);
            };
            assert!(
                !matches!(outcome, Outcome::Win(p, _) if p != searcher),
                "{name} game {g}: the search lost to random play"
            );
        }
    }
}
