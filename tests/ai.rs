//! The search player: deterministic on any number of threads, blind to hidden values, sound with
//! chance, and stronger than random play.

use tabula::ai::{Budget, MctsConfig, Proof};
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
fn the_trees_not_the_threads_decide_the_search() {
    let game = load("breakthrough");
    let state = after_random(&game, 5, 6);
    let visits = |trees: usize, threads: usize| -> Vec<_> {
        let config = MctsConfig {
            trees,
            ..config(1200, threads)
        };
        let found = game.mcts(&state, &[], &config).expect("a decision");
        assert_eq!(found.iterations, 1200);
        found
            .choices
            .iter()
            .map(|c| (c.action, c.visits))
            .collect::<Vec<_>>()
    };
    for trees in [1, 3] {
        assert_eq!(visits(trees, 1), visits(trees, 4), "{trees} trees");
    }
    // The iterations are split another way: one deep tree, not eight shallow ones.
    assert_ne!(visits(1, 1), visits(8, 1));
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

fn solver(iterations: u64) -> MctsConfig {
    MctsConfig {
        solver: true,
        ..config(iterations, 1)
    }
}

#[test]
fn the_solver_proves_a_forced_win_and_plays_it() {
    // X in a corner, O on an edge next to it: X wins by force (five plies on).
    let game = load("tic-tac-toe");
    let mut state = game.initial;
    game.play_tokens(&mut state, "a1 a2").expect("legal");
    let found = game.mcts(&state, &[], &solver(20_000)).expect("a decision");
    assert_eq!(found.choices[0].proof, Some(Proof::Win));
    assert_eq!(found.win_rate, 1.0);
    assert!(found.iterations < 20_000, "a proved root stops the search");
    // After the move, O is lost whatever it plays.
    game.apply(&mut state, &found.action);
    let reply = game.mcts(&state, &[], &solver(20_000)).expect("a decision");
    assert!(
        reply.choices.iter().all(|c| c.proof == Some(Proof::Loss)),
        "{:?}",
        reply.choices
    );
    // Plain search estimates; it proves nothing.
    let plain = game
        .mcts(&state, &[], &config(2000, 1))
        .expect("a decision");
    assert!(plain.choices.iter().all(|c| c.proof.is_none()));
}

#[test]
fn the_solver_proves_a_draw() {
    // X in the centre, O in a corner: a draw with best play, and some of X's moves lose.
    let game = load("tic-tac-toe");
    let mut state = game.initial;
    game.play_tokens(&mut state, "b2 a1").expect("legal");
    let found = game.mcts(&state, &[], &solver(80_000)).expect("a decision");
    assert_eq!(
        found.choices[0].proof,
        Some(Proof::Draw),
        "{:?}",
        found.choices
    );
    assert_eq!(found.win_rate, 0.5);
    assert!(
        found
            .choices
            .iter()
            .all(|c| matches!(c.proof, Some(Proof::Draw | Proof::Loss))),
        "every move is proved: {:?}",
        found.choices
    );
}

#[test]
fn the_solver_gives_the_same_move_on_any_number_of_threads() {
    let game = load("breakthrough");
    let state = after_random(&game, 8, 30);
    let search = |threads| {
        let c = MctsConfig {
            threads,
            ..solver(3000)
        };
        let r = game.mcts(&state, &[], &c).expect("a decision");
        let choices: Vec<_> = r
            .choices
            .iter()
            .map(|c| (c.action, c.visits, c.proof))
            .collect();
        (r.action, choices)
    };
    assert_eq!(search(1), search(3));
}

#[test]
fn a_playout_cut_short_is_judged_by_material() {
    // Playouts of one action cannot reach an end: only material can tell the pawn capture from
    // the other moves.
    let game = load("chess");
    let mut state = game.initial;
    game.play_tokens(&mut state, "e2-e4 d7-d5").expect("legal");
    let c = MctsConfig {
        playout_limit: 1,
        ..config(3000, 1)
    };
    let found = game.mcts(&state, &[], &c).expect("a decision");
    assert_eq!(game.action_token(&found.action), "e4xd5");
    assert!(found.choices[0].value > 0.0, "{:?}", found.choices[0]);
}

#[test]
fn the_only_legal_action_is_played_without_a_search() {
    let game = load("english-draughts");
    let mut legal = Vec::new();
    let forced = (0..200)
        .flat_map(|seed| (1..60).map(move |plies| (seed, plies)))
        .map(|(seed, plies)| after_random(&game, seed, plies))
        .find(|state| game.legal_actions(state, &mut legal).is_none() && legal.len() == 1)
        .expect("a position with one legal action");
    game.legal_actions(&forced, &mut legal);
    let found = game
        .mcts(&forced, &[], &config(5000, 1))
        .expect("a decision");
    assert_eq!(found.action, legal[0]);
    assert_eq!(found.iterations, 0);
    assert_eq!(found.prospects(), "the only legal action");
}

/// A race where no piece is ever taken, with playouts cut after one action: only the game's
/// `estimate` tells the search anything, and without it every move is worth nothing.
#[test]
fn a_playout_cut_short_is_judged_by_the_estimate_where_the_game_gives_one() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/games/race_with_estimate.toml");
    let game = load_game_file(&path, &[])
        .unwrap_or_else(|e| panic!("{e}"))
        .0;
    let cut_at_once = MctsConfig {
        playout_limit: 1,
        ..config(60, 1)
    };
    let values = |game: &Game, config: &MctsConfig| -> Vec<f64> {
        let found = game.mcts(&game.initial, &[], config).expect("a decision");
        found.choices.iter().map(|c| c.value).collect()
    };
    assert!(
        values(&game, &cut_at_once).iter().any(|&v| v != 0.0),
        "the estimate was not read"
    );
    let mut without = game.clone();
    without.estimates.clear();
    assert!(
        values(&without, &cut_at_once).iter().all(|&v| v == 0.0),
        "something besides the estimate judged"
    );
    // `mcts:estimate=false` judges by material, as if the game had no estimate.
    let by_material = MctsConfig {
        estimate: false,
        ..cut_at_once
    };
    assert!(
        values(&game, &by_material).iter().all(|&v| v == 0.0),
        "the estimate was read although the player was told not to"
    );
}

/// Two wins, by 2 points and by 1: a search maximises the score, and with `scores=false` it
/// values every win alike.
#[test]
fn a_search_maximises_scores_unless_told_to_count_wins_alone() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/games/two_prizes.toml");
    let game = load_game_file(&path, &[])
        .unwrap_or_else(|e| panic!("{e}"))
        .0;
    let values = |config: &MctsConfig| -> Vec<(String, f64)> {
        let found = game.mcts(&game.initial, &[], config).expect("a decision");
        let mut v: Vec<(String, f64)> = found
            .choices
            .iter()
            .map(|c| (game.action_token(&c.action), c.value))
            .collect();
        v.sort_by(|a, b| a.0.cmp(&b.0));
        v
    };
    let by_points = config(40, 1);
    assert_eq!(
        values(&by_points),
        [("a1".to_string(), 1.0), ("b1".to_string(), 0.5)],
        "a win by 2 is worth twice a win by 1"
    );
    let found = game
        .mcts(&game.initial, &[], &by_points)
        .expect("a decision");
    assert_eq!(game.action_token(&found.action), "a1");
    // The win rate is a rate of wins, whatever their score: both moves win every time.
    assert_eq!(found.win_rate, 1.0);
    assert!(
        found.choices.iter().all(|c| c.win_rate == 1.0),
        "{:?}",
        found.choices
    );
    assert_eq!(found.prospects(), "estimated win rate 100%");
    let by_wins = MctsConfig {
        scores: false,
        ..by_points
    };
    assert_eq!(
        values(&by_wins),
        [("a1".to_string(), 1.0), ("b1".to_string(), 1.0)],
        "every win counts 1"
    );
}

/// Every shipped game, dice, hidden pieces, turns of several parts and passes alike: at each of the
/// first decisions of a game, the search and the solver (tiny budgets, playouts cut short) choose
/// one of the legal actions, and the game goes on with it.
#[test]
fn a_search_chooses_a_legal_action_in_every_shipped_game() {
    let catalog = tabula::Catalog::default();
    let searches = [
        MctsConfig {
            playout_limit: 12,
            ..config(6, 1)
        },
        MctsConfig {
            playout_limit: 12,
            ..solver(6)
        },
    ];
    let listings = catalog.list();
    assert!(listings.len() >= 30, "the shipped games are listed");
    for listing in listings {
        let (game, _, _) = catalog
            .load_any(&listing.id, &[])
            .unwrap_or_else(|e| panic!("{e}"));
        tabula::with_game!(game, game => {
            let mut rng = seeded_rng(4);
            let mut state = game.initial;
            let mut history = Vec::new();
            let mut legal = Vec::new();
            let mut decisions = 0;
            for _ in 0..40 {
                if game.legal_actions_with_history(&state, &history, &mut legal).is_some() {
                    break;
                }
                let action = if game.is_roll_due(&state) {
                    game.sample_roll(&mut rng)
                } else if game.is_chance(&state) {
                    legal[0]
                } else {
                    let config = &searches[decisions % 2];
                    decisions += 1;
                    let found = game
                        .mcts(&state, &history, config)
                        .unwrap_or_else(|| panic!("{}: no decision", listing.id));
                    assert!(
                        legal.contains(&found.action),
                        "{}: the search chose `{}`, not a legal action",
                        listing.id,
                        game.action_token(&found.action)
                    );
                    assert!((0.0..=1.0).contains(&found.win_rate), "{}", listing.id);
                    game.note_position(&mut history, &state);
                    found.action
                };
                game.apply(&mut state, &action);
            }
            assert!(decisions >= 4, "{}: only {decisions} decisions", listing.id);
        });
    }
}
