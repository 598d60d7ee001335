//! The compiled stage: dense tables (cells x directions, regions as bit sets) and the rules as one
//! flat program that the move generator runs without allocating.

mod bytecode;
pub mod fast;
pub mod primitives;

pub use crate::model::board::{Board, CellSet, NO_CELL};
pub use bytecode::{CodeRange, Op};
pub use fast::cell_mask::CellMask;
pub use primitives::Primitive;

use crate::check::fold;
use crate::check::{CheckedGame, Generator, OptionDecl, PieceDecl, RuleInfo, TExpr};
use crate::compile::fast::effect_conditions::EffectCondition;
use crate::model::state::State;
use crate::syntax::ast::BinOp;

/// A move rule with its arguments lowered to table indices: the parts every rule has, and its
/// primitive with only that primitive's arguments (see [`primitives`]).
#[derive(Clone, Debug)]
pub struct CompiledMove {
    pub info: RuleInfo,
    /// The kind of piece the rule places, takes or moves (`None`: any, or a choice of kinds).
    pub piece: Option<u8>,
    /// The kinds the rule moves or takes, one bit each: all for any kind, one for `piece`, or
    /// those of a choice `piece: rook or queen`.
    pub kinds: u64,
    pub filters: Vec<CodeRange>,
    /// The rule's candidates are the same in every position (see [`fast::fixed_parts`]).
    pub position_free: bool,
    /// For each filter, what can be decided of it once per position rather than per candidate
    /// (see [`fast::hoisted_filters`]); empty where nothing can.
    pub hoists: Vec<fast::hoisted_filters::FilterHoist>,
    /// What each filter asks of a candidate as the rule is generated, once `hoists` are decided
    /// (generation always decides them first): its residue where it has one, else the filter.
    pub candidate_filters: Vec<CodeRange>,
    pub compulsory: bool,
    /// `compulsory most`: only the actions capturing the most pieces, among those of every such
    /// rule, are legal.
    pub most: bool,
    /// Cells the moving piece may never enter.
    pub avoid: Option<RegionRef>,
    /// Pieces standing in their owner's part of this region neither move nor are captured.
    pub locked: Option<RegionRef>,
    /// The kind the moving piece becomes when it ends in the region; a jump sequence stops there.
    pub promote: Option<(u8, RegionRef)>,
    /// `promote: queen or rook ...`: the kinds to choose from, a bit each (0: no choice); each
    /// choice is an action of its own, its kind + 1 in the action's second word.
    pub promote_choices: u64,
    /// `promote_on: from_or_to`: a move starting in the region promotes as well.
    pub promote_from: bool,
    /// A filter reads `previous_from` or `previous_to`: whether the rule has a move decides if
    /// the previous move is part of the position (see `Game::position_key`).
    pub reads_previous: bool,
    /// Filters `previous_X == neighbour(to, D)`: where they leave no landing cell, the rule has
    /// no move (see [`previous_anchor`]).
    pub anchors: Vec<fast::previous_anchor::PreviousAnchor>,
    /// A filter `is_in(from, unmoved)`: where none of the rule's pieces is unmoved, it has no
    /// move (see [`unmoved_source`]).
    pub from_unmoved: bool,
    /// The rule's filters in the form its attack probes ask themselves, when they have it (see
    /// [`attack_plan`]).
    pub probe_filters: Option<fast::attack_plan::ProbeFilters>,
    /// No filter of its own and no `forbid` in the game: every action it makes is legal.
    pub unchecked: bool,
    /// The filters that ask only about the landing cell, as one mask (see [`cell_mask`]).
    pub landing_mask: Option<CellMask>,
    /// `next RULE ...`: what the mover goes on with after an action of this rule.
    pub next: Vec<CompiledNext>,
    /// The rule is named by a `next`: it makes moves only as a continuation, never to start a turn.
    pub continuation_only: bool,
    /// The rule is named by a `next ... optional`: where it is the part to play, the player may
    /// end the turn instead (`pass`).
    pub optional: bool,
    /// Some `next` of the rule is `joined`: its candidates are joined to the rest of the turn.
    pub joins: bool,
    /// `then { ... }`, in order: each a verb and the program of its set of cells.
    pub effects: Vec<CompiledEffect>,
    /// What the rule does: the primitive and its own arguments.
    pub primitive: Primitive,
}

impl CompiledMove {
    /// Whether the rule moves (or takes) pieces of `kind`.
    #[inline(always)]
    pub fn moves_kind(&self, kind: u8) -> bool {
        self.kinds >> kind & 1 != 0
    }

    /// `piece: rook or queen`: the rule moves some kinds, not one and not all.
    pub fn kind_choice(&self) -> bool {
        self.piece.is_none() && self.kinds != u64::MAX
    }
}

/// The hand slot of a `place` from the hand of a kind nobody holds in hand: it never places.
pub const NO_HAND: u8 = u8::MAX;
/// Marks a slot of [`Game::captured_slot_of`] in the captured piece's owner's hand (`returns_home`).
pub const TO_OWNER: u8 = 0x80;

/// `next RULE [by PLAYER] [joined] [if COND]`, compiled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CompiledNext {
    pub rule: u8,
    /// Who plays the part: the same player, or a program that gives the player.
    pub by: Option<CodeRange>,
    pub joined: bool,
    pub condition: Option<CodeRange>,
    /// The condition without the stack machine, where it is a fast test (the morris games'
    /// `next take if in_row(mover, 3, through: to)`).
    pub fast_condition: Option<fast::fast_check::Test>,
}

/// One effect of a `then` block, compiled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompiledEffect {
    pub verb: crate::syntax::ast::EffectVerb,
    /// A program that leaves the set of cells in the frame (see
    /// [`crate::engine::eval::Frame`]), or for `extra_turn` a program that gives the player.
    pub target: CodeRange,
    /// `gather`'s `into`: a program that leaves a set, whose first cell receives the pieces.
    pub into: Option<CodeRange>,
    /// `if COND`, unless the options decide it.
    pub condition: Option<CodeRange>,
    /// The set worked out cell by cell, when it has that form (see [`neighbour_filter`]).
    pub fast: Option<fast::neighbour_filter::NeighbourFilter>,
    /// The condition run test by test, when it has that form (see
    /// [`fast::effect_conditions`]).
    pub fast_condition: Option<fast::effect_conditions::EffectCondition>,
    /// The target's and `into`'s cells built directly, when they have that form (see
    /// [`fast::effect_sets`]).
    pub fast_target: Option<fast::effect_sets::FastSet>,
    pub fast_into: Option<fast::effect_sets::FastSet>,
    /// `shift`: a program that gives the cell the piece goes to (the target gives the cell it
    /// comes from).
    pub destination: Option<CodeRange>,
}

/// A region named in a move rule: a per-player region means the mover's own copy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RegionRef {
    pub first_set: u16,
    pub per_player: bool,
}

#[derive(Clone, Debug)]
pub struct CompiledCheck {
    pub info: RuleInfo,
    pub code: CodeRange,
    /// For a `forbid` of the shape `lands_in(R) and ...`: R, so the rule is skipped without running
    /// when no moved piece ends there.
    pub guard: Option<RegionRef>,
    /// The same test in the fast form, when the rule has its shape.
    pub fast: Option<fast::fast_check::FastCheck>,
    /// The fast form on a board of one word, resolved for each player to move.
    pub word: Option<fast::fast_check::WordCheck>,
    /// An `after` rule that resets or moves on a counter, in the fast form.
    pub counter_fast: Option<fast::fast_after::FastAfter>,
    /// A `forbid` of the shape `afterwards(attacked(pieces(mover, KIND), by: opponent))`: KIND.
    /// A simple move is then judged without making the position after it: at once where it
    /// changes no cell an attack on those pieces depends on, else by the attack plan's probes
    /// (see `Game::royal_verdict`).
    pub royal: Option<u8>,
    /// A `forbid` that the neighbourhood of a placement decides, where the game has a
    /// [`Game::placement_plan`] (see [`fast::placement_forbids`]).
    pub placement: Option<fast::placement_forbids::PlacementForbid>,
}

/// A marked path, for each player: its cells in order, and for every board cell the next cell of
/// the path and the cell's index on it.
#[derive(Clone, Debug)]
pub struct CompiledPath {
    pub name: String,
    pub cells: Vec<Vec<u16>>,
    /// `index[player][cell]`, or `u8::MAX` off the path.
    pub index: Vec<Vec<u8>>,
}

/// The parts of a chain of `op` (`a and b and c`), in order; an expression that is no such chain
/// is its one part.
pub(crate) fn chain_of<'e>(e: &'e TExpr, op: BinOp, parts: &mut Vec<&'e TExpr>) {
    match e {
        TExpr::Binary(o, l, r) if *o == op => {
            chain_of(l, op, parts);
            chain_of(r, op, parts);
        }
        other => parts.push(other),
    }
}

fn compile_path(path: &crate::check::PathDecl, cells: usize) -> CompiledPath {
    let mut index = Vec::new();
    for list in &path.cells {
        let mut i = vec![u8::MAX; cells];
        for (k, &cell) in list.iter().enumerate() {
            i[cell as usize] = k.min(254) as u8;
        }
        index.push(i);
    }
    CompiledPath {
        name: path.name.clone(),
        cells: path.cells.clone(),
        index,
    }
}

/// Marked lines: for each direction, the cells from which a step that way follows a link.
#[derive(Clone, Debug)]
pub struct CompiledLines<const W: usize = 4> {
    pub name: String,
    pub links: Vec<(u16, u16)>,
    pub leaving: Vec<CellSet<W>>,
}

fn compile_lines<const W: usize>(
    lines: &crate::check::LinesDecl,
    board: &Board<W>,
) -> CompiledLines<W> {
    let leaving = (0..board.offsets.len() as u8)
        .map(|dir| {
            let mut set = CellSet::default();
            for cell in 0..board.cells as u16 {
                let next = board.neighbour(cell, dir);
                if next != NO_CELL
                    && lines
                        .links
                        .binary_search(&(cell.min(next), cell.max(next)))
                        .is_ok()
                {
                    set.insert(cell);
                }
            }
            set
        })
        .collect();
    CompiledLines {
        name: lines.name.clone(),
        links: lines.links.clone(),
        leaving,
    }
}

/// The kinds of rule a rules text declares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RuleKind {
    Move,
    Forbid,
    TurnStart,
    After,
    NoMoves,
    Estimate,
}

impl RuleKind {
    /// The keyword that declares a rule of this kind.
    pub fn keyword(self) -> &'static str {
        match self {
            RuleKind::Move => "move",
            RuleKind::Forbid => "forbid",
            RuleKind::TurnStart => "turn_start",
            RuleKind::After => "after",
            RuleKind::NoMoves => "no_moves",
            RuleKind::Estimate => "estimate",
        }
    }
}

/// A rule as the file declares it, kept even when the options fold it away (a `length_cap` with
/// `max_plies = 0`), so that tools can list every rule.
#[derive(Clone, Debug)]
pub struct DeclaredRule {
    pub kind: RuleKind,
    pub name: String,
    pub cite: Option<String>,
}

/// A region as the user named it: one or one-per-player cell sets in [`Game::region_sets`].
#[derive(Clone, Debug)]
pub struct RegionInfo {
    pub name: String,
    pub per_player: bool,
    pub first_set: u16,
}

/// A game ready to play.
#[derive(Clone, Debug)]
pub struct Game<const W: usize = 4> {
    pub name: String,
    pub summary: String,
    pub sources: Vec<String>,
    pub players: Vec<String>,
    pub board: Board<W>,
    pub pieces: Vec<PieceDecl>,
    /// Every cell where some kind is at home (`home`): only a piece there can be held.
    pub homes: CellSet<W>,
    pub regions: Vec<RegionInfo>,
    pub region_sets: Vec<CellSet<W>>,
    pub paths: Vec<CompiledPath>,
    /// `[routes]`: the closed routes `ride` follows.
    pub routes: Vec<primitives::CompiledRoute>,
    pub lines: Vec<CompiledLines<W>>,
    pub options: Vec<OptionDecl>,
    pub initial: State<W>,
    pub moves: Vec<CompiledMove>,
    pub forbids: Vec<CompiledCheck>,
    pub turn_start: Vec<CompiledCheck>,
    /// Rules run on the position after every action; they set counters.
    pub after: Vec<CompiledCheck>,
    pub counters: Vec<crate::check::CounterDecl>,
    /// `[tables]`: what `Op::Table` reads.
    pub tables: Vec<crate::check::TableDecl>,
    /// For each table of numbers keyed by cell with at most [`fast::table_values::VALUE_SETS`] different
    /// values other than 0: the cells of each value, so that `distinct` intersects a few sets
    /// instead of sorting the values of a set's cells. Empty for other tables.
    pub table_value_sets: Vec<fast::table_values::ValueSets<W>>,
    /// The direction sets that make the board a triangular lattice (by their number in the
    /// rules), for `inside(group(...))`: see [`fast::lattice`].
    pub lattices: Vec<(u16, crate::model::lattice::Lattice)>,
    /// The rows of each `in_row` without `through` that has few: see [`fast::row_masks`].
    pub row_masks: Vec<fast::row_masks::RowMasks<W>>,
    pub no_moves: Option<CompiledCheck>,
    /// `estimate` rules: each player's standing, a player's program and a number's, in turn.
    pub estimates: Vec<(CodeRange, CodeRange)>,
    pub code: Vec<Op>,
    /// The most values [`Game::code`] holds on its stack at once: it picks the stack it runs on.
    pub stack_depth: usize,
    /// When every `forbid` has a guard region: their union for each player, to skip them all at once.
    pub forbid_guards: Option<Vec<CellSet<W>>>,
    /// Whether any move rule is compulsory (then those are generated first).
    pub has_compulsory: bool,
    /// Whether any move rule is `compulsory most` (then the compulsory actions are sifted).
    pub has_most: bool,
    /// Whether random playouts judge `forbid`s only on the candidate they draw (see
    /// [`crate::engine::deferred_forbids`]): where there are `forbid`s and no rule needs the whole
    /// judged list (`compulsory most`, joined parts).
    pub defers_forbids: bool,
    /// Whether any rule reads `repetitions`: only then do the drivers (perft, playouts, replays,
    /// `tabula play`) keep the keys of earlier positions for [`Game::legal_actions_with_history`].
    pub uses_history: bool,
    /// Dice thrown as chance events (`[dice]`).
    pub dice: Option<crate::check::DiceDecl>,
    /// Dice thrown once a turn, their total read by the rules as `roll` (`[roll]`).
    pub roll: Option<crate::check::RollDecl>,
    /// A set-up drawn by lot at the start (`[shuffle]`): its cells and arrangements.
    pub shuffle: Option<crate::check::shuffle::ShuffleDecl>,
    /// How a match of this game is played (`[match]`).
    pub match_format: Option<crate::check::MatchDecl>,
    /// Moves may turn face-down pieces up: a reveal comes before the rest of the turn.
    pub turn_effects: bool,
    /// Every rule of the rules text by kind, in the order of [`RuleKind`].
    pub declared_rules: Vec<DeclaredRule>,
    /// When every move rule is a plain step on a small board: all moves as word shifts.
    pub word_steps: Option<fast::word_steps::WordSteps>,
    /// When every move rule is a plain step or jump on a small board (and `word_steps` is not
    /// chosen): all moves on words from tables per player.
    pub word_moves: Option<fast::word_moves::WordMoves>,
    /// Which actions no earlier position can come back after (see [`irreversible`]), if the
    /// rules tell: a driver keeping history for `repetitions` may then forget what came before.
    pub irreversible: Option<fast::irreversible::Irreversible>,
    /// Where every move places a piece or passes and every `forbid` is one the neighbourhood of
    /// a placement decides (Go's suicide and simple ko): see [`fast::placement_forbids`].
    pub placement_plan: Option<fast::placement_forbids::PlacementPlan>,
    /// Whether any move rule has `then` effects (else applying skips looking for them).
    pub has_rule_effects: bool,
    /// Whether any move rule has a `next`, or marks pieces or gives extra turns: then a turn may
    /// have several parts, and its end has more to do than to pass the turn on.
    pub has_parts: bool,
    /// The kind held in each hand slot (`[hand.PLAYER]`), and each kind's slot (or `NO_HAND`).
    pub hand_kinds: Vec<u8>,
    pub hand_slot_of: Vec<u8>,
    /// For each kind, the hand slot a captured piece of it joins in the captor's hand
    /// (`to_hand`), or with [`TO_OWNER`] in its owner's (`returns_home`), or `NO_HAND`; empty
    /// when no kind goes to hand.
    pub captured_slot_of: Vec<u8>,
    /// For each kind, the region a piece of it captured by a landing is set on (`sent_to`);
    /// empty when no kind is.
    pub sent_to: Vec<Option<RegionRef>>,
    /// Every direction of the board, for functions whose `dirs:` is left out.
    pub all_directions: Vec<u8>,
    /// Dice games: every distinct roll, as [`Game::roll_actions`] lists them.
    pub rolls: Vec<crate::Action>,
    /// Whether an action can do more than move, take and pass the turn: dice, turn effects,
    /// promotions, `after` rules or stacks (else [`Game::apply`] takes a short path for single steps).
    pub apply_effects: bool,
    /// Whether an `after` rule reads `captured` or `moved`: only then does [`Game::apply`] note
    /// what the action did before playing it.
    pub after_reads_action: bool,
    /// Whether the rules read `previous_from` or `previous_to`: only then does the position keep
    /// the previous action's cells.
    pub remembers_previous: bool,
    /// `[memory] unmoved` declares cells: the position keeps which of them still hold their first
    /// piece.
    pub tracks_unmoved: bool,
    /// The rules read `visited`: the position keeps the cells the turn's parts have moved from
    /// and to.
    pub tracks_visited: bool,
    /// `[memory] unmoved_kinds`: the kinds `unmoved` remembers, a bit per kind (0: every kind).
    pub unmoved_kinds: u64,
    /// The cells `[memory] unmoved` declares.
    pub unmoved_cells: CellSet<W>,
    /// `[notation]`: the game's one-line position (a FEN).
    pub notation: Option<crate::check::notation::NotationDecl>,
    /// `[show]`: regions, paths and lines drawn on the board.
    pub shown: Vec<crate::check::ShownDecl>,
    /// The line through each cell along each direction ([`Board::line_masks`]), when a slide
    /// measures its distance on it; else empty.
    pub line_masks: Vec<CellSet<W>>,
    /// The cells of every ray, when a rule slides (see [`rays`]); `None` on a board with a ring,
    /// where slides take steps one by one.
    pub rays: Option<fast::rays::Rays>,
    /// The capturing steps and slides as backward probes, for `attacked` (see [`attack_plan`]).
    pub attack_plan: Option<fast::attack_plan::AttackPlan<W>>,
}

impl<const W: usize> Game<W> {
    /// The cell set a move rule's region means for `player`.
    #[inline]
    pub fn region_of(&self, region: RegionRef, player: u8) -> &CellSet<W> {
        let offset = if region.per_player { player as u16 } else { 0 };
        &self.region_sets[(region.first_set + offset) as usize]
    }

    /// Whether the game has neutral pieces (of no player): a kind with a `neutral` symbol, in a
    /// game of at most three players.
    pub fn has_neutral(&self) -> bool {
        self.pieces.iter().any(|k| k.neutral.is_some())
    }

    /// Who may own pieces: the players in seating order, then [`crate::check::NEUTRAL`] in a game
    /// with neutral pieces.
    pub fn owners(&self) -> impl Iterator<Item = u8> + use<W> {
        let neutral = self.has_neutral().then_some(crate::check::NEUTRAL);
        (0..self.players.len() as u8).chain(neutral)
    }

    /// The name of an owner of pieces: a player's, or `neutral`.
    pub fn owner_name(&self, owner: u8) -> &str {
        self.players
            .get(owner as usize)
            .map_or(crate::check::NEUTRAL_NAME, String::as_str)
    }

    /// The owner a position file names: a player, or `neutral` in a game with neutral pieces.
    pub fn owner_named(&self, name: &str) -> Option<u8> {
        match self.players.iter().position(|p| p == name) {
            Some(p) => Some(p as u8),
            None => (name == crate::check::NEUTRAL_NAME && self.has_neutral())
                .then_some(crate::check::NEUTRAL),
        }
    }
}

fn compiled_forbid_guards<const W: usize>(
    forbids: &[CompiledCheck],
    sets: &[CellSet<W>],
    players: usize,
) -> Option<Vec<CellSet<W>>> {
    let mut union = vec![CellSet::default(); players];
    for forbid in forbids {
        let guard = forbid.guard?;
        for (player, set) in union.iter_mut().enumerate() {
            let offset = if guard.per_player { player as u16 } else { 0 };
            *set = set.or(&sets[(guard.first_set + offset) as usize]);
        }
    }
    Some(union)
}

/// The region R of an expression `lands_in(R)` or `lands_in(R) and ...`, R shared or the mover's.
fn lands_in_guard(expr: &TExpr) -> Option<u16> {
    let lands_in = match expr {
        TExpr::Binary(BinOp::And, left, _) => left,
        other => other,
    };
    match lands_in {
        TExpr::LandsIn(region) => match region.as_ref() {
            TExpr::Region(r) => Some(*r),
            TExpr::PlayerRegion(r, player) if matches!(player.as_ref(), TExpr::Mover) => Some(*r),
            _ => None,
        },
        _ => None,
    }
}

/// A compiled game whose cell sets are as wide as its board needs, in 64-cell words: a small
/// board does not pay for the largest one (a set operation is one instruction per word).
/// [`with_game!`](crate::with_game) runs code on any of them.
// A game is loaded once per command and moved a few times: the size of its initial state
// (inline, in every variant) matters less than reaching it without a box.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub enum AnyGame {
    /// Up to 64 cells: chess-sized boards and smaller.
    One(Game<1>),
    /// Up to 128 cells.
    Two(Game<2>),
    /// Up to 256 cells.
    Four(Game<4>),
    /// Up to 512 cells (Go 19 x 19 has 361).
    Eight(Game<8>),
}

/// Runs `$body` with `$game` bound to the [`Game`] inside an [`AnyGame`], whatever its width.
#[macro_export]
macro_rules! with_game {
    ($any:expr, $game:ident => $body:expr) => {
        match $any {
            $crate::compile::AnyGame::One($game) => $body,
            $crate::compile::AnyGame::Two($game) => $body,
            $crate::compile::AnyGame::Four($game) => $body,
            $crate::compile::AnyGame::Eight($game) => $body,
        }
    };
}

/// Compiles a checked game with the narrowest cell sets its board fits.
pub fn compile_any(checked: CheckedGame) -> AnyGame {
    if fits::<1>(&checked) {
        AnyGame::One(compile(checked))
    } else if fits::<2>(&checked) {
        AnyGame::Two(compile(checked))
    } else if fits::<4>(&checked) {
        AnyGame::Four(compile(checked))
    } else {
        AnyGame::Eight(compile(checked))
    }
}

/// Whether the board of a checked game fits cell sets of `W` words.
pub fn fits<const W: usize>(checked: &CheckedGame) -> bool {
    checked.board.cell_count() <= W * 64
}

/// Compiles a checked game whose board [`fits`] `W` words.
/// What every move rule's lowering reads: the program, the options, the regions, the rules some
/// `next` names.
struct Rules<'a> {
    program: &'a crate::check::CheckedProgram,
    options: &'a [i64],
    region_first: &'a [u16],
    region_ref: &'a dyn Fn(u16) -> RegionRef,
    lowering: &'a primitives::Lowering<'a>,
    continued: &'a [u8],
}

impl Rules<'_> {
    /// Move rule `i`, its programs emitted in the order of the rule's parts.
    fn compile_move(
        &self,
        i: usize,
        m: &crate::check::MoveRule,
        emitter: &mut bytecode::Emitter,
    ) -> CompiledMove {
        let (options, region_first, region_ref) =
            (self.options, self.region_first, self.region_ref);
        // A placement's filters that ask only about its cell become one mask per position.
        let placing = matches!(m.generator, Generator::Place { .. });
        // Each part of a conjunction on its own, so a part with a mask need not wait for the
        // rest (`where nifu and not uchifuzume`: the mask, then a program on what it keeps).
        let mut conjuncts = Vec::new();
        for filter in &m.filters {
            if placing {
                chain_of(filter, BinOp::And, &mut conjuncts);
            } else {
                conjuncts.push(filter);
            }
        }
        let (masked, programs): (Vec<_>, Vec<_>) = conjuncts
            .into_iter()
            .map(|f| (f, placing.then(|| CellMask::of(f)).flatten()))
            .partition(|(_, mask)| mask.is_some());
        let landing_mask = masked
            .into_iter()
            .filter_map(|(_, mask)| mask)
            .reduce(|a, b| CellMask::And(Box::new(a), Box::new(b)));
        let filters_start = emitter.emitted();
        let mut filters = Vec::new();
        let mut hoists = Vec::new();
        for (filter, _) in &programs {
            let start = emitter.emitted();
            filters.push(emitter.expr_program(filter));
            let fixed = !emitter.reads_candidate_since(start);
            let index = filters.len() - 1;
            hoists.push(fast::hoisted_filters::hoist(
                filter,
                fixed,
                index,
                region_first,
                emitter,
            ));
        }
        if hoists
            .iter()
            .all(fast::hoisted_filters::FilterHoist::is_empty)
        {
            hoists.clear();
        }
        let candidate_filters = (filters.iter().enumerate())
            .map(|(i, &filter)| (hoists.get(i)).and_then(|h| h.residue).unwrap_or(filter))
            .collect();
        let reads_previous = emitter.reads_previous_since(filters_start);
        // Programs are emitted in the order of the rule's parts: the common ones first.
        let next = m
            .continuations
            .iter()
            .map(|c| CompiledNext {
                rule: c.rule,
                // The same player needs no program.
                by: c
                    .by
                    .as_ref()
                    .filter(|e| !matches!(e, TExpr::Mover))
                    .map(|e| emitter.expr_program(e)),
                joined: c.joined,
                condition: c.condition.as_ref().map(|e| emitter.expr_program(e)),
                fast_condition: (c.condition.as_ref())
                    .and_then(|e| fast::fast_check::test(e, region_first))
                    .filter(|t| !t.counts_cells()),
            })
            .collect();
        let effects = m
            .effects
            .iter()
            .filter_map(|e| compile_effect(e, options, region_first, emitter))
            .collect();
        let mut compiled = CompiledMove {
            info: m.info.clone(),
            piece: primitives::piece_of(&m.generator),
            kinds: match (m.moving_kinds, primitives::piece_of(&m.generator)) {
                (0, Some(kind)) => 1 << kind,
                (0, None) => u64::MAX,
                (choice, _) => choice,
            },
            compulsory: m.compulsory,
            most: m.most,
            avoid: m.avoid.map(region_ref),
            locked: m.locked.map(region_ref),
            promote: m.promote.map(|(kind, r)| (kind, region_ref(r))),
            promote_choices: m.promote_choices,
            promote_from: m.promote_from,
            reads_previous,
            // Die moves and passes land nowhere: their `to` is none.
            anchors: match m.generator {
                Generator::DieMove { .. } | Generator::Pass => Vec::new(),
                _ => fast::previous_anchor::recognise(&m.filters),
            },
            probe_filters: fast::attack_plan::recognise_filters(&m.filters, &region_ref),
            // Primitives whose `from` is the cell of one of the rule's pieces.
            from_unmoved: matches!(
                m.generator,
                Generator::Step { .. }
                    | Generator::Slide { .. }
                    | Generator::Jump { .. }
                    | Generator::Fly { .. }
            ) && fast::unmoved_source::recognise(&m.filters),
            // A choice is made where the actions are checked (`push_if_legal`).
            unchecked: filters.is_empty()
                && self.program.forbids.is_empty()
                && m.promote_choices == 0,
            filters,
            hoists,
            candidate_filters,
            landing_mask,
            next,
            continuation_only: self.continued.contains(&(i as u8)),
            optional: self.program.moves.iter().any(|other| {
                other
                    .continuations
                    .iter()
                    .any(|c| c.optional && c.rule == i as u8)
            }),
            joins: m.continuations.iter().any(|c| c.joined),
            effects,
            primitive: self.lowering.primitive(m, emitter),
            position_free: false,
        };
        compiled.position_free = fast::fixed_parts::position_free(&compiled);
        compiled
    }
}

impl CompiledCheck {
    /// A check run by its program alone: no guard, no fast form.
    fn plain(info: RuleInfo, code: CodeRange) -> CompiledCheck {
        CompiledCheck {
            info,
            code,
            guard: None,
            fast: None,
            word: None,
            counter_fast: None,
            royal: None,
            placement: None,
        }
    }
}

/// Whether turns have several parts: a rule with a `next`, or marks and extra turns, which last
/// until a turn is over (the end of a turn clears or grants them).
fn has_parts(moves: &[CompiledMove]) -> bool {
    use crate::syntax::ast::EffectVerb;
    moves.iter().any(|m| {
        !m.next.is_empty()
            || (m.effects.iter())
                .any(|e| matches!(e.verb, EffectVerb::Mark | EffectVerb::ExtraTurn))
    })
}

/// Each kind's slot in the hands, and the slot a captured piece of each kind goes to (empty when
/// no kind goes to a hand).
fn hand_slots(checked: &CheckedGame) -> (Vec<u8>, Vec<u8>) {
    let slot = |kind: usize| checked.hand_kinds.iter().position(|&h| h as usize == kind);
    let hand_slot_of = (0..checked.pieces.len())
        .map(|k| slot(k).map_or(NO_HAND, |s| s as u8))
        .collect();
    let to_a_hand = |p: &crate::check::PieceDecl| p.to_hand.is_some() || p.returns_home;
    let captured_slot_of = match checked.pieces.iter().any(to_a_hand) {
        true => (checked.pieces.iter().enumerate())
            .map(|(kind, p)| match p.returns_home {
                true => slot(kind).map_or(NO_HAND, |s| s as u8 | TO_OWNER),
                false => (p.to_hand.and_then(|k| slot(k as usize))).map_or(NO_HAND, |s| s as u8),
            })
            .collect(),
        false => Vec::new(),
    };
    (hand_slot_of, captured_slot_of)
}

/// What the end rules' lowering reads (`turn_start` and `after` rules).
struct EndRules<'a, const W: usize> {
    options: &'a [i64],
    region_first: &'a [u16],
    board: &'a Board<W>,
    region_sets: &'a [CellSet<W>],
    players: u8,
}

impl<const W: usize> EndRules<'_, W> {
    /// The rules folded by the options (one that folds away is dropped: it can never say
    /// anything), each with its fast forms where its shape allows. With `split`, a rule that is
    /// a list of `if TEST { outcome }` whose tests all have fast forms runs as one check per
    /// `if`, in order (Oware's three ends by captures).
    fn compile(
        &self,
        rules: &[crate::check::StmtRule],
        split: bool,
        emitter: &mut bytecode::Emitter,
    ) -> Vec<CompiledCheck> {
        let mut checks = Vec::new();
        for rule in rules {
            let body = fold::fold_stmts(&rule.body, self.options);
            if split && body.len() > 1 && body.iter().all(|stmt| self.fast_alone(stmt)) {
                for stmt in body {
                    checks.push(self.check(&rule.info, vec![stmt], emitter));
                }
            } else if !body.is_empty() {
                checks.push(self.check(&rule.info, body, emitter));
            }
        }
        checks
    }

    /// Whether a statement ends the game or does nothing ([`ends_at_once`]) and has a fast form
    /// of its own: only then is a rule split, since each check costs a run of its own.
    fn fast_alone(&self, stmt: &crate::check::TStmt) -> bool {
        ends_at_once(stmt)
            && fast::fast_check::recognise(std::slice::from_ref(stmt), self.region_first)
                .is_some_and(|f| !self.board.stacks || f.fits_stacks())
    }

    fn check(
        &self,
        info: &RuleInfo,
        body: Vec<crate::check::TStmt>,
        emitter: &mut bytecode::Emitter,
    ) -> CompiledCheck {
        let fast = fast::fast_check::recognise(&body, self.region_first)
            .filter(|f| !self.board.stacks || f.fits_stacks());
        CompiledCheck {
            info: info.clone(),
            code: emitter.stmt_program(&body),
            guard: None,
            fast,
            word: fast.and_then(|f| {
                fast::fast_check::WordCheck::new(&f, self.region_sets, self.board, self.players)
            }),
            counter_fast: fast::fast_after::recognise(&body),
            royal: None,
            placement: None,
        }
    }
}

/// `if TEST { win P }` (or `lose`, `draw`) without `else`: a statement that ends the game or does
/// nothing, so that a list of them may run as separate checks in the same order.
fn ends_at_once(stmt: &crate::check::TStmt) -> bool {
    use crate::check::TStmt;
    match stmt {
        TStmt::If {
            then, otherwise, ..
        } => {
            otherwise.is_empty()
                && matches!(
                    then.as_slice(),
                    [TStmt::Win(..) | TStmt::Lose(_) | TStmt::Draw]
                )
        }
        _ => false,
    }
}

/// The regions, and each one's cell sets (one per player for a region of each player's): its
/// first set's index.
fn compile_regions<const W: usize>(
    checked: &CheckedGame,
) -> (Vec<RegionInfo>, Vec<CellSet<W>>, Vec<u16>) {
    let mut regions = Vec::new();
    let mut region_sets = Vec::new();
    let mut region_first = Vec::new();
    for r in &checked.regions {
        region_first.push(region_sets.len() as u16);
        regions.push(RegionInfo {
            name: r.name.clone(),
            per_player: r.per_player,
            first_set: region_sets.len() as u16,
        });
        for cells in &r.cells {
            region_sets.push(CellSet::from_cells(cells));
        }
    }
    (regions, region_sets, region_first)
}

/// The position before the first action: the set-up, the counters, the hands, the unmoved pieces.
fn initial_state<const W: usize>(checked: &CheckedGame) -> State<W> {
    let mut initial = State::empty(checked.first_player);
    for &(cell, player, kind, count) in &checked.setup {
        for _ in 0..count {
            initial.push_piece(cell, crate::model::state::encode(player, kind));
        }
    }
    for (i, counter) in checked.counters.iter().enumerate() {
        initial.counters[i] = counter.initial;
    }
    for (player, hand) in checked.hands.iter().enumerate() {
        initial.hand[player][..hand.len()].copy_from_slice(hand);
    }
    for &cell in &checked.unmoved {
        let remembered = initial.piece(cell).is_some_and(|(_, k)| {
            checked.unmoved_kinds == 0 || checked.unmoved_kinds >> k & 1 != 0
        });
        if remembered {
            initial.unmoved.insert(cell);
        }
    }
    initial.setup_due = checked.shuffle.is_some();
    initial
}

/// The fast paths the shape of the compiled rules allows ([`fast`]).
fn plan_fast_paths<const W: usize>(game: &mut Game<W>) {
    if game
        .moves
        .iter()
        .any(|m| matches!(&m.primitive, Primitive::Slide(_)))
    {
        game.rays = fast::rays::Rays::build(&game.board);
    }
    if game.moves.iter().any(|m| {
        matches!(&m.primitive, Primitive::Slide(s) if s.distance == crate::check::SlideDistance::LineCount)
    }) {
        game.line_masks = game.board.line_masks();
    }
    game.attack_plan = fast::attack_plan::plan(game);
    game.word_steps = fast::word_steps::plan(game);
    if game.word_steps.is_none() {
        game.word_moves = fast::word_moves::plan(game);
    }
    game.irreversible = fast::irreversible::plan(game);
}

/// The programs of a game's rules, all in one code vector.
struct Programs {
    moves: Vec<CompiledMove>,
    forbids: Vec<CompiledCheck>,
    estimates: Vec<(CodeRange, CodeRange)>,
    turn_start: Vec<CompiledCheck>,
    after: Vec<CompiledCheck>,
    no_moves: Option<CompiledCheck>,
    code: Vec<Op>,
    stack_depth: usize,
}

/// Compiles the rules of a game into [`Programs`]: the moves, then the `forbid`s, estimates,
/// `turn_start`, `after` and `no_moves` rules, in that order in the code.
fn compile_programs<const W: usize>(
    checked: &CheckedGame,
    board: &Board<W>,
    region_first: &[u16],
    region_sets: &[CellSet<W>],
    options: &[i64],
) -> Programs {
    let region_ref = |r: u16| RegionRef {
        first_set: region_first[r as usize],
        per_player: checked.regions[r as usize].per_player,
    };
    let mut emitter = bytecode::Emitter::new(region_first, options);
    let lowering = primitives::Lowering {
        region_ref: &region_ref,
        hand_kinds: &checked.hand_kinds,
    };
    // The rules some `next` names: they move only as continuations.
    let continued: Vec<u8> = checked
        .program
        .moves
        .iter()
        .flat_map(|m| m.continuations.iter().map(|c| c.rule))
        .collect();
    let rules = Rules {
        program: &checked.program,
        options,
        region_first,
        region_ref: &region_ref,
        lowering: &lowering,
        continued: &continued,
    };
    let moves = (checked.program.moves.iter().enumerate())
        .map(|(i, m)| rules.compile_move(i, m, &mut emitter))
        .collect::<Vec<_>>();
    let forbids: Vec<CompiledCheck> = (checked.program.forbids.iter())
        .map(|f| CompiledCheck {
            guard: lands_in_guard(&f.expr).map(region_ref),
            royal: royal_of(&f.expr),
            ..CompiledCheck::plain(f.info.clone(), emitter.expr_program(&f.expr))
        })
        .collect();
    let estimates = (checked.program.estimates.iter())
        .flat_map(|rule| &rule.terms)
        .map(|(player, value)| (emitter.expr_program(player), emitter.expr_program(value)))
        .collect();
    let ends = EndRules {
        options,
        region_first,
        board,
        region_sets,
        players: checked.players.len() as u8,
    };
    let turn_start = ends.compile(&checked.program.turn_start, true, &mut emitter);
    let after = ends.compile(&checked.program.after, false, &mut emitter);
    let no_moves = (checked.program.no_moves.as_ref()).map(|r| {
        let code = emitter.stmt_program(&fold::fold_stmts(&r.body, options));
        CompiledCheck::plain(r.info.clone(), code)
    });
    let (code, stack_depth) = emitter.finish();
    Programs {
        moves,
        forbids,
        estimates,
        turn_start,
        after,
        no_moves,
        code,
        stack_depth,
    }
}

pub fn compile<const W: usize>(checked: CheckedGame) -> Game<W> {
    let board = Board::build(&checked.board, checked.players.len());
    let all_directions: Vec<u8> = (0..board.directions as u8).collect();
    let (regions, region_sets, region_first) = compile_regions(&checked);
    let options: Vec<i64> = checked.options.iter().map(|o| o.value).collect();
    let declared_rules = declared_rules(&checked.program);
    let paths = (checked.paths.iter())
        .map(|p| compile_path(p, board.cells))
        .collect();
    let lines = (checked.lines.iter())
        .map(|l| compile_lines(l, &board))
        .collect();
    let routes = (checked.routes.iter())
        .map(|r| primitives::CompiledRoute::new(r, board.cells))
        .collect();
    let Programs {
        moves,
        forbids,
        estimates,
        turn_start,
        after,
        no_moves,
        code,
        stack_depth,
    } = compile_programs(&checked, &board, &region_first, &region_sets, &options);
    let (placement_plan, placement_shapes) =
        fast::placement_forbids::plan(&checked, &options, &board);
    let mut forbids = forbids;
    for (forbid, shape) in forbids.iter_mut().zip(placement_shapes) {
        forbid.placement = shape;
    }
    let initial = initial_state(&checked);
    let forbid_guards = compiled_forbid_guards(&forbids, &region_sets, checked.players.len());
    let has_compulsory = moves.iter().any(|m: &CompiledMove| m.compulsory);
    let has_most = moves.iter().any(|m: &CompiledMove| m.most);
    let defers_forbids = !forbids.is_empty() && !has_most && !moves.iter().any(|m| m.joins);
    let turn_effects = checked.pieces.iter().any(|p| !p.hides.is_empty());
    let has_rule_effects = moves.iter().any(|m| !m.effects.is_empty());
    let has_parts = has_parts(&moves);
    let reads = |op: fn(&Op) -> bool| code.iter().any(op);
    let uses_history = reads(|op| matches!(op, Op::Repetitions | Op::SeenBefore(_)));
    let after_reads_action = reads(|op| matches!(op, Op::Captured | Op::Moved(_) | Op::Passed));
    let remembers_previous = reads(|op| matches!(op, Op::PreviousFrom | Op::PreviousTo));
    let tracks_unmoved = !checked.unmoved.is_empty();
    let tracks_visited = reads(|op| matches!(op, Op::Visited));
    let apply_effects = checked.dice.is_some()
        || checked.roll.is_some()
        || board.stacks
        || board.columns
        || tracks_visited
        || turn_effects
        || checked
            .pieces
            .iter()
            .any(|p| p.to_hand.is_some() || p.returns_home || p.sent_to.is_some())
        || remembers_previous
        || tracks_unmoved
        || !after.is_empty()
        || moves
            .iter()
            .any(|m| m.promote.is_some() || !m.effects.is_empty() || !m.next.is_empty());
    let (hand_slot_of, captured_slot_of) = hand_slots(&checked);
    let sent_to = match checked.pieces.iter().any(|p| p.sent_to.is_some()) {
        true => (checked.pieces.iter())
            .map(|p| {
                p.sent_to.map(|r| RegionRef {
                    first_set: region_first[r as usize],
                    per_player: checked.regions[r as usize].per_player,
                })
            })
            .collect(),
        false => Vec::new(),
    };
    let mut board = board;
    if moves
        .iter()
        .any(|m| matches!(&m.primitive, Primitive::Jump(j) if j.long))
    {
        board.widen_jumps();
    }
    let homes: Vec<u16> = checked
        .pieces
        .iter()
        .flat_map(|p| p.home.iter().copied())
        .collect();
    let lattices = fast::lattice::lattices(&board, &all_directions, checked.players.len());
    let row_masks =
        fast::row_masks::row_masks(&code, &board, &all_directions, checked.players.len());
    let mut game = Game {
        name: checked.name,
        summary: checked.summary,
        sources: checked.sources,
        players: checked.players,
        board,
        homes: CellSet::from_cells(&homes),
        pieces: checked.pieces,
        regions,
        region_sets,
        paths,
        routes,
        lines,
        options: checked.options,
        initial,
        moves,
        forbids,
        turn_start,
        after,
        counters: checked.counters.clone(),
        table_value_sets: checked
            .tables
            .iter()
            .map(fast::table_values::value_sets)
            .collect(),
        tables: checked.tables.clone(),
        lattices,
        row_masks,
        no_moves,
        estimates,
        code,
        stack_depth,
        forbid_guards,
        has_compulsory,
        has_most,
        defers_forbids,
        uses_history,
        dice: checked.dice,
        match_format: checked.match_format,
        turn_effects,
        declared_rules,
        word_steps: None,
        word_moves: None,
        irreversible: None,
        placement_plan,
        has_rule_effects,
        has_parts,
        hand_slot_of,
        captured_slot_of,
        sent_to,
        hand_kinds: checked.hand_kinds.clone(),
        all_directions,
        rolls: match &checked.roll {
            Some(roll) => Game::<W>::all_throws(roll),
            None => Game::<W>::all_rolls(checked.dice.map_or(0, |d| d.sides)),
        },
        roll: checked.roll.clone(),
        shuffle: checked.shuffle.clone(),
        apply_effects,
        after_reads_action,
        remembers_previous,
        tracks_unmoved,
        tracks_visited,
        unmoved_cells: CellSet::from_cells(&checked.unmoved),
        unmoved_kinds: checked.unmoved_kinds,
        notation: checked.notation,
        shown: checked.shown,
        line_masks: Vec::new(),
        rays: None,
        attack_plan: None,
    };
    plan_fast_paths(&mut game);
    game
}

/// KIND of a `forbid` of the shape `afterwards(attacked(pieces(mover, KIND), by: opponent))`.
fn royal_of(expr: &TExpr) -> Option<u8> {
    let TExpr::Afterwards(inner) = expr else {
        return None;
    };
    let TExpr::Attacked { cells, by } = inner.as_ref() else {
        return None;
    };
    match (cells.as_ref(), by.as_ref()) {
        (TExpr::Pieces(player, Some(kind)), TExpr::Opponent)
            if matches!(player.as_ref(), TExpr::Mover) =>
        {
            Some(*kind)
        }
        _ => None,
    }
}

/// An effect with its condition folded by the options: none when they rule it out.
fn compile_effect(
    effect: &crate::check::Effect,
    options: &[i64],
    region_first: &[u16],
    emitter: &mut bytecode::Emitter,
) -> Option<CompiledEffect> {
    let folded =
        (effect.condition.as_ref()).map(|c| fold::fold_expr_by(c, &|o| Some(options[o as usize])));
    let condition = match &folded {
        Some(TExpr::Int(0)) => return None,
        Some(TExpr::Int(_)) | None => None,
        Some(c) => Some(emitter.expr_program(c)),
    };
    let mut fast_condition = (condition.is_some())
        .then(|| (folded.as_ref()).and_then(|c| EffectCondition::of(c, region_first)))
        .flatten();
    // Programs that give a value: a player, or a shift's cells.
    let player = matches!(
        effect.verb,
        crate::syntax::ast::EffectVerb::ExtraTurn | crate::syntax::ast::EffectVerb::Shift
    );
    let target = if player {
        emitter.expr_program(&effect.target)
    } else {
        emitter.set_program(&effect.target)
    };
    let into = effect.into.as_ref().map(|e| emitter.set_program(e));
    let fast_target = (!player)
        .then(|| fast::effect_sets::FastSet::of(&effect.target, region_first))
        .flatten();
    if let (Some(condition), Some(target)) = (&mut fast_condition, &fast_target) {
        condition.target_set =
            (condition.sets.iter().position(|s| s == target)).and_then(|i| u8::try_from(i).ok());
    }
    Some(CompiledEffect {
        verb: effect.verb,
        target,
        into,
        condition,
        destination: effect.destination.as_ref().map(|d| emitter.expr_program(d)),
        fast: (!player)
            .then(|| fast::neighbour_filter::NeighbourFilter::of(&effect.target, region_first))
            .flatten(),
        fast_condition,
        fast_target,
        fast_into: (effect.into.as_ref())
            .and_then(|e| fast::effect_sets::FastSet::of(e, region_first)),
    })
}

fn declared_rules(program: &crate::check::CheckedProgram) -> Vec<DeclaredRule> {
    let entry = |kind, info: &RuleInfo| DeclaredRule {
        kind,
        name: info.name.clone(),
        cite: info.cite.clone(),
    };
    let moves = program.moves.iter().map(|r| entry(RuleKind::Move, &r.info));
    let forbids = program
        .forbids
        .iter()
        .map(|r| entry(RuleKind::Forbid, &r.info));
    let turn_start = program
        .turn_start
        .iter()
        .map(|r| entry(RuleKind::TurnStart, &r.info));
    let after = program
        .after
        .iter()
        .map(|r| entry(RuleKind::After, &r.info));
    let no_moves = program
        .no_moves
        .iter()
        .map(|r| entry(RuleKind::NoMoves, &r.info));
    let estimates = program
        .estimates
        .iter()
        .map(|r| entry(RuleKind::Estimate, &r.info));
    moves
        .chain(forbids)
        .chain(turn_start)
        .chain(after)
        .chain(no_moves)
        .chain(estimates)
        .collect()
}
