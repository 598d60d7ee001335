//! Breakthrough (8 x 8) written by hand on u64 bitboards, without the interpreter: only the ceiling
//! the interpreted `games/breakthrough.toml` is measured against (issue 3).
//!
//! Bit `rank * 8 + file` (the engine's cell numbering). White starts on ranks 1-2 and moves north,
//! black on ranks 7-8 and moves south; white moves first.

use rand::{Rng, RngExt};

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;
const RANK_1: u64 = 0xff;
const RANK_8: u64 = 0xff << 56;

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct State {
    /// `pawns[0]` white, `pawns[1]` black.
    pub pawns: [u64; 2],
    /// 0 white, 1 black.
    pub to_move: usize,
}

/// A pawn step; a diagonal step onto an enemy pawn captures it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Move {
    pub from: u8,
    pub to: u8,
}

impl State {
    pub fn initial() -> State {
        State {
            pawns: [0xffff, 0xffff << 48],
            to_move: 0,
        }
    }

    /// At the start of a turn: the opponent has a pawn on his far row, or the mover has no pawns.
    pub fn is_over(&self) -> bool {
        let them = 1 - self.to_move;
        let far = [RANK_8, RANK_1][them];
        self.pawns[them] & far != 0 || self.pawns[self.to_move] == 0
    }
}

/// Fills `out` with the legal moves; empty once the game is over.
pub fn legal_moves(s: &State, out: &mut Vec<Move>) {
    out.clear();
    if s.is_over() {
        return;
    }
    let me = s.pawns[s.to_move];
    let empty = !(me | s.pawns[1 - s.to_move]);
    if s.to_move == 0 {
        push_targets(out, (me << 8) & empty, 8);
        push_targets(out, ((me & !FILE_H) << 9) & !me, 9);
        push_targets(out, ((me & !FILE_A) << 7) & !me, 7);
    } else {
        push_targets(out, (me >> 8) & empty, -8);
        push_targets(out, ((me & !FILE_H) >> 7) & !me, -7);
        push_targets(out, ((me & !FILE_A) >> 9) & !me, -9);
    }
}

/// One move per target bit, from `to - delta`.
fn push_targets(out: &mut Vec<Move>, mut targets: u64, delta: i8) {
    while targets != 0 {
        let to = targets.trailing_zeros() as i8;
        out.push(Move {
            from: (to - delta) as u8,
            to: to as u8,
        });
        targets &= targets - 1;
    }
}

pub fn apply(s: &mut State, m: &Move) {
    let (from, to) = (1u64 << m.from, 1u64 << m.to);
    s.pawns[s.to_move] ^= from | to;
    s.pawns[1 - s.to_move] &= !to;
    s.to_move ^= 1;
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
    let mut buffers = vec![Vec::with_capacity(64); depth as usize];
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
