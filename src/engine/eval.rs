//! Runs the compiled program on a fixed stack, allocating nothing.

use super::cells::{NO_CELL_VALUE, cell_value};
use crate::check::Var;
use crate::compile::{CellSet, CodeRange, Game, Op};
use crate::model::action::Action;
use crate::model::state::State;
use crate::syntax::ast::BinOp;
use crate::syntax::rules::MAX_EXPRESSION_DEPTH;

/// The stack of ordinary programs: a small array to clear on every run.
const SMALL_STACK: usize = 32;
/// The stack of the deepest programs the checker lets through: an expression is at most
/// [`MAX_EXPRESSION_DEPTH`] deep and a statement adds one value under it.
const LARGE_STACK: usize = MAX_EXPRESSION_DEPTH as usize + 1;

pub use crate::check::SET_STACK;

/// The kinds of piece whose sets [`Frame::mover_kinds`] keeps: promoted kinds count too.
pub const MOVER_KINDS: usize = 16;

pub use crate::model::verdict::{Played, Verdict};

/// What an expression may look at: the position, and while a move is being judged, the action and
/// the position after it. One frame serves a whole position.
pub struct Frame<'a, const W: usize = 4> {
    pub state: &'a State<W>,
    pub action: Option<Action>,
    /// The position after `action`, made on first use.
    pub after: Option<State<W>>,
    pub vars: [i32; 2],
    /// Counter values that `set` statements give, applied when the `after` rules are done.
    pub new_counters: [i32; 4],
    /// [`State::key`] of the earlier positions of this game, oldest first; empty when unknown.
    /// `repetitions` counts the entries equal to the key of `state`.
    pub history: &'a [u64],
    /// In `after` rules: what the action that made `state` did.
    pub played: Played,
    /// The set a set program (`then` effects, `at:`) ended with.
    result_set: CellSet<W>,
    /// [`State::key`] of `state`, worked out on first use.
    pub key: Option<u64>,
    /// The last `back_along` walk worked out on `state`, with what it was asked: an effect whose
    /// condition counts the cells it takes walks once.
    walk_memo: Option<WalkMemo<W>>,
    /// The last `group(cell)` worked out on `state`, with its cell and directions: a rule that
    /// asks several things of the group of one piece (Havannah's ring, bridge and fork) floods
    /// once. Apart from [`Frame::walk_memo`], whose general key costs more to compare.
    group_memo: Option<(i32, u16, CellSet<W>)>,
    /// The last `rows(player, length, dirs)` worked out on `state`, with what it was asked: a
    /// filter asks it of each candidate (the morris games' pieces in a mill).
    rows_memo: Option<((u8, u8, u16), CellSet<W>)>,
    /// The filters of the rule being generated that every candidate passes in this position, a
    /// bit each (see [`crate::compile::fast::hoisted_filters`]), and whether that is all of them.
    pub waived: u32,
    pub waived_all: bool,
    /// The mover's pieces of each of the first [`MOVER_KINDS`] kinds, sorted in one pass when
    /// a rule first asks for a kind: a game of many kinds has a rule for each.
    pub mover_kinds: Option<[CellSet<W>; MOVER_KINDS]>,
    /// Inside `afterwards(...)`: the position after the action as it is (`state` is the same
    /// seen by the mover), whose key `seen_before` looks for, worked out only if asked.
    pub after_actual: Option<&'a State<W>>,
    /// Asking whether a cell is attacked: the moves' `forbid` rules are not asked.
    pub ignore_forbids: bool,
    /// What a royal `forbid` needs of this position, once asked.
    pub royal: Option<crate::engine::attack::RoyalStatus<W>>,
    /// What placements' `forbid`s need of this position's groups, once asked (see
    /// [`crate::compile::fast::placement_forbids`]).
    pub placement_table: Option<crate::engine::fast::PlacementTable<W>>,
    /// The candidates whose `forbid`s a random playout judges later, if it does (a reference, so
    /// that every other frame stays small to make).
    pub deferred: Option<&'a mut crate::engine::deferred_forbids::Deferred>,
}

/// The sets of cells an expression is working out (`flank`, `and` of two sets), the last on top.
/// A program without set operations runs with `S = 0`: nothing to set up.
struct SetStack<const S: usize, const W: usize> {
    sets: [CellSet<W>; S],
    len: usize,
}

/// `push!(v)` and `pop!()` on the operand stack `stack` of height `sp`, for each function that
/// runs operations (`$` is passed in so that the inner macros can have arguments of their own).
// rustfmt re-indents the inner macros' arms on every run: the layout is kept by hand.
#[rustfmt::skip]
macro_rules! operand_stack {
    ($d:tt, $stack:ident, $sp:ident) => {
        macro_rules! push {
            ($d v:expr) => {{
                let v = $d v;
                $stack[$sp] = v;
                $sp += 1;
            }};
        }
        macro_rules! pop {
            () => {{
                $sp -= 1;
                $stack[$sp]
            }};
        }
    };
}

impl<const S: usize, const W: usize> SetStack<S, W> {
    #[inline]
    fn new() -> Self {
        SetStack {
            sets: [CellSet::default(); S],
            len: 0,
        }
    }

    #[inline]
    fn push(&mut self, set: CellSet<W>) {
        if let Some(slot) = self.sets.get_mut(self.len) {
            *slot = set;
            self.len += 1;
        }
    }

    #[inline]
    fn top_is_empty(&self) -> bool {
        self.len
            .checked_sub(1)
            .and_then(|top| self.sets.get(top))
            .is_none_or(CellSet::is_empty)
    }

    #[inline]
    fn pop(&mut self) -> CellSet<W> {
        self.len = self.len.saturating_sub(1);
        self.sets.get(self.len).copied().unwrap_or_default()
    }
}

impl<'a, const W: usize> Frame<'a, W> {
    /// A frame for a position whose history is unknown.
    pub fn position(state: &'a State<W>) -> Self {
        Frame::with_history(state, &[])
    }

    /// A frame for a position reached after the positions whose keys are `history`.
    pub fn with_history(state: &'a State<W>, history: &'a [u64]) -> Self {
        Frame {
            state,
            action: None,
            after: None,
            vars: [0; 2],
            new_counters: state.counters,
            history,
            played: Played::default(),
            result_set: CellSet::default(),
            after_actual: None,
            ignore_forbids: false,
            royal: None,
            placement_table: None,
            deferred: None,
            mover_kinds: None,
            key: None,
            walk_memo: None,
            group_memo: None,
            rows_memo: None,
            waived: 0,
            waived_all: false,
        }
    }

    /// `repetitions`: how many earlier positions equal this one.
    #[inline]
    /// `key_of` gives a position's key (`Game::position_key`).
    pub fn repetitions(&mut self, key_of: impl FnOnce(&State<W>) -> u64) -> i32 {
        if self.history.is_empty() {
            // Nothing to repeat: the key is not needed.
            return 0;
        }
        let state = self.state;
        let key = *self.key.get_or_insert_with(|| key_of(state));
        // A sum rather than a filtered count: the compiler makes it a vector loop.
        self.history
            .iter()
            .fold(0u32, |n, &k| n + u32::from(k == key)) as i32
    }

    /// Waives the filters of the rule about to be generated whose bits `waived` has, of its
    /// `filters`.
    #[inline]
    pub fn waive(&mut self, waived: u32, filters: usize) {
        self.waived = waived;
        self.waived_all = filters > 0 && waived.count_ones() as usize == filters;
    }

    /// The cells a walk asked as `asked` gave, if it is the last one made in this frame.
    #[inline]
    fn remembered(&self, asked: &WalkMemo<W>) -> Option<CellSet<W>> {
        self.walk_memo
            .as_ref()
            .filter(|m| m.op == asked.op && m.value == asked.value && m.within == asked.within)
            .map(|m| m.cells)
    }

    /// Keeps what the walk asked as `asked` gave, and gives it back.
    #[inline]
    fn remember(&mut self, asked: WalkMemo<W>, cells: CellSet<W>) -> CellSet<W> {
        self.walk_memo = Some(WalkMemo { cells, ..asked });
        cells
    }

    /// Judges `action` next: forgets the position after the previous one.
    #[inline]
    pub fn consider(&mut self, action: Action) {
        self.action = Some(action);
        self.after = None;
    }
}

/// A walk over the board and what it gave ([`Frame::walk_memo`]): the op (with its path), the
/// number and the set it was given, the cells it gave. Walks read
/// only the frame's position, the same for the frame's life.
#[derive(Clone, Copy)]
struct WalkMemo<const W: usize> {
    op: Op,
    value: i32,
    within: CellSet<W>,
    cells: CellSet<W>,
}

impl<const W: usize> WalkMemo<W> {
    fn asked(op: Op, value: i32, within: CellSet<W>) -> Self {
        WalkMemo {
            op,
            value,
            within,
            cells: CellSet::default(),
        }
    }
}

impl<const W: usize> Game<W> {
    /// `group(cell)`, kept in the frame: the tests of one position (Havannah's ring, bridge and
    /// fork) flood the group once.
    pub(crate) fn group_remembered(
        &self,
        frame: &mut Frame<'_, W>,
        cell: i32,
        dirs: u16,
    ) -> CellSet<W> {
        match frame.group_memo {
            Some((at, along, group)) if at == cell && along == dirs => group,
            _ => {
                let group = self.group(frame.state, cell, dirs);
                frame.group_memo = Some((cell, dirs, group));
                group
            }
        }
    }

    /// The value of an expression program (a number, or a player's index).
    pub fn eval_int(&self, code: CodeRange, frame: &mut Frame<'_, W>) -> i32 {
        // `opponent` alone (`next ... by opponent`) needs no stack.
        if let [Op::Opponent, Op::Return] = self.code[code.start()..code.start() + 2] {
            return crate::model::state::next_player(frame.state.to_move, self.players.len() as u8)
                as i32;
        }
        self.run(code, frame).unwrap_or(0)
    }

    pub fn eval_bool(&self, code: CodeRange, frame: &mut Frame<'_, W>) -> bool {
        match self.run(code, frame) {
            Ok(v) => v != 0,
            Err(_) => false,
        }
    }

    /// `afterwards(COND)`: the condition on the position after the action being judged. Kept out
    /// of [`Self::run_on`]: its positions would make every run's stack frame large.
    #[inline(never)]
    fn afterwards(&self, code: CodeRange, frame: &mut Frame<'_, W>) -> bool {
        let Some(action) = frame.action else {
            return false;
        };
        let state = frame.state;
        let history = frame.history;
        let after: &State<W> = self.after_in(&mut frame.after, state, &action);
        // Seen as the mover sees it: the mover is still the mover.
        let mut view = *after;
        view.to_move = state.to_move;
        let mut inner = Frame::with_history(&view, history);
        inner.action = Some(action);
        inner.after_actual = Some(after);
        self.eval_bool(code, &mut inner)
    }

    /// The position after `action`, kept in `slot` for the other tests of the same action. Made
    /// in its slot: a position returned by value would be copied on its way there.
    fn after_in<'s>(
        &self,
        slot: &'s mut Option<State<W>>,
        state: &State<W>,
        action: &Action,
    ) -> &'s State<W> {
        match slot {
            Some(after) => after,
            None => {
                let after = slot.insert(*state);
                self.apply(after, action);
                after
            }
        }
    }

    /// Whether a set program is `marked` alone.
    #[inline]
    pub(crate) fn names_only_marked(&self, code: CodeRange) -> bool {
        matches!(
            self.code[code.start()..code.start() + 2],
            [Op::Marked, Op::ReturnSet]
        )
    }

    /// The cells a set program (a `then` effect's) makes.
    pub fn eval_set(&self, code: CodeRange, frame: &mut Frame<'_, W>) -> CellSet<W> {
        // A program that only names the marked pieces needs no stack.
        if self.names_only_marked(code) {
            return frame.state.marked;
        }
        let _ = self.run(code, frame);
        std::mem::take(&mut frame.result_set)
    }

    pub fn eval_rule(&self, code: CodeRange, frame: &mut Frame<'_, W>) -> Verdict {
        match self.run(code, frame) {
            Ok(_) => Verdict::Nothing,
            Err(v) => v,
        }
    }

    /// `Ok(value)` for an expression, `Err(verdict)` for a rule body.
    #[inline]
    fn run(&self, code: CodeRange, frame: &mut Frame<'_, W>) -> Result<i32, Verdict> {
        match (self.stack_depth <= SMALL_STACK, code.uses_sets()) {
            (true, false) => self.run_on::<SMALL_STACK, 0>(code, frame),
            (true, true) => self.run_on::<SMALL_STACK, SET_STACK>(code, frame),
            (false, false) => self.run_on::<LARGE_STACK, 0>(code, frame),
            (false, true) => self.run_on::<LARGE_STACK, SET_STACK>(code, frame),
        }
    }

    /// [`Self::run`] on a stack of `N` values, at least [`Game::stack_depth`], and `S` sets.
    fn run_on<const N: usize, const S: usize>(
        &self,
        code: CodeRange,
        frame: &mut Frame<'_, W>,
    ) -> Result<i32, Verdict> {
        let mut stack = [0i32; N];
        let mut sets = SetStack::<S, W>::new();
        let mut sp = 0usize;
        let mut pc = code.start();
        let players = self.players.len() as u8;
        operand_stack!($, stack, sp);
        loop {
            let op = self.code[pc];
            pc += 1;
            match op {
                Op::Int(v) => push!(v),
                Op::Mover => push!(frame.state.to_move as i32),
                Op::Opponent => {
                    push!(crate::model::state::next_player(frame.state.to_move, players) as i32)
                }
                // A count of actions: past the 32-bit range it reads as the largest value, not
                // as a negative one.
                Op::Ply => push!(i32::try_from(frame.state.ply).unwrap_or(i32::MAX)),
                Op::Roll => push!(i32::from(frame.state.thrown())),
                Op::Die(n) => push!(i32::from(frame.state.die(n))),
                Op::Repetitions => push!(frame.repetitions(|s| self.position_key(s))),
                // The turn-start tests of race games, cheap: in line.
                Op::BorneOff => push!(i32::from(frame.state.off[pop!() as usize & 3])),
                Op::OnBar => push!(i32::from(frame.state.bar[pop!() as usize & 3])),
                Op::ReturnSet => {
                    frame.result_set = sets.pop();
                    return Ok(0);
                }
                Op::Captured => push!(i32::from(frame.played.captured)),
                Op::Moved(kind) => push!((frame.played.moved >> kind & 1) as i32),
                Op::Counter(c) => push!(frame.state.counters[c as usize]),
                Op::Set(c) => {
                    let v = pop!();
                    frame.new_counters[c as usize] = v;
                }
                Op::Var(Var::Moving) => push!(frame.vars[0]),
                Op::Var(Var::EnemyRun) => push!(frame.vars[1]),
                Op::Region(r) => push!(r as i32),
                Op::PlayerRegion(first) => {
                    let p = pop!();
                    push!(first as i32 + p)
                }
                Op::Count { region, piece } => {
                    let set = if region { Some(pop!() as usize) } else { None };
                    let player = pop!() as u8;
                    push!(self.count(frame, player, set, piece))
                }
                Op::Not => push!((pop!() == 0) as i32),
                Op::Neg => push!(pop!().wrapping_neg()),
                Op::Binary(op) => {
                    let r = pop!();
                    let l = pop!();
                    push!(binary(op, l, r))
                }
                Op::JumpIfFalseKeep(t) => {
                    if stack[sp - 1] == 0 {
                        pc = t as usize;
                    } else {
                        sp -= 1;
                    }
                }
                Op::JumpIfTrueKeep(t) => {
                    if stack[sp - 1] != 0 {
                        pc = t as usize;
                    } else {
                        sp -= 1;
                    }
                }
                Op::JumpIfFalse(t) => {
                    if pop!() == 0 {
                        pc = t as usize;
                    }
                }
                Op::Jump(t) => pc = t as usize,
                Op::JumpIfEmptySet(t) => {
                    if sets.top_is_empty() {
                        pc = t as usize;
                    }
                }
                Op::Return => return Ok(pop!()),
                Op::Win => {
                    let score = pop!();
                    return Err(Verdict::Win(pop!() as u8, score));
                }
                Op::Lose => return Err(Verdict::Lose(pop!() as u8)),
                Op::Draw => return Err(Verdict::Draw),
                Op::Pass => return Err(Verdict::Pass),
                Op::Halt => return Err(Verdict::Nothing),
                // The action's cells and what stands on cells and regions: most effect
                // conditions are made of these, so they are dispatched here, not out of line.
                Op::To => push!(match frame.action {
                    Some(a) => self.action_to(&a),
                    None => NO_CELL_VALUE,
                }),
                Op::From => push!(match frame.action {
                    Some(a) => self.action_from(&a),
                    None => NO_CELL_VALUE,
                }),
                Op::InRegion => {
                    let region = &self.region_sets[pop!() as usize];
                    let cell = pop!();
                    let inside = usize::try_from(cell)
                        .is_ok_and(|c| c < self.board.cells && region.contains(c as u16));
                    push!(inside as i32)
                }
                Op::CellHeight => {
                    let cell = self.cell_of(pop!());
                    push!(cell.map_or(0, |c| i32::from(frame.state.height(c))))
                }
                Op::RegionPieces => {
                    let region = &self.region_sets[pop!() as usize];
                    push!(frame.state.pieces_on(region))
                }
                // Rare operations (race games, tests of the action): out of line.
                Op::Pinned { .. }
                | Op::CanMove
                | Op::LandsIn
                | Op::PathIndex { .. }
                | Op::PathCell { .. }
                | Op::PathProgress { .. }
                | Op::PathBlocked { .. }
                | Op::Symmetric(_) => sp = self.run_rare_op(op, &mut stack, sp, frame),
                // The connection and row games' end tests, a call or two nearer.
                Op::Group(_) | Op::InsideOfGroup(_) | Op::Distinct(_) | Op::Size => {
                    sp = self.run_set_op(op, &mut stack, sp, &mut sets, frame)
                }
                Op::InRow { .. } => sp = self.run_pattern_op(op, &mut stack, sp, &mut sets, frame),
                // The cell and set operations of placement games: out of line, so that the loop
                // of the other games stays as small as it was before them.
                _ => sp = self.run_cell_op(op, &mut stack, sp, &mut sets, frame),
            }
        }
    }

    /// The rare operations of [`Self::run_on`], out of its loop: race games' pinned pieces and
    /// paths, and the tests of an action (`can_move`, `lands_in`, `symmetric`). Returns the new
    /// stack height.
    #[inline(never)]
    fn run_rare_op<const N: usize>(
        &self,
        op: Op,
        stack: &mut [i32; N],
        mut sp: usize,
        frame: &mut Frame<'_, W>,
    ) -> usize {
        operand_stack!($, stack, sp);
        match op {
            Op::Pinned { region } => {
                let set = if region { Some(pop!() as usize) } else { None };
                let player = pop!() as u8;
                let pinned = frame
                    .state
                    .pinned_cells(player)
                    .filter(|&c| set.is_none_or(|s| self.region_sets[s].contains(c)))
                    .count();
                push!(pinned as i32)
            }
            Op::CanMove => {
                let player = pop!() as u8;
                push!(self.can_move(frame.state, player) as i32)
            }
            Op::LandsIn => {
                let set = &self.region_sets[pop!() as usize];
                let lands = frame.action.is_some_and(|a| self.lands_in(&a, set));
                push!(lands as i32)
            }
            Op::PathIndex { path, piece } => {
                let player = pop!() as u8;
                push!(
                    self.path_position(frame.state, player, path, piece)
                        .map_or(-1, |(i, _)| i as i32)
                )
            }
            Op::PathCell { path } => {
                let index = pop!();
                let player = pop!() as usize & 3;
                let cells = &self.paths[path as usize].cells[player];
                let cell = (index.checked_sub(1))
                    .and_then(|i| usize::try_from(i).ok())
                    .and_then(|i| cells.get(i));
                push!(cell.map_or(NO_CELL_VALUE, |&c| i32::from(c)))
            }
            Op::PathProgress { path } => {
                let player = pop!() as u8;
                push!(self.path_progress(frame.state, player, path))
            }
            Op::PathBlocked {
                path,
                piece,
                by_enemy,
            } => {
                let player = pop!() as u8;
                let blocked = self
                    .path_position(frame.state, player, path, piece)
                    .and_then(|(i, _)| self.paths[path as usize].cells[player as usize].get(i + 1))
                    .and_then(|&next| frame.state.owner(next))
                    .is_some_and(|owner| !by_enemy || owner != player);
                push!(blocked as i32)
            }
            Op::Symmetric(s) => {
                let symmetric = match frame.action {
                    Some(a) => {
                        let state = frame.state;
                        let after = self.after_in(&mut frame.after, state, &a);
                        self.is_symmetric(after, s)
                    }
                    None => self.is_symmetric(frame.state, s),
                };
                push!(symmetric as i32)
            }
            _ => {}
        }
        sp
    }

    /// One cell or set operation of [`Self::run_on`]; returns the new stack height. Here the
    /// common ones: earlier moves' cells and the neighbours of cells, regions, the position's
    /// sets, hands, and go's liberties and repeated positions. The others go on to [`Self::run_set_op`].
    #[inline(never)]
    fn run_cell_op<const N: usize, const S: usize>(
        &self,
        op: Op,
        stack: &mut [i32; N],
        mut sp: usize,
        sets: &mut SetStack<S, W>,
        frame: &mut Frame<'_, W>,
    ) -> usize {
        operand_stack!($, stack, sp);
        match op {
            Op::LastTo => push!(cell_value(frame.state.last_to)),
            Op::PreviousFrom | Op::PreviousTo => {
                let cell = if op == Op::PreviousFrom {
                    frame.state.previous_from
                } else {
                    frame.state.previous_to
                };
                push!(cell_value(cell))
            }
            Op::Reach(dirs) => {
                let cell = pop!();
                sets.push(self.reach(frame.state, cell, dirs));
            }
            Op::Next(dirs) => {
                let cell = pop!();
                push!(self.next_cell(frame.state, cell, dirs))
            }
            Op::Pieces(piece) => {
                let player = pop!() as u8;
                sets.push(match piece {
                    None => *frame.state.pieces_of(player),
                    Some(kind) => self.pieces_of_kind(frame, player, kind),
                });
            }
            Op::Marked => sets.push(frame.state.marked),
            Op::Visited => sets.push(frame.state.visited),
            Op::Unmoved => sets.push(frame.state.unmoved),
            Op::Hand(kind) => {
                let player = pop!() as usize & 3;
                // A kind no one holds in hand has no slot: none in hand.
                let slot = self.hand_slot_of[kind as usize] as usize;
                push!(
                    frame.state.hand[player]
                        .get(slot)
                        .map_or(0, |&n| i32::from(n))
                )
            }
            Op::IsIn => {
                let cell = pop!();
                let set = sets.pop();
                let inside = usize::try_from(cell)
                    .is_ok_and(|c| c < self.board.cells && set.contains(c as u16));
                push!(inside as i32)
            }
            Op::RegionCells => {
                let set = self.region_sets[pop!() as usize];
                sets.push(set);
            }
            Op::Passed => push!(frame.played.passed as i32),
            Op::Breathes(dirs) => {
                let cell = pop!();
                push!(self.breathes(frame.state, cell, dirs) as i32)
            }
            Op::WithoutLiberties(dirs) => {
                let player = pop!() as u8;
                sets.push(self.without_liberties(frame.state, player, dirs));
            }
            Op::Afterwards(code) => push!(self.afterwards(code, frame) as i32),
            Op::SeenBefore(within) => {
                let history = frame.history;
                let from = within.map_or(0, |w| history.len().saturating_sub(w as usize));
                let seen = frame
                    .after_actual
                    .is_some_and(|after| history[from..].contains(&self.position_key(after)));
                push!(seen as i32)
            }
            _ => sp = self.run_set_op(op, stack, sp, sets, frame),
        }
        sp
    }

    /// The set operations of [`Self::run_cell_op`], less common: sets made of others and what
    /// they hold, and tests of one cell. The others go on to [`Self::run_pattern_op`].
    #[inline(never)]
    fn run_set_op<const N: usize, const S: usize>(
        &self,
        op: Op,
        stack: &mut [i32; N],
        mut sp: usize,
        sets: &mut SetStack<S, W>,
        frame: &mut Frame<'_, W>,
    ) -> usize {
        operand_stack!($, stack, sp);
        match op {
            Op::Ray(dirs) => {
                let cell = pop!();
                sets.push(self.ray(frame.state, cell, dirs));
            }
            Op::Between => {
                let to = pop!();
                let from = pop!();
                let line = (u16::try_from(from).ok())
                    .zip(u16::try_from(to).ok())
                    .and_then(|(a, b)| self.line_cells(a, b));
                sets.push(line.unwrap_or_default());
            }
            Op::Beyond => {
                let through = pop!();
                let cell = pop!();
                push!(self.beyond(cell, through))
            }
            Op::CellIs(test) => {
                let cell = pop!();
                push!(self.cell_is(frame.state, cell, test) as i32)
            }
            Op::Size => {
                let set = sets.pop();
                push!(set.len() as i32)
            }
            Op::PiecesOn => {
                let set = sets.pop();
                push!(frame.state.pieces_on(&set))
            }
            Op::Table(table) => {
                let key = pop!();
                push!(self.table_entry(table, key, frame.state))
            }
            Op::CellValues => {
                let set = sets.pop();
                // 32-bit arithmetic wraps (GRAMMAR.md), in every build.
                let sum = set.iter().fold(0i32, |sum, c| {
                    sum.wrapping_add(self.board.values[c as usize])
                });
                push!(sum)
            }
            Op::SetAnd | Op::SetOr => {
                let right = sets.pop();
                let left = sets.pop();
                sets.push(if op == Op::SetAnd {
                    left.and(&right)
                } else {
                    left.or(&right)
                });
            }
            Op::SetNot => {
                let set = sets.pop();
                sets.push(self.board.all_cells.and_not(&set));
            }
            Op::Neighbours(dirs) => {
                let set = sets.pop();
                let around = self.neighbours_of(frame.state, &set, dirs);
                sets.push(around);
            }
            Op::Group(dirs) => {
                let cell = pop!();
                sets.push(self.group_remembered(frame, cell, dirs));
            }
            Op::Inside(dirs) => {
                let set = sets.pop();
                sets.push(self.inside(&set, dirs, frame.state.to_move));
            }
            Op::InsideOfGroup(dirs) => {
                let set = sets.pop();
                sets.push(self.inside_of_group(&set, dirs, frame.state.to_move));
            }
            Op::Reachable(dirs) => {
                let through = sets.pop();
                let from = sets.pop();
                sets.push(self.reachable(&from, &through, dirs, frame.state.to_move));
            }
            Op::Distinct(table) => {
                let set = sets.pop();
                push!(self.distinct(table, &set))
            }
            Op::BackAlong(path) => {
                let within = sets.pop();
                let from = pop!();
                let asked = WalkMemo::asked(op, from, within);
                let cells = frame.remembered(&asked).unwrap_or_else(|| {
                    let cells = self.back_along(frame.state, path, from, &within);
                    frame.remember(asked, cells)
                });
                sets.push(cells);
            }
            Op::Holding => {
                let max = pop!();
                let min = pop!();
                sets.push(self.holding(frame.state, min, max));
            }
            Op::OneCell => {
                let cell = pop!();
                let mut set = CellSet::default();
                if let Ok(c) = usize::try_from(cell)
                    && c < self.board.cells
                {
                    set.insert(c as u16);
                }
                sets.push(set);
            }
            Op::FaceDown => {
                let player = pop!() as u8;
                sets.push(self.face_down_pieces(frame.state, player));
            }
            Op::HeldPieces => {
                let player = pop!() as u8;
                sets.push(self.held_pieces(frame.state, player));
            }
            Op::Attacked => {
                let by = pop!() as u8;
                let cells = sets.pop();
                push!(self.attacked(frame, &cells, by) as i32)
            }
            _ => sp = self.run_pattern_op(op, stack, sp, sets, frame),
        }
        sp
    }

    /// The rest of [`Self::run_cell_op`]: flanks, enclosures, rows, connections and groups, each
    /// a walk over the board beside which the calls to get here cost little.
    #[inline(never)]
    fn run_pattern_op<const N: usize, const S: usize>(
        &self,
        op: Op,
        stack: &mut [i32; N],
        mut sp: usize,
        sets: &mut SetStack<S, W>,
        frame: &mut Frame<'_, W>,
    ) -> usize {
        operand_stack!($, stack, sp);
        match op {
            Op::Flank { dirs, max, hostile } => {
                let cell = pop!();
                let hostile = if hostile {
                    sets.pop()
                } else {
                    CellSet::default()
                };
                let flanked = self.flank(frame.state, cell, dirs, max, &hostile);
                sets.push(flanked);
            }
            Op::Enclosed {
                dirs,
                hostile,
                edge,
                shield,
                min,
            } => {
                let cells = sets.pop();
                let hostile = if hostile {
                    sets.pop()
                } else {
                    CellSet::default()
                };
                let closed = super::cells::Closed {
                    hostile: &hostile,
                    edge,
                    shield: (shield != u16::MAX).then_some(shield),
                    min,
                };
                let enclosed = self.enclosed(frame.state, &cells, dirs, &closed);
                sets.push(enclosed);
            }
            Op::InRow {
                length,
                dirs,
                through,
            } => {
                let cell = if through { Some(pop!()) } else { None };
                let player = pop!() as u8;
                push!(self.in_row(frame.state, player, length, dirs, cell) as i32)
            }
            Op::Rows { length, dirs } => {
                let asked = (pop!() as u8, length, dirs);
                let rows = match frame.rows_memo {
                    Some((memo, rows)) if memo == asked => rows,
                    _ => {
                        let rows = self.rows(frame.state, asked.0, length, dirs);
                        frame.rows_memo = Some((asked, rows));
                        rows
                    }
                };
                sets.push(rows);
            }
            Op::Connected { dirs } => {
                let to = &self.region_sets[pop!() as usize];
                let from = &self.region_sets[pop!() as usize];
                let player = pop!() as u8;
                push!(self.connected(frame.state, player, from, to, dirs) as i32)
            }
            Op::Liberties(dirs) => {
                let cell = pop!();
                push!(self.liberties(frame.state, cell, dirs))
            }
            Op::Area(dirs) => {
                let player = pop!() as u8;
                push!(self.area(frame.state, player, dirs))
            }
            Op::Groups(dirs) => {
                let player = pop!() as u8;
                push!(self.groups(frame.state, player, dirs))
            }
            _ => {}
        }
        sp
    }

    /// The furthest of the player's pieces (of the kind) along their copy of a path: (index, cell).
    fn path_position(
        &self,
        state: &State<W>,
        player: u8,
        path: u16,
        piece: Option<u8>,
    ) -> Option<(usize, u16)> {
        let cells = &self.paths[path as usize].cells[player as usize];
        cells.iter().enumerate().rev().find_map(|(i, &cell)| {
            let holds = state
                .piece(cell)
                .is_some_and(|(p, k)| p == player && piece.is_none_or(|want| want == k));
            holds.then_some((i, cell))
        })
    }

    /// `path_progress`: each piece on the player's copy of the path counts its index + 1 (every
    /// piece of a stack, and a pinned one where it lies), each piece borne off the path's length
    /// + 1. A race's pip count seen from the other end: it grows as the pieces come home.
    fn path_progress(&self, state: &State<W>, player: u8, path: u16) -> i32 {
        let index = &self.paths[path as usize].index[player as usize & 3];
        let length = self.paths[path as usize].cells[player as usize & 3].len() as i32;
        let step = |cell: u16| {
            index
                .get(cell as usize)
                .filter(|&&i| i != u8::MAX)
                .map_or(0, |&i| i32::from(i) + 1)
        };
        let standing: i32 = state
            .pieces_of(player)
            .iter()
            .map(|c| step(c) * i32::from(state.height(c)))
            .sum();
        let pinned: i32 = state.pinned_cells(player).map(step).sum();
        standing + pinned + i32::from(state.off[player as usize & 3]) * (length + 1)
    }

    /// Pieces of a player, in a region and of a kind if given: bit set intersections.
    fn count(
        &self,
        frame: &Frame<'_, W>,
        player: u8,
        set: Option<usize>,
        piece: Option<u8>,
    ) -> i32 {
        let mut cells = *frame.state.pieces_of(player);
        if let Some(s) = set {
            cells = cells.and(&self.region_sets[s]);
        }
        if self.board.stacks {
            // Every piece of a stack counts.
            return cells
                .iter()
                .filter(|&c| {
                    piece.is_none_or(|kind| frame.state.piece(c).is_some_and(|(_, k)| k == kind))
                })
                .fold(0i32, |n, c| {
                    n.wrapping_add(i32::from(frame.state.height(c)))
                });
        }
        match piece {
            None => cells.len() as i32,
            Some(kind) => cells
                .iter()
                .filter(|&c| frame.state.piece(c).is_some_and(|(_, k)| k == kind))
                .count() as i32,
        }
    }

    fn is_symmetric(&self, state: &State<W>, symmetry: crate::check::Symmetry) -> bool {
        let index = crate::check::Symmetry::ALL
            .iter()
            .position(|(_, s)| *s == symmetry)
            .unwrap_or(0);
        let image = &self.board.symmetries[index];
        let cells = state.cells();
        (0..self.board.cells).all(|c| cells[c] == cells[image[c] as usize])
    }
}

/// A binary operator of [`Game::run_on`] on its two operands: 32-bit arithmetic wraps.
#[inline(always)]
fn binary(op: BinOp, l: i32, r: i32) -> i32 {
    match op {
        BinOp::Eq => (l == r) as i32,
        BinOp::Ne => (l != r) as i32,
        BinOp::SameCell => (l == r && l >= 0) as i32,
        BinOp::OtherCell => (l != r || l < 0) as i32,
        BinOp::Lt => (l < r) as i32,
        BinOp::Le => (l <= r) as i32,
        BinOp::Gt => (l > r) as i32,
        BinOp::Ge => (l >= r) as i32,
        BinOp::Add => l.wrapping_add(r),
        BinOp::Sub => l.wrapping_sub(r),
        BinOp::Mul => l.wrapping_mul(r),
        BinOp::And => (l != 0 && r != 0) as i32,
        BinOp::Or => (l != 0 || r != 0) as i32,
    }
}
