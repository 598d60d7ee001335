//! Irreversible actions, found from the shape of the rules when a game is compiled: after such an
//! action no earlier placement of the pieces can come back, so the positions before it can never
//! be repeated and a driver keeping history for `repetitions` may forget them (a random playout
//! then neither hashes nor scans them).
//!
//! Two kinds of action are irreversible, each where the rules allow no way back:
//! * a capture, in a game where nothing ever adds a piece to the board (no `place`, dice, stacks,
//!   face-down pieces or `gather`): the pieces on the board only ever get fewer;
//! * a move of a one-way kind: a kind of the player that no rule can make (no promotion or
//!   placement into it, no `flip`), moved only by steps, slides and jumps along directions that
//!   never lead back to a cell (the cells and those directions make a graph without a cycle, as
//!   men moving forward), and never moved by anything else (no `shift`, `line`, `fly`, path).
//!   Nothing but irreversible actions is ever called so: missing one only costs time.
//!
//! Why a one-way move cannot be undone: between two equal placements the number of pieces of
//! the kind cannot change (it never grows), so none was captured or promoted in between, and
//! every move of one of them went further along a graph without cycles, so none moved at all.

use crate::compile::{CompiledMove, Game, Primitive};
use crate::model::action::{Action, ActionKind};
use crate::model::state::{State, encode};
use crate::syntax::ast::EffectVerb;

/// Which actions of the game are irreversible (see the module's text).
#[derive(Clone, Debug, PartialEq, Eq)]
/// A capture (`captured > 0` of a move or jump, or a `take`) is always one.
pub struct Irreversible {
    /// The cell bytes (player and kind, as [`encode`] makes them) of one-way pieces: bit `b % 64`
    /// of word `b / 64`.
    one_way: [u64; 4],
}

impl Irreversible {
    /// Whether no position before `action`, played in `state`, can occur again after it.
    #[inline]
    pub fn resets<const W: usize>(&self, state: &State<W>, action: &Action) -> bool {
        match action.kind() {
            ActionKind::LineStep => action.captured() > 0,
            ActionKind::Move | ActionKind::Jump => {
                action.captured() > 0 || {
                    let piece = state.cell(action.from_cell());
                    self.one_way[piece as usize >> 6] >> (piece & 63) & 1 != 0
                }
            }
            ActionKind::Take => true,
            _ => false,
        }
    }

    /// Whether pieces of `kind` owned by `player` are one-way.
    pub fn is_one_way(&self, player: u8, kind: u8) -> bool {
        let piece = encode(player, kind);
        self.one_way[piece as usize >> 6] >> (piece & 63) & 1 != 0
    }
}

/// The irreversible actions of the game, if it has any.
pub(crate) fn plan<const W: usize>(game: &Game<W>) -> Option<Irreversible> {
    // Nothing adds a piece to the board: no placements, no entering from a bar, no stacks to
    // split, no face-down pieces to turn up, no `then` effect that gathers pieces (a `shift`
    // clears the cell it moves to; a `flip` changes an owner, not the count).
    let fixed = game.dice.is_none()
        && !game.board.stacks
        && !game.board.columns
        && !game.turn_effects
        && game.moves.iter().all(|rule| {
            !matches!(
                rule.primitive,
                Primitive::Place(_) | Primitive::DieMove(_) | Primitive::Sow(_)
            ) && rule.effects.iter().all(|e| e.verb != EffectVerb::Gather)
        });
    if !fixed {
        return None;
    }
    let mut one_way = [0u64; 4];
    // A `line` or `line_step` may push other pieces, a `shift` move any piece anywhere, a `flip` give a player
    // new pieces of a kind: then no kind is sure to move only its own way.
    let others_move = game.moves.iter().any(|rule| {
        matches!(
            rule.primitive,
            Primitive::Line(_) | Primitive::Pair(_) | Primitive::LineStep(_)
        ) || rule
            .effects
            .iter()
            .any(|e| matches!(e.verb, EffectVerb::Shift | EffectVerb::Flip))
    });
    if !others_move {
        for player in 0..game.players.len() as u8 {
            for kind in 0..game.pieces.len().min(63) as u8 {
                if one_way_kind(game, player, kind) {
                    let piece = encode(player, kind);
                    one_way[piece as usize >> 6] |= 1 << (piece & 63);
                }
            }
        }
    }
    Some(Irreversible { one_way })
}

/// Whether no rule makes pieces of `kind` and every rule moving them goes along directions
/// whose graph on the board has no cycle, for `player`.
fn one_way_kind<const W: usize>(game: &Game<W>, player: u8, kind: u8) -> bool {
    let moves_it = |rule: &CompiledMove| rule.moves_kind(kind);
    let makes_it = |rule: &CompiledMove| {
        rule.promote.is_some_and(|(k, _)| k == kind) || rule.promote_choices >> kind & 1 != 0
    };
    if game.moves.iter().any(makes_it) {
        return false;
    }
    let mut dirs = Vec::new();
    for rule in game.moves.iter().filter(|r| moves_it(r)) {
        let set = match &rule.primitive {
            Primitive::Step(step) => step.dirs,
            Primitive::Slide(slide) => slide.dirs,
            Primitive::Jump(jump) => jump.dirs,
            Primitive::Pass | Primitive::Take(_) => continue,
            _ => return false,
        };
        dirs.extend_from_slice(&game.board.direction_sets[set as usize][player as usize]);
    }
    dirs.sort_unstable();
    dirs.dedup();
    // A piece that never moves is not one-way: its moves never make a position new.
    !dirs.is_empty() && acyclic(&game.board, &dirs)
}

/// Whether steps along `dirs` can never come back to a cell (Kahn's algorithm: the cells all
/// leave the graph, those without a step into them first).
fn acyclic<const W: usize>(board: &crate::compile::Board<W>, dirs: &[u8]) -> bool {
    let cells = board.cells;
    let steps = |cell: usize| {
        dirs.iter()
            .map(move |&d| board.neighbour(cell as u16, d))
            .filter(|&n| n != crate::compile::NO_CELL)
    };
    let mut into = vec![0u32; cells];
    for cell in 0..cells {
        for next in steps(cell) {
            into[next as usize] += 1;
        }
    }
    let mut ready: Vec<usize> = (0..cells).filter(|&c| into[c] == 0).collect();
    let mut left = cells;
    while let Some(cell) = ready.pop() {
        left -= 1;
        for next in steps(cell) {
            into[next as usize] -= 1;
            if into[next as usize] == 0 {
                ready.push(next as usize);
            }
        }
    }
    left == 0
}
