//! A fast path chosen when a game is compiled: when every move rule is a plain step (no filter, no
//! `forbid`, no locked pieces, no piece kind to pick out) on a board of at most 64 cells, and no
//! dice, face-down pieces, surrounds or compulsory rules can change what a turn is, the moves of a
//! position are a few word shifts per direction, as in a hand-written bitboard generator.

use crate::check::Landing;
use crate::compile::{CompiledMove, Game, Primitive};
use crate::model::action::StepTemplate;

/// The steps of every move rule, per player, in the order the general generator makes them (rule
/// by rule, each rule's directions in order, target cells lowest first), so that both give the
/// same list.
#[derive(Clone, Debug)]
pub struct WordSteps {
    /// `per_player[player]`
    pub per_player: Vec<Vec<WordStep>>,
}

/// One rule's steps along one direction, for one player.
#[derive(Clone, Copy, Debug)]
pub struct WordStep {
    /// Cells from which a step this way stays on the board (and follows the rule's lines).
    pub sources: u64,
    /// Left rotation that moves a cell to its neighbour this way: sources never wrap, so a
    /// rotation is the shift in either direction.
    pub rotate: u32,
    /// Empty cells it may land on (all of them but those the rule avoids), or none.
    pub empty: u64,
    /// Enemy-held cells it may land on and capture.
    pub enemy: u64,
    pub template: StepTemplate,
}

/// The plan, if every move rule of the game has the shape.
pub(crate) fn plan<const W: usize>(game: &Game<W>) -> Option<WordSteps> {
    let board = &game.board;
    if board.cells > 64
        || !board.all_uniform()
        || board.stacks
        || board.columns
        || game.dice.is_some()
        || game.turn_effects
        || game.moves.is_empty()
        || !game.moves.iter().all(|rule| is_word_step(game, rule))
    {
        return None;
    }
    let all = board.all_cells.word(0);
    let per_player = (0..game.players.len() as u8)
        .map(|player| {
            let mut steps = Vec::new();
            for (index, rule) in game.moves.iter().enumerate() {
                let Primitive::Step(step) = &rule.primitive else {
                    unreachable!("every rule is a step");
                };
                let avoided = rule.avoid.map_or(0, |r| game.region_of(r, player).word(0));
                let landing = all & !avoided;
                let dirs = &board.direction_sets[step.dirs as usize][player as usize];
                for &dir in dirs {
                    let offset = board.offsets[dir as usize];
                    let mut sources = board.has_neighbour[dir as usize].word(0);
                    if let Some(l) = step.along {
                        sources &= game.lines[l as usize].leaving[dir as usize].word(0);
                    }
                    steps.push(WordStep {
                        sources,
                        rotate: (i32::from(offset)).rem_euclid(64) as u32,
                        empty: if step.to == Landing::Enemy {
                            0
                        } else {
                            landing
                        },
                        enemy: if step.to == Landing::Empty {
                            0
                        } else {
                            landing
                        },
                        template: StepTemplate::new(index as u8, dir, offset),
                    });
                }
            }
            steps
        })
        .collect();
    Some(WordSteps { per_player })
}

/// A step whose every candidate is legal and needs nothing but the owners' bit sets.
fn is_word_step<const W: usize>(game: &Game<W>, rule: &CompiledMove) -> bool {
    matches!(&rule.primitive, Primitive::Step(step) if !step.capture.any() && step.to != Landing::Any)
        && rule.unchecked
        && !rule.compulsory
        && rule.locked.is_none()
        && rule.effects.is_empty()
        && rule.next.is_empty()
        && !rule.continuation_only
        && ((rule.piece.is_none() && !rule.kind_choice()) || game.pieces.len() == 1)
}
