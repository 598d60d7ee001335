//! End tests of the common shape `if COUNT CMP (COUNT or NUMBER) { outcome }` (a count of pieces,
//! the pieces on a region's cells, a counter, `ply` or `repetitions`, the size of a group or of
//! what it encloses, or how many values of a table its cells have), recognised when the game is
//! compiled and then run as bit-set counts without the stack machine; a condition may be an `or`
//! of up to three such tests. A rule `if TEST and ... { ... }` whose first test has that shape,
//! or `if TEST or TEST ... { ... }` whose tests all have it, gets them as a guard: while they
//! fail the rule is skipped without running (Kalah's end: a side without seeds, or the last ply).

use crate::check::{TExpr, TStmt};
use crate::compile::fast::effect_sets::FastSet;
use crate::compile::{Board, CellSet};
use crate::model::state::State;
use crate::model::verdict::Verdict;
use crate::syntax::ast::BinOp;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayerRef {
    Mover,
    Opponent,
    Fixed(u8),
}

impl PlayerRef {
    fn from_expr(e: &TExpr) -> Option<PlayerRef> {
        match e {
            TExpr::Mover => Some(PlayerRef::Mover),
            TExpr::Opponent => Some(PlayerRef::Opponent),
            TExpr::Player(p) => Some(PlayerRef::Fixed(*p)),
            _ => None,
        }
    }

    #[inline]
    pub(crate) fn resolve<const W: usize>(self, state: &State<W>, players: u8) -> u8 {
        match self {
            PlayerRef::Mover => state.to_move,
            PlayerRef::Opponent => crate::model::state::next_player(state.to_move, players),
            PlayerRef::Fixed(p) => p,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Operand {
    Int(i32),
    /// Pieces of a player, in a region if given: (first cell set, whose copy for a per-player region).
    Count {
        player: PlayerRef,
        region: Option<(u16, Option<PlayerRef>)>,
    },
    /// A counter's value (`[counters]`).
    Counter(u8),
    /// `repetitions`: how often the position occurred before.
    Repetitions,
    /// `ply`: actions played since the start.
    Ply,
    /// `pieces_on(REGION)`: the pieces on the region's cells, whoever owns them, every piece of a
    /// stack counted.
    PiecesOn {
        region: (u16, Option<PlayerRef>),
    },
    /// `pieces_on(CELL)`: the pieces on a cell the action names (0 for none).
    Height(CellAt),
    /// `pieces_on(SET)` of a set built directly: its index among the sets of the effect
    /// condition ([`crate::compile::fast::effect_conditions`]) that holds the test.
    PiecesOnSet(u8),
    /// `size(GROUP)`: how many cells a group (or what it encloses) has.
    Size(GroupSet),
    /// `distinct(TABLE, GROUP)`: how many different values other than 0 the table gives them.
    Distinct {
        table: u16,
        set: GroupSet,
    },
}

/// The pieces joined to the piece on a cell, `group(CELL)`, or the cells they close off,
/// `inside(group(CELL))` (the same directions in both): the connection games' end tests.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GroupSet {
    pub at: GroupAt,
    pub dirs: u16,
    pub inside: bool,
}

/// The cell whose group a [`GroupSet`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GroupAt {
    /// Where the previous action landed (`previous_to`): the stone just placed.
    PreviousTo,
    Action(CellAt),
}

impl GroupSet {
    fn of(e: &TExpr) -> Option<GroupSet> {
        let (group, inside) = match e {
            TExpr::Inside { cells, dirs } => match cells.as_ref() {
                group @ TExpr::Group { dirs: d, .. } if d == dirs => (group, true),
                _ => return None,
            },
            group => (group, false),
        };
        let TExpr::Group { cell, dirs } = group else {
            return None;
        };
        let at = match cell.as_ref() {
            TExpr::PreviousTo => GroupAt::PreviousTo,
            cell => GroupAt::Action(CellAt::of(cell)?),
        };
        Some(GroupSet {
            at,
            dirs: *dirs,
            inside,
        })
    }
}

/// A cell an effect's condition asks about: where the action lands (`to`) or starts (`from`), or
/// the next cell from there in the mover's direction of a set (`neighbour(to, across)`). With no
/// action (an end test) it is no cell, as in the stack machine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellAt {
    pub from: bool,
    pub next: Option<u16>,
}

impl CellAt {
    pub(crate) fn of(e: &TExpr) -> Option<CellAt> {
        match e {
            TExpr::To => Some(CellAt {
                from: false,
                next: None,
            }),
            TExpr::From => Some(CellAt {
                from: true,
                next: None,
            }),
            TExpr::Next(cell, dirs) => match CellAt::of(cell)? {
                CellAt { from, next: None } => Some(CellAt {
                    from,
                    next: Some(*dirs),
                }),
                _ => None,
            },
            _ => None,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FastOutcome {
    Win(PlayerRef),
    Lose(PlayerRef),
    Draw,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Test {
    Compare {
        left: Operand,
        op: BinOp,
        right: Operand,
    },
    /// A counter or `repetitions` compared with a number: whether the value is in `lo..=hi`
    /// (`inside`) or out of it (`!=`).
    Range {
        value: Operand,
        lo: i32,
        hi: i32,
        inside: bool,
    },
    /// A count compared with 0 or 1 asks only whether the pieces are there: no counting needed.
    Any {
        player: PlayerRef,
        region: Option<(u16, Option<PlayerRef>)>,
        present: bool,
    },
    /// `pieces_on(REGION)` compared with 0: whether any cell of the region holds a piece.
    Occupied {
        region: (u16, Option<PlayerRef>),
        present: bool,
    },
    /// `is_in(CELL, REGION)` (or `not` it): whether a cell the action names is in the region.
    InRegion {
        cell: CellAt,
        region: (u16, Option<PlayerRef>),
        inside: bool,
    },
    /// `in_row(PLAYER, LENGTH)` along a set of directions (or `not` it), through no given cell:
    /// the rows of tic-tac-toe, connect four and gomoku without the stack machine.
    InRow {
        player: PlayerRef,
        length: u8,
        dirs: u16,
        present: bool,
    },
    /// `in_row(PLAYER, LENGTH, through: CELL)` (or `not` it), the cell one the action names:
    /// whether a move made a row (the morris games' mills, `next take if in_row(...)`).
    InRowThrough {
        player: PlayerRef,
        length: u8,
        dirs: u16,
        cell: CellAt,
        present: bool,
    },
}

impl Test {
    /// Whether the test counts a player's pieces cell by cell ([`Operand::Count`]), which a
    /// board of stacks does not allow (a stack is several pieces).
    pub(crate) fn counts_cells(&self) -> bool {
        let counts = |o: &Operand| matches!(o, Operand::Count { .. });
        match self {
            Test::Compare { left, right, .. } => counts(left) || counts(right),
            Test::Range { value, .. } => counts(value),
            Test::Any { .. } => true,
            Test::Occupied { .. }
            | Test::InRegion { .. }
            | Test::InRow { .. }
            | Test::InRowThrough { .. } => false,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FastCheck {
    pub test: Test,
    /// Further tests of an `or`: the condition holds when any of them does.
    pub or_else: [Option<Test>; 2],
    pub outcome: FastOutcome,
    /// The test is only the rule's first condition: when it holds, the rule's program decides
    /// (`outcome` is not used).
    pub guard: bool,
}

impl FastCheck {
    /// Whether it may run on a board of stacks: no test counts pieces cell by cell.
    pub fn fits_stacks(&self) -> bool {
        let tests = std::iter::once(&self.test).chain(self.or_else.iter().flatten());
        !tests.into_iter().any(Test::counts_cells)
    }
}

/// The tests of `cond` if it is one fast test or an `or` of up to three (a part that folded to
/// `false` left out).
fn tests_of(cond: &TExpr, region_first: &[u16]) -> Option<(Test, [Option<Test>; 2])> {
    let mut parts = Vec::new();
    crate::compile::chain_of(cond, BinOp::Or, &mut parts);
    parts.retain(|p| !matches!(p, TExpr::Int(0)));
    let mut tests = parts.iter().map(|p| test(p, region_first));
    let first = tests.next()??;
    let mut or_else = [None; 2];
    for slot in 0..=or_else.len() {
        match (tests.next(), or_else.get_mut(slot)) {
            (None, _) => return Some((first, or_else)),
            (Some(t), Some(place)) => *place = Some(t?),
            (Some(_), None) => return None,
        }
    }
    None
}

/// The fast form of a rule body, if it has the shape.
pub fn recognise(body: &[TStmt], region_first: &[u16]) -> Option<FastCheck> {
    let [
        TStmt::If {
            cond,
            then,
            otherwise,
        },
    ] = body
    else {
        return None;
    };
    if !otherwise.is_empty() {
        return None;
    }
    let outcome = match then.as_slice() {
        [TStmt::Win(p, None)] => PlayerRef::from_expr(p).map(FastOutcome::Win),
        [TStmt::Lose(p)] => PlayerRef::from_expr(p).map(FastOutcome::Lose),
        [TStmt::Draw] => Some(FastOutcome::Draw),
        _ => None,
    };
    if let Some(outcome) = outcome
        && let Some((test, or_else)) = tests_of(cond, region_first)
    {
        return Some(FastCheck {
            test,
            or_else,
            outcome,
            guard: false,
        });
    }
    // `if A or B ... { ... }` does nothing unless one of them holds: they guard the rule.
    if let Some((test, or_else)) = tests_of(cond, region_first) {
        return Some(FastCheck {
            test,
            or_else,
            outcome: FastOutcome::Draw,
            guard: true,
        });
    }
    // `if A and B and ... { ... }` does nothing unless A holds: A guards the rule.
    let mut first = cond;
    while let TExpr::Binary(BinOp::And, left, _) = first {
        first = left;
    }
    if std::ptr::eq(first, cond) {
        return None;
    }
    Some(FastCheck {
        test: test(first, region_first)?,
        or_else: [None; 2],
        outcome: FastOutcome::Draw,
        guard: true,
    })
}

/// The fast form of a comparison or of `is_in(CELL, REGION)`, if it has the shape.
pub(crate) fn test(cond: &TExpr, region_first: &[u16]) -> Option<Test> {
    test_with(cond, region_first, None)
}

/// [`test`], where `pieces_on` of other sets may be counted too when `sets` is given: each such
/// set is added to it, and [`Operand::PiecesOnSet`] names its index there.
pub(crate) fn test_with(
    cond: &TExpr,
    region_first: &[u16],
    mut sets: Option<&mut Vec<FastSet>>,
) -> Option<Test> {
    let (cond, inside) = match cond {
        TExpr::Not(inner) => (inner.as_ref(), false),
        other => (other, true),
    };
    if let TExpr::IsIn(cell, set) = cond
        && let TExpr::RegionCells(region) = set.as_ref()
    {
        return Some(Test::InRegion {
            cell: CellAt::of(cell)?,
            region: region_of(region, region_first)?,
            inside,
        });
    }
    if let TExpr::InRow {
        player,
        length,
        dirs,
        through,
    } = cond
    {
        let player = PlayerRef::from_expr(player)?;
        let (length, dirs) = (*length, *dirs);
        return Some(match through {
            None => Test::InRow {
                player,
                length,
                dirs,
                present: inside,
            },
            Some(cell) => Test::InRowThrough {
                player,
                length,
                dirs,
                cell: CellAt::of(cell)?,
                present: inside,
            },
        });
    }
    let TExpr::Binary(op, left, right) = cond else {
        return None;
    };
    if !inside {
        return None;
    }
    if !matches!(
        op,
        BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge
    ) {
        return None;
    }
    let left = operand(left, region_first, sets.as_deref_mut())?;
    let right = operand(right, region_first, sets)?;
    Some(match (left, *op, right) {
        (Operand::Count { player, region }, op, Operand::Int(n)) => match (op, n) {
            (BinOp::Gt | BinOp::Ne, 0) | (BinOp::Ge, 1) => Test::Any {
                player,
                region,
                present: true,
            },
            (BinOp::Eq | BinOp::Le, 0) | (BinOp::Lt, 1) => Test::Any {
                player,
                region,
                present: false,
            },
            _ => Test::Compare { left, op, right },
        },
        (Operand::PiecesOn { region }, BinOp::Eq | BinOp::Le, Operand::Int(0)) => Test::Occupied {
            region,
            present: false,
        },
        (Operand::PiecesOn { region }, BinOp::Gt | BinOp::Ne, Operand::Int(0)) => Test::Occupied {
            region,
            present: true,
        },
        (
            value @ (Operand::Counter(_) | Operand::Repetitions | Operand::Ply),
            op,
            Operand::Int(n),
        ) => range(value, op, n),
        (
            Operand::Int(n),
            op,
            value @ (Operand::Counter(_) | Operand::Repetitions | Operand::Ply),
        ) => {
            // `n < value` is `value > n`.
            let mirrored = match op {
                BinOp::Lt => BinOp::Gt,
                BinOp::Le => BinOp::Ge,
                BinOp::Gt => BinOp::Lt,
                BinOp::Ge => BinOp::Le,
                other => other,
            };
            range(value, mirrored, n)
        }
        _ => Test::Compare {
            left,
            op: *op,
            right,
        },
    })
}

/// `value op n` as a range of values (no overflow: the bounds are widened to i64 first).
fn range(value: Operand, op: BinOp, n: i32) -> Test {
    let n = i64::from(n);
    let (lo, hi) = match op {
        BinOp::Lt => (i64::MIN, n - 1),
        BinOp::Le => (i64::MIN, n),
        BinOp::Gt => (n + 1, i64::MAX),
        BinOp::Ge => (n, i64::MAX),
        _ => (n, n),
    };
    let clamp = |v: i64| v.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32;
    // `value > i32::MAX` never holds: an empty range.
    let (lo, hi) = if lo > i64::from(i32::MAX) || hi < i64::from(i32::MIN) {
        (1, 0)
    } else {
        (clamp(lo), clamp(hi))
    };
    Test::Range {
        value,
        lo,
        hi,
        inside: op != BinOp::Ne,
    }
}

fn operand(e: &TExpr, region_first: &[u16], sets: Option<&mut Vec<FastSet>>) -> Option<Operand> {
    match e {
        TExpr::Int(v) => Some(Operand::Int(i32::try_from(*v).ok()?)),
        TExpr::Counter(c) => Some(Operand::Counter(*c)),
        TExpr::Repetitions => Some(Operand::Repetitions),
        TExpr::Ply => Some(Operand::Ply),
        TExpr::PiecesOn(set) => {
            let region = match set.as_ref() {
                TExpr::OneCell(cell) => return Some(Operand::Height(CellAt::of(cell)?)),
                TExpr::RegionCells(region) => region,
                other => other,
            };
            if let Some(region) = region_of(region, region_first) {
                return Some(Operand::PiecesOn { region });
            }
            let sets = sets?;
            let index = u8::try_from(sets.len()).ok()?;
            sets.push(FastSet::of(set, region_first)?);
            Some(Operand::PiecesOnSet(index))
        }
        TExpr::Size(set) => Some(Operand::Size(GroupSet::of(set)?)),
        TExpr::Distinct { table, cells } => Some(Operand::Distinct {
            table: *table,
            set: GroupSet::of(cells)?,
        }),
        TExpr::Count {
            player,
            region,
            piece: None,
        } => {
            let player = PlayerRef::from_expr(player)?;
            let region = match region.as_deref() {
                None => None,
                Some(region) => Some(region_of(region, region_first)?),
            };
            Some(Operand::Count { player, region })
        }
        _ => None,
    }
}

/// A region named in an end test: its first cell set, and whose copy of a per-player region.
pub(crate) fn region_of(e: &TExpr, region_first: &[u16]) -> Option<(u16, Option<PlayerRef>)> {
    match e {
        TExpr::Region(r) => Some((region_first[*r as usize], None)),
        TExpr::PlayerRegion(r, p) => {
            Some((region_first[*r as usize], Some(PlayerRef::from_expr(p)?)))
        }
        _ => None,
    }
}

/// A [`Test::Any`] check on a board of at most 64 cells, resolved when the game is compiled for
/// each player to move: one load, one mask and one compare.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WordCheck {
    /// `[mover]`: whose pieces are looked at, and in which cells.
    pieces: [(u8, u64); 4],
    present: bool,
    verdict: [Verdict; 4],
}

impl WordCheck {
    pub fn new<const W: usize>(
        check: &FastCheck,
        region_sets: &[CellSet<W>],
        board: &Board<W>,
        players: u8,
    ) -> Option<WordCheck> {
        let Test::Any {
            player,
            region,
            present,
        } = check.test
        else {
            return None;
        };
        if check.guard || check.or_else.iter().any(Option::is_some) {
            return None;
        }
        if board.cells > 64 {
            return None;
        }
        let mut pieces = [(0, 0); 4];
        let mut verdict = [Verdict::Nothing; 4];
        for mover in 0..players {
            let position = State::<W>::empty(mover);
            let cells = match region {
                None => board.all_cells,
                Some((first, whose)) => {
                    let offset = whose.map_or(0, |w| w.resolve(&position, players) as u16);
                    region_sets[(first + offset) as usize]
                }
            };
            pieces[mover as usize] = (player.resolve(&position, players), cells.word(0));
            verdict[mover as usize] = match check.outcome {
                FastOutcome::Win(p) => Verdict::Win(p.resolve(&position, players), 1),
                FastOutcome::Lose(p) => Verdict::Lose(p.resolve(&position, players)),
                FastOutcome::Draw => Verdict::Draw,
            };
        }
        Some(WordCheck {
            pieces,
            present,
            verdict,
        })
    }

    /// The same verdict as [`crate::compile::Game::run_fast_check`] of its check.
    #[inline]
    pub fn run<const W: usize>(&self, state: &State<W>) -> Verdict {
        let mover = state.to_move as usize & 3;
        let (whose, cells) = self.pieces[mover];
        if (state.pieces_of(whose).word(0) & cells != 0) == self.present {
            self.verdict[mover]
        } else {
            Verdict::Nothing
        }
    }
}
