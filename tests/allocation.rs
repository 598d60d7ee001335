//! Playouts allocate nothing per action once their move buffer has grown: a counting allocator
//! watches the thread that plays.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use tabula::Catalog;
use tabula::engine::playout::seeded_rng;

struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

// SAFETY: defers every call to the system allocator; only counts on the side.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

fn allocations() -> u64 {
    ALLOCATIONS.with(|c| c.get())
}

#[test]
fn random_playouts_allocate_nothing_after_warm_up() {
    for name in [
        "epaminondas",
        "epaminondas-8x8",
        "crossings",
        "breakthrough",
        "english-draughts",
        "blue-and-gray",
        "gioul",
        "plakoto",
        "backgammon",
    ] {
        let (game, _, _) = Catalog::default().load(name, &[]).expect("game loads");
        let mut rng = seeded_rng(7);
        let mut buffer = Vec::with_capacity(16);
        // Warm-up: the buffer grows to the largest move list it meets, and for a game that reads
        // `repetitions` (English draughts) the kept history to the longest playout.
        for _ in 0..20 {
            game.random_playout(&mut rng, &mut buffer, 5_000);
        }
        buffer.reserve(1024);
        let before = allocations();
        let mut actions = 0;
        for _ in 0..10 {
            actions += game.random_playout(&mut rng, &mut buffer, 5_000).actions;
        }
        let during = allocations() - before;
        assert!(
            actions > 100,
            "{name}: the playouts played {actions} actions"
        );
        assert_eq!(
            during, 0,
            "{name}: {during} allocations in {actions} actions"
        );
    }
}

/// A game that reads `repetitions`: the playout keeps the keys of its positions in a list that,
/// like the move buffer, is kept from one playout to the next and stops growing after the warm-up.
#[test]
fn playouts_that_keep_a_history_allocate_nothing_after_warm_up() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/games/history.toml");
    let (game, _, _) = tabula::load_game_file(&path, &[]).expect("game loads");
    assert!(game.uses_history);
    let mut rng = seeded_rng(7);
    let mut buffer = Vec::with_capacity(16);
    // Warm-up: the move buffer and the history grow to the longest playout they meet.
    for _ in 0..20 {
        game.random_playout(&mut rng, &mut buffer, 500);
    }
    let before = allocations();
    let mut actions = 0;
    let mut ended = 0;
    for _ in 0..10 {
        let playout = game.random_playout(&mut rng, &mut buffer, 500);
        actions += playout.actions;
        ended += u64::from(playout.outcome.is_some());
    }
    let during = allocations() - before;
    assert!(actions > 20, "the playouts played {actions} actions");
    assert_eq!(ended, 10, "every playout ends, by repetition at the latest");
    assert_eq!(during, 0, "{during} allocations in {actions} actions");
}

#[test]
fn the_counter_sees_allocations() {
    let before = allocations();
    let v: Vec<u8> = Vec::with_capacity(10);
    assert!(allocations() > before);
    drop(v);
}

/// A search allocates per tree (its arena and buffers), not per iteration: ten times the
/// iterations cost only the arena's few doublings more.
#[test]
fn a_search_allocates_per_tree_not_per_iteration() {
    use tabula::ai::{Budget, MctsConfig};
    for name in ["breakthrough", "backgammon", "english-draughts"] {
        let (game, _, _) = Catalog::default().load(name, &[]).expect("game loads");
        let mut start = game.initial;
        let mut rng = seeded_rng(3);
        while game.is_chance(&start) {
            let roll = game.random_action(&start, &mut rng).expect("a roll");
            game.apply(&mut start, &roll);
        }
        let count = |iterations: u64| {
            let config = MctsConfig {
                budget: Budget::Iterations(iterations),
                ..MctsConfig::default()
            };
            let before = allocations();
            game.mcts(&start, &[], &config).expect("a decision");
            allocations() - before
        };
        count(100); // warm-up: thread-local buffers
        let (small, large) = (count(400), count(4_000));
        assert!(
            large < small + 120,
            "{name}: {small} allocations for 400 iterations, {large} for 4000"
        );
    }
}
