//! A fast path chosen when a game is compiled, wider than [`super::word_steps`]: on a board of at
//! most 64 cells whose directions are uniform, when every move rule is a plain step or a jump over
//! adjacent pieces (of the mover's pieces of one kind or of any, compulsory or not), with no
//! filter, `forbid`, locked pieces, `then` effects or `next` parts, and no dice, face-down pieces
//! or stacks can change what a turn is, the moves of a position are worked out on machine words
//! from tables made once per player: steps as shifted sets, jumps from the pieces that shifted
//! sets show can jump (enemies with an empty cell beyond), each sequence on words.

use super::word_steps::WordStep;
use crate::check::Landing;
use crate::compile::{CompiledMove, Game, Primitive};
use crate::model::action::StepTemplate;
use crate::model::state::encode;

/// The move rules of the game, per player, in rule order.
#[derive(Clone, Debug)]
pub struct WordMoves {
    /// `per_player[player]`: the compulsory rules first, then the others, each in rule order.
    pub per_player: Vec<Vec<WordRule>>,
    /// How many of each player's rules are compulsory.
    pub compulsory: usize,
    /// Some rule moves only pieces of one kind: the mover's pieces are sorted by kind first.
    pub by_kind: bool,
}

/// One move rule for one player.
#[derive(Clone, Debug)]
pub struct WordRule {
    pub compulsory: bool,
    /// The kind of the mover's pieces it moves, or all of them.
    pub kind: Option<u8>,
    pub moves: WordRuleMoves,
}

#[derive(Clone, Debug)]
pub enum WordRuleMoves {
    /// A step along each direction, in order.
    Steps(Vec<WordStep>),
    Jumps(WordJumps),
}

/// The most kinds of piece a game may have for [`WordMoves`] (the mover's pieces are sorted by
/// kind into this many sets).
pub const WORD_KINDS: usize = 4;

/// One direction of a jump on a board of one word.
#[derive(Clone, Copy, Debug, Default)]
pub struct WordDir {
    pub dir: u8,
    pub offset: i32,
    /// The cells from which a jump that way has both a cell to jump over and a cell to land on
    /// (and follows the rule's lines through both).
    pub from: u64,
}

/// A jump rule on a board of one word, for one player.
#[derive(Clone, Debug)]
pub struct WordJumps {
    pub rule: u8,
    pub dirs: Vec<WordDir>,
    pub chain: bool,
    pub remove_at_end: bool,
    /// Cells the jumper may land on when they are empty (not avoided).
    pub allowed: u64,
    /// `promote:`: the byte of the piece it makes, and the cells where that happens (ending the
    /// sequence); a piece that already is of that kind is not promoted.
    pub promote: Option<(u8, u64)>,
}

/// A set shifted by a cell offset: bits leaving the word drop out.
#[inline(always)]
pub fn shift(set: u64, offset: i32) -> u64 {
    if offset >= 0 {
        set << offset
    } else {
        set >> -offset
    }
}

impl WordJumps {
    /// The jumps of a rule for `player`, with the cells a jump may start from in each direction.
    pub fn new<const W: usize>(
        game: &Game<W>,
        index: u8,
        rule: &CompiledMove,
        jump: &crate::compile::primitives::Jump,
        player: u8,
    ) -> WordJumps {
        let board = &game.board;
        let dirs = board.direction_sets[jump.dirs as usize][player as usize]
            .iter()
            .map(|&dir| {
                let offset = i32::from(board.offsets[dir as usize]);
                let mut next = board.has_neighbour[dir as usize].word(0);
                if let Some(l) = jump.along {
                    next &= game.lines[l as usize].leaving[dir as usize].word(0);
                }
                // A neighbour that way, which has one that way too.
                WordDir {
                    dir,
                    offset,
                    from: next & shift(next, -offset),
                }
            })
            .collect();
        WordJumps {
            rule: index,
            dirs,
            chain: jump.chain,
            remove_at_end: jump.remove_at_end,
            allowed: rule
                .avoid
                .map_or(!0, |r| !game.region_of(r, player).word(0)),
            // Judged where the sequence ends, a promotion does not stop it.
            promote: rule
                .promote
                .filter(|_| !jump.promote_at_end)
                .map(|(kind, region)| {
                    (encode(player, kind), game.region_of(region, player).word(0))
                }),
        }
    }

    /// The pieces among `movers` that can make a first jump over a piece of `over` to a cell of
    /// `empty` (the allowed ones among them).
    #[inline]
    pub fn starts(&self, movers: u64, over: u64, empty: u64) -> u64 {
        let landable = empty & self.allowed;
        let mut starts = 0;
        for d in &self.dirs {
            starts |= d.from & shift(over & shift(landable, -d.offset), -d.offset);
        }
        starts & movers
    }
}

/// The plan, if every move rule of the game has the shape.
pub(crate) fn plan<const W: usize>(game: &Game<W>) -> Option<WordMoves> {
    let board = &game.board;
    if board.cells > 64
        || !board.all_uniform()
        || board.stacks
        || board.columns
        || game.dice.is_some()
        || game.turn_effects
        || game.pieces.len() > WORD_KINDS
        || game.moves.is_empty()
        || !game.moves.iter().all(is_word_move)
    {
        return None;
    }
    let all = board.all_cells.word(0);
    let per_player = (0..game.players.len() as u8)
        .map(|player| {
            game.moves
                .iter()
                .enumerate()
                .map(|(index, rule)| {
                    let moves = match &rule.primitive {
                        Primitive::Step(step) => {
                            let avoided =
                                rule.avoid.map_or(0, |r| game.region_of(r, player).word(0));
                            let landing = all & !avoided;
                            let dirs = &board.direction_sets[step.dirs as usize][player as usize];
                            WordRuleMoves::Steps(
                                dirs.iter()
                                    .map(|&dir| {
                                        let offset = board.offsets[dir as usize];
                                        let mut sources = board.has_neighbour[dir as usize].word(0);
                                        if let Some(l) = step.along {
                                            sources &= game.lines[l as usize].leaving[dir as usize]
                                                .word(0);
                                        }
                                        WordStep {
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
                                        }
                                    })
                                    .collect(),
                            )
                        }
                        Primitive::Jump(jump) => WordRuleMoves::Jumps(WordJumps::new(
                            game,
                            index as u8,
                            rule,
                            jump,
                            player,
                        )),
                        _ => unreachable!("every rule is a step or a jump"),
                    };
                    WordRule {
                        compulsory: rule.compulsory,
                        kind: rule.piece.filter(|_| game.pieces.len() > 1),
                        moves,
                    }
                })
                .collect::<Vec<_>>()
        })
        .map(|mut rules| {
            // A stable sort: each part stays in rule order.
            rules.sort_by_key(|rule| !rule.compulsory);
            rules
        })
        .collect();
    Some(WordMoves {
        compulsory: game.moves.iter().filter(|rule| rule.compulsory).count(),
        per_player,
        by_kind: game.pieces.len() > 1 && game.moves.iter().any(|rule| rule.piece.is_some()),
    })
}

/// A step or a jump whose every candidate is legal and needs nothing but bit sets and the kinds of
/// the mover's pieces.
fn is_word_move(rule: &CompiledMove) -> bool {
    let shape = match &rule.primitive {
        // The word masks tell the mover's pieces from the others: landing on one's own is not in them.
        Primitive::Step(step) => !step.capture.any() && step.to != Landing::Any,
        Primitive::Jump(jump) => jump.over_piece.is_none() && !jump.long,
        _ => false,
    };
    shape
        && !rule.kind_choice()
        && !rule.most
        && rule.unchecked
        && rule.locked.is_none()
        && rule.effects.is_empty()
        && rule.next.is_empty()
        && !rule.continuation_only
}
