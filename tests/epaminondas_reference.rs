//! An independent reference implementation of Epaminondas, written from
//! `docs/rulings/epaminondas.md` (2.1-2.5, 2.7, 2.9) and the notation in `docs/rulings/README.md`,
//! compared with the generic engine running `games/epaminondas.toml` and `games/epaminondas-8x8.toml`.
//!
//! The reference is deliberately plain: a `files x ranks` array, every phalanx enumerated by its
//! front stone, its direction and its size, every distance tried, the symmetry rule checked on a copy
//! of the board after the move.
//!
//! Case counts are modest so that `cargo test` stays quick in debug mode. Set `EPAM_REF_SCALE` (a
//! multiplier, default 1) for a longer run, e.g.
//! `EPAM_REF_SCALE=100 cargo test --release --test epaminondas_reference -- --nocapture`,
//! and `EPAM_REF_SEED` (a number) to explore other random cases.

use proptest::strategy::{Strategy, ValueTree};
use proptest::test_runner::{Config, RngAlgorithm, TestCaseError, TestRng, TestRunner};
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};
use tabula::engine::movegen::Outcome;
use tabula::{Action, Game, State};

// ---------------------------------------------------------------------------------------------
// The reference
// ---------------------------------------------------------------------------------------------

const WHITE: u8 = 0;
const BLACK: u8 = 1;

/// The 8 directions as (file step, rank step).
const DIRS: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// A position: `cells[rank * files + file]` is 0 (empty), 1 (a white stone) or 2 (a black stone).
#[derive(Clone, PartialEq, Eq, Debug)]
struct Board {
    files: usize,
    ranks: usize,
    cells: Vec<u8>,
    to_move: u8,
    ply: u32,
}

/// How the game ended, as the reference sees it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum RefOutcome {
    /// The player to move had more stones on the far row at the start of the turn (ruling 2.5).
    HomeRowWin(u8),
    /// The player to move had no legal move and loses (ruling 2.5, 2.9).
    NoMoveLoss(u8),
}

impl RefOutcome {
    fn winner(self) -> u8 {
        match self {
            RefOutcome::HomeRowWin(p) => p,
            RefOutcome::NoMoveLoss(loser) => 1 - loser,
        }
    }
}

/// One move: `n` stones from `rear` to `rear + (n - 1) * dir` move `k` cells along `dir`.
#[derive(Clone, Copy, Debug)]
struct RefMove {
    rear: (i32, i32),
    dir: (i32, i32),
    n: i32,
    k: i32,
    captured: i32,
}

impl RefMove {
    fn head(&self) -> (i32, i32) {
        (
            self.rear.0 + (self.n - 1) * self.dir.0,
            self.rear.1 + (self.n - 1) * self.dir.1,
        )
    }

    fn landing(&self) -> (i32, i32) {
        let h = self.head();
        (h.0 + self.k * self.dir.0, h.1 + self.k * self.dir.1)
    }

    fn token(&self) -> String {
        let sep = if self.captured > 0 { 'x' } else { '-' };
        format!("{}{sep}{}", cell_name(self.rear), cell_name(self.landing()))
    }
}

fn cell_name((f, r): (i32, i32)) -> String {
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}

/// What the reference generator found, with counters of what happened on the way.
#[derive(Default, Debug)]
struct Generated {
    moves: Vec<RefMove>,
    outcome: Option<RefOutcome>,
    /// Moves that were legal except for the symmetry rule.
    symmetry_rejected: usize,
}

impl Board {
    fn empty(files: usize, ranks: usize, to_move: u8) -> Board {
        Board {
            files,
            ranks,
            cells: vec![0; files * ranks],
            to_move,
            ply: 0,
        }
    }

    fn initial(files: usize, ranks: usize) -> Board {
        let mut b = Board::empty(files, ranks, WHITE);
        for f in 0..files as i32 {
            for r in 0..2 {
                b.set((f, r), 1 + WHITE);
                b.set((f, ranks as i32 - 1 - r), 1 + BLACK);
            }
        }
        b
    }

    fn on_board(&self, (f, r): (i32, i32)) -> bool {
        f >= 0 && r >= 0 && (f as usize) < self.files && (r as usize) < self.ranks
    }

    /// The contents of a cell, or `None` off the board.
    fn at(&self, c: (i32, i32)) -> Option<u8> {
        self.on_board(c)
            .then(|| self.cells[c.1 as usize * self.files + c.0 as usize])
    }

    fn set(&mut self, c: (i32, i32), v: u8) {
        assert!(self.on_board(c), "{c:?} is off the board");
        self.cells[c.1 as usize * self.files + c.0 as usize] = v;
    }

    /// The opponent's home row of `player`: rank 12 (the last) for White, rank 1 for Black.
    fn goal_rank(&self, player: u8) -> i32 {
        if player == WHITE {
            self.ranks as i32 - 1
        } else {
            0
        }
    }

    fn count_on_rank(&self, player: u8, rank: i32) -> usize {
        (0..self.files as i32)
            .filter(|&f| self.at((f, rank)) == Some(1 + player))
            .count()
    }

    fn stones(&self, player: u8) -> usize {
        self.cells.iter().filter(|&&v| v == 1 + player).count()
    }

    /// Left-right mirror symmetric, colours kept (ruling 2.4).
    fn is_mirror_symmetric(&self) -> bool {
        (0..self.ranks as i32).all(|r| {
            (0..self.files as i32)
                .all(|f| self.at((f, r)) == self.at((self.files as i32 - 1 - f, r)))
        })
    }

    /// Ruling 2.5: at the start of the turn the player to move wins with strictly more stones on
    /// the opponent's home row than the opponent has on the mover's home row.
    fn start_of_turn_win(&self) -> bool {
        let me = self.to_move;
        let opp = 1 - me;
        self.count_on_rank(me, self.goal_rank(me)) > self.count_on_rank(opp, self.goal_rank(opp))
    }

    /// Every move allowed by ruling 2.4 before the symmetry rule.
    fn pseudo_moves(&self) -> Vec<RefMove> {
        let me = 1 + self.to_move;
        let mut out = Vec::new();
        for hr in 0..self.ranks as i32 {
            for hf in 0..self.files as i32 {
                let head = (hf, hr);
                if self.at(head) != Some(me) {
                    continue;
                }
                for dir in DIRS {
                    // Phalanxes with this front stone in this direction: head, head - dir, ...
                    let mut n = 1;
                    loop {
                        let rear = (head.0 - (n - 1) * dir.0, head.1 - (n - 1) * dir.1);
                        if self.at(rear) != Some(me) {
                            break;
                        }
                        for k in 1..=n {
                            let land = (head.0 + k * dir.0, head.1 + k * dir.1);
                            match self.at(land) {
                                None => break,
                                Some(0) => out.push(RefMove {
                                    rear,
                                    dir,
                                    n,
                                    k,
                                    captured: 0,
                                }),
                                Some(v) if v == me => break,
                                Some(_) => {
                                    // The first enemy stone ahead: count the enemy run from here.
                                    let mut m = 0;
                                    while self.at((land.0 + m * dir.0, land.1 + m * dir.1))
                                        == Some(3 - me)
                                    {
                                        m += 1;
                                    }
                                    if m < n {
                                        out.push(RefMove {
                                            rear,
                                            dir,
                                            n,
                                            k,
                                            captured: m,
                                        });
                                    }
                                    break; // no passing over an enemy stone
                                }
                            }
                        }
                        n += 1;
                    }
                }
            }
        }
        out
    }

    fn generate(&self) -> Generated {
        let mut g = Generated::default();
        if self.start_of_turn_win() {
            g.outcome = Some(RefOutcome::HomeRowWin(self.to_move));
            return g;
        }
        let goal = self.goal_rank(self.to_move);
        for m in self.pseudo_moves() {
            let land = m.landing();
            let reaches_goal = (0..m.n).any(|i| land.1 - i * m.dir.1 == goal);
            if reaches_goal && self.after(&m).is_mirror_symmetric() {
                g.symmetry_rejected += 1;
            } else {
                g.moves.push(m);
            }
        }
        if g.moves.is_empty() {
            g.outcome = Some(RefOutcome::NoMoveLoss(self.to_move));
        }
        g
    }

    fn apply(&mut self, m: &RefMove) {
        let me = 1 + self.to_move;
        let land = m.landing();
        for i in 0..m.captured {
            let c = (land.0 + i * m.dir.0, land.1 + i * m.dir.1);
            assert_eq!(self.at(c), Some(2 - self.to_move), "capturing a non-enemy");
            self.set(c, 0);
        }
        for i in 0..m.n {
            self.set((m.rear.0 + i * m.dir.0, m.rear.1 + i * m.dir.1), 0);
        }
        for i in 0..m.n {
            let c = (
                m.rear.0 + (i + m.k) * m.dir.0,
                m.rear.1 + (i + m.k) * m.dir.1,
            );
            assert_eq!(self.at(c), Some(0), "landing on an occupied cell");
            self.set(c, me);
        }
        self.to_move = 1 - self.to_move;
        self.ply += 1;
    }

    fn after(&self, m: &RefMove) -> Board {
        let mut b = self.clone();
        b.apply(m);
        b
    }

    fn tokens(moves: &[RefMove]) -> Vec<String> {
        let mut t: Vec<String> = moves.iter().map(RefMove::token).collect();
        t.sort();
        t
    }

    /// The position in the format `Game::read_position` reads.
    fn to_toml(&self) -> String {
        let list = |player: u8| -> String {
            let mut names = Vec::new();
            for r in 0..self.ranks as i32 {
                for f in 0..self.files as i32 {
                    if self.at((f, r)) == Some(1 + player) {
                        names.push(format!("\"{}\"", cell_name((f, r))));
                    }
                }
            }
            names.join(", ")
        };
        let ply = if self.ply > 0 {
            format!("ply = {}\n", self.ply)
        } else {
            String::new()
        };
        format!(
            "to_move = \"{}\"\n{ply}[pieces]\nwhite = [{}]\nblack = [{}]\n",
            if self.to_move == WHITE {
                "white"
            } else {
                "black"
            },
            list(WHITE),
            list(BLACK)
        )
    }

    /// The engine's state for this position.
    fn to_state(&self) -> State {
        let mut s = State::empty(self.to_move);
        s.ply = self.ply;
        for (i, &v) in self.cells.iter().enumerate() {
            if v != 0 {
                s.put(i as u16, v - 1, 0);
            }
        }
        s
    }

    fn from_state(files: usize, ranks: usize, s: &State) -> Board {
        let mut b = Board::empty(files, ranks, s.to_move);
        b.ply = s.ply;
        for i in 0..files * ranks {
            if let Some((player, kind)) = s.piece(i as u16) {
                assert_eq!(kind, 0, "only stones in Epaminondas");
                b.cells[i] = 1 + player;
            }
        }
        assert!(
            s.cells()[files * ranks..].iter().all(|&v| v == 0),
            "engine state has pieces beyond the board"
        );
        b
    }
}

// ---------------------------------------------------------------------------------------------
// The engine side
// ---------------------------------------------------------------------------------------------

fn game_14x12() -> &'static Game {
    static G: OnceLock<Game> = OnceLock::new();
    G.get_or_init(|| {
        tabula::Catalog::default()
            .load("epaminondas", &[])
            .unwrap_or_else(|_| panic!("epaminondas does not load"))
            .0
    })
}

fn game_8x8() -> &'static Game {
    static G: OnceLock<Game> = OnceLock::new();
    G.get_or_init(|| {
        tabula::Catalog::default()
            .load("epaminondas-8x8", &[])
            .unwrap_or_else(|_| panic!("epaminondas-8x8 does not load"))
            .0
    })
}

fn engine_state(game: &Game, b: &Board) -> State {
    let direct = b.to_state();
    let read = game
        .read_position(&mut tabula::span::Sources::default(), "x", &b.to_toml())
        .unwrap_or_else(|_| panic!("position does not read:\n{}", b.to_toml()));
    assert_eq!(
        read, direct,
        "read_position disagrees with the direct encoding"
    );
    direct
}

fn engine_actions(game: &Game, s: &State) -> (Vec<Action>, Option<Outcome>) {
    let mut actions = Vec::new();
    let outcome = game.legal_actions(s, &mut actions);
    (actions, outcome)
}

fn sorted_tokens(game: &Game, actions: &[Action]) -> Vec<String> {
    let mut t: Vec<String> = actions.iter().map(|a| game.action_token(a)).collect();
    t.sort();
    t
}

// ---------------------------------------------------------------------------------------------
// Comparison
// ---------------------------------------------------------------------------------------------

#[derive(Default)]
struct Counters {
    positions: AtomicU64,
    moves: AtomicU64,
    captures: AtomicU64,
    multi_captures: AtomicU64,
    symmetry_rejections: AtomicU64,
    positions_with_symmetry_rejection: AtomicU64,
    home_row_wins: AtomicU64,
    no_move_losses: AtomicU64,
    /// No legal move although the player to move has stones.
    stuck: AtomicU64,
}

impl Counters {
    fn add(&self, b: &Board, g: &Generated) {
        self.positions.fetch_add(1, Ordering::Relaxed);
        self.moves
            .fetch_add(g.moves.len() as u64, Ordering::Relaxed);
        let caps = g.moves.iter().filter(|m| m.captured > 0).count() as u64;
        self.captures.fetch_add(caps, Ordering::Relaxed);
        let multi = g.moves.iter().filter(|m| m.captured > 1).count() as u64;
        self.multi_captures.fetch_add(multi, Ordering::Relaxed);
        self.symmetry_rejections
            .fetch_add(g.symmetry_rejected as u64, Ordering::Relaxed);
        if g.symmetry_rejected > 0 {
            self.positions_with_symmetry_rejection
                .fetch_add(1, Ordering::Relaxed);
        }
        match g.outcome {
            Some(RefOutcome::HomeRowWin(_)) => {
                self.home_row_wins.fetch_add(1, Ordering::Relaxed);
            }
            Some(RefOutcome::NoMoveLoss(p)) => {
                self.no_move_losses.fetch_add(1, Ordering::Relaxed);
                if b.stones(p) > 0 {
                    self.stuck.fetch_add(1, Ordering::Relaxed);
                }
            }
            None => {}
        }
    }

    fn get(c: &AtomicU64) -> u64 {
        c.load(Ordering::Relaxed)
    }

    fn report(&self, label: &str) {
        eprintln!(
            "[{label}] positions {}, legal moves {}, capture moves {} (of which >= 2 stones {}), \
             symmetry rejections {} (in {} positions), home-row wins {}, no-move losses {} (with stones on the board {})",
            Self::get(&self.positions),
            Self::get(&self.moves),
            Self::get(&self.captures),
            Self::get(&self.multi_captures),
            Self::get(&self.symmetry_rejections),
            Self::get(&self.positions_with_symmetry_rejection),
            Self::get(&self.home_row_wins),
            Self::get(&self.no_move_losses),
            Self::get(&self.stuck),
        );
    }
}

/// Compares the engine with the reference on one position, and on the position after every legal
/// move. `None` when they agree, otherwise a description of the first difference.
fn disagreement(game: &Game, b: &Board, check_children: bool) -> Option<String> {
    let s = engine_state(game, b);
    let g = b.generate();
    let (actions, outcome) = engine_actions(game, &s);
    let engine_tokens = sorted_tokens(game, &actions);
    let ref_tokens = Board::tokens(&g.moves);
    if engine_tokens != ref_tokens {
        let only_engine: Vec<&String> = engine_tokens
            .iter()
            .filter(|t| !ref_tokens.contains(t))
            .collect();
        let only_ref: Vec<&String> = ref_tokens
            .iter()
            .filter(|t| !engine_tokens.contains(t))
            .collect();
        return Some(format!(
            "legal moves differ\nengine ({}): {engine_tokens:?}\nreference ({}): {ref_tokens:?}\n\
             only engine: {only_engine:?}\nonly reference: {only_ref:?}",
            engine_tokens.len(),
            ref_tokens.len()
        ));
    }
    let ref_outcome = g.outcome.map(|o| Outcome::Win(o.winner(), 1));
    if outcome != ref_outcome {
        return Some(format!(
            "outcome differs: engine {outcome:?}, reference {:?}",
            g.outcome
        ));
    }
    if game.outcome(&s) != ref_outcome {
        return Some(format!(
            "Game::outcome differs: engine {:?}, reference {:?}",
            game.outcome(&s),
            g.outcome
        ));
    }
    if check_children {
        for a in &actions {
            let token = game.action_token(a);
            let m = g
                .moves
                .iter()
                .find(|m| m.token() == token)
                .expect("tokens agree");
            let mut s2 = s;
            game.apply(&mut s2, a);
            let engine_after = Board::from_state(b.files, b.ranks, &s2);
            let ref_after = b.after(m);
            if engine_after != ref_after {
                return Some(format!(
                    "after `{token}` the boards differ\nengine:\n{}reference:\n{}",
                    engine_after.to_toml(),
                    ref_after.to_toml()
                ));
            }
        }
    }
    None
}

/// Removes stones one at a time while the engine and the reference still disagree.
fn minimise(game: &Game, b: &Board) -> Board {
    let mut best = b.clone();
    loop {
        let mut improved = false;
        for i in 0..best.cells.len() {
            if best.cells[i] == 0 {
                continue;
            }
            let mut trial = best.clone();
            trial.cells[i] = 0;
            if disagreement(game, &trial, true).is_some() {
                best = trial;
                improved = true;
            }
        }
        if !improved {
            return best;
        }
    }
}

fn check_position(game: &Game, b: &Board, counters: &Counters) -> Result<(), String> {
    counters.add(b, &b.generate());
    if disagreement(game, b, true).is_some() {
        let small = minimise(game, b);
        let why = disagreement(game, &small, true).unwrap();
        return Err(format!(
            "engine and reference disagree.\nminimal position:\n{}{why}\n\noriginal position:\n{}",
            small.to_toml(),
            b.to_toml()
        ));
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Random positions
// ---------------------------------------------------------------------------------------------

/// One placement step of a random position. Cells off the board are skipped.
#[derive(Clone, Debug)]
enum Op {
    Single {
        f: i32,
        r: i32,
        colour: u8,
    },
    /// A line of one colour.
    Line {
        f: i32,
        r: i32,
        dir: usize,
        len: i32,
        colour: u8,
    },
    /// A dense rectangle, each cell of a random colour (bits of `pattern`, 0 = empty).
    Block {
        f: i32,
        r: i32,
        w: i32,
        h: i32,
        pattern: u32,
    },
    /// A line of one colour, `gap` empty cells, then a line of the other: capture set-ups.
    Duel {
        f: i32,
        r: i32,
        dir: usize,
        na: i32,
        gap: i32,
        nb: i32,
        colour: u8,
    },
}

/// A stone run that reaches the mover's goal row, pulled back `k` cells against its direction in a
/// mirror-symmetric layout, so that moving it forward again recreates the symmetry.
#[derive(Clone, Debug)]
struct Retract {
    f: i32,
    dir: usize,
    n: i32,
    k: i32,
}

#[derive(Clone, Debug)]
struct Spec {
    ops: Vec<Op>,
    mirror: bool,
    retract: Option<Retract>,
    /// Replace all the mover's stones by these, each boxed in by enemy stones.
    trap: Option<Vec<(i32, i32)>>,
    to_move: u8,
}

fn rank_strategy(ranks: i32) -> impl Strategy<Value = i32> + Clone {
    // Biased towards the home rows, where wins and the symmetry rule happen.
    proptest::prop_oneof![
        3 => 0..2i32,
        3 => (ranks - 2)..ranks,
        4 => 0..ranks,
    ]
}

fn op_strategy(files: i32, ranks: i32) -> impl Strategy<Value = Op> {
    let f = 0..files;
    let r = rank_strategy(ranks);
    let colour = 0..2u8;
    proptest::prop_oneof![
        3 => (f.clone(), r.clone(), colour.clone()).prop_map(|(f, r, colour)| Op::Single { f, r, colour }),
        3 => (f.clone(), r.clone(), 0..8usize, 2..6i32, colour.clone())
            .prop_map(|(f, r, dir, len, colour)| Op::Line { f, r, dir, len, colour }),
        2 => (f.clone(), r.clone(), 1..4i32, 1..4i32, proptest::num::u32::ANY)
            .prop_map(|(f, r, w, h, pattern)| Op::Block { f, r, w, h, pattern }),
        3 => (f, r, 0..8usize, 1..5i32, 0..3i32, 1..5i32, colour).prop_map(
            |(f, r, dir, na, gap, nb, colour)| Op::Duel { f, r, dir, na, gap, nb, colour }
        ),
    ]
}

fn spec_strategy(files: i32, ranks: i32) -> impl Strategy<Value = Spec> {
    (
        proptest::collection::vec(op_strategy(files, ranks), 0..9),
        proptest::bool::weighted(0.5),
        proptest::option::weighted(
            0.8,
            (0..files, 0..8usize, 1..4i32, 1..4i32).prop_map(|(f, dir, n, k)| Retract {
                f,
                dir,
                n,
                k: k.min(n),
            }),
        ),
        proptest::option::weighted(0.1, proptest::collection::vec((0..files, 0..ranks), 1..3)),
        0..2u8,
    )
        .prop_map(|(ops, mirror, retract, trap, to_move)| Spec {
            ops,
            mirror,
            retract,
            trap,
            to_move,
        })
}

fn put(b: &mut Board, c: (i32, i32), v: u8) {
    if b.on_board(c) {
        b.set(c, v);
    }
}

fn make_symmetric(b: &mut Board) {
    let w = b.files as i32;
    for r in 0..b.ranks as i32 {
        for f in 0..w / 2 {
            let left = b.at((f, r)).unwrap();
            if left != 0 {
                b.set((w - 1 - f, r), left);
            } else {
                let right = b.at((w - 1 - f, r)).unwrap();
                b.set((f, r), right);
            }
        }
    }
}

fn build(spec: &Spec, files: usize, ranks: usize) -> Board {
    let mut b = Board::empty(files, ranks, spec.to_move);
    for op in &spec.ops {
        match *op {
            Op::Single { f, r, colour } => put(&mut b, (f, r), 1 + colour),
            Op::Line {
                f,
                r,
                dir,
                len,
                colour,
            } => {
                let d = DIRS[dir];
                for i in 0..len {
                    put(&mut b, (f + i * d.0, r + i * d.1), 1 + colour);
                }
            }
            Op::Block {
                f,
                r,
                w,
                h,
                pattern,
            } => {
                for i in 0..w {
                    for j in 0..h {
                        let bits = (pattern >> (2 * (i * 3 + j))) & 3;
                        // 0 and 3 -> empty is too sparse for a "dense" block: 3 -> the first colour.
                        let v = match bits {
                            0 => 0,
                            1 | 3 => 1,
                            _ => 2,
                        };
                        put(&mut b, (f + i, r + j), v);
                    }
                }
            }
            Op::Duel {
                f,
                r,
                dir,
                na,
                gap,
                nb,
                colour,
            } => {
                let d = DIRS[dir];
                let mut c = (f, r);
                for _ in 0..na {
                    put(&mut b, c, 1 + colour);
                    c = (c.0 + d.0, c.1 + d.1);
                }
                for _ in 0..gap {
                    put(&mut b, c, 0);
                    c = (c.0 + d.0, c.1 + d.1);
                }
                for _ in 0..nb {
                    put(&mut b, c, 2 - colour);
                    c = (c.0 + d.0, c.1 + d.1);
                }
            }
        }
    }
    if spec.mirror {
        make_symmetric(&mut b);
        if let Some(rt) = &spec.retract {
            retract(&mut b, rt);
        }
    }
    if let Some(cells) = &spec.trap {
        let me = 1 + spec.to_move;
        for v in b.cells.iter_mut() {
            if *v == me {
                *v = 0;
            }
        }
        for &c in cells {
            for d in DIRS {
                put(&mut b, (c.0 + d.0, c.1 + d.1), 3 - me);
            }
        }
        for &c in cells {
            b.set(c, me);
        }
    }
    // At most a full army per side (28 on 14 x 12, 16 on 8 x 8): drop stones in mirror pairs.
    let cap = 2 * files;
    for player in [WHITE, BLACK] {
        let mut i = 0;
        while b.stones(player) > cap && i < b.cells.len() {
            if b.cells[i] == 1 + player {
                let (f, r) = ((i % files) as i32, (i / files) as i32);
                b.set((f, r), 0);
                let mirror = (files as i32 - 1 - f, r);
                if b.at(mirror) == Some(1 + player) {
                    b.set(mirror, 0);
                }
            }
            i += 1;
        }
    }
    b
}

fn retract(b: &mut Board, rt: &Retract) {
    let me = 1 + b.to_move;
    let d = DIRS[rt.dir];
    let goal = b.goal_rank(b.to_move);
    let front = (rt.f, goal);
    let run: Vec<(i32, i32)> = (0..rt.n)
        .map(|i| (front.0 - i * d.0, front.1 - i * d.1))
        .collect();
    let back: Vec<(i32, i32)> = run
        .iter()
        .map(|c| (c.0 - rt.k * d.0, c.1 - rt.k * d.1))
        .collect();
    if !run.iter().chain(&back).all(|&c| b.on_board(c)) {
        return;
    }
    let w = b.files as i32;
    for &c in &run {
        b.set(c, me);
        b.set((w - 1 - c.0, c.1), me);
    }
    // The layout is now symmetric with the run on the goal row; pull the run back.
    for &c in &run {
        b.set(c, 0);
    }
    for &c in &back {
        b.set(c, me);
    }
    // Keep the start-of-turn win from ending the game first: give the opponent stones on the
    // mover's home row, in mirror pairs from the edges inwards.
    let home = b.goal_rank(1 - b.to_move);
    let mut f = 0;
    while b.start_of_turn_win() && f < w / 2 {
        for c in [(f, home), (w - 1 - f, home)] {
            if b.at(c) == Some(0) {
                b.set(c, 2 - b.to_move);
            }
        }
        f += 1;
    }
}

fn scale() -> u32 {
    std::env::var("EPAM_REF_SCALE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1)
}

fn seed() -> u64 {
    std::env::var("EPAM_REF_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0x0e9a_1a0d)
}

fn runner(cases: u32, salt: u64) -> TestRunner {
    let config = Config {
        cases,
        failure_persistence: None,
        max_shrink_iters: 200,
        ..Config::default()
    };
    let mut key = [0u8; 32];
    key[..8].copy_from_slice(&seed().to_le_bytes());
    key[8..16].copy_from_slice(&salt.to_le_bytes());
    TestRunner::new_with_rng(config, TestRng::from_seed(RngAlgorithm::ChaCha, &key))
}

fn random_positions(game: &Game, files: usize, ranks: usize, cases: u32, label: &str) {
    let counters = Counters::default();
    let mut runner = runner(cases, files as u64);
    let result = runner.run(&spec_strategy(files as i32, ranks as i32), |spec| {
        let b = build(&spec, files, ranks);
        check_position(game, &b, &counters).map_err(TestCaseError::fail)
    });
    counters.report(label);
    if let Err(e) = result {
        panic!("{e}");
    }
    // The generator must actually reach the interesting rules.
    assert!(
        Counters::get(&counters.captures) > 0,
        "no captures generated"
    );
    assert!(
        Counters::get(&counters.multi_captures) > 0,
        "no multi-stone captures generated"
    );
    assert!(
        Counters::get(&counters.symmetry_rejections) > 0,
        "no symmetry rejections generated"
    );
    assert!(
        Counters::get(&counters.home_row_wins) > 0,
        "no home-row wins generated"
    );
    assert!(
        Counters::get(&counters.no_move_losses) > 0,
        "no no-move losses generated"
    );
    assert!(
        Counters::get(&counters.stuck) > 0,
        "no player boxed in with stones on the board"
    );
}

#[test]
fn random_positions_14x12() {
    random_positions(game_14x12(), 14, 12, 3000 * scale(), "14x12 positions");
}

#[test]
fn random_positions_8x8() {
    random_positions(game_8x8(), 8, 8, 1500 * scale(), "8x8 positions");
}

/// A sample of the generated positions, to look at by eye: `cargo test -- --ignored --nocapture`.
#[test]
#[ignore]
fn show_generated_positions() {
    let mut runner = runner(1, 99);
    for _ in 0..10 {
        let tree = spec_strategy(14, 12)
            .new_tree(&mut runner)
            .expect("a value");
        let b = build(&tree.current(), 14, 12);
        let g = b.generate();
        eprintln!(
            "{}moves {} symmetry rejections {} outcome {:?}\n",
            b.to_toml(),
            g.moves.len(),
            g.symmetry_rejected,
            g.outcome
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Random playouts
// ---------------------------------------------------------------------------------------------

fn playouts(game: &Game, files: usize, ranks: usize, games: u32, max_plies: u32, label: &str) {
    let counters = Counters::default();
    let mut rng = Pcg64::seed_from_u64(seed() ^ ((files as u64) << 32));
    let mut finished = 0;
    let mut total_plies = 0u64;
    for n in 0..games {
        let mut b = Board::initial(files, ranks);
        let mut s = game.initial;
        assert_eq!(
            Board::from_state(files, ranks, &s),
            b,
            "initial positions differ"
        );
        let mut history: Vec<String> = Vec::new();
        for _ in 0..max_plies {
            let g = b.generate();
            counters.add(&b, &g);
            if let Some(why) = disagreement(game, &b, false) {
                panic!(
                    "[{label}] game {n} after {:?}:\n{}{why}",
                    history.join(" "),
                    b.to_toml()
                );
            }
            let (actions, outcome) = engine_actions(game, &s);
            if outcome.is_some() {
                finished += 1;
                break;
            }
            let a = actions[rng.random_range(0..actions.len())];
            let token = game.action_token(&a);
            let m = *g
                .moves
                .iter()
                .find(|m| m.token() == token)
                .expect("tokens agree");
            game.apply(&mut s, &a);
            b.apply(&m);
            history.push(token.clone());
            total_plies += 1;
            let engine_board = Board::from_state(files, ranks, &s);
            assert_eq!(
                engine_board,
                b,
                "[{label}] game {n}: boards differ after {:?}\nengine:\n{}reference:\n{}",
                history.join(" "),
                engine_board.to_toml(),
                b.to_toml()
            );
        }
    }
    counters.report(label);
    eprintln!("[{label}] {games} games, {finished} finished, {total_plies} plies played");
}

#[test]
fn random_playouts_14x12() {
    playouts(game_14x12(), 14, 12, 30 * scale(), 1000, "14x12 playouts");
}

#[test]
fn random_playouts_8x8() {
    playouts(game_8x8(), 8, 8, 60 * scale(), 1000, "8x8 playouts");
}

fn ref_perft(b: &Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let g = b.generate();
    if depth == 1 {
        return g.moves.len() as u64;
    }
    g.moves
        .iter()
        .map(|m| ref_perft(&b.after(m), depth - 1))
        .sum()
}

#[test]
fn perft_matches_reference() {
    // Depth 3 only in longer runs (EPAM_REF_SCALE > 1): it is slow in debug mode.
    let depth = if scale() > 1 { 3 } else { 2 };
    for (game, files, ranks) in [(game_14x12(), 14, 12), (game_8x8(), 8, 8)] {
        for d in 1..=depth {
            let expected = ref_perft(&Board::initial(files, ranks), d);
            let got = game.perft(&game.initial, d);
            eprintln!("[perft {files}x{ranks}] depth {d}: engine {got}, reference {expected}");
            assert_eq!(got, expected, "perft({d}) on {files} x {ranks}");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The test situations of ruling 2.8, on the reference and the engine
// ---------------------------------------------------------------------------------------------

fn parse_cell(name: &str) -> (i32, i32) {
    let f = name.as_bytes()[0] as i32 - b'a' as i32;
    let r: i32 = name[1..].parse().unwrap();
    (f, r - 1)
}

fn position(to_move: u8, white: &[&str], black: &[&str]) -> Board {
    let mut b = Board::empty(14, 12, to_move);
    for c in white {
        b.set(parse_cell(c), 1 + WHITE);
    }
    for c in black {
        b.set(parse_cell(c), 1 + BLACK);
    }
    b
}

/// The reference's tokens, after checking that the engine lists the same.
fn checked_tokens(b: &Board) -> Vec<String> {
    let game = if b.files == 14 {
        game_14x12()
    } else {
        game_8x8()
    };
    if let Some(why) = disagreement(game, b, true) {
        panic!("engine and reference disagree on\n{}{why}", b.to_toml());
    }
    Board::tokens(&b.generate().moves)
}

fn find(b: &Board, token: &str) -> RefMove {
    *b.generate()
        .moves
        .iter()
        .find(|m| m.token() == token)
        .unwrap_or_else(|| panic!("`{token}` is not legal in\n{}", b.to_toml()))
}

#[test]
fn ruling_2_8_initial_mobility() {
    let b = Board::initial(14, 12);
    assert_eq!(checked_tokens(&b).len(), 114);
    assert_eq!(
        Board::from_state(14, 12, &game_14x12().initial),
        b,
        "initial position"
    );
    // Ruling 2.6: 60 on 8 x 8.
    let b8 = Board::initial(8, 8);
    assert_eq!(checked_tokens(&b8).len(), 60);
    assert_eq!(Board::from_state(8, 8, &game_8x8().initial), b8);
}

#[test]
fn ruling_2_8_captures() {
    // 2: full-phalanx capture; 10: capture is optional.
    let b = position(WHITE, &["f5", "f6", "f7"], &["f8", "f9"]);
    let t = checked_tokens(&b);
    assert!(t.contains(&"f5xf8".to_string()));
    assert!(t.contains(&"f7-g8".to_string()), "other moves stay legal");
    let after = b.after(&find(&b, "f5xf8"));
    assert_eq!(after, {
        let mut e = position(BLACK, &["f6", "f7", "f8"], &[]);
        e.ply = 1;
        e
    });
    // 3: equal force cannot capture, and f8 blocks the plain moves.
    let b = position(WHITE, &["f5", "f6", "f7"], &["f8", "f9", "f10"]);
    let t = checked_tokens(&b);
    for bad in ["f5xf8", "f6xf8", "f7xf8", "f5-f9", "f5-f10", "f6-f9"] {
        assert!(!t.contains(&bad.to_string()), "{bad} is illegal");
    }
    // 4: capture at distance, the enemy line ending at the edge.
    let b = position(WHITE, &["f7", "f8", "f9"], &["f11", "f12"]);
    let t = checked_tokens(&b);
    assert!(t.contains(&"f7xf11".to_string()));
    assert!(!t.iter().any(|x| x.ends_with("f12")));
    assert_eq!(
        b.after(&find(&b, "f7xf11")).cells,
        position(BLACK, &["f9", "f10", "f11"], &[]).cells
    );
    // 6: a split capture counts only the moving stones.
    let b = position(WHITE, &["c3", "d3", "e3", "f3"], &["g3", "h3"]);
    let t = checked_tokens(&b);
    assert!(!t.contains(&"e3xg3".to_string()));
    assert!(t.contains(&"d3xg3".to_string()));
    assert_eq!(
        b.after(&find(&b, "d3xg3")).cells,
        position(BLACK, &["c3", "e3", "f3", "g3"], &[]).cells
    );
    // 7: a single stone never captures.
    let b = position(WHITE, &["e5"], &["e6"]);
    let t = checked_tokens(&b);
    assert!(!t.iter().any(|x| x.starts_with("e5") && x.ends_with("e6")));
    assert_eq!(t.len(), 7);
}

#[test]
fn ruling_2_8_splitting() {
    // 5: rightward moves of W c3 d3 e3 f3.
    let b = position(WHITE, &["c3", "d3", "e3", "f3"], &[]);
    let rightward: Vec<String> = b
        .generate()
        .moves
        .iter()
        .filter(|m| m.dir == (1, 0))
        .map(RefMove::token)
        .collect();
    let mut rightward = rightward;
    rightward.sort();
    assert_eq!(
        rightward,
        [
            "c3-g3", "c3-h3", "c3-i3", "c3-j3", "d3-g3", "d3-h3", "d3-i3", "e3-g3", "e3-h3",
            "f3-g3"
        ]
    );
    checked_tokens(&b);
}

#[test]
fn ruling_2_8_win_at_start_of_turn() {
    // 8: W b12 c12, B d1, Black to move: nobody wins yet.
    let b = position(BLACK, &["b12", "c12"], &["d1"]);
    assert!(!checked_tokens(&b).is_empty());
    // Leaving the counts at 2 vs 1 (or 2 vs 0): White wins at the start of White's turn.
    for t in ["d1-e1", "d1-d2"] {
        let after = b.after(&find(&b, t));
        assert_eq!(
            after.generate().outcome,
            Some(RefOutcome::HomeRowWin(WHITE))
        );
        assert!(checked_tokens(&after).is_empty());
    }
    // Black holding as many of row 1 as White holds of row 12: play continues.
    let b = position(BLACK, &["b12", "c12"], &["d1", "e2"]);
    let after = b.after(&find(&b, "e2-e1"));
    assert_eq!(after.generate().outcome, None);
    checked_tokens(&after);
}

#[test]
fn ruling_2_8_symmetry() {
    // 9: W h12 g11; B a1 n1; White to move.
    let b = position(WHITE, &["h12", "g11"], &["a1", "n1"]);
    let g = b.generate();
    assert_eq!(g.outcome, None);
    let t = checked_tokens(&b);
    assert!(!t.contains(&"g11-g12".to_string()));
    assert!(t.contains(&"g11-f12".to_string()));
    assert_eq!(g.symmetry_rejected, 1);
    // The control: symmetry without reaching row 12 is fine.
    let b = position(WHITE, &["h11", "g10"], &["a1", "n1"]);
    assert!(checked_tokens(&b).contains(&"g10-g11".to_string()));
    // Ruling 2.9: a sideways move along the goal row counts too.
    let b = position(WHITE, &["f12", "h12"], &["a1", "b1", "m1", "n1"]);
    let g = b.generate();
    assert_eq!(g.outcome, None);
    let t = checked_tokens(&b);
    // f12-g12 gives {g12, h12}, h12-i12 gives {f12, i12}: both mirror symmetric.
    assert!(!t.contains(&"f12-g12".to_string()));
    assert!(!t.contains(&"h12-i12".to_string()));
    assert_eq!(g.symmetry_rejected, 2);
    // The same move without a symmetric result is legal.
    let b = position(WHITE, &["f12", "h12"], &["a1", "b1", "n1"]);
    assert!(checked_tokens(&b).contains(&"f12-g12".to_string()));
}

#[test]
fn no_move_loses() {
    // Ruling 2.5 / 2.9: White's only stone is boxed in a corner and cannot capture alone.
    let b = position(WHITE, &["a1"], &["a2", "b1", "b2", "n12"]);
    assert_eq!(b.generate().outcome, Some(RefOutcome::NoMoveLoss(WHITE)));
    assert!(checked_tokens(&b).is_empty());
    // A side without stones has no move either.
    let b = position(BLACK, &["c5"], &[]);
    assert_eq!(b.generate().outcome, Some(RefOutcome::NoMoveLoss(BLACK)));
    assert!(checked_tokens(&b).is_empty());
}

#[test]
fn tokens_are_unique() {
    // Two different moves never share a token (rear cell + landing cell fix n and k).
    let mut rng = Pcg64::seed_from_u64(7);
    for _ in 0..200 {
        let mut b = Board::empty(14, 12, rng.random_range(0..2u8));
        for i in 0..b.cells.len() {
            b.cells[i] = match rng.random_range(0..10) {
                0..=2 => 1,
                3..=5 => 2,
                _ => 0,
            };
        }
        let t = Board::tokens(&b.generate().moves);
        let mut d = t.clone();
        d.dedup();
        assert_eq!(t, d);
    }
}
