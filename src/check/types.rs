//! Types of the checked stage: names resolved to indices, rules typed.

use crate::span::Span;

/// Cell index: `rank * files + file`, ranks and files from 0.
pub type CellId = u16;

#[derive(Clone, Debug)]
pub struct CheckedGame {
    pub name: String,
    pub summary: String,
    pub sources: Vec<String>,
    pub players: Vec<String>,
    pub board: CheckedBoard,
    pub regions: Vec<RegionDecl>,
    pub paths: Vec<PathDecl>,
    pub routes: Vec<RouteDecl>,
    pub lines: Vec<LinesDecl>,
    pub pieces: Vec<PieceDecl>,
    /// (cell, player, piece kind)
    /// (cell, player, piece kind, how many: more than 1 only on boards with stacks)
    pub setup: Vec<(CellId, u8, u8, u8)>,
    /// The kinds that are held in hand (at most [`HAND_KINDS`]), and each player's pieces of
    /// each of them in hand at the start: `hands[player][slot]`.
    pub hand_kinds: Vec<u8>,
    pub hands: Vec<Vec<u8>>,
    pub options: Vec<OptionDecl>,
    pub counters: Vec<CounterDecl>,
    /// `[tables]`: numbers or cells the rules read by cell, piece kind or player.
    pub tables: Vec<super::TableDecl>,
    /// `[memory] unmoved`: the cells whose pieces' moving is remembered.
    pub unmoved: Vec<CellId>,
    /// `[notation]`: the game's one-line position.
    pub notation: Option<super::notation::NotationDecl>,
    /// `[show]`: the symbol of each empty cell drawn as part of a region, path or line.
    pub shown: Vec<ShownDecl>,
    pub first_player: u8,
    pub dice: Option<DiceDecl>,
    pub roll: Option<RollDecl>,
    /// `[memory] unmoved_kinds`: the kinds `unmoved` remembers, a bit per kind (0: every kind).
    pub unmoved_kinds: u64,
    /// `[shuffle]`: a set-up drawn by lot at the start.
    pub shuffle: Option<super::shuffle::ShuffleDecl>,
    pub match_format: Option<MatchDecl>,
    pub program: CheckedProgram,
}

#[derive(Clone, Debug, Default)]
pub struct CheckedBoard {
    pub files: u16,
    pub ranks: u16,
    pub directions: Vec<Direction>,
    pub direction_sets: Vec<DirectionSet>,
    /// Cells are named `1`, `2`, ... in reading order instead of `a1`.
    pub numbered: bool,
    /// A cell may hold a stack of one player's pieces.
    pub stacks: bool,
    /// A cell holds a column of pieces of any players and kinds, moved as one, owned by its top
    /// piece (`columns = true`).
    pub columns: bool,
    /// The number written on each cell (0 where none is).
    pub values: Vec<i32>,
    /// The cells of the grid that are on the board, sorted (all of them if `None`): the points of
    /// `[board] points`, or the grid less the cells of `[board] absent`.
    pub points: Option<Vec<CellId>>,
    /// How the grid is drawn: which cells touch.
    pub layout: Layout,
    /// `layout = "points"`: the cells are points where lines meet (a square grid all the same),
    /// drawn as points joined by the lines of `[show]` or else by every direction.
    pub drawn_as_points: bool,
    /// `[lines.NAME] walls = true`: links between two cells that no step crosses, each pair
    /// lower cell first, sorted.
    pub walls: Vec<(CellId, CellId)>,
}

/// How a grid is drawn, which says which of its cells touch.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Layout {
    /// Squares, in rows and columns.
    #[default]
    Square,
    /// Hexagons: a cell touches six neighbours, along its file, its rank and one diagonal. Each
    /// rank is drawn half a cell to the side of the one below it, so that the neighbours along that
    /// diagonal are drawn touching as well.
    Hex(Slant),
}

/// The diagonal along which the cells of a hex layout touch, named by where each rank is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slant {
    /// Cells touch along `[-1, 1]` and `[1, -1]`: each rank is half a cell right of the one below.
    Right,
    /// Cells touch along `[1, 1]` and `[-1, -1]`: each rank is half a cell left of the one below.
    Left,
}

impl CheckedBoard {
    pub fn cell_count(&self) -> usize {
        self.files as usize * self.ranks as usize
    }

    /// Whether a cell of the grid is on the board (a point, on a board of points; not one of
    /// `[board] absent`).
    pub fn is_on_board(&self, cell: CellId) -> bool {
        self.points
            .as_ref()
            .is_none_or(|p| p.binary_search(&cell).is_ok())
    }
}

#[derive(Clone, Debug)]
pub struct Direction {
    pub name: String,
    pub file_delta: i8,
    pub rank_delta: i8,
    /// A direction given by links (`[board.links]`): each cell's neighbour that way, sorted.
    /// Empty for a direction given by its vector.
    pub links: Vec<(CellId, CellId)>,
    /// The cells a step this way passes over, as (file, rank) offsets from its start
    /// (`[board.legs]`): a piece on one blocks the step.
    pub legs: Vec<(i8, i8)>,
}

/// Named directions, one list per player (the same list repeated when shared).
#[derive(Clone, Debug)]
pub struct DirectionSet {
    pub name: String,
    pub per_player: Vec<Vec<u8>>,
}

/// Links between cells, each written once as (lower cell, higher cell), sorted.
#[derive(Clone, Debug)]
pub struct LinesDecl {
    pub name: String,
    pub links: Vec<(CellId, CellId)>,
    pub span: Span,
}

/// Two dice per roll (`[dice]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DiceDecl {
    pub sides: u8,
    /// A doublet escalates: its number four times, then the next one four times, up to `sides`.
    pub escalate: bool,
    pub transfer: Transfer,
    /// Doublets escalate only from this roll of the game on (counting from 1).
    pub escalate_from_roll: u16,
    /// A doublet's pips must be played as many as possible (a look-ahead), not each by any piece
    /// that can until one cannot.
    pub doublets_max_use: bool,
    /// An ordinary roll must use both dice if possible, else the larger.
    pub max_use: bool,
    /// Transferred pips the receiver cannot play go back once to the first player.
    pub transfer_back: bool,
}

/// `[roll]`: dice thrown together once a turn; the rules read their total.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RollDecl {
    pub dice: u8,
    /// The number on each face of a die.
    pub faces: Vec<u8>,
    /// Each total that can be thrown, lowest first, with the number of throws that give it.
    pub totals: Vec<(u8, u32)>,
    /// The number of throws in all: faces to the power of dice.
    pub throws: u32,
    /// `each = true`: the outcomes are the dice themselves, highest first, each with the number of
    /// throws that show them (empty when the rules read the total alone).
    pub each: Vec<(Vec<u8>, u32)>,
}

impl RollDecl {
    pub fn new(dice: u8, faces: Vec<u8>, each: bool) -> RollDecl {
        // Ways to make each total with the dice so far, one die added at a time.
        let top = usize::from(dice) * usize::from(faces.iter().copied().max().unwrap_or(0));
        let mut ways = vec![0u32; top + 1];
        ways[0] = 1;
        for _ in 0..dice {
            let mut next = vec![0u32; top + 1];
            for (total, &w) in ways.iter().enumerate().filter(|(_, w)| **w > 0) {
                for &face in &faces {
                    next[total + usize::from(face)] += w;
                }
            }
            ways = next;
        }
        let totals = (ways.iter().enumerate())
            .filter(|(_, w)| **w > 0)
            .map(|(t, &w)| (t as u8, w))
            .collect();
        let throws = (faces.len() as u32).pow(u32::from(dice));
        let each = if each {
            Self::sorted_throws(dice, &faces)
        } else {
            Vec::new()
        };
        RollDecl {
            dice,
            faces,
            totals,
            throws,
            each,
        }
    }

    /// Every throw of the dice as the numbers shown, highest first, with how many ordered throws
    /// show them; in order of the numbers.
    fn sorted_throws(dice: u8, faces: &[u8]) -> Vec<(Vec<u8>, u32)> {
        let mut counts: std::collections::BTreeMap<Vec<u8>, u32> = Default::default();
        let throws = faces.len().pow(u32::from(dice));
        for mut n in 0..throws {
            let mut shown: Vec<u8> = (0..dice)
                .map(|_| {
                    let face = faces[n % faces.len()];
                    n /= faces.len();
                    face
                })
                .collect();
            shown.sort_unstable_by(|a, b| b.cmp(a));
            *counts.entry(shown).or_default() += 1;
        }
        counts.into_iter().collect()
    }
}

/// `[match]`: games to play at most (the first to win more than half wins), and whether the
/// players change sides after every game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchDecl {
    pub games: u32,
    pub swap_sides: bool,
}

/// Which pips the mover cannot play pass to the opponent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Transfer {
    Never,
    Doublets,
    Always,
}

#[derive(Clone, Debug)]
pub struct RegionDecl {
    pub name: String,
    /// One cell list, or one per player.
    pub cells: Vec<Vec<CellId>>,
    pub per_player: bool,
    pub span: Span,
}

/// A marked path: an ordered list of cells for each player (the same list repeated when shared).
#[derive(Clone, Debug)]
pub struct PathDecl {
    pub name: String,
    pub cells: Vec<Vec<CellId>>,
    pub span: Span,
}

/// `[routes.NAME]`: a closed route's cells in order (a cell where the route crosses itself comes
/// twice), and after which of them it bends, from one leg into the next.
#[derive(Clone, Debug)]
pub struct RouteDecl {
    pub name: String,
    pub cells: Vec<CellId>,
    /// `bends_after[i]`: the step from `cells[i]` to the next cell passes from one leg into the
    /// next.
    pub bends_after: Vec<bool>,
}

/// A number kept in the position, set by `after` rules.
#[derive(Clone, Debug)]
pub struct CounterDecl {
    pub name: String,
    pub initial: i32,
}

#[derive(Clone, Debug)]
pub struct PieceDecl {
    pub name: String,
    /// One display character per player.
    pub symbols: Vec<char>,
    /// The display character of the kind's neutral pieces (a `neutral` symbol), if it has any.
    pub neutral: Option<char>,
    /// Cells where a face-up piece of this kind is at home.
    pub home: Vec<CellId>,
    /// A face-down kind: the kinds it may turn out to be.
    pub hides: Vec<u8>,
    /// `to_hand`: a captured piece of this kind joins the captor's hand as this kind.
    pub to_hand: Option<u8>,
    /// `returns_home`: a captured piece of this kind goes back to its owner's hand.
    pub returns_home: bool,
    /// `sent_to`: a piece of this kind captured by a landing goes to the first empty cell of this
    /// region (its owner's part).
    pub sent_to: Option<u16>,
}

impl PieceDecl {
    /// What the diagram shows for a piece of this kind of `owner`: a player's symbol, or the
    /// neutral one ([`super::NEUTRAL`]), `?` where the file gives none.
    pub fn symbol(&self, owner: u8) -> char {
        match self.symbols.get(owner as usize) {
            Some(&c) => c,
            None if owner == super::NEUTRAL => self.neutral.unwrap_or('?'),
            None => '?',
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum OptionKind {
    Int { min: i64, max: i64 },
    Bool,
    Choice(Vec<String>),
}

#[derive(Clone, Debug)]
pub struct OptionDecl {
    pub name: String,
    pub kind: OptionKind,
    /// The value in force: ints as is, bools as 0/1, choices as their index.
    pub value: i64,
    pub default: i64,
    pub doc: String,
    pub span: Span,
}

impl OptionDecl {
    pub fn display_value(&self, value: i64) -> String {
        match &self.kind {
            OptionKind::Int { .. } => value.to_string(),
            OptionKind::Bool => (value != 0).to_string(),
            OptionKind::Choice(c) => c.get(value as usize).cloned().unwrap_or_default(),
        }
    }
}

#[derive(Clone, Debug, Default)]
pub struct CheckedProgram {
    pub moves: Vec<MoveRule>,
    pub forbids: Vec<ExprRule>,
    pub turn_start: Vec<StmtRule>,
    pub after: Vec<StmtRule>,
    pub no_moves: Option<StmtRule>,
    pub estimates: Vec<EstimateRule>,
}

/// `estimate`: each player's standing, for judging a playout the search cuts short.
#[derive(Clone, Debug)]
pub struct EstimateRule {
    pub info: RuleInfo,
    /// A player and the number that says how well they stand.
    pub terms: Vec<(TExpr, TExpr)>,
}

#[derive(Clone, Debug)]
pub struct RuleInfo {
    pub name: String,
    pub cite: Option<String>,
    /// The whole rule, and its name alone (where messages about the rule point).
    pub span: Span,
    pub name_span: Span,
}

#[derive(Clone, Debug)]
pub struct MoveRule {
    pub info: RuleInfo,
    pub generator: Generator,
    pub filters: Vec<TExpr>,
    pub compulsory: bool,
    /// `compulsory most`: only the actions capturing the most pieces, among those of every such
    /// rule, are legal.
    pub most: bool,
    /// Region the moving piece may never enter (`avoid:`).
    pub avoid: Option<u16>,
    /// Pieces standing in their owner's part of this region neither move nor are captured (`locked:`).
    pub locked: Option<u16>,
    /// Lines every step of the move must follow (`along:`).
    pub along: Option<u16>,
    /// Lines a move may cross only as a single step of its own (`crossing:`).
    pub crossing: Option<u16>,
    /// `crossing_mode: stop_after`: a slide may cross anywhere but stops right after the line.
    pub crossing_stop_after: bool,
    /// Kind the moving piece becomes when it ends in a region (`promote:` and `promote_in:`).
    pub promote: Option<(u8, u16)>,
    /// `promote: queen or rook or ...`: the kinds the mover chooses from, one bit per kind; each
    /// choice is an action of its own. 0 when there is one kind.
    pub promote_choices: u64,
    /// `promote_on: from_or_to`: a move that starts in the region promotes too.
    pub promote_from: bool,
    /// `piece: rook or queen`: the kinds that may move, one bit each; 0 when `piece:` names one
    /// kind or none (the generator's `piece`).
    pub moving_kinds: u64,
    /// `then { ... }`: applied in order once the piece has moved.
    pub effects: Vec<Effect>,
    /// `next RULE ...`: the first whose condition holds is what the mover goes on with.
    pub continuations: Vec<CheckedContinuation>,
}

/// `next RULE [by PLAYER] [joined] [if COND]`, the rule found.
#[derive(Clone, Debug)]
pub struct CheckedContinuation {
    /// The index of the rule in [`CheckedProgram::moves`].
    pub rule: u8,
    /// The player who plays it, on the position after this part (the same player if `None`).
    pub by: Option<TExpr>,
    pub joined: bool,
    /// `optional`: the player may end the turn instead (`pass`).
    pub optional: bool,
    /// On the position after this part, `to` its landing cell.
    pub condition: Option<TExpr>,
}

#[derive(Clone, Debug)]
pub struct ExprRule {
    pub info: RuleInfo,
    pub expr: TExpr,
}

#[derive(Clone, Debug)]
pub struct StmtRule {
    pub info: RuleInfo,
    pub body: Vec<TStmt>,
}

/// What a landing cell may hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Landing {
    Empty,
    Enemy,
    EmptyOrEnemy,
    /// Empty, or holding any piece, the mover's own included: the piece landed on is taken like
    /// an enemy's (sent where its kind says, or off the board).
    Any,
}

/// `step`'s `capture:`: the captures a step makes away from its landing cell, which must be empty.
/// By approach, the run of enemy pieces that starts just beyond the landing along the step's
/// direction; by withdrawal, the run that starts just behind the start, against it. A step that
/// could capture both ways is two actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct StepCapture {
    pub approach: bool,
    pub withdrawal: bool,
}

impl StepCapture {
    /// Whether the step captures away from its landing at all.
    pub fn any(&self) -> bool {
        self.approach || self.withdrawal
    }
}

/// `slide`'s `distance:`: how far the piece goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SlideDistance {
    /// Any number of cells, up to the slide's `max`.
    Any,
    /// Exactly this many cells (`distance: 3`).
    Exact(u16),
    /// Exactly as many cells as there are pieces, of every player, on the whole line through the
    /// moving piece along the direction, both ways (`distance: line_count`).
    LineCount,
}

/// `slide`'s `pass:`: which pieces a slide may pass over on its way to the landing cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SlidePass {
    /// None: the slide stops at the first occupied cell.
    None,
    /// The mover's own pieces; an enemy piece still stops it.
    Own,
    /// Any piece.
    Any,
}

/// `die_move`'s `hit:`: what a piece landing on a lone enemy piece does to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hit {
    /// Nothing: the lone piece blocks the cell like any other (`hit: false`).
    Blocked,
    /// It goes to the bar (`hit: true`).
    Bar,
    /// It stays, pinned under the landing piece until every piece on top has left; meanwhile the
    /// cell belongs to the pinner (`hit: pin`).
    Pin,
}

/// How many enemy pieces a line move removes when its front lands on one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineCapture {
    /// Landing on an enemy piece is illegal.
    None,
    /// The whole enemy run that starts at the landing cell.
    Run,
    /// Only the piece on the landing cell.
    First,
}

/// A move primitive with its arguments resolved.
#[derive(Clone, Debug)]
pub enum Generator {
    /// One piece jumps over an adjacent enemy piece (of kind `over`) to the empty cell beyond; with
    /// `chain` it goes on jumping while it can.
    Jump {
        piece: Option<u8>,
        dirs: u16,
        over: Option<u8>,
        chain: bool,
        /// Jumped pieces stay on the board until the sequence ends (they still cannot be jumped twice).
        remove_at_end: bool,
        /// `range: long`: the jumper passes any number of empty cells before the piece it jumps
        /// and lands on any empty cell beyond it (a flying king).
        long: bool,
        /// `promote_at: end`: a promotion is judged only where the sequence ends (the sequence does
        /// not stop in the promotion region).
        promote_at_end: bool,
        /// `capture: top_to_bottom` (a board of columns): a jump takes only the top piece of the
        /// jumped column and puts it at the bottom of the jumping column.
        top_to_bottom: bool,
    },
    /// The mover passes (`pass_turn`).
    Pass,
    /// A square region of the board turns, with every piece on it (`rotate`): one action per
    /// square and turn (bits of [`super::rotate::CLOCKWISE`] and the others).
    Rotate {
        squares: Vec<super::rotate::TurnedSquare>,
        turns: u8,
    },
    /// A new piece of the mover, of kind `piece`, on an empty cell (of region or set `at`):
    /// from the supply, or from the mover's hand (`from_hand`).
    Place {
        piece: u8,
        /// `piece: a or b ...`: one action per kind named (bit per kind), 0 for a single kind.
        choices: u64,
        at: Option<PlaceAt>,
        from_hand: bool,
    },
    /// An enemy piece (of kind `piece`) leaves the board (`take`).
    Take { piece: Option<u8>, of: TakeOf },
    /// A piece of the mover (on a cell of `from`) goes to any empty cell (of `at`) (`fly`).
    Fly {
        piece: Option<u8>,
        at: Option<PlaceAt>,
        /// A set of cells worked out in the position: only pieces standing there fly.
        from: Option<TExpr>,
    },
    /// A piece and the first piece along a direction from it, of the mover's and of kind `with`,
    /// move together to the cells the two tables (of cells, keyed by player) give the mover
    /// (`pair`).
    Pair {
        piece: u8,
        with: u8,
        dirs: u16,
        to: u16,
        with_to: u16,
    },
    /// One piece, one step in one of `dirs`.
    Step {
        piece: Option<u8>,
        dirs: u16,
        to: Landing,
        /// `capture: approach | withdrawal | approach or withdrawal`.
        capture: StepCapture,
    },
    /// One piece, any number of steps (up to `max`) over empty cells in one of `dirs`.
    Slide {
        piece: Option<u8>,
        dirs: u16,
        max: u16,
        to: Landing,
        /// Pieces (of anyone) the slide passes over before it may land: a cannon's screen.
        screens: u8,
        /// How far it goes: any distance up to `max`, or exactly a distance.
        distance: SlideDistance,
        /// The pieces it may pass over.
        pass: SlidePass,
    },
    /// One piece on the mover's copy of a path steps to the next cell of that path.
    PathStep {
        piece: Option<u8>,
        path: u16,
        to: Landing,
        /// How many cells on, worked out in the position (`by: roll`); one without it.
        by: Option<TExpr>,
        /// A piece whose move ends one cell past the path's end leaves the board, borne off.
        bear_off: bool,
    },
    /// One piece rides a closed route either way over empty cells (its own counting as empty),
    /// through at least `bends` bends, onto a landing cell.
    Ride {
        piece: Option<u8>,
        /// The routes it may ride, a choice `inner or outer`.
        routes: Vec<u16>,
        to: Landing,
        bends: u8,
    },
    /// One piece moves along the mover's copy of a path by the pips of one die of the pool, onto a
    /// cell with no enemy piece; past the path's end it is borne off, once all the mover's pieces
    /// stand in `bear_off`.
    DieMove {
        piece: Option<u8>,
        path: u16,
        bear_off: Option<u16>,
        /// What landing on a lone enemy piece does (any other enemy piece blocks).
        hit: Hit,
        /// Pieces on the bar enter first, onto the path's first cells (a pip of n onto index n - 1).
        enter: bool,
    },
    /// Every piece on a cell of the mover's part of `from` (of kind `piece`, if given) is lifted and
    /// dropped one by one on the next cells of the mover's copy of `path`, a loop.
    Sow {
        piece: Option<u8>,
        path: u16,
        from: u16,
        /// A lap passes over the pit sown from (Oware), instead of dropping a piece in it.
        skip_start: bool,
    },
    /// A contiguous run of own pieces (at least `min`) moving along its own line, up to its length.
    Line {
        piece: Option<u8>,
        dirs: u16,
        min: u8,
        capture: LineCapture,
        capture_if: Option<TExpr>,
    },
    /// A line of `min` to `max` own pieces moving one cell together (`line_step`): along its own
    /// line, pushing a weaker enemy line when `push_if` allows, or `sideways` onto empty cells.
    LineStep {
        piece: Option<u8>,
        dirs: u16,
        min: u8,
        max: u8,
        sideways: bool,
        push_if: Option<TExpr>,
        /// Per direction of the board, the direction of the opposite step (255 for none).
        opposite: Vec<u8>,
    },
}

/// Values a typed expression may have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ty {
    Int,
    Bool,
    Player,
    Region,
    Symmetry,
    Choice(u16),
    /// A cell of the board, or none (off the board, or the origin of a placement).
    Cell,
    /// A set of cells computed from the position (`flank(...)`).
    Cells,
}

impl Ty {
    pub fn describe(self) -> &'static str {
        match self {
            Ty::Int => "a number",
            Ty::Bool => "a condition",
            Ty::Player => "a player",
            Ty::Region => "a region",
            Ty::Symmetry => "a board symmetry",
            Ty::Choice(_) => "an option choice",
            Ty::Cell => "a cell",
            Ty::Cells => "a set of cells",
        }
    }
}

/// Values known only while a generator runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Var {
    /// Number of pieces moving together.
    Moving,
    /// Length of the enemy run starting at the landing cell.
    EnemyRun,
}

/// Board symmetries every grid has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Symmetry {
    MirrorFiles,
    MirrorRanks,
    Rotate180,
}

impl Symmetry {
    pub const ALL: [(&'static str, Symmetry); 3] = [
        ("mirror_files", Symmetry::MirrorFiles),
        ("mirror_ranks", Symmetry::MirrorRanks),
        ("rotate180", Symmetry::Rotate180),
    ];
}

/// Whose pieces `take` may take off the board (`of:`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TakeOf {
    /// Another player's: a capture (the default).
    Enemy,
    /// The mover's own: the opening removals of some jumping games. Not a capture.
    Own,
    /// Anyone's.
    Any,
}

#[derive(Clone, Debug)]
pub enum TExpr {
    Int(i64),
    /// A cell named in a rule (`e1`, `cell(13)`).
    NamedCell(CellId),
    /// The entry of table `table` for `key` (a cell or a player): a number or a cell.
    Table {
        table: u16,
        key: Box<TExpr>,
    },
    Mover,
    Opponent,
    Player(u8),
    Option(u16),
    Ply,
    /// The total of this turn's throw (`[roll]`), 0 before it is thrown.
    Roll,
    /// `die(n)`: the nth highest die of this turn's throw (`[roll] each = true`).
    Die(u8),
    /// How many earlier positions of the game had this placement and player to move.
    Repetitions,
    /// Whether the player would have an action from the move rules if it were their turn.
    CanMove(Box<TExpr>),
    /// `after` rules: how many pieces the action just played captured.
    Captured,
    /// `after` rules: whether the action just played moved a piece of the kind (before promotion).
    Moved(u8),
    /// How many of the player's pieces have been borne off the board.
    BorneOff(Box<TExpr>),
    /// How many of the player's pieces are on the bar.
    OnBar(Box<TExpr>),
    /// How many of the player's pieces are pinned (in the region, if given).
    Pinned(Box<TExpr>, Option<Box<TExpr>>),
    Counter(u8),
    Var(Var),
    Region(u16),
    /// A per-player region of the given player.
    PlayerRegion(u16, Box<TExpr>),
    Count {
        player: Box<TExpr>,
        region: Option<Box<TExpr>>,
        piece: Option<u8>,
    },
    /// The highest index of the player's path holding a piece of theirs (of the kind); -1 if none.
    PathIndex {
        player: Box<TExpr>,
        path: u16,
        piece: Option<u8>,
    },
    /// The `index`-th cell (1 = the first) of the player's copy of a path; none past its ends.
    PathCell {
        player: Box<TExpr>,
        path: u16,
        index: Box<TExpr>,
    },
    /// How far the player's pieces have come along their path, summed: a piece on index `i` has
    /// come `i + 1`, one borne off the path's length + 1, one on the bar 0.
    PathProgress {
        player: Box<TExpr>,
        path: u16,
    },
    /// The cell after that piece on the player's path holds a piece (an enemy one if `by_enemy`).
    PathBlocked {
        player: Box<TExpr>,
        path: u16,
        piece: Option<u8>,
        by_enemy: bool,
    },
    /// Some piece of the action ends in the region.
    LandsIn(Box<TExpr>),
    /// The position after the action equals its image under the symmetry.
    Symmetric(Symmetry),
    /// The cell where the action's piece lands (a placement's cell).
    To,
    /// The cell the action's piece leaves; none for a placement.
    From,
    /// The cell where the previous part of this turn landed; none at the start of a turn.
    LastTo,
    /// The cells where the previous action started and ended (none before the first).
    PreviousFrom,
    PreviousTo,
    /// How many pieces of a kind the player has in hand.
    Hand(Box<TExpr>, u8),
    /// `after` rules: whether the action just played was a pass.
    Passed,
    /// The empty cells next to the group of pieces the cell belongs to.
    Liberties {
        cell: Box<TExpr>,
        dirs: u16,
    },
    /// The player's pieces whose group has no empty neighbour.
    WithoutLiberties {
        player: Box<TExpr>,
        dirs: u16,
    },
    /// The player's pieces and the empty cells that reach only the player's pieces.
    Area {
        player: Box<TExpr>,
        dirs: u16,
    },
    /// How many groups the player's pieces form, joined through neighbours along the directions.
    Groups {
        player: Box<TExpr>,
        dirs: u16,
    },
    /// In `where` and `forbid`: the condition on the position after the action.
    Afterwards(Box<TExpr>),
    /// Inside `afterwards`: the position after the action occurred before in the game (among
    /// the last `within` positions, if given).
    SeenBefore(Option<u16>),
    /// The cell is one of the set's.
    IsIn(Box<TExpr>, Box<TExpr>),
    /// A region's cells as a set (a per-player region's, of the player the expression names).
    RegionCells(Box<TExpr>),
    /// The player's pieces that stand in a row of `length` or more along a direction of the set.
    Rows {
        player: Box<TExpr>,
        length: u8,
        dirs: u16,
    },
    /// The empty cells a slide from the cell passes over, along each direction.
    Reach {
        cell: Box<TExpr>,
        dirs: u16,
    },
    /// Every cell from the cell to the board's edge along each direction (`ray`).
    Ray {
        cell: Box<TExpr>,
        dirs: u16,
    },
    /// The neighbour of a cell in a direction; none off the board.
    /// The direction is a set of one direction per player (the mover's is taken).
    Next(Box<TExpr>, u16),
    /// `beyond(cell, through)`: the cell one step past `through` on the line from `cell`.
    Beyond(Box<TExpr>, Box<TExpr>),
    /// `between(from, to)`: the cells of the straight line from one cell to the other, both
    /// included; empty when no direction of the board leads from one to the other.
    Between(Box<TExpr>, Box<TExpr>),
    /// Whether a cell holds what the test asks (always false for none).
    CellIs(Box<TExpr>, CellTest),
    /// The enemy pieces enclosed from a cell: see [`crate::engine::cells`].
    /// `dirs` is a direction set, or [`crate::check::ALL_DIRECTIONS`].
    Flank {
        cell: Box<TExpr>,
        dirs: u16,
        max: u8,
        /// Empty cells of this set close a run like a piece of the mover.
        hostile: Option<Box<TExpr>>,
    },
    /// `and` (intersection) or `or` (union) of two sets of cells.
    SetOp(crate::syntax::ast::BinOp, Box<TExpr>, Box<TExpr>),
    /// The cells of the board not in the set.
    SetNot(Box<TExpr>),
    /// The player's pieces (of the kind).
    Pieces(Box<TExpr>, Option<u8>),
    /// The cells of the pieces joined to the piece on the cell, of its owner.
    Group {
        cell: Box<TExpr>,
        dirs: u16,
    },
    /// The cells the set closes off from the edge of the board.
    Inside {
        cells: Box<TExpr>,
        dirs: u16,
    },
    /// The cells of `from` and those reached from them through cells of `through`.
    Reachable {
        from: Box<TExpr>,
        through: Box<TExpr>,
        dirs: u16,
    },
    /// How many different values other than 0 the table (of numbers, by cell) gives the cells.
    Distinct {
        table: u16,
        cells: Box<TExpr>,
    },
    /// The run of cells from `from` back along the mover's copy of the path, while in `within`.
    BackAlong {
        path: u16,
        from: Box<TExpr>,
        within: Box<TExpr>,
    },
    /// The cells holding from `min` to `max` pieces (no upper bound without `max`).
    Holding {
        min: Box<TExpr>,
        max: Option<Box<TExpr>>,
    },
    /// The cells next to a cell of the set, along the directions.
    Neighbours {
        cells: Box<TExpr>,
        dirs: u16,
    },
    /// The cells of the set every side of which (along the directions) is closed: by a piece of
    /// the mover, an empty cell of `hostile`, with `edge` the board's edge, or a link of the
    /// `shield` lines; with `min`, at least that many sides by pieces of the mover.
    Enclosed {
        cells: Box<TExpr>,
        dirs: u16,
        hostile: Option<Box<TExpr>>,
        edge: bool,
        shield: Option<u16>,
        min: u8,
    },
    /// The cell as a set of one cell (none: the empty set), where a set is expected.
    OneCell(Box<TExpr>),
    /// The cells of the pieces marked in this turn (`mark`).
    Marked,
    /// The cells the turn's parts have started from and landed on (`visited`).
    Visited,
    /// Of the cells `[memory] unmoved` declares, those whose piece has not moved.
    Unmoved,
    /// The player's face-down pieces.
    FaceDown(Box<TExpr>),
    /// The player's held pieces: face up on a cell of their kind's `home`.
    HeldPieces(Box<TExpr>),
    /// Whether a capture by one of the player's move rules could land on (or jump) a cell of
    /// the set: see `attacked` in GRAMMAR.md.
    Attacked {
        cells: Box<TExpr>,
        by: Box<TExpr>,
    },
    /// How many cells a set holds.
    Size(Box<TExpr>),
    /// The sum of the values (`[board.values]`) of the set's cells.
    CellValues(Box<TExpr>),
    /// How many pieces stand on the set's cells, every piece of a stack, whoever owns them.
    PiecesOn(Box<TExpr>),
    /// The player has `length` pieces in a row along a direction of the set (through the cell,
    /// if given).
    InRow {
        player: Box<TExpr>,
        length: u8,
        dirs: u16,
        through: Option<Box<TExpr>>,
    },
    /// A chain of the player's pieces, neighbours along the directions, joins the two regions.
    Connected {
        player: Box<TExpr>,
        from: Box<TExpr>,
        to: Box<TExpr>,
        dirs: u16,
    },
    Not(Box<TExpr>),
    Neg(Box<TExpr>),
    Binary(crate::syntax::ast::BinOp, Box<TExpr>, Box<TExpr>),
}

/// The most piece kinds a game holds in hand.
pub const HAND_KINDS: usize = 8;

/// In a promotion choice, the bit of `none`: the piece may also stay as it is (no kind has this
/// number: a game has at most 63 kinds).
pub const STAY: u8 = 63;

/// Where `place` may put its piece.
#[derive(Clone, Debug)]
pub enum PlaceAt {
    /// A region's cells (the mover's, for a per-player region).
    Region(u16),
    /// A set of cells worked out in the position (`reach(last_to)`).
    Cells(TExpr),
}

/// What `empty(c)`, `friend(c)` and `enemy(c)` ask of a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CellTest {
    Empty,
    /// A piece of the mover.
    Friend,
    /// A piece of another player.
    Enemy,
}

/// One change of a move rule's `then` block: on the cells of a set, or (`extra_turn`) for a player.
#[derive(Clone, Debug)]
pub struct Effect {
    pub verb: crate::syntax::ast::EffectVerb,
    /// A set of cells, or a player for `extra_turn`, or a cell for `shift`.
    pub target: TExpr,
    /// `shift`: the cell the piece goes to.
    pub destination: Option<TExpr>,
    /// `gather`'s `into`: a set whose first cell receives the pieces.
    pub into: Option<TExpr>,
    /// `if COND`: the effect applies only when it holds.
    pub condition: Option<TExpr>,
}

#[derive(Clone, Debug)]
pub enum TStmt {
    If {
        cond: TExpr,
        then: Vec<TStmt>,
        otherwise: Vec<TStmt>,
    },
    /// The winner and the score of the win (1 if not given).
    Win(TExpr, Option<TExpr>),
    Lose(TExpr),
    Draw,
    Pass,
    /// `set COUNTER = EXPR`, in `after` rules.
    Set(u8, TExpr),
}

/// A region, path or line drawn on the board (`[show]`).
#[derive(Clone, Debug)]
pub struct ShownDecl {
    pub name: String,
    pub symbol: char,
    /// The cells whose empty squares show `symbol`.
    pub cells: Vec<CellId>,
    /// A line drawn between the cells it separates: its links, each joining two cells side by
    /// side or one above the other on a square grid; on a board drawn as points, the links the
    /// picture draws from point to point (a text diagram leaves them out). Empty for regions and
    /// paths, and for a line that cannot be drawn so (whose cells then take the symbol).
    pub between: Vec<(CellId, CellId)>,
}
