//! Expressions and statements lowered to one flat stack program.

use crate::check::{CellTest, Symmetry, TExpr, TStmt, Var};
use crate::syntax::ast::BinOp;

/// A slice of [`crate::Game::code`]: one expression or one rule body.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CodeRange {
    /// The first op, and in the top bit whether the program works on sets of cells (only those
    /// need a set stack set up): one word, so that an op holding a range stays one word.
    bits: u32,
}

const USES_SETS: u32 = 1 << 31;

impl CodeRange {
    #[inline]
    pub fn start(self) -> usize {
        (self.bits & !USES_SETS) as usize
    }

    #[inline]
    pub fn uses_sets(self) -> bool {
        self.bits & USES_SETS != 0
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    Int(i32),
    Mover,
    Opponent,
    Ply,
    Roll,
    /// Push the nth highest die of this turn's throw (0 before it).
    Die(u8),
    /// Push how many of the frame's earlier positions have the key of this one.
    Repetitions,
    /// Pop a player; push whether that player would have an action if it were their turn.
    CanMove,
    /// Push how many pieces the action just played captured (`after` rules).
    Captured,
    /// Push whether the action just played moved a piece of this kind (`after` rules).
    Moved(u8),
    /// Pop a player; push how many of their pieces have been borne off.
    BorneOff,
    /// Pop a player; push how many of their pieces are on the bar.
    OnBar,
    /// Pop an optional region then a player; push how many of the player's pieces are pinned there.
    Pinned {
        region: bool,
    },
    /// Push a counter's value in the position.
    Counter(u8),
    /// Pop a value: the counter's new value once every `after` rule has run.
    Set(u8),
    Var(Var),
    /// Push a cell-set index.
    Region(u16),
    /// Pop a player, push the cell-set index of that player's copy of a per-player region.
    PlayerRegion(u16),
    /// Pop an optional region then a player; push how many of the player's pieces (of a kind) stand there.
    Count {
        region: bool,
        piece: Option<u8>,
    },
    /// Pop a region; push whether a moved piece ends in it.
    LandsIn,
    Symmetric(Symmetry),
    /// Pop a player; push the highest index of their path holding their piece (of a kind), or -1.
    /// Pops the index and the player: the cell there on the player's copy of the path.
    PathCell {
        path: u16,
    },
    PathIndex {
        path: u16,
        piece: Option<u8>,
    },
    /// Pop a player; push how far their pieces have come along their path, summed.
    PathProgress {
        path: u16,
    },
    /// Pop a player; push whether the cell after that piece on their path is taken (by an enemy).
    PathBlocked {
        path: u16,
        piece: Option<u8>,
        by_enemy: bool,
    },
    /// Push the cell the considered action lands on, or -1.
    To,
    /// Push the cell the considered action leaves, or -1 (a placement).
    From,
    /// Push the cell where the previous part of the turn landed, or -1.
    LastTo,
    /// Push where the previous action started / ended, or -1.
    PreviousFrom,
    PreviousTo,
    /// Pop a player; push how many pieces of the kind they hold in hand.
    Hand(u8),
    /// Push whether the action just played was a pass (`after` rules).
    Passed,
    /// Pop a cell; push the number of empty cells next to its group.
    Liberties(u16),
    /// Pop a cell; push whether its group has an empty cell next to it (1 or 0): `liberties`
    /// compared with 0, which stops at the first liberty instead of counting them all.
    Breathes(u16),
    /// Pop a player; make the frame's set their pieces whose group has no liberty.
    WithoutLiberties(u16),
    /// Pops a cell, pushes the set of its piece's group (connection).
    Group(u16),
    /// Pops a set, pushes the cells it closes off from the board's edge.
    Inside(u16),
    /// [`Op::Inside`] of a set known to be one group along the same directions
    /// (`inside(group(...))`): on a triangular lattice its holes are counted, not flooded (see
    /// [`crate::compile::fast::lattice`]).
    InsideOfGroup(u16),
    /// Pops the set to go through and the set to start from, pushes the cells reached.
    Reachable(u16),
    /// Pops a set, pushes how many different values of the table its cells have.
    Distinct(u16),
    /// Pops the set `within` and a cell, pushes the run back along the path from the cell.
    BackAlong(u16),
    /// Pops the most and the fewest pieces, pushes the cells holding so many.
    Holding,
    /// Pop a player; push their area: their pieces and the empty cells that reach only theirs.
    Area(u16),
    /// Pop a player; push how many groups their pieces form.
    Groups(u16),
    /// Push the value of the program at the range on the position after the considered action.
    Afterwards(CodeRange),
    /// Push whether the position after the action occurred earlier (within the last N).
    SeenBefore(Option<u16>),
    /// Pop a cell; push whether the frame's set holds it.
    IsIn,
    /// Pop a region; make it the frame's set.
    RegionCells,
    /// Pop a region, then a cell; push whether the region holds the cell (`is_in` a region,
    /// without a set).
    InRegion,
    /// Pop a player; make the frame's set their pieces in rows of `length` or more.
    Rows {
        length: u8,
        dirs: u16,
    },
    /// Pop a cell; make the frame's set the empty cells a slide from it passes.
    Reach(u16),
    /// Pop a cell; push the cells from it to the edge along the directions, pieces or not.
    Ray(u16),
    /// Pop a cell; push its neighbour in the mover's direction of the set, or -1.
    Next(u16),
    /// Pop two cells, push the cell one step past the second on the line from the first.
    Beyond,
    /// Pop two cells; push the cells of the straight line from the first to the second.
    Between,
    /// Pop a cell; push whether it holds what the test asks (false for -1).
    CellIs(CellTest),
    /// Pop a cell (and, with `hostile`, a set); push the set of enemy pieces it flanks.
    Flank {
        dirs: u16,
        max: u8,
        hostile: bool,
    },
    /// Pop two sets; push their intersection or union.
    SetAnd,
    SetOr,
    /// Pop a set; push the board's other cells.
    SetNot,
    /// Pop a player and a set; push whether the player's move rules could capture on a cell of it.
    Attacked,
    /// Pop a player; push their pieces (of the kind).
    Pieces(Option<u8>),
    /// Pop a set; push the cells next to its cells.
    Neighbours(u16),
    /// Pop a set (and, with `hostile`, the hostile set first); push its enclosed cells. `shield`
    /// is lines or `u16::MAX`, `min` 0 for no fewest.
    Enclosed {
        dirs: u16,
        hostile: bool,
        edge: bool,
        shield: u16,
        min: u8,
    },
    /// Pop a cell; push the set of that cell (empty for none).
    OneCell,
    /// Push the set of the marked pieces' cells.
    Marked,
    /// Push the set of the cells the turn's parts have started from and landed on.
    Visited,
    /// Push the set of unmoved pieces' cells (`[memory] unmoved`).
    Unmoved,
    /// Pop a player; push their face-down pieces.
    FaceDown,
    /// Pop a player; push their held pieces.
    HeldPieces,
    /// Push the size of the frame's set.
    Size,
    /// Pop a set; push the sum of the values of its cells.
    CellValues,
    /// Pop a key (a cell or a player); push that entry of the table.
    Table(u16),
    /// Pop a set; push how many pieces stand on its cells (stacks counted whole).
    PiecesOn,
    /// Pop a cell; push how many pieces stand on it (0 off the board): `pieces_on` of one cell,
    /// without a set.
    CellHeight,
    /// Pop a region; push how many pieces stand on its cells: `pieces_on` of a region, without
    /// copying its set.
    RegionPieces,
    /// Pop a cell (with `through`) and a player; push whether they have `length` pieces in a row
    /// (through the cell).
    InRow {
        length: u8,
        dirs: u16,
        through: bool,
    },
    /// Pop two regions and a player; push whether the player's pieces join the regions.
    Connected {
        dirs: u16,
    },
    /// A set program's end: the result is the frame's set.
    ReturnSet,
    Not,
    Neg,
    Binary(BinOp),
    /// `and`/`or`: if the top decides the result, jump keeping it; otherwise pop and go on.
    JumpIfFalseKeep(u32),
    JumpIfTrueKeep(u32),
    /// Pop; jump if false.
    JumpIfFalse(u32),
    /// `and` of sets: if the set on top (the left side) is empty, jump keeping it: the right
    /// side cannot add to the result.
    JumpIfEmptySet(u32),
    Jump(u32),
    /// Expression result: pop it and stop.
    Return,
    /// Pop a score then a player: that player wins with that score.
    Win,
    Lose,
    Draw,
    Pass,
    /// End of a rule body without an outcome.
    Halt,
}

pub struct Emitter<'a> {
    code: Vec<Op>,
    region_first: &'a [u16],
    options: &'a [i64],
    /// The most values any program emitted so far holds on the stack at once.
    stack_depth: usize,
}

impl<'a> Emitter<'a> {
    /// How many ops the programs emitted so far hold.
    pub fn emitted(&self) -> usize {
        self.code.len()
    }

    /// Whether an op emitted from `start` on reads the candidate action ([`Op::reads_candidate`]).
    pub fn reads_candidate_since(&self, start: usize) -> bool {
        self.code[start..].iter().any(Op::reads_candidate)
    }

    /// Forgets the ops emitted from `start` on: a program tried and not kept.
    pub fn truncate(&mut self, start: usize) {
        self.code.truncate(start);
    }

    /// Whether an op emitted from `start` on reads the previous move.
    pub fn reads_previous_since(&self, start: usize) -> bool {
        self.code[start..]
            .iter()
            .any(|op| matches!(op, Op::PreviousFrom | Op::PreviousTo))
    }

    pub fn new(region_first: &'a [u16], options: &'a [i64]) -> Self {
        Emitter {
            code: Vec::new(),
            region_first,
            options,
            stack_depth: 0,
        }
    }

    /// The program, and the most values it holds on its stack at once.
    pub fn finish(self) -> (Vec<Op>, usize) {
        (self.code, self.stack_depth)
    }

    pub fn expr_program(&mut self, e: &TExpr) -> CodeRange {
        let start = self.code.len() as u32;
        let depth = self.expr(e);
        self.stack_depth = self.stack_depth.max(depth);
        self.code.push(Op::Return);
        self.range_from(start)
    }

    /// A program that leaves a set of cells in the frame (a `then` effect's cells).
    pub fn set_program(&mut self, e: &TExpr) -> CodeRange {
        let start = self.code.len() as u32;
        let depth = self.expr(e);
        self.stack_depth = self.stack_depth.max(depth);
        self.code.push(Op::ReturnSet);
        self.range_from(start)
    }

    pub fn stmt_program(&mut self, body: &[TStmt]) -> CodeRange {
        let start = self.code.len() as u32;
        let depth = self.stmts(body);
        self.stack_depth = self.stack_depth.max(depth);
        self.code.push(Op::Halt);
        self.range_from(start)
    }

    /// The program emitted since `start`.
    fn range_from(&self, start: u32) -> CodeRange {
        let uses_sets = self.code[start as usize..].iter().any(Op::uses_sets);
        CodeRange {
            bits: start | if uses_sets { USES_SETS } else { 0 },
        }
    }

    fn here(&self) -> u32 {
        self.code.len() as u32
    }

    fn patch(&mut self, at: u32) {
        let target = self.here();
        match &mut self.code[at as usize] {
            Op::JumpIfFalseKeep(t)
            | Op::JumpIfTrueKeep(t)
            | Op::JumpIfFalse(t)
            | Op::JumpIfEmptySet(t)
            | Op::Jump(t) => *t = target,
            _ => unreachable!("patching a jump"),
        }
    }

    /// Emits statements; returns the most values they hold on the stack at once.
    fn stmts(&mut self, body: &[TStmt]) -> usize {
        let mut depth = 0;
        for s in body {
            let d = match s {
                TStmt::If {
                    cond,
                    then,
                    otherwise,
                } => {
                    let c = self.expr(cond);
                    let to_else = self.here();
                    self.code.push(Op::JumpIfFalse(0));
                    let t = self.stmts(then);
                    let to_end = self.here();
                    self.code.push(Op::Jump(0));
                    self.patch(to_else);
                    let o = self.stmts(otherwise);
                    self.patch(to_end);
                    c.max(t).max(o)
                }
                TStmt::Win(p, score) => {
                    let p = self.expr(p);
                    let s = match score {
                        Some(s) => self.expr(s),
                        None => {
                            self.code.push(Op::Int(1));
                            1
                        }
                    };
                    self.code.push(Op::Win);
                    p.max(1 + s)
                }
                TStmt::Lose(p) => {
                    let p = self.expr(p);
                    self.code.push(Op::Lose);
                    p
                }
                TStmt::Draw => {
                    self.code.push(Op::Draw);
                    0
                }
                TStmt::Pass => {
                    self.code.push(Op::Pass);
                    0
                }
                TStmt::Set(counter, value) => {
                    let v = self.expr(value);
                    self.code.push(Op::Set(*counter));
                    v
                }
            };
            depth = depth.max(d);
        }
        depth
    }

    /// Emits an expression, which leaves one value on the stack; returns the most values it
    /// holds there at once.
    fn expr(&mut self, e: &TExpr) -> usize {
        if let Some(op) = self.leaf(e) {
            self.code.push(op);
            return 1;
        }
        (self.set_expr(e))
            .or_else(|| self.logic(e))
            .or_else(|| self.query(e))
            .unwrap_or(1)
    }

    /// A value computed from one operand: its depth, and never less than the one it leaves.
    fn unary(&mut self, x: &TExpr, op: Op) -> usize {
        let d = self.expr(x);
        self.code.push(op);
        d
    }

    /// An operand pushed while the first one's value waits under it.
    fn second(&mut self, first: usize, x: &TExpr) -> usize {
        first.max(1 + self.expr(x))
    }

    /// The expressions that are one instruction with no operand.
    fn leaf(&self, e: &TExpr) -> Option<Op> {
        Some(match e {
            TExpr::Int(v) => Op::Int(*v as i32),
            TExpr::NamedCell(cell) => Op::Int(i32::from(*cell)),
            TExpr::Mover => Op::Mover,
            TExpr::Opponent => Op::Opponent,
            TExpr::Player(p) => Op::Int(*p as i32),
            // Options are fixed once a game is loaded.
            TExpr::Option(o) => Op::Int(self.options[*o as usize] as i32),
            TExpr::Ply => Op::Ply,
            TExpr::Roll => Op::Roll,
            TExpr::Die(n) => Op::Die(*n),
            TExpr::Repetitions => Op::Repetitions,
            TExpr::Captured => Op::Captured,
            TExpr::Passed => Op::Passed,
            TExpr::SeenBefore(within) => Op::SeenBefore(*within),
            TExpr::Moved(kind) => Op::Moved(*kind),
            TExpr::Counter(c) => Op::Counter(*c),
            TExpr::Var(v) => Op::Var(*v),
            TExpr::Region(r) => Op::Region(self.region_first[*r as usize]),
            TExpr::Symmetric(s) => Op::Symmetric(*s),
            TExpr::To => Op::To,
            TExpr::From => Op::From,
            TExpr::LastTo => Op::LastTo,
            TExpr::PreviousFrom => Op::PreviousFrom,
            TExpr::PreviousTo => Op::PreviousTo,
            TExpr::Marked => Op::Marked,
            TExpr::Visited => Op::Visited,
            TExpr::Unmoved => Op::Unmoved,
            _ => return None,
        })
    }

    /// Cells and sets of cells, and what is asked of them.
    fn set_expr(&mut self, e: &TExpr) -> Option<usize> {
        match e {
            // Sets are kept on the frame's stack of sets, not on this one.
            TExpr::SetOp(BinOp::And, l, r) => {
                let d = self.expr(l);
                let jump = self.here();
                self.code.push(Op::JumpIfEmptySet(0));
                let d = d.max(self.expr(r));
                self.code.push(Op::SetAnd);
                self.patch(jump);
                Some(d)
            }
            TExpr::SetOp(_, l, r) => {
                let d = self.expr(l).max(self.expr(r));
                self.code.push(Op::SetOr);
                Some(d)
            }
            TExpr::SetNot(set) => {
                let d = self.expr(set);
                self.code.push(Op::SetNot);
                Some(d)
            }
            TExpr::Pieces(player, piece) => {
                let d = self.expr(player);
                self.code.push(Op::Pieces(*piece));
                Some(d)
            }
            TExpr::Neighbours { cells, dirs } => {
                let d = self.expr(cells);
                self.code.push(Op::Neighbours(*dirs));
                Some(d)
            }
            TExpr::Group { cell, dirs } => Some(self.unary(cell, Op::Group(*dirs))),
            TExpr::Inside { cells, dirs } => {
                let of_group = matches!(&**cells, TExpr::Group { dirs: d, .. } if d == dirs);
                let op = match of_group {
                    true => Op::InsideOfGroup(*dirs),
                    false => Op::Inside(*dirs),
                };
                Some(self.unary(cells, op))
            }
            TExpr::Reachable {
                from,
                through,
                dirs,
            } => {
                let d = self.expr(from).max(self.expr(through));
                self.code.push(Op::Reachable(*dirs));
                Some(d)
            }
            TExpr::Distinct { table, cells } => Some(self.unary(cells, Op::Distinct(*table))),
            TExpr::BackAlong { path, from, within } => {
                let d = self.expr(from);
                let d = self.second(d, within);
                self.code.push(Op::BackAlong(*path));
                Some(d)
            }
            TExpr::Holding { min, max } => {
                let d = self.expr(min);
                let d = match max {
                    Some(max) => self.second(d, max),
                    None => {
                        self.code.push(Op::Int(i32::MAX));
                        d.max(2)
                    }
                };
                self.code.push(Op::Holding);
                Some(d)
            }
            TExpr::Enclosed {
                cells,
                dirs,
                hostile,
                edge,
                shield,
                min,
            } => {
                let mut d = 0;
                if let Some(h) = hostile {
                    d = self.expr(h);
                }
                d = d.max(self.expr(cells));
                self.code.push(Op::Enclosed {
                    dirs: *dirs,
                    hostile: hostile.is_some(),
                    edge: *edge,
                    shield: shield.unwrap_or(u16::MAX),
                    min: *min,
                });
                Some(d)
            }
            TExpr::FaceDown(player) => Some(self.unary(player, Op::FaceDown)),
            TExpr::HeldPieces(player) => Some(self.unary(player, Op::HeldPieces)),
            TExpr::Attacked { cells, by } => {
                let d = self.expr(cells).max(self.expr(by));
                self.code.push(Op::Attacked);
                Some(d.max(1))
            }
            TExpr::Size(set) => {
                let d = self.expr(set);
                self.code.push(Op::Size);
                Some(d.max(1))
            }
            TExpr::CellValues(set) => {
                let d = self.expr(set);
                self.code.push(Op::CellValues);
                Some(d.max(1))
            }
            // One cell or a region: counted without making a set.
            TExpr::PiecesOn(set) => match &**set {
                TExpr::OneCell(cell) => {
                    let d = self.expr(cell);
                    self.code.push(Op::CellHeight);
                    Some(d)
                }
                TExpr::RegionCells(region) => {
                    let d = self.expr(region);
                    self.code.push(Op::RegionPieces);
                    Some(d)
                }
                _ => {
                    let d = self.expr(set);
                    self.code.push(Op::PiecesOn);
                    Some(d.max(1))
                }
            },
            TExpr::Rows {
                player,
                length,
                dirs,
            } => {
                let d = self.expr(player);
                self.code.push(Op::Rows {
                    length: *length,
                    dirs: *dirs,
                });
                // A set: nothing is left on the stack.
                Some(d)
            }
            _ => self.cell_expr(e),
        }
    }

    /// Cells, regions, and the sets of cells worked out from one cell: the rest of
    /// [`Self::set_expr`].
    fn cell_expr(&mut self, e: &TExpr) -> Option<usize> {
        match e {
            TExpr::PlayerRegion(r, p) => {
                let op = Op::PlayerRegion(self.region_first[*r as usize]);
                Some(self.unary(p, op))
            }
            TExpr::Reach { cell, dirs } => {
                let d = self.expr(cell);
                self.code.push(Op::Reach(*dirs));
                Some(d)
            }
            TExpr::Ray { cell, dirs } => {
                let d = self.expr(cell);
                self.code.push(Op::Ray(*dirs));
                Some(d)
            }
            TExpr::Next(cell, dirs) => Some(self.unary(cell, Op::Next(*dirs))),
            TExpr::Beyond(cell, through) => {
                let d = self.expr(cell);
                let d = self.second(d, through);
                self.code.push(Op::Beyond);
                Some(d)
            }
            TExpr::Between(from, to) => {
                let d = self.expr(from);
                let d = self.second(d, to);
                self.code.push(Op::Between);
                Some(d)
            }
            TExpr::Flank {
                cell,
                dirs,
                max,
                hostile,
            } => {
                let mut d = 0;
                if let Some(h) = hostile {
                    d = self.expr(h);
                }
                d = d.max(self.expr(cell));
                self.code.push(Op::Flank {
                    dirs: *dirs,
                    max: *max,
                    hostile: hostile.is_some(),
                });
                Some(d)
            }
            TExpr::OneCell(cell) => {
                let d = self.expr(cell);
                self.code.push(Op::OneCell);
                Some(d)
            }
            // The set is made first; then the cell is worked out and tested against it.
            TExpr::IsIn(cell, set) => {
                if let TExpr::RegionCells(region) = &**set {
                    let d = self.expr(cell).max(1 + self.expr(region));
                    self.code.push(Op::InRegion);
                    return Some(d);
                }
                let d = self.expr(set).max(self.expr(cell));
                self.code.push(Op::IsIn);
                Some(d.max(1))
            }
            TExpr::RegionCells(region) => {
                let d = self.expr(region);
                self.code.push(Op::RegionCells);
                Some(d)
            }
            _ => None,
        }
    }

    /// Negations and binary operators (`and` and `or` short-circuit).
    fn logic(&mut self, e: &TExpr) -> Option<usize> {
        match e {
            TExpr::Not(x) => Some(self.unary(x, Op::Not)),
            TExpr::Neg(x) => Some(self.unary(x, Op::Neg)),
            TExpr::Binary(BinOp::And, l, r) | TExpr::Binary(BinOp::Or, l, r) => {
                let is_and = matches!(e, TExpr::Binary(BinOp::And, ..));
                let d = self.expr(l);
                let jump = self.here();
                self.code.push(if is_and {
                    Op::JumpIfFalseKeep(0)
                } else {
                    Op::JumpIfTrueKeep(0)
                });
                // The left value is popped before the right one is computed.
                let d = d.max(self.expr(r));
                self.patch(jump);
                Some(d)
            }
            // `liberties(c) == 0`, `> 0`, `!= 0`: whether there is one is enough.
            TExpr::Binary(op @ (BinOp::Eq | BinOp::Ne | BinOp::Gt), l, r)
                if matches!(**r, TExpr::Int(0)) && matches!(**l, TExpr::Liberties { .. }) =>
            {
                let TExpr::Liberties { cell, dirs } = &**l else {
                    unreachable!("matched above")
                };
                let d = self.unary(cell, Op::Breathes(*dirs));
                if *op == BinOp::Eq {
                    self.code.push(Op::Not);
                }
                Some(d)
            }
            TExpr::Binary(op, l, r) => {
                let d = self.expr(l);
                let d = self.second(d, r);
                self.code.push(Op::Binary(*op));
                Some(d)
            }
            _ => None,
        }
    }

    /// Questions about the position, the players and the action.
    fn query(&mut self, e: &TExpr) -> Option<usize> {
        match e {
            TExpr::Table { table, key } => return Some(self.unary(key, Op::Table(*table))),
            TExpr::Liberties { cell, dirs } => return Some(self.unary(cell, Op::Liberties(*dirs))),
            TExpr::WithoutLiberties { player, dirs } => {
                let d = self.expr(player);
                self.code.push(Op::WithoutLiberties(*dirs));
                return Some(d);
            }
            TExpr::Area { player, dirs } => return Some(self.unary(player, Op::Area(*dirs))),
            TExpr::Groups { player, dirs } => return Some(self.unary(player, Op::Groups(*dirs))),
            // The condition is a program of its own, run on another position: jumped over here.
            TExpr::Afterwards(condition) => {
                let jump = self.here();
                self.code.push(Op::Jump(0));
                let start = self.here();
                let d = self.expr(condition);
                self.stack_depth = self.stack_depth.max(d);
                self.code.push(Op::Return);
                let program = self.range_from(start);
                self.patch(jump);
                self.code.push(Op::Afterwards(program));
            }
            TExpr::CanMove(p) => return Some(self.unary(p, Op::CanMove)),
            TExpr::BorneOff(p) => return Some(self.unary(p, Op::BorneOff)),
            TExpr::OnBar(p) => return Some(self.unary(p, Op::OnBar)),
            TExpr::Pinned(p, r) => {
                let mut d = self.expr(p);
                if let Some(r) = r {
                    d = self.second(d, r);
                }
                self.code.push(Op::Pinned {
                    region: r.is_some(),
                });
                return Some(d);
            }
            TExpr::Count {
                player,
                region,
                piece,
            } => {
                let mut d = self.expr(player);
                if let Some(r) = region {
                    d = self.second(d, r);
                }
                self.code.push(Op::Count {
                    region: region.is_some(),
                    piece: *piece,
                });
                return Some(d);
            }
            TExpr::LandsIn(r) => return Some(self.unary(r, Op::LandsIn)),
            TExpr::PathIndex {
                player,
                path,
                piece,
            } => {
                let op = Op::PathIndex {
                    path: *path,
                    piece: *piece,
                };
                return Some(self.unary(player, op));
            }
            TExpr::PathCell {
                player,
                path,
                index,
            } => {
                let d = self.expr(player);
                let d = self.second(d, index);
                self.code.push(Op::PathCell { path: *path });
                return Some(d);
            }
            TExpr::PathProgress { player, path } => {
                return Some(self.unary(player, Op::PathProgress { path: *path }));
            }
            TExpr::PathBlocked {
                player,
                path,
                piece,
                by_enemy,
            } => {
                let op = Op::PathBlocked {
                    path: *path,
                    piece: *piece,
                    by_enemy: *by_enemy,
                };
                return Some(self.unary(player, op));
            }
            TExpr::CellIs(cell, test) => return Some(self.unary(cell, Op::CellIs(*test))),
            TExpr::InRow {
                player,
                length,
                dirs,
                through,
            } => {
                let mut d = self.expr(player);
                if let Some(cell) = through {
                    d = self.second(d, cell);
                }
                self.code.push(Op::InRow {
                    length: *length,
                    dirs: *dirs,
                    through: through.is_some(),
                });
                return Some(d);
            }
            TExpr::Hand(player, kind) => return Some(self.unary(player, Op::Hand(*kind))),
            TExpr::Connected {
                player,
                from,
                to,
                dirs,
            } => {
                let d = self.expr(player);
                let d = self.second(d, from);
                let d = d.max(2 + self.expr(to));
                self.code.push(Op::Connected { dirs: *dirs });
                return Some(d);
            }
            _ => unreachable!(
                "every expression is emitted by `leaf`, `set_expr`, `logic` or `query`"
            ),
        }
        Some(1)
    }
}

// Ops are copied out of the program one at a time: a word each keeps that one load.
const _: () = assert!(std::mem::size_of::<Op>() == 8);

impl Op {
    /// Whether the op reads the candidate action a `where` judges (its cells, the position after
    /// it, what it did, the values its primitive left), so that a condition holding it is asked
    /// of each candidate; the others read only the position and are asked once per rule. Every
    /// op is named, so that a new one must say which it is.
    pub fn reads_candidate(&self) -> bool {
        match self {
            Op::To
            | Op::From
            | Op::LandsIn
            | Op::Symmetric(_)
            | Op::Afterwards(_)
            | Op::Var(_)
            | Op::Captured
            | Op::Moved(_)
            | Op::Passed
            // Read the position after the action inside `afterwards`: kept per candidate.
            | Op::Attacked
            | Op::SeenBefore(_) => true,
            Op::Int(_)
            | Op::Mover
            | Op::Opponent
            | Op::Ply
            | Op::Roll
            | Op::Die(_)
            | Op::Repetitions
            | Op::CanMove
            | Op::BorneOff
            | Op::OnBar
            | Op::Pinned { .. }
            | Op::Counter(_)
            | Op::Set(_)
            | Op::Region(_)
            | Op::PlayerRegion(_)
            | Op::Count { .. }
            | Op::PathCell { .. }
            | Op::PathIndex { .. }
            | Op::PathProgress { .. }
            | Op::PathBlocked { .. }
            | Op::LastTo
            | Op::PreviousFrom
            | Op::PreviousTo
            | Op::Hand(_)
            | Op::Liberties(_)
            | Op::Breathes(_)
            | Op::WithoutLiberties(_)
            | Op::Group(_)
            | Op::Inside(_)
            | Op::InsideOfGroup(_)
            | Op::Reachable(_)
            | Op::Distinct(_)
            | Op::BackAlong(_)
            | Op::Holding
            | Op::Area(_)
            | Op::Groups(_)
            | Op::IsIn
            | Op::RegionCells
            | Op::InRegion
            | Op::Rows { .. }
            | Op::Reach(_)
            | Op::Ray(_)
            | Op::Next(_)
            | Op::Beyond
            | Op::Between
            | Op::CellIs(_)
            | Op::Flank { .. }
            | Op::SetAnd
            | Op::SetOr
            | Op::SetNot
            | Op::Pieces(_)
            | Op::Neighbours(_)
            | Op::Enclosed { .. }
            | Op::OneCell
            | Op::Marked
            | Op::Visited
            | Op::Unmoved
            | Op::FaceDown
            | Op::HeldPieces
            | Op::Size
            | Op::CellValues
            | Op::Table(_)
            | Op::PiecesOn
            | Op::CellHeight
            | Op::RegionPieces
            | Op::InRow { .. }
            | Op::Connected { .. }
            | Op::ReturnSet
            | Op::Not
            | Op::Neg
            | Op::Binary(_)
            | Op::JumpIfFalseKeep(_)
            | Op::JumpIfTrueKeep(_)
            | Op::JumpIfFalse(_)
            | Op::JumpIfEmptySet(_)
            | Op::Jump(_)
            | Op::Return
            | Op::Win
            | Op::Lose
            | Op::Draw
            | Op::Pass
            | Op::Halt => false,
        }
    }

    /// Whether the op pushes or pops a set of cells.
    pub fn uses_sets(&self) -> bool {
        matches!(
            self,
            Op::Reach(_)
                | Op::Between
                | Op::Ray(_)
                | Op::Flank { .. }
                | Op::Size
                | Op::Attacked
                | Op::CellValues
                | Op::PiecesOn
                | Op::SetAnd
                | Op::JumpIfEmptySet(_)
                | Op::SetOr
                | Op::SetNot
                | Op::Pieces(_)
                | Op::Neighbours(_)
                | Op::Enclosed { .. }
                | Op::OneCell
                | Op::Marked
                | Op::Visited
                | Op::Unmoved
                | Op::FaceDown
                | Op::HeldPieces
                | Op::Rows { .. }
                | Op::IsIn
                | Op::RegionCells
                | Op::WithoutLiberties(_)
                | Op::Group(_)
                | Op::Inside(_)
                | Op::InsideOfGroup(_)
                | Op::Reachable(_)
                | Op::Distinct(_)
                | Op::BackAlong(_)
                | Op::Holding
                | Op::ReturnSet
        )
    }
}
