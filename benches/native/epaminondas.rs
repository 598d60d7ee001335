//! Epaminondas (14 x 12) written by hand on a mailbox with a one-cell border, without the
//! interpreter: only the ceiling the interpreted `games/epaminondas.toml` is measured against
//! (issue 3). Rules: `docs/rulings/epaminondas.md` 2.1-2.5 and 2.9.
//!
//! Cell `sq(file, rank)`, files and ranks from 0; white's home row is rank 0 (row 1), black's is
//! rank 11 (row 12); white moves first.

use rand::{Rng, RngExt};

pub const FILES: usize = 14;
pub const RANKS: usize = 12;
/// Row stride of the padded board.
const W: usize = FILES + 2;
const SIZE: usize = W * (RANKS + 2);

pub const EMPTY: u8 = 0;
pub const WHITE: u8 = 1;
pub const BLACK: u8 = 2;
const OFF: u8 = 3;

/// n, ne, e, se, s, sw, w, nw.
const DIRS: [isize; 8] = [
    W as isize,
    W as isize + 1,
    1,
    1 - W as isize,
    -(W as isize),
    -(W as isize) - 1,
    -1,
    W as isize - 1,
];

pub fn sq(file: usize, rank: usize) -> usize {
    (rank + 1) * W + file + 1
}

#[inline]
fn step(cell: usize, d: isize, times: usize) -> usize {
    cell.wrapping_add_signed(d * times as isize)
}

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct State {
    /// `EMPTY`, `WHITE`, `BLACK`, or `OFF` on the border.
    pub cells: [u8; SIZE],
    /// `WHITE` or `BLACK`.
    pub to_move: u8,
}

/// The `count` stones ending at `front` move `distance` cells along `dir`; when `captured > 0` the
/// front lands on the first of that many enemy stones, which are removed.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Move {
    pub front: u8,
    pub dir: u8,
    pub count: u8,
    pub distance: u8,
    pub captured: u8,
}

impl State {
    pub fn empty(to_move: u8) -> State {
        let mut cells = [OFF; SIZE];
        for rank in 0..RANKS {
            for file in 0..FILES {
                cells[sq(file, rank)] = EMPTY;
            }
        }
        State { cells, to_move }
    }

    pub fn initial() -> State {
        let mut s = State::empty(WHITE);
        for file in 0..FILES {
            for rank in [0, 1] {
                s.cells[sq(file, rank)] = WHITE;
            }
            for rank in [RANKS - 2, RANKS - 1] {
                s.cells[sq(file, rank)] = BLACK;
            }
        }
        s
    }

    /// At the start of a turn: the mover has more stones on the opponent's home row than the
    /// opponent has on the mover's.
    pub fn mover_wins(&self) -> bool {
        let me = self.to_move;
        let them = me ^ 3;
        self.count_on_rank(goal_rank(me), me) > self.count_on_rank(goal_rank(them), them)
    }

    fn count_on_rank(&self, rank: usize, player: u8) -> usize {
        let start = sq(0, rank);
        self.cells[start..start + FILES]
            .iter()
            .filter(|&&c| c == player)
            .count()
    }

    /// Left-right mirror symmetric, colours kept.
    fn is_mirror_symmetric(&self) -> bool {
        (0..RANKS).all(|rank| {
            let row = &self.cells[sq(0, rank)..sq(0, rank) + FILES];
            (0..FILES / 2).all(|f| row[f] == row[FILES - 1 - f])
        })
    }
}

/// The opponent's home row, where `player` wants to go.
fn goal_rank(player: u8) -> usize {
    if player == WHITE { RANKS - 1 } else { 0 }
}

/// Fills `out` with the legal moves; empty once the game is over (a win at the start of the turn,
/// or a player without a move, who loses).
pub fn legal_moves(s: &State, out: &mut Vec<Move>) {
    out.clear();
    if s.mover_wins() {
        return;
    }
    let me = s.to_move;
    let enemy = me ^ 3;
    let goal_row = goal_rank(me) + 1;
    for front in sq(0, 0)..=sq(FILES - 1, RANKS - 1) {
        if s.cells[front] != me {
            continue;
        }
        for (dir, &d) in DIRS.iter().enumerate() {
            // Only the front stone of a run heads a phalanx in this direction.
            if s.cells[step(front, d, 1)] == me {
                continue;
            }
            let mut stones = 1;
            while s.cells[step(front, -d, stones)] == me {
                stones += 1;
            }
            // Empty cells ahead (only up to `stones` matter), then the enemy run at the first
            // occupied cell, if it is one.
            let mut free = 0;
            while free < stones && s.cells[step(front, d, free + 1)] == EMPTY {
                free += 1;
            }
            let mut run = 0;
            if free < stones {
                while run < stones && s.cells[step(front, d, free + 1 + run)] == enemy {
                    run += 1;
                }
            }
            for count in 1..=stones {
                let mut m = Move {
                    front: front as u8,
                    dir: dir as u8,
                    count: count as u8,
                    distance: 0,
                    captured: 0,
                };
                for distance in 1..=free.min(count) {
                    m.distance = distance as u8;
                    push_unless_symmetric(s, out, m, step(front, d, distance) / W == goal_row);
                }
                if run > 0 && free < count && run < count {
                    m.distance = (free + 1) as u8;
                    m.captured = run as u8;
                    push_unless_symmetric(s, out, m, step(front, d, free + 1) / W == goal_row);
                }
            }
        }
    }
}

/// The symmetry rule: a move putting a stone on the opponent's home row must not leave the board
/// mirror symmetric. The front stone is the one that reaches that row if any does.
#[inline]
fn push_unless_symmetric(s: &State, out: &mut Vec<Move>, m: Move, reaches_goal: bool) {
    if reaches_goal {
        let mut after = *s;
        apply(&mut after, &m);
        if after.is_mirror_symmetric() {
            return;
        }
    }
    out.push(m);
}

pub fn apply(s: &mut State, m: &Move) {
    let me = s.to_move;
    let d = DIRS[m.dir as usize];
    let front = m.front as usize;
    let (count, distance) = (m.count as usize, m.distance as usize);
    let rear = step(front, -d, count - 1);
    // distance <= count: the rear `distance` cells empty, `distance` cells beyond the front fill.
    for i in 0..distance {
        s.cells[step(rear, d, i)] = EMPTY;
        s.cells[step(front, d, i + 1)] = me;
    }
    for j in 1..m.captured as usize {
        s.cells[step(front, d, distance + j)] = EMPTY;
    }
    s.to_move ^= 3;
}

/// Leaf nodes at `depth`, counting the last level from the length of the move list (as the engine does).
pub fn perft(s: &State, depth: u32) -> u64 {
    fn go(s: &State, depth: u32, buffers: &mut [Vec<Move>]) -> u64 {
        if depth == 0 {
            return 1;
        }
        let (mine, rest) = buffers.split_first_mut().expect("one buffer per level");
        legal_moves(s, mine);
        if depth == 1 {
            return mine.len() as u64;
        }
        let mut total = 0;
        for m in mine.iter() {
            let mut next = *s;
            apply(&mut next, m);
            total += go(&next, depth - 1, rest);
        }
        total
    }
    let mut buffers = vec![Vec::with_capacity(256); depth as usize];
    go(s, depth, &mut buffers)
}

/// One game from the start: the full legal list each turn, a uniform pick, until the game is over.
/// Returns the number of moves played.
pub fn random_playout<R: Rng + ?Sized>(rng: &mut R, buffer: &mut Vec<Move>) -> u64 {
    let mut s = State::initial();
    let mut actions = 0;
    loop {
        legal_moves(&s, buffer);
        if buffer.is_empty() {
            return actions;
        }
        let m = buffer[rng.random_range(0..buffer.len())];
        apply(&mut s, &m);
        actions += 1;
    }
}
